//! Load test on loopback: many concurrent games, each with four human seats played by
//! simulated clients over WebSockets. Reports actions and moves per second and the
//! latency from an action sent to every client of its game having its event (p50, p90,
//! p99, max), and checks that no client saw an error or missed an event.
//!
//! ```text
//! cargo run --release -p ashta-server --example loadtest -- --games 1000 --secs 60
//! ```
//!
//! Without `--url` it runs its own server in the same process on a temporary database;
//! with `--url http://HOST:PORT` it drives a running `ashta serve` (start that one with
//! a high `--creates-per-minute`). It only connects to the address it is given.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;
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
    /// How long the clients keep acting, in seconds (after all games are set up).
    #[arg(long, default_value_t = 60)]
    secs: u64,
    /// Mean time a simulated player waits before each throw or move, in milliseconds
    /// (each wait is drawn uniformly from half to one and a half times this).
    #[arg(long, default_value_t = 400)]
    think_ms: u64,
    /// A running server to drive instead of one in this process.
    #[arg(long)]
    url: Option<String>,
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

/// A move as the server lists it (only what a client sends back).
#[derive(Clone, Copy, Deserialize)]
struct LegalMove {
    value: u8,
    from: i16,
    count: u8,
}

/// The part of a position the clients look at.
#[derive(Deserialize)]
struct Position {
    to_move: u64,
}

/// A server message, read into only the fields the clients use (the rest is skipped
/// without being stored, so the clients cost the machine little).
#[derive(Deserialize)]
struct ServerMessage {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    game: Option<GameState>,
    #[serde(default)]
    event: Option<EventHead>,
    #[serde(default)]
    legal: Vec<LegalMove>,
    #[serde(default)]
    must_throw: bool,
}

#[derive(Deserialize)]
struct GameState {
    version: u64,
    status: String,
    position: Position,
    legal: Vec<LegalMove>,
    must_throw: bool,
}

#[derive(Deserialize)]
struct EventHead {
    version: u64,
    kind: String,
    position: Position,
}

struct View {
    to_move: u64,
    legal: Vec<LegalMove>,
    must_throw: bool,
    version: u64,
    over: bool,
}

impl View {
    fn action(&self) -> String {
        if self.must_throw {
            r#"{"type":"throw"}"#.to_string()
        } else {
            let m = self.legal[0];
            format!(
                r#"{{"type":"move","move":{{"value":{},"from":{},"count":{}}}}}"#,
                m.value, m.from, m.count
            )
        }
    }
}

/// One client of one seat: acts on its turns until `stop`, then reports the last
/// version it saw.
async fn client(
    ws_url: String,
    seat: u64,
    game: Arc<Shared>,
    stats: Arc<Stats>,
    stop: Instant,
    think_ms: u64,
    seed: u64,
) -> Result<u64, String> {
    let config = WebSocketConfig::default().read_buffer_size(4096);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(&ws_url, Some(config), false)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    ws.send(Message::Text(
        json!({"type": "hello", "since": 0}).to_string().into(),
    ))
    .await
    .map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut view: Option<View> = None;
    let mut acted_for = u64::MAX;
    loop {
        // Act when it is this seat's turn (once per version).
        if let Some(v) = &view {
            let mine = v.to_move == seat && !v.over;
            if mine && acted_for != v.version && Instant::now() < stop {
                acted_for = v.version;
                let wait = rng.random_range(think_ms / 2..=think_ms * 3 / 2);
                let action = v.action();
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
        match m.kind.as_str() {
            "state" => {
                game.ready.wait().await;
                let g = m.game.ok_or("state without game")?;
                view = Some(View {
                    to_move: g.position.to_move,
                    legal: g.legal,
                    must_throw: g.must_throw,
                    version: g.version,
                    over: g.status == "finished",
                });
            }
            "event" => {
                let now = Instant::now();
                let e = m.event.ok_or("event without event")?;
                let version = e.version;
                let Some(v) = view.as_mut() else {
                    return Err("event before state".into());
                };
                if version != v.version + 1 {
                    stats.gaps.fetch_add(1, Ordering::Relaxed);
                }
                v.version = version;
                v.to_move = e.position.to_move;
                v.legal = m.legal;
                v.must_throw = m.must_throw;
                if e.kind == "finished" {
                    v.over = true;
                    if seat == 0 {
                        stats.finished.fetch_add(1, Ordering::Relaxed);
                    }
                }
                if seat == 0 {
                    stats.events.fetch_add(1, Ordering::Relaxed);
                    if e.kind == "move" {
                        stats.moves.fetch_add(1, Ordering::Relaxed);
                    }
                }
                let mut p = game.pending.lock().unwrap();
                if let Some(entry) = p.get_mut(&version) {
                    entry.1 -= 1;
                    if entry.1 == 0 {
                        let sent = entry.0;
                        p.remove(&version);
                        drop(p);
                        stats
                            .latencies_us
                            .lock()
                            .unwrap()
                            .push(now.duration_since(sent).as_micros() as u64);
                    }
                }
            }
            "error" => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                eprintln!("seat {seat}: error {text}");
            }
            _ => {}
        }
    }
    Ok(view.map_or(0, |v| v.version))
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
    let args = Args::parse();
    let (base, _dir) = match &args.url {
        Some(url) => (url.trim_end_matches('/').to_string(), None),
        None => {
            let dir = tempfile::tempdir().expect("a temporary folder");
            let mut config = ashta_server::ServerConfig::new(dir.path().join("load.sqlite"));
            config.creates_per_minute = u32::MAX;
            // Four clients a game, plus the HTTP requests that create the games.
            config.max_connections = args.games * 4 + 256;
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let addr = listener.local_addr().unwrap();
            tokio::spawn(async move {
                ashta_server::serve(config, listener, std::future::pending())
                    .await
                    .expect("the server runs");
            });
            (format!("http://{addr}"), Some(dir))
        }
    };
    let ws_base = base.replacen("http", "ws", 1);
    let http = reqwest::Client::new();
    let body = json!({"players": 4, "seats": [
        {"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "human"}]});
    let setup = Instant::now();
    let mut games = Vec::with_capacity(args.games);
    for _ in 0..args.games {
        let created: Value = http
            .post(format!("{base}/api/games"))
            .json(&body)
            .send()
            .await
            .expect("the server answers")
            .json()
            .await
            .expect("a created game");
        assert!(created["id"].is_string(), "creation failed: {created}");
        games.push(created);
    }
    println!(
        "created {} games in {:.1} s",
        games.len(),
        setup.elapsed().as_secs_f64()
    );
    let stats = Arc::new(Stats::default());
    let start = Instant::now();
    let stop = start + Duration::from_secs(args.secs);
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
    // Every client of a game must have seen the server's last version.
    let mut lost = 0;
    for (id, seen) in &last_seen {
        let snap: Value = http
            .get(format!("{base}/api/games/{id}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let version = snap["version"].as_u64().unwrap_or(0);
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
