//! The game graph the solver iterates on: every position reachable from the start,
//! found breadth first, with each turn's bags and the ends of their plays, flattened
//! into arrays of 32-bit state numbers.

use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::bags::bags;
use crate::board::Board;
use crate::compact::{Compact, Node};
use crate::end::End;
use crate::error::SolveError;
use crate::index::Indexer;
use crate::turn::{outcomes, TurnOutcome};
use crate::walk::Walker;

/// An end that wins for the player who played into it.
pub const END_WIN: u32 = u32::MAX;
/// An end that draws.
pub const END_DRAW: u32 = u32::MAX - 1;
/// An end that loses.
pub const END_LOSS: u32 = u32::MAX - 2;

/// The reachable positions and their turns.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    /// State number → index of the position.
    pub keys: Vec<u64>,
    /// State number → the position.
    pub compacts: Vec<Compact>,
    /// State number → its first outcome; one more entry closes the last.
    pub first_outcome: Vec<u32>,
    /// Outcome → its probability.
    pub probability: Vec<f64>,
    /// Outcome → its first end; one more entry closes the last.
    pub first_end: Vec<u32>,
    /// Ends: [`END_WIN`], [`END_DRAW`], [`END_LOSS`], or `state << 1 | again`
    /// (`again`: the same player moves next).
    pub ends: Vec<u32>,
    /// The start position's result when the game is over before it begins.
    pub start_over: Option<Option<usize>>,
}

impl Graph {
    /// Number of states.
    pub fn len(&self) -> usize {
        self.keys.len()
    }
    /// Whether there are none (the game is over at the start).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
    /// The outcomes of state `s`, as ranges into [`Graph::probability`].
    pub fn outcomes(&self, s: usize) -> std::ops::Range<usize> {
        self.first_outcome[s] as usize..self.first_outcome[s + 1] as usize
    }
    /// The ends of outcome `o`.
    pub fn ends_of(&self, o: usize) -> &[u32] {
        &self.ends[self.first_end[o] as usize..self.first_end[o + 1] as usize]
    }
}

/// Finds every position reachable from the start of the game and each one's turn,
/// with a progress line on standard error when `progress` is set.
pub fn explore(board: &Board, indexer: &Indexer, progress: bool) -> Result<Graph, SolveError> {
    explore_from(board, indexer, &[], progress)
}

/// [`explore`] from the start and from `roots` too (positions the start may not reach,
/// such as the endgames of a game with more pawns): the start stays state 0.
pub fn explore_from(
    board: &Board,
    indexer: &Indexer,
    roots: &[Compact],
    progress: bool,
) -> Result<Graph, SolveError> {
    let bags = bags(board.variant());
    let mut graph = Graph::default();
    let start = board.variant().start_position();
    let start = match board.node(&start)? {
        Node::Over(result) => {
            graph.start_over = Some(result);
            return Ok(graph);
        }
        Node::Turn(c) => c,
    };
    let bar = if progress {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} exploring: {pos} positions, {msg} [{elapsed}]")
                .expect("a valid template"),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let began = Instant::now();
    let mut ids: FxHashMap<u64, u32> = FxHashMap::default();
    let mut raw: Vec<Vec<TurnOutcome>> = Vec::new();
    let first = indexer.index(&start);
    ids.insert(first, 0);
    graph.keys.push(first);
    graph.compacts.push(start);
    raw.push(Vec::new());
    let mut frontier = vec![0u32];
    for c in roots {
        let i = indexer.index(c);
        if let std::collections::hash_map::Entry::Vacant(v) = ids.entry(i) {
            let id = graph.keys.len() as u32;
            v.insert(id);
            graph.keys.push(i);
            graph.compacts.push(*c);
            raw.push(Vec::new());
            frontier.push(id);
        }
    }
    let mut depth = 0;
    while !frontier.is_empty() {
        let found: Vec<Vec<TurnOutcome>> = frontier
            .par_iter()
            .map_init(Walker::default, |walker, &s| {
                outcomes(board, indexer, &bags, &graph.compacts[s as usize], walker)
            })
            .collect();
        let mut next = Vec::new();
        for (&s, turn) in frontier.iter().zip(found) {
            for o in &turn {
                for e in &o.ends {
                    if let End::Again(i) | End::Passed(i) = *e {
                        if let std::collections::hash_map::Entry::Vacant(v) = ids.entry(i) {
                            let id = graph.keys.len() as u32;
                            v.insert(id);
                            graph.keys.push(i);
                            graph.compacts.push(indexer.compact(i));
                            raw.push(Vec::new());
                            next.push(id);
                        }
                    }
                }
            }
            raw[s as usize] = turn;
        }
        depth += 1;
        bar.set_position(graph.keys.len() as u64);
        bar.set_message(format!("depth {depth}"));
        frontier = next;
    }
    bar.finish_with_message(format!("done in {:.1} s", began.elapsed().as_secs_f64()));
    // Flatten, with ends as state numbers.
    for turn in raw {
        graph.first_outcome.push(graph.probability.len() as u32);
        for o in turn {
            graph.first_end.push(graph.ends.len() as u32);
            graph.probability.push(o.probability);
            for e in o.ends {
                graph.ends.push(match e {
                    End::Win => END_WIN,
                    End::Draw => END_DRAW,
                    End::Loss => END_LOSS,
                    End::Again(i) => ids[&i] << 1 | 1,
                    End::Passed(i) => ids[&i] << 1,
                });
            }
        }
    }
    graph.first_outcome.push(graph.probability.len() as u32);
    graph.first_end.push(graph.ends.len() as u32);
    Ok(graph)
}
