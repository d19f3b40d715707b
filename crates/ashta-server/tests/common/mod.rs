//! The scaffolding of the server's tests, in one place: a server on a free loopback
//! port with a temporary database (settings changed, started again on the same
//! database, stopped as a restart does), HTTP clients from other addresses, a
//! WebSocket client that reads the messages, what a seat knows from them, and the
//! record of a finished game replayed.

#![allow(dead_code)]

use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};
use std::time::Duration;

use ashta_engine::{Game, Record};
use ashta_server::{serve_app, App, ServerConfig};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for one message.
pub const WAIT: Duration = Duration::from_secs(20);

/// A running server.
pub struct Server {
    pub base: String,
    pub ws_base: String,
    pub db: PathBuf,
    pub task: tokio::task::JoinHandle<()>,
    pub http: reqwest::Client,
    pub app: std::sync::Arc<App>,
    _dir: Option<tempfile::TempDir>,
}

/// Settings for tests: fast bots, no pauses.
pub fn test_config(db: PathBuf) -> ServerConfig {
    let mut c = ServerConfig::new(db);
    c.bot_delay = Duration::from_millis(1);
    c.bot_time = Duration::from_millis(50);
    // Test clients act as fast as they can; the rate limit has its own test.
    c.ws_messages_per_second = 10_000;
    // Every test client is on the loopback address; the caps have their own tests.
    c.max_connections_per_address = 10_000;
    c.hints_per_minute = 10_000;
    c.reviews_per_minute = 10_000;
    c.reads_per_second = 100_000;
    c.player_connection_reserve = 0;
    c.max_games_per_address = 10_000;
    c.max_bot_games_per_address = 10_000;
    c.max_bot_games = 10_000;
    // Test clients act as fast as they can; the limits on seats and games, and the
    // shares of a network, have their own tests.
    c.actions_per_seat_per_second = 10_000;
    c.actions_per_game_per_second = 10_000;
    c.max_undos_per_game = 10_000;
    c.max_sockets_per_seat = 10_000;
    c.network_share_percent = 100;
    c.network_creates_per_minute = 10_000;
    c.names_per_network_per_day = 10_000;
    c
}

impl Server {
    /// A server with a fresh database.
    pub async fn start() -> Server {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("test.sqlite");
        let mut s = Server::start_with(test_config(db)).await;
        s._dir = Some(dir);
        s
    }

    /// A server on a fresh database with the test settings changed by `config`; the
    /// database's folder lives as long as the directory returned.
    pub async fn with(config: impl FnOnce(&mut ServerConfig)) -> (Server, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        (Server::start_in(dir.path(), config).await, dir)
    }

    /// A server on the database in `dir` (made if new) with the test settings changed
    /// by `config`: started again on the same `dir`, it is a server after a restart.
    pub async fn start_in(dir: &Path, config: impl FnOnce(&mut ServerConfig)) -> Server {
        let mut c = test_config(dir.join("test.sqlite"));
        config(&mut c);
        Server::start_with(c).await
    }

    /// Stops the server as a restart does: its rooms shut down, its task ended.
    pub fn stop(self) {
        self.app.shut_down();
        self.task.abort();
    }

    /// A server with these settings.
    pub async fn start_with(config: ServerConfig) -> Server {
        let db = config.db.clone();
        let app = App::open(config).await.unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let task = tokio::spawn(serve_app(app.clone(), listener, std::future::pending()));
        Server {
            base: format!("http://{addr}"),
            ws_base: format!("ws://{addr}"),
            db,
            task,
            http: reqwest::Client::new(),
            app,
            _dir: None,
        }
    }

    pub async fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .json(body)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn post_raw(&self, path: &str, body: Vec<u8>) -> (u16, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// Creates a game; panics unless it is created.
    pub async fn create(&self, body: Value) -> Value {
        let (status, created) = self.post("/api/games", &body).await;
        assert_eq!(status, 201, "{created}");
        created
    }

    /// The snapshot of a game.
    pub async fn snapshot(&self, id: &str) -> Value {
        let (status, snap) = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{snap}");
        snap
    }

    /// Connects to a game's socket with this query (`""` to spectate).
    pub async fn connect(&self, id: &str, query: &str) -> Client {
        let url = format!("{}/api/games/{id}/ws{query}", self.ws_base);
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Client { ws }
    }

    /// Connects seat `seat` of a created game and says hello; returns the client and
    /// what the seat knows.
    pub async fn join(&self, created: &Value, seat: usize) -> (Client, View) {
        let mut c = self.seat(created, seat).await;
        let state = c.hello(0).await;
        (c, View::of_state(&state))
    }

    /// The record of a finished game as the server sends it, and the game it replays
    /// to (every throw checked against the revealed seed).
    pub async fn finished_record(&self, id: &str) -> (Value, Game) {
        let (status, record) = self.get(&format!("/api/games/{id}/record")).await;
        assert_eq!(status, 200, "{record}");
        let parsed: Record = serde_json::from_value(record.clone()).unwrap();
        let game = Game::replay(&parsed).expect("the record verifies");
        assert!(game.position().is_over(), "the game is over");
        (record, game)
    }

    /// Two games of two people: one nobody has played in, and one whose first seat
    /// has thrown; their ids, in that order. The server is dropped after (its games
    /// are stored), for a server started again on the same database to find them.
    pub async fn unplayed_and_played(self) -> (String, String) {
        let unplayed = self.create(two_humans()).await["id"]
            .as_str()
            .unwrap()
            .to_string();
        let created = self.create(two_humans()).await;
        let mut c = self.seat(&created, 0).await;
        c.hello(0).await;
        c.send(json!({"type": "throw"})).await;
        c.next_of("event").await;
        (unplayed, created["id"].as_str().unwrap().to_string())
    }

    /// Connects as a seat of a created game.
    pub async fn seat(&self, created: &Value, seat: usize) -> Client {
        let token = created["seats"][seat]["token"].as_str().unwrap();
        let id = created["id"].as_str().unwrap();
        self.connect(id, &format!("?seat={seat}&token={token}"))
            .await
    }
}

/// Two human seats of the standard rules.
pub fn two_humans() -> Value {
    json!({"rules": "standard", "players": 2,
           "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]})
}

/// One human against `bots` random bots.
pub fn against_bots(bots: usize) -> Value {
    let mut seats = vec![json!({"kind": "human", "name": "Me"})];
    seats.extend((0..bots).map(|_| json!({"kind": "bot", "level": "random"})));
    json!({"rules": "standard", "players": bots + 1, "seats": seats})
}

/// Two random bots of the standard rules.
pub fn bots_only() -> Value {
    json!({"rules": "standard", "players": 2,
           "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]})
}

/// An HTTP client whose connections come from `ip` (a loopback address other than the
/// tests' own), each closed after its response.
pub fn client_from(ip: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::from(ip)))
        .pool_max_idle_per_host(0)
        .build()
        .unwrap()
}

/// A WebSocket client.
pub struct Client {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    pub async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .unwrap();
    }

    pub async fn send_text(&mut self, t: String) {
        self.ws.send(Message::Text(t.into())).await.unwrap();
    }

    /// The next JSON message but `presence` notices (who came or left, which most
    /// tests do not follow); `None` when the socket closes.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let m = self.next_any().await?;
            if m["type"] != "presence" {
                return Some(m);
            }
        }
    }

    /// The next JSON message of any type; `None` when the socket closes.
    pub async fn next_any(&mut self) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message in time");
            match m {
                Some(Ok(Message::Text(t))) => return Some(serde_json::from_str(&t).unwrap()),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The next message of this type (others skipped).
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let m = self.next_any().await.expect("the socket stays open");
            if m["type"] == kind {
                return m;
            }
        }
    }

    /// Sends hello and returns the answer's first message.
    pub async fn hello(&mut self, since: u64) -> Value {
        self.send(json!({"type": "hello", "since": since})).await;
        self.next().await.expect("an answer to hello")
    }

    /// Sends a message and returns the error it gets (events in between skipped).
    pub async fn expect_error(&mut self, v: Value) -> Value {
        self.send(v).await;
        self.next_of("error").await
    }
}

/// The seat to move in an event message or a snapshot's position.
pub fn to_move(position: &Value) -> u64 {
    position["to_move"].as_u64().unwrap()
}

/// What a seat knows of the game from the messages it got: the position, its legal
/// moves, whether it must throw, the version, and the result once the game is over.
pub struct View {
    pub position: Value,
    pub legal: Value,
    pub must_throw: bool,
    pub version: u64,
    pub finished: Option<Value>,
}

impl View {
    /// The view a `state` message gives.
    pub fn of_state(state: &Value) -> View {
        assert_eq!(state["type"], "state", "{state}");
        let g = &state["game"];
        View {
            position: g["position"].clone(),
            legal: g["legal"].clone(),
            must_throw: g["must_throw"].as_bool().unwrap(),
            version: g["version"].as_u64().unwrap(),
            finished: (g["status"] == "finished").then(|| g["result"].clone()),
        }
    }

    /// Takes an event message in, checking it comes in version order; other messages
    /// (presence, errors) change nothing.
    pub fn apply(&mut self, message: &Value) {
        if message["type"] != "event" {
            return;
        }
        let e = &message["event"];
        let v = e["version"].as_u64().unwrap();
        assert_eq!(
            v,
            self.version + 1,
            "events come in version order: {message}"
        );
        self.version = v;
        self.position = e["position"].clone();
        self.legal = message["legal"].clone();
        self.must_throw = message["must_throw"].as_bool().unwrap();
        if e["kind"] == "finished" {
            self.finished = Some(e.clone());
        }
    }

    /// The first legal move, as a client sends it.
    pub fn first_move(&self) -> Value {
        let m = &self.legal[0];
        json!({"type": "move", "move": {"value": m["value"], "from": m["from"], "count": m["count"]}})
    }

    /// What the seat to move sends: a throw, or the first legal move.
    pub fn action(&self) -> Value {
        if self.must_throw {
            json!({"type": "throw"})
        } else {
            self.first_move()
        }
    }
}
