"""``ashta.VecEnv``: the batch of games stepped in Rust as a ``gymnasium.vector.VectorEnv``.

The core (``ashta._ashta.VecEnv``) steps with plain arrays; this class gives it
Gymnasium's vector API when Gymnasium is installed (without it, the same class with
the same methods, minus the base class):

- ``reset(seed=None, options=None) -> (obs float32[B, D], info)``;
- ``step(actions) -> (obs, rewards float32[B], terminated bool[B], truncated bool[B],
  info)``, where ``rewards[i]`` is the reward of the player who moved in game ``i``;
- ``info``: ``"action_mask"`` (``bool[B, A]``) and ``"current_player"`` (``int32[B]``),
  after a step also ``"returns"`` (``float32[B, P]``, every player's reward);
- ``single_observation_space`` / ``single_action_space``, their batched forms, and
  ``metadata["autoreset_mode"]`` = ``AutoresetMode.NEXT_STEP``.

``reset_arrays`` and ``step_arrays`` give the plain tuples of the core.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ._ashta import VecEnv as _Core

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv as _VectorEnv

    _BASES: tuple = (_Core, _VectorEnv)
    _AUTORESET: Any = AutoresetMode.NEXT_STEP
except ImportError:  # pragma: no cover - exercised only without gymnasium
    gymnasium = None
    _BASES = (_Core,)
    _AUTORESET = "next_step"

__all__ = ["VecEnv"]


class VecEnv(*_BASES):  # type: ignore[misc]
    """A batch of games stepped together in Rust (see the module's docstring).

    ``VecEnv(num_envs, players=None, rules=None, seed=None, size=None,
    max_turns=1000)``: game ``i`` throws from stream ``i`` of ``seed``; without a seed,
    one from the operating system's randomness.
    """

    metadata = {"autoreset_mode": _AUTORESET, "render_modes": []}
    render_mode = None
    spec = None
    closed = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # noqa: D107 - the core's __new__ takes the arguments
        pass

    # Spaces are read from the core, so that they come back with an unpickled env.
    @property
    def single_observation_space(self):
        """``Box(0, inf, (D,), float32)``: one game's observation."""
        return spaces.Box(0.0, np.inf, (self.observation_size,), np.float32)

    @property
    def single_action_space(self):
        """``Discrete(A)``: one game's action (the legal ones are ``info["action_mask"]``)."""
        return spaces.Discrete(self.num_actions)

    @property
    def observation_space(self):
        """The batch's observations, ``Box(0, inf, (B, D), float32)``."""
        return spaces.Box(0.0, np.inf, (self.num_envs, self.observation_size), np.float32)

    @property
    def action_space(self):
        """The batch's actions, ``MultiDiscrete([A] * B)``."""
        return spaces.MultiDiscrete(np.full(self.num_envs, self.num_actions, dtype=np.int64))

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Restarts every game (reseeding first when ``seed`` is given): observations and
        ``info`` (``action_mask``, ``current_player``)."""
        if seed is not None and (
            isinstance(seed, bool)
            or not isinstance(seed, (int, np.integer))
            or not 0 <= seed < 2**64
        ):
            raise ValueError(f"reset(): seed must be an int from 0 to 2**64 - 1, got {seed!r}")
        obs, mask, player = self.reset_arrays(None if seed is None else int(seed))
        return obs, {"action_mask": mask, "current_player": player}

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Plays ``actions[i]`` in game ``i`` (an integer array-like of shape ``(B,)``);
        a game that ended at the previous step restarts instead."""
        obs, mask, player, returns, terminated, truncated, reward = self._step_with_mover(
            actions
        )
        info = {"action_mask": mask, "current_player": player, "returns": returns}
        return obs, reward, terminated, truncated, info

    def close(self, **kwargs: Any) -> None:
        """Nothing to free."""
        self.closed = True

    def __getstate__(self):
        return (_Core.__getstate__(self), dict(self.__dict__))

    def __setstate__(self, state) -> None:
        core, attrs = state
        _Core.__setstate__(self, core)
        self.__dict__.update(attrs)

    def __repr__(self) -> str:
        return _Core.__repr__(self)

    def __str__(self) -> str:
        return _Core.__repr__(self)
