//! The server's messages (`docs/web-api.md`, "Server messages"): each kind serializes to
//! the JSON the page reads (pinned in `tests/server_messages/*.json`, one example of each
//! as the server wrote it when its messages were put together by hand), and reads back
//! to the message it was written from.

use ashta_engine::Rules;
use ashta_table::messages::{
    ClaimableMessage, EventText, PresenceMessage, ServerMessage, Snapshot,
};
use ashta_table::protocol::{AwayView, Event, SeatOccupant, SeatView, WsError, WsErrorCode};
use ashta_table::Table;
use serde_json::Value;

mod common;
use common::first_legal_action;

/// A two-player game of the standard rules, played (first legal move each time) until a
/// throw leaves a bag to play: its table and every event it made.
fn game() -> (Table, Vec<Event>) {
    let mut rules = Rules::standard();
    rules.players = 2;
    let mut t = Table::new(rules, 7, "00ff".into(), vec![None, None]).unwrap();
    let mut events = t.start();
    loop {
        events.extend(first_legal_action(&mut t));
        if !t.must_throw() && events.len() > 1 {
            return (t, events);
        }
    }
}

fn seats() -> Vec<SeatView> {
    vec![
        SeatView {
            seat: 0,
            kind: SeatOccupant::Human,
            name: Some("Asha".into()),
            level: None,
            connected: Some(true),
            away: None,
        },
        SeatView {
            seat: 1,
            kind: SeatOccupant::Human,
            name: None,
            level: None,
            connected: Some(false),
            away: Some(AwayView {
                since: 1000,
                stand_in_at: Some(61000),
                played: 2,
                by: "greedy".into(),
                claim_at: None,
            }),
        },
    ]
}

/// One message of each kind, with the name of its pinned example.
fn examples() -> Vec<(&'static str, ServerMessage)> {
    let (t, events) = game();
    let state = ServerMessage::State {
        you: Some(0),
        game: Box::new(Snapshot {
            id: "g1".into(),
            table: t.snapshot(),
            seats: seats(),
            commitment: "c0ffee".into(),
            turn_deadline: Some(123000),
            created_at: 1,
            updated_at: 2,
            events_from: Some(1),
            events: events.iter().map(EventText::of).collect(),
        }),
    };
    let event = t.event_message(events.last().unwrap(), Some(99000));
    let back = ServerMessage::Presence(PresenceMessage {
        seat: 1,
        present: true,
        seats: seats(),
        turn_deadline: None,
        played: Some(2),
        by: Some("greedy".into()),
    });
    let left = ServerMessage::Presence(PresenceMessage {
        seat: 1,
        present: false,
        seats: seats(),
        turn_deadline: Some(61000),
        played: None,
        by: None,
    });
    let error = ServerMessage::Error(WsError::new(
        WsErrorCode::NotYourTurn,
        "it is seat 1's turn",
    ));
    vec![
        ("state", state),
        ("event", event),
        ("presence-back", back),
        ("presence-left", left),
        ("error", error),
        ("pong", ServerMessage::Pong),
        (
            "claimable",
            ServerMessage::Claimable(ClaimableMessage {
                claimants: vec![0],
                away: vec![1],
            }),
        ),
    ]
}

fn pinned(name: &str) -> Value {
    let path = format!(
        "{}/tests/server_messages/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

#[test]
fn every_message_kind_has_a_pinned_example() {
    let kinds: Vec<&str> = examples()
        .iter()
        .map(|(_, m)| match m {
            ServerMessage::State { .. } => "state",
            ServerMessage::Event(_) => "event",
            ServerMessage::Presence(_) => "presence",
            ServerMessage::Error(_) => "error",
            ServerMessage::Pong => "pong",
            ServerMessage::Claimable(_) => "claimable",
        })
        .collect();
    for kind in ["state", "event", "presence", "error", "pong", "claimable"] {
        assert!(kinds.contains(&kind), "{kind}");
    }
}

#[test]
fn each_message_serializes_to_the_json_the_page_reads() {
    for (name, message) in examples() {
        let sent: Value = serde_json::from_str(&message.to_text()).unwrap();
        assert_eq!(sent, pinned(name), "{name}");
        assert_eq!(message.to_value(), sent, "{name}");
    }
}

#[test]
fn each_message_reads_back_to_itself() {
    for (name, message) in examples() {
        let text = message.to_text();
        let read: ServerMessage = serde_json::from_str(&text).unwrap();
        assert_eq!(read, message, "{name}");
        assert_eq!(read.to_text().len(), text.len(), "{name}");
        let from_value: ServerMessage = serde_json::from_value(message.to_value()).unwrap();
        assert_eq!(from_value, message, "{name}");
    }
}

#[test]
fn the_message_type_comes_first_on_the_wire() {
    for (name, message) in examples() {
        assert!(message.to_text().starts_with(r#"{"type":""#), "{name}");
    }
}

/// The offline table's snapshot holds every event and says no `events_from`.
#[test]
fn a_snapshot_without_events_from_leaves_it_out_and_reads_back() {
    let (t, events) = game();
    let snapshot = Snapshot {
        id: "local-1".into(),
        table: t.snapshot(),
        seats: seats(),
        commitment: "c0ffee".into(),
        turn_deadline: None,
        created_at: 1,
        updated_at: 1,
        events_from: None,
        events: events.iter().map(EventText::of).collect(),
    };
    let message = ServerMessage::State {
        you: None,
        game: Box::new(snapshot),
    };
    let value = message.to_value();
    assert!(value["game"].get("events_from").is_none());
    assert_eq!(value["you"], Value::Null);
    assert_eq!(
        value["game"]["events"].as_array().unwrap().len(),
        events.len()
    );
    let read: ServerMessage = serde_json::from_value(value).unwrap();
    assert_eq!(read, message);
}

#[test]
fn a_stored_event_is_sent_as_stored() {
    let (_, events) = game();
    let stored = serde_json::to_string(&events[0]).unwrap();
    let text = EventText::stored(stored.clone()).unwrap();
    assert_eq!(text.get(), stored);
    assert_eq!(text, EventText::of(&events[0]));
    assert!(EventText::stored("{not json".into()).is_err());
}

#[test]
fn a_message_of_an_unknown_type_does_not_read() {
    assert!(serde_json::from_str::<ServerMessage>(r#"{"type":"dance"}"#).is_err());
    assert!(serde_json::from_str::<ServerMessage>(r#"{"code":"internal"}"#).is_err());
}

/// A person away whose opponents may end the game says from when (`claim_at`); one who
/// cannot be claimed over leaves it out.
#[test]
fn an_away_seat_says_when_a_claim_over_it_may_be_made() {
    let mut away = AwayView {
        since: 1000,
        stand_in_at: Some(61000),
        played: 0,
        by: "medium".into(),
        claim_at: Some(31000),
    };
    let json = serde_json::to_value(&away).unwrap();
    assert_eq!(json["claim_at"], 31000);
    assert_eq!(serde_json::from_value::<AwayView>(json).unwrap(), away);
    away.claim_at = None;
    assert!(serde_json::to_value(&away)
        .unwrap()
        .get("claim_at")
        .is_none());
}
