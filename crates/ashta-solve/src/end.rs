//! Where a play ends: a result, or the position the next turn starts from.

/// Where a play ends, seen from the player who made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum End {
    /// The game is over and the player won.
    Win,
    /// The game is over, drawn (frozen).
    Draw,
    /// The game is over and the opponent won.
    Loss,
    /// The same player moves again (an extra turn): the position's index.
    Again(u64),
    /// The opponent moves next: the position's index.
    Passed(u64),
}
