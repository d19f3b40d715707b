//! A game's life on the server: every player may resign (RULES.md 8.7), a game nobody
//! moved in is aborted after the stated time (RULES.md 8.8), and a game whose people
//! have all been away stops counting against the caps and leaves memory, resumable by
//! its seats; so a place is held only while someone plays, and a school behind one
//! address never meets the caps in normal play.

mod common;

use std::time::{Duration, Instant};

use ashta_server::app::ServerConfig;
use common::{against_bots, to_move, two_humans, Client, Server};
use serde_json::{json, Value};

fn resign() -> Value {
    json!({"type": "resign"})
}

/// A game of `players` people.
fn people(players: usize) -> Value {
    let seats: Vec<Value> = (0..players)
        .map(|p| json!({"kind": "human", "name": format!("P{p}")}))
        .collect();
    json!({"rules": "standard", "players": players, "seats": seats})
}

fn id_of(created: &Value) -> String {
    created["id"].as_str().unwrap().to_string()
}

/// The next event of this kind (other messages skipped).
async fn event_of(c: &mut Client, kind: &str) -> Value {
    loop {
        let m = c.next_of("event").await;
        if m["event"]["kind"] == kind {
            return m["event"].clone();
        }
    }
}

/// Waits (up to 10 s) until `done` holds.
async fn eventually(what: &str, mut done: impl AsyncFnMut() -> bool) {
    let start = Instant::now();
    while !done().await {
        assert!(start.elapsed() < Duration::from_secs(10), "never: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn resigning_against_the_computer_ends_the_game_at_once_and_frees_its_place() {
    let (s, _dir) = Server::with(|c| {
        c.max_games_per_address = 1;
        c.bot_delay = Duration::from_secs(30);
    })
    .await;
    let created = s.create(against_bots(2)).await;
    let id = id_of(&created);
    let (status, body) = s.post("/api/games", &against_bots(1)).await;
    assert_eq!(status, 429, "the address's one place is taken: {body}");
    let (mut me, _) = s.join(&created, 0).await;
    me.send(resign()).await;
    let resigned = event_of(&mut me, "resign").await;
    assert_eq!(resigned["seat"], 0, "{resigned}");
    let end = event_of(&mut me, "finished").await;
    let places = end["result"]["places"].as_array().unwrap().clone();
    assert_eq!(places.len(), 3, "{end}");
    assert_eq!(places[2], 0, "the resigner is placed last: {end}");
    assert_ne!(end["result"]["winner"], 0, "{end}");
    let (record, _) = s.finished_record(&id).await;
    assert_eq!(record["resigned"], json!([0]), "{record}");
    let e = me.expect_error(resign()).await;
    assert_eq!(e["code"], "game_over", "{e}");
    // The place is free at once.
    s.create(against_bots(1)).await;
}

#[tokio::test]
async fn in_a_game_of_three_people_a_bot_plays_for_the_resigner_who_is_placed_last() {
    let (s, _dir) = Server::with(|c| c.away_timer = Duration::from_secs(60)).await;
    let created = s.create(people(3)).await;
    let id = id_of(&created);
    let (mut a, mut view) = s.join(&created, 0).await;
    let (mut b, _) = s.join(&created, 1).await;
    let (mut c, _) = s.join(&created, 2).await;
    let mut watcher = s.connect(&id, "").await;
    watcher.hello(0).await;
    let e = watcher.expect_error(resign()).await;
    assert_eq!(e["code"], "spectator", "{e}");
    b.send(resign()).await;
    let seen = event_of(&mut watcher, "resign").await;
    assert_eq!(seen["seat"], 1, "every client sees the resignation: {seen}");
    let e = b.expect_error(resign()).await;
    assert_eq!(e["code"], "cannot_resign", "{e}");
    // The game goes on: a bot plays seat 1's pawns, its events marked as a stand-in's.
    let started = Instant::now();
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no bot move for the resigner"
        );
        let m = a.next().await.expect("the socket stays open");
        view.apply(&m);
        if m["type"] != "event" {
            continue;
        }
        let e = &m["event"];
        assert_ne!(e["kind"], "finished", "the game ended first: {m}");
        if e["seat"] == 1 && e["kind"] == "move" {
            assert_eq!(e["stand_in"], "medium", "{m}");
            break;
        }
        // Act for the seat to move once the batch is over (its legal moves are known).
        match to_move(&view.position) {
            0 => a.send(view.action()).await,
            2 => c.send(view.action()).await,
            _ => {}
        }
    }
    // Seat 0 resigns too: only seat 2 is left who has not resigned, so the game ends,
    // the later resigner above the earlier.
    a.send(resign()).await;
    let end = event_of(&mut watcher, "finished").await;
    assert_eq!(end["result"]["places"], json!([2, 0, 1]), "{end}");
    assert_eq!(end["result"]["winner"], 2, "{end}");
    let (record, _) = s.finished_record(&id).await;
    assert_eq!(record["resigned"], json!([1, 0]), "{record}");
    // Loaded again from the store, it is the same end.
    drop((a, b, c, watcher));
    tokio::time::sleep(Duration::from_millis(100)).await;
    s.app.unload_idle();
    s.app.forget(&id);
    let snap = s.snapshot(&id).await;
    assert_eq!(snap["result"]["places"], json!([2, 0, 1]), "{snap}");
}

/// A game in which only throws were made, and one nobody touched, are aborted once the
/// stated time has passed since their creation; a game with a move is not. Each aborted
/// game is recorded `"aborted": true`, verifies, and frees its place.
#[tokio::test]
async fn a_game_nobody_moved_in_is_aborted_after_the_stated_time_and_frees_its_place() {
    let (s, _dir) = Server::with(|c| {
        c.abort_after = Duration::from_millis(1500);
        c.sweep_every = Duration::from_millis(100);
        c.suspend_after = Duration::from_secs(3600);
        c.max_games_per_address = 3;
    })
    .await;
    // A game with a move in it.
    let moved = s.create(against_bots(1)).await;
    let (mut me, mut view) = s.join(&moved, 0).await;
    loop {
        if to_move(&view.position) == 0 && view.finished.is_none() {
            me.send(view.action()).await;
        }
        let m = me.next_of("event").await;
        view.apply(&m);
        if m["event"]["kind"] == "move" {
            break;
        }
    }
    // A game with a throw only, and one nobody touched.
    let thrown = s.create(two_humans()).await;
    let (mut thrower, _) = s.join(&thrown, 0).await;
    thrower.send(json!({"type": "throw"})).await;
    event_of(&mut thrower, "throw").await;
    let untouched = s.create(two_humans()).await;
    let (status, _) = s.post("/api/games", &two_humans()).await;
    assert_eq!(status, 429, "the address has its three games");
    let end = event_of(&mut thrower, "finished").await;
    assert_eq!(end["result"]["draw"], "aborted", "{end}");
    assert!(end["result"]["winner"].is_null(), "{end}");
    for game in [&thrown, &untouched] {
        let id = id_of(game);
        eventually("the game is aborted", async || {
            s.snapshot(&id).await["status"] == "finished"
        })
        .await;
        let snap = s.snapshot(&id).await;
        assert_eq!(snap["result"]["draw"], "aborted", "{snap}");
        let (record, _) = s.finished_record(&id).await;
        assert_eq!(record["aborted"], true, "{record}");
        assert_eq!(record["result"]["draw"], "declared", "{record}");
    }
    assert_eq!(s.snapshot(&id_of(&moved)).await["status"], "playing");
    // Their places are free.
    s.create(two_humans()).await;
    s.create(two_humans()).await;
}

/// A game whose people have all left stops counting against the caps after the stated
/// time and leaves memory; it stays resumable, and counts again when a seat connects.
#[tokio::test]
async fn a_game_whose_people_are_all_away_is_suspended_and_resumed_by_its_seat() {
    let (s, _dir) = Server::with(|c| {
        c.suspend_after = Duration::from_millis(300);
        c.sweep_every = Duration::from_millis(100);
        c.abort_after = Duration::from_secs(3600);
        c.max_games_per_address = 1;
    })
    .await;
    let created = s.create(two_humans()).await;
    let id = id_of(&created);
    let (mut a, _) = s.join(&created, 0).await;
    a.send(json!({"type": "throw"})).await;
    event_of(&mut a, "throw").await;
    let (status, _) = s.post("/api/games", &two_humans()).await;
    assert_eq!(status, 429, "the address has its one game");
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert!(
        s.app.counts_against_caps(&id),
        "a game with a person there is never suspended"
    );
    drop(a);
    eventually("the game is suspended", async || {
        !s.app.counts_against_caps(&id)
    })
    .await;
    eventually("the suspended game leaves memory", async || {
        s.app.rooms_in_memory() == 0
    })
    .await;
    // The address may create a game now.
    let other = s.create(two_humans()).await;
    // The suspended game's seat comes back: it is there as it was, and counts again.
    let (mut a, view) = s.join(&created, 0).await;
    assert_eq!(view.version, 1);
    assert!(s.app.counts_against_caps(&id));
    a.send(json!({"type": "hello", "since": 1})).await;
    drop(other);
}

/// A school of 30 behind one address, each pupil playing the computer at once, never
/// meets a cap at the server's defaults.
#[tokio::test]
async fn a_school_of_30_behind_one_address_plays_30_games_at_once_at_the_defaults() {
    let defaults = ServerConfig::new("unused");
    let (s, _dir) = Server::with(|c| {
        c.max_games_per_address = defaults.max_games_per_address;
        c.max_connections_per_address = defaults.max_connections_per_address;
        c.network_share_percent = defaults.network_share_percent;
        c.network_creates_per_minute = defaults.network_creates_per_minute;
        c.actions_per_seat_per_second = defaults.actions_per_seat_per_second;
        c.actions_per_game_per_second = defaults.actions_per_game_per_second;
        c.bot_delay = Duration::from_secs(30);
    })
    .await;
    let mut pupils = Vec::new();
    for _ in 0..30 {
        let (status, created) = s.post("/api/games", &against_bots(1)).await;
        assert_eq!(status, 201, "{created}");
        let (mut c, view) = s.join(&created, 0).await;
        c.send(view.action()).await;
        pupils.push(c);
    }
    for c in &mut pupils {
        event_of(c, "throw").await;
    }
    assert_eq!(s.app.games_counted().0, 30);
}
