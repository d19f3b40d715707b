//! End-to-end tests of `ashta tournament`: small fixed-seed tournaments run through the
//! built binary (only the fast bots, random and greedy, so they take well under a
//! second each).

use serde_json::Value;

mod common;
use common::{fails, ok};

/// The CI check: in a small fixed-seed match greedy wins more games than random, and
/// the JSON has the documented shape.
#[test]
fn greedy_beats_random() {
    let args = [
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "48",
        "--players",
        "2",
        "--seed",
        "2024",
        "--json",
    ];
    let json: Value = serde_json::from_str(&ok(&args, "")).unwrap();
    assert_eq!(json["games"], 48);
    let draws = json["draws"].as_u64().unwrap();
    let results = json["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    let (greedy, random) = (&results[0], &results[1]);
    assert_eq!(greedy["bot"], "greedy");
    assert_eq!(random["bot"], "random");
    let wins = |r: &Value| r["wins"].as_u64().unwrap();
    assert!(wins(greedy) > wins(random), "{json}");
    assert_eq!(wins(greedy) + wins(random) + draws, 48);
    for r in results {
        let rate = r["win_rate"].as_f64().unwrap();
        assert!((rate - wins(r) as f64 / 48.0).abs() < 1e-12);
        let ci = r["ci95"].as_array().unwrap();
        let (lo, hi) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        assert!(0.0 <= lo && lo <= rate && rate <= hi && hi <= 1.0, "{r}");
    }
    // Greedy's interval lies above chance.
    assert!(greedy["ci95"][0].as_f64().unwrap() > 0.5, "{json}");
    assert!(json["head_to_head"]["p_value"].as_f64().unwrap() < 0.01);
}

/// The same seed gives the same results on one thread and on two.
#[test]
fn results_do_not_depend_on_threads() {
    let run = |threads: &str| {
        ok(
            &[
                "tournament",
                "--bots",
                "greedy,random",
                "--games",
                "30",
                "--players",
                "3",
                "--seed",
                "5",
                "--threads",
                threads,
                "--json",
            ],
            "",
        )
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let json: Value = serde_json::from_str(&one).unwrap();
    assert_eq!(json["games"], 30);
    assert_eq!(
        json["lineup"],
        serde_json::json!(["greedy", "random", "random"])
    );
    assert_eq!(json["results"][1]["seats"], 2);
}

#[test]
fn games_round_up_to_a_multiple_of_the_players() {
    let text = ok(
        &[
            "tournament",
            "--bots",
            "random,greedy",
            "--games",
            "5",
            "--players",
            "4",
        ],
        "",
    );
    assert!(text.contains("games: 8 "), "{text}");
    assert!(text.contains("5 asked for, rounded up"), "{text}");
    assert!(
        text.contains("seats: random, greedy, greedy, greedy"),
        "{text}"
    );
    assert!(text.contains("head to head"), "{text}");
}

#[test]
fn bad_bot_lists_are_refused() {
    let err = fails(
        &["tournament", "--bots", "greedy,wizard", "--games", "2"],
        "",
    );
    assert!(err.contains("wizard"), "{err}");
    assert!(err.contains("random, greedy, expecti, mcts"), "{err}");
    let err = fails(
        &[
            "tournament",
            "--bots",
            "random,greedy,random",
            "--players",
            "2",
        ],
        "",
    );
    assert!(err.contains("3 bots for 2 players"), "{err}");
    let err = fails(&["tournament", "--bots", "greedy"], "");
    assert!(err.contains("at least two bots"), "{err}");
    let err = fails(
        &[
            "tournament",
            "--round-robin",
            "--bots",
            "random,greedy",
            "--players",
            "4",
        ],
        "",
    );
    assert!(err.contains("two-player"), "{err}");
}

/// The round robin rates greedy above random (the anchor at 0) and plays every pair.
#[test]
fn round_robin_rating_list() {
    let json: Value = serde_json::from_str(&ok(
        &[
            "tournament",
            "--round-robin",
            "--bots",
            "random,greedy,beginner",
            "--games",
            "20",
            "--seed",
            "3",
            "--json",
        ],
        "",
    ))
    .unwrap();
    assert_eq!(json["pairs"].as_array().unwrap().len(), 3);
    assert_eq!(json["anchor"], "random");
    let ratings = json["ratings"].as_array().unwrap();
    let elo = |name: &str| {
        ratings.iter().find(|r| r["bot"] == name).unwrap()["elo"]
            .as_f64()
            .unwrap()
    };
    assert_eq!(elo("random"), 0.0);
    assert!(elo("greedy") > 0.0, "{json}");
    assert_eq!(ratings[0]["games"], 40);
}

/// `--plot` writes a PNG, for a match and for a rating list.
#[test]
fn plots_are_png_files() {
    let dir = std::env::temp_dir().join(format!("ashta-plot-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let match_png = dir.join("match.png");
    let ratings_png = dir.join("ratings.png");
    ok(
        &[
            "tournament",
            "--bots",
            "greedy,random",
            "--games",
            "8",
            "--players",
            "2",
            "--plot",
            match_png.to_str().unwrap(),
        ],
        "",
    );
    ok(
        &[
            "tournament",
            "--round-robin",
            "--bots",
            "greedy,random",
            "--games",
            "8",
            "--json",
            "--plot",
            ratings_png.to_str().unwrap(),
        ],
        "",
    );
    for png in [&match_png, &ratings_png] {
        let bytes = std::fs::read(png).unwrap();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{}", png.display());
        assert!(bytes.len() > 5000, "a picture with something on it");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--gauntlet BOT` plays the bot against every gauntlet style in two and four players
/// and prints one line per match.
#[test]
fn the_gauntlet_plays_every_style_in_two_and_four_players() {
    let text = ok(&["tournament", "--gauntlet", "greedy", "--games", "4"], "");
    for style in [
        "cautious", "hunter", "runner", "blocker", "careful", "greedy", "random",
    ] {
        let lines = text
            .lines()
            .map(|l| l.split_whitespace().take(2).collect::<Vec<_>>())
            .filter(|w| w.len() == 2 && w[0].parse::<u8>().is_ok() && w[1] == style)
            .count();
        assert_eq!(lines, 2, "{style} in 2 and 4 players:\n{text}");
    }
    assert!(text.contains("score"), "{text}");
}

/// With three players the table's header names three players and their chance.
#[test]
fn the_gauntlet_header_names_the_number_of_players() {
    let text = ok(
        &[
            "tournament",
            "--gauntlet",
            "greedy",
            "--players",
            "3",
            "--opponents",
            "random",
            "--games",
            "3",
        ],
        "",
    );
    assert!(
        text.contains("3 players: greedy in one seat, the opponent in the other 2 (chance 33%)"),
        "{text}"
    );
    assert!(!text.contains("4 players"), "{text}");
}

/// The gauntlet's JSON: wins, draws and losses add up to the games of each match.
#[test]
fn the_gauntlet_json_adds_up() {
    let args = [
        "tournament",
        "--gauntlet",
        "greedy",
        "--opponents",
        "runner,cautious",
        "--players",
        "2",
        "--games",
        "6",
        "--json",
    ];
    let json: Value = serde_json::from_str(&ok(&args, "")).unwrap();
    let lines = json["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2);
    for line in lines {
        let count = |k: &str| line[k]["count"].as_u64().unwrap();
        assert_eq!(
            count("wins") + count("draws") + count("losses"),
            line["games"].as_u64().unwrap()
        );
    }
}

/// A gauntlet needs its bot and takes no --bots beside it.
#[test]
fn the_gauntlet_and_bots_exclude_each_other() {
    fails(&["tournament", "--gauntlet", "greedy", "--bots", "a,b"], "");
    fails(
        &["tournament", "--gauntlet", "greedy", "--plot", "x.png"],
        "",
    );
    let err = fails(&["tournament", "--gauntlet", "nobot", "--games", "2"], "");
    assert!(err.contains("unknown bot \"nobot\""), "{err}");
}
