//! The hint flood: 100 addresses of one /24 (127.0.70.x) each hold a game against a bot
//! at a bag with a choice and ask for hints as fast as the server answers, while an
//! honest game of 127.0.5.2 plays a `medium` bot. The honest game's bot turns (from the
//! turn passing to the bot to its coming back) are timed first with no flood, then under
//! it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ashta_table::protocol::ClientMessage;
use serde_json::json;

use super::{
    action, client_from, create, honest_game, next, percentile, send, socket_from, turn, HONEST,
};

/// The flooding address `a` (0 to 99): 127.0.70.(a + 2).
fn flooder(a: usize) -> [u8; 4] {
    [127, 0, 70, a as u8 + 2]
}

/// The honest player plays seat 0 against a `medium` bot until `stop`, games one after
/// another, and records each bot turn's length in microseconds.
async fn bot_turns(base: String, stop: Instant, turns: Arc<Mutex<Vec<u64>>>) -> String {
    let http = client_from(HONEST);
    let mut games = 0;
    while Instant::now() < stop {
        let mut ws = match honest_game(&http, &base).await {
            Ok(ws) => ws,
            Err(why) => return why,
        };
        games += 1;
        let mut bot_since: Option<Instant> = None;
        while Instant::now() < stop {
            let Some(m) = next(&mut ws, Duration::from_secs(60)).await else {
                return "honest player's socket closed or went quiet".into();
            };
            if m["type"] == "error" {
                return format!("honest player got an error: {m}");
            }
            let view = turn(&m);
            if view.as_ref().is_some_and(|t| t.over) {
                break;
            }
            match view.map(|t| t.to_move) {
                Some(1) if bot_since.is_none() => bot_since = Some(Instant::now()),
                Some(0) => {
                    if let Some(since) = bot_since.take() {
                        turns
                            .lock()
                            .unwrap()
                            .push(since.elapsed().as_micros() as u64);
                    }
                }
                _ => {}
            }
            if let Some(a) = action(&m) {
                tokio::time::sleep(Duration::from_millis(150)).await;
                send(&mut ws, &a).await;
            }
        }
    }
    format!("{games} honest games")
}

/// One flooder: a game against a bot, played to a bag where seat 0 has a choice, then
/// hints asked for one after another until `stop`. Returns the answers by status.
async fn flood_one(base: String, a: usize, stop: Instant) -> BTreeMap<u16, u64> {
    let mut answers = BTreeMap::new();
    let ip = flooder(a);
    let http = client_from(ip);
    let body =
        json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]});
    let (status, created) = create(&http, &base, &body).await;
    if status != 201 {
        *answers.entry(status).or_default() += 1;
        return answers;
    }
    let id = created["id"].as_str().unwrap_or("").to_string();
    let token = created["seats"][0]["token"]
        .as_str()
        .unwrap_or("")
        .to_string();
    let url = format!(
        "{}/api/games/{id}/ws?seat=0&token={token}",
        base.replacen("http", "ws", 1)
    );
    let Ok(mut ws) = socket_from(ip, &url, None).await else {
        return answers;
    };
    send(&mut ws, &ClientMessage::Hello { since: 0 }).await;
    // Until seat 0 has a bag with two moves or more to choose from.
    loop {
        let Some(m) = next(&mut ws, Duration::from_secs(60)).await else {
            return answers;
        };
        let view = turn(&m);
        if view.as_ref().is_some_and(|t| t.over) || Instant::now() > stop {
            return answers;
        }
        if view.is_some_and(|t| t.to_move == 0 && !t.must_throw && t.legal.len() >= 2) {
            break;
        }
        if let Some(a) = action(&m) {
            send(&mut ws, &a).await;
        }
    }
    let path = format!("{base}/api/games/{id}/hint?seat=0&token={token}");
    while Instant::now() < stop {
        let status = match http.get(&path).send().await {
            Ok(r) => r.status().as_u16(),
            Err(_) => 0,
        };
        *answers.entry(status).or_default() += 1;
    }
    drop(ws);
    answers
}

/// Prints the bot turns' p50, p99 and max.
fn summary(label: &str, turns: &Mutex<Vec<u64>>) -> f64 {
    let mut t = turns.lock().unwrap().clone();
    t.sort_unstable();
    let p99 = percentile(&t, 0.99);
    println!(
        "{label}: the honest game's bot turn p50 {:.0} ms, p99 {p99:.0} ms, max {:.0} ms ({} turns)",
        percentile(&t, 0.5),
        percentile(&t, 1.0),
        t.len()
    );
    p99
}

/// The honest game's bot turns for `secs` with no flood, then for `secs` under the
/// flood of 100 addresses of 127.0.70.0/24; prints both and the hints' answers.
pub async fn hint_flood(base: &str, secs: u64) {
    let quiet = Arc::new(Mutex::new(Vec::new()));
    let said = bot_turns(
        base.to_string(),
        Instant::now() + Duration::from_secs(secs),
        quiet.clone(),
    )
    .await;
    let quiet_p99 = summary(&format!("quiet, {secs} s ({said})"), &quiet);
    let stop = Instant::now() + Duration::from_secs(secs);
    let flooders: Vec<_> = (0..100)
        .map(|a| tokio::spawn(flood_one(base.to_string(), a, stop)))
        .collect();
    let busy = Arc::new(Mutex::new(Vec::new()));
    let said = bot_turns(base.to_string(), stop, busy.clone()).await;
    let mut answers: BTreeMap<u16, u64> = BTreeMap::new();
    for f in flooders {
        for (status, n) in f.await.unwrap_or_default() {
            *answers.entry(status).or_default() += n;
        }
    }
    let busy_p99 = summary(
        &format!("under a hint flood from 100 addresses of 127.0.70.0/24, {secs} s ({said})"),
        &busy,
    );
    println!("  hint answers by status: {answers:?}");
    let bound = 1.5 * quiet_p99 + 1000.0;
    println!(
        "  target: p99 under the flood within 1.5 x quiet + 1 s = {bound:.0} ms: {}",
        if busy_p99 <= bound {
            "reached"
        } else {
            "NOT reached"
        }
    );
}
