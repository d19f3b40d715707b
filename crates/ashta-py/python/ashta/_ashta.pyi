"""Type stubs of the native module ``ashta._ashta`` (the Rust engine's bindings)."""

from typing import Any, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

RulesArg = Union[str, Mapping[str, Any], None]
"""A preset name (``"standard"``, ``"traditional"``, ``"senior"``), a rules dict or its
JSON text (RULES.md 9.3), or None for the standard rules."""

CHANCE: int
"""``State.current_player()`` at a throw (−1, as OpenSpiel's ``PlayerId.CHANCE``)."""
TERMINAL: int
"""``State.current_player()`` once the game is over (−4, as ``PlayerId.TERMINAL``)."""
BOT_NAMES: list[str]
"""Every bot name ``Bot`` knows (options follow a colon: ``"mcts:sims=2000"``)."""

class AshtaError(ValueError):
    """Base of the package's errors: input that the rules or the API refuse."""

class RulesError(AshtaError):
    """A rules string or dict that is not a playable rule set (RULES.md 9)."""

class PositionError(AshtaError):
    """A position that does not parse or breaks the rules (RULES.md 11)."""

class IllegalActionError(AshtaError):
    """An action that is not legal in the state."""

class RecordError(AshtaError):
    """A game record that does not parse or does not replay."""

class BotError(AshtaError):
    """An unknown bot, a bad option, or a bot asked to play where nobody decides."""

class Game:
    """A rule set, the factory of its states (as OpenSpiel's ``Game``)."""

    def __init__(
        self, players: Optional[int] = None, size: Optional[int] = None, rules: RulesArg = None
    ) -> None:
        """``rules`` names the rules; ``players`` and ``size`` override the rules' own.
        Raises ``RulesError`` naming the first thing wrong."""
    def new_initial_state(self) -> State:
        """The start of a game: a chance node (player 0 throws)."""
    def state_from_json(self, text: str) -> State:
        """A state from a position in the JSON format of RULES.md 11, of this game.
        Raises ``PositionError``. A bag no unit can use is forfeited at once."""
    def num_distinct_actions(self) -> int:
        """Size of the fixed action space: values × (2 × pawns + 1)."""
    def max_chance_outcomes(self) -> int:
        """Chance outcomes of one throw: cowries + 1 (0 to K mouths up)."""
    def num_players(self) -> int:
        """Number of players."""
    def num_pawns(self) -> int:
        """Pawns per player."""
    def board_size(self) -> int:
        """Board side N."""
    def throw_values(self) -> list[int]:
        """The throw table's distinct values, ascending: the actions' value slots."""
    def observation_tensor_shape(self) -> list[int]:
        """``[size]`` of ``State.observation_tensor()``."""
    def observation_tensor_size(self) -> int:
        """Length of ``State.observation_tensor()``."""
    def min_utility(self) -> float:
        """−1."""
    def max_utility(self) -> float:
        """+1."""
    def state_tensor_shape(self) -> list[int]:
        """Shape of ``State.state_tensor()``: ``[size]``."""
    def state_tensor_size(self) -> int:
        """Length of ``State.state_tensor()``."""
    def max_game_length(self) -> Optional[int]:
        """Most actions a game can take under the rules' turn limit (None without one)."""
    def rules_json(self) -> str:
        """The rules in their shortest JSON form (RULES.md 9.3)."""

class State:
    """A state of a game: chance node at each throw, decision node while the bag holds
    values, terminal once over."""

    def current_player(self) -> int:
        """The player to move, ``CHANCE`` at a throw, ``TERMINAL`` once over."""
    def is_chance_node(self) -> bool:
        """Whether the next action is a throw."""
    def is_terminal(self) -> bool:
        """Whether the game is over."""
    def chance_outcomes(self) -> list[Tuple[int, float]]:
        """``[(mouths_up, probability)]`` at a chance node, exact; ``AshtaError`` elsewhere."""
    def legal_actions(self, player: Optional[int] = None) -> list[int]:
        """Legal actions, ascending (chance outcomes at a chance node)."""
    def legal_actions_mask(self, player: Optional[int] = None) -> npt.NDArray[np.bool_]:
        """Legal actions as a bool array of ``num_distinct_actions()`` (or
        ``max_chance_outcomes()`` at a chance node)."""
    def apply_action(self, action: int) -> None:
        """Plays a throw (chance node) or a move; ``IllegalActionError`` if not legal."""
    def returns(self) -> list[float]:
        """Each player's return: 0 until over; +1 winner / −1 others; draws 0."""
    def rewards(self) -> list[float]:
        """Same as ``returns()``: the game pays only at its end."""
    def player_return(self, player: int) -> float:
        """One player's return."""
    def clone(self) -> State:
        """An independent copy."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...
    def observation_tensor(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """The state seen by ``player`` (default: the player to move)."""
    def observation_string(self, player: Optional[int] = None) -> str:
        """The position in the compact notation."""
    def to_json(self) -> str:
        """The position in RULES.md 11's JSON; ``PositionError`` mid throwing phase."""
    def record_json(self) -> str:
        """The game so far as an ``ashta-record/1`` record."""
    def state_tensor(self) -> npt.NDArray[np.float32]:
        """The whole state, seen by nobody (the engine's state tensor, README)."""
    def rollout_returns(self, count: int = 1, seed: int = 0) -> list[float]:
        """Each player's return averaged over ``count`` random playouts in Rust."""
    def render_rgb(self) -> npt.NDArray[np.uint8]:
        """The board as an RGB picture, ``uint8[H, W, 3]``."""
    def history(self) -> list[int]:
        """The actions applied so far, chance outcomes included."""
    def action_to_string(self, player: int, action: int) -> str:
        """The action in words (``3:0>3x2``, ``throw 2 up: 2``)."""
    def bag(self) -> list[int]:
        """The bag's values, largest first."""
    def winner(self) -> Optional[int]:
        """The first player to finish, if any."""
    def places(self) -> list[int]:
        """The finishing order so far."""
    def standings(self) -> list[dict[str, Any]]:
        """Where every player stands now, best first (RULES.md 8.9): ``player``,
        ``place`` (shared on a tie), ``finished``, ``resigned``, ``progress``."""
    def claimed(self) -> bool:
        """Whether the game was won by a claim at a table over players who had left."""
    def draw(self) -> Optional[str]:
        """``"frozen"`` or ``"turn limit"`` for a drawn game."""
    def turns(self) -> int:
        """Throwing phases begun so far."""
    def get_game(self) -> Game:
        """The game of this state."""

def state_from_json(text: str) -> State:
    """A state from a RULES.md 11 position, of the game it names; ``PositionError``."""

class VecEnv:
    """The core of ``ashta.VecEnv``: ``num_envs`` games stepped together in Rust
    (Gymnasium's NEXT_STEP autoreset), with plain arrays."""

    num_envs: int
    """Number of games."""
    num_players: int
    """Number of players."""
    num_actions: int
    """Width of the masks."""
    observation_size: int
    """Length of one observation."""
    max_turns: int
    """Throwing phases after which a running game is truncated."""
    seed: int
    """The seed of the throws and of ``random_actions``."""

    def __init__(
        self,
        num_envs: int,
        players: Optional[int] = None,
        rules: RulesArg = None,
        seed: Optional[int] = None,
        size: Optional[int] = None,
        max_turns: int = 1000,
    ) -> None:
        """Game ``i`` throws from stream ``i`` of ``seed`` (a random seed without one);
        a game still running after ``max_turns`` throwing phases is truncated."""
    def game(self) -> Game:
        """The game every slot plays."""
    def reset_arrays(
        self, seed: Optional[int] = None
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
        """Restarts every game: ``(observations[B, D], masks[B, A], current_player[B])``."""
    def step_arrays(
        self, actions: npt.ArrayLike
    ) -> Tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]:
        """Plays one action per game (integers, shape ``(B,)``): ``(observations[B, D],
        masks[B, A], current_player[B], rewards[B, P], terminated[B], truncated[B])``."""
    def _step_with_mover(self, actions: npt.ArrayLike) -> Tuple[Any, ...]:
        """``step_arrays`` plus each game's reward for the player who moved."""
    def random_actions(self) -> npt.NDArray[np.int32]:
        """A uniformly random legal action per game, drawn in Rust."""
    def state(self, index: int) -> State:
        """Game ``index`` now, as a ``State`` (a copy)."""

class Bot:
    """One of our bots, by name (``BOT_NAMES``), seeded."""

    name: str
    """The name it was made with."""

    def __init__(self, name: str, seed: int = 0, time_ms: Optional[int] = None) -> None:
        """``time_ms``: a budget per decision for the searching bots."""
    def choose(self, state: State) -> list[int]:
        """The bot's play of the bag as action ids, in order; ``BotError`` where
        nobody decides."""
    def new_game(self) -> None:
        """Forget anything kept between decisions."""

def choose(
    state: State, level: str = "hard", time_ms: Optional[int] = None, seed: int = 0
) -> list[int]:
    """The play of bot ``level`` for the player to move, as action ids."""

def hint(
    state: State, time_ms: int = 1000, rollouts: Optional[int] = None, seed: int = 0
) -> list[dict[str, Any]]:
    """Every play of the bag ranked by rollouts, best first: dicts with ``actions``,
    ``moves``, ``win``, ``stderr``, ``loss``, ``rollouts``, ``wins``."""

def analyze(record: Union[str, State], rollouts: int = 48) -> dict[str, Any]:
    """The review of a recorded game: ``{"players", "turns", "wins_start"}``."""

def exact_value(state: State, data_dir: Optional[str] = None) -> Optional[dict[str, Any]]:
    """The exact value for the player to move from the game's solution table or, in a
    two-player endgame, the endgame table: ``{"score", "win", "draw", "loss",
    "table"}``, or ``None`` when no table holds the position."""

class Summary:
    """Totals over a series of games; mergeable (``a.merge(b)``, ``a + b``), picklable."""

    games: int
    """Games played."""
    wins: list[int]
    """Wins per player."""
    frozen: int
    """Frozen draws."""
    turn_limit: int
    """Turn-limit draws."""
    total_turns: int
    """Throwing phases over all games."""
    max_turns: int
    """The longest game in throwing phases."""
    mean_turns: float
    """Mean throwing phases per game."""

    def __init__(self, players: int) -> None:
        """An empty summary."""
    def merge(self, other: Summary) -> Summary:
        """Both summaries added up."""
    def __add__(self, other: Summary) -> Summary: ...
    def __radd__(self, other: Union[Summary, int]) -> Summary: ...
    def to_dict(self) -> dict[str, Any]:
        """As ``ashta selfplay``'s line (without the speed)."""

def run_games(
    players: Optional[int] = None,
    rules: RulesArg = None,
    bots: Optional[Sequence[str]] = None,
    seed: int = 0,
    start: int = 0,
    end: int = 1000,
    size: Optional[int] = None,
    threads: Optional[int] = None,
) -> Summary:
    """Games ``start..end`` of the series ``seed``, summed up; without ``bots`` every
    seat is the engine's random mover (exactly ``ashta selfplay``'s games)."""

def _summary_from_state(state: Tuple[int, list[int], int, int, int, int]) -> Summary:
    """Rebuilds a pickled ``Summary``."""

def _state_from_parts(
    game: Tuple[int, int, str], origin: Optional[str], history: Sequence[int]
) -> State:
    """Rebuilds a pickled ``State``: the game's arguments, its first position, the actions."""
