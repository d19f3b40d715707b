//! `ashta.run_games`: a series of whole games, pure and mergeable. Game `i` of a series
//! depends only on the seed and `i`, so a range of games can be played anywhere (a
//! thread, a process, a Ray task) and the summaries merged give the same totals.

use ashta_bots::make_bot;
use ashta_engine::{SeededThrows, Variant};
use ashta_lab::{random_games, GameResult, Summary as EngineSummary, DEFAULT_SIM_TURN_LIMIT};
use ashta_session::try_play_game;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

use crate::errors::{AshtaError, BotError};
use crate::rules_arg::variant_from_args;

/// Games handed to a worker at a time (as `ashta selfplay`).
const CHUNK: u64 = 256;

/// Totals over a series of games; `a.merge(b)` (or `a + b`) adds two.
#[pyclass(module = "ashta", name = "Summary", frozen)]
#[derive(Clone)]
pub struct PySummary {
    inner: EngineSummary,
}

#[pymethods]
impl PySummary {
    /// An empty summary for `players` players.
    #[new]
    fn new(players: usize) -> PySummary {
        PySummary {
            inner: EngineSummary::new(players),
        }
    }

    /// Games played.
    #[getter]
    fn games(&self) -> u64 {
        self.inner.games
    }
    /// Wins per player.
    #[getter]
    fn wins(&self) -> Vec<u64> {
        self.inner.wins.clone()
    }
    /// Frozen draws.
    #[getter]
    fn frozen(&self) -> u64 {
        self.inner.frozen
    }
    /// Turn-limit draws.
    #[getter]
    fn turn_limit(&self) -> u64 {
        self.inner.turn_limit
    }
    /// Throwing phases over all games.
    #[getter]
    fn total_turns(&self) -> u64 {
        self.inner.total_turns
    }
    /// The longest game in throwing phases.
    #[getter]
    fn max_turns(&self) -> u32 {
        self.inner.max_turns
    }
    /// Mean throwing phases per game.
    #[getter]
    fn mean_turns(&self) -> f64 {
        self.inner.mean_turns()
    }

    /// The two summaries added up (of the same number of players).
    fn merge(&self, other: &PySummary) -> PyResult<PySummary> {
        if self.inner.wins.len() != other.inner.wins.len() {
            return Err(AshtaError::new_err(format!(
                "cannot merge a summary of {} players with one of {}",
                self.inner.wins.len(),
                other.inner.wins.len()
            )));
        }
        Ok(PySummary {
            inner: self.inner.clone().merge(other.inner.clone()),
        })
    }

    fn __add__(&self, other: &PySummary) -> PyResult<PySummary> {
        self.merge(other)
    }

    /// `0 + summary` is the summary, so that `sum(summaries)` adds them up; a summary
    /// on the left merges.
    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if let Ok(other) = other.extract::<PyRef<'_, PySummary>>() {
            return Ok(other.merge(self)?.into_pyobject(py)?.into_any().unbind());
        }
        match other.extract::<i64>() {
            Ok(0) => Ok(self.clone().into_pyobject(py)?.into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    fn __eq__(&self, other: &PySummary) -> bool {
        self.inner == other.inner
    }

    /// As a dict in the shape of `ashta selfplay`'s line: `games`, `wins`, `draws`
    /// (`frozen`, `turn_limit`), `mean_turns`, `max_turns`, `total_turns`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("games", self.inner.games)?;
        d.set_item("wins", self.inner.wins.clone())?;
        let draws = PyDict::new(py);
        draws.set_item("frozen", self.inner.frozen)?;
        draws.set_item("turn_limit", self.inner.turn_limit)?;
        d.set_item("draws", draws)?;
        d.set_item("mean_turns", self.inner.mean_turns())?;
        d.set_item("max_turns", self.inner.max_turns)?;
        d.set_item("total_turns", self.inner.total_turns)?;
        Ok(d)
    }

    /// Pickling support (Ray ships summaries between processes).
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, ((u64, Vec<u64>, u64, u64, u64, u32),))> {
        let s = &self.inner;
        let rebuild = py.import("ashta._ashta")?.getattr("_summary_from_state")?;
        let state = (
            s.games,
            s.wins.clone(),
            s.frozen,
            s.turn_limit,
            s.total_turns,
            s.max_turns,
        );
        Ok((rebuild, (state,)))
    }

    fn __repr__(&self) -> String {
        format!(
            "ashta.Summary(games={}, wins={:?}, frozen={}, turn_limit={}, mean_turns={:.3})",
            self.inner.games,
            self.inner.wins,
            self.inner.frozen,
            self.inner.turn_limit,
            self.inner.mean_turns()
        )
    }
}

/// Rebuilds a summary from `__reduce__`'s state (for pickle).
#[pyfunction]
#[pyo3(name = "_summary_from_state")]
pub fn summary_from_state(state: (u64, Vec<u64>, u64, u64, u64, u32)) -> PySummary {
    let (games, wins, frozen, turn_limit, total_turns, max_turns) = state;
    PySummary {
        inner: EngineSummary {
            games,
            wins,
            frozen,
            turn_limit,
            total_turns,
            max_turns,
        },
    }
}

/// Game `index` of the series between `bots` (one spec per seat): its throws come from
/// stream `2·index` of `seed` (as random self-play's), the bot of seat `p` is seeded
/// `seed + 4·index + p`.
fn bot_game(
    variant: &Variant,
    bots: &[String],
    seed: u64,
    index: u64,
) -> Result<GameResult, String> {
    let seated = bots
        .iter()
        .enumerate()
        .map(|(p, spec)| {
            make_bot(spec, seed.wrapping_add(4 * index + p as u64), None).map_err(|e| e.to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    let throws = SeededThrows::with_stream(seed, 2 * index);
    let outcome = try_play_game(variant, seated, throws).map_err(|e| e.to_string())?;
    Ok(GameResult {
        winner: outcome.winner.map(|w| w as u8),
        draw: outcome.draw,
        turns: outcome.turns,
    })
}

/// Plays games `start..end` of the series and sums them up.
fn play_range(
    variant: &Variant,
    bots: Option<&[String]>,
    seed: u64,
    start: u64,
    end: u64,
) -> Result<EngineSummary, String> {
    let chunks: Vec<(u64, u64)> = (start..end)
        .step_by(CHUNK as usize)
        .map(|c| (c, (c + CHUNK).min(end)))
        .collect();
    let players = variant.players();
    chunks
        .into_par_iter()
        .map(|(a, b)| match bots {
            None => {
                let limit = variant.rules().turn_limit.unwrap_or(DEFAULT_SIM_TURN_LIMIT);
                Ok(random_games(variant, seed, a..b, limit))
            }
            Some(bots) => {
                let mut s = EngineSummary::new(players);
                for i in a..b {
                    s.add(bot_game(variant, bots, seed, i)?);
                }
                Ok(s)
            }
        })
        .try_reduce(|| EngineSummary::new(players), |x, y| Ok(x.merge(y)))
}

/// `ashta.run_games(players=None, rules=None, bots=None, seed=0, start=0, end=1000,
/// size=None, threads=None)`: games `start..end` of the series seeded `seed`, summed
/// up. `bots` is one bot name per seat; without it every seat is the engine's random
/// mover, which plays exactly the games of `ashta selfplay --seed SEED`. The GIL is released; `threads` caps the
/// worker threads (default: one per core).
#[pyfunction]
#[pyo3(signature = (players=None, rules=None, bots=None, seed=0, start=0, end=1000, size=None, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn run_games(
    py: Python<'_>,
    players: Option<i64>,
    rules: Option<&Bound<'_, PyAny>>,
    bots: Option<Vec<String>>,
    seed: u64,
    start: u64,
    end: u64,
    size: Option<i64>,
    threads: Option<usize>,
) -> PyResult<PySummary> {
    let variant = variant_from_args(rules, players, size)?;
    if end < start {
        return Err(AshtaError::new_err(format!(
            "games {start}..{end}: end is before start"
        )));
    }
    let bots = match bots {
        None => None,
        Some(b) if b.len() != variant.players() => {
            return Err(BotError::new_err(format!(
                "{} bots for {} seats: give one per seat",
                b.len(),
                variant.players()
            )))
        }
        Some(b) => {
            for spec in &b {
                make_bot(spec, 0, None).map_err(|e| BotError::new_err(e.to_string()))?;
            }
            Some(b)
        }
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| AshtaError::new_err(format!("cannot start the worker threads: {e}")))?;
    let summary = py
        .detach(|| pool.install(|| play_range(&variant, bots.as_deref(), seed, start, end)))
        .map_err(BotError::new_err)?;
    Ok(PySummary { inner: summary })
}
