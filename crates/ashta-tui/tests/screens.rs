//! Snapshots of the main screens, drawn on ratatui's test backend: a human's choice on
//! the standard board, a 7×7 board, the help, the save prompt, the end of a game, a
//! terminal that is too small, and the replay viewer.

mod common;

use ashta_bots::seating::parse_list;
use ashta_bots::BotMaker;
use ashta_engine::{Game, Rules};
use ashta_tui::app::{App, Overlay, Settings};
use ashta_tui::Replay;
use common::{app, key, settle};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::Terminal;

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| ashta_tui::ui::draw(f, app)).unwrap();
    terminal.backend().to_string()
}

#[test]
fn choosing_a_move_on_the_standard_board() {
    let app = app("human,bot:greedy,bot:beginner,random", 7);
    assert!(app.human_to_move());
    insta::assert_snapshot!(screen(&app, 110, 34));
}

#[test]
fn a_seven_by_seven_board_with_moves_played() {
    let mut rules = Rules::preset(ashta_engine::Preset::Senior);
    rules.players = 2;
    let game = Game::new(rules, 4).unwrap();
    // Random movers: the engine's moves only, so the picture does not change when the
    // bots are tuned.
    let seats = parse_list("random,random").unwrap();
    let table = ashta_bots::seating::seat(&BotMaker::default(), game, seats, 4, None).unwrap();
    let settings = Settings {
        step_ms: 0,
        ..Settings::default()
    };
    let mut app = App::new(table, settings).unwrap();
    // Twelve turns of bots, then look.
    while app.session().game().turns() < 12 {
        app.advance();
        for job in app.take_jobs() {
            let done = job.run();
            app.job_done(done);
        }
        app.tick(std::time::Duration::from_secs(1));
    }
    insta::assert_snapshot!(screen(&app, 120, 40));
}

#[test]
fn the_help_screen() {
    let mut app = app("human,bot:greedy", 7);
    app.key(key(KeyCode::Char('?')));
    assert_eq!(app.view.overlay, Overlay::Help);
    insta::assert_snapshot!(screen(&app, 110, 34));
}

#[test]
fn the_save_prompt() {
    let mut app = app("human,bot:greedy", 7);
    app.key(key(KeyCode::Char('s')));
    insta::assert_snapshot!(screen(&app, 100, 30));
}

#[test]
fn the_end_of_a_game_with_places_and_statistics() {
    let mut app = app("random,random,random,random", 9);
    settle(&mut app);
    assert_eq!(app.view.overlay, Overlay::End);
    insta::assert_snapshot!(screen(&app, 110, 34));
}

#[test]
fn a_terminal_too_small_says_so() {
    let app = app("human,bot:greedy", 7);
    insta::assert_snapshot!(screen(&app, 40, 10));
}

#[test]
fn the_replay_viewer_in_the_middle_of_a_game() {
    let app = app("random,random", 2);
    let mut replay = Replay::from_text(&app.session().save()).unwrap();
    for _ in 0..15 {
        replay.key(key(KeyCode::Right));
    }
    replay.key(key(KeyCode::Down));
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal
        .draw(|f| ashta_tui::replay::draw(f, &replay))
        .unwrap();
    insta::assert_snapshot!(terminal.backend().to_string());
}

#[test]
fn hotseat_under_grace_entry_offers_to_bring_pawns_on() {
    // Two people at one keyboard, traditional rules: pawns start off the board and a
    // grace brings them on. Find a seed whose first bag holds a grace.
    for seed in 0..200 {
        let mut rules = Rules::preset(ashta_engine::Preset::Traditional);
        rules.players = 2;
        let game = Game::new(rules, seed).unwrap();
        let seats = parse_list("human,human").unwrap();
        let table =
            ashta_bots::seating::seat(&BotMaker::default(), game, seats, seed, None).unwrap();
        let settings = Settings {
            step_ms: 0,
            ..Settings::default()
        };
        let mut app = App::new(table, settings).unwrap();
        settle(&mut app);
        let entry = app.chosen_move().is_some_and(|m| m.from().is_none());
        if !app.human_to_move() || app.position().to_move() != 0 || !entry {
            continue;
        }
        insta::assert_snapshot!(screen(&app, 100, 30));
        return;
    }
    panic!("no seed gives South a grace first");
}
