//! # ashta-analysis
//!
//! Hints and game reviews: it may evaluate positions with the bots' evaluation and roll
//! games out, but it seats no bots at a table, runs no tournament and does no I/O.
//!
//! Analysis for players who want to get better, in the manner of gnubg: a hint that
//! ranks every play of a bag by rollouts ([`hint()`]), and the review of a recorded
//! game ([`analyze_record`]): each decision's error, each throw's luck, per-player
//! totals and a rating band ([`rating`]).
//!
//! For the two-player games solved exactly (`ashta solve`), [`exact`] rates the plays
//! and reviews the game from the solution table instead: exact values, no rollouts.
//!
//! Everything else rests on the bots' shared [`ashta_bots::Evaluator`]: rollouts are played by
//! its favourite play (one play deep) and corrected, throw by throw, by its exact
//! expectation over the throw outcomes ([`rollout`]); the luck of a throw is measured
//! against the same expectation ([`luck`]).

#![warn(missing_docs)]

pub mod accuracy;
pub mod chance;
pub mod exact;
pub mod exact_review;
pub mod game;
pub mod hint;
pub mod luck;
pub mod rating;
pub mod rollout;
pub mod summary;

pub use accuracy::{accuracies, Accuracy};
pub use chance::{Branch, Chance, Expansion, WinVector};
pub use exact::{
    endgame_hint, exact_hint, exact_value, find_endgame_table, find_table, ExactHint, ExactPlay,
    ExactTable, TableChoice,
};
pub use exact_review::{analyze_record_exact, ExactReviewError};
pub use game::{
    analyze_record, analyze_record_with_endgames, noise_sigmas, AnalysisConfig, Confidence,
    Decision, GameReview, Mark, PlayerSummary, TurnReview, FALSE_LABEL_RATE,
};
pub use hint::{
    estimate, estimate_within, hint, hint_within, Estimate, Hint, HintConfig, RankedPlay,
};
pub use luck::{throw_luck, ThrowLuck};
pub use rating::{rating_band, RatingBand, BANDS, REVIEW_ROLLOUTS};
pub use rollout::{Roller, RolloutConfig};
pub use summary::{MistakeView, MoveSquares, ReviewSummary, MISTAKES_SHOWN};
