//! End-to-end tests of the `ashta` binary: each runs the built program as a user would.

use std::path::PathBuf;

use serde_json::Value;

mod common;
use common::{ashta, fails, ok, scratch};

/// The standard start position, player 0 to throw.
const START: &str = r#"{"rules": "standard", "size": 5, "players": 4, "to_move": 0, "bag": [],
 "pawns": [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
 "captured": [false, false, false, false]}"#;

/// The standard start position with a bag of 4 and 3 thrown.
const START_BAG_4_3: &str = r#"{"rules": "standard", "size": 5, "players": 4, "to_move": 0,
 "bag": [4, 3], "pawns": [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
 "captured": [false, false, false, false]}"#;

#[test]
fn moves_on_the_start_position_with_a_bag() {
    let out = ok(&["moves", "--position", "-"], START_BAG_4_3);
    let expected = [
        r#"{"value":3,"from":0,"to":3,"count":1,"capture":false}"#,
        r#"{"value":3,"from":0,"to":3,"count":2,"capture":false}"#,
        r#"{"value":4,"from":0,"to":4,"count":1,"capture":false}"#,
        r#"{"value":4,"from":0,"to":4,"count":2,"capture":false}"#,
    ];
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn moves_read_the_compact_notation_too() {
    let file = scratch("bag43.json", START_BAG_4_3);
    let json = ok(&["moves", "--position", file.to_str().unwrap()], "");
    let notation = "standard 5 4 0 4,3 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0\n";
    assert_eq!(ok(&["moves", "--position", "-"], notation), json);
}

#[test]
fn moves_under_grace_entry_enter_pawns_from_minus_one() {
    let pos = r#"{"rules": "traditional", "size": 5, "players": 2, "to_move": 0, "bag": [8, 1],
      "pawns": [[-1, -1, -1, -1], [-1, -1, -1, -1]], "captured": [false, false]}"#;
    let out = ok(&["moves", "--position", "-"], pos);
    assert_eq!(
        out.trim(),
        r#"{"value":8,"from":-1,"to":0,"count":4,"capture":false}"#
    );
}

#[test]
fn moves_of_a_position_that_must_throw_are_none() {
    let run = ashta(&["moves", "--position", "-"], START);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "");
    assert!(run.stderr.contains("throws first"));
}

#[test]
fn plays_from_the_start_with_4_and_3() {
    let out = ok(&["plays", "--position", "-"], START_BAG_4_3);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8);
    let mut pawns: Vec<Value> = lines
        .iter()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["to_move"], 1);
            v["pawns"][0].clone()
        })
        .collect();
    pawns.dedup();
    assert_eq!(pawns.len(), 8);
    let with_moves = ok(&["plays", "--position", "-", "--with-moves"], START_BAG_4_3);
    for line in with_moves.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["moves"].as_array().unwrap().len(), 2);
        assert_eq!(v["position"]["size"], 5);
    }
}

#[test]
fn perft_of_the_standard_start() {
    for (depth, expected) in [("1", "5"), ("2", "16"), ("3", "74")] {
        let out = ok(&["perft", "--position", "-", "--depth", depth], START);
        assert_eq!(out.trim(), expected, "depth {depth}");
    }
    let out = ok(
        &["perft", "--position", "-", "--depth", "3", "--divide"],
        START,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(lines[0], "throw 0 (value 8): 22");
    assert_eq!(lines[1], "throw 1 (value 1): 10");
    assert_eq!(lines[5], "total: 74");
    let out = ok(
        &["perft", "--position", "-", "--depth", "1", "--divide"],
        START_BAG_4_3,
    );
    assert!(out.contains("3:0>3x2: 1"), "{out}");
    assert!(out.ends_with("total: 4\n"), "{out}");
}

#[test]
fn rules_print_json_and_reject_bad_flags() {
    let out = ok(&["rules"], "");
    let rules: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(rules["preset"], "standard");
    assert_eq!(rules["size"], 5);
    assert_eq!(rules["players"], 4);
    assert_eq!(rules["throws"].as_array().unwrap().len(), 5);
    assert_eq!(rules["safe"].as_array().unwrap().len(), 5);
    let out = ok(
        &[
            "rules",
            "--preset",
            "senior",
            "--players",
            "2",
            "--gate",
            "circle",
            "--doubles",
            "false",
            "--turn-limit",
            "500",
            "--throws",
            "no-ones-12",
        ],
        "",
    );
    let rules: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(rules["size"], 7);
    assert_eq!(rules["cowries"], 8);
    assert_eq!(rules["players"], 2);
    assert_eq!(rules["gate"], "circle");
    assert_eq!(rules["doubles"], false);
    assert_eq!(rules["turn_limit"], 500);
    assert_eq!(rules["throws"][1]["value"], 12);
    let err = fails(&["rules", "--size", "6"], "");
    assert!(err.contains("board size 6"), "{err}");
    let err = fails(&["rules", "--safe", "c1,c3"], "");
    assert!(err.contains("safe square"), "{err}");
    let err = fails(&["rules", "--gate", "sideways"], "");
    assert!(err.contains("--gate"), "{err}");
}

#[test]
fn board_draws_squares_pawns_and_details() {
    let pos = r#"{"rules": "standard", "size": 5, "players": 4, "to_move": 0, "bag": [4, 3],
      "pawns": [[0, 0, 3, 3], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
      "captured": [false, false, false, false],
      "blocks": [{"owner": 0, "at": 3, "blocked": [1, 2, 3]}]}"#;
    let out = ok(&["board", "--position", "-"], pos);
    for text in [
        "a",
        "e",
        " 5 |",
        " 1 |",
        "S2",
        "S2#",
        "N4",
        "on board: c1 c1 e2 e2",
        "bag: 4 3",
        "South's double on e2 blocks East, North, West",
        "to move: South",
        "extra turns: 0",
        "captured: no",
        "result: in progress",
        // The marks the full-screen game draws: ╳ a safe square (c1, South's start, with
        // its two pawns), ⌂ the home.
        "|╳ S2 ╳|",
        "|⌂    ⌂|",
    ] {
        assert!(out.contains(text), "{text:?} missing from\n{out}");
    }
    let out = ok(&["board", "--position", "-", "--labels", "numbers"], pos);
    assert!(out.contains("0x2#"), "{out}");
}

/// The selfplay line without its timing.
fn selfplay_numbers(threads: &str) -> Value {
    let out = ok(
        &[
            "selfplay",
            "--games",
            "150",
            "--seed",
            "42",
            "--players",
            "2",
            "--threads",
            threads,
        ],
        "",
    );
    assert_eq!(out.lines().count(), 1);
    let mut v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["games_per_second"].as_f64().unwrap() >= 0.0);
    v.as_object_mut().unwrap().remove("games_per_second");
    v
}

#[test]
fn selfplay_does_not_depend_on_threads_and_adds_up() {
    let one = selfplay_numbers("1");
    let two = selfplay_numbers("2");
    assert_eq!(one, two);
    let wins: u64 = one["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    let draws =
        one["draws"]["frozen"].as_u64().unwrap() + one["draws"]["turn_limit"].as_u64().unwrap();
    assert_eq!(one["games"], 150);
    assert_eq!(wins + draws, 150);
    assert_eq!(one["wins"].as_array().unwrap().len(), 2);
    assert!(one["mean_turns"].as_f64().unwrap() <= one["max_turns"].as_f64().unwrap());
}

#[test]
fn record_then_verify_and_a_tampered_record_fails() {
    let record = ok(&["record", "--seed", "7", "--players", "2"], "");
    let parsed: Value = serde_json::from_str(&record).unwrap();
    assert_eq!(parsed["seed"], 7);
    assert_eq!(parsed["players"], 2);
    assert_eq!(record, ok(&["record", "--seed", "7", "--players", "2"], ""));
    let file = scratch("record7.json", &record);
    let out = ok(&["verify", file.to_str().unwrap()], "");
    let mut lines = out.lines();
    let pos: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(pos["players"], 2);
    assert!(out.contains("result: "), "{out}");
    assert!(out.contains("seed 7"), "{out}");

    let mut tampered = parsed.clone();
    let first = tampered["turns"][0]["throws"][0].as_u64().unwrap();
    tampered["turns"][0]["throws"][0] = Value::from((first + 1) % 5);
    let file = scratch("tampered.json", &tampered.to_string());
    let err = fails(&["verify", file.to_str().unwrap()], "");
    assert!(err.contains("does not replay"), "{err}");
    assert!(err.contains("turn 1"), "{err}");

    let out_file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("record3.json");
    let said = ok(
        &["record", "--seed", "3", "--out", out_file.to_str().unwrap()],
        "",
    );
    assert!(said.contains("seed 3"), "{said}");
    ok(
        &["verify", "-"],
        &std::fs::read_to_string(&out_file).unwrap(),
    );
}

#[test]
fn an_input_file_over_the_size_limit_is_refused() {
    let huge = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("huge.json");
    let file = std::fs::File::create(&huge).unwrap();
    file.set_len(64 * 1024 * 1024 + 1).unwrap(); // sparse: no disk used
    for args in [
        vec!["verify", huge.to_str().unwrap()],
        vec!["moves", "--position", huge.to_str().unwrap()],
    ] {
        let err = fails(&args, "");
        assert!(err.contains("larger than 64 MiB"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_file(&huge);
}

#[test]
fn verify_says_unverified_when_the_seed_is_removed() {
    let record = ok(&["record", "--seed", "7", "--players", "2"], "");
    let mut unseeded: Value = serde_json::from_str(&record).unwrap();
    unseeded.as_object_mut().unwrap().remove("seed");
    let file = scratch("unseeded.json", &unseeded.to_string());
    let err = fails(&["verify", file.to_str().unwrap()], "");
    assert!(
        err.contains("unverified") && err.contains("no seed"),
        "{err}"
    );
    let out = ok(&["verify", "--unseeded", file.to_str().unwrap()], "");
    assert!(out.contains("UNVERIFIED throws"), "{out}");
}

#[test]
fn verify_checks_the_seed_against_its_commitment() {
    let record = ok(&["record", "--seed", "7", "--players", "2"], "");
    let mut committed: Value = serde_json::from_str(&record).unwrap();
    let salt = "00ff";
    committed["salt"] = Value::from(salt);
    committed["commitment"] = Value::from(ashta_engine::seed_commitment(7, salt));
    let file = scratch("committed.json", &committed.to_string());
    let out = ok(&["verify", file.to_str().unwrap()], "");
    assert!(out.contains("committed to before the game"), "{out}");
    // Another seed's commitment, or a missing salt, does not verify.
    committed["commitment"] = Value::from(ashta_engine::seed_commitment(8, salt));
    let file = scratch("miscommitted.json", &committed.to_string());
    let err = fails(&["verify", file.to_str().unwrap()], "");
    assert!(err.contains("not the seed committed to"), "{err}");
    committed.as_object_mut().unwrap().remove("salt");
    let file = scratch("saltless.json", &committed.to_string());
    let err = fails(&["verify", file.to_str().unwrap()], "");
    assert!(err.contains("no salt"), "{err}");
}

#[test]
fn verify_reads_a_game_saved_by_play_as_its_record() {
    let record = ok(&["record", "--seed", "11", "--players", "2"], "");
    let saved = format!(
        r#"{{"format": "ashta-save/1", "seats": ["human", "bot:greedy"], "bot_time_ms": 0, "record": {record}}}"#
    );
    let file = scratch("saved11.json", &saved);
    let out = ok(&["verify", file.to_str().unwrap()], "");
    assert!(out.contains("seed 11"), "{out}");
    let empty = scratch(
        "saved-empty.json",
        r#"{"format": "ashta-save/1", "seats": []}"#,
    );
    let err = fails(&["verify", empty.to_str().unwrap()], "");
    assert!(err.contains("a saved game without a record"), "{err}");
}

#[test]
fn bad_input_fails_with_a_message_and_no_panic() {
    let bad_json = r#"{"rules": "standard", "size": 5,"#;
    for cmd in ["moves", "plays", "board"] {
        let err = fails(&[cmd, "--position", "-"], bad_json);
        assert!(err.contains("malformed position JSON"), "{cmd}: {err}");
    }
    let err = fails(&["perft", "--position", "-", "--depth", "2"], bad_json);
    assert!(err.contains("malformed position JSON"), "{err}");
    let broken = START.replace("\"to_move\": 0", "\"to_move\": 9");
    let err = fails(&["moves", "--position", "-"], &broken);
    assert!(err.contains("to_move 9"), "{err}");
    let err = fails(&["moves", "--position", "/no/such/file.json"], "");
    assert!(err.contains("/no/such/file.json"), "{err}");
    let err = fails(&["board", "--position", "-"], "");
    assert!(err.contains("empty"), "{err}");
    let err = fails(&["verify", "-"], "not a record");
    assert!(err.contains("malformed record"), "{err}");
    let err = fails(&["selfplay", "--games", "5", "--size", "4"], "");
    assert!(err.contains("board size 4"), "{err}");
    let err = fails(
        &["play", "--seats", "human,random,random", "--players", "2"],
        "",
    );
    assert!(err.contains("--seats"), "{err}");
    fails(&["perft", "--position", "-"], START);
}

#[test]
fn play_between_two_bots_runs_to_a_result() {
    let args = ["play", "--seats", "random,bot:greedy", "--seed", "1"];
    let out = ok(&args, "");
    assert!(
        out.contains("=== Turn 1: South (player 0), random ==="),
        "{out}"
    );
    assert!(out.contains("North (player 1), bot:greedy"), "{out}");
    // The cowries drawn as the full-screen game draws them: ● up, ○ down.
    assert!(
        out.lines()
            .any(|l| l.starts_with("throw: ") && l[7..].starts_with(['●', '○'])),
        "{out}"
    );
    assert!(out.contains("South (player 0) plays move"), "{out}");
    assert!(out.contains("North (player 1) plays move"), "{out}");
    assert!(out.contains("Result: "), "{out}");
    assert!(!out.contains("Your move"), "{out}");
    assert_eq!(out, ok(&args, ""));
}

#[test]
fn play_seats_bots_with_options_and_bare_names() {
    let args = [
        "play",
        "--seats",
        "bot:mcts:sims=50,c=0.5,beginner,medium",
        "--seed",
        "3",
    ];
    let out = ok(&args, "");
    assert!(out.contains("3 players"), "{out}");
    assert!(
        out.contains("South (player 0), bot:mcts:sims=50,c=0.5"),
        "{out}"
    );
    assert!(out.contains("bot:beginner"), "{out}");
    assert!(out.contains("bot:medium"), "{out}");
    assert!(out.contains("Result: "), "{out}");
    // Fixed budgets (sims=, levels) are reproducible whatever --bot-time-ms says.
    assert_eq!(out, ok(&args, ""));
}

#[test]
fn play_rejects_unknown_seats_and_bots_clearly() {
    let err = fails(&["play", "--seats", "human,robot"], "");
    assert!(err.contains("unknown seat \"robot\""), "{err}");
    assert!(err.contains("greedy") && err.contains("master"), "{err}");
    let err = fails(&["play", "--seats", "human,bot:robot"], "");
    assert!(err.contains("unknown bot \"robot\""), "{err}");
    assert!(err.contains("known: random, greedy"), "{err}");
    let err = fails(&["play", "--seats", "human,bot:mcts:speed=9"], "");
    assert!(err.contains("bad option"), "{err}");
    let err = fails(&["play", "--seats", "human,,greedy"], "");
    assert!(err.contains("empty"), "{err}");
}

#[test]
fn play_with_a_human_explains_garbage_and_takes_numbers() {
    let mut input = String::from("hello\n\n99\nh\ns\n");
    input += &"1\n".repeat(400);
    let args = ["play", "--seats", "human,greedy", "--seed", "5"];
    let out = ok(&args, &input);
    assert!(out.contains("South (player 0), you"), "{out}");
    assert!(out.contains("North (player 1), bot:greedy"), "{out}");
    assert!(out.contains("  1) move "), "{out}");
    assert!(out.contains("I did not understand \"hello\""), "{out}");
    assert!(out.contains("There is no move 99"), "{out}");
    assert!(out.contains("Type the number of a move"), "{out}");
    assert!(out.contains("Save where?"), "{out}");
    assert!(out.contains("You play move"), "{out}");
    assert!(out.contains("North (player 1) plays move"), "{out}");
    assert!(
        out.contains("Result: ") || out.contains("End of input"),
        "{out}"
    );
    // A short script ends at end of input, cleanly.
    let out = ok(&args, "hello\n1\n2\n");
    assert!(out.contains("I did not understand \"hello\""), "{out}");
    assert!(out.contains("End of input"), "{out}");
}

#[test]
fn plain_play_takes_a_square_as_a_move_and_undoes_a_turn() {
    // Seed 5: South's first bag is a 3, with a pawn and a pair on c1 to move; its second
    // bag offers a third move, of the pawn on e2.
    let out = ok(
        &["play", "--seats", "human,greedy", "--seed", "5"],
        "u\nc1\nz9\n1\nu\ne2\nq\n",
    );
    assert!(out.contains("Nothing to take back yet"), "{out}");
    assert!(out.contains("Your unit on c1 has 2 moves: 1, 2."), "{out}");
    assert!(out.contains("z9 is not a square of this board."), "{out}");
    assert!(out.contains("Taken back: your last turn"), "{out}");
    // After the undo the pawn is back on c1: e2 holds nothing of South's.
    assert!(out.contains("No unit of yours on e2 can move."), "{out}");
    assert!(out.contains("You quit after"), "{out}");
}

#[test]
fn play_hint_ranks_plays_with_win_chances() {
    let out = ok(
        &[
            "play",
            "--seats",
            "human,greedy",
            "--seed",
            "4",
            "--bot-time-ms",
            "20",
        ],
        "?\nhint\n1\nq\n",
    );
    assert!(out.contains("? for a hint"), "{out}");
    assert_eq!(out.matches("Hint from bot:default").count(), 2, "{out}");
    let hint = out.split("Hint from bot:default").nth(1).unwrap();
    let lines: Vec<&str> = hint
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(!lines.is_empty() && lines.len() <= 3, "{hint}");
    for (k, line) in lines.iter().enumerate() {
        assert!(line.starts_with(&format!("  {}. ", k + 1)), "{line}");
        assert!(line.contains("%: move "), "{line}");
    }
    assert!(lines[0].contains("(type "), "{hint}");
    assert!(out.contains("You play move"), "{out}");
    assert!(out.contains("You quit"), "{out}");
}

#[test]
fn play_stops_cleanly_at_end_of_input_and_on_quit() {
    let out = ok(&["play", "--seed", "2", "--bot-time-ms", "20"], "");
    assert!(out.contains("South (player 0), you"), "{out}");
    assert!(out.contains("East (player 1), bot:default"), "{out}");
    assert!(out.contains("End of input"), "{out}");
    let out = ok(&["play", "--seed", "2", "--players", "3"], "q\n");
    assert!(out.contains("You quit"), "{out}");
    let save = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("saved-play.json");
    let _ = std::fs::remove_file(&save);
    let out = ok(
        &["play", "--seed", "2", "--seats", "human,greedy"],
        &format!("1\n1\n1\ns {}\nq\n", save.display()),
    );
    assert!(out.contains("Saved the game after"), "{out}");
    ok(&["verify", save.to_str().unwrap()], "");
}

#[test]
fn start_prints_a_position_the_other_commands_read() {
    let json = ok(&["start", "--players", "2", "--preset", "senior"], "");
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["size"], 7);
    assert_eq!(v["pawns"][0].as_array().unwrap().len(), 6);
    assert_eq!(
        ok(&["perft", "--position", "-", "--depth", "1"], &json).trim(),
        "9"
    );
    let notation = ok(&["start", "--notation"], "");
    assert_eq!(
        ok(&["perft", "--position", "-", "--depth", "2"], &notation).trim(),
        "16"
    );
}

#[test]
fn the_line_game_says_why_a_bag_is_forfeited() {
    let out = ok(
        &["play", "--plain", "--seats", "random,random", "--seed", "1"],
        "",
    );
    assert!(
        out.contains("no value can be used (the gate is closed: "),
        "{out}"
    );
    let out = ok(
        &["play", "--plain", "--seats", "random,random", "--seed", "2"],
        "",
    );
    assert!(
        out.contains("No value left in the bag can be used (a pawn must land on the home exactly): the rest is forfeited."),
        "{out}"
    );
}

#[test]
fn pair_capture_flag_is_shown_and_set_by_rules_start_and_selfplay() {
    // On in every preset, and `ashta rules` writes it out.
    for preset in ["standard", "traditional", "senior"] {
        let rules: Value = serde_json::from_str(&ok(&["rules", "--preset", preset], "")).unwrap();
        assert_eq!(rules["pair_capture"], true, "{preset}");
    }
    for (value, want) in [
        ("off", false),
        ("on", true),
        ("false", false),
        ("true", true),
    ] {
        let out = ok(&["rules", "--pair-capture", value], "");
        let rules: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(rules["pair_capture"], want, "--pair-capture {value}");
    }
    let err = fails(&["rules", "--pair-capture", "sometimes"], "");
    assert!(err.contains("--pair-capture"), "{err}");
    // The start position carries the flag, in JSON and in notation, and reads back.
    let json = ok(&["start", "--players", "2", "--pair-capture", "off"], "");
    let start: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        start["rules"],
        serde_json::json!({"preset": "standard", "pair_capture": false})
    );
    let notation = ok(
        &[
            "start",
            "--players",
            "2",
            "--pair-capture",
            "off",
            "--notation",
        ],
        "",
    );
    assert!(
        notation.starts_with("standard+pair_capture=false 5 2 0 "),
        "{notation}"
    );
    let on = ok(&["start", "--players", "2", "--pair-capture", "on"], "");
    assert!(on.starts_with(r#"{"rules":"standard","#), "{on}");
    // Self-play runs under either reading.
    let out = ok(
        &[
            "selfplay",
            "--games",
            "20",
            "--players",
            "2",
            "--pair-capture",
            "off",
        ],
        "",
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 20);
}

#[test]
fn moves_list_a_pair_capturing_a_double_unless_the_flag_is_off() {
    // North (to move, bag 1) has a pair on c1 (North's 8) next to South's double on d1.
    let on = "standard 5 2 1 1 0,0,1,1/0,0,8,8 - - 0\n";
    let out = ok(&["moves", "--position", "-"], on);
    assert!(
        out.contains(r#"{"value":1,"from":8,"to":9,"count":2,"capture":true}"#),
        "{out}"
    );
    assert!(!out.contains(r#""from":8,"to":9,"count":1"#), "{out}");
    let off = "standard+pair_capture=false 5 2 1 1 0,0,1,1/0,0,8,8 - - 0\n";
    let out = ok(&["moves", "--position", "-"], off);
    assert!(!out.contains(r#""from":8,"to":9"#), "{out}");
    // The board's legend says what a double is under each reading.
    let board = ok(&["board", "--position", "-"], on);
    assert!(board.contains("a pair captures it"), "{board}");
    let board = ok(&["board", "--position", "-"], off);
    assert!(board.contains("cannot be captured or landed on"), "{board}");
}

/// The attack of a huge nested input: a 63 MiB file of `[{"a":0},…]` took 5.7 GB to refuse. Inputs
/// with too many arrays and objects, too many values or too deep a nesting are refused
/// before any parse, saying so.
#[test]
fn json_inputs_are_bounded_in_shape_before_they_are_parsed() {
    let objects = format!("[{}{{\"a\":0}}]", "{\"a\":0},".repeat(250_000));
    let numbers = format!("[{}0]", "0,".repeat(2_100_000));
    let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
    for (name, text, why) in [
        (
            "objects.json",
            objects,
            "more than 200000 arrays and objects",
        ),
        ("numbers.json", numbers, "more than 2000000 values"),
        ("deep.json", deep, "deeper than 64 levels"),
    ] {
        let file = scratch(name, &text);
        for args in [
            vec!["verify", file.to_str().unwrap()],
            vec!["replay", "--plain", file.to_str().unwrap()],
            vec!["plays", "--position", file.to_str().unwrap()],
        ] {
            let t = std::time::Instant::now();
            let err = fails(&args, "");
            assert!(err.contains(why), "{args:?}: {err}");
            assert!(t.elapsed() < std::time::Duration::from_secs(5), "{args:?}");
        }
        let _ = std::fs::remove_file(&file);
    }
}

/// A record turn with `"skipped": 4294967295` cost `verify` 19 s of CPU before its
/// error; it is now refused at once, with what the rules allow.
#[test]
fn a_record_that_skips_more_throws_than_its_rules_allow_is_refused_at_once() {
    let record = ok(&["record", "--seed", "7", "--players", "2"], "");
    let mut record: Value = serde_json::from_str(&record).unwrap();
    record["turns"][1]["skipped"] = Value::from(4_294_967_295u64);
    let file = scratch("skipped.json", &record.to_string());
    for command in ["verify", "analyze"] {
        let t = std::time::Instant::now();
        let err = fails(&[command, file.to_str().unwrap()], "");
        assert!(
            err.contains("turn 2: 4294967295 throws set aside")
                && err.contains("more than these rules allow"),
            "{command}: {err}"
        );
        assert!(t.elapsed() < std::time::Duration::from_secs(2), "{command}");
    }
    // A few set aside, as an undo does, still replays (and fails only on the seed).
    record["turns"][1]["skipped"] = Value::from(3);
    let file = scratch("skipped3.json", &record.to_string());
    let err = fails(&["verify", file.to_str().unwrap()], "");
    assert!(!err.contains("more than these rules allow"), "{err}");
}

/// The attack of rules made to be slow: `ashta hint --time-ms 400` on a position of these rules (15 × 15,
/// sixteen pawns, fifteen cowries, graces half the time; a bag of four values with
/// 41,004 plays) ran past 60 s. It now keeps its time, counted from its start. The
/// bounds leave room for a loaded machine (several processes on each core) and still
/// catch the attack by an order of magnitude.
#[test]
fn a_hint_on_huge_rules_keeps_its_time() {
    let file = scratch("huge-rules-position.json", HUGE_POSITION);
    let t = std::time::Instant::now();
    let out = ok(
        &[
            "hint",
            "--position",
            file.to_str().unwrap(),
            "--time-ms",
            "400",
            "--json",
        ],
        "",
    );
    let took = t.elapsed();
    let answer: Value = serde_json::from_str(&out).unwrap();
    assert!(answer["plays"].as_array().unwrap().len() > 1);
    assert!(
        answer["elapsed_ms"].as_f64().unwrap() < 400.0 + 4000.0,
        "{}",
        answer["elapsed_ms"]
    );
    assert!(
        took < std::time::Duration::from_millis(400 + 6000),
        "{took:?}"
    );
}

/// A position on rules made to be slow (the attack above).
const HUGE_POSITION: &str = r#"{"rules": {"preset": "standard", "pawns": 16, "cowries": 15, "throws": [
 {"value": 1, "grace": false}, {"value": 2, "grace": false}, {"value": 3, "grace": false}, {"value": 4, "grace": false},
 {"value": 5, "grace": false}, {"value": 6, "grace": false}, {"value": 7, "grace": false}, {"value": 8, "grace": false},
 {"value": 9, "grace": true}, {"value": 10, "grace": true}, {"value": 11, "grace": true}, {"value": 12, "grace": true},
 {"value": 13, "grace": true}, {"value": 14, "grace": true}, {"value": 15, "grace": true}, {"value": 16, "grace": true}]},
 "size": 15, "players": 2, "to_move": 0, "bag": [10, 12, 14, 3],
 "pawns": [[0, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31], [0, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32]],
 "captured": [true, true]}"#;

/// A bad rule set inside a position is named once, not once more as its own cause.
#[test]
fn a_safe_square_listed_twice_is_said_once() {
    let position = r#"{"rules":{"preset":"standard","safe":["c5","c5","c1","a3","c3","e3"]},
        "size":5,"players":2,"to_move":0,"bag":[],"pawns":[[0,0,0,0],[0,0,0,0]],
        "captured":[false,false]}"#;
    let err = fails(&["board", "--position", "-"], position);
    assert_eq!(err.matches("listed twice").count(), 1, "{err}");
}
