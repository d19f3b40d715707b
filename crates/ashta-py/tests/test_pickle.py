"""Pickling and copying: every object of the package survives pickle and
copy.deepcopy, and a copy continues exactly as the original would."""

import copy
import pickle

import numpy as np
import pytest

import ashta
from conftest import play_random


def roundtrip(obj):
    return pickle.loads(pickle.dumps(obj))


def phase_of(state):
    """``grace`` in a throwing phase under way (which JSON cannot hold), else
    ``chance`` or ``decision``."""
    if not state.is_chance_node():
        return "decision"
    try:
        state.to_json()
        return "chance"
    except ashta.PositionError:
        return "grace"


def test_game_pickles_with_its_rules():
    game = ashta.Game(players=3, size=7, rules={"preset": "traditional", "turn_limit": 80})
    for back in (roundtrip(game), copy.deepcopy(game)):
        assert back == game
        assert back.rules_json() == game.rules_json()
        assert (back.num_players(), back.board_size()) == (3, 7)


def test_state_pickles_in_every_phase(rng, standard):
    state = standard.new_initial_state()
    seen = set()
    while not state.is_terminal() and len(state.history()) < 400:
        seen.add(phase_of(state))
        for back in (roundtrip(state), copy.deepcopy(state)):
            assert back.history() == state.history()
            assert str(back) == str(state)
            assert back.current_player() == state.current_player()
            assert np.array_equal(back.state_tensor(), state.state_tensor())
            assert back.legal_actions() == state.legal_actions()
        play_random(state, rng, stop=lambda s, n=len(state.history()): len(s.history()) > n)
    assert {"chance", "decision", "grace"} <= seen


def test_a_state_in_the_middle_of_a_grace_pickles(standard):
    state = standard.new_initial_state()
    state.apply_action(0)  # no mouth up: an 8, a grace; the player throws again
    assert state.is_chance_node()
    with pytest.raises(ashta.PositionError):
        state.to_json()
    back = roundtrip(state)
    assert back.is_chance_node() and back.bag() == [8] and back.history() == [0]
    back.apply_action(1)
    state.apply_action(1)
    assert back.legal_actions() == state.legal_actions()


def test_a_state_read_from_json_pickles_from_its_position(rng, standard):
    start = play_random(standard.new_initial_state(), rng, stop=lambda s: s.turns() >= 5)
    while start.is_chance_node():
        ashta.sample_chance(start, rng)
    state = standard.state_from_json(start.to_json())
    play_random(state, rng, stop=lambda s: len(s.history()) >= 12)
    back = roundtrip(state)
    assert str(back) == str(state) and back.history() == state.history()
    assert back.record_json() == state.record_json()


def test_summary_pickles_and_sums():
    parts = [ashta.run_games(players=2, seed=3, start=i * 50, end=(i + 1) * 50) for i in range(3)]
    assert sum(parts) == ashta.run_games(players=2, seed=3, start=0, end=150)
    assert roundtrip(parts[0]) == parts[0]


def test_a_pickled_vecenv_continues_identically():
    env = ashta.VecEnv(64, players=3, seed=11)
    env.reset()
    for _ in range(50):
        env.step(env.random_actions())
    for back in (roundtrip(env), copy.deepcopy(env)):
        assert isinstance(back, ashta.VecEnv) and back.seed == env.seed
        a = copy.deepcopy(env)
        for _ in range(300):
            acts = a.random_actions()
            assert np.array_equal(acts, back.random_actions())
            for x, y in zip(a.step_arrays(acts), back.step_arrays(acts)):
                assert np.array_equal(x, y)


def test_vecenv_copies_are_independent():
    env = ashta.VecEnv(8, seed=1)
    env.reset()
    other = copy.deepcopy(env)
    for _ in range(20):
        env.step(env.random_actions())
    assert other.state(0).history() == [] or str(other.state(0)) != str(env.state(0))


def test_gym_env_pickles_mid_episode_and_continues_identically():
    agym = pytest.importorskip("ashta.gym")
    env = agym.AshtaEnv(opponents="greedy", players=3)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(0)
    for _ in range(10):
        obs, *_, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    back = roundtrip(env)
    twin = copy.deepcopy(env)
    for _ in range(30):
        action = int(np.flatnonzero(info["action_mask"])[0]) if info["action_mask"].any() else 0
        outs = [e.step(action) for e in (env, back, twin)]
        for o in outs[1:]:
            assert np.array_equal(o[0], outs[0][0]) and o[1:4] == outs[0][1:4]
        obs, _, term, trunc, info = outs[0]
        if term or trunc:
            break


def test_gym_async_vector_env_runs_the_env_in_subprocesses():
    gymnasium = pytest.importorskip("gymnasium")
    agym = pytest.importorskip("ashta.gym")
    envs = gymnasium.vector.AsyncVectorEnv(
        [lambda: agym.AshtaEnv(opponents="random", players=2)] * 2
    )
    try:
        obs, info = envs.reset(seed=1)
        assert obs.shape == (2, ashta.Game(players=2).observation_tensor_size())
        for _ in range(20):
            actions = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in info["action_mask"]]
            obs, reward, term, trunc, info = envs.step(np.array(actions))
        # The environment itself crosses the process boundary too.
        env = agym.AshtaEnv(opponents="random", players=2)
        env.reset(seed=2)
        assert str(roundtrip(env).state) == str(env.state)
    finally:
        envs.close()


@pytest.mark.parametrize("parallel", [False, True])
def test_pettingzoo_envs_pickle_and_continue_identically(parallel):
    apz = pytest.importorskip("ashta.pettingzoo")
    env = apz.parallel_env(players=2) if parallel else apz.raw_env(players=2)
    env.reset(seed=4)
    back = roundtrip(env)
    assert np.array_equal(back.state(), env.state())
    for e in (env, back):
        if parallel:
            e.step({a: int(np.flatnonzero(e._observe(a)["action_mask"])[0]) if e._observe(a)["action_mask"].any() else 0 for a in e.agents})
        else:
            e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert np.array_equal(back.state(), env.state())
