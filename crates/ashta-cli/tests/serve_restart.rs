//! `ashta serve` survives SIGKILL: games in progress resume where they stood (bots too),
//! finished games stay listed, and a finished game's record passes `ashta verify`.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// A running `ashta serve`.
struct Serve {
    child: Child,
    base: String,
    ws: String,
}

impl Serve {
    /// Starts the server on a free port with the database at `db`.
    fn start(db: &Path) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ashta"))
            .args([
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--bot-delay-ms",
                "30",
                "--bot-time-ms",
                "50",
            ])
            .arg("--db")
            .arg(db)
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
        Serve {
            child,
            base: format!("http://{addr}"),
            ws: format!("ws://{addr}"),
        }
    }

    fn get(&self, path: &str) -> Value {
        reqwest::blocking::get(format!("{}{path}", self.base))
            .unwrap()
            .json()
            .unwrap()
    }

    fn create(&self, body: Value) -> Value {
        let r = reqwest::blocking::Client::new()
            .post(format!("{}/api/games", self.base))
            .json(&body)
            .send()
            .unwrap();
        assert_eq!(r.status().as_u16(), 201);
        r.json().unwrap()
    }

    fn seat(&self, created: &Value, seat: usize) -> Socket {
        let url = format!(
            "{}/api/games/{}/ws?seat={seat}&token={}",
            self.ws,
            created["id"].as_str().unwrap(),
            created["seats"][seat]["token"].as_str().unwrap()
        );
        let (ws, _) = tungstenite::connect(url).unwrap();
        if let MaybeTlsStream::Plain(s) = ws.get_ref() {
            s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        }
        Socket { ws }
    }

    /// SIGKILL: no chance to flush or close anything.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Socket {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
}

impl Socket {
    /// Sends a message, keeping under the server's 20 messages a second.
    fn send(&mut self, v: Value) {
        std::thread::sleep(Duration::from_millis(55));
        self.ws.send(Message::Text(v.to_string().into())).unwrap();
    }
    /// The next message but `presence` notices (who came or left).
    fn next(&mut self) -> Value {
        loop {
            match self.ws.read().unwrap() {
                Message::Text(t) => {
                    let m: Value = serde_json::from_str(&t).unwrap();
                    if m["type"] != "presence" {
                        return m;
                    }
                }
                _ => continue,
            }
        }
    }
}

/// What a seat's socket has told it.
struct View {
    position: Value,
    legal: Value,
    must_throw: bool,
    version: u64,
    over: bool,
}

impl View {
    fn hello(s: &mut Socket) -> View {
        s.send(json!({"type": "hello", "since": 0}));
        let m = s.next();
        let g = &m["game"];
        View {
            position: g["position"].clone(),
            legal: g["legal"].clone(),
            must_throw: g["must_throw"] == true,
            version: g["version"].as_u64().unwrap(),
            over: g["status"] == "finished",
        }
    }
    fn apply(&mut self, m: &Value) {
        assert_eq!(m["type"], "event", "{m}");
        self.version = m["event"]["version"].as_u64().unwrap();
        self.position = m["event"]["position"].clone();
        self.legal = m["legal"].clone();
        self.must_throw = m["must_throw"] == true;
        self.over |= m["event"]["kind"] == "finished";
    }
    fn to_move(&self) -> usize {
        self.position["to_move"].as_u64().unwrap() as usize
    }
    fn action(&self) -> Value {
        if self.must_throw {
            json!({"type": "throw"})
        } else {
            let m = &self.legal[0];
            json!({"type": "move", "move": {"value": m["value"], "from": m["from"], "count": m["count"]}})
        }
    }
}

fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn games_resume_after_sigkill_and_finished_records_verify() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite");
    let server = Serve::start(&db);

    // Two people play a few events.
    let people =
        server.create(json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}));
    let people_id = people["id"].as_str().unwrap().to_string();
    let mut sockets = [server.seat(&people, 0), server.seat(&people, 1)];
    let mut view = View::hello(&mut sockets[0]);
    View::hello(&mut sockets[1]);
    while view.version < 6 && !view.over {
        let seat = view.to_move();
        sockets[seat].send(view.action());
        let m = sockets[0].next();
        view.apply(&m);
    }
    // Someone plays a bot to the end.
    let solo = server.create(
        json!({"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}),
    );
    let solo_id = solo["id"].as_str().unwrap().to_string();
    let mut me = server.seat(&solo, 0);
    let mut mine = View::hello(&mut me);
    while !mine.over {
        if mine.to_move() == 0 {
            me.send(mine.action());
        }
        let m = me.next();
        mine.apply(&m);
    }
    // Bots play each other, slowly enough to be killed in the middle.
    let bots = server.create(json!({"players": 4, "seats": [
        {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"},
        {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}));
    let bots_id = bots["id"].as_str().unwrap().to_string();
    wait_for("the bots to start", || {
        server.get(&format!("/api/games/{bots_id}"))["version"]
            .as_u64()
            .unwrap()
            >= 3
    });

    let people_before = server.get(&format!("/api/games/{people_id}"));
    let bots_before = server.get(&format!("/api/games/{bots_id}"))["version"]
        .as_u64()
        .unwrap();
    drop(sockets);
    drop(me);
    server.kill();

    let server = Serve::start(&db);
    let people_after = server.get(&format!("/api/games/{people_id}"));
    assert_eq!(people_after["version"], people_before["version"]);
    assert_eq!(people_after["position"], people_before["position"]);
    assert_eq!(people_after["status"], "playing");
    // The bots resumed on their own.
    wait_for("the bots to play on", || {
        let v = server.get(&format!("/api/games/{bots_id}"))["version"]
            .as_u64()
            .unwrap();
        v > bots_before + 2
    });
    // The people's game goes on where it stood.
    let mut sockets = [server.seat(&people, 0), server.seat(&people, 1)];
    let mut view = View::hello(&mut sockets[0]);
    View::hello(&mut sockets[1]);
    assert_eq!(view.version, people_before["version"].as_u64().unwrap());
    if !view.over {
        let seat = view.to_move();
        sockets[seat].send(view.action());
        let m = sockets[0].next();
        view.apply(&m);
        assert_eq!(view.version, people_before["version"].as_u64().unwrap() + 1);
    }
    // The finished game is listed, and its record verifies.
    let list = server.get("/api/games");
    let listed = list["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == solo_id.as_str())
        .expect("the finished game is listed")
        .clone();
    assert_eq!(listed["status"], "finished");
    let record = server.get(&format!("/api/games/{solo_id}/record"));
    assert!(record["seed"].is_u64());
    let file = dir.path().join("solo.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let verify = Command::new(env!("CARGO_BIN_EXE_ashta"))
        .arg("verify")
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&verify.stdout);
    assert!(
        verify.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&verify.stderr)
    );
    assert!(stdout.contains("every throw is the one seed"), "{stdout}");
    assert!(stdout.contains("committed to before the game"), "{stdout}");
}
