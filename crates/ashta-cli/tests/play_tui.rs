//! `ashta play` beside the full-screen game: the line game (`--plain`, and whenever
//! standard input or output is not a terminal, as here) plays a scripted game to its
//! result, continues saved games (`--load`), and `ashta replay` prints a game step by
//! step when its output is not a terminal.

use std::path::PathBuf;

use serde_json::Value;

mod common;
use common::{ashta, ok, Run};

fn tmp(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// A saved game of the full-screen game: the first `turns` turns of a seeded record,
/// with seats beside it.
fn saved_game(seats: &[&str], turns: usize) -> String {
    let record = ok(&["record", "--seed", "7", "--players", "2"], "");
    let mut record: Value = serde_json::from_str(&record).unwrap();
    record["turns"].as_array_mut().unwrap().truncate(turns);
    record.as_object_mut().unwrap().remove("result");
    serde_json::json!({
        "format": "ashta-save/1",
        "seats": seats,
        "bot_time_ms": 0,
        "record": record,
    })
    .to_string()
}

#[test]
fn a_scripted_plain_game_against_bots_ends_with_a_result() {
    let input = "1\n".repeat(3000);
    let args = [
        "play",
        "--plain",
        "--seats",
        "human,greedy,beginner",
        "--seed",
        "11",
    ];
    let out = ok(&args, &input);
    assert!(out.contains("South (player 0), you"), "{out}");
    assert!(out.contains("You play move"), "{out}");
    assert!(out.contains("East (player 1) plays move"), "{out}");
    assert!(out.contains("\nResult: "), "{out}");
    assert!(!out.contains("End of input"), "{out}");
    // The same seed and script give the same game.
    assert_eq!(out, ok(&args, &input));
}

#[test]
fn a_saved_game_continues_with_its_seats() {
    let path = tmp("play-tui-saved.json");
    std::fs::write(&path, saved_game(&["human", "bot:greedy"], 6)).unwrap();
    let input = "1\n".repeat(3000);
    let out = ok(&["play", "--load", path.to_str().unwrap()], &input);
    assert!(
        out.contains("Continuing a saved game after 6 turns."),
        "{out}"
    );
    assert!(out.contains("North (player 1), bot:greedy"), "{out}");
    assert!(out.contains("=== Turn 7: "), "{out}");
    assert!(out.contains("\nResult: "), "{out}");
}

#[test]
fn a_bare_record_continues_with_the_seats_given() {
    let record = ok(&["record", "--seed", "3", "--players", "2"], "");
    let mut v: Value = serde_json::from_str(&record).unwrap();
    v["turns"].as_array_mut().unwrap().truncate(4);
    v.as_object_mut().unwrap().remove("result");
    let path = tmp("play-tui-record.json");
    std::fs::write(&path, v.to_string()).unwrap();
    let out = ok(
        &[
            "play",
            "--load",
            path.to_str().unwrap(),
            "--seats",
            "random,greedy",
        ],
        "",
    );
    assert!(
        out.contains("Continuing a saved game after 4 turns."),
        "{out}"
    );
    assert!(out.contains("South (player 0), random"), "{out}");
    assert!(out.contains("\nResult: "), "{out}");
}

#[test]
fn the_line_games_save_loads_again() {
    let path = tmp("play-tui-line-save.json");
    let _ = std::fs::remove_file(&path);
    let script = format!("1\n1\n1\ns {}\nq\n", path.display());
    let out = ok(&["play", "--seed", "2", "--seats", "human,greedy"], &script);
    assert!(out.contains("Saved the game after"), "{out}");
    let out = ok(
        &[
            "play",
            "--load",
            path.to_str().unwrap(),
            "--seats",
            "human,greedy",
        ],
        "q\n",
    );
    assert!(out.contains("Continuing a saved game"), "{out}");
    assert!(out.contains("You quit"), "{out}");
}

#[test]
fn loading_a_bad_file_names_the_problem() {
    let Run {
        code, stderr: err, ..
    } = ashta(&["play", "--load", "/no/such/save.json"], "");
    assert_eq!(code, 1);
    assert!(err.contains("/no/such/save.json"), "{err}");
    let path = tmp("play-tui-garbage.json");
    std::fs::write(&path, "{\"hello\": 1}").unwrap();
    let Run {
        code, stderr: err, ..
    } = ashta(&["play", "--load", path.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(err.contains("neither a saved game"), "{err}");
    let mut bad: Value = serde_json::from_str(&saved_game(&["human", "greedy"], 3)).unwrap();
    bad["record"]["turns"][1]["throws"] = serde_json::json!([9]);
    std::fs::write(&path, bad.to_string()).unwrap();
    let Run {
        code, stderr: err, ..
    } = ashta(&["play", "--load", path.to_str().unwrap()], "");
    assert_eq!(code, 1);
    assert!(err.contains("does not replay"), "{err}");
}

#[test]
fn replay_prints_a_game_step_by_step_off_a_terminal() {
    let path = tmp("replay-record.json");
    let _ = ok(
        &[
            "record",
            "--seed",
            "7",
            "--players",
            "2",
            "--out",
            path.to_str().unwrap(),
        ],
        "",
    );
    let out = ok(&["replay", path.to_str().unwrap()], "");
    assert!(out.starts_with("turn 1: S throws "), "{out}");
    assert!(out.contains("turn 2: N throws "), "{out}");
    assert!(out.contains("turn 1: S "), "{out}");
    assert!(out.trim_end().ends_with("result: North wins"), "{out}");
    // A saved game of the full-screen game replays too, from standard input.
    let out = ok(&["replay", "-"], &saved_game(&["human", "bot:greedy"], 5));
    assert!(out.contains("turn 5: "), "{out}");
    assert!(!out.contains("turn 6: "), "{out}");
    assert!(out.contains("result: "), "{out}");
    let Run {
        code, stderr: err, ..
    } = ashta(&["replay", "-"], "not json");
    assert_eq!(code, 1);
    assert!(err.contains("not JSON"), "{err}");
}

#[test]
fn the_tutorial_teaches_in_text_steps_and_stops_cleanly() {
    // Enter throws, the squares move: the whole tutorial from standard input.
    let text = ok(&["play", "--tutorial"], "\nc1\n\ne1\n\na2\n\nc1\n");
    for part in [
        "1. A throw",
        "2. A move",
        "3. A capture",
        "pawn e1 -> e2, captures North",
        "4. The gate",
        "pawn a2 -> b2",
        "5. A double",
        "South's double on e2 blocks North",
        "That is the game",
    ] {
        assert!(text.contains(part), "{part:?} is not in:\n{text}");
    }
    // A wrong square says why and asks again; the end of input stops it.
    let text = ok(&["play", "--tutorial"], "\nb1\n");
    assert!(text.contains("this step moves the pawn on c1, not b1"));
    assert!(text.contains("The tutorial stops here"));
}

#[test]
fn h_in_the_line_game_explains_the_rules_being_played() {
    let out = ok(
        &[
            "play",
            "--plain",
            "--seats",
            "human,random",
            "--preset",
            "traditional",
            "--seed",
            "4",
        ],
        "h\nq\n",
    );
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(out.contains("The game (these rules):"), "{out}");
    assert!(out.contains("go round the outer ring again"), "{out}");
    assert!(
        out.contains("A third grace in a row voids the turn"),
        "{out}"
    );
    assert!(out.contains("mouths up (●)"), "{out}");
    assert!(out.contains("u take back your last turn"), "{out}");
}
