"""The examples: Ray self-play (only where Ray is installed) and the learning agent."""

import importlib.util
import sys
from pathlib import Path

import pytest

import ashta

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_shard_ranges_cover_the_series_once():
    ray_selfplay = load("ray_selfplay")
    ranges = ray_selfplay.shard_ranges(1003, 8)
    assert ranges[0][0] == 0 and ranges[-1][1] == 1003
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))


def test_ray_selfplay_merges_to_the_single_machine_summary():
    ray = pytest.importorskip("ray")
    ray_selfplay = load("ray_selfplay")
    try:
        total = ray_selfplay.run_on_ray(3000, 5, seed=7, players=2, num_cpus=2)
    finally:
        ray.shutdown()
    assert total == ashta.run_games(players=2, seed=7, end=3000)


def test_learning_example_improves_on_its_untrained_self():
    learn = load("learn")
    import numpy as np

    game = ashta.Game(players=4)
    policy = learn.Policy(game.observation_tensor_size(), game.num_distinct_actions(), 32,
                          np.random.default_rng(0))
    before = learn.versus_random(policy, 1000, 10_000)
    learn.train(policy, envs=256, seconds=300, seed=0, updates=10)
    after = learn.versus_random(policy, 1000, 10_000)
    assert after > before + 200, (before, after)
