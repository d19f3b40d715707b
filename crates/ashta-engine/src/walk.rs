//! Walking a record: one iterator over the positions of a recorded game, for whoever
//! shows, counts or reviews a game after the fact (the replay viewer, statistics,
//! analysis).

use crate::error::ThrowError;
use crate::faults::SequenceFault;
use crate::moves::Move;
use crate::position::Position;
use crate::record::{Record, RecordError, TurnFault, TurnRecord};
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
    variant: Variant,
    turns: &'a [TurnRecord],
    pos: Position,
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
        let mut rules = self.rules.to_rules()?;
        rules.size = self.size;
        rules.players = self.players;
        let variant = Variant::new(rules)?;
        let pos = match &self.start {
            Some(json) => variant.check(json)?,
            None => variant.start_position(),
        };
        Ok(RecordWalk {
            variant,
            turns: &self.turns,
            pos,
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
        &self.variant
    }

    /// The position reached so far.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Throws the throws of turn `t` (from 0).
    fn throw(&mut self, t: usize) -> Result<Moment, RecordError> {
        let record = &self.turns[t];
        let turn_no = t + 1;
        turn_may_start(&self.pos, record, turn_no)?;
        let bad = |why: SequenceFault| RecordError::Throw {
            turn: turn_no,
            source: ThrowError::BadSequence(record.throws.clone(), why),
        };
        let mut step = None;
        for &up in &record.throws {
            if step.is_some_and(|s| s != ThrowStep::Again) {
                return Err(bad(SequenceFault::EndedEarly));
            }
            step = Some(
                self.variant
                    .throw_one(&mut self.pos, up)
                    .map_err(|source| RecordError::Throw {
                        turn: turn_no,
                        source,
                    })?,
            );
        }
        let step = step.ok_or(RecordError::Turn {
            turn: turn_no,
            fault: TurnFault::NoThrows,
        })?;
        let last = t + 1 == self.turns.len();
        if step == ThrowStep::Again && (!last || !record.moves.is_empty()) {
            return Err(bad(SequenceFault::EndsOnGrace));
        }
        Ok(Moment::Thrown {
            turn: turn_no,
            step,
        })
    }

    /// Plays move `m` (from 0) of turn `t` (from 0).
    fn play(&mut self, t: usize, m: usize) -> Result<Moment, RecordError> {
        let recorded = &self.turns[t].moves[m];
        let err = |source| RecordError::Move {
            turn: t + 1,
            index: m + 1,
            source,
        };
        let from = u8::try_from(recorded.from).ok();
        // Found on the legal list, so played without a second check.
        let mv = self
            .variant
            .find_move(&self.pos, recorded.value, from, recorded.count)
            .map_err(err)?;
        self.variant.play_unchecked(&mut self.pos, mv);
        Ok(Moment::Moved {
            turn: t + 1,
            index: m + 1,
            mv,
        })
    }
}

/// Why turn number `turn_no` (from 1) of a record cannot start in `pos`: the game is
/// over, the previous turn still has values to move, or another player is to move.
pub(crate) fn turn_may_start(
    pos: &Position,
    turn: &TurnRecord,
    turn_no: usize,
) -> Result<(), RecordError> {
    let fault = if pos.is_over() {
        TurnFault::AlreadyOver
    } else if !pos.bag_empty() {
        TurnFault::PreviousUnfinished
    } else if turn.player as usize != pos.to_move() {
        TurnFault::WrongPlayer {
            recorded: turn.player,
            to_move: pos.to_move() as u8,
        }
    } else {
        return Ok(());
    };
    Err(RecordError::Turn {
        turn: turn_no,
        fault,
    })
}

impl Iterator for RecordWalk<'_> {
    type Item = Result<(Moment, Position), RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            return Some(Ok((Moment::Start, self.pos)));
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
                    self.throw(t)
                }
                Some(m) if m < self.turns[t].moves.len() => {
                    self.moved = Some(m + 1);
                    self.play(t, m)
                }
                Some(_) => {
                    self.turn += 1;
                    self.moved = None;
                    continue;
                }
            };
            return Some(match step {
                Ok(moment) => Ok((moment, self.pos)),
                Err(e) => {
                    self.done = true;
                    Err(e)
                }
            });
        }
    }
}
