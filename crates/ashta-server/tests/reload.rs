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

/// Games left waiting for an absent person must not fill memory: they stayed in it for
/// good (about 150 MB a game with `master` bots). A game nobody is connected to, with a
/// person to act, now leaves memory, and loads back to the same state on demand.
#[tokio::test]
async fn a_waiting_game_leaves_memory_and_loads_back_to_the_same_state() {
    let s = Server::start().await;
    let created = s
        .create(json!({"players": 2,
            "seats": [{"kind": "human", "name": "Me"}, {"kind": "bot", "level": "master"}]}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut client = s.seat(&created, 0).await;
    client.hello(0).await;
    // Play until it is the person's turn again after a few of the bot's decisions.
    let mut snap = s.snapshot(&id).await;
    for _ in 0..400 {
        if snap["version"].as_u64().unwrap() >= 16 && snap["position"]["to_move"] == 0 {
            break;
        }
        if snap["position"]["to_move"] == 0 {
            let action = if snap["must_throw"] == true {
                json!({"type": "throw"})
            } else {
                let m = &snap["legal"][0];
                json!({"type": "move", "move": {"value": m["value"], "from": m["from"], "count": m["count"]}})
            };
            client.send(action).await;
        }
        client.next_of("event").await;
        snap = s.snapshot(&id).await;
    }
    assert_eq!(snap["position"]["to_move"], 0, "{snap}");
    // Connected: it stays.
    assert_eq!(s.app.unload_idle(), 0);
    drop(client);
    let mut unloaded = 0;
    for _ in 0..200 {
        unloaded += s.app.unload_idle();
        if unloaded > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(unloaded, 1, "the game left memory");
    assert_eq!(s.app.rooms_in_memory(), 0);
    // Loaded again on demand: the same game.
    let mut loaded = s.snapshot(&id).await;
    assert_eq!(s.app.rooms_in_memory(), 1);
    for field in ["seats", "turn_deadline"] {
        snap[field] = Value::Null;
        loaded[field] = Value::Null;
    }
    assert_eq!(loaded, snap);
    // And playable: the person acts, the bot answers.
    let mut client = s.seat(&created, 0).await;
    client.hello(0).await;
    let version = loaded["version"].as_u64().unwrap();
    let action = if loaded["must_throw"] == true {
        json!({"type": "throw"})
    } else {
        let m = &loaded["legal"][0];
        json!({"type": "move", "move": {"value": m["value"], "from": m["from"], "count": m["count"]}})
    };
    client.send(action).await;
    let event = client.next_of("event").await;
    assert_eq!(event["event"]["version"].as_u64().unwrap(), version + 1);
}

/// A game whose bot is to move stays in memory (it is being played).
#[tokio::test]
async fn a_game_with_bots_playing_stays_in_memory() {
    let (s, _dir) = Server::with(|c| c.bot_delay = std::time::Duration::from_millis(200)).await;
    s.create(json!({"players": 2,
        "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}))
        .await;
    assert_eq!(s.app.unload_idle(), 0);
    assert_eq!(s.app.rooms_in_memory(), 1);
}
