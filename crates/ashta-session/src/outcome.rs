//! How a game between bots ended, and a bot that could not play its turn.

use ashta_engine::DrawReason;

/// How a game between bots ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner (a seat), if any.
    pub winner: Option<usize>,
    /// Why the game was drawn, if it was.
    pub draw: Option<DrawReason>,
    /// Throwing phases played.
    pub turns: u32,
}

/// A bot that could not play its turn: it failed (see [`crate::bot::Bot::try_choose`]), gave no
/// play for a bag, or made an illegal one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {seat} ({bot}): {reason}")]
pub struct BotFailure {
    /// The seat.
    pub seat: usize,
    /// The bot's name.
    pub bot: String,
    /// What went wrong.
    pub reason: String,
}
