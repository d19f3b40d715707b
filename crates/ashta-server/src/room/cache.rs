//! A game's snapshot, made once per state: while the game stays at its version and who
//! is there does not change, every `GET /api/games/{id}` and every spectator's `hello`
//! gets the same bytes, for at most [`FRESH_FOR`] (the deadline it shows counts down).
//! A 100-byte request then no longer rebuilds a snapshot of hundreds of kilobytes.

use std::sync::atomic::Ordering;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;

use super::{with_events, Host, Room};
use crate::store::StoreError;
use ashta_table::messages::{ServerMessage, Snapshot};

/// How long a snapshot is served again at most.
pub const FRESH_FOR: Duration = Duration::from_secs(1);

/// A snapshot made at a version, and its texts once asked for.
pub struct Cached {
    version: u64,
    presence: u64,
    max_history_bytes: usize,
    made: Instant,
    /// The snapshot.
    pub snapshot: Snapshot,
    json: OnceLock<axum::body::Bytes>,
    state: OnceLock<Utf8Bytes>,
}

impl Cached {
    /// The game's version it shows.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The snapshot as the HTTP API's JSON body.
    pub fn json(&self) -> axum::body::Bytes {
        self.json
            .get_or_init(|| {
                serde_json::to_vec(&self.snapshot)
                    .expect("a snapshot serializes")
                    .into()
            })
            .clone()
    }

    /// The `state` message a spectator gets.
    pub fn spectator_state(&self) -> Utf8Bytes {
        self.state
            .get_or_init(|| {
                ServerMessage::State {
                    you: None,
                    game: Box::new(self.snapshot.clone()),
                }
                .to_text()
                .into()
            })
            .clone()
    }
}

impl Room {
    /// The game's snapshot ([`Room::snapshot`]), made again only when the game or who
    /// is there changed, or it is older than [`FRESH_FOR`].
    pub async fn cached_snapshot(
        &self,
        app: &impl Host,
        max_history_bytes: usize,
    ) -> Result<Arc<Cached>, StoreError> {
        let (head, version, presence) = {
            let st = self.lock().await;
            let version = st.table.version();
            let presence = self.presence_changes.load(Ordering::Relaxed);
            let cached = self
                .cached
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .clone();
            if let Some(c) = cached {
                if c.version == version
                    && c.presence == presence
                    && c.max_history_bytes == max_history_bytes
                    && c.made.elapsed() < FRESH_FOR
                {
                    return Ok(c);
                }
            }
            (self.snapshot_head(&st), version, presence)
        };
        let events = app
            .store()
            .newest_events(&self.id, version, max_history_bytes)
            .await?;
        let made = Arc::new(Cached {
            version,
            presence,
            max_history_bytes,
            made: Instant::now(),
            snapshot: with_events(head, events)?,
            json: OnceLock::new(),
            state: OnceLock::new(),
        });
        *self.cached.lock().unwrap_or_else(|p| p.into_inner()) = Some(made.clone());
        Ok(made)
    }

    /// Whether the next snapshot would be the cached one (for tests).
    pub fn snapshot_is_cached(&self) -> bool {
        self.cached
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .is_some_and(|c| c.made.elapsed() < FRESH_FOR)
    }
}
