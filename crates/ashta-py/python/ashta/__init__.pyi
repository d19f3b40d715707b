"""Ashta Chamma for researchers (see ``ashta._ashta`` for the native API)."""

from . import bots as bots
from ._sampling import sample_chance as sample_chance
from ._vector import VecEnv as VecEnv
from ._ashta import (
    BOT_NAMES as BOT_NAMES,
    CHANCE as CHANCE,
    TERMINAL as TERMINAL,
    AshtaError as AshtaError,
    Bot as Bot,
    BotError as BotError,
    Game as Game,
    IllegalActionError as IllegalActionError,
    PositionError as PositionError,
    RecordError as RecordError,
    RulesError as RulesError,
    State as State,
    Summary as Summary,
    analyze as analyze,
    exact_value as exact_value,
    hint as hint,
    run_games as run_games,
    state_from_json as state_from_json,
)
