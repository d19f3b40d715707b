//! The endgame tables end to end: `ashta solve --endgames` builds one into the data
//! directory (the one-pawn table here, built in about two seconds), then a hint, the
//! engine protocol's `exact` and a bot read it for a four-pawn two-player endgame, and
//! say "exact" there; elsewhere the answer is estimated.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

mod common;
use common::ashta_env;

/// A four-pawn two-player endgame: three pawns home each, South on e5 holds 8 2.
const ENDGAME_8_2: &str = r#"{"rules":{"preset":"standard","players":2},"size":5,"players":2,"to_move":0,"bag":[8,2],"pawns":[[6,24,24,24],[3,24,24,24]],"captured":[true,true],"blocks":[],"extra_turns":0}"#;

/// The same pawns out, but two of South's pawns not home: no endgame of the table.
const MIDGAME: &str = r#"{"rules":{"preset":"standard","players":2},"size":5,"players":2,"to_move":0,"bag":[8,2],"pawns":[[6,6,24,24],[3,24,24,24]],"captured":[true,true],"blocks":[],"extra_turns":0}"#;

/// The data directory with the one-pawn endgame table, built once for every test.
fn data_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("endgames-cli-data");
        std::fs::create_dir_all(&dir).unwrap();
        let run = ashta_env(
            &["solve", "--pawns", "1", "--endgames", "--quiet"],
            &[("ASHTA_DATA", dir.to_str().unwrap())],
            "",
        );
        assert!(run.code == 0, "{}", run.stderr);
        let summary: Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert!(summary["table"]
            .as_str()
            .unwrap()
            .ends_with("standard-2p-1pawns.endgames"));
        // 16-bit win and draw for each of the index's 5,000 entries, and a header.
        let bytes = summary["bytes"].as_u64().unwrap();
        assert!((20_000..22_000).contains(&bytes), "{bytes} bytes");
        dir
    })
}

fn run(args: &[&str], stdin: &str) -> common::Run {
    ashta_env(args, &[("ASHTA_DATA", data_dir().to_str().unwrap())], stdin)
}

/// A hint in a four-pawn endgame is exact, from the endgame table; with two pawns out
/// it is estimated.
#[test]
fn hint_in_a_four_pawn_endgame_is_exact_from_the_endgame_table() {
    let out = run(&["hint", "--position", "-", "--json"], ENDGAME_8_2);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(v["mode"], "exact");
    assert!(v["table"].as_str().unwrap().ends_with(".endgames"));
    let text = run(&["hint", "--position", "-"], ENDGAME_8_2);
    assert!(text.stdout.contains("exact"), "{}", text.stdout);
    let out = run(
        &["hint", "--position", "-", "--json", "--rollouts", "2"],
        MIDGAME,
    );
    let v: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(v["mode"], "estimated");
}

/// The engine protocol's `exact` gives the endgame's value, and `exact none` outside
/// the table.
#[test]
fn engine_exact_gives_the_endgame_value_or_none() {
    let script = format!("position {ENDGAME_8_2}\nexact\nposition {MIDGAME}\nexact\nquit\n");
    let out = run(&["engine"], &script);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("exact"))
        .collect();
    assert_eq!(lines.len(), 2, "{}", out.stdout);
    assert!(lines[0].starts_with("exact score "), "{}", lines[0]);
    assert!(lines[0].ends_with(".endgames"), "{}", lines[0]);
    assert_eq!(lines[1], "exact none");
}

/// `ashta solve --endgames` refuses to be asked for a value at the same time.
#[test]
fn solve_endgames_and_value_conflict() {
    let out = run(&["solve", "--endgames", "--value"], "");
    assert_ne!(out.code, 0);
    assert!(out.stderr.contains("--endgames"), "{}", out.stderr);
}
