//! Game records: what a game stores and `ashta verify` reads ([`crate::Game`] writes and
//! replays them).
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

use crate::error::{MoveError, PositionError, RulesError, ThrowError, TurnError};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::RulesSpec;
use crate::setup::PositionJson;
use crate::variant::Variant;

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
    /// Seed of the throws, when they came from [`crate::SeededThrows`].
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
    /// The players who resigned (RULES.md 8.7), in the order they did: the result
    /// places them last, the later above the earlier. Left out when nobody resigned.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resigned: Vec<u8>,
    /// The game was aborted before any move (RULES.md 8.8): it ended as a draw declared
    /// at the table, and counts for nobody. Written only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
    /// The throws were entered at the table (RULES.md 8.10): people threw real cowries
    /// and said what fell. There is no seed and nothing to check them against; the
    /// replay checks every rule as usual. Written only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub table: bool,
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

impl Record {
    /// The checked rules of this record and the position it starts from.
    pub(crate) fn start(&self) -> Result<(Variant, Position), RecordError> {
        let mut rules = self.rules.to_rules()?;
        rules.size = self.size;
        rules.players = self.players;
        let variant = Variant::new(rules)?;
        let pos = match &self.start {
            Some(json) => variant.check(json)?,
            None => variant.start_position(),
        };
        Ok((variant, pos))
    }
}

impl From<Move> for MoveRecord {
    fn from(mv: Move) -> MoveRecord {
        MoveRecord {
            value: mv.value(),
            from: mv.from_index(),
            count: mv.count(),
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
    /// `"frozen"`, `"turn limit"` or `"declared"` (ended at the table, outside the
    /// rules) for a draw.
    pub draw: Option<String>,
    /// The game was won by a claim at the table, not by the moves (RULES.md 8.6): every
    /// opponent still in it had left, and the last placed player claimed it. Written
    /// only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub claimed: bool,
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
    #[error("turn {turn}: {fault}")]
    Turn {
        /// Turn number, from 1.
        turn: usize,
        /// What is wrong.
        fault: TurnFault,
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
    /// A record of throws entered at the table that also names a seed.
    #[error("the throws were entered at the table, so the record cannot have a seed")]
    TableWithSeed,
    /// The seed is not the one committed to before the game.
    #[error("commitment: {0}")]
    Commitment(CommitmentFault),
    /// The recorded result is not what the replay gives.
    #[error("recorded result {recorded} but the replay gives {replayed}")]
    Result {
        /// What the record says.
        recorded: String,
        /// What the replay gives.
        replayed: String,
    },
}

/// Why a turn of a record does not replay ([`crate::RecordError::Turn`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum TurnFault {
    /// The game had ended before the turn.
    #[error("the game was already over")]
    AlreadyOver,
    /// The turn before left values in the bag.
    #[error("the previous turn still had values to move")]
    PreviousUnfinished,
    /// Another player is to move.
    #[error("player {recorded} recorded, but player {to_move} is to move")]
    WrongPlayer {
        /// The player the record names.
        recorded: u8,
        /// The player to move.
        to_move: u8,
    },
    /// The turn has no throw.
    #[error("a turn without throws")]
    NoThrows,
    /// The record's throws are not those its seed gives.
    #[error("recorded throws {recorded:?} are not the seed's {seeded:?}")]
    NotTheSeeds {
        /// Mouths up, as recorded.
        recorded: Vec<u8>,
        /// Mouths up, as the seed throws them.
        seeded: Vec<u8>,
    },
    /// A move's unit is no path index.
    #[error("move {index}: from {from} is not a path index")]
    BadFrom {
        /// The move's number in the turn, from 1.
        index: usize,
        /// The recorded unit.
        from: i16,
    },
    /// The turn's moves are not one whole play of its bag (as a review reads a turn).
    #[error("the moves do not make a whole play of the bag")]
    NotAWholePlay,
    /// A turn before the last ends with values in the bag.
    #[error("the turn ends with values still to move")]
    EndsWithValues,
    /// A recorded resignation the game refuses.
    #[error("player {player} cannot resign: {source}")]
    CannotResign {
        /// The player.
        player: u8,
        /// Why not.
        source: TurnError,
    },
    /// A recorded abort the game refuses.
    #[error("the game cannot be aborted: {0}")]
    CannotAbort(TurnError),
}

/// Why a record's seed is not the one committed to ([`crate::RecordError::Commitment`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum CommitmentFault {
    /// A seed and a commitment, but no salt to check them with.
    #[error("the record gives a seed and a commitment but no salt")]
    NoSalt,
    /// The seed and salt do not hash to the commitment.
    #[error("seed {seed} with salt {salt:?} is not the seed committed to ({commitment})")]
    Mismatch {
        /// The revealed seed.
        seed: u64,
        /// The revealed salt.
        salt: String,
        /// The commitment.
        commitment: String,
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
pub(crate) fn check_commitment(record: &Record) -> Result<(), RecordError> {
    let (Some(commitment), Some(seed)) = (&record.commitment, record.seed) else {
        return Ok(());
    };
    let salt = record
        .salt
        .as_deref()
        .ok_or(RecordError::Commitment(CommitmentFault::NoSalt))?;
    if seed_commitment(seed, salt) != *commitment {
        return Err(RecordError::Commitment(CommitmentFault::Mismatch {
            seed,
            salt: salt.to_string(),
            commitment: commitment.clone(),
        }));
    }
    Ok(())
}
