//! The lobby: people waiting for a game ("seeks") and the pairing of them. A seek asks
//! for a preset, a number of players, a turn timer and rated or casual play; "Play
//! someone" joins the first open seek that asks for the same, or opens one. A seek that
//! has its players becomes a game at once; a seek of three or four may be filled with
//! bots by one of its people once it has waited [`crate::ServerConfig::seek_bots_after`].
//! A person's seek lives as long as their lobby connection (`lobby_ws.rs`).

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, watch};

/// What a seek asks for: two seeks pair only when these are equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Want {
    /// The preset's name (`standard`, `quick-race`…).
    pub preset: String,
    /// 2 to 4.
    pub players: u8,
    /// The turn timer, if any.
    pub turn_timer_secs: Option<u32>,
    /// Rated or casual.
    pub rated: bool,
}

/// A person waiting in a seek.
#[derive(Clone, Debug)]
pub struct Member {
    /// Their lobby connection.
    pub conn: u64,
    /// Their player id.
    pub player_id: i64,
    /// Their name.
    pub name: String,
    /// Their network.
    pub network: String,
}

/// An open seek.
#[derive(Clone, Debug)]
pub struct Seek {
    /// Its id.
    pub id: u64,
    /// What it asks for.
    pub want: Want,
    /// Who waits in it, in the order they came (their seats).
    pub members: Vec<Member>,
    /// Unix ms it opened.
    pub since: i64,
}

/// A seek as the lobby lists it.
#[derive(Clone, Debug, Serialize)]
pub struct SeekView {
    /// Its id.
    pub id: u64,
    /// What it asks for.
    #[serde(flatten)]
    pub want: Want,
    /// The names waiting in it.
    pub waiting: Vec<String>,
    /// Unix ms it opened.
    pub since: i64,
}

/// What a seek request came to.
#[derive(Debug)]
pub enum Placed {
    /// The person waits in this seek.
    Waiting(u64),
    /// The seek has its players: it left the lobby and becomes a game.
    Full(Seek),
}

/// The open seeks.
#[derive(Debug, Default)]
pub struct Seeks {
    open: Vec<Seek>,
    next_id: u64,
}

impl Seeks {
    /// Places `member` in the first open seek that wants `want` and has room for
    /// them (not the same player; for a rated seek, nobody of the same network), or
    /// opens a seek for them. A connection is in one seek at a time: its earlier one
    /// is left first.
    pub fn seek(&mut self, want: Want, member: Member, now: i64) -> Placed {
        self.leave(member.conn);
        let fits = |s: &Seek| {
            s.want == want
                && s.members.iter().all(|m| {
                    m.player_id != member.player_id && !(want.rated && m.network == member.network)
                })
        };
        if let Some(i) = self.open.iter().position(fits) {
            let seek = &mut self.open[i];
            seek.members.push(member);
            if seek.members.len() == usize::from(seek.want.players) {
                return Placed::Full(self.open.remove(i));
            }
            return Placed::Waiting(self.open[i].id);
        }
        self.next_id += 1;
        self.open.push(Seek {
            id: self.next_id,
            want,
            members: vec![member],
            since: now,
        });
        Placed::Waiting(self.next_id)
    }

    /// Takes connection `conn` out of its seek (a seek left empty closes); says
    /// whether it was in one.
    pub fn leave(&mut self, conn: u64) -> bool {
        let Some(i) = self
            .open
            .iter()
            .position(|s| s.members.iter().any(|m| m.conn == conn))
        else {
            return false;
        };
        self.open[i].members.retain(|m| m.conn != conn);
        if self.open[i].members.is_empty() {
            self.open.remove(i);
        }
        true
    }

    /// Takes out the seek of `conn` to fill its empty seats with bots, if it has
    /// waited `after_ms` since it opened; else says why not.
    pub fn fill(&mut self, conn: u64, now: i64, after_ms: i64) -> Result<Seek, String> {
        let i = self
            .open
            .iter()
            .position(|s| s.members.iter().any(|m| m.conn == conn))
            .ok_or("you are in no seek")?;
        let waited = now - self.open[i].since;
        if waited < after_ms {
            return Err(format!(
                "a seek may be filled with bots after {} s; this one has waited {} s",
                after_ms / 1000,
                waited / 1000
            ));
        }
        Ok(self.open.remove(i))
    }

    /// Open seeks with someone of `network` in them.
    pub fn of_network(&self, network: &str) -> usize {
        self.open
            .iter()
            .filter(|s| s.members.iter().any(|m| m.network == network))
            .count()
    }

    /// Open seeks.
    pub fn len(&self) -> usize {
        self.open.len()
    }

    /// Whether no seek is open.
    pub fn is_empty(&self) -> bool {
        self.open.is_empty()
    }

    /// The open seeks as the lobby lists them, oldest first.
    pub fn views(&self) -> Vec<SeekView> {
        self.open
            .iter()
            .map(|s| SeekView {
                id: s.id,
                want: s.want.clone(),
                waiting: s.members.iter().map(|m| m.name.clone()).collect(),
                since: s.since,
            })
            .collect()
    }
}

/// The lobby: its seeks, and a way to reach each connection.
#[derive(Debug)]
pub struct Lobby {
    seeks: Mutex<Seeks>,
    /// Each connection's outbox.
    outboxes: Mutex<HashMap<u64, mpsc::UnboundedSender<String>>>,
    /// Bumped when the seeks change.
    pub(crate) changed: watch::Sender<u64>,
    /// The last connection number handed out.
    pub(crate) next_conn: AtomicU64,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby {
            seeks: Mutex::default(),
            outboxes: Mutex::default(),
            changed: watch::channel(0).0,
            next_conn: AtomicU64::new(0),
        }
    }
}

impl Lobby {
    pub(crate) fn seeks(&self) -> std::sync::MutexGuard<'_, Seeks> {
        self.seeks.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn outboxes(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<u64, mpsc::UnboundedSender<String>>> {
        self.outboxes.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The open seeks.
    pub fn views(&self) -> Vec<SeekView> {
        self.seeks().views()
    }

    pub(crate) fn touch(&self) {
        self.changed.send_modify(|v| *v += 1);
    }

    pub(crate) fn tell(&self, conn: u64, text: String) {
        if let Some(out) = self.outboxes().get(&conn) {
            let _ = out.send(text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn want(players: u8, rated: bool) -> Want {
        Want {
            preset: "standard".into(),
            players,
            turn_timer_secs: Some(30),
            rated,
        }
    }

    fn member(conn: u64, player_id: i64, network: &str) -> Member {
        Member {
            conn,
            player_id,
            name: format!("p{player_id}"),
            network: network.into(),
        }
    }

    #[test]
    fn two_people_who_want_the_same_game_are_paired_at_once() {
        let mut seeks = Seeks::default();
        assert!(matches!(
            seeks.seek(want(2, true), member(1, 1, "a"), 0),
            Placed::Waiting(_)
        ));
        assert!(matches!(
            seeks.seek(want(2, false), member(2, 2, "b"), 0),
            Placed::Waiting(_)
        ));
        let Placed::Full(seek) = seeks.seek(want(2, true), member(3, 3, "c"), 0) else {
            panic!("not paired");
        };
        assert_eq!(
            seek.members.iter().map(|m| m.conn).collect::<Vec<_>>(),
            [1, 3]
        );
        assert_eq!(seeks.len(), 1);
    }

    #[test]
    fn a_rated_seek_does_not_pair_two_people_of_one_network_nor_one_player_twice() {
        let mut seeks = Seeks::default();
        seeks.seek(want(2, true), member(1, 1, "a"), 0);
        assert!(matches!(
            seeks.seek(want(2, true), member(2, 2, "a"), 0),
            Placed::Waiting(_)
        ));
        assert!(matches!(
            seeks.seek(want(2, false), member(3, 1, "z"), 0),
            Placed::Waiting(_)
        ));
        assert!(matches!(
            seeks.seek(want(2, false), member(4, 1, "z"), 0),
            Placed::Waiting(_)
        ));
        assert_eq!(seeks.len(), 4);
    }

    #[test]
    fn four_player_seeks_fill_as_people_come_and_may_take_bots_after_the_wait() {
        let mut seeks = Seeks::default();
        seeks.seek(want(4, false), member(1, 1, "a"), 0);
        seeks.seek(want(4, false), member(2, 2, "b"), 10);
        assert_eq!(seeks.views()[0].waiting, ["p1", "p2"]);
        assert!(seeks
            .fill(2, 5_000, 30_000)
            .unwrap_err()
            .contains("after 30 s"));
        let seek = seeks.fill(2, 30_000, 30_000).unwrap();
        assert_eq!(seek.members.len(), 2);
        assert!(seeks.is_empty());
    }

    #[test]
    fn a_seek_closes_with_its_last_connection() {
        let mut seeks = Seeks::default();
        seeks.seek(want(3, false), member(1, 1, "a"), 0);
        seeks.seek(want(3, false), member(2, 2, "b"), 0);
        assert!(seeks.leave(1));
        assert_eq!(seeks.views()[0].waiting, ["p2"]);
        assert!(seeks.leave(2));
        assert!(!seeks.leave(2));
        assert!(seeks.is_empty());
        // Seeking again leaves the earlier seek.
        seeks.seek(want(3, false), member(5, 1, "a"), 0);
        seeks.seek(want(2, false), member(5, 1, "a"), 0);
        assert_eq!(seeks.len(), 1);
        assert_eq!(seeks.of_network("a"), 1);
    }
}
