//! What covers the board: the help (drawn by [`crate::ui::help`]), the save prompt, the question before quitting and
//! the end of the game.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::{record_file, App, Overlay};
use crate::describe::{player_letter, result_words};
use crate::fit::{centered, pack, width, wrap};
use crate::line_edit::LineEdit;
use crate::ui::{help, player_style};

/// Draws the overlay, if any, over `area`.
pub fn draw(frame: &mut Frame, app: &App, area: Rect) {
    match &app.view.overlay {
        Overlay::None => {}
        Overlay::Help => help::draw(frame, area, app.view.help_scroll, app.variant()),
        Overlay::Save(field) => {
            let name = field.text();
            let over = app.position().is_over();
            let lines = vec![
                Line::from("Save the game to the file:"),
                field_line(field, area.width.min(60).saturating_sub(2)),
                Line::from(""),
                Line::from(if over {
                    "Enter saves, Esc cancels. Review it later with"
                } else {
                    "Enter saves, Esc cancels. Continue it later with"
                }),
                Line::from(if over {
                    format!("ashta analyze {name}")
                } else {
                    format!("ashta play --load {name}")
                }),
            ];
            popup(frame, area, " Save ", lines, 60, 7);
        }
        Overlay::ConfirmQuit => {
            let lines = vec![
                Line::from("Leave this game? It is not saved (s saves it)."),
                Line::from(""),
                Line::from("y: quit   any other key: go on playing"),
            ];
            popup(frame, area, " Quit ", lines, 52, 5);
        }
        Overlay::LeaveEnd => {
            let file = record_file(app.session().seed());
            let inner = area.width.min(60).saturating_sub(2) as usize;
            let mut lines = vec![Line::from("Leave the game?"), Line::from("")];
            let saved = app.saved.as_ref().map(|p| p.display().to_string());
            let items = [
                "q: quit".to_string(),
                format!("s: save the record to {}, then quit", file.display()),
                "Esc or any other key: stay".to_string(),
            ];
            for item in items {
                lines.extend(wrap(&item, inner).into_iter().map(Line::from));
            }
            if let Some(saved) = saved {
                lines.push(Line::from(""));
                let text = format!("Already saved to {saved}.");
                lines.extend(wrap(&text, inner).into_iter().map(Line::from));
            }
            let h = lines.len() as u16 + 2;
            popup(frame, area, " Leave ", lines, 60, h);
        }
        Overlay::End => {
            let w = area.width.min(END_WIDTH);
            let lines = end_lines(app, w.saturating_sub(2), area.height.saturating_sub(2));
            let h = lines.len() as u16 + 2;
            popup(frame, area, " Game over ", lines, w, h);
        }
    }
}

/// The widest the end screen gets.
pub const END_WIDTH: u16 = 64;

/// The end screen's lines for a box `inner` columns wide and `rows` rows high: result,
/// places, the statistics, how to review the game, and the keys. Every line fits the
/// width (the key line and the review wrap); on a short box the blank lines go first,
/// then the throws' statistics, so the review and the keys stay.
pub fn end_lines(app: &App, inner: u16, rows: u16) -> Vec<Line<'static>> {
    let inner = inner.max(10) as usize;
    let rows = rows as usize;
    let v = app.variant();
    let pos = app.position();
    let mut head = vec![
        Line::from(Span::styled(
            result_words(v, pos),
            Style::default().add_modifier(Modifier::BOLD),
        )),
        Line::from(format!("{} turns played.", app.session().game().turns())),
        Line::from(""),
    ];
    let stats = app.stats.as_ref();
    head.push(Line::from(
        "place  player                  captures  moves  turns",
    ));
    for standing in app.session().game().standings() {
        let (p, place) = (usize::from(standing.player), standing.place);
        let (c, m, t) = stats.map_or((0, 0, 0), |s| (s.captures[p], s.moves[p], s.turns[p]));
        head.push(Line::from(vec![
            Span::raw(format!("{place:>5}  ")),
            Span::styled(
                format!("{:<22}", format!("{} {}", player_letter(v, p), app.who(p))),
                player_style(p),
            ),
            Span::raw(format!("  {c:>8}  {m:>5}  {t:>5}")),
        ]));
    }
    if pos.places().len() + 1 < v.players() {
        let how = if pos.draw().is_some() {
            "(a draw places the unfinished together)"
        } else {
            "(the unfinished are placed by how far they have come)"
        };
        head.extend(wrap(how, inner).into_iter().map(Line::from));
    }
    let mut throws = Vec::new();
    if let Some(s) = stats {
        throws.push(Line::from(""));
        let title = format!(
            "Throws of each value ({} throws), thrown / expected:",
            s.throws
        );
        throws.extend(wrap(&title, inner).into_iter().map(Line::from));
        let row: Vec<String> = s
            .values
            .iter()
            .map(|c| format!("{}: {}/{:.1}", c.value, c.thrown, c.expected))
            .collect();
        for chunk in row.chunks(4) {
            throws.push(Line::from(format!("  {}", chunk.join("   "))));
        }
    }
    let mut tail = vec![Line::from("")];
    tail.extend(wrap(&review_words(app), inner).into_iter().map(|l| {
        Line::from(Span::styled(
            l,
            Style::default().add_modifier(Modifier::BOLD),
        ))
    }));
    let mut keys = vec![
        "Enter: final board".to_string(),
        "n: new game".to_string(),
        "s: save".to_string(),
        "v: watch again".to_string(),
    ];
    if app.session().has_human() {
        keys.push("u: undo".to_string());
    }
    keys.push("Esc/q: quit".to_string());
    tail.extend(
        pack(&keys, inner)
            .into_iter()
            .map(|items| Line::from(items.join("  "))),
    );
    let count = |parts: &[&Vec<Line>]| parts.iter().map(|p| p.len()).sum::<usize>();
    if count(&[&head, &throws, &tail]) > rows {
        // A short terminal: the blank lines go first, so the keys stay.
        for part in [&mut head, &mut throws, &mut tail] {
            part.retain(|l| l.width() > 0);
        }
    }
    if count(&[&head, &throws, &tail]) > rows {
        throws.clear();
    }
    head.extend(throws);
    head.extend(tail);
    head
}

/// How to review the game: the command with the saved file, or how to get one.
fn review_words(app: &App) -> String {
    match &app.saved {
        Some(path) => format!("Review it: ashta analyze {}", path.display()),
        None => "Review it: s saves the record, then ashta analyze FILE".to_string(),
    }
}

fn popup(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line>, w: u16, h: u16) {
    let rect = centered(area, w, h);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(title.to_string()),
            )
            .wrap(Wrap { trim: false }),
        rect,
    );
}

/// The file name being typed, the cursor shown as a reversed cell, scrolled sideways
/// so that the cursor stays in `max` columns.
fn field_line(field: &LineEdit, max: u16) -> Line<'static> {
    let chars: Vec<char> = field.text().chars().collect();
    let cursor = field.cursor();
    let max = (max as usize).max(2);
    // The characters before the cursor that fit, leaving its cell free.
    let mut start = cursor;
    while start > 0 && width(&chars[start - 1..cursor].iter().collect::<String>()) < max {
        start -= 1;
    }
    let before: String = chars[start..cursor].iter().collect();
    let at: String = chars.get(cursor).map_or(" ".to_string(), |c| c.to_string());
    let room = max.saturating_sub(width(&before) + 1);
    let after: String = chars
        .iter()
        .skip(cursor + 1)
        .scan(0, |w, c| {
            *w += width(&c.to_string());
            (*w <= room).then_some(*c)
        })
        .collect();
    let bold = Style::default().add_modifier(Modifier::BOLD);
    Line::from(vec![
        Span::styled(before, bold),
        Span::styled(at, bold.add_modifier(Modifier::REVERSED)),
        Span::styled(after, bold),
    ])
}
