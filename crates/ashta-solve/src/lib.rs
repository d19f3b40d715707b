//! # ashta-solve
//!
//! The two-player game solved exactly: a compact core ([`Compact`], [`Board`]), a
//! perfect index of the positions at the start of a turn ([`Indexer`]), value
//! iteration layer by layer ([`solve`]), and the table file that keeps the solution
//! ([`table`]). Plays are the general engine's, so the solution follows its rules
//! exactly; a win counts 1, a draw (frozen) ½, a loss 0, as the tournaments score.
//!
//! ```
//! use ashta_engine::Rules;
//! use ashta_solve::{solve, IterateOptions};
//!
//! let mut rules = Rules::standard();
//! rules.players = 2;
//! rules.pawns = Some(1);
//! let (solution, report) = solve(rules, &IterateOptions::default()).unwrap();
//! let start = solution.variant().start_position();
//! let chances = solution.chances(&start).unwrap();
//! // With one pawn each and no way to form a double, most games freeze at the gate.
//! assert!(chances.draw > 0.5);
//! assert!((chances.win + chances.draw + chances.loss() - 1.0).abs() < 1e-9);
//! assert_eq!(report.states, solution.len());
//! ```

#![warn(missing_docs)]

mod bags;
mod board;
mod checkpoint;
mod compact;
mod end;
mod endgame;
mod endless;
mod error;
mod graph;
mod index;
mod iterate;
mod rulebook;
mod solution;
mod solve;
pub mod table;
mod turn;
mod walk;

pub use bags::{bags, Bag};
pub use board::{Board, MAX_PAWNS};
pub use compact::{Compact, Node};
pub use error::SolveError;
pub use graph::{explore, Graph};

/// The codes of ends that are results in [`Graph::ends`].
pub mod graph_end_codes {
    pub use crate::graph::{END_DRAW as DRAW, END_LOSS as LOSS, END_WIN as WIN};
}
pub use end::End;
pub use endgame::{
    covers, endgame_candidates, endgame_roots, endgame_rules, find_endgames, EndgameTable,
    ENDGAME_PAWNS,
};
pub use endless::ENDLESS_LIMIT;
pub use index::{layer, Indexer, INDEX_VERSION};
pub use iterate::{iterate, IterateOptions, LayerReport, Values};
pub use solution::{Chances, RatedPlay, Solution};
pub use solve::{solve, solve_endgames, SolveReport};
pub use turn::{bag_ends, end_of, outcomes, TurnOutcome};
pub use walk::Walker;
