//! Drawing the app: the board on the left; the players, the throw, the choice and the
//! move log on the right (placed by [`layout`]); the message and key bars below; help,
//! save, quit and the end of the game over the board. Everything fits a terminal of
//! [`MIN_SIZE`] and more.

pub mod bars;
pub mod board;
pub mod choice;
pub mod help;
pub mod layout;
mod overlays;
pub mod panels;

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::{App, Tone};
use crate::fit;
use board::{BoardView, Cells, Moving};

/// The smallest terminal the game is drawn in.
pub const MIN_SIZE: (u16, u16) = (60, 20);

/// Each player's colour. The palette (blue, orange, bluish green, reddish purple) is
/// told apart by most colour-blind people; the seat letter on every pawn does the rest.
pub fn player_style(p: usize) -> Style {
    let colour = match p {
        0 => Color::Indexed(39),
        1 => Color::Indexed(214),
        2 => Color::Indexed(42),
        _ => Color::Indexed(177),
    };
    Style::default().fg(colour)
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        let text = format!(
            "The terminal is {}×{}: make it at least {}×{} to play (q quits).",
            area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let [title, body, message, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(2),
        Constraint::Length(1),
    ])
    .areas(area);
    frame.render_widget(bars::title_line(app, title.width), title);
    let areas = layout::body(app, body);
    draw_board(frame, app, areas.board);
    panels::draw_players(frame, app, areas.players);
    panels::draw_throw(frame, app, areas.throw);
    choice::draw(frame, app, areas.choice);
    panels::draw_log(frame, app, areas.log);
    frame.render_widget(message_bar(app), message);
    frame.render_widget(bars::key_bar(app, keys.width), keys);
    overlays::draw(frame, app, body);
}

fn draw_board(frame: &mut Frame, app: &App, area: Rect) {
    let mut block = Block::default().borders(Borders::ALL).title(" Board ");
    let inner = block.inner(area);
    let n = app.variant().geometry().size() as u16;
    let board_h = Cells::fit(n, inner.width, inner.height).size(n).1;
    let legend = board::legend(app.variant(), app.view.route);
    let lines = fit::pack(&legend, inner.width as usize);
    // As many of its lines as fit under the board, the rest in the bottom border.
    let free = inner.height.saturating_sub(board_h) as usize;
    let under = lines.len().min(free);
    let gap = u16::from(free > under);
    let shown: Vec<String> = lines[..under].iter().map(|l| l.join("  ")).collect();
    let area_under = Rect::new(inner.x, inner.y + board_h + gap, inner.width, under as u16);
    let rest: Vec<String> = lines[under..].concat();
    let room = inner.width.saturating_sub(2) as usize;
    let border = (1..=rest.len())
        .rev()
        .map(|k| format!(" {} ", rest[..k].join(" ")))
        .find(|l| fit::width(l) <= room);
    if let Some(line) = border {
        block = block.title_bottom(Line::from(line).centered());
    }
    frame.render_widget(block, area);
    draw_legend(frame, area_under, shown);
    let pos = app.position();
    let (origin, path) = match &app.pace.animation {
        Some(_) => (None, Vec::new()),
        None => app
            .highlight()
            .map_or((None, Vec::new()), |(o, p)| (Some(o), p)),
    };
    let moving = app.pace.animation.as_ref().map(|a| {
        let from =
            a.mv.from()
                .map(|f| app.variant().square(a.player, f as usize));
        let at = if a.step == 0 {
            from.unwrap_or(a.squares[0])
        } else {
            a.squares[(a.step - 1).min(a.squares.len() - 1)]
        };
        Moving {
            player: a.player,
            count: a.mv.count() as usize,
            from: if a.mv.from().is_none() { None } else { from },
            at,
        }
    });
    let moving = moving
        .filter(|m| m.from.is_some() || app.pace.animation.as_ref().is_some_and(|a| a.step > 0));
    let movable = app.movable_squares();
    frame.render_widget(
        BoardView {
            variant: app.variant(),
            position: pos,
            origin,
            path: &path,
            moving,
            movable: &movable,
            route: app.view.route,
        },
        inner,
    );
}

/// The lines of the board's legend in `area`, dimmed.
fn draw_legend(frame: &mut Frame, area: Rect, lines: Vec<String>) {
    let style = Style::default().fg(Color::Indexed(246));
    let text: Vec<Line> = lines.into_iter().map(|l| Line::styled(l, style)).collect();
    frame.render_widget(Paragraph::new(text).centered(), area);
}

fn message_bar(app: &App) -> Paragraph<'static> {
    match &app.journal.message {
        Some((tone, text)) => {
            let style = match tone {
                Tone::Info => Style::default().fg(Color::Indexed(250)),
                Tone::Refused => Style::default()
                    .fg(Color::Indexed(203))
                    .add_modifier(Modifier::BOLD),
            };
            Paragraph::new(text.clone())
                .style(style)
                .wrap(Wrap { trim: true })
        }
        None => Paragraph::new(""),
    }
}
