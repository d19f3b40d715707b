//! `GET /api/games/{id}/review`: a finished game whose rules have a solution table in
//! the server's data directory is reviewed exactly; without a table, or before the end,
//! there is no review from the server.

mod common;

use std::time::{Duration, Instant};

use ashta_engine::{Preset, Rules};
use ashta_solve::{solve, table, IterateOptions};
use common::{test_config, Server};
use serde_json::{json, Value};

/// A game of two random bots, one pawn each, on the standard rules.
fn one_pawn_bots() -> Value {
    json!({"rules": {"preset": "standard", "pawns": 1}, "players": 2,
           "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]})
}

/// A server whose data directory is `data`.
async fn server_with_data(data: &std::path::Path) -> (Server, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut config = test_config(dir.path().join("test.sqlite"));
    config.data_dir = data.to_path_buf();
    (Server::start_with(config).await, dir)
}

/// Waits for a game of bots to finish.
async fn finished(s: &Server, id: &str) {
    let start = Instant::now();
    while s.snapshot(id).await["status"] != "finished" {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the game did not end"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_finished_game_with_a_table_in_the_data_directory_is_reviewed_exactly() {
    let data = tempfile::tempdir().unwrap();
    let mut rules = Rules::preset(Preset::Standard);
    rules.players = 2;
    rules.pawns = Some(1);
    let (solution, _) = solve(rules.clone(), &IterateOptions::default()).unwrap();
    table::write(&solution, &data.path().join(table::file_name(&rules))).unwrap();
    let (s, _dir) = server_with_data(data.path()).await;
    let created = s.create(one_pawn_bots()).await;
    let id = created["id"].as_str().unwrap();
    finished(&s, id).await;
    let (status, review) = s.get(&format!("/api/games/{id}/review")).await;
    assert_eq!(status, 200, "{review}");
    assert_eq!(review["exact"], true, "{review}");
    // Exact: every loss certain, nothing too close to call.
    assert_eq!(review["too_close"], json!([0, 0]), "{review}");
    for list in review["mistakes"].as_array().unwrap() {
        for m in list.as_array().unwrap() {
            assert_eq!(m["loss_stderr"], 0.0, "{m}");
        }
    }
    let record = s.get(&format!("/api/games/{id}/record")).await.1;
    let turns = record["turns"].as_array().unwrap().len();
    assert_eq!(review["curve"].as_array().unwrap().len(), turns + 1);
}

#[tokio::test]
async fn without_a_table_or_before_the_end_the_server_gives_no_review() {
    let data = tempfile::tempdir().unwrap();
    let (s, _dir) = server_with_data(data.path()).await;
    let created = s.create(one_pawn_bots()).await;
    let id = created["id"].as_str().unwrap();
    finished(&s, id).await;
    let r = s
        .http
        .get(format!("{}/api/games/{id}/review", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 204);
    assert!(r.bytes().await.unwrap().is_empty());
    // A game still in play is not reviewed, table or not.
    let playing = s.create(common::two_humans()).await;
    let id = playing["id"].as_str().unwrap();
    let (status, body) = s.get(&format!("/api/games/{id}/review")).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["error"]["code"], "game_not_over");
    let (status, _) = s.get("/api/games/nonesuch/review").await;
    assert_eq!(status, 404);
}
