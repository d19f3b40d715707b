//! `GET /api/games/{id}/hint?seat=S&token=T`: the best play of the bag for a human seat
//! whose turn it is, in a game where every other seat is a bot (the same condition as
//! undo). The budget is fixed here, not by the client: [`HINT_TIME`] of rollouts by the
//! bots crate's hint analysis in the background ([`crate::background`]: threads and
//! places of its own, below the bots' searches, which never wait for a hint), at most one
//! hint computes per game at a time (a second request gets 429 until the first is done),
//! a network asks for at most [`crate::app::ServerConfig::hints_per_minute`], and past
//! [`crate::app::ServerConfig::max_queued_hints`] waiting a hint is refused with 503. The
//! hint keeps its time from its start whatever the rules cost, and a request given up
//! on (the request timeout, a client gone) or a server shutting down stops its work.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use ashta_analysis::hint::{hint_within, HintConfig};
use ashta_session::CancelOnDrop;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::app::App;
use crate::background::BackgroundError;
use crate::error::ApiError;
use crate::secret::{is_game_id, token_matches};
use ashta_table::protocol::{MoveJson, SeatOccupant};

/// The thinking time of one hint (rollouts on every core, after a first round of a few
/// rollouts per play whatever the time).
pub const HINT_TIME: Duration = Duration::from_millis(400);

/// Games with a hint computing now.
fn computing() -> &'static Mutex<HashSet<String>> {
    static BUSY: OnceLock<Mutex<HashSet<String>>> = OnceLock::new();
    BUSY.get_or_init(|| Mutex::new(HashSet::new()))
}

/// Marks a game as computing a hint until dropped (it lives inside the search job, so
/// a client that goes away does not free the game before the work is done).
struct Busy(String);

impl Busy {
    fn take(id: &str) -> Option<Busy> {
        let mut set = computing().lock().unwrap_or_else(|p| p.into_inner());
        set.insert(id.to_string()).then(|| Busy(id.to_string()))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let mut set = computing().lock().unwrap_or_else(|p| p.into_inner());
        set.remove(&self.0);
    }
}

fn error(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError {
        status,
        code,
        message: message.into(),
    }
}

/// The answer to a hint or review that gave none: 503 when the server is busy or
/// shutting down, else an internal error.
pub(crate) fn background_error(e: BackgroundError) -> ApiError {
    match e {
        BackgroundError::Busy | BackgroundError::Gone => ApiError::unavailable(e.to_string()),
        BackgroundError::Panicked(_) | BackgroundError::Cancelled => {
            ApiError::internal(format!("the work failed: {e}"))
        }
    }
}

/// `GET /api/games/{id}/hint?seat=S&token=T`.
pub async fn get_hint(
    State(app): State<Arc<App>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    if !is_game_id(&id) {
        return Err(ApiError::not_found(format!("no game {id:?}")));
    }
    if !app.allow_hint(client.ip()) {
        return Err(ApiError::rate_limited(format!(
            "more than {} hints in a minute from this network",
            app.config.hints_per_minute
        )));
    }
    // Hints queue for a background place under the asking network.
    let key = app.network_of(client.ip());
    let room = app
        .room(&id)
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .ok_or_else(|| ApiError::not_found(format!("no game {id:?}")))?;
    let bad_token = |m: &str| error(StatusCode::FORBIDDEN, "bad_token", m);
    let (Some(seat), Some(token)) = (query.get("seat"), query.get("token")) else {
        return Err(bad_token("a hint needs the seat and its token"));
    };
    let seats = &room.config.seats;
    let seat: usize = seat
        .parse()
        .ok()
        .filter(|&s| s < seats.len())
        .ok_or_else(|| bad_token("no such seat"))?;
    match &seats[seat].token {
        Some(expected) if token_matches(expected, token) => {}
        Some(_) => return Err(bad_token("wrong token for this seat")),
        None => return Err(bad_token("that seat is a bot")),
    }
    if !(0..seats.len()).all(|s| s == seat || seats[s].kind == SeatOccupant::Bot) {
        return Err(error(
            StatusCode::FORBIDDEN,
            "cannot_hint",
            "hints are only for games where every other seat is a bot",
        ));
    }
    let (variant, position, version) = {
        let st = room.lock().await;
        let t = &st.table;
        let conflict = |code, m: &str| error(StatusCode::CONFLICT, code, m);
        if t.is_over() {
            return Err(conflict("game_over", "the game is over"));
        }
        if t.to_move() != seat {
            return Err(conflict("not_your_turn", "it is not this seat's turn"));
        }
        if t.must_throw() {
            return Err(conflict("must_throw", "throw the cowries first"));
        }
        (t.variant().clone(), *t.position(), t.version())
    };
    let busy = Busy::take(&id).ok_or_else(|| {
        ApiError::rate_limited("a hint is already being worked out for this game")
    })?;
    let config = HintConfig {
        time: HINT_TIME,
        seed: version,
        rollouts: None,
        weights: app.config.bot_maker.weight_changes(),
        ..HintConfig::default()
    };
    // Dropped with this handler's future (a timeout, a client gone): the work stops.
    let stop = app.search_stop();
    let _cancel = CancelOnDrop(stop.clone());
    // A hint runs in the background, below the bots' searches, which never wait for it.
    let answer = app
        .background
        .run(&key, move || {
            let _busy = busy;
            hint_within(&variant, &position, &config, &stop)
        })
        .await
        .map_err(background_error)?;
    let best = answer.plays.first();
    let moves: Vec<MoveJson> = best
        .map(|p| p.play.moves.iter().map(MoveJson::from).collect())
        .unwrap_or_default();
    Ok(Json(crate::bodies::HintAnswer {
        version,
        seat,
        moves,
        win: best.map(|p| p.win),
        plays: answer.plays.len(),
        forced: answer.forced,
    })
    .into_response())
}
