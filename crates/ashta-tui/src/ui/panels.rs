//! The players, the throw and the log panels, each worded for the room it gets: the
//! players' lines shorter on a narrow panel, the throws on one line when rows are
//! short, the log's lines wrapped and its newest lines kept.

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

use crate::app::App;
use crate::describe::{cowrie_marks, player_letter, throw_words};
use crate::fit::{cut, width, wrap};
use crate::ui::player_style;

/// Rows of the players panel, borders included.
pub fn players_rows(app: &App) -> u16 {
    app.variant().players() as u16 + 2
}

/// Rows of the throw panel showing each throw on its line, borders included.
pub fn throw_rows(app: &App) -> u16 {
    app.journal
        .last_throw
        .as_ref()
        .map_or(1, |t| t.throws.len() as u16)
        .clamp(1, 4)
        + 2
}

/// Draws the players: the one to move marked, home count, gate, pawns off the board.
pub fn draw_players(frame: &mut Frame, app: &App, area: Rect) {
    let inner = area.width.saturating_sub(2) as usize;
    let v = app.variant();
    let pos = app.position();
    let humans = app.session().humans();
    // Three wordings (name, facts), longest first; all players get the first that fits
    // them all.
    let wordings: Vec<[(String, String); 3]> = (0..v.players())
        .map(|p| {
            let at_home = v.pawns(pos, p).filter(|i| *i == Some(v.home())).count();
            let off = v.pawns(pos, p).filter(Option::is_none).count();
            let mut extra = String::new();
            if off > 0 {
                extra += &format!("  off {off}");
            }
            if pos.has_finished(p) {
                extra += "  finished";
            }
            let short = if humans == 1 && app.session().seats()[p].is_human() {
                "you".to_string()
            } else {
                app.session().seats()[p].name().replace("bot:", "")
            };
            let letter = player_letter(v, p);
            let (gate, shut) = if pos.has_captured(p) {
                ("gate open", "open")
            } else {
                ("gate shut", "shut")
            };
            let n = v.pawns_per_player();
            [
                (
                    format!("{letter} {}", app.who(p)),
                    format!("  home {at_home}/{n}  {gate}{extra}"),
                ),
                (
                    format!("{letter} {short}"),
                    format!("  home {at_home}/{n}  {shut}{extra}"),
                ),
                (
                    format!("{letter} {short}"),
                    format!(" {at_home}/{n} {shut}{}", extra.replace("  ", " ")),
                ),
            ]
        })
        .collect();
    let room = inner.saturating_sub(2);
    let form = (0..3)
        .find(|&k| {
            wordings
                .iter()
                .all(|w| width(&w[k].0) + width(&w[k].1) <= room)
        })
        .unwrap_or(2);
    let lines: Vec<Line> = wordings
        .iter()
        .enumerate()
        .map(|(p, w)| {
            let to_move = !pos.is_over() && pos.to_move() == p;
            let marker = if to_move { "▶ " } else { "  " };
            let (name, facts) = &w[form];
            let name = cut(name, room);
            let facts = cut(facts, room.saturating_sub(width(&name)));
            let mut style = player_style(p);
            if to_move {
                style = style.add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
            }
            Line::from(vec![
                Span::raw(marker),
                Span::styled(name, style),
                Span::raw(facts),
            ])
        })
        .collect();
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" Players ")),
        area,
    );
}

/// Draws the last throws: one a line, or all on one line when the panel has one row.
pub fn draw_throw(frame: &mut Frame, app: &App, area: Rect) {
    let v = app.variant();
    let inner = area.width.saturating_sub(2) as usize;
    let one_row = area.height <= 3;
    let lines: Vec<Line> = match &app.journal.last_throw {
        None => vec![Line::from("No throw yet.")],
        Some(t) if one_row && t.throws.len() > 1 => {
            let letter = Span::styled(
                format!("{} ", player_letter(v, t.player)),
                player_style(t.player).add_modifier(Modifier::BOLD),
            );
            let throws: Vec<String> = t
                .throws
                .iter()
                .map(|c| {
                    let value = v.table().face(c.mouths_up()).value;
                    format!("{} {value}", cowrie_marks(*c))
                })
                .collect();
            vec![Line::from(vec![
                letter,
                Span::raw(cut(&throws.join("  "), inner.saturating_sub(2))),
            ])]
        }
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
    let title = if inner >= 28 {
        " Throw (● mouth up, ○ down) "
    } else {
        " Throw "
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

/// Draws the log: its lines wrapped to the panel, the newest at the bottom.
pub fn draw_log(frame: &mut Frame, app: &App, area: Rect) {
    let inner = area.width.saturating_sub(2) as usize;
    let rows = area.height.saturating_sub(2) as usize;
    let mut lines: Vec<Line> = Vec::new();
    for l in app.journal.log.iter().rev() {
        if lines.len() >= rows {
            break;
        }
        let style = l.player.map_or(Style::default(), player_style);
        // Continuation rows indented, so each entry reads as one.
        let wrapped = wrap(&l.text, inner);
        let mut entry: Vec<Line> = vec![Line::styled(wrapped[0].clone(), style)];
        if wrapped.len() > 1 {
            let rest = wrapped[1..].join(" ");
            entry.extend(
                wrap(&rest, inner.saturating_sub(2))
                    .into_iter()
                    .map(|w| Line::styled(format!("  {w}"), style)),
            );
        }
        for line in entry.into_iter().rev() {
            lines.push(line);
        }
    }
    lines.truncate(rows);
    lines.reverse();
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" Log ")),
        area,
    );
}
