//! One game at a table, driven the same way by every front end (the line game, the
//! terminal UI, the web server, tournaments, self-play statistics and records): the
//! engine's [`Game`], who sits in each seat with one bot per bot seat for the whole
//! game, the random mover, the turn cap of self-play, undo, and saving and loading.
//!
//! [`Session::step`] is the one step of the game: it throws a whole phase, plays the
//! random mover's move or a bot's whole play, or says that a person is to move (who
//! plays with [`Session::play`]). Front ends that throw one cowrie at a time, or let a
//! bot think on another thread, use the parts of a step instead: [`Session::next`],
//! [`Session::throw`], [`Session::lend_bot`], [`Session::play_bot`]. There is one way
//! to throw ([`Session::throw`]), one way to play moves ([`Session::play`]) and one way
//! to play a bot's decision ([`Session::play_bot`]), which plays its moves the same
//! way. Every bot sees every decision made at the table ([`Bot::observe`]), whoever
//! made it.
//!
//! ```
//! use ashta_engine::{Game, Rules};
//! use ashta_session::{SeatKind, Session};
//!
//! let mut rules = Rules::standard();
//! rules.players = 2;
//! let game = Game::new(rules, 7).unwrap();
//! let seats = vec![SeatKind::Random, SeatKind::Random];
//! let mut session = Session::from_parts(game, seats, vec![None, None], 7, None).unwrap();
//! session.play_out().unwrap();
//! assert!(session.position().is_over());
//! // The record replays, and the same seed plays the same game again.
//! assert!(ashta_engine::Game::replay(session.game().record()).is_ok());
//! ```

use std::time::Duration;

use ashta_engine::{
    CheckedMove, DrawReason, Forfeit, Game, GameMark, Move, MoveChecker, MoveError, MoveJson,
    MoveList, OneThrow, Phase, Play, Played, Position, RecordError, SeededThrows, TakeBackError,
    ThrowError, ThrowFrom, ThrowReport, ThrowStep, Variant,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

use crate::bag_watch::BagWatch;
use crate::bot::Bot;
use crate::outcome::{BotFailure, Outcome};
use crate::saved::{SavedGame, SAVE_FORMAT};
use crate::seats::{SeatError, SeatKind};

/// A bot's decision of a whole bag, as [`Session::play_bot`] plays it.
#[derive(Clone, Copy, Debug)]
pub enum Decided<'a> {
    /// A play the bot chose here, with the position it promised.
    Play(&'a Play),
    /// The moves of a decision made elsewhere (on another thread), as it names them.
    Moves(&'a [MoveJson]),
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Nothing: the game is over.
    Over,
    /// The seat to move throws.
    Throw,
    /// A person at the table throws real cowries and enters what fell
    /// ([`ThrowFrom::Entered`]): the game's throws are entered at the table
    /// ([`Game::at_table`]) and the seat to throw is a person's.
    Enter,
    /// A person chooses a move.
    Human,
    /// The random mover moves.
    Random,
    /// A bot decides its play of the bag.
    Bot,
}

/// What one [`Session::step`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `seat` threw a whole throwing phase.
    Threw {
        /// The seat.
        seat: usize,
        /// The throws and how the phase ended.
        report: ThrowReport,
        /// For a phase that ended [`ThrowStep::Forfeited`], the bag lost and why.
        forfeit: Option<Forfeit>,
    },
    /// The random mover of `seat` played a move.
    Moved {
        /// The seat.
        seat: usize,
        /// The position the move was played in.
        before: Position,
        /// The move.
        mv: Move,
    },
    /// The bot of `seat` played its whole bag.
    Played {
        /// The seat.
        seat: usize,
        /// The position the play started from.
        before: Position,
        /// The moves, in order.
        moves: Vec<Move>,
    },
    /// Nothing: a person in `seat` is to move ([`Session::play`]), or to enter a throw
    /// at the table ([`Next::Enter`]).
    Human {
        /// The seat.
        seat: usize,
    },
    /// Nothing: the game is over.
    Over,
}

/// Something a session refused.
#[derive(Debug, Error)]
pub enum SessionError {
    /// A seat that does not read, or whose bot cannot be built.
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// A bot that failed, or whose play is not legal.
    #[error(transparent)]
    Bot(#[from] BotFailure),
    /// A throw the game refused.
    #[error("throw refused: {0}")]
    Throw(#[from] ThrowError),
    /// A move the game refused.
    #[error("move refused: {0}")]
    Move(#[from] MoveError),
    /// A saved game or record that does not replay.
    #[error("the game does not replay: {0}")]
    Record(#[from] RecordError),
    /// A file that is neither a saved game nor a record.
    #[error("{0}")]
    Load(String),
    /// Nothing to take back.
    #[error("nothing to undo: {0}")]
    NothingToUndo(&'static str),
    /// A throw that cannot be taken back.
    #[error("cannot take the throw back: {0}")]
    TakeBack(#[from] TakeBackError),
    /// The last throw is a bot's, thrown by the program: only a throw a person entered
    /// is taken back.
    #[error("cannot take the throw back: the last throw was the computer's (seat {0})")]
    BotThrow(usize),
    /// [`Session::play_out`] came to a person's move.
    #[error("seat {0} is a person's: only a game between bots plays out by itself")]
    PersonToMove(usize),
    /// The seat named has no bot at the table (a person's or random seat, or a bot
    /// lent out and not yet returned).
    #[error("seat {0} has no bot at the table")]
    NoBot(usize),
}

/// A game with its seats.
pub struct Session {
    game: Game,
    seats: Vec<SeatKind>,
    /// The bot of each bot seat (`None` for people, the random mover and a lent bot).
    bots: Vec<Option<Box<dyn Bot>>>,
    seed: u64,
    bot_time: Option<Duration>,
    /// The random mover's choices: stream 1 of the seed (the throws use stream 0).
    random: ChaCha8Rng,
    watch: BagWatch,
    /// A turn limit of the driver's own, on top of the rules' (self-play).
    turn_cap: Option<usize>,
    /// The moments each moving phase began, with its seat: where undo goes back to.
    marks: Vec<(usize, GameMark)>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("seats", &self.seats)
            .field("seed", &self.seed)
            .field("turns", &self.game.turns())
            .finish_non_exhaustive()
    }
}

/// The random generator the random movers of a seeded game choose with: stream 1 of the
/// seed (the throws use stream 0), so the seed alone replays the whole game.
pub fn mover_rng(seed: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(1);
    rng
}

impl Session {
    /// A game between bots already built: `bots[p]` plays seat `p`. The game must
    /// draw its own throws (a seed, or [`Game::set_throws`]).
    pub fn with_bots(game: Game, bots: Vec<Box<dyn Bot>>) -> Result<Session, SessionError> {
        let seed = game.record().seed.unwrap_or(0);
        let seats = bots.iter().map(|b| SeatKind::Bot(b.name())).collect();
        Session::from_parts(
            game,
            seats,
            bots.into_iter().map(Some).collect(),
            seed,
            None,
        )
    }

    /// A game with these seats and bots built by the caller (`bots[p]` is `Some` for
    /// exactly the bot seats; a server builds its bots from its own list of levels).
    /// `seed` seeds the random mover, and the throws when the game has no source.
    pub fn from_parts(
        mut game: Game,
        seats: Vec<SeatKind>,
        mut bots: Vec<Option<Box<dyn Bot>>>,
        seed: u64,
        bot_time: Option<Duration>,
    ) -> Result<Session, SessionError> {
        let players = game.variant().players();
        if seats.len() != players {
            return Err(SeatError::Count {
                seats: seats.len(),
                players,
            }
            .into());
        }
        if !game.has_own_throws() {
            // A game without throws of its own (from a record without a seed) goes on
            // with throws from the session's seed.
            game.set_throws(SeededThrows::new(seed));
        }
        for bot in bots.iter_mut().flatten() {
            bot.new_game();
        }
        let mut session = Session {
            game,
            seats,
            bots,
            seed,
            bot_time,
            random: mover_rng(seed),
            watch: BagWatch::default(),
            turn_cap: None,
            marks: Vec::new(),
        };
        session.note_moving_phase();
        Ok(session)
    }

    /// A game whose seats have no bot at the table: people and random movers, or seats
    /// whose plays come from elsewhere (an engine protocol's controller, a script).
    pub fn without_bots(
        game: Game,
        seats: Vec<SeatKind>,
        seed: u64,
    ) -> Result<Session, SessionError> {
        let bots = seats.iter().map(|_| None).collect();
        Session::from_parts(game, seats, bots, seed, None)
    }

    /// The session with undo going back to `marks`, the moments each moving phase of a
    /// replayed game began ([`Game::replay_marked`]).
    pub fn with_undo_marks(mut self, marks: Vec<GameMark>) -> Session {
        self.marks = marks
            .into_iter()
            .map(|m| (m.position().to_move(), m))
            .collect();
        self
    }

    /// The game as a saved-game file (JSON text).
    pub fn save(&self) -> String {
        let saved = SavedGame {
            format: SAVE_FORMAT.to_string(),
            seats: self.seats.iter().map(SeatKind::name).collect(),
            bot_time_ms: self.bot_time.map_or(0, |t| t.as_millis() as u64),
            record: self.game.record().clone(),
        };
        serde_json::to_string_pretty(&saved).expect("saved games serialize") + "\n"
    }

    /// Stops the game as a draw once `cap` throwing phases have been played, whatever
    /// the rules say (self-play and tournaments end endless games with it).
    pub fn set_turn_cap(&mut self, cap: Option<usize>) {
        self.turn_cap = cap;
        self.settle();
    }

    /// The game: position and record.
    pub fn game(&self) -> &Game {
        &self.game
    }
    /// The game, leaving the session.
    pub fn into_game(self) -> Game {
        self.game
    }
    /// The compiled rules.
    pub fn variant(&self) -> &Variant {
        self.game.variant()
    }
    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }
    /// Who plays each seat.
    pub fn seats(&self) -> &[SeatKind] {
        &self.seats
    }
    /// The seed of the seats' bots and the random mover.
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The searching bots' time per decision (`None`: their fixed budgets).
    pub fn bot_time(&self) -> Option<Duration> {
        self.bot_time
    }
    /// Whether some seat is played by a person.
    pub fn has_human(&self) -> bool {
        self.humans() > 0
    }
    /// How many seats people play.
    pub fn humans(&self) -> usize {
        self.seats.iter().filter(|s| s.is_human()).count()
    }
    /// Who plays seat `p`, as the screens say it: `you` when it is the only person's
    /// seat, else the seat's name (`human`, `random`, `bot:greedy`).
    pub fn player_word(&self, p: usize) -> String {
        match &self.seats[p] {
            SeatKind::Human if self.humans() == 1 => "you".to_string(),
            kind => kind.name(),
        }
    }
    /// How the game stands: the winner, the draw and the phases played.
    pub fn outcome(&self) -> Outcome {
        let pos = self.game.position();
        Outcome {
            winner: pos.winner(),
            draw: pos.draw(),
            turns: self.game.turns() as u32,
        }
    }

    /// What the game waits for.
    pub fn next(&self) -> Next {
        match self.game.phase() {
            Phase::Over => Next::Over,
            Phase::Throwing => {
                let seat = self.game.position().to_move();
                if self.game.entered_at_table() && self.seats[seat].is_human() {
                    Next::Enter
                } else {
                    Next::Throw
                }
            }
            Phase::Moving => match self.seats[self.game.position().to_move()] {
                SeatKind::Human => Next::Human,
                SeatKind::Random => Next::Random,
                SeatKind::Bot(_) => Next::Bot,
            },
        }
    }

    /// The one step of the game: a whole throwing phase, the random mover's move, or a
    /// bot's whole play; nothing when a person is to move or the game is over.
    pub fn step(&mut self) -> Result<Step, SessionError> {
        let seat = self.game.position().to_move();
        let before = *self.game.position();
        Ok(match self.next() {
            Next::Over => Step::Over,
            Next::Human | Next::Enter => Step::Human { seat },
            Next::Throw => {
                let (report, forfeit) = self.throw_phase()?;
                Step::Threw {
                    seat,
                    report,
                    forfeit,
                }
            }
            Next::Random => {
                let mv = self.random_move().ok_or(MoveError::MustThrow)?;
                self.play(1, |checker, _| checker.check_move(mv))
                    .map_err(|(_, e)| e)?;
                Step::Moved { seat, before, mv }
            }
            Next::Bot => {
                let play = self.decide()?;
                self.play_bot(seat, Decided::Play(&play))?;
                Step::Played {
                    seat,
                    before,
                    moves: play.moves.to_vec(),
                }
            }
        })
    }

    /// Plays the game to its end; refused when a person is to move.
    pub fn play_out(&mut self) -> Result<Outcome, SessionError> {
        loop {
            match self.step()? {
                Step::Over => return Ok(self.outcome()),
                Step::Human { seat } => return Err(SessionError::PersonToMove(seat)),
                _ => {}
            }
        }
    }

    /// Throws the rest of the throwing phase (the whole phase when none is under way),
    /// one throw at a time: its throws, how it ended, and what the last one forfeited.
    fn throw_phase(&mut self) -> Result<(ThrowReport, Option<Forfeit>), SessionError> {
        let mut report = ThrowReport {
            throws: Default::default(),
            end: ThrowStep::Again,
        };
        loop {
            let one = self.throw(ThrowFrom::Own)?;
            report.throws.push(one.cowries);
            report.end = one.step;
            if one.step != ThrowStep::Again {
                return Ok((report, one.forfeit));
            }
        }
    }

    /// Throws once for the seat to throw ([`Game::throw`]: from the game's own source,
    /// as it fell at the table, or from a source of the caller's), the one way a
    /// session is thrown.
    pub fn throw(&mut self, from: ThrowFrom<'_>) -> Result<OneThrow, SessionError> {
        let one = self.game.throw(from)?;
        if one.step == ThrowStep::Moving {
            self.note_moving_phase();
        }
        self.settle();
        Ok(one)
    }

    /// Takes back the last throw a person entered at the table, until a move is played
    /// after it ([`Game::take_back_throw`]); the mouths up it had. A bot's throw is not
    /// taken back.
    pub fn take_back_throw(&mut self) -> Result<u8, SessionError> {
        if let Some(turn) = self.game.record().turns.last() {
            let seat = usize::from(turn.player);
            if turn.moves.is_empty() && !self.seats[seat].is_human() {
                return Err(SessionError::BotThrow(seat));
            }
        }
        let up = self.game.take_back_throw()?;
        let turns = self.game.turns();
        let moving = self.game.phase() == Phase::Moving;
        self.marks
            .retain(|(_, m)| m.turns() < turns || (m.turns() == turns && moving));
        self.note_moving_phase();
        self.watch.reset();
        Ok(up)
    }

    /// Keeps the moment a moving phase began, for undo.
    fn note_moving_phase(&mut self) {
        if self.game.phase() == Phase::Moving && self.game.position().bag_len() > 0 {
            let seat = self.game.position().to_move();
            let mark = self.game.mark();
            if self.marks.last().map(|(_, m)| m) != Some(&mark) {
                self.marks.push((seat, mark));
            }
        }
    }

    /// Ends the game now as a draw for `reason`: a limit set by whoever holds the table
    /// (a server's bound on a game's length). Refused once the game is over.
    pub fn declare_draw(&mut self, reason: DrawReason) -> Result<(), ashta_engine::TurnError> {
        self.game.declare_draw(reason)
    }

    /// Ends the game now with a win claimed by `player`, every opponent still in the
    /// game having left the table (RULES.md 8.6; whoever holds the table checks who
    /// left). Refused once the game is over, and for a player not in the game or home.
    pub fn claim_win(&mut self, player: usize) -> Result<(), ashta_engine::TurnError> {
        self.game.claim_win(player)
    }

    /// `player` resigns ([`Game::resign`]): the game goes on, their place is below
    /// every player who has not resigned.
    pub fn resign(&mut self, player: usize) -> Result<(), ashta_engine::TurnError> {
        self.game.resign(player)
    }

    /// Ends the game at once over the players who resigned ([`Game::end_by_resignation`]).
    pub fn end_by_resignation(&mut self) -> Result<(), ashta_engine::TurnError> {
        self.game.end_by_resignation()
    }

    /// Aborts the game before any move ([`Game::abort`]).
    pub fn abort(&mut self) -> Result<(), ashta_engine::TurnError> {
        self.game.abort()
    }

    /// Applies the turn cap.
    fn settle(&mut self) {
        if let Some(cap) = self.turn_cap {
            if self.game.position().phase() == Phase::Throwing
                && self.game.position().bag_len() == 0
                && self.game.turns() >= cap
            {
                self.game
                    .declare_draw(DrawReason::TurnLimit)
                    .expect("the game is not over");
            }
        }
    }

    /// Shows every bot at the table the bag played out from `start` by the moves just
    /// played (several at once: a command's, a bot's), if it was.
    fn show_bots_from(&mut self, start: &Position) {
        if self.bots.iter().any(Option::is_some) {
            self.watch.before_move(start);
            self.show_bots();
        }
    }

    /// Shows every bot at the table the bag just played out, if it was.
    fn show_bots(&mut self) {
        let after = self.game.position();
        if let Some(start) = self.watch.after_move(after) {
            let variant = self.game.variant();
            for bot in self.bots.iter_mut().flatten() {
                bot.observe(variant, &start, after);
            }
        }
    }

    /// A move of the random mover: uniform over the legal moves of the moment, drawn
    /// from the seed's mover stream. `None` when there is no move to make.
    pub fn random_move(&mut self) -> Option<Move> {
        if self.game.phase() != Phase::Moving {
            return None;
        }
        let mut moves = MoveList::new();
        self.game
            .variant()
            .legal_moves(self.game.position(), &mut moves);
        (!moves.is_empty()).then(|| moves[self.random.random_range(0..moves.len())])
    }

    /// The play the bot of the seat to move decides on, checked (not yet played).
    pub fn decide(&mut self) -> Result<Play, SessionError> {
        let seat = self.game.position().to_move();
        let variant = self.game.variant();
        let pos = self.game.position();
        let bot = self.bots[seat].as_mut().ok_or(SessionError::NoBot(seat))?;
        let reason = match bot.try_choose(variant, pos) {
            Ok(Some(play)) => return Ok(play),
            Ok(None) => "a player with a bag has a play, but the bot gave none".to_string(),
            Err(reason) => reason,
        };
        Err(BotFailure {
            seat,
            bot: bot.name(),
            reason,
        }
        .into())
    }

    /// Checks a play a bot of `seat` decided (here or on another thread) against the
    /// game as it is, on a copy of the position: every move legal, the bag played out,
    /// the position it promised. The failure names the seat, the bot and what is wrong.
    pub fn check_bot_play(&self, seat: usize, play: &Play) -> Result<(), BotFailure> {
        let variant = self.game.variant();
        let mut pos = *self.game.position();
        self.walk_bot_play(seat, play, |mv| {
            variant.play(&mut pos, mv)?;
            Ok(pos.phase())
        })
        .and_then(|()| self.promised(seat, &play.position, &pos))
    }

    /// Plays `count` moves of the seat to move, all of them or none: the one way a
    /// session is played (a person's move is one; a command may name several).
    /// `check` reads the `n`-th (from 0) into a move checked at that moment of the game
    /// ([`MoveChecker::check`]: a front end looks at the checked move first, and may
    /// refuse it with an error of its own), which is played without checking it again.
    /// The first that `check` refuses takes the game back to where it was and is given
    /// with its index. Gives each move's facts ([`Played`]); every bot at the table
    /// sees the decision once its bag is played out.
    pub fn play<E>(
        &mut self,
        count: usize,
        check: impl FnMut(MoveChecker<'_>, usize) -> Result<CheckedMove<'_>, E>,
    ) -> Result<Vec<Played>, (usize, E)> {
        // Where the bag began, for the bots at the table to see the decision.
        let before = self
            .bots
            .iter()
            .any(Option::is_some)
            .then(|| *self.game.position());
        let played = self.play_all(count, check)?;
        if let Some(before) = before {
            self.show_bots_from(&before);
        }
        self.settle();
        Ok(played)
    }

    /// Plays `count` moves read by `check`, each checked once, all or none: the first
    /// refused takes the game back to where it was.
    fn play_all<E>(
        &mut self,
        count: usize,
        mut check: impl FnMut(MoveChecker<'_>, usize) -> Result<CheckedMove<'_>, E>,
    ) -> Result<Vec<Played>, (usize, E)> {
        // Where the first move began, to go back to: a lone move refused plays nothing.
        let mark = (count > 1).then(|| self.game.mark());
        let mut played = Vec::with_capacity(count);
        for n in 0..count {
            let one = check(self.game.checker(), n).map(CheckedMove::play);
            match one {
                Ok(p) => played.push(p),
                Err(reason) => {
                    if let Some(mark) = mark.as_ref().filter(|_| !played.is_empty()) {
                        self.game
                            .undo_to(mark)
                            .expect("the first move's moment is in the game's past");
                    }
                    return Err((n, reason));
                }
            }
        }
        Ok(played)
    }

    /// Plays the whole bag of `seat` as its bot decided it ([`Decided`]: here, or on
    /// another thread), each move checked once as it is played, as [`Session::play`]
    /// plays them; refused as the bot's failure, with nothing played, when a move
    /// is not legal, the bag is not played out or a play does not reach the position it
    /// promised ([`Session::check_bot_play`] says the same without playing). Gives each
    /// move's facts ([`Played`]).
    pub fn play_bot(
        &mut self,
        seat: usize,
        decided: Decided<'_>,
    ) -> Result<Vec<Played>, SessionError> {
        match decided {
            Decided::Play(play) => {
                let moves = &play.moves;
                self.play_bag(seat, moves.len(), Some(&play.position), |checker, n| {
                    checker
                        .check_move(moves[n])
                        .map_err(|e| format!("played an illegal move {}: {e}", moves[n]))
                })
            }
            Decided::Moves(moves) => self.play_bag(seat, moves.len(), None, |checker, n| {
                let m = &moves[n];
                let from = u8::try_from(m.from).ok();
                checker.check(m.value, from, m.count).map_err(|e| {
                    let unit = from.map_or(format!("+{}", m.count), |i| format!("{i}x{}", m.count));
                    format!("played an illegal move {}:{unit}: {e}", m.value)
                })
            }),
        }
    }

    /// Plays a bot's whole bag, each move read and checked once by `check`, and, when
    /// given, checks it reached `promised`; takes the game back and names the bot's
    /// failure when it is refused. The bots see the decision.
    fn play_bag(
        &mut self,
        seat: usize,
        count: usize,
        promised: Option<&Position>,
        mut check: impl FnMut(MoveChecker<'_>, usize) -> Result<CheckedMove<'_>, String>,
    ) -> Result<Vec<Played>, SessionError> {
        bag_of(&self.game, seat).map_err(|reason| self.failure(seat, &reason))?;
        if count == 0 {
            return Err(self.failure(seat, NO_MOVES).into());
        }
        // Where the bag began: what a refused play goes back to, and the start of the
        // decision the bots see.
        let mark = self.game.mark();
        let played = self
            .play_all(count, |checker, n| {
                if n > 0 && checker.game().phase() != Phase::Moving {
                    return Err(MORE_MOVES_THAN_BAG.to_string());
                }
                check(checker, n)
            })
            .map_err(|(_, reason)| self.failure(seat, &reason))?;
        let refused = if self.game.phase() == Phase::Moving {
            Some(self.failure(seat, VALUES_LEFT))
        } else {
            promised.and_then(|p| self.promised(seat, p, self.game.position()).err())
        };
        if let Some(failure) = refused {
            self.game
                .undo_to(&mark)
                .expect("the bag's start is in the game's past");
            return Err(failure.into());
        }
        self.show_bots_from(mark.position());
        self.settle();
        Ok(played)
    }

    /// The failure of the bot of `seat`, for `reason`.
    fn failure(&self, seat: usize, reason: &str) -> BotFailure {
        BotFailure {
            seat,
            bot: self
                .seats
                .get(seat)
                .map_or_else(|| format!("seat {seat}"), SeatKind::name),
            reason: reason.to_string(),
        }
    }

    /// Walks a bot's play with `play_one`, which plays one move and gives the phase
    /// after it: the seat's bag to play, every move legal, the bag played out.
    fn walk_bot_play(
        &self,
        seat: usize,
        play: &Play,
        play_one: impl FnMut(Move) -> Result<Phase, MoveError>,
    ) -> Result<(), BotFailure> {
        bag_of(&self.game, seat)
            .and_then(|()| walk_moves(play, play_one))
            .map_err(|reason| self.failure(seat, &reason))
    }

    /// Whether a bot's play, played out, reached `reached`, the position it promised.
    fn promised(
        &self,
        seat: usize,
        promised: &Position,
        reached: &Position,
    ) -> Result<(), BotFailure> {
        if reached != promised {
            return Err(self.failure(seat, "its play does not reach the position it promised"));
        }
        Ok(())
    }

    /// Takes the bot of `seat` from the table to decide elsewhere (another thread); it
    /// sees no decision until [`Session::return_bot`] gives it back.
    pub fn lend_bot(&mut self, seat: usize) -> Option<Box<dyn Bot>> {
        self.bots.get_mut(seat)?.take()
    }

    /// Gives back a bot taken with [`Session::lend_bot`].
    pub fn return_bot(&mut self, seat: usize, bot: Box<dyn Bot>) {
        if let Some(place) = self.bots.get_mut(seat) {
            *place = Some(bot);
        }
    }

    /// The moment an undo would go back to: the start of the last moving phase in which
    /// `seat` (any person, when `None`) has moved. Its record turn (0-based) and seat.
    pub fn undo_target(&self, seat: Option<usize>) -> Option<(usize, usize)> {
        self.undo_mark(seat)
            .map(|i| (self.marks[i].1.turns() - 1, self.marks[i].0))
    }

    fn undo_mark(&self, seat: Option<usize>) -> Option<usize> {
        let turns = &self.game.record().turns;
        self.marks.iter().rposition(|(s, mark)| {
            let whose = seat.map_or(self.seats[*s].is_human(), |want| want == *s);
            let moved = mark
                .turns()
                .checked_sub(1)
                .and_then(|t| turns.get(t))
                .is_some_and(|t| !t.moves.is_empty());
            whose && moved
        })
    }

    /// Takes back the last moving phase in which `seat` (any person, when `None`)
    /// moved, and everything after it: the game goes back to the moment that phase
    /// began, with the same values in the bag. The throws made since stay drawn (the
    /// next throw is a new one, and the record sets the others aside), so undoing never
    /// shows the throws to come. Returns the seat to move again.
    pub fn undo(&mut self, seat: Option<usize>) -> Result<usize, SessionError> {
        let i = self.undo_mark(seat).ok_or(SessionError::NothingToUndo(
            "no move of a person's to take back",
        ))?;
        let (who, mark) = self.marks[i].clone();
        self.game
            .undo_to(&mark)
            .expect("a moving phase's start is in the game's past");
        self.marks.truncate(i + 1);
        self.watch.reset();
        Ok(who)
    }
}

/// Whether `seat` has a bag to play in `game`.
fn bag_of(game: &Game, seat: usize) -> Result<(), String> {
    if game.position().to_move() != seat || game.phase() != Phase::Moving {
        return Err("it is not this seat's bag to play".to_string());
    }
    Ok(())
}

/// A bot's play without a move, for a bag it can use.
const NO_MOVES: &str = "gave no moves for a bag it can use";
/// A bot's play whose moves go on after its bag is played out.
const MORE_MOVES_THAN_BAG: &str = "its play has more moves than its bag";
/// A bot's play that ends with values still in its bag.
const VALUES_LEFT: &str = "its play leaves values in its bag";

/// Plays a bot's moves in turn with `play_one` (which plays one move and gives the phase
/// after it): what is wrong with them, if anything (a move not legal, moves left once
/// the bag is played out, values left in the bag at the end).
fn walk_moves(
    play: &Play,
    mut play_one: impl FnMut(Move) -> Result<Phase, MoveError>,
) -> Result<(), String> {
    if play.moves.is_empty() {
        return Err(NO_MOVES.to_string());
    }
    let mut phase = Phase::Moving;
    for (n, mv) in play.moves.iter().enumerate() {
        phase = play_one(*mv).map_err(|e| format!("played an illegal move {mv}: {e}"))?;
        if phase != Phase::Moving && n + 1 < play.moves.len() {
            return Err(MORE_MOVES_THAN_BAG.to_string());
        }
    }
    if phase == Phase::Moving {
        return Err(VALUES_LEFT.to_string());
    }
    Ok(())
}
