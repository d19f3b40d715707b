//! `GET /api/games/{id}/hint`: a hint for a human seat against bots, with its token, on
//! its turn, one at a time per game.

mod common;

use common::{against_bots, two_humans, Client, Server};
use serde_json::{json, Value};

fn hint_path(created: &Value, seat: usize, token: &str) -> String {
    let id = created["id"].as_str().unwrap();
    format!("/api/games/{id}/hint?seat={seat}&token={token}")
}

fn token(created: &Value, seat: usize) -> String {
    created["seats"][seat]["token"]
        .as_str()
        .unwrap()
        .to_string()
}

/// What seat 0's client knows: who is to move, whether it must throw, the legal moves.
struct Seen {
    to_move: u64,
    must_throw: bool,
    legal: Vec<Value>,
}

async fn start(client: &mut Client) -> Seen {
    let first = client.hello(0).await;
    assert_eq!(first["type"], "state");
    let game = &first["game"];
    Seen {
        to_move: game["position"]["to_move"].as_u64().unwrap(),
        must_throw: game["must_throw"].as_bool().unwrap(),
        legal: game["legal"].as_array().unwrap().clone(),
    }
}

/// Plays seat 0 (throwing, and moving `legal[0]` while the bag has one choice, or
/// always when `skip`) until it has a bag with at least two different moves.
async fn until_a_choice(client: &mut Client, seen: &mut Seen, mut skip: bool) {
    for _ in 0..2000 {
        if seen.to_move == 0 {
            if seen.must_throw {
                client.send(json!({"type": "throw"})).await;
            } else if seen.legal.len() >= 2 && !skip {
                return;
            } else if let Some(mv) = seen.legal.first() {
                client.send(json!({"type": "move", "move": mv})).await;
                skip = false;
            }
        }
        let m = client.next_of("event").await;
        assert_ne!(m["event"]["kind"], "finished", "the game ended first");
        seen.to_move = m["event"]["position"]["to_move"].as_u64().unwrap();
        seen.must_throw = m["must_throw"].as_bool().unwrap();
        seen.legal = m["legal"].as_array().unwrap().clone();
    }
    panic!("seat 0 never had a choice of moves");
}

#[tokio::test]
async fn a_hint_needs_the_seat_token_and_a_game_against_bots() {
    let s = Server::start().await;
    let created = s.create(against_bots(1)).await;
    let (status, body) = s.get(&hint_path(&created, 0, "00")).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (403, Some("bad_token"))
    );
    let id = created["id"].as_str().unwrap();
    let (status, _) = s.get(&format!("/api/games/{id}/hint")).await;
    assert_eq!(status, 403);
    let (status, body) = s.get(&hint_path(&created, 1, "00")).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (403, Some("bad_token"))
    );
    // Seat 0 must throw first.
    let (status, body) = s.get(&hint_path(&created, 0, &token(&created, 0))).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("must_throw"))
    );

    let humans = s.create(two_humans()).await;
    let (status, body) = s.get(&hint_path(&humans, 0, &token(&humans, 0))).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (403, Some("cannot_hint"))
    );
    let (status, _) = s.get("/api/games/zzzzzzzzzzzz/hint?seat=0&token=00").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_hint_is_a_legal_play_and_one_computes_at_a_time() {
    let s = Server::start().await;
    let created = s.create(against_bots(1)).await;
    let mut client = s.seat(&created, 0).await;
    let mut seen = start(&mut client).await;
    let path = hint_path(&created, 0, &token(&created, 0));
    let mut concurrent = false;
    for turn in 0..30 {
        until_a_choice(&mut client, &mut seen, turn > 0).await;
        let (status, body) = s.get(&path).await;
        assert_eq!(status, 200, "{body}");
        let first = &body["moves"][0];
        assert!(
            seen.legal.iter().any(|m| m["value"] == first["value"]
                && m["from"] == first["from"]
                && m["count"] == first["count"]),
            "the hint's first move {first} is legal: {:?}",
            seen.legal
        );
        assert_eq!(body["seat"], 0);
        assert!(body["plays"].as_u64().unwrap() >= 1);
        let win = body["win"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&win));
        if body["forced"] == true {
            continue;
        }
        // Several at once: while one computes, the others are refused with 429.
        let (a, b, c) = tokio::join!(s.get(&path), s.get(&path), s.get(&path));
        let statuses = [a.0, b.0, c.0];
        assert!(statuses.contains(&200), "{statuses:?}");
        assert!(statuses.contains(&429), "{statuses:?}");
        let refused = [a, b, c].into_iter().find(|r| r.0 == 429).unwrap();
        assert_eq!(refused.1["error"]["code"], "rate_limited");
        // The game is free again afterwards.
        let (status, _) = s.get(&path).await;
        assert_eq!(status, 200);
        concurrent = true;
        break;
    }
    assert!(concurrent, "no bag with a real choice in 30 turns");
}

/// Rules made to slow hints down: 15 × 15, sixteen pawns, fifteen cowries, sixteen
/// faces of value u + 1, graces from u = 8 (a grace exactly half the time).
pub fn huge_rules() -> Value {
    let faces: Vec<Value> = (0..16)
        .map(|u| json!({"value": u + 1, "grace": u >= 8}))
        .collect();
    json!({"preset": "standard", "pawns": 16, "cowries": 15, "throws": faces})
}

/// Hints that overrun their budget: on these rules one 400 ms hint took 2.9 s, and after a dozen
/// moves hints ran past the 10 s request timeout. Each now answers within its budget
/// and a margin, on every bag met.
#[tokio::test]
async fn a_hint_on_huge_rules_keeps_its_budget() {
    let s = Server::start().await;
    let created = s
        .create(json!({
            "rules": huge_rules(), "size": 15, "players": 2,
            "seats": [{"kind": "human", "name": "Me"}, {"kind": "bot", "level": "random"}]
        }))
        .await;
    let mut client = s.seat(&created, 0).await;
    let mut seen = start(&mut client).await;
    let path = hint_path(&created, 0, &token(&created, 0));
    let mut slowest = std::time::Duration::ZERO;
    let mut hints = 0;
    for turn in 0..14 {
        until_a_choice(&mut client, &mut seen, turn > 0).await;
        let t = std::time::Instant::now();
        let (status, body) = s.get(&path).await;
        let took = t.elapsed();
        assert_eq!(status, 200, "{body}");
        assert!(!body["moves"].as_array().unwrap().is_empty());
        slowest = slowest.max(took);
        hints += 1;
    }
    assert!(
        slowest < std::time::Duration::from_millis(400 + 1000),
        "the slowest of {hints} hints took {slowest:?}"
    );
}
