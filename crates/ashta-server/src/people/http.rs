//! The players' endpoints: make a name, move it to another device, a player's page, the
//! leaderboards, and the rating changes of a game (docs/web-api.md, "Players").

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::store::{Player, PlayerStore, PlayersError};
use crate::app::App;
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::http::{parse, MAX_BODY};

/// Games a player page lists.
const PAGE_GAMES: usize = 100;

/// Players a leaderboard lists.
const BOARD_SIZE: usize = 100;

/// A leaderboard lists players with a rated game in the pool in this many days.
pub const ACTIVE_DAYS: i64 = 30;

impl From<PlayersError> for ApiError {
    fn from(e: PlayersError) -> ApiError {
        match e {
            PlayersError::Sqlite(e) => ApiError::internal(e),
            PlayersError::BadName(why) => ApiError::bad_request(format!("name: {why}")),
            e @ PlayersError::Taken(_) => ApiError::conflict(e.to_string()),
            PlayersError::Banned(why) => ApiError::forbidden(why),
            PlayersError::TooMany(why) => ApiError::rate_limited(why),
            PlayersError::NotFound(why) => ApiError::not_found(why),
        }
    }
}

/// Runs a store call on a blocking thread.
pub(crate) async fn blocking<T: Send + 'static>(
    store: &PlayerStore,
    f: impl FnOnce(&PlayerStore) -> Result<T, PlayersError> + Send + 'static,
) -> Result<T, ApiError> {
    let store = store.clone();
    tokio::task::spawn_blocking(move || f(&store))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::from)
}

/// The client's address, as the listener saw it.
pub(crate) fn client_ip(request: &Request) -> Option<IpAddr> {
    request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
}

/// The key of an `Authorization: Bearer KEY` header.
fn bearer(headers: &HeaderMap) -> Result<String, ApiError> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|k| k.trim().to_string())
        .filter(|k| !k.is_empty())
        .ok_or_else(|| {
            ApiError::unauthorized("this needs a player's key: Authorization: Bearer KEY")
        })
}

/// The player whose key a request carries.
pub(crate) async fn player_of_key(app: &App, key: String) -> Result<Player, ApiError> {
    blocking(&app.players, move |s| s.by_key(&key))
        .await?
        .ok_or_else(|| ApiError::unauthorized("no player has this key (a lost key is a lost name)"))
}

async fn body_of<T: for<'de> Deserialize<'de>>(request: Request) -> Result<T, ApiError> {
    let body = axum::body::to_bytes(request.into_body(), MAX_BODY)
        .await
        .map_err(|_| ApiError::too_large(MAX_BODY))?;
    parse(&body)
}

/// The body of `POST /api/players`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPlayer {
    name: String,
}

/// The body of `POST /api/players/claim`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    code: String,
}

/// The body of `POST /api/players/me/transfer`: nothing.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Nothing {}

/// A transfer code and its link.
#[derive(Debug, Serialize)]
struct Transfer {
    code: String,
    link: String,
    expires_at: i64,
}

/// `POST /api/players`: a name and its key.
pub async fn create(State(app): State<Arc<App>>, request: Request) -> Result<Response, ApiError> {
    let ip = client_ip(&request);
    let NewPlayer { name } = body_of(request).await?;
    let network = ip.map_or_else(|| "unknown".to_string(), |ip| app.network_of(ip));
    let per_day = app.config.names_per_network_per_day;
    let keyed = blocking(&app.players, move |s| {
        s.create_player(&name, &network, per_day, now_ms())
    })
    .await?;
    tracing::info!(player = %keyed.player.name, "player created");
    Ok((StatusCode::CREATED, Json(keyed)).into_response())
}

/// `GET /api/players/me`: the key's player and their page.
pub async fn me(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Response, ApiError> {
    let player = player_of_key(&app, bearer(&headers)?).await?;
    let page = blocking(&app.players, move |s| {
        s.player_page(&player.name, PAGE_GAMES)
    })
    .await?;
    Ok(Json(page).into_response())
}

/// `POST /api/players/me/transfer`: a code (and link) that moves the name to another
/// device.
pub async fn transfer(State(app): State<Arc<App>>, request: Request) -> Result<Response, ApiError> {
    let key = bearer(request.headers())?;
    let Nothing {} = body_of(request).await?;
    let player = player_of_key(&app, key).await?;
    let (code, expires_at) =
        blocking(&app.players, move |s| s.start_transfer(player.id, now_ms())).await?;
    let link = format!("/?claim={code}");
    Ok(Json(Transfer {
        code,
        link,
        expires_at,
    })
    .into_response())
}

/// `POST /api/players/claim`: takes a name over with its transfer code.
pub async fn claim(State(app): State<Arc<App>>, request: Request) -> Result<Response, ApiError> {
    let Claim { code } = body_of(request).await?;
    let code = code.trim().to_string();
    if code.len() != 16 || !code.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ApiError::bad_request(
            "code: a transfer code is 16 hex digits",
        ));
    }
    let keyed = blocking(&app.players, move |s| s.claim(&code, now_ms())).await?;
    Ok(Json(keyed).into_response())
}

/// `GET /api/players/{name}`: a player's page.
pub async fn page(
    State(app): State<Arc<App>>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    if name.chars().count() > super::names::MAX_NAME * 4 {
        return Err(ApiError::not_found("no such player"));
    }
    let page = blocking(&app.players, move |s| s.player_page(&name, PAGE_GAMES)).await?;
    Ok(Json(page).into_response())
}

/// `GET /api/leaderboard`: the pools that have ratings.
pub async fn pools(State(app): State<Arc<App>>) -> Result<Response, ApiError> {
    let pools = blocking(&app.players, |s| s.pools()).await?;
    Ok(Json(serde_json::json!({ "pools": pools })).into_response())
}

/// `GET /api/leaderboard/{pool}`: a pool's active players, best first.
pub async fn leaderboard(
    State(app): State<Arc<App>>,
    Path(pool): Path<String>,
) -> Result<Response, ApiError> {
    let since = now_ms() - ACTIVE_DAYS * 24 * 3600 * 1000;
    let shown = pool.clone();
    let players = blocking(&app.players, move |s| {
        s.leaderboard(&pool, since, BOARD_SIZE)
    })
    .await?;
    Ok(Json(serde_json::json!({
        "pool": shown,
        "active_days": ACTIVE_DAYS,
        "players": players,
    }))
    .into_response())
}

/// `GET /api/games/{id}/ratings`: the rating changes a game made (none if unrated).
pub async fn game_ratings(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    if !crate::secret::is_game_id(&id) {
        return Err(ApiError::not_found(format!("no game {id:?}")));
    }
    let changes = blocking(&app.players, move |s| s.changes_of_game(&id)).await?;
    Ok(Json(serde_json::json!({ "changes": changes })).into_response())
}
