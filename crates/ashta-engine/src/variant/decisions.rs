//! The rule decisions a move and a turn meet, each stated once under the variant's
//! flags: what a double is, who may land on one, when a block is raised, what a capture
//! gives and where it sends the captured, what an entry brings on, and what the end of
//! a turn gives. The engine's move generation and play ask these, and so does the
//! solver's compact core, which keeps its own board but no rules of its own.
//!
//! Each is a few operations, inlined where it is asked.

use super::*;

impl Variant {
    /// Whether `count` pawns of one player on one square make a double (RULES.md 7):
    /// doubles are played and there are two or more. Such pawns may move as a pair
    /// (from any square), and on a square that is not safe the double is protected
    /// from single pawns and, on the outer ring, blocks when it forms.
    #[inline(always)]
    pub fn is_double(&self, count: usize) -> bool {
        self.doubles && count >= 2
    }

    /// Whether a unit (a pair when `pair`, else a single pawn) may land on an
    /// opponent's double and capture it whole: only a pair, under the `pair_capture`
    /// flag (RULES.md 6 rule 4, 7.1).
    #[inline(always)]
    pub fn lands_on_double(&self, pair: bool) -> bool {
        pair & self.pair_capture
    }

    /// Whether a unit may land on a square that is not safe, where an opponent's
    /// double stands when `double` (see [`Variant::is_double`]): it may unless a double
    /// stands there that it may not land on. Landing on an opponent captures every pawn
    /// of it there (RULES.md 6).
    #[inline(always)]
    pub fn may_land(&self, double: bool, pair: bool) -> bool {
        !double || self.lands_on_double(pair)
    }

    /// Whether `count` pawns arriving on a square that is not safe, where `before` of
    /// their owner's pawns stand (0 after a capture), form a double there: the square
    /// goes from fewer than a double to a double (RULES.md 7).
    #[inline(always)]
    pub fn forms_double(&self, before: usize, count: usize) -> bool {
        !self.is_double(before) && self.is_double(before + count)
    }

    /// Whether `count` pawns arriving at path index `j` (a square that is not safe),
    /// where `before` of their owner's pawns stand (0 after a capture), raise a block
    /// against the opponents: a double forms on the outer ring (RULES.md 7).
    #[inline(always)]
    pub fn raises_block(&self, before: usize, count: usize, j: usize) -> bool {
        self.forms_double(before, count) && j < self.outer
    }

    /// The extra turns one capture earns: one under the `capture_bonus` flag, however
    /// many pawns it sends back (RULES.md 5.3).
    #[inline(always)]
    pub fn capture_turns(&self) -> u8 {
        u8::from(self.capture_bonus)
    }

    /// Where a captured pawn goes: its start square (path index 0), or off the board
    /// (`None`) under grace entry (RULES.md 6, 9).
    #[inline(always)]
    pub fn captured_to(&self) -> Option<usize> {
        (!self.grace_entry).then_some(0)
    }

    /// How many pawns an entry spending `value` brings onto the board when `off` of
    /// the player's pawns are off it: `value / 2`, or all `off` if fewer, under grace
    /// entry for a grace of 2 or more; 0 when `value` cannot bring any on (RULES.md 9).
    #[inline(always)]
    pub fn entering(&self, value: u8, off: usize) -> u8 {
        if self.entry_rule(value).is_ok() {
            entry_pawns(value, off)
        } else {
            0
        }
    }

    /// Whether some value of the throw table brings pawns on from off the board (grace
    /// entry, a grace of 2 or more).
    pub fn can_enter(&self) -> bool {
        self.t
            .table
            .values()
            .iter()
            .any(|&v| self.entering(v, 1) != 0)
    }

    /// What the end of a turn gives the player who played it, holding `extra_turns`
    /// extra turns and still in the game: `Some(left)` when one of them begins now,
    /// `left` still waiting; `None` when play passes on (RULES.md 5.3, 5.4).
    #[inline(always)]
    pub fn extra_turn_taken(&self, extra_turns: u8) -> Option<u8> {
        extra_turns.checked_sub(1)
    }
}
