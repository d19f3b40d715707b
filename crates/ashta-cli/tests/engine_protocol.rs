//! End-to-end tests of `ashta engine`: scripted sessions through the real binary's
//! standard input and output (malformed lines included), an engine driven one command
//! at a time as a controller does, and tournaments that seat the binary as an external
//! engine (`engine:COMMAND`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::Value;

mod common;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_ashta")
}

/// Runs `ashta engine ARGS` on `script`; its exit success and its answer lines.
fn session(args: &[&str], script: &str) -> (bool, Vec<String>) {
    let args: Vec<&str> = std::iter::once("engine")
        .chain(args.iter().copied())
        .collect();
    let run = common::ashta(&args, script);
    (
        run.code == 0,
        run.stdout.lines().map(str::to_string).collect(),
    )
}

/// Splits answer lines into answers, each ending with `ok` or an `error` line.
fn answers(lines: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    for line in lines {
        current.push(line.clone());
        if line == "ok" || line.starts_with("error") {
            out.push(std::mem::take(&mut current));
        }
    }
    assert!(current.is_empty(), "an answer without its end: {current:?}");
    out
}

/// The documented example session of docs/PROTOCOL.md, with malformed lines between its
/// commands: every malformed line gets one error line, the rest go on as if they were
/// not there, and `quit` ends the engine cleanly.
#[test]
fn scripted_session_with_malformed_lines() {
    let script = "\
hello 1
setoption name seed value 7
setoption level beginner
setoption time soon
newgame standard players 2
go
throw 0 3
frobnicate
move 9:0>9
legal
move 8:0>8 3:8>11
throw 2
go
show
perft two
perft 2
{\"not\": \"a command\"}
quit
isready
";
    let (ok, lines) = session(&[], script);
    assert!(ok, "{lines:#?}");
    let a = answers(&lines);
    // 17 commands before quit, quit itself; nothing after quit.
    assert_eq!(a.len(), 18, "{lines:#?}");
    assert_eq!(a[0][0], "id name ashta");
    assert_eq!(a[1], ["ok"]);
    assert_eq!(a[2], ["ok"]);
    assert!(a[3][0].starts_with("error setoption time"), "{:?}", a[3]);
    assert_eq!(a[4].last().unwrap(), "ok");
    assert!(a[5][0].contains("must throw first"), "{:?}", a[5]);
    assert_eq!(a[6][..2], ["thrown 8 3", "phase moving"]);
    assert!(a[7][0].starts_with("error unknown command \"frobnicate\""));
    assert!(
        a[8][0].starts_with("error move: illegal move 9:0>9"),
        "{:?}",
        a[8]
    );
    assert!(a[9].contains(&"move 8:0>8".to_string()), "{:?}", a[9]);
    assert_eq!(
        a[10],
        ["position standard 5 2 1 - 0,0,0,11/0,0,0,0 - - 0", "ok"]
    );
    assert_eq!(a[11][..2], ["thrown 2", "phase moving"]);
    assert!(a[12][0].starts_with("play 2:0>2"), "{:?}", a[12]);
    assert!(a[13].contains(&"state throw".to_string()), "{:?}", a[13]);
    assert!(a[13].contains(&"tomove 0".to_string()), "{:?}", a[13]);
    assert!(a[14][0].starts_with("error perft"), "{:?}", a[14]);
    assert!(a[15][0].starts_with("perft 2 "), "{:?}", a[15]);
    assert!(a[16][0].starts_with("error unknown command"), "{:?}", a[16]);
    assert_eq!(a[17], ["ok"]);
}

/// The end of input without `quit` ends the engine cleanly too.
#[test]
fn end_of_input_ends_the_engine() {
    let (ok, lines) = session(&[], "isready\n");
    assert!(ok);
    assert_eq!(lines, ["ok"]);
    let (ok, lines) = session(&[], "");
    assert!(ok);
    assert!(lines.is_empty());
}

/// A controller sends one command, reads its answer, then sends the next: the engine
/// answers each line at once (it does not wait for the end of input).
#[test]
fn answers_come_line_by_line() {
    let mut child = Command::new(bin())
        .args(["engine", "--bot", "greedy"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |command: &str| -> Vec<String> {
        writeln!(stdin, "{command}").unwrap();
        stdin.flush().unwrap();
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(stdout.read_line(&mut line).unwrap() > 0, "the engine died");
            let line = line.trim_end().to_string();
            let done = line == "ok" || line.starts_with("error");
            lines.push(line);
            if done {
                return lines;
            }
        }
    };
    assert_eq!(ask("newgame standard players 3").len(), 2);
    assert_eq!(ask("throw 4 4 1")[..2], ["thrown 4 4 1", "phase moving"]);
    let go = ask("go");
    assert!(go[0].starts_with("play "), "{go:?}");
    assert_eq!(go[0].split_whitespace().count(), 4, "three moves: {go:?}");
    assert_eq!(ask("throw 2")[..2], ["thrown 2", "phase moving"]);
    let hint = ask("hint time 100");
    assert!(hint.last().unwrap() == "ok", "{hint:?}");
    assert!(ask("quit") == ["ok"]);
    assert!(child.wait().unwrap().success());
}

/// A rules JSON in `newgame`, a JSON position in `position`, and `hint` ranking its
/// plays with the documented fields, best first.
#[test]
fn json_rules_positions_and_hints() {
    let script = r#"newgame {"preset":"traditional"} size 7 players 2
show
position {"rules":"standard","size":5,"players":2,"to_move":0,"bag":[3],"pawns":[[0,0,0,10],[0,0,0,16]],"captured":[false,true],"blocks":[],"extra_turns":0}
hint time 300
"#;
    let (_, lines) = session(&[], script);
    let a = answers(&lines);
    assert!(
        a[0][0].starts_with("position traditional 7 2 0 - -1,"),
        "{:?}",
        a[0]
    );
    assert!(a[1]
        .iter()
        .any(|l| l.starts_with("json {\"rules\":\"traditional\"")));
    assert_eq!(a[2].last().unwrap(), "ok", "{:?}", a[2]);
    let hints: Vec<&String> = a[3].iter().filter(|l| l.starts_with("hint ")).collect();
    assert_eq!(hints.len(), 3, "{:?}", a[3]);
    let win = |l: &str| -> f64 {
        let w: Vec<&str> = l.split_whitespace().collect();
        let i = w.iter().position(|x| *x == "win").unwrap();
        w[i + 1].parse().unwrap()
    };
    assert!(win(hints[0]) >= win(hints[1]) && win(hints[1]) >= win(hints[2]));
    assert!(hints[0].starts_with("hint 1 win "));
    assert!(a[3].iter().any(|l| l.starts_with("info rollouts ")));
}

/// The binary seated as an external engine (playing greedy) against the built-in
/// random mover: the games are played, results add up, and a seed replays them.
#[test]
fn tournament_seats_the_binary_as_an_external_engine() {
    let engine = format!("engine:\"{} engine --bot greedy\",timeout=20000", bin());
    beats_random_and_replays(&engine, "11");
}

/// An engine outside the project's bot code, in Python (`scripts/outside-careful.py`,
/// which asks an `ashta engine` of its own for the rules and nothing else), plays whole
/// games through the protocol: it beats the random mover, and replays its games for a
/// seed.
#[test]
fn a_python_engine_plays_a_tournament_through_the_protocol() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scripts/outside-careful.py"
    );
    let engine = format!(
        "engine:\"python3 {script} --ashta {}\",timeout=20000",
        bin()
    );
    beats_random_and_replays(&engine, "5");
}

/// Plays `engine` against the random mover, six two-player games from `seed`: every
/// game is counted, the engine wins more than it loses, and the seed replays them.
fn beats_random_and_replays(engine: &str, seed: &str) {
    let bots = format!("{engine},random");
    let args = [
        "tournament",
        "--bots",
        &bots,
        "--games",
        "6",
        "--players",
        "2",
        "--seed",
        seed,
        "--threads",
        "2",
        "--json",
    ];
    let out = common::ok(&args, "");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["games"], 6);
    let results = json["results"].as_array().unwrap();
    assert_eq!(results[0]["bot"], engine);
    let wins: u64 = results.iter().map(|r| r["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins + json["draws"].as_u64().unwrap(), 6);
    assert!(
        results[0]["wins"].as_u64() > results[1]["wins"].as_u64(),
        "{out}"
    );
    let again: Value = serde_json::from_str(&common::ok(&args, "")).unwrap();
    assert_eq!(again["results"], json["results"]);
}

/// The form a shell leaves when the quotes are forgotten: `engine:PATH engine,BOT`.
#[test]
fn tournament_takes_an_unquoted_engine_command() {
    let bots = format!("engine:{} engine --bot greedy,greedy", bin());
    let out = common::ok(&two_game_match(&bots), "");
    assert!(out.contains("engine --bot greedy vs greedy"), "{out}");
}

/// The arguments of a two-game, two-player tournament between `bots`.
fn two_game_match(bots: &str) -> [&str; 7] {
    [
        "tournament",
        "--bots",
        bots,
        "--games",
        "2",
        "--players",
        "2",
    ]
}

/// An engine that cannot start, that is no engine, or that stays silent is an error
/// that names it, not a crash or a hang.
#[test]
fn broken_engines_are_errors() {
    for (spec, expected) in [
        ("engine:/nonexistent/engine", "cannot start"),
        (
            "engine:\"cat\",timeout=300",
            "no answer to hello within 300 ms",
        ),
        ("engine:", "no command"),
    ] {
        let err = common::fails(&two_game_match(&format!("{spec},random")), "");
        assert!(err.contains(expected), "{spec}: {err}");
    }
}

/// Writes a shell script that plays the protocol's handshake and answers `go` with
/// `on_go` (shell commands).
fn fake_engine(name: &str, on_go: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("ashta-{name}-{}.sh", std::process::id()));
    let script = format!(
        "while read -r cmd rest; do\n  case \"$cmd\" in\n    hello) echo 'id name {name}'; echo ok;;\n    go) {on_go};;\n    quit) echo ok; exit 0;;\n    *) echo ok;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    path
}

/// An engine that answers `go` with an illegal play, or dies in the middle of a game,
/// stops the tournament with an error that names the engine and what it did.
#[test]
fn engines_that_misbehave_in_a_game_are_errors() {
    let liar = fake_engine("liar", "echo 'play 9:0>9'; echo ok");
    let dies = fake_engine("dies", "echo 'going away' >&2; exit 3");
    let error_with = |script: &std::path::Path| {
        let bots = format!("engine:sh {},random", script.display());
        let err = common::fails(&two_game_match(&bots), "");
        assert!(err.contains("seat "), "{err}");
        err
    };
    let err = error_with(&liar);
    assert!(err.contains("is not legal: illegal move 9:0>9"), "{err}");
    let err = error_with(&dies);
    assert!(err.contains("no answer to go"), "{err}");
    assert!(
        err.contains("going away") || err.contains("exit status: 3"),
        "{err}"
    );
    std::fs::remove_file(liar).ok();
    std::fs::remove_file(dies).ok();
}

/// The pair-capture flag passes through `newgame` and `position` like any other rule:
/// a pair's capture of a double is a legal move, or not under `pair_capture: false`.
#[test]
fn pair_capture_passes_through_newgame_and_position() {
    let script = r#"newgame {"preset":"standard","pair_capture":false} players 2
show
position standard 5 2 1 1 0,0,1,1/0,0,8,8 - - 0
legal
position standard+pair_capture=false 5 2 1 1 0,0,1,1/0,0,8,8 - - 0
legal
"#;
    let (_, lines) = session(&[], script);
    let a = answers(&lines);
    assert!(
        a[0][0].starts_with("position standard+pair_capture=false 5 2 0 "),
        "{:?}",
        a[0]
    );
    assert!(
        a[1].iter().any(|l| l.contains(r#""pair_capture":false"#)),
        "{:?}",
        a[1]
    );
    let on = a[3].join("\n");
    let off = a[5].join("\n");
    assert!(on.contains("1:8>9x2*"), "{on}");
    assert!(!off.contains("1:8>9"), "{off}");
}
