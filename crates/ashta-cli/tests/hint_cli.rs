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
