//! The game's state and everything the keys do to it, without a terminal: the event
//! loop feeds it keys, clock ticks and finished bot jobs, and draws it. Tests drive it
//! the same way.
//!
//! The game itself is a [`Session`] of `ashta-bots`, the same one every front end drives:
//! it throws, plays, keeps one bot per bot seat that sees every decision, moves the
//! random seats, takes turns back, saves and loads. The app only decides when each of
//! those happens and what the screen shows meanwhile:
//!
//! - `flow`: the game going on (one throw at a time, bots deciding on worker threads,
//!   moves shown along their paths, the end of a turn and of the game, undo);
//! - `keys`: what each key does;
//! - `choice`: a person's choice of value and unit, and its preview;
//! - `shown`: what is written on the screen (the log, the message bar, the hint);
//! - `parts`: the parts of the app's state, each with its own concern.

mod choice;
mod flow;
mod keys;
mod parts;
mod shown;

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use anyhow::Result;
use ashta_bots::BotMaker;
use ashta_engine::{Cowries, Game, Move, Position, Square, ThrowStep, Variant};
use ashta_session::Session;

pub use choice::path_squares;
pub use parts::{Journal, Pace, View, Workers};

use crate::describe::player_name;
use crate::jobs::Job;
use crate::line_edit::LineEdit;
use crate::stats::RecordStats;

/// Choices a player can change while playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Play a move at once when it is the only one.
    pub auto_single: bool,
    /// Ask for a second Enter before playing a chosen move.
    pub confirm: bool,
    /// Milliseconds per square of a bot's move shown along its path (0: at once).
    pub step_ms: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            auto_single: true,
            confirm: true,
            step_ms: 150,
        }
    }
}

/// The animation speeds `+` and `-` step through, in milliseconds per square.
pub const SPEEDS: [u64; 7] = [0, 40, 80, 150, 250, 400, 700];

/// The hint's thinking time, or the bots' time per decision when that is longer (up
/// to two seconds).
pub const HINT_TIME: Duration = Duration::from_millis(500);

/// How long a person's throw that moves nothing stays on the screen (any key goes on).
pub const HUMAN_HOLD: Duration = Duration::from_millis(1500);

/// The file name the save prompt offers.
pub const DEFAULT_SAVE: &str = "ashta-save.json";

/// The file a finished game's record is saved to when leaving the end screen with
/// "save, then quit": `ashta-game-<seed>.json` in the current directory.
pub fn record_file(seed: u64) -> std::path::PathBuf {
    std::path::PathBuf::from(format!("ashta-game-{seed}.json"))
}

/// What covers the board, if anything.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing.
    None,
    /// The rules in short and the keys.
    Help,
    /// Asking for a file name to save to: the name being typed.
    Save(LineEdit),
    /// Asking whether to leave a game in progress.
    ConfirmQuit,
    /// Asking, after Esc on the end screen, whether to quit, save the record and
    /// quit, or stay.
    LeaveEnd,
    /// The end of the game: places and statistics.
    End,
}

/// How a line of the log or the message bar reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// News.
    Info,
    /// Something the player tried that cannot be done, and why.
    Refused,
}

/// A line of the move log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// Whose line it is (for its colour and letter), if anyone's.
    pub player: Option<usize>,
    /// The text.
    pub text: String,
}

/// The last throwing phase, as shown under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowShown {
    /// Who threw.
    pub player: usize,
    /// Each throw's cowries, as they came one by one.
    pub throws: Vec<Cowries>,
    /// How the phase ended ([`ThrowStep::Again`] while it goes on).
    pub end: ThrowStep,
}

/// A move being shown square by square along its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    /// The mover.
    pub player: usize,
    /// The move.
    pub mv: Move,
    /// The squares the unit passes, the landing square last.
    pub squares: Vec<Square>,
    /// How many squares it has gone (0: still on its square).
    pub step: usize,
    elapsed: Duration,
}

/// A ranked play of the hint.
#[derive(Clone, Debug, PartialEq)]
pub struct HintLine {
    /// The bot's estimate of the mover's chance to win after the play, 0 to 1.
    pub chance: f64,
    /// The play's moves in words.
    pub words: String,
    /// The play's first move.
    pub first: Option<Move>,
}

/// The hint of the current position.
#[derive(Clone, Debug, PartialEq)]
pub enum HintState {
    /// Asked, not answered yet.
    Waiting,
    /// The best plays, best first.
    Ready(Vec<HintLine>),
}

/// A human's choice in progress: a value of the bag, a unit, typed text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choice {
    /// Index into [`App::values`].
    pub value: usize,
    /// Index into the units (legal moves) of the chosen value.
    pub unit: usize,
    /// Text typed so far: a square name or a value.
    pub typed: String,
    /// Whether the chosen move waits for a second Enter.
    pub confirming: bool,
}

/// One distinct value of the bag and what it can do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BagValue {
    /// The value.
    pub value: u8,
    /// How many of it the bag holds.
    pub count: usize,
    /// The legal moves spending it (one per unit).
    pub moves: Vec<Move>,
}

/// The game's state on the screen, in parts: the game itself, the player's settings
/// and choice, and what is shown ([`View`], [`Journal`]), how fast ([`Pace`]) and what
/// runs on worker threads ([`Workers`]).
pub struct App {
    /// The game, its seats and their bots.
    session: Session,
    /// The player's settings.
    pub settings: Settings,
    /// What covers the board, the route drawn, the help's scroll, the screen's size.
    pub view: View,
    /// The log, the message bar and the throw panel.
    pub journal: Journal,
    /// The move being shown and the moments the screen holds still.
    pub pace: Pace,
    /// The bot and hint jobs and which answers still count.
    workers: Workers,
    /// A human's choice, while a human is to move.
    pub choice: Option<Choice>,
    /// The hint for the position on the board, if asked.
    pub hint: Option<HintState>,
    /// Statistics, once the game is over.
    pub stats: Option<RecordStats>,
    /// Set when the program should end.
    pub quit: bool,
    /// The file the game was last saved to, if it was.
    pub saved: Option<std::path::PathBuf>,
    /// Set when the player asks to watch the finished game again (`v` on the
    /// results); the event loop opens the replay viewer ([`App::take_review`]).
    pub review: bool,
    /// The bag's values and legal moves of the last position asked about.
    legal: RefCell<Option<(Position, Rc<Vec<BagValue>>)>>,
    /// Builds the bots of the next game at this table ([`App::new_game`]).
    maker: BotMaker,
}

impl App {
    /// The app for a game in a session; nothing has happened yet until
    /// [`App::advance`].
    pub fn new(session: Session, settings: Settings) -> Result<App> {
        let mut app = App {
            session,
            settings,
            view: View::default(),
            journal: Journal::default(),
            pace: Pace::default(),
            workers: Workers::default(),
            choice: None,
            hint: None,
            stats: None,
            quit: false,
            saved: None,
            review: false,
            legal: RefCell::new(None),
            maker: BotMaker::default(),
        };
        let turns = app.session.game().turns();
        if turns > 0 {
            app.log_record();
            app.note(None, format!("Game loaded after {turns} turns."));
            app.show_record_throw();
        }
        let welcome = if app.session.has_human() {
            "Welcome! ←→ choose a value, ↑↓ a pawn, Enter to play; ? or F1 for help."
        } else {
            "The bots play. +/- change their speed, Space skips a move, ? or F1 for help."
        };
        app.say(Tone::Info, welcome);
        Ok(app)
    }

    /// The app, building the bots of its next games with `maker` (the shipped
    /// evaluation otherwise).
    pub fn with_bot_maker(mut self, maker: BotMaker) -> App {
        self.maker = maker;
        self
    }

    /// Starts the next game at the same table: the same rules, seats and bot time, the
    /// next seed (so a series of games replays from its first seed). The game just
    /// ended is gone unless it was saved.
    pub fn new_game(&mut self) {
        match self.next_table() {
            Ok(mut app) => {
                app.view.screen = self.view.screen;
                let seed = app.session.seed();
                app.say(Tone::Info, format!("A new game, seed {seed}."));
                *self = app;
                self.advance();
            }
            Err(e) => self.say(Tone::Refused, format!("No new game: {e}")),
        }
    }

    /// The app of the next game at this table ([`App::new_game`]).
    fn next_table(&self) -> Result<App> {
        let old = &self.session;
        let seed = old.seed().wrapping_add(1);
        let game = Game::new(old.variant().rules().clone(), seed)?;
        let seats = old.seats().to_vec();
        let session = ashta_bots::seating::seat(&self.maker, game, seats, seed, old.bot_time())?;
        Ok(App::new(session, self.settings)?.with_bot_maker(self.maker.clone()))
    }

    /// The game, its seats and their bots.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The rules.
    pub fn variant(&self) -> &Variant {
        self.session.variant()
    }

    /// The position.
    pub fn position(&self) -> &Position {
        self.session.position()
    }

    /// The jobs to run (the event loop runs them on worker threads).
    pub fn take_jobs(&mut self) -> Vec<Job> {
        std::mem::take(&mut self.workers.jobs)
    }

    /// The seat whose bot is thinking, if one is.
    pub fn thinking(&self) -> Option<usize> {
        self.workers.thinking
    }

    /// Tells the app the terminal's size (the event loop does before each frame).
    pub fn resize(&mut self, width: u16, height: u16) {
        self.view.screen = (width, height);
    }

    /// `South (you)`, `East (bot:default)`.
    pub fn who(&self, p: usize) -> String {
        let kind = self.session.player_word(p);
        format!("{} ({kind})", player_name(self.variant(), p))
    }

    /// `r`: shows the route of the player to move, then of each next seat in turn, then
    /// the pawns again.
    pub fn next_route(&mut self) {
        let players = self.variant().players();
        let first = self.position().to_move();
        self.view.route = match self.view.route {
            None => Some(first),
            Some(p) if (p + 1) % players == first => None,
            Some(p) => Some((p + 1) % players),
        };
        let v = self.variant();
        let (outer, home) = (v.outer_len(), v.home());
        let text = match self.view.route {
            Some(p) => format!(
                "{}'s route: 1-{outer} anticlockwise round the outer ring, the gate, \
                 {}-{home} clockwise inwards to ⌂ home; r: next seat.",
                player_name(v, p),
                outer + 1
            ),
            None => "The pawns again.".to_string(),
        };
        self.say(Tone::Info, text);
    }

    /// Whether a human is choosing a move now.
    pub fn human_to_move(&self) -> bool {
        self.choice.is_some()
    }
}
