//! `ashta serve` ends within 5 s of SIGTERM, even with bots deep in long searches and
//! a WebSocket open (the attack of rules made to be slow once kept a server searching
//! for 30 minutes).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

#[test]
fn sigterm_ends_the_server_within_five_seconds_searches_included() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ashta"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--bot-delay-ms",
            "1",
            "--bot-time-ms",
            "60000",
        ])
        .arg("--db")
        .arg(dir.path().join("t.sqlite"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ashta serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    // Bots of every searching kind on rules where each step is slow, a minute a decision.
    let faces: Vec<Value> = (0..16)
        .map(|u| json!({"value": u + 1, "grace": u >= 8}))
        .collect();
    let rules = json!({"preset": "standard", "pawns": 16, "cowries": 15, "throws": faces});
    let http = reqwest::blocking::Client::new();
    let mut ids = Vec::new();
    for levels in [["master", "medium"], ["default", "hard"]] {
        let body = json!({
            "rules": rules, "size": 15, "players": 2,
            "seats": [{"kind": "bot", "level": levels[0]}, {"kind": "bot", "level": levels[1]}]
        });
        let r = http
            .post(format!("http://{addr}/api/games"))
            .json(&body)
            .send()
            .unwrap();
        assert_eq!(r.status().as_u16(), 201);
        let created: Value = r.json().unwrap();
        ids.push(created["id"].as_str().unwrap().to_string());
    }
    // A spectator stays connected.
    let (_ws, _) = tungstenite::connect(format!("ws://{addr}/api/games/{}/ws", ids[0])).unwrap();
    // Let the bots get well into their searches.
    std::thread::sleep(Duration::from_millis(2500));
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let t = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{status:?}");
            break;
        }
        if t.elapsed() > Duration::from_secs(5) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the server was still running 5 s after SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    eprintln!("the server ended {:?} after SIGTERM", t.elapsed());
}
