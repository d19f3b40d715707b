//! # ashta-py
//!
//! The Python module: it may convert between numpy and Rust and call the crates below
//! it, but every rule is the engine's and every game is driven by the session.
//!
//! The native module `ashta._ashta` of the Python package `ashta` (built by maturin,
//! see pyproject.toml): Ashta Chamma's engine and bots for researchers. Every rule is
//! the engine's ([`ashta_engine`]); this crate names moves as actions, encodes
//! observations and moves data between numpy and Rust.
//!
//! - [`state`]: `Game` and `State`, as OpenSpiel's;
//! - [`vecenv`]: `VecEnv`, a batch of games stepped in Rust;
//! - [`bots`]: `Bot`, `choose`, `hint`, `analyze`;
//! - [`games`]: `run_games` and its mergeable `Summary`;
//! - [`actions`], [`observe`], [`outcome`]: the action space, the observation tensor
//!   and the returns, documented in the package's README;
//! - [`picture`]: the board as an RGB image;
//! - [`rollout`]: random playouts for tree search.

#![warn(missing_docs)]

pub mod actions;
pub mod bots;
pub mod errors;
pub mod games;
pub mod observe;
pub mod outcome;
pub mod picture;
pub mod rollout;
pub mod rules_arg;
pub mod state;
pub mod vecenv;

use pyo3::prelude::*;

/// The module `ashta._ashta`.
#[pymodule]
fn _ashta(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("CHANCE", state::CHANCE)?;
    m.add("TERMINAL", state::TERMINAL)?;
    m.add("AshtaError", py.get_type::<errors::AshtaError>())?;
    m.add("RulesError", py.get_type::<errors::RulesError>())?;
    m.add("PositionError", py.get_type::<errors::PositionError>())?;
    m.add(
        "IllegalActionError",
        py.get_type::<errors::IllegalActionError>(),
    )?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add("BotError", py.get_type::<errors::BotError>())?;
    m.add("BOT_NAMES", ashta_bots::BOT_NAMES.to_vec())?;
    m.add_class::<state::PyGame>()?;
    m.add_class::<state::PyState>()?;
    m.add_class::<vecenv::VecEnv>()?;
    m.add_class::<bots::PyBot>()?;
    m.add_class::<games::PySummary>()?;
    m.add_function(wrap_pyfunction!(state::state_from_json, m)?)?;
    m.add_function(wrap_pyfunction!(state::state_from_parts, m)?)?;
    m.add_function(wrap_pyfunction!(bots::choose, m)?)?;
    m.add_function(wrap_pyfunction!(bots::hint, m)?)?;
    m.add_function(wrap_pyfunction!(bots::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(bots::exact_value, m)?)?;
    m.add_function(wrap_pyfunction!(games::run_games, m)?)?;
    m.add_function(wrap_pyfunction!(games::summary_from_state, m)?)?;
    Ok(())
}
