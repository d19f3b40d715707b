//! The engine protocol of `ashta engine` (docs/PROTOCOL.md): a line protocol on standard
//! input and output in the spirit of UCI and GTP. An [`Engine`] holds the engine's
//! state and answers one command line at a time, so the protocol is tested without a
//! process; [`serve`] connects an engine to a reader and a writer.
//!
//! The game itself is driven by the session every front end drives
//! ([`ashta_session::Session`]): the controller's throws and moves, and the engine's
//! bot's plays, are checked and played there, and the bot, seated in it, sees every
//! decision made in the game.
//!
//! Every command line gets an answer: zero or more data lines, then one final line,
//! `ok` or `error MESSAGE`. Empty lines and lines starting with `#` get no answer.

mod commands;
mod hint;

use std::io::{BufRead, Write};
use std::time::Duration;

use anyhow::Result;
use ashta_bots::BotMaker;
use ashta_engine::{Game, Position, Rules, Variant};
use ashta_session::{Bot, SeatKind, Session};

/// The protocol version this engine speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest command line read; longer lines are answered with an error.
pub const MAX_LINE: usize = 1 << 20;

/// The engine's settings, changed with `setoption`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The bot spec that plays `go` (any name `ashta tournament` takes).
    pub bot: String,
    /// Thinking time per decision in milliseconds; 0 keeps the bot's own fixed,
    /// reproducible budget.
    pub time_ms: u64,
    /// Seed of the bot's randomness.
    pub seed: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            bot: "default".into(),
            time_ms: 0,
            seed: 0,
        }
    }
}

impl Options {
    /// The time budget as the bots take it.
    pub fn time(&self) -> Option<Duration> {
        (self.time_ms > 0).then(|| Duration::from_millis(self.time_ms))
    }
}

/// An answer: the lines to write (the last is `ok` or `error ...`), and whether the
/// engine stops after writing them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The lines, without line ends.
    pub lines: Vec<String>,
    /// `quit` was received.
    pub quit: bool,
}

/// One engine: its options and its game, where its bot sits once made.
pub struct Engine {
    options: Options,
    /// Builds the bot, with the program's tuning.
    maker: BotMaker,
    /// The game: every seat the controller's, except the one the engine's bot sits
    /// in (the seat it last played for), so it sees every decision made in the game.
    session: Session,
    /// The seat the bot sits in, once made.
    bot_seat: Option<usize>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(Options::default())
    }
}

impl Engine {
    /// An engine with these options and a standard four-player game at its start.
    pub fn new(options: Options) -> Engine {
        let variant = Variant::new(Rules::standard()).expect("the standard rules are valid");
        let pos = variant.start_position();
        Engine {
            options,
            maker: BotMaker::default(),
            session: session_at(variant, pos),
            bot_seat: None,
        }
    }

    /// The rules played.
    fn variant(&self) -> &Variant {
        self.session.variant()
    }

    /// The position on the table.
    fn pos(&self) -> &Position {
        self.session.position()
    }

    /// Sets up a new table with `variant` and `pos`; the bot, if made, keeps its seat
    /// (a new game, when `new_game`, else the same game from another position).
    fn set_table(&mut self, variant: Variant, pos: Position, new_game: bool) {
        let bot = self.take_bot();
        self.session = session_at(variant, pos);
        if let Some(mut bot) = bot {
            if new_game {
                bot.new_game();
            }
            self.seat_bot(bot, 0);
        }
    }

    /// Takes the bot from the table, if made.
    fn take_bot(&mut self) -> Option<Box<dyn Bot>> {
        let seat = self.bot_seat.take()?;
        self.session.lend_bot(seat)
    }

    /// Seats the bot in `seat` (the first, when the table has fewer seats).
    fn seat_bot(&mut self, bot: Box<dyn Bot>, seat: usize) {
        let seat = seat.min(self.variant().players() - 1);
        self.session.return_bot(seat, bot);
        self.bot_seat = Some(seat);
    }

    /// The engine, building its bots with `maker` (the shipped evaluation otherwise).
    pub fn with_bot_maker(mut self, maker: BotMaker) -> Engine {
        self.maker = maker;
        self
    }

    /// Answers one command line; `None` for an empty line or a comment.
    pub fn handle(&mut self, line: &str) -> Option<Reply> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return None;
        }
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        let mut lines = Vec::new();
        let result = self.dispatch(command, rest, &mut lines);
        let quit = command == "quit" && result.is_ok();
        match result {
            Ok(()) => lines.push("ok".into()),
            Err(message) => {
                // A failed command reports only its error.
                lines.clear();
                lines.push(format!("error {}", one_line(&message)));
            }
        }
        Some(Reply { lines, quit })
    }

    /// The bot, taken from the table, or made with the current options.
    fn bot(&mut self) -> Result<Box<dyn Bot>, String> {
        match self.take_bot() {
            Some(bot) => Ok(bot),
            None => self
                .maker
                .make(&self.options.bot, self.options.seed, self.options.time())
                .map_err(|e| e.to_string()),
        }
    }

    /// Forgets the bot (its options changed): the next `go` makes a new one.
    fn drop_bot(&mut self) {
        self.take_bot();
    }
}

/// A session for a game of `variant` from `pos`, every seat the controller's; the
/// controller gives the throws.
fn session_at(variant: Variant, pos: Position) -> Session {
    let seats = vec![SeatKind::Human; variant.players()];
    let game = Game::from_position(variant, pos, None);
    Session::without_bots(game, seats, 0).expect("one seat per player")
}

/// A message on one line (errors of nested causes may hold line breaks).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An answer line with every control character (NUL, ESC, CR...) written as an escape
/// (`\u{0}`), so that no byte a client sent comes back raw to whatever reads the answers.
fn printable(line: &str) -> std::borrow::Cow<'_, str> {
    if !line.chars().any(char::is_control) {
        return line.into();
    }
    line.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

/// Serves the protocol: reads command lines from `input` until `quit` or the end of
/// input, writing and flushing each answer to `out`. Bytes that are not UTF-8 are read
/// as replacement characters (and so give an error answer, not a failure).
pub fn serve(engine: &mut Engine, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = read_line(input, &mut buf)?;
        if n == 0 {
            return Ok(());
        }
        let reply = if buf.len() > MAX_LINE {
            Some(Reply {
                lines: vec![format!(
                    "error line too long: more than {MAX_LINE} bytes, ignored"
                )],
                quit: false,
            })
        } else {
            engine.handle(&String::from_utf8_lossy(&buf))
        };
        if let Some(reply) = reply {
            for line in &reply.lines {
                writeln!(out, "{}", printable(line))?;
            }
            out.flush()?;
            if reply.quit {
                return Ok(());
            }
        }
    }
}

/// Reads one line into `buf` (without its end), keeping at most [`MAX_LINE`] + 1 bytes
/// of it; the bytes consumed (0 at the end of input).
fn read_line(input: &mut dyn BufRead, buf: &mut Vec<u8>) -> Result<usize> {
    let mut consumed = 0;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(consumed);
        }
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        let room = (MAX_LINE + 1).saturating_sub(buf.len());
        buf.extend_from_slice(&part[..part.len().min(room)]);
        let used = done.unwrap_or(chunk.len());
        input.consume(used);
        consumed += used;
        if done.is_some() {
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            return Ok(consumed);
        }
    }
}

#[cfg(test)]
mod tests;
