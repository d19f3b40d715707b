//! What the screen says about the game: the message bar, the move log (throws, moves,
//! forfeits, extra turns), the throw panel and the hint's ranked plays.

use ashta_engine::{Cowries, Forfeit, Moment, Play, Position, ThrowStep};
use ashta_session::describe::forfeit_reasons;

use super::{App, HintLine, LogLine, ThrowShown, Tone};
use crate::describe::{cowrie_marks, move_words, player_letter, player_name, throw_words};

impl App {
    /// Puts news or a refusal in the message bar.
    pub(super) fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.journal.message = Some((tone, text.into()));
    }

    /// Adds a line to the move log.
    pub(super) fn note(&mut self, player: Option<usize>, text: String) {
        self.journal.log.push(LogLine { player, text });
    }

    /// Logs one throw of `p` and shows it in the throw panel: the first throw of a
    /// phase starts the panel afresh, a throw after a grace is added to it.
    pub(super) fn show_throw(&mut self, p: usize, cowries: Cowries, step: ThrowStep, fresh: bool) {
        self.note(Some(p), self.throw_line(p, cowries));
        match self.journal.last_throw.as_mut() {
            Some(shown) if !fresh && shown.player == p => {
                shown.throws.push(cowries);
                shown.end = step;
            }
            _ => {
                self.journal.last_throw = Some(ThrowShown {
                    player: p,
                    throws: vec![cowries],
                    end: step,
                });
            }
        }
        let index = self.session.game().record().turns.len().saturating_sub(1);
        self.journal.thrown.retain(|(t, _)| *t < index);
        if let Some(shown) = &self.journal.last_throw {
            self.journal.thrown.push((index, shown.throws.clone()));
        }
    }

    /// `S throws ●○●● 3 up = 3`.
    fn throw_line(&self, p: usize, cowries: Cowries) -> String {
        let variant = self.variant();
        format!(
            "{} throws {} {}",
            player_letter(variant, p),
            cowrie_marks(cowries),
            throw_words(variant, cowries)
        )
    }

    /// Writes the log of the game so far from its record (a loaded game): each turn's
    /// throws, how its throwing phase ended and its moves, as the engine's walk of the
    /// record reaches them; an undo cuts this log back as it does a log written here.
    pub(super) fn log_record(&mut self) {
        let record = self.session.game().record().clone();
        let Ok(walk) = record.walk() else {
            return;
        };
        let cowries = self.variant().table().cowries();
        let mut before: Option<Position> = None;
        for moment in walk {
            let Ok((moment, pos)) = moment else {
                break;
            };
            match moment {
                Moment::Start => {}
                Moment::Thrown { turn, step } => {
                    let p: usize = record.turns[turn - 1].player.into();
                    for &up in &record.turns[turn - 1].throws {
                        let line = self.throw_line(p, Cowries::with_mouths_up(up, cowries));
                        self.note(Some(p), line);
                    }
                    self.note_phase_end(p, step);
                    self.journal
                        .log_marks
                        .push((turn - 1, self.journal.log.len()));
                    self.note_extra_turn(p, &pos);
                }
                Moment::Moved { mv, .. } => {
                    if let Some(prev) = before {
                        let words = move_words(self.variant(), &prev, &mv);
                        self.note_move(&prev, &pos, &words, "");
                    }
                }
            }
            before = Some(pos);
        }
    }

    /// Says why a person's throw moves nothing: the values thrown, and the rules the
    /// engine says stop every pawn.
    pub(super) fn explain_forfeit(&mut self, forfeit: &Forfeit) {
        let variant = self.variant();
        let values: Vec<String> = forfeit.values.iter().map(u8::to_string).collect();
        let why = forfeit_reasons(variant, forfeit);
        let name = player_name(variant, forfeit.player);
        let text = format!(
            "{name} threw {}: the bag is forfeited ({why}).",
            values.join(" ")
        );
        self.say(Tone::Refused, text);
    }

    /// Logs how a throwing phase that moves nothing ended.
    pub(super) fn note_phase_end(&mut self, p: usize, end: ThrowStep) {
        let letter = player_letter(self.variant(), p);
        match end {
            ThrowStep::Forfeited => self.note(
                Some(p),
                format!("{letter}: no value can be used, the bag is forfeited"),
            ),
            ThrowStep::Voided => self.note(
                Some(p),
                format!("{letter}: a third grace in a row voids the turn"),
            ),
            ThrowStep::Again | ThrowStep::Moving => {}
        }
    }

    /// Logs a move played in `before` (its words already worked out there), which led
    /// to `after`: a bag forfeited by it and an extra turn too.
    pub(super) fn note_move(
        &mut self,
        before: &Position,
        after: &Position,
        words: &str,
        note: &str,
    ) {
        let p = before.to_move();
        let letter = player_letter(self.variant(), p);
        self.note(Some(p), format!("{letter} {words}{note}"));
        if after.phase() == ashta_engine::Phase::Throwing && !after.is_over() {
            if before.bag_len() > 1 {
                self.note(
                    Some(p),
                    format!("{letter}: no value left can be used, the rest is forfeited"),
                );
            }
            self.note_extra_turn(p, after);
        }
    }

    /// Notes an extra turn when the turn just ended leaves the same player to throw.
    pub(super) fn note_extra_turn(&mut self, p: usize, pos: &Position) {
        if !pos.is_over() && pos.phase() == ashta_engine::Phase::Throwing && pos.to_move() == p {
            let name = player_name(self.variant(), p);
            self.note(Some(p), format!("{name} takes an extra turn"));
        }
    }

    /// Shows the record's last throwing phase in the panel (after an undo or a load):
    /// the cowries as they fell when they were thrown here, else as many up as the
    /// record says, and how the phase ended.
    pub(super) fn show_record_throw(&mut self) {
        let game = self.session.game();
        let Some(turn) = game.record().turns.last() else {
            self.journal.last_throw = None;
            return;
        };
        let index = game.record().turns.len() - 1;
        let table = self.variant().table();
        let ups = |throws: &[Cowries]| throws.iter().map(|c| c.mouths_up()).collect::<Vec<_>>();
        let throws = match self.journal.thrown.iter().find(|(t, _)| *t == index) {
            Some((_, fell)) if ups(fell) == turn.throws => fell.clone(),
            _ => turn
                .throws
                .iter()
                .map(|&up| Cowries::with_mouths_up(up, table.cowries()))
                .collect(),
        };
        // How the phase ended, as the engine's walk of the record says.
        let end = game
            .record()
            .walk()
            .into_iter()
            .flatten()
            .filter_map(|moment| match moment {
                Ok((Moment::Thrown { turn, step }, _)) if turn == index + 1 => Some(step),
                _ => None,
            })
            .last()
            .unwrap_or(ThrowStep::Moving);
        self.journal.last_throw = Some(ThrowShown {
            player: turn.player.into(),
            throws,
            end,
        });
    }

    /// The hint's best three plays from `position`, in words.
    pub(super) fn hint_lines(&self, position: &Position, plays: &[(Play, f64)]) -> Vec<HintLine> {
        let variant = self.variant();
        plays
            .iter()
            .take(3)
            .map(|(play, win)| {
                let mut pos = *position;
                let mut words = Vec::new();
                for mv in &play.moves {
                    words.push(move_words(variant, &pos, mv));
                    if variant.play(&mut pos, *mv).is_err() {
                        break;
                    }
                }
                HintLine {
                    chance: win.clamp(0.0, 1.0),
                    words: words.join(", then "),
                    first: play.moves.first().copied(),
                }
            })
            .collect()
    }
}
