//! Game rooms: one per game, holding its table behind a mutex, its last events as sent
//! (the rest live in the store only, read back for snapshots), the broadcast channel its connections listen to, and the tasks that play for
//! bots and for absent players when the turn timer runs out.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ashta_bots::BotMaker;
use ashta_engine::{Move, Play, Position, RulesObject, Variant};
use ashta_session::Bot;
use axum::extract::ws::Utf8Bytes;
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, Mutex, MutexGuard};

use crate::clock::now_ms;
use crate::fair::Fair;
use crate::policy::{bot_seed, web_bot, FALLBACK_LEVEL};
use crate::pool::PoolError;
use crate::pool::SearchPool;
use crate::store::Store;
use crate::store::{EventsWrite, StoreError};
use ashta_table::protocol::{
    Event, LegalMove, MoveRequest, SeatConfig, SeatKind, SeatView, WsError, WsErrorCode,
};
use ashta_table::Table;

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
            })
            .collect()
    }
}

/// One event as sent to clients: the whole `event` message.
#[derive(Debug)]
pub struct Outgoing {
    /// The event's version.
    pub version: u64,
    /// `{"type": "event", "event": …, "legal": …, "must_throw": …, "turn_deadline": …}`.
    pub text: Utf8Bytes,
}

impl Outgoing {
    fn new(
        version: u64,
        event: &str,
        legal: &[LegalMove],
        must_throw: bool,
        deadline: Option<i64>,
    ) -> Outgoing {
        let legal = serde_json::to_string(legal).expect("moves serialize");
        let deadline = deadline.map_or("null".to_string(), |d| d.to_string());
        let text = format!(
            r#"{{"type":"event","event":{event},"legal":{legal},"must_throw":{must_throw},"turn_deadline":{deadline}}}"#
        );
        Outgoing {
            version,
            text: text.into(),
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
    /// `(version, Unix ms)`: when the turn timer plays for the human to move.
    pub deadline: Option<(u64, i64)>,
    /// A store write failed: the room refuses every action until it is loaded again.
    broken: bool,
    /// A bot task is running.
    driving: bool,
    /// The turn timer task is running.
    timing: bool,
    /// The room left memory ([`Room::try_unload`]): whoever still holds it loads the game
    /// again.
    unloaded: bool,
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
}

/// Counts a connection for its seat while it lives.
pub struct Presence {
    room: Arc<Room>,
    seat: usize,
}

impl Drop for Presence {
    fn drop(&mut self) {
        self.room.connected[self.seat].fetch_sub(1, Ordering::Relaxed);
    }
}

impl Room {
    /// A room for a game whose table has had its events applied, the last of them as
    /// sent in `recent` (only the last [`RECENT_EVENTS`] are kept).
    pub fn new(
        id: String,
        created_at: i64,
        commitment: String,
        config: GameConfig,
        table: Table,
        recent: Vec<Arc<Outgoing>>,
        updated_at: i64,
    ) -> Arc<Room> {
        let skip = recent.len().saturating_sub(RECENT_EVENTS);
        let seats = config.seats.len();
        Arc::new(Room {
            id,
            created_at,
            commitment,
            config,
            state: Mutex::new(RoomState {
                table,
                recent: recent.into_iter().skip(skip).collect(),
                updated_at,
                deadline: None,
                broken: false,
                driving: false,
                timing: false,
                unloaded: false,
            }),
            channel: broadcast::channel(CHANNEL_CAPACITY).0,
            connected: (0..seats).map(|_| AtomicU32::new(0)).collect(),
        })
    }

    /// The log message of an event replayed from the store, as it was sent.
    pub fn replayed(table: &Table, event: &str) -> Arc<Outgoing> {
        Arc::new(Outgoing::new(
            table.version(),
            event,
            &table.legal_json(),
            table.must_throw(),
            None,
        ))
    }

    /// Locks the room's state.
    pub async fn lock(&self) -> MutexGuard<'_, RoomState> {
        self.state.lock().await
    }

    /// Listens to the room's events.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<Outgoing>> {
        self.channel.subscribe()
    }

    /// Counts a connection for `seat` until the returned guard is dropped.
    pub fn connect(self: &Arc<Self>, seat: usize) -> Presence {
        self.connected[seat].fetch_add(1, Ordering::Relaxed);
        Presence {
            room: self.clone(),
            seat,
        }
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
            || (!st.driving && !st.timing && !self.is_bot(st.table.to_move()));
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
        self.config.seats[seat].kind == SeatKind::Bot
    }

    /// Whether no person is seated: nobody waits on its bots.
    pub fn is_bot_only(&self) -> bool {
        (0..self.config.seats.len()).all(|s| self.is_bot(s))
    }

    /// The seats as shown to everyone (with whether someone is connected).
    pub fn seat_views(&self) -> Vec<SeatView> {
        self.config.seat_views(|i, s| {
            Some(s.kind == SeatKind::Bot || self.connected[i].load(Ordering::Relaxed) > 0)
        })
    }

    /// The snapshot of `docs/web-api.md` as JSON text: the state from memory, its
    /// events from the store.
    pub async fn snapshot(&self, app: &impl Host) -> Result<String, StoreError> {
        let (head, version) = {
            let st = self.lock().await;
            (self.snapshot_head(&st), st.table.version())
        };
        Ok(with_events(
            head,
            app.store().events(&self.id, version).await?,
        ))
    }

    /// The snapshot without its `events`, and its version (under the room's lock every
    /// event up to it is in the store).
    fn snapshot_head(&self, st: &RoomState) -> String {
        let t = &st.table;
        let rules = t.variant().rules();
        serde_json::json!({
            "id": self.id,
            "status": if t.is_over() { "finished" } else { "playing" },
            "version": t.version(),
            "rules": RulesObject::full(rules),
            "size": rules.size,
            "players": rules.players,
            "board": t.board_json(),
            "seats": self.seat_views(),
            "position": t.position_json(),
            "legal": t.legal_json(),
            "must_throw": t.must_throw(),
            "commitment": self.commitment,
            "reveal": t.reveal(),
            "result": t.result(),
            "turn_deadline": st.deadline.map(|d| d.1),
            "created_at": self.created_at,
            "updated_at": st.updated_at,
        })
        .to_string()
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
            (self.snapshot_head(&st), version)
        };
        let game = with_events(head, app.store().events(&self.id, version).await?);
        let you = seat.map_or("null".to_string(), |s| s.to_string());
        let state = format!(r#"{{"type":"state","you":{you},"game":{game}}}"#);
        Ok((vec![state.into()], version))
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
        let now = now_ms();
        let version = st.table.version();
        st.deadline = match self.config.turn_timer_secs {
            Some(secs) if !st.table.is_over() && !self.is_bot(st.table.to_move()) => {
                Some((version, now + secs as i64 * 1000))
            }
            _ => None,
        };
        let legal = st.table.legal_json();
        let must_throw = st.table.must_throw();
        let mut stored = Vec::with_capacity(events.len());
        let mut out = Vec::with_capacity(events.len());
        for e in &events {
            let json = serde_json::to_string(e).expect("events serialize");
            out.push(Arc::new(Outgoing::new(
                e.version,
                &json,
                &legal,
                must_throw,
                st.deadline.map(|d| d.1),
            )));
            stored.push((e.version, json));
        }
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
        if st.table.is_over() {
            app.left_play(&self.id);
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

    /// Starts the bot task when a bot is to move, and the timer task when a human with
    /// a turn timer is.
    pub fn kick(self: &Arc<Self>, app: &Arc<impl Host>, st: &mut RoomState) {
        if st.table.is_over() || st.broken || st.unloaded || app.is_stopping() {
            return;
        }
        if self.is_bot(st.table.to_move()) {
            if !st.driving {
                st.driving = true;
                tokio::spawn(drive(self.clone(), app.clone()));
            }
        } else if let Some(secs) = self.config.turn_timer_secs {
            let version = st.table.version();
            if st.deadline.is_none_or(|d| d.0 != version) {
                st.deadline = Some((version, now_ms() + secs as i64 * 1000));
            }
            if !st.timing {
                st.timing = true;
                tokio::spawn(time_turns(self.clone(), app.clone()));
            }
        }
    }

    /// A human seat's action: a throw, a move or an undo, refused with an error that
    /// changes nothing when it is not allowed.
    pub async fn act(
        self: &Arc<Self>,
        app: &Arc<impl Host>,
        seat: usize,
        action: Action,
    ) -> Result<(), WsError> {
        let mut st = self.lock().await;
        if st.broken || st.unloaded {
            return Err(WsError::new(
                WsErrorCode::Internal,
                "this game is being reloaded; reconnect",
            ));
        }
        let events = match action {
            Action::Throw => st.table.throw(seat)?,
            Action::Move(req) => st.table.play_request(seat, &req)?,
            Action::Undo => {
                let others_bots = (0..self.config.seats.len()).all(|s| s == seat || self.is_bot(s));
                if !others_bots {
                    return Err(WsError::new(
                        WsErrorCode::CannotUndo,
                        "undo is only for games where every other seat is a bot",
                    ));
                }
                st.table.undo(seat)?
            }
        };
        self.commit(app, &mut st, events).await
    }
}

/// A snapshot from its head (a JSON object) and its events' stored JSON texts.
fn with_events(head: String, events: Vec<String>) -> String {
    let size = events.iter().map(|e| e.len() + 1).sum::<usize>();
    let mut out = String::with_capacity(head.len() + size + 16);
    out.push_str(&head[..head.len() - 1]);
    out.push_str(r#","events":["#);
    for (i, e) in events.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(e);
    }
    out.push_str("]}");
    out
}

/// What a human seat asks for.
#[derive(Clone, Debug)]
pub enum Action {
    /// Throw once.
    Throw,
    /// Play a move.
    Move(MoveRequest),
    /// Take back the last turn.
    Undo,
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
        .map(|(seat, s)| (s.kind == SeatKind::Bot).then(|| seat_bot(maker, s, seed, seat, budget)))
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
/// so a decision keeps its budget whatever the queue. The searches of a game with no
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
    // Searches wait their turn round-robin across the addresses that created games.
    let Some(permit) = app.thinking().acquire(key).await else {
        return Searched {
            bot: Some(bot),
            play: None,
            lost: false,
        };
    };
    // The search stops by itself at its budget; this stop is for a search that waited
    // for its place, for when it does not stop (rules whose every step is slow), when the
    // server gives up on it, or shuts down.
    let budget = app.bot_time();
    let stop = app
        .search_stop()
        .with_deadline(asked + budget - move_overhead(budget))
        .within(hard_limit);
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

/// The first legal move of the seat to move: what plays when a bot fails.
fn first_legal(table: &Table) -> Option<Move> {
    table.legal().first().copied()
}

/// Plays for the bots of a room while one is to move, pausing between decisions. Each
/// bot seat's one bot is lent to a search thread ([`Table::lend_bot`],
/// [`crate::pool`]), given back, and its play checked and played ([`Table::play_bot`]).
async fn drive(room: Arc<Room>, app: Arc<impl Host>) {
    let mut pause = true;
    loop {
        if pause && !app.bot_delay().is_zero() {
            tokio::time::sleep(app.bot_delay()).await;
        }
        pause = true;
        let mut st = room.lock().await;
        let seat = st.table.to_move();
        if st.broken || st.table.is_over() || !room.is_bot(seat) || app.is_stopping() {
            st.driving = false;
            room.kick(&app, &mut st);
            return;
        }
        if st.table.must_throw() {
            let events = st.table.throw(seat).expect("the bot's seat is to throw");
            let _ = room.commit(&app, &mut st, events).await;
            continue;
        }
        let version = st.table.version();
        let Some(bot) = st.table.lend_bot(seat) else {
            // The seat's bot is still in a search given up on: the first legal move.
            tracing::warn!(game = %room.id, seat, "the bot is still searching; playing the first legal move");
            if let Some(mv) = first_legal(&st.table) {
                let events = st.table.play(seat, mv).expect("a legal move plays");
                let _ = room.commit(&app, &mut st, events).await;
            }
            continue;
        };
        let (variant, pos) = (st.table.variant().clone(), *st.table.position());
        drop(st);
        let key = app.search_key(&room.id);
        let searched = search(&app, &key, Some(&room), seat, bot, variant, pos).await;
        let mut st = room.lock().await;
        if app.is_stopping() {
            // A search cut short by the shutdown is not played: the game resumes
            // from here when the server starts again.
            if let Some(bot) = searched.bot {
                st.table.return_bot(seat, bot);
            }
            st.driving = false;
            return;
        }
        if let Some(bot) = searched.bot {
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
        if st.table.version() != version || st.broken {
            // An undo came while the bot thought: think again.
            pause = false;
            continue;
        }
        let played = searched
            .play
            .and_then(|play| match st.table.play_bot(seat, &play) {
                Ok(events) => Some(events),
                Err(e) => {
                    tracing::warn!(game = %room.id, "bot play refused: {e}");
                    None
                }
            });
        let events = match played {
            Some(events) => events,
            None => match first_legal(&st.table) {
                Some(mv) => st.table.play(seat, mv).expect("a legal move plays"),
                None => Vec::new(),
            },
        };
        let _ = room.commit(&app, &mut st, events).await;
    }
}

/// Plays one decision for a human whose turn timer ran out, as long as the room has a
/// deadline.
async fn time_turns(room: Arc<Room>, app: Arc<impl Host>) {
    loop {
        let deadline = {
            let mut st = room.lock().await;
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
        if st.deadline != Some(deadline) || st.table.version() != deadline.0 {
            continue;
        }
        let seat = st.table.to_move();
        if room.is_bot(seat) {
            st.deadline = None;
            continue;
        }
        tracing::info!(game = %room.id, seat, "turn timer ran out; a bot plays one decision");
        if st.table.must_throw() {
            let events = st.table.throw(seat).expect("the seat is to throw");
            let _ = room.commit(&app, &mut st, events).await;
            continue;
        }
        let (variant, pos) = (st.table.variant().clone(), *st.table.position());
        drop(st);
        // A person's seat has no bot at the table: a fallback bot decides this once.
        let bot = web_bot(app.bot_maker(), FALLBACK_LEVEL, deadline.0, app.bot_time());
        let key = app.search_key(&room.id);
        let searched = search(&app, &key, None, seat, bot, variant, pos).await;
        let mut st = room.lock().await;
        if app.is_stopping() {
            st.timing = false;
            return;
        }
        if st.table.version() != deadline.0 {
            continue;
        }
        let moves = match searched.play {
            Some(play) => play.moves,
            None => first_legal(&st.table).into_iter().collect(),
        };
        for mv in moves {
            match st.table.play(seat, mv) {
                Ok(events) => {
                    if room.commit(&app, &mut st, events).await.is_err() {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
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
