//! Writes the browser module built into the server (`ashta_wasm.js`,
//! `ashta_wasm_bg.wasm`) into a directory, for loading it outside a browser (the Node
//! checks of `scripts/test` load it from there):
//!
//! ```text
//! cargo run --release -p ashta-server --example wasm-pkg -- DIR
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let (Some(dir), None) = (args.next(), args.next()) else {
        eprintln!("usage: wasm-pkg DIR (the directory to write the browser module into)");
        return ExitCode::from(2);
    };
    let dir = PathBuf::from(dir);
    match ashta_server::assets::write_module(&dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "wasm-pkg: cannot write the browser module into {}: {e}",
                dir.display()
            );
            ExitCode::FAILURE
        }
    }
}
