//! # ashta-arena
//!
//! Bots measured against each other: it may build bots and play them through the
//! session's self-play, but it holds no rules, no bot and no I/O; it only counts and
//! tests what the games gave.
//!
//! - [`tournament`]: head-to-head tournaments and round robins;
//! - [`gauntlet`]: a bot against every style of the gauntlet;
//! - [`stats`]: Wilson intervals, exact binomial tests, the Bradley–Terry fit;
//! - [`chi_square`]: the chi-square goodness-of-fit test.

#![warn(missing_docs)]

pub mod chi_square;
pub mod gauntlet;
pub mod stats;
pub mod tournament;
