//! A game's life on the server: a game nobody moves in is aborted, and a game whose
//! people have all been away is suspended (it counts against no cap on games in play
//! until one of its seats connects again), so that a place is held only while someone
//! plays.

use std::collections::HashMap;
use std::sync::Arc;

use super::{App, Owner};
use crate::clock::now_ms;
use crate::store::StoreError;

impl App {
    pub(super) fn suspended(&self) -> std::sync::MutexGuard<'_, HashMap<String, Owner>> {
        self.suspended.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Aborts every game still playing in which nobody has made a move
    /// [`super::ServerConfig::abort_after`] after its creation (RULES.md 8.8): each is
    /// recorded `"aborted": true` and leaves play. A game in memory is aborted there (its
    /// connections see the end); one that is not is aborted from the database (its few
    /// events replayed, its end stored) and never enters memory. Returns how many were
    /// aborted.
    pub async fn abort_unmoved(self: &Arc<Self>) -> Result<usize, StoreError> {
        let before = now_ms().saturating_sub(self.config.abort_after.as_millis() as i64);
        let ids = self.store.unmoved(before).await?;
        let mut aborted = 0;
        for id in ids {
            match self.abort_one(&id).await {
                Ok(true) => aborted += 1,
                Ok(false) => {}
                Err(e) => tracing::error!(game = %id, "could not abort a game: {e}"),
            }
        }
        Ok(aborted)
    }

    /// Aborts game `id` where it is: in memory, else in the database, under its load
    /// lock (nobody loads it meanwhile).
    async fn abort_one(self: &Arc<Self>, id: &str) -> Result<bool, StoreError> {
        let in_memory = self.rooms().get(id).cloned();
        if let Some(room) = in_memory {
            return Ok(room.abort(self).await);
        }
        let lock = self.load_lock(id);
        let aborted = {
            let _nobody_loads_it = lock.lock().await;
            let in_memory = self.rooms().get(id).cloned();
            match in_memory {
                Some(room) => Ok(room.abort(self).await),
                // A room of its own, never put in memory: nobody is connected to it.
                None => match self.replayed(id).await {
                    Ok(Some(room)) => Ok(room.abort(self).await),
                    Ok(None) => Ok(false),
                    Err(e) => Err(e),
                },
            }
        };
        self.drop_load_lock(id, lock);
        aborted
    }

    /// Suspends every game in play whose people have all been away for
    /// [`super::ServerConfig::suspend_after`]: it stops counting against the caps on
    /// games in play (and leaves memory at the next unload) until one of its seats
    /// connects ([`App::resume_counting`]). Games with no person seated are not
    /// suspended: their bots play them to the end. Returns how many were suspended.
    pub fn suspend_idle(&self) -> usize {
        let cutoff = now_ms().saturating_sub(self.config.suspend_after.as_millis() as i64);
        let in_memory: HashMap<String, Option<i64>> = self
            .rooms()
            .iter()
            .map(|(id, room)| (id.clone(), room.people_away_since()))
            .collect();
        let mut owners = self.owners();
        let idle: Vec<String> = owners
            .iter()
            .filter(|(id, owner)| {
                let since = match in_memory.get(*id) {
                    Some(since) => *since,
                    None => owner.away_since,
                };
                !owner.bot_only && since.is_some_and(|t| t <= cutoff)
            })
            .map(|(id, _)| id.clone())
            .collect();
        let mut suspended = self.suspended();
        for id in &idle {
            if let Some(owner) = owners.remove(id) {
                suspended.insert(id.clone(), owner);
            }
        }
        idle.len()
    }

    /// A seat of game `id` connected: if the game was suspended, it counts against its
    /// creator's caps again (a seat is never refused its own game).
    pub fn resume_counting(&self, id: &str) {
        let Some(mut owner) = self.suspended().remove(id) else {
            return;
        };
        owner.away_since = None;
        self.owners().insert(id.to_string(), owner);
    }

    /// Whether game `id` counts against the caps on games in play now (it is in play
    /// and not suspended).
    pub fn counts_against_caps(&self, id: &str) -> bool {
        self.owners().contains_key(id)
    }

    /// How many games are in play and count against the caps, and how many are
    /// suspended.
    pub fn games_counted(&self) -> (usize, usize) {
        (self.owners().len(), self.suspended().len())
    }
}

/// What the database holds, as read at `at`: its live bytes, and the bytes of the games
/// each network created.
pub(super) struct Storage {
    at: std::time::Instant,
    live: u64,
    by_network: HashMap<std::net::IpAddr, u64>,
}

/// How long a reading of the database's storage is used for the quotas.
const STORAGE_FRESH: std::time::Duration = std::time::Duration::from_secs(1);

impl App {
    /// Refuses a new game from `ip` when the database is full
    /// ([`super::ServerConfig::max_db_bytes`]: 503, nothing is deleted that the
    /// retention keeps) or the games of its network take their quota
    /// ([`super::ServerConfig::max_network_db_bytes`]: 429).
    pub(super) async fn check_storage(
        &self,
        ip: Option<std::net::IpAddr>,
    ) -> Result<(), crate::error::ApiError> {
        use crate::error::ApiError;
        let mut storage = self.storage.lock().await;
        if storage
            .as_ref()
            .is_none_or(|s| s.at.elapsed() > STORAGE_FRESH)
        {
            // The write-ahead log counts too: it is part of what the files take.
            let live =
                self.store.live_bytes().await.map_err(ApiError::internal)? + self.store.wal_bytes();
            let mut by_network = HashMap::new();
            for (creator, bytes) in self
                .store
                .bytes_by_creator()
                .await
                .map_err(ApiError::internal)?
            {
                if let Some(ip) = creator.and_then(|c| c.parse().ok()) {
                    let net = crate::clock::network_key(ip, self.config.network_bits);
                    *by_network.entry(net).or_insert(0) += bytes;
                }
            }
            *storage = Some(Storage {
                at: std::time::Instant::now(),
                live,
                by_network,
            });
        }
        let s = storage.as_ref().expect("just read");
        let mb = |b: u64| b / 1_000_000;
        if s.live >= self.config.max_db_bytes {
            return Err(ApiError::unavailable(format!(
                "the server's storage is full ({} MB of {} MB): no new games until older finished games can be deleted; try again later",
                mb(s.live),
                mb(self.config.max_db_bytes)
            )));
        }
        if let Some(ip) = ip {
            let net = crate::clock::network_key(ip, self.config.network_bits);
            let ours = s.by_network.get(&net).copied().unwrap_or(0);
            if ours >= self.config.max_network_db_bytes {
                return Err(ApiError::rate_limited(format!(
                    "the games created from this network take {} MB of storage, its quota of {} MB; finish or wait for older games to be deleted",
                    mb(ours),
                    mb(self.config.max_network_db_bytes)
                )));
            }
        }
        Ok(())
    }
}
