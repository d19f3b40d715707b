//! The community layer: players with a name and a secret key, their ratings per pool,
//! and the history of their games. Everything it keeps goes through one narrow store,
//! [`store::PlayerStore`]; the HTTP endpoints are in `people/http.rs`.

pub(crate) mod http;
pub mod names;
pub mod rating;
pub mod store;

pub use store::{PlayerStore, PlayersError};
