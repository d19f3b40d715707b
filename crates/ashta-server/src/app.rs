//! The application: its settings, the store, the rooms in memory, the limits on games,
//! hints and searches, and resuming games after a restart.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ashta_bots::BotMaker;
use ashta_engine::Rules;
use ashta_session::Stop;

use crate::clock::{network_key, now_ms, rate_key, NetworkBits};
use crate::error::ApiError;
use crate::rate::Window;
use crate::room::{GameConfig, Room};
use crate::store::{GameRow, Store, StoreError};
use crate::{background, fair, pool, room, secret, store};

mod life;
use ashta_table::protocol::{SeatConfig, SeatOccupant};
use ashta_table::Table;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// The SQLite file.
    pub db: PathBuf,
    /// Pause before each bot throw or play (a play is sent as one event per move, which
    /// clients animate in turn), so clients can animate.
    pub bot_delay: Duration,
    /// A bot's thinking budget per decision.
    pub bot_time: Duration,
    /// Games one address may create per minute.
    pub creates_per_minute: u32,
    /// Messages one WebSocket connection may send per second.
    pub ws_messages_per_second: u32,
    /// Longest time an HTTP request may take.
    pub request_timeout: Duration,
    /// Longest time a connection may take to send a request's headers, counted from when
    /// it opens or its last response was sent; idle and slow connections close then.
    pub header_timeout: Duration,
    /// Most connections open at once (WebSockets included); more are closed on arrival.
    pub max_connections: usize,
    /// A WebSocket whose client sends nothing (not even a ping) for this long is closed.
    pub ws_idle: Duration,
    /// Most bot searches and hints running at once, server-wide (each takes one of as
    /// many search threads).
    pub max_thinking: usize,
    /// How much lower the search threads' CPU priority is than the threads that serve
    /// connections (a nice value, 0 to 19; Linux only): broadcasts go first, searches
    /// keep their wall-clock budget whatever share of the CPU is left them.
    pub search_nice: i32,
    /// How much lower still the searches of games with no person seated run (a nice
    /// value, 0 to 19; Linux only): they are nobody's wait, so they take what the
    /// searches of games with people and the connections leave.
    pub bot_only_nice: i32,
    /// A game nobody has played in (no throw yet) is dropped after this long.
    pub unplayed_expiry: Duration,
    /// A game in which nobody has made a move (throws alone do not count) this long
    /// after its creation is aborted (RULES.md 8.8): recorded `"aborted": true`, it
    /// frees its place at once.
    pub abort_after: Duration,
    /// A game whose people have all been away this long is suspended: it stops counting
    /// against any cap on games in play and leaves memory, and counts again when one of
    /// its seats connects.
    pub suspend_after: Duration,
    /// How often games nobody is connected to, waiting for a person, leave memory (they
    /// load again from the database on demand), and unplayed games expire.
    pub sweep_every: Duration,
    /// Most connections one address may hold open at once (WebSockets, spectators'
    /// included; IPv6 counts by /64).
    pub max_connections_per_address: usize,
    /// Hints one network (see [`ServerConfig::network_bits`]) may ask for per minute,
    /// all its addresses together.
    pub hints_per_minute: u32,
    /// Reviews (`GET /api/games/{id}/review`) one network may ask for per minute.
    pub reviews_per_minute: u32,
    /// Reads of the games (`GET /api/games`, a game, its events, its record) one
    /// network may make per second on average, in bursts of [`READ_BURST_SECS`]
    /// seconds' worth.
    pub reads_per_second: u32,
    /// Games kept in memory at most; past it the least recently used games that wait
    /// on nobody leave memory (they load again when asked for).
    pub max_games_in_memory: usize,
    /// Connections kept for seated players: a spectator's WebSocket is refused once
    /// fewer than this many places are left of [`ServerConfig::max_connections`].
    pub player_connection_reserve: usize,
    /// Hints and reviews computing at once, server-wide (each hint's rollouts use every
    /// background thread).
    pub max_hints_running: usize,
    /// Hints and reviews waiting for their turn, server-wide; past it a new one is
    /// refused at once with 503 ("busy, try again"), rather than waiting past its
    /// request's timeout.
    pub max_queued_hints: usize,
    /// How much lower than the connections' the CPU priority of the threads hints and
    /// reviews run on is (a nice value, 0 to 19; Linux only): below the bots' searches.
    pub background_nice: i32,
    /// Games in play one address may have created (and not finished).
    pub max_games_per_address: usize,
    /// Games in play with no person seated one address may have created.
    pub max_bot_games_per_address: usize,
    /// Games in play, server-wide.
    pub max_games: usize,
    /// Games in play with no person seated, server-wide.
    pub max_bot_games: usize,
    /// Finished games kept in the database (the newest; older ones are deleted at each
    /// sweep, with games nobody played in that expired).
    pub keep_finished: usize,
    /// A game in play with no event for this long, that nobody is connected to, is
    /// abandoned: deleted at the next sweep.
    pub abandoned_after: Duration,
    /// The origin (`https://name[:port]`) people reach the server at, when it is not
    /// the address it listens on (behind a proxy, say). Without it, requests must name
    /// the listening address, or `localhost`, as their host.
    pub public_origin: Option<String>,
    /// How long a person who leaves an online game with no turn timer (their last
    /// connection drops while someone else is there) has to come back before a bot of
    /// [`crate::policy::STAND_IN_LEVEL`] plays for them, until they return. In a game
    /// with a turn timer, the timer's own time applies.
    pub away_timer: Duration,
    /// How long every opponent still in a game must have been away before the one
    /// player still at the table may end it over them: claim the win, call it a draw,
    /// or play on against a bot at once (RULES.md 8.6).
    pub claim_after: Duration,
    /// Builds the seats' bots, with the program's tuning (`ashta serve --net`,
    /// `--weights`); the shipped evaluation by default.
    pub bot_maker: BotMaker,
    /// Actions (throws, moves, undos) one seat may make per second, all its connections
    /// together.
    pub actions_per_seat_per_second: u32,
    /// Actions one game's seats may make per second, together.
    pub actions_per_game_per_second: u32,
    /// Undos one game may have in all (undo is only for games against bots).
    pub max_undos_per_game: u32,
    /// Events one game may have in all; the event that reaches it ends the game as a
    /// draw with the reason `"event limit"` (far above what a real game makes).
    pub max_events_per_game: u64,
    /// Most bytes of a game's record `GET /api/games/{id}/record` sends; a larger
    /// record is refused with `too_large` (its events are read in pages).
    pub max_record_bytes: usize,
    /// Most connections open at once for one seat (a person's tabs and devices).
    pub max_sockets_per_seat: usize,
    /// Most bytes of events a snapshot or a `state` message carries: the newest events
    /// that fit (the rest are read in pages from `GET /api/games/{id}/events`).
    pub max_history_bytes: usize,
    /// Most bytes waiting to be sent on one WebSocket; a socket whose client reads too
    /// slowly for this is closed.
    pub ws_send_buffer: usize,
    /// Longest time one message may take to be handed to a WebSocket's client; a
    /// socket whose client stops reading is closed after it.
    pub ws_send_timeout: Duration,
    /// The kernel's send buffer of every connection (`SO_SNDBUF`, in bytes; 0 leaves
    /// the kernel's own, which grows to megabytes): fixed and small, so the bytes
    /// waiting for a client that stops reading are bounded (this, plus the one message
    /// being written) and its writes block, and it is closed after
    /// [`ServerConfig::ws_send_timeout`], whatever the kernel's tuning.
    pub socket_send_buffer: usize,
    /// The network an address is counted under for the per-network shares: its /24
    /// (IPv4) and /64 (IPv6) by default.
    pub network_bits: NetworkBits,
    /// The share of each server-wide cap (connections, games in play, games of bots
    /// only) one network may hold, in percent.
    pub network_share_percent: u32,
    /// Games one network may create per minute, all its addresses together.
    pub network_creates_per_minute: u32,
    /// Bytes the database (with its write-ahead log) may take; past it the oldest
    /// finished games, then the longest abandoned, are deleted at the next sweep (never
    /// those younger than [`ServerConfig::finished_retention`] and
    /// [`ServerConfig::playing_retention`]), and while it is still past it new games are
    /// refused.
    pub max_db_bytes: u64,
    /// Bytes the games created from one network (see [`ServerConfig::network_bits`])
    /// may take in the database; past it that network's new games are refused.
    pub max_network_db_bytes: u64,
    /// Bytes one game's stored events may take; the change that would reach it ends
    /// the game as a draw (reason `"event limit"`).
    pub max_game_bytes: u64,
    /// A finished game this young is never deleted to make space.
    pub finished_retention: Duration,
    /// A game in play someone acted in this recently is never deleted to make space.
    pub playing_retention: Duration,
    /// Where the solution tables of `ashta solve` are looked for (the default data
    /// directory, as `ashta analyze` looks): a finished game whose rules have a table
    /// there is reviewed exactly by `GET /api/games/{id}/review`.
    pub data_dir: PathBuf,
    /// Names one network may make in a day.
    pub names_per_network_per_day: u32,
    /// Seeks the lobby holds at once (a network holds its share of them).
    pub max_seeks: usize,
    /// How long a seek of three or four waits before its people may fill it with bots.
    pub seek_bots_after: Duration,
}

impl ServerConfig {
    /// The defaults, with the database at `db`.
    pub fn new(db: impl Into<PathBuf>) -> ServerConfig {
        ServerConfig {
            db: db.into(),
            bot_delay: Duration::from_millis(700),
            bot_time: Duration::from_millis(1000),
            creates_per_minute: 60,
            ws_messages_per_second: 20,
            request_timeout: Duration::from_secs(10),
            header_timeout: Duration::from_secs(10),
            max_connections: 2048,
            ws_idle: Duration::from_secs(90),
            max_thinking: std::thread::available_parallelism().map_or(2, |n| n.get()),
            search_nice: 10,
            bot_only_nice: 19,
            unplayed_expiry: Duration::from_secs(24 * 3600),
            abort_after: Duration::from_secs(180),
            suspend_after: Duration::from_secs(180),
            sweep_every: Duration::from_secs(60),
            max_connections_per_address: 64,
            hints_per_minute: 60,
            reviews_per_minute: 30,
            reads_per_second: 20,
            max_games_in_memory: 3000,
            player_connection_reserve: 200,
            max_hints_running: 1,
            max_queued_hints: 16,
            background_nice: 19,
            max_games_per_address: 40,
            max_bot_games_per_address: 2,
            max_games: 2000,
            max_bot_games: 32,
            keep_finished: 10_000,
            abandoned_after: Duration::from_secs(30 * 24 * 3600),
            public_origin: None,
            away_timer: Duration::from_secs(60),
            claim_after: Duration::from_secs(30),
            bot_maker: BotMaker::default(),
            actions_per_seat_per_second: 20,
            actions_per_game_per_second: 40,
            max_undos_per_game: 50,
            max_events_per_game: 20_000,
            max_record_bytes: 1_000_000,
            max_sockets_per_seat: 4,
            max_history_bytes: 512 * 1024,
            ws_send_buffer: 1024 * 1024,
            ws_send_timeout: Duration::from_secs(10),
            socket_send_buffer: 64 * 1024,
            network_bits: NetworkBits::default(),
            network_share_percent: 12,
            network_creates_per_minute: 120,
            max_db_bytes: 1_000_000_000,
            max_network_db_bytes: 120_000_000,
            max_game_bytes: 4_000_000,
            finished_retention: Duration::from_secs(3600),
            playing_retention: Duration::from_secs(7 * 24 * 3600),
            data_dir: ashta_analysis::exact::data_dir(),
            names_per_network_per_day: 10,
            max_seeks: 1000,
            seek_bots_after: Duration::from_secs(30),
        }
    }

    /// What one network may hold of a server-wide cap of `global`: its share, at least
    /// one.
    pub fn network_cap(&self, global: usize) -> usize {
        (global.saturating_mul(self.network_share_percent as usize) / 100).max(1)
    }
}

/// Who created a game in play.
struct Owner {
    /// The creator's address (unknown for a game stored without one).
    ip: Option<IpAddr>,
    /// No person is seated.
    bot_only: bool,
    /// For a game that left memory: since when its people have all been away (Unix ms).
    away_since: Option<i64>,
}

/// The application: settings, the store and the rooms in memory.
pub struct App {
    /// The settings.
    pub config: ServerConfig,
    /// The database.
    pub store: Store,
    /// The players, their ratings and history, in the same database.
    pub players: crate::people::PlayerStore,
    /// The seeks of people waiting for a game.
    pub(crate) lobby: crate::lobby::Lobby,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    /// One lock per game being loaded: a game loads once however many ask for it, and
    /// the loads of different games never wait for each other.
    loading: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    creates: Mutex<HashMap<IpAddr, Window>>,
    network_creates: Mutex<HashMap<IpAddr, Window>>,
    hints: Mutex<HashMap<IpAddr, Window>>,
    /// Who created each game in play, for the caps on games.
    owners: Mutex<HashMap<String, Owner>>,
    /// Who created each suspended game: in play, but its people all away past
    /// [`ServerConfig::suspend_after`], so it counts against no cap until a seat
    /// connects.
    suspended: Mutex<HashMap<String, Owner>>,
    /// Places for bot searches and hints, served round-robin across addresses (see
    /// [`ServerConfig::max_thinking`]).
    pub(crate) thinking: Arc<fair::Fair>,
    /// The threads bot searches run on, once they have a place.
    pub(crate) searches: Arc<pool::SearchPool>,
    /// Where hints and reviews run: threads and places of their own, below the bots'.
    pub(crate) background: background::Background,
    reviews: Mutex<HashMap<IpAddr, Window>>,
    reads: Mutex<HashMap<IpAddr, crate::rate::Bucket>>,
    /// Connections open now (kept by the listener).
    pub(crate) connections_open: Arc<std::sync::atomic::AtomicUsize>,
    /// The threads the searches of games with no person seated run on (as many, lower
    /// still: [`ServerConfig::bot_only_nice`]).
    bot_only_searches: Arc<pool::SearchPool>,
    /// Raised when the server shuts down: every search stops.
    stopping: Arc<AtomicBool>,
    /// Tells open WebSockets that the server shuts down.
    closing: tokio::sync::watch::Sender<bool>,
    /// The port the server listens on, once serving.
    pub(crate) port: std::sync::OnceLock<u16>,
    /// WebSockets closed because their client read too slowly.
    pub slow_readers_closed: AtomicU64,
    /// Games deleted to keep the database within its bound since the server started:
    /// finished ones, and ones in play nobody was at.
    pruned: Mutex<(u64, u64)>,
    /// What the database holds, as last read, for the storage quotas.
    storage: tokio::sync::Mutex<Option<life::Storage>>,
}

impl App {
    /// Opens the database and counts every game in progress against its creator's
    /// caps; each is loaded and resumes (its bots, its turn timer) when first asked
    /// for, and games of bots only resume in the background ([`App::count_playing`]).
    pub async fn open(config: ServerConfig) -> Result<Arc<App>, StoreError> {
        // The log is reset past a tenth of the database's bound (16 MiB at most), so
        // that the files stay near the bound.
        let log = (config.max_db_bytes / 10).min(crate::checkpoint::RESET_PAST_BYTES);
        let store = Store::open_with_log(&config.db, log)?;
        let players = crate::people::PlayerStore::open(&config.db)
            .map_err(|e| StoreError::Task(format!("players: {e}")))?;
        let searches = pool::SearchPool::new(config.max_thinking, config.search_nice)
            .map_err(|e| StoreError::Task(format!("search threads: {e}")))?;
        let bot_only_searches = pool::SearchPool::new(config.max_thinking, config.bot_only_nice)
            .map_err(|e| StoreError::Task(format!("search threads: {e}")))?;
        let background = background::Background::new(
            config.max_thinking,
            config.background_nice,
            config.max_hints_running,
            config.max_queued_hints,
        )
        .map_err(|e| StoreError::Task(format!("background threads: {e}")))?;
        let app = Arc::new(App {
            background,
            reviews: Mutex::new(HashMap::new()),
            reads: Mutex::new(HashMap::new()),
            connections_open: Arc::default(),
            thinking: fair::Fair::new(config.max_thinking),
            searches: Arc::new(searches),
            bot_only_searches: Arc::new(bot_only_searches),
            hints: Mutex::new(HashMap::new()),
            owners: Mutex::new(HashMap::new()),
            suspended: Mutex::new(HashMap::new()),
            config,
            store,
            players,
            lobby: Default::default(),
            rooms: Mutex::new(HashMap::new()),
            loading: Mutex::new(HashMap::new()),
            creates: Mutex::new(HashMap::new()),
            network_creates: Mutex::new(HashMap::new()),
            stopping: Arc::new(AtomicBool::new(false)),
            closing: tokio::sync::watch::channel(false).0,
            port: std::sync::OnceLock::new(),
            slow_readers_closed: AtomicU64::new(0),
            pruned: Mutex::new((0, 0)),
            storage: tokio::sync::Mutex::new(None),
        });
        app.expire_unplayed().await?;
        app.count_playing().await?;
        tokio::spawn(sweep(Arc::downgrade(&app)));
        Ok(app)
    }

    /// Counts every game in play against its creator's caps, without loading it: a
    /// game with people waits for them, so it is loaded when first asked for (its
    /// people have been away since its last event, for suspending it); games of bots
    /// only, which nobody asks for, are loaded one after another in the background, so
    /// that their bots play on. Returns at once: the server listens meanwhile.
    async fn count_playing(self: &Arc<Self>) -> Result<(), StoreError> {
        let playing = self.store.playing_rows().await?;
        let mut bot_games = Vec::new();
        {
            let mut owners = self.owners();
            for row in &playing {
                let bot_only = serde_json::from_str::<GameConfig>(&row.config)
                    .map(|c| c.seats.iter().all(|s| s.kind == SeatOccupant::Bot))
                    .unwrap_or(false);
                if bot_only {
                    bot_games.push(row.id.clone());
                }
                owners.insert(
                    row.id.clone(),
                    Owner {
                        ip: row.creator.as_deref().and_then(|c| c.parse().ok()),
                        bot_only,
                        away_since: (!bot_only).then_some(row.updated_at),
                    },
                );
            }
        }
        tracing::info!(
            "{} games in play, resumed as they are asked for ({} of bots only resume now)",
            playing.len(),
            bot_games.len()
        );
        let app = Arc::downgrade(self);
        tokio::spawn(async move {
            for id in bot_games {
                let Some(app) = app.upgrade() else { return };
                if app.is_stopping() {
                    return;
                }
                if let Err(e) = app.room(&id).await {
                    tracing::error!(game = %id, "could not resume: {e}");
                }
            }
        });
        Ok(())
    }

    /// Begins shutting down: every search stops at once (answering with what it has,
    /// which is not played), bots stop playing, and WebSockets close.
    pub fn shut_down(&self) {
        self.stopping.store(true, Ordering::Relaxed);
        self.thinking.close();
        self.background.close();
        self.searches.close();
        self.bot_only_searches.close();
        self.closing.send_replace(true);
    }

    /// The port the server listens on (`None` before it serves).
    pub fn local_port(&self) -> Option<u16> {
        self.port.get().copied()
    }

    /// Whether the server is shutting down.
    pub fn is_stopping(&self) -> bool {
        self.stopping.load(Ordering::Relaxed)
    }

    /// A new stop for one search: cancelled by its own flag, or by the server's shutdown.
    pub fn search_stop(&self) -> Stop {
        Stop::new().with_flag(self.stopping.clone())
    }

    /// Completes when the server begins shutting down.
    pub(crate) fn closing(&self) -> tokio::sync::watch::Receiver<bool> {
        self.closing.subscribe()
    }

    fn owners(&self) -> std::sync::MutexGuard<'_, HashMap<String, Owner>> {
        self.owners.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The key a game's searches queue under: its creator's network, else the game.
    pub(crate) fn search_key(&self, id: &str) -> String {
        match self.owners().get(id).and_then(|o| o.ip) {
            Some(ip) => self.network_of(ip),
            None => format!("game {id}"),
        }
    }

    /// A game finished or left play: it no longer counts against the caps on games.
    pub(crate) fn left_play(&self, id: &str) {
        self.owners().remove(id);
        self.suspended().remove(id);
    }

    /// Counts a new game against the caps on games in play (server-wide, and for
    /// `ip`), or says which cap it would pass.
    fn take_place(&self, id: &str, ip: Option<IpAddr>, bot_only: bool) -> Result<(), ApiError> {
        let c = &self.config;
        let mut owners = self.owners();
        let key = ip.map(rate_key);
        let net = ip.map(|ip| network_key(ip, c.network_bits));
        let (mut all, mut bots, mut mine, mut my_bots, mut ours, mut our_bots) = (0, 0, 0, 0, 0, 0);
        for o in owners.values() {
            let of_address = key.is_some() && o.ip.map(rate_key) == key;
            let of_network = net.is_some() && o.ip.map(|ip| network_key(ip, c.network_bits)) == net;
            all += 1;
            bots += usize::from(o.bot_only);
            mine += usize::from(of_address);
            my_bots += usize::from(of_address && o.bot_only);
            ours += usize::from(of_network);
            our_bots += usize::from(of_network && o.bot_only);
        }
        if ip.is_some() && mine >= c.max_games_per_address {
            return Err(ApiError::rate_limited(format!(
                "this address has {mine} games in play, the most it may have; finish one first"
            )));
        }
        if bot_only && ip.is_some() && my_bots >= c.max_bot_games_per_address {
            return Err(ApiError::rate_limited(format!(
                "this address has {my_bots} games of bots only in play, the most it may have"
            )));
        }
        if all >= c.max_games {
            return Err(ApiError::unavailable(format!(
                "the server has {all} games in play, the most it takes; try again later"
            )));
        }
        if bot_only && bots >= c.max_bot_games {
            return Err(ApiError::unavailable(format!(
                "the server has {bots} games of bots only in play, the most it takes; try again later"
            )));
        }
        if ip.is_some() && ours >= c.network_cap(c.max_games) {
            return Err(ApiError::rate_limited(format!(
                "this network has {ours} games in play, its share of the server's; finish one first"
            )));
        }
        if bot_only && ip.is_some() && our_bots >= c.network_cap(c.max_bot_games) {
            return Err(ApiError::rate_limited(format!(
                "this network has {our_bots} games of bots only in play, its share of the server's"
            )));
        }
        owners.insert(
            id.to_string(),
            Owner {
                ip,
                bot_only,
                away_since: None,
            },
        );
        Ok(())
    }

    /// Whether `ip` may ask for one more hint now (and counts it if so): at most
    /// [`ServerConfig::hints_per_minute`] from its network.
    pub fn allow_hint(&self, ip: IpAddr) -> bool {
        let net = network_key(ip, self.config.network_bits);
        allow(&self.hints, net, self.config.hints_per_minute)
    }

    /// Whether `ip` may ask for one more review now (and counts it if so): at most
    /// [`ServerConfig::reviews_per_minute`] from its network.
    pub fn allow_review(&self, ip: IpAddr) -> bool {
        let net = network_key(ip, self.config.network_bits);
        allow(&self.reviews, net, self.config.reviews_per_minute)
    }

    /// Whether `ip` may read one more game now (and counts it if so): within
    /// [`ServerConfig::reads_per_second`] of its network.
    pub fn allow_read(&self, ip: IpAddr) -> bool {
        let net = network_key(ip, self.config.network_bits);
        let rate = f64::from(self.config.reads_per_second);
        let burst = (rate * READ_BURST_SECS).max(1.0);
        let mut reads = self.reads.lock().unwrap_or_else(|p| p.into_inner());
        if reads.len() >= PRUNE_CREATES_AT {
            reads.retain(|_, b| !b.is_full(rate, burst));
        }
        reads
            .entry(net)
            .or_insert_with(|| crate::rate::Bucket::full(burst))
            .allow(rate, burst)
    }

    /// Whether a spectator may open a WebSocket now: more than
    /// [`ServerConfig::player_connection_reserve`] places are left.
    pub fn spectator_may_connect(&self) -> bool {
        let open = self.connections_open.load(Ordering::Relaxed);
        open + self.config.player_connection_reserve < self.config.max_connections
    }

    /// The key the background work of a client at `ip` waits its turn under: its
    /// network.
    pub(crate) fn network_of(&self, ip: IpAddr) -> String {
        network_key(ip, self.config.network_bits).to_string()
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Room>>> {
        self.rooms.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Drops a room from memory, so the next use loads it from the store again.
    pub fn forget(&self, id: &str) {
        self.rooms().remove(id);
    }

    /// Whether game `id` is in memory now.
    pub fn in_memory(&self, id: &str) -> bool {
        self.rooms().contains_key(id)
    }

    /// How many games are in memory now.
    pub fn rooms_in_memory(&self) -> usize {
        self.rooms().len()
    }

    /// Unloads every game nobody is connected to in which nothing happens until someone
    /// comes ([`Room::try_unload`]); they load again from the store on demand. Returns
    /// how many left memory. The server does this every [`ServerConfig::sweep_every`].
    pub fn unload_idle(&self) -> usize {
        let mut left = Vec::new();
        self.rooms().retain(|id, room| {
            let unload = room.try_unload();
            if unload {
                left.push((id.clone(), room.people_away_since()));
            }
            !unload
        });
        self.note_unloaded(&left)
    }

    /// Keeps the games in memory within [`ServerConfig::max_games_in_memory`]: past
    /// it, the least recently used games that wait on nobody ([`Room::try_unload`])
    /// leave memory, down to nine tenths of the cap, as the sweep's unloading does.
    /// Returns how many left.
    pub fn keep_memory_cap(&self) -> usize {
        let cap = self.config.max_games_in_memory.max(1);
        let mut rooms = self.rooms();
        if rooms.len() <= cap {
            return 0;
        }
        let target = cap - cap / 10;
        let mut by_use: Vec<(i64, String)> = rooms
            .iter()
            .map(|(id, room)| (room.last_used(), id.clone()))
            .collect();
        by_use.sort_unstable();
        let mut left = Vec::new();
        for (_, id) in by_use {
            if rooms.len() <= target {
                break;
            }
            let unload = rooms.get(&id).is_some_and(|room| room.try_unload());
            if let Some(room) = unload.then(|| rooms.remove(&id)).flatten() {
                left.push((id, room.people_away_since()));
            }
        }
        drop(rooms);
        self.note_unloaded(&left)
    }

    /// Games that left memory: how long their people have been away is kept, for
    /// suspending them. Returns how many.
    fn note_unloaded(&self, left: &[(String, Option<i64>)]) -> usize {
        let mut owners = self.owners();
        for (id, since) in left {
            if let Some(owner) = owners.get_mut(id) {
                owner.away_since = *since;
            }
        }
        left.len()
    }

    /// Whether `ip` may create one more game now (and counts it if so): within the
    /// creations a minute of its address (IPv6: its /64) and of its network. Returns
    /// what refused it otherwise.
    pub fn allow_create(&self, ip: IpAddr) -> Result<(), ApiError> {
        let c = &self.config;
        if !allow(&self.creates, rate_key(ip), c.creates_per_minute) {
            return Err(ApiError::rate_limited(format!(
                "more than {} games created in a minute from this address",
                c.creates_per_minute
            )));
        }
        let net = network_key(ip, c.network_bits);
        if !allow(&self.network_creates, net, c.network_creates_per_minute) {
            return Err(ApiError::rate_limited(format!(
                "more than {} games created in a minute from this network",
                c.network_creates_per_minute
            )));
        }
        Ok(())
    }

    /// How many addresses the creation limit remembers.
    pub fn rate_table_len(&self) -> usize {
        self.creates.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Applies the retention policy: deletes expired games, games in play abandoned for
    /// [`ServerConfig::abandoned_after`] (none in memory), and finished games past the
    /// newest [`ServerConfig::keep_finished`]. Returns how many were deleted.
    pub async fn prune(&self) -> Result<usize, StoreError> {
        let abandoned = now_ms().saturating_sub(self.config.abandoned_after.as_millis() as i64);
        let keep = self.rooms().keys().cloned().collect();
        let policy = store::Retention {
            keep_finished: self.config.keep_finished,
            abandoned_before: abandoned,
        };
        let deleted = self.store.prune(policy, keep).await?;
        for id in &deleted {
            self.left_play(id);
        }
        if !deleted.is_empty() {
            tracing::info!(
                "deleted {} expired, abandoned or old finished games",
                deleted.len()
            );
        }
        let keep = self.rooms().keys().cloned().collect();
        let now = now_ms();
        let rules = store::SpaceRules {
            max_bytes: self.config.max_db_bytes,
            finished_before: now - self.config.finished_retention.as_millis() as i64,
            playing_before: now - self.config.playing_retention.as_millis() as i64,
        };
        let space = self.store.prune_to_size(rules, &keep).await?;
        for id in &space.abandoned {
            self.left_play(id);
        }
        let for_space = space.finished.len() + space.abandoned.len();
        if for_space > 0 {
            tracing::warn!(
                finished = space.finished.len(),
                abandoned = space.abandoned.len(),
                "the database was over its {} MB: deleted the oldest games; it holds {} MB now",
                self.config.max_db_bytes / 1_000_000,
                space.live_bytes / 1_000_000
            );
            let mut total = self.pruned.lock().unwrap_or_else(|p| p.into_inner());
            total.0 += space.finished.len() as u64;
            total.1 += space.abandoned.len() as u64;
        }
        Ok(deleted.len() + for_space)
    }

    /// What `GET /api/health` says: games by status, the database's size, games in
    /// memory and free search places.
    pub async fn health(&self) -> Result<crate::bodies::Health, StoreError> {
        use crate::bodies::{GameCounts, Health, Pruned};
        let h = self.store.health().await?;
        let live = self.store.live_bytes().await?;
        let pruned = *self.pruned.lock().unwrap_or_else(|p| p.into_inner());
        Ok(Health {
            db_live_bytes: live,
            db_max_bytes: self.config.max_db_bytes,
            pruned_for_space: Pruned {
                finished: pruned.0,
                abandoned: pruned.1,
            },
            ok: true,
            games: GameCounts {
                playing: h.playing,
                finished: h.finished,
                expired: h.expired,
            },
            db_bytes: h.db_bytes,
            games_in_memory: self.rooms_in_memory(),
            search_places_free: self.thinking.free(),
            slow_readers_closed: self.slow_readers_closed.load(Ordering::Relaxed),
        })
    }

    /// Drops games created longer than [`ServerConfig::unplayed_expiry`] ago that
    /// nobody has played in, so they are neither listed nor resumed.
    pub async fn expire_unplayed(&self) -> Result<(), StoreError> {
        let before = now_ms() - self.config.unplayed_expiry.as_millis() as i64;
        let expired = self.store.expire_unplayed(before).await?;
        if !expired.is_empty() {
            tracing::info!("dropped {} games nobody played in", expired.len());
            let mut rooms = self.rooms();
            for id in &expired {
                rooms.remove(id);
                self.left_play(id);
            }
        }
        Ok(())
    }

    /// Creates a game for a client at `ip` (if known), within the caps on games in
    /// play: stores it, then opens its room. Returns the room and the seats with their
    /// tokens.
    pub async fn create(
        self: &Arc<Self>,
        rules: Rules,
        config: GameConfig,
        ip: Option<IpAddr>,
    ) -> Result<(Arc<Room>, Vec<SeatConfig>), ApiError> {
        let id = secret::new_game_id();
        let bot_only = config.seats.iter().all(|s| s.kind == SeatOccupant::Bot);
        self.check_storage(ip).await?;
        self.take_place(&id, ip, bot_only)?;
        let created = self.create_counted(&id, rules, config, ip).await;
        if created.is_err() {
            self.left_play(&id);
        }
        created
    }

    async fn create_counted(
        self: &Arc<Self>,
        id: &str,
        rules: Rules,
        config: GameConfig,
        ip: Option<IpAddr>,
    ) -> Result<(Arc<Room>, Vec<SeatConfig>), ApiError> {
        let id = id.to_string();
        let seed = secret::new_seed();
        let salt = secret::new_salt();
        let commitment = secret::commitment(seed, &salt);
        let bots = room::seat_bots(&self.config.bot_maker, &config, seed, self.config.bot_time);
        let mut table = Table::new(rules, seed, salt.clone(), bots)
            .map_err(|e| ApiError::bad_request(format!("rules: {e}")))?;
        let start_events = table.start();
        let now = now_ms();
        let row = GameRow {
            id: id.clone(),
            created_at: now,
            updated_at: now,
            status: "playing".into(),
            config: serde_json::to_string(&config).expect("settings serialize"),
            seed: seed.to_string(),
            salt,
            commitment: commitment.clone(),
            version: 0,
            result: None,
            creator: ip.map(|ip| ip.to_string()),
        };
        self.store.create(row).await.map_err(ApiError::internal)?;
        tracing::info!(game = %id, players = config.seats.len(), "game created");
        let seats = config.seats.clone();
        let history = room::SeatHistory::new(config.seats.len());
        let room = Room::new(
            id.clone(),
            now,
            commitment,
            config,
            table,
            Vec::new(),
            now,
            history,
            0,
        );
        self.rooms().insert(id, room.clone());
        self.keep_memory_cap();
        room.start(self, start_events).await;
        Ok((room, seats))
    }

    /// The room of a game, loaded from the store (and resumed) if it is not in memory.
    pub async fn room(self: &Arc<Self>, id: &str) -> Result<Option<Arc<Room>>, StoreError> {
        if !secret::is_game_id(id) {
            return Ok(None);
        }
        if let Some(room) = self.rooms().get(id) {
            room.touch();
            return Ok(Some(room.clone()));
        }
        let lock = self.load_lock(id);
        let loaded = {
            let _this_game_once = lock.lock().await;
            self.load(id).await
        };
        self.drop_load_lock(id, lock);
        loaded
    }

    /// The lock under which game `id` is loaded (or changed in the database while it is
    /// not in memory): held, nobody else loads it meanwhile. Give it back with
    /// [`App::drop_load_lock`].
    pub(crate) fn load_lock(&self, id: &str) -> Arc<tokio::sync::Mutex<()>> {
        self.loading
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(id.to_string())
            .or_default()
            .clone()
    }

    /// Gives back a lock of [`App::load_lock`]: the last one out takes it away.
    pub(crate) fn drop_load_lock(&self, id: &str, lock: Arc<tokio::sync::Mutex<()>>) {
        let mut loading = self.loading.lock().unwrap_or_else(|p| p.into_inner());
        if Arc::strong_count(&lock) == 2 {
            loading.remove(id);
        }
    }

    /// Game `id` from the store, replayed, as a room that is not put in memory nor
    /// started (no bot plays, no timer runs): for changing a game nobody is at.
    pub(crate) async fn replayed(&self, id: &str) -> Result<Option<Arc<Room>>, StoreError> {
        let Some((row, events)) = self.store.load(id).await? else {
            return Ok(None);
        };
        let (maker, budget) = (self.config.bot_maker.clone(), self.config.bot_time);
        let replayed = tokio::task::spawn_blocking(move || rebuild(&row, &events, &maker, budget))
            .await
            .map_err(|e| StoreError::Task(e.to_string()))?;
        replayed
            .map(Some)
            .map_err(|e| StoreError::Task(format!("game {id} does not replay: {e}")))
    }

    /// Loads game `id` from the store into memory and starts it, unless it is there
    /// already; its replay runs on a blocking thread, so the server goes on meanwhile.
    async fn load(self: &Arc<Self>, id: &str) -> Result<Option<Arc<Room>>, StoreError> {
        if let Some(room) = self.rooms().get(id) {
            return Ok(Some(room.clone()));
        }
        let room = match self.replayed(id).await {
            Ok(Some(room)) => room,
            Ok(None) => return Ok(None),
            Err(e) => {
                tracing::error!(game = %id, "stored game does not replay: {e}");
                return Err(e);
            }
        };
        self.rooms().insert(id.to_string(), room.clone());
        self.keep_memory_cap();
        room.start(self, Vec::new()).await;
        Ok(Some(room))
    }
}

/// Whether `key` (an address or a network) may do one more thing counted in `table`
/// now, at most `per_minute` a minute (and counts it if so). The table forgets keys with
/// nothing in the last minute, so it stays small.
fn allow(table: &Mutex<HashMap<IpAddr, Window>>, key: IpAddr, per_minute: u32) -> bool {
    let mut table = table.lock().unwrap_or_else(|p| p.into_inner());
    if table.len() >= PRUNE_CREATES_AT {
        let now = Instant::now();
        table.retain(|_, w| !w.forget_before(now, RATE_WINDOW));
    }
    table.entry(key).or_default().allow(per_minute, RATE_WINDOW)
}

/// The burst of the read limit, in seconds of its rate.
pub const READ_BURST_SECS: f64 = 5.0;

/// The window of the creation limit.
const RATE_WINDOW: Duration = Duration::from_secs(60);

/// Size of the creation limit's table at which addresses with nothing recent are dropped.
const PRUNE_CREATES_AT: usize = 1024;

/// Unloads idle rooms ([`App::unload_idle`]), and expires games nobody played in,
/// while the app lives.
async fn sweep(app: std::sync::Weak<App>) {
    loop {
        let every = match app.upgrade() {
            Some(app) => app.config.sweep_every.max(Duration::from_millis(10)),
            None => return,
        };
        tokio::time::sleep(every).await;
        let Some(app) = app.upgrade() else { return };
        match app.abort_unmoved().await {
            Ok(0) => {}
            Ok(n) => tracing::info!("aborted {n} games nobody moved in"),
            Err(e) => tracing::error!("aborting games nobody moved in failed: {e}"),
        }
        let suspended = app.suspend_idle();
        if suspended > 0 {
            tracing::info!("suspended {suspended} games whose people are all away");
        }
        let unloaded = app.unload_idle();
        if unloaded > 0 {
            tracing::debug!("{unloaded} idle games left memory");
        }
        if let Err(e) = app.prune().await {
            tracing::error!("pruning old games failed: {e}");
        }
        if let Err(e) = app.expire_unplayed().await {
            tracing::error!("expiring games nobody played in failed: {e}");
        }
    }
}

/// A room from its stored row and events, replayed through the engine; its bots, given
/// `budget` per decision, see every decision replayed.
fn rebuild(
    row: &GameRow,
    events: &[String],
    maker: &BotMaker,
    budget: Duration,
) -> Result<Arc<Room>, String> {
    let config: GameConfig =
        serde_json::from_str(&row.config).map_err(|e| format!("settings: {e}"))?;
    let rules = config.rules.to_rules().map_err(|e| format!("rules: {e}"))?;
    let seed: u64 = row.seed.parse().map_err(|e| format!("seed: {e}"))?;
    if secret::commitment(seed, &row.salt) != row.commitment {
        return Err("the seed does not match its commitment".into());
    }
    let bots = room::seat_bots(maker, &config, seed, budget);
    let mut table = Table::new(rules, seed, row.salt.clone(), bots)?;
    table.start();
    // Only the last events are kept as sent; the rest stay in the store.
    let keep_from = events.len().saturating_sub(room::RECENT_EVENTS);
    let mut recent = Vec::with_capacity(events.len() - keep_from);
    let mut history = room::SeatHistory::new(config.seats.len());
    for (i, text) in events.iter().enumerate() {
        let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        table.replay(&value)?;
        history.note_stored(&value);
        if i >= keep_from {
            recent.push(Room::replayed(&table, text).map_err(|e| e.to_string())?);
        }
    }
    if events.len() as u64 != table.version() {
        return Err(format!(
            "{} events stored but the replay made {}",
            events.len(),
            table.version()
        ));
    }
    Ok(Room::new(
        row.id.clone(),
        row.created_at,
        row.commitment.clone(),
        config,
        table,
        recent,
        row.updated_at,
        history,
        events.iter().map(|e| e.len() as u64).sum(),
    ))
}

impl room::Host for App {
    fn store(&self) -> &Store {
        &self.store
    }
    fn bot_time(&self) -> Duration {
        self.config.bot_time
    }
    fn bot_maker(&self) -> &BotMaker {
        &self.config.bot_maker
    }
    fn bot_delay(&self) -> Duration {
        self.config.bot_delay
    }
    fn away_timer(&self) -> Duration {
        self.config.away_timer
    }
    fn claim_after(&self) -> Duration {
        self.config.claim_after
    }
    fn is_stopping(&self) -> bool {
        App::is_stopping(self)
    }
    fn search_stop(&self) -> Stop {
        App::search_stop(self)
    }
    fn search_key(&self, id: &str) -> String {
        App::search_key(self, id)
    }
    fn thinking(&self) -> &Arc<fair::Fair> {
        &self.thinking
    }
    fn searches(&self, bot_only: bool) -> &Arc<pool::SearchPool> {
        if bot_only {
            &self.bot_only_searches
        } else {
            &self.searches
        }
    }
    fn left_play(&self, id: &str) {
        App::left_play(self, id)
    }
    fn forget(&self, id: &str) {
        App::forget(self, id)
    }
    fn finished(
        &self,
        id: &str,
        result: &ashta_table::protocol::ResultJson,
    ) -> Option<tokio::task::JoinHandle<()>> {
        let places: Vec<(u8, u8)> = result
            .standings
            .iter()
            .map(|s| (s.player, s.place))
            .collect();
        let ratable = crate::people::rating::ratable(result);
        let (players, id) = (self.players.clone(), id.to_string());
        Some(tokio::task::spawn_blocking(move || {
            match players.finish_game(&id, &places, ratable, now_ms()) {
                Ok(changes) if !changes.is_empty() => {
                    tracing::info!(game = %id, players = changes.len(), "game rated");
                }
                Ok(_) => {}
                Err(e) => tracing::error!(game = %id, "rating the game failed: {e}"),
            }
        }))
    }
    fn action_limits(&self) -> room::ActionLimits {
        room::ActionLimits {
            per_seat_per_second: self.config.actions_per_seat_per_second,
            per_game_per_second: self.config.actions_per_game_per_second,
            max_undos: self.config.max_undos_per_game,
            max_events: self.config.max_events_per_game,
            max_bytes: self.config.max_game_bytes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Loading a big game replayed it under one lock for every game, so other games'
    /// loads waited seconds: each game now loads under a lock of its own.
    #[tokio::test]
    async fn a_game_being_loaded_does_not_hold_back_the_loads_of_others() {
        let dir = tempfile::tempdir().unwrap();
        let app = App::open(ServerConfig::new(dir.path().join("t.sqlite")))
            .await
            .unwrap();
        let request = serde_json::from_value(serde_json::json!({
            "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]
        }))
        .unwrap();
        let (rules, config) = crate::http::check_request(request).unwrap();
        let (room, _) = app.create(rules, config, None).await.unwrap();
        let id = room.id.clone();
        drop(room);
        app.forget(&id);
        // Another game's load holds its lock for as long as it likes...
        let other = app
            .loading
            .lock()
            .unwrap()
            .entry("another game".into())
            .or_default()
            .clone();
        let _loading_the_other = other.lock().await;
        // ...and this game loads meanwhile.
        let loaded = tokio::time::timeout(Duration::from_secs(5), app.room(&id))
            .await
            .expect("the load did not wait for the other game's");
        assert_eq!(loaded.unwrap().unwrap().id, id);
        app.shut_down();
    }
}
