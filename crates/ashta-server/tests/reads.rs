//! Reads and watchers: a snapshot is made once per state however many ask for it,
//! reads are limited per network, a flood of reconnects gives watchers a few presence
//! messages a second, spectators are refused before seated players when connections run
//! short, and past the cap on games in memory the least recently used idle ones leave.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{client_from, two_humans, Server};
use serde_json::{json, Value};

fn id_of(created: &Value) -> String {
    created["id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_snapshot_is_made_once_per_version_not_once_per_request() {
    let s = Server::start().await;
    let created = s.create(two_humans()).await;
    let id = id_of(&created);
    let room = s.app.room(&id).await.unwrap().unwrap();
    let history = s.app.config.max_history_bytes;
    let first = room.cached_snapshot(s.app.as_ref(), history).await.unwrap();
    let again = room.cached_snapshot(s.app.as_ref(), history).await.unwrap();
    assert!(
        Arc::ptr_eq(&first, &again),
        "the same state is not made twice"
    );
    // The HTTP answer is the cached one.
    let (status, body) = s.get(&format!("/api/games/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(
        body,
        serde_json::from_slice::<Value>(&first.json()).unwrap()
    );
    // A new event: a new snapshot.
    let (mut seat, _) = s.join(&created, 0).await;
    seat.send(json!({"type": "throw"})).await;
    seat.next_of("event").await;
    let after = room.cached_snapshot(s.app.as_ref(), history).await.unwrap();
    assert!(!Arc::ptr_eq(&first, &after));
    assert_eq!(after.version(), first.version() + 1);
}

#[tokio::test]
async fn a_read_flood_from_many_addresses_of_one_network_shares_its_limit() {
    // Two a second: a burst of ten.
    let (s, _dir) = Server::with(|c| c.reads_per_second = 2).await;
    let id = id_of(&s.create(two_humans()).await);
    let path = format!("{}/api/games/{id}", s.base);
    let get = |ip: [u8; 4]| {
        let path = path.clone();
        async move {
            client_from(ip)
                .get(path)
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }
    };
    for n in 0..10 {
        assert_eq!(get([127, 0, 41, 2 + n % 3]).await, 200, "read {n}");
    }
    assert_eq!(
        get([127, 0, 41, 9]).await,
        429,
        "the network's burst is spent"
    );
    assert_eq!(get([127, 0, 42, 2]).await, 200, "another network reads");
}

#[tokio::test]
async fn a_flood_of_reconnects_gives_watchers_a_few_presence_messages_a_second() {
    let s = Server::start().await;
    let created = s.create(two_humans()).await;
    let id = id_of(&created);
    let mut watcher = s.connect(&id, "").await;
    watcher.hello(0).await;
    let started = Instant::now();
    for _ in 0..40 {
        let seat = s.seat(&created, 0).await;
        drop(seat);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Every notice has had its time to come.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let elapsed = started.elapsed().as_secs_f64();
    let mut notices = Vec::new();
    while let Ok(Some(Ok(m))) = tokio::time::timeout(
        Duration::from_millis(300),
        futures_util::StreamExt::next(&mut watcher.ws),
    )
    .await
    {
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            let m: Value = serde_json::from_str(&t).unwrap();
            if m["type"] == "presence" && m["seat"] == 0 {
                notices.push(m);
            }
        }
    }
    // A burst of four, then two a second (and the one waiting at the end).
    let most = 4.0 + 2.0 * elapsed + 1.0;
    assert!(
        !notices.is_empty() && notices.len() as f64 <= most,
        "{} presence messages in {elapsed:.1} s for 80 comings and goings",
        notices.len()
    );
    // The last says what is true: the seat left.
    assert_eq!(notices.last().unwrap()["present"], false);
}

#[tokio::test]
async fn spectators_are_refused_before_seated_players_when_connections_run_short() {
    let (s, _dir) = Server::with(|c| {
        c.max_connections = 6;
        c.player_connection_reserve = 3;
    })
    .await;
    let created = s.create(two_humans()).await;
    let id = id_of(&created);
    let url = format!("{}/api/games/{id}/ws", s.ws_base);
    let mut spectators = Vec::new();
    let mut refused = false;
    for _ in 0..6 {
        match tokio_tungstenite::connect_async(&url).await {
            Ok((ws, _)) => spectators.push(ws),
            Err(_) => {
                refused = true;
                break;
            }
        }
    }
    assert!(refused, "a spectator is refused within the reserve");
    assert!(
        spectators.len() < 3,
        "{} spectators let in",
        spectators.len()
    );
    // The seated players still come in.
    let (mut a, _) = s.join(&created, 0).await;
    let (_b, _) = s.join(&created, 1).await;
    a.send(json!({"type": "throw"})).await;
    a.next_of("event").await;
}

#[tokio::test]
async fn past_the_cap_on_games_in_memory_the_least_recently_used_idle_games_leave() {
    let (s, _dir) = Server::with(|c| c.max_games_in_memory = 10).await;
    let mut ids = Vec::new();
    for _ in 0..10 {
        ids.push(id_of(&s.create(two_humans()).await));
        tokio::time::sleep(Duration::from_millis(3)).await;
    }
    assert_eq!(s.app.rooms_in_memory(), 10);
    // The first is asked for again: it is the most recently used but one.
    tokio::time::sleep(Duration::from_millis(3)).await;
    s.snapshot(&ids[0]).await;
    tokio::time::sleep(Duration::from_millis(3)).await;
    let newest = id_of(&s.create(two_humans()).await);
    // Down to nine tenths of the cap: the two least recently used left.
    assert_eq!(s.app.rooms_in_memory(), 9);
    assert!(s.app.in_memory(&ids[0]) && s.app.in_memory(&newest));
    assert!(!s.app.in_memory(&ids[1]) && !s.app.in_memory(&ids[2]));
    // They load again when asked for.
    assert_eq!(s.snapshot(&ids[1]).await["status"], "playing");
}
