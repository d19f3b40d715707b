//! A game loaded again from the database is the game that was stored: same rules (even
//! unusual ones), same position, same events, same record.

mod common;

use common::{test_config, Server};
use serde_json::{json, Value};

#[tokio::test]
async fn a_stored_game_loads_back_exactly_with_its_own_rules() {
    let s = Server::start().await;
    let created = s
        .create(json!({
            "rules": {"preset": "traditional", "gate": "wait", "capture_bonus": false,
                      "pair_capture": false},
            "size": 7, "players": 3,
            "seats": [{"kind": "human", "name": "Asha"}, {"kind": "human"}, {"kind": "human"}]
        }))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut clients = Vec::new();
    for seat in 0..3 {
        let mut c = s.seat(&created, seat).await;
        c.hello(0).await;
        clients.push(c);
    }
    let mut snap = s.snapshot(&id).await;
    while snap["version"].as_u64().unwrap() < 12 && snap["status"] == "playing" {
        let seat = snap["position"]["to_move"].as_u64().unwrap() as usize;
        let action = if snap["must_throw"] == true {
            json!({"type": "throw"})
        } else {
            let m = &snap["legal"][0];
            json!({"type": "move", "move": {"value": m["value"], "from": m["from"], "count": m["count"]}})
        };
        clients[seat].send(action).await;
        clients[0].next_of("event").await;
        snap = s.snapshot(&id).await;
    }
    let (_, record) = s.get(&format!("/api/games/{id}/record")).await;
    drop(clients);

    // A second server on the same database loads the game from what was stored.
    let again = Server::start_with(test_config(s.db.clone())).await;
    let mut loaded = again.snapshot(&id).await;
    let (_, loaded_record) = again.get(&format!("/api/games/{id}/record")).await;
    for field in ["seats", "turn_deadline"] {
        snap[field] = Value::Null;
        loaded[field] = Value::Null;
    }
    assert_eq!(loaded, snap);
    assert_eq!(loaded_record, record);
    assert_eq!(loaded["rules"]["size"], 7);
    assert_eq!(loaded["rules"]["gate"], "wait");
    assert_eq!(loaded["rules"]["entry"], "grace");
    assert_eq!(loaded["rules"]["pair_capture"], false);
}

#[tokio::test]
async fn a_game_without_pair_capture_in_its_rules_gets_the_presets_value() {
    let s = Server::start().await;
    let created = s
        .create(json!({
            "rules": {"preset": "standard", "gate": "wait"}, "players": 2,
            "seats": [{"kind": "human"}, {"kind": "human"}]
        }))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let snap = s.snapshot(&id).await;
    assert_eq!(snap["rules"]["pair_capture"], true);
}
