#!/usr/bin/env python3
"""A careful one-play-deep bot outside the project's bot code, speaking the engine protocol.

A careful player written from docs/PROTOCOL.md alone, outside the bots' code, to measure
the bots against a style they were not written with: it values progress, a large bonus for having captured (the gate),
the progress its pawns stand to lose to each opponent's next single throw (each throw
value weighted by its chance with four cowries), and its outer doubles. It uses none of
the bots' code: the only rules it knows it asks an `ashta engine` process of its own (the plays of a
bag, the position after a play, the captures a throw allows), as any outside program
would. Ties go to the first play that engine lists, so it plays the same game for the
same throws. Its throw chances are those of four fair cowries (the standard and
traditional presets); under other throw tables it still plays legally, with its risk
weighted by those chances and values.

    ashta tournament --bots 'default,engine:"python3 scripts/outside-careful.py"' --games 200 --time-ms 20
    # four players: `default` in one seat, the last bot named in the three others
    ashta tournament --bots 'default,engine:"python3 scripts/outside-careful.py --ashta PATH"' --players 4

Options: --ashta PATH (the `ashta` it asks, default target/release/ashta), and the
weights --gate, --risk, --double and --lead (the most advanced opponent's progress,
subtracted; 0 by default).
"""

import argparse
import json
import subprocess
import sys

# Single-throw values of four cowries and their chances: k mouths up of 4, C(4, k)/16;
# 0 up moves 8.
THROW_CHANCES = {1: 4 / 16, 2: 6 / 16, 3: 4 / 16, 4: 1 / 16, 8: 1 / 16}
WIN_SCORE = 1000.0


class Helper:
    """An `ashta engine` process answering rule questions."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path, "engine"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, line):
        """Sends one command; returns its data lines, or raises on `error`."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            out = self.proc.stdout.readline()
            if not out:
                raise RuntimeError(f"helper engine exited after: {line}")
            out = out.rstrip("\n")
            if out == "ok":
                return lines
            if out.startswith("error"):
                raise RuntimeError(f"helper engine: {out} (after: {line[:200]})")
            lines.append(out)

    def set_position(self, pos_json):
        """Sets the helper's position to `pos_json` (a dict in the JSON position format)."""
        self.ask("position " + json.dumps(pos_json, separators=(",", ":")))

    def position(self):
        """The helper's position, as a dict (the `json` line of `show`)."""
        for out in self.ask("show"):
            if out.startswith("json "):
                return json.loads(out[5:])
        raise RuntimeError("helper engine's show gave no json line")

    def json_after(self, pos_json, moves):
        """The position (as a dict) after playing `moves` from `pos_json`."""
        self.set_position(pos_json)
        if moves != "-":
            self.ask("move " + moves)
        return self.position()


def path_length(pos):
    return pos["size"] * pos["size"] - 1


def progress(pawns):
    """A player's pawns' path indices plus one each (a pawn off the board counts 0)."""
    return sum(p + 1 if p >= 0 else 0 for p in pawns)


def expected_loss(helper, pos, me):
    """Progress of `me` expected to be sent back by the next single throw of each opponent."""
    loss = 0.0
    mine = progress(pos["pawns"][me])
    for opp in range(pos["players"]):
        if opp == me:
            continue
        for value, chance in THROW_CHANCES.items():
            probe = dict(pos, to_move=opp, bag=[value], extra_turns=0)
            probe.pop("winner", None)
            probe.pop("places", None)
            probe.pop("draw", None)
            try:
                helper.set_position(probe)
                moves = helper.ask("legal")
            except RuntimeError:
                continue  # not a position the opponent can be in (say, it has finished)
            worst = 0
            for line in moves:
                move = line.split()[1]
                if "*" not in move:
                    continue
                after = helper.json_after(probe, move)
                worst = max(worst, mine - progress(after["pawns"][me]))
            loss += chance * worst
    return loss


def outer_doubles(pos, me):
    ring = 4 * (pos["size"] - 1)
    counts = {}
    for p in pos["pawns"][me]:
        if 0 < p < ring:
            counts[p] = counts.get(p, 0) + 1
    return sum(1 for c in counts.values() if c >= 2)


def score(helper, pos, me, weights):
    if pos.get("winner") == me or (pos.get("places") or [None])[0] == me:
        return WIN_SCORE
    length = path_length(pos)
    value = progress(pos["pawns"][me]) / length
    if pos["captured"][me]:
        value += weights.gate
    value -= weights.risk * expected_loss(helper, pos, me) / length
    value += weights.double * outer_doubles(pos, me)
    if weights.lead:
        others = [progress(pawns) for q, pawns in enumerate(pos["pawns"]) if q != me]
        value -= weights.lead * max(others) / length
    return value


def choose(helper, pos_json, weights):
    """The play (its moves as text) that scores best one play deep."""
    me = pos_json["to_move"]
    helper.set_position(pos_json)
    plays = [line[5:] for line in helper.ask("legal plays") if line.startswith("play ")]
    if len(plays) <= 1:
        return plays[0] if plays else "-"
    best, best_score = plays[0], float("-inf")
    for play in plays:
        s = score(helper, helper.json_after(pos_json, play), me, weights)
        if s > best_score:
            best, best_score = play, s
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ashta", default="target/release/ashta", help="the helper engine's binary")
    parser.add_argument("--gate", type=float, default=2.0,
                        help="bonus for having captured, in pawns brought home (default 2)")
    parser.add_argument("--risk", type=float, default=1.5,
                        help="weight of the progress expected to be lost to the next throws (default 1.5)")
    parser.add_argument("--double", type=float, default=0.3,
                        help="bonus per outer double, in pawns brought home (default 0.3)")
    parser.add_argument("--lead", type=float, default=0.0,
                        help="weight of the most advanced opponent's progress, subtracted (default 0)")
    args = parser.parse_args()
    helper = Helper(args.ashta)
    pos_json = None

    def reply(*lines):
        for line in lines:
            sys.stdout.write(line + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        words = line.strip().split(" ", 1)
        if not words[0] or words[0].startswith("#"):
            continue
        cmd, rest = words[0], (words[1] if len(words) > 1 else "")
        try:
            if cmd == "hello":
                reply("id name outside-careful", "id version 1", "id protocol 1", "ok")
            elif cmd in ("isready", "setoption"):
                reply("ok")
            elif cmd in ("position", "newgame"):
                helper.ask(line.strip())
                pos_json = helper.position()
                reply("ok")
            elif cmd == "go":
                if pos_json is None:
                    reply("error go: no position")
                    continue
                play = choose(helper, pos_json, args)
                reply("play " + play, "ok")
            elif cmd == "quit":
                reply("ok")
                break
            else:
                reply(f"error unknown command {cmd}")
        except (RuntimeError, ValueError) as e:
            reply(f"error {cmd}: {e}")
    helper.proc.stdin.close()
    helper.proc.wait()


if __name__ == "__main__":
    main()
