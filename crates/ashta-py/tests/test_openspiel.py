"""The game registered with OpenSpiel (only where open_spiel is installed)."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import ashta.openspiel  # noqa: E402,F401  (registers the game)
from open_spiel.python.algorithms import mcts  # noqa: E402


def test_pyspiel_loads_the_game_with_its_parameters():
    game = pyspiel.load_game("python_ashta_chamma", {"players": 2, "rules": "traditional"})
    assert game.num_players() == 2 and game.num_distinct_actions() == 45
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


def test_openspiel_mcts_plays_legal_moves():
    game = pyspiel.load_game("python_ashta_chamma", {"players": 2})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state, moves = game.new_initial_state(), 0
    while moves < 3:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert state.clone().history() == state.history()
