//! # ashta-server
//!
//! The authoritative Ashta Chamma web server.
