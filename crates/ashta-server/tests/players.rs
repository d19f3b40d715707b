//! Players: a name made once with a secret key (stored hashed), unique as look-alike
//! names fold, moved to another device with a transfer code; every endpoint's bad
//! input refused with a clear 4xx and nothing stored; older databases load.

mod common;

use ashta_server::people::store::{PlayerStore, Seated};
use common::{client_from, Server};
use serde_json::{json, Value};

async fn send(
    server: &Server,
    method: reqwest::Method,
    path: &str,
    key: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut r = server
        .http
        .request(method, format!("{}{path}", server.base));
    if let Some(key) = key {
        r = r.header("authorization", format!("Bearer {key}"));
    }
    if let Some(body) = body {
        r = r.json(&body);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

fn player_count(db: &std::path::Path) -> usize {
    PlayerStore::open(db)
        .unwrap()
        .list_players(1000)
        .unwrap()
        .len()
}

#[tokio::test]
async fn a_name_is_made_once_with_a_key_that_is_stored_hashed() {
    let server = Server::start().await;
    let (status, made) = server
        .post("/api/players", &json!({"name": " Ravi "}))
        .await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["name"], "Ravi");
    let key = made["key"].as_str().unwrap().to_string();
    assert_eq!(key.len(), 32);
    let (status, me) = send(
        &server,
        reqwest::Method::GET,
        "/api/players/me",
        Some(&key),
        None,
    )
    .await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["player"]["name"], "Ravi");
    // The file holds the key's hash, never the key.
    let bytes = std::fs::read(&server.db).unwrap();
    let wal = std::fs::read(format!("{}-wal", server.db.display())).unwrap_or_default();
    let has = |b: &[u8]| b.windows(key.len()).any(|w| w == key.as_bytes());
    assert!(!has(&bytes) && !has(&wal), "the key is stored in the clear");
}

#[tokio::test]
async fn names_are_unique_as_look_alikes_fold() {
    let server = Server::start().await;
    assert_eq!(
        server
            .post("/api/players", &json!({"name": "Ravi"}))
            .await
            .0,
        201
    );
    for taken in ["ravi", "RAVI", "R\u{0430}vi"] {
        let (status, body) = server.post("/api/players", &json!({"name": taken})).await;
        assert_eq!(status, 409, "{taken}: {body}");
        assert_eq!(body["error"]["code"], "conflict");
    }
    assert_eq!(player_count(&server.db), 1);
}

#[tokio::test]
async fn a_bad_name_is_refused_and_nothing_is_stored() {
    let server = Server::start().await;
    let cases = [
        (json!({"name": "a"}), 400, "2 to 20"),
        (json!({"name": "ab\u{202E}cd"}), 400, "U+202E"),
        (json!({"name": "x<script>"}), 400, "not allowed"),
        (json!({"name": 5}), 400, "name"),
        (json!({}), 400, "name"),
        (json!({"name": "Ravi", "admin": true}), 400, "admin"),
    ];
    for (body, code, says) in cases {
        let (status, answer) = server.post("/api/players", &body).await;
        assert_eq!(status, code, "{body}: {answer}");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{body}: {message}");
    }
    let (status, _) = server
        .post_raw("/api/players", b"{\"name\":".to_vec())
        .await;
    assert_eq!(status, 400);
    let r = server
        .http
        .post(format!("{}/api/players", server.base))
        .header("content-type", "text/plain")
        .body("{\"name\":\"Ravi\"}")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 415);
    assert_eq!(player_count(&server.db), 0);
}

#[tokio::test]
async fn a_network_makes_only_its_share_of_names_a_day() {
    let (server, _dir) = Server::with(|c| c.names_per_network_per_day = 2).await;
    assert_eq!(
        server.post("/api/players", &json!({"name": "one"})).await.0,
        201
    );
    assert_eq!(
        server.post("/api/players", &json!({"name": "two"})).await.0,
        201
    );
    let (status, body) = server.post("/api/players", &json!({"name": "three"})).await;
    assert_eq!(status, 429, "{body}");
    // Another network still may.
    let other = client_from([127, 0, 9, 1]);
    let r = other
        .post(format!("{}/api/players", server.base))
        .json(&json!({"name": "three"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    assert_eq!(player_count(&server.db), 3);
}

#[tokio::test]
async fn a_banned_network_makes_no_name() {
    let server = Server::start().await;
    server
        .app
        .players
        .ban_network("127.0.0.0", true, 0)
        .unwrap();
    let (status, body) = server.post("/api/players", &json!({"name": "Ravi"})).await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(player_count(&server.db), 0);
}

#[tokio::test]
async fn a_key_is_needed_and_a_wrong_one_is_refused() {
    let server = Server::start().await;
    let (status, body) = send(&server, reqwest::Method::GET, "/api/players/me", None, None).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (401, Some("unauthorized"))
    );
    let (status, _) = send(
        &server,
        reqwest::Method::GET,
        "/api/players/me",
        Some("00ff"),
        None,
    )
    .await;
    assert_eq!(status, 401);
    let (status, _) = send(
        &server,
        reqwest::Method::POST,
        "/api/players/me/transfer",
        Some("00ff"),
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn a_transfer_code_moves_the_name_and_the_old_key_stops_working() {
    let server = Server::start().await;
    let (_, made) = server.post("/api/players", &json!({"name": "Lata"})).await;
    let old = made["key"].as_str().unwrap().to_string();
    let (status, body) = send(
        &server,
        reqwest::Method::POST,
        "/api/players/me/transfer",
        Some(&old),
        Some(json!({"extra": 1})),
    )
    .await;
    assert_eq!(status, 400, "a transfer takes an empty object: {body}");
    let (status, transfer) = send(
        &server,
        reqwest::Method::POST,
        "/api/players/me/transfer",
        Some(&old),
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 200, "{transfer}");
    let code = transfer["code"].as_str().unwrap().to_string();
    assert_eq!(transfer["link"], format!("/?claim={code}"));
    for (body, want) in [
        (json!({"code": "nothex"}), 400),
        (json!({"code": "0123456789abcdef"}), 404),
        (json!({}), 400),
    ] {
        let (status, answer) = server.post("/api/players/claim", &body).await;
        assert_eq!(status, want, "{body}: {answer}");
    }
    let (status, moved) = server
        .post("/api/players/claim", &json!({"code": code}))
        .await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["name"], "Lata");
    let new = moved["key"].as_str().unwrap();
    assert_ne!(new, old);
    assert_eq!(
        send(
            &server,
            reqwest::Method::GET,
            "/api/players/me",
            Some(&old),
            None
        )
        .await
        .0,
        401
    );
    assert_eq!(
        send(
            &server,
            reqwest::Method::GET,
            "/api/players/me",
            Some(new),
            None
        )
        .await
        .0,
        200
    );
    // A code works once.
    assert_eq!(
        server
            .post("/api/players/claim", &json!({"code": code}))
            .await
            .0,
        404
    );
}

#[test]
fn an_expired_transfer_code_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let store = PlayerStore::open(&dir.path().join("db.sqlite")).unwrap();
    let made = store.create_player("Lata", "10.0.0.0", 10, 1_000).unwrap();
    let (code, until) = store.start_transfer(made.player.id, 1_000).unwrap();
    assert!(store.claim(&code, until).is_err());
    assert!(store.by_key(&made.key).unwrap().is_some());
}

#[tokio::test]
async fn unknown_players_pools_and_games_are_not_found() {
    let server = Server::start().await;
    assert_eq!(server.get("/api/players/nobody").await.0, 404);
    assert_eq!(server.get("/api/leaderboard/standard-9p").await.0, 404);
    assert_eq!(server.get("/api/leaderboard/whatever").await.0, 404);
    assert_eq!(server.get("/api/games/zz/ratings").await.0, 404);
    let (status, body) = server.get("/api/leaderboard").await;
    assert_eq!(
        (status, body["pools"].as_array().map(Vec::len)),
        (200, Some(0))
    );
}

/// A database made by a server before the community tables (and before the games'
/// `creator` and `bytes` columns) loads: its games are served, and names can be made.
#[tokio::test]
async fn a_database_from_before_players_loads_with_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("test.sqlite");
    {
        let c = rusqlite::Connection::open(&db).unwrap();
        c.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
               status TEXT NOT NULL, config TEXT NOT NULL, seed TEXT NOT NULL, salt TEXT NOT NULL,
               commitment TEXT NOT NULL, version INTEGER NOT NULL, result TEXT);
             CREATE TABLE events (id INTEGER PRIMARY KEY, game_id TEXT NOT NULL, version INTEGER NOT NULL, event TEXT NOT NULL);
             INSERT INTO games VALUES ('0123456789ab', 1, 1, 'finished', '{}', '1', 'aa', 'cc', 0, NULL);",
        )
        .unwrap();
    }
    let server = Server::start_in(dir.path(), |_| {}).await;
    let store = PlayerStore::open(&db).unwrap();
    assert_eq!(store.list_games(10).unwrap()[0].id, "0123456789ab");
    let (status, _) = server.post("/api/players", &json!({"name": "Ravi"})).await;
    assert_eq!(status, 201);
    let c = rusqlite::Connection::open(&db).unwrap();
    let version: i64 = c
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, ashta_server::people::store::SCHEMA_VERSION);
}

fn two_players(store: &PlayerStore, nets: [&str; 2]) -> [i64; 2] {
    let a = store
        .create_player("Asha", nets[0], 10, 0)
        .unwrap()
        .player
        .id;
    let b = store
        .create_player("Bala", nets[1], 10, 0)
        .unwrap()
        .player
        .id;
    [a, b]
}

fn seat(seat: u8, player_id: i64, network: &str) -> Seated {
    Seated {
        seat,
        player_id,
        network: network.into(),
    }
}

#[test]
fn a_game_between_named_players_of_two_networks_is_rated_and_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let store = PlayerStore::open(&dir.path().join("db.sqlite")).unwrap();
    let [a, b] = two_players(&store, ["10.0.0.0", "10.0.1.0"]);
    let seats = [seat(0, a, "10.0.0.0"), seat(1, b, "10.0.1.0")];
    assert!(store
        .seat_players("g1", "standard-2p", 2, true, &seats, 5)
        .unwrap());
    let changes = store
        .finish_game("g1", &[(0, 1), (1, 2)], true, 10)
        .unwrap();
    assert_eq!(changes.len(), 2);
    assert!(changes[0].after > 1500.0 && changes[1].after < 1500.0);
    assert!(changes[0].provisional);
    // Once only.
    assert!(store
        .finish_game("g1", &[(0, 1), (1, 2)], true, 11)
        .unwrap()
        .is_empty());
    assert_eq!(store.changes_of_game("g1").unwrap(), changes);
    let page = store.player_page("asha", 10).unwrap();
    assert_eq!(page.ratings[0].games, 1);
    assert_eq!(page.history.len(), 1);
    assert_eq!(page.games[0].opponents[0].name, "Bala");
    assert_eq!(page.games[0].place, Some(1));
    let board = store.leaderboard("standard-2p", 0, 10).unwrap();
    assert_eq!(board[0].name, "Asha");
    assert_eq!(board.len(), 2);
}

#[test]
fn an_aborted_game_is_not_rated() {
    let dir = tempfile::tempdir().unwrap();
    let store = PlayerStore::open(&dir.path().join("db.sqlite")).unwrap();
    let [a, b] = two_players(&store, ["10.0.0.0", "10.0.1.0"]);
    let seats = [seat(0, a, "10.0.0.0"), seat(1, b, "10.0.1.0")];
    assert!(store
        .seat_players("g1", "standard-2p", 2, true, &seats, 5)
        .unwrap());
    assert!(store
        .finish_game("g1", &[(0, 1), (1, 1)], false, 10)
        .unwrap()
        .is_empty());
    assert!(store.player_page("Asha", 10).unwrap().ratings.is_empty());
}

#[test]
fn a_game_with_a_bot_is_not_rated() {
    let dir = tempfile::tempdir().unwrap();
    let store = PlayerStore::open(&dir.path().join("db.sqlite")).unwrap();
    let [a, b] = two_players(&store, ["10.0.0.0", "10.0.1.0"]);
    // Four seats, two of them bots.
    let seats = [seat(0, a, "10.0.0.0"), seat(2, b, "10.0.1.0")];
    assert!(!store
        .seat_players("g1", "standard-4p", 4, true, &seats, 5)
        .unwrap());
    assert!(store
        .finish_game("g1", &[(0, 1), (1, 2), (2, 3), (3, 4)], true, 9)
        .unwrap()
        .is_empty());
    assert_eq!(
        store.player_page("Bala", 10).unwrap().games[0].place,
        Some(3)
    );
}

#[test]
fn a_second_name_from_the_same_network_gets_no_rated_game_with_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let store = PlayerStore::open(&dir.path().join("db.sqlite")).unwrap();
    let [a, b] = two_players(&store, ["10.0.0.0", "10.0.0.0"]);
    let seats = [seat(0, a, "10.0.0.0"), seat(1, b, "10.0.0.0")];
    assert!(!store
        .seat_players("g1", "standard-2p", 2, true, &seats, 5)
        .unwrap());
    assert!(store
        .finish_game("g1", &[(0, 1), (1, 2)], true, 9)
        .unwrap()
        .is_empty());
    // Nor one player in two seats.
    let seats = [seat(0, a, "10.0.0.0"), seat(1, a, "10.0.5.0")];
    assert!(!store
        .seat_players("g2", "standard-2p", 2, true, &seats, 5)
        .unwrap());
}

#[test]
fn a_casual_game_is_not_rated() {
    let dir = tempfile::tempdir().unwrap();
    let store = PlayerStore::open(&dir.path().join("db.sqlite")).unwrap();
    let [a, b] = two_players(&store, ["10.0.0.0", "10.0.1.0"]);
    let seats = [seat(0, a, "10.0.0.0"), seat(1, b, "10.0.1.0")];
    assert!(!store
        .seat_players("g1", "standard-2p", 2, false, &seats, 5)
        .unwrap());
    assert!(store
        .finish_game("g1", &[(0, 1), (1, 2)], true, 9)
        .unwrap()
        .is_empty());
}

#[test]
fn a_four_player_game_is_rated_by_places() {
    let dir = tempfile::tempdir().unwrap();
    let store = PlayerStore::open(&dir.path().join("db.sqlite")).unwrap();
    let ids: Vec<i64> = ["Asha", "Bala", "Chitra", "Dev"]
        .iter()
        .enumerate()
        .map(|(i, n)| {
            store
                .create_player(n, &format!("10.0.{i}.0"), 10, 0)
                .unwrap()
                .player
                .id
        })
        .collect();
    let seats: Vec<Seated> = ids
        .iter()
        .enumerate()
        .map(|(i, &id)| seat(i as u8, id, &format!("10.0.{i}.0")))
        .collect();
    assert!(store
        .seat_players("g4", "standard-4p", 4, true, &seats, 5)
        .unwrap());
    let changes = store
        .finish_game("g4", &[(0, 2), (1, 1), (2, 4), (3, 3)], true, 9)
        .unwrap();
    let after: Vec<f64> = changes.iter().map(|c| c.after).collect();
    assert!(
        after[1] > after[0] && after[0] > after[3] && after[3] > after[2],
        "{after:?}"
    );
}
