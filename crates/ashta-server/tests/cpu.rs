//! The CPU limits: hints and reviews are counted per network (many addresses of one
//! /24 share one quota), run in the background on places of their own (a bot's search
//! never waits for a hint), past a bound on waiting hints the next is refused as busy,
//! and a bot that finds no search place by its deadline is decided for by a cheaper bot.

mod common;

use std::time::{Duration, Instant};

use ashta_server::room::Host;
use common::{against_bots, bots_only, client_from, Server};
use serde_json::Value;

/// A GET from `ip`: its status and error code.
async fn get_from(s: &Server, ip: [u8; 4], path: &str) -> (u16, String) {
    let r = client_from(ip)
        .get(format!("{}{path}", s.base))
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let body: Value = r.json().await.unwrap_or(Value::Null);
    (
        status,
        body["error"]["code"].as_str().unwrap_or("").to_string(),
    )
}

#[tokio::test]
async fn a_hint_flood_from_many_addresses_of_one_network_shares_its_quota() {
    let (s, _dir) = Server::with(|c| c.hints_per_minute = 3).await;
    let created = s.create(against_bots(1)).await;
    let id = created["id"].as_str().unwrap();
    // A wrong token: refused after the quota counted it.
    let path = format!("/api/games/{id}/hint?seat=0&token=00");
    for a in 2..5 {
        assert_eq!(get_from(&s, [127, 0, 31, a], &path).await.0, 403);
    }
    // A fourth address of the same /24 finds its network's quota spent...
    let (status, code) = get_from(&s, [127, 0, 31, 9], &path).await;
    assert_eq!((status, code.as_str()), (429, "rate_limited"));
    // ...and another network does not.
    assert_eq!(get_from(&s, [127, 0, 32, 2], &path).await.0, 403);
}

#[tokio::test]
async fn a_review_flood_from_many_addresses_of_one_network_shares_its_quota() {
    let (s, _dir) = Server::with(|c| c.reviews_per_minute = 2).await;
    let created = s.create(against_bots(1)).await;
    let path = format!("/api/games/{}/review", created["id"].as_str().unwrap());
    for a in 2..4 {
        let (status, code) = get_from(&s, [127, 0, 33, a], &path).await;
        assert_eq!((status, code.as_str()), (409, "game_not_over"));
    }
    let (status, code) = get_from(&s, [127, 0, 33, 7], &path).await;
    assert_eq!((status, code.as_str()), (429, "rate_limited"));
    assert_eq!(get_from(&s, [127, 0, 34, 2], &path).await.0, 409);
}

/// Plays seat 0 of a game against bots until it must choose among two or more moves.
async fn until_a_choice(s: &Server, created: &Value) -> common::Client {
    let mut client = s.seat(created, 0).await;
    let first = client.hello(0).await;
    let mut view = common::View::of_state(&first);
    for _ in 0..2000 {
        if common::to_move(&view.position) == 0 {
            if !view.must_throw && view.legal.as_array().map_or(0, Vec::len) >= 2 {
                return client;
            }
            client.send(view.action()).await;
        }
        let m = client.next_of("event").await;
        assert_ne!(m["event"]["kind"], "finished", "the game ended first");
        view.apply(&m);
    }
    panic!("seat 0 never had a choice of moves");
}

#[tokio::test]
async fn hints_take_no_search_place_of_the_bots() {
    let (s, _dir) = Server::with(|c| c.max_thinking = 1).await;
    let created = s.create(against_bots(1)).await;
    let _client = until_a_choice(&s, &created).await;
    // Every bot search place is taken: a hint still computes.
    let _held = s.app.thinking().acquire("someone else").await.unwrap();
    let id = created["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let (status, body) = tokio::time::timeout(
        Duration::from_secs(10),
        s.get(&format!("/api/games/{id}/hint?seat=0&token={token}")),
    )
    .await
    .expect("the hint did not wait for a bot's place");
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn past_the_bound_on_waiting_hints_a_hint_is_refused_as_busy() {
    let (s, _dir) = Server::with(|c| {
        c.max_hints_running = 1;
        c.max_queued_hints = 0;
    })
    .await;
    let (a, b) = (
        s.create(against_bots(1)).await,
        s.create(against_bots(1)).await,
    );
    let (_ca, _cb) = (until_a_choice(&s, &a).await, until_a_choice(&s, &b).await);
    let path = |c: &Value| {
        let id = c["id"].as_str().unwrap();
        let token = c["seats"][0]["token"].as_str().unwrap();
        format!("/api/games/{id}/hint?seat=0&token={token}")
    };
    // Two hints at once, one place and no queue: one computes, the other is refused.
    let (pa, pb) = (path(&a), path(&b));
    let (x, y) = tokio::join!(s.get(&pa), s.get(&pb));
    let mut statuses = [x.0, y.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 503], "{x:?} {y:?}");
    let refused = if x.0 == 503 { x.1 } else { y.1 };
    assert_eq!(refused["error"]["code"], "unavailable");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("try again"),
        "{refused}"
    );
}

#[tokio::test]
async fn a_bot_with_no_search_place_by_its_deadline_plays_a_cheaper_bots_move() {
    let (s, _dir) = Server::with(|c| {
        c.max_thinking = 1;
        c.bot_time = Duration::from_millis(100);
    })
    .await;
    // The only search place is held for as long as the test lasts.
    let _held = s.app.thinking().acquire("someone else").await.unwrap();
    let created = s.create(bots_only()).await;
    let id = created["id"].as_str().unwrap();
    let start = Instant::now();
    loop {
        let game = s.snapshot(id).await;
        let moves = game["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["kind"] == "move")
            .count();
        if moves >= 4 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the bots stopped moving with no search place: {moves} moves"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // No search ran: every move was the cheaper bot's.
    assert_eq!(s.app.searches(true).jobs_started(), 0);
}
