//! `ashta play --table`: real cowries at the table. The person to throw types how many
//! fell mouth up, the engine applies the rules, a throw entered by mistake is taken back
//! before a move, bots throw for themselves, and the record says its throws were entered
//! at the table. In a real terminal (tmux) the game is played line by line, reading the
//! same words as `--plain`.

mod common;
mod needs;
#[allow(dead_code)]
mod tmux;

use common::ashta;

const ARGS: [&str; 9] = [
    "play",
    "--table",
    "--players",
    "2",
    "--seats",
    "human,bot:greedy",
    "--seed",
    "3",
    "--bot-time-ms=0",
];

/// The lines typed in both games, and what each must bring.
const DIALOGUE: [(&str, &str); 6] = [
    ("4", "4 mouths up (chamma): 4 - grace, throw again"),
    ("7", "Refused: 7 mouths up, but only 4 cowries are thrown."),
    ("2", "bag: 4 2"),
    (
        "u",
        "Taken back: the throw of 2 mouths up. South (player 0) enters what fell again.",
    ),
    ("3", "bag: 4 3"),
    ("q", "You quit after 1 turns"),
];

#[test]
fn plain_table_game_enters_refuses_and_takes_back_throws() {
    let input: String = DIALOGUE.iter().map(|(k, _)| format!("{k}\n")).collect();
    let run = ashta(&ARGS, &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run
        .stdout
        .contains("throws entered at the table (bots' seed 3)"));
    for (_, said) in DIALOGUE {
        assert!(
            run.stdout.contains(said),
            "missing {said:?} in:\n{}",
            run.stdout
        );
    }
}

#[test]
fn a_table_game_in_a_terminal_reads_the_same_words_as_plain() {
    if !needs::available(
        "a_table_game_in_a_terminal_reads_the_same_words_as_plain",
        &[needs::TMUX],
    ) {
        return;
    }
    let game = tmux::Session::start("table", 100, 40, &ARGS);
    game.wait_for_printed("South (player 0) throws: mouths up (0-4");
    for (keys, said) in DIALOGUE {
        game.type_text(keys);
        game.keys(&["Enter"]);
        game.wait_for_printed(said);
    }
    let input: String = DIALOGUE.iter().map(|(k, _)| format!("{k}\n")).collect();
    let plain = ashta(&[&ARGS[..], &["--plain"]].concat(), &input).stdout;
    // Every line the terminal showed after the board is one the plain game printed too.
    let history = game.history();
    let shown = history
        .lines()
        .map(str::trim_end)
        .filter(|l| l.starts_with("throw:") || l.starts_with("bag:") || l.starts_with("Taken"));
    let mut n = 0;
    for line in shown {
        assert!(
            plain.contains(line),
            "{line:?} is not in the plain game:\n{plain}"
        );
        n += 1;
    }
    assert!(n >= 5, "{history}");
}

#[test]
fn a_whole_table_game_against_a_bot_ends_and_its_saved_record_says_table() {
    let dir = std::env::temp_dir().join(format!("ashta-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("table.json");
    // One mouth up every throw, the first move every time: the bot wins in the end.
    // The game is saved after a few turns, and verified.
    let input = format!(
        "{}s {}\n{}",
        "1\n".repeat(30),
        file.display(),
        "1\n".repeat(4000)
    );
    let run = ashta(&ARGS, &input);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("=== Game over after"), "{}", run.stdout);
    assert!(run.stdout.contains("Result: North"), "{}", run.stdout);
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.contains("\"table\": true") && !saved.contains("\"seed\""),
        "{saved}"
    );
    assert!(saved.contains("\"moves\": ["), "{saved}");
    let verified = ashta(&["verify", file.to_str().unwrap()], "");
    assert_eq!(verified.code, 0, "{}", verified.stderr);
    let said = "the throws were entered at the table: nothing to check them against";
    assert!(verified.stdout.contains(said), "{}", verified.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}
