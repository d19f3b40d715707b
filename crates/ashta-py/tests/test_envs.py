"""The PettingZoo and Gymnasium environments."""

import numpy as np
import pytest

import ashta

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

import ashta.gym as agym  # noqa: E402
import ashta.pettingzoo as apz  # noqa: E402


@pytest.mark.parametrize("kwargs", [{}, {"players": 2, "rules": "traditional"}])
def test_pettingzoo_api_test(kwargs):
    pettingzoo_test.api_test(apz.env(**kwargs), num_cycles=300)


def test_pettingzoo_seed_test():
    pettingzoo_test.seed_test(lambda: apz.env(players=3), num_cycles=300)


def test_pettingzoo_game_pays_winner_plus_one():
    env = apz.env(players=2)
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(total.values()) == [-1.0, 1.0]


def test_pettingzoo_illegal_action_raises():
    env = apz.env()
    env.reset(seed=0)
    obs, *_ = env.last()
    with pytest.raises(ashta.IllegalActionError):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def test_gym_check_env():
    env_checker.check_env(agym.AshtaEnv(opponents="greedy"))
    env_checker.check_env(agym.AshtaEnv(opponents=["random", "easy"], seat=1, players=3))


def test_gym_plays_whole_games_against_bots():
    env = agym.AshtaEnv(opponents="greedy", seat=2)
    rng = np.random.default_rng(1)
    obs, info = env.reset(seed=11)
    rewards = []
    while len(rewards) < 3:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, term, trunc, info = env.step(action)
        assert env.observation_space.contains(obs)
        if term or trunc:
            rewards.append(reward)
            obs, info = env.reset()
    assert set(rewards) <= {-1.0, 1.0}


def test_gym_illegal_action_loses_or_raises():
    env = agym.AshtaEnv(opponents="random")
    _, info = env.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, term, _, info = env.step(bad)
    assert (reward, term, info["illegal_action"]) == (-1.0, True, True)
    env = agym.AshtaEnv(opponents="random", illegal_action="raise")
    env.reset(seed=0)
    with pytest.raises(ashta.IllegalActionError):
        env.step(bad)


def test_gym_bad_opponents_raise():
    with pytest.raises(ashta.BotError, match="unknown bot"):
        agym.AshtaEnv(opponents="grandmaster")
    with pytest.raises(ValueError, match="2 opponents for 3"):
        agym.AshtaEnv(opponents=["random", "random"])
