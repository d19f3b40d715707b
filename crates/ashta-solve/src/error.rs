//! What can go wrong when solving, reading a table or looking a position up.

use std::path::PathBuf;

use ashta_engine::{PositionError, RulesError, ThrowError};
use thiserror::Error;

/// An error of the solver or of its table file.
#[derive(Debug, Error)]
pub enum SolveError {
    /// The solver handles two players only.
    #[error("the solver handles two-player games only, not {0} players")]
    Players(u8),
    /// The compact core is made for the 5×5 board.
    #[error("the solver handles the 5×5 board only, not {0}×{0}")]
    Size(u8),
    /// The compact core holds at most four pawns a player.
    #[error("the solver handles 1 to 4 pawns a player, not {0}")]
    Pawns(usize),
    /// A turn limit would have to be part of every position.
    #[error("the solver needs rules without a turn limit (these rules draw after {0} turns)")]
    TurnLimit(u32),
    /// The rules themselves are invalid.
    #[error("rules: {0}")]
    Rules(#[from] RulesError),
    /// The engine refused a position.
    #[error("position: {0}")]
    Position(#[from] PositionError),
    /// The engine refused a throwing phase.
    #[error("throw: {0}")]
    Throw(#[from] ThrowError),
    /// A position that is not at the start of a turn where one was needed.
    #[error(
        "the position is not at the start of a turn: its bag must be empty and the game not over"
    )]
    NotTurnStart,
    /// The engine's walk over the ways to play a bag stopped at its limit.
    #[error("a bag has more ways to be played than the engine lists ({0}): the solution would not be exact")]
    PlaysIncomplete(String),
    /// A position the table holds no value for.
    #[error("the table holds no value for this position (it cannot be reached from the start)")]
    Unreached,
    /// A table file that cannot be used.
    #[error("table file {path}: {reason}")]
    Table {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// No table has been built for these rules.
    #[error("no solution table for these rules at {path}: build it with `{command}`")]
    MissingTable {
        /// Where the table was looked for.
        path: PathBuf,
        /// The command that builds it.
        command: String,
    },
    /// A table that does not hold the endgames of a game.
    #[error("the table solves {table}, which holds no endgame of this game ({game}): it must be the same two-player rules with fewer pawns")]
    OtherGame {
        /// The table's rules (JSON).
        table: String,
        /// The game's rules (JSON).
        game: String,
    },
    /// Reading or writing a file failed.
    #[error("{path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The failure.
        error: std::io::Error,
    },
}
