"""The game registered with OpenSpiel (only where open_spiel is installed)."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import ashta  # noqa: E402
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


def play(state, rng, actions):
    """Applies `actions` random actions (throws by their probabilities)."""
    for _ in range(actions):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_size_players_rules_and_turn_limit_are_game_parameters():
    game = pyspiel.load_game(
        "python_ashta_chamma", {"players": 3, "size": 7, "rules": "traditional", "max_turns": 50}
    )
    assert game.num_players() == 3
    assert game.ashta_game.board_size() == 7
    assert json_rules(game)["turn_limit"] == 50
    # Each throwing phase: at most 16 throws and 16 moves; one loaded bag more.
    assert game.max_game_length() == 50 * 32 + 16
    assert pyspiel.load_game("python_ashta_chamma").max_game_length() == 1000 * 32 + 16
    # The rules' own turn limit stays when it is lower.
    lower = pyspiel.load_game("python_ashta_chamma", {"rules": '{"preset":"standard","turn_limit":20}'})
    assert json_rules(lower)["turn_limit"] == 20
    with pytest.raises(ValueError, match="max_turns must be at least 1"):
        pyspiel.load_game("python_ashta_chamma", {"max_turns": 0})


def json_rules(game):
    import json

    return json.loads(game.ashta_game.rules_json())


def test_the_turn_limit_ends_the_game_within_max_game_length():
    game = pyspiel.load_game("python_ashta_chamma", {"players": 2, "max_turns": 3})
    state = play(game.new_initial_state(), np.random.default_rng(1), 10_000)
    assert state.is_terminal() and len(state.history()) <= game.max_game_length()


def test_serialize_game_and_state_round_trip_and_pickle():
    import copy
    import pickle

    game = pyspiel.load_game("python_ashta_chamma", {"players": 3, "size": 7})
    state = play(game.new_initial_state(), np.random.default_rng(2), 60)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and state2.history() == state.history()
    assert str(state2) == str(state)
    for back in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert back.history() == state.history() and str(back) == str(state)


def test_mcts_with_rollouts_in_rust_plays_legal_moves():
    game = pyspiel.load_game("python_ashta_chamma", {"players": 2})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 16, ashta.openspiel.RolloutEvaluator(2, seed=1), random_state=rng)
    state, moves = game.new_initial_state(), 0
    while moves < 5 and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves == 5


def test_rollout_returns_are_means_of_whole_games():
    game = ashta.Game(players=2)
    state = game.new_initial_state()
    one = state.rollout_returns(1, seed=3)
    assert sorted(one) == [-1.0, 1.0]
    many = state.rollout_returns(200, seed=3)
    assert sum(many) == pytest.approx(0.0) and -1 < many[0] < 1
    assert state.rollout_returns(200, seed=3) == many
    with pytest.raises(ashta.AshtaError, match="count must be at least 1"):
        state.rollout_returns(0)
