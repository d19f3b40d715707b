//! Game records and the game driver that writes them.
//!
//! A record is JSON: the rules, the seed (when the throws came from one), the start
//! position when it is not the usual one, and every turn with its throws (mouths-up
//! counts) and moves, and the result once the game is over. Replaying it gives the
//! same final position; when a seed is given, replay also checks that every throw is
//! the one the seed produces. This record (one turn of seed 7) replays:
//!
//! ```json
//! {"format": "ashta-record/1", "rules": "standard", "size": 5, "players": 4,
//!  "seed": 7, "turns": [{"player": 0, "throws": [3], "moves": [{"value": 3, "from": 0, "count": 1}]}]}
//! ```

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::error::{MoveError, PositionError, RulesError, ThrowError};
use crate::moves::Move;
use crate::position::{DrawReason, Position};
use crate::rules::{Rules, RulesSpec};
use crate::setup::PositionJson;
use crate::throws::{SeededThrows, ThrowSource};
use crate::variant::{ThrowReport, ThrowStep, Variant};

/// The format tag every record carries.
pub const RECORD_FORMAT: &str = "ashta-record/1";

/// A recorded game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// The rules.
    pub rules: RulesSpec,
    /// Board side.
    pub size: u8,
    /// Number of players.
    pub players: u8,
    /// Seed of the throws, when they came from [`SeededThrows`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The commitment to the seed published before the game (by `ashta serve`): see
    /// [`seed_commitment`]. Replay checks it whenever the seed is given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// The salt of the commitment, revealed with the seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    /// The start position, when the game did not start from the usual one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<PositionJson>,
    /// Every turn played.
    pub turns: Vec<TurnRecord>,
    /// How the game ended, once it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<ResultRecord>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One turn: its throws and the moves made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRecord {
    /// The player.
    pub player: u8,
    /// Throws drawn from the seed and set aside just before this turn's first throw:
    /// throws that an undo took back after the players had seen them, so that nobody can
    /// learn what is coming by undoing. Left out when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub skipped: u32,
    /// Mouths up of each throw.
    pub throws: Vec<u8>,
    /// The moves, in order.
    #[serde(default)]
    pub moves: Vec<MoveRecord>,
}

/// A move as recorded: the value, the unit's path index (−1 for an entry) and pawns moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRecord {
    /// The value spent.
    pub value: u8,
    /// Path index of the unit, −1 for an entry from off the board.
    pub from: i16,
    /// Pawns moved.
    pub count: u8,
}

impl From<Move> for MoveRecord {
    fn from(mv: Move) -> MoveRecord {
        MoveRecord {
            value: mv.value,
            from: mv.from_index(),
            count: mv.count,
        }
    }
}

/// The end of a recorded game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultRecord {
    /// The first player to finish.
    pub winner: Option<u8>,
    /// The finishing order (places mode).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<u8>,
    /// `"frozen"` or `"turn limit"` for a draw.
    pub draw: Option<String>,
}

/// A record that does not replay.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum RecordError {
    /// Not JSON, or not a record.
    #[error("malformed record: {0}")]
    Json(String),
    /// Wrong format tag.
    #[error("unknown record format {0:?} (expected {RECORD_FORMAT:?})")]
    Format(String),
    /// Bad rules.
    #[error("record rules: {0}")]
    Rules(#[from] RulesError),
    /// Bad start position.
    #[error("record start position: {0}")]
    Start(#[from] PositionError),
    /// A turn by the wrong player, or after the game ended.
    #[error("turn {turn}: {reason}")]
    Turn {
        /// Turn number, from 1.
        turn: usize,
        /// What is wrong.
        reason: String,
    },
    /// Throws that do not fit.
    #[error("turn {turn}: {source}")]
    Throw {
        /// Turn number, from 1.
        turn: usize,
        /// The throw error.
        source: ThrowError,
    },
    /// A move that is not legal.
    #[error("turn {turn}, move {index}: {source}")]
    Move {
        /// Turn number, from 1.
        turn: usize,
        /// Move number in the turn, from 1.
        index: usize,
        /// Why.
        source: MoveError,
    },
    /// The seed is not the one committed to before the game.
    #[error("commitment: {0}")]
    Commitment(String),
    /// The recorded result is not what the replay gives.
    #[error("recorded result {recorded} but the replay gives {replayed}")]
    Result {
        /// What the record says.
        recorded: String,
        /// What the replay gives.
        replayed: String,
    },
}

/// The commitment to a seed that a server publishes before a game and reveals the seed
/// and salt of after it: `hex(SHA-256("ashta-seed:" + seed + ":" + salt))`.
///
/// ```
/// let c = ashta_engine::seed_commitment(7, "00ff");
/// assert_eq!(c.len(), 64);
/// assert_ne!(c, ashta_engine::seed_commitment(8, "00ff"));
/// ```
pub fn seed_commitment(seed: u64, salt: &str) -> String {
    let mut h = Sha256::new();
    h.update(format!("ashta-seed:{seed}:{salt}").as_bytes());
    hex::encode(h.finalize())
}

/// Checks a record's seed against its commitment, when it has both.
fn check_commitment(record: &Record) -> Result<(), RecordError> {
    let (Some(commitment), Some(seed)) = (&record.commitment, record.seed) else {
        return Ok(());
    };
    let salt = record.salt.as_deref().ok_or_else(|| {
        RecordError::Commitment("the record gives a seed and a commitment but no salt".into())
    })?;
    if seed_commitment(seed, salt) != *commitment {
        return Err(RecordError::Commitment(format!(
            "seed {seed} with salt {salt:?} is not the seed committed to ({commitment})"
        )));
    }
    Ok(())
}

/// A game in progress: the position, the throws' source and the record so far.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    position: Position,
    record: Record,
    throws: Option<SeededThrows>,
}

impl Game {
    /// A new game from the usual start, its throws drawn from `seed`.
    pub fn new(rules: Rules, seed: u64) -> Result<Game, RulesError> {
        let variant = Variant::new(rules)?;
        let position = variant.start_position();
        let mut game = Game::from_position(variant, position, None);
        game.record.seed = Some(seed);
        game.throws = Some(SeededThrows::new(seed));
        Ok(game)
    }

    /// A game from any position, with throws supplied from outside
    /// ([`Game::apply_throws`]) unless `seed` is given.
    pub fn from_position(variant: Variant, position: Position, seed: Option<u64>) -> Game {
        let start = (position != variant.start_position()).then(|| variant.to_json(&position));
        let record = Record {
            format: RECORD_FORMAT.into(),
            rules: RulesSpec::from_rules(variant.rules()),
            size: variant.rules().size,
            players: variant.rules().players,
            seed,
            commitment: None,
            salt: None,
            start,
            turns: Vec::new(),
            result: None,
        };
        Game {
            throws: seed.map(SeededThrows::new),
            variant,
            position,
            record,
        }
    }

    /// The rules compiled.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }
    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// The record so far.
    pub fn record(&self) -> &Record {
        &self.record
    }
    /// Throwing phases played so far.
    pub fn turns(&self) -> usize {
        self.record.turns.len()
    }

    /// Throws for the player to move from the game's seeded source.
    pub fn throw(&mut self) -> Result<ThrowReport, ThrowError> {
        let mut source = self.throws.take().ok_or(ThrowError::BadSequence(
            Vec::new(),
            "this game has no seed: supply the throws",
        ))?;
        let result = self.throw_from(&mut source);
        self.throws = Some(source);
        result
    }

    /// Throws for the player to move from any source.
    pub fn throw_from<S: ThrowSource + ?Sized>(
        &mut self,
        source: &mut S,
    ) -> Result<ThrowReport, ThrowError> {
        let player = self.position.to_move() as u8;
        let report = self.variant.throw(&mut self.position, source)?;
        self.record.turns.push(TurnRecord {
            skipped: 0,
            player,
            throws: report.throws.iter().map(|c| c.mouths_up()).collect(),
            moves: Vec::new(),
        });
        self.after_step();
        Ok(report)
    }

    /// Plays a throwing phase supplied from outside (mouths-up counts).
    pub fn apply_throws(&mut self, mouths_up: &[u8]) -> Result<ThrowStep, ThrowError> {
        let player = self.position.to_move() as u8;
        let step = self.variant.apply_throws(&mut self.position, mouths_up)?;
        self.record.turns.push(TurnRecord {
            skipped: 0,
            player,
            throws: mouths_up.to_vec(),
            moves: Vec::new(),
        });
        self.after_step();
        Ok(step)
    }

    /// Plays a legal move of the player to move.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.variant.play(&mut self.position, mv)?;
        if let Some(turn) = self.record.turns.last_mut() {
            turn.moves.push(mv.into());
        }
        self.after_step();
        Ok(())
    }

    /// Applies the turn limit and writes the result once the game is over.
    fn after_step(&mut self) {
        let pos = &mut self.position;
        if let Some(limit) = self.variant.rules().turn_limit {
            if pos.must_throw() && self.record.turns.len() >= limit as usize {
                self.variant.draw_now(pos, DrawReason::TurnLimit);
            }
        }
        if pos.is_over() {
            self.record.result = Some(result_of(pos));
        }
    }

    /// Replays a record, checking every throw (against the seed, when there is one),
    /// every move and the result. The last turn may stop with values still in the bag
    /// (a game saved in the middle of a turn).
    pub fn replay(record: &Record) -> Result<Game, RecordError> {
        if record.format != RECORD_FORMAT {
            return Err(RecordError::Format(record.format.clone()));
        }
        let mut rules = record.rules.to_rules()?;
        rules.size = record.size;
        rules.players = record.players;
        let variant = Variant::new(rules)?;
        let position = match &record.start {
            Some(json) => variant.check(json)?,
            None => variant.start_position(),
        };
        check_commitment(record)?;
        let mut game = Game::from_position(variant, position, record.seed);
        game.record.commitment = record.commitment.clone();
        game.record.salt = record.salt.clone();
        for (t, turn) in record.turns.iter().enumerate() {
            let turn_no = t + 1;
            let err = |reason: String| RecordError::Turn {
                turn: turn_no,
                reason,
            };
            if game.position.is_over() {
                return Err(err("the game was already over".into()));
            }
            if !game.position.must_throw() {
                return Err(err("the previous turn still had values to move".into()));
            }
            if turn.player as usize != game.position.to_move() {
                return Err(err(format!(
                    "player {} recorded, but player {} is to move",
                    turn.player,
                    game.position.to_move()
                )));
            }
            if let Some(source) = game.throws.as_mut() {
                let table = game.variant.table();
                for _ in 0..turn.skipped {
                    source.throw_cowries(table.cowries(), table.mouth_up());
                }
                let mut expected = Vec::new();
                let mut probe = game.position;
                loop {
                    let u = source
                        .throw_cowries(
                            game.variant.table().cowries(),
                            game.variant.table().mouth_up(),
                        )
                        .mouths_up();
                    expected.push(u);
                    if game.variant.throw_step(&mut probe, u) != ThrowStep::Again {
                        break;
                    }
                }
                if expected != turn.throws {
                    return Err(err(format!(
                        "recorded throws {:?} are not the seed's {:?}",
                        turn.throws, expected
                    )));
                }
            }
            game.apply_throws(&turn.throws)
                .map_err(|source| RecordError::Throw {
                    turn: turn_no,
                    source,
                })?;
            for (m, mv) in turn.moves.iter().enumerate() {
                let from = match mv.from {
                    -1 => None,
                    i => Some(u8::try_from(i).map_err(|_| {
                        err(format!("move {}: from {i} is not a path index", m + 1))
                    })?),
                };
                let found = game
                    .variant
                    .find_move(&game.position, mv.value, from, mv.count)
                    .map_err(|source| RecordError::Move {
                        turn: turn_no,
                        index: m + 1,
                        source,
                    })?;
                game.play(found).map_err(|source| RecordError::Move {
                    turn: turn_no,
                    index: m + 1,
                    source,
                })?;
            }
            let last = turn_no == record.turns.len();
            if !last && !game.position.is_over() && !game.position.must_throw() {
                return Err(err("the turn ends with values still to move".into()));
            }
        }
        if let Some(recorded) = &record.result {
            let replayed = game.record.result.clone();
            if replayed.as_ref() != Some(recorded) {
                return Err(RecordError::Result {
                    recorded: format!("{recorded:?}"),
                    replayed: format!("{replayed:?}"),
                });
            }
        }
        Ok(game)
    }

    /// Parses and replays a record from JSON text.
    pub fn load(text: &str) -> Result<Game, RecordError> {
        let record: Record =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        Game::replay(&record)
    }

    /// The record as pretty JSON.
    pub fn save(&self) -> String {
        serde_json::to_string_pretty(&self.record).expect("records serialize")
    }
}

fn result_of(pos: &Position) -> ResultRecord {
    ResultRecord {
        winner: pos.winner().map(|w| w as u8),
        places: if pos.places().len() > 1 {
            pos.places().to_vec()
        } else {
            Vec::new()
        },
        draw: pos.draw().map(|d| d.name().to_string()),
    }
}
