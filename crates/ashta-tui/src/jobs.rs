//! Work that may take a while, done away from the screen: a bot deciding its play and
//! the hint ranking the human's plays by rollouts ([`ashta_analysis::hint()`]). The
//! app hands out [`Job`]s; the event loop runs each on a worker thread (tests run them in
//! place) and gives the [`JobDone`] back.
//!
//! A deciding bot is the seat's own bot, lent by the session
//! ([`ashta_session::Session::lend_bot`]) and given back with the answer
//! ([`ashta_session::Session::return_bot`]), so each seat keeps one bot that sees
//! every decision of the game.

use ashta_analysis::{hint, HintConfig};
use ashta_engine::{Play, Position, Variant};
use ashta_session::Bot;

/// A piece of work for a bot.
pub enum Job {
    /// The bot of seat `player` chooses its play of the whole bag.
    Decide {
        /// The seat.
        player: usize,
        /// The app's generation when asked (an undo or load makes older answers stale).
        generation: u64,
        /// The seat's bot, lent by the session to the job.
        bot: Box<dyn Bot>,
        /// The rules.
        variant: Variant,
        /// The position to decide in.
        position: Position,
    },
    /// The hint ranks the plays of the player to move.
    Hint {
        /// The app's generation when asked.
        generation: u64,
        /// The hint's time budget and seed.
        config: HintConfig,
        /// The rules.
        variant: Variant,
        /// The position to rank plays in.
        position: Position,
    },
}

/// A finished [`Job`], with the bot given back.
pub enum JobDone {
    /// A bot's play.
    Decided {
        /// The seat.
        player: usize,
        /// The generation the job was asked in.
        generation: u64,
        /// The seat's bot, to give back to the session.
        bot: Box<dyn Bot>,
        /// Its play (`None` if it found none).
        play: Option<Play>,
    },
    /// The hint's ranking, best first.
    Hint {
        /// The generation the job was asked in.
        generation: u64,
        /// The position it ranked plays in.
        position: Position,
        /// Every play with the estimated chance of the mover to win after it.
        plays: Vec<(Play, f64)>,
    },
}

impl Job {
    /// Does the work (this may take as long as the bot's budget).
    pub fn run(self) -> JobDone {
        match self {
            Job::Decide {
                player,
                generation,
                mut bot,
                variant,
                position,
            } => {
                let play = bot.choose(&variant, &position);
                JobDone::Decided {
                    player,
                    generation,
                    bot,
                    play,
                }
            }
            Job::Hint {
                generation,
                config,
                variant,
                position,
            } => {
                let ranked = hint(&variant, &position, &config);
                JobDone::Hint {
                    generation,
                    position,
                    plays: ranked.plays.into_iter().map(|r| (r.play, r.win)).collect(),
                }
            }
        }
    }
}
