"""PettingZoo environments of Ashta Chamma: ``ashta.pettingzoo.env(players=4)`` (AEC)
and ``ashta.pettingzoo.parallel_env(players=4)`` (parallel).

Agents are ``player_0`` ... ``player_{P-1}``. Only decisions are steps: the throws are
made inside the environment, drawn from the seed given to ``reset`` with the engine's
exact probabilities. ``observe(agent)`` gives ``{"observation": float32[D],
"action_mask": int8[A]}`` (the observation as ``State.observation_tensor(agent)``; the
mask is all 0 for an agent not to move). ``state()`` is the whole game as the engine's
state tensor (``State.state_tensor()``, ``state_space``). Rewards, paid when the game
ends: +1 for the winner and −1 for the others; under finish ``places`` from +1 (first)
to −1 (last); 0 for everyone in a draw (frozen or turn limit). A game still running
after ``max_turns`` throwing phases is truncated.

The parallel environment is turn based: every live agent gives an action each step,
and only the action of the agent to move (the one whose mask is not all 0) is played.

Render modes: ``ansi`` (the compact notation), ``human`` (printed) and ``rgb_array``
(``uint8[H, W, 3]``, ``State.render_rgb()``). Environments pickle and deep-copy, game
and throw generator included, and continue identically.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ._ashta import Game, State
from ._sampling import sample_chance

__all__ = ["env", "raw_env", "parallel_env", "ParallelAshtaEnv"]

_RENDER_MODES = ["human", "ansi", "rgb_array"]


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped in PettingZoo's order enforcing checks (``raw_env`` args)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


def parallel_env(**kwargs: Any) -> "ParallelAshtaEnv":
    """The parallel environment (``raw_env`` args)."""
    return ParallelAshtaEnv(**kwargs)


class _Table:
    """What both environments share: the game, its state, the throws and the spaces."""

    def _setup(
        self,
        players: Optional[int],
        rules: Any,
        size: Optional[int],
        max_turns: int,
        render_mode: Optional[str],
    ) -> None:
        if isinstance(max_turns, bool) or not isinstance(max_turns, (int, np.integer)):
            raise TypeError(f"max_turns must be an int, got {type(max_turns).__name__}")
        if max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, got {max_turns}")
        if render_mode is not None and render_mode not in _RENDER_MODES:
            raise ValueError(f"render_mode {render_mode!r}: one of {_RENDER_MODES} or None")
        self._args = {"players": players, "rules": rules, "size": size}
        self.game = Game(players=players, size=size, rules=rules)
        self.max_turns = int(max_turns)
        self.render_mode = render_mode
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        num_actions = self.game.num_distinct_actions()
        size_obs = self.game.observation_tensor_size()
        self.action_spaces = {a: spaces.Discrete(num_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 255.0, (size_obs,), np.float32),
                    "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state_space = spaces.Box(
            0.0, 1e6, (self.game.state_tensor_size(),), np.float32
        )
        self._rng = np.random.default_rng()
        self.game_state: State = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent``: the game's fixed action space."""
        return self.action_spaces[agent]

    def state(self) -> np.ndarray:
        """The whole game now, seen by nobody: the engine's state tensor."""
        return self.game_state.state_tensor()

    def _index(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _observe(self, agent: str) -> dict[str, np.ndarray]:
        i = self._index(agent)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if self.game_state.current_player() == i:
            mask[:] = self.game_state.legal_actions_mask()
        return {"observation": self.game_state.observation_tensor(i), "action_mask": mask}

    def _new_game(self, seed: Optional[int]) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game_state = self.game.new_initial_state()

    def _throw(self) -> bool:
        """Makes the throws until someone decides or the game ends; True when the game is
        cut short first (``max_turns`` throwing phases begun)."""
        if self.game_state.is_chance_node() and self.game_state.turns() >= self.max_turns:
            return True
        while self.game_state.is_chance_node():
            sample_chance(self.game_state, self._rng)
        return False

    def _to_move(self) -> str:
        return self.possible_agents[self.game_state.current_player()]

    def render(self) -> Any:
        """``ansi``: the position in the compact notation; ``human``: printed;
        ``rgb_array``: the board as ``uint8[H, W, 3]``."""
        if self.render_mode == "rgb_array":
            return self.game_state.render_rgb()
        text = str(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to free."""


class raw_env(_Table, AECEnv):
    """Ashta Chamma as a PettingZoo AEC environment (see the module's docstring)."""

    metadata = {"render_modes": _RENDER_MODES, "name": "ashta_v0", "is_parallelizable": True}

    def __init__(
        self,
        players: Optional[int] = None,
        rules: Any = None,
        size: Optional[int] = None,
        max_turns: int = 1000,
        render_mode: Optional[str] = None,
    ) -> None:
        """``rules``: a preset name or rules dict (RULES.md 9.3); ``players`` and
        ``size`` override the rules' own; ``max_turns`` ≥ 1."""
        AECEnv.__init__(self)
        self._setup(players, rules, size, max_turns, render_mode)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation", "action_mask"}`` of ``agent``."""
        return self._observe(agent)

    def _settle(self) -> None:
        """Throws, then sets the next agent, or ends the game for everyone."""
        truncated = self._throw()
        if truncated or self.game_state.is_terminal():
            returns = self.game_state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._index(a)])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
        else:
            self.agent_selection = self._to_move()

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Starts a new game; ``seed`` seeds the throws."""
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._settle()

    def step(self, action: Optional[int]) -> None:
        """Plays ``action`` for the agent to move (``None`` for one whose game ended).
        Raises ``ashta.IllegalActionError`` for an action the mask does not allow."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(
                f"step(None) for {agent}, who is to move: None is only for an agent whose game ended"
            )
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.game_state.apply_action(int(action))
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()


class ParallelAshtaEnv(_Table, ParallelEnv):
    """Ashta Chamma as a turn-based PettingZoo parallel environment: only the agent to
    move's action is played (see the module's docstring)."""

    metadata = {"render_modes": _RENDER_MODES, "name": "ashta_v0"}

    def __init__(
        self,
        players: Optional[int] = None,
        rules: Any = None,
        size: Optional[int] = None,
        max_turns: int = 1000,
        render_mode: Optional[str] = None,
    ) -> None:
        """Arguments as ``raw_env``."""
        self._setup(players, rules, size, max_turns, render_mode)
        self.agents: list[str] = []

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self._observe(a) for a in self.possible_agents}

    def reset(
        self, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> tuple[dict, dict]:
        """Starts a new game; ``seed`` seeds the throws."""
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self._throw()
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """Plays the action of the agent to move (the others' are ignored); all agents
        leave together when the game ends or is cut short."""
        if not self.agents:
            raise ValueError("step() after the game ended: call reset() first")
        mover = self._to_move()
        if actions is None or mover not in actions or actions[mover] is None:
            raise ValueError(f"step(): no action for {mover}, the agent to move")
        self.game_state.apply_action(int(actions[mover]))
        truncated = self._throw()
        over = self.game_state.is_terminal()
        returns = self.game_state.returns() if (over or truncated) else [0.0] * len(self.possible_agents)
        live = self.agents
        rewards = {a: float(returns[self._index(a)]) for a in live}
        terminations = {a: over for a in live}
        truncations = {a: truncated and not over for a in live}
        observations = {a: self._observe(a) for a in live}
        infos = {a: {} for a in live}
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos
