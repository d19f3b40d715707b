//! The full-screen game in a real terminal at the sizes players have, 80×24 and 60×20:
//! the real `ashta play` runs in tmux, keys go in with `tmux send-keys`, and the screen
//! read back with `tmux capture-pane` shows the moves, keeps the chosen move in view
//! however far down the list it goes, ends with the key bar, and reaches every line of
//! the help. Needs tmux (`apt-get install -y tmux`): without it each test is skipped
//! with a line saying so, or fails when `ASHTA_TEST_ALL=1`.

mod needs;
mod tmux;

use std::path::PathBuf;

use ashta_engine::{Game, MoveList, Rules};
use ashta_tui::describe::move_words;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use tmux::Session;

/// A game of you against a random mover, stopped where you have thrown and one value
/// of your bag (the first usable one, which the game chooses first) can move at least
/// `units` units; saved for `ashta play --load`. Answers the file and the words of
/// those moves, in the order the game lists them.
fn saved_game_with_many_moves(name: &str, units: usize) -> (PathBuf, Vec<String>) {
    let mut rules = Rules::standard();
    rules.players = 2;
    rules.pawns = Some(12);
    for seed in 0..50 {
        let mut game = Game::new(rules.clone(), seed).unwrap();
        let mut random = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..5000 {
            let pos = *game.position();
            if pos.is_over() {
                break;
            }
            if pos.phase() == ashta_engine::Phase::Throwing {
                while game.phase() == ashta_engine::Phase::Throwing {
                    game.throw(ashta_engine::ThrowFrom::Own).unwrap();
                }
                continue;
            }
            let mut moves = MoveList::new();
            game.variant().legal_moves(&pos, &mut moves);
            if pos.to_move() == 0 {
                let first = game
                    .variant()
                    .bag(&pos)
                    .into_iter()
                    .find(|v| moves.iter().any(|m| m.value() == *v));
                let listed: Vec<String> = moves
                    .iter()
                    .filter(|m| Some(m.value()) == first)
                    .map(|m| move_words(game.variant(), &pos, m))
                    .collect();
                if listed.len() >= units {
                    let record: serde_json::Value = serde_json::from_str(&game.save()).unwrap();
                    let saved = json!({
                        "format": "ashta-save/1",
                        "seats": ["human", "random"],
                        "bot_time_ms": 0,
                        "record": record,
                    });
                    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
                    std::fs::write(&path, saved.to_string()).unwrap();
                    return (path, listed);
                }
            }
            let mv = moves[random.random_range(0..moves.len())];
            game.checker().check_move(mv).map(|c| c.play()).unwrap();
        }
    }
    panic!("no game gives {units} moves for one value");
}

/// Loads a game with `units` moves to choose from in a `w`×`h` terminal, then presses
/// Down past the end of the list and round again, checking after each press that the
/// chosen move is on the screen, marked.
fn walk_the_moves_down(name: &str, w: u16, h: u16, units: usize) {
    let (path, listed) = saved_game_with_many_moves(&format!("{name}.json"), units);
    let args = ["play", "--load", path.to_str().unwrap(), "--step-ms", "0"];
    let game = Session::start(name, w, h, &args);
    game.wait_for_text("Your move");
    for press in 0..listed.len() + 3 {
        let chosen = format!("▶ {}", listed[press % listed.len()]);
        game.wait_for(&format!("{chosen:?} after {press} Down"), |s| {
            s.iter().any(|r| r.contains(&chosen))
        });
        game.keys(&["Down"]);
    }
}

#[test]
fn the_selected_move_stays_visible_at_80_by_24() {
    if !needs::available(
        "the_selected_move_stays_visible_at_80_by_24",
        &[needs::TMUX],
    ) {
        return;
    }
    walk_the_moves_down("moves-80x24", 80, 24, 11);
}

#[test]
fn the_selected_move_stays_visible_at_60_by_20() {
    if !needs::available(
        "the_selected_move_stays_visible_at_60_by_20",
        &[needs::TMUX],
    ) {
        return;
    }
    walk_the_moves_down("moves-60x20", 60, 20, 8);
}

/// A new game of you and three random movers, seed 3 (your first bag moves a pawn or
/// the pair on c1), in a `w`×`h` terminal.
fn new_game(name: &str, w: u16, h: u16) -> Session {
    new_game_with(name, w, h, &[])
}

/// [`new_game`] with more arguments (rule flags).
fn new_game_with(name: &str, w: u16, h: u16, more: &[&str]) -> Session {
    let mut args = vec![
        "play",
        "--seed",
        "3",
        "--seats",
        "human,random,random,random",
        "--step-ms",
        "0",
    ];
    args.extend_from_slice(more);
    Session::start(name, w, h, &args)
}

#[test]
fn moves_are_listed_and_selectable_at_60_by_20() {
    if !needs::available(
        "moves_are_listed_and_selectable_at_60_by_20",
        &[needs::TMUX],
    ) {
        return;
    }
    let game = new_game("listed-60x20", 60, 20);
    game.wait_for("both moves listed, the first chosen", |s| {
        s.iter().any(|r| r.contains("▶ 3: pawn c1→e2"))
            && s.iter().any(|r| r.contains("  3: pair c1→e2"))
    });
    game.keys(&["Down"]);
    game.wait_for_text("▶ 3: pair c1→e2");
}

/// Whether `screen` ends with the whole key bar (undo and save kept, written compactly
/// on a narrow screen) and starts with the whole title.
fn bars_whole(screen: &[String], h: u16) -> bool {
    let bar = screen.last().map_or("", |r| r.trim_end());
    screen.len() == h as usize
        && bar.starts_with(" ←→ value")
        && (bar.ends_with("? help  q quit") || bar.ends_with("? help q quit"))
        && bar.contains("u undo")
        && bar.contains("s save")
        && screen[0].trim_end().ends_with("seed 3 · turn 1")
}

fn assert_the_key_bar_is_the_last_line(name: &str, w: u16, h: u16) {
    let game = new_game(name, w, h);
    game.wait_for(
        "the whole key bar on the last line and the whole title",
        |s| bars_whole(s, h),
    );
}

#[test]
fn the_key_bar_and_title_are_whole_at_80_by_24() {
    if !needs::available(
        "the_key_bar_and_title_are_whole_at_80_by_24",
        &[needs::TMUX],
    ) {
        return;
    }
    assert_the_key_bar_is_the_last_line("bar-80x24", 80, 24);
}

#[test]
fn the_key_bar_and_title_are_whole_at_60_by_20() {
    if !needs::available(
        "the_key_bar_and_title_are_whole_at_60_by_20",
        &[needs::TMUX],
    ) {
        return;
    }
    assert_the_key_bar_is_the_last_line("bar-60x20", 60, 20);
}

fn assert_the_help_reaches_its_end(name: &str, w: u16, h: u16) {
    let game = new_game(name, w, h);
    game.wait_for_text("Your move");
    game.keys(&["?"]);
    game.wait_for_text("THE GAME");
    // Down a line at a time until the end: every key of the help goes by.
    let mut seen = String::new();
    for _ in 0..100 {
        let screen = game.settled_screen();
        seen += &screen.join("\n");
        if screen.iter().any(|r| r.contains("end (↑ PgUp Home)")) {
            break;
        }
        let before = screen.clone();
        game.keys(&["Down"]);
        game.wait_for("the help scrolled", |s| s != before.as_slice());
    }
    for key in [
        "←/→",
        "Enter",
        "Esc",
        "hint",
        "undo",
        "save the game",
        "Ctrl-U",
    ] {
        assert!(seen.contains(key), "{key:?} never came into view:\n{seen}");
    }
    game.wait_for("the help's last line and the end mark", |s| {
        s.iter().any(|r| r.contains("quit (Ctrl-C: at once)"))
            && s.iter().any(|r| r.contains("end (↑ PgUp Home)"))
    });
    // Home goes back to the top, Esc back to the game.
    game.keys(&["Home"]);
    game.wait_for_text("THE GAME");
    game.keys(&["Escape"]);
    game.wait_for_text("Your move");
}

#[test]
fn the_help_scrolls_to_its_end_at_80_by_24() {
    if !needs::available("the_help_scrolls_to_its_end_at_80_by_24", &[needs::TMUX]) {
        return;
    }
    assert_the_help_reaches_its_end("help-80x24", 80, 24);
}

#[test]
fn the_help_scrolls_to_its_end_at_60_by_20() {
    if !needs::available("the_help_scrolls_to_its_end_at_60_by_20", &[needs::TMUX]) {
        return;
    }
    assert_the_help_reaches_its_end("help-60x20", 60, 20);
}

#[test]
fn ctrl_u_clears_the_file_name_of_the_save_prompt() {
    if !needs::available(
        "ctrl_u_clears_the_file_name_of_the_save_prompt",
        &[needs::TMUX],
    ) {
        return;
    }
    let game = new_game("save-ctrl-u", 80, 24);
    game.wait_for_text("Your move");
    game.keys(&["s"]);
    game.wait_for_text("ashta-save.json");
    game.keys(&["C-u"]);
    game.type_text("mine.json");
    game.keys(&["C-a"]);
    game.type_text("x-");
    game.wait_for("the name x-mine.json, nothing of the old name", |s| {
        s.iter()
            .any(|r| r.contains("ashta play --load x-mine.json"))
            && !s
                .iter()
                .any(|r| r.contains("ashta-save.json") || r.contains("ux-"))
    });
    game.keys(&["Escape"]);
    game.wait_for_text("Not saved.");
}

#[test]
fn quitting_says_how_the_game_stood_and_its_seed() {
    if !needs::available(
        "quitting_says_how_the_game_stood_and_its_seed",
        &[needs::TMUX],
    ) {
        return;
    }
    let game = new_game("quit-seed", 80, 24);
    game.wait_for_text("Your move");
    game.keys(&["q"]);
    game.keys(&["y"]);
    game.wait_for_printed("You left the game after 1 turn (saved only if you saved it).");
    // The line plays the same game again: the flags as typed, the seats and the seed.
    game.wait_for_printed(
        "Seed 3: `ashta play --step-ms 0 --seats human,random,random,random --seed 3` plays the same game again.",
    );
}

#[test]
fn the_movable_pawns_and_the_legend_show_at_60_by_20() {
    if !needs::available(
        "the_movable_pawns_and_the_legend_show_at_60_by_20",
        &[needs::TMUX],
    ) {
        return;
    }
    let game = new_game("movable-60x20", 60, 20);
    game.wait_for("your pawns on c1 marked movable, the legend", |s| {
        s.iter().any(|r| r.contains("╳S4▲")) && s.iter().any(|r| r.contains("▲ can move"))
    });
}

#[test]
fn r_draws_the_route_of_each_seat_at_80_by_24() {
    if !needs::available("r_draws_the_route_of_each_seat_at_80_by_24", &[needs::TMUX]) {
        return;
    }
    let game = new_game("route-80x24", 80, 24);
    game.wait_for_text("Your move");
    game.keys(&["r"]);
    game.wait_for("South's route numbered", |s| {
        s.iter().any(|r| r.contains("South's route"))
            && s.iter().any(|r| r.contains("│  15  │  16  │╳  1  │"))
    });
    game.keys(&["r"]);
    game.wait_for_text("East's route");
}

#[test]
fn the_senior_board_keeps_its_pawns_apart_and_lists_moves_at_60_by_20() {
    if !needs::available(
        "the_senior_board_keeps_its_pawns_apart_and_lists_moves_at_60_by_20",
        &[needs::TMUX],
    ) {
        return;
    }
    let game = new_game_with("senior-60x20", 60, 20, &["--preset", "senior"]);
    let screen = game.wait_for("a move listed and the whole key bar", |s| {
        s.iter().any(|r| r.contains("▶ ")) && s.last().is_some_and(|b| b.contains("s save"))
    });
    // The board's right border stands on every row of the board.
    let right = screen[1].chars().position(|c| c == '┐').unwrap();
    for row in screen[2..].iter().take_while(|r| !r.starts_with('└')) {
        assert_eq!(row.chars().nth(right), Some('│'), "{}", screen.join("\n"));
    }
    assert!(screen.iter().any(|r| r.contains('⌂')), "home is not marked");
}

#[test]
fn a_loaded_game_shows_its_earlier_log() {
    if !needs::available("a_loaded_game_shows_its_earlier_log", &[needs::TMUX]) {
        return;
    }
    let (path, _) = saved_game_with_many_moves("log-after-load.json", 3);
    let args = ["play", "--load", path.to_str().unwrap(), "--step-ms", "0"];
    let game = Session::start("log-after-load", 80, 24, &args);
    let screen = game.wait_for_text("Game loaded after");
    let at = screen
        .iter()
        .position(|r| r.contains("Game loaded after"))
        .unwrap();
    assert!(
        screen[..at].iter().any(|r| r.contains(" throws ")),
        "no earlier throw in the log:\n{}",
        screen.join("\n")
    );
}

/// Where the players panel's corner is on `screen`.
fn players_corner(screen: &[String]) -> Option<(usize, usize)> {
    screen
        .iter()
        .enumerate()
        .find_map(|(y, r)| r.find("┌ Players").map(|b| (y, r[..b].chars().count())))
}

#[test]
fn asking_for_a_hint_does_not_move_the_players_at_80_by_24() {
    if !needs::available(
        "asking_for_a_hint_does_not_move_the_players_at_80_by_24",
        &[needs::TMUX],
    ) {
        return;
    }
    let game = new_game("hint-80x24", 80, 24);
    let before = game.wait_for_text("Your move");
    let corner = players_corner(&before).expect("the players are on the screen");
    game.keys(&["t"]);
    let after = game.wait_for("the hint's ranked plays", |s| {
        s.iter().any(|r| r.contains(" 1. "))
    });
    assert_eq!(
        players_corner(&after),
        Some(corner),
        "the players moved:\n{}",
        after.join("\n")
    );
}

/// A game of two random movers, seed 3, played to its end at once in a `w`×`h`
/// terminal, in a fresh directory of its own (where the record is saved).
fn finished_game(name: &str, w: u16, h: u16) -> (Session, PathBuf) {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let args = [
        "play",
        "--seed",
        "3",
        "--seats",
        "random,random",
        "--step-ms",
        "0",
    ];
    let game = Session::start_in(name, w, h, &args, Some(&dir));
    (game, dir)
}

/// Whether every key of the results and the review's command are whole on `screen`.
fn results_whole(screen: &[String]) -> bool {
    let all = screen.join("\n");
    [
        "Enter: final board",
        "n: new game",
        "s: save",
        "Esc/q: quit",
        "then ashta analyze FILE",
    ]
    .iter()
    .all(|k| all.contains(k))
}

#[test]
fn esc_on_the_results_asks_and_saves_the_record_for_ashta_analyze_at_60_by_20() {
    if !needs::available(
        "esc_on_the_results_asks_and_saves_the_record_for_ashta_analyze_at_60_by_20",
        &[needs::TMUX],
    ) {
        return;
    }
    let (game, dir) = finished_game("leave-60x20", 60, 20);
    game.wait_for("the whole results, keys and review", results_whole);
    game.keys(&["Escape"]);
    game.wait_for("the question before leaving", |s| {
        let all = s.join("\n");
        all.contains("Leave the game?")
            && all.contains("q: quit")
            && all.contains("ashta-game-3.json")
            && all.contains("stay")
    });
    game.keys(&["s"]);
    game.wait_for_printed(
        "Saved to ashta-game-3.json; review it with: ashta analyze ashta-game-3.json",
    );
    let file = dir.join("ashta-game-3.json");
    assert!(file.is_file(), "no record at {}", file.display());
    // The saved record is one `ashta analyze` reviews.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ashta"))
        .args(["analyze", "--rollouts", "4"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "ashta analyze refused the saved record: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn esc_then_another_key_stays_on_the_results_at_80_by_24() {
    if !needs::available(
        "esc_then_another_key_stays_on_the_results_at_80_by_24",
        &[needs::TMUX],
    ) {
        return;
    }
    let (game, dir) = finished_game("stay-80x24", 80, 24);
    game.wait_for("the whole results, keys and review", results_whole);
    game.keys(&["Escape"]);
    game.wait_for_text("Leave the game?");
    game.keys(&["Escape"]);
    game.wait_for("the results again", results_whole);
    assert!(
        !dir.join("ashta-game-3.json").exists(),
        "saved without asking"
    );
}

#[test]
fn s_then_esc_on_the_results_keeps_the_results_at_80_by_24() {
    if !needs::available(
        "s_then_esc_on_the_results_keeps_the_results_at_80_by_24",
        &[needs::TMUX],
    ) {
        return;
    }
    let (game, dir) = finished_game("save-esc-80x24", 80, 24);
    game.wait_for("the whole results, keys and review", results_whole);
    game.keys(&["s"]);
    game.wait_for_text("ashta-save.json");
    game.keys(&["Escape"]);
    game.wait_for("the results again after Esc", results_whole);
    // Their keys still answer: v replays the game.
    game.keys(&["v"]);
    game.wait_for("the replay", |s| {
        !results_whole(s) && !s.join("\n").contains("does nothing now")
    });
    assert!(!dir.join("ashta-save.json").exists(), "saved after Esc");
}

#[test]
fn the_results_keys_and_review_are_whole_at_120_by_40() {
    if !needs::available(
        "the_results_keys_and_review_are_whole_at_120_by_40",
        &[needs::TMUX],
    ) {
        return;
    }
    let (game, _dir) = finished_game("results-120x40", 120, 40);
    game.wait_for("the whole results, keys and review", results_whole);
}

#[test]
fn the_tutorial_wraps_its_text_at_60_columns() {
    if !needs::available("the_tutorial_wraps_its_text_at_60_columns", &[needs::TMUX]) {
        return;
    }
    let game = Session::start("tutorial-60x20", 60, 20, &["play", "--tutorial"]);
    game.wait_for_text("Press Enter to throw.");
    game.keys(&["Enter"]);
    game.wait_for_text("Your move: type c1");
    game.type_text("c1");
    game.keys(&["Enter"]);
    game.wait_for_printed("Your pawn went 2 squares");
    // Lines the terminal had to wrap come back joined: none is wider than 60 columns.
    let history = game.history();
    let wide: Vec<&str> = history
        .lines()
        .filter(|l| l.trim_end().chars().count() > 60)
        .collect();
    assert!(
        wide.is_empty(),
        "lines wider than 60 columns:\n{}",
        wide.join("\n")
    );
    // Paragraphs break between words.
    assert!(history.contains("Each turn starts with a throw"));
    assert!(history.contains("mouths up"));
}

#[test]
fn v_on_the_results_replays_the_game_and_q_comes_back_at_60_by_20() {
    if !needs::available(
        "v_on_the_results_replays_the_game_and_q_comes_back_at_60_by_20",
        &[needs::TMUX],
    ) {
        return;
    }
    let (game, _dir) = finished_game("review-60x20", 60, 20);
    game.wait_for("the whole results, keys and review", results_whole);
    game.keys(&["v"]);
    game.wait_for("the replay with its key bar", |s| {
        s.iter().any(|r| r.contains("Replay · step"))
            && s.last().is_some_and(|b| b.contains("q back"))
    });
    game.keys(&["End"]);
    game.wait_for_text("North wins");
    game.keys(&["q"]);
    game.wait_for("the results again", results_whole);
}
