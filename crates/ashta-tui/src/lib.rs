//! # ashta-tui
//!
//! The full-screen terminal game of Ashta Chamma.
