//! What covers the board: the help (drawn by [`crate::ui::help`]), the save prompt, the question before quitting and
//! the end of the game.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::{App, Overlay};
use crate::describe::{places, player_letter, result_words};
use crate::fit::{centered, width};
use crate::line_edit::LineEdit;
use crate::ui::{help, player_style};

/// Draws the overlay, if any, over `area`.
pub fn draw(frame: &mut Frame, app: &App, area: Rect) {
    match &app.view.overlay {
        Overlay::None => {}
        Overlay::Help => help::draw(frame, area, app.view.help_scroll, app.variant()),
        Overlay::Save(field) => {
            let name = field.text();
            let lines = vec![
                Line::from("Save the game to the file:"),
                field_line(field, area.width.min(60).saturating_sub(2)),
                Line::from(""),
                Line::from("Enter saves, Esc cancels. Continue it later with"),
                Line::from(format!("ashta play --load {name}")),
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
        Overlay::End => {
            let mut lines = end_lines(app);
            if lines.len() as u16 + 2 > area.height {
                // A short terminal: the blank lines go first, so the keys stay.
                lines.retain(|l| l.width() > 0);
            }
            let h = lines.len() as u16 + 2;
            popup(frame, area, " Game over ", lines, 64, h);
        }
    }
}

/// The end screen: result, places, and the statistics.
pub fn end_lines(app: &App) -> Vec<Line<'static>> {
    let v = app.variant();
    let pos = app.position();
    let mut lines = vec![
        Line::from(Span::styled(
            result_words(v, pos),
            Style::default().add_modifier(Modifier::BOLD),
        )),
        Line::from(format!("{} turns played.", app.session().game().turns())),
        Line::from(""),
    ];
    let stats = app.stats.as_ref();
    lines.push(Line::from(
        "place  player                  captures  moves  turns",
    ));
    let drawn = pos.draw().is_some();
    for (p, place) in places(v, pos) {
        let place = if drawn {
            "-".to_string()
        } else {
            place.to_string()
        };
        let (c, m, t) = stats.map_or((0, 0, 0), |s| (s.captures[p], s.moves[p], s.turns[p]));
        lines.push(Line::from(vec![
            Span::raw(format!("{place:>5}  ")),
            Span::styled(
                format!("{:<22}", format!("{} {}", player_letter(v, p), app.who(p))),
                player_style(p),
            ),
            Span::raw(format!("  {c:>8}  {m:>5}  {t:>5}")),
        ]));
    }
    if pos.places().len() + 1 < v.players() && !drawn_game(pos) {
        lines.push(Line::from(
            "(the unfinished are placed by squares still to go)",
        ));
    }
    if let Some(s) = stats {
        lines.push(Line::from(""));
        lines.push(Line::from(format!(
            "Throws of each value ({} throws), thrown / expected:",
            s.throws
        )));
        let row: Vec<String> = s
            .values
            .iter()
            .map(|c| format!("{}: {}/{:.1}", c.value, c.thrown, c.expected))
            .collect();
        for chunk in row.chunks(4) {
            lines.push(Line::from(format!("  {}", chunk.join("   "))));
        }
    }
    lines.push(Line::from(""));
    lines.push(Line::from(format!(
        "Enter: the final board · n: new game · s: save · {}q: quit",
        if app.session().has_human() {
            "u: undo · "
        } else {
            ""
        }
    )));
    lines
}

fn drawn_game(pos: &ashta_engine::Position) -> bool {
    pos.draw().is_some()
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
