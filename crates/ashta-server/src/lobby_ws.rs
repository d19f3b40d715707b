//! The lobby's WebSocket, `GET /api/lobby/ws`: it sends the open seeks whenever they
//! change, takes a person's `seek`, `cancel` and `fill`, and tells each person of a seek
//! that became a game their seat (docs/web-api.md, "Lobby").

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::mpsc;

use crate::app::App;
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::lobby::{Member, Placed, Seek, Want};
use crate::people::http::{blocking, player_of_key};
use crate::people::rating;
use crate::people::store::Seated;
use ashta_table::protocol::{CreateRequest, SeatOccupant};

/// Largest message the lobby takes.
const MAX_MESSAGE: usize = 4096;

/// The bot level that fills a seek's empty seats.
pub const FILL_LEVEL: &str = "medium";

/// A message of a lobby client.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum LobbyMessage {
    /// "Play someone": join a matching seek or open one.
    Seek {
        key: String,
        #[serde(default = "standard")]
        preset: String,
        #[serde(default = "two")]
        players: u8,
        #[serde(default)]
        turn_timer_secs: Option<u32>,
        #[serde(default = "yes")]
        rated: bool,
    },
    /// Leave one's seek.
    Cancel,
    /// Fill one's seek's empty seats with bots (after the stated wait).
    Fill,
}

fn standard() -> String {
    "standard".into()
}
fn two() -> u8 {
    2
}
fn yes() -> bool {
    true
}

fn error(message: impl std::fmt::Display) -> String {
    json!({"type": "error", "message": message.to_string()}).to_string()
}

fn seeks_message(app: &App) -> String {
    json!({
        "type": "seeks",
        "seeks": app.lobby.views(),
        "bots_after_secs": app.config.seek_bots_after.as_secs(),
    })
    .to_string()
}

/// `GET /api/lobby`: the open seeks.
pub async fn list(State(app): State<Arc<App>>) -> Response {
    axum::Json(json!({
        "seeks": app.lobby.views(),
        "bots_after_secs": app.config.seek_bots_after.as_secs(),
    }))
    .into_response()
}

/// `GET /api/lobby/ws`.
pub async fn upgrade(
    ws: WebSocketUpgrade,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    State(app): State<Arc<App>>,
) -> Response {
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| connection(socket, app, client.ip()))
}

async fn connection(socket: WebSocket, app: Arc<App>, ip: IpAddr) {
    let conn = app.lobby.next_conn.fetch_add(1, Ordering::Relaxed) + 1;
    let (out_tx, mut out_rx) = mpsc::unbounded_channel();
    app.lobby.outboxes().insert(conn, out_tx);
    let mut changed = app.lobby.changed.subscribe();
    let (mut sink, mut stream) = socket.split();
    let mut closing = app.closing();
    let mut ok = sink
        .send(Message::Text(seeks_message(&app).into()))
        .await
        .is_ok();
    while ok {
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    if let Some(answer) = handle(&app, conn, ip, text.as_str()).await {
                        ok = sink.send(Message::Text(answer.into())).await.is_ok();
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
            out = out_rx.recv() => match out {
                Some(text) => ok = sink.send(Message::Text(text.into())).await.is_ok(),
                None => break,
            },
            c = changed.changed() => {
                if c.is_err() { break; }
                ok = sink.send(Message::Text(seeks_message(&app).into())).await.is_ok();
            }
            _ = closing.changed() => break,
        }
    }
    app.lobby.outboxes().remove(&conn);
    if app.lobby.seeks().leave(conn) {
        app.lobby.touch();
    }
}

/// Handles one message; returns the answer for this connection, if any.
async fn handle(app: &Arc<App>, conn: u64, ip: IpAddr, text: &str) -> Option<String> {
    let message: LobbyMessage = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(e) => return Some(error(format!("bad message: {e}"))),
    };
    match message {
        LobbyMessage::Cancel => {
            if app.lobby.seeks().leave(conn) {
                app.lobby.touch();
            }
            None
        }
        LobbyMessage::Fill => {
            let after = app.config.seek_bots_after.as_millis() as i64;
            let seek = app.lobby.seeks().fill(conn, now_ms(), after);
            match seek {
                Ok(seek) => {
                    app.lobby.touch();
                    start(app, seek, ip).await;
                    None
                }
                Err(why) => Some(error(why)),
            }
        }
        LobbyMessage::Seek {
            key,
            preset,
            players,
            turn_timer_secs,
            rated,
        } => {
            let want = Want {
                preset,
                players,
                turn_timer_secs,
                rated,
            };
            match seek(app, conn, ip, key, want).await {
                Ok(Some(id)) => Some(json!({"type": "waiting", "seek": id}).to_string()),
                Ok(None) => None,
                Err(e) => Some(error(e.message)),
            }
        }
    }
}

/// The game a seek asks for, with `humans` seats of people first and bots after.
fn request(want: &Want, names: &[String]) -> Result<CreateRequest, ApiError> {
    let mut seats: Vec<serde_json::Value> = names
        .iter()
        .map(|n| json!({"kind": "human", "name": n}))
        .collect();
    while seats.len() < usize::from(want.players) {
        seats.push(json!({"kind": "bot", "level": FILL_LEVEL}));
    }
    serde_json::from_value(json!({
        "rules": want.preset,
        "players": want.players,
        "seats": seats,
        "turn_timer_secs": want.turn_timer_secs,
    }))
    .map_err(|e| ApiError::bad_request(format!("preset: {e}")))
}

/// Places a person's seek; a seek that has its players starts. Returns the seek the
/// person waits in, if they wait.
async fn seek(
    app: &Arc<App>,
    conn: u64,
    ip: IpAddr,
    key: String,
    want: Want,
) -> Result<Option<u64>, ApiError> {
    // The rules must make a game this server plays: checked as a creation would be.
    crate::http::check_request(request(&want, &[])?)
        .map_err(|e| ApiError::bad_request(e.message))?;
    let player = player_of_key(app, key).await?;
    let network = app.network_of(ip);
    let net = network.clone();
    if player.banned || blocking(&app.players, move |s| s.network_banned(&net)).await? {
        return Err(ApiError::forbidden(
            "this name or network may not play with others here",
        ));
    }
    let member = Member {
        conn,
        player_id: player.id,
        name: player.name,
        network: network.clone(),
    };
    let placed = {
        let mut seeks = app.lobby.seeks();
        let max = app.config.max_seeks;
        let mine = seeks.of_network(&network);
        if seeks.len() >= max {
            return Err(ApiError::unavailable("the lobby is full; try again soon"));
        }
        if mine >= app.config.network_cap(max) {
            return Err(ApiError::rate_limited(format!(
                "this network has {mine} seeks open, its share of the lobby"
            )));
        }
        seeks.seek(want, member, now_ms())
    };
    app.lobby.touch();
    match placed {
        Placed::Waiting(id) => Ok(Some(id)),
        Placed::Full(seek) => {
            start(app, seek, ip).await;
            Ok(None)
        }
    }
}

/// Makes the game of a seek that left the lobby, seats its people (rated if it may
/// be) and tells each their seat; on failure tells each why.
async fn start(app: &Arc<App>, seek: Seek, ip: IpAddr) {
    let names: Vec<String> = seek.members.iter().map(|m| m.name.clone()).collect();
    let made = async {
        let (rules, config) = crate::http::check_request(request(&seek.want, &names)?)?;
        let preset = rules.preset.name().to_string();
        let (room, seats) = app.create(rules, config, Some(ip)).await?;
        let seated: Vec<Seated> = seek
            .members
            .iter()
            .enumerate()
            .map(|(i, m)| Seated {
                seat: i as u8,
                player_id: m.player_id,
                network: m.network.clone(),
            })
            .collect();
        let (id, pool, players, want_rated) = (
            room.id.clone(),
            rating::pool(&preset, seek.want.players),
            seek.want.players,
            seek.want.rated,
        );
        let rated = blocking(&app.players, move |s| {
            s.seat_players(&id, &pool, players, want_rated, &seated, now_ms())
        })
        .await?;
        Ok::<_, ApiError>((room.id.clone(), seats, rated))
    }
    .await;
    match made {
        Ok((id, seats, rated)) => {
            tracing::info!(game = %id, players = seek.members.len(), rated, "seek paired");
            for (i, m) in seek.members.iter().enumerate() {
                let token = seats[i].token.clone().unwrap_or_default();
                debug_assert_eq!(seats[i].kind, SeatOccupant::Human);
                app.lobby.tell(
                    m.conn,
                    json!({
                        "type": "paired",
                        "game": id,
                        "seat": i,
                        "token": token,
                        "link": format!("/g/{id}?seat={i}&token={token}"),
                        "rated": rated,
                        "players": names,
                    })
                    .to_string(),
                );
            }
        }
        Err(e) => {
            for m in &seek.members {
                app.lobby.tell(
                    m.conn,
                    error(format!("the game could not start: {}", e.message)),
                );
            }
        }
    }
}
