//! Functions shared by the tests: games at a table, and driving the app as the event loop
//! does, with bot jobs run in place and time passing at once.

#![allow(dead_code)]

use ashta_bots::BotMaker;
use std::time::Duration;

use ashta_bots::seating::parse_list;
use ashta_engine::{Game, Rules};
use ashta_session::Session;
use ashta_tui::app::{App, Settings};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A table of the standard rules with these seats (the players follow the seats).
pub fn table(seats: &str, seed: u64) -> Session {
    let seats = parse_list(seats).unwrap();
    let mut rules = Rules::standard();
    rules.players = seats.len() as u8;
    let game = Game::new(rules, seed).unwrap();
    ashta_bots::seating::seat(
        &BotMaker::default(),
        game,
        seats,
        seed,
        Some(Duration::from_millis(30)),
    )
    .unwrap()
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
        if jobs.is_empty() && app.pace.animation.is_none() {
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

/// The screen of `app` drawn on a `w`×`h` test terminal, one string a row (the app is
/// told the size first, as the event loop does).
pub fn screen_rows(app: &mut App, w: u16, h: u16) -> Vec<String> {
    app.resize(w, h);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| ashta_tui::ui::draw(f, app)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buffer[(x, y)].symbol()).collect())
        .collect()
}

/// An app of `rules` at a table of these seats (the players follow the seats), moves
/// shown at once and played at the first Enter, moved on to the first choice.
pub fn app_of(mut rules: Rules, seats: &str, seed: u64) -> App {
    let seats = parse_list(seats).unwrap();
    rules.players = seats.len() as u8;
    let game = Game::new(rules, seed).unwrap();
    let table = ashta_bots::seating::seat(
        &BotMaker::default(),
        game,
        seats,
        seed,
        Some(Duration::from_millis(30)),
    )
    .unwrap();
    let settings = Settings {
        step_ms: 0,
        confirm: false,
        ..Settings::default()
    };
    let mut app = App::new(table, settings).unwrap();
    settle(&mut app);
    app
}

/// A two-player game of the standard board with `pawns` pawns each, you against a
/// random mover, played on (the first move of the best value each time, no second
/// Enter) until one value of your bag can move at least `units` units.
pub fn app_with_many_moves(pawns: u8, units: usize) -> App {
    let mut rules = Rules::standard();
    rules.pawns = Some(pawns);
    let mut app = app_of(rules, "human,random", 5);
    for _ in 0..2000 {
        let value = app.values().iter().position(|v| v.moves.len() >= units);
        if let Some(value) = value {
            // Choose that value with the arrows, as a player would.
            while app.choice.as_ref().unwrap().value != value {
                app.key(key(KeyCode::Right));
            }
            return app;
        }
        assert!(app.human_to_move(), "the game ended first");
        app.key(key(KeyCode::Enter));
        settle(&mut app);
    }
    panic!("no bag with {units} units to move");
}
