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
//! ## A game, start to finish
//!
//! A [`Variant`] is a checked rule set; a [`Position`] is plain data it interprets; a
//! [`Game`] holds a position, the throws' source and the record. A turn has two
//! phases, and [`Position::phase`] (the same as [`Game::phase`]) says exactly which:
//! while [`Phase::Throwing`] no move is legal and the player throws; while
//! [`Phase::Moving`] some move is legal and a throw is refused.
//!
//! There is one way to throw and one way to play. A throw ([`Game::throw`]) comes
//! from the game's own seeded source, from any source of the caller's (a random
//! generator), or is entered as mouths up ([`ThrowFrom`]); a move is checked once,
//! where it is read ([`Game::check`]), and played without being checked again
//! ([`CheckedMove::play`]).
//!
//! ```
//! use ashta_engine::{Game, MoveList, Phase, Rules, ThrowFrom};
//!
//! // Two players on the standard board; the throws come from seed 7.
//! let mut rules = Rules::standard();
//! rules.players = 2;
//! let mut game = Game::new(rules, 7).unwrap();
//! let variant = game.variant().clone();
//! let mut moves = MoveList::new();
//! for _ in 0..60 {
//!     match game.phase() {
//!         Phase::Throwing => {
//!             // One throw from the game's source: a grace throws again, and the
//!             // phase ends with a throw that is not one.
//!             let one = game.throw(ThrowFrom::Own).unwrap();
//!             assert_eq!(one.cowries.count, 4);
//!         }
//!         Phase::Moving => {
//!             variant.legal_moves(game.position(), &mut moves);
//!             assert!(!moves.is_empty());
//!             // A move read as its value, unit and pawns is checked once; the checked
//!             // move plays at this moment of the game, and says what happened.
//!             let (value, from, count) = (moves[0].value(), moves[0].from(), moves[0].count());
//!             let checked = game.check(value, from, count).unwrap();
//!             let played = checked.play();
//!             assert_eq!(played.mv, moves[0]);
//!         }
//!         Phase::Over => break,
//!     }
//! }
//! // The record replays to the same position.
//! assert_eq!(Game::replay(game.record()).unwrap().position(), game.position());
//! ```
//!
//! Without a game, the variant throws and plays on a position directly: a throwing
//! phase comes from a source or is given as mouths up ([`Variant::throw`] with a
//! [`PhaseFrom`]), and a move is played with [`Variant::play`], which
//! checks it once and says what happened. Searches that play thousands of moves of
//! their own use the fast paths of [`fast`]: a move of the legal list played
//! unchecked, one throw at a time, the ends of a bag's plays into kept buffers.
//!
//! ```
//! use ashta_engine::{MoveList, Phase, PhaseFrom, Rules, SeededThrows, Variant};
//!
//! let variant = Variant::new(Rules::standard()).unwrap();
//! let mut pos = variant.start_position();
//! variant.throw(&mut pos, PhaseFrom::Source(&mut SeededThrows::new(1))).unwrap();
//! let mut moves = MoveList::new();
//! variant.legal_moves(&pos, &mut moves);
//! if let Some(&mv) = moves.first() {
//!     variant.play(&mut pos, mv).unwrap();
//! }
//! assert_ne!(pos.phase(), Phase::Over);
//! ```
//!
//! With the `clap` feature the rule enums derive `clap::ValueEnum`, and `RuleFlags`
//! (only built with that feature) gives every rule setting as a command-line flag.

#![warn(missing_docs)]

mod chance;
mod error;
pub mod fast;
mod faults;
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
mod setup;
mod standings;
mod throws;
mod variant;
mod walk;

pub use chance::{ThrowOutcome, MAX_OUTCOME_THROWS};
pub use error::{
    IllegalMove, MoveError, PositionError, RulesError, TakeBackError, ThrowError, TurnError,
    UndoError, VariantMismatch,
};
pub use faults::{BagFault, BlockFault, ExtraTurnsFault, ResultFault, SequenceFault};
#[cfg(feature = "clap")]
pub use flags::RuleFlags;
pub use game::{CheckedMove, Game, GameMark, MoveChecker, OneThrow, ThrowFrom};
pub use geometry::{Geometry, Seat, Square, MAX_SIZE, MAX_SQUARES};
pub use moves::{Move, MoveList, MAX_MOVES};
pub use notation::{parse_any, parse_notation};
pub use perft::PerftBranch;
pub use plays::{Play, PlayEnds, PlayList, PLAYS_LIMIT};
pub use position::{Block, DrawReason, Phase, Position, MAX_BAG, MAX_BLOCKS, MAX_PLAYERS, OFF};
pub use record::{
    seed_commitment, CommitmentFault, MoveRecord, Record, RecordError, ResultRecord, TurnFault,
    TurnRecord, RECORD_FORMAT,
};
pub use rules::{
    default_table, Entry, Face, Finish, Gate, NamedTable, Preset, Rules, RulesObject, RulesSpec,
    SafeLayout, SafeSpec, TableSpec, ThreeGraces, MAX_COWRIES, MAX_PAWNS,
};
pub use setup::{parse_position, BlockJson, MoveJson, PositionJson};
pub use standings::Standing;
pub use throws::{Cowries, SeededThrows, ThrowSource, ThrowTable, MAX_FACES};
pub use variant::{Forfeit, PhaseFrom, Played, ThrowReport, ThrowStep, Unusable, Variant};
pub use walk::{Moment, RecordWalk};
