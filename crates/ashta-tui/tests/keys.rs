//! Every key path of the full-screen game does what it says, driven through the app
//! state without a terminal: choose, confirm, cancel, type a square or a value, undo,
//! save, load, hint, help, quit, and a whole game of bots to its end.

mod common;

use ashta_bots::BotMaker;
use std::path::PathBuf;

use ashta_bots::seating::parse_list;
use ashta_engine::IllegalMove;
use ashta_tui::app::{App, HintState, Overlay, Settings, Tone};
use common::{app, key, settle, type_text};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn message(app: &App) -> String {
    app.journal
        .message
        .as_ref()
        .map(|(_, m)| m.clone())
        .unwrap_or_default()
}

fn refused(app: &App) -> bool {
    matches!(app.journal.message, Some((Tone::Refused, _)))
}

/// Moves in the record made by player 0.
fn human_moves(app: &App) -> usize {
    app.session()
        .game()
        .record()
        .turns
        .iter()
        .filter(|t| t.player == 0)
        .map(|t| t.moves.len())
        .sum()
}

/// A seed whose first throw gives the human a choice of at least two units.
fn app_with_choice() -> App {
    for seed in 1..50 {
        let app = app("human,bot:greedy", seed);
        let units: usize = app.values().iter().map(|v| v.moves.len()).sum();
        if app.human_to_move() && units >= 2 {
            return app;
        }
    }
    panic!("no seed gives a choice");
}

#[test]
fn enter_chooses_then_a_second_enter_plays_the_move() {
    let mut app = app_with_choice();
    let before = *app.position();
    let chosen = app.chosen_move().expect("a move is chosen at once");
    app.key(key(KeyCode::Enter));
    assert!(app.choice.as_ref().unwrap().confirming);
    assert_eq!(*app.position(), before, "the first Enter only asks");
    assert!(message(&app).starts_with("Play it?"), "{}", message(&app));
    app.key(key(KeyCode::Enter));
    assert_eq!(human_moves(&app), 1);
    let turn = &app.session().game().record().turns[0];
    assert_eq!(turn.moves[0].value, chosen.value());
    assert_eq!(turn.moves[0].from, chosen.from_index());
    assert!(
        app.journal.log.iter().any(|l| l.text.starts_with("S ")),
        "{:?}",
        app.journal.log
    );
}

#[test]
fn esc_cancels_a_chosen_move() {
    let mut app = app_with_choice();
    let before = *app.position();
    app.key(key(KeyCode::Enter));
    app.key(key(KeyCode::Esc));
    assert!(!app.choice.as_ref().unwrap().confirming);
    assert!(message(&app).contains("Cancelled"), "{}", message(&app));
    assert_eq!(*app.position(), before);
    assert_eq!(human_moves(&app), 0);
}

#[test]
fn without_confirmation_one_enter_plays() {
    let mut app = app_with_choice();
    app.key(key(KeyCode::Char('x')));
    assert!(!app.settings.confirm);
    app.key(key(KeyCode::Enter));
    assert_eq!(human_moves(&app), 1);
}

#[test]
fn arrows_and_tab_walk_the_units_and_values() {
    let mut app = app_with_choice();
    let first = app.chosen_move().unwrap();
    let units: usize = app.values()[app.choice.as_ref().unwrap().value].moves.len();
    app.key(key(KeyCode::Down));
    if units > 1 {
        assert_ne!(app.chosen_move().unwrap(), first);
        app.key(key(KeyCode::Up));
        assert_eq!(app.chosen_move().unwrap(), first);
        app.key(key(KeyCode::Tab));
        assert_ne!(app.chosen_move().unwrap(), first);
        app.key(key(KeyCode::BackTab));
    } else {
        assert_eq!(app.chosen_move().unwrap(), first);
    }
    let values = app.values().len();
    app.key(key(KeyCode::Right));
    assert_eq!(app.choice.as_ref().unwrap().value, 1 % values);
    app.key(key(KeyCode::Left));
    assert_eq!(app.chosen_move().unwrap(), first);
}

#[test]
fn typing_a_square_picks_the_unit_there_or_says_why_not() {
    let mut app = app_with_choice();
    // Every pawn of South starts on c1.
    type_text(&mut app, "c1");
    assert!(!refused(&app), "{}", message(&app));
    assert_eq!(app.chosen_move().unwrap().from(), Some(0));
    assert!(app.choice.as_ref().unwrap().typed.is_empty());
    type_text(&mut app, "c5");
    assert!(refused(&app));
    assert!(
        message(&app).contains("c5 holds North's pawns, not yours"),
        "{}",
        message(&app)
    );
    type_text(&mut app, "d3");
    assert!(
        message(&app).contains("you have no pawn on d3"),
        "{}",
        message(&app)
    );
    type_text(&mut app, "9");
    assert!(
        message(&app).contains("There is no 9 in your bag"),
        "{}",
        message(&app)
    );
    // A letter waits for its rank; Backspace takes it back.
    type_text(&mut app, "b");
    assert_eq!(app.choice.as_ref().unwrap().typed, "b");
    app.key(key(KeyCode::Backspace));
    assert!(app.choice.as_ref().unwrap().typed.is_empty());
}

#[test]
fn typing_a_value_of_the_bag_chooses_it() {
    for seed in 1..200 {
        let mut app = app("human,bot:greedy", seed);
        let values = app.values();
        if values.len() < 2 || values[1].moves.is_empty() {
            continue;
        }
        type_text(&mut app, &values[1].value.to_string());
        assert_eq!(app.choice.as_ref().unwrap().value, 1);
        assert_eq!(app.chosen_move().unwrap().value(), values[1].value);
        return;
    }
    panic!("no seed gives a bag of two values");
}

#[test]
fn undo_takes_back_the_turn_with_the_same_throws() {
    let mut app = app_with_choice();
    let start = *app.position();
    let throws = app.session().game().record().turns[0].throws.clone();
    app.key(key(KeyCode::Enter));
    app.key(key(KeyCode::Enter));
    settle(&mut app);
    assert!(app.session().game().turns() > 1 || app.position().is_over());
    app.key(key(KeyCode::Char('u')));
    assert!(!refused(&app), "{}", message(&app));
    assert_eq!(
        *app.position(),
        start,
        "back to the human's choice with the same bag"
    );
    assert_eq!(app.session().game().record().turns.len(), 1);
    assert_eq!(app.session().game().record().turns[0].throws, throws);
    assert!(app.human_to_move());
    // Nothing more to take back.
    app.key(key(KeyCode::Char('u')));
    assert!(refused(&app));
    assert!(
        message(&app).contains("nothing to undo"),
        "{}",
        message(&app)
    );
}

#[test]
fn save_writes_a_file_that_loads_into_the_same_game() {
    let mut app = app_with_choice();
    app.key(key(KeyCode::Enter));
    app.key(key(KeyCode::Enter));
    settle(&mut app);
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tui-save-test.json");
    let _ = std::fs::remove_file(&path);
    app.key(key(KeyCode::Char('s')));
    assert!(matches!(app.view.overlay, Overlay::Save(_)));
    // Clear the offered name, type ours.
    for _ in 0..40 {
        app.key(key(KeyCode::Backspace));
    }
    type_text(&mut app, path.to_str().unwrap());
    app.key(key(KeyCode::Enter));
    assert_eq!(app.view.overlay, Overlay::None);
    assert!(message(&app).starts_with("Saved"), "{}", message(&app));
    let text = std::fs::read_to_string(&path).unwrap();
    let table = ashta_bots::seating::load(&BotMaker::default(), &text, None, None, 0).unwrap();
    assert_eq!(table.seats(), app.session().seats());
    assert_eq!(table.position(), app.position());
    // The loaded game goes on from there.
    let mut loaded = App::new(table, app.settings).unwrap();
    settle(&mut loaded);
    assert!(loaded.human_to_move() || loaded.position().is_over());
    assert!(
        loaded
            .journal
            .log
            .iter()
            .any(|l| l.text.contains("Game loaded")),
        "{:?}",
        loaded.journal.log
    );
}

#[test]
fn esc_in_the_save_prompt_saves_nothing() {
    let mut app = app_with_choice();
    app.key(key(KeyCode::Char('s')));
    app.key(key(KeyCode::Esc));
    assert_eq!(app.view.overlay, Overlay::None);
    assert!(message(&app).contains("Not saved"));
}

#[test]
fn saving_to_a_bad_place_says_so() {
    let mut app = app_with_choice();
    app.save_to(PathBuf::from("/no/such/dir/game.json"));
    assert!(refused(&app));
    assert!(message(&app).contains("Cannot save to /no/such/dir/game.json"));
}

#[test]
fn the_hint_ranks_plays_and_chooses_the_best_first_move() {
    let mut app = app_with_choice();
    app.key(key(KeyCode::Char('t')));
    assert_eq!(app.hint, Some(HintState::Waiting));
    let jobs = app.take_jobs();
    assert_eq!(jobs.len(), 1);
    for job in jobs {
        let done = job.run();
        app.job_done(done);
    }
    let Some(HintState::Ready(lines)) = &app.hint else {
        panic!("no hint: {:?}", app.hint);
    };
    assert!(!lines.is_empty() && lines.len() <= 3);
    assert!(lines.iter().all(|l| (0.0..=1.0).contains(&l.chance)));
    assert_eq!(app.chosen_move(), lines[0].first);
}

#[test]
fn help_opens_and_closes() {
    let mut app = app_with_choice();
    app.key(key(KeyCode::Char('?')));
    assert_eq!(app.view.overlay, Overlay::Help);
    app.key(key(KeyCode::Esc));
    assert_eq!(app.view.overlay, Overlay::None);
    app.key(key(KeyCode::F(1)));
    assert_eq!(app.view.overlay, Overlay::Help);
}

#[test]
fn quit_asks_first_and_ctrl_c_quits_at_once() {
    let mut app = app_with_choice();
    app.key(key(KeyCode::Char('q')));
    assert_eq!(app.view.overlay, Overlay::ConfirmQuit);
    app.key(key(KeyCode::Char('n')));
    assert_eq!(app.view.overlay, Overlay::None);
    assert!(!app.quit);
    app.key(key(KeyCode::Char('q')));
    app.key(key(KeyCode::Char('y')));
    assert!(app.quit);
    let mut app = app_with_choice();
    app.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(app.quit);
}

#[test]
fn speed_keys_change_the_animation_speed() {
    let mut app = app_with_choice();
    app.settings.step_ms = 150;
    app.key(key(KeyCode::Char('+')));
    assert!(app.settings.step_ms < 150);
    app.key(key(KeyCode::Char('-')));
    app.key(key(KeyCode::Char('-')));
    assert!(app.settings.step_ms > 150);
}

#[test]
fn bots_play_a_whole_game_to_the_end_screen() {
    let mut app = app("bot:greedy,random,bot:beginner", 5);
    assert!(app.position().is_over());
    assert_eq!(app.view.overlay, Overlay::End);
    let stats = app.stats.as_ref().expect("statistics at the end");
    let turns: usize = stats.turns.iter().sum();
    assert_eq!(turns, app.session().game().turns());
    assert!(app
        .journal
        .log
        .iter()
        .any(|l| l.text.starts_with("Game over")));
    // Without a person there is nothing to undo; q leaves.
    app.key(key(KeyCode::Char('u')));
    app.key(key(KeyCode::Char('q')));
    assert!(app.quit);
}

#[test]
fn bot_moves_are_shown_square_by_square() {
    let settings = Settings {
        step_ms: 100,
        ..Settings::default()
    };
    let mut app = App::new(common::table("random,human", 3), settings).unwrap();
    app.advance();
    let anim = app
        .pace
        .animation
        .clone()
        .expect("the random mover's move is shown");
    assert_eq!(anim.step, 0);
    let before = *app.position();
    app.tick(std::time::Duration::from_millis(100));
    assert_eq!(app.pace.animation.as_ref().unwrap().step, 1);
    assert_eq!(*app.position(), before, "the move lands only at the end");
    // Space shows the rest at once.
    app.key(key(KeyCode::Char(' ')));
    assert!(app.pace.animation.is_none());
    assert_ne!(*app.position(), before);
}

#[test]
fn an_only_move_is_played_for_you_unless_switched_off() {
    // Without doubles there are no pairs: a bag of one value from the start square
    // leaves exactly one move.
    for seed in 0..300 {
        let mut settings = Settings {
            step_ms: 0,
            ..Settings::default()
        };
        settings.auto_single = false;
        let mut rules = ashta_engine::Rules::standard();
        rules.players = 2;
        rules.doubles = false;
        let game = ashta_engine::Game::new(rules, seed).unwrap();
        let seats = parse_list("human,random").unwrap();
        let table =
            ashta_bots::seating::seat(&BotMaker::default(), game, seats, seed, None).unwrap();
        let mut app = App::new(table, settings).unwrap();
        settle(&mut app);
        let units: usize = app.values().iter().map(|v| v.moves.len()).sum();
        if units != 1 {
            continue;
        }
        assert!(app.human_to_move(), "switched off, the only move waits");
        app.key(key(KeyCode::Char('z')));
        assert!(app.settings.auto_single);
        assert!(human_moves(&app) >= 1, "switched on, it is played");
        return;
    }
    panic!("no seed gives a single move");
}

#[test]
fn keys_for_the_human_say_why_they_do_nothing_during_a_bot_turn() {
    let settings = Settings {
        step_ms: 100,
        ..Settings::default()
    };
    let mut app = App::new(common::table("random,human", 3), settings).unwrap();
    app.advance();
    app.key(key(KeyCode::Enter));
    assert!(refused(&app));
    assert!(
        message(&app).contains("wait for its move"),
        "{}",
        message(&app)
    );
    app.key(key(KeyCode::Char('t')));
    assert!(
        message(&app).contains("wait for your turn"),
        "{}",
        message(&app)
    );
}

#[test]
fn a_throw_that_moves_nothing_is_held_on_screen_and_explained() {
    // Traditional rules: pawns start off the board and only a grace brings them on, so a
    // first throw of 1, 2 or 3 moves nothing.
    for seed in 0..100 {
        let mut rules = ashta_engine::Rules::preset(ashta_engine::Preset::Traditional);
        rules.players = 2;
        let game = ashta_engine::Game::new(rules, seed).unwrap();
        let seats = parse_list("human,random").unwrap();
        let table =
            ashta_bots::seating::seat(&BotMaker::default(), game, seats, seed, None).unwrap();
        let mut app = App::new(table, Settings::default()).unwrap();
        app.advance();
        if app.pace.hold.is_zero() {
            continue;
        }
        assert!(refused(&app), "{}", message(&app));
        assert!(
            message(&app).contains(&IllegalMove::EntryNeedsGrace.to_string()),
            "{}",
            message(&app)
        );
        let turns = app.session().game().turns();
        app.advance();
        assert_eq!(
            app.session().game().turns(),
            turns,
            "the game waits while held"
        );
        // Any key goes on: North throws next.
        app.key(key(KeyCode::Char('+')));
        assert!(app.session().game().turns() > turns);
        return;
    }
    panic!("no seed gives a first throw without a grace");
}

#[test]
fn a_move_is_shown_along_every_square_of_its_path() {
    let mut game = ashta_engine::Game::new(ashta_engine::Rules::standard(), 1).unwrap();
    game.throw(ashta_engine::ThrowFrom::Entered(3)).unwrap();
    let mv = game
        .variant()
        .find_move(game.position(), 3, Some(0), 1)
        .unwrap();
    let squares = ashta_tui::app::path_squares(game.variant(), game.position(), &mv);
    let names: Vec<String> = squares.iter().map(|s| s.name(5)).collect();
    assert_eq!(names, ["d1", "e1", "e2"]);
}

fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

/// The file name in the save prompt.
fn save_name(app: &App) -> String {
    match &app.view.overlay {
        Overlay::Save(field) => field.text(),
        other => panic!("no save prompt: {other:?}"),
    }
}

#[test]
fn ctrl_u_clears_the_file_name_in_the_save_prompt() {
    let mut app = app_with_choice();
    app.key(key(KeyCode::Char('s')));
    assert_eq!(save_name(&app), "ashta-save.json");
    app.key(ctrl('u'));
    assert_eq!(save_name(&app), "");
    type_text(&mut app, "mine.json");
    assert_eq!(save_name(&app), "mine.json");
}

#[test]
fn ctrl_a_and_ctrl_e_move_to_the_start_and_end_of_the_file_name() {
    let mut app = app_with_choice();
    app.key(key(KeyCode::Char('s')));
    app.key(ctrl('a'));
    type_text(&mut app, "old-");
    assert_eq!(save_name(&app), "old-ashta-save.json");
    app.key(ctrl('e'));
    type_text(&mut app, ".bak");
    assert_eq!(save_name(&app), "old-ashta-save.json.bak");
}

#[test]
fn ctrl_w_deletes_the_last_word_of_the_file_name() {
    let mut app = app_with_choice();
    app.key(key(KeyCode::Char('s')));
    app.key(ctrl('u'));
    type_text(&mut app, "saves/today");
    app.key(ctrl('w'));
    assert_eq!(save_name(&app), "saves/");
}

#[test]
fn no_ctrl_chord_types_its_letter_in_the_save_prompt() {
    let mut app = app_with_choice();
    app.key(key(KeyCode::Char('s')));
    for c in ('a'..='z').filter(|c| !"cuwkhd".contains(*c)) {
        app.key(ctrl(c));
        assert_eq!(
            save_name(&app),
            "ashta-save.json",
            "Ctrl-{c} changed the file name"
        );
    }
    app.key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT));
    assert_eq!(save_name(&app), "ashta-save.json");
    // Enter still saves under the name as it is.
    assert!(matches!(app.view.overlay, Overlay::Save(_)));
}

#[test]
fn ctrl_chords_do_not_act_as_their_letters_in_the_game() {
    let mut app = app_with_choice();
    let choice = app.choice.clone();
    for c in ['s', 'q', 'u', 't', 'a', 'b', '?'] {
        app.key(ctrl(c));
    }
    assert_eq!(app.view.overlay, Overlay::None);
    assert_eq!(app.choice, choice);
    assert!(!app.quit);
}

#[test]
fn throws_after_a_grace_come_one_by_one() {
    let settings = Settings {
        step_ms: 100,
        ..Settings::default()
    };
    for seed in 0..200 {
        let mut app = App::new(common::table("human,random", seed), settings).unwrap();
        app.advance();
        if app.pace.pause.is_zero() {
            continue;
        }
        // A grace first: it is shown alone while the phase goes on.
        let shown = app.journal.last_throw.clone().expect("the grace is shown");
        assert_eq!(shown.throws.len(), 1);
        assert_eq!(shown.end, ashta_engine::ThrowStep::Again);
        assert!(app.session().game().throwing());
        assert!(!app.human_to_move());
        app.advance();
        assert_eq!(
            app.journal.last_throw.as_ref().unwrap().throws.len(),
            1,
            "it waits"
        );
        // Time passes: the next throw comes.
        app.tick(std::time::Duration::from_millis(300));
        assert!(app.journal.last_throw.as_ref().unwrap().throws.len() >= 2);
        let throws = app
            .journal
            .log
            .iter()
            .filter(|l| l.text.contains("throws"))
            .count();
        assert!(throws >= 2, "{:?}", app.journal.log);
        return;
    }
    panic!("no seed gives a grace first");
}

/// A person's throw that no pawn can use is explained with the engine's reasons (the
/// gate, the exact count home, a double), not a guess.
#[test]
fn a_forfeited_throw_of_a_person_says_the_rule_that_stops_the_pawns() {
    let mut app = app("human,random", 3);
    let mut said = None;
    for _ in 0..400 {
        if let Some((_, text)) = &app.journal.message {
            if text.contains("the bag is forfeited (") {
                said = Some(text.clone());
                break;
            }
        }
        if app.position().is_over() {
            break;
        }
        app.key(key(KeyCode::Enter));
        app.key(key(KeyCode::Enter));
        settle(&mut app);
    }
    let said = said.expect("a forfeited throw of South's in the game");
    let rules = [
        IllegalMove::GateClosed.to_string(),
        IllegalMove::Overshoots.to_string(),
        IllegalMove::EntryNeedsGrace.to_string(),
        "blocks the way".to_string(),
        "'s double holds".to_string(),
    ];
    assert!(
        said.starts_with("South threw ") && rules.iter().any(|r| said.contains(r.as_str())),
        "{said}"
    );
}

#[test]
fn a_loaded_game_shows_the_throws_its_bag_came_from() {
    let app = app_with_choice();
    let saved = app.session().save();
    let session = ashta_bots::seating::load(&BotMaker::default(), &saved, None, None, 0).unwrap();
    let loaded = App::new(session, ashta_tui::app::Settings::default()).unwrap();
    let shown = loaded
        .journal
        .last_throw
        .clone()
        .expect("the panel shows the last throws");
    let turn = loaded
        .session()
        .game()
        .record()
        .turns
        .last()
        .unwrap()
        .clone();
    assert_eq!(shown.player, usize::from(turn.player));
    let ups: Vec<u8> = shown.throws.iter().map(|c| c.mouths_up()).collect();
    assert_eq!(ups, turn.throws);
    // The person is to move with a bag: the phase ended in moving.
    assert_eq!(shown.end, ashta_engine::ThrowStep::Moving);
    assert_eq!(
        shown,
        app.journal
            .last_throw
            .clone()
            .unwrap_or(shown.clone())
            .clone()
    );
}

#[test]
fn the_end_screen_starts_a_new_game_at_the_same_table_with_the_next_seed() {
    let mut app = app("bot:greedy,random,bot:beginner", 5);
    assert_eq!(app.view.overlay, Overlay::End);
    let seats = app.session().seats().to_vec();
    app.key(key(KeyCode::Char('n')));
    assert!(!app.quit);
    assert_eq!(app.session().seed(), 6);
    assert_eq!(app.session().seats(), seats.as_slice());
    assert_ne!(app.view.overlay, Overlay::End);
    settle(&mut app);
    assert!(
        app.position().is_over(),
        "the new game is played to its end too"
    );
}

#[test]
fn after_an_undo_the_throw_panel_shows_the_cowries_as_they_fell() {
    // A game whose person's first throw is not the pattern "the first k cowries up",
    // which is all a record keeps.
    let canonical =
        |c: &ashta_engine::Cowries| ashta_engine::Cowries::with_mouths_up(c.mouths_up(), c.count);
    let (mut app, before) = (1..200)
        .find_map(|seed| {
            let app = app("human,bot:greedy", seed);
            let shown = app.journal.last_throw.clone()?;
            let unusual = shown.throws.iter().any(|c| *c != canonical(c));
            (app.human_to_move() && unusual).then_some((app, shown))
        })
        .expect("a seed whose throw is not in the record's order");
    app.key(key(KeyCode::Enter));
    app.key(key(KeyCode::Enter));
    settle(&mut app);
    app.key(key(KeyCode::Char('u')));
    settle(&mut app);
    let after = app
        .journal
        .last_throw
        .clone()
        .expect("the throws are shown again");
    assert_eq!(after.player, before.player);
    // The same cowries, not a pattern with as many up: the panel agrees with the log.
    assert_eq!(after.throws, before.throws);
}

#[test]
fn the_legal_moves_are_worked_out_once_per_position() {
    let mut app = app_with_choice();
    let first = app.values();
    // Keys and frames that leave the position as it is ask the engine nothing new.
    app.key(key(KeyCode::Down));
    let _ = common::screen_rows(&mut app, 80, 24);
    assert!(std::rc::Rc::ptr_eq(&first, &app.values()));
    // A move played: the new position's moves are the engine's for it.
    app.key(key(KeyCode::Enter));
    app.key(key(KeyCode::Enter));
    settle(&mut app);
    if app.human_to_move() {
        let now = app.values();
        assert!(!std::rc::Rc::ptr_eq(&first, &now));
        let mut moves = ashta_engine::MoveList::new();
        app.variant().legal_moves(app.position(), &mut moves);
        let cached: usize = now.iter().map(|v| v.moves.len()).sum();
        assert_eq!(cached, moves.len());
    }
}
