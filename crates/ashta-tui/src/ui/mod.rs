//! Drawing the app: the board on the left; the players, the throw, the choice and the
//! move log on the right; the message and key bars below; help, save, quit and the end
//! of the game over the board.

pub mod board;
mod overlays;

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::{App, Hint, Overlay, Tone};
use crate::describe::{cowrie_marks, move_words, player_letter, player_name, throw_words};
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
    frame.render_widget(title_line(app), title);
    let n = app.variant().geometry().size() as u16;
    let side_min = 36;
    let board_room = body.width.saturating_sub(side_min);
    let cells = Cells::fit(
        n,
        board_room.saturating_sub(2),
        body.height.saturating_sub(2),
    );
    let board_w = (cells.size(n).0 + 2).min(board_room);
    let [board_area, side] =
        Layout::horizontal([Constraint::Length(board_w), Constraint::Min(side_min)]).areas(body);
    draw_board(frame, app, board_area);
    draw_side(frame, app, side);
    frame.render_widget(message_bar(app), message);
    frame.render_widget(key_bar(app), keys);
    overlays::draw(frame, app, body);
}

fn title_line(app: &App) -> Paragraph<'static> {
    let rules = app.variant().rules();
    let text = format!(
        " Ashta Chamma · {} rules · {}×{} · {} players · seed {} · turn {}",
        rules.preset.name(),
        rules.size,
        rules.size,
        rules.players,
        app.table.seed,
        app.table.game.turns().max(1)
    );
    Paragraph::new(text).style(Style::default().add_modifier(Modifier::BOLD))
}

fn draw_board(frame: &mut Frame, app: &App, area: Rect) {
    let block = Block::default().borders(Borders::ALL).title(" Board ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let pos = app.position();
    let (origin, path) = match &app.animation {
        Some(_) => (None, Vec::new()),
        None => app
            .highlight()
            .map_or((None, Vec::new()), |(o, p)| (Some(o), p)),
    };
    let moving = app.animation.as_ref().map(|a| {
        let from =
            a.mv.from
                .map(|f| app.variant().square(a.player, f as usize));
        let at = if a.step == 0 {
            from.unwrap_or(a.squares[0])
        } else {
            a.squares[(a.step - 1).min(a.squares.len() - 1)]
        };
        Moving {
            player: a.player,
            count: a.mv.count as usize,
            from: if a.mv.from.is_none() { None } else { from },
            at,
        }
    });
    let moving =
        moving.filter(|m| m.from.is_some() || app.animation.as_ref().is_some_and(|a| a.step > 0));
    frame.render_widget(
        BoardView {
            variant: app.variant(),
            position: pos,
            origin,
            path: &path,
            moving,
        },
        inner,
    );
}

fn draw_side(frame: &mut Frame, app: &App, area: Rect) {
    let players = app.variant().players() as u16;
    let throws = app
        .last_throw
        .as_ref()
        .map_or(1, |t| t.throws.len() as u16)
        .min(4);
    let choice_lines = choice_lines(app);
    let room = area.height.saturating_sub(players + 2 + throws + 2 + 5);
    let choice_h = (choice_lines.len() as u16 + 2).min(room).max(3);
    let [pl, th, ch, log] = Layout::vertical([
        Constraint::Length(players + 2),
        Constraint::Length(throws + 2),
        Constraint::Length(choice_h),
        Constraint::Min(3),
    ])
    .areas(area);
    let widest = (0..app.variant().players())
        .map(|p| app.who(p).chars().count() + 34)
        .max()
        .unwrap_or(0);
    frame.render_widget(players_panel(app, widest > pl.width as usize), pl);
    frame.render_widget(throw_panel(app), th);
    let humans = app.table.seats.iter().filter(|s| s.is_human()).count();
    let title = match (app.human_to_move(), humans) {
        (true, 1) => " Your move ".to_string(),
        (true, _) => format!(
            " {}'s move ",
            player_name(app.variant(), app.position().to_move())
        ),
        (false, _) => " Move ".to_string(),
    };
    frame.render_widget(
        Paragraph::new(choice_lines)
            .block(Block::default().borders(Borders::ALL).title(title))
            .wrap(Wrap { trim: false }),
        ch,
    );
    let room = log.height.saturating_sub(2) as usize;
    let lines: Vec<Line> = app
        .log
        .iter()
        .rev()
        .take(room)
        .rev()
        .map(|l| {
            let style = l.player.map_or(Style::default(), player_style);
            Line::from(Span::styled(l.text.clone(), style))
        })
        .collect();
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" Log ")),
        log,
    );
}

fn players_panel(app: &App, narrow: bool) -> Paragraph<'static> {
    let v = app.variant();
    let pos = app.position();
    let home = v.home();
    let n = v.pawns_per_player();
    let lines: Vec<Line> = (0..v.players())
        .map(|p| {
            let to_move = !pos.is_over() && pos.to_move() == p;
            let at_home = v.pawns(pos, p).filter(|i| *i == Some(home)).count();
            let off = v.pawns(pos, p).filter(Option::is_none).count();
            let gate = match (pos.has_captured(p), narrow) {
                (true, false) => "gate open",
                (false, false) => "gate shut",
                (true, true) => "open",
                (false, true) => "shut",
            };
            let mut facts = format!("home {at_home}/{n}  {gate}");
            if off > 0 {
                facts += &format!("  off {off}");
            }
            if pos.has_finished(p) {
                facts += "  finished";
            }
            let marker = if to_move { "▶ " } else { "  " };
            let style = player_style(p);
            let humans = app.table.seats.iter().filter(|s| s.is_human()).count();
            let who = if narrow && humans == 1 && app.table.seats[p].is_human() {
                "you".to_string()
            } else if narrow {
                app.table.seats[p].name().replace("bot:", "")
            } else {
                app.who(p)
            };
            let name = Span::styled(
                format!("{} {who}", player_letter(v, p)),
                if to_move {
                    style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
                } else {
                    style
                },
            );
            Line::from(vec![
                Span::raw(marker),
                name,
                Span::raw(format!("  {facts}")),
            ])
        })
        .collect();
    Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" Players "))
}

fn throw_panel(app: &App) -> Paragraph<'static> {
    let v = app.variant();
    let lines: Vec<Line> = match &app.last_throw {
        None => vec![Line::from("No throw yet.")],
        Some(t) => t
            .throws
            .iter()
            .take(4)
            .map(|&c| {
                Line::from(vec![
                    Span::styled(
                        format!("{} ", player_letter(v, t.player)),
                        player_style(t.player).add_modifier(Modifier::BOLD),
                    ),
                    Span::styled(
                        cowrie_marks(c),
                        Style::default().add_modifier(Modifier::BOLD),
                    ),
                    Span::raw(format!("  {}", throw_words(v, c))),
                ])
            })
            .collect(),
    };
    Paragraph::new(lines).block(
        Block::default()
            .borders(Borders::ALL)
            .title(" Throw (● mouth up, ○ down) "),
    )
}

/// The lines of the choice panel: the bag, the units of the chosen value, the hint.
fn choice_lines(app: &App) -> Vec<Line<'static>> {
    let v = app.variant();
    let pos = app.position();
    let mut lines = Vec::new();
    if pos.is_over() {
        lines.push(Line::from(crate::describe::result_words(v, pos)));
        return lines;
    }
    if let Some(anim) = &app.animation {
        lines.push(Line::from(Span::styled(
            format!(
                "{} plays {}",
                player_name(v, anim.player),
                move_words(v, pos, &anim.mv)
            ),
            player_style(anim.player),
        )));
        lines.push(Line::from("Space: show the rest at once"));
        return lines;
    }
    if let Some(p) = app.thinking() {
        lines.push(Line::from(Span::styled(
            format!("{} is thinking…", app.who(p)),
            player_style(p),
        )));
        return lines;
    }
    let Some(choice) = &app.choice else {
        return lines;
    };
    let values = app.values();
    let mut bag = vec![Span::raw("Bag: ")];
    for (k, bv) in values.iter().enumerate() {
        let text = if bv.count > 1 {
            format!(" {}×{} ", bv.value, bv.count)
        } else {
            format!(" {} ", bv.value)
        };
        let mut style = Style::default();
        if bv.moves.is_empty() {
            style = style
                .fg(Color::DarkGray)
                .add_modifier(Modifier::CROSSED_OUT);
        }
        if k == choice.value {
            style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
        }
        bag.push(Span::styled(format!("[{}]", text.trim()), style));
        bag.push(Span::raw(" "));
    }
    lines.push(Line::from(bag));
    if let Some(bv) = values.get(choice.value) {
        if bv.moves.is_empty() {
            lines.push(Line::from(Span::styled(
                format!("no unit can move {}", bv.value),
                Style::default().fg(Color::DarkGray),
            )));
        }
        for (u, mv) in bv.moves.iter().enumerate() {
            let chosen = u == choice.unit;
            let mut text = format!(
                "{} {}",
                if chosen { "▶" } else { " " },
                move_words(v, pos, mv)
            );
            if chosen && choice.confirming {
                text += "  ⏎ confirm";
            }
            let style = if chosen {
                Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED)
            } else {
                Style::default()
            };
            lines.push(Line::from(Span::styled(text, style)));
        }
    }
    if !choice.typed.is_empty() {
        lines.push(Line::from(format!("typed: {}_", choice.typed)));
    }
    match &app.hint {
        Some(Hint::Waiting) => lines.push(Line::from("hint: thinking…")),
        Some(Hint::Ready(h)) => {
            lines.push(Line::from("hint, your chance to win after:"));
            for (k, l) in h.iter().enumerate() {
                lines.push(Line::from(format!(
                    " {}. {:>3.0}% {}",
                    k + 1,
                    l.chance * 100.0,
                    l.words
                )));
            }
        }
        None => {}
    }
    lines
}

fn message_bar(app: &App) -> Paragraph<'static> {
    match &app.message {
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

fn key_bar(app: &App) -> Paragraph<'static> {
    let text = match app.overlay {
        Overlay::Help => " Esc/Enter: back to the game",
        Overlay::Save(_) => " type a file name · Enter: save · Esc: cancel",
        Overlay::ConfirmQuit => " y: quit · any other key: go on playing",
        Overlay::End if app.table.has_human() => {
            " Enter: final board · s: save · u: undo · q: quit"
        }
        Overlay::End => " Enter: final board · s: save · q: quit",
        Overlay::None if app.human_to_move() => {
            " ←→ value  ↑↓ unit  Enter play  Esc cancel  t hint  u undo  s save  ? help  q quit"
        }
        Overlay::None => " Space: skip  +/-: bot speed  u undo  s save  ? help  q quit",
    };
    Paragraph::new(text).style(Style::default().fg(Color::Black).bg(Color::Indexed(250)))
}
