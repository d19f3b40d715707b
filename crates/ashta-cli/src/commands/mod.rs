//! One module per subcommand of `ashta` (but `play`, which has its own modules): each
//! has its arguments and a `run` that writes its output.

pub mod analyze;
pub mod board;
pub mod engine;
pub mod hint;
pub mod moves;
pub mod perft;
pub mod plays;
pub mod record;
pub mod replay;
pub mod rules;
pub mod selfplay;
pub mod serve;
pub mod start;
pub mod stats;
pub mod tournament;
pub mod verify;

use std::path::PathBuf;

use clap::Args;

/// The `--position FILE` argument of the commands that read a position.
#[derive(Args, Clone, Debug)]
pub struct PositionArg {
    /// Position file, in JSON or the compact notation; `-` reads standard input.
    #[arg(long, value_name = "FILE")]
    pub position: PathBuf,
}
