//! The closed set of messages a game's WebSocket sends to its clients (`docs/web-api.md`,
//! "Server messages"), and the snapshot of a game they and `GET /api/games/{id}` carry.
//! The server's rooms and the browser module's offline table write every message they
//! send through [`ServerMessage`], so the two speak the same messages, field for field.

use ashta_engine::{PositionJson, RulesObject};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;

use crate::protocol::{BoardJson, Event, LegalMove, ResultJson, Reveal, SeatView, WsError};

/// A message from the server to a client, tagged by its `type`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerMessage {
    /// The whole game, for a client that connects or is too far behind for events.
    State {
        /// The client's seat; null for a spectator.
        you: Option<u8>,
        /// The game.
        game: Box<Snapshot>,
    },
    /// One event, and what the game waits for after the batch it belongs to.
    Event(EventMessage),
    /// A person came to the game or left it.
    Presence(PresenceMessage),
    /// Every opponent still in the game of the players at the table has been away past
    /// the server's time: they may claim the win, call a draw or play on against a bot
    /// (RULES.md 8.6).
    Claimable(ClaimableMessage),
    /// A client's message was refused; nothing changed.
    Error(WsError),
    /// The answer to a `ping`.
    Pong,
}

impl ServerMessage {
    /// The message as the JSON text sent on the socket.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("server messages serialize")
    }

    /// The message as a JSON value (for the page, from the offline table).
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("server messages serialize")
    }
}

/// The body of an `event` message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventMessage {
    /// The event.
    pub event: EventText,
    /// The moves the seat to move may play after the event's batch (empty while it
    /// must throw, and once the game is over).
    pub legal: Vec<LegalMove>,
    /// Whether the seat to move must throw after the event's batch.
    pub must_throw: bool,
    /// When a bot plays for the person to move (Unix ms), if a deadline runs.
    pub turn_deadline: Option<i64>,
}

/// The body of a `presence` message: who came or left, and every seat as a snapshot
/// shows it now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PresenceMessage {
    /// The seat whose person came or left.
    pub seat: u8,
    /// Whether they came (else they left).
    pub present: bool,
    /// Every seat, as a snapshot shows it.
    pub seats: Vec<SeatView>,
    /// The turn deadline now (Unix ms), if one runs.
    pub turn_deadline: Option<i64>,
    /// For a person back from away: how many moves a bot played for them meanwhile
    /// (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<u32>,
    /// For a person back from away: the level of the bot that played for them (absent
    /// otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
}

/// The body of a `claimable` message: who may end the game now, over whom.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimableMessage {
    /// The seats that may claim: the players still at the table (one, as RULES.md 8.6
    /// has it).
    pub claimants: Vec<u8>,
    /// The seats whose people left, away past the server's time.
    pub away: Vec<u8>,
}

/// Whether a game is being played or is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    /// Being played.
    Playing,
    /// Over: its result and seed are out.
    Finished,
}

/// What a [`crate::Table`] knows of its game's snapshot; whoever holds the table adds
/// the rest ([`Snapshot`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSnapshot {
    /// Playing or finished.
    pub status: GameStatus,
    /// The version of the last event (0 before any).
    pub version: u64,
    /// The full rules object.
    pub rules: RulesObject,
    /// The board side.
    pub size: u8,
    /// The number of players.
    pub players: u8,
    /// The board as clients draw it.
    pub board: BoardJson,
    /// The position the game began from.
    pub start: PositionJson,
    /// The position now.
    pub position: PositionJson,
    /// The moves the seat to move may play.
    pub legal: Vec<LegalMove>,
    /// Whether the seat to move must throw.
    pub must_throw: bool,
    /// The seed and salt, once the game is over.
    pub reveal: Option<Reveal>,
    /// The result, once the game is over.
    pub result: Option<ResultJson>,
    /// Whether the game's throws are entered at the table (real cowries, RULES.md
    /// 8.10): only the page's own games; absent otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_table: bool,
}

/// A game's snapshot: the body of `GET /api/games/{id}` and the `game` of a `state`
/// message.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The game's id.
    pub id: String,
    /// What the table knows.
    #[serde(flatten)]
    pub table: TableSnapshot,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// The seed's commitment (hex).
    pub commitment: String,
    /// When a bot plays for the person to move (Unix ms), if a deadline runs.
    pub turn_deadline: Option<i64>,
    /// When the game was created (Unix ms).
    pub created_at: i64,
    /// When its last event was made (Unix ms).
    pub updated_at: i64,
    /// The version of the first event in `events`, when they may not all be there (the
    /// older ones are read in pages); absent when `events` holds them all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events_from: Option<u64>,
    /// The events, oldest first.
    pub events: Vec<EventText>,
}

/// One event's JSON, as an [`Event`] serializes it and the store keeps it: sent as it
/// is kept, so an event read back from the store is not written again. Two are equal
/// when they hold the same JSON value.
#[derive(Clone, Debug)]
pub struct EventText(Box<RawValue>);

impl WsError {
    /// The `error` message as JSON text.
    pub fn to_message(&self) -> String {
        ServerMessage::Error(self.clone()).to_text()
    }
}

impl EventText {
    /// The JSON of an event made now.
    pub fn of(event: &Event) -> EventText {
        EventText(serde_json::value::to_raw_value(event).expect("events serialize"))
    }

    /// An event's JSON text as stored; an error when it is not JSON.
    pub fn stored(text: String) -> Result<EventText, serde_json::Error> {
        RawValue::from_string(text).map(EventText)
    }

    /// An event's JSON as a value (as the offline table keeps its events).
    pub fn from_value(value: &serde_json::Value) -> EventText {
        EventText(serde_json::value::to_raw_value(value).expect("a JSON value serializes"))
    }

    /// The JSON text.
    pub fn get(&self) -> &str {
        self.0.get()
    }

    fn value(&self) -> Option<serde_json::Value> {
        serde_json::from_str(self.0.get()).ok()
    }
}

impl PartialEq for EventText {
    fn eq(&self, other: &EventText) -> bool {
        self.get() == other.get() || (self.value().is_some() && self.value() == other.value())
    }
}

impl Serialize for EventText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for EventText {
    /// Read through a [`serde_json::Value`], since a message's fields are buffered
    /// before its `type` is known, which a [`RawValue`] cannot be read from.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<EventText, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        Ok(EventText::from_value(&value))
    }
}
