//! Plays: the distinct positions reached by playing out the whole bag, and the moves
//! that reach each.

use rustc_hash::FxHashSet as HashSet;

use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::variant::Variant;

/// One way to play out the bag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The moves, in the order played.
    pub moves: Vec<Move>,
    /// The position once the moving phase has ended (turn passed, extra turn due,
    /// or game over).
    pub position: Position,
}

impl Variant {
    /// Every distinct position reached by playing out the whole bag of the player to
    /// move, each with the first sequence of moves found to reach it. A bag with no
    /// usable value gives one play with no moves (the bag forfeited). Empty when the
    /// player must throw or the game is over.
    pub fn plays(&self, pos: &Position) -> Vec<Play> {
        let mut out = Vec::new();
        if pos.is_over() || pos.must_throw() {
            return out;
        }
        if !self.has_legal_move(pos) {
            let mut end = *pos;
            self.end_turn(&mut end);
            out.push(Play {
                moves: Vec::new(),
                position: end,
            });
            return out;
        }
        let mut seen = HashSet::default();
        let mut reached = HashSet::default();
        let mut line = Vec::new();
        self.plays_from(pos, &mut line, &mut seen, &mut reached, &mut out);
        out
    }

    fn plays_from(
        &self,
        pos: &Position,
        line: &mut Vec<Move>,
        seen: &mut HashSet<Position>,
        reached: &mut HashSet<Position>,
        out: &mut Vec<Play>,
    ) {
        let mut moves = MoveList::new();
        self.legal_moves(pos, &mut moves);
        for &mv in &moves {
            let mut next = *pos;
            self.play_unchecked(&mut next, mv);
            line.push(mv);
            let phase_over = next.is_over() || next.must_throw();
            if phase_over {
                if reached.insert(next) {
                    out.push(Play {
                        moves: line.clone(),
                        position: next,
                    });
                }
            } else if seen.insert(next) {
                self.plays_from(&next, line, seen, reached, out);
            }
            line.pop();
        }
    }
}
