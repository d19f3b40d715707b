//! Our bots and analysis from Python: `ashta.Bot`, `ashta.bots.choose`, `ashta.hint`,
//! `ashta.analyze`, `ashta.exact_value`. The bots decide a whole play (every value of the bag); it comes
//! back as the action ids of its moves, in order. The GIL is released while they think.

use std::sync::Mutex;
use std::time::Duration;

use ashta_analysis::{
    analyze_record, hint as engine_hint, AnalysisConfig, HintConfig, TableChoice,
};
use ashta_bots::make_bot;
use ashta_engine::{Move, Position, Record, Variant};
use ashta_session::Bot;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::actions::ActionSpace;
use crate::errors::{BotError, RecordError};
use crate::state::PyState;

/// The position a bot may decide at: a decision node, not a chance node or the end.
fn decision_position(state: &PyState) -> PyResult<(Variant, Position)> {
    let pos = *state.game.position();
    if pos.is_over() {
        return Err(BotError::new_err(
            "the game is over: there is nothing to decide",
        ));
    }
    if state.game.phase() == ashta_engine::Phase::Throwing {
        return Err(BotError::new_err(
            "a chance node: the player to move throws before anyone decides",
        ));
    }
    Ok((state.variant().clone(), pos))
}

/// The action ids of a play's moves, from `pos` on.
fn play_actions(variant: &Variant, mut pos: Position, moves: &[Move]) -> Vec<usize> {
    let space = ActionSpace::of(variant);
    moves
        .iter()
        .map(|mv| {
            let action = space.encode(variant, &pos, mv);
            variant
                .play(&mut pos, *mv)
                .expect("a bot plays legal moves");
            action
        })
        .collect()
}

/// Small numbers as a Python list (a `Vec<u8>` would become `bytes`).
fn widen(xs: &[u8]) -> Vec<u32> {
    xs.iter().map(|&x| x.into()).collect()
}

fn budget(time_ms: Option<u64>) -> Option<Duration> {
    time_ms.map(Duration::from_millis)
}

/// A bot by name (`random`, `greedy`, `hard`, `mcts:sims=2000`...: the names of
/// `ashta tournament`), seeded.
#[pyclass(module = "ashta", name = "Bot", frozen)]
pub struct PyBot {
    name: String,
    bot: Mutex<Box<dyn Bot>>,
}

impl PyBot {
    pub(crate) fn make(name: &str, seed: u64, time_ms: Option<u64>) -> PyResult<PyBot> {
        let bot =
            make_bot(name, seed, budget(time_ms)).map_err(|e| BotError::new_err(e.to_string()))?;
        Ok(PyBot {
            name: name.to_string(),
            bot: Mutex::new(bot),
        })
    }
}

#[pymethods]
impl PyBot {
    /// Bot(name, seed=0, time_ms=None): `time_ms` is a budget per decision for the
    /// searching bots (their own fixed budget, reproducible, when None).
    #[new]
    #[pyo3(signature = (name, seed=0, time_ms=None))]
    fn new(name: &str, seed: u64, time_ms: Option<u64>) -> PyResult<PyBot> {
        PyBot::make(name, seed, time_ms)
    }

    /// The bot's play for the bag of the player to move: the action ids of its moves,
    /// to apply in order. Raises `BotError` at a chance node or once the game is over.
    fn choose(&self, py: Python<'_>, state: PyRef<'_, PyState>) -> PyResult<Vec<usize>> {
        let (variant, pos) = decision_position(&state)?;
        drop(state);
        let play = py.detach(|| {
            let mut bot = self.bot.lock().unwrap_or_else(|e| e.into_inner());
            bot.try_choose(&variant, &pos)
        });
        match play {
            Ok(Some(play)) => Ok(play_actions(&variant, pos, &play.moves)),
            Ok(None) => Err(BotError::new_err(format!("bot {} gave no play", self.name))),
            Err(reason) => Err(BotError::new_err(format!("bot {}: {reason}", self.name))),
        }
    }

    /// Forget anything kept between decisions (call at a new game).
    fn new_game(&self) {
        self.bot
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .new_game();
    }

    /// The name the bot was made with.
    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    fn __repr__(&self) -> String {
        format!("ashta.Bot({:?})", self.name)
    }
}

/// `ashta.bots.choose(state, level="hard", time_ms=None, seed=0)`: the play of bot
/// `level` for the player to move, as action ids.
#[pyfunction]
#[pyo3(signature = (state, level="hard", time_ms=None, seed=0))]
pub fn choose(
    py: Python<'_>,
    state: PyRef<'_, PyState>,
    level: &str,
    time_ms: Option<u64>,
    seed: u64,
) -> PyResult<Vec<usize>> {
    PyBot::make(level, seed, time_ms)?.choose(py, state)
}

/// `ashta.hint(state, time_ms=1000, rollouts=None, seed=0)`: every play of the bag
/// ranked by rollouts, best first, as dicts `{"actions", "moves", "win", "stderr",
/// "loss", "rollouts", "wins"}`.
#[pyfunction]
#[pyo3(signature = (state, time_ms=1000, rollouts=None, seed=0))]
pub fn hint<'py>(
    py: Python<'py>,
    state: PyRef<'_, PyState>,
    time_ms: u64,
    rollouts: Option<usize>,
    seed: u64,
) -> PyResult<Bound<'py, PyList>> {
    let (variant, pos) = decision_position(&state)?;
    drop(state);
    let config = HintConfig {
        time: Duration::from_millis(time_ms),
        seed,
        rollouts,
        ..HintConfig::default()
    };
    let hint = py.detach(|| engine_hint(&variant, &pos, &config));
    let out = PyList::empty(py);
    for ranked in &hint.plays {
        let d = PyDict::new(py);
        d.set_item("actions", play_actions(&variant, pos, &ranked.play.moves))?;
        let moves: Vec<String> = ranked.play.moves.iter().map(|m| m.to_string()).collect();
        d.set_item("moves", moves)?;
        d.set_item("win", ranked.win)?;
        d.set_item("stderr", ranked.stderr)?;
        d.set_item("loss", ranked.loss)?;
        d.set_item("rollouts", ranked.rollouts)?;
        d.set_item("wins", ranked.wins.clone())?;
        out.append(d)?;
    }
    Ok(out)
}

/// `ashta.analyze(record, rollouts=48)`: the review of a recorded game (a record's
/// JSON text, or a `State` whose record is used), as a dict `{"players": [...],
/// "turns": [...]}`.
#[pyfunction]
#[pyo3(signature = (record, rollouts=48))]
pub fn analyze<'py>(
    py: Python<'py>,
    record: &Bound<'py, PyAny>,
    rollouts: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let text = match record.cast::<PyState>() {
        Ok(state) => state.borrow().game.save(),
        Err(_) => record.extract::<String>().map_err(|_| {
            RecordError::new_err("analyze(): give a record's JSON text or an ashta.State")
        })?,
    };
    let record: Record = serde_json::from_str(&text)
        .map_err(|e| RecordError::new_err(format!("malformed record: {e}")))?;
    let mut config = AnalysisConfig::default();
    config.hint.rollouts = Some(rollouts.max(1));
    let review = py
        .detach(|| analyze_record(&record, &config, &mut |_, _| {}))
        .map_err(|e| RecordError::new_err(e.to_string()))?;
    let players = PyList::empty(py);
    for p in &review.players {
        let d = PyDict::new(py);
        d.set_item("player", p.player)?;
        d.set_item("decisions", p.decisions)?;
        d.set_item("total_error", p.total_error)?;
        d.set_item("error_per_decision", p.error_per_decision)?;
        d.set_item("doubtful", p.marks[0])?;
        d.set_item("mistakes", p.marks[1])?;
        d.set_item("blunders", p.marks[2])?;
        d.set_item("luck", p.luck)?;
        d.set_item("result", p.result)?;
        d.set_item("luck_adjusted", p.luck_adjusted)?;
        d.set_item("band", p.band.map(|b| b.name))?;
        players.append(d)?;
    }
    let turns = PyList::empty(py);
    for t in &review.turns {
        let d = PyDict::new(py);
        d.set_item("number", t.number)?;
        d.set_item("player", t.player)?;
        d.set_item("throws", widen(&t.throws))?;
        d.set_item("bag", widen(&t.bag))?;
        d.set_item("luck", t.luck.luck())?;
        d.set_item("wins_after", t.wins_after.clone())?;
        match &t.decision {
            Some(dec) => {
                d.set_item("error", dec.error)?;
                d.set_item("mark", dec.mark.name())?;
                d.set_item("rank", dec.rank)?;
                d.set_item("choices", dec.choices)?;
            }
            None => {
                d.set_item("error", py.None())?;
                d.set_item("mark", py.None())?;
            }
        }
        turns.append(d)?;
    }
    let out = PyDict::new(py);
    out.set_item("players", players)?;
    out.set_item("turns", turns)?;
    out.set_item("wins_start", review.wins_start.clone())?;
    Ok(out)
}

/// `ashta.exact_value(state, data_dir=None)`: the exact value of the position for the
/// player to move under perfect play, from the solution table of its game
/// (`ashta solve`) or, in an endgame of a two-player game (each player with at most two
/// pawns out), the endgame table (`ashta solve --endgames`), found in `data_dir` (by
/// default the data directory): a dict `{"score", "win", "draw", "loss", "table"}`, or
/// `None` when no table holds the position (or the player is still throwing).
#[pyfunction]
#[pyo3(signature = (state, data_dir=None))]
pub fn exact_value<'py>(
    py: Python<'py>,
    state: PyRef<'_, PyState>,
    data_dir: Option<std::path::PathBuf>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let (variant, pos) = (state.variant().clone(), *state.game.position());
    drop(state);
    let choice = match data_dir {
        Some(dir) => TableChoice::In(dir),
        None => TableChoice::Default,
    };
    let found = py
        .detach(|| ashta_analysis::exact_value(&variant, &pos, &choice))
        .map_err(|e| BotError::new_err(format!("exact value: {e}")))?;
    let Some((c, path)) = found else {
        return Ok(None);
    };
    let d = PyDict::new(py);
    d.set_item("score", c.score())?;
    d.set_item("win", c.win)?;
    d.set_item("draw", c.draw)?;
    d.set_item("loss", c.loss())?;
    d.set_item("table", path.display().to_string())?;
    Ok(Some(d))
}
