//! # ashta-table
//!
//! One game as a table drives it, and the messages that describe it: it may drive the
//! session and turn the engine's answers into the JSON of `docs/web-api.md`, but it
//! holds no rules of its own and does no I/O. The web server's rooms and the browser
//! module's offline games both play through [`Table`] and write what they send through
//! [`messages::ServerMessage`], so the page reads the same `state`, `event` and `error`
//! messages whether the game runs on the server or in the page.

#![warn(missing_docs)]

pub mod client_view;
pub mod messages;
pub mod protocol;
pub mod table;

pub use table::{Table, OPPONENTS_LEFT};
