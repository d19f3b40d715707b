//! The replay viewer: a saved game or record stepped through forwards and backwards,
//! one throwing phase or move at a time, with the board as it stood at each step.

use anyhow::{Context, Result};
use ashta_engine::{Cowries, Game, Moment, Position, Record, SeededThrows, ThrowSource, Variant};
use ashta_session::{SavedGame, SAVE_FORMAT};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui::Frame;

use crate::describe::{cowrie_marks, move_words, player_letter, result_words};
use crate::ui::board::{BoardView, Cells};
use crate::ui::{player_style, MIN_SIZE};

/// One step of a recorded game: the position after it and what it was.
#[derive(Clone, Debug)]
pub struct ReplayStep {
    /// The position after the step.
    pub position: Position,
    /// Who acted (`None` for the start).
    pub player: Option<usize>,
    /// The turn it belongs to, from 1 (0 for the start).
    pub turn: usize,
    /// The step in words.
    pub text: String,
}

/// A recorded game being viewed.
pub struct Replay {
    /// The rules.
    pub variant: Variant,
    /// The start, then every throwing phase and every move.
    pub steps: Vec<ReplayStep>,
    /// The step shown.
    pub at: usize,
    /// Set when the viewer should close.
    pub quit: bool,
    /// Opened from the results of a game just played: closing it goes back to them.
    pub from_game: bool,
}

/// Each turn's throws as the game showed them: with the record's seed, the cowries the
/// seed drew, each shell in its place (the throws an undo set aside skipped, as the game
/// skipped them); without a seed, or where the record and the seed part, as many mouths
/// up as recorded, first.
fn thrown_shells(record: &Record, variant: &Variant) -> Vec<Vec<Cowries>> {
    let table = variant.table();
    let (count, mouth_up) = (table.cowries(), table.mouth_up());
    let mut source = record.seed.map(SeededThrows::new);
    record
        .turns
        .iter()
        .map(|turn| {
            if let Some(seeded) = source.as_mut() {
                for _ in 0..turn.skipped {
                    seeded.throw_cowries(count, mouth_up);
                }
            }
            turn.throws
                .iter()
                .map(
                    |&up| match source.as_mut().map(|s| s.throw_cowries(count, mouth_up)) {
                        Some(drawn) if drawn.mouths_up() == up => drawn,
                        _ => Cowries::with_mouths_up(up, count),
                    },
                )
                .collect()
        })
        .collect()
}

impl Replay {
    /// Reads a saved game (`ashta-save/1`) or a bare record and replays it step by step;
    /// a record that does not replay is refused with the reason.
    pub fn from_text(text: &str) -> Result<Replay> {
        let value: serde_json::Value =
            serde_json::from_str(text).context("the file is not JSON")?;
        let record: Record = if value.get("format").and_then(|f| f.as_str()) == Some(SAVE_FORMAT) {
            let saved: SavedGame = serde_json::from_value(value).context("malformed saved game")?;
            saved.record
        } else {
            serde_json::from_value(value)
                .context("neither a saved game (ashta-save/1) nor a game record (ashta-record/1)")?
        };
        // The whole record must replay (its seed and result too) before it is shown.
        Game::replay(&record).context("the game does not replay")?;
        let mut walk = record.walk().context("the game does not replay")?;
        let variant = walk.variant().clone();
        let shells = thrown_shells(&record, &variant);
        let mut steps = Vec::new();
        let mut before = *walk.position();
        for step in walk.by_ref() {
            let (moment, pos) = step.context("the game does not replay")?;
            let (turn, text) = match moment {
                Moment::Start => (0, "the start".to_string()),
                Moment::Thrown { turn, .. } => {
                    let record = &record.turns[turn - 1];
                    let throws: Vec<String> = shells[turn - 1]
                        .iter()
                        .map(|&c| {
                            let face = variant.table().face(c.mouths_up());
                            let grace = if face.grace { " again" } else { "" };
                            format!("{}={}{grace}", cowrie_marks(c), face.value)
                        })
                        .collect();
                    let mut text = format!(
                        "{} throws {}",
                        player_letter(&variant, record.player as usize),
                        throws.join(", ")
                    );
                    if pos.phase() == ashta_engine::Phase::Throwing
                        && record.moves.is_empty()
                        && !pos.is_over()
                    {
                        text += " (nothing can move)";
                    }
                    (turn, text)
                }
                Moment::Moved { turn, mv, .. } => {
                    let p = record.turns[turn - 1].player as usize;
                    let words = move_words(&variant, &before, &mv);
                    (turn, format!("{} {words}", player_letter(&variant, p)))
                }
            };
            steps.push(ReplayStep {
                position: pos,
                player: (turn > 0).then(|| record.turns[turn - 1].player as usize),
                turn,
                text,
            });
            before = pos;
        }
        Ok(Replay {
            variant,
            steps,
            at: 0,
            quit: false,
            from_game: false,
        })
    }

    /// The whole game as lines of text (for a screen reader or a pipe).
    pub fn transcript(&self) -> String {
        let mut out = String::new();
        for (k, s) in self.steps.iter().enumerate() {
            if k > 0 {
                out += &format!("turn {}: {}\n", s.turn, s.text);
            }
        }
        let last = &self.steps[self.steps.len() - 1].position;
        out += &format!("result: {}\n", result_words(&self.variant, last));
        out
    }

    /// The first step of a turn (the start for turn 0).
    fn first_of(&self, turn: usize) -> usize {
        self.steps.iter().position(|s| s.turn == turn).unwrap_or(0)
    }

    /// Handles a key: ←/→ a step, ↑/↓ or PgUp/PgDn a turn, Home/End, q quits.
    pub fn key(&mut self, key: KeyEvent) {
        let last = self.steps.len() - 1;
        match key.code {
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => self.quit = true,
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Right | KeyCode::Char(' ') | KeyCode::Char('l') => {
                self.at = (self.at + 1).min(last)
            }
            KeyCode::Left | KeyCode::Backspace | KeyCode::Char('h') => {
                self.at = self.at.saturating_sub(1)
            }
            KeyCode::Down | KeyCode::PageDown => {
                let turn = self.steps[self.at].turn;
                self.at = self
                    .steps
                    .iter()
                    .position(|s| s.turn > turn)
                    .unwrap_or(last);
            }
            KeyCode::Up | KeyCode::PageUp => {
                // To the start of this turn, or of the one before when already there.
                let turn = self.steps[self.at].turn;
                let first = self.first_of(turn);
                self.at = if self.at > first {
                    first
                } else {
                    self.first_of(turn.saturating_sub(1))
                };
            }
            KeyCode::Home => self.at = 0,
            KeyCode::End => self.at = last,
            _ => {}
        }
    }
}

/// Draws the viewer.
pub fn draw(frame: &mut Frame, r: &Replay) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        frame.render_widget(
            Paragraph::new(format!(
                "Make the terminal at least {}×{} (q quits).",
                MIN_SIZE.0, MIN_SIZE.1
            )),
            area,
        );
        return;
    }
    let [title, body, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(1),
    ])
    .areas(area);
    let step = &r.steps[r.at];
    frame.render_widget(
        Paragraph::new(format!(
            " Replay · step {}/{} · turn {} · {}",
            r.at,
            r.steps.len() - 1,
            step.turn,
            result_words(&r.variant, &step.position)
        ))
        .style(Style::default().add_modifier(Modifier::BOLD)),
        title,
    );
    let n = r.variant.geometry().size() as u16;
    let board_room = body.width.saturating_sub(36);
    let cells = Cells::fit(
        n,
        board_room.saturating_sub(2),
        body.height.saturating_sub(2),
    );
    let board_w = (cells.size(n).0 + 2).min(board_room);
    let [board, side] =
        Layout::horizontal([Constraint::Length(board_w), Constraint::Min(36)]).areas(body);
    let block = Block::default().borders(Borders::ALL).title(" Board ");
    let inner = block.inner(board);
    frame.render_widget(block, board);
    frame.render_widget(
        BoardView {
            variant: &r.variant,
            position: &step.position,
            origin: None,
            path: &[],
            moving: None,
            movable: &[],
            route: None,
        },
        inner,
    );
    let room = side.height.saturating_sub(2) as usize;
    let first =
        r.at.saturating_sub(room.saturating_sub(1) / 2 + 1)
            .min(r.steps.len().saturating_sub(room));
    let lines: Vec<Line> = r
        .steps
        .iter()
        .enumerate()
        .skip(first)
        .take(room)
        .map(|(k, s)| {
            let mut style = s.player.map_or(Style::default(), player_style);
            if k == r.at {
                style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            }
            let mark = if k == r.at { "▶" } else { " " };
            Line::from(Span::styled(
                format!("{mark}{:>3} {}", s.turn, s.text),
                style,
            ))
        })
        .collect();
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" Steps ")),
        side,
    );
    frame.render_widget(
        Paragraph::new(if r.from_game {
            " ←→ step  ↑↓ turn  Home/End first/last  q back"
        } else {
            " ←→ step  ↑↓ turn  Home/End first/last  q quit"
        })
        .style(Style::default().fg(Color::Black).bg(Color::Indexed(250))),
        keys,
    );
}
