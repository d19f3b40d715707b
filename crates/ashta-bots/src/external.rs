//! A bot played by another program: any engine that speaks the line protocol of
//! docs/PROTOCOL.md (`ashta engine` does) runs as a child process, and [`ExternalBot`] asks
//! it for each play, so tournaments can seat other people's bots.
//!
//! The spec is `engine:COMMAND` or `engine:"COMMAND",key=value,...`: the command line
//! is split into words as a POSIX shell would (quotes and backslashes), and runs
//! without a shell. Options: `timeout=MS`, the longest wait for any one answer
//! (default [`DEFAULT_TIMEOUT_MS`], plus the time budget when one is given), and
//! `level=NAME` or `bot=NAME`, sent to the engine as `setoption`.
//!
//! At start the bot sends `hello 1` and reads the engine's options; it sends
//! `setoption seed S` and, with a time budget, `setoption time MS` when the engine
//! declares those options. For each decision it sends `position JSON` and `go`, reads
//! the `play` line and checks that its moves are legal and play out the whole bag. An
//! engine that exits, answers `error`, says something that is not a legal play, or
//! stays silent past the timeout is a failure reported by [`Bot::try_choose`] (and the
//! child is killed); nothing hangs.

mod move_text;

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use ashta_engine::{Play, Position, Variant};
use thiserror::Error;

use ashta_session::{Bot, Candidate};

pub use move_text::{check_move_text, parse_move, play_text, resolve, resolve_play, MoveText};

/// The protocol version the bot asks for.
pub const PROTOCOL_VERSION: u32 = 1;

/// The default longest wait for one answer, in milliseconds (the time budget is added).
pub const DEFAULT_TIMEOUT_MS: u64 = 10_000;

/// Lines of the engine's standard error kept for error messages.
const STDERR_TAIL: usize = 8;

/// How long an engine that closed its output is given to exit before its failure is
/// reported (see `ExternalBot::settle`).
const SETTLE: Duration = Duration::from_millis(500);

/// Why an external engine cannot be started or used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExternalError {
    /// The spec cannot be read.
    #[error("bad engine spec {spec:?}: {reason}")]
    Spec {
        /// The spec after `engine:`.
        spec: String,
        /// What is wrong.
        reason: String,
    },
    /// The engine failed: it could not start, died, timed out or misbehaved.
    #[error("engine {command:?}: {reason}")]
    Engine {
        /// The command line.
        command: String,
        /// What happened.
        reason: String,
    },
}

/// How an external engine is run, as read from its spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command line as given.
    pub command: String,
    /// Its words: the program, then its arguments.
    pub argv: Vec<String>,
    /// Longest wait for one answer.
    pub timeout: Duration,
    /// `setoption` pairs to send after the handshake.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// Reads the part of a spec after `engine:`: a command line, in double quotes
    /// when it is followed by options (`"ashta engine",timeout=5000`).
    pub fn parse(text: &str) -> Result<EngineSpec, ExternalError> {
        let bad = |reason: &str| ExternalError::Spec {
            spec: text.to_string(),
            reason: reason.to_string(),
        };
        let text = text.trim();
        let (command, options) = if let Some(quoted) = text.strip_prefix('"') {
            let end = quoted
                .find('"')
                .ok_or_else(|| bad("the command's opening quote is never closed"))?;
            let rest = &quoted[end + 1..];
            let options = match rest.strip_prefix(',') {
                Some(options) => options,
                None if rest.trim().is_empty() => "",
                None => return Err(bad("after the quoted command, expected ,key=value options")),
            };
            (&quoted[..end], options)
        } else {
            // Unquoted: the command runs to the first piece that is an option.
            let mut pieces = text.split(',');
            let mut command = pieces.next().unwrap_or_default().to_string();
            let mut options = Vec::new();
            for piece in pieces {
                if options.is_empty() && !is_option(piece) {
                    command.push(',');
                    command.push_str(piece);
                } else {
                    options.push(piece);
                }
            }
            return Self::build(text, &command, &options);
        };
        let pieces: Vec<&str> = options.split(',').filter(|p| !p.is_empty()).collect();
        Self::build(text, command, &pieces)
    }

    fn build(text: &str, command: &str, options: &[&str]) -> Result<EngineSpec, ExternalError> {
        let bad = |reason: String| ExternalError::Spec {
            spec: text.to_string(),
            reason,
        };
        let argv = shlex::split(command).ok_or_else(|| {
            bad("the command line has an unclosed quote or a trailing backslash".into())
        })?;
        if argv.is_empty() {
            return Err(bad("no command: write engine:\"PROGRAM ARGS\"".into()));
        }
        let mut spec = EngineSpec {
            command: command.trim().to_string(),
            argv,
            timeout: Duration::from_millis(DEFAULT_TIMEOUT_MS),
            options: Vec::new(),
        };
        for piece in options {
            let (key, value) = piece
                .split_once('=')
                .ok_or_else(|| bad(format!("option {piece:?} is not key=value")))?;
            match key {
                "timeout" => {
                    let ms: u64 = value.parse().ok().filter(|&ms| ms > 0).ok_or_else(|| {
                        bad(format!("timeout={value}: expected milliseconds above 0"))
                    })?;
                    spec.timeout = Duration::from_millis(ms);
                }
                "level" | "bot" => spec.options.push((key.to_string(), value.to_string())),
                _ => {
                    return Err(bad(format!(
                        "unknown option {key:?} (an engine takes timeout, level, bot)"
                    )))
                }
            }
        }
        Ok(spec)
    }
}

/// Whether a piece of an unquoted spec is one of the options.
fn is_option(piece: &str) -> bool {
    ["timeout=", "level=", "bot="]
        .iter()
        .any(|k| piece.starts_with(k))
}

/// What the reader thread passes on.
enum EngineOutput {
    Line(String),
    Closed(String),
}

/// A bot that is another program speaking the engine protocol.
pub struct ExternalBot {
    spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<EngineOutput>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The thread that reads the engine's standard error into `stderr`.
    stderr_reader: thread::JoinHandle<()>,
    /// The engine's `id name`.
    name: String,
    /// The options the engine declared.
    declared: Vec<String>,
    /// Extra wait per answer: the thinking time.
    budget: Duration,
    /// The first failure; once failed, the bot stays failed.
    failed: Option<String>,
}

impl ExternalBot {
    /// Starts the engine of `spec` (the part after `engine:`), does the handshake and
    /// sends its options: `seed`, and `time` when `time` is given.
    pub fn start(
        spec: &str,
        seed: u64,
        time: Option<Duration>,
    ) -> Result<ExternalBot, ExternalError> {
        let spec = EngineSpec::parse(spec)?;
        let command = spec.command.clone();
        let fail = |reason: String| ExternalError::Engine {
            command: command.clone(),
            reason,
        };
        let mut child = Command::new(&spec.argv[0])
            .args(&spec.argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| fail(format!("cannot start {:?}: {e}", spec.argv[0])))?;
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr_pipe = child.stderr.take().expect("piped stderr");
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = String::new();
            loop {
                line.clear();
                match reader.read_line(&mut line) {
                    Ok(0) => {
                        let _ = tx.send(EngineOutput::Closed(
                            "it closed its output (exited?)".into(),
                        ));
                        return;
                    }
                    Ok(_) => {
                        let text = line.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(EngineOutput::Line(text)).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(EngineOutput::Closed(format!(
                            "its output cannot be read: {e}"
                        )));
                        return;
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr);
        let stderr_reader = thread::spawn(move || {
            for line in BufReader::new(stderr_pipe).lines() {
                let Ok(line) = line else { return };
                let mut tail = tail.lock().unwrap_or_else(|e| e.into_inner());
                if tail.len() == STDERR_TAIL {
                    tail.pop_front();
                }
                tail.push_back(line);
            }
        });
        let mut bot = ExternalBot {
            spec,
            child,
            stdin,
            lines,
            stderr,
            stderr_reader,
            name: String::new(),
            declared: Vec::new(),
            budget: time.unwrap_or(Duration::ZERO),
            failed: None,
        };
        bot.handshake(seed, time).map_err(|reason| {
            bot.kill();
            fail(reason)
        })?;
        Ok(bot)
    }

    /// The engine's name from its handshake.
    pub fn engine_name(&self) -> &str {
        &self.name
    }

    fn handshake(&mut self, seed: u64, time: Option<Duration>) -> Result<(), String> {
        let reply = self.ask(&format!("hello {PROTOCOL_VERSION}"))?;
        for line in &reply {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["id", "name", name @ ..] => self.name = name.join(" "),
                ["option", "name", option, ..] => self.declared.push(option.to_string()),
                _ => {}
            }
        }
        let mut settings: Vec<(String, String)> = Vec::new();
        if self.declares("seed") {
            settings.push(("seed".into(), seed.to_string()));
        }
        if let Some(t) = time.filter(|_| self.declares("time")) {
            settings.push(("time".into(), t.as_millis().max(1).to_string()));
        }
        settings.extend(self.spec.options.iter().cloned());
        for (key, value) in settings {
            if !self.declares(&key) {
                return Err(format!("the engine has no option {key:?}"));
            }
            self.ask(&format!("setoption {key} {value}"))?;
        }
        Ok(())
    }

    fn declares(&self, option: &str) -> bool {
        self.declared.iter().any(|o| o == option)
    }

    /// Sends one command and reads its answer up to `ok`: the data lines, or the
    /// engine's `error` message, or why no answer came.
    fn ask(&mut self, command: &str) -> Result<Vec<String>, String> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| self.with_stderr(format!("cannot send {command:?}: {e}")))?;
        let deadline = Instant::now() + self.spec.timeout + self.budget;
        let verb = command.split_whitespace().next().unwrap_or(command);
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(EngineOutput::Line(line)) => {
                    let line = line.trim();
                    if line == "ok" {
                        return Ok(lines);
                    }
                    if let Some(message) = line.strip_prefix("error") {
                        return Err(format!("it answered {verb} with error:{message}"));
                    }
                    if !line.is_empty() {
                        lines.push(line.to_string());
                    }
                }
                Ok(EngineOutput::Closed(why)) => {
                    self.settle();
                    return Err(self.with_stderr(format!("no answer to {verb}: {why}")));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.with_stderr(format!("no answer to {verb}: it stopped")))
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.with_stderr(format!(
                        "no answer to {verb} within {} ms",
                        (self.spec.timeout + self.budget).as_millis()
                    )))
                }
            }
        }
    }

    /// After the engine closed its output: gives it a moment to exit and the reader
    /// of its standard error a moment to take in its last lines, so the error can
    /// say how it ended (at most [`SETTLE`]; an engine that lingers is not waited for).
    fn settle(&mut self) {
        let deadline = Instant::now() + SETTLE;
        while Instant::now() < deadline {
            let exited = matches!(self.child.try_wait(), Ok(Some(_)));
            if exited && self.stderr_reader.is_finished() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// A reason with the engine's exit status, if it has exited, and the last lines
    /// it wrote to its standard error.
    fn with_stderr(&mut self, mut reason: String) -> String {
        if let Ok(Some(status)) = self.child.try_wait() {
            reason.push_str(&format!(" (it exited: {status})"));
        }
        let tail = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        if !tail.is_empty() {
            let lines: Vec<&str> = tail.iter().map(String::as_str).collect();
            reason.push_str(&format!("; its last errors: {}", lines.join(" | ")));
        }
        reason
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Asks the engine for its play of `pos`: the play and the engine's evaluation.
    fn ask_play(
        &mut self,
        variant: &Variant,
        pos: &Position,
    ) -> Result<(Play, Option<f64>), String> {
        self.ask(&format!("position {}", variant.to_json_string(pos)))?;
        let reply = self.ask("go")?;
        let play_line = reply
            .iter()
            .find_map(|l| l.strip_prefix("play "))
            .ok_or("it answered go without a play line")?;
        let texts: Vec<&str> = play_line.split_whitespace().collect();
        let play = resolve_play(variant, pos, &texts)
            .map_err(|e| format!("its play {play_line:?} is not legal: {e}"))?;
        let eval = reply
            .iter()
            .find_map(|l| l.strip_prefix("eval "))
            .and_then(|e| e.trim().parse::<f64>().ok())
            .filter(|e| (0.0..=1.0).contains(e));
        Ok((play, eval))
    }

    /// Records the first failure, kills the engine and reports it.
    fn fail(&mut self, reason: String) -> String {
        let message = format!("engine {:?}: {reason}", self.spec.command);
        self.kill();
        self.failed = Some(message.clone());
        message
    }
}

/// How long an engine has to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);

impl Drop for ExternalBot {
    fn drop(&mut self) {
        if self.failed.is_none()
            && writeln!(self.stdin, "quit")
                .and_then(|()| self.stdin.flush())
                .is_ok()
        {
            // Ask politely, give it a moment, then make sure.
            let deadline = Instant::now() + QUIT_GRACE;
            while Instant::now() < deadline {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                thread::sleep(Duration::from_millis(2));
            }
        }
        self.kill();
    }
}

impl Bot for ExternalBot {
    fn name(&self) -> String {
        format!("engine:{}", self.spec.command)
    }

    /// The engine's play first, with its evaluation (the mean of the players' chances
    /// when it gives none), then every other play, unscored (0): an engine is asked
    /// only for its choice.
    fn analyse(&mut self, variant: &Variant, pos: &Position) -> Vec<Candidate> {
        let Ok(Some((play, eval))) = self.play_with_eval(variant, pos) else {
            return Vec::new();
        };
        let score = eval.unwrap_or(1.0 / variant.players() as f64);
        let mut out = vec![Candidate {
            play: play.clone(),
            score,
        }];
        out.extend(
            variant
                .plays(pos)
                .into_iter()
                .filter(|p| p.position != play.position)
                .map(|p| Candidate {
                    play: p,
                    score: 0.0,
                }),
        );
        out
    }

    fn choose(&mut self, variant: &Variant, pos: &Position) -> Option<Play> {
        self.try_choose(variant, pos).ok().flatten()
    }

    fn try_choose(&mut self, variant: &Variant, pos: &Position) -> Result<Option<Play>, String> {
        Ok(self.play_with_eval(variant, pos)?.map(|(play, _)| play))
    }
}

impl ExternalBot {
    fn play_with_eval(
        &mut self,
        variant: &Variant,
        pos: &Position,
    ) -> Result<Option<(Play, Option<f64>)>, String> {
        if let Some(failed) = &self.failed {
            return Err(failed.clone());
        }
        if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
            return Ok(None);
        }
        match self.ask_play(variant, pos) {
            Ok(answer) => Ok(Some(answer)),
            Err(reason) => Err(self.fail(reason)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_quoted_and_bare_commands_with_options() {
        let s = EngineSpec::parse("target/release/ashta engine").unwrap();
        assert_eq!(s.argv, ["target/release/ashta", "engine"]);
        assert_eq!(s.timeout, Duration::from_millis(DEFAULT_TIMEOUT_MS));
        let s = EngineSpec::parse("\"my bot --name 'a b'\",timeout=500,level=hard").unwrap();
        assert_eq!(s.argv, ["my", "bot", "--name", "a b"]);
        assert_eq!(s.timeout, Duration::from_millis(500));
        assert_eq!(s.options, [("level".to_string(), "hard".to_string())]);
        let s = EngineSpec::parse("prog --list a,b,timeout=20").unwrap();
        assert_eq!(s.argv, ["prog", "--list", "a,b"]);
        assert_eq!(s.timeout, Duration::from_millis(20));
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let err = |s: &str| EngineSpec::parse(s).unwrap_err().to_string();
        assert!(err("\"prog").contains("never closed"));
        assert!(err("").contains("no command"));
        assert!(err("\"prog\",speed=3").contains("unknown option"));
        assert!(err("\"prog\",timeout=0").contains("timeout"));
        assert!(err("prog 'open").contains("unclosed quote"));
    }

    #[test]
    fn a_missing_program_is_an_error_not_a_panic() {
        let err = ExternalBot::start("/nonexistent/engine-program", 0, None)
            .err()
            .expect("cannot start");
        assert!(err.to_string().contains("cannot start"), "{err}");
    }

    #[test]
    fn a_program_that_is_no_engine_is_refused() {
        // `true` exits at once: its output closes before any answer.
        let err = ExternalBot::start("true", 0, None)
            .err()
            .expect("no handshake");
        // Either the command cannot be sent or no answer comes, as the exit is timed.
        assert!(err.to_string().contains("hello"), "{err}");
    }

    #[test]
    fn a_silent_program_times_out() {
        // `cat` echoes the commands but never says ok.
        let started = Instant::now();
        let err = ExternalBot::start("cat,timeout=300", 0, None)
            .err()
            .expect("no handshake");
        assert!(err.to_string().contains("within 300 ms"), "{err}");
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
