//! The game's state and everything the keys do to it, without a terminal: the event
//! loop feeds it keys, clock ticks and finished bot jobs, and draws it. Tests drive it
//! the same way.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use ashta_bots::analysis::HintConfig;
use ashta_bots::{BagWatch, Bot};
use ashta_engine::{Cowries, Move, MoveList, Position, Square, ThrowStep, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::describe::{
    cowrie_marks, move_preview, move_words, player_letter, player_name, refusal, result_words,
    throw_words,
};
use crate::jobs::{Job, JobDone};
use crate::line_edit::LineEdit;
use crate::seats::{seat_bot, SeatKind};
use crate::session::Table;
use crate::stats::{game_stats, GameStats};

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
    /// Each throw's cowries.
    pub throws: Vec<Cowries>,
    /// How the phase ended.
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
pub enum Hint {
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

/// The game's state on the screen.
pub struct App {
    /// The game and its seats.
    pub table: Table,
    /// The player's settings.
    pub settings: Settings,
    /// What covers the board.
    pub overlay: Overlay,
    /// The move log, oldest first.
    pub log: Vec<LogLine>,
    /// The message bar: the last news or refusal.
    pub message: Option<(Tone, String)>,
    /// The last throwing phase.
    pub last_throw: Option<ThrowShown>,
    /// The move being shown.
    pub animation: Option<Animation>,
    /// A human's choice, while a human is to move.
    pub choice: Option<Choice>,
    /// The hint for the position on the board, if asked.
    pub hint: Option<Hint>,
    /// Statistics, once the game is over.
    pub stats: Option<GameStats>,
    /// Set when the program should end.
    pub quit: bool,
    /// How many lines the help is scrolled down.
    pub help_scroll: u16,
    /// The terminal's size (columns, rows), for scrolling the help by pages.
    screen: (u16, u16),
    /// Finish the bots' moves of this turn without showing them (Space).
    pub hurry: bool,
    /// Moves of the mover still to show, after the animation.
    queue: VecDeque<Move>,
    /// The seats' bots (`None` for people and while a bot is lent to a job).
    bots: Vec<Option<Box<dyn Bot>>>,
    /// Tells when a bag is played out, to show the bots the whole decision.
    bag: BagWatch,
    /// Time the screen stays as it is before the game goes on (after a throw that
    /// moves nothing).
    pub hold: Duration,
    /// Whether a hint is being worked out.
    hint_out: bool,
    /// The seat whose bot is deciding.
    thinking: Option<usize>,
    /// Bumped by undo: answers of older jobs are dropped.
    generation: u64,
    jobs: Vec<Job>,
    random: ChaCha8Rng,
    /// For each turn of the record thrown here: the log's length after its throw (an
    /// undo cuts the log back to it).
    log_marks: Vec<(usize, usize)>,
}

impl App {
    /// The app for a game at a table; nothing has happened yet until [`App::advance`].
    pub fn new(table: Table, settings: Settings) -> Result<App> {
        let bots = table
            .seats
            .iter()
            .enumerate()
            .map(|(p, seat)| match seat {
                SeatKind::Bot(spec) => seat_bot(spec, table.seed, p, table.bot_time).map(Some),
                _ => Ok(None),
            })
            .collect::<Result<Vec<_>>>()?;
        let mut random = ChaCha8Rng::seed_from_u64(table.seed);
        random.set_stream(1);
        let mut app = App {
            table,
            settings,
            overlay: Overlay::None,
            log: Vec::new(),
            message: None,
            last_throw: None,
            animation: None,
            choice: None,
            hint: None,
            stats: None,
            quit: false,
            help_scroll: 0,
            screen: (80, 24),
            hurry: false,
            queue: VecDeque::new(),
            bots,
            bag: BagWatch::default(),
            hint_out: false,
            hold: Duration::ZERO,
            thinking: None,
            generation: 0,
            jobs: Vec::new(),
            random,
            log_marks: Vec::new(),
        };
        let turns = app.table.game.turns();
        if turns > 0 {
            app.note(None, format!("Game loaded after {turns} turns."));
        }
        let welcome = if app.table.has_human() {
            "Welcome! ←→ choose a value, ↑↓ a pawn, Enter to play; ? or F1 for help."
        } else {
            "The bots play. +/- change their speed, Space skips a move, ? or F1 for help."
        };
        app.say(Tone::Info, welcome);
        Ok(app)
    }

    /// The rules.
    pub fn variant(&self) -> &Variant {
        self.table.game.variant()
    }

    /// The position.
    pub fn position(&self) -> &Position {
        self.table.game.position()
    }

    /// The jobs to run (the event loop runs them on worker threads).
    pub fn take_jobs(&mut self) -> Vec<Job> {
        std::mem::take(&mut self.jobs)
    }

    /// The seat whose bot is thinking, if one is.
    pub fn thinking(&self) -> Option<usize> {
        self.thinking
    }

    /// Tells the app the terminal's size (the event loop does before each frame).
    pub fn resize(&mut self, width: u16, height: u16) {
        self.screen = (width, height);
    }

    fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.message = Some((tone, text.into()));
    }

    fn note(&mut self, player: Option<usize>, text: String) {
        self.log.push(LogLine { player, text });
    }

    /// `South (you)`, `East (bot:default)`.
    pub fn who(&self, p: usize) -> String {
        let humans = self.table.seats.iter().filter(|s| s.is_human()).count();
        let kind = match &self.table.seats[p] {
            SeatKind::Human if humans == 1 => "you".to_string(),
            kind => kind.name(),
        };
        format!("{} ({kind})", player_name(self.variant(), p))
    }

    /// Whether a human is choosing a move now.
    pub fn human_to_move(&self) -> bool {
        self.choice.is_some()
    }

    // ------------------------------------------------------------ the game goes on

    /// Moves the game on as far as it goes without anyone: throws, only moves, a random
    /// mover's move; stops at a human's choice, a bot's decision (a job) or an animation.
    pub fn advance(&mut self) {
        while self.overlay == Overlay::None || self.overlay == Overlay::End {
            if self.animation.is_some() || self.thinking.is_some() || !self.hold.is_zero() {
                return;
            }
            let settled = self.position().is_over() || self.position().must_throw();
            if settled {
                // A play never outlasts its turn; drop what is left of it, if anything.
                self.queue.clear();
            }
            if let Some(mv) = self.queue.pop_front() {
                self.start_animation(mv);
                continue;
            }
            let pos = *self.position();
            if pos.is_over() {
                self.game_over();
                return;
            }
            if pos.must_throw() {
                self.hurry = false;
                if let Err(e) = self.throw() {
                    self.say(Tone::Refused, format!("{e:#}"));
                    return;
                }
                continue;
            }
            let p = pos.to_move();
            let mut moves = MoveList::new();
            self.variant().legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                self.say(
                    Tone::Refused,
                    "the bag is not empty but there is no legal move",
                );
                return;
            }
            match self.table.seats[p].clone() {
                SeatKind::Human => {
                    if moves.len() == 1 && self.settings.auto_single {
                        self.choice = None;
                        let mv = moves[0];
                        let words = move_words(self.variant(), &pos, &mv);
                        self.play_now(mv, " (the only move, played for you)");
                        self.say(
                            Tone::Info,
                            format!("Only one move: {words}, played for you."),
                        );
                        continue;
                    }
                    if self.choice.is_none() {
                        self.choice = Some(Choice::default());
                        self.select_best_value();
                    }
                    return;
                }
                SeatKind::Random => {
                    self.choice = None;
                    let mv = moves[self.random.random_range(0..moves.len())];
                    self.queue.push_back(mv);
                }
                SeatKind::Bot(_) => {
                    self.choice = None;
                    let Some(bot) = self.bots[p].take() else {
                        // Still lent to a job of before an undo: wait for it.
                        return;
                    };
                    self.thinking = Some(p);
                    self.jobs.push(Job::Decide {
                        player: p,
                        generation: self.generation,
                        bot,
                        variant: self.variant().clone(),
                        position: pos,
                    });
                    return;
                }
            }
        }
    }

    fn throw(&mut self) -> Result<()> {
        let p = self.position().to_move();
        let report = self.table.throw()?;
        let variant = self.variant().clone();
        let throws: Vec<Cowries> = report.throws.iter().copied().collect();
        let letter = player_letter(&variant, p);
        for &c in &throws {
            let words = format!("{} {}", cowrie_marks(c), throw_words(&variant, c));
            self.note(Some(p), format!("{letter} throws {words}"));
        }
        if report.end == ThrowStep::Forfeited && self.table.seats[p].is_human() {
            let values: Vec<String> = throws
                .iter()
                .map(|c| variant.table().face(c.mouths_up()).value.to_string())
                .collect();
            let all_off = variant.pawns(self.position(), p).all(|i| i.is_none());
            let why = if all_off {
                "your pawns are off the board and enter only with a grace value of 2 or more"
            } else {
                "no pawn can move that far (a shut gate, the exact count home, or a double in the way)"
            };
            let name = player_name(&variant, p);
            self.say(
                Tone::Refused,
                format!(
                    "{name} threw {}: {why}; the bag is forfeited.",
                    values.join(" ")
                ),
            );
        }
        if matches!(report.end, ThrowStep::Forfeited | ThrowStep::Voided) {
            // Nothing moves: hold the throw on the screen a moment (any key goes on).
            self.hold = if self.table.seats[p].is_human() {
                HUMAN_HOLD
            } else {
                Duration::from_millis(self.settings.step_ms * 4)
            };
        }
        match report.end {
            ThrowStep::Forfeited => self.note(
                Some(p),
                format!("{letter}: no value can be used, the bag is forfeited"),
            ),
            ThrowStep::Voided => self.note(
                Some(p),
                format!("{letter}: a third grace in a row voids the turn"),
            ),
            _ => {}
        }
        self.log_marks
            .push((self.table.game.turns().saturating_sub(1), self.log.len()));
        self.last_throw = Some(ThrowShown {
            player: p,
            throws,
            end: report.end,
        });
        self.after_turn_end(p);
        Ok(())
    }

    /// Notes an extra turn when the turn just ended leaves the same player to throw.
    fn after_turn_end(&mut self, p: usize) {
        let pos = *self.position();
        if !pos.is_over() && pos.must_throw() && pos.to_move() == p {
            let name = player_name(self.variant(), p);
            self.note(Some(p), format!("{name} takes an extra turn"));
        }
    }

    fn game_over(&mut self) {
        if self.stats.is_none() {
            let result = result_words(self.variant(), self.position());
            self.note(None, format!("Game over: {result}"));
            self.stats = game_stats(self.table.game.record());
            self.choice = None;
            self.overlay = Overlay::End;
            self.say(Tone::Info, format!("{result}. s saves the game, q quits."));
        }
    }

    /// Plays a move at once (no animation) and logs it.
    fn play_now(&mut self, mv: Move, note: &str) {
        let pos = *self.position();
        let p = pos.to_move();
        let words = move_words(self.variant(), &pos, &mv);
        let left = pos.bag_len();
        if let Err(e) = self.table.game.play(mv) {
            self.say(Tone::Refused, format!("the engine refused {words}: {e}"));
            return;
        }
        let letter = player_letter(self.variant(), p);
        self.note(Some(p), format!("{letter} {words}{note}"));
        let after = *self.position();
        if let Some(start) = self.bag.moved(&pos, &after) {
            let variant = self.table.game.variant();
            for bot in self.bots.iter_mut().flatten() {
                bot.observe(variant, &start, &after);
            }
        }
        if after.must_throw() && !after.is_over() {
            if left > 1 {
                self.note(
                    Some(p),
                    format!("{letter}: no value left can be used, the rest is forfeited"),
                );
            }
            self.after_turn_end(p);
        }
        self.hint = None;
    }

    fn start_animation(&mut self, mv: Move) {
        let pos = *self.position();
        let squares = path_squares(self.variant(), &pos, &mv);
        self.animation = Some(Animation {
            player: pos.to_move(),
            mv,
            squares,
            step: 0,
            elapsed: Duration::ZERO,
        });
        if self.settings.step_ms == 0 || self.hurry {
            self.finish_animation();
        }
    }

    fn finish_animation(&mut self) {
        if let Some(anim) = self.animation.take() {
            self.play_now(anim.mv, "");
        }
    }

    /// Lets time pass: the move being shown goes on along its path.
    pub fn tick(&mut self, dt: Duration) {
        self.hold = self.hold.saturating_sub(dt);
        if let Some(anim) = self.animation.as_mut() {
            anim.elapsed += dt;
            let step = Duration::from_millis(self.settings.step_ms.max(1));
            while anim.elapsed >= step && anim.step < anim.squares.len() {
                anim.elapsed -= step;
                anim.step += 1;
            }
            // The unit rests one step on its landing square before the next move.
            if anim.step >= anim.squares.len() && anim.elapsed >= step {
                self.finish_animation();
            }
        }
        if self.animation.is_none() {
            self.advance();
        }
    }

    /// Takes a finished job's answer.
    pub fn job_done(&mut self, done: JobDone) {
        match done {
            JobDone::Decided {
                player,
                generation,
                bot,
                play,
            } => {
                self.bots[player] = Some(bot);
                if generation != self.generation {
                    self.advance();
                    return;
                }
                self.thinking = None;
                match play {
                    Some(play) if !play.moves.is_empty() => self.queue.extend(play.moves),
                    _ => {
                        let name = self.table.seats[player].name();
                        self.say(Tone::Refused, format!("{name} found no play"));
                        return;
                    }
                }
                self.advance();
            }
            JobDone::Hint {
                generation,
                position,
                plays,
            } => {
                self.hint_out = false;
                if generation != self.generation || position != *self.position() {
                    return;
                }
                let variant = self.variant().clone();
                let lines: Vec<HintLine> = plays
                    .iter()
                    .take(3)
                    .map(|(play, win)| {
                        let mut pos = position;
                        let mut words = Vec::new();
                        for mv in &play.moves {
                            words.push(move_words(&variant, &pos, mv));
                            if variant.play(&mut pos, *mv).is_err() {
                                break;
                            }
                        }
                        HintLine {
                            chance: win.clamp(0.0, 1.0),
                            words: words.join(", then "),
                            first: play.moves.first().copied(),
                        }
                    })
                    .collect();
                if let Some(first) = lines.first().and_then(|l| l.first) {
                    self.select_move(first);
                    self.say(
                        Tone::Info,
                        "Hint: the best play's first move is chosen; Enter plays it.",
                    );
                }
                self.hint = Some(Hint::Ready(lines));
            }
        }
    }

    // ------------------------------------------------------------ the human's choice

    /// The bag's distinct values, largest first, with their legal moves.
    pub fn values(&self) -> Vec<BagValue> {
        let pos = self.position();
        let mut moves = MoveList::new();
        self.variant().legal_moves(pos, &mut moves);
        let mut out: Vec<BagValue> = Vec::new();
        for v in self.variant().bag(pos) {
            match out.last_mut() {
                Some(last) if last.value == v => last.count += 1,
                _ => out.push(BagValue {
                    value: v,
                    count: 1,
                    moves: moves.iter().filter(|m| m.value == v).copied().collect(),
                }),
            }
        }
        out
    }

    /// The move chosen now, if the choice points at one.
    pub fn chosen_move(&self) -> Option<Move> {
        let choice = self.choice.as_ref()?;
        let values = self.values();
        values.get(choice.value)?.moves.get(choice.unit).copied()
    }

    fn select_best_value(&mut self) {
        let values = self.values();
        if let Some(choice) = self.choice.as_mut() {
            choice.value = values.iter().position(|v| !v.moves.is_empty()).unwrap_or(0);
            choice.unit = 0;
        }
        self.explain_choice();
    }

    fn select_move(&mut self, mv: Move) {
        let values = self.values();
        if let Some(choice) = self.choice.as_mut() {
            for (k, v) in values.iter().enumerate() {
                if let Some(u) = v.moves.iter().position(|m| *m == mv) {
                    choice.value = k;
                    choice.unit = u;
                    choice.confirming = false;
                }
            }
        }
    }

    /// Says what the chosen value and unit would do, or why the value cannot be used.
    fn explain_choice(&mut self) {
        let Some(choice) = self.choice.clone() else {
            return;
        };
        let values = self.values();
        let Some(v) = values.get(choice.value) else {
            return;
        };
        if v.moves.is_empty() {
            let why = self.why_value_unusable(v.value);
            self.say(
                Tone::Refused,
                format!("No unit can move {}: {why}.", v.value),
            );
        } else if let Some(mv) = v.moves.get(choice.unit) {
            let text = move_preview(self.variant(), self.position(), mv);
            let enter = if self.settings.confirm {
                "Enter to choose it"
            } else {
                "Enter plays it"
            };
            self.say(
                Tone::Info,
                format!("{}: {text}. {enter}.", capitalise(&words_head(mv))),
            );
        }
    }

    /// Why no unit of the player to move can spend `value`.
    fn why_value_unusable(&self, value: u8) -> String {
        let variant = self.variant();
        let pos = self.position();
        let p = pos.to_move();
        let mut reasons: Vec<String> = Vec::new();
        let mut units: Vec<Option<u8>> =
            variant.pawns(pos, p).map(|i| i.map(|i| i as u8)).collect();
        units.dedup();
        for from in units {
            if from.is_some_and(|i| i as usize == variant.home()) {
                continue;
            }
            let count = if from.is_none() {
                variant.entry_count(pos, value).max(1)
            } else {
                1
            };
            if let Err(e) = variant.find_move(pos, value, from, count) {
                let why = refusal(&e);
                if !reasons.contains(&why) {
                    reasons.push(why);
                }
            }
        }
        if reasons.is_empty() {
            "every pawn is home".to_string()
        } else {
            reasons.join("; ")
        }
    }

    /// Handles a key; returns nothing, the state says what happened.
    pub fn key(&mut self, key: KeyEvent) {
        self.hold = Duration::ZERO;
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        match self.overlay.clone() {
            Overlay::Help => {
                self.help_key(key);
                return;
            }
            Overlay::Save(mut field) => {
                match key.code {
                    KeyCode::Esc => {
                        self.overlay = Overlay::None;
                        self.say(Tone::Info, "Not saved.");
                        self.advance();
                    }
                    KeyCode::Enter => {
                        let name = field.text().trim().to_string();
                        let name = if name.is_empty() {
                            DEFAULT_SAVE.to_string()
                        } else {
                            name
                        };
                        self.overlay = Overlay::None;
                        self.save_to(PathBuf::from(name));
                        if self.stats.is_some() {
                            self.overlay = Overlay::End;
                        }
                        self.advance();
                    }
                    _ => {
                        field.key(key);
                        self.overlay = Overlay::Save(field);
                    }
                }
                return;
            }
            Overlay::ConfirmQuit => {
                match key.code {
                    KeyCode::Char('y') | KeyCode::Char('q') | KeyCode::Enter => self.quit = true,
                    _ => {
                        self.overlay = Overlay::None;
                        self.say(Tone::Info, "Game goes on.");
                        self.advance();
                    }
                }
                return;
            }
            Overlay::End => match key.code {
                KeyCode::Char('q') | KeyCode::Esc => {
                    self.quit = true;
                    return;
                }
                KeyCode::Enter | KeyCode::Char(' ') => {
                    self.overlay = Overlay::None;
                    self.say(
                        Tone::Info,
                        "The final board. Enter shows the results again; q quits.",
                    );
                    return;
                }
                _ => {}
            },
            Overlay::None => {}
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            // Ctrl chords other than Ctrl-C are not the letters they carry.
            return;
        }
        if self.human_key(key) {
            return;
        }
        match key.code {
            KeyCode::Char('?') | KeyCode::F(1) => {
                self.overlay = Overlay::Help;
                self.help_scroll = 0;
            }
            KeyCode::Char('q') => {
                if self.position().is_over() {
                    self.quit = true;
                } else {
                    self.overlay = Overlay::ConfirmQuit;
                }
            }
            KeyCode::Char('s') => self.overlay = Overlay::Save(LineEdit::new(DEFAULT_SAVE)),
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('t') => self.ask_hint(),
            KeyCode::Char('+') | KeyCode::Char('=') => self.speed(-1),
            KeyCode::Char('-') => self.speed(1),
            KeyCode::Char('z') => {
                self.settings.auto_single = !self.settings.auto_single;
                let on = if self.settings.auto_single {
                    "on"
                } else {
                    "off"
                };
                self.say(Tone::Info, format!("Only moves played for you: {on}."));
            }
            KeyCode::Char('x') => {
                self.settings.confirm = !self.settings.confirm;
                let on = if self.settings.confirm { "on" } else { "off" };
                self.say(
                    Tone::Info,
                    format!("Confirm each move with a second Enter: {on}."),
                );
            }
            KeyCode::Char(' ') if self.animation.is_some() || !self.queue.is_empty() => {
                self.hurry = true;
                self.finish_animation();
            }
            KeyCode::Enter if self.position().is_over() => self.overlay = Overlay::End,
            KeyCode::Enter | KeyCode::Left | KeyCode::Right | KeyCode::Up | KeyCode::Down
                if !self.position().is_over() =>
            {
                let who = self.who(self.position().to_move());
                self.say(
                    Tone::Refused,
                    format!("It is {who}'s turn: wait for its move."),
                );
            }
            KeyCode::Char(c) if c.is_ascii_alphanumeric() => {
                self.say(
                    Tone::Refused,
                    format!("{c:?} does nothing now; press ? for the keys."),
                );
            }
            _ => {}
        }
        self.advance();
    }

    /// Keys of the help: scroll it (by lines, pages, to its ends) or close it.
    fn help_key(&mut self, key: KeyEvent) {
        let (w, h) = self.screen;
        let body = ratatui::layout::Rect::new(0, 1, w, h.saturating_sub(4));
        let rect = crate::ui::help::area_of(body);
        let end = crate::ui::help::max_scroll(rect);
        let page = rect.height.saturating_sub(3).max(1);
        let now = self.help_scroll.min(end);
        self.help_scroll = match key.code {
            KeyCode::Down | KeyCode::Char('j') => (now + 1).min(end),
            KeyCode::Up | KeyCode::Char('k') => now.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char(' ') => (now + page).min(end),
            KeyCode::PageUp => now.saturating_sub(page),
            KeyCode::Home | KeyCode::Char('g') => 0,
            KeyCode::End | KeyCode::Char('G') => end,
            KeyCode::Esc | KeyCode::Enter | KeyCode::Char('?' | 'q') | KeyCode::F(1) => {
                self.overlay = Overlay::None;
                self.advance();
                0
            }
            _ => now,
        };
    }

    /// Keys of a human's choice; whether the key was one.
    fn human_key(&mut self, key: KeyEvent) -> bool {
        let Some(choice) = self.choice.clone() else {
            return false;
        };
        let values = self.values();
        let size = self.variant().geometry().size();
        let last_file = (b'a' + size as u8 - 1) as char;
        match key.code {
            KeyCode::Left | KeyCode::Right => {
                let n = values.len().max(1);
                let value = if key.code == KeyCode::Left {
                    (choice.value + n - 1) % n
                } else {
                    (choice.value + 1) % n
                };
                self.set_choice(value, 0);
                self.explain_choice();
            }
            KeyCode::Up | KeyCode::Down | KeyCode::Tab | KeyCode::BackTab => {
                let units = values.get(choice.value).map_or(0, |v| v.moves.len());
                if units == 0 {
                    self.explain_choice();
                    return true;
                }
                let unit = if matches!(key.code, KeyCode::Up | KeyCode::BackTab) {
                    (choice.unit + units - 1) % units
                } else {
                    (choice.unit + 1) % units
                };
                self.set_choice(choice.value, unit);
                self.explain_choice();
            }
            KeyCode::Enter => self.choose(),
            KeyCode::Esc => {
                if let Some(c) = self.choice.as_mut() {
                    if c.confirming {
                        c.confirming = false;
                        self.say(Tone::Info, "Cancelled: choose again.");
                    } else if !c.typed.is_empty() {
                        c.typed.clear();
                        self.say(Tone::Info, "Typing cleared.");
                    } else {
                        self.say(Tone::Info, "Nothing to cancel. q quits the game.");
                    }
                }
            }
            KeyCode::Backspace => {
                if let Some(c) = self.choice.as_mut() {
                    c.typed.pop();
                }
            }
            KeyCode::Char(c) if c.is_ascii_digit() || ('a'..=last_file).contains(&c) => {
                if let Some(ch) = self.choice.as_mut() {
                    ch.typed.push(c);
                    ch.confirming = false;
                }
                self.interpret_typed();
            }
            _ => return false,
        }
        true
    }

    fn set_choice(&mut self, value: usize, unit: usize) {
        if let Some(c) = self.choice.as_mut() {
            c.value = value;
            c.unit = unit;
            c.confirming = false;
            c.typed.clear();
        }
    }

    /// Enter: choose the move (asking to confirm it), or play it.
    fn choose(&mut self) {
        let Some(choice) = self.choice.clone() else {
            return;
        };
        let values = self.values();
        let Some(v) = values.get(choice.value) else {
            return;
        };
        let Some(&mv) = v.moves.get(choice.unit) else {
            self.explain_choice();
            return;
        };
        if self.settings.confirm && !choice.confirming {
            if let Some(c) = self.choice.as_mut() {
                c.confirming = true;
            }
            let text = move_preview(self.variant(), self.position(), &mv);
            self.say(
                Tone::Info,
                format!(
                    "Play it? {}: {text}. Enter plays, Esc cancels.",
                    capitalise(&words_head(&mv))
                ),
            );
            return;
        }
        let words = move_words(self.variant(), self.position(), &mv);
        self.choice = None;
        self.play_now(mv, "");
        self.say(Tone::Info, format!("You played {words}."));
        self.advance();
        if self.choice.is_some()
            && self
                .message
                .as_ref()
                .is_some_and(|(_, m)| m.starts_with("You played"))
        {
            self.explain_choice();
        }
    }

    /// Reads the typed text as a value of the bag or a square name.
    fn interpret_typed(&mut self) {
        let Some(choice) = self.choice.clone() else {
            return;
        };
        let typed = choice.typed.clone();
        let values = self.values();
        let size = self.variant().geometry().size();
        if typed.chars().all(|c| c.is_ascii_digit()) {
            let longer = values
                .iter()
                .any(|v| v.value.to_string().starts_with(&typed) && v.value.to_string() != typed);
            if let Some(k) = values.iter().position(|v| v.value.to_string() == typed) {
                if let Some(c) = self.choice.as_mut() {
                    c.value = k;
                    c.unit = 0;
                    if !longer {
                        c.typed.clear();
                    }
                }
                self.explain_choice();
            } else if !longer {
                let bag: Vec<String> = values.iter().map(|v| v.value.to_string()).collect();
                self.say(
                    Tone::Refused,
                    format!("There is no {typed} in your bag (bag: {}).", bag.join(" ")),
                );
                if let Some(c) = self.choice.as_mut() {
                    c.typed.clear();
                }
            }
            return;
        }
        if typed.len() < 2 {
            self.say(Tone::Info, format!("Square {typed}…: type its rank."));
            return;
        }
        let Some(sq) = Square::parse(&typed, size) else {
            self.say(
                Tone::Refused,
                format!("{typed} is not a square of this {size}×{size} board."),
            );
            if let Some(c) = self.choice.as_mut() {
                c.typed.clear();
            }
            return;
        };
        let rank: usize = typed[1..].parse().unwrap_or(0);
        let longer = rank * 10 < size && rank > 0 && (rank * 10 + 9).min(size) > rank * 10;
        self.pick_square(sq);
        if !longer {
            if let Some(c) = self.choice.as_mut() {
                c.typed.clear();
            }
        }
    }

    /// Chooses a unit on a square, or says why none there can move.
    fn pick_square(&mut self, sq: Square) {
        let variant = self.variant().clone();
        let pos = *self.position();
        let p = pos.to_move();
        let size = variant.geometry().size();
        let name = sq.name(size);
        let idx = variant.path_index(p, sq);
        let values = self.values();
        let choice = self.choice.clone().unwrap_or_default();
        let on_square = |mv: &Move| match mv.from {
            Some(i) => i as usize == idx,
            None => idx == 0,
        };
        // The chosen value first, then the others.
        let mut order: Vec<usize> = vec![choice.value];
        order.extend((0..values.len()).filter(|&k| k != choice.value));
        for k in order {
            if let Some(v) = values.get(k) {
                if let Some(u) = v.moves.iter().position(on_square) {
                    self.set_choice(k, u);
                    self.explain_choice();
                    return;
                }
            }
        }
        let mine = variant
            .pawns(&pos, p)
            .flatten()
            .filter(|&i| i == idx)
            .count();
        let why = if mine == 0 {
            let others: Vec<&str> = (0..variant.players())
                .filter(|&q| q != p)
                .filter(|&q| {
                    variant
                        .pawns(&pos, q)
                        .flatten()
                        .any(|i| variant.square(q, i) == sq)
                })
                .map(|q| player_name(&variant, q))
                .collect();
            if others.is_empty() {
                format!("you have no pawn on {name}")
            } else {
                format!("{name} holds {}'s pawns, not yours", others.join(" and "))
            }
        } else if idx == variant.home() {
            format!("your pawns on {name} are home and never move again")
        } else {
            let value = values.get(choice.value).map_or(0, |v| v.value);
            match variant.find_move(&pos, value, Some(idx as u8), 1) {
                Err(e) => format!("your pawn on {name} cannot move {value}: {}", refusal(&e)),
                Ok(_) => format!("your pawn on {name} cannot move now"),
            }
        };
        self.say(Tone::Refused, format!("Not possible: {why}."));
    }

    // ------------------------------------------------------------ other commands

    fn speed(&mut self, slower: i32) {
        let now = SPEEDS
            .iter()
            .position(|&s| s >= self.settings.step_ms)
            .unwrap_or(SPEEDS.len() - 1) as i32;
        let k = (now + slower).clamp(0, SPEEDS.len() as i32 - 1) as usize;
        self.settings.step_ms = SPEEDS[k];
        let text = match SPEEDS[k] {
            0 => "Bot moves: shown at once.".to_string(),
            ms => format!("Bot moves: {ms} ms a square."),
        };
        self.say(Tone::Info, text);
    }

    fn ask_hint(&mut self) {
        if self.choice.is_none() {
            self.say(
                Tone::Refused,
                "A hint is for your own move: wait for your turn.",
            );
            return;
        }
        if matches!(self.hint, Some(Hint::Waiting)) || self.hint_out {
            self.say(Tone::Info, "The hint is on its way…");
            return;
        }
        self.hint_out = true;
        self.hint = Some(Hint::Waiting);
        self.say(Tone::Info, "Thinking about your best play…");
        // A short budget keeps the answer quick (the screen goes on meanwhile); the seed
        // makes the rollouts' throws depend on the game and the turn.
        let time = self
            .table
            .bot_time
            .unwrap_or(HINT_TIME)
            .clamp(HINT_TIME, Duration::from_secs(2));
        let config = HintConfig {
            time,
            seed: self.table.seed ^ self.table.game.turns() as u64,
            ..HintConfig::default()
        };
        self.jobs.push(Job::Hint {
            generation: self.generation,
            config,
            variant: self.variant().clone(),
            position: *self.position(),
        });
    }

    /// Takes back the last turn a person moved in (the same throws come again).
    pub fn undo(&mut self) {
        if !self.table.has_human() {
            self.say(
                Tone::Refused,
                "Nothing to undo: no person plays in this game.",
            );
            return;
        }
        let target = self.table.undo_target();
        match self.table.undo() {
            Ok(p) => {
                if let Some(&(_, len)) = self.log_marks.iter().find(|(t, _)| Some(*t) == target) {
                    self.log.truncate(len);
                }
                self.log_marks
                    .retain(|(t, _)| target.is_some_and(|target| *t <= target));
                self.generation += 1;
                self.bag.reset();
                self.thinking = None;
                self.animation = None;
                self.queue.clear();
                self.hint = None;
                self.stats = None;
                self.choice = None;
                self.hurry = false;
                if self.overlay == Overlay::End {
                    self.overlay = Overlay::None;
                }
                let k = self.variant().table().cowries();
                self.last_throw = self.table.game.record().turns.last().map(|t| ThrowShown {
                    player: t.player as usize,
                    throws: t
                        .throws
                        .iter()
                        .map(|&u| Cowries::with_mouths_up(u, k))
                        .collect(),
                    end: ThrowStep::Moving,
                });
                let name = player_name(self.variant(), p);
                self.note(Some(p), format!("{name} takes the turn back (same throws)"));
                self.say(
                    Tone::Info,
                    format!("Undone: {name} moves again with the same throws."),
                );
                self.advance();
            }
            Err(e) => self.say(Tone::Refused, format!("{e:#}")),
        }
    }

    /// Writes the game to a file and says so.
    pub fn save_to(&mut self, path: PathBuf) {
        match std::fs::write(&path, self.table.save()) {
            Ok(()) => {
                let turns = match self.table.game.turns() {
                    1 => "1 turn".to_string(),
                    n => format!("{n} turns"),
                };
                let next = if self.position().is_over() {
                    "watch it again with: ashta replay"
                } else {
                    "continue with: ashta play --load"
                };
                self.say(
                    Tone::Info,
                    format!(
                        "Saved {turns} to {}; {next} {}",
                        path.display(),
                        path.display()
                    ),
                );
            }
            Err(e) => self.say(
                Tone::Refused,
                format!("Cannot save to {}: {e}", path.display()),
            ),
        }
    }

    /// The squares to light up on the board: the chosen unit's square, its path and
    /// where it lands.
    pub fn highlight(&self) -> Option<(Square, Vec<Square>)> {
        let mv = self.chosen_move()?;
        let pos = self.position();
        let p = pos.to_move();
        let from = self.variant().square(p, mv.from.map_or(0, |f| f as usize));
        Some((from, path_squares(self.variant(), pos, &mv)))
    }
}

/// The squares a move passes, the landing square last (an entry: the start square).
pub fn path_squares(variant: &Variant, pos: &Position, mv: &Move) -> Vec<Square> {
    let p = pos.to_move();
    variant
        .move_path(pos, p, *mv)
        .map(|i| variant.square(p, i.min(variant.home())))
        .collect()
}

/// `move 3` as the head of a preview.
fn words_head(mv: &Move) -> String {
    format!("move {}", mv.value)
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
