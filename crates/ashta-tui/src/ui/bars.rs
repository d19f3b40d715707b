//! The title line and the key bar, each worded to fit the terminal's width: the title
//! in shorter words, the key bar without its least needed keys (`? help` and `q quit`
//! always stay, and the help lists every key).

use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Paragraph;

use crate::app::{App, Overlay};
use crate::fit::{cut, first_fitting, width};

/// The title line: the rules, the seed and the turn, as much as fits `max` columns.
pub fn title_line(app: &App, max: u16) -> Paragraph<'static> {
    let rules = app.variant().rules();
    let (name, size, players) = (rules.preset.name(), rules.size, rules.players);
    let (seed, turn) = (app.session().seed(), app.session().game().turns().max(1));
    let wordings = [
        format!(
            " Ashta Chamma · {name} rules · {size}×{size} · {players} players · seed {seed} · turn {turn}"
        ),
        format!(" Ashta Chamma · {name} · {size}×{size} · {players} players · seed {seed} · turn {turn}"),
        format!(" Ashta Chamma · {name} {size}×{size} · {players}p · seed {seed} · turn {turn}"),
        format!(" {name} {size}×{size} · {players}p · seed {seed} · turn {turn}"),
        format!(" turn {turn} · seed {seed}"),
    ];
    Paragraph::new(first_fitting(&wordings, max as usize))
        .style(Style::default().add_modifier(Modifier::BOLD))
}

/// The keys that work now, in the order the bar shows them, each as (key, what it
/// does, need): need 0 is always shown, the highest need is left out first.
pub fn keys_now(app: &App) -> Vec<(&'static str, &'static str, u8)> {
    match app.view.overlay {
        Overlay::Help => vec![
            ("Esc", "back to the game", 0),
            ("↑↓", "scroll", 0),
            ("PgUp/PgDn", "page", 1),
            ("Home/End", "top/end", 2),
        ],
        Overlay::Save(_) => vec![
            ("Enter", "save", 0),
            ("Esc", "cancel", 0),
            ("Ctrl-U", "clear", 1),
            ("Ctrl-A/E", "start/end", 2),
            ("Ctrl-W", "delete a word", 3),
        ],
        Overlay::ConfirmQuit => vec![("y", "quit", 0), ("n", "go on playing", 0)],
        Overlay::LeaveEnd => vec![("q", "quit", 0), ("s", "save, quit", 0), ("Esc", "stay", 0)],
        Overlay::End => {
            let mut keys = vec![
                ("Enter", "final board", 0),
                ("n", "new game", 0),
                ("s", "save", 1),
                ("v", "watch again", 3),
            ];
            if app.session().has_human() {
                keys.push(("u", "undo", 2));
            }
            keys.push(("q", "quit", 0));
            keys
        }
        Overlay::None if app.human_to_move() => vec![
            ("←→", "value", 0),
            ("↑↓", "unit", 0),
            ("Enter", "play", 0),
            ("Esc", "cancel", 4),
            ("t", "hint", 1),
            ("u", "undo", 2),
            ("s", "save", 3),
            ("?", "help", 0),
            ("q", "quit", 0),
        ],
        Overlay::None => vec![
            ("Space", "skip", 0),
            ("+/-", "bot speed", 1),
            ("u", "undo", 3),
            ("s", "save", 2),
            ("?", "help", 0),
            ("q", "quit", 0),
        ],
    }
}

/// The highest need the key bar keeps in its compact form (one space between keys,
/// `⏎` for Enter) before it leaves keys out: undo and save stay on a 60-column bar.
const COMPACT_NEED: u8 = 3;

/// The key bar's text for `max` columns: the keys of [`keys_now`], the most needed
/// kept while the others are left out (the help lists them all); before undo or save
/// would go, the bar is written compactly instead.
pub fn key_bar_text(app: &App, max: u16) -> String {
    let keys = keys_now(app);
    let most = keys.iter().map(|k| k.2).max().unwrap_or(0);
    let bar = |need: u8, compact: bool| {
        let kept: Vec<String> = keys
            .iter()
            .filter(|k| k.2 <= need)
            .map(|&(k, what, _)| {
                let k = if compact && k == "Enter" { "⏎" } else { k };
                format!("{k} {what}")
            })
            .collect();
        let gap = if compact { " " } else { "  " };
        format!(" {}", kept.join(gap))
    };
    for need in (0..=most).rev() {
        for compact in [false, true] {
            if compact && need > COMPACT_NEED {
                continue;
            }
            let text = bar(need, compact);
            if width(&text) <= max as usize {
                return text;
            }
        }
    }
    cut(&bar(0, true), max as usize)
}

/// The key bar.
pub fn key_bar(app: &App, max: u16) -> Paragraph<'static> {
    Paragraph::new(key_bar_text(app, max))
        .style(Style::default().fg(Color::Black).bg(Color::Indexed(250)))
}
