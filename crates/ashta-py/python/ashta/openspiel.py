"""Ashta Chamma registered with OpenSpiel (needs ``open_spiel``): importing this module
registers the game ``python_ashta_chamma`` with ``pyspiel``, so OpenSpiel's own
algorithms run on it::

    import pyspiel, ashta.openspiel
    from open_spiel.python.algorithms import mcts
    game = pyspiel.load_game("python_ashta_chamma", {"players": 2})
    bot = mcts.MCTSBot(game, 2.0, 100, ashta.openspiel.RolloutEvaluator(1))

Parameters: ``players`` (2 to 4, default 4), ``size`` (an odd board size from 5 to 15;
0, the default, keeps the rules' own), ``rules`` (a preset name or a rules object as
JSON text, default ``"standard"``) and ``max_turns`` (the turn limit: a game still
running after that many throwing phases is a draw; default 1000, or the rules' own
limit when it is lower). ``max_game_length()`` is exact for that limit: each throwing
phase has at most 16 throws and 16 moves.

States delegate every rule to ``ashta.State``: chance nodes at each throw with exact
probabilities, the package's fixed action space, observation tensors and returns
(README of the package). They pickle, deep-copy and go through
``pyspiel.serialize_game_and_state`` and back.

Speed: the game is registered from Python, so OpenSpiel's algorithms, its C++ ones
included, call a Python method for every step of every simulation; that call, not the
engine, is what limits them. ``RolloutEvaluator`` plays the random rollouts of an MCTS
evaluator in Rust instead (one call per leaf instead of one per action), which is most
of an MCTS search's work.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from ._ashta import Game, State

__all__ = ["SHORT_NAME", "AshtaSpielGame", "AshtaSpielState", "RolloutEvaluator"]

SHORT_NAME = "python_ashta_chamma"

_DEFAULT_PARAMS = {"players": 4, "size": 0, "rules": "standard", "max_turns": 1000}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Ashta Chamma (the ashta Rust engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=_DEFAULT_PARAMS,
)


def _ashta_game(params: dict[str, Any]) -> Game:
    """The ``ashta.Game`` of the parameters, the turn limit set from ``max_turns``."""
    max_turns = int(params["max_turns"])
    if max_turns < 1:
        raise ValueError(f"max_turns must be at least 1, got {max_turns}")
    size = int(params["size"])
    base = Game(rules=params["rules"], players=int(params["players"]), size=size or None)
    rules = json.loads(base.rules_json())
    if isinstance(rules, str):
        rules = {"preset": rules}
    limit = rules.get("turn_limit")
    rules["turn_limit"] = max_turns if limit is None else min(int(limit), max_turns)
    return Game(rules=rules, players=base.num_players(), size=base.board_size())


class AshtaSpielGame(pyspiel.Game):
    """The game for OpenSpiel: states and observers are made from it."""

    def __init__(self, params=None):
        params = {**_DEFAULT_PARAMS, **(params or {})}
        self.ashta_game = _ashta_game(params)
        g = self.ashta_game
        super().__init__(
            _GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=g.num_distinct_actions(),
                max_chance_outcomes=g.max_chance_outcomes(),
                num_players=g.num_players(),
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=g.max_game_length(),
            ),
            params,
        )

    def new_initial_state(self) -> "AshtaSpielState":
        """The start of a game (a chance node)."""
        return AshtaSpielState(self, self.ashta_game.new_initial_state())

    def make_py_observer(self, iig_obs_type=None, params=None) -> "AshtaObserver":
        """The observer of OpenSpiel's observation API."""
        return AshtaObserver(self.ashta_game)


class AshtaSpielState(pyspiel.State):
    """An ``ashta.State`` seen through ``pyspiel.State``. Its player ids are OpenSpiel's
    (``ashta.CHANCE`` and ``ashta.TERMINAL`` are ``PlayerId.CHANCE`` and
    ``PlayerId.TERMINAL``), so every method is one call into Rust."""

    def __init__(self, game: AshtaSpielGame, inner: State):
        super().__init__(game)
        self.inner = inner

    def current_player(self) -> int:
        """The player to move, or OpenSpiel's chance / terminal ids."""
        return self.inner.current_player()

    def _legal_actions(self, player):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        """``[(mouths_up, probability)]`` of the throw."""
        return self.inner.chance_outcomes()

    def _apply_action(self, action):
        self.inner.apply_action(action)

    def _action_to_string(self, player, action):
        return self.inner.action_to_string(player, action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.inner.is_terminal()

    def returns(self):
        """Each player's return (0 until over)."""
        return self.inner.returns()

    def __str__(self) -> str:
        return str(self.inner)


class AshtaObserver:
    """OpenSpiel's observer: the observation tensor and the compact notation."""

    def __init__(self, game: Game):
        self.tensor = np.zeros(game.observation_tensor_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: AshtaSpielState, player: int) -> None:
        """Fills ``tensor`` with the state seen by ``player``."""
        self.tensor[:] = state.inner.observation_tensor(player)

    def string_from(self, state: AshtaSpielState, player: int) -> str:
        """The position in the compact notation."""
        return state.inner.observation_string(player)


class RolloutEvaluator(mcts.Evaluator):
    """``mcts.RandomRolloutEvaluator`` with its rollouts played in Rust
    (``State.rollout_returns``): the value of a leaf is each player's return averaged
    over ``n_rollouts`` random playouts; the prior is uniform over the legal actions
    (the exact probabilities at a chance node)."""

    def __init__(self, n_rollouts: int = 1, seed: int = 0):
        if n_rollouts < 1:
            raise ValueError(f"n_rollouts must be at least 1, got {n_rollouts}")
        self.n_rollouts = n_rollouts
        self._seed = seed
        self._calls = 0

    def evaluate(self, state: AshtaSpielState) -> np.ndarray:
        """Each player's mean return over the rollouts from ``state``."""
        self._calls += 1
        seed = (self._seed * 0x9E3779B97F4A7C15 + self._calls) % (1 << 64)
        return np.array(state.inner.rollout_returns(self.n_rollouts, seed))

    def prior(self, state: AshtaSpielState):
        """``[(action, probability)]``: exact at a chance node, uniform elsewhere."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


pyspiel.register_game(_GAME_TYPE, AshtaSpielGame)
