//! The replay viewer steps through a recorded game forwards and backwards, by step and
//! by turn, and refuses a record that does not replay.

mod common;

use ashta_tui::Replay;
use common::{app, key};
use ratatui::crossterm::event::KeyCode;

fn finished_game() -> String {
    let app = app("bot:greedy,random", 4);
    assert!(app.position().is_over());
    app.session().save()
}

#[test]
fn a_game_has_a_step_for_the_start_each_throw_and_each_move() {
    let text = finished_game();
    let saved: ashta_session::SavedGame = serde_json::from_str(&text).unwrap();
    let replay = Replay::from_text(&text).unwrap();
    let turns = saved.record.turns.len();
    let moves: usize = saved.record.turns.iter().map(|t| t.moves.len()).sum();
    assert_eq!(replay.steps.len(), 1 + turns + moves);
    assert!(replay.steps.last().unwrap().position.is_over());
    // The bare record replays the same.
    let bare = serde_json::to_string(&saved.record).unwrap();
    assert_eq!(
        Replay::from_text(&bare).unwrap().steps.len(),
        replay.steps.len()
    );
}

#[test]
fn keys_step_forwards_backwards_and_by_turn() {
    let mut r = Replay::from_text(&finished_game()).unwrap();
    let last = r.steps.len() - 1;
    r.key(key(KeyCode::Left));
    assert_eq!(r.at, 0, "no step before the start");
    r.key(key(KeyCode::Right));
    r.key(key(KeyCode::Right));
    assert_eq!(r.at, 2);
    r.key(key(KeyCode::Left));
    assert_eq!(r.at, 1);
    r.key(key(KeyCode::Down));
    assert_eq!(r.steps[r.at].turn, 2);
    assert!(r.steps[r.at].text.contains(" throws "));
    r.key(key(KeyCode::Right));
    r.key(key(KeyCode::Up));
    assert_eq!(r.steps[r.at].turn, 2, "back to the start of the turn");
    assert!(r.steps[r.at].text.contains(" throws "));
    r.key(key(KeyCode::Up));
    assert_eq!(r.steps[r.at].turn, 1, "then to the turn before");
    r.key(key(KeyCode::End));
    assert_eq!(r.at, last);
    r.key(key(KeyCode::Right));
    assert_eq!(r.at, last, "no step after the end");
    r.key(key(KeyCode::Home));
    assert_eq!(r.at, 0);
    r.key(key(KeyCode::Char('q')));
    assert!(r.quit);
}

#[test]
fn a_record_that_does_not_replay_is_refused() {
    let mut saved: serde_json::Value = serde_json::from_str(&finished_game()).unwrap();
    saved["record"]["turns"][0]["player"] = serde_json::json!(1);
    let err = format!("{:#}", Replay::from_text(&saved.to_string()).err().unwrap());
    assert!(err.contains("does not replay"), "{err}");
    let transcript = Replay::from_text(&finished_game()).unwrap().transcript();
    assert!(transcript.starts_with("turn 1: S throws "), "{transcript}");
    assert!(transcript.contains("result: "), "{transcript}");
}

/// The replay draws each throw's shells as the game showed them: the cowries the game's
/// seed drew, each in its place, not as many mouths up in a row.
#[test]
fn the_replay_shows_each_throws_shells_in_the_order_the_game_threw_them() {
    use ashta_engine::{SeededThrows, ThrowSource};
    use ashta_tui::describe::cowrie_marks;
    let text = finished_game();
    let saved: ashta_session::SavedGame = serde_json::from_str(&text).unwrap();
    let record = &saved.record;
    let replay = Replay::from_text(&text).unwrap();
    let table = replay.variant.table();
    let mut seeded = SeededThrows::new(record.seed.expect("a game with a seed"));
    let mut out_of_order = 0;
    for (k, turn) in record.turns.iter().enumerate() {
        for _ in 0..turn.skipped {
            seeded.throw_cowries(table.cowries(), table.mouth_up());
        }
        let step = replay
            .steps
            .iter()
            .find(|s| s.turn == k + 1)
            .expect("a step for each turn's throws");
        for _ in &turn.throws {
            let drawn = seeded.throw_cowries(table.cowries(), table.mouth_up());
            let marks = cowrie_marks(drawn);
            assert!(
                step.text.contains(&marks),
                "turn {}: the game threw {marks}, the replay says {}",
                k + 1,
                step.text
            );
            let in_a_row = ashta_engine::Cowries::with_mouths_up(drawn.mouths_up(), drawn.count);
            out_of_order += usize::from(in_a_row != drawn);
        }
    }
    assert!(
        out_of_order > 0,
        "no throw whose shells differ from mouths up in a row"
    );
}
