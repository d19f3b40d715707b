"""The bots and tools from Python: Bot, bots.choose, hint, analyze, run_games."""

import json
import os
import pickle
import shutil
import subprocess
import threading
from pathlib import Path

import numpy as np
import pytest

import ashta
from conftest import play_random

REPO = Path(__file__).resolve().parents[3]


def ashta_binary():
    """The `ashta` command line of this checkout (built by the cargo tests that
    scripts/test runs first, in cargo's build directory: CARGO_TARGET_DIR when set;
    ASHTA_BIN overrides)."""
    target = Path(os.environ.get("CARGO_TARGET_DIR") or REPO / "target")
    path = os.environ.get("ASHTA_BIN") or target / "release" / "ashta"
    if not Path(path).exists():
        cargo = shutil.which("cargo")
        assert cargo, f"{path} is missing and cargo is not there to build it"
        subprocess.run([cargo, "build", "--release", "-q", "-p", "ashta-cli"], cwd=REPO, check=True)
    return str(path)


def decision_state(seed=0, players=4):
    rng = np.random.default_rng(seed)
    s = ashta.Game(players=players).new_initial_state()
    play_random(s, rng, stop=lambda t: t.turns() >= 6 and not t.is_chance_node())
    return s


@pytest.mark.parametrize("level", ["random", "greedy", "hard"])
def test_bot_play_is_a_whole_legal_play(level):
    s = decision_state(seed=1)
    player = s.current_player()
    actions = ashta.bots.choose(s, level=level, seed=3)
    assert actions
    for a in actions:
        assert s.current_player() == player
        s.apply_action(a)  # raises if not legal
    assert s.is_chance_node() or s.is_terminal(), "the play spends the whole bag"


def test_bot_object_keeps_its_seed_and_name():
    s = decision_state(seed=2)
    bot = ashta.Bot("mcts:sims=50", seed=5)
    assert bot.name == "mcts:sims=50"
    assert bot.choose(s) == ashta.Bot("mcts:sims=50", seed=5).choose(s)


def test_bot_errors():
    with pytest.raises(ashta.BotError, match="unknown bot"):
        ashta.Bot("grandmaster")
    with pytest.raises(ashta.BotError, match="bad option"):
        ashta.Bot("mcts:sims")
    with pytest.raises(ashta.BotError, match="chance node"):
        ashta.bots.choose(ashta.Game().new_initial_state())


def test_hint_ranks_every_play_best_first():
    s = decision_state(seed=4)
    plays = ashta.hint(s, rollouts=16, seed=1)
    assert plays and plays[0]["loss"] == 0
    wins = [p["win"] for p in plays]
    assert wins == sorted(wins, reverse=True) or len(plays) == 1
    for p in plays:
        c = s.clone()
        for a in p["actions"]:
            c.apply_action(a)
        assert len(p["moves"]) == len(p["actions"]) and len(p["wins"]) == 4


def test_analyze_reviews_a_record():
    s = decision_state(seed=5, players=2)
    play_random(s, np.random.default_rng(5), stop=lambda t: t.turns() >= 10)
    review = ashta.analyze(s, rollouts=4)
    assert [p["player"] for p in review["players"]] == [0, 1]
    assert len(review["turns"]) == json.loads(s.record_json())["turns"].__len__()
    assert review == ashta.analyze(s.record_json(), rollouts=4)
    with pytest.raises(ashta.RecordError, match="malformed record"):
        ashta.analyze("{not a record")


@pytest.mark.parametrize("players", [4, 2])
def test_run_games_gives_the_statistics_of_ashta_selfplay(players):
    line = subprocess.run(
        [ashta_binary(), "selfplay", "--games", "600", "--seed", "11", "--threads", "1",
         "--players", str(players)],
        check=True, capture_output=True, text=True,
    ).stdout
    cli = json.loads(line)
    ours = ashta.run_games(players=players, seed=11, start=0, end=600).to_dict()
    for key in ("games", "wins", "draws", "max_turns"):
        assert ours[key] == cli[key], key
    assert ours["mean_turns"] == pytest.approx(cli["mean_turns"], rel=1e-12)


def test_summaries_of_ranges_merge_to_the_whole():
    whole = ashta.run_games(players=2, seed=3, end=700)
    parts = ashta.run_games(players=2, seed=3, end=250) + ashta.run_games(players=2, seed=3, start=250, end=700)
    assert parts == whole and parts.games == 700
    assert pickle.loads(pickle.dumps(whole)) == whole
    with pytest.raises(ashta.AshtaError, match="merge"):
        whole.merge(ashta.Summary(4))


def test_run_games_with_bots_is_reproducible():
    a = ashta.run_games(players=2, bots=["greedy", "random"], seed=1, end=20, threads=2)
    b = ashta.run_games(players=2, bots=["greedy", "random"], seed=1, end=20, threads=1)
    assert a == b and a.games == 20
    with pytest.raises(ashta.BotError, match="one per seat"):
        ashta.run_games(players=2, bots=["greedy"])
    with pytest.raises(ashta.BotError, match="unknown bot"):
        ashta.run_games(players=2, bots=["greedy", "nobody"])


def test_run_games_releases_the_gil():
    done = threading.Event()
    t = threading.Thread(target=lambda: (ashta.run_games(seed=1, end=3000, threads=1), done.set()))
    t.start()
    spins = 0
    while not done.is_set():
        spins += 1
    t.join()
    assert spins > 10_000


def test_exact_value_of_an_endgame_comes_from_the_endgame_table(tmp_path):
    """A two-player endgame (one pawn out each) is valued exactly from the endgame
    table that `ashta solve --endgames` builds; other positions have no exact value."""
    env = dict(os.environ, ASHTA_DATA=str(tmp_path))
    subprocess.run(
        [ashta_binary(), "solve", "--pawns", "1", "--endgames", "--quiet"],
        env=env,
        check=True,
        capture_output=True,
    )
    game = ashta.Game(players=2)
    position = {
        "rules": {"preset": "standard", "players": 2},
        "size": 5,
        "players": 2,
        "to_move": 0,
        "bag": [],
        "pawns": [[6, 24, 24, 24], [3, 24, 24, 24]],
        "captured": [True, True],
        "blocks": [],
        "extra_turns": 0,
    }
    state = game.state_from_json(json.dumps(position))
    value = ashta.exact_value(state, data_dir=str(tmp_path))
    assert value["table"].endswith("standard-2p-1pawns.endgames")
    assert abs(value["win"] + value["draw"] + value["loss"] - 1) < 1e-9
    assert abs(value["score"] - value["win"] - value["draw"] / 2) < 1e-12
    assert ashta.exact_value(game.new_initial_state(), data_dir=str(tmp_path)) is None
    assert ashta.exact_value(state, data_dir=str(tmp_path / "none")) is None
