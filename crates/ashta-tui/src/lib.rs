//! # ashta-tui
//!
//! The full-screen terminal game: it may draw and read the terminal and drive its game
//! through the session, but it holds no rules and decides no move of a bot.
//!
//! The full-screen terminal game of Ashta Chamma (ratatui + crossterm): the board with
//! its crossed squares, each player's pawns in its colour and letter, the throw's
//! cowries, the bag, a choice of value and unit by keyboard with a preview of where it
//! lands, bots' moves shown step by step on worker threads, a move log, hints, undo,
//! save and load, a help screen, the end screen with statistics, and a replay viewer.
//!
//! The game is a [`ashta_session::Session`], the one every front end drives (one
//! bot per bot seat that sees every decision, undo, save and load); the app state
//! ([`app::App`]) around it is pure: keys, clock ticks and finished bot jobs go in,
//! and it is drawn with [`ui::draw`]; [`run::play`] and [`run::replay`] are the event
//! loops on a real terminal, whose [`terminal::TerminalGuard`] gives the terminal back
//! on exit, Ctrl-C and panic.

#![warn(missing_docs)]

pub mod app;
pub mod describe;
pub mod fit;
pub mod help;
pub mod jobs;
pub mod line_edit;
pub mod replay;
pub mod run;
pub mod stats;
pub mod terminal;
pub mod ui;

pub use app::{App, Settings};
pub use replay::Replay;
