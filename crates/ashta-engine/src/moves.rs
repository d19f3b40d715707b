//! Moves: one value of the bag spent on one unit (a pawn or a pair), or on bringing
//! pawns onto the board under grace entry.

use arrayvec::ArrayVec;
use std::fmt;

use crate::position::OFF;

/// Most moves one position can have: 16 distinct values in a bag (a table has at most
/// [`crate::MAX_FACES`] values) × 16 pawns. For one value, a square holding a
/// run of `r` pawns gives at most `min(r, 2)` moves (the pawn, the pair), never more
/// than its pawns, home pawns give none, and the pawns off the board one entry: at most
/// one move per pawn, [`crate::MAX_PAWNS`].
pub const MAX_MOVES: usize = crate::throws::MAX_FACES * crate::rules::MAX_PAWNS;

/// A fixed-capacity list of moves; generation fills one without allocating.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// A move and what it does, in four bytes: the value spent, where the unit stands (or
/// that pawns enter), where it lands, and how many pawns move and whom they capture.
///
/// A move is made by the engine ([`crate::Variant::legal_moves`],
/// [`crate::Variant::find_move`]) or by [`Move::new`], and read by its accessors.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    value: u8,
    /// The path index, or [`OFF`] for an entry.
    from: u8,
    to: u8,
    /// The count in the low five bits (1 to 16), and in the top three 0 for no capture
    /// or 1 + the captured player.
    unit: u8,
}

/// Bits of [`Move`]'s `unit` byte that hold the count.
const COUNT_BITS: u8 = 0b1_1111;

impl Move {
    /// A move spending `value` on `count` pawns at path index `from` (`None`: pawns
    /// entering from off the board), landing on path index `to` (0 for an entry) and
    /// capturing the pawns of player `capture`, if any.
    ///
    /// # Panics
    /// When `count` is 0 or above [`crate::MAX_PAWNS`], `capture` is not a player, or
    /// `from` is [`OFF`]: no rule set has such a move.
    #[inline]
    pub const fn new(value: u8, from: Option<u8>, to: u8, count: u8, capture: Option<u8>) -> Move {
        assert!(count >= 1 && count as usize <= crate::rules::MAX_PAWNS);
        let capture = match capture {
            None => 0,
            Some(p) => {
                assert!((p as usize) < crate::position::MAX_PLAYERS);
                p + 1
            }
        };
        let from = match from {
            None => OFF,
            Some(i) => {
                assert!(i != OFF);
                i
            }
        };
        Move::packed(value, from, to, count, capture)
    }

    /// A move from its packed parts, unchecked: `from` is [`OFF`] for an entry,
    /// `capture` 0 for none or 1 + the captured player.
    #[inline(always)]
    pub(crate) const fn packed(value: u8, from: u8, to: u8, count: u8, capture: u8) -> Move {
        Move {
            value,
            from,
            to,
            unit: count | capture << 5,
        }
    }

    /// The bag value spent.
    #[inline]
    pub const fn value(self) -> u8 {
        self.value
    }
    /// The unit's path index, or `None` when pawns enter from off the board.
    #[inline]
    pub const fn from(self) -> Option<u8> {
        if self.from == OFF {
            None
        } else {
            Some(self.from)
        }
    }
    /// The path index where the unit lands (0 for an entry).
    #[inline]
    pub const fn to(self) -> u8 {
        self.to
    }
    /// Pawns moved: 1 (a pawn), 2 (a pair), or the number entering.
    #[inline]
    pub const fn count(self) -> u8 {
        self.unit & COUNT_BITS
    }
    /// The player whose pawn(s) the move captures, if any.
    #[inline]
    pub const fn capture(self) -> Option<u8> {
        match self.unit >> 5 {
            0 => None,
            p => Some(p - 1),
        }
    }
    /// The same move with `count` pawns (a pair instead of a pawn).
    #[inline(always)]
    pub(crate) const fn with_count(self, count: u8) -> Move {
        Move {
            unit: self.unit & !COUNT_BITS | count,
            ..self
        }
    }
    /// `from` as written in JSON: the path index, or −1 for an entry.
    pub fn from_index(self) -> i16 {
        self.from().map_or(-1, i16::from)
    }
    /// Whether the move captures.
    pub fn is_capture(self) -> bool {
        self.unit >> 5 != 0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Move")
            .field("value", &self.value())
            .field("from", &self.from())
            .field("to", &self.to())
            .field("count", &self.count())
            .field("capture", &self.capture())
            .finish()
    }
}

impl fmt::Display for Move {
    /// `value:from>to`, `x2` for a pair, `*` for a capture; an entry is `value:+count`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.from() {
            None => write!(f, "{}:+{}", self.value, self.count())?,
            Some(from) => {
                write!(f, "{}:{}>{}", self.value, from, self.to)?;
                if self.count() > 1 {
                    write!(f, "x{}", self.count())?;
                }
            }
        }
        if self.is_capture() {
            f.write_str("*")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Four bytes hold every move a rule set can have: its parts come back as
        /// they went in.
        #[test]
        fn a_packed_move_gives_back_its_parts(
            value in any::<u8>(),
            from in proptest::option::of(0u8..OFF),
            to in any::<u8>(),
            count in 1u8..=crate::rules::MAX_PAWNS as u8,
            capture in proptest::option::of(0u8..crate::position::MAX_PLAYERS as u8),
        ) {
            let mv = Move::new(value, from, to, count, capture);
            prop_assert_eq!(
                (mv.value(), mv.from(), mv.to(), mv.count(), mv.capture()),
                (value, from, to, count, capture)
            );
            prop_assert_eq!(mv.is_capture(), capture.is_some());
            prop_assert_eq!(mv.with_count(1).count(), 1);
            prop_assert_eq!(mv.with_count(2).capture(), capture);
        }
    }

    #[test]
    fn a_move_is_written_value_from_to() {
        assert_eq!(Move::new(4, Some(0), 4, 2, None).to_string(), "4:0>4x2");
        assert_eq!(
            Move::new(3, Some(14), 17, 1, Some(1)).to_string(),
            "3:14>17*"
        );
        assert_eq!(Move::new(8, None, 0, 3, None).to_string(), "8:+3");
    }

    #[test]
    #[should_panic]
    fn a_move_of_no_pawns_is_refused() {
        let _ = Move::new(4, Some(0), 4, 0, None);
    }
}
