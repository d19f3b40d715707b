//! The help's text and its place: the rules in short and every key, wrapped to the
//! width of the terminal, the box it goes in and how far it scrolls (the app scrolls it
//! with ↑/↓, PgUp/PgDn, Home/End; `ui::help` draws it).

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;

use ashta_engine::Variant;
use ashta_session::describe::{MARK_HOME, MARK_SAFE};
use ashta_session::primer::{rules_in_short, Marks};

use crate::fit::{centered, width, wrap};

/// How the terminal draws the marks the rules mention.
pub const MARKS: Marks = Marks {
    safe: MARK_SAFE,
    home: MARK_HOME,
    mouth: "●",
    double: "=",
    block: "S2#EN: the seats it stops after #",
    movable: Some("▲ (and underlining)"),
};

/// Every key of the game, as (key, what it does).
pub const KEYS: &[(&str, &str)] = &[
    ("←/→", "choose a value of your bag"),
    ("↑/↓, Tab", "choose a pawn or pair for it"),
    (
        "Enter",
        "choose the move, Enter again to play it (x: play at the first Enter)",
    ),
    (
        "Esc",
        "cancel the choice or the typing; on the results, ask: quit, save the record \
         and quit, or stay",
    ),
    (
        "c1, 3",
        "type a square to pick your pawn there, or a number to pick that value",
    ),
    (
        "t",
        "hint: the plays of your bag ranked by rollouts, with your chance to win",
    ),
    ("u", "undo your last turn (the same throws come again)"),
    (
        "r",
        "the route of each seat in turn, numbered square by square; then the pawns again",
    ),
    ("s", "save the game"),
    (
        "Ctrl-U/A/E/W",
        "in the file name: clear it, go to its start, its end, delete a word",
    ),
    ("+/-", "bots' moves faster/slower"),
    ("Space", "show the rest of a bot's move at once"),
    ("z", "only moves played for you on/off"),
    ("x", "confirm each move with a second Enter on/off"),
    ("?/F1", "this help; ↑/↓, PgUp/PgDn, Home/End scroll it"),
    (
        "n, v",
        "on the results: a new game at the same table; watch the game again (q comes back)",
    ),
    ("q", "quit (Ctrl-C: at once)"),
];

/// The widest the help box gets.
pub const MAX_WIDTH: u16 = 88;

/// The help's lines for a box `inner` columns wide, the rules worded for `variant`.
pub fn lines(inner: u16, variant: &Variant) -> Vec<Line<'static>> {
    let inner = inner.max(10) as usize;
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut out = vec![Line::styled("THE GAME", bold)];
    for paragraph in rules_in_short(variant, &MARKS) {
        out.extend(wrap(&paragraph, inner).into_iter().map(Line::from));
    }
    out.push(Line::from(""));
    out.push(Line::styled("KEYS", bold));
    // Keys in a column, their words wrapped beside them; on a narrow box, below them.
    let key_w = KEYS.iter().map(|(k, _)| width(k)).max().unwrap_or(0) + 2;
    let indent = if inner >= key_w + 30 { key_w } else { 2 };
    for (key, what) in KEYS {
        let words = wrap(what, inner - indent);
        if indent == key_w {
            let pad = key_w - width(key);
            out.push(Line::from(format!("{key}{}{}", " ".repeat(pad), words[0])));
            for rest in &words[1..] {
                out.push(Line::from(format!("{}{rest}", " ".repeat(indent))));
            }
        } else {
            out.push(Line::styled(key.to_string(), bold));
            for w in words {
                out.push(Line::from(format!("{}{w}", " ".repeat(indent))));
            }
        }
    }
    out
}

/// Where the help box goes over `area` (the space between the title and the message).
pub fn area_of(area: Rect, variant: &Variant) -> Rect {
    let w = MAX_WIDTH.min(area.width);
    let h = (lines(w.saturating_sub(2), variant).len() as u16 + 2).min(area.height);
    centered(area, w, h)
}

/// How far the help scrolls in a box of `rect` (borders included): its lines beyond
/// the rows it shows.
pub fn max_scroll(rect: Rect, variant: &Variant) -> u16 {
    let rows = rect.height.saturating_sub(2) as usize;
    lines(rect.width.saturating_sub(2), variant)
        .len()
        .saturating_sub(rows) as u16
}
