//! `ashta.Game` and `ashta.State`: the game as OpenSpiel sees one. A state is a chance
//! node at every throw (outcome = the number of cowries mouth up, with its exact
//! probability), a decision node of the player to move while the bag holds values, and
//! terminal once the game is over. The engine's [`EngineGame`] drives it: it knows a
//! throwing phase under way, ends turns, forfeits bags, applies the turn limit and keeps
//! the record.

use ashta_engine::{CheckedMove, Game as EngineGame, MoveList, ThrowFrom, Variant};
use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::actions::ActionSpace;
use crate::errors::{position_error, AshtaError, IllegalActionError, PositionError};
use crate::observe::ObsLayout;
use crate::outcome::returns;
use crate::rules_arg::{rules_json, variant_from_args, variant_from_text};

/// `current_player()` at a chance node (as OpenSpiel's `PlayerId.CHANCE`).
pub const CHANCE: i64 = -1;
/// `current_player()` once the game is over (as OpenSpiel's `PlayerId.TERMINAL`).
pub const TERMINAL: i64 = -4;

/// A rule set, the factory of its states.
#[pyclass(module = "ashta", name = "Game", frozen)]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) variant: Variant,
    pub(crate) space: ActionSpace,
    pub(crate) layout: ObsLayout,
}

impl PyGame {
    pub(crate) fn from_variant(variant: Variant) -> PyGame {
        PyGame {
            space: ActionSpace::of(&variant),
            layout: ObsLayout::of(&variant),
            variant,
        }
    }

    /// A state of this game at `pos` (a throwing phase not under way). A bag that no
    /// unit can use (a position read from outside may hold one) is forfeited by the
    /// engine first, as play would have done, so that every decision node has a move.
    pub(crate) fn state_at(&self, mut pos: ashta_engine::Position) -> PyState {
        let origin = pos;
        if !pos.is_over()
            && pos.phase() != ashta_engine::Phase::Throwing
            && !self.variant.has_legal_move(&pos)
        {
            self.variant
                .end_turn(&mut pos)
                .expect("a bag without a legal move is forfeited");
        }
        let mut state = self.state(EngineGame::from_position(self.variant.clone(), pos, None));
        state.origin = Some(origin);
        state
    }

    fn state(&self, game: EngineGame) -> PyState {
        PyState {
            game,
            space: self.space,
            layout: self.layout.clone(),
            history: Vec::new(),
            origin: None,
        }
    }

    /// The arguments of `Game(players, size, rules)` that make this game again.
    pub(crate) fn args(&self) -> (u8, u8, String) {
        let rules = self.variant.rules();
        (rules.players, rules.size, rules_json(&self.variant))
    }
}

#[pymethods]
impl PyGame {
    /// Game(players=None, size=None, rules="standard"): `rules` is a preset name or a
    /// rules dict/JSON (RULES.md 9.3); `players` and `size` override the rules' own.
    #[new]
    #[pyo3(signature = (players=None, size=None, rules=None))]
    fn new(
        players: Option<i64>,
        size: Option<i64>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        Ok(PyGame::from_variant(variant_from_args(
            rules, players, size,
        )?))
    }

    /// The state a game starts from (a chance node: player 0 throws).
    fn new_initial_state(&self) -> PyState {
        let pos = self.variant.start_position();
        self.state(EngineGame::from_position(self.variant.clone(), pos, None))
    }

    /// A state from a position in the JSON format of RULES.md 11, which must be of this
    /// game (same rules, size and players). Raises `PositionError` saying what is wrong.
    /// A bag that no unit can use is forfeited at once (the turn passes), as in play.
    fn state_from_json(&self, text: &str) -> PyResult<PyState> {
        let pos = self.variant.parse_json(text).map_err(position_error)?;
        Ok(self.state_at(pos))
    }

    /// Number of actions of the fixed action space (the length of every mask).
    fn num_distinct_actions(&self) -> usize {
        self.space.size()
    }

    /// Number of chance outcomes of a throw: cowries + 1 (0 to K mouths up).
    fn max_chance_outcomes(&self) -> usize {
        self.variant.table().cowries() as usize + 1
    }

    /// Number of players.
    fn num_players(&self) -> usize {
        self.variant.players()
    }

    /// Pawns per player.
    fn num_pawns(&self) -> usize {
        self.variant.pawns_per_player()
    }

    /// Board side N.
    fn board_size(&self) -> usize {
        self.variant.rules().size as usize
    }

    /// The throw table's distinct values, ascending: the value slots of the actions.
    fn throw_values(&self) -> Vec<u32> {
        self.variant
            .table()
            .values()
            .iter()
            .map(|&v| v.into())
            .collect()
    }

    /// Shape of `State.observation_tensor()`: `[size]`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.layout.size()]
    }

    /// Length of `State.observation_tensor()`.
    fn observation_tensor_size(&self) -> usize {
        self.layout.size()
    }

    /// Lowest return a player can get (−1).
    fn min_utility(&self) -> f64 {
        -1.0
    }

    /// Highest return a player can get (+1).
    fn max_utility(&self) -> f64 {
        1.0
    }

    /// The rules in their shortest JSON form (RULES.md 9.3).
    fn rules_json(&self) -> String {
        rules_json(&self.variant)
    }

    /// Shape of `State.state_tensor()`: `[size]`.
    fn state_tensor_shape(&self) -> Vec<usize> {
        vec![ashta_lab::state_tensor_len(&self.variant)]
    }

    /// Length of `State.state_tensor()`.
    fn state_tensor_size(&self) -> usize {
        ashta_lab::state_tensor_len(&self.variant)
    }

    /// Longest a game can be in actions (chance outcomes included) under the rules'
    /// turn limit: each throwing phase has at most `MAX_BAG` throws and as many moves,
    /// and a state read from JSON may hold one bag more to play first. `None` without
    /// a turn limit, where a game has no bound.
    fn max_game_length(&self) -> Option<u64> {
        let bag = u64::from(ashta_engine::MAX_BAG);
        self.variant
            .rules()
            .turn_limit
            .map(|limit| u64::from(limit) * 2 * bag + bag)
    }

    /// Pickling: the game is made again from its players, size and rules.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (u8, u8, String))> {
        let cls = py.import("ashta._ashta")?.getattr("Game")?;
        Ok((cls, self.args()))
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    fn __eq__(&self, other: &PyGame) -> bool {
        self.args() == other.args()
    }

    fn __repr__(&self) -> String {
        format!(
            "ashta.Game(players={}, size={}, rules={})",
            self.variant.players(),
            self.variant.rules().size,
            rules_json(&self.variant)
        )
    }
}

/// A state of a game: the position, whether a throwing phase is under way, the record.
#[pyclass(module = "ashta", name = "State")]
#[derive(Clone)]
pub struct PyState {
    pub(crate) game: EngineGame,
    space: ActionSpace,
    layout: ObsLayout,
    history: Vec<i64>,
    /// The position the state was read from, `None` for the start of a game: with the
    /// history, it makes the state again (pickling).
    origin: Option<ashta_engine::Position>,
}

impl PyState {
    pub(crate) fn variant(&self) -> &Variant {
        self.game.variant()
    }

    fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        if self.game.phase() != ashta_engine::Phase::Throwing && !self.game.position().is_over() {
            self.variant().legal_moves(self.game.position(), &mut moves);
        }
        moves
    }

    fn decision_actions(&self) -> Vec<usize> {
        let (v, pos) = (self.variant(), self.game.position());
        let mut out = Vec::new();
        self.space
            .each_legal(v, pos, &self.legal_moves(), |a, _| out.push(a));
        out.sort_unstable();
        out
    }

    fn chance_list(&self) -> Vec<(usize, f64)> {
        let table = self.variant().table();
        (0..=table.cowries())
            .map(|u| (u as usize, table.probability(u)))
            .filter(|&(_, p)| p > 0.0)
            .collect()
    }

    /// Applies an action given as an action id; the reason when it is not legal.
    pub(crate) fn apply(&mut self, action: i64) -> PyResult<()> {
        if self.game.position().is_over() {
            return Err(IllegalActionError::new_err(format!(
                "action {action}: the game is over"
            )));
        }
        if self.game.phase() == ashta_engine::Phase::Throwing {
            let k = self.variant().table().cowries() as i64;
            if !(0..=k).contains(&action) {
                return Err(IllegalActionError::new_err(format!(
                    "chance outcome {action}: a throw of {k} cowries has 0 to {k} mouths up"
                )));
            }
            self.game
                .throw(ThrowFrom::Entered(action as u8))
                .map_err(|e| IllegalActionError::new_err(format!("throw {action}: {e}")))?;
        } else {
            let (v, pos) = (self.variant(), self.game.position());
            let moves = self.legal_moves();
            let mv = usize::try_from(action)
                .ok()
                .and_then(|a| self.space.find(v, pos, &moves, a));
            let Some(mv) = mv else {
                let what = match usize::try_from(action) {
                    Ok(a) => self.space.describe(v, pos, a),
                    Err(_) => format!("action {action} (negative)"),
                };
                return Err(IllegalActionError::new_err(format!(
                    "illegal action {action} ({what}) for player {}: legal actions are {:?}",
                    pos.to_move(),
                    self.decision_actions()
                )));
            };
            self.game
                .checker()
                .check_move(mv)
                .map(CheckedMove::play)
                .map_err(|e| IllegalActionError::new_err(e.to_string()))?;
        }
        self.history.push(action);
        Ok(())
    }

    fn check_player(&self, player: Option<i64>) -> PyResult<usize> {
        let players = self.variant().players() as i64;
        match player {
            None if self.game.position().is_over() => Ok(0),
            None => Ok(self.game.position().to_move()),
            Some(p) if (0..players).contains(&p) => Ok(p as usize),
            Some(p) => Err(AshtaError::new_err(format!(
                "player {p}: this game has players 0 to {}",
                players - 1
            ))),
        }
    }

    /// The action in words (chance outcomes as throws).
    fn describe(&self, action: i64) -> String {
        let (v, pos) = (self.variant(), self.game.position());
        if self.game.phase() == ashta_engine::Phase::Throwing {
            let table = v.table();
            return match u8::try_from(action).ok().filter(|&u| u <= table.cowries()) {
                Some(u) => {
                    let face = table.face(u);
                    let grace = if face.grace { ", a grace" } else { "" };
                    format!("throw {u} up: {}{grace}", face.value)
                }
                None => format!("chance outcome {action} (out of range)"),
            };
        }
        let moves = self.legal_moves();
        match usize::try_from(action) {
            Ok(a) => match self.space.find(v, pos, &moves, a) {
                Some(mv) => mv.to_string(),
                None => self.space.describe(v, pos, a),
            },
            Err(_) => format!("action {action} (negative)"),
        }
    }
}

#[pymethods]
impl PyState {
    /// The player to move, `ashta.CHANCE` (−1) at a throw, `ashta.TERMINAL` (−4) once over.
    fn current_player(&self) -> i64 {
        if self.game.position().is_over() {
            TERMINAL
        } else if self.game.phase() == ashta_engine::Phase::Throwing {
            CHANCE
        } else {
            self.game.position().to_move() as i64
        }
    }

    /// Whether the next action is a throw (a chance outcome).
    fn is_chance_node(&self) -> bool {
        self.game.phase() == ashta_engine::Phase::Throwing
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.game.position().is_over()
    }

    /// At a chance node: `[(mouths_up, probability), ...]`, exact, adding up to 1.
    /// Raises `AshtaError` elsewhere.
    fn chance_outcomes(&self) -> PyResult<Vec<(usize, f64)>> {
        if self.game.phase() != ashta_engine::Phase::Throwing {
            return Err(AshtaError::new_err(
                "chance_outcomes(): not a chance node (the player to move has a bag to play, or the game is over)",
            ));
        }
        Ok(self.chance_list())
    }

    /// The legal actions, ascending: chance outcomes at a chance node, the moves of the
    /// bag at a decision node, none once over. `player`, if given, must be the player to
    /// move for the list to be non-empty.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<usize>> {
        if let Some(p) = player {
            self.check_player(Some(p))?;
            if p != self.current_player() {
                return Ok(Vec::new());
            }
        }
        if self.game.phase() == ashta_engine::Phase::Throwing {
            return Ok(self.chance_list().into_iter().map(|(u, _)| u).collect());
        }
        Ok(self.decision_actions())
    }

    /// The legal actions as a `bool` array: of length `num_distinct_actions()` at a
    /// decision node or once over, `max_chance_outcomes()` at a chance node.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let legal = self.legal_actions(player)?;
        let len = if self.game.phase() == ashta_engine::Phase::Throwing {
            self.variant().table().cowries() as usize + 1
        } else {
            self.space.size()
        };
        let mut mask = vec![false; len];
        for a in legal {
            mask[a] = true;
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Plays an action: a throw at a chance node (mouths up), a move at a decision
    /// node. Raises `IllegalActionError` with the legal actions when it is not legal.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        self.apply(action)
    }

    /// Each player's return: 0 until the game is over, then +1 / −1 (see the README's
    /// "From Python": places and draws).
    fn returns(&self) -> Vec<f32> {
        returns(self.variant(), self.game.position())
    }

    /// Same as `returns()` (the game pays only at its end).
    fn rewards(&self) -> Vec<f32> {
        self.returns()
    }

    /// One player's return.
    fn player_return(&self, player: i64) -> PyResult<f32> {
        let p = self.check_player(Some(player))?;
        Ok(self.returns()[p])
    }

    /// An independent copy.
    fn clone(&self) -> PyState {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyState {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        Clone::clone(self)
    }

    /// The state seen by `player` (default: the player to move) as `float32[size]`;
    /// the layout is in the package's README.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let viewer = self.check_player(player)?;
        let mut out = vec![0.0f32; self.layout.size()];
        self.layout.write(
            self.variant(),
            self.game.position(),
            viewer,
            self.game.throwing(),
            self.game.turns(),
            &mut out,
        );
        Ok(PyArray1::from_vec(py, out))
    }

    /// The whole state of the game, seen by nobody, as `float32[size]` (the engine's
    /// state tensor: seats in their own order, blocks, bag, places, the phase and the
    /// turn count; the table is in the package's README). For value learning and
    /// search.
    fn state_tensor<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        let mut out = vec![0.0f32; ashta_lab::state_tensor_len(self.variant())];
        ashta_lab::write_state_tensor(
            self.variant(),
            self.game.position(),
            self.game.throwing(),
            self.game.turns(),
            &mut out,
        );
        PyArray1::from_vec(py, out)
    }

    /// Each player's return averaged over `count` random playouts from here, played in
    /// Rust with the GIL released: throws drawn with their exact probabilities, moves
    /// uniformly among the legal ones, every playout to the end of the game (the rules'
    /// turn limit included). Playout `i` draws from stream `i` of `seed`. What an MCTS
    /// evaluator of random rollouts computes, without a Python call per action.
    #[pyo3(signature = (count=1, seed=0))]
    fn rollout_returns(&self, py: Python<'_>, count: u32, seed: u64) -> PyResult<Vec<f64>> {
        if count == 0 {
            return Err(AshtaError::new_err(
                "rollout_returns(): count must be at least 1",
            ));
        }
        let game = &self.game;
        Ok(py.detach(|| crate::rollout::mean_returns(game, count, seed)))
    }

    /// The board as an RGB picture, `uint8[H, W, 3]` (the environments' `rgb_array`
    /// render): squares, safe squares, blocks, every pawn, and below the board the
    /// pawns off it and the player to move.
    fn render_rgb<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<u8>>> {
        let (h, w, pixels) = crate::picture::paint(self.variant(), self.game.position());
        PyArray1::from_vec(py, pixels).reshape([h, w, 3])
    }

    /// Pickling: the game, the position it started from and the actions applied, which
    /// are replayed (so every phase, a throwing phase under way included, comes back).
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        ((u8, u8, String), Option<String>, Vec<i64>),
    )> {
        let rebuild = py.import("ashta._ashta")?.getattr("_state_from_parts")?;
        let game = PyGame::from_variant(self.variant().clone());
        let origin = self.origin.map(|pos| self.variant().to_json_string(&pos));
        Ok((rebuild, (game.args(), origin, self.history.clone())))
    }

    /// The position in the compact notation (one line).
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        self.check_player(player)?;
        Ok(self.variant().to_notation(self.game.position()))
    }

    /// The position in the JSON format of RULES.md 11. Raises `PositionError` while a
    /// throwing phase is under way (after a grace), which that format cannot hold.
    fn to_json(&self) -> PyResult<String> {
        if self.game.throwing() {
            return Err(PositionError::new_err(
                "a throwing phase is under way (the last throw was a grace): the position format of RULES.md 11 cannot hold it; save the state before the phase or once it has ended",
            ));
        }
        Ok(self.variant().to_json_string(self.game.position()))
    }

    /// The game so far as a record (the `ashta-record/1` JSON), for `ashta.analyze`.
    fn record_json(&self) -> String {
        self.game.save()
    }

    /// The actions applied so far, chance outcomes included.
    fn history(&self) -> Vec<i64> {
        self.history.clone()
    }

    /// The action in words: a throw as `throw U up: VALUE`, a move as the engine writes
    /// it (`3:0>3x2`), an action not legal here by its value and unit.
    #[pyo3(signature = (player, action))]
    fn action_to_string(&self, player: i64, action: i64) -> String {
        let _ = player;
        self.describe(action)
    }

    /// The values in the bag, largest first.
    fn bag(&self) -> Vec<u32> {
        self.variant()
            .bag(self.game.position())
            .into_iter()
            .map(u32::from)
            .collect()
    }

    /// The winner (the first to finish), if any.
    fn winner(&self) -> Option<usize> {
        self.game.position().winner()
    }

    /// The finishing order so far.
    fn places(&self) -> Vec<u32> {
        self.game
            .position()
            .places()
            .iter()
            .map(|&p| p.into())
            .collect()
    }

    /// Where every player stands now, best first (RULES.md 8.9), finished or not: one
    /// dict per player with `player`, `place` (players who tie share it), `finished`,
    /// `resigned` and `progress`.
    fn standings<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.game
            .standings()
            .into_iter()
            .map(|s| {
                let d = PyDict::new(py);
                d.set_item("player", s.player)?;
                d.set_item("place", s.place)?;
                d.set_item("finished", s.finished)?;
                d.set_item("resigned", s.resigned)?;
                d.set_item("progress", s.progress)?;
                Ok(d)
            })
            .collect()
    }

    /// Whether the game was won by a claim at a table when every opponent still in it
    /// had left (RULES.md 8.6): the winner need not have every pawn home. Read from a
    /// position's JSON (`"claimed": true`); a game played here is never claimed.
    fn claimed(&self) -> bool {
        self.game.position().claimed()
    }

    /// Why the game was drawn (`"frozen"`, `"turn limit"`, `"declared"`), if it was.
    fn draw(&self) -> Option<&'static str> {
        self.game.position().draw().map(|d| d.name())
    }

    /// Throwing phases begun so far.
    fn turns(&self) -> usize {
        self.game.turns()
    }

    /// The game this state belongs to.
    fn get_game(&self) -> PyGame {
        PyGame::from_variant(self.variant().clone())
    }

    fn __str__(&self) -> String {
        self.variant().to_notation(self.game.position())
    }

    fn __repr__(&self) -> String {
        format!(
            "ashta.State({})",
            self.variant().to_notation(self.game.position())
        )
    }
}

/// Makes a state again from `State.__reduce__`'s parts: the game's arguments, the
/// position it started from (`None`: the start of a game) and the actions applied.
#[pyfunction]
#[pyo3(name = "_state_from_parts")]
pub fn state_from_parts(
    game: (u8, u8, String),
    origin: Option<String>,
    history: Vec<i64>,
) -> PyResult<PyState> {
    let (players, size, rules) = game;
    let game = PyGame::from_variant(variant_from_text(&rules, players, size)?);
    let mut state = match origin {
        None => game.new_initial_state(),
        Some(text) => game.state_from_json(&text)?,
    };
    for action in history {
        state.apply(action)?;
    }
    Ok(state)
}

/// `ashta.state_from_json(text)`: a state from a position in the JSON format of
/// RULES.md 11, of whatever game it names.
#[pyfunction]
pub fn state_from_json(text: &str) -> PyResult<PyState> {
    let (variant, pos) = ashta_engine::parse_position(text).map_err(position_error)?;
    Ok(PyGame::from_variant(variant).state_at(pos))
}
