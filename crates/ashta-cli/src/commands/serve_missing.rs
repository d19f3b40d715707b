//! `ashta serve` in a build without the web server (the cargo feature `server`, left
//! out by default: it is most of a cold build, and `ashta play` does not need it). The
//! command stays listed, takes any arguments and says how to get a build that has it.

use std::io::Write;

use anyhow::{bail, Result};
use clap::Args;

/// What `ashta serve` answers in a build without the web server.
pub const NOT_BUILT: &str = "this ashta was built without the web server (the cargo \
feature `server`); from the source tree run `cargo run --release -p ashta-cli --features \
server -- serve` (with the same options), or install it with `cargo install --path \
crates/ashta-cli --features server`";

/// Arguments of `ashta serve` without the web server: any, all ignored (`--help`
/// included, so that it too says how to get the server).
#[derive(Args, Debug)]
#[command(disable_help_flag = true)]
pub struct ServeArgs {
    /// Whatever was given.
    #[arg(
        num_args = 0..,
        allow_hyphen_values = true,
        trailing_var_arg = true,
        hide = true
    )]
    args: Vec<String>,
}

/// Fails: the server is not in this build.
pub fn run(_args: &ServeArgs, _out: &mut dyn Write) -> Result<()> {
    bail!(NOT_BUILT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_how_to_build_the_server() {
        let args = ServeArgs {
            args: vec!["--addr".into(), "0.0.0.0:80".into()],
        };
        let mut out = Vec::new();
        let err = run(&args, &mut out).unwrap_err().to_string();
        assert!(out.is_empty());
        assert!(err.contains("built without the web server"), "{err}");
        assert!(
            err.contains("cargo run --release -p ashta-cli --features server -- serve"),
            "{err}"
        );
        assert!(
            err.contains("cargo install --path crates/ashta-cli --features server"),
            "{err}"
        );
    }
}
