//! Functions shared by the integration tests that run the built `ashta` binary once per
//! call, with arguments and standard input, and look at what it answered.

// Each test binary compiles this module and uses a different subset of it.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// What one run of the binary gave.
pub struct Run {
    /// The exit code, or -1 when the program was ended by a signal.
    pub code: i32,
    /// Everything it wrote to standard output.
    pub stdout: String,
    /// Everything it wrote to standard error.
    pub stderr: String,
}

/// Runs `ashta` with `args`, feeding `stdin` to it; asserts that it did not panic.
pub fn ashta(args: &[&str], stdin: &str) -> Run {
    ashta_env(args, &[], stdin)
}

/// [`ashta`] with environment variables `env` set (and `ASHTA_NET` and
/// `ASHTA_WEIGHTS` removed unless `env` sets them, so the caller's environment
/// cannot change the bots).
pub fn ashta_env(args: &[&str], env: &[(&str, &str)], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ashta"))
        .args(args)
        .env_remove("ASHTA_NET")
        .env_remove("ASHTA_WEIGHTS")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    // A program that stops reading early closes the pipe; that is not a test failure.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let out = child.wait_with_output().unwrap();
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "ashta {args:?} panicked: {}",
        run.stderr
    );
    run
}

/// Runs `ashta` and expects success (exit code 0); answers its standard output.
pub fn ok(args: &[&str], stdin: &str) -> String {
    let run = ashta(args, stdin);
    assert_eq!(run.code, 0, "ashta {args:?} failed: {}", run.stderr);
    run.stdout
}

/// Runs `ashta` and expects a failure with a message; answers its standard error.
pub fn fails(args: &[&str], stdin: &str) -> String {
    let run = ashta(args, stdin);
    assert_ne!(run.code, 0, "ashta {args:?} should fail: {}", run.stdout);
    assert!(!run.stderr.trim().is_empty(), "ashta {args:?}: no message");
    run.stderr
}

/// A file named `name` in the tests' scratch directory with `text` in it.
pub fn scratch(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}
