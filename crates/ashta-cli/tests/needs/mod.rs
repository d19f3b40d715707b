//! The tools outside Rust that some tests need (Node.js, Chromium, the browser driver
//! from npm, tmux), and what a test does when one is missing: `cargo test` on a machine
//! without them skips the test with one line naming what it needs and how to install
//! it; with `ASHTA_TEST_ALL=1` (set by `scripts/test`, which installs them first) a
//! missing tool fails the test instead.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A tool some tests need, how to tell it is there, and how to install it.
pub struct Tool {
    /// Its name in the skip message.
    pub name: &'static str,
    /// The command that installs it.
    pub install: &'static str,
    /// Whether it is installed.
    pub present: fn() -> bool,
}

/// The environment variable that turns a missing tool into a failure.
pub const ALL: &str = "ASHTA_TEST_ALL";

fn runs(program: &str, arg: &str) -> bool {
    Command::new(program)
        .arg(arg)
        .output()
        .is_ok_and(|out| out.status.success())
}

/// The workspace's e2e folder (`crates/ashta-server/e2e`).
pub fn e2e_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../ashta-server/e2e")
}

/// Chromium's path: `CHROMIUM`, else Debian's `/usr/bin/chromium`.
pub fn chromium_path() -> String {
    std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into())
}

/// Node.js.
pub const NODE: Tool = Tool {
    name: "Node.js",
    install: "apt-get install -y nodejs npm",
    present: || runs("node", "--version"),
};

/// Chromium, at [`chromium_path`].
pub const CHROMIUM: Tool = Tool {
    name: "Chromium",
    install: "apt-get install -y chromium",
    present: || Path::new(&chromium_path()).is_file(),
};

/// The browser driver (`playwright-core`) of the e2e folder.
pub const BROWSER_DRIVER: Tool = Tool {
    name: "the e2e packages (playwright-core)",
    install: "npm ci --prefix crates/ashta-server/e2e",
    present: || e2e_dir().join("node_modules/playwright-core").is_dir(),
};

/// The wasm32 target, without which the server is built without its browser module
/// (the page then has no offline play, tutorial board or review in the browser).
pub const WASM_TARGET: Tool = Tool {
    name: "the Rust target wasm32-unknown-unknown (the server's browser module)",
    install: "rustup target add wasm32-unknown-unknown, then build again",
    present: || {
        Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
            .args(["--print", "sysroot"])
            .output()
            .is_ok_and(|out| {
                let sysroot = String::from_utf8_lossy(&out.stdout).trim().to_string();
                Path::new(&sysroot)
                    .join("lib/rustlib/wasm32-unknown-unknown/lib")
                    .is_dir()
            })
    },
};

/// tmux, to drive the terminal game.
pub const TMUX: Tool = Tool {
    name: "tmux",
    install: "apt-get install -y tmux",
    present: || runs("tmux", "-V"),
};

/// Whether every tool of `tools` is installed. When one is not: with `ASHTA_TEST_ALL`
/// set, fails the test naming what is missing and how to install it; else writes one
/// line saying the test `what` is skipped and why (straight to the terminal, which the
/// test harness does not capture) and returns false.
pub fn available(what: &str, tools: &[Tool]) -> bool {
    let missing: Vec<&Tool> = tools.iter().filter(|t| !(t.present)()).collect();
    if missing.is_empty() {
        return true;
    }
    let names: Vec<&str> = missing.iter().map(|t| t.name).collect();
    let installs: Vec<&str> = missing.iter().map(|t| t.install).collect();
    let line = format!(
        "{what} needs {}; install with: {} (scripts/test installs them and runs everything)",
        names.join(", "),
        installs.join(" && ")
    );
    if std::env::var_os(ALL).is_some_and(|v| !v.is_empty() && v != "0") {
        panic!("{ALL} is set and {line}");
    }
    let _ = writeln!(std::io::stderr(), "skipped: {line}");
    false
}
