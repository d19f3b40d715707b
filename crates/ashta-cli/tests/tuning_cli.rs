//! `--net FILE` and `--weights LIST` (and the environment variables `ASHTA_NET` and
//! `ASHTA_WEIGHTS` they stand for) change what the bots play with.

use std::path::PathBuf;

use ashta_bots::ValueNet;
use ashta_engine::{Rules, Variant};
use serde_json::Value;

mod common;
use common::{ashta_env, Run};

/// South with a 3 can capture North's single on e4 (which opens its gate).
const CAPTURE: &str = "standard 5 2 0 3 2,0,0,0/13,0,0,0 - - 0";

/// Runs `ashta` with `env` and expects success; answers its standard output.
fn ok_env(args: &[&str], env: &[(&str, &str)]) -> String {
    let run = ashta_env(args, env, CAPTURE);
    assert_eq!(run.code, 0, "ashta {args:?} failed: {}", run.stderr);
    run.stdout
}

/// The JSON answer without the fields that measure time.
fn stripped(out: &str) -> Value {
    let mut v: Value = serde_json::from_str(out.trim()).unwrap();
    let object = v.as_object_mut().unwrap();
    for timing in ["elapsed_ms", "seconds", "games_per_second"] {
        object.remove(timing);
    }
    v
}

/// A hint ranked with fixed rollouts and seed, with `extra` arguments and `env`.
fn hint(extra: &[&str], env: &[(&str, &str)]) -> Value {
    let mut args = vec![
        "hint",
        "--position",
        "-",
        "--rollouts",
        "8",
        "--seed",
        "5",
        "--json",
    ];
    args.extend_from_slice(extra);
    stripped(&ok_env(&args, env))
}

#[test]
fn weights_from_the_flag_or_the_environment_change_the_evaluation() {
    let plain = hint(&[], &[]);
    let changes = "temperature=0.3,hit_extra=60,gate=0";
    let flagged = hint(&["--weights", changes], &[]);
    assert_ne!(plain, flagged);
    assert_eq!(flagged, hint(&[], &[("ASHTA_WEIGHTS", changes)]));
    // The flag wins over the environment.
    assert_eq!(
        flagged,
        hint(&["--weights", changes], &[("ASHTA_WEIGHTS", "gate=5")])
    );
}

/// A random two-player net, written to a file of its own.
fn random_net_file(name: &str) -> PathBuf {
    let v = Variant::new(Rules {
        players: 2,
        ..Rules::standard()
    })
    .unwrap();
    let path = std::env::temp_dir().join(format!("ashta-{name}-{}.json", std::process::id()));
    std::fs::write(&path, ValueNet::new_random(&v, 8, 3).to_json()).unwrap();
    path
}

/// A short two-player tournament of a bot that plays with the value net.
fn tournament(extra: &[&str], env: &[(&str, &str)]) -> Value {
    let mut args = vec![
        "tournament",
        "--bots",
        "expecti:depth=1,greedy",
        "--players",
        "2",
        "--games",
        "12",
        "--seed",
        "3",
        "--json",
    ];
    args.extend_from_slice(extra);
    stripped(&ok_env(&args, env))
}

#[test]
fn a_net_from_the_flag_or_the_environment_is_the_one_played() {
    let path = random_net_file("tuning-cli");
    let file = path.to_str().unwrap();
    let shipped = tournament(&[], &[]);
    let flagged = tournament(&["--net", file], &[]);
    let from_env = tournament(&[], &[("ASHTA_NET", file)]);
    std::fs::remove_file(&path).ok();
    assert_ne!(
        shipped, flagged,
        "a random net plays differently from the shipped one"
    );
    assert_eq!(flagged, from_env);
}

#[test]
fn a_bad_net_or_weight_list_is_an_error_naming_where_it_came_from() {
    let Run { code, stderr, .. } = ashta_env(
        &["hint", "--position", "-", "--rollouts", "4"],
        &[("ASHTA_NET", "/no/such/net.json")],
        CAPTURE,
    );
    assert_ne!(code, 0);
    assert!(stderr.contains("ASHTA_NET=/no/such/net.json"), "{stderr}");
    let Run { code, stderr, .. } = ashta_env(
        &[
            "hint",
            "--position",
            "-",
            "--rollouts",
            "4",
            "--weights",
            "gait=2",
        ],
        &[],
        CAPTURE,
    );
    assert_ne!(code, 0);
    assert!(
        stderr.contains("--weights") && stderr.contains("gait"),
        "{stderr}"
    );
}

/// The `eval` line of `go` in the engine protocol on [`CAPTURE`], with `extra` arguments.
fn engine_eval(extra: &[&str]) -> String {
    let mut args = vec!["engine", "--bot", "expecti:depth=1"];
    args.extend_from_slice(extra);
    let input = format!("position {CAPTURE}\ngo\nquit\n");
    let run = ashta_env(&args, &[], &input);
    assert_eq!(run.code, 0, "ashta {args:?} failed: {}", run.stderr);
    run.stdout
        .lines()
        .find(|l| l.starts_with("eval "))
        .unwrap_or_else(|| panic!("no eval line in {}", run.stdout))
        .to_string()
}

#[test]
fn the_engine_protocol_plays_with_the_net_it_was_given() {
    let path = random_net_file("tuning-engine");
    let file = path.to_str().unwrap();
    let shipped = engine_eval(&[]);
    let flagged = engine_eval(&["--net", file]);
    std::fs::remove_file(&path).ok();
    assert_ne!(shipped, flagged);
}
