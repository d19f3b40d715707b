//! The WebSocket protocol: playing games to the end against bots and between people,
//! spectators, reconnecting with `since`, undo, the turn timer, and every kind of bad
//! message getting an error that changes nothing.

mod common;

use std::time::Duration;

use ashta_server::room::RECENT_EVENTS;
use common::{against_bots, to_move, two_humans, Client, Server, View};
use futures_util::SinkExt;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// Acts for `seat` whenever it is to move until the game ends; returns the view.
async fn play_to_the_end(c: &mut Client, seat: u64) -> View {
    let state = c.hello(0).await;
    assert_eq!(state["type"], "state");
    assert_eq!(state["you"], seat);
    let mut view = View::of_state(&state);
    for _ in 0..20_000 {
        if view.finished.is_some() {
            return view;
        }
        if to_move(&view.position) == seat {
            c.send(view.action()).await;
        }
        let m = c.next().await.expect("socket open");
        view.apply(&m);
    }
    panic!("the game did not end");
}

fn check_reveal(snapshot: &Value) -> u64 {
    let reveal = &snapshot["reveal"];
    let seed = reveal["seed"].as_str().unwrap();
    let salt = reveal["salt"].as_str().unwrap();
    let digest = hex::encode(Sha256::digest(
        format!("ashta-seed:{seed}:{salt}").as_bytes(),
    ));
    assert_eq!(
        snapshot["commitment"], digest,
        "the commitment is SHA-256 of seed and salt"
    );
    seed.parse().unwrap()
}

#[tokio::test]
async fn a_human_plays_three_bots_to_the_end_and_the_record_verifies() {
    let s = Server::start().await;
    let created = s.create(against_bots(3)).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut c = s.seat(&created, 0).await;
    let view = play_to_the_end(&mut c, 0).await;
    let finished = view.finished.unwrap();
    assert!(finished["result"]["winner"].is_u64() || !finished["result"]["draw"].is_null());
    let snap = s.snapshot(&id).await;
    assert_eq!(snap["status"], "finished");
    assert_eq!(snap["version"], view.version);
    let seed = check_reveal(&snap);
    let (record, _) = s.finished_record(&id).await;
    assert_eq!(record["seed"], seed);
    let (_, list) = s.get("/api/games").await;
    assert_eq!(list["games"][0]["status"], "finished");
    assert_eq!(list["games"][0]["result"], snap["result"]);
}

#[tokio::test]
async fn two_people_play_each_other_while_a_spectator_sees_every_event() {
    let s = Server::start().await;
    let created = s.create(two_humans()).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut watcher = s.connect(&id, "").await;
    let state = watcher.hello(0).await;
    assert_eq!(state["you"], Value::Null);
    let mut a = s.seat(&created, 0).await;
    let mut b = s.seat(&created, 1).await;
    let (va, vb) = tokio::join!(play_to_the_end(&mut a, 0), play_to_the_end(&mut b, 1));
    assert_eq!(va.version, vb.version);
    let mut seen = View::of_state(&state);
    while seen.version < va.version {
        let m = watcher.next().await.unwrap();
        if m["type"] == "state" {
            // The watcher read nothing while the game was played: once it fell more
            // than the room's last events behind, it is sent the whole state instead.
            seen = View::of_state(&m);
        } else {
            seen.apply(&m);
        }
    }
    assert_eq!(seen.position, va.position);
    assert!(seen.finished.is_some());
    let err = watcher.expect_error(json!({"type": "throw"})).await;
    assert_eq!(err["code"], "spectator");
}

/// A game of two people, both connected and greeted: its id, their clients and seat
/// 0's view.
async fn two_people(s: &Server) -> (String, [Client; 2], View) {
    let created = s.create(two_humans()).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut players = [s.seat(&created, 0).await, s.seat(&created, 1).await];
    let view = View::of_state(&players[0].hello(0).await);
    players[1].hello(0).await;
    (id, players, view)
}

/// Two people play their first legal moves until the game reaches `version` or ends;
/// `view` is seat 0's.
async fn play_until(players: &mut [Client; 2], view: &mut View, version: u64) {
    while view.version < version && view.finished.is_none() {
        let seat = to_move(&view.position) as usize;
        players[seat].send(view.action()).await;
        let m = players[0].next().await.unwrap();
        view.apply(&m);
    }
}

#[tokio::test]
async fn a_client_that_reconnects_gets_what_it_missed() {
    let s = Server::start().await;
    let (id, mut players, mut view) = two_people(&s).await;
    play_until(&mut players, &mut view, 3).await;
    let version = s.snapshot(&id).await["version"].as_u64().unwrap();
    assert!(version >= 1);
    // A spectator that had version 0 gets each missed event in order.
    let mut late = s.connect(&id, "").await;
    late.send(json!({"type": "hello", "since": 0})).await;
    let state = late.next().await.unwrap();
    assert_eq!(state["type"], "state");
    assert_eq!(
        state["game"]["events"].as_array().unwrap().len() as u64,
        version
    );
    let mut again = s.connect(&id, "").await;
    again
        .send(json!({"type": "hello", "since": version - 1}))
        .await;
    let m = again.next().await.unwrap();
    assert_eq!(m["type"], "event");
    assert_eq!(m["event"]["version"], version);
    // Nothing more until something happens; then the next event arrives.
    again.send(json!({"type": "ping"})).await;
    assert_eq!(again.next().await.unwrap()["type"], "pong");
    // Up to date: no events, just the ones to come.
    let mut current = s.connect(&id, "").await;
    current
        .send(json!({"type": "hello", "since": version}))
        .await;
    current.send(json!({"type": "ping"})).await;
    assert_eq!(current.next().await.unwrap()["type"], "pong");
}

/// Events live on disk: a room keeps only its last events in memory, and a client
/// further behind gets the whole state, its events read back from the store.
#[tokio::test]
async fn a_game_keeps_only_its_last_events_in_memory_and_reads_the_rest_from_the_store() {
    let s = Server::start().await;
    let (id, mut players, mut view) = two_people(&s).await;
    let enough = RECENT_EVENTS as u64 + 10;
    play_until(&mut players, &mut view, enough).await;
    let version = view.version;
    assert!(version >= enough, "the game ended after {version} events");
    let room = s.app.room(&id).await.unwrap().unwrap();
    assert_eq!(room.lock().await.events_in_memory(), RECENT_EVENTS);
    // A client further behind than the room keeps gets the state with every event.
    let snapshot = s.snapshot(&id).await;
    let mut late = s.connect(&id, "").await;
    late.send(json!({"type": "hello", "since": 1})).await;
    let state = late.next().await.unwrap();
    assert_eq!(state["type"], "state");
    let events = state["game"]["events"].as_array().unwrap();
    let versions: Vec<u64> = events
        .iter()
        .map(|e| e["version"].as_u64().unwrap())
        .collect();
    assert_eq!(versions, (1..=version).collect::<Vec<_>>());
    assert_eq!(state["game"]["events"], snapshot["events"]);
    // One within them gets the events it missed from memory, in order.
    let mut near = s.connect(&id, "").await;
    near.send(json!({"type": "hello", "since": version - 5}))
        .await;
    for v in version - 4..=version {
        let m = near.next().await.unwrap();
        assert_eq!(m["type"], "event");
        assert_eq!(m["event"]["version"], v);
    }
}

/// The game's version and position, to check that a refused message changed nothing.
async fn state_of(s: &Server, id: &str) -> (Value, Value) {
    let snap = s.snapshot(id).await;
    (snap["version"].clone(), snap["position"].clone())
}

#[tokio::test]
async fn bad_messages_get_errors_and_change_nothing() {
    let s = Server::start().await;
    let created = s.create(two_humans()).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut a = s.seat(&created, 0).await;
    let mut b = s.seat(&created, 1).await;
    let mut watcher = s.connect(&id, "").await;
    let before = state_of(&s, &id).await;

    // Acting before hello.
    assert_eq!(
        a.expect_error(json!({"type": "throw"})).await["code"],
        "bad_message"
    );
    a.hello(0).await;
    b.hello(0).await;
    watcher.hello(0).await;
    for bad in [
        "not json".to_string(),
        "{\"type\": \"dance\"}".to_string(),
        "{\"type\": \"move\"}".to_string(),
        "{\"type\": \"move\", \"move\": {\"value\": \"three\", \"from\": 0}}".to_string(),
        format!("{{\"type\": \"ping\", \"pad\": \"{}\"}}", "x".repeat(5000)),
    ] {
        a.send_text(bad.clone()).await;
        let e = a.next_of("error").await;
        assert_eq!(e["code"], "bad_message", "{bad:.60}");
        assert!(!e["message"].as_str().unwrap().is_empty());
    }
    a.ws.send(tokio_tungstenite::tungstenite::Message::Binary(
        vec![1, 2, 3].into(),
    ))
    .await
    .unwrap();
    assert_eq!(a.next_of("error").await["code"], "bad_message");
    // Out of turn, wrong phase, spectators.
    assert_eq!(
        b.expect_error(json!({"type": "throw"})).await["code"],
        "not_your_turn"
    );
    let mv = json!({"type": "move", "move": {"value": 1, "from": 0}});
    assert_eq!(a.expect_error(mv.clone()).await["code"], "must_throw");
    assert_eq!(
        watcher.expect_error(json!({"type": "throw"})).await["code"],
        "spectator"
    );
    assert_eq!(
        a.expect_error(json!({"type": "undo"})).await["code"],
        "cannot_undo"
    );
    // The server's games are thrown from their seed: nothing is entered at the table.
    assert_eq!(
        a.expect_error(json!({"type": "enter", "mouths_up": 2}))
            .await["code"],
        "bad_message"
    );
    assert_eq!(
        a.expect_error(json!({"type": "take_back"})).await["code"],
        "bad_message"
    );
    assert_eq!(state_of(&s, &id).await, before);

    // Throw until seat 0 has values to move, then try illegal moves and a throw.
    let mut moving = None;
    for _ in 0..10 {
        a.send(json!({"type": "throw"})).await;
        let m = a.next_of("event").await;
        if m["must_throw"] == false && m["event"]["position"]["to_move"] == 0 {
            moving = Some(m);
            break;
        }
        if m["event"]["position"]["to_move"] != 0 {
            break;
        }
    }
    let Some(moving) = moving else {
        return; // the bag was forfeited: the rest needs a seat with values to move
    };
    let before = state_of(&s, &id).await;
    assert_eq!(
        a.expect_error(json!({"type": "throw"})).await["code"],
        "must_move"
    );
    for illegal in [
        json!({"value": 7, "from": 0}),
        json!({"value": moving["legal"][0]["value"], "from": 200}),
        json!({"value": moving["legal"][0]["value"], "from": -1}),
        json!({"value": moving["legal"][0]["value"], "from": moving["legal"][0]["from"], "count": 5}),
        json!({"value": moving["legal"][0]["value"], "from": moving["legal"][0]["from"], "to": 23}),
        json!({"value": moving["legal"][0]["value"], "from": moving["legal"][0]["from"], "path": [5, 6]}),
    ] {
        let e = a
            .expect_error(json!({"type": "move", "move": illegal}))
            .await;
        assert_eq!(e["code"], "illegal_move", "{illegal}");
    }
    assert_eq!(b.expect_error(mv).await["code"], "not_your_turn");
    assert_eq!(state_of(&s, &id).await, before);

    // Every legal move carries the path its unit takes, which the move event repeats; a
    // legal move sent back as listed (path and all) is played.
    let legal = moving["legal"].as_array().unwrap();
    for m in legal {
        let path = m["path"].as_array().unwrap();
        assert_eq!(path.first(), Some(&m["from"]), "{m}");
        assert_eq!(path.last().unwrap().as_i64(), m["to"].as_i64(), "{m}");
    }
    a.send(json!({"type": "move", "move": legal[0]})).await;
    let played = a.next_of("event").await;
    assert_eq!(played["event"]["kind"], "move");
    assert_eq!(played["event"]["path"], legal[0]["path"]);
}

#[tokio::test]
async fn wrong_tokens_and_unknown_games_are_refused_and_the_socket_closed() {
    let s = Server::start().await;
    let created = s.create(two_humans()).await;
    let id = created["id"].as_str().unwrap().to_string();
    let other_token = created["seats"][1]["token"].as_str().unwrap();
    for query in [
        format!("?seat=0&token={other_token}"),
        "?seat=0&token=00".to_string(),
        "?seat=0".to_string(),
        format!("?seat=9&token={other_token}"),
        format!("?seat=x&token={other_token}"),
    ] {
        let mut c = s.connect(&id, &query).await;
        let e = c.next().await.unwrap();
        assert_eq!(e["type"], "error");
        assert_eq!(e["code"], "bad_token", "{query}");
        assert!(c.next().await.is_none(), "the socket is closed");
    }
    let mut c = s.connect("0123456789ab", "").await;
    assert_eq!(c.next().await.unwrap()["code"], "not_found");
    assert!(c.next().await.is_none());
    let mut c = s.connect("nope", "").await;
    assert_eq!(c.next().await.unwrap()["code"], "not_found");
    assert_eq!(s.snapshot(&id).await["version"], 0);
}

#[tokio::test]
async fn more_than_twenty_messages_a_second_are_rate_limited() {
    let (s, _dir) = Server::with(|c| c.ws_messages_per_second = 20).await;
    let created = s.create(two_humans()).await;
    let mut a = s.seat(&created, 0).await;
    a.hello(0).await;
    for _ in 0..30 {
        a.send(json!({"type": "ping"})).await;
    }
    let mut pongs = 0;
    let mut limited = 0;
    for _ in 0..30 {
        match a.next().await.unwrap()["type"].as_str().unwrap() {
            "pong" => pongs += 1,
            "error" => limited += 1,
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!(pongs, 19, "hello and 19 pings pass in the first second");
    assert_eq!(limited, 11);
    tokio::time::sleep(Duration::from_millis(1100)).await;
    a.send(json!({"type": "ping"})).await;
    assert_eq!(a.next().await.unwrap()["type"], "pong");
}

#[tokio::test]
async fn undo_against_bots_takes_back_the_last_turn() {
    let s = Server::start().await;
    let created = s.create(against_bots(1)).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut c = s.seat(&created, 0).await;
    let state = c.hello(0).await;
    let mut view = View::of_state(&state);
    // Play until seat 0 has made a move and it is its turn again, or the game ends.
    let mut moved_position = None;
    for _ in 0..2000 {
        if view.finished.is_some() {
            return;
        }
        if to_move(&view.position) == 0 {
            if moved_position.is_some() && view.must_throw {
                break;
            }
            if view.must_throw {
                c.send(json!({"type": "throw"})).await;
            } else {
                if moved_position.is_none() {
                    moved_position = Some(view.position.clone());
                }
                c.send(view.first_move()).await;
            }
        }
        let m = c.next().await.unwrap();
        view.apply(&m);
    }
    let before_moves = moved_position.expect("seat 0 moved");
    c.send(json!({"type": "undo"})).await;
    let m = c.next().await.unwrap();
    assert_eq!(m["event"]["kind"], "undo");
    assert_eq!(m["event"]["seat"], 0);
    assert_eq!(
        m["event"]["position"], before_moves,
        "back to the bag as thrown"
    );
    assert_eq!(m["must_throw"], false);
    view.apply(&m);
    let snap = s.snapshot(&id).await;
    assert_eq!(snap["position"], before_moves);
}

#[tokio::test]
async fn the_turn_timer_plays_for_an_absent_player() {
    let s = Server::start().await;
    let mut body = two_humans();
    body["turn_timer_secs"] = json!(1);
    let created = s.create(body).await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut watcher = s.connect(&id, "").await;
    let state = watcher.hello(0).await;
    let deadline = state["game"]["turn_deadline"].as_i64().expect("a deadline");
    assert!(deadline > 0);
    let m = watcher.next_of("event").await;
    assert_eq!(m["event"]["kind"], "throw");
    assert_eq!(m["event"]["seat"], 0);
}
