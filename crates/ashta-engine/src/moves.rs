//! Moves: one value of the bag spent on one unit (a pawn or a pair), or on bringing
//! pawns onto the board under grace entry.

use arrayvec::ArrayVec;
use std::fmt;

/// Most moves one position can have: 16 distinct values in a bag (a table has at most
/// [`crate::MAX_FACES`] values) × 16 pawns. For one value, a square holding a
/// run of `r` pawns gives at most `min(r, 2)` moves (the pawn, the pair), never more
/// than its pawns, home pawns give none, and the pawns off the board one entry: at most
/// one move per pawn, [`crate::MAX_PAWNS`].
pub const MAX_MOVES: usize = crate::throws::MAX_FACES * crate::rules::MAX_PAWNS;

/// A fixed-capacity list of moves; generation fills one without allocating.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// A move and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The bag value spent.
    pub value: u8,
    /// The unit's path index, or `None` when pawns enter from off the board.
    pub from: Option<u8>,
    /// The path index where the unit lands (0 for an entry).
    pub to: u8,
    /// Pawns moved: 1 (a pawn), 2 (a pair), or the number entering.
    pub count: u8,
    /// The player whose pawn(s) the move captures, if any.
    pub capture: Option<u8>,
}

impl Move {
    /// `from` as written in JSON: the path index, or −1 for an entry.
    pub fn from_index(&self) -> i16 {
        self.from.map_or(-1, i16::from)
    }
    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.capture.is_some()
    }
}

impl fmt::Display for Move {
    /// `value:from>to`, `x2` for a pair, `*` for a capture; an entry is `value:+count`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from {
            None => write!(f, "{}:+{}", self.value, self.count)?,
            Some(from) => {
                write!(f, "{}:{}>{}", self.value, from, self.to)?;
                if self.count > 1 {
                    write!(f, "x{}", self.count)?;
                }
            }
        }
        if self.capture.is_some() {
            f.write_str("*")?;
        }
        Ok(())
    }
}
