"""Ashta Chamma registered with OpenSpiel (needs ``open_spiel``): importing this module
registers the game ``python_ashta_chamma`` with ``pyspiel``, so OpenSpiel's own
algorithms run on it::

    import pyspiel, ashta.openspiel
    from open_spiel.python.algorithms import mcts
    game = pyspiel.load_game("python_ashta_chamma", {"players": 2})
    bot = mcts.MCTSBot(game, 2.0, 100, mcts.RandomRolloutEvaluator(1))

Parameters: ``players`` (2 to 4, default 4) and ``rules`` (a preset name or a rules
object as JSON text, default ``"standard"``). States delegate every rule to
``ashta.State``: chance nodes at each throw with exact probabilities, the package's
fixed action space, observation tensors and returns (README of the package).
"""

from __future__ import annotations

import numpy as np
import pyspiel

from ._ashta import CHANCE, TERMINAL, Game, State

SHORT_NAME = "python_ashta_chamma"

_DEFAULT_PARAMS = {"players": 4, "rules": "standard"}

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


class AshtaSpielGame(pyspiel.Game):
    """The game for OpenSpiel: states and observers are made from it."""

    def __init__(self, params=_DEFAULT_PARAMS):  # pylint: disable=dangerous-default-value
        params = {**_DEFAULT_PARAMS, **(params or {})}
        self.ashta_game = Game(players=int(params["players"]), rules=params["rules"])
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
                max_game_length=1_000_000,
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
    """An ``ashta.State`` seen through ``pyspiel.State``."""

    def __init__(self, game: AshtaSpielGame, inner: State):
        super().__init__(game)
        self.inner = inner

    def current_player(self) -> int:
        """The player to move, or OpenSpiel's chance / terminal ids."""
        player = self.inner.current_player()
        if player == CHANCE:
            return pyspiel.PlayerId.CHANCE
        if player == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        return player

    def _legal_actions(self, player):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        """``[(mouths_up, probability)]`` of the throw."""
        return self.inner.chance_outcomes()

    def _apply_action(self, action):
        self.inner.apply_action(int(action))

    def _action_to_string(self, player, action):
        return self.inner.action_to_string(player, int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.inner.is_terminal()

    def returns(self):
        """Each player's return (0 until over)."""
        return [float(r) for r in self.inner.returns()]

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


pyspiel.register_game(_GAME_TYPE, AshtaSpielGame)
