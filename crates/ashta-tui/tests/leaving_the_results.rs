//! The end of a game: Esc on the results asks before quitting and offers to save the
//! record, the results say how to review the game with `ashta analyze`, and the whole
//! results box, its keys included, fits the small terminals players have.

mod common;

use ashta_tui::app::{record_file, Overlay};
use ashta_tui::run::farewell;
use common::{app, key, screen_rows};
use ratatui::crossterm::event::KeyCode;

/// A finished game of bots, on its results.
fn finished() -> ashta_tui::App {
    let app = app("bot:greedy,random,bot:beginner", 5);
    assert!(app.position().is_over());
    assert_eq!(app.view.overlay, Overlay::End);
    app
}

#[test]
fn esc_on_the_results_asks_before_quitting() {
    let mut app = finished();
    app.key(key(KeyCode::Esc));
    assert!(!app.quit, "Esc quit at once");
    assert_eq!(app.view.overlay, Overlay::LeaveEnd);
    // Any other key stays on the results.
    app.key(key(KeyCode::Esc));
    assert!(!app.quit);
    assert_eq!(app.view.overlay, Overlay::End);
    // Asked again, q quits.
    app.key(key(KeyCode::Esc));
    app.key(key(KeyCode::Char('q')));
    assert!(app.quit);
}

#[test]
fn the_leave_question_lists_quit_save_and_stay_at_60_by_20() {
    let mut app = finished();
    app.key(key(KeyCode::Esc));
    let screen = screen_rows(&mut app, 60, 20).join("\n");
    let file = record_file(app.session().seed()).display().to_string();
    for part in [
        "Leave the game?",
        "q: quit",
        "s: save the record to",
        &file,
        "stay",
    ] {
        assert!(screen.contains(part), "{part:?} is not on:\n{screen}");
    }
}

#[test]
fn saving_from_the_leave_question_writes_a_record_that_replays_and_quits() {
    let dir = std::env::temp_dir().join(format!("ashta-leave-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The record goes to the current directory, as the prompt says.
    std::env::set_current_dir(&dir).unwrap();
    let mut app = finished();
    app.key(key(KeyCode::Esc));
    app.key(key(KeyCode::Char('s')));
    assert!(app.quit, "the game did not quit after saving");
    let file = record_file(app.session().seed());
    assert_eq!(app.saved.as_deref(), Some(file.as_path()));
    let text = std::fs::read_to_string(dir.join(&file)).expect("the record was written");
    let session = ashta_bots::seating::load(&ashta_bots::BotMaker::default(), &text, None, None, 0)
        .expect("the saved record loads");
    assert_eq!(session.game().turns(), app.session().game().turns());
    assert!(session.position().is_over());
    // Once the screen is gone, the file and the command that reviews it are printed.
    let said = farewell(app.session(), app.saved.as_deref(), Some(""));
    let wanted = format!("review it with: ashta analyze {}", file.display());
    assert!(said.contains(&wanted), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_results_name_the_analysis_before_and_after_saving() {
    let mut app = finished();
    let screen = screen_rows(&mut app, 80, 24).join("\n");
    assert!(
        screen.contains("s saves the record, then ashta analyze FILE"),
        "{screen}"
    );
    let path = std::env::temp_dir().join(format!("ashta-review-{}.json", std::process::id()));
    assert!(app.save_to(path.clone()));
    let screen = screen_rows(&mut app, 120, 40).join("\n");
    assert!(
        screen.contains(&format!("Review it: ashta analyze {}", path.display())),
        "{screen}"
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_save_that_cannot_be_written_says_why_and_does_not_quit() {
    let mut app = finished();
    // A directory of that name cannot be written as a file.
    let file = record_file(app.session().seed());
    let dir = std::env::temp_dir().join(format!("ashta-blocked-{}", std::process::id()));
    std::fs::create_dir_all(dir.join(&file)).unwrap();
    assert!(!app.save_to(dir.join(&file)));
    assert!(!app.quit);
    assert_eq!(app.saved, None);
    let said = app
        .journal
        .message
        .clone()
        .map(|(_, t)| t)
        .unwrap_or_default();
    assert!(said.starts_with("Cannot save to"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether every key of the results is whole on `screen`.
fn keys_whole(screen: &str) -> bool {
    [
        "Enter: final board",
        "n: new game",
        "s: save",
        "Esc/q: quit",
    ]
    .iter()
    .all(|k| screen.contains(k))
}

#[test]
fn the_results_keys_and_review_are_whole_at_60_by_20_80_by_24_and_120_by_40() {
    for seats in [
        "bot:greedy,random,bot:beginner",
        "human,random",
        "random,random,random,random",
    ] {
        let mut app = app(seats, 9);
        while !app.position().is_over() {
            // A person's game: each choice is played as the game chose it.
            app.key(key(KeyCode::Enter));
            app.key(key(KeyCode::Enter));
            common::settle(&mut app);
        }
        assert_eq!(app.view.overlay, Overlay::End, "{seats}");
        for (w, h) in [(60, 20), (80, 24), (120, 40)] {
            let screen = screen_rows(&mut app, w, h).join("\n");
            assert!(keys_whole(&screen), "{seats} at {w}x{h}:\n{screen}");
            assert!(
                screen.contains("then ashta analyze FILE"),
                "{seats} at {w}x{h}:\n{screen}"
            );
            assert!(
                screen.contains("┌ Game over"),
                "{seats} at {w}x{h}:\n{screen}"
            );
            assert!(screen.contains('└'), "the box is cut at {w}x{h}:\n{screen}");
        }
    }
}

#[test]
fn v_on_the_results_opens_the_replay_of_the_game_played() {
    let mut app = finished();
    assert!(app.take_review().is_none(), "a replay nobody asked for");
    app.key(key(KeyCode::Char('v')));
    assert!(!app.quit);
    let replay = app.take_review().expect("v asks for the replay");
    assert!(replay.from_game);
    // Every turn of the game is in it, and it is asked for once.
    let last = replay.steps.last().expect("steps").turn;
    assert_eq!(last, app.session().game().turns());
    assert!(app.take_review().is_none());
    assert_eq!(app.view.overlay, Overlay::End);
}

#[test]
fn the_save_prompt_on_the_results_names_ashta_analyze() {
    let mut app = finished();
    app.key(key(KeyCode::Char('s')));
    assert!(matches!(app.view.overlay, Overlay::Save(_)));
    let screen = screen_rows(&mut app, 80, 24).join("\n");
    assert!(screen.contains("ashta analyze ashta-save.json"), "{screen}");
    assert!(!screen.contains("ashta play --load"), "{screen}");
}

#[test]
fn s_then_esc_on_the_results_keeps_the_results_and_their_keys() {
    let mut app = finished();
    app.key(key(KeyCode::Char('s')));
    assert!(
        matches!(app.view.overlay, Overlay::Save(_)),
        "s asks for a file"
    );
    app.key(key(KeyCode::Esc));
    assert_eq!(app.view.overlay, Overlay::End, "Esc left the results");
    // The results' keys still answer: v opens the replay.
    app.key(key(KeyCode::Char('v')));
    assert!(
        app.take_review().is_some(),
        "v on the results did not open the replay"
    );
}

#[test]
fn the_exit_line_plays_the_same_game_again_with_its_rules_and_seats() {
    let app = finished();
    let said = farewell(app.session(), None, Some("--players 3 --preset standard"));
    let seed = app.session().seed();
    let wanted = format!(
        "`ashta play --players 3 --preset standard --seats bot:greedy,random,bot:beginner --seed {seed}`"
    );
    assert!(said.contains(&wanted), "{said}");
    // A game loaded from a file names its seed only.
    let loaded = farewell(app.session(), None, None);
    assert!(loaded.contains(&format!("Seed {seed}.")), "{loaded}");
    assert!(!loaded.contains("ashta play"), "{loaded}");
}
