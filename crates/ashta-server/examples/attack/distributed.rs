//! The distributed forms of the attacks: from many /24 networks at once (loopback
//! addresses 127.0.N.x, N from 40), as a small botnet or a few cloud hosts would.

use std::time::{Duration, Instant};

use ashta_table::protocol::ClientMessage;
use serde_json::{json, Value};

use super::{client_from, create, health, next, send, socket_from};

/// Address `a` of network `n` of the distributed attackers: 127.0.(40 + n).(a + 2).
fn node(n: usize, a: usize) -> [u8; 4] {
    [127, 0, 40 + n as u8, a as u8 + 2]
}

fn two_people() -> Value {
    json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
}

/// Seat 0 of a created game connects, throws once and leaves.
async fn throw_once(ip: [u8; 4], ws_base: &str, created: &Value) -> bool {
    let id = created["id"].as_str().unwrap_or("");
    let token = created["seats"][0]["token"].as_str().unwrap_or("");
    let url = format!("{ws_base}/api/games/{id}/ws?seat=0&token={token}");
    let Ok(mut ws) = socket_from(ip, &url, None).await else {
        return false;
    };
    send(&mut ws, &ClientMessage::Hello { since: 0 }).await;
    next(&mut ws, Duration::from_secs(10)).await;
    send(&mut ws, &ClientMessage::Throw).await;
    while let Some(m) = next(&mut ws, Duration::from_secs(10)).await {
        if m["type"] == "event" || m["type"] == "error" {
            return m["type"] == "event";
        }
    }
    false
}

/// 102 addresses in 17 /24s create two-person games until refused, throwing once in
/// each, for `secs`; then a newcomer of another network tries to create a game every
/// 5 s. Prints what the attack held and how long after its end the newcomer got in.
pub async fn many_networks(base: &str, secs: u64) {
    let ws_base = base.replacen("http", "ws", 1);
    let stop = Instant::now() + Duration::from_secs(secs);
    let mut tasks = Vec::new();
    for n in 0..17 {
        for a in 0..6 {
            let (base, ws_base) = (base.to_string(), ws_base.clone());
            tasks.push(tokio::spawn(async move {
                let ip = node(n, a);
                let client = client_from(ip);
                let (mut made, mut refused, mut thrown) = (0u64, 0u64, 0u64);
                while Instant::now() < stop {
                    let (status, created) = create(&client, &base, &two_people()).await;
                    if status == 201 {
                        made += 1;
                        thrown += u64::from(throw_once(ip, &ws_base, &created).await);
                    } else {
                        refused += 1;
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    }
                }
                (made, refused, thrown)
            }));
        }
    }
    let (mut made, mut refused, mut thrown) = (0, 0, 0);
    for t in tasks {
        let (m, r, th) = t.await.unwrap_or_default();
        made += m;
        refused += r;
        thrown += th;
    }
    let ended = Instant::now();
    let h = health(base).await;
    println!(
        "102 addresses in 17 /24s for {secs} s: {made} games created (a throw in {thrown}), {refused} refusals; the server then had {} games playing",
        h["games"]["playing"]
    );
    let newcomer = client_from(super::NEWCOMER);
    let mut tries = 0;
    loop {
        tries += 1;
        let (status, body) = create(&newcomer, base, &super::against_bot()).await;
        if status == 201 {
            println!(
                "newcomer of 127.0.6.0/24: created a game {:.0} s after the attack ended ({tries} tries)",
                ended.elapsed().as_secs_f64()
            );
            break;
        }
        if ended.elapsed() > Duration::from_secs(600) {
            println!("newcomer of 127.0.6.0/24: still refused 600 s after the attack ended: {status} {body}");
            break;
        }
        tokio::time::sleep(Duration::from_secs(5)).await;
    }
}

/// 1,000 spectators of 10 /24s (100 each) ask for a finished game of bots (its whole
/// state) again and again and never read, while the honest player plays; prints how
/// many the server closed within 30 s, and the honest player's latency.
pub async fn unread_spectators(base: &str) {
    let http = client_from([127, 0, 7, 9]);
    let (status, created) = create(
        &http,
        base,
        &json!({"players": 2, "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}),
    )
    .await;
    if status != 201 {
        println!("could not create the watched game: {status} {created}");
        return;
    }
    let id = created["id"].as_str().unwrap_or("").to_string();
    // Watched while it is played: the state grows with each event.
    let url = format!("{}/api/games/{id}/ws", base.replacen("http", "ws", 1));
    let before = health(base).await["slow_readers_closed"]
        .as_u64()
        .unwrap_or(0);
    let latencies = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let started = Instant::now();
    let honest = tokio::spawn(super::honest(
        base.to_string(),
        started + Duration::from_secs(40),
        latencies.clone(),
    ));
    let mut tasks = Vec::new();
    for n in 0..10 {
        for a in 0..100 {
            let url = url.clone();
            tasks.push(tokio::spawn(async move {
                let Ok(mut ws) = socket_from([127, 0, 60 + n as u8, a as u8 + 2], &url, None).await
                else {
                    return None;
                };
                let hello = ClientMessage::Hello { since: 0 }.to_text();
                use futures_util::SinkExt;
                let stop = Instant::now() + Duration::from_secs(35);
                while Instant::now() < stop {
                    let message =
                        tokio_tungstenite::tungstenite::Message::Text(hello.clone().into());
                    match tokio::time::timeout(Duration::from_secs(1), ws.send(message)).await {
                        Ok(Ok(())) => tokio::time::sleep(Duration::from_millis(200)).await,
                        Ok(Err(_)) => return Some(ws),
                        Err(_) => {}
                    }
                }
                Some(ws)
            }));
        }
    }
    let mut connected = 0;
    let mut closed_by = None;
    let mut held = Vec::new();
    loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let closed = health(base).await["slow_readers_closed"]
            .as_u64()
            .unwrap_or(0)
            - before;
        if closed >= 1000 && closed_by.is_none() {
            closed_by = Some(started.elapsed());
        }
        if started.elapsed() > Duration::from_secs(36) {
            println!(
                "1,000 unread spectators of 10 /24s: {closed} closed by the server within {:.0} s{}",
                started.elapsed().as_secs_f64(),
                closed_by.map_or(String::new(), |t| format!(
                    " (all 1,000 by {:.0} s)",
                    t.as_secs_f64()
                ))
            );
            break;
        }
    }
    for t in tasks {
        if let Ok(Some(ws)) = t.await {
            connected += 1;
            held.push(ws);
        }
    }
    drop(held);
    let said = honest.await.unwrap_or_default();
    let mut lat = latencies.lock().unwrap().clone();
    lat.sort_unstable();
    println!(
        "  ({connected} spectators had connected); honest player's action -> its event meanwhile: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} actions; {said})",
        super::percentile(&lat, 0.5),
        super::percentile(&lat, 0.99),
        super::percentile(&lat, 1.0),
        lat.len()
    );
}

/// 17 networks of 6 addresses create two-person games and play them as fast as they
/// may, for `secs`, while an honest player finishes a game and keeps another in play;
/// prints the database's files at their largest and whether the honest games are
/// still there (run the server with `--max-db-mb 30`).
pub async fn database(base: &str, secs: u64, db: Option<&std::path::Path>) {
    let ws_base = base.replacen("http", "ws", 1);
    // The honest player's finished game, then one in play.
    let honest = client_from(super::HONEST);
    let (_, finished) = create(&honest, base, &super::against_bot()).await;
    let finished_id = finished["id"].as_str().unwrap_or("").to_string();
    play_to_end(&ws_base, &finished).await;
    let (_, playing) = create(&honest, base, &super::against_bot()).await;
    let playing_id = playing["id"].as_str().unwrap_or("").to_string();
    throw_once(super::HONEST, &ws_base, &playing).await;
    let stop = Instant::now() + Duration::from_secs(secs);
    let mut tasks = Vec::new();
    for n in 0..17 {
        for a in 0..6 {
            let (base, ws_base) = (base.to_string(), ws_base.clone());
            tasks.push(tokio::spawn(async move {
                let ip = node(n, a);
                let client = client_from(ip);
                let mut refused = 0u64;
                while Instant::now() < stop {
                    let (status, created) = create(&client, &base, &two_people()).await;
                    if status != 201 {
                        refused += 1;
                        tokio::time::sleep(Duration::from_millis(500)).await;
                        continue;
                    }
                    play_both(ip, &ws_base, &created, stop).await;
                }
                refused
            }));
        }
    }
    let mut largest = 0u64;
    let files = |db: &std::path::Path| -> u64 {
        ["", "-wal"]
            .iter()
            .map(|s| {
                let mut p = db.as_os_str().to_owned();
                p.push(s);
                std::fs::metadata(p).map_or(0, |m| m.len())
            })
            .sum()
    };
    while Instant::now() < stop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        if let Some(db) = db {
            largest = largest.max(files(db));
        }
    }
    let mut refused = 0;
    for t in tasks {
        refused += t.await.unwrap_or_default();
    }
    let h = health(base).await;
    let status_of = |id: String| {
        let c = client_from([127, 0, 7, 8]);
        let url = format!("{base}/api/games/{id}");
        async move { c.get(url).send().await.map_or(0, |r| r.status().as_u16()) }
    };
    println!(
        "17 /24s playing as fast as they may for {secs} s: {refused} creations refused; database files at most {:.1} MB (live {:.1} MB of {:.1} MB); pruned for space {}; the honest finished game: {}, the honest game in play: {}",
        largest as f64 / 1e6,
        h["db_live_bytes"].as_u64().unwrap_or(0) as f64 / 1e6,
        h["db_max_bytes"].as_u64().unwrap_or(0) as f64 / 1e6,
        h["pruned_for_space"],
        status_of(finished_id).await,
        status_of(playing_id).await,
    );
}

/// Seat 0 plays a game against a bot to its end.
async fn play_to_end(ws_base: &str, created: &Value) {
    let id = created["id"].as_str().unwrap_or("");
    let token = created["seats"][0]["token"].as_str().unwrap_or("");
    let url = format!("{ws_base}/api/games/{id}/ws?seat=0&token={token}");
    let Ok(mut ws) = socket_from(super::HONEST, &url, None).await else {
        return;
    };
    send(&mut ws, &ClientMessage::Hello { since: 0 }).await;
    while let Some(m) = next(&mut ws, Duration::from_secs(30)).await {
        if super::turn(&m).is_some_and(|t| t.over) {
            return;
        }
        if let Some(a) = super::action(&m) {
            send(&mut ws, &a).await;
        }
    }
}

/// Both seats of a two-person game act as fast as they may until `stop` or its end.
async fn play_both(ip: [u8; 4], ws_base: &str, created: &Value, stop: Instant) {
    let id = created["id"].as_str().unwrap_or("");
    let mut seats = Vec::new();
    for s in 0..2 {
        let token = created["seats"][s]["token"].as_str().unwrap_or("");
        let url = format!("{ws_base}/api/games/{id}/ws?seat={s}&token={token}");
        let Ok(mut ws) = socket_from(ip, &url, None).await else {
            return;
        };
        send(&mut ws, &ClientMessage::Hello { since: 0 }).await;
        seats.push(ws);
    }
    let mut last = next(&mut seats[0], Duration::from_secs(10)).await;
    while let Some(m) = last.take() {
        let view = super::turn(&m);
        if Instant::now() > stop || view.as_ref().is_some_and(|t| t.over) {
            return;
        }
        if let Some(t) = view {
            let a = t.first_action().unwrap_or(ClientMessage::Throw);
            send(&mut seats[usize::from(t.to_move).min(1)], &a).await;
        }
        last = next(&mut seats[0], Duration::from_secs(10)).await;
    }
}
