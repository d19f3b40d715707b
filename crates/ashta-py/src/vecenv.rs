//! `ashta.VecEnv`: many games stepped together in Rust, with numpy in and out and the
//! GIL released while stepping. Each step plays one move (one action) in every game;
//! the throws that follow are made inside, from the env's seed, until the next decision
//! or the end of the game. Ended games restart on the next step (Gymnasium's
//! `NEXT_STEP` autoreset).
//!
//! This is the core of `ashta.VecEnv`, which the package's Python side makes a
//! `gymnasium.vector.VectorEnv`; here it steps with plain arrays (`reset_arrays`,
//! `step_arrays`) and pickles (every game, its throw stream and the action generator).

use ashta_engine::{DrawReason, Move, MoveList, Position, ThrowSource, ThrowStep, Variant};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::actions::ActionSpace;
use crate::errors::{position_error, AshtaError, IllegalActionError};
use crate::observe::ObsLayout;
use crate::outcome::write_returns;
use crate::rules_arg::{rules_json, variant_from_args};
use crate::state::{PyGame, PyState};

/// Throwing phases after which a game is cut short (`truncated`) unless given.
const DEFAULT_MAX_TURNS: u32 = 1000;

/// One game of the batch.
struct Slot {
    pos: Position,
    /// Throwing phases begun.
    turns: u32,
    /// The game's throws: stream `i` of the env's seed (as `SeededThrows::with_stream`).
    throws: ChaCha8Rng,
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
            if slot.pos.phase() == ashta_engine::Phase::Throwing {
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
                    let step = ashta_engine::fast::throw_one(v, &mut slot.pos, up)
                        .expect("the player throws");
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

    /// Plays `mv` (None: restart an ended game) and writes the step's rewards and
    /// flags; returns the reward of the player who moved (0 for a restart).
    fn step_one(
        &self,
        slot: &mut Slot,
        mv: Option<Move>,
        scratch: &mut MoveList,
        reward: &mut [f32],
        terminated: &mut bool,
        truncated: &mut bool,
    ) -> f32 {
        let mover = mv.map(|_| slot.pos.to_move());
        let left = match mv {
            Some(mv) => {
                ashta_engine::fast::play(&self.variant, &mut slot.pos, mv);
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
        mover.map_or(0.0, |p| reward[p])
    }

    /// Writes one game's observation, mask and player to move.
    fn write_row(&self, slot: &Slot, row: usize, rows: &mut Rows<'_>) {
        let (d, a) = (self.layout.size(), self.space.size());
        let viewer = slot.pos.to_move();
        self.layout.write(
            &self.variant,
            &slot.pos,
            viewer,
            false,
            slot.turns as usize,
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
#[pyclass(module = "ashta._ashta", name = "VecEnv", subclass)]
pub struct VecEnv {
    setup: Setup,
    slots: Vec<Slot>,
    /// The seed of the throws and of `random_actions`.
    seed: u64,
    rng: ChaCha8Rng,
    scratch: Box<MoveList>,
}

/// One game as pickled: the position (JSON), throwing phases begun, whether it ended,
/// and where its throw stream stands.
type SlotParts = (String, u32, bool, u64, u128);

/// A batch as pickled: the seed, where the action generator stands, every game.
type Parts = (u64, u128, Vec<SlotParts>);

/// The arguments of `VecEnv(...)` that make an env of the same shape: `num_envs`,
/// `players`, `rules`, `seed`, `size`, `max_turns`.
type NewArgs = (usize, u8, String, u64, u8, u32);

/// A generator at stream `stream` of `seed`, `word_pos` words on.
fn stream_at(seed: u64, stream: u64, word_pos: u128) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng.set_word_pos(word_pos);
    rng
}

/// A seed from the operating system's randomness (as Gymnasium does without a seed).
fn fresh_seed(py: Python<'_>) -> PyResult<u64> {
    py.import("secrets")?
        .call_method1("randbits", (64,))?
        .extract()
}

impl VecEnv {
    fn seed_all(&mut self, seed: u64) {
        self.seed = seed;
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.throws = stream_at(seed, i as u64, 0);
        }
        self.rng = stream_at(seed, u64::MAX, 0);
    }

    fn new_arrays<'py>(&self, py: Python<'py>) -> Start<'py> {
        let b = self.slots.len();
        (
            PyArray2::zeros(py, [b, self.setup.layout.size()], false),
            PyArray2::zeros(py, [b, self.setup.space.size()], false),
            PyArray1::zeros(py, b, false),
        )
    }

    /// The actions of a step as one `i64` per game: any integer array-like of shape
    /// `(B,)` (any integer dtype, any strides); a clear error for anything else.
    fn read_actions(&self, actions: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<i64>> {
        let b = self.slots.len();
        let Some(actions) = actions else {
            return Err(AshtaError::new_err(format!(
                "step(): actions is None; give one integer action per game, shape ({b},)"
            )));
        };
        let np = actions.py().import("numpy")?;
        let array = np.call_method1("asarray", (actions,)).map_err(|e| {
            AshtaError::new_err(format!(
                "step(): actions must be an integer array of shape ({b},) ({e})"
            ))
        })?;
        let shape: Vec<usize> = array.getattr("shape")?.extract()?;
        let dtype = array.getattr("dtype")?;
        let kind: String = dtype.getattr("kind")?.extract()?;
        if shape != [b] {
            let shape: Vec<String> = shape.iter().map(usize::to_string).collect();
            let shape = match shape.len() {
                1 => format!("({},)", shape[0]),
                _ => format!("({})", shape.join(", ")),
            };
            return Err(AshtaError::new_err(format!(
                "step(): actions must have shape ({b},), one per game; got shape {shape}"
            )));
        }
        if kind != "i" && kind != "u" {
            let name: String = dtype.getattr("name")?.extract()?;
            let hint = if kind == "f" {
                " (cast with .astype(np.int64) if the values are action ids)"
            } else {
                ""
            };
            return Err(AshtaError::new_err(format!(
                "step(): actions must be integers; got an array of {name}{hint}"
            )));
        }
        let array = np.call_method1("ascontiguousarray", (array, "int64"))?;
        let array: PyReadonlyArray1<'_, i64> = array.extract()?;
        Ok(array.as_slice()?.to_vec())
    }

    /// Plays one step; `mover`: each game's reward for the player who moved.
    fn step_impl<'py>(
        &mut self,
        py: Python<'py>,
        actions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Stepped<'py>, Bound<'py, PyArray1<f32>>)> {
        let b = self.slots.len();
        let actions = self.read_actions(actions)?;
        let mut chosen = Vec::with_capacity(b);
        for (i, (slot, &a)) in self.slots.iter().zip(&actions).enumerate() {
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
        let mover = PyArray1::<f32>::zeros(py, b, false);
        // SAFETY: the arrays were just made here and go to Python only on return.
        let mut rows = unsafe {
            Rows {
                obs: rows_of(&obs),
                mask: rows_of(&mask),
                player: rows_of(&player),
            }
        };
        // SAFETY: as above.
        let (rew, term, trunc, own) = unsafe {
            (
                rows_of(&rewards),
                rows_of(&terminated),
                rows_of(&truncated),
                rows_of(&mover),
            )
        };
        let this = &mut *self;
        py.detach(|| {
            let setup = &this.setup;
            for (i, (slot, mv)) in this.slots.iter_mut().zip(chosen).enumerate() {
                own[i] = setup.step_one(
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
        Ok(((obs, mask, player, rewards, terminated, truncated), mover))
    }

    fn new_args(&self) -> NewArgs {
        let rules = self.setup.variant.rules();
        (
            self.slots.len(),
            rules.players,
            rules_json(&self.setup.variant),
            self.seed,
            rules.size,
            self.setup.max_turns,
        )
    }
}

/// What `reset_arrays()` returns: observations, masks, players to move.
type Start<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<i32>>,
);

/// What `step_arrays()` returns: observations, masks, players to move, rewards,
/// terminated, truncated.
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
    /// VecEnv(num_envs, players=None, rules=None, seed=None, size=None, max_turns=1000):
    /// `num_envs` games of the rules (a preset name or a rules dict, RULES.md 9.3);
    /// game `i` throws from stream `i` of `seed` (without one, a seed from the
    /// operating system's randomness). A game still running after `max_turns`
    /// throwing phases is cut short (`truncated`).
    #[new]
    #[pyo3(signature = (num_envs, players=None, rules=None, seed=None, size=None, max_turns=DEFAULT_MAX_TURNS as i64))]
    fn new(
        py: Python<'_>,
        num_envs: i64,
        players: Option<i64>,
        rules: Option<&Bound<'_, PyAny>>,
        seed: Option<u64>,
        size: Option<i64>,
        max_turns: i64,
    ) -> PyResult<VecEnv> {
        let num_envs = usize::try_from(num_envs)
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| {
                AshtaError::new_err(format!("num_envs must be at least 1, got {num_envs}"))
            })?;
        let max_turns = u32::try_from(max_turns)
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| {
                AshtaError::new_err(format!(
                    "max_turns must be from 1 to {}, got {max_turns}",
                    u32::MAX
                ))
            })?;
        let variant = variant_from_args(rules, players, size)?;
        let seed = match seed {
            Some(seed) => seed,
            None => fresh_seed(py)?,
        };
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
                throws: stream_at(seed, i as u64, 0),
                moves: Vec::new(),
                ended: true,
            })
            .collect();
        Ok(VecEnv {
            setup,
            slots,
            seed,
            rng: stream_at(seed, u64::MAX, 0),
            scratch: Box::new(MoveList::new()),
        })
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

    /// Throwing phases after which a running game is cut short.
    #[getter]
    fn max_turns(&self) -> u32 {
        self.setup.max_turns
    }

    /// The seed the throws and `random_actions` are drawn from (the last one given to
    /// the constructor or `reset`).
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The game every slot plays (an `ashta.Game`).
    fn game(&self) -> PyGame {
        PyGame::from_variant(self.setup.variant.clone())
    }

    /// Restarts every game (reseeding them first when `seed` is given) and returns
    /// `(observations float32[B, D], masks bool[B, A], current_player int32[B])`.
    #[pyo3(signature = (seed=None))]
    fn reset_arrays<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> Start<'py> {
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
    /// (its action is ignored; rewards 0). `actions` is any integer array-like of shape
    /// `(B,)`. Raises `IllegalActionError` (and plays nothing) when an action is not
    /// legal, `AshtaError` for actions of another shape or type.
    #[pyo3(signature = (actions))]
    fn step_arrays<'py>(
        &mut self,
        py: Python<'py>,
        actions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Stepped<'py>> {
        Ok(self.step_impl(py, actions)?.0)
    }

    /// `step_arrays` with one more array last: each game's reward for the player who
    /// moved (`float32[B]`), for Gymnasium's `step`.
    #[pyo3(signature = (actions))]
    #[allow(clippy::type_complexity)]
    fn _step_with_mover<'py>(
        &mut self,
        py: Python<'py>,
        actions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray2<bool>>,
        Bound<'py, PyArray1<i32>>,
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<f32>>,
    )> {
        let ((obs, mask, player, rewards, term, trunc), mover) = self.step_impl(py, actions)?;
        Ok((obs, mask, player, rewards, term, trunc, mover))
    }

    /// A uniformly random legal action for each game, drawn in Rust from the env's
    /// seed (0 for a game that restarts at the next step): `int32[B]`.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i32>> {
        let out = PyArray1::<i32>::zeros(py, self.slots.len(), false);
        // SAFETY: as in `step_impl`.
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
    fn state(&self, index: i64) -> PyResult<PyState> {
        let slot = usize::try_from(index)
            .ok()
            .and_then(|i| self.slots.get(i))
            .ok_or_else(|| {
                AshtaError::new_err(format!(
                    "game {index}: the batch has games 0 to {}",
                    self.slots.len() - 1
                ))
            })?;
        Ok(PyGame::from_variant(self.setup.variant.clone()).state_at(slot.pos))
    }

    /// Pickling: the arguments that make an env of this shape...
    fn __getnewargs__(&self) -> NewArgs {
        self.new_args()
    }

    /// ... and every game, its throw stream and the action generator, so that the
    /// copy continues exactly as the original would.
    fn __getstate__(&self) -> Parts {
        let v = &self.setup.variant;
        let slots = self
            .slots
            .iter()
            .map(|s| {
                (
                    v.to_json_string(&s.pos),
                    s.turns,
                    s.ended,
                    s.throws.get_stream(),
                    s.throws.get_word_pos(),
                )
            })
            .collect();
        (self.seed, self.rng.get_word_pos(), slots)
    }

    /// Restores what `__getstate__` gave (on an env made from `__getnewargs__`).
    fn __setstate__(&mut self, parts: Parts) -> PyResult<()> {
        let (seed, word_pos, slots) = parts;
        if slots.len() != self.slots.len() {
            return Err(AshtaError::new_err(format!(
                "a pickled batch of {} games restored into one of {}",
                slots.len(),
                self.slots.len()
            )));
        }
        let v = self.setup.variant.clone();
        let mut restored = Vec::with_capacity(slots.len());
        for (json, turns, ended, stream, pos) in slots {
            let position = v.parse_json(&json).map_err(position_error)?;
            let mut moves = Vec::new();
            if !ended {
                v.legal_moves(&position, &mut self.scratch);
                moves.extend_from_slice(&self.scratch);
            }
            restored.push(Slot {
                pos: position,
                turns,
                throws: stream_at(seed, stream, pos),
                moves,
                ended,
            });
        }
        self.slots = restored;
        self.seed = seed;
        self.rng = stream_at(seed, u64::MAX, word_pos);
        Ok(())
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
