//! How many seeks a second the lobby pairs, on loopback, and what players and their
//! history cost in storage.
//!
//! ```text
//! cargo run --release -p ashta-server --example pairing -- --pairs 200 --rounds 3
//! cargo run --release -p ashta-server --example pairing -- --storage --players 1000 --games 100
//! ```
//!
//! The pairing run starts a server in this process on a temporary database, makes
//! `2 × --pairs` players, each from a /24 of its own on 127.0.0.0/8, opens one lobby
//! WebSocket for each, and then, each round, has every one of them seek a rated
//! two-player standard game at once; it times from the first seek sent to the last
//! `paired` received (each pairing makes and stores a game, and seats its players),
//! and prints seeks paired a second. The matcher alone (no network, no game) is timed
//! too. It only connects to loopback addresses and stops by itself (at most 2,000
//! pairs a round and 20 rounds).
//!
//! `--storage` fills a fresh database through the community store with `--players`
//! players, each in `--games` rated two-player games (so `players × games / 2` games
//! seated and rated, their games' own records not included), and prints the bytes the
//! file takes and the bytes per player.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use ashta_server::lobby::{Member, Placed, Seeks, Want};
use ashta_server::people::store::{PlayerStore, Seated};
use ashta_server::{serve_app, App, ServerConfig};
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser, Debug)]
struct Args {
    /// Pairs made each round (at most 2000).
    #[arg(long, default_value_t = 200)]
    pairs: usize,
    /// Rounds.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
    /// Measure storage instead.
    #[arg(long)]
    storage: bool,
    /// Players of the storage run.
    #[arg(long, default_value_t = 1000)]
    players: usize,
    /// Rated games each player of the storage run played.
    #[arg(long, default_value_t = 100)]
    games: usize,
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn ip_of(i: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 1 + (i / 250) as u8, (i % 250) as u8, 1)
}

async fn lobby(addr: SocketAddr, ip: Ipv4Addr) -> Socket {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(IpAddr::V4(ip), 0)).unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let url = format!("ws://{addr}/api/lobby/ws");
    tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(stream))
        .await
        .unwrap()
        .0
}

async fn next_of(ws: &mut Socket, kind: &str) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(60), ws.next())
            .await
            .expect("a message within a minute")
            .expect("the socket stays open")
            .unwrap();
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == kind {
                return v;
            }
            assert_ne!(v["type"], "error", "{v}");
        }
    }
}

fn matcher_alone() {
    let want = Want {
        preset: "standard".into(),
        players: 2,
        turn_timer_secs: None,
        rated: true,
    };
    let mut seeks = Seeks::default();
    let n = 1_000_000u64;
    let start = Instant::now();
    let mut paired = 0;
    for i in 0..n {
        let member = Member {
            conn: i,
            player_id: i as i64,
            name: String::new(),
            network: i.to_string(),
        };
        if let Placed::Full(_) = seeks.seek(want.clone(), member, 0) {
            paired += 2;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "matcher alone: {paired} seeks paired in {secs:.3} s: {:.0} seeks a second",
        paired as f64 / secs
    );
}

fn storage(args: &Args) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("players.sqlite");
    let store = PlayerStore::open(&db).unwrap();
    let ids: Vec<(i64, String)> = (0..args.players)
        .map(|i| {
            let net = ip_of(i).to_string();
            let p = store
                .create_player(&format!("player{i}"), &net, 10, 0)
                .unwrap();
            (p.player.id, net)
        })
        .collect();
    let games = args.players * args.games / 2;
    let now = ashta_server::now_ms();
    for g in 0..games {
        let a = g % args.players;
        let b = (a + 1 + g / args.players) % args.players;
        let b = if b == a { (a + 1) % args.players } else { b };
        let id = format!("{g:012x}");
        let seats = [
            Seated {
                seat: 0,
                player_id: ids[a].0,
                network: ids[a].1.clone(),
            },
            Seated {
                seat: 1,
                player_id: ids[b].0,
                network: ids[b].1.clone(),
            },
        ];
        store
            .seat_players(&id, "standard-2p", 2, true, &seats, now + g as i64)
            .unwrap();
        let places = if g % 2 == 0 {
            [(0, 1), (1, 2)]
        } else {
            [(0, 2), (1, 1)]
        };
        store
            .finish_game(&id, &places, true, now + g as i64)
            .unwrap();
    }
    let page = store.player_page("player0", 100).unwrap();
    assert_eq!(page.history.len(), args.games.min(page.history.len()));
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE); VACUUM;")
        .unwrap();
    let bytes = std::fs::metadata(&db).unwrap().len();
    println!(
        "{} players, {games} rated games seated and rated ({} per player): {bytes} bytes, {:.0} bytes a player",
        args.players,
        args.games,
        bytes as f64 / args.players as f64
    );
}

fn main() {
    let args = Args::parse();
    if args.storage {
        return storage(&args);
    }
    matcher_alone();
    let pairs = args.pairs.clamp(1, 2000);
    let rounds = args.rounds.clamp(1, 20);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let mut config = ServerConfig::new(dir.path().join("pairing.sqlite"));
        config.max_games = 1_000_000;
        config.max_games_per_address = 1_000_000;
        config.network_share_percent = 100;
        config.creates_per_minute = 1_000_000;
        config.network_creates_per_minute = 1_000_000;
        config.max_connections = 100_000;
        config.max_seeks = 100_000;
        let app = App::open(config).await.unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(serve_app(app, listener, std::future::pending()));
        let http = reqwest::Client::new();
        let mut people = Vec::new();
        for i in 0..pairs * 2 {
            let r = reqwest::Client::builder()
                .local_address(IpAddr::V4(ip_of(i)))
                .build()
                .unwrap()
                .post(format!("http://{addr}/api/players"))
                .json(&json!({"name": format!("p{i}")}))
                .send()
                .await
                .unwrap();
            let made: Value = r.json().await.unwrap();
            let key = made["key"].as_str().expect("a key").to_string();
            let mut ws = lobby(addr, ip_of(i)).await;
            next_of(&mut ws, "seeks").await;
            people.push((key, ws));
        }
        drop(http);
        let mut rates = Vec::new();
        for round in 0..rounds {
            let start = Instant::now();
            let tasks: Vec<_> = people
                .drain(..)
                .map(|(key, mut ws)| {
                    tokio::spawn(async move {
                        let seek = json!({"type": "seek", "key": key, "preset": "standard", "players": 2, "rated": true});
                        ws.send(Message::Text(seek.to_string().into())).await.unwrap();
                        next_of(&mut ws, "paired").await;
                        (key, ws)
                    })
                })
                .collect();
            for t in tasks {
                people.push(t.await.unwrap());
            }
            let secs = start.elapsed().as_secs_f64();
            let rate = (pairs * 2) as f64 / secs;
            println!(
                "round {}: {} seeks paired into {pairs} games in {secs:.3} s: {rate:.0} seeks a second",
                round + 1,
                pairs * 2
            );
            rates.push(rate);
        }
        rates.sort_by(f64::total_cmp);
        println!("median over {rounds} rounds: {:.0} seeks a second", rates[rates.len() / 2]);
    });
}
