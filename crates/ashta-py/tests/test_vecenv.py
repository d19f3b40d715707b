"""ashta.VecEnv: the batch stepped in Rust."""

import threading

import numpy as np
import pytest

import ashta


def test_shapes_and_dtypes():
    env = ashta.VecEnv(8, seed=1)
    obs, mask, player = env.reset_arrays()
    assert (obs.shape, obs.dtype) == ((8, env.observation_size), np.float32)
    assert (mask.shape, mask.dtype) == ((8, env.num_actions), np.bool_)
    assert (player.shape, player.dtype) == ((8,), np.int32)
    out = env.step_arrays(env.random_actions())
    assert [a.dtype for a in out] == [np.float32, np.bool_, np.int32, np.float32, np.bool_, np.bool_]
    assert out[3].shape == (8, 4) and out[4].shape == (8,) and out[5].shape == (8,)


def test_rows_are_the_states_observation_and_mask():
    env = ashta.VecEnv(16, players=3, rules="traditional", seed=5)
    obs, mask, player = env.reset_arrays()
    for _ in range(60):
        for i in range(16):
            s = env.state(i)
            if s.is_terminal():
                continue
            assert player[i] == s.current_player()
            assert np.array_equal(obs[i], s.observation_tensor())
            assert np.array_equal(mask[i], s.legal_actions_mask())
        obs, mask, player, *_ = env.step_arrays(env.random_actions())


def test_random_actions_are_legal_and_every_row_has_one():
    env = ashta.VecEnv(64, seed=3)
    _, mask, _ = env.reset_arrays()
    for _ in range(200):
        a = env.random_actions()
        assert mask.any(axis=1).all()
        assert mask[np.arange(64), a].all()
        _, mask, *_ = env.step_arrays(a)


def test_same_seed_same_games():
    a, b = ashta.VecEnv(32, seed=9), ashta.VecEnv(32, seed=9)
    for x, y in zip(a.reset_arrays(), b.reset_arrays()):
        assert np.array_equal(x, y)
    for _ in range(100):
        acts = a.random_actions()
        assert np.array_equal(acts, b.random_actions())
        for x, y in zip(a.step_arrays(acts), b.step_arrays(acts.astype(np.int64))):
            assert np.array_equal(x, y)


def test_next_step_autoreset():
    env = ashta.VecEnv(32, seed=4)
    env.reset_arrays()
    for _ in range(5000):
        obs, mask, player, rew, term, trunc = env.step_arrays(env.random_actions())
        if term.any():
            break
    i = int(np.flatnonzero(term)[0])
    assert sorted(rew[i]) == [-1, -1, -1, 1], "the step that ends a game pays its returns"
    assert mask[i].all(), "any action is accepted by the step that restarts it"
    assert (rew[~term] == 0).all()
    obs, mask, player, rew, term2, trunc2 = env.step_arrays(env.random_actions())
    assert not term2[i] and not trunc2[i] and (rew[i] == 0).all()
    assert obs[i][:16] == pytest.approx([1 / 25] * 16), "a new game: every pawn on its start"
    assert env.state(i).turns() == 0 or env.state(i).bag()


def test_truncation_after_max_turns():
    env = ashta.VecEnv(4, seed=2, max_turns=3)
    env.reset_arrays()
    for _ in range(50):
        *_, rew, term, trunc = env.step_arrays(env.random_actions())
        if trunc.any():
            break
    assert trunc.any() and not (term & trunc).any()
    assert (rew[trunc] == 0).all()


def test_rules_turn_limit_ends_in_a_draw():
    env = ashta.VecEnv(4, seed=2, rules={"turn_limit": 2})
    env.reset_arrays()
    for _ in range(50):
        *_, rew, term, _ = env.step_arrays(env.random_actions())
        if term.any():
            break
    i = int(np.flatnonzero(term)[0])
    assert (rew[i] == 0).all() and env.state(i).draw() == "turn limit"


def test_illegal_action_raises_and_plays_nothing():
    a, b = ashta.VecEnv(4, seed=7), ashta.VecEnv(4, seed=7)
    _, mask, _ = a.reset_arrays()
    b.reset_arrays()
    bad = b.random_actions()
    bad[2] = int(np.flatnonzero(~mask[2])[0])
    with pytest.raises(ashta.IllegalActionError, match="game 2: illegal action"):
        a.step_arrays(bad)
    with pytest.raises(ashta.AshtaError, match=r"shape \(4,\), one per game; got shape \(3,\)"):
        a.step_arrays([0, 0, 0])
    acts = b.random_actions()
    a.random_actions()  # keep the two generators level
    for x, y in zip(a.step_arrays(acts), b.step_arrays(acts)):
        assert np.array_equal(x, y)


def test_bad_arguments_raise():
    with pytest.raises(ashta.AshtaError, match="num_envs"):
        ashta.VecEnv(0)
    with pytest.raises(ashta.RulesError):
        ashta.VecEnv(4, players=7)
    with pytest.raises(ashta.AshtaError, match="game 9"):
        ashta.VecEnv(4).state(9)


def test_step_releases_the_gil():
    env = ashta.VecEnv(1 << 15, seed=1)
    env.reset_arrays()
    done = threading.Event()

    def work():
        for _ in range(10):
            env.step_arrays(env.random_actions())
        done.set()

    t = threading.Thread(target=work)
    t.start()
    spins = 0
    while not done.is_set():
        spins += 1
    t.join()
    assert spins > 10_000, "the main thread ran while the batch was stepped"


FROZEN = {"cowries": 2, "throws": [{"value": 20, "grace": False}] * 3}


def test_rules_where_nobody_can_move_draw_at_once():
    # Every value overshoots the closed gate: the engine draws the start (frozen).
    assert ashta.Game(rules=FROZEN).new_initial_state().draw() == "frozen"
    env = ashta.VecEnv(2, rules=FROZEN)
    _, mask, _ = env.reset_arrays()
    assert mask.all()
    *_, rew, term, trunc = env.step_arrays([0, 0])
    assert term.all() and not trunc.any() and (rew == 0).all()


def test_max_turns_must_be_positive():
    with pytest.raises(ashta.AshtaError, match="max_turns"):
        ashta.VecEnv(2, max_turns=0)
