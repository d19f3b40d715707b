//! Names the commit `ashta` is built from, for `ashta --version`: `ASHTA_GIT_COMMIT` is
//! the first 12 hex digits of git's `HEAD` when building in a git checkout, else
//! `unknown` (a source archive, or no git installed).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The output of `git ARGS` run in `dir`, trimmed, if git runs and succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_string())
}

fn main() {
    let dir = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let commit = git(&dir, &["rev-parse", "--short=12", "HEAD"]);
    println!(
        "cargo::rustc-env=ASHTA_GIT_COMMIT={}",
        commit.as_deref().unwrap_or("unknown")
    );
    // Built again when HEAD moves: a new commit, or another branch checked out.
    if let Some(git_dir) = git(&dir, &["rev-parse", "--absolute-git-dir"]) {
        let git_dir = PathBuf::from(git_dir);
        println!("cargo::rerun-if-changed={}", git_dir.join("HEAD").display());
        let common = git(
            &dir,
            &["rev-parse", "--path-format=absolute", "--git-common-dir"],
        )
        .map_or_else(|| git_dir.clone(), PathBuf::from);
        if let Some(head_ref) = git(&dir, &["symbolic-ref", "-q", "HEAD"]) {
            let ref_file = common.join(&head_ref);
            if ref_file.exists() {
                println!("cargo::rerun-if-changed={}", ref_file.display());
            }
        }
        let packed = common.join("packed-refs");
        if packed.exists() {
            println!("cargo::rerun-if-changed={}", packed.display());
        }
    } else {
        println!("cargo::rerun-if-changed=build.rs");
    }
}
