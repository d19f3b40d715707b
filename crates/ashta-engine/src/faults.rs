//! What exactly is wrong with a part of the input, for the errors that name the part:
//! each a closed set of reasons, so a caller can match on them and the words are
//! written once.

use thiserror::Error;

/// Why a throwing phase given from outside is refused ([`crate::ThrowError::BadSequence`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum SequenceFault {
    /// The last throw is a grace: the phase is not over.
    #[error("it ends on a grace, so the player must throw again")]
    EndsOnGrace,
    /// A throw that was not a grace (or voided the turn) came before the last one.
    #[error("the throwing phase ended before its last throw")]
    EndedEarly,
    /// No throw at all.
    #[error("no throws given: a throwing phase has at least one")]
    Empty,
    /// The game has no seeded source to throw from.
    #[error("this game has no seed: supply the throws")]
    NoSeed,
}

/// Why a position's bag cannot be what one throwing phase left
/// ([`crate::PositionError::ImpossibleBag`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum BagFault {
    /// More values than the bag holds.
    #[error("more values than a phase may throw")]
    TooMany,
    /// A finished game holds a bag.
    #[error("the game is over")]
    GameOver,
    /// Two values that are not graces.
    #[error("a throwing phase ends with its first value that is not a grace")]
    TwoPlain,
    /// Three graces under the forfeit flag.
    #[error("a third grace in a row voids the turn under the forfeit flag")]
    ThirdGrace,
}

/// Why a position's extra turns cannot be
/// ([`crate::PositionError::BadExtraTurns`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
pub enum ExtraTurnsFault {
    /// Not a count a position holds.
    #[error("must be 0 to 255")]
    OutOfRange,
    /// The rules give no extra turn.
    #[error("these rules give no extra turn for a capture")]
    NoCaptureBonus,
    /// Only a capture gives an extra turn.
    #[error("the player to move has never captured")]
    NeverCaptured,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
}

/// Why an entry of a position's `blocks` is refused ([`crate::PositionError::BadBlock`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum BlockFault {
    /// The rules have no doubles.
    #[error("these rules have no doubles")]
    NoDoubles,
    /// The owner is not a player.
    #[error("owner {0} is not a player")]
    Owner(i64),
    /// The block is not on the outer ring.
    #[error("at {at} is not on the outer ring (0..{outer})")]
    NotOuter {
        /// The path index given.
        at: i64,
        /// The outer ring's length.
        outer: usize,
    },
    /// The square is safe (named).
    #[error("{0} is safe, where no double forms")]
    Safe(String),
    /// The owner has no double on the square (named).
    #[error("player {owner} has no double on {square}")]
    NoDouble {
        /// The owner.
        owner: usize,
        /// The square's name.
        square: String,
    },
    /// The block blocks nobody.
    #[error("blocked is empty: leave out a double that blocks nobody")]
    NobodyBlocked,
    /// A blocked player who is the owner, listed twice, finished or not a player.
    #[error("blocked player {0} must be a distinct opponent still playing")]
    Blocked(i64),
    /// Two blocks on one square (named).
    #[error("two blocks on {0}")]
    TwoBlocks(String),
}

/// Why a position's result (`winner`, `places`, `draw`, `claimed`) does not agree with
/// its pawns or rules ([`crate::PositionError::BadResult`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum ResultFault {
    /// `places` under finish `first`.
    #[error("places is only used with finish \"places\"")]
    PlacesWithoutPlacesMode,
    /// `places` names a player twice or one not in the game.
    #[error("places {0:?} must name distinct players")]
    Places(Vec<i64>),
    /// A player with every pawn home is not placed.
    #[error("player {0} has every pawn home but is not in winner/places")]
    FinishedUnplaced(i64),
    /// A placed player has not finished (and is not the last place or the claimant).
    #[error("player {0} is placed but has not brought every pawn home")]
    PlacedUnfinished(i64),
    /// The winner is not the first placed.
    #[error("winner {0} is not the first to finish")]
    Winner(i64),
    /// Places without a winner.
    #[error("a player has finished, so winner must be given")]
    NoWinner,
    /// Two finishers under finish `first`.
    #[error("with finish \"first\" the game ends when one player finishes")]
    TwoFinishers,
    /// A draw reason the format does not have.
    #[error("draw reason {0:?} is not \"frozen\", \"turn limit\" or \"declared\"")]
    DrawReason(String),
    /// A claimed win with nobody placed.
    #[error("a claimed win must name its winner")]
    ClaimWithoutWinner,
    /// Won and drawn at once.
    #[error("a finished game cannot also be drawn")]
    WonAndDrawn,
    /// Places mode with all but one placed, the last not given.
    #[error("all but one player have finished, so the last place must be given")]
    LastPlaceMissing,
}
