//! A whole solve: explore the reachable positions, iterate their values, and gather
//! them in index order as a [`Solution`].

use std::time::Instant;

use ashta_engine::Rules;

use crate::board::Board;
use crate::endgame::endgame_roots;
use crate::error::SolveError;
use crate::graph::explore_from;
use crate::index::Indexer;
use crate::iterate::{iterate, IterateOptions, LayerReport};
use crate::solution::Solution;

/// What a solve did and how long it took.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// Positions solved (reachable from the start, and from the endgame roots of
    /// [`solve_endgames`]).
    pub states: usize,
    /// Bags and plays: outcomes kept (bags with the same ends merged) and their ends.
    pub outcomes: usize,
    /// Ends of plays kept.
    pub ends: usize,
    /// Each layer's convergence, the first solved first.
    pub layers: Vec<LayerReport>,
    /// Seconds spent finding the positions and their turns.
    pub explore_seconds: f64,
    /// Seconds spent iterating.
    pub iterate_seconds: f64,
    /// The chance that the best plays never end the game from the start (counted as a
    /// draw; above [`crate::ENDLESS_LIMIT`] only under rules that allow endless play).
    pub endless_at_start: f64,
}

/// Solves a two-player game exactly: every position reachable from its start.
pub fn solve(
    rules: Rules,
    options: &IterateOptions,
) -> Result<(Solution, SolveReport), SolveError> {
    solve_with(rules, options, false)
}

/// Solves a two-player game exactly as the endgame table of the same game with more
/// pawns ([`crate::EndgameTable`]): every position reachable from its start, and every
/// position where both players have captured (as each has in an endgame of the game
/// with more pawns, its other pawns at home) and what those reach.
pub fn solve_endgames(
    rules: Rules,
    options: &IterateOptions,
) -> Result<(Solution, SolveReport), SolveError> {
    solve_with(rules, options, true)
}

fn solve_with(
    rules: Rules,
    options: &IterateOptions,
    endgames: bool,
) -> Result<(Solution, SolveReport), SolveError> {
    let board = Board::new(rules)?;
    let indexer = Indexer::new(&board);
    let began = Instant::now();
    let roots = if endgames {
        let bar = if options.progress {
            let bar = indicatif::ProgressBar::new_spinner();
            bar.set_message("listing the positions where both players have captured");
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
            bar
        } else {
            indicatif::ProgressBar::hidden()
        };
        let roots = endgame_roots(&board, &indexer);
        bar.finish_with_message(format!(
            "{} positions where both players have captured",
            roots.len()
        ));
        roots
    } else {
        Vec::new()
    };
    let graph = explore_from(&board, &indexer, &roots, options.progress)?;
    let explore_seconds = began.elapsed().as_secs_f64();
    let began = Instant::now();
    let (values, layers) = iterate(&board, &graph, options)?;
    let iterate_seconds = began.elapsed().as_secs_f64();
    let mut order: Vec<usize> = (0..graph.len()).collect();
    order.sort_unstable_by_key(|&s| graph.keys[s]);
    let keys = order.iter().map(|&s| graph.keys[s]).collect();
    let win = order.iter().map(|&s| values.win[s]).collect();
    let draw = order.iter().map(|&s| values.draw[s]).collect();
    let report = SolveReport {
        states: graph.len(),
        outcomes: graph.probability.len(),
        ends: graph.ends.len(),
        layers,
        explore_seconds,
        iterate_seconds,
        endless_at_start: values.endless.first().copied().unwrap_or(0.0),
    };
    Ok((
        Solution::new(board, keys, win, draw, options.tolerance),
        report,
    ))
}
