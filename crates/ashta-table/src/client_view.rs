//! A game as a client follows it through the server's messages, in the shared types:
//! whose turn it is, what that seat may do, and a message that acts. Clients written in
//! Rust (the load test, the attack tool) read the server with it instead of declaring
//! messages of their own.

use serde::Deserialize;

use crate::messages::{EventMessage, EventText, GameStatus, ServerMessage, TableSnapshot};
use crate::protocol::{ClientMessage, LegalMove, MoveRequest};

/// What an event did, by its `kind` (`docs/web-api.md`, "Events").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    /// One throw.
    Throw,
    /// One move.
    Move,
    /// A turn taken back.
    Undo,
    /// A resignation.
    Resign,
    /// The end of the game.
    Finished,
}

/// The part of an event a client follows the game by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventHead {
    /// The game's version after the event.
    pub version: u64,
    /// What it did.
    pub kind: EventKind,
    /// The seat that acted (none for the end).
    pub seat: Option<u8>,
    /// The seat to move after it.
    pub to_move: u8,
}

#[derive(Deserialize)]
struct HeadWire {
    version: u64,
    kind: EventKind,
    #[serde(default)]
    seat: Option<u8>,
    position: ToMoveWire,
}

#[derive(Deserialize)]
struct ToMoveWire {
    to_move: u8,
}

impl EventHead {
    /// Reads the head of an event (the rest of it is skipped, not stored).
    pub fn read(event: &EventText) -> Result<EventHead, serde_json::Error> {
        let w: HeadWire = serde_json::from_str(event.get())?;
        Ok(EventHead {
            version: w.version,
            kind: w.kind,
            seat: w.seat,
            to_move: w.position.to_move,
        })
    }
}

impl From<&LegalMove> for MoveRequest {
    /// A listed move sent back: its value, unit and pawns, with where it lands and
    /// whether it captures for the server to check.
    fn from(legal: &LegalMove) -> MoveRequest {
        MoveRequest {
            value: legal.mv.value,
            from: legal.mv.from,
            count: legal.mv.count,
            to: Some(legal.mv.to),
            capture: Some(legal.mv.capture),
            path: None,
            forms: None,
        }
    }
}

/// Whose turn it is in a game and what that seat may do, as its client last heard.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnView {
    /// The version of the last event heard.
    pub version: u64,
    /// The seat to move.
    pub to_move: u8,
    /// The moves it may play (empty while it must throw).
    pub legal: Vec<LegalMove>,
    /// Whether it must throw.
    pub must_throw: bool,
    /// Whether the game is over.
    pub over: bool,
}

impl TurnView {
    /// The view a snapshot gives (a `state` message's `game.table`).
    pub fn of_snapshot(t: TableSnapshot) -> TurnView {
        TurnView {
            version: t.version,
            to_move: t.position.to_move.clamp(0, u8::MAX as i64) as u8,
            legal: t.legal,
            must_throw: t.must_throw,
            over: t.status == GameStatus::Finished,
        }
    }

    /// The view after an `event` message, with the event's head.
    pub fn of_event(message: EventMessage) -> Result<(TurnView, EventHead), serde_json::Error> {
        let head = EventHead::read(&message.event)?;
        let view = TurnView {
            version: head.version,
            to_move: head.to_move,
            legal: message.legal,
            must_throw: message.must_throw,
            over: head.kind == EventKind::Finished,
        };
        Ok((view, head))
    }

    /// The view a `state` or an `event` message gives; none for the others (and for
    /// an event that cannot be read).
    pub fn of_message(message: ServerMessage) -> Option<TurnView> {
        match message {
            ServerMessage::State { game, .. } => Some(TurnView::of_snapshot(game.table)),
            ServerMessage::Event(e) => TurnView::of_event(e).ok().map(|(view, _)| view),
            _ => None,
        }
    }

    /// Takes in an `event` message; returns the event's head.
    pub fn follow(&mut self, message: EventMessage) -> Result<EventHead, serde_json::Error> {
        let (view, head) = TurnView::of_event(message)?;
        *self = view;
        Ok(head)
    }

    /// What the seat to move sends to act at once: a throw, or the first legal move;
    /// none once the game is over.
    pub fn first_action(&self) -> Option<ClientMessage> {
        if self.over {
            None
        } else if self.must_throw {
            Some(ClientMessage::Throw)
        } else {
            self.legal
                .first()
                .map(|l| ClientMessage::Move { mv: l.into() })
        }
    }
}

impl ClientMessage {
    /// The message as the JSON text a client sends.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("client messages serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::SeatAction;
    use crate::Table;
    use ashta_engine::Rules;

    #[test]
    fn a_client_following_the_messages_sees_the_table_turn_by_turn() {
        let mut rules = Rules::standard();
        rules.players = 2;
        let mut table = Table::new(rules, 5, "00".into(), vec![None, None]).unwrap();
        let mut view = TurnView::of_snapshot(table.snapshot());
        assert!(view.must_throw && view.to_move == 0 && view.version == 0);
        let mut moves = 0;
        for _ in 0..40 {
            let seat = view.to_move as usize;
            let Some(action) = view.first_action() else {
                break;
            };
            let text = action.to_text();
            let back: ClientMessage = serde_json::from_str(&text).unwrap();
            let events = match back {
                ClientMessage::Throw => table.act(seat, SeatAction::Throw).unwrap(),
                ClientMessage::Move { mv } => table.act(seat, SeatAction::Move(mv)).unwrap(),
                other => panic!("not an action: {other:?}"),
            };
            for e in events {
                let message = table.event_message(&e, None);
                let ServerMessage::Event(m) = message else {
                    panic!("an event message")
                };
                let head = view.follow(m).unwrap();
                assert_eq!(head.version, e.version);
                moves += usize::from(head.kind == EventKind::Move);
            }
            assert_eq!(view.version, table.version());
            assert_eq!(view.to_move as i64, table.snapshot().position.to_move);
        }
        assert!(moves >= 5, "the first legal move was played {moves} times");
    }
}
