"""A Gymnasium single-agent environment: ``ashta.gym.AshtaEnv(opponents="greedy")``.

The agent plays seat ``seat``; our bots play the other seats (one bot name for all, or
one per other seat, in seat order). Only the agent's decisions are steps: the bots'
moves and every throw happen inside, the throws drawn from the seed given to
``reset`` with the engine's exact probabilities.

- Observation: ``float32[D]``, ``State.observation_tensor(seat)``.
- Action: ``Discrete(A)``, the game's fixed action space; the legal ones are
  ``info["action_mask"]`` (``int8[A]``), also given by ``action_masks()``.
- Reward, when the game ends: the agent's return (+1 win, −1 loss; ``places``
  finish from +1 to −1; 0 for a draw). A game still running after ``max_turns``
  throwing phases is truncated.
- An illegal action ends the episode with reward −1 and ``info["illegal_action"]``
  (``illegal_action="lose"``, the default, so that generic checkers that sample any
  action can run), or raises ``ashta.IllegalActionError`` (``illegal_action="raise"``).
- Each bot decision is made by a bot seeded from the environment's generator, so the
  environment pickles and deep-copies (game, generator and all) and the copy continues
  exactly as the original would.
- Render modes: ``ansi`` (the compact notation) and ``rgb_array`` (``uint8[H, W, 3]``,
  ``State.render_rgb()``).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from ._ashta import Bot, Game, IllegalActionError, State
from ._sampling import sample_chance
from .bots import choose

__all__ = ["AshtaEnv"]


class AshtaEnv(gymnasium.Env):
    """One seat of Ashta Chamma against our bots (see the module's docstring)."""

    metadata = {"render_modes": ["ansi", "rgb_array"]}

    def __init__(
        self,
        opponents: Union[str, Sequence[str]] = "greedy",
        seat: int = 0,
        players: Optional[int] = None,
        rules: Any = None,
        size: Optional[int] = None,
        max_turns: int = 1000,
        illegal_action: str = "lose",
        render_mode: Optional[str] = None,
    ) -> None:
        """``opponents``: a bot name (``ashta.BOT_NAMES``, with options) for every
        other seat, or one per other seat; ``rules`` as for ``ashta.Game``."""
        self.game = Game(players=players, size=size, rules=rules)
        n = self.game.num_players()
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat}: this game has seats 0 to {n - 1}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError('illegal_action is "lose" or "raise"')
        if isinstance(max_turns, bool) or not isinstance(max_turns, (int, np.integer)):
            raise TypeError(f"max_turns must be an int, got {type(max_turns).__name__}")
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, got {max_turns}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: one of {self.metadata['render_modes']} or None"
            )
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"{len(names)} opponents for {n - 1} other seats")
        for name in names:
            Bot(name)  # raises ashta.BotError for an unknown bot or option
        self.opponent_names = names
        self.seat = seat
        self.max_turns = int(max_turns)
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.observation_space = spaces.Box(
            0.0, 255.0, (self.game.observation_tensor_size(),), np.float32
        )
        self.state: State = self.game.new_initial_state()
        self._names = dict(
            zip([p for p in range(n) if p != seat], self.opponent_names)
        )

    def action_masks(self) -> np.ndarray:
        """The legal actions of the agent now, ``bool[A]`` (all False once over)."""
        if self.state.current_player() != self.seat:
            return np.zeros(self.game.num_distinct_actions(), dtype=bool)
        return self.state.legal_actions_mask()

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self.action_masks().astype(np.int8), **extra}

    def _observation(self) -> np.ndarray:
        return self.state.observation_tensor(self.seat)

    def _advance(self) -> bool:
        """Throws and lets the bots play until the agent decides or the game ends;
        True when it was cut short (truncated)."""
        phase_start = True
        while not self.state.is_terminal():
            if self.state.is_chance_node():
                if phase_start and self.state.turns() >= self.max_turns:
                    return True
                sample_chance(self.state, self.np_random)
                phase_start = False
                continue
            player = self.state.current_player()
            if player == self.seat:
                return False
            seed = int(self.np_random.integers(2**63))
            for action in choose(self.state, level=self._names[player], seed=seed):
                self.state.apply_action(action)
            phase_start = True
        return False

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts a new game (``seed`` seeds the throws and the bots)."""
        super().reset(seed=seed)
        self.state = self.game.new_initial_state()
        truncated = self._advance()
        return self._observation(), self._info(truncated=truncated)

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Plays the agent's move, then the bots and throws up to its next decision."""
        try:
            self.state.apply_action(int(action))
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            return self._observation(), -1.0, True, False, self._info(illegal_action=True)
        truncated = self._advance()
        terminated = self.state.is_terminal()
        reward = float(self.state.returns()[self.seat]) if terminated else 0.0
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> Union[str, np.ndarray]:
        """``ansi``: the position in the compact notation; ``rgb_array``: the board as
        ``uint8[H, W, 3]``; the notation too without a render mode."""
        if self.render_mode == "rgb_array":
            return self.state.render_rgb()
        return str(self.state)


gymnasium.register(id="ashta/Ashta-v0", entry_point="ashta.gym:AshtaEnv")
