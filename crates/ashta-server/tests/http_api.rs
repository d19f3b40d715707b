//! The HTTP API: creating games, listing them, snapshots, records, and every kind of
//! bad request getting a JSON error that changes nothing.

mod common;

use common::{against_bots, two_humans, Server};
use serde_json::json;

#[tokio::test]
async fn creating_a_game_gives_tokens_links_and_a_commitment() {
    let s = Server::start().await;
    let created = s.create(two_humans()).await;
    let id = created["id"].as_str().unwrap();
    assert_eq!(id.len(), 12);
    assert_eq!(created["commitment"].as_str().unwrap().len(), 64);
    assert_eq!(created["spectate"], format!("/g/{id}"));
    for seat in 0..2 {
        let s = &created["seats"][seat];
        let token = s["token"].as_str().unwrap();
        assert!(token.len() >= 32 && token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(s["link"], format!("/g/{id}?seat={seat}&token={token}"));
    }
    assert_ne!(created["seats"][0]["token"], created["seats"][1]["token"]);
}

#[tokio::test]
async fn the_snapshot_shows_the_game_without_tokens() {
    let s = Server::start().await;
    let created = s.create(two_humans()).await;
    let id = created["id"].as_str().unwrap();
    let snap = s.snapshot(id).await;
    assert_eq!(snap["status"], "playing");
    assert_eq!(snap["version"], 0);
    assert_eq!(snap["players"], 2);
    assert_eq!(snap["must_throw"], true);
    assert_eq!(snap["legal"], json!([]));
    assert_eq!(snap["commitment"], created["commitment"]);
    assert_eq!(snap["reveal"], json!(null));
    assert_eq!(snap["rules"]["preset"], "standard");
    assert_eq!(snap["position"]["to_move"], 0);
    assert_eq!(snap["seats"][0]["connected"], false);
    // The board as the engine builds it: two players sit South and North.
    let board = &snap["board"];
    assert_eq!(board["size"], 5);
    assert_eq!(board["seats"], json!([0, 2]));
    assert_eq!(board["paths"][0][0], "c1");
    assert_eq!(board["paths"][1][0], "c5");
    assert_eq!(board["paths"][0][24], "c3");
    assert_eq!(board["home"], 24);
    assert_eq!(board["outer"], 16);
    let mut safe: Vec<String> = serde_json::from_value(board["safe"].clone()).unwrap();
    let mut listed: Vec<String> = serde_json::from_value(snap["rules"]["safe"].clone()).unwrap();
    safe.sort();
    listed.sort();
    assert_eq!(safe, listed, "the board's safe squares are the rules'");
    let text = snap.to_string();
    for seat in 0..2 {
        let token = created["seats"][seat]["token"].as_str().unwrap();
        assert!(!text.contains(token), "a token leaked into the snapshot");
    }
}

#[tokio::test]
async fn games_are_listed_newest_first_with_their_seats() {
    let s = Server::start().await;
    let first = s.create(two_humans()).await;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let second = s.create(against_bots(3)).await;
    let (status, list) = s.get("/api/games").await;
    assert_eq!(status, 200);
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["id"], second["id"]);
    assert_eq!(games[1]["id"], first["id"]);
    assert_eq!(games[0]["players"], 4);
    assert_eq!(games[0]["seats"][1]["kind"], "bot");
    assert_eq!(games[0]["seats"][1]["level"], "random");
    assert_eq!(games[1]["status"], "playing");
    assert!(!list.to_string().contains("token"));
}

#[tokio::test]
async fn unknown_games_are_not_found() {
    let s = Server::start().await;
    for path in [
        "/api/games/0123456789ab",
        "/api/games/nope",
        "/api/games/0123456789ab/record",
        "/api/nothing",
    ] {
        let (status, body) = s.get(path).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(body["error"]["code"], "not_found", "{path}");
    }
}

#[tokio::test]
async fn malformed_or_wrong_requests_name_what_is_wrong_and_create_nothing() {
    let s = Server::start().await;
    let cases = [
        (json!({"seats": "x"}), "seats"),
        (
            json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "robot"}]}),
            "seats[1].kind",
        ),
        (json!({"players": 2, "seats": [{"kind": "human"}]}), "seats"),
        (json!({"players": 5, "seats": []}), "players"),
        (
            json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "grandmaster"}]}),
            "seats[1].level",
        ),
        (
            json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "bot"}]}),
            "seats[1].level",
        ),
        (
            json!({"size": 6, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}),
            "rules",
        ),
        (
            json!({"rules": "chess", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}),
            "rules",
        ),
        (
            json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "colour": 1}),
            "colour",
        ),
        (
            json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "turn_timer_secs": 0}),
            "turn_timer_secs",
        ),
    ];
    for (body, field) in cases {
        let (status, answer) = s.post("/api/games", &body).await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(answer["error"]["code"], "bad_request");
        let message = answer["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(field),
            "{body}: {message:?} does not name {field}"
        );
    }
    let (status, answer) = s.post_raw("/api/games", b"{not json".to_vec()).await;
    assert_eq!(status, 400);
    assert_eq!(answer["error"]["code"], "bad_request");
    let (_, list) = s.get("/api/games").await;
    assert_eq!(list["games"], json!([]));
}

#[tokio::test]
async fn an_oversized_body_is_too_large() {
    let s = Server::start().await;
    let mut body = b"{\"seats\": [".to_vec();
    body.extend(std::iter::repeat_n(b' ', 40_000));
    body.extend(b"]}");
    let (status, answer) = s.post_raw("/api/games", body).await;
    assert_eq!(status, 413);
    assert_eq!(answer["error"]["code"], "too_large");
    let (_, list) = s.get("/api/games").await;
    assert_eq!(list["games"], json!([]));
}

#[tokio::test]
async fn creating_too_many_games_from_one_address_is_rate_limited() {
    let (s, _dir) = Server::with(|c| c.creates_per_minute = 3).await;
    for _ in 0..3 {
        s.create(two_humans()).await;
    }
    let (status, answer) = s.post("/api/games", &two_humans()).await;
    assert_eq!(status, 429);
    assert_eq!(answer["error"]["code"], "rate_limited");
    let (_, list) = s.get("/api/games").await;
    assert_eq!(list["games"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn the_record_of_a_game_in_progress_has_no_seed() {
    let s = Server::start().await;
    let created = s.create(two_humans()).await;
    let id = created["id"].as_str().unwrap();
    let (status, record) = s.get(&format!("/api/games/{id}/record")).await;
    assert_eq!(status, 200);
    assert_eq!(record["format"], "ashta-record/1");
    assert!(record.get("seed").is_none());
    assert_eq!(record["turns"], json!([]));
}

#[tokio::test]
async fn page_paths_never_leave_the_embedded_folder() {
    let s = Server::start().await;
    for path in [
        "/assets/../Cargo.toml",
        "/assets/no-such-file.js",
        "/assets//etc/passwd",
    ] {
        let r = s
            .http
            .get(format!("{}{path}", s.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 404, "{path}");
    }
}

#[tokio::test]
async fn the_page_is_served_for_the_lobby_and_for_every_game() {
    let s = Server::start().await;
    let lobby = s.http.get(format!("{}/", s.base)).send().await.unwrap();
    assert_eq!(lobby.status().as_u16(), 200);
    assert!(lobby.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let lobby = lobby.text().await.unwrap();
    let game = s
        .http
        .get(format!("{}/g/0123456789ab?seat=0&token=x", s.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(game, lobby, "/g/{{id}} is the same page as /");
}
