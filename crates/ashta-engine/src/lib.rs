//! # ashta-engine
//!
//! The rules: it may compute everything the rules say (positions, throws, legal moves,
//! plays, records and their walk, perft) but does no I/O and knows no bot, seat or
//! front end.
//!
//! The rules of Ashta Chamma (Chowka Bhara) as a library: board geometry for any odd
//! size, cowrie throws, legal moves, playing moves and whole turns, the JSON position
//! format, a compact notation, game records and perft. No I/O.
//!
//! ```
//! use ashta_engine::{Rules, Variant, MoveList, SeededThrows};
//!
//! let variant = Variant::new(Rules::standard()).unwrap();
//! let mut pos = variant.start_position();
//! let mut throws = SeededThrows::new(1);
//! variant.throw(&mut pos, &mut throws).unwrap();
//! let mut moves = MoveList::new();
//! variant.legal_moves(&pos, &mut moves);
//! if let Some(&mv) = moves.first() {
//!     variant.play(&mut pos, mv).unwrap();
//! }
//! ```

#![warn(missing_docs)]

mod chance;
mod error;
mod features;
#[cfg(feature = "clap")]
mod flags;
mod game;
mod geometry;
mod moves;
mod notation;
mod perft;
mod plays;
mod position;
mod record;
mod rules;
mod selfplay;
mod setup;
mod throws;
mod variant;
mod walk;

pub use chance::{ThrowOutcome, MAX_OUTCOME_THROWS};
pub use error::{
    IllegalMove, MoveError, PositionError, RulesError, ThrowError, TurnError, UndoError,
    VariantMismatch,
};
#[cfg(feature = "clap")]
pub use flags::RuleFlags;
pub use game::{Game, GameMark, OneThrow};
pub use geometry::{Geometry, Seat, Square, MAX_SIZE, MAX_SQUARES};
pub use moves::{Move, MoveList, MAX_MOVES};
pub use notation::{parse_any, parse_notation};
pub use perft::PerftBranch;
pub use plays::{Play, PlayEnds, PlayList, PLAYS_LIMIT};
pub use position::{Block, DrawReason, Phase, Position, MAX_BAG, MAX_BLOCKS, MAX_PLAYERS, OFF};
pub use record::{
    seed_commitment, MoveRecord, Record, RecordError, ResultRecord, TurnRecord, RECORD_FORMAT,
};
pub use rules::{
    default_table, Entry, Face, Finish, Gate, NamedTable, Preset, Rules, RulesObject, RulesSpec,
    SafeLayout, SafeSpec, TableSpec, ThreeGraces, MAX_COWRIES, MAX_PAWNS,
};
pub use selfplay::{random_game, random_games, GameResult, Summary, DEFAULT_SIM_TURN_LIMIT};
pub use setup::{parse_position, BlockJson, MoveJson, PositionJson};
pub use throws::{throw_with_rng, Cowries, SeededThrows, ThrowSource, ThrowTable, MAX_FACES};
pub use variant::{Forfeit, Played, ThrowReport, ThrowStep, Unusable, Variant};
pub use walk::{Moment, RecordWalk};
