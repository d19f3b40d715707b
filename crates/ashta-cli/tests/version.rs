//! `ashta --version` names the version and the commit the binary was built from.

use std::process::Command;

#[test]
fn version_names_the_release_and_the_commit() {
    let out = Command::new(env!("CARGO_BIN_EXE_ashta"))
        .arg("--version")
        .output()
        .expect("run ashta --version");
    assert!(out.status.success());
    let line = String::from_utf8(out.stdout).expect("the version is text");
    let commit = env!("ASHTA_GIT_COMMIT");
    assert_eq!(
        line,
        format!("ashta {} (commit {commit})\n", env!("CARGO_PKG_VERSION"))
    );
    assert!(
        commit == "unknown"
            || (commit.len() == 12 && commit.chars().all(|c| c.is_ascii_hexdigit())),
        "the commit is 12 hex digits or `unknown`: {commit}"
    );
    // In a git checkout it is the checkout's HEAD (built again when HEAD moves).
    let head = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output();
    if let Some(head) = head.ok().filter(|h| h.status.success()) {
        assert_eq!(commit, String::from_utf8_lossy(&head.stdout).trim());
    }
}
