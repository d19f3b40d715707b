//! A table of real cowries (RULES.md 8.10): the people enter what fell, bots throw for
//! themselves, the events replay, and the record says its throws were entered at the
//! table and never shows a seed.

use ashta_bots::GreedyBot;
use ashta_engine::{Game, Rules};
use ashta_session::Bot;
use ashta_table::protocol::{ClientMessage, EventBody, Request, SeatAction, WsErrorCode};
use ashta_table::Table;

fn two_players() -> Rules {
    let mut rules = Rules::standard();
    rules.players = 2;
    rules
}

fn people() -> Table {
    Table::at_table(two_players(), 9, "00".into(), vec![None, None]).unwrap()
}

/// Values entered in turn by the people, graces among them.
const ENTERED: [u8; 7] = [2, 3, 1, 4, 2, 0, 3];

/// Steps a table game: a person enters the next value, a bot throws, the mover plays its
/// first legal move. The events made, as stored.
fn step(t: &mut Table, entered: &mut usize, people: &[bool]) -> Vec<serde_json::Value> {
    let seat = t.to_move();
    let events = if t.must_throw() && people[seat] {
        *entered += 1;
        t.act(seat, SeatAction::Enter(ENTERED[*entered % ENTERED.len()]))
            .unwrap()
    } else if t.must_throw() {
        t.act(seat, SeatAction::Throw).unwrap()
    } else {
        let mv = t.legal()[0];
        t.act(seat, SeatAction::Move(mv.into())).unwrap()
    };
    events
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect()
}

#[test]
fn a_person_enters_what_fell_and_is_not_thrown_for() {
    let mut t = people();
    assert!(t.entered_at_table());
    assert_eq!(
        t.act(0, SeatAction::Throw).unwrap_err().code,
        WsErrorCode::BadMessage
    );
    let events = t.act(0, SeatAction::Enter(4)).unwrap();
    assert!(matches!(
        events[0].body,
        EventBody::Throw { again: true, .. }
    ));
    assert_eq!(
        t.act(0, SeatAction::Enter(9)).unwrap_err().code,
        WsErrorCode::BadMessage
    );
    assert_eq!(
        t.act(1, SeatAction::Enter(2)).unwrap_err().code,
        WsErrorCode::NotYourTurn
    );
}

#[test]
fn a_seeded_table_takes_no_entered_throw() {
    let mut t = Table::new(two_players(), 9, "00".into(), vec![None, None]).unwrap();
    assert_eq!(
        t.act(0, SeatAction::Enter(2)).unwrap_err().code,
        WsErrorCode::BadMessage
    );
}

/// Entering a throw and taking one back are client messages like any other, read by
/// the one `ClientMessage` every holder of a table reads: the entry is the seat's
/// action, the take-back the holder's (it replays the game without the throw).
#[test]
fn entering_and_taking_back_a_throw_are_client_messages() {
    let enter: ClientMessage =
        serde_json::from_str(r#"{"type": "enter", "mouths_up": 2}"#).unwrap();
    let Request::Act(action) = Request::from(enter) else {
        panic!("an entered throw is the seat's action")
    };
    assert!(matches!(action, SeatAction::Enter(2)));
    let mut t = people();
    let events = t.act(0, action).unwrap();
    assert!(matches!(events[0].body, EventBody::Throw { .. }));
    let back: ClientMessage = serde_json::from_str(r#"{"type": "take_back"}"#).unwrap();
    assert!(matches!(Request::from(back), Request::TakeBack));
    // A seeded table refuses an entered throw given as a message too.
    let mut seeded = Table::new(two_players(), 9, "00".into(), vec![None, None]).unwrap();
    assert_eq!(
        seeded.act(0, SeatAction::Enter(2)).unwrap_err().code,
        WsErrorCode::BadMessage
    );
}

#[test]
fn the_person_who_entered_a_throw_may_take_it_back_before_a_move() {
    let mut t = people();
    t.act(0, SeatAction::Enter(2)).unwrap();
    assert!(t.may_take_back(0).is_ok());
    assert!(t.may_take_back(1).is_err(), "not the other player's");
    let mv = t.legal()[0];
    t.act(0, SeatAction::Move(mv.into())).unwrap();
    assert!(t.may_take_back(0).is_err(), "a move was played after it");
}

#[test]
fn a_table_game_with_a_bot_replays_from_its_events_and_its_record_has_no_seed() {
    let bots =
        || -> Vec<Option<Box<dyn Bot>>> { vec![None, Some(Box::new(GreedyBot::new(1, 0.0)))] };
    let mut t = Table::at_table(two_players(), 4, "00".into(), bots()).unwrap();
    let mut stored = Vec::new();
    let mut entered = 0;
    while !t.is_over() {
        stored.extend(step(&mut t, &mut entered, &[true, false]));
        assert!(stored.len() < 20_000, "the game ends");
    }
    let mut again = Table::at_table(two_players(), 4, "00".into(), bots()).unwrap();
    for event in &stored {
        again.replay(event).unwrap();
    }
    assert_eq!(again.position(), t.position());
    let record = t.record();
    assert!(record.table && record.seed.is_none() && record.salt.is_none());
    assert_eq!(Game::replay(&record).unwrap().position(), t.position());
}
