//! Walking a record: one iterator over the positions of a recorded game, for whoever
//! shows, counts or reviews a game after the fact (the replay viewer, statistics,
//! analysis).

use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::record::{Record, RecordError, TurnRecord};
use crate::variant::{ThrowStep, Variant};

/// A moment of a recorded game, as [`RecordWalk`] reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// The start position.
    Start,
    /// A turn's throws were thrown; `step` says how its throwing phase ended
    /// ([`ThrowStep::Again`] only for a last turn saved in the middle of its throws).
    Thrown {
        /// The turn, from 1.
        turn: usize,
        /// How the phase ended.
        step: ThrowStep,
    },
    /// A move of a turn was played.
    Moved {
        /// The turn, from 1.
        turn: usize,
        /// The move's number in the turn, from 1.
        index: usize,
        /// The move, as the engine found it (target and capture included).
        mv: Move,
    },
}

/// An iterator over a record's positions: the start, then after each turn's throws and
/// after each of its moves, each with the [`Moment`] it follows. Every throw and move is
/// checked against the rules, and the walk stops at the first that does not fit, with
/// the reason. The seed, its commitment and the recorded result are not checked here:
/// [`crate::Game::replay`] checks those.
///
/// ```
/// use ashta_engine::{Moment, Record};
///
/// let text = r#"{"format": "ashta-record/1", "rules": "standard", "size": 5, "players": 4,
///   "turns": [{"player": 0, "throws": [3], "moves": [{"value": 3, "from": 0, "count": 1}]}]}"#;
/// let record: Record = serde_json::from_str(text).unwrap();
/// let moments: Vec<Moment> = record.walk().unwrap().map(|m| m.unwrap().0).collect();
/// assert_eq!(moments.len(), 3); // the start, the throw, the move
/// assert!(matches!(moments[2], Moment::Moved { turn: 1, index: 1, .. }));
/// ```
#[derive(Clone, Debug)]
pub struct RecordWalk<'a> {
    /// The game replayed so far (without its seed: the walk checks the rules only).
    game: Game,
    turns: &'a [TurnRecord],
    /// The next turn to walk (from 0).
    turn: usize,
    /// Moves of that turn played so far; `None` before its throws.
    moved: Option<usize>,
    started: bool,
    done: bool,
}

impl Record {
    /// Walks this record's positions (see [`RecordWalk`]). Refused when its rules or
    /// start position are not valid.
    pub fn walk(&self) -> Result<RecordWalk<'_>, RecordError> {
        let (variant, pos) = self.start()?;
        Ok(RecordWalk {
            game: Game::from_position(variant, pos, None),
            turns: &self.turns,
            turn: 0,
            moved: None,
            started: false,
            done: false,
        })
    }
}

impl RecordWalk<'_> {
    /// The variant the record is played under.
    pub fn variant(&self) -> &Variant {
        self.game.variant()
    }

    /// The position reached so far.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The next moment of turn `t` (from 0): its throws, or its move `m` (from 0).
    fn step(&mut self, t: usize, m: Option<usize>) -> Result<Moment, RecordError> {
        let (turn, last) = (&self.turns[t], t + 1 == self.turns.len());
        match m {
            None => {
                let step = self.game.replay_throws(t + 1, turn, last)?;
                Ok(Moment::Thrown { turn: t + 1, step })
            }
            Some(m) => {
                let mv = self.game.replay_move(t + 1, m + 1, &turn.moves[m])?;
                if m + 1 == turn.moves.len() {
                    self.game.replay_turn_end(t + 1, last)?;
                }
                Ok(Moment::Moved {
                    turn: t + 1,
                    index: m + 1,
                    mv,
                })
            }
        }
    }
}

impl Iterator for RecordWalk<'_> {
    type Item = Result<(Moment, Position), RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            return Some(Ok((Moment::Start, *self.game.position())));
        }
        loop {
            let t = self.turn;
            if t >= self.turns.len() {
                self.done = true;
                return None;
            }
            let step = match self.moved {
                None => {
                    self.moved = Some(0);
                    self.step(t, None)
                }
                Some(m) if m < self.turns[t].moves.len() => {
                    self.moved = Some(m + 1);
                    self.step(t, Some(m))
                }
                Some(_) => {
                    self.turn += 1;
                    self.moved = None;
                    continue;
                }
            };
            return Some(match step {
                Ok(moment) => Ok((moment, *self.game.position())),
                Err(e) => {
                    self.done = true;
                    Err(e)
                }
            });
        }
    }
}
