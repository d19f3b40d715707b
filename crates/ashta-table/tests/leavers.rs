//! A game ended at the table over players who left (RULES.md 8.6): the claimed win or
//! the draw is the `finished` event's result, the game's record says so and verifies,
//! and a table that replays the stored events ends the same way.

use ashta_engine::{Game, Rules};
use ashta_table::protocol::{Event, EventBody, WsErrorCode};
use ashta_table::{Table, OPPONENTS_LEFT};

mod common;
use common::first_legal_action;

/// A game of `players` people, played (first legal move each time) for `steps` actions:
/// its table and every event it made.
fn game(players: u8, steps: usize) -> (Table, Vec<Event>) {
    let mut rules = Rules::standard();
    rules.players = players;
    let seats = (0..players).map(|_| None).collect();
    let mut t = Table::new(rules, 11, "00ff".into(), seats).unwrap();
    let mut events = t.start();
    for _ in 0..steps {
        events.extend(first_legal_action(&mut t));
    }
    assert!(!t.is_over());
    (t, events)
}

/// A new table of the same game with every stored event (as JSON) applied again.
fn replayed(players: u8, events: &[Event]) -> Table {
    let mut rules = Rules::standard();
    rules.players = players;
    let seats = (0..players).map(|_| None).collect();
    let mut t = Table::new(rules, 11, "00ff".into(), seats).unwrap();
    for e in events {
        t.replay(&serde_json::to_value(e).unwrap()).unwrap();
    }
    t
}

#[test]
fn a_claimed_win_is_the_finished_events_result_and_replays() {
    let (mut t, mut events) = game(2, 25);
    let ended = t.claim_win(0).unwrap();
    assert_eq!(ended.len(), 1);
    let EventBody::Finished { result, reveal } = &ended[0].body else {
        panic!("a finished event: {:?}", ended[0]);
    };
    assert_eq!(result.winner, Some(0));
    assert!(result.claimed);
    assert_eq!(result.draw, None);
    assert_eq!(reveal.seed, "11");
    let json = serde_json::to_value(&ended[0]).unwrap();
    assert_eq!(json["result"]["claimed"], true, "{json}");
    events.extend(ended);
    // The record says the win was claimed, and verifies with its seed.
    let record = t.record();
    let recorded = record.result.clone().unwrap();
    assert!(recorded.claimed);
    let game = Game::replay(&record).unwrap();
    assert!(game.position().claimed());
    assert_eq!(game.position().winner(), Some(0));
    // A table loaded from the stored events ends the same way.
    let again = replayed(2, &events);
    assert_eq!(again.result(), t.result());
    assert_eq!(again.version(), t.version());
}

#[test]
fn a_draw_over_players_who_left_is_the_finished_events_result_and_replays() {
    let (mut t, mut events) = game(2, 25);
    let ended = t.end_drawn_over_leavers().unwrap();
    let EventBody::Finished { result, .. } = &ended[0].body else {
        panic!("a finished event: {:?}", ended[0]);
    };
    assert_eq!(result.draw.as_deref(), Some(OPPONENTS_LEFT));
    assert_eq!(result.winner, None);
    assert!(!result.claimed);
    events.extend(ended);
    let record = t.record();
    assert_eq!(
        record.result.as_ref().unwrap().draw.as_deref(),
        Some("declared")
    );
    assert!(Game::replay(&record).unwrap().position().is_over());
    let again = replayed(2, &events);
    assert_eq!(again.result(), t.result());
}

/// With more than two seats the claimant is placed after the players already home and
/// wins only when nobody is: in a game of three, the claimant is the winner.
#[test]
fn a_claim_in_a_game_of_three_makes_the_claimant_the_winner() {
    let (mut t, events) = game(3, 30);
    let ended = t.claim_win(2).unwrap();
    let EventBody::Finished { result, .. } = &ended[0].body else {
        panic!("a finished event");
    };
    assert_eq!(result.winner, Some(2));
    assert_eq!(result.places, vec![2]);
    let mut all = events;
    all.extend(ended);
    assert_eq!(replayed(3, &all).result(), t.result());
}

#[test]
fn a_claim_is_refused_once_the_game_is_over_and_for_a_seat_not_in_it() {
    let (mut t, _) = game(2, 10);
    assert_eq!(t.claim_win(5).unwrap_err().code, WsErrorCode::CannotClaim);
    assert!(!t.is_over());
    t.claim_win(1).unwrap();
    assert_eq!(t.claim_win(0).unwrap_err().code, WsErrorCode::GameOver);
    assert_eq!(
        t.end_drawn_over_leavers().unwrap_err().code,
        WsErrorCode::GameOver
    );
}
