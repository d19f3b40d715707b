//! What covers the board: the help, the save prompt, the question before quitting and
//! the end of the game.

use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::{App, Overlay};
use crate::describe::{places, player_letter, result_words};
use crate::ui::player_style;

/// The help screen's text: the rules in short and the keys.
pub const HELP: &str = "\
THE GAME
Race all your pawns from your start square (middle of your side) once round the
outer ring counter-clockwise, then inwards ring by ring to the centre (home). The
first to bring every pawn home exactly wins.
Throw: cowries, counting mouths up (●). 1-3 up move 1-3; all 4 up (chamma) move 4,
none up (ashta) move 8; both are graces: throw again. Spend the bag one value at a
time, each on one pawn, or on a pair of your pawns on one square.
Landing on a lone opponent captures it (back to its start) and gives an extra turn.
Until you have captured, your gate is shut: you cannot leave the outer ring.
Crossed squares (╳) are safe: nobody is captured there. Two of your pawns on another
square are a double (=): it cannot be captured; formed on the outer ring it blocks
the opponents listed after # (S2#EN) for their next turn.

KEYS
←/→  choose a value of your bag     ↑/↓, Tab  choose a pawn or pair for it
Enter  choose the move, Enter again to play it (x: play at the first Enter)
Esc  cancel the choice or the typing
type a square (c1) to pick your pawn there, or a number to pick that value
t  hint: the plays of your bag ranked by rollouts, with your chance to win
u  undo your last turn (the same throws come again)     s  save the game
+/-  bots' moves faster/slower    Space  show the rest of a bot's move at once
z  only moves played for you on/off     ?/F1  this help     q  quit (Ctrl-C: at once)";

/// Draws the overlay, if any, over `area`.
pub fn draw(frame: &mut Frame, app: &App, area: Rect) {
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help => {
            let lines: Vec<Line> = HELP.lines().map(Line::from).collect();
            popup(frame, area, " Help ", lines, 88, 26);
        }
        Overlay::Save(name) => {
            let lines = vec![
                Line::from("Save the game to the file:"),
                Line::from(Span::styled(
                    format!("{name}_"),
                    Style::default().add_modifier(Modifier::BOLD),
                )),
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
            let lines = end_lines(app);
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
        Line::from(format!("{} turns played.", app.table.game.turns())),
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
        "Enter: the final board · s: save · {}q: quit",
        if app.table.has_human() {
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
    let w = w.min(area.width);
    let h = h.min(area.height);
    let [row] = Layout::vertical([Constraint::Length(h)])
        .flex(Flex::Center)
        .areas(area);
    let [rect] = Layout::horizontal([Constraint::Length(w)])
        .flex(Flex::Center)
        .areas(row);
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
