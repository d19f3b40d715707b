//! Attacks on `ashta serve`, each refused: commands through bot levels, requests from
//! other sites, rules that make endless bags, bot budgets set by the client, idle
//! connections, and games nobody plays.

mod common;

use std::time::{Duration, Instant};

use ashta_server::store::{GameRow, Store};
use ashta_server::{now_ms, secret};
use common::{test_config, two_humans, Server};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A file the attacks try to create; it must never exist.
fn canary(dir: &std::path::Path) -> std::path::PathBuf {
    dir.join("pwned")
}

async fn assert_nothing_created(s: &Server) {
    let (status, list) = s.get("/api/games").await;
    assert_eq!(status, 200, "the server still answers");
    assert_eq!(list["games"], json!([]), "no game was created");
}

#[tokio::test]
async fn a_bot_level_cannot_run_a_command_on_the_host() {
    let s = Server::start().await;
    let dir = tempfile::tempdir().unwrap();
    let file = canary(dir.path());
    for level in [
        format!("engine:sh -c \"touch {}\"", file.display()),
        format!("engine:touch {}", file.display()),
        "engine:sh -c \"id >&2\"".to_string(),
    ] {
        let body =
            json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": level}]});
        let (status, answer) = s.post("/api/games", &body).await;
        assert_eq!(status, 400, "{answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("seats[1].level") && message.contains("not a level"),
            "{message}"
        );
        assert!(
            !message.contains("uid="),
            "the command's output leaked: {message}"
        );
    }
    assert!(!file.exists(), "a command ran");
    assert_nothing_created(&s).await;
}

#[tokio::test]
async fn a_stored_engine_level_plays_as_the_fallback_bot_and_runs_nothing() {
    // A game stored by an older server that still let a client name an engine.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.sqlite");
    let file = canary(dir.path());
    let (seed, salt) = (7u64, "00ff".to_string());
    let config = json!({
        "rules": {"preset": "standard", "size": 5, "players": 2},
        "seats": [
            {"kind": "bot", "level": format!("engine:touch {}", file.display())},
            {"kind": "human", "token": "ab".repeat(16)}
        ],
        "turn_timer_secs": null
    });
    let id = "0123456789ab".to_string();
    {
        let store = Store::open(&db).unwrap();
        store
            .create(GameRow {
                id: id.clone(),
                created_at: now_ms(),
                updated_at: now_ms(),
                status: "playing".into(),
                config: config.to_string(),
                seed: seed.to_string(),
                commitment: secret::commitment(seed, &salt),
                salt,
                version: 0,
                result: None,
                creator: None,
            })
            .await
            .unwrap();
    }
    let s = Server::start_with(test_config(db)).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let snap = s.snapshot(&id).await;
        if snap["position"]["to_move"] == 1 || snap["status"] == "finished" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the bot seat never played: {snap}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(!file.exists(), "the stored command ran");
}

#[tokio::test]
async fn requests_from_other_sites_and_bodies_not_sent_as_json_change_nothing() {
    let s = Server::start().await;
    let body = two_humans().to_string();
    let post = |origin: Option<&str>, content_type: &str| {
        let mut r = s
            .http
            .post(format!("{}/api/games", s.base))
            .header("content-type", content_type)
            .body(body.clone());
        if let Some(o) = origin {
            r = r.header("origin", o);
        }
        r.send()
    };
    let r = post(Some("http://evil.test"), "application/json")
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    let answer: Value = r.json().await.unwrap();
    assert_eq!(answer["error"]["code"], "forbidden");
    // A page elsewhere may post text/plain without asking first.
    let r = post(None, "text/plain").await.unwrap();
    assert_eq!(r.status(), 415);
    let r = post(Some("http://evil.test"), "text/plain").await.unwrap();
    assert_eq!(r.status(), 403);
    assert_nothing_created(&s).await;
    // The server's own page may.
    let own = s.base.clone();
    let r = post(Some(&own), "application/json").await.unwrap();
    assert_eq!(r.status(), 201);
}

#[tokio::test]
async fn rules_that_throw_grace_after_grace_are_refused_and_the_server_lives() {
    let s = Server::start().await;
    // The reported 667-byte request: fifteen cowries nearly always up, faces 1 and 2
    // graces, sixteen pawns a side.
    let mut faces: Vec<Value> = (1..15)
        .map(|u| json!({"value": u, "grace": u <= 2}))
        .collect();
    faces.insert(0, json!({"value": 30, "grace": true}));
    faces.push(json!({"value": 15, "grace": true}));
    let body = json!({
        "rules": {"preset": "standard", "pawns": 16, "cowries": 15, "mouth_up": 0.99, "throws": faces},
        "size": 9, "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "master"}]
    });
    let (status, answer) = s.post("/api/games", &body).await;
    assert_eq!(status, 400, "{answer}");
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("rules:") && message.contains("grace"),
        "{message}"
    );
    assert_nothing_created(&s).await;
}

#[tokio::test]
async fn a_client_cannot_set_a_bot_budget() {
    let s = Server::start().await;
    for level in [
        "expecti:time=1e12",
        "mcts:time=1e300",
        "master:sims=100000000",
        "medium ",
    ] {
        let body =
            json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": level}]});
        let (status, answer) = s.post("/api/games", &body).await;
        assert_eq!(status, 400, "{level}: {answer}");
        assert!(answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("seats[1].level"));
    }
    assert_nothing_created(&s).await;
}

/// Whether the server closes this connection (read gives end of file) within `wait`.
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buf = [0u8; 256];
    matches!(
        tokio::time::timeout(wait, stream.read(&mut buf)).await,
        Ok(Ok(0)) | Ok(Err(_))
    )
}

#[tokio::test]
async fn idle_and_slow_connections_are_closed_and_their_number_is_capped() {
    let (s, _dir) = Server::with(|c| {
        c.header_timeout = Duration::from_millis(300);
        c.max_connections = 20;
    })
    .await;
    let addr = s.base.trim_start_matches("http://").to_string();

    // An idle connection and one that sends half a request are both closed.
    let mut idle = TcpStream::connect(&addr).await.unwrap();
    let mut slow = TcpStream::connect(&addr).await.unwrap();
    slow.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    assert!(
        closed_within(&mut idle, Duration::from_secs(5)).await,
        "idle stays open"
    );
    assert!(
        closed_within(&mut slow, Duration::from_secs(5)).await,
        "slow stays open"
    );

    // 300 half-open connections: those over the cap are closed at once, the rest when
    // their headers are late, and the server answers again.
    let mut held = Vec::new();
    for _ in 0..300 {
        if let Ok(c) = TcpStream::connect(&addr).await {
            held.push(c);
        }
    }
    let mut refused = 0;
    for c in held.iter_mut().skip(20) {
        if closed_within(c, Duration::from_millis(200)).await {
            refused += 1;
        }
    }
    assert!(
        refused >= 250,
        "only {refused} connections over the cap were closed"
    );
    tokio::time::sleep(Duration::from_millis(600)).await;
    let (status, _) = s.get("/api/games").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn a_websocket_that_says_nothing_is_closed() {
    let (s, _dir) = Server::with(|c| c.ws_idle = Duration::from_millis(300)).await;
    let created = s.create(two_humans()).await;
    let mut talking = s.seat(&created, 0).await;
    talking.hello(0).await;
    let mut silent = s.seat(&created, 1).await;
    silent.hello(0).await;
    let started = Instant::now();
    for _ in 0..6 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        talking.send(json!({"type": "ping"})).await;
        assert_eq!(talking.next_of("pong").await["type"], "pong");
    }
    assert!(silent.next().await.is_none(), "the silent socket is closed");
    assert!(started.elapsed() < Duration::from_secs(5));
    // The one that pings is still served.
    talking.send(json!({"type": "ping"})).await;
    assert_eq!(talking.next_of("pong").await["type"], "pong");
}

#[tokio::test]
async fn a_game_nobody_played_in_expires() {
    let dir = tempfile::tempdir().unwrap();
    let (unplayed, played) = Server::start_in(dir.path(), |_| {})
        .await
        .unplayed_and_played()
        .await;
    let s = Server::start_in(dir.path(), |c| c.unplayed_expiry = Duration::ZERO).await;
    let (status, _) = s.get(&format!("/api/games/{unplayed}")).await;
    assert_eq!(status, 404, "the unplayed game is gone");
    let (status, _) = s.get(&format!("/api/games/{played}")).await;
    assert_eq!(status, 200, "the game with a throw stays");
    let (_, list) = s.get("/api/games").await;
    let ids: Vec<&str> = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, vec![played.as_str()]);
}

/// A request with no Host header was served: every request must name its host.
#[tokio::test]
async fn a_request_without_a_host_is_refused() {
    let s = Server::start().await;
    let addr = s.base.trim_start_matches("http://").to_string();
    let mut c = TcpStream::connect(&addr).await.unwrap();
    c.write_all(b"GET /api/health HTTP/1.0\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    let _ = tokio::time::timeout(Duration::from_secs(5), c.read_to_string(&mut answer)).await;
    assert!(
        answer.starts_with("HTTP/1.0 400") || answer.starts_with("HTTP/1.1 400"),
        "{answer}"
    );
    assert!(answer.contains("Host"), "{answer}");
}
