//! One client may not take every connection, every search place or every game of the
//! server. Every test client is on 127.0.0.1; "another
//! client" is 127.0.0.2 (the whole of 127/8 is loopback).

mod common;

use std::time::Duration;

use ashta_server::ServerConfig;
use common::{bots_only, client_from, two_humans, Server};
use serde_json::{json, Value};

/// Spectator sockets from one address must not hold every connection place (512 of
/// them did, and `GET /api/games` failed for everyone else): an address holds at most
/// its cap.
#[tokio::test]
async fn one_address_cannot_hold_every_connection() {
    let (s, _dir) = Server::with(|c| {
        c.max_connections = 100;
        c.max_connections_per_address = 8;
    })
    .await;
    // Created from the other address, whose connection reqwest keeps open.
    let created: Value = client_from([127, 0, 0, 2])
        .post(format!("{}/api/games", s.base))
        .json(&two_humans())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap();
    // Spectators need no token: eight are let in...
    let mut held = Vec::new();
    for _ in 0..8 {
        let mut spectator = s.connect(id, "").await;
        assert_eq!(spectator.hello(0).await["type"], "state");
        held.push(spectator);
    }
    // ...and the ninth is closed on arrival.
    let url = format!("{}/api/games/{id}/ws", s.ws_base);
    let ninth = tokio::time::timeout(
        Duration::from_secs(5),
        tokio_tungstenite::connect_async(url),
    )
    .await
    .expect("an answer in time");
    assert!(ninth.is_err(), "a ninth socket from one address is refused");
    // Another address is served.
    let r = client_from([127, 0, 0, 2])
        .get(format!("{}/api/games", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    // A socket closed gives its place back.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = s.connect(id, "").await;
    assert_eq!(again.hello(0).await["type"], "state");
}

#[tokio::test]
async fn hints_are_capped_per_network() {
    let (s, _dir) = Server::with(|c| c.hints_per_minute = 2).await;
    let created = s.create(common::against_bots(1)).await;
    let id = created["id"].as_str().unwrap();
    let path = format!("/api/games/{id}/hint?seat=0&token=00");
    for _ in 0..2 {
        let (status, _) = s.get(&path).await;
        assert_eq!(status, 403);
    }
    let (status, body) = s.get(&path).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["error"]["code"], "rate_limited");
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("2 hints in a minute"));
    // Another network still may.
    let r = client_from([127, 0, 1, 2])
        .get(format!("{}{path}", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 403);
}

/// Many games of `master` bots from one address must not take the server's memory and
/// every search place (58 took 14.6 GB). Games in play, and games of bots only, are capped per address and
/// server-wide.
#[tokio::test]
async fn games_in_play_are_capped_per_address_and_server_wide() {
    let (s, _dir) = Server::with(|c| {
        c.bot_delay = Duration::from_secs(30);
        c.max_games_per_address = 3;
        c.max_bot_games_per_address = 1;
        c.max_games = 4;
        c.max_bot_games = 10;
    })
    .await;
    s.create(bots_only()).await;
    let (status, body) = s.post("/api/games", &bots_only()).await;
    assert_eq!(status, 429, "{body}");
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("games of bots only"));
    s.create(two_humans()).await;
    s.create(two_humans()).await;
    let (status, body) = s.post("/api/games", &two_humans()).await;
    assert_eq!(status, 429, "{body}");
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("3 games in play"));
    // Another address may create one more: then the server is full.
    let other = client_from([127, 0, 0, 2]);
    let post = |body: Value| {
        other
            .post(format!("{}/api/games", s.base))
            .json(&body)
            .send()
    };
    assert_eq!(post(two_humans()).await.unwrap().status().as_u16(), 201);
    let r = post(two_humans()).await.unwrap();
    assert_eq!(r.status().as_u16(), 503);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["error"]["code"], "unavailable");
}

/// Games resumed after a restart count against their creator's caps again: the
/// creator's address is stored with each game.
#[tokio::test]
async fn resumed_games_count_against_their_creators_cap_after_a_restart() {
    let caps = |c: &mut ServerConfig| {
        c.max_games_per_address = 2;
        c.max_bot_games_per_address = 1;
        c.bot_delay = Duration::from_secs(30);
    };
    let (s, dir) = Server::with(caps).await;
    s.create(bots_only()).await;
    s.create(two_humans()).await;
    s.stop();
    // A new server on the same database: this address still has two games in play...
    let again = Server::start_in(dir.path(), caps).await;
    let (status, body) = again.post("/api/games", &two_humans()).await;
    assert_eq!(status, 429, "{body}");
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("2 games in play"));
    // ...and another address is not charged for them.
    let r = client_from([127, 0, 0, 2])
        .post(format!("{}/api/games", again.base))
        .json(&bots_only())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    drop(dir);
}

/// Names that rewrite a terminal or pass for another: bot seat names kept ESC, BEL, CR,
/// LF and NUL; human names took U+202E and zero-width spaces. Every name with one is refused, saying why.
#[tokio::test]
async fn names_with_control_bidi_or_invisible_characters_are_refused() {
    let s = Server::start().await;
    for (seat, name) in [
        (0, "Me\u{202E}nimda"),
        (0, "A\u{200B}sha"),
        (0, "x\u{2066}y"),
        (1, "bot\u{1b}[2J"),
        (1, "ding\u{7}"),
        (1, "two\r\nlines"),
        (1, "nul\u{0}"),
    ] {
        let mut seats = vec![
            json!({"kind": "human", "name": "Me"}),
            json!({"kind": "bot", "level": "random"}),
        ];
        seats[seat]["name"] = json!(name);
        let (status, body) = s
            .post("/api/games", &json!({"players": 2, "seats": seats}))
            .await;
        assert_eq!(status, 400, "{name:?}: {body}");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with(&format!("seats[{seat}].name: U+"))
                && message.contains("is not allowed in a name"),
            "{message}"
        );
    }
    let (_, list) = s.get("/api/games").await;
    assert_eq!(list["games"], json!([]));
}

/// A raw request with this Host (and Origin), and its status.
async fn status_for_host(s: &Server, method: &str, host: &str, origin: Option<&str>) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = s.base.trim_start_matches("http://");
    let mut c = tokio::net::TcpStream::connect(addr).await.unwrap();
    let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
    let body = two_humans().to_string();
    let request = format!(
        "{method} /api/games HTTP/1.1\r\nHost: {host}\r\n{origin}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
        if method == "POST" { body.len() } else { 0 },
        if method == "POST" { body.as_str() } else { "" },
    );
    c.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    c.read_to_string(&mut answer).await.unwrap();
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// DNS rebinding: `Origin: http://evil.test` with `Host: evil.test` passed the
/// same-site check. A host that is not the server's is refused.
#[tokio::test]
async fn a_host_that_is_not_the_servers_is_refused() {
    let s = Server::start().await;
    let own = s.base.trim_start_matches("http://").to_string();
    let port = own.rsplit_once(':').unwrap().1.to_string();
    assert_eq!(status_for_host(&s, "GET", &own, None).await, 200);
    assert_eq!(
        status_for_host(&s, "GET", &format!("localhost:{port}"), None).await,
        200
    );
    assert_eq!(status_for_host(&s, "GET", "evil.test", None).await, 403);
    assert_eq!(
        status_for_host(&s, "GET", &format!("evil.test:{port}"), None).await,
        403
    );
    let evil = Some("http://evil.test");
    assert_eq!(status_for_host(&s, "POST", "evil.test", evil).await, 403);
    let (_, list) = s.get("/api/games").await;
    assert_eq!(list["games"], json!([]));

    // With --public-origin, its name is answered too, and pages from it may act.
    let (public, _dir) =
        Server::with(|c| c.public_origin = Some("https://ashta.example".into())).await;
    let origin = Some("https://ashta.example");
    assert_eq!(
        status_for_host(&public, "POST", "ashta.example", origin).await,
        201
    );
    assert_eq!(
        status_for_host(&public, "POST", "evil.test", evil).await,
        403
    );
}
