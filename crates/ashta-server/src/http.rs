//! The HTTP API: create a game, list games, a game's snapshot and its record.

use std::net::SocketAddr;
use std::sync::Arc;

use ashta_engine::{Rules, RulesObject, RulesSpec, Variant};
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use crate::app::App;
use crate::bodies::{Created, CreatedSeat, GameList, ListedGame};
use crate::error::ApiError;
use crate::policy;
use crate::room::GameConfig;
use crate::secret::{is_game_id, new_token};
use ashta_table::protocol::{CreateRequest, SeatConfig, SeatOccupant};

/// Largest request body, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// Longest human name, in characters.
const MAX_NAME: usize = 40;

/// Shortest and longest turn timer, in seconds.
const TIMER_RANGE: std::ops::RangeInclusive<u32> = 1..=86_400;

/// Games listed by `GET /api/games`.
const LIST_LIMIT: usize = 200;

pub(crate) fn parse<T: for<'de> Deserialize<'de>>(body: &[u8]) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(body);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        if path == "." {
            ApiError::bad_request(format!("malformed JSON: {}", e.inner()))
        } else {
            ApiError::bad_request(format!("{path}: {}", e.inner()))
        }
    })?;
    de.end()
        .map_err(|e| ApiError::bad_request(format!("malformed JSON: {e}")))?;
    Ok(value)
}

/// The rules and seats a creation request asks for, checked.
pub fn check_request(req: CreateRequest) -> Result<(Rules, GameConfig), ApiError> {
    let spec = req.rules.unwrap_or(RulesSpec::Name("standard".into()));
    let mut rules = spec
        .to_rules()
        .map_err(|e| ApiError::bad_request(format!("rules: {e}")))?;
    if let Some(size) = req.size {
        rules.size = size;
    }
    if let Some(players) = req.players {
        rules.players = players;
    }
    if !(2..=4).contains(&rules.players) {
        return Err(ApiError::bad_request(format!(
            "players: {} players; a game has 2 to 4",
            rules.players
        )));
    }
    let variant =
        Variant::new(rules.clone()).map_err(|e| ApiError::bad_request(format!("rules: {e}")))?;
    policy::check_rules(&variant).map_err(|e| ApiError::bad_request(format!("rules: {e}")))?;
    if req.seats.len() != rules.players as usize {
        return Err(ApiError::bad_request(format!(
            "seats: {} seats given for {} players",
            req.seats.len(),
            rules.players
        )));
    }
    let mut seats = Vec::with_capacity(req.seats.len());
    for (i, s) in req.seats.into_iter().enumerate() {
        let seat = match s.kind {
            SeatOccupant::Human => {
                if s.level.is_some() {
                    return Err(ApiError::bad_request(format!(
                        "seats[{i}].level: only a bot seat has a level"
                    )));
                }
                let name = s
                    .name
                    .map(|n| n.trim().to_string())
                    .filter(|n| !n.is_empty());
                if let Some(n) = &name {
                    if n.chars().count() > MAX_NAME {
                        return Err(ApiError::bad_request(format!(
                            "seats[{i}].name: at most {MAX_NAME} characters"
                        )));
                    }
                    if let Some(why) = policy::name_problem(n) {
                        return Err(ApiError::bad_request(format!("seats[{i}].name: {why}")));
                    }
                }
                SeatConfig {
                    kind: SeatOccupant::Human,
                    name,
                    level: None,
                    token: Some(new_token()),
                }
            }
            SeatOccupant::Bot => {
                let level = s.level.ok_or_else(|| {
                    ApiError::bad_request(format!("seats[{i}].level: a bot seat needs a level"))
                })?;
                policy::check_level(&level)
                    .map_err(|e| ApiError::bad_request(format!("seats[{i}].level: {e}")))?;
                if let Some(why) = s.name.as_deref().and_then(policy::name_problem) {
                    return Err(ApiError::bad_request(format!("seats[{i}].name: {why}")));
                }
                SeatConfig {
                    kind: SeatOccupant::Bot,
                    name: s.name.map(|n| n.trim().chars().take(MAX_NAME).collect()),
                    level: Some(level),
                    token: None,
                }
            }
        };
        seats.push(seat);
    }
    if let Some(secs) = req.turn_timer_secs {
        if !TIMER_RANGE.contains(&secs) {
            return Err(ApiError::bad_request(format!(
                "turn_timer_secs: {secs} is outside {} to {}",
                TIMER_RANGE.start(),
                TIMER_RANGE.end()
            )));
        }
    }
    // The preset and what differs from it: loading it gives back exactly these rules.
    let mut stored = RulesObject::diff(&rules);
    stored.preset = Some(rules.preset.name().to_string());
    stored.size = Some(rules.size);
    stored.players = Some(rules.players);
    let config = GameConfig {
        rules: stored,
        seats,
        turn_timer_secs: req.turn_timer_secs,
    };
    Ok((rules, config))
}

/// `POST /api/games`.
pub async fn create(State(app): State<Arc<App>>, request: Request) -> Result<Response, ApiError> {
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let body = axum::body::to_bytes(request.into_body(), MAX_BODY)
        .await
        .map_err(|_| ApiError::too_large(MAX_BODY))?;
    if let Some(ip) = client {
        app.allow_create(ip)?;
    }
    let req: CreateRequest = parse(&body)?;
    let (rules, config) = check_request(req)?;
    let (room, seats) = app.create(rules, config, client).await?;
    let id = &room.id;
    let seats = seats
        .iter()
        .enumerate()
        .map(|(i, s)| match (&s.kind, &s.token) {
            (SeatOccupant::Human, Some(token)) => CreatedSeat::Human {
                seat: i,
                name: s.name.clone(),
                token: token.clone(),
                link: format!("/g/{id}?seat={i}&token={token}"),
            },
            _ => CreatedSeat::Bot {
                seat: i,
                level: s.level.clone(),
                name: s.name.clone(),
            },
        })
        .collect();
    let body = Created {
        id: id.clone(),
        commitment: room.commitment.clone(),
        seats,
        spectate: format!("/g/{id}"),
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// `GET /api/health`.
pub async fn health(State(app): State<Arc<App>>) -> Result<Response, ApiError> {
    let health = app.health().await.map_err(ApiError::internal)?;
    Ok(Json(health).into_response())
}

/// `GET /api/games`.
pub async fn list(State(app): State<Arc<App>>) -> Result<Response, ApiError> {
    let rows = app
        .store
        .list(LIST_LIMIT)
        .await
        .map_err(ApiError::internal)?;
    let mut games = Vec::with_capacity(rows.len());
    for row in rows {
        let Ok(config) = serde_json::from_str::<GameConfig>(&row.config) else {
            tracing::warn!(game = %row.id, "unreadable settings; left out of the list");
            continue;
        };
        let Ok(rules) = config.rules.to_rules() else {
            continue;
        };
        let seats = config.seat_views(|_, _| None);
        let result: Option<serde_json::Value> = row
            .result
            .as_deref()
            .and_then(|r| serde_json::from_str(r).ok());
        games.push(ListedGame {
            id: row.id,
            status: row.status,
            rules: RulesSpec::from_rules(&rules),
            size: rules.size,
            players: rules.players,
            seats,
            created_at: row.created_at,
            updated_at: row.updated_at,
            version: row.version,
            result,
        });
    }
    Ok(Json(GameList { games }).into_response())
}

/// The room of game `id`, loaded if it must be; 404 for an id that names no game.
pub(crate) async fn room_of(app: &Arc<App>, id: &str) -> Result<Arc<crate::room::Room>, ApiError> {
    if !is_game_id(id) {
        return Err(ApiError::not_found(format!("no game {id:?}")));
    }
    app.room(id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::not_found(format!("no game {id:?}")))
}

/// `GET /api/games/{id}`.
pub async fn snapshot(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let room = room_of(&app, &id).await?;
    let cached = room
        .cached_snapshot(app.as_ref(), app.config.max_history_bytes)
        .await
        .map_err(ApiError::internal)?;
    Ok(([(header::CONTENT_TYPE, "application/json")], cached.json()).into_response())
}

/// `GET /api/games/{id}/record`: the whole record, refused (`too_large`, pointing to
/// the pages of events) when it is larger than [`crate::app::ServerConfig::max_record_bytes`].
pub async fn record(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let room = room_of(&app, &id).await?;
    let record = room.lock().await.table.record();
    let text = serde_json::to_string(&record).map_err(ApiError::internal)?;
    let most = app.config.max_record_bytes;
    if text.len() > most {
        return Err(ApiError::response_too_large(format!(
            "this game's record is {} bytes, more than the {most} a response may carry; \
             read its events in pages from /api/games/{id}/events?after=0",
            text.len()
        )));
    }
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// The query of `GET /api/games/{id}/events`.
#[derive(Debug, Deserialize)]
pub struct EventsQuery {
    /// The version the client has: the page begins after it.
    #[serde(default)]
    after: u64,
}

/// `GET /api/games/{id}/events?after=V`: a page of the game's events after version
/// `V`, as many as fit in the server's history bound, with `next`, the `after` of the
/// next page (null at the game's current version).
pub async fn events(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    query: Result<axum::extract::Query<EventsQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let axum::extract::Query(query) =
        query.map_err(|e| ApiError::bad_request(format!("after: {}", e.body_text())))?;
    let room = room_of(&app, &id).await?;
    let version = room.lock().await.table.version();
    let page = app
        .store
        .events_after(&id, query.after, version, app.config.max_history_bytes)
        .await
        .map_err(ApiError::internal)?;
    let last = page.last().map_or(query.after.max(version), |e| e.0);
    let next = (last < version).then_some(last);
    let mut body = String::with_capacity(page.iter().map(|e| e.1.len() + 1).sum::<usize>() + 64);
    body.push_str(r#"{"events":["#);
    for (i, (_, e)) in page.iter().enumerate() {
        if i > 0 {
            body.push(',');
        }
        body.push_str(e);
    }
    body.push_str(&format!(
        r#"],"version":{version},"next":{}}}"#,
        next.map_or("null".to_string(), |n| n.to_string())
    ));
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}
