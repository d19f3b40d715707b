#!/usr/bin/env python3
"""Games per second of OpenSpiel's MCTS on Ashta Chamma through ``pyspiel``: every seat
an MCTS bot (UCT constant 2, ``--sims`` simulations, one random rollout per leaf),
throws sampled with the engine's exact probabilities, until the game ends.

    python crates/ashta-py/bench/openspiel_mcts.py --games 5 --sims 100 --players 2 \
        --mcts python --rollouts python

The bot is OpenSpiel's ``mcts.MCTSBot``. ``--rollouts python`` gives it OpenSpiel's
``mcts.RandomRolloutEvaluator`` (a Python call into the game per rollout action),
``rust`` the package's ``ashta.openspiel.RolloutEvaluator`` (one call per leaf).
Prints games and actions per second of wall time and of the process's CPU time (the
same on an idle core; the CPU figure stays honest on a busy machine). (OpenSpiel's C++
``pyspiel.MCTSBot`` is not timed: with open_spiel 2.0.2 it crashes on every game
registered from Python, OpenSpiel's own ``python_tic_tac_toe`` included.)
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import ashta.openspiel  # noqa: F401  (registers the game)


def play(game, bots, rng) -> int:
    state = game.new_initial_state()
    actions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
        actions += 1
    return actions


def make_bot(game, args, seat: int):
    """The MCTS bot of ``seat`` as the arguments ask."""
    seed = args.seed + seat
    if args.rollouts == "rust":
        evaluator = ashta.openspiel.RolloutEvaluator(1, seed)
    else:
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return mcts.MCTSBot(
        game, 2.0, args.sims, evaluator, random_state=np.random.RandomState(seed)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--sims", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", choices=["python", "rust"], default="python")
    args = parser.parse_args()
    game = pyspiel.load_game(ashta.openspiel.SHORT_NAME, {"players": args.players})
    rng = np.random.default_rng(args.seed)
    bots = [make_bot(game, args, p) for p in range(args.players)]
    start, cpu = time.perf_counter(), time.process_time()
    actions = sum(play(game, bots, rng) for _ in range(args.games))
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"{args.rollouts} rollouts, {args.games} games, "
        f"{args.sims} simulations, {args.players} players: "
        f"{args.games / took:.3f} games/s, {actions / took:,.0f} actions/s ({took:.1f} s); "
        f"per CPU second {args.games / cpu:.3f} games, {actions / cpu:,.0f} actions"
    )


if __name__ == "__main__":
    main()
