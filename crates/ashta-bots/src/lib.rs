//! # ashta-bots
//!
//! Computer players for Ashta Chamma, from a beginner to the strongest we have, all
//! built on [`ashta_engine`]:
//!
//! - [`RandomBot`]: uniform over the legal moves of each moment;
//! - [`GreedyBot`]: the play whose resulting position the [`Evaluator`] likes best;
//! - `expecti`: expectiminimax over exact throw outcomes;
//! - `mcts`: Monte Carlo tree search with chance nodes;
//! - [`gauntlet`]: one-play bots of distinct styles to measure the others against.
//!
//! The searching bots evaluate positions with a [`ValueNet`] learned from self-play
//! where one is shipped for the rules ([`net`]), else with the [`Evaluator`]'s weights.
//!
//! A bot decides a whole *play* (every value of the bag) at once, and can say why:
//! [`Bot::analyse`] scores every candidate play. Every bot is deterministic for a seed.

#![warn(missing_docs)]

pub mod analysis;
pub mod arena;
pub mod chi_square;
pub mod eval;
mod expecti;
pub mod external;
pub mod gauntlet;
mod greedy;
mod mcts;
pub mod net;
pub mod opponent_model;
mod random;
mod registry;
pub mod session;
pub mod stats;
pub mod stop;
pub mod tournament;
pub mod tuning;

pub use arena::{play_game, try_play_game, BagWatch, BotFailure, Outcome};
pub use eval::{Evaluator, WeightSet, Weights};
pub use expecti::{ExpectiBot, ExpectiConfig, MultiPlayer};
pub use external::ExternalBot;
pub use greedy::GreedyBot;
pub use mcts::{MctsBot, MctsConfig, Opponents};
pub use net::ValueNet;
pub use random::RandomBot;
pub use registry::{make_bot, BotError, BOT_NAMES};
pub use stop::{CancelOnDrop, Stop};
pub use tuning::Tuning;

use ashta_engine::{Play, Position, Variant};

/// A candidate play and a bot's score for it.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The play: its moves and the position after it.
    pub play: Play,
    /// The bot's estimate of the mover's chance to win after this play (0..1).
    pub score: f64,
}

/// A computer player.
pub trait Bot: Send {
    /// The bot's name as given to [`make_bot`].
    fn name(&self) -> String;

    /// Every distinct play of the bag of the player to move with this bot's score,
    /// best first. Empty when the player must throw or the game is over.
    fn analyse(&mut self, variant: &Variant, pos: &Position) -> Vec<Candidate>;

    /// The play this bot makes (the best of [`Bot::analyse`] unless the bot says
    /// otherwise). `None` when the player must throw or the game is over.
    fn choose(&mut self, variant: &Variant, pos: &Position) -> Option<Play> {
        self.analyse(variant, pos)
            .into_iter()
            .next()
            .map(|c| c.play)
    }

    /// [`Bot::choose`] for a bot that can fail (an external engine that died, timed
    /// out or answered something that is not a legal play): the reason instead of a
    /// play. Bots that cannot fail keep this default.
    fn try_choose(&mut self, variant: &Variant, pos: &Position) -> Result<Option<Play>, String> {
        Ok(self.choose(variant, pos))
    }

    /// Sees a decision made at the table (by any seat, this bot's own included): the
    /// player to move in `before` held a bag and played it out to `after`. Bots that
    /// learn how the others play use it; the others keep this default, which ignores it.
    fn observe(&mut self, _variant: &Variant, _before: &Position, _after: &Position) {}

    /// Starts a new game: forget anything kept between decisions.
    fn new_game(&mut self) {}

    /// Stops the searches of the decisions to come at `stop` (a deadline, a cancel flag)
    /// whatever the bot's own budget, answering with the best found so far. Bots that
    /// decide at once keep this default, which ignores it.
    fn set_stop(&mut self, _stop: Stop) {}

    /// Frees what the bot keeps between decisions only to go faster (a search tree, a
    /// transposition table), for a bot that waits long between decisions (a server's,
    /// for a person to move). Its choices stay legal and as strong. Bots that keep
    /// nothing keep this default.
    fn release_memory(&mut self) {}
}

/// Whether a pair may land on an opponent's double and capture it under `v`'s rules.
pub(crate) fn pairs_capture_doubles(v: &Variant) -> bool {
    v.rules().doubles && v.rules().pair_capture
}

/// How many of player `p`'s pawns stand at path index `i` (on a safe square too).
pub(crate) fn pawns_at(v: &Variant, pos: &Position, p: usize, i: usize) -> usize {
    v.pawns(pos, p).filter(|&x| x == Some(i)).count()
}

/// Sorts candidates best first; ties keep the engine's play order.
pub(crate) fn sort_candidates(c: &mut [Candidate]) {
    c.sort_by(|a, b| b.score.total_cmp(&a.score));
}
