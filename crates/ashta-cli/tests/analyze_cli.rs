//! `ashta analyze` end to end: a recorded game reviewed as text, JSON and HTML.

use serde_json::Value;

mod common;
use common::{ashta, ok, Run};

/// Records a seeded two-player random game into `dir` and answers its path.
fn recorded_game(dir: &tempfile::TempDir, seed: &str) -> String {
    let path = dir.path().join("game.json");
    let path = path.to_str().unwrap().to_string();
    let Run {
        code, stderr: err, ..
    } = ashta(
        &["record", "--seed", seed, "--players", "2", "--out", &path],
        "",
    );
    assert_eq!(code, 0, "{err}");
    path
}

const QUICK: [&str; 4] = ["--rollouts", "4", "--horizon", "2"];

#[test]
fn json_review_has_every_turn_and_sane_player_totals() {
    let dir = tempfile::tempdir().unwrap();
    let game = recorded_game(&dir, "5");
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&game).unwrap()).unwrap();
    let turns = record["turns"].as_array().unwrap().len();
    let mut args = vec!["analyze", game.as_str(), "--json"];
    args.extend(QUICK);
    let out = ok(&args, "");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["turns"].as_array().unwrap().len(), turns);
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    let mut results = 0.0;
    for p in players {
        let decisions = p["decisions"].as_u64().unwrap();
        assert!(decisions > 0);
        let total = p["total_error"].as_f64().unwrap();
        let per = p["error_per_decision"].as_f64().unwrap();
        assert!(total >= 0.0);
        assert!((per * decisions as f64 - total).abs() < 1e-9);
        assert!(p["band"].is_string());
        assert!(p["luck"].as_f64().unwrap().is_finite());
        results += p["result"].as_f64().unwrap();
    }
    assert!(results <= 1.0);
    for t in v["turns"].as_array().unwrap() {
        assert!(t["luck"].as_f64().unwrap().abs() <= 1.0);
        if let Some(d) = t["decision"].as_object() {
            assert!(d["error"].as_f64().unwrap() >= 0.0);
            assert_eq!(d["position"]["to_move"], t["player"]);
        }
    }
}

/// Each decision carries its error's standard error and the noise it must exceed; only
/// errors beyond the noise are labelled and counted, and the review says how sure it is.
#[test]
fn json_review_carries_each_errors_stderr_and_counts_only_errors_beyond_the_noise() {
    let dir = tempfile::tempdir().unwrap();
    let game = recorded_game(&dir, "5");
    let mut args = vec!["analyze", game.as_str(), "--json"];
    args.extend(QUICK);
    let v: Value = serde_json::from_str(ok(&args, "").trim()).unwrap();
    let mut totals = [0.0f64; 2];
    let mut too_close = [0u64; 2];
    let (mut labelled, mut measured) = (0, 0);
    for t in v["turns"].as_array().unwrap() {
        let Some(d) = t["decision"].as_object() else {
            continue;
        };
        if d["choices"].as_u64().unwrap() < 2 {
            continue;
        }
        let error = d["error"].as_f64().unwrap();
        let stderr = d["error_stderr"].as_f64().unwrap();
        let noise = d["noise"].as_f64().unwrap();
        assert!(stderr >= 0.0 && noise >= 1.9 * stderr, "{d:?}");
        assert_eq!(d["beyond_noise"].as_bool().unwrap(), error > noise, "{d:?}");
        if d["mark"] != "" {
            assert!(error > noise, "{d:?}");
            labelled += 1;
        }
        let q = t["player"].as_u64().unwrap() as usize;
        if error > noise {
            totals[q] += error;
        }
        if d["too_close"].as_bool().unwrap() {
            assert_eq!(d["mark"], "");
            assert!(error >= 0.01 && error <= noise, "{d:?}");
            too_close[q] += 1;
        }
        measured += usize::from(d["rank"].as_u64().unwrap() > 1);
    }
    for p in v["players"].as_array().unwrap() {
        let q = p["player"].as_u64().unwrap() as usize;
        assert!((p["total_error"].as_f64().unwrap() - totals[q]).abs() < 1e-12);
        assert_eq!(p["too_close"].as_u64().unwrap(), too_close[q]);
        assert!(p["mean_stderr"].as_f64().unwrap() >= 0.0);
    }
    let c = &v["confidence"];
    assert_eq!(c["labelled"].as_u64().unwrap(), labelled);
    assert_eq!(c["measured"].as_u64().unwrap(), measured as u64);
    assert_eq!(
        c["too_close"].as_u64().unwrap(),
        too_close.iter().sum::<u64>()
    );
    assert_eq!(c["false_label_rate"], 0.005);
    assert!(
        c["mean_stderr"].as_f64().unwrap() > 0.0,
        "four rollouts are noisy"
    );
}

/// The text shows an error with its standard error and says how sure the review is.
#[test]
fn text_review_shows_errors_with_their_stderr_and_the_reviews_confidence() {
    let dir = tempfile::tempdir().unwrap();
    let game = recorded_game(&dir, "5");
    let mut args = vec!["analyze", game.as_str()];
    args.extend(QUICK);
    let out = ok(&args, "");
    assert!(out.lines().any(|l| l.contains("%±")), "{out}");
    assert!(out.contains("confidence: "), "{out}");
    assert!(out.contains("too close to call"), "{out}");
    assert!(out.contains("mean standard error"), "{out}");
    assert!(out.contains("2.58 standard errors for two plays"), "{out}");
}

#[test]
fn text_review_lists_turns_totals_and_how_the_bands_are_set() {
    let dir = tempfile::tempdir().unwrap();
    let game = recorded_game(&dir, "9");
    let mut args = vec!["analyze", game.as_str()];
    args.extend(QUICK);
    let out = ok(&args, "");
    assert!(out.contains("turns, 2 players; result:"), "{out}");
    assert!(out.contains("per decision"), "{out}");
    assert!(
        out.contains("bands by error per decision: master up to"),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("South ")), "{out}");
}

#[test]
fn html_report_is_self_contained_with_a_curve_per_player() {
    let dir = tempfile::tempdir().unwrap();
    let game = recorded_game(&dir, "5");
    let html = dir.path().join("review.html");
    let html = html.to_str().unwrap();
    let mut args = vec!["analyze", game.as_str(), "--html", html];
    args.extend(QUICK);
    let out = ok(&args, "");
    assert!(out.contains("wrote "), "{out}");
    let page = std::fs::read_to_string(html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<svg"));
    assert_eq!(page.matches("<polyline").count(), 2);
    assert!(!page.contains("src=\"http"), "no external resources");
    assert!(page.contains("Marked decisions"));
}

#[test]
fn a_missing_or_broken_record_is_an_error() {
    let Run {
        code, stderr: err, ..
    } = ashta(&["analyze", "/nonexistent/game.json"], "");
    assert_eq!(code, 1);
    assert!(err.contains("cannot read"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{\"format\": \"ashta-record/1\"}").unwrap();
    let Run {
        code, stderr: err, ..
    } = ashta(&["analyze", bad.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(err.contains("does not replay"), "{err}");
}

/// Each player's accuracy: the share of their decisions with a choice whose error is
/// within the noise, and the mean error over them, in the JSON and as a line of text.
#[test]
fn review_gives_each_players_accuracy_share_within_the_noise_and_mean_loss() {
    let dir = tempfile::tempdir().unwrap();
    let game = recorded_game(&dir, "5");
    let mut args = vec!["analyze", game.as_str(), "--json"];
    args.extend(QUICK);
    let v: Value = serde_json::from_str(ok(&args, "").trim()).unwrap();
    for p in v["players"].as_array().unwrap() {
        let player = p["player"].as_u64().unwrap();
        let (mut count, mut kept, mut lost) = (0u64, 0u64, 0.0f64);
        for t in v["turns"].as_array().unwrap() {
            let Some(d) = t["decision"].as_object() else {
                continue;
            };
            if t["player"].as_u64() != Some(player) || d["choices"].as_u64().unwrap() < 2 {
                continue;
            }
            count += 1;
            let error = d["error"].as_f64().unwrap();
            kept += u64::from(error <= d["noise"].as_f64().unwrap());
            lost += error;
        }
        let a = &p["accuracy"];
        assert_eq!(a["decisions"].as_u64().unwrap(), count);
        assert_eq!(a["kept_best"].as_u64().unwrap(), kept);
        assert!((a["share"].as_f64().unwrap() - kept as f64 / count as f64).abs() < 1e-9);
        assert!((a["mean_loss"].as_f64().unwrap() - lost / count as f64).abs() < 1e-9);
    }
    let mut args = vec!["analyze", game.as_str()];
    args.extend(QUICK);
    let text = ok(&args, "");
    for seat in ["South", "North"] {
        assert!(
            text.contains(&format!("accuracy of {seat}: ")),
            "no accuracy line for {seat}:\n{text}"
        );
    }
}
