//! One turn from a compact position: every bag with its probability, and for each the
//! distinct positions its plays end in, as compact positions or results.

use crate::bags::Bag;
use crate::board::Board;
use crate::compact::{Compact, Node};
use crate::end::End;
use crate::error::SolveError;
use crate::index::Indexer;
use crate::walk::Walker;

/// One bag of a turn and the ends of its plays.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnOutcome {
    /// The probability of the bag (bags with the same ends are merged).
    pub probability: f64,
    /// The distinct ends, sorted.
    pub ends: Vec<End>,
}

/// The end a position after a play is, for the player `mover` who made it.
pub fn end_of(
    board: &Board,
    indexer: &Indexer,
    mover: usize,
    pos: &ashta_engine::Position,
) -> Result<End, SolveError> {
    Ok(match board.node(pos)? {
        Node::Over(Some(w)) if w == mover => End::Win,
        Node::Over(Some(_)) => End::Loss,
        Node::Over(None) => End::Draw,
        Node::Turn(c) if c.to_move as usize == mover => End::Again(indexer.index(&c)),
        Node::Turn(c) => End::Passed(indexer.index(&c)),
    })
}

/// Every bag of the turn at `c` with the ends of its plays; bags with the same ends
/// are merged. The plays come from the compact core's own moves ([`crate::walk`]),
/// which the crate's tests hold to the engine's.
pub fn outcomes(
    board: &Board,
    indexer: &Indexer,
    bags: &[Bag],
    c: &Compact,
    walker: &mut Walker,
) -> Vec<TurnOutcome> {
    let mut out: Vec<TurnOutcome> = Vec::with_capacity(bags.len());
    for bag in bags {
        let ends = bag_ends(board, indexer, c, bag, walker);
        match out.iter_mut().find(|o| o.ends == ends) {
            Some(o) => o.probability += bag.probability,
            None => out.push(TurnOutcome {
                probability: bag.probability,
                ends: ends.to_vec(),
            }),
        }
    }
    out
}

/// The distinct ends of the plays of one bag at `c`, sorted (held by `walker` until
/// its next use).
pub fn bag_ends<'w>(
    board: &Board,
    indexer: &Indexer,
    c: &Compact,
    bag: &Bag,
    walker: &'w mut Walker,
) -> &'w [End] {
    board.walk_bag(indexer, c, &bag.values, walker);
    walker.ends()
}
