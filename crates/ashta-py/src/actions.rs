//! The fixed action space: one action is one move of the bag, numbered so that every
//! state of a game has masks of one size.
//!
//! With `S` distinct throw values (the table's, ascending: slot 0 is the smallest) and
//! `N` pawns per player, an action is `slot · (2N + 1) + unit`, where `unit` is
//!
//! - `k` (0 ≤ k < N): the single pawn `k` of the player to move,
//! - `N + k`: the pair standing with pawn `k`,
//! - `2N`: an entry from off the board (grace entry; the engine says how many enter).
//!
//! Pawns are numbered in the engine's order: ascending path index, off the board last.
//! Where several pawns share a square, only the lowest `k` names the move; the others
//! are never legal. The game has `S · (2N + 1)` actions (45 in the standard game).
//!
//! The engine lists the legal moves; this module only names them.

use ashta_engine::{Move, MoveList, Position, Variant, OFF};

/// What an action moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// The single pawn with this index.
    Pawn(usize),
    /// The pair standing with the pawn of this index.
    Pair(usize),
    /// Pawns entering from off the board.
    Entry,
}

/// The action numbering of one rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    slots: usize,
    pawns: usize,
}

impl ActionSpace {
    /// The numbering for `variant`'s table and pawn count.
    pub fn of(variant: &Variant) -> ActionSpace {
        ActionSpace {
            slots: variant.table().values().len(),
            pawns: variant.pawns_per_player(),
        }
    }

    /// Number of actions.
    pub fn size(&self) -> usize {
        self.slots * self.per_slot()
    }

    fn per_slot(&self) -> usize {
        2 * self.pawns + 1
    }

    /// The action of a legal move of `pos`.
    pub fn encode(&self, variant: &Variant, pos: &Position, mv: &Move) -> usize {
        let slot = variant
            .table()
            .slot(mv.value())
            .expect("a legal move spends a value of the table");
        let unit = match mv.from() {
            None => 2 * self.pawns,
            Some(from) => {
                let pawns = pos.pawn_indices(pos.to_move(), self.pawns);
                let k = pawns
                    .iter()
                    .position(|&i| i == from)
                    .expect("a legal move starts where a pawn stands");
                if mv.count() >= 2 {
                    self.pawns + k
                } else {
                    k
                }
            }
        };
        slot * self.per_slot() + unit
    }

    /// The value slot and unit of an action, `None` when it is out of range.
    pub fn decode(&self, action: usize) -> Option<(usize, Unit)> {
        if action >= self.size() {
            return None;
        }
        let (slot, unit) = (action / self.per_slot(), action % self.per_slot());
        let unit = if unit < self.pawns {
            Unit::Pawn(unit)
        } else if unit < 2 * self.pawns {
            Unit::Pair(unit - self.pawns)
        } else {
            Unit::Entry
        };
        Some((slot, unit))
    }

    /// Calls `f(action, move)` for each legal move in `moves` (listed by the engine for
    /// `pos`).
    pub fn each_legal(
        &self,
        variant: &Variant,
        pos: &Position,
        moves: &MoveList,
        mut f: impl FnMut(usize, Move),
    ) {
        for mv in moves {
            f(self.encode(variant, pos, mv), *mv);
        }
    }

    /// The legal move named by `action` in `pos`, if there is one.
    pub fn find(
        &self,
        variant: &Variant,
        pos: &Position,
        moves: &MoveList,
        action: usize,
    ) -> Option<Move> {
        moves
            .iter()
            .find(|mv| self.encode(variant, pos, mv) == action)
            .copied()
    }

    /// An action in words, whether or not it is legal: `value 3, pawn 1 (at 5)`.
    pub fn describe(&self, variant: &Variant, pos: &Position, action: usize) -> String {
        let Some((slot, unit)) = self.decode(action) else {
            return format!("action {action} (out of range 0..{})", self.size());
        };
        let value = variant.table().values()[slot];
        let pawns = pos.pawn_indices(pos.to_move(), self.pawns);
        let at = |k: usize| match pawns[k] {
            OFF => "off the board".to_string(),
            i => format!("at {i}"),
        };
        match unit {
            Unit::Pawn(k) => format!("value {value}, pawn {k} ({})", at(k)),
            Unit::Pair(k) => format!("value {value}, the pair of pawn {k} ({})", at(k)),
            Unit::Entry => format!("value {value}, entry"),
        }
    }
}
