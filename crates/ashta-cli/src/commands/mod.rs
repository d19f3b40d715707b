//! One module per subcommand of `ashta` (but `play`, which has its own modules): each
//! has its arguments and a `run` that writes its output.

#[cfg(feature = "server")]
pub mod admin;
pub mod analyze;
pub mod board;
pub mod completions;
pub mod engine;
pub mod hint;
pub mod man;
pub mod moves;
pub mod perft;
pub mod plays;
pub mod record;
pub mod replay;
pub mod rules;
pub mod selfplay;
#[cfg(feature = "server")]
pub mod serve;
/// `ashta serve` without the web server: says how to get it.
#[cfg(not(feature = "server"))]
#[path = "serve_missing.rs"]
pub mod serve;
pub mod solve;
pub mod start;
pub mod stats;
pub mod tournament;
pub mod verify;

use std::path::PathBuf;

use ashta_analysis::RolloutConfig;
use clap::Args;

/// The `--position FILE` argument of the commands that read a position.
#[derive(Args, Clone, Debug)]
pub struct PositionArg {
    /// Position file, in JSON or the compact notation; `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub position: PathBuf,
}

/// The rollout arguments `ashta hint` and `ashta analyze` share.
#[derive(Args, Clone, Debug)]
pub struct RolloutArgs {
    /// Throwing phases each rollout plays before the evaluator scores it; 0 plays
    /// every rollout to the end of the game [default: 8 for `hint`, 0 for `analyze`].
    #[arg(long, value_name = "T")]
    pub horizon: Option<u32>,
    /// Seed of the rollouts' throws.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
}

impl RolloutArgs {
    /// The rollouts' settings: `default`'s, with the horizon given.
    pub fn config(&self, default: RolloutConfig) -> RolloutConfig {
        RolloutConfig {
            horizon: self.horizon.unwrap_or(default.horizon),
            ..default
        }
    }
}
