"""Each API keeps the conventions of its library: Gymnasium's vector API, PettingZoo's
(AEC and parallel, state(), rendering), clear errors for edge arguments, and an
observation that holds the whole state (the blocks included)."""

import json

import numpy as np
import pytest

import ashta
from conftest import play_random

gymnasium = pytest.importorskip("gymnasium")
pettingzoo_test = pytest.importorskip("pettingzoo.test")

import ashta.gym as agym  # noqa: E402
import ashta.pettingzoo as apz  # noqa: E402


def test_vecenv_is_a_gymnasium_vector_env_with_next_step_autoreset():
    env = ashta.VecEnv(16, players=3, seed=2)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    assert env.single_observation_space.shape == (env.observation_size,)
    assert env.single_action_space.n == env.num_actions
    assert env.observation_space.shape == (16, env.observation_size)
    obs, info = env.reset(seed=2)
    assert obs in env.observation_space
    assert info["action_mask"].shape == (16, env.num_actions)
    for _ in range(400):
        prev = info["current_player"]
        obs, reward, term, trunc, info = env.step(env.random_actions())
        assert obs in env.observation_space and reward.shape == (16,)
        assert reward.dtype == np.float32 and term.dtype == np.bool_
        # The reward is that of the player who moved, out of every player's returns.
        ended = term | trunc
        expected = info["returns"][np.arange(16), prev]
        assert np.array_equal(reward[ended], expected[ended])
    env.close()


def test_vecenv_works_under_gymnasium_vector_wrappers():
    wrappers = pytest.importorskip("gymnasium.wrappers.vector")
    env = wrappers.RecordEpisodeStatistics(ashta.VecEnv(32, players=2, seed=3))
    obs, info = env.reset(seed=3)
    finished = 0
    for _ in range(3000):
        obs, reward, term, trunc, info = env.step(env.unwrapped.random_actions())
        finished += int((term | trunc).sum())
        if finished:
            break
    assert finished and "episode" in info


def test_vecenv_without_a_seed_draws_a_random_one():
    a, b = ashta.VecEnv(4), ashta.VecEnv(4)
    assert a.seed != b.seed
    c = ashta.VecEnv(4, seed=a.seed)
    for x, y in zip(a.reset_arrays(), c.reset_arrays()):
        assert np.array_equal(x, y)


def test_vecenv_takes_any_integer_array_of_shape_b():
    envs = [ashta.VecEnv(6, seed=8) for _ in range(5)]
    for e in envs:
        e.reset()
    for _ in range(50):
        acts = envs[0].random_actions()
        for e in envs[1:]:
            e.random_actions()
        wide = np.zeros(12, dtype=np.int64)
        wide[::2] = acts
        forms = [acts, acts.astype(np.uint8), list(map(int, acts)), wide[::2], tuple(acts.astype(np.int16))]
        outs = [e.step_arrays(f) for e, f in zip(envs, forms)]
        for out in outs[1:]:
            for x, y in zip(outs[0], out):
                assert np.array_equal(x, y)


@pytest.mark.parametrize(
    "actions, message",
    [
        (None, r"actions is None"),
        (np.zeros(4), r"must be integers; got an array of float64 \(cast with"),
        (np.zeros(4, dtype=bool), r"must be integers; got an array of bool"),
        (np.zeros((4, 1), dtype=int), r"shape \(4,\), one per game; got shape \(4, 1\)"),
        (3, r"got shape \(\)"),
        (["a"] * 4, r"must be integers"),
    ],
)
def test_vecenv_refuses_other_actions_with_a_clear_error(actions, message):
    env = ashta.VecEnv(4, seed=1)
    env.reset()
    with pytest.raises(ashta.AshtaError, match=message):
        env.step(actions)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"num_envs": 0}, "num_envs must be at least 1"),
        ({"num_envs": -3}, "num_envs must be at least 1, got -3"),
        ({"num_envs": 2, "max_turns": 0}, "max_turns must be from 1"),
        ({"num_envs": 2, "max_turns": -1}, "max_turns must be from 1"),
    ],
)
def test_vecenv_refuses_edge_arguments(kwargs, message):
    with pytest.raises(ashta.AshtaError, match=message):
        ashta.VecEnv(**kwargs)


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7"])
def test_vecenv_reset_refuses_a_seed_out_of_range(seed):
    with pytest.raises(ValueError, match="seed must be an int from 0 to 2\\*\\*64 - 1"):
        ashta.VecEnv(2, seed=1).reset(seed=seed)


@pytest.mark.parametrize("make", [apz.raw_env, apz.parallel_env, agym.AshtaEnv])
def test_environments_refuse_max_turns_below_one(make):
    with pytest.raises(ValueError, match="max_turns must be at least 1, got 0"):
        make(max_turns=0)


def test_pettingzoo_state_is_the_state_tensor():
    env = apz.raw_env(players=3)
    env.reset(seed=1)
    assert env.state() in env.state_space
    assert np.array_equal(env.state(), env.game_state.state_tensor())
    par = apz.parallel_env(players=3)
    par.reset(seed=1)
    assert par.state() in par.state_space and np.array_equal(par.state(), env.state())


def test_pettingzoo_parallel_api_test():
    from pettingzoo.test import parallel_api_test

    parallel_api_test(apz.parallel_env(players=3), num_cycles=300)


def masked_actions(env, obs, rng):
    """A random legal action for the agent to move, 0 for the others."""
    return {
        a: int(rng.choice(np.flatnonzero(o["action_mask"]))) if o["action_mask"].any() else 0
        for a, o in obs.items()
        if a in env.agents
    }


def test_pettingzoo_parallel_env_is_deterministic_under_a_seed():
    # (PettingZoo's parallel_seed_test samples actions without their masks.)
    runs = []
    for _ in range(2):
        env, rng = apz.parallel_env(players=2), np.random.default_rng(0)
        obs, _ = env.reset(seed=9)
        trace = []
        while env.agents:
            obs, rewards, term, trunc, _ = env.step(masked_actions(env, obs, rng))
            trace.append((env.state().tobytes(), tuple(rewards.values())))
        runs.append(trace)
    assert runs[0] == runs[1] and len(runs[0]) > 10
    assert sorted(runs[0][-1][1]) == [-1.0, 1.0]


def test_pettingzoo_render_test_with_an_rgb_picture():
    pettingzoo_test.render_test(apz.env)


def test_gym_env_passes_check_env_in_rgb_array_mode():
    from gymnasium.utils.env_checker import check_env

    env = agym.AshtaEnv(opponents="random", render_mode="rgb_array")
    check_env(env, skip_render_check=False)
    env.reset(seed=0)
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3


def test_the_picture_shows_the_pawns():
    game = ashta.Game(players=2)
    start = game.new_initial_state().render_rgb()
    assert start.shape == (6 * 24, 5 * 24, 3)
    south_red = (start[..., 0] == 200) & (start[..., 1] == 40)
    assert south_red.any(), "South's pawns are drawn in its colour"


def test_the_observation_holds_the_blocks(rng):
    game = ashta.Game(players=2)
    state = game.new_initial_state()
    while True:
        play_random(state, rng, stop=lambda s, n=len(state.history()): len(s.history()) > n)
        assert not state.is_terminal(), "no block in this game"
        if not state.is_chance_node() and json.loads(state.to_json()).get("blocks"):
            break
    position = json.loads(state.to_json())
    position["blocks"] = []
    unblocked = game.state_from_json(json.dumps(position))
    a, b = state.observation_tensor(), unblocked.observation_tensor()
    planes = slice(game.observation_tensor_size() - 1 - 2 * 16, game.observation_tensor_size() - 1)
    assert a[planes].sum() == 1 and b[planes].sum() == 0
    assert np.array_equal(np.delete(a, np.r_[planes]), np.delete(b, np.r_[planes]))
    assert not np.array_equal(state.state_tensor(), unblocked.state_tensor())


def test_state_tensor_and_observation_count_turns_against_the_turn_limit(rng):
    game = ashta.Game(players=2, rules={"turn_limit": 40})
    state = play_random(game.new_initial_state(), rng, stop=lambda s: s.turns() >= 10)
    assert state.observation_tensor()[-1] == pytest.approx(state.turns() / 40)
    assert state.state_tensor()[-1] == pytest.approx(state.turns() / 40)
    assert game.max_game_length() == 40 * 32 + 16
    assert ashta.Game().max_game_length() is None
