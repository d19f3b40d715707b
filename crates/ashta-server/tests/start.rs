//! Start and memory: a restart listens at once and loads each game in play when it is
//! first asked for (games of bots only resume by themselves), and a game nobody moved
//! in is aborted from the database without entering memory.

mod common;

use std::time::{Duration, Instant};

use common::{bots_only, two_humans, Server};
use serde_json::{json, Value};

fn id_of(created: &Value) -> String {
    created["id"].as_str().unwrap().to_string()
}

async fn eventually(what: &str, mut done: impl AsyncFnMut() -> bool) {
    let start = Instant::now();
    while !done().await {
        assert!(start.elapsed() < Duration::from_secs(20), "never: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_restart_counts_games_in_play_without_loading_them_and_loads_each_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let settings = |c: &mut ashta_server::ServerConfig| c.max_games_per_address = 2;
    let s = Server::start_in(dir.path(), settings).await;
    let (a, b) = (s.create(two_humans()).await, s.create(two_humans()).await);
    let (mut seat, _) = s.join(&a, 0).await;
    seat.send(json!({"type": "throw"})).await;
    seat.next_of("event").await;
    drop(seat);
    s.stop();

    let s = Server::start_in(dir.path(), settings).await;
    assert_eq!(s.app.rooms_in_memory(), 0, "nothing loaded at the start");
    assert_eq!(s.app.games_counted(), (2, 0), "both count against the caps");
    let (status, _) = s.post("/api/games", &two_humans()).await;
    assert_eq!(status, 429, "the address has its two games");
    // Asked for, a game loads as it was.
    let snap = s.snapshot(&id_of(&a)).await;
    assert_eq!(snap["version"], 1, "{snap}");
    assert_eq!(s.app.rooms_in_memory(), 1);
    let (_, view) = s.join(&b, 1).await;
    assert_eq!(view.version, 0);
    assert_eq!(s.app.rooms_in_memory(), 2);
}

#[tokio::test]
async fn a_restart_resumes_games_of_bots_only_by_themselves() {
    let dir = tempfile::tempdir().unwrap();
    let slow = |c: &mut ashta_server::ServerConfig| c.bot_delay = Duration::from_millis(300);
    let s = Server::start_in(dir.path(), slow).await;
    let id = id_of(&s.create(bots_only()).await);
    s.stop();
    let s = Server::start_in(dir.path(), slow).await;
    // Nobody asks for it: it is loaded by itself...
    eventually("the game of bots is loaded", async || {
        s.app.rooms_in_memory() == 1
    })
    .await;
    // ...and its bots play on.
    let version = s.snapshot(&id).await["version"].as_u64().unwrap();
    eventually("the bots play on", async || {
        s.snapshot(&id).await["version"].as_u64().unwrap() > version
            || s.snapshot(&id).await["status"] == "finished"
    })
    .await;
}

#[tokio::test]
async fn an_unmoved_game_out_of_memory_is_aborted_from_the_database_without_loading_it() {
    let (s, _dir) = Server::with(|c| c.abort_after = Duration::from_millis(200)).await;
    let created = s.create(two_humans()).await;
    let id = id_of(&created);
    let (mut seat, _) = s.join(&created, 0).await;
    seat.send(json!({"type": "throw"})).await;
    seat.next_of("event").await;
    drop(seat);
    eventually("the game leaves memory", async || {
        s.app.unload_idle();
        s.app.rooms_in_memory() == 0
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(s.app.abort_unmoved().await.unwrap(), 1);
    assert_eq!(s.app.rooms_in_memory(), 0, "aborted without being loaded");
    assert!(!s.app.counts_against_caps(&id), "its place is free");
    let snap = s.snapshot(&id).await;
    assert_eq!(snap["status"], "finished", "{snap}");
    assert_eq!(snap["result"]["draw"], "aborted", "{snap}");
    let (record, _) = s.finished_record(&id).await;
    assert_eq!(record["aborted"], true, "{record}");
}
