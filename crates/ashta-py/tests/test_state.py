"""ashta.Game and ashta.State: OpenSpiel's interface over the engine."""

import copy
import json

import numpy as np
import pytest

import ashta
from conftest import play_random


def test_start_is_a_chance_node_of_player_0(standard):
    s = standard.new_initial_state()
    assert s.is_chance_node() and not s.is_terminal()
    assert s.current_player() == ashta.CHANCE == -1
    assert s.to_json() == json.dumps(
        {"rules": "standard", "size": 5, "players": 4, "to_move": 0, "bag": [],
         "pawns": [[0, 0, 0, 0]] * 4, "captured": [False] * 4, "blocks": [], "extra_turns": 0},
        separators=(",", ":"),
    )


def test_chance_outcomes_are_the_exact_binomial_throw_probabilities(standard):
    # RULES.md 4.1: 4 cowries, p = 1/2: 1, 4, 6, 4, 1 in 16 for 0..4 mouths up.
    outcomes = standard.new_initial_state().chance_outcomes()
    assert outcomes == [(0, 1 / 16), (1, 4 / 16), (2, 6 / 16), (3, 4 / 16), (4, 1 / 16)]
    senior = ashta.Game(rules="senior").new_initial_state().chance_outcomes()
    assert [p * 256 for _, p in senior] == pytest.approx([1, 8, 28, 56, 70, 56, 28, 8, 1])
    assert sum(p for _, p in senior) == pytest.approx(1.0, abs=1e-15)


def test_chance_outcomes_follow_a_biased_mouth_up():
    s = ashta.Game(rules={"mouth_up": 0.25, "cowries": 2}).new_initial_state()
    outcomes, probs = zip(*s.chance_outcomes())
    assert outcomes == (0, 1, 2) and probs == pytest.approx((0.5625, 0.375, 0.0625))


def test_a_grace_keeps_the_player_throwing(standard):
    s = standard.new_initial_state()
    s.apply_action(4)  # all four up: chamma, a grace
    assert s.is_chance_node() and s.bag() == [4]
    s.apply_action(2)
    assert s.current_player() == 0 and s.bag() == [4, 2]


def test_action_space_is_values_times_two_pawns_plus_one():
    assert ashta.Game().num_distinct_actions() == 5 * (2 * 4 + 1)
    senior = ashta.Game(rules="senior")  # values 1..7, 8, 16; 6 pawns
    assert senior.throw_values() == [1, 2, 3, 4, 5, 6, 7, 8, 16]
    assert senior.num_distinct_actions() == 9 * (2 * 6 + 1)
    assert ashta.Game(players=2, rules={"pawns": 2}).num_distinct_actions() == 5 * 5


def test_actions_name_value_slot_and_unit(standard):
    s = standard.new_initial_state()
    s.apply_action(3)  # a 3: slot 2 of [1, 2, 3, 4, 8]
    # Pawn 0 alone (2*9 + 0) or the pair standing with pawn 0 (2*9 + 4 + 0).
    assert s.legal_actions() == [18, 22]
    assert [s.action_to_string(0, a) for a in (18, 22)] == ["3:0>3", "3:0>3x2"]
    mask = s.legal_actions_mask()
    assert mask.dtype == np.bool_ and mask.shape == (45,)
    assert list(np.flatnonzero(mask)) == [18, 22]


def test_entries_are_the_last_unit_of_a_value_under_grace_entry():
    s = ashta.Game(rules="traditional").new_initial_state()
    s.apply_action(4)  # chamma: a grace of 4
    s.apply_action(1)
    # Slot of 4 is 3 in [1, 2, 3, 4, 8]; entry is unit 2*4 = 8.
    assert 3 * 9 + 8 in s.legal_actions()
    assert s.action_to_string(0, 3 * 9 + 8) == "4:+2"


def test_masks_match_legal_actions_through_random_games(rng):
    for rules in ("standard", "traditional", {"preset": "senior", "players": 2}):
        game = ashta.Game(rules=rules)
        s = game.new_initial_state()
        seen = 0
        while not s.is_terminal() and seen < 400:
            mask = s.legal_actions_mask()
            assert list(np.flatnonzero(mask)) == s.legal_actions()
            if s.is_chance_node():
                assert mask.shape == (game.max_chance_outcomes(),)
            else:
                assert mask.shape == (game.num_distinct_actions(),)
                assert s.legal_actions(), "a decision node always has a legal action"
            play_random(s, rng, stop=lambda t, n=len(s.history()): len(t.history()) > n)
            seen += 1


def test_random_games_end_with_one_winner_paid_plus_one(rng, standard):
    for _ in range(5):
        s = play_random(standard.new_initial_state(), rng)
        assert s.current_player() == ashta.TERMINAL
        r = s.returns()
        assert sorted(r) == [-1, -1, -1, 1]
        assert r[s.winner()] == 1
        assert s.legal_actions() == []


def test_places_returns_run_from_plus_one_to_minus_one(rng):
    s = play_random(ashta.Game(players=3, rules={"finish": "places"}).new_initial_state(), rng)
    places = s.places()
    assert len(places) == 3
    assert [s.returns()[p] for p in places] == [1.0, 0.0, -1.0]


def test_standings_rank_the_unfinished_by_progress_and_ties_share_a_place():
    # RULES.md 8.9: East and West have come as far (4 each), below North (12).
    position = {"rules": "standard", "size": 5, "players": 4, "to_move": 0, "bag": [],
                "pawns": [[0, 0, 0, 0], [1, 1, 1, 1], [3, 3, 3, 3], [1, 1, 1, 1]],
                "captured": [False] * 4, "blocks": [], "extra_turns": 0}
    s = ashta.state_from_json(json.dumps(position))
    standings = s.standings()
    assert [(d["player"], d["place"]) for d in standings] == [(2, 1), (1, 2), (3, 2), (0, 4)]
    assert standings[0]["progress"] == 16 and not standings[0]["finished"]


def test_a_win_claimed_over_players_who_left_reads_as_claimed_and_pays_the_claimant():
    # RULES.md 8.6: the claimant wins without every pawn home.
    game = ashta.Game(players=2)
    position = {"rules": "standard", "size": 5, "players": 2, "to_move": 0, "bag": [],
                "pawns": [[0, 0, 3, 24], [0, 0, 0, 0]], "captured": [True, False],
                "blocks": [], "extra_turns": 0, "winner": 0, "claimed": True}
    s = game.state_from_json(json.dumps(position))
    assert s.is_terminal() and s.claimed() and s.winner() == 0
    assert s.returns() == [1, -1]
    assert not game.new_initial_state().claimed()


def test_turn_limit_draw_pays_nobody(rng):
    s = play_random(ashta.Game(rules={"turn_limit": 3}).new_initial_state(), rng)
    assert s.draw() == "turn limit" and s.returns() == [0, 0, 0, 0]


def test_clone_is_independent(standard, rng):
    s = standard.new_initial_state()
    s.apply_action(2)
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert s.bag() == [2] and c.bag() == []
    assert copy.deepcopy(s).to_json() == s.to_json()


def test_json_round_trips_through_random_states(rng):
    for rules in ("standard", "traditional", {"finish": "places", "players": 3}):
        game = ashta.Game(rules=rules)
        s = game.new_initial_state()
        while not s.is_terminal():
            if not (s.is_chance_node() and s.bag()):  # a phase under way has no JSON
                text = s.to_json()
                back = game.state_from_json(text)
                assert back.to_json() == text
                assert back.legal_actions() == s.legal_actions()
                assert np.array_equal(back.observation_tensor(0), s.observation_tensor(0))
                assert ashta.state_from_json(text).to_json() == text
            play_random(s, rng, stop=lambda t, n=len(s.history()): len(t.history()) > n)
        assert game.state_from_json(s.to_json()).returns() == s.returns()


def test_json_mid_throwing_phase_is_refused(standard):
    s = standard.new_initial_state()
    s.apply_action(0)  # ashta: a grace of 8
    with pytest.raises(ashta.PositionError, match="throwing phase is under way"):
        s.to_json()


def test_illegal_action_raises_with_the_legal_ones(standard):
    s = standard.new_initial_state()
    s.apply_action(3)
    with pytest.raises(ashta.IllegalActionError, match=r"illegal action 0 .*legal actions are \[18, 22\]"):
        s.apply_action(0)
    with pytest.raises(ashta.IllegalActionError, match="out of range"):
        s.apply_action(45)
    with pytest.raises(ashta.IllegalActionError):
        s.apply_action(-3)
    assert s.legal_actions() == [18, 22], "a refused action changes nothing"


def test_illegal_throw_and_action_after_the_end_raise(standard, rng):
    s = standard.new_initial_state()
    with pytest.raises(ashta.IllegalActionError, match="0 to 4 mouths up"):
        s.apply_action(5)
    s = play_random(s, rng)
    with pytest.raises(ashta.IllegalActionError, match="game is over"):
        s.apply_action(0)
    with pytest.raises(ashta.AshtaError, match="not a chance node"):
        s.chance_outcomes()


def test_malformed_positions_raise_position_error(standard):
    with pytest.raises(ashta.PositionError, match="malformed position JSON"):
        standard.state_from_json("{not json")
    good = json.loads(standard.new_initial_state().to_json())
    with pytest.raises(ashta.PositionError, match="malformed position JSON"):
        standard.state_from_json(json.dumps({**good, "colour": "red"}))
    with pytest.raises(ashta.PositionError, match="path index"):
        standard.state_from_json(json.dumps({**good, "pawns": [[0, 0, 0, 99]] + [[0] * 4] * 3}))
    with pytest.raises(ashta.PositionError, match="rules"):
        standard.state_from_json(json.dumps({**good, "rules": "traditional"}))
    with pytest.raises(ashta.PositionError):
        ashta.state_from_json(json.dumps({**good, "bag": [5]}))
    assert issubclass(ashta.PositionError, ValueError)


def test_wrong_rules_raise_rules_error():
    with pytest.raises(ashta.RulesError, match="unknown preset"):
        ashta.Game(rules="chess")
    with pytest.raises(ashta.RulesError, match="unknown field"):
        ashta.Game(rules={"preset": "standard", "colour": "red"})
    with pytest.raises(ashta.RulesError, match="board size 6"):
        ashta.Game(size=6)
    with pytest.raises(ashta.RulesError, match="5 players"):
        ashta.Game(players=5)
    with pytest.raises(ashta.RulesError, match="mouth-up"):
        ashta.Game(rules={"mouth_up": 1.5})
    with pytest.raises(ashta.RulesError):
        ashta.Game(rules={"preset": object()})
    with pytest.raises(ashta.RulesError):
        ashta.VecEnv(4, rules={"doubles": "yes"})


def test_rules_args_take_presets_dicts_and_overrides():
    g = ashta.Game(players=2, size=7, rules={"preset": "traditional", "finish": "places"})
    assert (g.num_players(), g.board_size(), g.num_pawns()) == (2, 7, 6)
    assert json.loads(g.rules_json()) == {"preset": "traditional", "finish": "places"}
    assert ashta.Game(rules='{"preset": "senior"}').board_size() == 7


def test_observation_tensor_layout(standard):
    s = standard.new_initial_state()
    s.apply_action(3)
    obs = s.observation_tensor()
    assert obs.dtype == np.float32 and obs.shape == tuple(standard.observation_tensor_shape())
    # pawns twice, bag, captured/finished/to move, 2 flags, block planes 4 × 16, turns.
    assert standard.observation_tensor_size() == 2 * 4 * 4 + 5 + 3 * 4 + 2 + 4 * 16 + 1
    # Progress of the viewer's pawns: all on the start, (0 + 1) / 25.
    assert obs[:4] == pytest.approx([0.04] * 4)
    # Player 1 (East) starts on e3, index 4 of South's path (RULES.md 2.3).
    assert obs[16 + 4] == pytest.approx(5 / 25)
    bag = obs[32:37]
    assert list(bag) == [0, 0, 1, 0, 0]
    assert list(obs[37 + 8:37 + 12]) == [1, 0, 0, 0]  # player 0 to move
    # Seen by player 1, player 0 is the last of the list and is to move.
    assert list(s.observation_tensor(1)[37 + 8:37 + 12]) == [0, 0, 0, 1]
    with pytest.raises(ashta.AshtaError, match="players 0 to 3"):
        s.observation_tensor(4)


def test_record_replays_the_game(rng, standard):
    s = play_random(standard.new_initial_state(), rng, stop=lambda t: t.turns() >= 6)
    record = json.loads(s.record_json())
    assert record["format"] == "ashta-record/1" and len(record["turns"]) == s.turns()


def test_a_loaded_bag_nobody_can_use_is_forfeited(standard):
    # South has never captured: a 3 takes every pawn past the gate (RULES.md 6, 5.2).
    text = json.dumps({"rules": "standard", "size": 5, "players": 4, "to_move": 0, "bag": [3],
                       "pawns": [[13, 14, 15, 15], [0] * 4, [0] * 4, [0] * 4],
                       "captured": [False] * 4})
    s = standard.state_from_json(text)
    assert s.is_chance_node() and json.loads(s.to_json())["to_move"] == 1
