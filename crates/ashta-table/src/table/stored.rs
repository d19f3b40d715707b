//! A stored event read back as a type, to replay a game when it is loaded: the wire
//! form of [`crate::protocol::EventBody`] (the fields a replay needs; the others are
//! what the replay makes again), so databases written before stay readable.

use serde::Deserialize;

use crate::protocol::{MoveRequest, ResultJson};

/// One stored event: its version and what it did.
#[derive(Debug, Deserialize)]
pub(super) struct StoredEvent {
    /// The game's version after the event.
    pub(super) version: u64,
    /// What the event did.
    #[serde(flatten)]
    pub(super) body: StoredBody,
}

/// What a stored event did, by its `kind`.
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(super) enum StoredBody {
    /// One throw: the cowries as they fell.
    Throw { seat: u8, cowries: Vec<bool> },
    /// One move.
    Move {
        seat: u8,
        #[serde(rename = "move")]
        mv: MoveRequest,
    },
    /// A turn taken back to `to_version`.
    Undo { seat: u8, to_version: u64 },
    /// A resignation.
    Resign { seat: u8 },
    /// The end, with its result.
    Finished { result: ResultJson },
}

impl StoredEvent {
    /// Reads a stored event, naming what is wrong with one that is not.
    pub(super) fn read(stored: &serde_json::Value) -> Result<StoredEvent, String> {
        StoredEvent::deserialize(stored).map_err(|e| {
            let version = stored.get("version").and_then(|v| v.as_u64());
            match version {
                Some(v) => format!("event {v}: {e}"),
                None => format!("stored event: {e}"),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn stored_events_of_every_kind_read_back_as_types() {
        let throw = json!({"version": 2, "kind": "throw", "seat": 0, "cowries": [true, false, false, true],
            "value": 2, "again": false, "end": "moving"});
        assert!(matches!(
            StoredEvent::read(&throw).unwrap(),
            StoredEvent { version: 2, body: StoredBody::Throw { seat: 0, ref cowries } } if cowries.len() == 4
        ));
        let mv = json!({"version": 3, "kind": "move", "seat": 0, "path": [1, 2],
            "move": {"value": 2, "from": 0, "count": 1, "to": 2, "capture": null}});
        assert!(matches!(
            StoredEvent::read(&mv).unwrap().body,
            StoredBody::Move { seat: 0, .. }
        ));
        let undo = json!({"version": 4, "kind": "undo", "seat": 1, "to_version": 1});
        assert!(matches!(
            StoredEvent::read(&undo).unwrap().body,
            StoredBody::Undo {
                seat: 1,
                to_version: 1
            }
        ));
        let resign = json!({"version": 5, "kind": "resign", "seat": 2});
        assert!(matches!(
            StoredEvent::read(&resign).unwrap().body,
            StoredBody::Resign { seat: 2 }
        ));
        let end = json!({"version": 6, "kind": "finished", "reveal": {"seed": "1", "salt": "00"},
            "result": {"winner": 1, "places": [1], "draw": null}});
        assert!(matches!(
            StoredEvent::read(&end).unwrap().body,
            StoredBody::Finished { ref result } if result.winner == Some(1) && result.standings.is_empty()
        ));
    }

    #[test]
    fn a_stored_event_of_an_unknown_kind_is_refused_naming_its_version() {
        let err =
            StoredEvent::read(&json!({"version": 7, "kind": "teleport", "seat": 0})).unwrap_err();
        assert!(
            err.starts_with("event 7:") && err.contains("teleport"),
            "{err}"
        );
        let err = StoredEvent::read(&json!({"kind": "throw"})).unwrap_err();
        assert!(err.contains("version"), "{err}");
    }
}
