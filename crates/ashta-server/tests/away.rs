//! A person who leaves an online game: everyone is told, their time
//! to come back starts, a bot plays for them once it runs out and until they return,
//! the returner is told what was played for them and has the seat back; and all this
//! goes on after the server restarts.

mod common;

use std::time::{Duration, Instant};

use common::{against_bots, to_move, two_humans, Client, Server, View};
use serde_json::{json, Value};

/// The time a person who left has to come back, in these tests.
const AWAY: Duration = Duration::from_millis(1000);

/// Plays for `seat` on its turns, reading every message, until `done` says so of a
/// message (which is returned); the game must not end first.
async fn play_until(
    c: &mut Client,
    view: &mut View,
    seat: u64,
    mut done: impl FnMut(&Value) -> bool,
) -> Value {
    for _ in 0..5_000 {
        if to_move(&view.position) == seat {
            c.send(view.action()).await;
        }
        loop {
            let m = c.next().await.expect("the socket stays open");
            view.apply(&m);
            assert_ne!(m["event"]["kind"], "finished", "the game ended first");
            if done(&m) {
                return m;
            }
            if m["type"] == "event" {
                break;
            }
        }
    }
    panic!("not reached in 5,000 events");
}

/// Whether a message is a move a stand-in bot played for `seat`.
fn stand_in_move(m: &Value, seat: u64) -> bool {
    let e = &m["event"];
    m["type"] == "event" && e["kind"] == "move" && e["seat"] == seat && e["stand_in"] == "medium"
}

/// Reads `c`'s messages, applying events to `view`, until the notice that `seat` is
/// back; returns it and how many moves a stand-in played for `seat` before it.
async fn until_back(c: &mut Client, view: &mut View, seat: u64) -> (Value, u64) {
    let mut played = 0;
    loop {
        let m = c.next_any().await.expect("the socket stays open");
        view.apply(&m);
        if stand_in_move(&m, seat) {
            played += 1;
        }
        if m["type"] == "presence" && m["seat"] == seat && m["present"] == true {
            return (m, played);
        }
    }
}

/// The next `presence` message about `seat`.
async fn presence_of(c: &mut Client, seat: u64) -> Value {
    loop {
        let m = c.next_of("presence").await;
        if m["seat"] == seat {
            return m;
        }
    }
}

#[tokio::test]
async fn a_person_who_leaves_is_announced_to_everyone_and_their_time_starts() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start_in(dir.path(), |c| c.away_timer = AWAY).await;
    let created = s.create(two_humans()).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (mut first, _) = s.join(&created, 0).await;
    let (mut second, _) = s.join(&created, 1).await;
    let mut watcher = s.connect(&id, "").await;
    watcher.hello(0).await;
    let came = presence_of(&mut first, 1).await;
    assert_eq!(came["present"], true);
    assert_eq!(came["seats"][1]["connected"], true);

    let left_at = ashta_server::now_ms();
    second.ws.close(None).await.unwrap();
    for c in [&mut first, &mut watcher] {
        let m = presence_of(c, 1).await;
        assert_eq!(m["present"], false, "{m}");
        let seat = &m["seats"][1];
        assert_eq!(seat["connected"], false);
        let away = &seat["away"];
        let since = away["since"].as_i64().expect("since when they are away");
        assert!(since >= left_at - 50, "{away}");
        let stand_in_at = away["stand_in_at"].as_i64().expect("their time runs");
        assert_eq!(stand_in_at - since, AWAY.as_millis() as i64, "{away}");
        assert_eq!(away["played"], 0);
        assert_eq!(away["by"], "medium");
        assert!(m["seats"][0]["away"].is_null());
    }
    // The snapshot says so too, for whoever comes later.
    let snap = s.snapshot(&id).await;
    assert!(snap["seats"][1]["away"]["stand_in_at"].is_i64(), "{snap}");
}

#[tokio::test]
async fn a_bot_plays_for_the_absent_person_after_their_time_until_they_return() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start_in(dir.path(), |c| c.away_timer = AWAY).await;
    let created = s.create(two_humans()).await;
    let (mut first, mut view) = s.join(&created, 0).await;
    let (second, _) = s.join(&created, 1).await;
    drop(second);
    let left = Instant::now();
    let mut stand_in_throws = 0;
    let mut first_stand_in = None;
    // Seat 0 plays its turns; a bot plays seat 1's once its time is out.
    let mut played = 0;
    while played < 2 {
        let m = play_until(&mut first, &mut view, 0, |m| {
            let e = &m["event"];
            m["type"] == "event" && e["seat"] == 1
        })
        .await;
        let e = &m["event"];
        assert_eq!(e["stand_in"], "medium", "seat 1 is played by the bot: {m}");
        first_stand_in.get_or_insert_with(|| left.elapsed());
        if e["kind"] == "move" {
            played += 1;
        } else {
            stand_in_throws += 1;
        }
    }
    let waited = first_stand_in.unwrap();
    assert!(
        waited >= AWAY - Duration::from_millis(50),
        "the bot waited {waited:?}"
    );
    assert!(stand_in_throws > 0);
    // Seat 1 comes back: everyone is told what the bot played for it, and it is
    // played no more. (The bot may play on for seat 1 until it is back: seat 0 counts
    // those moves too, from the events it gets before the notice.)
    let (mut second, mut second_view) = s.join(&created, 1).await;
    let back = presence_of(&mut second, 1).await;
    let (told, more) = until_back(&mut first, &mut view, 1).await;
    played += more;
    assert_eq!(back["present"], true);
    assert_eq!(back["played"], played, "{back}");
    assert_eq!(back["by"], "medium");
    assert!(back["seats"][1]["away"].is_null());
    assert_eq!(told, back);
    // Play on until it is seat 1's turn; then nobody plays for it.
    while to_move(&view.position) != 1 {
        play_until(&mut first, &mut view, 0, |m| m["type"] == "event").await;
    }
    while second_view.version < view.version {
        let m = second.next().await.unwrap();
        second_view.apply(&m);
    }
    let version = view.version;
    tokio::time::sleep(AWAY + Duration::from_millis(500)).await;
    let snap = s.snapshot(created["id"].as_str().unwrap()).await;
    assert_eq!(
        snap["version"], version,
        "nobody played for the person back"
    );
    // And seat 1 plays itself: its events carry no stand-in.
    second.send(second_view.action()).await;
    let m = second.next_of("event").await;
    assert_eq!(m["event"]["seat"], 1);
    assert!(m["event"].get("stand_in").is_none(), "{m}");
}

#[tokio::test]
async fn nobody_plays_for_a_person_who_leaves_a_game_against_bots_only() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start_in(dir.path(), |c| c.away_timer = AWAY).await;
    let created = s.create(against_bots(1)).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (c, _) = s.join(&created, 0).await;
    drop(c);
    tokio::time::sleep(AWAY * 2).await;
    let snap = s.snapshot(&id).await;
    assert_eq!(
        snap["version"], 0,
        "the game waits for its one person: {snap}"
    );
    assert!(snap["seats"][0]["away"]["stand_in_at"].is_null(), "{snap}");
}

#[tokio::test]
async fn a_bot_standing_in_goes_on_after_a_restart_and_the_returner_is_told_all() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start_in(dir.path(), |c| c.away_timer = AWAY).await;
    let created = s.create(two_humans()).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (mut first, mut view) = s.join(&created, 0).await;
    let (second, _) = s.join(&created, 1).await;
    drop(second);
    let mut seen = 0;
    play_until(&mut first, &mut view, 0, |m| {
        let hit = stand_in_move(m, 1);
        seen += u64::from(hit);
        hit
    })
    .await;
    drop(first);
    s.stop();

    // The server starts again: seat 1 is still away, every move played for it kept
    // (the bot may have played more before the stop than seat 0 saw), and its bot
    // plays on at once.
    let s = Server::start_in(dir.path(), |c| c.away_timer = AWAY).await;
    let snap = s.snapshot(&id).await;
    let away = &snap["seats"][1]["away"];
    let before = away["played"].as_u64().unwrap();
    assert!(before >= seen, "{snap}");
    assert!(away["stand_in_at"].is_null(), "nobody waits yet: {snap}");
    let (mut first, mut view) = s.join(&created, 0).await;
    let mut after = 0;
    let m = play_until(&mut first, &mut view, 0, |m| {
        after += u64::from(stand_in_move(m, 1));
        m["type"] == "event" && m["event"]["seat"] == 1
    })
    .await;
    assert_eq!(m["event"]["stand_in"], "medium", "{m}");
    play_until(&mut first, &mut view, 0, |m| {
        let hit = stand_in_move(m, 1);
        after += u64::from(hit);
        hit
    })
    .await;
    // The returner hears of every move played for them, before the restart and after
    // (the bot may play on until they are back: seat 0 counts those moves too).
    let (mut second, _) = s.join(&created, 1).await;
    let back = presence_of(&mut second, 1).await;
    let (told, more) = until_back(&mut first, &mut view, 1).await;
    assert_eq!(back["played"], before + after + more, "{back}");
    assert_eq!(told, back);
}

#[tokio::test]
async fn after_a_restart_the_absent_get_their_time_when_someone_comes() {
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start_in(dir.path(), |c| c.away_timer = AWAY).await;
    let created = s.create(two_humans()).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (mut first, _) = s.join(&created, 0).await;
    first.send(json!({"type": "throw"})).await;
    first.next_of("event").await;
    drop(first);
    s.stop();

    let s = Server::start_in(dir.path(), |c| c.away_timer = AWAY).await;
    let snap = s.snapshot(&id).await;
    // Seat 0 acted, so it was there: it is away. Seat 1 never came: it is not.
    assert!(snap["seats"][0]["away"].is_object(), "{snap}");
    assert!(snap["seats"][0]["away"]["stand_in_at"].is_null());
    assert!(snap["seats"][1]["away"].is_null());
    let came = ashta_server::now_ms();
    let (mut second, _) = s.join(&created, 1).await;
    let m = presence_of(&mut second, 1).await;
    let at = m["seats"][0]["away"]["stand_in_at"]
        .as_i64()
        .expect("seat 0's time runs now someone waits");
    let from_now = at - came;
    assert!(
        from_now >= AWAY.as_millis() as i64 - 50 && from_now <= AWAY.as_millis() as i64 + 2000,
        "{from_now}"
    );
}
