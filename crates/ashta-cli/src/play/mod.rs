//! `ashta play`: the full-screen game of `ashta-tui` when standard input and output are
//! a terminal, else (or with `--plain`) a plain line-by-line game. In the line game every
//! turn shows the board, the throws and the bag; a human picks a move by its number (and
//! may ask the default bot for a hint), bots' moves are printed. Input is read line by
//! line, so a game can be scripted, and a screen reader can follow it; end of input
//! stops the game cleanly.

mod prompt;
mod seats;
mod table;
pub mod tutorial;

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};
use ashta_bots::BotMaker;
use ashta_engine::{Forfeit, Game, Move, MoveList, Position, Square, ThrowReport, ThrowStep};
use ashta_session::describe::forfeit_reasons;
use ashta_session::Bot;
use ashta_session::{Next, Session, SessionError, Step};
use ashta_tui::Settings;
use clap::Args;

use crate::board::{draw, legend, Detail};
use crate::describe::{bag_text, move_text, player_long, result_text, throw_text, Labels};
use ashta_engine::RuleFlags;
use prompt::{help, parse, Command};

/// Arguments of `ashta play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Who plays each seat, in turn order (South first), comma-separated: `human`,
    /// `random` (a uniform random mover), or `bot:SPEC` with SPEC any bot of `ashta
    /// tournament` (`bot:greedy`, `bot:master`, `bot:mcts:sims=300,c=0.5`); a bare bot
    /// name such as `greedy` stands for `bot:greedy`. Default: you (human) in seat 0,
    /// `bot:default` in the others.
    #[arg(long, value_name = "SEATS")]
    seats: Option<String>,
    /// Thinking time per decision of the searching bots (`default`, `master`, `mcts`,
    /// `expecti`) and of the hint, in milliseconds; 0 gives them their own fixed budgets
    /// instead, so that a seed replays the same game. Levels such as `hard` and specs
    /// with `sims=`, `depth=` or `time=` always keep their own budgets.
    #[arg(long, value_name = "MS", default_value_t = 200)]
    bot_time_ms: u64,
    /// Seed of the throws and the bots' choices (default: random, printed at the start).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Label pawns with seat letters (S, E, N, W) or player numbers (0-3) (line game).
    #[arg(long, value_enum, default_value = "letters")]
    labels: Labels,
    /// Continue a saved game (a file saved with `s`, or any game record). Its rules,
    /// seed and seats are used; `--seats` replaces the seats, rule flags are ignored.
    #[arg(long, value_name = "FILE")]
    load: Option<PathBuf>,
    /// The line-by-line game even in a terminal (for screen readers and scripts; used
    /// anyway when standard input or output is not a terminal).
    #[arg(long)]
    plain: bool,
    /// Real cowries: the people at the table throw them and type how many fell mouth up;
    /// bots throw for themselves. The record says its throws were entered at the table.
    /// Played line by line.
    #[arg(long, conflicts_with = "load")]
    table: bool,
    /// A short tutorial in text steps instead of a game: a set-up position and a
    /// scripted bag teach a throw, a move, a capture, the gate and a double.
    #[arg(long, conflicts_with_all = ["load", "seats", "table"])]
    tutorial: bool,
    /// Full-screen game: milliseconds per square when a bot's move is shown along its
    /// path (0: at once; `+` and `-` change it while playing).
    #[arg(long, value_name = "MS", default_value_t = 150)]
    step_ms: u64,
    /// Full-screen game: ask for a second Enter before playing a chosen move (`x`
    /// switches it while playing).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    confirm: bool,
    /// Full-screen game: play a move for you when it is the only one (`z` switches it).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    auto_single: bool,
    #[command(flatten)]
    rules: RuleFlags,
    /// The bots' evaluation: `--net FILE`, `--weights LIST`.
    #[command(flatten)]
    pub tuning: crate::tuning::TuningArgs,
}

/// What a person's answer at the move prompt comes to.
enum Choice {
    /// A move to play.
    Play(Move),
    /// Their last turn was taken back: the game goes on from there.
    Undone,
    /// The game stops.
    Stop(Stop),
}

/// How a game in the terminal stopped before its end.
enum Stop {
    /// The human typed `q`.
    Quit,
    /// Standard input ended.
    EndOfInput,
}

/// The line game: the session it narrates, and the streams.
struct LineGame<'a> {
    session: Session,
    /// Builds the hint's bot, with the program's tuning.
    maker: BotMaker,
    /// The bot that gives hints, made at the first one.
    hint: Option<Box<dyn Bot>>,
    labels: Labels,
    input: &'a mut dyn BufRead,
    /// Whether to repeat each line read after its prompt (input from a file or pipe,
    /// which the terminal does not echo), so a transcript reads as a dialogue.
    echo: bool,
    out: &'a mut dyn Write,
}

/// The game the arguments ask for: a new one, or the one `--load` names.
fn session(args: &PlayArgs, maker: &BotMaker) -> Result<Session> {
    let seed = args.seed.unwrap_or_else(rand::random);
    let time = (args.bot_time_ms > 0).then(|| Duration::from_millis(args.bot_time_ms));
    if let Some(path) = &args.load {
        let text = crate::input::read_text(path)?;
        let seats = args.seats.as_deref().map(seats::parse_list).transpose()?;
        return ashta_bots::seating::load(maker, &text, seats, Some(time), seed)
            .with_context(|| format!("cannot continue {}", path.display()));
    }
    let (rules, seats) = seats::resolve(&args.rules, args.seats.as_deref())?;
    let game = if args.table {
        Game::at_table(rules)
    } else {
        Game::new(rules, seed)
    };
    let game = game.context("invalid rules")?;
    Ok(ashta_bots::seating::seat(maker, game, seats, seed, time)?)
}

/// The flags of `ashta play`'s arguments (those after `play`) that choose the game,
/// quoted for a shell: every one but the seed, the seats and a file to load (the end
/// names the seats and the seed itself).
fn rule_flags(args: impl Iterator<Item = String>) -> String {
    const DROPPED: [&str; 3] = ["--seed", "--seats", "--load"];
    let mut kept = Vec::new();
    let mut skip_value = false;
    for arg in args {
        if std::mem::take(&mut skip_value) {
            continue;
        }
        if DROPPED.contains(&arg.as_str()) {
            skip_value = true;
            continue;
        }
        if DROPPED.iter().any(|d| arg.starts_with(&format!("{d}="))) {
            continue;
        }
        kept.push(shell_word(&arg));
    }
    kept.join(" ")
}

/// `word` as a shell reads it back: as it is when it holds only plain characters, else
/// in single quotes.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.,:=/+@".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The width to wrap text to: the terminal's when standard output is one, else
/// `COLUMNS` when set, else [`tutorial::DEFAULT_WIDTH`].
fn text_width() -> usize {
    let terminal = std::io::stdout()
        .is_terminal()
        .then(ashta_tui::terminal::columns)
        .flatten()
        .map(usize::from);
    terminal
        .or_else(|| std::env::var("COLUMNS").ok()?.trim().parse().ok())
        .filter(|&w| w > 0)
        .unwrap_or(tutorial::DEFAULT_WIDTH)
}

/// Plays a game: full screen when standard input and output are a terminal and
/// `--plain` is not given; otherwise line by line, reading human moves from `input` and
/// writing everything to `out`, `echo` repeating each line read (for input that is not
/// typed at a terminal).
pub fn run(
    args: &PlayArgs,
    input: &mut dyn BufRead,
    echo: bool,
    out: &mut dyn Write,
) -> Result<()> {
    if args.tutorial {
        return tutorial::run(input, echo, out, args.labels, text_width());
    }
    let maker = args.tuning.maker()?;
    let session = session(args, &maker)?;
    let at_table = session.game().entered_at_table();
    if !args.plain && !at_table && std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
    {
        let settings = Settings {
            auto_single: args.auto_single,
            confirm: args.confirm,
            step_ms: args.step_ms,
        };
        let rule_flags = args
            .load
            .is_none()
            .then(|| rule_flags(std::env::args().skip(2)));
        return ashta_tui::run::play(session, settings, maker, rule_flags);
    }
    let mut game = LineGame {
        session,
        maker,
        hint: None,
        labels: args.labels,
        input,
        echo,
        out,
    };
    game.intro()?;
    let turns = |game: &LineGame| game.session.game().turns();
    match game.play()? {
        None => game.finish()?,
        Some(Stop::Quit) => writeln!(
            game.out,
            "You quit after {} turns; the game is abandoned.",
            turns(&game)
        )?,
        Some(Stop::EndOfInput) => writeln!(
            game.out,
            "End of input: the game stops here after {} turns; nothing was saved.",
            turns(&game)
        )?,
    }
    game.out.flush()?;
    Ok(())
}

impl LineGame<'_> {
    /// Asks with `prompt` and reads the answer, echoed when the input is not a
    /// terminal's; `None` at the end of the input.
    fn ask(&mut self, prompt: &str) -> Result<Option<String>> {
        write!(self.out, "{prompt}")?;
        self.out.flush()?;
        let mut line = String::new();
        if self
            .input
            .read_line(&mut line)
            .context("cannot read input")?
            == 0
        {
            writeln!(self.out)?;
            return Ok(None);
        }
        if self.echo {
            writeln!(self.out, "{}", line.trim_end())?;
        }
        Ok(Some(line))
    }

    /// `South (player 0), you`, `East (player 1), random` or `North (player 2), bot:greedy`.
    fn who(&self, p: usize) -> String {
        let kind = self.session.player_word(p);
        format!("{}, {kind}", player_long(self.session.variant(), p))
    }

    fn intro(&mut self) -> Result<()> {
        let rules = self.session.variant().rules();
        let at_table = self.session.game().entered_at_table();
        let source = if at_table {
            format!(
                "throws entered at the table (bots' seed {})",
                self.session.seed()
            )
        } else {
            format!("seed {}", self.session.seed())
        };
        writeln!(
            self.out,
            "Ashta Chamma: {} players on {}x{}, preset {}, {source}.",
            rules.players,
            rules.size,
            rules.size,
            rules.preset.name(),
        )?;
        let turns = self.session.game().turns();
        if turns > 0 {
            writeln!(self.out, "Continuing a saved game after {turns} turns.")?;
        }
        for p in 0..self.session.seats().len() {
            let who = self.who(p);
            writeln!(self.out, "  {who}")?;
        }
        let mut marks = String::new();
        legend(&mut marks, self.session.variant(), self.labels);
        write!(self.out, "Board marks:\n{marks}")?;
        if self.session.has_human() {
            if at_table {
                self.table_intro()?;
            }
            writeln!(
                self.out,
                "Type a move's number to play it; ? for a hint, h for help, q to quit."
            )?;
        }
        Ok(())
    }

    fn show_board(&mut self) -> Result<()> {
        let pos = self.session.position();
        let detail = if pos.is_over() {
            Detail::Full
        } else {
            Detail::Game
        };
        let text = draw(self.session.variant(), pos, self.labels, detail);
        write!(self.out, "{text}")?;
        Ok(())
    }

    /// Steps the session until the game ends (`None`) or the human stops it, telling
    /// each step: the turn and its throws, the moves of people, random movers and bots.
    fn play(&mut self) -> Result<Option<Stop>> {
        loop {
            match self.session.next() {
                Next::Over => return Ok(None),
                Next::Throw => self.announce_turn()?,
                Next::Enter => {
                    if !self.session.game().throwing() {
                        self.announce_turn()?;
                    }
                    if let Some(stop) = self.enter_throw()? {
                        return Ok(Some(stop));
                    }
                    continue;
                }
                Next::Human => {
                    let seat = self.session.position().to_move();
                    let before = *self.session.position();
                    let mut moves = MoveList::new();
                    self.session.variant().legal_moves(&before, &mut moves);
                    match self.human_choice(&moves)? {
                        Choice::Play(mv) => {
                            self.session
                                .play(1, |checker, _| checker.check_move(mv))
                                .map_err(|(_, e)| e)?;
                            self.tell_moves(seat, before, &[mv], false)?;
                        }
                        Choice::Undone => {}
                        Choice::Stop(stop) => return Ok(Some(stop)),
                    }
                    continue;
                }
                Next::Random | Next::Bot => {}
            }
            match self.session.step()? {
                Step::Threw {
                    seat,
                    report,
                    forfeit,
                } => self.tell_throws(seat, &report, forfeit.as_ref())?,
                Step::Moved { seat, before, mv } => self.tell_moves(seat, before, &[mv], true)?,
                Step::Played {
                    seat,
                    before,
                    moves,
                } => self.tell_moves(seat, before, &moves, true)?,
                Step::Human { .. } | Step::Over => {}
            }
        }
    }

    /// The header of a turn and the board, before its throws.
    fn announce_turn(&mut self) -> Result<()> {
        let p = self.session.position().to_move();
        let header = format!(
            "=== Turn {}: {} ===",
            self.session.game().turns() + 1,
            self.who(p)
        );
        writeln!(self.out, "\n{header}")?;
        self.show_board()
    }

    /// Says what the throws of a phase were and what came of them.
    fn tell_throws(
        &mut self,
        p: usize,
        report: &ThrowReport,
        forfeit: Option<&Forfeit>,
    ) -> Result<()> {
        let variant = self.session.variant();
        for &cowries in &report.throws {
            writeln!(self.out, "throw: {}", throw_text(variant, cowries))?;
        }
        self.tell_phase_end(p, report, forfeit)
    }

    /// Says how a throwing phase ended: the bag, a forfeit, a voided turn.
    fn tell_phase_end(
        &mut self,
        p: usize,
        report: &ThrowReport,
        forfeit: Option<&Forfeit>,
    ) -> Result<()> {
        let variant = self.session.variant();
        let bag: Vec<String> = report
            .throws
            .iter()
            .map(|c| variant.table().face(c.mouths_up()).value.to_string())
            .collect();
        match report.end {
            ThrowStep::Moving => {
                let bag = bag_text(variant, self.session.position());
                writeln!(self.out, "bag: {bag}")?;
            }
            ThrowStep::Forfeited => writeln!(
                self.out,
                "bag: {}; no value can be used ({}), so the bag is forfeited and the turn ends",
                bag.join(" "),
                forfeit.map_or_else(String::new, |f| forfeit_reasons(variant, f))
            )?,
            ThrowStep::Voided => writeln!(
                self.out,
                "a third grace in a row voids the turn: nothing moves"
            )?,
            ThrowStep::Again => {}
        }
        self.after_turn(p)
    }

    /// Tells the moves seat `p` played from `before` (`announce`: each as "X plays",
    /// for the moves of others), a bag forfeited by them, and an extra turn.
    fn tell_moves(
        &mut self,
        p: usize,
        before: Position,
        moves: &[Move],
        announce: bool,
    ) -> Result<()> {
        let variant = self.session.variant();
        let name = player_long(variant, p);
        let mut pos = before;
        for mv in moves {
            if announce {
                writeln!(self.out, "{name} plays {}", move_text(variant, &pos, mv))?;
            }
            let forfeit = variant.forfeit_after_move(&pos, *mv);
            variant.play(&mut pos, *mv)?;
            if let Some(forfeit) = forfeit {
                writeln!(
                    self.out,
                    "No value left in the bag can be used ({}): the rest is forfeited.",
                    forfeit_reasons(variant, &forfeit)
                )?;
            }
        }
        if pos.phase() == ashta_engine::Phase::Throwing || pos.is_over() {
            self.after_turn(p)?;
        }
        Ok(())
    }

    /// Says what the end of a turn brought: an extra turn, or nothing.
    fn after_turn(&mut self, p: usize) -> Result<()> {
        let pos = self.session.position();
        if !pos.is_over() && pos.phase() == ashta_engine::Phase::Throwing && pos.to_move() == p {
            let name = player_long(self.session.variant(), p);
            writeln!(self.out, "{name} takes an extra turn for a capture.")?;
        }
        Ok(())
    }

    /// Asks the default bot for the best plays of the bag and prints the top three with
    /// its estimate of the human's chance to win after each.
    fn hint(&mut self, moves: &MoveList) -> Result<()> {
        if self.hint.is_none() {
            let bot = seats::hint_bot(&self.maker, self.session.seed(), self.session.bot_time())?;
            self.hint = Some(bot);
        }
        let bot = self.hint.as_mut().expect("the hint bot was just made");
        let variant = self.session.variant();
        let start = *self.session.position();
        let candidates = bot.analyse(variant, &start);
        if candidates.is_empty() {
            writeln!(self.out, "No hint: there is no play to weigh.")?;
            return Ok(());
        }
        let shown = candidates.len().min(3);
        let of = match candidates.len() {
            1 => "your only play, with your chance to win after it".to_string(),
            n if n <= 3 => format!("your {n} plays, with your chance to win after each"),
            n => format!("the best {shown} of your {n} plays, with your chance to win after each"),
        };
        writeln!(self.out, "Hint from bot:{}: {of}:", seats::DEFAULT_BOT)?;
        for (rank, c) in candidates.iter().take(shown).enumerate() {
            let mut pos = start;
            let mut steps = Vec::with_capacity(c.play.moves.len());
            for (i, mv) in c.play.moves.iter().enumerate() {
                let mut text = move_text(variant, &pos, mv);
                if i == 0 {
                    if let Some(k) = moves.iter().position(|m| m == mv) {
                        text = format!("{text} (type {})", k + 1);
                    }
                }
                steps.push(text);
                if variant.play(&mut pos, *mv).is_err() {
                    break;
                }
            }
            let said = if steps.is_empty() {
                "no move (the bag is forfeited)".to_string()
            } else {
                steps.join(", then ")
            };
            writeln!(
                self.out,
                "  {}. {:>3.0}%: {said}",
                rank + 1,
                (c.score * 100.0).clamp(0.0, 100.0)
            )?;
        }
        Ok(())
    }

    fn list_moves(&mut self, moves: &MoveList) -> Result<()> {
        let variant = self.session.variant();
        let pos = self.session.position();
        for (k, mv) in moves.iter().enumerate() {
            writeln!(self.out, "  {}) {}", k + 1, move_text(variant, pos, mv))?;
        }
        Ok(())
    }

    /// Says the move chosen and answers it.
    fn chosen(&mut self, mv: Move) -> Result<Choice> {
        let text = move_text(self.session.variant(), self.session.position(), &mv);
        writeln!(self.out, "You play {text}")?;
        Ok(Choice::Play(mv))
    }

    /// The indices of the moves of the unit on the square named `name` (an entry
    /// counts as a move from the start square, as in the full-screen game); `None` when
    /// the name is no square of this board.
    fn moves_from(&self, moves: &MoveList, name: &str) -> Option<Vec<usize>> {
        let variant = self.session.variant();
        let sq = Square::parse(name, variant.geometry().size())?;
        let idx = variant.path_index(self.session.position().to_move(), sq);
        let here = |mv: &Move| mv.from().map_or(idx == 0, |i| usize::from(i) == idx);
        Some(
            moves
                .iter()
                .enumerate()
                .filter(|(_, mv)| here(mv))
                .map(|(k, _)| k)
                .collect(),
        )
    }

    /// Asks the human for a move until one is chosen, or they stop.
    fn human_choice(&mut self, moves: &MoveList) -> Result<Choice> {
        let variant = self.session.variant();
        let pos = self.session.position();
        // At the table an only move waits: its throw may have been entered by mistake.
        if moves.len() == 1 && !self.session.game().entered_at_table() {
            let text = move_text(variant, pos, &moves[0]);
            writeln!(self.out, "Only one move: {text} (played for you).")?;
            return Ok(Choice::Play(moves[0]));
        }
        if pos.bag_len() < self.game_bag_at_turn_start() {
            // A move of this turn was played: the board changed.
            self.show_board()?;
        }
        self.list_moves(moves)?;
        let n = moves.len();
        loop {
            let Some(line) = self.ask(&format!("Your move (1-{n}, ? for a hint, h for help): "))?
            else {
                return Ok(Choice::Stop(Stop::EndOfInput));
            };
            match parse(&line) {
                Command::Choose(k) if (1..=n).contains(&k) => return self.chosen(moves[k - 1]),
                Command::Square(name) => {
                    let from_there = self.moves_from(moves, &name);
                    match from_there.as_deref() {
                        None => writeln!(self.out, "{name} is not a square of this board.")?,
                        Some([k]) => return self.chosen(moves[*k]),
                        Some([]) => writeln!(self.out, "No unit of yours on {name} can move.")?,
                        Some(ks) => {
                            let numbers: Vec<String> =
                                ks.iter().map(|k| (k + 1).to_string()).collect();
                            writeln!(
                                self.out,
                                "Your unit on {name} has {} moves: {}. Type its number.",
                                ks.len(),
                                numbers.join(", ")
                            )?;
                        }
                    }
                }
                Command::Undo if self.take_back_throw()? => return Ok(Choice::Undone),
                Command::Undo => match self.session.undo(None) {
                    Ok(_) => {
                        writeln!(
                            self.out,
                            "Taken back: your last turn, back to its bag (the throws stay as they fell)."
                        )?;
                        self.show_board()?;
                        return Ok(Choice::Undone);
                    }
                    Err(SessionError::NothingToUndo(_)) => {
                        writeln!(self.out, "Nothing to take back yet: you have not moved.")?
                    }
                    Err(e) => return Err(e.into()),
                },
                Command::Choose(k) => writeln!(
                    self.out,
                    "There is no move {k}: type a number from 1 to {n}."
                )?,
                Command::Help => {
                    writeln!(self.out, "{}", help(self.session.variant()))?;
                    self.list_moves(moves)?;
                }
                Command::Board => {
                    self.show_board()?;
                    self.list_moves(moves)?;
                }
                Command::Moves => self.list_moves(moves)?,
                Command::Hint => self.hint(moves)?,
                Command::Quit => return Ok(Choice::Stop(Stop::Quit)),
                Command::Save(file) => self.save(&PathBuf::from(file))?,
                Command::SaveWithoutFile => writeln!(
                    self.out,
                    "Save where? Type s and a file name, e.g. s game.json"
                )?,
                Command::Empty => writeln!(
                    self.out,
                    "Type a move number from 1 to {n} (h for help, q to quit)."
                )?,
                Command::Unknown(text) => writeln!(
                    self.out,
                    "I did not understand {text:?}: type a move number from 1 to {n}, \
                     h for help or q to quit."
                )?,
            }
        }
    }

    /// Values the bag held when the moving phase of this turn began.
    fn game_bag_at_turn_start(&self) -> usize {
        self.session
            .game()
            .record()
            .turns
            .last()
            .map_or(0, |t| t.throws.len())
    }

    /// Saves the game so far, the turn in progress with it, as a saved game that
    /// `ashta play --load` continues.
    fn save(&mut self, path: &std::path::Path) -> Result<()> {
        match std::fs::write(path, self.session.save()) {
            Ok(()) => writeln!(
                self.out,
                "Saved the game after {} turns to {}; continue it with ashta play --load.",
                self.session.game().turns(),
                path.display()
            )?,
            Err(e) => writeln!(self.out, "Cannot save to {}: {e}", path.display())?,
        }
        Ok(())
    }

    /// The final board and the result.
    fn finish(&mut self) -> Result<()> {
        writeln!(
            self.out,
            "\n=== Game over after {} turns ===",
            self.session.game().turns()
        )?;
        self.show_board()?;
        let result = result_text(self.session.variant(), self.session.position());
        writeln!(self.out, "Result: {result}")?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::rule_flags;

    fn flags(args: &[&str]) -> String {
        rule_flags(args.iter().map(|a| a.to_string()))
    }

    #[test]
    fn the_exit_line_keeps_the_rule_flags_and_drops_seed_seats_and_load() {
        assert_eq!(
            flags(&[
                "--players",
                "2",
                "--seed",
                "7",
                "--seats=human,random",
                "--preset",
                "traditional"
            ]),
            "--players 2 --preset traditional"
        );
        assert_eq!(flags(&["--seed=9", "--seats", "human,bot:greedy"]), "");
    }

    #[test]
    fn the_exit_line_quotes_what_a_shell_would_split() {
        assert_eq!(flags(&["--safe", "a 1"]), "--safe 'a 1'");
        assert_eq!(flags(&["--safe", "it's"]), "--safe 'it'\\''s'");
    }
}
