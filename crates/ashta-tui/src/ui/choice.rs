//! The choice panel: the bag, the list of moves (units) for the chosen value, what was
//! typed and the hint. The list scrolls so that the chosen move is always in view, the
//! panel's bottom border says which of how many it is, and each hint line keeps its
//! percentage whole and cuts its words instead.

use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

use crate::app::{App, Choice, HintState};
use crate::describe::{move_words, player_name, result_words};
use crate::fit::{cut, window, wrap};
use crate::ui::player_style;

/// Rows the panel would take to show everything in `width` columns, borders included.
pub fn rows_wanted(app: &App, width: u16) -> u16 {
    let inner = width.saturating_sub(2) as usize;
    let rows = match &app.choice {
        Some(choice) if !busy(app) => {
            let parts = Parts::of(app, choice, inner);
            1 + parts.moves.len().max(1) + parts.typed.iter().count() + parts.hint.len()
        }
        _ => status_lines(app)
            .iter()
            .map(|(text, _)| wrap(text, inner).len())
            .sum(),
    };
    rows as u16 + 2
}

/// Draws the panel in `area`.
pub fn draw(frame: &mut Frame, app: &App, area: Rect) {
    let humans = app.session().humans();
    let title = match (app.human_to_move(), humans) {
        (true, 1) => " Your move ".to_string(),
        (true, _) => format!(
            " {}'s move ",
            player_name(app.variant(), app.position().to_move())
        ),
        (false, _) => " Move ".to_string(),
    };
    let mut block = Block::default().borders(Borders::ALL).title(title);
    let inner = block.inner(area);
    let choice = match &app.choice {
        Some(choice) if !busy(app) => choice,
        _ => {
            let lines: Vec<Line> = status_lines(app)
                .into_iter()
                .map(|(text, style)| Line::styled(text, style))
                .collect();
            let text = Paragraph::new(lines)
                .block(block)
                .wrap(Wrap { trim: false });
            frame.render_widget(text, area);
            return;
        }
    };
    let parts = Parts::of(app, choice, inner.width as usize);
    let rows = inner.height as usize;
    // The bag and the typed text always; then at least two moves; then the hint; then
    // the rest of the moves.
    let fixed = 1 + parts.typed.iter().count();
    let rest = rows.saturating_sub(fixed);
    let moves_len = parts.moves.len().max(1);
    let at_least = moves_len.min(2).min(rest);
    let mut hint = parts.hint.clone();
    let hint_rows = hint.len().min(rest - at_least);
    if hint_rows < hint.len() && matches!(app.hint, Some(HintState::Ready(_))) && hint.len() > 1 {
        // Short of room: the ranked plays before their heading.
        hint.remove(0);
    }
    hint.truncate(hint_rows);
    let move_rows = moves_len.min(rest - hint.len());
    let mut lines = vec![parts.bag];
    if parts.moves.is_empty() {
        lines.push(Line::styled(
            parts.unusable.unwrap_or_default(),
            Style::default().fg(Color::DarkGray),
        ));
    } else {
        let shown = window(choice.unit, parts.moves.len(), move_rows);
        if shown.len() < parts.moves.len() {
            let place = format!(" {} of {} ↑↓ ", choice.unit + 1, parts.moves.len());
            block = block.title_bottom(Line::from(place).right_aligned());
        }
        lines.extend(parts.moves[shown].iter().cloned());
    }
    lines.extend(parts.typed);
    lines.extend(hint.into_iter().map(Line::from));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// Whether the panel shows something other than the choice: the end, a move being
/// shown, a bot thinking.
fn busy(app: &App) -> bool {
    app.position().is_over() || app.pace.animation.is_some() || app.thinking().is_some()
}

/// What the panel says when nobody is choosing.
fn status_lines(app: &App) -> Vec<(String, Style)> {
    let v = app.variant();
    let pos = app.position();
    if pos.is_over() {
        return vec![(result_words(v, pos), Style::default())];
    }
    if let Some(anim) = &app.pace.animation {
        return vec![
            (
                format!(
                    "{} plays {}",
                    player_name(v, anim.player),
                    move_words(v, pos, &anim.mv)
                ),
                player_style(anim.player),
            ),
            ("Space: show the rest at once".to_string(), Style::default()),
        ];
    }
    if let Some(p) = app.thinking() {
        return vec![(format!("{} is thinking…", app.who(p)), player_style(p))];
    }
    Vec::new()
}

/// The pieces of the panel while a person chooses, each line cut to the width.
struct Parts {
    bag: Line<'static>,
    /// One line per unit that can spend the chosen value.
    moves: Vec<Line<'static>>,
    /// Why no unit can spend the chosen value, when none can.
    unusable: Option<String>,
    typed: Option<Line<'static>>,
    hint: Vec<String>,
}

impl Parts {
    fn of(app: &App, choice: &Choice, inner: usize) -> Parts {
        let v = app.variant();
        let pos = app.position();
        let values = app.values();
        let mut bag = vec![Span::raw("Bag: ")];
        for (k, bv) in values.iter().enumerate() {
            let text = if bv.count > 1 {
                format!("{}×{}", bv.value, bv.count)
            } else {
                bv.value.to_string()
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
            bag.push(Span::styled(format!("[{text}]"), style));
            bag.push(Span::raw(" "));
        }
        let mut moves = Vec::new();
        let mut unusable = None;
        if let Some(bv) = values.get(choice.value) {
            if bv.moves.is_empty() {
                unusable = Some(cut(&format!("no unit can move {}", bv.value), inner));
            }
            for (u, mv) in bv.moves.iter().enumerate() {
                let chosen = u == choice.unit;
                let marker = if chosen { "▶" } else { " " };
                let mut text = format!("{marker} {}", move_words(v, pos, mv));
                if chosen && choice.confirming {
                    text += "  ⏎ confirm";
                }
                let style = if chosen {
                    Style::default().add_modifier(Modifier::BOLD | Modifier::REVERSED)
                } else {
                    Style::default()
                };
                moves.push(Line::styled(cut(&text, inner), style));
            }
        }
        let typed = (!choice.typed.is_empty())
            .then(|| Line::from(cut(&format!("typed: {}_", choice.typed), inner)));
        let hint = match &app.hint {
            Some(HintState::Waiting) => vec![cut("hint: thinking…", inner)],
            Some(HintState::Ready(h)) => {
                let head = if inner >= 31 {
                    "hint, your chance to win after:"
                } else {
                    "hint, chance to win:"
                };
                let mut lines = vec![cut(head, inner)];
                for (k, l) in h.iter().enumerate() {
                    let line = format!(" {}. {:>3.0}% {}", k + 1, l.chance * 100.0, l.words);
                    lines.push(cut(&line, inner));
                }
                lines
            }
            None => Vec::new(),
        };
        Parts {
            bag: Line::from(bag),
            moves,
            unusable,
            typed,
            hint,
        }
    }
}
