//! Attacks on a running `ashta serve` on loopback, all at once, while an honest player
//! of another network plays a game against a bot and times each of its actions (sent to
//! its event back). The attackers come from 127.0.9.0/24 and 127.0.10.0/24; the honest
//! player from 127.0.5.2; a newcomer from 127.0.6.2 tries to create and play once the
//! caps are under attack.
//!
//! - one seat from 16 sockets throws, moves and undoes as fast as it may;
//! - 16 spectators ask for the whole game again and again and never read;
//! - 8 addresses open as many connections as they are let;
//! - 101 addresses of one /24 create games until refused.
//!
//! It prints the server's RSS (from `/proc`, with `--server-pid`), the database's growth,
//! the largest response of a game's GET and of `hello` since 0, what each attack got, and
//! the honest player's latency.
//!
//! ```text
//! ashta serve --addr 127.0.0.1:8080 --db /tmp/attack.sqlite &
//! cargo run --release -p ashta-server --example attack -- \
//!     --url http://127.0.0.1:8080 --server-pid $! --secs 60
//! ```
//!
//! It only connects to loopback addresses and stops by itself (at most 600 s).
//!
//! `--form` runs one of the distributed forms instead (see `distributed.rs`):
//! `networks` (102 addresses in 17 /24s fill the server's places, then a newcomer waits
//! for one), `spectators` (1,000 unread spectators of 10 /24s), `database` (17 /24s
//! play as fast as they may; give `--db` the server's database file), `hints` (100
//! addresses of one /24 ask for hints as fast as they are answered while an honest game
//! plays a bot: its bot turns timed for `--secs` before the flood, then `--secs` under it).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ashta_table::client_view::TurnView;
use ashta_table::messages::ServerMessage;
use ashta_table::protocol::ClientMessage;
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

mod distributed;
mod hints;

/// Options.
#[derive(Parser, Debug)]
struct Args {
    /// The running server (loopback only).
    #[arg(long)]
    url: String,
    /// The server's process id, to read its RSS from /proc.
    #[arg(long)]
    server_pid: Option<u32>,
    /// How long the attacks run, in seconds.
    #[arg(long, default_value_t = 60)]
    secs: u64,
    /// The attack: `classic` (the attacks above, at once), or a distributed form:
    /// `networks`, `spectators`, `database`, `hints`.
    #[arg(long, default_value = "classic")]
    form: String,
    /// The server's database file, to measure its files (form `database`).
    #[arg(long)]
    db: Option<std::path::PathBuf>,
}

type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

const HONEST: [u8; 4] = [127, 0, 5, 2];
const NEWCOMER: [u8; 4] = [127, 0, 6, 2];

/// The `n`th attacking address: 127.0.9.x, then 127.0.10.x.
fn attacker(n: usize) -> [u8; 4] {
    [127, 0, 9 + (n / 250) as u8, (n % 250 + 1) as u8]
}

fn client_from(ip: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::from(ip))
        .pool_max_idle_per_host(0)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("an HTTP client")
}

/// A WebSocket from `ip`, with a receive buffer of `recv_buffer` bytes if given.
async fn socket_from(ip: [u8; 4], url: &str, recv_buffer: Option<u32>) -> Result<Socket, String> {
    let addr = url
        .strip_prefix("ws://")
        .and_then(|r| r.split('/').next())
        .ok_or("not a ws:// URL")?;
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    if let Some(size) = recv_buffer {
        socket
            .set_recv_buffer_size(size)
            .map_err(|e| e.to_string())?;
    }
    socket
        .bind(std::net::SocketAddr::from((ip, 0)))
        .map_err(|e| e.to_string())?;
    let addr: std::net::SocketAddr = addr.parse().map_err(|e| format!("{e}"))?;
    let stream = socket.connect(addr).await.map_err(|e| e.to_string())?;
    let (ws, _) = tokio_tungstenite::client_async(url, stream)
        .await
        .map_err(|e| e.to_string())?;
    Ok(ws)
}

async fn create(client: &reqwest::Client, base: &str, body: &Value) -> (u16, Value) {
    match client
        .post(format!("{base}/api/games"))
        .json(body)
        .send()
        .await
    {
        Ok(r) => (r.status().as_u16(), r.json().await.unwrap_or(Value::Null)),
        Err(_) => (0, Value::Null),
    }
}

fn against_bot() -> Value {
    json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "medium"}]})
}

async fn send(ws: &mut Socket, v: &impl Serialize) -> bool {
    let text = serde_json::to_string(v).expect("messages serialize");
    ws.send(Message::Text(text.into())).await.is_ok()
}

/// The next JSON message within `wait`; `None` on close or time out.
async fn next(ws: &mut Socket, wait: Duration) -> Option<Value> {
    loop {
        match tokio::time::timeout(wait, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).ok(),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

/// The game as a seat's client sees it after `m` (a state or an event), in the shared
/// types; none for other messages.
fn turn(m: &Value) -> Option<TurnView> {
    TurnView::of_message(ServerMessage::deserialize(m).ok()?)
}

/// What seat 0 sends after `m` (an event or a state), if it is its turn.
fn action(m: &Value) -> Option<ClientMessage> {
    turn(m).filter(|t| t.to_move == 0)?.first_action()
}

/// A new game of the honest player against a bot: created, seat 0 joined and greeted;
/// or why not.
async fn honest_game(http: &reqwest::Client, base: &str) -> Result<Socket, String> {
    let (status, created) = create(http, base, &against_bot()).await;
    if status != 201 {
        return Err(format!("honest player refused a game: {status} {created}"));
    }
    let id = created["id"].as_str().unwrap_or("");
    let token = created["seats"][0]["token"].as_str().unwrap_or("");
    let ws_base = base.replacen("http", "ws", 1);
    let url = format!("{ws_base}/api/games/{id}/ws?seat=0&token={token}");
    let Ok(mut ws) = socket_from(HONEST, &url, None).await else {
        return Err("honest player could not connect".into());
    };
    send(&mut ws, &ClientMessage::Hello { since: 0 }).await;
    Ok(ws)
}

/// The honest player: plays seat 0 against a bot, games one after another, and times
/// each action from sent to its event back.
async fn honest(base: String, stop: Instant, latencies: Arc<Mutex<Vec<u64>>>) -> String {
    let http = client_from(HONEST);
    let mut games = 0;
    while Instant::now() < stop {
        let mut ws = match honest_game(&http, &base).await {
            Ok(ws) => ws,
            Err(why) => return why,
        };
        games += 1;
        let mut pending: Option<Instant> = None;
        while Instant::now() < stop {
            let Some(m) = next(&mut ws, Duration::from_secs(30)).await else {
                return "honest player's socket closed or went quiet".into();
            };
            if m["type"] == "error" {
                return format!("honest player got an error: {m}");
            }
            if m["type"] == "event" && m["event"]["seat"] == 0 {
                if let Some(sent) = pending.take() {
                    latencies
                        .lock()
                        .unwrap()
                        .push(sent.elapsed().as_micros() as u64);
                }
            }
            let view = turn(&m);
            if view.as_ref().is_some_and(|t| t.over) {
                break;
            }
            if pending.is_none() {
                if let Some(a) = view
                    .filter(|t| t.to_move == 0)
                    .and_then(|t| t.first_action())
                {
                    tokio::time::sleep(Duration::from_millis(150)).await;
                    pending = Some(Instant::now());
                    send(&mut ws, &a).await;
                }
            }
        }
    }
    format!("honest player: {games} games")
}

/// One seat from 16 sockets: throw, move and undo as fast as it may. Returns the
/// game's id and the errors by code.
async fn one_seat_flood(base: String, stop: Instant) -> (String, u64, u64) {
    let (status, created) = create(&client_from(attacker(0)), &base, &against_bot()).await;
    if status != 201 {
        return (String::new(), 0, 0);
    }
    let id = created["id"].as_str().unwrap_or("").to_string();
    let token = created["seats"][0]["token"].as_str().unwrap_or("");
    let url = format!(
        "{}/api/games/{id}/ws?seat=0&token={token}",
        base.replacen("http", "ws", 1)
    );
    let limited = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for s in 0..16 {
        let (url, limited, refused) = (url.clone(), limited.clone(), refused.clone());
        tasks.push(tokio::spawn(async move {
            let Ok(mut ws) = socket_from(attacker(s % 8), &url, None).await else {
                refused.fetch_add(1, Ordering::Relaxed);
                return;
            };
            send(&mut ws, &ClientMessage::Hello { since: 0 }).await;
            let mut last = Value::Null;
            while Instant::now() < stop {
                while let Some(m) = next(&mut ws, Duration::from_millis(5)).await {
                    if m["code"] == "rate_limited" {
                        limited.fetch_add(1, Ordering::Relaxed);
                    }
                    if m["type"] == "event" || m["type"] == "state" {
                        last = m;
                    }
                }
                let a = action(&last).unwrap_or(ClientMessage::Undo);
                if !send(&mut ws, &a).await || !send(&mut ws, &ClientMessage::Undo).await {
                    refused.fetch_add(1, Ordering::Relaxed);
                    return;
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    (
        id,
        limited.load(Ordering::Relaxed),
        refused.load(Ordering::Relaxed),
    )
}

/// 16 spectators that ask for the whole game again and again and read nothing; returns
/// how many the server closed (a send that fails or times out).
async fn slow_readers(base: String, id: String, stop: Instant) -> u64 {
    let url = format!("{}/api/games/{id}/ws", base.replacen("http", "ws", 1));
    let closed = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for s in 0..16 {
        let (url, closed) = (url.clone(), closed.clone());
        tasks.push(tokio::spawn(async move {
            let Ok(mut ws) = socket_from(attacker(8 + s), &url, Some(4096)).await else {
                return;
            };
            let hello = ClientMessage::Hello { since: 0 }.to_text();
            while Instant::now() < stop {
                let sent = tokio::time::timeout(
                    Duration::from_secs(1),
                    ws.send(Message::Text(hello.clone().into())),
                )
                .await;
                match sent {
                    Ok(Ok(())) => tokio::time::sleep(Duration::from_millis(20)).await,
                    Ok(Err(_)) => {
                        closed.fetch_add(1, Ordering::Relaxed);
                        return;
                    }
                    Err(_) => {}
                }
            }
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    closed.load(Ordering::Relaxed)
}

/// 8 addresses open 100 connections each, at once; returns how many of them the server
/// still holds open a moment later (it closes those past the caps on arrival, and any
/// that sends no request within its header timeout), and the connections.
async fn connection_hog(base: String) -> (usize, Vec<tokio::net::TcpStream>) {
    let addr: std::net::SocketAddr = base
        .trim_start_matches("http://")
        .parse()
        .expect("an address");
    let mut opened = Vec::new();
    for a in 0..8 {
        for _ in 0..100 {
            let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
            if socket
                .bind(std::net::SocketAddr::from((attacker(30 + a), 0)))
                .is_err()
            {
                continue;
            }
            if let Ok(stream) = socket.connect(addr).await {
                opened.push(stream);
            }
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let mut byte = [0u8; 1];
    let held = opened
        .iter()
        .filter(|s| matches!(s.try_read(&mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock))
        .count();
    (held, opened)
}

/// 101 addresses create games until refused. Returns (created, refused).
async fn game_hog(base: String) -> (u64, u64) {
    let (mut made, mut refused) = (0, 0);
    let body = json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]});
    for a in 0..101 {
        let client = client_from(attacker(250 + a));
        loop {
            let (status, _) = create(&client, &base, &body).await;
            if status == 201 {
                made += 1;
            } else {
                refused += 1;
                break;
            }
        }
    }
    (made, refused)
}

fn rss_mib(pid: Option<u32>, field: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

async fn health(base: &str) -> Value {
    let r = client_from([127, 0, 7, 2])
        .get(format!("{base}/api/health"))
        .send()
        .await;
    match r {
        Ok(r) => r.json().await.unwrap_or(Value::Null),
        Err(_) => Value::Null,
    }
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let secs = args.secs.clamp(5, 600);
    let base = args.url.trim_end_matches('/').to_string();
    let host = base
        .strip_prefix("http://")
        .and_then(|r| r.split(':').next())
        .unwrap_or("");
    if !host
        .parse::<std::net::Ipv4Addr>()
        .is_ok_and(|ip| ip.is_loopback())
    {
        eprintln!("attack: only a server on 127.x.x.x is attacked, not {base:?}");
        std::process::exit(2);
    }
    match args.form.as_str() {
        "classic" => {}
        "networks" => return distributed::many_networks(&base, secs).await,
        "spectators" => return distributed::unread_spectators(&base).await,
        "database" => return distributed::database(&base, secs, args.db.as_deref()).await,
        "hints" => return hints::hint_flood(&base, secs).await,
        other => {
            eprintln!(
                "attack: unknown form {other:?} (classic, networks, spectators, database, hints)"
            );
            std::process::exit(2);
        }
    }
    let rss_before = rss_mib(args.server_pid, "VmRSS:");
    let db_before = health(&base).await["db_bytes"].as_u64().unwrap_or(0);
    let stop = Instant::now() + Duration::from_secs(secs);
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let honest_task = tokio::spawn(honest(base.clone(), stop, latencies.clone()));
    let flood = tokio::spawn(one_seat_flood(base.clone(), stop));
    // The hog's connections stay open (as far as the server lets them) while the
    // newcomer comes.
    let (held, hogged) = connection_hog(base.clone()).await;
    let games = game_hog(base.clone()).await;
    // A newcomer of another network creates a game and plays a throw, caps under attack.
    let newcomer = client_from(NEWCOMER);
    let (status, created) = create(&newcomer, &base, &against_bot()).await;
    let mut newcomer_played = false;
    if status == 201 {
        let id = created["id"].as_str().unwrap_or("");
        let token = created["seats"][0]["token"].as_str().unwrap_or("");
        let url = format!(
            "{}/api/games/{id}/ws?seat=0&token={token}",
            base.replacen("http", "ws", 1)
        );
        if let Ok(mut ws) = socket_from(NEWCOMER, &url, None).await {
            send(&mut ws, &ClientMessage::Hello { since: 0 }).await;
            next(&mut ws, Duration::from_secs(10)).await;
            send(&mut ws, &ClientMessage::Throw).await;
            while let Some(m) = next(&mut ws, Duration::from_secs(10)).await {
                if m["type"] == "event" || m["type"] == "error" {
                    newcomer_played = m["type"] == "event";
                    break;
                }
            }
        }
    }
    drop(hogged);
    // The flooded game, once it has grown: its GET, and spectators that never read.
    tokio::time::sleep(Duration::from_secs(secs / 3)).await;
    let flooded = {
        let list: Value = client_from([127, 0, 7, 3])
            .get(format!("{base}/api/games"))
            .send()
            .await
            .ok()
            .map(|r| r.json())
            .unwrap_or_else(|| panic!("the list"))
            .await
            .unwrap_or(Value::Null);
        list["games"]
            .as_array()
            .and_then(|g| {
                g.iter()
                    .max_by_key(|g| g["version"].as_u64().unwrap_or(0))
                    .cloned()
            })
            .unwrap_or(Value::Null)
    };
    let flooded_id = flooded["id"].as_str().unwrap_or("").to_string();
    let readers = tokio::spawn(slow_readers(base.clone(), flooded_id.clone(), stop));
    let (flood_id, limited, flood_refused) = flood.await.unwrap_or_default();
    let closed = readers.await.unwrap_or(0);
    let honest_said = honest_task.await.unwrap_or_else(|e| e.to_string());
    // The largest responses: the flooded game's GET and a `hello` since 0 on it.
    let get = client_from([127, 0, 7, 4])
        .get(format!("{base}/api/games/{flood_id}"))
        .send()
        .await;
    let get_bytes = match get {
        Ok(r) => r.bytes().await.map_or(0, |b| b.len()),
        Err(_) => 0,
    };
    let version = {
        let r = client_from([127, 0, 7, 5])
            .get(format!("{base}/api/games/{flood_id}"))
            .send()
            .await;
        match r {
            Ok(r) => r
                .json::<Value>()
                .await
                .map_or(0, |v| v["version"].as_u64().unwrap_or(0)),
            Err(_) => 0,
        }
    };
    let mut hello_bytes = 0;
    let url = format!("{}/api/games/{flood_id}/ws", base.replacen("http", "ws", 1));
    if let Ok(mut ws) = socket_from([127, 0, 7, 6], &url, None).await {
        send(&mut ws, &ClientMessage::Hello { since: 0 }).await;
        if let Ok(Some(Ok(Message::Text(t)))) =
            tokio::time::timeout(Duration::from_secs(10), ws.next()).await
        {
            hello_bytes = t.len();
        }
    }
    let after = health(&base).await;
    let db_after = after["db_bytes"].as_u64().unwrap_or(0);
    let mut lat = latencies.lock().unwrap().clone();
    lat.sort_unstable();
    println!("attacks for {secs} s on {base}");
    println!(
        "one seat, 16 sockets, throw/move/undo: the game reached version {version} ({:.1} events/s); {limited} actions rate-limited, {flood_refused} sockets refused or closed",
        version as f64 / secs as f64
    );
    println!(
        "largest responses: the game's GET {get_bytes} bytes, hello since 0 {hello_bytes} bytes"
    );
    println!(
        "16 spectators that never read: {closed} closed by the server; server says slow readers closed: {}",
        after["slow_readers_closed"]
    );
    println!("8 addresses of 127.0.9.0/24 opened 800 connections at once; the server held {held}");
    println!(
        "101 addresses of 127.0.10.0/24 created {} games before {} refusals; newcomer of 127.0.6.0/24: create {status}, played a throw: {newcomer_played}",
        games.0, games.1
    );
    println!(
        "database: {:.1} MB before, {:.1} MB after (+{:.1} MB); {}",
        db_before as f64 / 1e6,
        db_after as f64 / 1e6,
        (db_after as f64 - db_before as f64) / 1e6,
        after["pruned_for_space"]
    );
    match (
        rss_before,
        rss_mib(args.server_pid, "VmRSS:"),
        rss_mib(args.server_pid, "VmHWM:"),
    ) {
        (Some(b), Some(a), Some(peak)) => {
            println!("server RSS {b:.0} MiB before, {a:.0} MiB after, peak {peak:.0} MiB")
        }
        _ => println!("server RSS unknown (give --server-pid)"),
    }
    println!(
        "honest player's action -> its event: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} actions; {honest_said})",
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0),
        lat.len()
    );
}
