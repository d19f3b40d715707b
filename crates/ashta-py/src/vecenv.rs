//! `ashta.VecEnv`: many games stepped together in Rust, with numpy in and out and the
//! GIL released while stepping. Each step plays one move (one action) in every game;
//! the throws that follow are made inside, from the env's seed, until the next decision
//! or the end of the game. Ended games restart on the next step (Gymnasium's
//! `NEXT_STEP` autoreset).

use ashta_engine::{
    DrawReason, Move, MoveList, Position, SeededThrows, ThrowSource, ThrowStep, Variant,
};
use numpy::{AllowTypeChange, PyArray1, PyArray2, PyArrayLike1, PyArrayMethods};
use pyo3::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::actions::ActionSpace;
use crate::errors::{AshtaError, IllegalActionError};
use crate::observe::ObsLayout;
use crate::outcome::write_returns;
use crate::rules_arg::variant_from_args;
use crate::state::{PyGame, PyState};

/// Throwing phases after which a game is cut short (`truncated`) unless given.
const DEFAULT_MAX_TURNS: u32 = 1000;

/// One game of the batch.
struct Slot {
    pos: Position,
    /// Throwing phases begun.
    turns: u32,
    throws: SeededThrows,
    /// The legal moves of `pos` (at a decision).
    moves: Vec<Move>,
    /// The game ended at the last step: the next step restarts it.
    ended: bool,
}

/// How a step left one game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Left {
    Running,
    Terminated,
    Truncated,
}

/// The batch's fixed part: rules, numbering, limits.
struct Setup {
    variant: Variant,
    space: ActionSpace,
    layout: ObsLayout,
    max_turns: u32,
}

/// The output buffers of one step, one row per game.
struct Rows<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    player: &'a mut [i32],
}

impl Setup {
    /// Throws until the player to move has a decision or the game ends.
    fn advance(&self, slot: &mut Slot, scratch: &mut MoveList) -> Left {
        let v = &self.variant;
        loop {
            if slot.pos.is_over() {
                return Left::Terminated;
            }
            if slot.pos.must_throw() {
                if let Some(limit) = v.rules().turn_limit {
                    if slot.turns >= limit {
                        v.declare_draw(&mut slot.pos, DrawReason::TurnLimit)
                            .expect("the game is not over");
                        return Left::Terminated;
                    }
                }
                if slot.turns >= self.max_turns {
                    return Left::Truncated;
                }
                slot.turns += 1;
                // One throw at a time (`Variant::throw` would first check that the
                // position is of these rules, which it always is here).
                let (k, p) = (v.table().cowries(), v.table().mouth_up());
                loop {
                    let up = slot.throws.throw_cowries(k, p).mouths_up();
                    let step = v.throw_one(&mut slot.pos, up).expect("the player throws");
                    if step != ThrowStep::Again {
                        break;
                    }
                }
                continue;
            }
            v.legal_moves(&slot.pos, scratch);
            if scratch.is_empty() {
                // The engine ends such a turn itself; kept for safety.
                let _ = v.end_turn(&mut slot.pos);
                continue;
            }
            slot.moves.clear();
            slot.moves.extend_from_slice(scratch);
            return Left::Running;
        }
    }

    /// Starts a new game in `slot` and brings it to its first decision. A game that
    /// ends before anyone decides (rules under which nobody can ever move) is marked
    /// ended, to restart again at the next step.
    fn restart(&self, slot: &mut Slot, scratch: &mut MoveList) -> Left {
        slot.pos = self.variant.start_position();
        slot.turns = 0;
        slot.ended = false;
        let left = self.advance(slot, scratch);
        if left != Left::Running {
            slot.moves.clear();
            slot.ended = true;
        }
        left
    }

    /// Plays `mv` (None: restart an ended game) and writes the step's reward and flags.
    fn step_one(
        &self,
        slot: &mut Slot,
        mv: Option<Move>,
        scratch: &mut MoveList,
        reward: &mut [f32],
        terminated: &mut bool,
        truncated: &mut bool,
    ) {
        let left = match mv {
            Some(mv) => {
                self.variant
                    .play(&mut slot.pos, mv)
                    .expect("a move decoded from the legal list");
                self.advance(slot, scratch)
            }
            None => self.restart(slot, scratch),
        };
        match left {
            Left::Running => {}
            Left::Terminated => {
                write_returns(&self.variant, &slot.pos, reward);
                *terminated = true;
                slot.ended = true;
            }
            Left::Truncated => {
                *truncated = true;
                slot.ended = true;
            }
        }
    }

    /// Writes one game's observation, mask and player to move.
    fn write_row(&self, slot: &Slot, row: usize, rows: &mut Rows<'_>) {
        let (d, a) = (self.layout.size(), self.space.size());
        let viewer = slot.pos.to_move();
        self.layout.write(
            &slot.pos,
            viewer,
            false,
            &mut rows.obs[row * d..(row + 1) * d],
        );
        let mask = &mut rows.mask[row * a..(row + 1) * a];
        if slot.ended {
            // Any action is accepted (and ignored) by the step that restarts the game.
            mask.fill(true);
        } else {
            mask.fill(false);
            for mv in &slot.moves {
                mask[self.space.encode(&self.variant, &slot.pos, mv)] = true;
            }
        }
        rows.player[row] = viewer as i32;
    }

    /// The legal move `action` names in `slot`, if any.
    fn find(&self, slot: &Slot, action: i64) -> Option<Move> {
        let a = usize::try_from(action).ok()?;
        slot.moves
            .iter()
            .find(|mv| self.space.encode(&self.variant, &slot.pos, mv) == a)
            .copied()
    }
}

/// A batch of games stepped together in Rust.
#[pyclass(module = "ashta", name = "VecEnv")]
pub struct VecEnv {
    setup: Setup,
    slots: Vec<Slot>,
    rng: ChaCha8Rng,
    scratch: Box<MoveList>,
}

impl VecEnv {
    fn seed_all(&mut self, seed: u64) {
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.throws = SeededThrows::with_stream(seed, i as u64);
        }
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.rng.set_stream(u64::MAX);
    }

    fn new_arrays<'py>(&self, py: Python<'py>) -> Start<'py> {
        let b = self.slots.len();
        (
            PyArray2::zeros(py, [b, self.setup.layout.size()], false),
            PyArray2::zeros(py, [b, self.setup.space.size()], false),
            PyArray1::zeros(py, b, false),
        )
    }
}

/// What `reset()` returns: observations, masks, players to move.
type Start<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<i32>>,
);

/// What `step()` returns: observations, masks, players to move, rewards, terminated,
/// truncated.
type Stepped<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
);

/// A mutable view of a new, contiguous array.
///
/// # Safety
/// The array must have been created by the caller and not yet be seen by Python code
/// or viewed otherwise while the slice lives.
#[allow(clippy::mut_from_ref)]
unsafe fn rows_of<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    array: &'a Bound<'_, numpy::PyArray<T, D>>,
) -> &'a mut [T] {
    array.as_slice_mut().expect("a new array is contiguous")
}

#[pymethods]
impl VecEnv {
    /// VecEnv(num_envs, players=None, rules=None, seed=0, size=None, max_turns=1000):
    /// `num_envs` games of the rules (a preset name or a rules dict, RULES.md 9.3);
    /// game `i` throws from stream `i` of `seed`. A game still running after
    /// `max_turns` throwing phases is cut short (`truncated`).
    #[new]
    #[pyo3(signature = (num_envs, players=None, rules=None, seed=0, size=None, max_turns=DEFAULT_MAX_TURNS))]
    fn new(
        num_envs: usize,
        players: Option<i64>,
        rules: Option<&Bound<'_, PyAny>>,
        seed: u64,
        size: Option<i64>,
        max_turns: u32,
    ) -> PyResult<VecEnv> {
        if num_envs == 0 {
            return Err(AshtaError::new_err("num_envs must be at least 1"));
        }
        if max_turns == 0 {
            return Err(AshtaError::new_err("max_turns must be at least 1"));
        }
        let variant = variant_from_args(rules, players, size)?;
        let setup = Setup {
            space: ActionSpace::of(&variant),
            layout: ObsLayout::of(&variant),
            max_turns,
            variant,
        };
        let start = setup.variant.start_position();
        let slots = (0..num_envs)
            .map(|i| Slot {
                pos: start,
                turns: 0,
                throws: SeededThrows::with_stream(seed, i as u64),
                moves: Vec::new(),
                ended: true,
            })
            .collect();
        let mut env = VecEnv {
            setup,
            slots,
            rng: ChaCha8Rng::seed_from_u64(seed),
            scratch: Box::new(MoveList::new()),
        };
        env.seed_all(seed);
        Ok(env)
    }

    /// Number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// Number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.setup.variant.players()
    }

    /// Number of actions (the masks' width).
    #[getter]
    fn num_actions(&self) -> usize {
        self.setup.space.size()
    }

    /// Length of one observation.
    #[getter]
    fn observation_size(&self) -> usize {
        self.setup.layout.size()
    }

    /// Restarts every game (reseeding them first when `seed` is given) and returns
    /// `(observations float32[B, D], masks bool[B, A], current_player int32[B])`.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> Start<'py> {
        if let Some(seed) = seed {
            self.seed_all(seed);
        }
        let (obs, mask, player) = self.new_arrays(py);
        // SAFETY: the arrays were just made here and go to Python only on return.
        let mut rows = unsafe {
            Rows {
                obs: rows_of(&obs),
                mask: rows_of(&mask),
                player: rows_of(&player),
            }
        };
        let this = &mut *self;
        py.detach(|| {
            for (i, slot) in this.slots.iter_mut().enumerate() {
                this.setup.restart(slot, &mut this.scratch);
                this.setup.write_row(slot, i, &mut rows);
            }
        });
        (obs, mask, player)
    }

    /// Plays `actions[i]` in game `i` and returns `(observations float32[B, D], masks
    /// bool[B, A], current_player int32[B], rewards float32[B, P], terminated bool[B],
    /// truncated bool[B])`. A game that ended at the previous step restarts instead
    /// (its action is ignored; rewards 0). Raises `IllegalActionError` (and plays
    /// nothing) when an action is not legal.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyArrayLike1<'py, i64, AllowTypeChange>,
    ) -> PyResult<Stepped<'py>> {
        let b = self.slots.len();
        let actions = actions
            .as_slice()
            .map_err(|e| AshtaError::new_err(e.to_string()))?;
        if actions.len() != b {
            return Err(AshtaError::new_err(format!(
                "step(): {} actions for {b} games",
                actions.len()
            )));
        }
        let mut chosen = Vec::with_capacity(b);
        for (i, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
            let mv = if slot.ended {
                None
            } else {
                self.setup.find(slot, a)
            };
            chosen.push(mv);
            if !slot.ended && mv.is_none() {
                let what = usize::try_from(a).map_or_else(
                    |_| "negative".to_string(),
                    |a| self.setup.space.describe(&self.setup.variant, &slot.pos, a),
                );
                return Err(IllegalActionError::new_err(format!(
                    "game {i}: illegal action {a} ({what}); nothing was played"
                )));
            }
        }
        let players = self.setup.variant.players();
        let (obs, mask, player) = self.new_arrays(py);
        let rewards = PyArray2::<f32>::zeros(py, [b, players], false);
        let terminated = PyArray1::<bool>::zeros(py, b, false);
        let truncated = PyArray1::<bool>::zeros(py, b, false);
        // SAFETY: the arrays were just made here and go to Python only on return.
        let mut rows = unsafe {
            Rows {
                obs: rows_of(&obs),
                mask: rows_of(&mask),
                player: rows_of(&player),
            }
        };
        // SAFETY: as above.
        let (rew, term, trunc) =
            unsafe { (rows_of(&rewards), rows_of(&terminated), rows_of(&truncated)) };
        let this = &mut *self;
        py.detach(|| {
            let setup = &this.setup;
            for (i, (slot, mv)) in this.slots.iter_mut().zip(chosen).enumerate() {
                setup.step_one(
                    slot,
                    mv,
                    &mut this.scratch,
                    &mut rew[i * players..(i + 1) * players],
                    &mut term[i],
                    &mut trunc[i],
                );
                setup.write_row(slot, i, &mut rows);
            }
        });
        Ok((obs, mask, player, rewards, terminated, truncated))
    }

    /// A uniformly random legal action for each game, drawn in Rust from the env's
    /// seed (0 for a game that restarts at the next step): `int32[B]`.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        let out = PyArray1::<i32>::zeros(py, self.slots.len(), false);
        // SAFETY: as in `step`.
        let dst = unsafe { rows_of(&out) };
        let this = &mut *self;
        py.detach(|| {
            for (slot, d) in this.slots.iter().zip(dst.iter_mut()) {
                if !slot.ended && !slot.moves.is_empty() {
                    let mv = slot.moves[this.rng.random_range(0..slot.moves.len())];
                    *d = this.setup.space.encode(&this.setup.variant, &slot.pos, &mv) as i32;
                }
            }
        });
        out
    }

    /// Game `index` now as an `ashta.State` (a copy: playing it changes nothing here),
    /// to look at or check a game of the batch.
    fn state(&self, index: usize) -> PyResult<PyState> {
        let slot = self.slots.get(index).ok_or_else(|| {
            AshtaError::new_err(format!("game {index}: the batch has {}", self.slots.len()))
        })?;
        Ok(PyGame::from_variant(self.setup.variant.clone()).state_at(slot.pos))
    }

    fn __repr__(&self) -> String {
        format!(
            "ashta.VecEnv(num_envs={}, players={}, actions={}, observation_size={})",
            self.slots.len(),
            self.setup.variant.players(),
            self.setup.space.size(),
            self.setup.layout.size()
        )
    }
}
