//! The players who left a game, as the one still at the table sees them (RULES.md 8.6):
//! from when it may end the game over them, the `claimable` notice that says so, and
//! its choice: claim the win, call a draw, or play on against a bot at once. Every
//! claim is checked here; the page only shows the buttons and sends the choice.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use ashta_table::messages::{ClaimableMessage, ServerMessage};
use ashta_table::protocol::{ClaimChoice, Event, WsError, WsErrorCode};

use super::{Outgoing, Room, RoomState};
use crate::clock::now_ms;

impl Room {
    /// The one player who may end the game over the players who left, and from when
    /// (Unix ms): the game is playing, exactly one player still in it (not home) is at
    /// the table, a person with a connection open, and every other player still in it
    /// is a person who left; the time is the server's claim time after the last of
    /// them left. `None` otherwise (a bot or a second player plays on).
    pub(super) fn claimant(&self, st: &RoomState) -> Option<(usize, i64)> {
        let after = st.claim_after?;
        if st.table.is_over() || st.broken {
            return None;
        }
        let pos = st.table.position();
        let in_game: Vec<usize> = (0..self.config.seats.len())
            .filter(|&s| !pos.has_finished(s))
            .collect();
        let mut present = in_game.iter().copied().filter(|&s| st.away[s].is_none());
        let (Some(claimant), None) = (present.next(), present.next()) else {
            return None;
        };
        if self.bot_seat(st, claimant) || self.connected[claimant].load(Ordering::Relaxed) == 0 {
            return None;
        }
        // A bot plays the pawns of a player who resigned: nobody claims over it.
        if in_game.iter().any(|&s| st.table.has_resigned(s)) {
            return None;
        }
        in_game
            .iter()
            .filter(|&&s| s != claimant)
            .map(|&s| st.away[s].map(|a| a.since + after))
            .try_fold(None, |latest: Option<i64>, at| {
                at.map(|at| Some(latest.map_or(at, |l| l.max(at))))
            })
            .flatten()
            .map(|at| (claimant, at))
    }

    /// From when the player still at the table may end the game over `seat`'s person,
    /// who left (the away view's `claim_at`), if they will be able to.
    pub(super) fn claim_at_over(&self, st: &RoomState, seat: usize) -> Option<i64> {
        st.away[seat]?;
        self.claimant(st)
            .filter(|&(claimant, _)| claimant != seat)
            .map(|(_, at)| at)
    }

    /// `seat`'s choice over the players who left, checked: the events that end the
    /// game (a claimed win, a draw), or `None` when it plays on (a bot plays for each
    /// of them from now until they return). Refused, changing nothing, unless `seat` is
    /// the one player who may claim ([`Room::claimant`]) and the time has come.
    pub(super) fn claim(
        &self,
        st: &mut RoomState,
        seat: usize,
        choice: ClaimChoice,
    ) -> Result<Option<Vec<Event>>, WsError> {
        let now = now_ms();
        match self.claimant(st) {
            Some((claimant, at)) if claimant == seat && at <= now => {}
            Some((claimant, at)) if claimant == seat => {
                let secs = (at - now + 999) / 1000;
                return Err(WsError::new(
                    WsErrorCode::CannotClaim,
                    format!("the players who left may be claimed over in {secs} s"),
                ));
            }
            _ if st.table.is_over() => {
                return Err(WsError::new(WsErrorCode::GameOver, "the game is over"));
            }
            _ => {
                return Err(WsError::new(
                    WsErrorCode::CannotClaim,
                    "only the one player still at the table may claim, once every opponent still in the game has left",
                ));
            }
        }
        match choice {
            ClaimChoice::Win => st.table.claim_win(seat).map(Some),
            ClaimChoice::Draw => st.table.end_drawn_over_leavers().map(Some),
            ClaimChoice::PlayOn => {
                let mut first = None;
                for (s, away) in st.away.iter_mut().enumerate() {
                    if let Some(away) = away {
                        away.stand_in_at = Some(now);
                        first.get_or_insert(s);
                    }
                }
                self.refresh(st);
                if let Some(s) = first {
                    self.notify(st, s, false, None);
                }
                Ok(None)
            }
        }
    }

    /// When a player may end the game over the players who left, sends everyone the
    /// `claimable` notice once the time comes (at once when it has come), if nothing
    /// changed meanwhile.
    pub(super) fn watch_claims(self: &Arc<Self>, st: &RoomState) {
        let Some(due) = self.claimant(st) else {
            return;
        };
        let room = self.clone();
        tokio::spawn(async move {
            let wait = (due.1 - now_ms()).max(0) as u64;
            tokio::time::sleep(Duration::from_millis(wait)).await;
            let st = room.lock().await;
            if st.unloaded || room.claimant(&st) != Some(due) {
                return;
            }
            room.flush_presence(&st);
            let message = ServerMessage::Claimable(ClaimableMessage {
                claimants: vec![due.0 as u8],
                away: (0..room.config.seats.len())
                    .filter(|&s| s != due.0 && st.away[s].is_some())
                    .map(|s| s as u8)
                    .collect(),
            });
            let _ = room.channel.send(Arc::new(Outgoing {
                version: st.table.version(),
                notice: true,
                text: message.to_text().into(),
            }));
        });
    }
}
