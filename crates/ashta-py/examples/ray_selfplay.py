#!/usr/bin/env python3
"""Self-play sharded by seed range on Ray, merged: the same totals as one machine.

`ashta.run_games` is pure: game `i` of a series depends only on the seed and `i`. So a
series splits into ranges, each range runs as a Ray task anywhere, and the summaries
merge (`a + b`) into exactly what one `run_games(start=0, end=N)` (or
`ashta selfplay --games N --seed S`) gives.

    python crates/ashta-py/examples/ray_selfplay.py --games 100000 --shards 16

On one machine it starts a local Ray (`ray.init(num_cpus=...)`). On a real cluster,
start Ray there (`ray start --head` on one node, `ray start --address=HEAD:6379` on the
others), install the `ashta` wheel on every node (`pip install ashta-*.whl`, built
with `maturin build --release -m crates/ashta-py/Cargo.toml`), and run this script on
the head node with `--address auto`: the tasks spread over the cluster's cores and the
merged result is the same.
"""

from __future__ import annotations

import argparse
import json
from typing import Optional

import ashta


def shard_ranges(games: int, shards: int) -> list[tuple[int, int]]:
    """`games` split into `shards` consecutive ranges (the last ones may be shorter)."""
    size = -(-games // shards)
    return [(s, min(s + size, games)) for s in range(0, games, size)]


def run_on_ray(
    games: int,
    shards: int,
    seed: int,
    players: int = 4,
    rules: str = "standard",
    bots: Optional[list[str]] = None,
    address: Optional[str] = None,
    num_cpus: Optional[int] = None,
) -> ashta.Summary:
    """Plays games 0..`games` of the series `seed` as Ray tasks, one per range, and
    merges their summaries."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, num_cpus=None if address else num_cpus, include_dashboard=False)

    @ray.remote(num_cpus=1)
    def play(start: int, end: int) -> ashta.Summary:
        return ashta.run_games(
            players=players, rules=rules, bots=bots, seed=seed, start=start, end=end, threads=1
        )

    parts = ray.get([play.remote(a, b) for a, b in shard_ranges(games, shards)])
    total = ashta.Summary(players)
    for part in parts:
        total = total + part
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--shards", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--bots", help="one bot name per seat, comma-separated")
    parser.add_argument("--address", help="a Ray cluster's address (`auto` on its head node)")
    parser.add_argument("--num-cpus", type=int, default=2, help="CPUs of a local Ray")
    args = parser.parse_args()
    bots = args.bots.split(",") if args.bots else None
    total = run_on_ray(
        args.games, args.shards, args.seed, args.players, args.rules, bots, args.address, args.num_cpus
    )
    print(json.dumps(total.to_dict()))


if __name__ == "__main__":
    main()
