//! Serving the app: the router of the page, the API and the WebSocket, the same-site
//! middleware, and the listener with its shutdown.

use std::future::Future;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::Method;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use crate::app::{App, ServerConfig};
use crate::error::ApiError;
use crate::{assets, hint, http, listen, lobby_ws, people, policy, review, ws};

/// Sends `tracing` output to standard error, filtered by `RUST_LOG` (default `info`).
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// Turns the plain 413 of the body limit into the API's JSON error.
async fn json_errors(response: Response) -> Response {
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if response.status() == StatusCode::PAYLOAD_TOO_LARGE && !is_json {
        return ApiError::too_large(http::MAX_BODY).into_response();
    }
    response
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no such API path")
}

/// The router: the page, its assets, the HTTP API and the WebSocket.
pub fn router(app: Arc<App>) -> Router {
    let timeout = app.config.request_timeout;
    let api = Router::new()
        .route("/api/games", get(http::list).post(http::create))
        .route("/api/games/{id}", get(http::snapshot))
        .route("/api/games/{id}/record", get(http::record))
        .route("/api/games/{id}/events", get(http::events))
        .route("/api/games/{id}/hint", get(hint::get_hint))
        .route("/api/games/{id}/review", get(review::get_review))
        .route("/api/games/{id}/ratings", get(people::http::game_ratings))
        .route("/api/players", post(people::http::create))
        .route("/api/players/me", get(people::http::me))
        .route("/api/players/me/transfer", post(people::http::transfer))
        .route("/api/players/claim", post(people::http::claim))
        .route("/api/players/{name}", get(people::http::page))
        .route("/api/lobby", get(lobby_ws::list))
        .route("/api/leaderboard", get(people::http::pools))
        .route("/api/leaderboard/{pool}", get(people::http::leaderboard))
        .route("/api/health", get(http::health))
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            read_limit,
        ))
        .layer(DefaultBodyLimit::max(http::MAX_BODY))
        .layer(RequestBodyLimitLayer::new(http::MAX_BODY))
        .layer(axum::middleware::map_response(json_errors))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            timeout,
        ));
    Router::new()
        .route("/", get(assets::index))
        .route("/g/{id}", get(assets::index))
        .route("/assets/{*path}", get(assets::asset))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/lobby/ws", get(lobby_ws::upgrade))
        .merge(api)
        .layer(axum::middleware::from_fn_with_state(app.clone(), same_site))
        .with_state(app)
}

/// Serves an opened app on `listener`, within its connection limits, until `shutdown`
/// completes.
pub async fn serve_app(
    app: Arc<App>,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()>,
) {
    assets::announce_module();
    let limits = listen::Limits {
        max_connections: app.config.max_connections,
        max_per_address: app.config.max_connections_per_address,
        max_per_network: app.config.network_cap(app.config.max_connections),
        network_bits: app.config.network_bits,
        header_timeout: app.config.header_timeout,
        send_buffer: (app.config.socket_send_buffer > 0).then_some(app.config.socket_send_buffer),
        open: app.connections_open.clone(),
    };
    if let Ok(addr) = listener.local_addr() {
        let _ = app.port.set(addr.port());
    }
    let stopping = app.clone();
    let shutdown = async move {
        shutdown.await;
        stopping.shut_down();
    };
    listen::run(listener, router(app), limits, shutdown).await;
}

/// Opens the database (resuming its games), then serves on `listener` until `shutdown`
/// completes.
pub async fn serve(
    config: ServerConfig,
    listener: tokio::net::TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let app = App::open(config).await?;
    serve_app(app, listener, shutdown).await;
    Ok(())
}

/// Middleware: the reads of the games (`GET /api/games...`, hints and reviews apart,
/// which have quotas of their own) of one network are limited to
/// [`ServerConfig::reads_per_second`], in bursts of five seconds' worth.
async fn read_limit(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let counted = request.method() == Method::GET
        && path.starts_with("/api/games")
        && !path.ends_with("/hint")
        && !path.ends_with("/review");
    if counted {
        let client = request
            .extensions()
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|c| c.0.ip());
        if let Some(ip) = client {
            if !app.allow_read(ip) {
                return ApiError::rate_limited(format!(
                    "more than {} reads a second from this network; slow down",
                    app.config.reads_per_second
                ))
                .into_response();
            }
        }
    }
    next.run(request).await
}

/// Middleware: refuses requests to a host that is not this server's (see
/// [`policy::host_allowed`]), cross-site requests that would change something, and creation
/// requests whose body is not declared JSON (a form or `text/plain` from another page).
pub async fn same_site(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let Some(host) = request.headers().get(header::HOST) else {
        return ApiError::bad_request("a request must name the host it is for (the Host header)")
            .into_response();
    };
    let host = host.to_str().unwrap_or("");
    let public = app.config.public_origin.as_deref();
    if !policy::host_allowed(host, app.local_port(), public) {
        return ApiError::forbidden(format!(
            "this server does not answer for the host {host:?} (start it with --public-origin for a public name)"
        ))
        .into_response();
    }
    let origin = request
        .headers()
        .get(header::ORIGIN)
        .and_then(|o| o.to_str().ok());
    let public_origin = app.config.public_origin.as_deref().is_some_and(|p| {
        origin.is_some_and(|o| o.trim_end_matches('/') == p.trim_end_matches('/'))
    });
    if let Some(why) =
        policy::cross_site(request.method(), request.headers()).filter(|_| !public_origin)
    {
        return ApiError::forbidden(why).into_response();
    }
    if request.method() == Method::POST {
        let json = request
            .headers()
            .get(header::CONTENT_TYPE)
            .is_some_and(policy::is_json_type);
        if !json {
            return ApiError::unsupported_media("the body must be sent as application/json")
                .into_response();
        }
    }
    next.run(request).await
}
