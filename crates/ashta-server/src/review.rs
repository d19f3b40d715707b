//! `GET /api/games/{id}/review`: the exact review of a finished two-player game, when
//! the solution table of its rules is in the server's data directory
//! ([`crate::app::ServerConfig::data_dir`], the directory `ashta solve` writes to and
//! `ashta analyze` reads from). The answer is the review the page shows
//! ([`ashta_analysis::ReviewSummary`]) with `exact: true`: every loss certain, no
//! standard error. Without a table the answer is 204 (no content: not an error, the
//! page asks for every finished game), and the page reviews the game by rollouts
//! itself. Tables are read once and kept. A network asks for at most
//! [`crate::app::ServerConfig::reviews_per_minute`] reviews; a review runs in the
//! background ([`crate::background`], below the bots' searches) and stops when its
//! request is given up on (the request timeout, a client gone).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use ashta_analysis::{analyze_record_exact, find_table, ExactTable, ReviewSummary, TableChoice};
use ashta_engine::Variant;
use ashta_session::CancelOnDrop;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::net::SocketAddr;

use crate::app::App;
use crate::background::Background;
use crate::error::ApiError;
use crate::http::room_of;

/// The tables read, by their file.
fn tables() -> &'static Mutex<HashMap<PathBuf, Arc<ExactTable>>> {
    static TABLES: OnceLock<Mutex<HashMap<PathBuf, Arc<ExactTable>>>> = OnceLock::new();
    TABLES.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The table of `variant`'s rules in `dir`, read once (`None` without one).
fn table_in(variant: &Variant, dir: PathBuf) -> Result<Option<Arc<ExactTable>>, String> {
    let Some(found) = find_table(variant, &TableChoice::In(dir)).map_err(|e| e.to_string())? else {
        return Ok(None);
    };
    let mut read = tables().lock().unwrap_or_else(|p| p.into_inner());
    let table = read
        .entry(found.path.clone())
        .or_insert_with(|| Arc::new(found));
    Ok(Some(table.clone()))
}

/// `GET /api/games/{id}/review`.
pub async fn get_review(
    State(app): State<Arc<App>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    if !app.allow_review(client.ip()) {
        return Err(ApiError::rate_limited(format!(
            "more than {} reviews in a minute from this network",
            app.config.reviews_per_minute
        )));
    }
    let room = room_of(&app, &id).await?;
    let (variant, record) = {
        let st = room.lock().await;
        if !st.table.is_over() {
            return Err(ApiError {
                status: StatusCode::CONFLICT,
                code: "game_not_over",
                message: "a game is reviewed once it is over".into(),
            });
        }
        (st.table.variant().clone(), st.table.record())
    };
    let dir = app.config.data_dir.clone();
    // Dropped with this handler's future (the request timed out, the client left): the
    // review stops at its next turn.
    let stop = app.search_stop();
    let _cancel = CancelOnDrop(stop.clone());
    let answer = app
        .background
        .run(
            &app.network_of(client.ip()),
            move || -> Result<Option<ReviewSummary>, String> {
                Background::cancelled(&stop);
                let Some(table) = table_in(&variant, dir)? else {
                    return Ok(None);
                };
                let review = analyze_record_exact(&record, &table.solution, &mut |_, _| {
                    Background::cancelled(&stop)
                })
                .map_err(|e| e.to_string())?;
                Ok(Some(ReviewSummary::new(&review)))
            },
        )
        .await
        .map_err(crate::hint::background_error)?
        .map_err(|e| ApiError::internal(format!("the review failed: {e}")))?;
    match answer {
        Some(summary) => Ok(Json(summary).into_response()),
        None => Ok(StatusCode::NO_CONTENT.into_response()),
    }
}
