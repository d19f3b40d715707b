//! Load test on loopback: many concurrent games, each with four human seats played by
//! simulated clients over WebSockets. Reports actions and moves per second and the
//! latency from an action sent to every client of its game having its event (p50, p90,
//! p99, max), and checks that no client saw an error or missed an event.
//!
//! At the same time, attacks run from another loopback network: an attacker
//! (127.0.9.3) creates games of `master` bots only and opens spectator sockets past its
//! cap, while a victim (127.0.0.2) plays a game against a `medium` bot, whose
//! decisions are timed (from the bag thrown to its first move, less the server's pause).
//! It prints the server's peak RSS (the process's own when the server runs inside it).
//!
//! ```text
//! cargo run --release -p ashta-server --example loadtest -- --games 1000 --secs 60
//! ```
//!
//! With `--idle-games N` it measures memory instead: N games of a connected person and
//! three `master` bots, played until every bot has moved in `--idle-turns` turns and all
//! wait on the person, and the RSS before and with them.
//!
//! Without `--url` it runs its own server in the same process, on a tokio runtime of its
//! own (as a server process would have), on a temporary database;
//! with `--url http://127.0.0.1:PORT` it drives a running `ashta serve` (start that one
//! with high caps: `--creates-per-minute`, `--max-connections`,
//! `--max-connections-per-address`, `--max-games-per-address`, `--max-games`). It
//! only connects to loopback addresses, and stops by itself: at most 2000 games and
//! 600 s.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ashta_table::client_view::{EventHead, EventKind, TurnView};
use ashta_table::messages::ServerMessage;
use ashta_table::protocol::ClientMessage;
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tokio::sync::Barrier;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// Options.
#[derive(Parser, Debug)]
struct Args {
    /// Concurrent games (each with 4 connected clients).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// How long the clients keep acting, in seconds (after all games are set up); with
    /// `--idle-games`, the longest wait for every game to wait on its person.
    #[arg(long, default_value_t = 60)]
    secs: u64,
    /// Mean time a simulated player waits before each throw or move, in milliseconds
    /// (each wait is drawn uniformly from half to one and a half times this).
    #[arg(long, default_value_t = 400)]
    think_ms: u64,
    /// A running server to drive instead of one in this process (loopback only).
    #[arg(long)]
    url: Option<String>,
    /// The running server's process id, to read its peak RSS from /proc.
    #[arg(long)]
    server_pid: Option<u32>,
    /// Games of `master` bots only the attacker tries to create.
    #[arg(long, default_value_t = 16)]
    attack_games: usize,
    /// Spectator sockets the attacker tries to open.
    #[arg(long, default_value_t = 200)]
    attack_sockets: usize,
    /// The bots' budget per decision of the in-process server, in milliseconds.
    #[arg(long, default_value_t = 300)]
    bot_time_ms: u64,
    /// The in-process server's pause before each bot throw or play, in milliseconds.
    #[arg(long, default_value_t = 50)]
    bot_delay_ms: u64,
    /// Instead of the load test, measures memory: this many games, each of a person
    /// (connected, then idle) and three `master` bots, played until every bot has
    /// moved in `--idle-turns` turns and all wait on the person; prints the RSS they take.
    #[arg(long, default_value_t = 0)]
    idle_games: usize,
    /// Turns in which each bot of an idle game moves before the person stops to wait.
    #[arg(long, default_value_t = 6)]
    idle_turns: u32,
    /// How much lower the in-process server's search threads run (a nice value; 0
    /// runs them level with the threads that serve connections). Those of games of bots
    /// only run at nice 19 whatever this is.
    #[arg(long, default_value_t = 10)]
    search_nice: i32,
}

/// The victim's and the attacker's addresses (all of 127/8 is loopback).
const VICTIM: [u8; 4] = [127, 0, 0, 2];
const ATTACKER: [u8; 4] = [127, 0, 9, 3];

/// Games whose players share one address (16 games, 64 sockets: the default cap).
const PER_ADDRESS: usize = 16;

/// The address of the players of game `g`: 127.1.x.1, one per [`PER_ADDRESS`] games,
/// each in a /24 network of its own (so that no network passes its share).
fn player_address(g: usize) -> [u8; 4] {
    let block = g / PER_ADDRESS;
    [127, 1 + (block / 250) as u8, (block % 250) as u8, 1]
}

/// An HTTP client whose connections come from `ip`, each closed after its response (a
/// connection kept open would count against the address's cap on connections, which its
/// four sockets a game fill).
fn client_from(ip: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::from(ip))
        .pool_max_idle_per_host(0)
        .build()
        .expect("an HTTP client")
}

/// A WebSocket from `ip` to `url` (`ws://127.0.0.1:PORT/...`).
async fn socket_from(
    ip: [u8; 4],
    url: &str,
) -> Result<tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>, String> {
    let addr = url
        .strip_prefix("ws://")
        .and_then(|r| r.split('/').next())
        .ok_or("not a ws:// URL")?;
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind(std::net::SocketAddr::from((ip, 0)))
        .map_err(|e| e.to_string())?;
    let addr: std::net::SocketAddr = addr.parse().map_err(|e| format!("{e}"))?;
    let stream = socket.connect(addr).await.map_err(|e| e.to_string())?;
    let config = WebSocketConfig::default().read_buffer_size(4096);
    let (ws, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(config))
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

/// Peak resident memory (VmHWM) of a process, in MiB.
fn peak_rss_mib(pid: Option<u32>) -> Option<f64> {
    status_mib(pid, "VmHWM:")
}

/// A memory figure (`VmHWM:`, `VmRSS:`) of a process's /proc status, in MiB.
fn status_mib(pid: Option<u32>, field: &str) -> Option<f64> {
    let path = match pid {
        Some(pid) => format!("/proc/{pid}/status"),
        None => "/proc/self/status".to_string(),
    };
    let status = std::fs::read_to_string(path).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// The victim: seat 0 of a game against a `medium` bot, acting at once on its turns;
/// times each of the bot's decisions (bag thrown → first move) until `stop`.
async fn victim(
    base: String,
    stop: Instant,
    decisions: Arc<Mutex<Vec<u64>>>,
) -> Result<(), String> {
    let body = json!({"players": 2, "seats": [
        {"kind": "human", "name": "victim"}, {"kind": "bot", "level": "medium"}]});
    let created: Value = client_from(VICTIM)
        .post(format!("{base}/api/games"))
        .json(&body)
        .send()
        .await
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    let id = created["id"]
        .as_str()
        .ok_or(format!("victim game: {created}"))?;
    let token = created["seats"][0]["token"].as_str().ok_or("no token")?;
    let url = format!(
        "{}/api/games/{id}/ws?seat=0&token={token}",
        base.replacen("http", "ws", 1)
    );
    let mut ws = socket_from(VICTIM, &url).await?;
    ws.send(Message::Text(
        ClientMessage::Hello { since: 0 }.to_text().into(),
    ))
    .await
    .map_err(|e| e.to_string())?;
    let mut view: Option<TurnView> = None;
    let mut acted_for = u64::MAX;
    let mut bag_at: Option<Instant> = None;
    while Instant::now() < stop {
        if let Some(v) = &view {
            if v.over {
                break;
            }
            if v.to_move == 0 && acted_for != v.version {
                acted_for = v.version;
                if let Some(action) = v.first_action() {
                    ws.send(Message::Text(action.to_text().into()))
                        .await
                        .map_err(|e| e.to_string())?;
                }
            }
        }
        let next = match tokio::time::timeout_at(stop.into(), ws.next()).await {
            Ok(next) => next,
            Err(_) => break,
        };
        let text = match next {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(_)) => continue,
            _ => return Err("victim socket closed".into()),
        };
        let m: ServerMessage = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        let now = Instant::now();
        match m {
            ServerMessage::State { game, .. } => view = Some(TurnView::of_snapshot(game.table)),
            ServerMessage::Event(m) => {
                let e = EventHead::read(&m.event).map_err(|e| e.to_string())?;
                // A move of the victim's bot (seat 1) ends its decision.
                if e.kind == EventKind::Move && e.seat == Some(1) {
                    if let Some(t) = bag_at.take() {
                        decisions
                            .lock()
                            .unwrap()
                            .push(now.duration_since(t).as_micros() as u64);
                    }
                }
                let holds_bag = e.to_move == 1 && !m.must_throw;
                if holds_bag && bag_at.is_none() && e.kind != EventKind::Move {
                    bag_at = Some(now);
                }
                if let Some(v) = view.as_mut() {
                    v.follow(m).map_err(|e| e.to_string())?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The attacker: as many games of `master` bots only and spectator sockets as it can.
/// Returns (games created, games refused, sockets open, sockets refused) and keeps the
/// sockets open until `stop`.
async fn attacker(
    base: String,
    games: usize,
    sockets: usize,
    stop: Instant,
) -> (usize, usize, usize, usize) {
    let http = client_from(ATTACKER);
    let body = json!({"players": 4, "seats": [
        {"kind": "bot", "level": "master"}, {"kind": "bot", "level": "master"},
        {"kind": "bot", "level": "master"}, {"kind": "bot", "level": "master"}]});
    let (mut made, mut refused) = (0, 0);
    let mut ids = Vec::new();
    for _ in 0..games {
        match http
            .post(format!("{base}/api/games"))
            .json(&body)
            .send()
            .await
        {
            Ok(r) if r.status().as_u16() == 201 => {
                made += 1;
                if let Ok(v) = r.json::<Value>().await {
                    ids.extend(v["id"].as_str().map(str::to_string));
                }
            }
            _ => refused += 1,
        }
    }
    drop(http);
    let (mut open, mut shut) = (Vec::new(), 0);
    if let Some(id) = ids.first() {
        let url = format!("{}/api/games/{id}/ws", base.replacen("http", "ws", 1));
        for _ in 0..sockets {
            match tokio::time::timeout(Duration::from_secs(2), socket_from(ATTACKER, &url)).await {
                Ok(Ok(ws)) => open.push(ws),
                _ => shut += 1,
            }
        }
    }
    let held = open.len();
    tokio::time::sleep_until(stop.into()).await;
    drop(open);
    (made, refused, held, shut)
}

/// Counters shared by every client.
#[derive(Default)]
struct Stats {
    actions: AtomicU64,
    moves: AtomicU64,
    events: AtomicU64,
    errors: AtomicU64,
    gaps: AtomicU64,
    finished: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
}

/// What the four clients of one game share.
struct Shared {
    /// Actions waiting for all four clients: version → (sent, clients left).
    pending: Mutex<HashMap<u64, (Instant, u8)>>,
    /// The four clients all have the state before anyone acts.
    ready: Barrier,
}

impl Shared {
    /// One client has the events of `versions`: an action whose event all four have
    /// now is timed.
    fn seen(&self, stats: &Stats, versions: std::ops::RangeInclusive<u64>, now: Instant) {
        let mut pending = self.pending.lock().unwrap();
        for version in versions {
            let Some(entry) = pending.get_mut(&version) else {
                continue;
            };
            entry.1 -= 1;
            if entry.1 == 0 {
                let sent = entry.0;
                pending.remove(&version);
                stats
                    .latencies_us
                    .lock()
                    .unwrap()
                    .push(now.duration_since(sent).as_micros() as u64);
            }
        }
    }
}

/// One client of one seat: acts on its turns until `stop`, then reports the last
/// version it saw.
#[allow(clippy::too_many_arguments)]
async fn client(
    ws_url: String,
    from: [u8; 4],
    seat: u64,
    game: Arc<Shared>,
    stats: Arc<Stats>,
    stop: Instant,
    think_ms: u64,
    seed: u64,
) -> Result<u64, String> {
    let mut ws = socket_from(from, &ws_url)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    ws.send(Message::Text(
        ClientMessage::Hello { since: 0 }.to_text().into(),
    ))
    .await
    .map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut view: Option<TurnView> = None;
    let mut acted_for = u64::MAX;
    loop {
        // Act when it is this seat's turn (once per version).
        if let Some(v) = &view {
            let action = (u64::from(v.to_move) == seat)
                .then(|| v.first_action())
                .flatten();
            if let Some(action) = action.filter(|_| acted_for != v.version && Instant::now() < stop)
            {
                acted_for = v.version;
                let wait = rng.random_range(think_ms / 2..=think_ms * 3 / 2);
                let action = action.to_text();
                let expect = v.version + 1;
                tokio::time::sleep(Duration::from_millis(wait)).await;
                game.pending
                    .lock()
                    .unwrap()
                    .insert(expect, (Instant::now(), 4));
                stats.actions.fetch_add(1, Ordering::Relaxed);
                ws.send(Message::Text(action.into()))
                    .await
                    .map_err(|e| e.to_string())?;
            }
        }
        let wait_until = if Instant::now() < stop {
            stop + Duration::from_secs(5)
        } else {
            Instant::now() + Duration::from_secs(3)
        };
        let next = match tokio::time::timeout_at(wait_until.into(), ws.next()).await {
            Ok(next) => next,
            Err(_) => break, // quiet after the stop: done
        };
        let text = match next {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(_)) => continue,
            _ => return Err("socket closed".into()),
        };
        let m: ServerMessage = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        match m {
            ServerMessage::State { game: g, .. } => {
                // The first state answers hello; a later one catches a client up that
                // fell behind further than the room keeps events.
                match &view {
                    None => {
                        // A client of the game that could not connect must not hold
                        // the other three here for ever.
                        tokio::time::timeout(Duration::from_secs(30), game.ready.wait())
                            .await
                            .map_err(|_| "the game's other clients never connected")?;
                    }
                    Some(v) => game.seen(&stats, v.version + 1..=g.table.version, Instant::now()),
                }
                view = Some(TurnView::of_snapshot(g.table));
            }
            ServerMessage::Event(m) => {
                let now = Instant::now();
                let Some(v) = view.as_mut() else {
                    return Err("event before state".into());
                };
                let before = v.version;
                let e = v.follow(m).map_err(|e| e.to_string())?;
                let version = e.version;
                if version != before + 1 {
                    stats.gaps.fetch_add(1, Ordering::Relaxed);
                }
                if seat == 0 {
                    stats.events.fetch_add(1, Ordering::Relaxed);
                    match e.kind {
                        EventKind::Move => _ = stats.moves.fetch_add(1, Ordering::Relaxed),
                        EventKind::Finished => _ = stats.finished.fetch_add(1, Ordering::Relaxed),
                        _ => {}
                    }
                }
                game.seen(&stats, version..=version, now);
            }
            ServerMessage::Error(_) => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                eprintln!("seat {seat}: error {text}");
            }
            _ => {}
        }
    }
    Ok(view.map_or(0, |v| v.version))
}

/// Runs a server with `config` on a runtime of its own, on two threads of its own, as
/// a server process would: the simulated clients' work is not queued on the server's
/// threads. Returns the address it listens on.
fn serve_apart(config: ashta_server::ServerConfig) -> std::net::SocketAddr {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("server")
            .enable_all()
            .build()
            .expect("the server's runtime");
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            ashta_server::serve(config, listener, std::future::pending())
                .await
                .expect("the server runs");
        });
    });
    rx.recv().expect("the server listens")
}

/// The person of an idle game: plays its turns (first legal move) until each of the
/// three bots has moved in `rounds` turns (decisions, not forfeits), or the person has
/// had [`MAX_IDLE_TURNS`], then stays connected without acting until `hold` says go.
/// Says when it waits.
async fn idle_person(
    url: String,
    from: [u8; 4],
    rounds: u32,
    waiting: tokio::sync::mpsc::Sender<Result<(), String>>,
    hold: tokio::sync::watch::Receiver<bool>,
) {
    let played = async {
        let mut ws = socket_from(from, &url).await?;
        ws.send(Message::Text(
            ClientMessage::Hello { since: 0 }.to_text().into(),
        ))
        .await
        .map_err(|e| e.to_string())?;
        let (mut view, mut acted_for, mut turns, mut was_mine) =
            (None::<TurnView>, u64::MAX, 0, true);
        // Turns in which each seat moved, and the seat of the last move.
        let (mut decided, mut last_mover) = ([0u32; 4], None);
        loop {
            if let Some(v) = &view {
                let mine = v.to_move == 0 && !v.over;
                if mine && !was_mine {
                    turns += 1;
                }
                was_mine = mine;
                let bots_decided = decided[1..].iter().all(|&d| d >= rounds);
                if (mine && (bots_decided || turns >= MAX_IDLE_TURNS)) || v.over {
                    return Ok(ws);
                }
                if mine && acted_for != v.version {
                    acted_for = v.version;
                    if let Some(action) = v.first_action() {
                        ws.send(Message::Text(action.to_text().into()))
                            .await
                            .map_err(|e| e.to_string())?;
                    }
                }
            }
            let text = match ws.next().await {
                Some(Ok(Message::Text(t))) => t,
                Some(Ok(_)) => continue,
                _ => return Err("socket closed".to_string()),
            };
            let m: ServerMessage = serde_json::from_str(&text).map_err(|e| e.to_string())?;
            match m {
                ServerMessage::State { game, .. } => {
                    view = Some(TurnView::of_snapshot(game.table));
                }
                ServerMessage::Event(m) => {
                    let e = EventHead::read(&m.event).map_err(|e| e.to_string())?;
                    if e.kind == EventKind::Move && e.seat != last_mover {
                        last_mover = e.seat;
                        decided[e.seat.unwrap_or(0).min(3) as usize] += 1;
                    } else if e.kind != EventKind::Move {
                        last_mover = None;
                    }
                    if let Some(v) = view.as_mut() {
                        v.follow(m).map_err(|e| e.to_string())?;
                    }
                }
                ServerMessage::Error(_) => return Err(format!("error {text}")),
                _ => {}
            }
        }
    };
    match played.await {
        Ok(ws) => {
            let _ = waiting.send(Ok(())).await;
            let mut hold = hold;
            let _ = hold.wait_for(|&go| go).await;
            drop(ws);
        }
        Err(e) => {
            let _ = waiting.send(Err(e)).await;
        }
    }
}

/// The version of game `id` as the server has it now, read again after a pause while
/// the server says that this address reads too often (its reads per second).
async fn game_version(http: &reqwest::Client, base: &str, id: &str) -> u64 {
    loop {
        let response = http
            .get(format!("{base}/api/games/{id}"))
            .send()
            .await
            .expect("the server answers");
        if response.status() == reqwest::StatusCode::TOO_MANY_REQUESTS {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        }
        let snap: Value = response.json().await.expect("a snapshot");
        return snap["version"].as_u64().expect("a snapshot has a version");
    }
}

/// Most turns the person of an idle game plays before it stops to wait.
const MAX_IDLE_TURNS: u32 = 60;

/// Creates `n` games of `body`, [`PER_ADDRESS`] from each player address in turn; exits
/// when the server refuses one.
async fn create_games(base: &str, body: &Value, n: usize) -> Vec<Value> {
    let mut games = Vec::with_capacity(n);
    let mut creator = None;
    for g in 0..n {
        if g % PER_ADDRESS == 0 {
            creator = Some(client_from(player_address(g)));
        }
        let created: Value = creator
            .as_ref()
            .expect("made above")
            .post(format!("{base}/api/games"))
            .json(body)
            .send()
            .await
            .expect("the server answers")
            .json()
            .await
            .expect("a created game");
        if !created["id"].is_string() {
            eprintln!("creation failed: {created}");
            std::process::exit(1);
        }
        games.push(created);
    }
    games
}

/// The memory figure: `--idle-games` games of a connected person and three `master`
/// bots, each played until every bot has moved in `--idle-turns` turns and all wait on the person; the RSS
/// before and after, per game, and at its peak.
async fn idle_games(args: &Args, base: &str) {
    let before = status_mib(args.server_pid, "VmRSS:").unwrap_or(0.0);
    let ws_base = base.replacen("http", "ws", 1);
    let body = json!({"players": 4, "seats": [{"kind": "human"},
        {"kind": "bot", "level": "master"}, {"kind": "bot", "level": "master"},
        {"kind": "bot", "level": "master"}]});
    let (waiting, mut ready) = tokio::sync::mpsc::channel(args.idle_games);
    let (release, hold) = tokio::sync::watch::channel(false);
    let started = Instant::now();
    let games = create_games(base, &body, args.idle_games).await;
    for (g, created) in games.iter().enumerate() {
        let (Some(id), Some(token)) = (
            created["id"].as_str(),
            created["seats"][0]["token"].as_str(),
        ) else {
            eprintln!("creation failed: {created}");
            std::process::exit(1);
        };
        let url = format!("{ws_base}/api/games/{id}/ws?seat=0&token={token}");
        tokio::spawn(idle_person(
            url,
            player_address(g),
            args.idle_turns,
            waiting.clone(),
            hold.clone(),
        ));
    }
    let deadline = started + Duration::from_secs(args.secs);
    let mut failed = 0;
    for _ in 0..args.idle_games {
        match tokio::time::timeout_at(deadline.into(), ready.recv()).await {
            Ok(Some(Ok(()))) => {}
            Ok(Some(Err(e))) => {
                failed += 1;
                eprintln!("a person failed: {e}");
            }
            _ => {
                eprintln!(
                    "not every game was waiting on its person within {} s",
                    args.secs
                );
                std::process::exit(1);
            }
        }
    }
    let waited = started.elapsed().as_secs_f64();
    // Let what the searches freed go back, then read the resident memory.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = status_mib(args.server_pid, "VmRSS:").unwrap_or(0.0);
    let peak = peak_rss_mib(args.server_pid).unwrap_or(0.0);
    let health: Value = reqwest::get(format!("{base}/api/health"))
        .await
        .expect("the server answers")
        .json()
        .await
        .expect("health");
    let n = args.idle_games;
    println!(
        "{n} games (a connected person and three master bots, {} ms a decision) played until each bot had moved in {} turns and all waited on the person, in {waited:.0} s; {failed} failed",
        args.bot_time_ms, args.idle_turns
    );
    println!(
        "RSS {before:.0} MiB before, {after:.0} MiB with the {n} games waiting: {:.0} KiB a game (the person's client included); peak {peak:.0} MiB; games in memory {}",
        (after - before) * 1024.0 / n as f64,
        health["games_in_memory"]
    );
    let _ = release.send(true);
    if failed > 0 {
        std::process::exit(1);
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let mut args = Args::parse();
    // Bounded whatever it is asked: it must stop by itself.
    args.games = args.games.clamp(1, 2000);
    args.idle_games = args.idle_games.min(2000);
    args.secs = args.secs.clamp(1, 600);
    args.attack_sockets = args.attack_sockets.min(2000);
    args.attack_games = args.attack_games.min(200);
    let (base, _dir) = match &args.url {
        Some(url) => {
            let host = url
                .strip_prefix("http://")
                .and_then(|r| r.split([':', '/']).next())
                .unwrap_or("");
            let loopback = host
                .parse::<std::net::Ipv4Addr>()
                .is_ok_and(|ip| ip.is_loopback());
            if !loopback {
                eprintln!("loadtest: only a server on 127.x.x.x is driven, not {url:?}");
                std::process::exit(2);
            }
            (url.trim_end_matches('/').to_string(), None)
        }
        None => {
            let dir = tempfile::tempdir().expect("a temporary folder");
            let mut config = ashta_server::ServerConfig::new(dir.path().join("load.sqlite"));
            config.creates_per_minute = u32::MAX;
            config.bot_time = Duration::from_millis(args.bot_time_ms);
            config.bot_delay = Duration::from_millis(args.bot_delay_ms);
            config.search_nice = args.search_nice;
            // Four clients a game, plus the HTTP requests that create the games; every
            // address keeps the default caps (the players come from many addresses).
            config.max_connections = args.games.max(args.idle_games) * 4 + 512;
            config.max_games = args.games.max(args.idle_games) + 64;
            println!(
                "caps per address: {} connections, {} games, {} of bots only; server-wide: {} connections, {} games, {} of bots only",
                config.max_connections_per_address,
                config.max_games_per_address,
                config.max_bot_games_per_address,
                config.max_connections,
                config.max_games,
                config.max_bot_games
            );
            let addr = serve_apart(config);
            (format!("http://{addr}"), Some(dir))
        }
    };
    if args.idle_games > 0 {
        idle_games(&args, &base).await;
        return;
    }
    let ws_base = base.replacen("http", "ws", 1);
    let http = reqwest::Client::new();
    let body = json!({"players": 4, "seats": [
        {"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "human"}]});
    let setup = Instant::now();
    let games = create_games(&base, &body, args.games).await;
    println!(
        "created {} games in {:.1} s",
        games.len(),
        setup.elapsed().as_secs_f64()
    );
    let stats = Arc::new(Stats::default());
    let start = Instant::now();
    let stop = start + Duration::from_secs(args.secs);
    let decisions = Arc::new(Mutex::new(Vec::new()));
    let victim_task = tokio::spawn(victim(base.clone(), stop, decisions.clone()));
    let attack_task = tokio::spawn(attacker(
        base.clone(),
        args.attack_games,
        args.attack_sockets,
        stop,
    ));
    let mut tasks = Vec::new();
    for (g, created) in games.iter().enumerate() {
        let shared = Arc::new(Shared {
            pending: Mutex::default(),
            ready: Barrier::new(4),
        });
        let id = created["id"].as_str().unwrap().to_string();
        for seat in 0..4u64 {
            let token = created["seats"][seat as usize]["token"].as_str().unwrap();
            let url = format!("{ws_base}/api/games/{id}/ws?seat={seat}&token={token}");
            tasks.push((
                id.clone(),
                tokio::spawn(client(
                    url,
                    player_address(g),
                    seat,
                    shared.clone(),
                    stats.clone(),
                    stop,
                    args.think_ms,
                    (g as u64) << 2 | seat,
                )),
            ));
        }
    }
    let mut last_seen: HashMap<String, Vec<u64>> = HashMap::new();
    let mut failures = 0;
    for (id, task) in tasks {
        match task.await {
            Ok(Ok(version)) => last_seen.entry(id).or_default().push(version),
            Ok(Err(e)) => {
                failures += 1;
                eprintln!("client failed: {e}");
            }
            Err(e) => {
                failures += 1;
                eprintln!("client panicked: {e}");
            }
        }
    }
    let elapsed = args.secs as f64;
    let victim_result = victim_task.await;
    let (made, refused, held, shut) = attack_task.await.unwrap_or_default();
    // Every client of a game must have seen the server's last version.
    let mut lost = 0;
    for (id, seen) in &last_seen {
        let version = game_version(&http, &base, id).await;
        lost += seen.iter().filter(|&&v| v != version).count();
    }
    let mut lat = stats.latencies_us.lock().unwrap().clone();
    lat.sort_unstable();
    let actions = stats.actions.load(Ordering::Relaxed);
    println!(
        "games {} x 4 clients, {} s of play, think time {} ms on average",
        args.games, args.secs, args.think_ms
    );
    println!(
        "actions {actions} ({:.0}/s), moves {} ({:.0}/s), events {} ({:.0}/s), games finished {}",
        actions as f64 / elapsed,
        stats.moves.load(Ordering::Relaxed),
        stats.moves.load(Ordering::Relaxed) as f64 / elapsed,
        stats.events.load(Ordering::Relaxed),
        stats.events.load(Ordering::Relaxed) as f64 / elapsed,
        stats.finished.load(Ordering::Relaxed),
    );
    println!(
        "latency action sent -> all 4 clients updated: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} measured)",
        percentile(&lat, 0.5),
        percentile(&lat, 0.9),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0),
        lat.len()
    );
    let mut decided = decisions.lock().unwrap().clone();
    decided.sort_unstable();
    let delay_ms = if args.url.is_none() {
        args.bot_delay_ms
    } else {
        0
    };
    let less_delay = |p: f64| (percentile(&decided, p) - delay_ms as f64).max(0.0);
    println!(
        "victim medium bot decision (bag -> first move, less the {delay_ms} ms pause): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} decisions; budget {} ms){}",
        less_delay(0.5),
        less_delay(0.99),
        less_delay(1.0),
        decided.len(),
        args.bot_time_ms,
        match &victim_result {
            Ok(Ok(())) => String::new(),
            Ok(Err(e)) => format!(" [victim: {e}]"),
            Err(e) => format!(" [victim: {e}]"),
        }
    );
    println!(
        "attacker (127.0.9.3): master bot-only games {made} created, {refused} refused; spectator sockets {held} open, {shut} refused"
    );
    match peak_rss_mib(args.server_pid) {
        Some(mib) if args.url.is_none() => {
            println!("peak RSS {mib:.0} MiB (server and every client, one process)")
        }
        Some(mib) => println!("server peak RSS {mib:.0} MiB"),
        None => println!("peak RSS unknown (give --server-pid)"),
    }
    let unacknowledged = actions - lat.len() as u64;
    println!(
        "errors {}, version gaps {}, clients failed {failures}, clients behind the server {lost}, actions never seen by all 4 clients {unacknowledged}",
        stats.errors.load(Ordering::Relaxed),
        stats.gaps.load(Ordering::Relaxed),
    );
    let ok = stats.errors.load(Ordering::Relaxed) == 0
        && stats.gaps.load(Ordering::Relaxed) == 0
        && failures == 0
        && lost == 0
        && unacknowledged == 0;
    println!(
        "{}",
        if ok {
            "no error, no lost move"
        } else {
            "FAILED: see above"
        }
    );
    if !ok {
        std::process::exit(1);
    }
}
