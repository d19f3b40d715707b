//! # ashta-server
//!
//! The web server: it may serve the page, store games and drive each room's game
//! through the session, but it holds no rules of its own and the page takes its rules
//! from it.
//!
//! The authoritative Ashta Chamma web server (`ashta serve`): an axum app that serves
//! the page, creates games with human and bot seats, throws the cowries from a
//! committed secret seed, checks every move with the engine, writes every game and event
//! to SQLite before acknowledging it, and resumes every game after a restart. The API is
//! `docs/web-api.md`.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
//! let config = ashta_server::ServerConfig::new("ashta.sqlite");
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! ashta_server::serve(config, listener, std::future::pending()).await?;
//! # Ok(()) }
//! ```

#![warn(missing_docs)]

pub mod app;
pub mod assets;
pub mod background;
pub mod bodies;
mod checkpoint;
pub mod clock;
pub mod error;
pub mod fair;
mod hint;
mod http;
pub mod listen;
pub mod lobby;
mod lobby_ws;
pub mod people;
pub mod policy;
pub mod pool;
mod rate;
mod review;
pub mod room;
mod routes;
pub mod secret;
pub mod store;
mod ws;

pub use app::{App, ServerConfig};
/// The game and its messages, shared with the browser module (`ashta-table`).
pub use ashta_table::{messages, protocol, table};
pub use clock::{network_key, now_ms, NetworkBits};
pub use routes::{init_logging, router, serve, serve_app};
