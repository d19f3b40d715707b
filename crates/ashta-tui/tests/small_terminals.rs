//! The game on the small terminals players have: 80×24 (the usual default) and 60×20
//! (the smallest the game draws in). The moves are listed and the chosen one stays in
//! view however far down the list it is, the hint's percentages are whole, the title,
//! key bar and log fit, and the help scrolls to its last line.

mod common;

use ashta_tui::app::{App, HintLine, HintState, LogLine};
use ashta_tui::describe::move_words;
use ashta_tui::help::KEYS;
use ashta_tui::ui::MIN_SIZE;
use common::{app, app_with_many_moves, key, screen_rows};
use ratatui::crossterm::event::KeyCode;

/// The screen as one text, for snapshots.
fn text(rows: &[String]) -> String {
    rows.join("\n")
}

/// The words of the chosen move.
fn chosen_words(app: &App) -> String {
    let mv = app.chosen_move().expect("a move is chosen");
    move_words(app.variant(), app.position(), &mv)
}

/// A hint as the hint job leaves it, with plays long enough to be cut.
fn long_hint() -> HintState {
    let line = |chance: f64, words: &str| HintLine {
        chance,
        words: words.to_string(),
        first: None,
    };
    HintState::Ready(vec![
        line(0.634, "pawn c1→e2, then pawn b1→b3, then pair a3→a5"),
        line(0.5, "pawn c1→e2"),
        line(0.051, "pair c1→e2, then pawn e4→c5, then pawn c5→a4"),
    ])
}

/// Walks the list of moves down to its end and once round to the start, checking at
/// each step that the chosen move is on the screen, marked; returns the screen at the
/// last move.
fn walk_the_moves(app: &mut App, w: u16, h: u16) -> Vec<String> {
    let units = app.values()[app.choice.as_ref().unwrap().value].moves.len();
    let mut at_last = Vec::new();
    for step in 0..=units {
        let rows = screen_rows(app, w, h);
        let words = chosen_words(app);
        assert!(
            rows.iter().any(|r| r.contains(&format!("▶ {words}"))),
            "step {step}: the chosen move {words:?} is not on the screen:\n{}",
            text(&rows)
        );
        if step == units - 1 {
            at_last = rows;
        }
        app.key(key(KeyCode::Down));
    }
    at_last
}

/// The hint's lines are on the screen with their whole percentages.
fn assert_whole_percentages(rows: &[String], lines: usize) {
    for (k, pct) in ["63%", "50%", "5%"].iter().enumerate().take(lines) {
        let head = format!(" {}. {pct:>4} ", k + 1);
        assert!(
            rows.iter().any(|r| r.contains(&head)),
            "no {head:?} on the screen:\n{}",
            text(rows)
        );
    }
}

/// The title says the turn, the key bar keeps undo and save and ends with help and
/// quit, and every word of the newest log line is on the screen.
fn assert_bars_and_log_fit(app: &App, rows: &[String]) {
    let turn = format!("turn {}", app.session().game().turns().max(1));
    assert!(rows[0].trim_end().ends_with(&turn), "title: {:?}", rows[0]);
    assert!(rows[0].contains(&format!("seed {}", app.session().seed())));
    let bar = rows.last().unwrap().trim_end();
    assert!(
        bar.ends_with("? help  q quit") || bar.ends_with("? help q quit"),
        "key bar: {bar:?}"
    );
    for kept in ["u undo", "s save"] {
        assert!(bar.contains(kept), "{kept:?} fell off the key bar: {bar:?}");
    }
    let newest = &app.journal.log.last().unwrap().text;
    let log: Vec<&String> = rows.iter().skip_while(|r| !r.contains("┌ Log ")).collect();
    let log_words: String = log
        .iter()
        .map(|r| r.rsplit('│').nth(1).unwrap_or(""))
        .collect::<Vec<_>>()
        .join(" ");
    for word in newest.split(' ') {
        assert!(
            log_words.contains(word),
            "{word:?} of the newest log line {newest:?} is not in the log:\n{}",
            text(rows)
        );
    }
}

#[test]
fn the_selected_move_stays_visible_at_80_by_24() {
    let mut app = app_with_many_moves(8, 8);
    app.hint = Some(long_hint());
    let rows = walk_the_moves(&mut app, 80, 24);
    assert!(
        rows.iter().any(|r| r.contains(" 8 of 8 ↑↓ ")),
        "the panel says where in the list it is:\n{}",
        text(&rows)
    );
    insta::assert_snapshot!(text(&rows));
}

#[test]
fn the_selected_move_stays_visible_at_60_by_20() {
    let mut app = app_with_many_moves(8, 8);
    app.hint = Some(long_hint());
    let rows = walk_the_moves(&mut app, 60, 20);
    insta::assert_snapshot!(text(&rows));
}

#[test]
fn moves_are_listed_at_60_by_20_with_four_players() {
    // The smallest terminal and the most panels: four players, the moves still show.
    let mut app = app("human,random,random,random", 3);
    let units = app.values()[app.choice.as_ref().unwrap().value].moves.len();
    assert!(units >= 2, "the test needs a choice");
    let rows = screen_rows(&mut app, MIN_SIZE.0, MIN_SIZE.1);
    let moves = app.values()[app.choice.as_ref().unwrap().value]
        .moves
        .clone();
    for mv in moves {
        let words = move_words(app.variant(), app.position(), &mv);
        assert!(
            rows.iter().any(|r| r.contains(&words)),
            "{words:?} is not listed:\n{}",
            text(&rows)
        );
    }
    insta::assert_snapshot!(text(&rows));
}

#[test]
fn hint_percentages_are_shown_whole_at_80_by_24() {
    let mut app = app_with_many_moves(8, 8);
    app.hint = Some(long_hint());
    assert_whole_percentages(&screen_rows(&mut app, 80, 24), 3);
}

#[test]
fn hint_percentages_are_shown_whole_at_60_by_20() {
    let mut app = app_with_many_moves(8, 8);
    app.hint = Some(long_hint());
    assert_whole_percentages(&screen_rows(&mut app, 60, 20), 3);
}

/// The app of [`app_with_many_moves`] with a log line longer than the log is wide.
fn app_with_a_long_log_line() -> App {
    let mut app = app_with_many_moves(8, 8);
    app.journal.log.push(LogLine {
        player: Some(0),
        text: "S 1: pawn e5→d5 ×North (the only move, played for you)".to_string(),
    });
    app
}

#[test]
fn the_title_key_bar_and_log_fit_at_80_by_24() {
    let mut app = app_with_a_long_log_line();
    let rows = screen_rows(&mut app, 80, 24);
    assert_bars_and_log_fit(&app, &rows);
}

#[test]
fn the_title_key_bar_and_log_fit_at_60_by_20() {
    let mut app = app_with_a_long_log_line();
    let rows = screen_rows(&mut app, 60, 20);
    assert_bars_and_log_fit(&app, &rows);
}

/// Opens the help, scrolls it down a line at a time to its end, and checks that every
/// key of the help was on the screen on the way; returns the screen at the end.
fn scroll_the_help_to_its_end(app: &mut App, w: u16, h: u16) -> Vec<String> {
    app.resize(w, h);
    app.key(key(KeyCode::Char('?')));
    let mut seen = String::new();
    let mut last = Vec::new();
    for _ in 0..200 {
        let rows = screen_rows(app, w, h);
        seen += &text(&rows);
        let at_end = rows.iter().any(|r| r.contains(" end (↑ PgUp Home) "));
        last = rows;
        if at_end {
            break;
        }
        app.key(key(KeyCode::Down));
    }
    assert!(
        last.iter().any(|r| r.contains("quit (Ctrl-C: at once)")),
        "the help's last line is not reached:\n{}",
        text(&last)
    );
    for (k, what) in KEYS {
        let first_words: String = what.split(' ').take(3).collect::<Vec<_>>().join(" ");
        assert!(
            seen.contains(k) && seen.contains(&first_words),
            "the key {k} ({what}) never came into view"
        );
    }
    last
}

#[test]
fn the_help_scrolls_to_its_end_at_80_by_24() {
    let mut app = app("human,bot:greedy", 7);
    let rows = scroll_the_help_to_its_end(&mut app, 80, 24);
    insta::assert_snapshot!(text(&rows));
}

#[test]
fn the_help_scrolls_to_its_end_at_60_by_20() {
    let mut app = app("human,bot:greedy", 7);
    let rows = scroll_the_help_to_its_end(&mut app, 60, 20);
    insta::assert_snapshot!(text(&rows));
}

#[test]
fn end_and_home_jump_to_the_ends_of_the_help() {
    let mut app = app("human,bot:greedy", 7);
    app.resize(60, 20);
    app.key(key(KeyCode::Char('?')));
    app.key(key(KeyCode::End));
    let rows = screen_rows(&mut app, 60, 20);
    assert!(rows.iter().any(|r| r.contains("quit (Ctrl-C: at once)")));
    // Past the end, one Up scrolls back at once (nothing piles up beyond the end).
    app.key(key(KeyCode::Down));
    app.key(key(KeyCode::Up));
    let rows = screen_rows(&mut app, 60, 20);
    assert!(!rows.iter().any(|r| r.contains(" end (↑ PgUp Home) ")));
    app.key(key(KeyCode::Home));
    let rows = screen_rows(&mut app, 60, 20);
    assert!(rows.iter().any(|r| r.contains("THE GAME")));
}

#[test]
fn the_end_of_the_game_shows_its_places_and_keys_at_60_by_20() {
    let mut app = app("random,random,random,random", 9);
    common::settle(&mut app);
    let rows = screen_rows(&mut app, 60, 20);
    for text in [
        "Game over",
        "place  player",
        "Enter: final board",
        "Esc/q: quit",
    ] {
        assert!(
            rows.iter().any(|r| r.contains(text)),
            "{text:?} is not on the screen:\n{}",
            rows.join("\n")
        );
    }
}
