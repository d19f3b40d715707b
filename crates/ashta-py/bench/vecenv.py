#!/usr/bin/env python3
"""Environment steps per second on one core: ashta.VecEnv with random legal actions
drawn in Rust, and, when they are installed, pgx's backgammon (JAX, batched the same
way) and OpenSpiel's `maedn` (Mensch ärgere Dich nicht, a Ludo, one state at a time
from Python) side by side, with the ratios.

    python crates/ashta-py/bench/vecenv.py [--envs 4096] [--seconds 5] [--rules standard]

A step is one decision (one move) in one game; throws and dice are made inside the
environments and not counted. The process is pinned to one core first (so pgx's XLA
and our Rust run on the same single core).
"""

from __future__ import annotations

import argparse
import os
import time


def pin_one_core() -> int:
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    # XLA's CPU backend: one thread, before jax is imported.
    os.environ.setdefault(
        "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
    )
    return cpu


def timed(step, seconds: float) -> tuple[float, float]:
    """Runs `step()` (which returns the env steps it made) for about `seconds`; steps
    per second of wall time and per second of the process's CPU time (the same on an
    idle core; the CPU figure stays honest on a busy machine)."""
    step()  # warm up (and compile, for JAX)
    steps, start, cpu = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        steps += step()
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu)


def bench_ashta(envs: int, rules: str, seconds: float) -> tuple[float, float]:
    import ashta

    env = ashta.VecEnv(envs, rules=rules, seed=1)
    env.reset_arrays()

    def step() -> int:
        env.step_arrays(env.random_actions())
        return envs

    return timed(step, seconds)


def bench_pgx(envs: int, seconds: float) -> tuple[float, float] | None:
    try:
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset
    except ImportError:
        return None
    env = pgx.make("backgammon")
    init = jax.jit(jax.vmap(env.init))
    step_fn = jax.jit(jax.vmap(auto_reset(env.step, env.init)))

    @jax.jit
    def random_step(state, key):
        k1, k2, k3 = jax.random.split(key, 3)
        logits = jnp.log(state.legal_action_mask.astype(jnp.float32))
        action = jax.random.categorical(k1, logits, axis=-1)
        return step_fn(state, action, jax.random.split(k2, envs)), k3

    box = {"state": init(jax.random.split(jax.random.PRNGKey(0), envs)),
           "key": jax.random.PRNGKey(1)}

    def step() -> int:
        box["state"], box["key"] = random_step(box["state"], box["key"])
        box["state"].rewards.block_until_ready()
        return envs

    return timed(step, seconds)


def bench_open_spiel(seconds: float) -> tuple[float, float] | None:
    try:
        import numpy as np
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("maedn")
    rng = np.random.default_rng(1)
    box = {"state": game.new_initial_state()}

    def step() -> int:
        moves = 0
        for _ in range(1000):
            state = box["state"]
            if state.is_terminal():
                state = box["state"] = game.new_initial_state()
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                moves += 1
        return moves

    return timed(step, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=4096, help="batch size B")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per library")
    parser.add_argument("--rules", default="standard", help="ashta rules (a preset)")
    args = parser.parse_args()
    cpu = pin_one_core()
    print(f"one core (cpu {cpu}), B = {args.envs}, {args.seconds:g} s each")
    ours = bench_ashta(args.envs, args.rules, args.seconds)
    print(f"{'':32}{'steps/s (wall)':>16}{'per CPU second':>16}")
    print(f"{'ashta VecEnv (' + args.rules + ')':32}{ours[0]:>16,.0f}{ours[1]:>16,.0f}")
    for name, rate in (
        ("pgx backgammon (JAX, vmap)", bench_pgx(args.envs, args.seconds)),
        ("OpenSpiel maedn (Python loop)", bench_open_spiel(args.seconds)),
    ):
        if rate is None:
            print(f"{name:32}not installed")
        else:
            print(f"{name:32}{rate[0]:>16,.0f}{rate[1]:>16,.0f}   ashta is "
                  f"{ours[0] / rate[0]:,.0f}x (wall), {ours[1] / rate[1]:,.0f}x (CPU)")


if __name__ == "__main__":
    main()
