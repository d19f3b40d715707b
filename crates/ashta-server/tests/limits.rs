//! What one seat, one game and one network may take of the server: a seat that acts
//! from many sockets is limited as one, undos are bounded, the history a client is sent
//! is bounded, a socket whose client stops reading is closed, a few addresses of one
//! network cannot take every connection or game place, and the database keeps within
//! its bound. Every test client is on loopback: 127.0.0.x is one /24 network, and
//! 127.0.1.x another.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use ashta_engine::DrawReason;
use common::{against_bots, bots_only, client_from, to_move, two_humans, Client, Server, View};
use serde_json::{json, Value};

/// Creates a game from `ip`: the status and the answer.
async fn create_from(s: &Server, ip: [u8; 4], body: &Value) -> (u16, Value) {
    let r = client_from(ip)
        .post(format!("{}/api/games", s.base))
        .json(body)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

/// Plays seat 0 of a game against bots until it has moved and may take the move back;
/// `false` if the game ended first.
async fn play_until_undoable(c: &mut Client, view: &mut View) -> bool {
    let mut moved = false;
    for _ in 0..4000 {
        if view.finished.is_some() {
            return false;
        }
        if to_move(&view.position) == 0 {
            if moved && view.must_throw {
                return true;
            }
            if view.must_throw {
                c.send(json!({"type": "throw"})).await;
            } else {
                moved = true;
                c.send(view.first_move()).await;
            }
        }
        let m = c.next().await.unwrap();
        view.apply(&m);
    }
    false
}

/// Every message a socket gets until it has been quiet for half a second.
async fn drain(c: &mut Client) -> Vec<Value> {
    use futures_util::StreamExt;
    let mut got = Vec::new();
    while let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_millis(500), c.ws.next()).await
    {
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            got.push(serde_json::from_str(&t).unwrap());
        }
    }
    got
}

/// Sixteen sockets on one seat added hundreds of events a second, the rate limit being
/// each connection's: now a seat's actions are counted together, whatever socket they
/// come from.
#[tokio::test]
async fn a_seat_acting_from_many_sockets_is_limited_as_one() {
    let (s, _dir) = Server::with(|c| c.actions_per_seat_per_second = 3).await;
    let created = s.create(two_humans()).await;
    let mut sockets = Vec::new();
    for _ in 0..3 {
        let mut c = s.seat(&created, 0).await;
        c.hello(0).await;
        sockets.push(c);
    }
    for c in &mut sockets {
        for _ in 0..3 {
            c.send(json!({"type": "throw"})).await;
        }
    }
    let mut limited = 0;
    for c in &mut sockets {
        for m in drain(c).await {
            if m["type"] == "error" && m["code"] == "rate_limited" {
                assert!(m["message"].as_str().unwrap().contains("this seat"), "{m}");
                limited += 1;
            }
        }
    }
    assert_eq!(limited, 6, "three of nine actions pass in one second");
}

/// Every socket of a game counts against its game's rate too.
#[tokio::test]
async fn a_games_seats_together_are_limited() {
    let (s, _dir) = Server::with(|c| c.actions_per_game_per_second = 2).await;
    let created = s.create(two_humans()).await;
    let mut a = s.seat(&created, 0).await;
    let mut b = s.seat(&created, 1).await;
    a.hello(0).await;
    b.hello(0).await;
    for _ in 0..2 {
        let e = b.expect_error(json!({"type": "throw"})).await;
        assert_eq!(e["code"], "not_your_turn", "{e}");
    }
    let m = a.expect_error(json!({"type": "throw"})).await;
    assert_eq!(m["code"], "rate_limited", "{m}");
    assert!(m["message"].as_str().unwrap().contains("this game"), "{m}");
}

/// Throw, move and undo in a loop grew a game without bound: a game has a budget of
/// undos, counted from its stored events.
#[tokio::test]
async fn a_game_has_a_budget_of_undos() {
    let (s, _dir) = Server::with(|c| c.max_undos_per_game = 1).await;
    let created = s.create(against_bots(1)).await;
    let mut c = s.seat(&created, 0).await;
    let mut view = View::of_state(&c.hello(0).await);
    if !play_until_undoable(&mut c, &mut view).await {
        return;
    }
    c.send(json!({"type": "undo"})).await;
    let m = c.next().await.unwrap();
    assert_eq!(m["event"]["kind"], "undo", "{m}");
    view.apply(&m);
    if !play_until_undoable(&mut c, &mut view).await {
        return;
    }
    let e = c.expect_error(json!({"type": "undo"})).await;
    assert_eq!(e["code"], "cannot_undo", "{e}");
    assert!(e["message"].as_str().unwrap().contains("undos"), "{e}");
    // After a reload the budget is still spent.
    let id = created["id"].as_str().unwrap();
    drop(c);
    tokio::time::sleep(Duration::from_millis(100)).await;
    s.app.unload_idle();
    s.app.forget(id);
    let mut c = s.seat(&created, 0).await;
    c.hello(0).await;
    let e = c.expect_error(json!({"type": "undo"})).await;
    assert_eq!(e["code"], "cannot_undo", "{e}");
}

/// Sixteen sockets were open on one seat: a seat has at most its number of connections.
#[tokio::test]
async fn a_seat_has_at_most_its_number_of_sockets() {
    let (s, _dir) = Server::with(|c| c.max_sockets_per_seat = 2).await;
    let created = s.create(two_humans()).await;
    let mut first = s.seat(&created, 0).await;
    first.hello(0).await;
    let mut second = s.seat(&created, 0).await;
    second.hello(0).await;
    let mut third = s.seat(&created, 0).await;
    let m = third.next().await.expect("an error");
    assert_eq!(m["code"], "rate_limited", "{m}");
    assert!(third.next().await.is_none(), "the third socket is closed");
    drop(first);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = s.seat(&created, 0).await;
    assert_eq!(again.hello(0).await["type"], "state");
}

/// Waits until a game of bots only has ended; returns its snapshot.
async fn finished(s: &Server, id: &str) -> Value {
    for _ in 0..600 {
        let snap = s.snapshot(id).await;
        if snap["status"] == "finished" {
            return snap;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the bots' game did not end");
}

/// A game's whole log went out on its GET and on `hello` since 0 (one response of 488
/// MB for a game of a million events): a snapshot and a `state` carry only the newest
/// events that fit the bound, and the rest are read in pages.
#[tokio::test]
async fn history_is_sent_in_bounded_pages() {
    const BOUND: usize = 4000;
    let (s, _dir) = Server::with(|c| c.max_history_bytes = BOUND).await;
    let created = s.create(bots_only()).await;
    let id = created["id"].as_str().unwrap();
    let snap = finished(&s, id).await;
    let version = snap["version"].as_u64().unwrap();
    let from = snap["events_from"].as_u64().unwrap();
    let events = snap["events"].as_array().unwrap();
    assert!(
        from > 1,
        "a whole game of bots does not fit in {BOUND} bytes"
    );
    assert_eq!(events.len() as u64, version - from + 1);
    assert_eq!(events.last().unwrap()["version"], version);
    let bytes: usize = events.iter().map(|e| e.to_string().len() + 1).sum();
    assert!(bytes <= BOUND, "{bytes} bytes of events");
    // The same in a `state` message.
    let mut spectator = s.connect(id, "").await;
    let state = spectator.hello(0).await;
    assert_eq!(state["game"]["events_from"], from);
    // The pages give every event once, in order.
    let mut after = 0;
    let mut seen = 0;
    for _ in 0..10_000 {
        let (status, page) = s
            .get(&format!("/api/games/{id}/events?after={after}"))
            .await;
        assert_eq!(status, 200, "{page}");
        let page_events = page["events"].as_array().unwrap();
        let bytes: usize = page_events.iter().map(|e| e.to_string().len() + 1).sum();
        assert!(bytes <= BOUND, "a page of {bytes} bytes");
        for e in page_events {
            seen += 1;
            assert_eq!(e["version"], seen, "events in order");
        }
        match page["next"].as_u64() {
            Some(next) => after = next,
            None => break,
        }
    }
    assert_eq!(seen, version);
    let (status, bad) = s.get(&format!("/api/games/{id}/events?after=x")).await;
    assert_eq!(status, 400, "{bad}");
}

/// Spectator sockets that never read kept the server's memory and stayed open past the
/// idle close: a socket whose client reads nothing for the send timeout is closed,
/// counted and logged.
#[tokio::test]
async fn a_socket_whose_client_stops_reading_is_closed() {
    let (s, _dir) = Server::with(|c| {
        c.ws_send_timeout = Duration::from_millis(500);
        c.max_history_bytes = 64 * 1024;
    })
    .await;
    let created = s.create(bots_only()).await;
    let id = created["id"].as_str().unwrap();
    finished(&s, id).await;
    // A client with a small receive buffer asks for the whole state again and again,
    // and reads none of it.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let addr: SocketAddr = s.base.trim_start_matches("http://").parse().unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let url = format!("{}/api/games/{id}/ws", s.ws_base);
    let (mut ws, _) = tokio_tungstenite::client_async(url, stream).await.unwrap();
    let hello = json!({"type": "hello", "since": 0}).to_string();
    for _ in 0..400 {
        use futures_util::SinkExt;
        let message = tokio_tungstenite::tungstenite::Message::Text(hello.clone().into());
        let sent = tokio::time::timeout(Duration::from_millis(200), ws.send(message)).await;
        if !matches!(sent, Ok(Ok(()))) {
            break;
        }
    }
    let mut closed = 0;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        closed = s
            .app
            .slow_readers_closed
            .load(std::sync::atomic::Ordering::Relaxed);
        if closed > 0 {
            break;
        }
    }
    assert_eq!(closed, 1, "the slow reader was closed");
    let (_, health) = s.get("/api/health").await;
    assert_eq!(health["slow_readers_closed"], 1, "{health}");
    drop(ws);
}

/// Eight addresses took all 512 connections: one network (a /24) holds at most its
/// share of the server's connections, and a client of another network still gets in.
#[tokio::test]
async fn one_network_cannot_hold_every_connection() {
    let (s, _dir) = Server::with(|c| {
        c.max_connections = 16;
        c.network_share_percent = 25;
    })
    .await;
    let addr: SocketAddr = s.base.trim_start_matches("http://").parse().unwrap();
    let connect_from = |ip: [u8; 4]| async move {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(SocketAddr::from((ip, 0))).unwrap();
        socket.connect(addr).await.unwrap()
    };
    // Four connections from four addresses of 127.0.0.0/24 are held open...
    let mut held = Vec::new();
    for last in 2..6 {
        held.push(connect_from([127, 0, 0, last]).await);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    // ...a fifth from that network is closed on arrival...
    let refused = client_from([127, 0, 0, 9])
        .get(format!("{}/api/health", s.base))
        .send()
        .await;
    assert!(
        refused.is_err(),
        "a fifth connection of the network is closed"
    );
    // ...and one from 127.0.1.0/24 is served.
    let served = client_from([127, 0, 1, 9])
        .get(format!("{}/api/health", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(served.status(), 200);
    drop(held);
}

/// 101 addresses filled the 2,000-game cap in under a second: one network holds at
/// most its share of the games in play (and of games of bots only), and creates at most
/// so many a minute, while another network still creates games.
#[tokio::test]
async fn one_network_cannot_take_every_game_place() {
    let (s, _dir) = Server::with(|c| {
        c.max_games = 8;
        c.max_bot_games = 8;
        c.network_share_percent = 25;
    })
    .await;
    for last in [2, 3] {
        let (status, body) = create_from(&s, [127, 0, 0, last], &two_humans()).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = create_from(&s, [127, 0, 0, 4], &two_humans()).await;
    assert_eq!(status, 429, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("network"),
        "{body}"
    );
    let (status, body) = create_from(&s, [127, 0, 1, 4], &two_humans()).await;
    assert_eq!(status, 201, "another network still creates: {body}");

    let (s, _dir) = Server::with(|c| c.network_creates_per_minute = 2).await;
    for last in [2, 3] {
        let (status, body) = create_from(&s, [127, 0, 0, last], &two_humans()).await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = create_from(&s, [127, 0, 0, 4], &two_humans()).await;
    assert_eq!(status, 429, "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("from this network"),
        "{body}"
    );
    let (status, _) = create_from(&s, [127, 0, 1, 4], &two_humans()).await;
    assert_eq!(status, 201);
}

/// The database grew about 400 MB an hour, retention counting games rather than bytes:
/// past its bound the oldest finished games are deleted, then games in play nobody is
/// at, and the server says what it deleted.
#[tokio::test]
async fn the_database_is_kept_within_its_bound() {
    let (s, _dir) = Server::with(|_| {}).await;
    let mut ids = Vec::new();
    for _ in 0..6 {
        let created = s.create(bots_only()).await;
        ids.push(created["id"].as_str().unwrap().to_string());
    }
    let mut updated = std::collections::HashMap::new();
    for id in &ids {
        let snap = finished(&s, id).await;
        updated.insert(id.clone(), snap["updated_at"].as_i64().unwrap());
    }
    let waiting = s.create(two_humans()).await;
    let waiting_id = waiting["id"].as_str().unwrap().to_string();
    let mut c = s.seat(&waiting, 0).await;
    c.hello(0).await;
    c.send(json!({"type": "throw"})).await;
    c.next_of("event").await;
    drop(c);
    tokio::time::sleep(Duration::from_millis(200)).await;
    s.app.unload_idle();
    let before = s.app.store.live_bytes().await.unwrap();
    // A bound a little below what the games take: the oldest finished games go.
    let mut config_bound = before - before / 4;
    let (_, health) = s.get("/api/health").await;
    assert!(
        health["db_live_bytes"].as_u64().unwrap() >= before / 2,
        "{health}"
    );
    // The app's bound is its settings'; this test asks the store directly with it, then
    // the app with a bound of nothing, so that games in play go too.
    let keep = std::collections::HashSet::new();
    let pruned = s
        .app
        .store
        .prune_to_size(ashta_server::store::SpaceRules::any(config_bound), &keep)
        .await
        .unwrap();
    assert!(!pruned.finished.is_empty(), "{pruned:?}");
    assert!(
        pruned.abandoned.is_empty(),
        "finished games go first: {pruned:?}"
    );
    assert!(pruned.live_bytes <= config_bound, "{pruned:?}");
    let newest_gone = pruned.finished.iter().map(|id| updated[id]).max().unwrap();
    for id in ids.iter().filter(|id| !pruned.finished.contains(id)) {
        assert!(updated[id] >= newest_gone, "the oldest go first");
    }
    config_bound = 1;
    let pruned = s
        .app
        .store
        .prune_to_size(ashta_server::store::SpaceRules::any(config_bound), &keep)
        .await
        .unwrap();
    assert!(pruned.abandoned.contains(&waiting_id), "{pruned:?}");
    let (status, _) = s.get(&format!("/api/games/{waiting_id}")).await;
    assert_eq!(status, 404);
}

/// The app applies its bound at each sweep and reports it in its health.
#[tokio::test]
async fn the_server_reports_what_it_deleted_for_space() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start_in(dir.path(), |_| {}).await;
    let created = s.create(bots_only()).await;
    let id = created["id"].as_str().unwrap().to_string();
    finished(&s, &id).await;
    s.stop();
    let s = Server::start_in(dir.path(), |c| {
        c.max_db_bytes = 1;
        c.finished_retention = Duration::ZERO;
    })
    .await;
    s.app.prune().await.unwrap();
    let (_, health) = s.get("/api/health").await;
    assert_eq!(health["pruned_for_space"]["finished"], 1, "{health}");
    assert_eq!(s.get(&format!("/api/games/{id}")).await.0, 404);
}

/// With the database past its bound, games kept in memory were never pruned and honest
/// games were deleted instead: a finished game younger than the retention and a game
/// in play acted in recently are never deleted for space; new games are refused, with
/// a message that says why, until space is free.
#[tokio::test]
async fn a_full_database_refuses_new_games_and_deletes_no_recent_game() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start_in(dir.path(), |_| {}).await;
    let done = s.create(bots_only()).await;
    let done_id = done["id"].as_str().unwrap().to_string();
    finished(&s, &done_id).await;
    let playing = s.create(two_humans()).await;
    let playing_id = playing["id"].as_str().unwrap().to_string();
    let mut c = s.seat(&playing, 0).await;
    c.hello(0).await;
    c.send(json!({"type": "throw"})).await;
    c.next_of("event").await;
    drop(c);
    s.stop();
    let s = Server::start_in(dir.path(), |c| c.max_db_bytes = 1).await;
    s.app.unload_idle();
    s.app.prune().await.unwrap();
    assert_eq!(s.get(&format!("/api/games/{done_id}")).await.0, 200);
    assert_eq!(s.get(&format!("/api/games/{playing_id}")).await.0, 200);
    let (status, body) = s.post("/api/games", &two_humans()).await;
    assert_eq!(status, 503, "{body}");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(message.contains("storage is full"), "{message}");
}

/// Two addresses added about 94 MB a minute: the games one network created may take
/// only its quota of bytes; past it that network's new games are refused, and another
/// network's are not.
#[tokio::test]
async fn a_network_past_its_storage_quota_cannot_create_and_another_can() {
    let (s, _dir) = Server::with(|c| {
        c.max_network_db_bytes = 2000;
        c.network_share_percent = 12;
    })
    .await;
    let (status, created) = create_from(&s, [127, 0, 0, 2], &bots_only()).await;
    assert_eq!(status, 201, "{created}");
    finished(&s, created["id"].as_str().unwrap()).await;
    // The quota is read again after a second.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (status, body) = create_from(&s, [127, 0, 0, 3], &two_humans()).await;
    assert_eq!(status, 429, "{body}");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(message.contains("quota"), "{message}");
    let (status, body) = create_from(&s, [127, 0, 1, 2], &two_humans()).await;
    assert_eq!(status, 201, "another network creates: {body}");
}

/// On large legal rules one game reached 27.5 MB within its bound on events: a game's
/// stored events are bounded in bytes too, the change that reaches it ending the game
/// as a draw with the reason `event limit`.
#[tokio::test]
async fn a_game_ends_when_its_stored_bytes_reach_their_bound() {
    const MAX: u64 = 6000;
    let (s, _dir) = Server::with(|c| c.max_game_bytes = MAX).await;
    let created = s.create(bots_only()).await;
    let id = created["id"].as_str().unwrap();
    let snap = finished(&s, id).await;
    assert_eq!(snap["result"]["draw"], "event limit", "{snap}");
    let (_, list) = s.get(&format!("/api/games/{id}/events?after=0")).await;
    let bytes: usize = list["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.to_string().len())
        .sum();
    assert!(bytes <= MAX as usize + 4000, "{bytes} bytes stored");
    let (_, game) = s.finished_record(id).await;
    assert_eq!(game.position().draw(), Some(DrawReason::Declared));
}

/// `application/jsonx` passed the check for a JSON body, matched by its beginning.
#[tokio::test]
async fn only_a_json_content_type_creates_a_game() {
    let (s, _dir) = Server::with(|_| {}).await;
    let r = s
        .http
        .post(format!("{}/api/games", s.base))
        .header("content-type", "application/jsonx")
        .body(two_humans().to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 415);
}

/// A game that never ends (seats that throw and move forever, within every rate) grew
/// its log without bound: a game has a bound on its events, and the event that reaches
/// it ends the game as a draw with the reason `event limit`, stored and sent, after
/// which no action is accepted. Its record replays and verifies, ending in the draw the
/// table declared.
#[tokio::test]
async fn a_game_ends_when_its_log_reaches_its_bound() {
    const MAX: u64 = 12;
    let (s, _dir) = Server::with(|c| c.max_events_per_game = MAX).await;
    let created = s.create(two_humans()).await;
    let id = created["id"].as_str().unwrap();
    let mut seats = [s.seat(&created, 0).await, s.seat(&created, 1).await];
    let mut view = View::of_state(&seats[0].hello(0).await);
    seats[1].hello(0).await;
    for _ in 0..MAX {
        if view.finished.is_some() {
            break;
        }
        let mover = to_move(&view.position) as usize;
        seats[mover].send(view.action()).await;
        for m in drain(&mut seats[0]).await {
            view.apply(&m);
        }
    }
    let end = view.finished.clone().expect("the game ended at its bound");
    assert_eq!(end["result"]["draw"], "event limit", "{end}");
    assert_eq!(end["version"], MAX, "{end}");
    assert!(end["reveal"]["seed"].is_string(), "{end}");
    let mover = to_move(&view.position) as usize;
    let e = seats[mover].expect_error(json!({"type": "throw"})).await;
    assert_eq!(e["code"], "game_over", "{e}");
    // Stored: the game is finished with its reason after a reload too.
    drop(seats);
    tokio::time::sleep(Duration::from_millis(100)).await;
    s.app.unload_idle();
    s.app.forget(id);
    let snap = s.snapshot(id).await;
    assert_eq!(snap["status"], "finished", "{snap}");
    assert_eq!(snap["version"], MAX, "{snap}");
    assert_eq!(snap["result"]["draw"], "event limit", "{snap}");
    let (_, list) = s
        .get(&format!("/api/games/{id}/events?after={}", MAX - 1))
        .await;
    assert_eq!(list["events"][0]["result"]["draw"], "event limit", "{list}");
    let (record, game) = s.finished_record(id).await;
    assert_eq!(record["result"]["draw"], "declared", "{record}");
    assert_eq!(game.position().draw(), Some(DrawReason::Declared));
}

/// The record of a game went out whole, however long the game: a record larger than
/// the server's bound is refused with `too_large`, naming the pages of events to read
/// instead, and one within it is sent whole.
#[tokio::test]
async fn a_record_larger_than_its_bound_is_refused() {
    const BOUND: usize = 3000;
    let (s, _dir) = Server::with(|c| c.max_record_bytes = BOUND).await;
    let created = s.create(bots_only()).await;
    let id = created["id"].as_str().unwrap();
    finished(&s, id).await;
    let (status, body) = s.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["error"]["code"], "too_large", "{body}");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(message.contains("/events?after=0"), "{message}");
    // A fresh game's record fits.
    let fresh = s.create(two_humans()).await;
    let fresh_id = fresh["id"].as_str().unwrap();
    let (status, record) = s.get(&format!("/api/games/{fresh_id}/record")).await;
    assert_eq!(status, 200, "{record}");
    assert!(record.to_string().len() <= BOUND);
}

/// 1,000 spectators that never read stayed open while the kernel grew each socket's
/// send buffer to megabytes: the server fixes its sockets' send buffer, so a client
/// that reads nothing, with the kernel's own receive buffer, is closed within seconds.
#[tokio::test]
async fn a_spectator_that_never_reads_is_closed_within_seconds_whatever_the_kernel_allows() {
    let (s, _dir) = Server::with(|c| {
        c.ws_send_timeout = Duration::from_millis(500);
    })
    .await;
    let created = s.create(bots_only()).await;
    let id = created["id"].as_str().unwrap();
    finished(&s, id).await;
    let url = format!("{}/api/games/{id}/ws", s.ws_base);
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let hello = json!({"type": "hello", "since": 0}).to_string();
    let started = std::time::Instant::now();
    let mut closed = 0;
    while started.elapsed() < Duration::from_secs(20) {
        use futures_util::SinkExt;
        let message = tokio_tungstenite::tungstenite::Message::Text(hello.clone().into());
        let _ = tokio::time::timeout(Duration::from_millis(50), ws.send(message)).await;
        closed = s
            .app
            .slow_readers_closed
            .load(std::sync::atomic::Ordering::Relaxed);
        if closed > 0 {
            break;
        }
    }
    assert_eq!(closed, 1, "the spectator that reads nothing is closed");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "closed after {:?}",
        started.elapsed()
    );
    drop(ws);
}
