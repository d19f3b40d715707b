//! `ashta hint` and `ashta analyze` in exact mode: a two-player game with a solution
//! table (the one-pawn standard game, solved here in about a second) is rated from the
//! table, and the output says "exact"; without a table, or with `--estimate`, it says
//! "estimated".

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

mod common;
use common::{ashta, ashta_env, ok};

/// A position of the one-pawn standard game: South, on e5, holds the bag 8 2.
const BAG_8_2: &str = r#"{"rules":{"preset":"standard","pawns":1,"turn_limit":0},"size":5,"players":2,"to_move":0,"bag":[8,2],"pawns":[[6],[3]],"captured":[false,false],"blocks":[],"extra_turns":0}"#;

/// The directory holding the one-pawn table, solved once for every test.
fn data_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("exact-cli-data");
        std::fs::create_dir_all(&dir).unwrap();
        let run = ashta_env(
            &["solve", "--preset", "standard", "--pawns", "1", "--quiet"],
            &[("ASHTA_DATA", dir.to_str().unwrap())],
            "",
        );
        assert!(run.code == 0, "{}", run.stderr);
        dir
    })
}

fn table() -> String {
    data_dir()
        .join("standard-2p-1pawns.solution")
        .display()
        .to_string()
}

/// Runs `ashta` with the data directory holding the table.
fn with_data(args: &[&str], stdin: &str) -> String {
    let run = ashta_env(args, &[("ASHTA_DATA", data_dir().to_str().unwrap())], stdin);
    assert!(run.code == 0, "{:?}: {}", args, run.stderr);
    run.stdout
}

fn json(text: &str) -> Value {
    serde_json::from_str(text.trim()).unwrap()
}

/// A hint on a solved game rates every play exactly: the best play's score is the
/// position's value (`ashta solve --value`), each error is the best score minus the
/// play's, and win + draw + loss is 1.
#[test]
fn hint_with_a_table_gives_exact_scores_and_errors() {
    let v = json(&with_data(&["hint", "--position", "-", "--json"], BAG_8_2));
    assert_eq!(v["mode"], "exact");
    assert_eq!(v["table"], table());
    let plays = v["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 2);
    let best = plays[0]["score"].as_f64().unwrap();
    for p in plays {
        let (score, win, draw, loss) = (
            p["score"].as_f64().unwrap(),
            p["win"].as_f64().unwrap(),
            p["draw"].as_f64().unwrap(),
            p["loss"].as_f64().unwrap(),
        );
        assert!((win + draw + loss - 1.0).abs() < 1e-9);
        assert!((score - win - draw / 2.0).abs() < 1e-12);
        assert!((p["error"].as_f64().unwrap() - (best - score)).abs() < 1e-12);
    }
    assert_eq!(plays[0]["error"], 0.0);
    assert!(plays[1]["error"].as_f64().unwrap() > 0.1);
    let value = json(&with_data(
        &["solve", "--value", "--position", "-"],
        BAG_8_2,
    ));
    assert!((value["score"].as_f64().unwrap() - best).abs() < 1e-12);
}

/// The text answer says it is exact and names the table.
#[test]
fn hint_text_says_exact_and_names_the_table() {
    let out = with_data(&["hint", "--position", "-"], BAG_8_2);
    assert!(out.contains("exact from the solution table"), "{out}");
    assert!(out.contains(&table()), "{out}");
    assert!(out.contains("score") && out.contains("draw"), "{out}");
}

/// `--estimate` rolls out even when the table exists, and says so.
#[test]
fn hint_estimate_flag_ignores_the_table() {
    let v = json(&with_data(
        &[
            "hint",
            "--position",
            "-",
            "--json",
            "--estimate",
            "--rollouts",
            "4",
        ],
        BAG_8_2,
    ));
    assert_eq!(v["mode"], "estimated");
    let out = with_data(
        &["hint", "--position", "-", "--estimate", "--rollouts", "4"],
        BAG_8_2,
    );
    assert!(out.contains("(estimated;"), "{out}");
}

/// Without a table in the data directory the hint is estimated.
#[test]
fn hint_without_a_table_is_estimated() {
    let empty = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("exact-cli-empty");
    std::fs::create_dir_all(&empty).unwrap();
    let run = ashta_env(
        &["hint", "--position", "-", "--json", "--rollouts", "4"],
        &[("ASHTA_DATA", empty.to_str().unwrap())],
        BAG_8_2,
    );
    assert!(run.code == 0, "{}", run.stderr);
    assert_eq!(json(&run.stdout)["mode"], "estimated");
}

/// A table named with `--table` that solves other rules is refused, with the command
/// that builds the right one.
#[test]
fn hint_refuses_a_table_of_other_rules() {
    let run = ashta(
        &["hint", "--position", "-", "--table", &table()],
        "standard 5 2 0 3 2,0,0,0/13,0,0,0 - - 0",
    );
    assert!(run.code != 0);
    assert!(run.stderr.contains("solves other rules"), "{}", run.stderr);
    assert!(run.stderr.contains("ashta solve"), "{}", run.stderr);
}

/// A missing `--table` file is an error naming the file.
#[test]
fn hint_with_a_missing_table_file_fails_clearly() {
    let run = ashta(
        &[
            "hint",
            "--position",
            "-",
            "--table",
            "/nonexistent/x.solution",
        ],
        BAG_8_2,
    );
    assert!(run.code != 0);
    assert!(
        run.stderr.contains("/nonexistent/x.solution"),
        "{}",
        run.stderr
    );
}

/// A recorded game of the solved rules (seed 3, no turn limit).
fn record() -> String {
    let text = ok(
        &[
            "record",
            "--preset",
            "standard",
            "--players",
            "2",
            "--pawns",
            "1",
            "--seed",
            "3",
        ],
        "",
    );
    let mut v = json(&text);
    v["rules"]["turn_limit"] = 0.into();
    v.to_string()
}

/// An exact review: mode "exact", no standard errors, each player's total error the sum
/// of its decisions' errors, each decision's error the best score minus the score of
/// the play made, and the start's scores adding up to 1.
#[test]
fn analyze_with_a_table_reviews_exactly() {
    let v = json(&with_data(&["analyze", "-", "--json"], &record()));
    assert_eq!(v["mode"], "exact");
    assert_eq!(v["table"], table());
    let start: f64 = v["wins_start"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .sum();
    assert!((start - 1.0).abs() < 1e-9);
    let mut totals = [0.0f64; 2];
    let mut decisions = 0;
    for t in v["turns"].as_array().unwrap() {
        let Some(d) = t["decision"].as_object() else {
            continue;
        };
        assert_eq!(d["error_stderr"], 0.0);
        let error = d["error"].as_f64().unwrap();
        let best = d["best"]["win"].as_f64().unwrap();
        let made = d["made"]["win"].as_f64().unwrap();
        assert!((error - (best - made)).abs() < 1e-12);
        if d["choices"].as_u64().unwrap() > 1 {
            decisions += 1;
            totals[t["player"].as_u64().unwrap() as usize] += error;
        }
    }
    assert!(decisions > 0);
    for p in v["players"].as_array().unwrap() {
        let q = p["player"].as_u64().unwrap() as usize;
        assert!((p["total_error"].as_f64().unwrap() - totals[q]).abs() < 1e-12);
    }
    let text = with_data(&["analyze", "-"], &record());
    assert!(text.contains("exact, from the solution table"), "{text}");
}

/// An exact review has no noise: every error counts at its exact size, none is too
/// close to call, and the text says every error is certain.
#[test]
fn analyze_with_a_table_has_no_noise_and_every_error_counts() {
    let v = json(&with_data(&["analyze", "-", "--json"], &record()));
    for t in v["turns"].as_array().unwrap() {
        let Some(d) = t["decision"].as_object() else {
            continue;
        };
        assert_eq!(d["noise"], 0.0);
        assert_eq!(d["too_close"], false);
        assert_eq!(
            d["beyond_noise"].as_bool().unwrap(),
            d["error"].as_f64().unwrap() > 0.0
        );
    }
    let c = &v["confidence"];
    assert_eq!(c["mean_stderr"], 0.0);
    assert_eq!(c["max_stderr"], 0.0);
    assert_eq!(c["too_close"], 0);
    let text = with_data(&["analyze", "-"], &record());
    assert!(
        text.contains("confidence: exact, every error certain"),
        "{text}"
    );
    assert!(!text.contains("%±"), "{text}");
}

/// `analyze --estimate` rolls out even with the table, and says so.
#[test]
fn analyze_estimate_flag_ignores_the_table() {
    let v = json(&with_data(
        &["analyze", "-", "--json", "--estimate", "--rollouts", "2"],
        &record(),
    ));
    assert_eq!(v["mode"], "estimated");
}
