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
    /// [`super::ServerConfig::abort_after`] after its creation (RULES.md 8.8), loading
    /// it if it is not in memory: each is recorded `"aborted": true` and leaves play.
    /// Returns how many were aborted.
    pub async fn abort_unmoved(self: &Arc<Self>) -> Result<usize, StoreError> {
        let before = now_ms().saturating_sub(self.config.abort_after.as_millis() as i64);
        let ids = self.store.unmoved(before).await?;
        let mut aborted = 0;
        for id in ids {
            match self.room(&id).await {
                Ok(Some(room)) if room.abort(self).await => aborted += 1,
                Ok(_) => {}
                Err(e) => tracing::error!(game = %id, "could not load a game to abort: {e}"),
            }
        }
        Ok(aborted)
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
