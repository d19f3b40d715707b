//! The protocol as a function from command lines to answer lines.

use super::*;

/// Feeds `script` to a fresh engine (greedy bot, so answers are quick) and returns
/// every answer line.
fn run(script: &str) -> Vec<String> {
    let mut engine = Engine::new(Options {
        bot: "greedy".into(),
        ..Options::default()
    });
    let mut out = Vec::new();
    serve(&mut engine, &mut script.as_bytes(), &mut out).expect("in-memory i/o");
    String::from_utf8(out)
        .expect("answers are UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The answer of the last command of `script`.
fn last_answer(script: &str) -> Vec<String> {
    let lines = run(script);
    let end = lines.len() - 1;
    let start = lines[..end]
        .iter()
        .rposition(|l| l == "ok" || l.starts_with("error"))
        .map_or(0, |i| i + 1);
    lines[start..].to_vec()
}

#[test]
fn every_command_ends_with_ok_or_one_error_line() {
    let lines =
        run("hello\nisready\nbogus\n\n# a comment\nnewgame standard players 2\nquit\nshow\n");
    let ends: Vec<&String> = lines
        .iter()
        .filter(|l| *l == "ok" || l.starts_with("error"))
        .collect();
    // hello, isready, bogus, newgame, quit: five answers; nothing after quit, nothing
    // for the blank line and the comment.
    assert_eq!(ends.len(), 5, "{lines:#?}");
    assert!(ends[2].starts_with("error unknown command \"bogus\""));
    assert_eq!(lines.last().unwrap(), "ok");
}

#[test]
fn hello_names_the_engine_and_its_options() {
    let lines = last_answer("hello 1\n");
    assert_eq!(lines[0], "id name ashta");
    assert!(lines.contains(&"id protocol 1".to_string()));
    for option in ["bot", "level", "time", "seed"] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} "))),
            "{option} missing: {lines:#?}"
        );
    }
    assert!(last_answer("hello 2\n")[0].contains("version 2 is not supported"));
}

#[test]
fn throws_come_from_the_controller_and_moves_follow() {
    let lines = last_answer("newgame standard players 2\nthrow 0 3\n");
    assert_eq!(
        lines,
        [
            "thrown 8 3",
            "phase moving",
            "position standard 5 2 0 8,3 0,0,0,0/0,0,0,0 - - 0",
            "ok"
        ]
    );
    let lines = last_answer("newgame standard players 2\nthrow 3\nmove 3:0>3\n");
    assert_eq!(
        lines,
        ["position standard 5 2 1 - 0,0,0,3/0,0,0,0 - - 0", "ok"]
    );
}

#[test]
fn go_plays_the_whole_bag_and_gives_an_evaluation() {
    let lines = last_answer("newgame standard players 2\nthrow 4 2\ngo\n");
    let play = lines[0].strip_prefix("play ").expect("a play line");
    assert_eq!(play.split_whitespace().count(), 2, "{lines:#?}");
    let eval: f64 = lines[1].strip_prefix("eval ").unwrap().parse().unwrap();
    assert!((0.0..=1.0).contains(&eval));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("position standard 5 2 1 -")));
}

#[test]
fn a_move_that_wins_is_what_go_plays() {
    // South has captured, has three pawns home and one on 20: a 4 brings it home and
    // wins the game.
    let lines = last_answer("position standard 5 2 0 4 20,24,24,24/0,0,0,0 0 - 0\ngo\n");
    assert_eq!(lines[0], "play 4:20>24", "{lines:#?}");
    assert!(lines.iter().any(|l| l.ends_with("winner=0")), "{lines:#?}");
}

#[test]
fn legal_lists_moves_and_plays() {
    let script = "newgame standard players 2\nthrow 3\nlegal\n";
    assert_eq!(last_answer(script), ["move 3:0>3", "move 3:0>3x2", "ok"]);
    let script = "newgame standard players 2\nthrow 3\nlegal plays\n";
    assert_eq!(last_answer(script), ["play 3:0>3", "play 3:0>3x2", "ok"]);
}

#[test]
fn perft_counts_the_tree() {
    // From the start every throw face is one branch at depth 1; depth 3 agrees with
    // `ashta start --players 2 | ashta perft --position - --depth 3`.
    assert_eq!(
        last_answer("newgame standard players 2\nperft 1\n"),
        ["perft 1 5", "ok"]
    );
    let lines = last_answer("newgame standard players 2\nperft 3 divide\n");
    assert_eq!(lines.last().unwrap(), "ok");
    assert_eq!(lines[lines.len() - 2], "perft 3 74");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("branch throw"))
            .count(),
        5
    );
}

#[test]
fn malformed_lines_are_errors_and_the_session_goes_on() {
    let cases = [
        ("throw", "no throws given"),
        ("throw 9", "not a number of mouths up from 0 to 4"),
        ("throw x", "\"x\" is not a number"),
        ("move 3:0>3", "must throw first"),
        ("go", "must throw first"),
        ("position {\"rules\":", "position:"),
        (
            "position standard 5 2 0 - 0,0,0,0",
            "expected at least 9 fields",
        ),
        ("newgame nonsense", "newgame:"),
        ("newgame standard size 6", "invalid rules"),
        ("newgame standard players", "lacks a value"),
        ("setoption", "expected NAME VALUE"),
        ("setoption bot nobody", "unknown bot"),
        ("setoption speed 3", "unknown option"),
        ("perft 99", "from 0 to 12"),
        ("legal", "must throw first"),
        ("isready now", "takes no arguments"),
    ];
    for (line, expected) in cases {
        let lines = last_answer(&format!("newgame standard players 2\n{line}\n"));
        assert_eq!(lines.len(), 1, "{line}: {lines:#?}");
        assert!(
            lines[0].starts_with("error ") && lines[0].contains(expected),
            "{line}: {lines:?} should name {expected:?}"
        );
    }
    // After all that the engine still answers.
    let mut script = String::from("newgame standard players 2\n");
    for (line, _) in cases {
        script.push_str(line);
        script.push('\n');
    }
    script.push_str("isready\n");
    assert_eq!(run(&script).last().unwrap(), "ok");
}

#[test]
fn an_illegal_move_changes_nothing() {
    let script = "newgame standard players 2\nthrow 3\nmove 3:0>3 3:3>6\nshow\n";
    let lines = run(script);
    assert!(
        lines.iter().any(|l| l.starts_with("error move: 3:3>6")),
        "{lines:#?}"
    );
    assert!(lines.contains(&"bag 3".to_string()), "{lines:#?}");
}

#[test]
fn an_illegal_second_move_plays_neither_and_is_named() {
    let start = "newgame standard players 2\nthrow 0 3\n";
    let before = last_answer(&format!("{start}show\n"));
    // The first move alone is legal; the second names no unit of South's.
    assert_eq!(
        last_answer(&format!("{start}move 8:0>8\n")).last().unwrap(),
        "ok"
    );
    let lines = run(&format!("{start}move 8:0>8 3:5>8\nshow\n"));
    let error = lines
        .iter()
        .find(|l| l.starts_with("error"))
        .expect("the move command is refused");
    assert!(
        error.starts_with("error move: illegal move 3:5>8"),
        "{lines:#?}"
    );
    let after = last_answer(&format!("{start}move 8:0>8 3:5>8\nshow\n"));
    assert_eq!(after, before, "the first move is not played either");
}

#[test]
fn bytes_that_are_not_utf8_and_overlong_lines_get_errors() {
    let mut engine = Engine::default();
    let mut input: Vec<u8> = b"\xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'a', MAX_LINE + 10));
    input.extend(b"\nisready\n");
    let mut out = Vec::new();
    serve(&mut engine, &mut input.as_slice(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("error unknown command"), "{lines:?}");
    assert!(lines[1].starts_with("error line too long"), "{lines:?}");
    assert_eq!(lines[2], "ok");
}

#[test]
fn newgame_takes_a_rules_object() {
    let lines = last_answer("newgame {\"preset\":\"standard\",\"gate\":\"circle\"} players 3\n");
    assert_eq!(
        lines,
        [
            "position standard+gate=circle 5 3 0 - 0,0,0,0/0,0,0,0/0,0,0,0 - - 0",
            "ok"
        ]
    );
}

#[test]
fn setoption_takes_both_forms_and_values_with_spaces() {
    assert_eq!(
        last_answer("setoption name bot value mcts:sims=50\n"),
        ["ok"]
    );
    assert_eq!(last_answer("setoption seed 12\n"), ["ok"]);
    let lines = last_answer("setoption bot engine:\"/nonexistent/engine --flag\"\n");
    assert!(
        lines[0].contains("cannot start \"/nonexistent/engine\""),
        "{lines:?}"
    );
    assert!(last_answer("setoption name bot value\n")[0].contains("expected NAME VALUE"));
}

/// A greedy bot that notes every decision it is shown.
struct Recorder {
    greedy: ashta_bots::GreedyBot,
    seen: std::sync::Arc<std::sync::Mutex<Vec<(Position, Position)>>>,
}

impl Bot for Recorder {
    fn name(&self) -> String {
        "recorder".into()
    }
    fn analyse(&mut self, v: &Variant, pos: &Position) -> Vec<ashta_session::Candidate> {
        self.greedy.analyse(v, pos)
    }
    fn observe(&mut self, _: &Variant, before: &Position, after: &Position) {
        self.seen.lock().unwrap().push((*before, *after));
    }
}

#[test]
fn the_bot_is_shown_each_bag_once_it_is_played_out() {
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let mut engine = Engine::default();
    engine.handle("newgame standard players 2");
    engine.seat_bot(
        Box::new(Recorder {
            greedy: ashta_bots::GreedyBot::new(0, 0.0),
            seen: seen.clone(),
        }),
        1,
    );
    engine.handle("throw 0 3");
    let start = *engine.pos();
    // Half the bag: nothing is shown yet.
    assert_eq!(
        engine.handle("move 8:0>8").unwrap().lines.last().unwrap(),
        "ok"
    );
    assert!(seen.lock().unwrap().is_empty());
    assert_eq!(
        engine.handle("move 3:0>3").unwrap().lines.last().unwrap(),
        "ok"
    );
    assert_eq!(*seen.lock().unwrap(), [(start, *engine.pos())]);
    // The bot's own play is shown too, from the position it played.
    engine.handle("throw 3");
    let start = *engine.pos();
    engine.handle("go");
    assert_eq!(seen.lock().unwrap()[1], (start, *engine.pos()));
}

#[test]
fn answers_never_carry_control_characters_back() {
    let lines = run("setoption name a\u{0}\u{1b}b value c\nnewgame z\u{0}\nhello \u{7}\nquit\n");
    for line in &lines {
        assert!(!line.chars().any(char::is_control), "{line:?}");
    }
    assert!(printable("a\u{0}b").contains("\\u{0}"));
    assert_eq!(printable("plain"), "plain");
}
