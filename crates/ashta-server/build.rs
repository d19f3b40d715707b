//! Builds the browser module that the server embeds and serves under `/assets/wasm/`.
//!
//! `crates/ashta-wasm` is compiled for `wasm32-unknown-unknown` with the `wasm` profile by
//! a nested `cargo build` in a build directory of its own (`wasm-module/` at the top of
//! the outer build directory, so that debug and release builds and clippy share one
//! nested build), then wasm-bindgen's library makes the JavaScript glue, and both are
//! written to `OUT_DIR/wasm-pkg`, where `src/assets.rs` embeds them.
//!
//! `ASHTA_WASM_PKG=DIR` skips the nested build and embeds a prebuilt module instead (a
//! directory holding `ashta_wasm.js` and `ashta_wasm_bg.wasm`, as wasm-bindgen
//! `--target web` writes them), for packagers who build the module separately.
//!
//! Without the wasm32 target the server is built without its browser module: the build
//! says so once (a cargo warning naming the command that installs the target), embeds
//! empty files and sets the cfg `browser_module_missing`, so the server serves the page
//! without offline play and the tests that need the module are skipped with that reason.

use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The files of the browser module that the server embeds.
const MODULE_FILES: [&str; 2] = ["ashta_wasm.js", "ashta_wasm_bg.wasm"];

/// The target the browser module is compiled for.
const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Variables of the outer build that must not reach the nested one: they would change
/// its target, its build directory or its compiler flags (built for the host), or run
/// it through clippy.
const OUTER_ONLY: [&str; 12] = [
    "RUSTFLAGS",
    "CARGO_ENCODED_RUSTFLAGS",
    "CARGO_BUILD_RUSTFLAGS",
    "RUSTDOCFLAGS",
    "CARGO_ENCODED_RUSTDOCFLAGS",
    "CARGO_TARGET_DIR",
    "CARGO_BUILD_TARGET_DIR",
    "CARGO_BUILD_TARGET",
    "RUSTC_WORKSPACE_WRAPPER",
    "CLIPPY_ARGS",
    "CLIPPY_CONF_DIR",
    "CARGO_PRIMARY_PACKAGE",
];

fn main() {
    if let Err(message) = build() {
        // One line, shown by cargo as the build's error.
        println!("cargo::error={message}");
        std::process::exit(1);
    }
}

fn build() -> Result<(), String> {
    println!("cargo::rustc-check-cfg=cfg(browser_module_missing)");
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    let pkg = out_dir.join("wasm-pkg");
    std::fs::create_dir_all(&pkg).map_err(|e| format!("cannot create {}: {e}", pkg.display()))?;

    println!("cargo::rerun-if-env-changed=ASHTA_WASM_PKG");
    if let Some(prebuilt) = env::var_os("ASHTA_WASM_PKG") {
        return copy_prebuilt(Path::new(&prebuilt), &pkg);
    }

    let manifest_dir =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").ok_or("no CARGO_MANIFEST_DIR")?);
    let workspace = manifest_dir.join("../..");
    let wasm_crate = workspace.join("crates/ashta-wasm");
    if !wasm_crate.join("Cargo.toml").is_file() {
        return Err(format!(
            "the browser module's sources are not at {}; set ASHTA_WASM_PKG to a directory holding a prebuilt ashta_wasm.js and ashta_wasm_bg.wasm",
            wasm_crate.display()
        ));
    }
    for input in module_inputs(&workspace) {
        println!("cargo::rerun-if-changed={}", input.display());
    }

    if let Err(missing) = check_wasm_target() {
        println!("cargo::warning={missing}; the server is built without its browser module (no offline play)");
        println!("cargo::rustc-cfg=browser_module_missing");
        for name in MODULE_FILES {
            std::fs::write(pkg.join(name), b"")
                .map_err(|e| format!("cannot write {}: {e}", pkg.join(name).display()))?;
        }
        return Ok(());
    }
    let nested_dir = nested_build_dir(&out_dir);
    compile_module(&workspace, &nested_dir)?;
    let wasm = nested_dir
        .join(WASM_TARGET)
        .join("wasm")
        .join("ashta_wasm.wasm");
    wasm_bindgen_cli_support::Bindgen::new()
        .input_path(&wasm)
        .web(true)
        .map_err(|e| format!("wasm-bindgen: {e}"))?
        .typescript(true)
        // As the command line does: the glue finds its binary beside itself.
        .omit_default_module_path(false)
        .generate(&pkg)
        .map_err(|e| format!("wasm-bindgen on {}: {e:#}", wasm.display()))?;
    Ok(())
}

/// Embeds the module of `ASHTA_WASM_PKG` instead of building one.
fn copy_prebuilt(from: &Path, pkg: &Path) -> Result<(), String> {
    for name in MODULE_FILES {
        let source = from.join(name);
        println!("cargo::rerun-if-changed={}", source.display());
        std::fs::copy(&source, pkg.join(name)).map_err(|e| {
            format!(
                "ASHTA_WASM_PKG names {}, which has no readable {name} ({e})",
                from.display()
            )
        })?;
    }
    Ok(())
}

/// Everything the module is made from: the workspace manifest (its `wasm` profile),
/// Cargo.lock, and the manifest, sources, build script and data of `ashta-wasm` and of
/// every workspace crate it depends on, directly or not.
fn module_inputs(workspace: &Path) -> Vec<PathBuf> {
    let mut inputs = vec![workspace.join("Cargo.toml"), workspace.join("Cargo.lock")];
    let mut crates = vec!["ashta-wasm".to_string()];
    let mut seen = Vec::new();
    while let Some(name) = crates.pop() {
        if seen.contains(&name) {
            continue;
        }
        let dir = workspace.join("crates").join(&name);
        let manifest = dir.join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest).unwrap_or_default();
        crates.extend(workspace_dependencies(&text));
        for part in ["Cargo.toml", "src", "build.rs", "nets"] {
            let path = dir.join(part);
            if path.exists() {
                inputs.push(path);
            }
        }
        seen.push(name);
    }
    inputs
}

/// The workspace crates (`ashta-…`) a manifest names under `[dependencies]` or a
/// target's dependencies; not its dev- or build-dependencies, which the module does not
/// contain.
fn workspace_dependencies(manifest: &str) -> Vec<String> {
    let mut in_dependencies = false;
    let mut names = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]"
                || (line.starts_with("[target.") && line.ends_with(".dependencies]"));
            continue;
        }
        if !in_dependencies {
            continue;
        }
        let key = line
            .split(['=', '.', ' '])
            .next()
            .unwrap_or_default()
            .trim();
        if key.starts_with("ashta-") {
            names.push(key.to_string());
        }
    }
    names
}

/// Fails with one line when the toolchain lacks the wasm32 standard library (and asks
/// cargo to run this script again when that library appears).
fn check_wasm_target() -> Result<(), String> {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let sysroot = Command::new(&rustc)
        .args(["--print", "sysroot"])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", Path::new(&rustc).display()))?;
    let sysroot = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim());
    let rustlib = sysroot.join("lib/rustlib");
    println!("cargo::rerun-if-changed={}", rustlib.display());
    let std_lib = rustlib.join(WASM_TARGET).join("lib");
    if std_lib.is_dir() {
        Ok(())
    } else {
        Err(format!(
            "the Rust target {WASM_TARGET} is missing (install it with: rustup target add {WASM_TARGET})"
        ))
    }
}

/// The nested build's directory: `wasm-module/` at the top of the outer build
/// directory (the ancestor of `OUT_DIR` that holds cargo's `CACHEDIR.TAG`), so that
/// every profile of the outer build shares it; inside `OUT_DIR` if there is none.
fn nested_build_dir(out_dir: &Path) -> PathBuf {
    out_dir
        .ancestors()
        .find(|dir| dir.join("CACHEDIR.TAG").is_file())
        .map_or_else(
            || out_dir.join("wasm-module"),
            |top| top.join("wasm-module"),
        )
}

/// Compiles `crates/ashta-wasm` for wasm32 with the `wasm` profile into `nested_dir`,
/// sharing the outer build's jobs (its jobserver reaches the nested cargo through the
/// environment).
fn compile_module(workspace: &Path, nested_dir: &Path) -> Result<(), String> {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .arg("build")
        .arg("--manifest-path")
        .arg(workspace.join("Cargo.toml"))
        .args(["-p", "ashta-wasm", "--lib", "--profile", "wasm"])
        .args(["--target", WASM_TARGET])
        .arg("--target-dir")
        .arg(nested_dir)
        // Its progress goes to this script's log, never to the lines cargo reads.
        .stdout(Stdio::from(std::io::stderr()))
        .stderr(Stdio::inherit());
    for name in OUTER_ONLY {
        command.env_remove(name);
    }
    let status = command
        .status()
        .map_err(|e| format!("cannot run cargo for the browser module: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "building the browser module (crates/ashta-wasm for {WASM_TARGET}) failed ({status}); its errors are above"
        ))
    }
}
