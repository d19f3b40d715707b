//! # ashta-session
//!
//! The session layer: it may drive games on the engine (seats, throws, moves, turn
//! caps, undo, saves, self-play, the words for a move) and define what a bot is, but it
//! knows no bot by name, searches nothing and does no I/O.
//!
//! - [`Bot`]: a computer player, with the [`Candidate`] plays it scores and the [`Stop`]
//!   that ends its searches;
//! - [`Session`]: one game at a table, the one driver of every front end;
//! - [`selfplay`]: whole games between bots, the one self-play set-up;
//! - [`describe`]: seat and square names and the facts of a move, said once;
//! - [`primer`]: the rules in short, worded from the rule set being played.

#![warn(missing_docs)]

pub mod bag_watch;
pub mod bot;
pub mod describe;
pub mod outcome;
pub mod primer;
pub mod saved;
pub mod seats;
pub mod selfplay;
pub mod session;
pub mod stop;
pub mod tutorial;

pub use bag_watch::BagWatch;
pub use bot::{Bot, Candidate};
pub use outcome::{BotFailure, Outcome};
pub use saved::{SavedGame, SAVE_FORMAT};
pub use seats::{SeatError, SeatKind};
pub use selfplay::{bot_table, play_game, record_game, try_play_game};
pub use session::{mover_rng, Decided, Next, Session, SessionError, Step};
pub use stop::{CancelOnDrop, Stop};
