"""Ashta Chamma (Chowka Bhara) for researchers, on the project's Rust engine.

- ``Game`` / ``State``: the game as OpenSpiel sees one (chance nodes at every throw,
  a fixed action space, observation tensors, JSON positions of RULES.md 11).
- ``VecEnv``: many games stepped together in Rust, numpy in and out (a
  ``gymnasium.vector.VectorEnv`` when Gymnasium is installed).
- ``ashta.pettingzoo.env(...)`` / ``parallel_env(...)``: PettingZoo environments.
- ``ashta.gym.AshtaEnv(...)``: a Gymnasium environment against our bots.
- ``Bot``, ``ashta.bots.choose``, ``hint``, ``analyze``, ``exact_value``, ``run_games``: the bots and tools.

Every rule is the engine's; see the package README for the action space and the
observation layout.
"""

from ._ashta import (
    BOT_NAMES,
    CHANCE,
    TERMINAL,
    AshtaError,
    Bot,
    BotError,
    Game,
    IllegalActionError,
    PositionError,
    RecordError,
    RulesError,
    State,
    Summary,
    analyze,
    exact_value,
    hint,
    run_games,
    state_from_json,
)
from . import bots
from ._vector import VecEnv
from ._sampling import sample_chance

__all__ = [
    "BOT_NAMES",
    "CHANCE",
    "TERMINAL",
    "AshtaError",
    "Bot",
    "BotError",
    "Game",
    "IllegalActionError",
    "PositionError",
    "RecordError",
    "RulesError",
    "State",
    "Summary",
    "VecEnv",
    "analyze",
    "bots",
    "exact_value",
    "hint",
    "run_games",
    "sample_chance",
    "state_from_json",
]
