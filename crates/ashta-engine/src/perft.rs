//! Perft for a chance game: counts the leaves of the full game tree to a depth, where
//! every single throw and every single move is one level.
//!
//! A throw node (empty bag, or a grace just thrown) has one child per face of the
//! throw table (K+1 children for K cowries, unweighted); a move node has one child per
//! legal move (distinct value, unit square, pawn or pair). Turn ends, forfeits and
//! voided turns happen inside the step that causes them and are not levels. A node at
//! depth 0 counts 1; a finished game above depth 0 counts 0, as mate does in chess.

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::variant::{ThrowStep, Variant};

/// A child of the root in a divided perft.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftBranch {
    /// A throw with this many mouths up.
    Throw(u8),
    /// A move.
    Move(Move),
}

impl Variant {
    /// Leaves of the game tree `depth` levels below a settled position.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        self.perft_node(pos, false, depth)
    }

    /// Perft of each child of the root, with the branch that leads to it.
    pub fn perft_divide(&self, pos: &Position, depth: u32) -> Vec<(PerftBranch, u64)> {
        if depth == 0 || pos.is_over() {
            return Vec::new();
        }
        self.children(pos, false)
            .into_iter()
            .map(|(branch, child, throwing)| {
                let n = self.perft_node(&child, throwing, depth - 1);
                (branch, n)
            })
            .collect()
    }

    fn children(&self, pos: &Position, throwing: bool) -> Vec<(PerftBranch, Position, bool)> {
        let mut out = Vec::new();
        if throwing || pos.bag_empty() {
            for u in 0..=self.table().cowries() {
                let mut child = *pos;
                let step = self.throw_step(&mut child, u);
                out.push((PerftBranch::Throw(u), child, step == ThrowStep::Again));
            }
        } else {
            let mut moves = MoveList::new();
            self.legal_moves(pos, &mut moves);
            for &mv in &moves {
                let mut child = *pos;
                self.play_unchecked(&mut child, mv);
                out.push((PerftBranch::Move(mv), child, false));
            }
        }
        out
    }

    fn perft_node(&self, pos: &Position, throwing: bool, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if pos.is_over() {
            return 0;
        }
        if throwing || pos.bag_empty() {
            let mut n = 0;
            for u in 0..=self.table().cowries() {
                let mut child = *pos;
                let step = self.throw_step(&mut child, u);
                n += self.perft_node(&child, step == ThrowStep::Again, depth - 1);
            }
            n
        } else {
            let mut moves = MoveList::new();
            self.legal_moves(pos, &mut moves);
            if depth == 1 {
                return moves.len() as u64;
            }
            let mut n = 0;
            for &mv in &moves {
                let mut child = *pos;
                self.play_unchecked(&mut child, mv);
                n += self.perft_node(&child, false, depth - 1);
            }
            n
        }
    }
}
