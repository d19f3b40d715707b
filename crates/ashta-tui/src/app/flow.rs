//! The game going on by itself between a person's keys: the session throws one throw
//! at a time, a bot seat's bot is lent to a worker thread to decide and given back, its
//! play is checked by the session and shown move by move along the paths, the random
//! mover's moves likewise; turns end, the game ends, and undo takes a turn back.

use std::time::Duration;

use ashta_engine::{Forfeit, Move, MoveList, Play, ThrowFrom, ThrowStep};
use ashta_session::{Decided, Next, SessionError};

use super::{path_squares, Animation, App, Choice, HintState, Overlay, Tone, HUMAN_HOLD};
use crate::describe::{move_words, player_name, result_words};
use crate::jobs::{Job, JobDone};
use crate::stats::game_stats;

/// What the full-screen game says of throws entered at the table, which it does not take.
const TABLE_IS_LINE_BY_LINE: &str =
    "throws entered at the table are played line by line: ashta play --table";

impl App {
    /// Moves the game on as far as it goes without anyone: throws, only moves, a random
    /// mover's move; stops at a human's choice, a bot's decision (a job) or an animation.
    pub fn advance(&mut self) {
        while self.view.overlay == Overlay::None || self.view.overlay == Overlay::End {
            let waiting = !self.pace.hold.is_zero() || !self.pace.pause.is_zero();
            if self.pace.animation.is_some() || self.workers.thinking.is_some() || waiting {
                return;
            }
            let next = self.session.next();
            if matches!(next, Next::Over | Next::Throw) {
                // A play never outlasts its turn; drop what is left of it, if anything.
                self.pace.queue.clear();
            }
            if let Some(mv) = self.pace.queue.pop_front() {
                self.start_animation(mv);
                continue;
            }
            match next {
                Next::Over => {
                    self.game_over();
                    return;
                }
                Next::Throw => {
                    if let Err(e) = self.throw_one() {
                        self.say(Tone::Refused, e.to_string());
                        return;
                    }
                }
                Next::Enter => {
                    self.say(Tone::Refused, TABLE_IS_LINE_BY_LINE);
                    return;
                }
                Next::Human => {
                    if !self.human_turn() {
                        return;
                    }
                }
                Next::Random => {
                    self.choice = None;
                    let Some(mv) = self.session.random_move() else {
                        self.say(Tone::Refused, NO_MOVE);
                        return;
                    };
                    self.pace.queue.push_back(mv);
                }
                Next::Bot => {
                    self.choice = None;
                    self.ask_bot();
                    return;
                }
            }
        }
    }

    /// A person is to move: plays an only move for them (true: the game goes on), or
    /// opens their choice.
    fn human_turn(&mut self) -> bool {
        let pos = *self.position();
        let mut moves = MoveList::new();
        self.variant().legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            self.say(Tone::Refused, NO_MOVE);
            return false;
        }
        if moves.len() == 1 && self.settings.auto_single {
            self.choice = None;
            let mv = moves[0];
            let words = move_words(self.variant(), &pos, &mv);
            self.play_now(mv, " (the only move, played for you)");
            self.say(
                Tone::Info,
                format!("Only one move: {words}, played for you."),
            );
            return true;
        }
        if self.choice.is_none() {
            self.choice = Some(Choice::default());
            self.select_best_value();
        }
        false
    }

    /// Lends the bot of the seat to move to a job that decides its play. A bot still
    /// out on a job of before an undo is waited for.
    fn ask_bot(&mut self) {
        let p = self.position().to_move();
        let Some(bot) = self.session.lend_bot(p) else {
            return;
        };
        self.workers.thinking = Some(p);
        self.workers.jobs.push(Job::Decide {
            player: p,
            generation: self.workers.generation,
            bot,
            variant: self.variant().clone(),
            position: *self.position(),
        });
    }

    /// Throws once for the player to move (the throw panel and the log show each throw
    /// as it comes); at the end of the throwing phase, says what came of it.
    fn throw_one(&mut self) -> Result<(), SessionError> {
        let p = self.position().to_move();
        let fresh = !self.session.game().throwing();
        if fresh {
            self.pace.hurry = false;
        }
        let one = self.session.throw(ThrowFrom::Own)?;
        self.show_throw(p, one.cowries, one.step, fresh);
        if one.step == ThrowStep::Again {
            // A grace: the next throw comes after a moment, as the moves do.
            if !self.pace.hurry {
                self.pace.pause = Duration::from_millis(self.settings.step_ms * 3);
            }
        } else {
            self.end_throwing(p, one.step, one.forfeit);
        }
        Ok(())
    }

    /// The throwing phase of `p` ended with `end` (forfeiting `forfeit`).
    fn end_throwing(&mut self, p: usize, end: ThrowStep, forfeit: Option<Forfeit>) {
        let person = self.session.seats()[p].is_human();
        if let Some(forfeit) = forfeit.filter(|_| person) {
            self.explain_forfeit(&forfeit);
        }
        if matches!(end, ThrowStep::Forfeited | ThrowStep::Voided) {
            // Nothing moves: hold the throw on the screen a moment (any key goes on).
            self.pace.hold = if person {
                HUMAN_HOLD
            } else {
                Duration::from_millis(self.settings.step_ms * 4)
            };
        }
        self.note_phase_end(p, end);
        let turn = self.session.game().turns().saturating_sub(1);
        self.journal.log_marks.push((turn, self.journal.log.len()));
        let pos = *self.position();
        self.note_extra_turn(p, &pos);
    }

    fn game_over(&mut self) {
        if self.stats.is_none() {
            let result = result_words(self.variant(), self.position());
            self.note(None, format!("Game over: {result}"));
            self.stats = game_stats(self.session.game().record());
            self.choice = None;
            self.view.overlay = Overlay::End;
            self.say(
                Tone::Info,
                format!(
                    "{result}. s saves the record for ashta analyze; Esc asks before quitting."
                ),
            );
        }
    }

    /// Plays a move of the seat to move at once (no animation) and logs it.
    pub(super) fn play_now(&mut self, mv: Move, note: &str) {
        let before = *self.position();
        let words = move_words(self.variant(), &before, &mv);
        if let Err(e) = self
            .session
            .play(1, |checker, _| checker.check_move(mv))
            .map_err(|(_, e)| e)
        {
            self.say(Tone::Refused, format!("the engine refused {words}: {e}"));
            return;
        }
        let after = *self.position();
        self.note_move(&before, &after, &words, note);
        self.hint = None;
    }

    /// Plays a bot's whole play at once and logs its moves.
    fn play_bot_now(&mut self, seat: usize, play: &Play) -> Result<(), SessionError> {
        let mut before = *self.position();
        for played in self.session.play_bot(seat, Decided::Play(play))? {
            let words = move_words(self.variant(), &before, &played.mv);
            self.note_move(&before, &played.position, &words, "");
            before = played.position;
        }
        self.hint = None;
        Ok(())
    }

    fn start_animation(&mut self, mv: Move) {
        let pos = *self.position();
        let squares = path_squares(self.variant(), &pos, &mv);
        self.pace.animation = Some(Animation {
            player: pos.to_move(),
            mv,
            squares,
            step: 0,
            elapsed: Duration::ZERO,
        });
        if self.settings.step_ms == 0 || self.pace.hurry {
            self.finish_animation();
        }
    }

    /// Ends the move being shown: it is played.
    pub(super) fn finish_animation(&mut self) {
        if let Some(anim) = self.pace.animation.take() {
            self.play_now(anim.mv, "");
        }
    }

    /// Whether moves wait to be shown (the animation's and the queue's).
    pub(super) fn showing(&self) -> bool {
        self.pace.animation.is_some() || !self.pace.queue.is_empty()
    }

    /// Lets time pass: the move being shown goes on along its path.
    pub fn tick(&mut self, dt: Duration) {
        self.pace.hold = self.pace.hold.saturating_sub(dt);
        self.pace.pause = self.pace.pause.saturating_sub(dt);
        if let Some(anim) = self.pace.animation.as_mut() {
            anim.elapsed += dt;
            let step = Duration::from_millis(self.settings.step_ms.max(1));
            while anim.elapsed >= step && anim.step < anim.squares.len() {
                anim.elapsed -= step;
                anim.step += 1;
            }
            // The unit rests one step on its landing square before the next move.
            if anim.step >= anim.squares.len() && anim.elapsed >= step {
                self.finish_animation();
            }
        }
        if self.pace.animation.is_none() {
            self.advance();
        }
    }

    /// Takes a finished job's answer: a lent bot goes back to its seat, whatever the
    /// answer; a play still in time is checked by the session, then played at once or
    /// shown move by move.
    pub fn job_done(&mut self, done: JobDone) {
        match done {
            JobDone::Decided {
                player,
                generation,
                bot,
                play,
            } => {
                self.session.return_bot(player, bot);
                if generation != self.workers.generation {
                    self.advance();
                    return;
                }
                self.workers.thinking = None;
                let Some(play) = play else {
                    let name = self.session.seats()[player].name();
                    self.say(Tone::Refused, format!("{name} found no play"));
                    return;
                };
                if self.settings.step_ms == 0 || self.pace.hurry {
                    // Checked once, as it is played (all or nothing).
                    if let Err(e) = self.play_bot_now(player, &play) {
                        self.say(Tone::Refused, e.to_string());
                        return;
                    }
                } else {
                    // Shown a move at a time: the whole play is checked before the
                    // first is shown.
                    if let Err(failure) = self.session.check_bot_play(player, &play) {
                        self.say(Tone::Refused, failure.to_string());
                        return;
                    }
                    self.pace.queue.extend(play.moves);
                }
                self.advance();
            }
            JobDone::Hint {
                generation,
                position,
                plays,
            } => {
                self.workers.hint_out = false;
                if generation != self.workers.generation || position != *self.position() {
                    return;
                }
                let lines = self.hint_lines(&position, &plays);
                if let Some(first) = lines.first().and_then(|l| l.first) {
                    self.select_move(first);
                    self.say(
                        Tone::Info,
                        "Hint: the best play's first move is chosen; Enter plays it.",
                    );
                }
                self.hint = Some(HintState::Ready(lines));
            }
        }
    }

    /// Takes back the last moving phase a person moved in, and everything after it:
    /// the person moves again with the same bag (the throws to come stay unknown).
    pub fn undo(&mut self) {
        if !self.session.has_human() {
            self.say(
                Tone::Refused,
                "Nothing to undo: no person plays in this game.",
            );
            return;
        }
        let target = self.session.undo_target(None).map(|(turn, _)| turn);
        let p = match self.session.undo(None) {
            Ok(p) => p,
            Err(e) => {
                self.say(Tone::Refused, e.to_string());
                return;
            }
        };
        if let Some(&(_, len)) = self
            .journal
            .log_marks
            .iter()
            .find(|(t, _)| Some(*t) == target)
        {
            self.journal.log.truncate(len);
        }
        self.journal
            .log_marks
            .retain(|(t, _)| target.is_some_and(|target| *t <= target));
        self.workers.generation += 1;
        self.workers.thinking = None;
        self.pace.animation = None;
        self.pace.queue.clear();
        self.hint = None;
        self.stats = None;
        self.choice = None;
        self.pace.hurry = false;
        if self.view.overlay == Overlay::End {
            self.view.overlay = Overlay::None;
        }
        self.show_record_throw();
        let name = player_name(self.variant(), p);
        self.note(Some(p), format!("{name} takes the turn back (same throws)"));
        self.say(
            Tone::Info,
            format!("Undone: {name} moves again with the same throws."),
        );
        self.advance();
    }
}

/// What the app says when the engine leaves a bag no legal move (it never should).
const NO_MOVE: &str = "the bag is not empty but there is no legal move";
