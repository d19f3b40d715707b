//! `ashta serve` in a build without the web server (no `--features server`, the
//! default): still listed, and fails saying how to get a build that has it. The tests
//! that start the server (`serve_restart`, the browser game of `browser_e2e`) need the
//! feature; `scripts/test` runs with `--all-features`.
#![cfg(not(feature = "server"))]

mod common;
use common::{fails, ok};

/// The message names both ways to a build with the server.
fn says_how_to_get_the_server(stderr: &str) {
    assert!(stderr.contains("built without the web server"), "{stderr}");
    assert!(
        stderr.contains("cargo run --release -p ashta-cli --features server -- serve"),
        "{stderr}"
    );
    assert!(
        stderr.contains("cargo install --path crates/ashta-cli --features server"),
        "{stderr}"
    );
}

#[test]
fn serve_is_listed() {
    let help = ok(&["--help"], "");
    assert!(
        help.lines().any(|l| l.trim_start().starts_with("serve ")),
        "{help}"
    );
}

#[test]
fn serve_fails_with_how_to_build_it() {
    says_how_to_get_the_server(&fails(&["serve"], ""));
    says_how_to_get_the_server(&fails(
        &["serve", "--addr", "127.0.0.1:0", "--db", "x.sqlite"],
        "",
    ));
    says_how_to_get_the_server(&fails(&["serve", "--help"], ""));
}
