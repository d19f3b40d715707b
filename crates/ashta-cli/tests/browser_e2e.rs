//! The web page's tests, run by `cargo test`.
//!
//! - The page draws the boards the server describes and recomputes nothing (the seed
//!   check at the end is the browser module's); the fixture its unit tests read
//!   (`crates/ashta-server/e2e/unit/engine-fixture.json`: boards as the server sends
//!   them, presets) is checked here against the engine itself.
//! - The page's pure modules (geometry, texts, history) pass `node --test`.
//! - The real `ashta serve` binary is started on a free port with a fresh database, and
//!   `crates/ashta-server/e2e/run.mjs` plays it in Debian's headless Chromium through
//!   playwright-core: a game against three bots clicked to the end with a reload in the
//!   middle, two browsers playing each other while a third watches, and illegal clicks;
//!   `first-game.mjs` checks the legend, the movable pawns, the route, the tutorial and
//!   the review at the end; `whole-page.mjs` checks, against a copy of the binary run
//!   from an empty directory, that every feature built on the browser module works.
//!
//! The browser tests need the web server in the binary (`--features server`, which
//! `scripts/test` gives); the first two run in any build.
//!
//! All but the first need Node.js, and the browser tests Chromium and the e2e packages
//! too: without them they are skipped with a line saying what is missing and how to
//! install it, or fail when `ASHTA_TEST_ALL=1` (as `scripts/test` sets after installing
//! them). Set `ASHTA_UPDATE_FIXTURES=1` to rewrite the fixture after a deliberate change
//! of the geometry or the presets.

mod needs;

use std::path::PathBuf;
use std::process::{Command, Output};

use ashta_engine::{Preset, Rules, RulesObject, Square, Variant};
use serde_json::{json, Value};

fn e2e_dir() -> PathBuf {
    needs::e2e_dir()
}

fn fixture_path() -> PathBuf {
    e2e_dir().join("unit/engine-fixture.json")
}

/// The board of a game of `size` and `players` as the server's snapshot describes it
/// (`board`): each player's seat and path, the safe squares, the home and the outer
/// ring, all from the engine. The page's unit tests draw boards from these.
fn board_json(size: u8, players: u8) -> Value {
    let mut rules = Rules::standard();
    rules.size = size;
    rules.players = players;
    let v = Variant::new(rules).expect("the fixture's rules compile");
    let n = size as usize;
    let paths: Vec<Vec<String>> = (0..v.players())
        .map(|p| (0..=v.home()).map(|i| v.square(p, i).name(n)).collect())
        .collect();
    let safe: Vec<String> = (0..n * n)
        .map(|i| Square(i as u8))
        .filter(|&sq| v.is_safe(sq))
        .map(|sq| sq.name(n))
        .collect();
    let seats: Vec<u8> = (0..v.players()).map(|p| v.seat(p) as u8).collect();
    json!({"size": size, "seats": seats, "paths": paths, "safe": safe,
           "home": v.home(), "outer": v.outer_len()})
}

/// The facts the page's JavaScript relies on, computed by the engine: the boards the
/// server sends and the presets' full rules objects (the page recomputes nothing).
fn engine_fixture() -> Value {
    let mut boards = serde_json::Map::new();
    for (size, players) in [(5u8, 2u8), (5, 3), (5, 4), (7, 4), (9, 2)] {
        boards.insert(format!("{size}x{players}"), board_json(size, players));
    }
    let presets: Vec<Value> = Preset::ALL
        .iter()
        .map(|&p| json!({"name": p.name(), "rules": RulesObject::full(&Rules::preset(p))}))
        .collect();
    json!({
        "note": "Made by crates/ashta-cli/tests/browser_e2e.rs from the engine; do not edit by hand.",
        "boards": boards,
        "presets": presets,
    })
}

#[test]
fn page_fixture_matches_the_engine() {
    let expected = serde_json::to_string_pretty(&engine_fixture()).unwrap() + "\n";
    let path = fixture_path();
    if std::env::var_os("ASHTA_UPDATE_FIXTURES").is_some() {
        std::fs::write(&path, &expected).expect("write the fixture");
    }
    let committed = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    assert!(
        committed == expected,
        "{} differs from what the engine gives now; if the change is deliberate, rerun with \
         ASHTA_UPDATE_FIXTURES=1 and check the page's unit tests",
        path.display()
    );
}

/// Runs a command, failing the test with a clear message when it cannot start.
fn run(cmd: &mut Command, what: &str, install: &str) -> Output {
    cmd.output().unwrap_or_else(|e| {
        panic!("cannot run {what} ({e}); install it with: {install}");
    })
}

fn assert_success(out: &Output, what: &str) {
    assert!(
        out.status.success(),
        "{what} failed ({}).\n--- stdout ---\n{}\n--- stderr ---\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn page_modules_pass_their_node_unit_tests() {
    if !needs::available("the page's Node unit tests", &[needs::NODE]) {
        return;
    }
    let out = run(
        Command::new("node")
            .arg("--test")
            .arg("--test-reporter=spec")
            .arg("unit/")
            .current_dir(e2e_dir()),
        "node --test",
        needs::NODE.install,
    );
    assert_success(&out, "node --test unit/ (in crates/ashta-server/e2e)");
}

/// The game played in Chromium against the real `ashta serve`, which is only in a
/// build with the cargo feature `server`.
#[cfg(feature = "server")]
mod served {
    use super::*;
    use std::io::{BufRead, BufReader, Read};
    use std::net::TcpStream;
    use std::path::Path;
    use std::process::{Child, Stdio};
    use std::sync::mpsc;
    use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

    /// The `ashta serve` process of one test, killed when dropped.
    struct Server {
        child: Child,
        dir: PathBuf,
        log: PathBuf,
    }

    impl Drop for Server {
        fn drop(&mut self) {
            let _ = self.child.kill();
            let _ = self.child.wait();
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    impl Server {
        fn log_text(&self) -> String {
            let mut text = String::new();
            if let Ok(mut f) = std::fs::File::open(&self.log) {
                let _ = f.read_to_string(&mut text);
            }
            text
        }
    }

    /// Starts the built `ashta serve` on a free loopback port with a fresh database,
    /// without bot pauses; returns it with its base URL.
    fn start_server() -> (Server, String) {
        start_server_of(Path::new(env!("CARGO_BIN_EXE_ashta")), None, &[])
    }

    /// Starts `binary serve` (in `cwd` when given) on a free loopback port with a fresh
    /// database, without bot pauses; returns it with its base URL, read from the line it
    /// prints first.
    fn start_server_of(binary: &Path, cwd: Option<&Path>, flags: &[&str]) -> (Server, String) {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir =
            std::env::temp_dir().join(format!("ashta-browser-e2e-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("server.log");
        let mut command = Command::new(binary);
        if let Some(cwd) = cwd {
            command.current_dir(cwd);
        }
        // `--addr` among the flags takes the place of the loopback default.
        let addr_at = flags.iter().position(|f| *f == "--addr");
        let listen = addr_at.map_or("127.0.0.1:0", |i| flags[i + 1]);
        let others = flags
            .iter()
            .enumerate()
            .filter(|(i, _)| addr_at.is_none_or(|a| *i != a && *i != a + 1))
            .map(|(_, f)| *f);
        let mut child = command
            .args(["serve", "--addr", listen, "--bot-delay-ms", "0", "--db"])
            .arg(dir.join("games.sqlite"))
            .args(others)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("start `ashta serve`");
        let stdout = child.stdout.take().expect("the server's standard output");
        let server = Server { child, dir, log };
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(first)) = lines.next() {
                let _ = tx.send(first);
            }
            // Keep reading so the server never blocks on a full pipe.
            for _ in lines {}
        });
        let first = rx
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| {
                panic!(
                    "`ashta serve` printed no address within 60 s:\n{}",
                    server.log_text()
                )
            });
        let url = first
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in the server's first line: {first}"))
            .trim_end_matches([',', ')'])
            .to_string();
        let addr = url.trim_start_matches("http://");
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(addr).is_err() {
            assert!(
                Instant::now() < deadline,
                "`ashta serve` does not answer on {addr}:\n{}",
                server.log_text()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        (server, url)
    }

    /// The tools every browser test needs (Node.js, Chromium, the browser driver), or
    /// the test skipped (failed with `ASHTA_TEST_ALL=1`) saying which is missing.
    fn browser_tools(what: &str) -> Option<String> {
        let tools = [
            needs::NODE,
            needs::CHROMIUM,
            needs::BROWSER_DRIVER,
            needs::WASM_TARGET,
        ];
        needs::available(what, &tools).then(needs::chromium_path)
    }

    /// The installed binary is whole: a copy of `ashta` in an empty temporary directory,
    /// run from there (no source tree, no build directory, no `ASHTA_WASM_PKG`), serves
    /// a page whose rules list offers every preset, whose How to play, tutorial, offline
    /// game and review all work (`e2e/whole-page.mjs`): the browser module is built in.
    #[test]
    fn an_installed_binary_serves_every_feature_of_the_page_from_an_empty_directory() {
        let Some(chromium) = browser_tools("the installed-binary page test") else {
            return;
        };
        let home = tempfile::tempdir().expect("a temporary directory");
        let binary = home.path().join("ashta");
        std::fs::copy(env!("CARGO_BIN_EXE_ashta"), &binary).expect("copy the binary");
        let run_dir = home.path().join("run");
        std::fs::create_dir(&run_dir).unwrap();
        let (server, base) = start_server_of(&binary, Some(&run_dir), &[]);
        let presets: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        let out = run(
            Command::new("node")
                .arg("whole-page.mjs")
                .arg(&base)
                .arg(presets.join(","))
                .env("CHROMIUM", &chromium)
                .current_dir(e2e_dir()),
            "node whole-page.mjs",
            needs::NODE.install,
        );
        if !out.status.success() {
            panic!(
                "the page of the installed binary is not whole ({}).\n--- stdout ---\n{}\n--- stderr ---\n{}\n--- server log (tail) ---\n{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr),
                tail(&server.log_text(), 60)
            );
        }
        print!("{}", String::from_utf8_lossy(&out.stdout));
    }

    #[test]
    fn browser_plays_whole_games_in_headless_chromium() {
        run_page_script("run.mjs");
    }

    /// A first game (`e2e/first-game.mjs`): the legend open at 1280×800, the movable
    /// pawns marked from the engine's moves, the route on demand and in the rules
    /// dialog, the tutorial walked step by step, and the review at the end (the last two
    /// from the browser module built into the server).
    #[test]
    fn browser_first_game_has_its_legend_route_tutorial_and_review() {
        run_page_script("first-game.mjs");
    }

    /// Play on a phone and with a keyboard (`e2e/phone-play.mjs`) at 1280×800, 390×844
    /// and 360×640: "Play the computer" starts a game in one tap with its choices kept,
    /// every control is at least 44×44 px at 360 px, a tap on a highlighted square moves
    /// and a tap on the cowries throws, a forced move plays itself, Enter throws and
    /// moves and the arrows rove, no text is cut off in six languages, the Indian
    /// scripts come in the page's fonts, the lobby offline says so and a frozen draw says
    /// why.
    #[test]
    fn browser_plays_in_one_tap_on_a_phone_and_by_keyboard() {
        run_page_script("phone-play.mjs");
    }

    /// Real cowries in the page (`e2e/real-cowries.mjs`): the people tap how many fell
    /// mouth up, a throw tapped by mistake is taken back, a game against the computer is
    /// tapped to its end, and at one table the board turns toward the player to move.
    #[test]
    fn browser_plays_with_real_cowries_entered_by_taps() {
        run_page_script("real-cowries.mjs");
    }

    /// The page scanned by axe-core (`e2e/accessibility.mjs`): the lobby, the tutorial,
    /// a game before and after a throw, the end screen, the review and a game of real
    /// cowries have no serious or critical violation.
    #[test]
    fn browser_pages_have_no_serious_accessibility_violation() {
        run_page_script("accessibility.mjs");
    }

    /// A whole game by screen reader (`e2e/screen-reader.mjs`): only roles, names and
    /// keys; the board a grid of squares in words, the plays buttons in words, the
    /// position, bag and players said on a key, every turn announced once.
    #[test]
    fn browser_plays_a_whole_game_by_screen_reader() {
        run_page_script("screen-reader.mjs");
    }

    /// A player who leaves (`e2e/leavers.mjs`), on a server whose claim time is two
    /// seconds: their panel says they are away with a counter that runs, the claim
    /// buttons come once the server offers them, and the claimed win is the result the
    /// end screen says.
    #[test]
    fn browser_shows_a_player_away_and_the_claim_over_them() {
        run_page_script_on("leavers.mjs", &["--claim-after-secs", "2"]);
    }

    /// People find each other (`e2e/community.mjs`): two contexts pick names, pair
    /// through "Play someone", play out and see their ratings, the leaderboard and each
    /// other's page; a four-player seek takes two bots. The two must come from two
    /// networks: the server listens on IPv4 and IPv6, one context opens 127.0.0.1 and
    /// the other [::1] (skipped, saying so, on a machine without IPv6).
    #[test]
    fn browser_pairs_two_people_who_then_see_their_ratings() {
        if std::net::TcpListener::bind("[::1]:0").is_err() {
            eprintln!("skipped: community.mjs needs IPv6 on the loopback ([::1])");
            return;
        }
        run_page_script_on(
            "community.mjs",
            &["--addr", "[::]:0", "--seek-bots-after-secs", "2"],
        );
    }

    /// Runs an e2e script (`node SCRIPT BASE_URL`) against a fresh `ashta serve`.
    fn run_page_script(script: &str) {
        run_page_script_on(script, &[]);
    }

    /// Runs an e2e script (`node SCRIPT BASE_URL`) against a fresh `ashta serve` given
    /// `flags` besides.
    fn run_page_script_on(script: &str, flags: &[&str]) {
        let Some(chromium) = browser_tools(&format!("the browser test {script}")) else {
            return;
        };
        let (server, base) = start_server_of(Path::new(env!("CARGO_BIN_EXE_ashta")), None, flags);
        let out = run(
            Command::new("node")
                .arg(script)
                .arg(&base)
                .env("CHROMIUM", &chromium)
                .current_dir(e2e_dir()),
            &format!("node {script}"),
            needs::NODE.install,
        );
        if !out.status.success() {
            panic!(
                "the browser tests of {script} failed ({}).\n--- stdout ---\n{}\n--- stderr ---\n{}\n--- server log (tail) ---\n{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr),
                tail(&server.log_text(), 60)
            );
        }
        print!("{}", String::from_utf8_lossy(&out.stdout));
    }

    /// The offline game (`e2e/offline.mjs`): the page plays a whole game against
    /// `default` with the engine in the page after its own `ashta serve` is stopped,
    /// resumes it after a reload, loads within 1.5 MB, a `medium` decision in the
    /// page's Worker answers within its budget, two people play hotseat, and the throw
    /// panel fits a phone's width.
    #[test]
    fn browser_plays_offline_with_the_server_stopped() {
        let Some(chromium) = browser_tools("the offline browser test") else {
            return;
        };
        let out = run(
            Command::new("node")
                .arg("offline.mjs")
                .arg(env!("CARGO_BIN_EXE_ashta"))
                .env("CHROMIUM", &chromium)
                .current_dir(e2e_dir()),
            "node offline.mjs",
            needs::NODE.install,
        );
        assert_success(&out, "the offline browser tests");
        print!("{}", String::from_utf8_lossy(&out.stdout));
    }

    /// The browser module and the native engine agree on the legal moves (paths and
    /// facts) of 1,000 random positions of varied rules, asked in Chromium of the module
    /// the server serves (`e2e/agree.mjs`); the positions and the native moves are made
    /// here, by [`ashta_wasm::agree::random_positions`], the one source of positions
    /// (the Node check of `scripts/test` prints the same ones).
    #[test]
    fn wasm_in_chromium_and_native_agree_on_a_thousand_positions() {
        let Some(chromium) = browser_tools("the agreement test in Chromium") else {
            return;
        };
        let (server, base) = start_server();
        let file = server.dir.join("positions.jsonl");
        let lines: Vec<String> = ashta_wasm::agree::random_positions(1000, 7)
            .iter()
            .map(|p| p.to_string())
            .collect();
        std::fs::write(&file, lines.join("\n")).expect("write the positions");
        let out = run(
            Command::new("node")
                .arg("agree.mjs")
                .arg(&base)
                .arg(&file)
                .env("CHROMIUM", &chromium)
                .current_dir(e2e_dir()),
            "node agree.mjs",
            needs::NODE.install,
        );
        assert_success(&out, "the agreement of wasm in Chromium with native");
        print!("{}", String::from_utf8_lossy(&out.stdout));
    }

    fn tail(text: &str, lines: usize) -> String {
        let all: Vec<&str> = text.lines().collect();
        all[all.len().saturating_sub(lines)..].join("\n")
    }
}
