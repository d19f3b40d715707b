//! A first game as a new player meets it, at 120×40, 80×24 and 60×20: the
//! pawns that can move are marked as the engine's legal moves say, the seven-by-seven
//! board keeps its pawns apart at 60×20 and lists its moves, the home square is marked,
//! undo and save stay on the key bar, the layout does not jump when a hint comes, a
//! loaded game shows its earlier log, the board's marks are explained on the screen,
//! and `r` draws each seat's route.

mod common;

use ashta_engine::{MoveList, Preset, Rules, Square};
use ashta_tui::app::{App, HintLine, HintState};
use ashta_tui::ui::board::{MARK_HOME, MARK_MOVABLE};
use common::{app, app_with_many_moves, key, screen_rows, settle};
use ratatui::crossterm::event::KeyCode;

/// The sizes players have: a large terminal, the usual default, the smallest drawn.
const SIZES: [(u16, u16); 3] = [(120, 40), (80, 24), (60, 20)];

fn text(rows: &[String]) -> String {
    rows.join("\n")
}

/// A game of the senior rules (7×7) with these seats, played on by Enter (the first
/// move each time) for `turns` of your turns, to a crowded board.
fn senior(seats: &str, seed: u64, turns: usize) -> App {
    let mut app = common::app_of(Rules::preset(Preset::Senior), seats, seed);
    for _ in 0..turns {
        assert!(app.human_to_move(), "the game ended first");
        app.key(key(KeyCode::Enter));
        settle(&mut app);
    }
    app
}

/// The squares of the mover's units that the engine's legal moves move, worked out
/// here from the engine alone.
fn squares_the_engine_moves(app: &App) -> Vec<Square> {
    let (v, pos) = (app.variant(), app.position());
    let mut moves = MoveList::new();
    v.legal_moves(pos, &mut moves);
    let mut squares: Vec<Square> = moves
        .iter()
        .map(|m| v.square(pos.to_move(), m.from().map_or(0, usize::from)))
        .collect();
    squares.sort_by_key(|s| s.0);
    squares.dedup();
    squares
}

/// How many movable marks the board shows (the legend's own mark left out).
fn marks_on_board(rows: &[String]) -> usize {
    let all: usize = rows.iter().map(|r| r.matches(MARK_MOVABLE).count()).sum();
    let legend: usize = rows
        .iter()
        .map(|r| r.matches(&format!("{MARK_MOVABLE} can move")).count())
        .sum();
    all - legend
}

#[test]
fn the_pawns_that_can_move_with_the_bag_are_marked_as_the_engine_says() {
    let mut app = app_with_many_moves(8, 8);
    let squares = squares_the_engine_moves(&app);
    assert!(squares.len() >= 3, "the test wants several movable squares");
    assert_eq!(app.movable_squares(), squares);
    for (w, h) in SIZES {
        let rows = screen_rows(&mut app, w, h);
        assert_eq!(
            marks_on_board(&rows),
            squares.len(),
            "one mark per movable square at {w}×{h}:\n{}",
            text(&rows)
        );
        insta::assert_snapshot!(format!("movable_{w}x{h}"), text(&rows));
    }
}

#[test]
fn nothing_is_marked_movable_while_the_bots_play() {
    let mut app = app("random,random", 4);
    app.advance();
    assert!(app.movable_squares().is_empty());
    let rows = screen_rows(&mut app, 120, 40);
    assert_eq!(marks_on_board(&rows), 0, "{}", text(&rows));
}

/// The board block's rows (its bottom border left out), cut at its right border, and
/// that border's column.
fn board_block(rows: &[String]) -> (Vec<Vec<char>>, usize) {
    let top: Vec<char> = rows[1].chars().collect();
    let right = top
        .iter()
        .position(|&c| c == '┐')
        .expect("the board's corner");
    let block: Vec<Vec<char>> = rows[1..]
        .iter()
        .map(|r| r.chars().take(right + 1).collect::<Vec<char>>())
        .take_while(|r| r[0] != '└')
        .collect();
    (block, right)
}

#[test]
fn the_senior_board_at_60_by_20_keeps_pawns_apart_inside_its_border() {
    let mut app = senior("human,random,random,random", 3, 6);
    let rows = screen_rows(&mut app, 60, 20);
    let (block, right) = board_block(&rows);
    for row in &block[1..] {
        assert!(
            matches!(row[right], '│' | '┐' | '┘'),
            "the board's border is overwritten:\n{}",
            text(&rows)
        );
    }
    // Each rank: its label, then cells of four columns whose first column is a
    // square's mark or blank, so that two squares' pawns never touch.
    for rank in 1..=7u8 {
        let row = block
            .iter()
            .find(|r| r[1..3].iter().collect::<String>() == format!("{rank:>2}"))
            .expect("every rank is drawn");
        for cell in row[3..3 + 7 * 4].chunks(4) {
            assert!(
                matches!(cell[0], ' ' | '╳' | '⌂'),
                "rank {rank}: {:?} starts with a pawn:\n{}",
                cell.iter().collect::<String>(),
                text(&rows)
            );
        }
    }
    let board: String = block.iter().flatten().collect();
    assert!(board.contains(MARK_HOME), "the home square is not marked");
    insta::assert_snapshot!(text(&rows));
}

#[test]
fn the_senior_moves_are_listed_at_60_by_20() {
    let mut app = senior("human,random,random,random", 3, 6);
    let rows = screen_rows(&mut app, 60, 20);
    let value = app.choice.as_ref().unwrap().value;
    let moves = app.values()[value].moves.clone();
    assert!(!moves.is_empty());
    for mv in moves.iter().take(3) {
        let words = ashta_tui::describe::move_words(app.variant(), app.position(), mv);
        assert!(
            rows.iter().any(|r| r.contains(&words)),
            "{words:?} is not listed:\n{}",
            text(&rows)
        );
    }
    let bar = rows.last().unwrap();
    for kept in ["u undo", "s save", "? help", "q quit"] {
        assert!(
            bar.contains(kept),
            "{kept:?} is not on the key bar: {bar:?}"
        );
    }
}

#[test]
fn the_home_square_is_marked_at_every_size() {
    for (w, h) in SIZES {
        let mut app = app("human,random,random,random", 3);
        let rows = screen_rows(&mut app, w, h);
        let (block, _) = board_block(&rows);
        let board: String = block.iter().flatten().collect();
        assert!(
            board.contains("home") || board.contains(MARK_HOME),
            "no home at {w}×{h}:\n{}",
            text(&rows)
        );
    }
}

/// Where the players panel's corner is on the screen.
fn players_corner(rows: &[String]) -> (usize, usize) {
    rows.iter()
        .enumerate()
        .find_map(|(y, r)| r.find("┌ Players").map(|b| (y, r[..b].chars().count())))
        .expect("the players are on the screen")
}

#[test]
fn asking_for_a_hint_does_not_move_the_panels() {
    for (w, h) in SIZES {
        let mut app = app("human,random,random,random", 3);
        let before = screen_rows(&mut app, w, h);
        app.hint = Some(HintState::Waiting);
        let waiting = screen_rows(&mut app, w, h);
        let line = |chance: f64, words: &str| HintLine {
            chance,
            words: words.to_string(),
            first: None,
        };
        app.hint = Some(HintState::Ready(vec![
            line(0.3, "pair c1→e2"),
            line(0.22, "pawn c1→e2"),
            line(0.1, "pawn c1→e2, then more"),
        ]));
        let ready = screen_rows(&mut app, w, h);
        assert_eq!(players_corner(&before), players_corner(&waiting), "{w}×{h}");
        assert_eq!(
            players_corner(&before),
            players_corner(&ready),
            "the players moved at {w}×{h}:\n{}\n{}",
            text(&before),
            text(&ready)
        );
        let (board_before, _) = board_block(&before);
        let (board_ready, _) = board_block(&ready);
        assert_eq!(board_before, board_ready, "the board moved at {w}×{h}");
        if (w, h) == (80, 24) {
            insta::assert_snapshot!(text(&ready));
        }
    }
}

/// A log line without its cowries (a record keeps how many were up, not which).
fn without_cowries(text: &str) -> String {
    text.replace(['●', '○'], "")
        .replace(" (the only move, played for you)", "")
}

/// `app` saved to the file `name` with `s` and loaded again, as `ashta play --load` does.
fn saved_and_loaded(app: &mut App, name: &str) -> App {
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    app.save_to(path.clone());
    let saved = std::fs::read_to_string(&path).unwrap();
    let table =
        ashta_bots::seating::load(&ashta_bots::BotMaker::default(), &saved, None, None, 0).unwrap();
    App::new(table, app.settings).unwrap()
}

#[test]
fn a_loaded_game_shows_its_earlier_log_from_the_record() {
    let mut app = senior("human,random", 8, 5);
    let loaded = saved_and_loaded(&mut app, "first-game-load.json");
    let played: Vec<String> = app
        .journal
        .log
        .iter()
        .map(|l| without_cowries(&l.text))
        .collect();
    let shown: Vec<String> = loaded
        .journal
        .log
        .iter()
        .map(|l| without_cowries(&l.text))
        .collect();
    assert!(played.len() > 10, "the test wants a log to show");
    assert_eq!(shown[..played.len()], played[..], "{shown:#?}");
    assert!(shown[played.len()].starts_with("Game loaded after"));
    // Each throw shows as many mouths up as it had.
    for (a, b) in app.journal.log.iter().zip(&loaded.journal.log) {
        assert_eq!(a.text.matches('●').count(), b.text.matches('●').count());
    }
}

#[test]
fn undo_after_a_load_cuts_the_log_back_to_the_turn_taken_back() {
    let mut app = senior("human,random", 8, 5);
    let mut loaded = saved_and_loaded(&mut app, "first-game-undo.json");
    settle(&mut loaded);
    let before = loaded.journal.log.len();
    loaded.key(key(KeyCode::Char('u')));
    let last = &loaded.journal.log.last().unwrap().text;
    assert!(last.contains("takes the turn back"), "{last}");
    assert!(
        loaded.journal.log.len() < before,
        "the log was not cut back"
    );
    // The turn taken back is the last person's: no move of it is left in the log.
    let taken: Vec<&str> = loaded
        .journal
        .log
        .iter()
        .rev()
        .skip(1)
        .take_while(|l| !l.text.contains(" throws "))
        .map(|l| l.text.as_str())
        .collect();
    assert!(taken.is_empty(), "moves after the last throw: {taken:?}");
}

#[test]
fn the_board_marks_are_explained_on_the_screen_at_every_size() {
    for (w, h) in SIZES {
        let mut app = app("human,random,random,random", 3);
        let rows = screen_rows(&mut app, w, h);
        let screen = text(&rows);
        for words in ["▲ can move", "╳ safe"] {
            assert!(
                screen.contains(words),
                "{words:?} is not explained at {w}×{h}:\n{screen}"
            );
        }
        if w >= 80 {
            assert!(screen.contains("⌂ home"), "home at {w}×{h}:\n{screen}");
        }
        if w >= 120 {
            for words in ["= double", "#EN blocks E,N", "shut: gate shut"] {
                assert!(screen.contains(words), "{words:?} at {w}×{h}:\n{screen}");
            }
        }
    }
}

#[test]
fn r_draws_each_seats_route_in_turn_then_the_pawns_again() {
    let mut app = app("human,random,random,random", 3);
    let v = app.variant().clone();
    for seat in 0..4 {
        app.key(key(KeyCode::Char('r')));
        assert_eq!(app.view.route, Some(seat));
        let rows = screen_rows(&mut app, 120, 40);
        let screen = text(&rows);
        let name = ashta_tui::describe::player_name(&v, seat);
        assert!(screen.contains(&format!("{name}'s route")), "{screen}");
        // The start square shows 1 and the square before home the last step.
        let start = v.square(seat, 0);
        assert_eq!(v.path_index(seat, start), 0);
        assert!(screen.contains(&format!(" {} ", v.home())), "{screen}");
        if seat == 0 {
            for (w, h) in SIZES {
                let rows = screen_rows(&mut app, w, h);
                insta::assert_snapshot!(format!("route_{w}x{h}"), text(&rows));
            }
        }
    }
    app.key(key(KeyCode::Char('r')));
    assert_eq!(app.view.route, None);
    let rows = screen_rows(&mut app, 120, 40);
    assert!(text(&rows).contains("S4"), "the pawns are back");
}
