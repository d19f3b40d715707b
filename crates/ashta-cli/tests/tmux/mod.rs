//! Driving the real `ashta` binary in a real terminal: a detached tmux session of a
//! fixed size on a socket of its own, keys sent with `tmux send-keys`, the screen read
//! with `tmux capture-pane -p`, and the server killed when the session is dropped
//! (also when a test fails).

use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// How long to wait for the screen to show something before failing.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A tmux server with one session running `ashta`.
pub struct Session {
    socket: String,
    /// The socket's file, removed with the server.
    socket_path: Option<String>,
}

fn tmux(socket: &str, args: &[&str]) -> Output {
    Command::new("tmux")
        .args(["-L", socket, "-f", "/dev/null"])
        .args(args)
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run tmux ({e}); install it with: apt-get install -y tmux")
        })
}

/// Fails with how to install tmux when it is missing.
pub fn require_tmux() {
    match Command::new("tmux").arg("-V").output() {
        Ok(out) if out.status.success() => {}
        _ => panic!(
            "these tests drive the game in a real terminal and need tmux, which is not \
             installed: apt-get install -y tmux"
        ),
    }
}

fn quote(arg: &str) -> String {
    format!("'{}'", arg.replace('\'', r"'\''"))
}

impl Session {
    /// Starts `ashta args…` in a detached `width`×`height` session on the socket
    /// `ashta-<name>-<pid>`.
    pub fn start(name: &str, width: u16, height: u16, args: &[&str]) -> Session {
        Session::start_in(name, width, height, args, None)
    }

    /// [`Session::start`] with `ashta` running in the directory `dir` (where it saves
    /// files given without a directory), when given.
    pub fn start_in(
        name: &str,
        width: u16,
        height: u16,
        args: &[&str],
        dir: Option<&std::path::Path>,
    ) -> Session {
        require_tmux();
        let socket = format!("ashta-{name}-{}", std::process::id());
        let mut session = Session {
            socket,
            socket_path: None,
        };
        // A server left over from an earlier run of this test under the same pid.
        let _ = tmux(&session.socket, &["kill-server"]);
        let mut command = quote(env!("CARGO_BIN_EXE_ashta"));
        for a in args {
            command += " ";
            command += &quote(a);
        }
        let (w, h) = (width.to_string(), height.to_string());
        let mut new = vec!["new-session", "-d", "-s", "game", "-x", &w, "-y", &h];
        let dir = dir.map(|d| d.to_string_lossy().into_owned());
        if let Some(dir) = &dir {
            new.extend(["-c", dir.as_str()]);
        }
        new.push(&command);
        let out = tmux(&session.socket, &new);
        assert!(
            out.status.success(),
            "tmux new-session failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let path = tmux(
            &session.socket,
            &["display-message", "-p", "#{socket_path}"],
        );
        session.socket_path = Some(String::from_utf8_lossy(&path.stdout).trim().to_string())
            .filter(|p| !p.is_empty());
        // Keep the pane (and what it shows) if the program ends, to see why.
        let _ = tmux(
            &session.socket,
            &["set-option", "-t", "game", "remain-on-exit", "on"],
        );
        session
    }

    /// The screen as it is now, one string a row.
    pub fn screen(&self) -> Vec<String> {
        let out = tmux(&self.socket, &["capture-pane", "-p", "-t", "game"]);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Everything the pane has shown, its history included, wrapped lines joined: what a
    /// program prints after leaving the full screen may scroll into the history.
    pub fn history(&self) -> String {
        let out = tmux(
            &self.socket,
            &["capture-pane", "-p", "-J", "-S", "-", "-t", "game"],
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the pane's history holds `text`; fails after [`PATIENCE`].
    pub fn wait_for_printed(&self, text: &str) {
        let start = Instant::now();
        while !self.history().contains(text) {
            assert!(
                start.elapsed() < PATIENCE,
                "after {PATIENCE:?} the pane has not printed {text:?}:\n{}",
                self.history()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until `what` holds of the screen, and answers that screen; fails after
    /// [`PATIENCE`] with `wanted` and the last screen.
    pub fn wait_for(&self, wanted: &str, mut what: impl FnMut(&[String]) -> bool) -> Vec<String> {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if what(&screen) {
                return screen;
            }
            if start.elapsed() > PATIENCE {
                panic!(
                    "after {PATIENCE:?} the screen still does not show {wanted}:\n{}",
                    screen.join("\n")
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the screen stops changing (the same twice, 100 ms apart) and
    /// answers it: a frame is written a piece at a time.
    pub fn settled_screen(&self) -> Vec<String> {
        let mut last = self.screen();
        self.wait_for("the same screen twice", |_| {
            std::thread::sleep(Duration::from_millis(100));
            let now = self.screen();
            let same = now == last;
            last = now;
            same
        })
    }

    /// Waits until some row of the screen contains `text`.
    pub fn wait_for_text(&self, text: &str) -> Vec<String> {
        self.wait_for(&format!("{text:?}"), |s| s.iter().any(|r| r.contains(text)))
    }

    /// Sends keys in tmux's names (`Down`, `Escape`, `C-u`, `?`).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "game"];
        args.extend_from_slice(keys);
        let out = tmux(&self.socket, &args);
        assert!(out.status.success(), "tmux send-keys {keys:?} failed");
    }

    /// Types `text` literally.
    pub fn type_text(&self, text: &str) {
        let out = tmux(&self.socket, &["send-keys", "-t", "game", "-l", text]);
        assert!(out.status.success(), "tmux send-keys -l {text:?} failed");
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = tmux(&self.socket, &["kill-server"]);
        if let Some(path) = &self.socket_path {
            let _ = std::fs::remove_file(path);
        }
    }
}
