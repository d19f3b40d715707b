//! Helpers shared by the tests: games at a table, and driving the app as the event loop
//! does, with bot jobs run in place and time passing at once.

#![allow(dead_code)]

use std::time::Duration;

use ashta_engine::{Game, Rules};
use ashta_tui::app::{App, Settings};
use ashta_tui::seats::parse_list;
use ashta_tui::Table;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A table of the standard rules with these seats (the players follow the seats).
pub fn table(seats: &str, seed: u64) -> Table {
    let seats = parse_list(seats).unwrap();
    let mut rules = Rules::standard();
    rules.players = seats.len() as u8;
    let game = Game::new(rules, seed).unwrap();
    Table::new(game, seats, seed, Some(Duration::from_millis(30))).unwrap()
}

/// An app at that table, moves shown at once, and moved on to the first choice.
pub fn app(seats: &str, seed: u64) -> App {
    let settings = Settings {
        step_ms: 0,
        ..Settings::default()
    };
    let mut app = App::new(table(seats, seed), settings).unwrap();
    settle(&mut app);
    app
}

/// Runs the app until a human must choose, the game is over, or nothing moves:
/// bot jobs are run in place, time passes at once.
pub fn settle(app: &mut App) {
    for _ in 0..100_000 {
        app.advance();
        let jobs = app.take_jobs();
        if jobs.is_empty() && app.animation.is_none() {
            return;
        }
        for job in jobs {
            let done = job.run();
            app.job_done(done);
        }
        app.tick(Duration::from_secs(1));
    }
    panic!("the game did not settle");
}

/// A key without modifiers.
pub fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Types the characters of `text`.
pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        app.key(key(KeyCode::Char(c)));
    }
}
