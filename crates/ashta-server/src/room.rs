//! Game rooms: one per game, holding its table behind a mutex, its last events as sent
//! (the rest live in the store only, read back for snapshots), the broadcast channel its
//! connections listen to, who is there, and the tasks that play for bots, for people
//! whose turn timer ran out and for people who left an online game (see [`Presence`]).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicI64, AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ashta_bots::BotMaker;
use ashta_engine::{Move, Play, Position, RulesObject, Variant};
use ashta_session::{Bot, Decided};
use axum::extract::ws::Utf8Bytes;
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, Mutex, MutexGuard};

use crate::clock::now_ms;
use crate::fair::Fair;
use crate::policy::{bot_seed, web_bot, FALLBACK_LEVEL, STAND_IN_LEVEL};
use crate::pool::PoolError;
use crate::pool::SearchPool;
use crate::rate::Window;
use crate::store::Store;
use crate::store::{EventsWrite, StoreError};
use ashta_table::messages::{EventText, PresenceMessage, ServerMessage, Snapshot};
use ashta_table::protocol::{
    AwayView, Event, SeatAction, SeatConfig, SeatOccupant, SeatView, WsError, WsErrorCode,
};
use ashta_table::Table;

mod cache;
mod leavers;
mod notices;

/// What a room needs of the app that holds it (the app implements it): the store, the
/// bots' budgets, the places and threads for searches, and being told when a game
/// leaves play. The room names no app, so the app may hold rooms.
pub trait Host: Send + Sync + 'static {
    /// The database.
    fn store(&self) -> &Store;
    /// A bot's time per decision.
    fn bot_time(&self) -> Duration;
    /// Builds the seats' bots.
    fn bot_maker(&self) -> &BotMaker;
    /// The pause before a bot's move.
    fn bot_delay(&self) -> Duration;
    /// How long a person who left a game with no turn timer has to come back before a
    /// bot plays for them ([`crate::app::ServerConfig::away_timer`]).
    fn away_timer(&self) -> Duration;
    /// How long every opponent still in a game must have been away before the player
    /// still at the table may end it over them
    /// ([`crate::app::ServerConfig::claim_after`]).
    fn claim_after(&self) -> Duration;
    /// Whether the server shuts down.
    fn is_stopping(&self) -> bool;
    /// A stop for a search that ends when the server shuts down.
    fn search_stop(&self) -> ashta_session::Stop;
    /// The key the searches of game `id` wait their turn under.
    fn search_key(&self, id: &str) -> String;
    /// The places for searches, served round-robin across keys.
    fn thinking(&self) -> &Arc<Fair>;
    /// The threads searches run on: those of games with no person seated
    /// (`bot_only`) run at a lower priority than those of games with people.
    fn searches(&self, bot_only: bool) -> &Arc<SearchPool>;
    /// Game `id` left play (it ended): it no longer counts against its creator's caps.
    fn left_play(&self, id: &str);
    /// Drops room `id` from memory.
    fn forget(&self, id: &str);
    /// The limits on the actions of a game's seats.
    fn action_limits(&self) -> ActionLimits;
    /// Game `id` ended with `result` (stored): the app notes the places of its players
    /// and rates it if it is rated. The room waits for the returned task before it sends
    /// the end, so a client told of the end finds its rating changes.
    fn finished(
        &self,
        id: &str,
        result: &ashta_table::protocol::ResultJson,
    ) -> Option<tokio::task::JoinHandle<()>> {
        let _ = (id, result);
        None
    }
}

/// The limits on what a game's seats may do, whatever connections they use.
#[derive(Clone, Copy, Debug)]
pub struct ActionLimits {
    /// Actions one seat may make per second.
    pub per_seat_per_second: u32,
    /// Actions the game's seats may make per second, together.
    pub per_game_per_second: u32,
    /// Undos the game may have in all.
    pub max_undos: u32,
    /// Events the game may have in all: the event that reaches it ends the game as a
    /// draw (reason `"event limit"`), so its log never grows past it.
    pub max_events: u64,
    /// Bytes the game's stored events may take in all: the change that would reach it
    /// ends the game as a draw (reason `"event limit"`) instead.
    pub max_bytes: u64,
}

/// Events a room keeps in memory as sent, for clients that reconnect or fall behind; a
/// client further behind gets the whole state, its events read from the store.
pub const RECENT_EVENTS: usize = 32;

/// Events a connection may fall behind before it catches up from the room's last events
/// (the channel holds as many, shared with them).
const CHANNEL_CAPACITY: usize = RECENT_EVENTS;

/// A game's settings as stored: the full rules, the seats (with tokens) and the timer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameConfig {
    /// The rules: the preset and what differs from it.
    pub rules: RulesObject,
    /// One per player.
    pub seats: Vec<SeatConfig>,
    /// Seconds before a bot plays for an absent human, if set.
    pub turn_timer_secs: Option<u32>,
}

impl GameConfig {
    /// The seats as lists and snapshots show them; `connected(seat)` says whether a
    /// client is connected for a seat (`None` where that is not shown).
    pub fn seat_views(
        &self,
        connected: impl Fn(usize, &SeatConfig) -> Option<bool>,
    ) -> Vec<SeatView> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatView {
                seat: i as u8,
                kind: s.kind,
                name: s.name.clone(),
                level: s.level.clone(),
                connected: connected(i, s),
                away: None,
            })
            .collect()
    }
}

/// One message as sent to every client of a room: an event (the whole `event`
/// message), or a notice of who is there (a `presence` message, which has no version of
/// its own: it carries the version it was sent at).
#[derive(Debug)]
pub struct Outgoing {
    /// The event's version (a notice's: the game's version when it was sent).
    pub version: u64,
    /// A `presence` notice rather than an event.
    pub notice: bool,
    /// The message's JSON text.
    pub text: Utf8Bytes,
}

impl Outgoing {
    fn event(version: u64, message: &ServerMessage) -> Outgoing {
        Outgoing {
            version,
            notice: false,
            text: message.to_text().into(),
        }
    }
}

/// What a room's mutex guards.
pub struct RoomState {
    /// The game.
    pub table: Table,
    /// The last [`RECENT_EVENTS`] events as sent, oldest first.
    recent: VecDeque<Arc<Outgoing>>,
    /// Unix ms of the last event.
    pub updated_at: i64,
    /// `(version, Unix ms)`: when a bot plays for the person to move (their turn timer,
    /// or the time they have to come back after leaving); in the past while a bot
    /// stands in for a person who left. Recomputed from the rest by `Room::refresh`.
    pub deadline: Option<(u64, i64)>,
    /// `(version, Unix ms)`: when the game reached its current version (or the room was
    /// loaded): the room's turn timer counts from it.
    turn_since: (u64, i64),
    /// Per seat: the person left (their last connection dropped); `None` while they are
    /// there, and for a seat nobody has taken yet.
    away: Vec<Option<Away>>,
    /// Who acted for each seat, from the events.
    history: SeatHistory,
    /// Each seat's actions over the last second.
    seat_actions: Vec<Window>,
    /// The game's actions over the last second.
    game_actions: Window,
    /// A store write failed: the room refuses every action until it is loaded again.
    broken: bool,
    /// A bot task is running.
    driving: bool,
    /// The turn timer task is running.
    timing: bool,
    /// The room left memory ([`Room::try_unload`]): whoever still holds it loads the game
    /// again.
    unloaded: bool,
    /// The server's [`Host::claim_after`] in ms, once a connection brought it.
    claim_after: Option<i64>,
    /// Bytes of the game's stored events.
    stored_bytes: u64,
}

impl RoomState {
    /// How many events the room keeps in memory as sent (at most [`RECENT_EVENTS`]).
    pub fn events_in_memory(&self) -> usize {
        self.recent.len()
    }
}

/// A game room.
pub struct Room {
    /// The game id.
    pub id: String,
    /// Creation time, Unix ms.
    pub created_at: i64,
    /// The seed commitment.
    pub commitment: String,
    /// The settings.
    pub config: GameConfig,
    state: Mutex<RoomState>,
    channel: broadcast::Sender<Arc<Outgoing>>,
    connected: Vec<AtomicU32>,
    /// When a person's connection last came or left (Unix ms; the room's making before
    /// any): how long the game's people have all been away ([`Room::people_away_since`]).
    people_seen: AtomicI64,
    /// The room itself, for the tasks it starts on its own (a presence notice sent late).
    me: std::sync::Weak<Room>,
    /// The presence notices of each seat: when the last was sent, and one waiting.
    notices: std::sync::Mutex<notices::Notices>,
    /// Bumped whenever who is there changes: a cached snapshot of an older count is stale.
    presence_changes: std::sync::atomic::AtomicU64,
    /// The last snapshot made, while it is still what a snapshot would say.
    cached: std::sync::Mutex<Option<Arc<cache::Cached>>>,
    /// When the room was last asked for (Unix ms), for the cap on games in memory.
    used: AtomicI64,
}

/// A person who left: since when, and when a bot begins to play for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Away {
    /// When their last connection dropped (or the room was loaded), Unix ms.
    since: i64,
    /// When a bot begins to play for them, Unix ms: set when they leave, or when someone
    /// comes to a game loaded with them away.
    stand_in_at: Option<i64>,
}

/// What the events say of who acted for each seat: whether its person has acted at all
/// (they came to the game), and how many moves a stand-in bot played for them since they
/// last acted themselves. Kept as events are made, and rebuilt from the stored ones when
/// a game is loaded, so a bot that stood in before a restart goes on after it.
#[derive(Clone, Debug, Default)]
pub struct SeatHistory {
    acted: Vec<bool>,
    stood_in: Vec<u32>,
    /// Undos in the game so far.
    undos: u32,
}

impl SeatHistory {
    /// Nothing known yet of `seats` seats.
    pub fn new(seats: usize) -> SeatHistory {
        SeatHistory {
            acted: vec![false; seats],
            stood_in: vec![0; seats],
            undos: 0,
        }
    }

    /// Takes an action into account: `seat` threw, moved (`moved`) or undid, by a
    /// stand-in bot or by itself.
    fn note(&mut self, seat: usize, moved: bool, stand_in: bool) {
        let (Some(acted), Some(stood_in)) = (self.acted.get_mut(seat), self.stood_in.get_mut(seat))
        else {
            return;
        };
        *acted = true;
        if !stand_in {
            *stood_in = 0;
        } else if moved {
            *stood_in += 1;
        }
    }

    /// Takes an event made now into account.
    fn note_event(&mut self, event: &Event) {
        if matches!(event.body, ashta_table::protocol::EventBody::Undo { .. }) {
            self.undos += 1;
        }
        if let Some((seat, stand_in)) = event.actor() {
            let moved = matches!(event.body, ashta_table::protocol::EventBody::Move { .. });
            self.note(seat, moved, stand_in);
        }
    }

    /// Takes a stored event (its JSON) into account.
    pub fn note_stored(&mut self, event: &serde_json::Value) {
        let kind = event.get("kind").and_then(|k| k.as_str()).unwrap_or("");
        let seat = event.get("seat").and_then(|s| s.as_u64());
        if kind == "undo" {
            self.undos += 1;
        }
        if let (Some(seat), "throw" | "move" | "undo") = (seat, kind) {
            let stand_in = event.get("stand_in").is_some_and(|s| s.is_string());
            self.note(seat as usize, kind == "move", stand_in);
        }
    }
}

/// Counts a connection for its seat while it lives: made by [`Room::arrive`], ended by
/// [`Presence::leave`] (dropped without it, the count still goes down, with no notice).
pub struct Presence {
    room: Arc<Room>,
    seat: usize,
    counted: bool,
}

impl Drop for Presence {
    fn drop(&mut self) {
        if self.counted {
            self.room.connected[self.seat].fetch_sub(1, Ordering::Relaxed);
        }
    }
}

impl Presence {
    /// The connection ends. When it was the seat's last, in a game still playing, its
    /// person is away: everyone is told, and unless they come back within the room's
    /// turn timer (or the server's [`Host::away_timer`] when the room has none), a bot
    /// plays for them on their turns, as long as someone else is there to wait for them.
    pub async fn leave(mut self, app: &Arc<impl Host>) {
        let (room, seat) = (self.room.clone(), self.seat);
        self.counted = false;
        room.connected[seat].fetch_sub(1, Ordering::Relaxed);
        room.people_seen.store(now_ms(), Ordering::Relaxed);
        drop(self);
        let mut st = room.lock().await;
        if st.broken || st.unloaded || room.connected[seat].load(Ordering::Relaxed) > 0 {
            return;
        }
        if !st.table.is_over() && !st.table.has_resigned(seat) {
            let now = now_ms();
            let grace = room.away_grace(app);
            st.away[seat] = Some(Away {
                since: now,
                stand_in_at: Some(now + grace),
            });
        }
        room.refresh(&mut st);
        st.claim_after = Some(app.claim_after().as_millis() as i64);
        room.notify(&st, seat, false, None);
        room.kick(app, &mut st);
        room.watch_claims(&st);
    }
}

impl Room {
    /// A room for a game whose table has had its events applied, the last of them as
    /// sent in `recent` (only the last [`RECENT_EVENTS`] are kept), and `history` taken
    /// from them all. Nobody is connected yet: every person who has acted in the game is
    /// away since now (their bot's time starts when someone comes), and one a bot already
    /// played for goes on being played for.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: String,
        created_at: i64,
        commitment: String,
        config: GameConfig,
        table: Table,
        recent: Vec<Arc<Outgoing>>,
        updated_at: i64,
        history: SeatHistory,
        stored_bytes: u64,
    ) -> Arc<Room> {
        let skip = recent.len().saturating_sub(RECENT_EVENTS);
        let seats = config.seats.len();
        let now = now_ms();
        let playing = !table.is_over();
        let away = (0..seats)
            .map(|s| {
                let person = config.seats[s].kind == SeatOccupant::Human && !table.has_resigned(s);
                (playing && person && history.acted.get(s) == Some(&true)).then(|| Away {
                    since: now,
                    stand_in_at: (history.stood_in[s] > 0).then_some(now),
                })
            })
            .collect();
        let turn_since = (table.version(), now);
        Arc::new_cyclic(|me| Room {
            me: me.clone(),
            notices: std::sync::Mutex::new(notices::Notices::new(seats)),
            presence_changes: std::sync::atomic::AtomicU64::new(0),
            cached: std::sync::Mutex::new(None),
            used: AtomicI64::new(now),
            id,
            created_at,
            commitment,
            config,
            state: Mutex::new(RoomState {
                table,
                recent: recent.into_iter().skip(skip).collect(),
                updated_at,
                deadline: None,
                turn_since,
                away,
                history,
                seat_actions: (0..seats).map(|_| Window::default()).collect(),
                game_actions: Window::default(),
                broken: false,
                driving: false,
                timing: false,
                unloaded: false,
                claim_after: None,
                stored_bytes,
            }),
            channel: broadcast::channel(CHANNEL_CAPACITY).0,
            connected: (0..seats).map(|_| AtomicU32::new(0)).collect(),
            people_seen: AtomicI64::new(now),
        })
    }

    /// The log message of an event replayed from the store (its JSON text), as it was
    /// sent; an error when the text is not JSON.
    pub fn replayed(table: &Table, event: &str) -> Result<Arc<Outgoing>, serde_json::Error> {
        let message = table.event_message_of(EventText::stored(event.to_string())?, None);
        Ok(Arc::new(Outgoing::event(table.version(), &message)))
    }

    /// Notes that the room was asked for now.
    pub fn touch(&self) {
        self.used.store(now_ms(), Ordering::Relaxed);
    }

    /// When the room was last asked for (Unix ms).
    pub fn last_used(&self) -> i64 {
        self.used.load(Ordering::Relaxed)
    }

    /// Locks the room's state.
    pub async fn lock(&self) -> MutexGuard<'_, RoomState> {
        self.state.lock().await
    }

    /// Listens to the room's events.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Outgoing>> {
        self.channel.subscribe()
    }

    /// A connection for `seat` comes, counted until it leaves ([`Presence::leave`]).
    /// When it is the seat's first, everyone is told; a person who was away has the
    /// seat back (no bot plays for them any more) and is told what was played for them;
    /// and the time of everyone else away starts, since someone waits for them now.
    pub async fn arrive(self: &Arc<Self>, app: &Arc<impl Host>, seat: usize) -> Presence {
        let first = self.connected[seat].fetch_add(1, Ordering::Relaxed) == 0;
        self.people_seen.store(now_ms(), Ordering::Relaxed);
        let presence = Presence {
            room: self.clone(),
            seat,
            counted: true,
        };
        let mut st = self.lock().await;
        if st.broken || st.unloaded {
            return presence;
        }
        let now = now_ms();
        let was_away = st.away[seat].take().is_some();
        let grace = self.away_grace(app);
        for away in st.away.iter_mut().flatten() {
            away.stand_in_at.get_or_insert(now + grace);
        }
        let played = std::mem::take(&mut st.history.stood_in[seat]);
        self.refresh(&mut st);
        st.claim_after = Some(app.claim_after().as_millis() as i64);
        if first {
            self.notify(&st, seat, true, was_away.then_some(played));
        }
        self.kick(app, &mut st);
        self.watch_claims(&st);
        presence
    }

    /// Since when every person seated in the game has been away (Unix ms): `None` while
    /// one of them has a connection open, and for a game with no person seated.
    pub fn people_away_since(&self) -> Option<i64> {
        let people: Vec<usize> = (0..self.config.seats.len())
            .filter(|&s| !self.is_bot(s))
            .collect();
        let connected = people
            .iter()
            .any(|&s| self.connected[s].load(Ordering::Relaxed) > 0);
        (!people.is_empty() && !connected).then(|| self.people_seen.load(Ordering::Relaxed))
    }

    /// Aborts the game if nobody has moved in it yet (RULES.md 8.8): its `finished`
    /// event is stored and sent, and it leaves play. Says whether it was aborted.
    pub async fn abort(self: &Arc<Self>, app: &Arc<impl Host>) -> bool {
        let mut st = self.lock().await;
        if st.broken || st.unloaded || !st.table.may_abort() {
            return false;
        }
        let Ok(events) = st.table.abort() else {
            return false;
        };
        self.commit(app, &mut st, events).await.is_ok()
    }

    /// How many connections are open for `seat` now.
    pub fn connections(&self, seat: usize) -> usize {
        self.connected[seat].load(Ordering::Relaxed) as usize
    }

    /// The grace a person who left has before a bot plays for them, in ms: the room's
    /// turn timer, else the server's.
    fn away_grace(&self, app: &Arc<impl Host>) -> i64 {
        match self.config.turn_timer_secs {
            Some(secs) => secs as i64 * 1000,
            None => app.away_timer().as_millis() as i64,
        }
    }

    /// Sends the `presence` message of [`Room::notify`] now.
    fn send_presence(&self, st: &RoomState, seat: usize, present: bool, played: Option<u32>) {
        let message = ServerMessage::Presence(PresenceMessage {
            seat: seat as u8,
            present,
            seats: self.seat_views(st),
            turn_deadline: self.shown_deadline(st),
            played,
            by: played.map(|_| STAND_IN_LEVEL.to_string()),
        });
        let _ = self.channel.send(Arc::new(Outgoing {
            version: st.table.version(),
            notice: true,
            text: message.to_text().into(),
        }));
    }

    /// Whether someone other than `seat`'s person is there to wait for them.
    fn someone_waits(&self, seat: usize) -> bool {
        (0..self.config.seats.len())
            .any(|s| s != seat && !self.is_bot(s) && self.connected[s].load(Ordering::Relaxed) > 0)
    }

    /// When a bot plays for `seat`'s person, who is away, if someone waits for them.
    fn stand_in_at(&self, st: &RoomState, seat: usize) -> Option<i64> {
        let away = st.away[seat].as_ref()?;
        if self.someone_waits(seat) {
            away.stand_in_at
        } else {
            None
        }
    }

    /// Sets the room's deadline from the rest of its state: for a person to move who is
    /// away with someone waiting, when their bot plays; else their turn timer, if the
    /// room has one; none for a bot.
    fn refresh(&self, st: &mut RoomState) {
        let t = &st.table;
        let seat = t.to_move();
        st.deadline = if t.is_over() || self.bot_seat(st, seat) {
            None
        } else if let Some(at) = self.stand_in_at(st, seat) {
            Some((t.version(), at))
        } else {
            self.config
                .turn_timer_secs
                .map(|secs| (t.version(), st.turn_since.1 + secs as i64 * 1000))
        };
    }

    /// The deadline clients are shown: none once it has passed (a bot plays then).
    fn shown_deadline(&self, st: &RoomState) -> Option<i64> {
        st.deadline.map(|d| d.1).filter(|&d| d > now_ms())
    }

    /// Whether a bot plays for the seat to move now: a bot's seat, or a person's whose
    /// deadline has passed.
    fn bot_plays(&self, st: &RoomState) -> bool {
        let version = st.table.version();
        self.bot_seat(st, st.table.to_move())
            || st
                .deadline
                .is_some_and(|d| d.0 == version && d.1 <= now_ms())
    }

    /// Marks the room unloaded if it can leave memory, and says whether it did: nobody
    /// is connected, and nothing will happen in it until someone comes (the game is
    /// over, or a person is to act with no turn timer running and no bot thinking).
    /// Its game stays in the store and loads again on demand.
    pub fn try_unload(&self) -> bool {
        if self.channel.receiver_count() > 0 {
            return false;
        }
        let Ok(mut st) = self.state.try_lock() else {
            return false;
        };
        let waiting = st.table.is_over()
            || st.broken
            || (!st.driving && !st.timing && !self.bot_seat(&st, st.table.to_move()));
        // Checked under the lock: a connection subscribes, then checks `unloaded`.
        if waiting && self.channel.receiver_count() == 0 {
            st.unloaded = true;
            true
        } else {
            false
        }
    }

    /// Whether the room left memory (see [`Room::try_unload`]).
    pub async fn is_unloaded(&self) -> bool {
        self.lock().await.unloaded
    }

    fn is_bot(&self, seat: usize) -> bool {
        self.config.seats[seat].kind == SeatOccupant::Bot
    }

    /// Whether a bot plays `seat` on every turn: a bot's seat, or a person's who
    /// resigned (RULES.md 8.7).
    fn bot_seat(&self, st: &RoomState, seat: usize) -> bool {
        self.is_bot(seat) || st.table.has_resigned(seat)
    }

    /// Whether no person is seated: nobody waits on its bots.
    pub fn is_bot_only(&self) -> bool {
        (0..self.config.seats.len()).all(|s| self.is_bot(s))
    }

    /// The seats as shown to everyone: whether someone is connected, and for a person
    /// who left, what is done for them.
    fn seat_views(&self, st: &RoomState) -> Vec<SeatView> {
        let mut views = self.config.seat_views(|i, s| {
            Some(s.kind == SeatOccupant::Bot || self.connected[i].load(Ordering::Relaxed) > 0)
        });
        for (seat, view) in views.iter_mut().enumerate() {
            view.away = st.away[seat].map(|a| AwayView {
                since: a.since,
                stand_in_at: self.stand_in_at(st, seat),
                played: st.history.stood_in[seat],
                by: STAND_IN_LEVEL.to_string(),
                claim_at: self.claim_at_over(st, seat),
            });
        }
        views
    }

    /// The snapshot of `docs/web-api.md`: the state from memory, its newest events
    /// from the store, as many as fit in `max_history_bytes` (`events_from` is the
    /// version of the first; the older ones are read in pages).
    pub async fn snapshot(
        &self,
        app: &impl Host,
        max_history_bytes: usize,
    ) -> Result<Snapshot, StoreError> {
        let (head, version) = {
            let st = self.lock().await;
            (self.snapshot_head(&st), st.table.version())
        };
        let events = app
            .store()
            .newest_events(&self.id, version, max_history_bytes)
            .await?;
        with_events(head, events)
    }

    /// The snapshot without its `events` (under the room's lock every event up to its
    /// version is in the store).
    fn snapshot_head(&self, st: &RoomState) -> Snapshot {
        Snapshot {
            id: self.id.clone(),
            table: st.table.snapshot(),
            seats: self.seat_views(st),
            commitment: self.commitment.clone(),
            turn_deadline: self.shown_deadline(st),
            created_at: self.created_at,
            updated_at: st.updated_at,
            events_from: None,
            events: Vec::new(),
        }
    }

    /// What a client that has every event up to `since` needs: the messages of the
    /// events after it when the room still keeps them all, else the whole state (a
    /// `state` message, `you` the client's seat), and the version it brings the client
    /// to.
    pub async fn catch_up(
        &self,
        app: &impl Host,
        seat: Option<usize>,
        since: u64,
        max_history_bytes: usize,
    ) -> Result<(Vec<Utf8Bytes>, u64), StoreError> {
        let (head, version) = {
            let st = self.lock().await;
            let version = st.table.version();
            if since == version && since > 0 {
                return Ok((Vec::new(), version));
            }
            let first = st.recent.front().map_or(version + 1, |o| o.version);
            if since > 0 && since < version && since + 1 >= first {
                let texts = st
                    .recent
                    .iter()
                    .filter(|o| o.version > since)
                    .map(|o| o.text.clone())
                    .collect();
                return Ok((texts, version));
            }
            if seat.is_none() {
                // A spectator's whole state is the same for all: made once per state.
                drop(st);
                let cached = self.cached_snapshot(app, max_history_bytes).await?;
                return Ok((vec![cached.spectator_state()], cached.version()));
            }
            (self.snapshot_head(&st), version)
        };
        let events = app
            .store()
            .newest_events(&self.id, version, max_history_bytes)
            .await?;
        let state = ServerMessage::State {
            you: seat.map(|s| s as u8),
            game: Box::new(with_events(head, events)?),
        };
        Ok((vec![state.to_text().into()], version))
    }

    /// Stores a table change's events, then sends them; on a store failure the room
    /// is closed for actions (and dropped from the app, so it is loaded again from
    /// what was committed).
    async fn commit(
        self: &Arc<Self>,
        app: &Arc<impl Host>,
        st: &mut RoomState,
        events: Vec<Event>,
    ) -> Result<(), WsError> {
        if events.is_empty() {
            return Ok(());
        }
        let mut events = events;
        let limits = app.action_limits();
        let max_events = limits.max_events;
        let size = |events: &[Event]| -> u64 {
            events
                .iter()
                .map(|e| EventText::of(e).get().len() as u64)
                .sum()
        };
        if !st.table.is_over() && st.table.version() + 1 >= max_events {
            tracing::info!(game = %self.id, max_events, "the game reached its bound on events: ended as a draw");
            events.extend(st.table.end_at_event_limit()?);
        } else if !st.table.is_over() && st.stored_bytes + size(&events) >= limits.max_bytes {
            tracing::info!(game = %self.id, max_bytes = limits.max_bytes, "the game reached its bound on bytes: ended as a draw");
            events.extend(st.table.end_at_event_limit()?);
        }
        let now = now_ms();
        st.turn_since = (st.table.version(), now);
        for e in &events {
            st.history.note_event(e);
        }
        self.refresh(st);
        let deadline = self.shown_deadline(st);
        let mut stored = Vec::with_capacity(events.len());
        let mut out = Vec::with_capacity(events.len());
        for e in &events {
            let json = EventText::of(e);
            stored.push((e.version, json.get().to_string()));
            let message = st.table.event_message_of(json, deadline);
            out.push(Arc::new(Outgoing::event(e.version, &message)));
        }
        let added: u64 = stored.iter().map(|e| e.1.len() as u64).sum();
        let write = EventsWrite {
            id: self.id.clone(),
            events: stored,
            status: if st.table.is_over() {
                "finished"
            } else {
                "playing"
            },
            result: st
                .table
                .result()
                .map(|r| serde_json::to_string(&r).expect("results serialize")),
            updated_at: now,
        };
        if let Err(e) = app.store().append(write).await {
            tracing::error!(game = %self.id, "storing events failed: {e}");
            st.broken = true;
            app.forget(&self.id);
            return Err(WsError::new(
                WsErrorCode::Internal,
                "the server could not store the change; reconnect",
            ));
        }
        st.updated_at = now;
        st.stored_bytes += added;
        if st.table.is_over() {
            app.left_play(&self.id);
            if let Some(rating) = st.table.result().and_then(|r| app.finished(&self.id, &r)) {
                let _ = rating.await;
            }
        }
        for o in out {
            if st.recent.len() == RECENT_EVENTS {
                st.recent.pop_front();
            }
            st.recent.push_back(o.clone());
            let _ = self.channel.send(o);
        }
        self.kick(app, st);
        Ok(())
    }

    /// Starts the bot task when a bot plays for the seat to move (a bot's seat, or a
    /// person's whose deadline passed), else the timer task when the room has a deadline.
    pub fn kick(self: &Arc<Self>, app: &Arc<impl Host>, st: &mut RoomState) {
        if st.table.is_over() || st.broken || st.unloaded || app.is_stopping() {
            return;
        }
        self.refresh(st);
        if self.bot_plays(st) {
            if !st.driving {
                st.driving = true;
                tokio::spawn(drive(self.clone(), app.clone()));
            }
        } else if st.deadline.is_some() && !st.timing {
            st.timing = true;
            tokio::spawn(time_turns(self.clone(), app.clone()));
        }
    }

    /// A human seat's action: a throw, a move or an undo, refused with an error that
    /// changes nothing when it is not allowed.
    pub async fn act(
        self: &Arc<Self>,
        app: &Arc<impl Host>,
        seat: usize,
        action: SeatAction,
    ) -> Result<(), WsError> {
        let mut st = self.lock().await;
        if st.broken || st.unloaded {
            return Err(WsError::new(
                WsErrorCode::Internal,
                "this game is being reloaded; reconnect",
            ));
        }
        let limits = app.action_limits();
        let second = Duration::from_secs(1);
        if !st.seat_actions[seat].allow(limits.per_seat_per_second, second) {
            return Err(WsError::new(
                WsErrorCode::RateLimited,
                format!(
                    "this seat made {} actions in the last second, the most it may; this one was ignored",
                    limits.per_seat_per_second
                ),
            ));
        }
        if !st.game_actions.allow(limits.per_game_per_second, second) {
            return Err(WsError::new(
                WsErrorCode::RateLimited,
                format!(
                    "this game's seats made {} actions in the last second, the most they may; this one was ignored",
                    limits.per_game_per_second
                ),
            ));
        }
        let events = match action {
            SeatAction::Undo => {
                let others_bots = (0..self.config.seats.len()).all(|s| s == seat || self.is_bot(s));
                if !others_bots {
                    return Err(WsError::new(
                        WsErrorCode::CannotUndo,
                        "undo is only for games where every other seat is a bot",
                    ));
                }
                if st.history.undos >= limits.max_undos {
                    return Err(WsError::new(
                        WsErrorCode::CannotUndo,
                        format!(
                            "this game has had {} undos, the most a game may have",
                            limits.max_undos
                        ),
                    ));
                }
                st.table.act(seat, SeatAction::Undo)?
            }
            SeatAction::Resign => {
                let events = st.table.act(seat, SeatAction::Resign)?;
                // A person who resigned is away no more: a bot plays their pawns.
                st.away[seat] = None;
                events
            }
            SeatAction::Claim(choice) => match self.claim(&mut st, seat, choice)? {
                Some(events) => events,
                None => {
                    self.kick(app, &mut st);
                    return Ok(());
                }
            },
            plain => st.table.act(seat, plain)?,
        };
        self.commit(app, &mut st, events).await
    }
}

/// A snapshot from its head and its newest events' versions and stored JSON texts:
/// `events_from` says the version of the first (1 when they are all there). An error
/// when a stored event is not JSON.
fn with_events(mut head: Snapshot, events: Vec<(u64, String)>) -> Result<Snapshot, StoreError> {
    head.events_from = Some(events.first().map_or(1, |e| e.0));
    head.events = events
        .into_iter()
        .map(|(version, text)| {
            EventText::stored(text)
                .map_err(|e| StoreError::Task(format!("stored event {version}: {e}")))
        })
        .collect::<Result<_, _>>()?;
    Ok(head)
}

/// The bots of a game's seats, one per bot seat for the whole game (`None` for a
/// person's): each of its level ([`web_bot`]), with the server's `budget` per decision
/// and its own seed from the game's seed and the seat ([`bot_seed`]).
pub fn seat_bots(
    maker: &BotMaker,
    config: &GameConfig,
    seed: u64,
    budget: Duration,
) -> Vec<Option<Box<dyn Bot>>> {
    config
        .seats
        .iter()
        .enumerate()
        .map(|(seat, s)| {
            (s.kind == SeatOccupant::Bot).then(|| seat_bot(maker, s, seed, seat, budget))
        })
        .collect()
}

fn seat_bot(
    maker: &BotMaker,
    s: &SeatConfig,
    seed: u64,
    seat: usize,
    budget: Duration,
) -> Box<dyn Bot> {
    let level = s.level.as_deref().unwrap_or(FALLBACK_LEVEL);
    web_bot(maker, level, bot_seed(seed, seat), budget)
}

/// The bot that plays one decision for `seat`'s person at `version` of a game whose
/// throws come from `seed` (they left, or their turn timer ran out): of
/// [`STAND_IN_LEVEL`], seeded apart for each decision.
fn stand_in_bot(
    maker: &BotMaker,
    seed: u64,
    seat: usize,
    version: u64,
    budget: Duration,
) -> Box<dyn Bot> {
    web_bot(
        maker,
        STAND_IN_LEVEL,
        bot_seed(seed, seat) ^ version,
        budget,
    )
}

/// Marks events made by a bot for a person's `seat` as its stand-in's.
fn mark_stand_in(room: &Room, seat: usize, events: &mut [Event]) {
    if !room.is_bot(seat) {
        for e in events {
            e.stand_in(STAND_IN_LEVEL);
        }
    }
}

/// The part of a bot's `budget` kept for storing and sending its move (a chess
/// engine's "move overhead"): a tenth, at most 100 ms. Its search stops this much
/// before the budget ends, so the move reaches the players within the budget, when the
/// machine is busy too.
pub fn move_overhead(budget: Duration) -> Duration {
    (budget / 10).min(Duration::from_millis(100))
}

/// What a bot's search gave.
struct Searched {
    /// The bot, back from its thread; `None` when it is still searching after the
    /// server gave up on it (it is returned to the table when it stops) or it panicked.
    bot: Option<Box<dyn Bot>>,
    /// Its play; `None` when it failed, gave none or overran.
    play: Option<Play>,
    /// The bot panicked and is gone.
    lost: bool,
}

/// Lets `bot` choose its play for the bag of `pos` on a search thread
/// ([`crate::pool::SearchPool`]) within the server's budget, counted from now, less
/// the [`move_overhead`]: a search that waited for its place has that much less time,
/// so a decision keeps its budget whatever the queue, and one that found no place by
/// then is decided by a [`DEADLINE_LEVEL`] bot at once. The searches of a game with no
/// person seated run on threads of a lower priority. At most [`crate::app::ServerConfig::max_thinking`] searches run at
/// once, server-wide, served round-robin across `key`s: a search holds its place until
/// it has really stopped, even after its answer is given up on. A bot that overruns is
/// given back to `seat` of the room's table once its search stops (`room` is `None` for
/// a bot of no seat's, which is then dropped).
async fn search(
    app: &Arc<impl Host>,
    key: &str,
    room: Option<&Arc<Room>>,
    seat: usize,
    mut bot: Box<dyn Bot>,
    variant: Variant,
    pos: Position,
) -> Searched {
    let asked = Instant::now();
    let hard_limit = app.bot_time() * 3 + Duration::from_secs(2);
    let budget = app.bot_time();
    let deadline = asked + budget - move_overhead(budget);
    // Searches wait their turn round-robin across the networks that created games, until
    // the decision's deadline: past it, a cheaper bot decides at once.
    let waited = tokio::time::timeout_at(deadline.into(), app.thinking().acquire(key)).await;
    let permit = match waited {
        Ok(Some(permit)) => permit,
        Ok(None) => {
            return Searched {
                bot: Some(bot),
                play: None,
                lost: false,
            }
        }
        Err(_) => {
            tracing::warn!(
                "no search place before the bot's deadline; a {DEADLINE_LEVEL} bot decides"
            );
            return Searched {
                bot: Some(bot),
                play: quick_play(app.bot_maker(), variant, pos).await,
                lost: false,
            };
        }
    };
    // The search ends by itself at its budget; this `Stop` cancels a search that waited
    // for its place, for when it does not end (rules whose every step is slow), when the
    // server gives up on it, or shuts down.
    let stop = app.search_stop().with_deadline(deadline).within(hard_limit);
    bot.set_stop(stop.clone());
    let bot_only = room.is_some_and(|r| r.is_bot_only());
    let pool = app.searches(bot_only).clone();
    let mut task = tokio::spawn(async move {
        pool.run(move || {
            let _permit = permit;
            let play = bot.try_choose(&variant, &pos);
            // The bot waits for the others now, maybe for a person: nothing kept for speed.
            bot.release_memory();
            (bot, play)
        })
        .await
    });
    let done = match tokio::time::timeout(hard_limit, &mut task).await {
        Ok(joined) => joined.unwrap_or(Err(PoolError::Gone)),
        Err(_) => {
            tracing::warn!("a bot overran its budget; playing the first legal move");
            stop.cancel();
            if let Some(room) = room.cloned() {
                tokio::spawn(async move {
                    if let Ok(Ok((bot, _))) = task.await {
                        room.lock().await.table.return_bot(seat, bot);
                    }
                });
            }
            return Searched {
                bot: None,
                play: None,
                lost: false,
            };
        }
    };
    match done {
        Ok((bot, Ok(Some(play)))) if !play.moves.is_empty() => Searched {
            bot: Some(bot),
            play: Some(play),
            lost: false,
        },
        Ok((bot, outcome)) => {
            tracing::warn!("a bot failed ({outcome:?}); playing the first legal move");
            Searched {
                bot: Some(bot),
                play: None,
                lost: false,
            }
        }
        Err(e) => {
            tracing::warn!("a bot's search gave nothing ({e}); playing the first legal move");
            Searched {
                bot: None,
                play: None,
                lost: true,
            }
        }
    }
}

/// The level that decides for a bot whose search found no place before its deadline:
/// one that weighs each play once, in a few milliseconds.
pub const DEADLINE_LEVEL: &str = "greedy";

/// The play of a [`DEADLINE_LEVEL`] bot for the bag of `pos` (on a blocking thread:
/// on large rules a bag has many plays).
async fn quick_play(maker: &BotMaker, variant: Variant, pos: Position) -> Option<Play> {
    let mut bot = web_bot(maker, DEADLINE_LEVEL, 0, Duration::from_millis(50));
    tokio::task::spawn_blocking(move || bot.choose(&variant, &pos))
        .await
        .ok()
        .flatten()
        .filter(|play| !play.moves.is_empty())
}

/// The first legal move of the seat to move: what plays when a bot fails.
fn first_legal(table: &Table) -> Option<Move> {
    table.legal().first().copied()
}

/// Plays for the bots of a room while one plays for the seat to move (a bot's seat, or
/// a person's whose deadline passed: [`Room::bot_plays`]), pausing between decisions.
/// Each bot seat's one bot is lent to a search thread ([`Table::lend_bot`],
/// [`crate::pool`]), given back, and its play checked and played ([`Table::play_bot`]);
/// a person's seat gets a bot of [`STAND_IN_LEVEL`] for each decision, whose events are
/// marked as its.
async fn drive(room: Arc<Room>, app: Arc<impl Host>) {
    let mut pause = true;
    loop {
        if pause && !app.bot_delay().is_zero() {
            tokio::time::sleep(app.bot_delay()).await;
        }
        pause = true;
        let mut st = room.lock().await;
        room.refresh(&mut st);
        let seat = st.table.to_move();
        if st.broken || st.table.is_over() || !room.bot_plays(&st) || app.is_stopping() {
            st.driving = false;
            room.kick(&app, &mut st);
            return;
        }
        let person = !room.is_bot(seat);
        if st.table.must_throw() {
            let mut events = st
                .table
                .act(seat, SeatAction::Throw)
                .expect("the bot's seat is to throw");
            mark_stand_in(&room, seat, &mut events);
            let _ = room.commit(&app, &mut st, events).await;
            continue;
        }
        let version = st.table.version();
        let bot = if person {
            let seed = st.table.seed();
            Some(stand_in_bot(
                app.bot_maker(),
                seed,
                seat,
                version,
                app.bot_time(),
            ))
        } else {
            st.table.lend_bot(seat)
        };
        let Some(bot) = bot else {
            // The seat's bot is still in a search given up on: the first legal move.
            tracing::warn!(game = %room.id, seat, "the bot is still searching; playing the first legal move");
            if let Some(mv) = first_legal(&st.table) {
                let events = st
                    .table
                    .act(seat, SeatAction::Move(mv.into()))
                    .expect("a legal move plays");
                let _ = room.commit(&app, &mut st, events).await;
            }
            continue;
        };
        let (variant, pos) = (st.table.variant().clone(), *st.table.position());
        drop(st);
        let key = app.search_key(&room.id);
        let lent_by = (!person).then_some(&room);
        let searched = search(&app, &key, lent_by, seat, bot, variant, pos).await;
        let mut st = room.lock().await;
        if app.is_stopping() {
            // A search cut short by the shutdown is not played: the game resumes
            // from here when the server starts again.
            if let (Some(bot), false) = (searched.bot, person) {
                st.table.return_bot(seat, bot);
            }
            st.driving = false;
            return;
        }
        if person {
            // A stand-in's bot is for one decision only.
        } else if let Some(bot) = searched.bot {
            st.table.return_bot(seat, bot);
        } else if searched.lost {
            // A bot whose search panicked: a new one takes the seat.
            let seed = st.table.seed();
            let bot = seat_bot(
                app.bot_maker(),
                &room.config.seats[seat],
                seed,
                seat,
                app.bot_time(),
            );
            st.table.return_bot(seat, bot);
        }
        room.refresh(&mut st);
        if st.table.version() != version || st.broken || !room.bot_plays(&st) {
            // An undo came while the bot thought, or the person came back: see again.
            pause = false;
            continue;
        }
        let played =
            searched
                .play
                .and_then(|play| match st.table.play_bot(seat, Decided::Play(&play)) {
                    Ok(events) => Some(events),
                    Err(e) => {
                        tracing::warn!(game = %room.id, "bot play refused: {e}");
                        None
                    }
                });
        let mut events = match played {
            Some(events) => events,
            None => match first_legal(&st.table) {
                Some(mv) => st
                    .table
                    .act(seat, SeatAction::Move(mv.into()))
                    .expect("a legal move plays"),
                None => Vec::new(),
            },
        };
        mark_stand_in(&room, seat, &mut events);
        let _ = room.commit(&app, &mut st, events).await;
    }
}

/// Waits for the room's deadline, then lets a bot play for the person to move
/// ([`drive`]): one step for a person whose turn timer ran out, every turn until they
/// come back for one who left.
async fn time_turns(room: Arc<Room>, app: Arc<impl Host>) {
    loop {
        let deadline = {
            let mut st = room.lock().await;
            room.refresh(&mut st);
            match st.deadline {
                Some(d) if !st.broken && !st.table.is_over() && !app.is_stopping() => d,
                _ => {
                    st.timing = false;
                    return;
                }
            }
        };
        let wait = (deadline.1 - now_ms()).max(0) as u64;
        tokio::time::sleep(Duration::from_millis(wait)).await;
        let mut st = room.lock().await;
        room.refresh(&mut st);
        if st.deadline != Some(deadline) {
            continue;
        }
        tracing::info!(game = %room.id, seat = st.table.to_move(), "a person's time ran out; a bot plays for them");
        st.timing = false;
        room.kick(&app, &mut st);
        return;
    }
}

impl Room {
    /// Sends a new room's first events (a game drawn at once) and starts its bots and
    /// timer.
    pub async fn start(self: &Arc<Self>, app: &Arc<impl Host>, events: Vec<Event>) {
        let mut st = self.lock().await;
        if let Err(e) = self.commit(app, &mut st, events).await {
            tracing::error!(game = %self.id, "storing the first events failed: {}", e.message);
        }
        self.kick(app, &mut st);
    }
}
