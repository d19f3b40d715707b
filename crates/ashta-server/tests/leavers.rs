//! Players who left a game (RULES.md 8.6): once every opponent still in it has been
//! away for the server's claim time, the one player still at the table may claim the
//! win, call a draw, or play on against a bot at once. The server checks every claim:
//! too early, by a spectator, or while another player is there, it is refused. A claimed
//! win and a draw are written in the game's record, which verifies, and stay after the
//! game is loaded again.

mod common;

use std::time::Duration;

use common::{to_move, Client, Server, View};
use serde_json::{json, Value};

/// The time every opponent must have been away before a claim, in these tests.
const CLAIM: Duration = Duration::from_millis(400);

/// A server whose claim time is [`CLAIM`] and whose bots stand in for a person who left
/// only after a minute (so a bot plays for them here only when asked to).
async fn server() -> (Server, tempfile::TempDir) {
    Server::with(|c| {
        c.claim_after = CLAIM;
        c.away_timer = Duration::from_secs(60);
    })
    .await
}

/// A game of `players` people.
fn people(players: usize) -> Value {
    let seats: Vec<Value> = (0..players)
        .map(|p| json!({"kind": "human", "name": format!("P{p}")}))
        .collect();
    json!({"rules": "standard", "players": players, "seats": seats})
}

/// A claim message.
fn claim(choice: &str) -> Value {
    json!({"type": "claim", "claim": choice})
}

/// The next `presence` message saying `seat` left.
async fn left(c: &mut Client, seat: u64) -> Value {
    loop {
        let m = c.next_of("presence").await;
        if m["seat"] == seat && m["present"] == false {
            return m;
        }
    }
}

/// Two people in a game: seat 1 leaves before anyone acts; seat 0 waits until it may
/// claim. Returns the server's game id, seat 0's client and what it knows.
async fn left_alone(s: &Server) -> (String, Client, View) {
    let created = s.create(people(2)).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (mut first, view) = s.join(&created, 0).await;
    let (second, _) = s.join(&created, 1).await;
    drop(second);
    left(&mut first, 1).await;
    let claimable = first.next_of("claimable").await;
    assert_eq!(claimable["claimants"], json!([0]), "{claimable}");
    assert_eq!(claimable["away"], json!([1]), "{claimable}");
    (id, first, view)
}

#[tokio::test]
async fn a_claim_before_the_opponent_has_been_away_the_claim_time_is_refused() {
    let (s, _dir) = server().await;
    let created = s.create(people(2)).await;
    let (mut first, _) = s.join(&created, 0).await;
    let (second, _) = s.join(&created, 1).await;
    // Both are there: nothing to claim.
    let e = first.expect_error(claim("win")).await;
    assert_eq!(e["code"], "cannot_claim", "{e}");
    drop(second);
    let m = left(&mut first, 1).await;
    let away = &m["seats"][1]["away"];
    let since = away["since"].as_i64().unwrap();
    assert_eq!(
        away["claim_at"].as_i64(),
        Some(since + CLAIM.as_millis() as i64),
        "{m}"
    );
    // Left, but not long enough.
    let e = first.expect_error(claim("win")).await;
    assert_eq!(e["code"], "cannot_claim", "{e}");
    assert!(e["message"].as_str().unwrap().contains(" s"), "{e}");
    let id = created["id"].as_str().unwrap();
    assert_eq!(s.snapshot(id).await["status"], "playing");
}

#[tokio::test]
async fn a_spectator_cannot_claim() {
    let (s, _dir) = server().await;
    let (id, _first, _) = left_alone(&s).await;
    let mut watcher = s.connect(&id, "").await;
    watcher.hello(0).await;
    for choice in ["win", "draw", "play_on"] {
        let e = watcher.expect_error(claim(choice)).await;
        assert_eq!(e["code"], "spectator", "{e}");
    }
    assert_eq!(s.snapshot(&id).await["status"], "playing");
}

#[tokio::test]
async fn a_claimed_win_is_recorded_and_replays() {
    let (s, _dir) = server().await;
    let (id, mut first, _) = left_alone(&s).await;
    first.send(claim("win")).await;
    let end = first.next_of("event").await;
    let e = &end["event"];
    assert_eq!(e["kind"], "finished", "{end}");
    assert_eq!(e["result"]["winner"], 0, "{end}");
    assert_eq!(e["result"]["claimed"], true, "{end}");
    assert!(e["result"]["draw"].is_null(), "{end}");
    assert!(e["reveal"]["seed"].is_string(), "{end}");
    let (record, game) = s.finished_record(&id).await;
    assert_eq!(record["result"]["claimed"], true, "{record}");
    assert!(game.position().claimed());
    assert_eq!(game.position().winner(), Some(0));
    // After the game is loaded again from the store, it is the same claimed win.
    drop(first);
    tokio::time::sleep(Duration::from_millis(100)).await;
    s.app.unload_idle();
    s.app.forget(&id);
    let snap = s.snapshot(&id).await;
    assert_eq!(snap["status"], "finished", "{snap}");
    assert_eq!(snap["result"]["claimed"], true, "{snap}");
    assert_eq!(snap["result"]["winner"], 0, "{snap}");
}

#[tokio::test]
async fn a_draw_over_a_player_who_left_is_recorded_and_replays() {
    let (s, _dir) = server().await;
    let (id, mut first, _) = left_alone(&s).await;
    first.send(claim("draw")).await;
    let end = first.next_of("event").await;
    let e = &end["event"];
    assert_eq!(e["kind"], "finished", "{end}");
    assert_eq!(e["result"]["draw"], "opponents left", "{end}");
    assert!(e["result"]["winner"].is_null(), "{end}");
    let (record, _) = s.finished_record(&id).await;
    assert_eq!(record["result"]["draw"], "declared", "{record}");
    // A second claim finds the game over.
    let e = first.expect_error(claim("win")).await;
    assert_eq!(e["code"], "game_over", "{e}");
    drop(first);
    tokio::time::sleep(Duration::from_millis(100)).await;
    s.app.unload_idle();
    s.app.forget(&id);
    let snap = s.snapshot(&id).await;
    assert_eq!(snap["result"]["draw"], "opponents left", "{snap}");
}

#[tokio::test]
async fn playing_on_lets_a_bot_play_for_the_player_who_left_at_once() {
    let (s, _dir) = server().await;
    let (_id, mut first, mut view) = left_alone(&s).await;
    first.send(claim("play_on")).await;
    let notice = left(&mut first, 1).await;
    let stand_in_at = notice["seats"][1]["away"]["stand_in_at"].as_i64().unwrap();
    assert!(stand_in_at <= ashta_server::now_ms(), "{notice}");
    // Well within the minute of the away timer, a bot plays seat 1's turns.
    let started = std::time::Instant::now();
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no stand-in move"
        );
        if to_move(&view.position) == 0 {
            first.send(view.action()).await;
        }
        let m = first.next().await.expect("the socket stays open");
        if m["type"] == "event" {
            let e = &m["event"];
            view.apply(&m);
            assert_ne!(e["kind"], "finished", "the game ended first");
            if e["seat"] == 1 && e["kind"] == "move" {
                assert_eq!(e["stand_in"], "medium", "{m}");
                break;
            }
        }
    }
}

/// Playing on is no end of the choice: while the bot plays for the player who left,
/// the one still at the table may still claim the win.
#[tokio::test]
async fn after_playing_on_the_win_may_still_be_claimed() {
    let (s, _dir) = server().await;
    let (id, mut first, _) = left_alone(&s).await;
    first.send(claim("play_on")).await;
    left(&mut first, 1).await;
    first.send(claim("win")).await;
    let end = first.next_of("event").await;
    assert_eq!(end["event"]["kind"], "finished", "{end}");
    assert_eq!(end["event"]["result"]["claimed"], true, "{end}");
    let (record, _) = s.finished_record(&id).await;
    assert_eq!(record["result"]["winner"], 0, "{record}");
}

/// With three seats, a claim is only for the last player at the table: while another
/// player is there the player who left gets no claim time and a claim is refused;
/// once both others left, the one still there may claim and is the winner.
#[tokio::test]
async fn in_a_game_of_three_a_claim_waits_until_every_opponent_has_left() {
    let (s, _dir) = server().await;
    let created = s.create(people(3)).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (mut first, _) = s.join(&created, 0).await;
    let (second, _) = s.join(&created, 1).await;
    let (third, _) = s.join(&created, 2).await;
    drop(third);
    let m = left(&mut first, 2).await;
    assert!(m["seats"][2]["away"]["claim_at"].is_null(), "{m}");
    tokio::time::sleep(CLAIM + Duration::from_millis(100)).await;
    let e = first.expect_error(claim("win")).await;
    assert_eq!(e["code"], "cannot_claim", "{e}");
    drop(second);
    let m = left(&mut first, 1).await;
    assert!(m["seats"][1]["away"]["claim_at"].is_i64(), "{m}");
    assert!(m["seats"][2]["away"]["claim_at"].is_i64(), "{m}");
    first.next_of("claimable").await;
    first.send(claim("win")).await;
    let end = first.next_of("event").await;
    assert_eq!(end["event"]["kind"], "finished", "{end}");
    assert_eq!(end["event"]["result"]["winner"], 0, "{end}");
    assert_eq!(end["event"]["result"]["places"], json!([0]), "{end}");
    let (_, game) = s.finished_record(&id).await;
    assert!(game.position().claimed());
}
