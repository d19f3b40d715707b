#!/usr/bin/env python3
"""A small agent that learns Ashta Chamma on ashta.VecEnv, with numpy only.

The agent plays seat 0 of four-player standard games against three random movers
(`VecEnv.random_actions()` plays the other seats). Its policy is a one-hidden-layer
network over the observation tensor with a softmax over the legal actions; it learns by
REINFORCE (the game's return, +1 for a win and −1 for a loss, minus a running mean as
the baseline) with Adam. After training it plays fresh games against random movers
(VecEnv) and against our greedy bot (ashta.gym.AshtaEnv) and prints its win rates
beside the untrained policy's, with 95% Wilson intervals. Four seats: 25% is an even
share.

    python crates/ashta-py/examples/learn.py [--minutes 3] [--envs 512] [--seed 0]
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Optional

import numpy as np

import ashta


class Policy:
    """Masked softmax policy: logits = W2 · tanh(W1 · x + b1) + b2."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator):
        self.params = {
            "w1": rng.normal(0, 1 / math.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": np.zeros((hidden, actions)),
            "b2": np.zeros(actions),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def forward(self, obs: np.ndarray, mask: np.ndarray):
        p = self.params
        h = np.tanh(obs @ p["w1"] + p["b1"])
        logits = np.where(mask, h @ p["w2"] + p["b2"], -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits) * mask
        probs /= probs.sum(axis=1, keepdims=True)
        return h, probs

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator, greedy=False):
        _, probs = self.forward(obs, mask)
        if greedy:
            return probs.argmax(axis=1)
        u = rng.random((len(probs), 1))
        return (probs.cumsum(axis=1) < u).sum(axis=1).clip(0, probs.shape[1] - 1)

    def update(self, obs, mask, actions, advantages, lr=3e-3):
        """One Adam step on −mean(advantage · log π(action))."""
        p = self.params
        h, probs = self.forward(obs, mask)
        n = len(actions)
        dlogits = probs.copy()
        dlogits[np.arange(n), actions] -= 1.0
        dlogits *= advantages[:, None] / n
        grads = {"w2": h.T @ dlogits, "b2": dlogits.sum(axis=0)}
        dh = (dlogits @ p["w2"].T) * (1 - h * h)
        grads["w1"] = obs.T @ dh
        grads["b1"] = dh.sum(axis=0)
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mhat = self.m[k] / (1 - 0.9**self.t)
            vhat = self.v[k] / (1 - 0.999**self.t)
            p[k] -= lr * mhat / (np.sqrt(vhat) + 1e-8)


def train(
    policy: Policy,
    envs: int,
    seconds: float,
    seed: int,
    horizon: int = 64,
    updates: Optional[int] = None,
):
    """REINFORCE on seat 0 against random movers for `seconds` (or until `updates`
    updates of the policy, if given, come first); returns games, steps."""
    rng = np.random.default_rng(seed)
    env = ashta.VecEnv(envs, players=4, seed=seed)
    obs, mask, player = env.reset_arrays()
    # The agent's decisions of each game's episode so far, waiting for its return.
    pending: list[list[tuple[np.ndarray, np.ndarray, int]]] = [[] for _ in range(envs)]
    batch_obs, batch_mask, batch_act, batch_ret = [], [], [], []
    baseline, games, steps, start = -0.5, 0, 0, time.perf_counter()
    done = 0
    while time.perf_counter() - start < seconds and (updates is None or done < updates):
        for _ in range(horizon):
            actions = env.random_actions()
            mine = np.flatnonzero(player == 0)
            if len(mine):
                actions[mine] = policy.act(obs[mine], mask[mine], rng)
                for i in mine:
                    pending[i].append((obs[i], mask[i], int(actions[i])))
            obs, mask, player, rewards, term, trunc = env.step_arrays(actions)
            steps += envs
            for i in np.flatnonzero(term | trunc):
                if term[i] and pending[i]:
                    ret = float(rewards[i, 0])
                    for o, m, a in pending[i]:
                        batch_obs.append(o)
                        batch_mask.append(m)
                        batch_act.append(a)
                        batch_ret.append(ret)
                    games += 1
                pending[i] = []
        if len(batch_act) >= 4096:
            ret = np.array(batch_ret)
            baseline = 0.95 * baseline + 0.05 * ret.mean()
            policy.update(np.array(batch_obs), np.array(batch_mask), np.array(batch_act), ret - baseline)
            done += 1
            batch_obs, batch_mask, batch_act, batch_ret = [], [], [], []
    return games, steps


def versus_random(policy: Policy, games: int, seed: int) -> int:
    """Wins of the (greedy-argmax) policy in seat 0 against three random movers."""
    rng = np.random.default_rng(seed)
    env = ashta.VecEnv(1024, players=4, seed=seed + 1)
    obs, mask, player = env.reset_arrays()
    wins = played = 0
    while played < games:
        actions = env.random_actions()
        mine = np.flatnonzero(player == 0)
        if len(mine):
            actions[mine] = policy.act(obs[mine], mask[mine], rng, greedy=True)
        obs, mask, player, rewards, term, trunc = env.step_arrays(actions)
        done = np.flatnonzero(term | trunc)
        take = done[: games - played]
        wins += int((rewards[take, 0] > 0).sum())
        played += len(take)
    return wins


def versus_bot(policy: Policy, bot: str, games: int, seed: int) -> int:
    """Wins of the policy in seat 0 against three copies of one of our bots."""
    import ashta.gym

    rng = np.random.default_rng(seed)
    env = ashta.gym.AshtaEnv(opponents=bot, seat=0)
    wins = 0
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        while True:
            mask = info["action_mask"].astype(bool)
            action = int(policy.act(obs[None], mask[None], rng, greedy=True)[0])
            obs, reward, term, trunc, info = env.step(action)
            if term or trunc:
                wins += reward > 0
                break
    return wins


def wilson(wins: int, n: int) -> str:
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:5.1f}% ({100 * (centre - half):.1f}-{100 * (centre + half):.1f}%, n={n})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time")
    parser.add_argument("--envs", type=int, default=512, help="games stepped together")
    parser.add_argument("--hidden", type=int, default=64, help="hidden units")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-random", type=int, default=20000, help="games vs random")
    parser.add_argument("--eval-greedy", type=int, default=400, help="games vs greedy")
    args = parser.parse_args()

    game = ashta.Game(players=4)
    rng = np.random.default_rng(args.seed)
    policy = Policy(game.observation_tensor_size(), game.num_distinct_actions(), args.hidden, rng)
    untrained_random = versus_random(policy, args.eval_random, 10_000)
    untrained_greedy = versus_bot(policy, "greedy", args.eval_greedy, 20_000)

    t0 = time.perf_counter()
    games, steps = train(policy, args.envs, 60 * args.minutes, args.seed)
    took = time.perf_counter() - t0
    print(f"trained {took:.0f} s: {games} games as seat 0, {steps:,} env steps "
          f"({steps / took:,.0f}/s with the policy in the loop)")
    print(f"vs 3 random, untrained: {wilson(untrained_random, args.eval_random)}")
    print(f"vs 3 random, trained:   {wilson(versus_random(policy, args.eval_random, 10_000), args.eval_random)}")
    print(f"vs 3 greedy, untrained: {wilson(untrained_greedy, args.eval_greedy)}")
    print(f"vs 3 greedy, trained:   {wilson(versus_bot(policy, 'greedy', args.eval_greedy, 20_000), args.eval_greedy)}")


if __name__ == "__main__":
    main()
