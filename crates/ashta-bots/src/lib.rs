//! # ashta-bots
//!
//! The computer players: they may read positions from the engine, implement the
//! session's `Bot` and seat themselves at a `Session`, but they run no tournament,
//! analyse no game and do no I/O besides an external engine's process.
//!
//! - [`RandomBot`]: uniform over the legal moves of each moment;
//! - [`GreedyBot`]: the play whose resulting position the [`Evaluator`] likes best;
//! - `expecti`: expectiminimax over exact throw outcomes;
//! - `mcts`: Monte Carlo tree search with chance nodes;
//! - [`styles`]: the gauntlet, one-play bots of distinct styles to measure the others against;
//! - [`seating`]: `--seats` read into seats, and the bots built for them.
//!
//! The searching bots evaluate positions with a [`ValueNet`] learned from self-play
//! where one is shipped for the rules ([`net`]), else with the [`Evaluator`]'s weights.
//!
//! A bot decides a whole *play* (every value of the bag) at once, and can say why:
//! [`ashta_session::Bot::analyse`] scores every candidate play. Every bot is
//! deterministic for a seed.

#![warn(missing_docs)]

mod board;
pub mod endgames;
pub mod eval;
mod expecti;
pub mod external;
mod greedy;
mod mcts;
pub mod net;
pub mod opponent_model;
mod perfect;
mod random;
mod registry;
pub mod seating;
pub mod styles;
pub mod train;
pub mod tuning;

pub use eval::{Evaluator, WeightSet, Weights};
pub use expecti::{ExpectiBot, ExpectiConfig, MultiPlayer};
pub use external::ExternalBot;
pub use greedy::GreedyBot;
pub use mcts::{MctsBot, MctsConfig, Opponents, KEEP_NODES};
pub use net::ValueNet;
pub use random::RandomBot;
pub use registry::{make_bot, BotError, BotMaker, BOT_NAMES};
pub use tuning::Tuning;
