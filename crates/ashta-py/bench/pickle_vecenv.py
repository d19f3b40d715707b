#!/usr/bin/env python3
"""What pickling a whole ``ashta.VecEnv`` costs: a batch of ``--envs`` games (4,096 by
default) stepped ``--steps`` times at random, then ``pickle.dumps`` and ``pickle.loads``
timed (best of ``--repeat``), with the size of the pickle.

    python crates/ashta-py/bench/pickle_vecenv.py --envs 4096
"""

from __future__ import annotations

import argparse
import pickle
import time

import ashta


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=4096)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    env = ashta.VecEnv(args.envs, players=args.players, seed=1)
    env.reset()
    for _ in range(args.steps):
        env.step(env.random_actions())
    blob = pickle.dumps(env)
    dump = best(lambda: pickle.dumps(env), args.repeat)
    load = best(lambda: pickle.loads(blob), args.repeat)
    print(
        f"VecEnv of {args.envs} games ({args.players} players): pickle.dumps {dump * 1e3:.1f} ms, "
        f"pickle.loads {load * 1e3:.1f} ms, {len(blob) / 1e6:.2f} MB "
        f"({len(blob) / args.envs:.0f} bytes a game)"
    )


if __name__ == "__main__":
    main()
