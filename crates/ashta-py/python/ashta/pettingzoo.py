"""A PettingZoo AEC environment of Ashta Chamma: ``ashta.pettingzoo.env(players=4)``.

Agents are ``player_0`` ... ``player_{P-1}``. Only decisions are steps: the throws are
made inside the environment, drawn from the seed given to ``reset`` with the engine's
exact probabilities. ``observe(agent)`` gives ``{"observation": float32[D],
"action_mask": int8[A]}`` (the observation as ``State.observation_tensor(agent)``; the
mask is all 0 for an agent not to move). Rewards, paid when the game ends: +1 for the
winner and −1 for the others; under finish ``places`` from +1 (first) to −1 (last);
0 for everyone in a draw (frozen or turn limit). A game still running after
``max_turns`` throwing phases is truncated.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._ashta import Game, State
from ._sampling import sample_chance

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped in PettingZoo's order enforcing checks (``raw_env`` args)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):
    """Ashta Chamma as a PettingZoo AEC environment (see the module's docstring)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "ashta_v0", "is_parallelizable": False}

    def __init__(
        self,
        players: Optional[int] = None,
        rules: Any = None,
        size: Optional[int] = None,
        max_turns: int = 1000,
        render_mode: Optional[str] = None,
    ) -> None:
        """``rules``: a preset name or rules dict (RULES.md 9.3); ``players`` and
        ``size`` override the rules' own."""
        super().__init__()
        self.game = Game(players=players, size=size, rules=rules)
        self.max_turns = max_turns
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
        self._rng = np.random.default_rng()
        self.state: State = self.game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent``: the game's fixed action space."""
        return self.action_spaces[agent]

    def _index(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation", "action_mask"}`` of ``agent``."""
        i = self._index(agent)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if self.state.current_player() == i:
            mask[:] = self.state.legal_actions_mask()
        return {"observation": self.state.observation_tensor(i), "action_mask": mask}

    def _throw(self) -> None:
        """Makes the throws until someone decides or the game ends."""
        while self.state.is_chance_node():
            sample_chance(self.state, self._rng)

    def _settle(self) -> None:
        """Throws, then sets the next agent, or ends the game for everyone."""
        truncated = self.state.is_chance_node() and self.state.turns() >= self.max_turns
        if not truncated:
            self._throw()
        if truncated or self.state.is_terminal():
            returns = self.state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._index(a)])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """Starts a new game; ``seed`` seeds the throws."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state()
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
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.state.apply_action(int(action))
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The position in the compact notation (printed in ``human`` mode)."""
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to free."""
