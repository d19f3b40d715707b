//! The tools' arguments: `--help` explains them, and bad input is a clear error with a
//! non-zero exit, never a panic. Every run here stops at its arguments (or at the
//! environment or files they name) before any game is played.

use std::process::{Command, Output};

const TRAIN_NET: &str = env!("CARGO_BIN_EXE_train_net");
const FIT_WEIGHTS: &str = env!("CARGO_BIN_EXE_fit_weights");
const MCTS_SPEED: &str = env!("CARGO_BIN_EXE_mcts_speed");
const RATING_BANDS: &str = env!("CARGO_BIN_EXE_rating_bands");

/// Runs `bin` with `args` and the environment variables `env`, without the tuning a
/// developer's own environment might give.
fn run_with(bin: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(bin);
    command
        .args(args)
        .env_remove("ASHTA_NET")
        .env_remove("ASHTA_WEIGHTS")
        .env_remove("BAND_GAMES")
        .env("RUST_BACKTRACE", "1");
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("the binary starts")
}

fn run(bin: &str, args: &[&str]) -> Output {
    run_with(bin, args, &[])
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `--help` exits 0 and its text names each of `names`.
fn assert_help_names(bin: &str, names: &[&str]) {
    let out = run(bin, &["--help"]);
    let text = stdout(&out);
    assert!(
        out.status.success(),
        "{bin} --help: {:?}\n{}",
        out.status,
        stderr(&out)
    );
    for name in names {
        assert!(
            text.contains(name),
            "{bin} --help does not name {name}:\n{text}"
        );
    }
}

/// The run failed with a non-zero exit, without a panic, and its error names each of
/// `names`.
fn assert_refused(out: &Output, names: &[&str]) {
    let err = stderr(out);
    assert!(!out.status.success(), "accepted:\n{err}");
    assert!(out.status.code().is_some(), "killed by a signal:\n{err}");
    assert!(!err.contains("panicked"), "panicked:\n{err}");
    assert!(err.contains("error"), "no error message:\n{err}");
    for name in names {
        assert!(err.contains(name), "the error does not name {name}:\n{err}");
    }
}

#[test]
fn help_of_train_net_explains_its_flags() {
    assert_help_names(
        TRAIN_NET,
        &[
            "--players",
            "--generations",
            "--games",
            "--hidden",
            "--epochs",
            "--epsilon",
            "--matches",
            "--seed",
            "--pool",
            "--rules",
            "--start",
            "--out",
        ],
    );
}

#[test]
fn help_of_fit_weights_explains_its_positional_arguments() {
    assert_help_names(FIT_WEIGHTS, &["[PLAYERS]", "[GAMES]", "[SEED]", "--help"]);
}

#[test]
fn help_of_mcts_speed_explains_its_positional_arguments() {
    assert_help_names(
        MCTS_SPEED,
        &[
            "[PLAYERS]",
            "[SIMS]",
            "[GAMES]",
            "[OTHERS]",
            "greedy",
            "--help",
        ],
    );
}

#[test]
fn help_of_rating_bands_explains_band_games() {
    assert_help_names(RATING_BANDS, &["BAND_GAMES", "--help"]);
}

#[test]
fn an_unknown_option_is_refused_by_name_without_a_panic() {
    for bin in [TRAIN_NET, FIT_WEIGHTS, MCTS_SPEED, RATING_BANDS] {
        let out = run(bin, &["--no-such-flag"]);
        assert_refused(&out, &["--no-such-flag"]);
    }
}

#[test]
fn train_net_refuses_a_flag_without_its_value() {
    assert_refused(&run(TRAIN_NET, &["--games"]), &["--games"]);
}

#[test]
fn train_net_refuses_games_that_are_not_a_number() {
    assert_refused(
        &run(TRAIN_NET, &["--players", "2", "--games", "many"]),
        &["--games", "many"],
    );
}

#[test]
fn train_net_refuses_players_outside_two_to_four() {
    for players in ["1", "5", "300"] {
        assert_refused(
            &run(TRAIN_NET, &["--players", players]),
            &["--players", players],
        );
    }
}

#[test]
fn train_net_refuses_an_epsilon_outside_zero_to_one() {
    assert_refused(&run(TRAIN_NET, &["--epsilon", "1.5"]), &["--epsilon"]);
}

#[test]
fn train_net_refuses_a_hidden_size_of_zero() {
    assert_refused(&run(TRAIN_NET, &["--hidden", "0"]), &["--hidden"]);
}

#[test]
fn train_net_refuses_rules_that_are_not_json() {
    assert_refused(
        &run(TRAIN_NET, &["--rules", "traditional"]),
        &["--rules traditional"],
    );
}

#[test]
fn train_net_refuses_an_unknown_preset() {
    assert_refused(
        &run(TRAIN_NET, &["--rules", "\"no-such-preset\""]),
        &["--rules", "no-such-preset"],
    );
}

#[test]
fn train_net_refuses_a_start_file_that_does_not_exist() {
    let path = std::env::temp_dir().join("ashta-tools-cli-args-no-such-net.json");
    let path = path.to_str().expect("a UTF-8 temporary directory");
    assert_refused(&run(TRAIN_NET, &["--start", path]), &["--start", path]);
}

#[test]
fn train_net_refuses_a_start_file_that_is_not_a_net() {
    let path = std::env::temp_dir().join(format!(
        "ashta-tools-cli-args-not-a-net-{}.json",
        std::process::id()
    ));
    std::fs::write(&path, "{\"hello\": 1}").expect("write a temporary file");
    let name = path
        .to_str()
        .expect("a UTF-8 temporary directory")
        .to_owned();
    let out = run(TRAIN_NET, &["--start", &name]);
    std::fs::remove_file(&path).ok();
    assert_refused(&out, &["--start", &name]);
}

#[test]
fn train_net_refuses_an_unknown_pool_entry() {
    assert_refused(
        &run(TRAIN_NET, &["--pool", "net,no-such-bot"]),
        &["--pool", "no-such-bot"],
    );
}

#[test]
fn train_net_refuses_an_out_file_in_a_directory_that_does_not_exist() {
    assert_refused(
        &run(TRAIN_NET, &["--out", "no-such-directory-here/net.json"]),
        &["--out", "no-such-directory-here"],
    );
}

#[test]
fn fit_weights_refuses_games_that_are_not_a_number() {
    assert_refused(&run(FIT_WEIGHTS, &["2", "lots"]), &["GAMES", "lots"]);
}

#[test]
fn fit_weights_refuses_players_outside_two_to_four() {
    assert_refused(&run(FIT_WEIGHTS, &["7"]), &["PLAYERS", "7"]);
}

#[test]
fn mcts_speed_refuses_sims_that_are_not_a_number() {
    assert_refused(&run(MCTS_SPEED, &["4", "fast", "4"]), &["SIMS", "fast"]);
}

#[test]
fn mcts_speed_refuses_players_outside_two_to_four() {
    assert_refused(&run(MCTS_SPEED, &["6", "1000", "4"]), &["PLAYERS", "6"]);
}

#[test]
fn mcts_speed_refuses_others_but_mcts_or_greedy() {
    assert_refused(
        &run(MCTS_SPEED, &["2", "8000", "20", "random"]),
        &["OTHERS", "random", "greedy"],
    );
}

#[test]
fn mcts_speed_refuses_a_net_from_the_environment_that_does_not_exist() {
    let out = run_with(
        MCTS_SPEED,
        &["2", "10", "1"],
        &[("ASHTA_NET", "no-such-net-file.json")],
    );
    assert_refused(&out, &["ASHTA_NET", "no-such-net-file.json"]);
}

#[test]
fn rating_bands_refuses_band_games_that_are_not_a_number() {
    let out = run_with(RATING_BANDS, &[], &[("BAND_GAMES", "two")]);
    assert_refused(&out, &["BAND_GAMES", "two"]);
}
