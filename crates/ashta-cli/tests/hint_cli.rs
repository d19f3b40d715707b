//! `ashta hint` end to end: the ranking as text and JSON, forced plays, bad input.

use serde_json::Value;

mod common;
use common::{ashta, ok, Run};

/// South with a 3 can capture North's single on e4 (which opens its gate).
const CAPTURE: &str = "standard 5 2 0 3 2,0,0,0/13,0,0,0 - - 0";

#[test]
fn json_lists_every_play_best_first_with_win_stderr_and_loss() {
    let out = ok(
        &["hint", "--position", "-", "--rollouts", "200", "--json"],
        CAPTURE,
    );
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let plays = v["plays"].as_array().unwrap();
    assert_eq!(plays.len(), 3);
    assert_eq!(v["forced"], false);
    // Rollouts played to the end are noisy: 200 a play tell the capture from the rest.
    assert_eq!(v["rollouts"], 600);
    let first = &plays[0];
    assert_eq!(first["moves"][0]["capture"], true);
    assert_eq!(first["loss"], 0.0);
    // The capture earns an extra turn: South throws again.
    assert_eq!(first["position"]["to_move"], 0);
    assert_eq!(first["position"]["captured"][0], true);
    let mut last = f64::INFINITY;
    for p in plays {
        let win = p["win"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&win));
        assert!(win <= last);
        last = win;
        assert!(p["stderr"].as_f64().unwrap() >= 0.0);
        let loss = p["loss"].as_f64().unwrap();
        let best = plays[0]["win"].as_f64().unwrap();
        assert!((best - win - loss).abs() < 1e-12);
    }
}

#[test]
fn a_fixed_rollout_count_and_seed_answer_the_same_twice() {
    let args = [
        "hint",
        "--position",
        "-",
        "--rollouts",
        "8",
        "--seed",
        "5",
        "--json",
    ];
    let a = ashta(&args, CAPTURE).stdout;
    let b = ashta(&args, CAPTURE).stdout;
    let strip = |s: &str| {
        let mut v: Value = serde_json::from_str(s.trim()).unwrap();
        v.as_object_mut().unwrap().remove("elapsed_ms");
        v
    };
    assert_eq!(strip(&a), strip(&b));
}

#[test]
fn text_names_the_rollouts_and_the_error_achieved() {
    let out = ok(&["hint", "--position", "-", "--time-ms", "300"], CAPTURE);
    assert!(out.starts_with("South to move, bag 3."), "{out}");
    assert!(out.contains("3 plays, ranked by "), "{out}");
    assert!(out.contains("largest standard error"), "{out}");
    let first = out.lines().nth(3).unwrap();
    assert!(first.contains("captures North"), "{out}");
}

#[test]
fn a_single_play_is_reported_as_forced_at_once() {
    let out = ok(
        &["hint", "--position", "-", "--time-ms", "60000"],
        "standard 5 2 0 2 0,24,24,24/0,0,0,0 0 - 0",
    );
    assert!(out.contains("Only one play"), "{out}");
    let json = ashta(
        &["hint", "--position", "-", "--json"],
        "standard 5 2 0 2 0,24,24,24/0,0,0,0 0 - 0",
    )
    .stdout;
    let v: Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["forced"], true);
    assert_eq!(v["plays"].as_array().unwrap().len(), 1);
}

#[test]
fn a_position_without_a_bag_or_a_bad_position_is_an_error() {
    let Run {
        code, stderr: err, ..
    } = ashta(
        &["hint", "--position", "-"],
        "standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0",
    );
    assert_eq!(code, 1);
    assert!(err.contains("the bag is empty"), "{err}");
    let Run {
        code, stderr: err, ..
    } = ashta(&["hint", "--position", "-"], "not a position");
    assert_eq!(code, 1);
    assert!(err.contains("bad position"), "{err}");
    let Run {
        code, stderr: err, ..
    } = ashta(&["hint", "--position", "-", "--rollouts", "0"], CAPTURE);
    assert_eq!(code, 2, "{err}");
}

/// A two-player game saved by `ashta play` (format `ashta-save/1`) where South has
/// thrown and has a bag to play.
fn saved_game_with_a_bag() -> String {
    let mut rules = ashta_engine::Rules::standard();
    rules.players = 2;
    let mut game = ashta_engine::Game::new(rules, 11).unwrap();
    while game.position().phase() == ashta_engine::Phase::Throwing {
        while game.phase() == ashta_engine::Phase::Throwing {
            game.throw(ashta_engine::ThrowFrom::Own).unwrap();
        }
    }
    let record: Value = serde_json::from_str(&game.save()).unwrap();
    serde_json::json!({
        "format": "ashta-save/1",
        "seats": ["human", "random"],
        "bot_time_ms": 0,
        "record": record,
    })
    .to_string()
}

#[test]
fn a_saved_game_is_hinted_at_the_position_it_stands_at() {
    let out = ok(
        &["hint", "--position", "-", "--rollouts", "4", "--json"],
        &saved_game_with_a_bag(),
    );
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["player"], 0, "{out}");
    assert!(!v["plays"].as_array().unwrap().is_empty(), "{out}");
}

#[test]
fn analyze_takes_a_position_and_ranks_its_bag() {
    let out = ok(&["analyze", "-", "--rollouts", "4"], CAPTURE);
    assert!(out.contains("holds a position, not a game"), "{out}");
    assert!(out.contains("capture"), "{out}");
}

#[test]
fn neither_a_position_nor_a_game_is_refused_naming_both() {
    let run = ashta(&["hint", "--position", "-"], "{\"hello\": 1}");
    assert_ne!(run.code, 0);
    assert!(
        run.stderr.contains("bad position") && run.stderr.contains("nor is it a saved game"),
        "{}",
        run.stderr
    );
    // A game that does not replay says so.
    let run = ashta(&["analyze", "-"], "{\"format\": \"ashta-save/1\"}");
    assert_ne!(run.code, 0);
    assert!(
        run.stderr.contains("saved game without a record"),
        "{}",
        run.stderr
    );
}
