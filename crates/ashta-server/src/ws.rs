//! The WebSocket of a game: authentication by seat token, `hello` with the version a
//! client has, actions, and the events of the room in version order.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;

use crate::app::App;
use crate::rate::Window;
use crate::room::Room;
use crate::secret::token_matches;
use ashta_table::messages::ServerMessage;
use ashta_table::protocol::{ClientMessage, Request, WsError, WsErrorCode, MAX_CLIENT_MESSAGE};

/// Largest frame the socket accepts at all; anything between 4 KiB and this gets a
/// `bad_message` error, anything larger closes the connection.
const MAX_FRAME: usize = 64 * 1024;

/// Bytes read from the socket at a time. The library zeroes this much before each read,
/// so the 128 KiB default costs more than the messages themselves.
const READ_BUFFER: usize = 4096;

/// `GET /api/games/{id}/ws?seat=S&token=T`.
pub async fn upgrade(
    ws: WebSocketUpgrade,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    State(app): State<Arc<App>>,
) -> Response {
    // The last places are kept for the players: a spectator is refused first.
    if !query.contains_key("seat") && !app.spectator_may_connect() {
        return crate::error::ApiError::unavailable(
            "the server is full; its last connections are kept for the players; try again later",
        )
        .into_response();
    }
    // Every message is flushed as it is sent, and no more than the largest message
    // waits to be written: a client that reads too slowly is closed, not buffered for.
    let most_waiting = app
        .config
        .ws_send_buffer
        .max(app.config.max_history_bytes * 2);
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(most_waiting)
        .on_upgrade(move |socket| connection(socket, app, id, query))
}

/// Which seat the query gives, `None` for a spectator.
fn authenticate(room: &Room, query: &HashMap<String, String>) -> Result<Option<usize>, WsError> {
    let bad = |m: &str| WsError::new(WsErrorCode::BadToken, m);
    match (query.get("seat"), query.get("token")) {
        (None, None) => Ok(None),
        (Some(_), None) | (None, Some(_)) => {
            Err(bad("give both seat and token, or neither to spectate"))
        }
        (Some(seat), Some(token)) => {
            let seat: usize = seat
                .parse()
                .ok()
                .filter(|&s| s < room.config.seats.len())
                .ok_or_else(|| bad("no such seat"))?;
            match &room.config.seats[seat].token {
                Some(expected) if token_matches(expected, token) => Ok(Some(seat)),
                Some(_) => Err(bad("wrong token for this seat")),
                None => Err(bad("that seat is a bot")),
            }
        }
    }
}

/// The sending half of a socket: each message must reach the client's side within
/// [`crate::app::ServerConfig::ws_send_timeout`], or the socket is closed as a slow
/// reader (counted in [`App::slow_readers_closed`] and logged).
struct Sink {
    inner: futures_util::stream::SplitSink<WebSocket, Message>,
    app: Arc<App>,
}

impl Sink {
    /// Sends a message; `false` when the socket is gone or its client reads too slowly.
    async fn send_message(&mut self, message: Message) -> bool {
        let timeout = self.app.config.ws_send_timeout;
        match tokio::time::timeout(timeout, self.inner.send(message)).await {
            Ok(sent) => sent.is_ok(),
            Err(_) => {
                let n = self.app.slow_readers_closed.fetch_add(1, Ordering::Relaxed) + 1;
                tracing::warn!(
                    "closing a WebSocket whose client read nothing for {timeout:?} ({n} slow readers closed so far)"
                );
                false
            }
        }
    }
}

async fn send(sink: &mut Sink, text: impl Into<Utf8Bytes>) -> bool {
    sink.send_message(Message::Text(text.into())).await
}

async fn refuse(mut sink: Sink, error: WsError) {
    let _ = send(&mut sink, error.to_message()).await;
    let _ = sink
        .send_message(Message::Close(Some(CloseFrame {
            code: 4000,
            reason: Utf8Bytes::from(
                serde_json::to_value(error.code)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
            ),
        })))
        .await;
}

/// Sends the events after `since` (or the whole state, when the room no longer keeps
/// them all: see [`Room::catch_up`]) and returns the version sent up to.
async fn catch_up(
    app: &App,
    sink: &mut Sink,
    room: &Room,
    seat: Option<usize>,
    since: u64,
) -> Option<u64> {
    let (messages, version) = match room
        .catch_up(app, seat, since, app.config.max_history_bytes)
        .await
    {
        Ok(found) => found,
        Err(e) => {
            tracing::error!(game = %room.id, "reading events failed: {e}");
            let e = WsError::new(WsErrorCode::Internal, "the game could not be read");
            let _ = send(sink, e.to_message()).await;
            return None;
        }
    };
    for m in messages {
        if !send(sink, m).await {
            return None;
        }
    }
    Some(version)
}

/// The room of a game in memory (loaded if need be) and a subscription to it: a room
/// that left memory between loading and subscribing is loaded again.
async fn current_room(
    app: &Arc<App>,
    id: &str,
) -> Result<
    Option<(Arc<Room>, broadcast::Receiver<Arc<crate::room::Outgoing>>)>,
    crate::store::StoreError,
> {
    loop {
        let Some(room) = app.room(id).await? else {
            return Ok(None);
        };
        let events = room.subscribe();
        if !room.is_unloaded().await {
            return Ok(Some((room, events)));
        }
    }
}

async fn connection(socket: WebSocket, app: Arc<App>, id: String, query: HashMap<String, String>) {
    let (sink, mut stream) = socket.split();
    let mut sink = Sink {
        inner: sink,
        app: app.clone(),
    };
    let (room, mut events) = match current_room(&app, &id).await {
        Ok(Some(found)) => found,
        Ok(None) => {
            return refuse(
                sink,
                WsError::new(WsErrorCode::NotFound, format!("no game {id:?}")),
            )
            .await;
        }
        Err(e) => {
            tracing::error!(game = %id, "loading failed: {e}");
            return refuse(
                sink,
                WsError::new(WsErrorCode::Internal, "the game could not be loaded"),
            )
            .await;
        }
    };
    let seat = match authenticate(&room, &query) {
        Ok(seat) => seat,
        Err(e) => return refuse(sink, e).await,
    };
    if let Some(s) = seat {
        let most = app.config.max_sockets_per_seat;
        if room.connections(s) >= most {
            return refuse(
                sink,
                WsError::new(
                    WsErrorCode::RateLimited,
                    format!("this seat has {most} connections open, the most it may have"),
                ),
            )
            .await;
        }
    }
    let presence = match seat {
        Some(s) => {
            app.resume_counting(&id);
            Some(room.arrive(&app, s).await)
        }
        None => None,
    };
    let mut last: Option<u64> = None;
    let mut limit = Window::default();
    // A socket the client says nothing on (the page pings every 20 s) is closed, so
    // idle sockets cannot hold the server's connection places.
    let idle = tokio::time::sleep(app.config.ws_idle);
    tokio::pin!(idle);
    let mut closing = app.closing();
    loop {
        if *closing.borrow_and_update() {
            let _ = sink
                .send_message(Message::Close(Some(CloseFrame {
                    code: 1001,
                    reason: Utf8Bytes::from_static("the server is shutting down"),
                })))
                .await;
            break;
        }
        tokio::select! {
            changed = closing.changed() => if changed.is_err() { break },
            () = &mut idle => {
                tracing::debug!(game = %id, "closing a socket idle for {:?}", app.config.ws_idle);
                let _ = sink.send_message(Message::Close(None)).await;
                break;
            }
            incoming = stream.next() => {
                idle.as_mut().reset(tokio::time::Instant::now() + app.config.ws_idle);
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(_))) => {
                        let e = WsError::new(WsErrorCode::BadMessage, "messages are JSON text, not binary");
                        if !send(&mut sink, e.to_message()).await { break; }
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                };
                if !limit.allow(app.config.ws_messages_per_second, Duration::from_secs(1)) {
                    let e = WsError::new(WsErrorCode::RateLimited, format!(
                        "more than {} messages in one second; this one was ignored",
                        app.config.ws_messages_per_second
                    ));
                    if !send(&mut sink, e.to_message()).await { break; }
                    continue;
                }
                match handle(&app, &room, seat, &text, &mut last, &mut sink).await {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(e) => if !send(&mut sink, e.to_message()).await { break; },
                }
            }
            event = events.recv(), if last.is_some() => {
                let sent = last.unwrap_or(0);
                match event {
                    Ok(o) if o.notice => {
                        if !send(&mut sink, o.text.clone()).await { break; }
                    }
                    Ok(o) if o.version <= sent => {}
                    Ok(o) if o.version == sent + 1 => {
                        if !send(&mut sink, o.text.clone()).await { break; }
                        last = Some(o.version);
                    }
                    Ok(_) | Err(RecvError::Lagged(_)) => {
                        match catch_up(&app, &mut sink, &room, seat, sent).await {
                            Some(version) => last = Some(version),
                            None => break,
                        }
                    }
                    Err(RecvError::Closed) => break,
                }
            }
        }
    }
    if let Some(presence) = presence {
        presence.leave(&app).await;
    }
}

/// Handles one client message; `Ok(false)` when the socket is gone.
async fn handle(
    app: &Arc<App>,
    room: &Arc<Room>,
    seat: Option<usize>,
    text: &str,
    last: &mut Option<u64>,
    sink: &mut Sink,
) -> Result<bool, WsError> {
    if text.len() > MAX_CLIENT_MESSAGE {
        return Err(WsError::new(
            WsErrorCode::BadMessage,
            format!("message of {} bytes is larger than 4 KiB", text.len()),
        ));
    }
    let message: ClientMessage = serde_json::from_str(text)
        .map_err(|e| WsError::new(WsErrorCode::BadMessage, format!("malformed message: {e}")))?;
    let action = match Request::from(message) {
        Request::Ping => return Ok(send(sink, ServerMessage::Pong.to_text()).await),
        Request::Hello { since } => {
            return Ok(match catch_up(app, sink, room, seat, since).await {
                Some(version) => {
                    *last = Some(version);
                    true
                }
                None => false,
            });
        }
        Request::TakeBack => {
            return Err(WsError::new(
                WsErrorCode::BadMessage,
                "this game's throws come from its seed: no throw was entered to take back",
            ))
        }
        Request::Act(action) => action,
    };
    let Some(seat) = seat else {
        return Err(WsError::new(
            WsErrorCode::Spectator,
            "spectators watch; they cannot act",
        ));
    };
    if last.is_none() {
        return Err(WsError::new(WsErrorCode::BadMessage, "send hello first"));
    }
    room.act(app, seat, action).await?;
    Ok(true)
}
