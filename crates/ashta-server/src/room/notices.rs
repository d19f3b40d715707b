//! Presence notices, debounced per seat: a seat's `presence` messages go out at once up
//! to [`PRESENCE_BURST`] in a row, then at [`PRESENCE_PER_SECOND`]; past that, one
//! message, saying who is there when it is sent, follows [`PRESENCE_GAP`] later. A flood
//! of reconnects on one seat then gives its watchers at most a few messages a second,
//! and the last one they get is always true.

use std::time::Duration;

use super::{Room, RoomState};
use crate::rate::Bucket;

/// Presence messages of one seat sent at once in a row.
pub const PRESENCE_BURST: f64 = 4.0;

/// Presence messages of one seat a second, past the burst.
pub const PRESENCE_PER_SECOND: f64 = 2.0;

/// How long a notice past the rate waits (with every later one of its seat).
pub const PRESENCE_GAP: Duration = Duration::from_millis(500);

/// Per seat: its notices sent lately, and the one waiting, if any (with the moves a bot
/// played for its person, when they came back).
pub(super) struct Notices {
    sent: Vec<Bucket>,
    waiting: Vec<Option<Option<u32>>>,
}

impl Notices {
    pub(super) fn new(seats: usize) -> Notices {
        Notices {
            sent: (0..seats).map(|_| Bucket::full(PRESENCE_BURST)).collect(),
            waiting: vec![None; seats],
        }
    }
}

impl Room {
    /// Tells every client that `seat`'s person came (`present`) or left: a `presence`
    /// message with every seat as a snapshot shows it and the turn deadline now; for a
    /// person back from away, `played` is how many moves a bot played for them
    /// meanwhile, and `by` its level. Past the rate of its seat, one later message says
    /// what is true then.
    pub(super) fn notify(&self, st: &RoomState, seat: usize, present: bool, played: Option<u32>) {
        self.presence_changes
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let now = {
            let mut n = self.notices.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(waiting) = n.waiting[seat].as_mut() {
                // One is waiting: it will say what is true then.
                *waiting = played.or(*waiting);
                return;
            }
            let now = n.sent[seat].allow(PRESENCE_PER_SECOND, PRESENCE_BURST);
            if !now {
                n.waiting[seat] = Some(played);
            }
            now
        };
        match now {
            true => self.send_presence(st, seat, present, played),
            false => {
                let Some(room) = self.me.upgrade() else {
                    return;
                };
                tokio::spawn(async move {
                    tokio::time::sleep(PRESENCE_GAP).await;
                    let st = room.lock().await;
                    room.send_waiting(&st, seat);
                });
            }
        }
    }

    /// Sends `seat`'s waiting notice now, if one waits, saying who is there now.
    fn send_waiting(&self, st: &RoomState, seat: usize) {
        let played = {
            let mut n = self.notices.lock().unwrap_or_else(|p| p.into_inner());
            let Some(played) = n.waiting[seat].take() else {
                return;
            };
            played
        };
        let present = self.is_bot(seat)
            || self.connected[seat].load(std::sync::atomic::Ordering::Relaxed) > 0;
        self.send_presence(st, seat, present, played);
    }

    /// Sends every waiting notice now: before a message that follows from who is there
    /// (a `claimable` notice), so that clients hear of the leaving first.
    pub(super) fn flush_presence(&self, st: &RoomState) {
        for seat in 0..self.config.seats.len() {
            self.send_waiting(st, seat);
        }
    }
}
