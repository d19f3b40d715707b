//! The engine's game driver: a position, where its throws come from, and the record it
//! writes as it goes. A game is thrown one throw at a time ([`Game::throw`], from its
//! own source, the table or the caller's); its phase is its position's
//! ([`Position::phase`], exact), so it refuses moves until a throwing phase has ended.
//! It applies the rules' turn limit, and goes back to an earlier moment
//! ([`Game::mark`], [`Game::undo_to`]) without taking back the throws drawn since.

use crate::error::{
    IllegalMove, MoveError, RulesError, TakeBackError, ThrowError, TurnError, UndoError,
};
use crate::faults::SequenceFault;
use crate::moves::Move;
use crate::position::{DrawReason, Phase, Position};
use crate::record::{
    check_commitment, MoveRecord, Record, RecordError, ResultRecord, TurnFault, TurnRecord,
    RECORD_FORMAT,
};
use crate::rules::{Rules, RulesSpec};
use crate::standings::{by_progress, standings, Standing};
use crate::throws::{Cowries, SeededThrows, ThrowSource};
use crate::variant::{Forfeit, Played, ThrowStep, Variant};

/// A game in progress: the position, the throws' source and the record so far.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    position: Position,
    record: Record,
    throws: Option<SeededThrows>,
    /// Throws drawn from `throws` so far (an undo never takes them back).
    drawn: u64,
    /// Throws drawn after the point an undo went back to: the next turn's record sets
    /// them aside (`skipped`).
    undone: u32,
}

/// A move of the player to move, checked legal on a game ([`Game::check`]), that holds
/// the game until it is played: nothing can change the game in between, so
/// [`CheckedMove::play`] plays it without checking it again, and the compiler refuses a
/// checked move kept past a change of its game, or played on another. A front end reads
/// a request into one, looks at it (where it lands, what it captures, on
/// [`CheckedMove::game`]), and plays it or lets it go.
///
/// ```compile_fail
/// use ashta_engine::{DrawReason, Game, MoveList, Phase, Rules, ThrowFrom};
///
/// let mut game = Game::new(Rules::standard(), 7).unwrap();
/// while game.phase() == Phase::Throwing {
///     game.throw(ThrowFrom::Own).unwrap();
/// }
/// let mut moves = MoveList::new();
/// game.variant().legal_moves(game.position(), &mut moves);
/// let mv = moves[0];
/// let checked = game.check(mv.value(), mv.from(), mv.count()).unwrap();
/// game.declare_draw(DrawReason::Declared).unwrap(); // the game changes while the checked move holds it: refused
/// checked.play();
/// ```
#[derive(Debug)]
pub struct CheckedMove<'g> {
    game: &'g mut Game,
    mv: Move,
}

impl CheckedMove<'_> {
    /// The move, as the engine found it (target and capture filled in).
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The game it was checked on, as it stands (the move not yet played).
    pub fn game(&self) -> &Game {
        self.game
    }

    /// Plays the move without checking it again, and says what happened ([`Played`]:
    /// its path, capture, double, block and forfeit).
    pub fn play(self) -> Played {
        let game = self.game;
        let played = game.variant.play_found(&mut game.position, self.mv);
        if let Some(turn) = game.record.turns.last_mut() {
            turn.moves.push(self.mv.into());
        }
        game.after_step();
        played
    }
}

/// A game lent to read one move from a request and check it ([`MoveChecker::check`]),
/// and nothing else: whoever drives the game ([`Game::checker`]) hands one to the code
/// that reads the request, which may look at the game but cannot change it.
///
/// ```
/// use ashta_engine::{Game, MoveChecker, MoveList, Phase, Rules, ThrowFrom};
///
/// // What a front end writes: it reads the request and checks it, nothing else.
/// fn first_legal(checker: MoveChecker<'_>) -> ashta_engine::CheckedMove<'_> {
///     let mut moves = MoveList::new();
///     let game = checker.game();
///     game.variant().legal_moves(game.position(), &mut moves);
///     let mv = moves[0];
///     checker.check(mv.value(), mv.from(), mv.count()).unwrap()
/// }
///
/// let mut game = Game::new(Rules::standard(), 7).unwrap();
/// while game.phase() == Phase::Throwing {
///     game.throw(ThrowFrom::Own).unwrap();
/// }
/// let played = first_legal(game.checker()).play();
/// assert_eq!(game.record().turns[0].moves.len(), 1);
/// assert_eq!(game.record().turns[0].moves[0].value, played.mv.value());
/// ```
#[derive(Debug)]
pub struct MoveChecker<'g> {
    game: &'g mut Game,
}

impl<'g> MoveChecker<'g> {
    /// The game, to read.
    pub fn game(&self) -> &Game {
        self.game
    }

    /// Checks the move, as [`Game::check`] does; the checked move holds the game until
    /// it is played.
    pub fn check(
        self,
        value: u8,
        from: Option<u8>,
        count: u8,
    ) -> Result<CheckedMove<'g>, MoveError> {
        self.game.check(value, from, count)
    }

    /// Checks `mv`, a move found by the engine (from the legal list, or a bot's play),
    /// as [`MoveChecker::check`] checks its value, unit and pawns; refused when it is
    /// not the move the engine finds for them (where it lands, what it captures).
    pub fn check_move(self, mv: Move) -> Result<CheckedMove<'g>, MoveError> {
        let checked = self.game.check(mv.value(), mv.from(), mv.count())?;
        if checked.mv != mv {
            return Err(MoveError::Illegal(IllegalMove::TargetMismatch));
        }
        Ok(checked)
    }
}

/// One throw of a throwing phase: the cowries and what they did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OneThrow {
    /// The cowries as they fell.
    pub cowries: Cowries,
    /// [`ThrowStep::Again`] while the phase goes on, else how it ended.
    pub step: ThrowStep,
    /// For a phase that ended [`ThrowStep::Forfeited`], the bag lost and why
    /// ([`Variant::forfeit_after_throw`]).
    pub forfeit: Option<Forfeit>,
}

/// Where a throw of a game comes from ([`Game::throw`]).
pub enum ThrowFrom<'s> {
    /// The game's own source: its seed, or the one given with [`Game::set_throws`].
    Own,
    /// Cowries thrown at the table (RULES.md 8.10): this many fell mouth up.
    Entered(u8),
    /// A source of the caller's: a random generator, or throws of its own.
    Source(&'s mut dyn ThrowSource),
}

/// A moment of a game, taken with [`Game::mark`], that [`Game::undo_to`] goes back to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMark {
    position: Position,
    turns: usize,
    moves: usize,
    drawn: u64,
}

impl GameMark {
    /// The position at that moment.
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// Turns recorded at that moment.
    pub fn turns(&self) -> usize {
        self.turns
    }
}

impl Game {
    /// A new game from the usual start, its throws drawn from `seed`.
    ///
    /// ```
    /// use ashta_engine::{Game, Phase, Rules, ThrowFrom};
    ///
    /// let mut game = Game::new(Rules::standard(), 7).unwrap();
    /// while game.phase() == Phase::Throwing {
    ///     game.throw(ThrowFrom::Own).unwrap();
    /// }
    /// // Seed 7 gives South a value to move; the record holds the turn's throws.
    /// assert_eq!(game.phase(), Phase::Moving);
    /// assert_eq!(game.record().turns.len(), 1);
    /// ```
    pub fn new(rules: Rules, seed: u64) -> Result<Game, RulesError> {
        let variant = Variant::new(rules)?;
        let position = variant.start_position();
        let mut game = Game::from_position(variant, position, None);
        game.record.seed = Some(seed);
        game.throws = Some(SeededThrows::new(seed));
        Ok(game)
    }

    /// A new game from the usual start whose throws are entered at the table
    /// (RULES.md 8.10): people throw real cowries and say what fell
    /// ([`ThrowFrom::Entered`]). The record has no seed and says so (`"table": true`).
    /// A source given with [`Game::set_throws`] throws for the seats of bots.
    pub fn at_table(rules: Rules) -> Result<Game, RulesError> {
        let variant = Variant::new(rules)?;
        let position = variant.start_position();
        let mut game = Game::from_position(variant, position, None);
        game.record.table = true;
        Ok(game)
    }

    /// Whether the game's throws are entered at the table ([`Game::at_table`]).
    pub fn entered_at_table(&self) -> bool {
        self.record.table
    }

    /// A game from any position, with throws supplied from outside
    /// ([`ThrowFrom::Entered`], [`ThrowFrom::Source`]) unless `seed` is given.
    pub fn from_position(variant: Variant, position: Position, seed: Option<u64>) -> Game {
        let start = (position != variant.start_position()).then(|| variant.to_json(&position));
        let record = Record {
            format: RECORD_FORMAT.into(),
            rules: RulesSpec::from_rules(variant.rules()),
            size: variant.rules().size,
            players: variant.rules().players,
            seed,
            commitment: None,
            salt: None,
            start,
            turns: Vec::new(),
            result: None,
            resigned: Vec::new(),
            aborted: false,
            table: false,
        };
        let mut game = Game {
            throws: seed.map(SeededThrows::new),
            variant,
            position,
            record,
            drawn: 0,
            undone: 0,
        };
        game.after_step();
        game
    }

    /// The rules compiled.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }
    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// The record so far.
    pub fn record(&self) -> &Record {
        &self.record
    }
    /// Throwing phases begun so far.
    pub fn turns(&self) -> usize {
        self.record.turns.len()
    }
    /// Throws drawn from the game's own source so far, undone ones included.
    pub fn drawn(&self) -> u64 {
        self.drawn
    }

    /// Whether a throwing phase is under way: the player to move has thrown a grace
    /// (a 4 or an 8) and throws again before anything else.
    pub fn throwing(&self) -> bool {
        mid_phase(&self.position)
    }

    /// The phase of the turn: the position's, [`Position::phase`], which is exact.
    pub fn phase(&self) -> Phase {
        self.position.phase()
    }

    /// Publishes a commitment to the seed in the record ([`crate::seed_commitment`]),
    /// for a game whose seed is kept secret until it ends.
    pub fn set_commitment(&mut self, commitment: String) {
        self.record.commitment = Some(commitment);
    }

    /// Whether the game draws its throws itself ([`ThrowFrom::Own`]):
    /// it has a seed, or was given a source with [`Game::set_throws`].
    pub fn has_own_throws(&self) -> bool {
        self.throws.is_some()
    }

    /// From now on, throws come from `source` (a game from a record without a seed
    /// goes on with throws from another one). The record's seed is left as it is.
    pub fn set_throws(&mut self, source: SeededThrows) {
        self.throws = Some(source);
    }

    /// Throws once for the player to move: from the game's own source, as it fell at
    /// the table, or from a source of the caller's ([`ThrowFrom`]). The one way a game
    /// is thrown: a whole phase is thrown once at a time until
    /// [`OneThrow::step`] is not [`ThrowStep::Again`] (the game's [`Game::phase`] is
    /// then no longer [`Phase::Throwing`]). The rules apply to every throw alike (a
    /// grace throws again, a third grace voids the turn, a bag no value of which can be
    /// used is forfeited).
    pub fn throw(&mut self, from: ThrowFrom<'_>) -> Result<OneThrow, ThrowError> {
        self.check_can_throw()?;
        let table = self.variant.table();
        let (count, mouth_up) = (table.cowries(), table.mouth_up());
        let own = matches!(from, ThrowFrom::Own);
        let cowries = match from {
            ThrowFrom::Own => self
                .throws
                .as_mut()
                .ok_or(ThrowError::BadSequence(Vec::new(), SequenceFault::NoSeed))?
                .throw_cowries(count, mouth_up),
            ThrowFrom::Entered(mouths_up) if mouths_up > count => {
                return Err(ThrowError::TooManyMouths(mouths_up, count))
            }
            ThrowFrom::Entered(mouths_up) => Cowries::with_mouths_up(mouths_up, count),
            ThrowFrom::Source(source) => source.throw_cowries(count, mouth_up),
        };
        let before = self.position;
        let step = self.push_throw(cowries.mouths_up())?;
        if own {
            self.drawn += 1;
        }
        let forfeit = (step == ThrowStep::Forfeited)
            .then(|| {
                self.variant
                    .forfeit_after_throw(&before, cowries.mouths_up())
            })
            .flatten();
        Ok(OneThrow {
            cowries,
            step,
            forfeit,
        })
    }

    /// Takes back the last throw of a game whose throws are entered at the table, one
    /// entered by mistake (RULES.md 8.10): allowed until a move is played after it, and
    /// again for the throw before, back to the last move. The game is as it was before
    /// that throw; the mouths up it had are returned.
    pub fn take_back_throw(&mut self) -> Result<u8, TakeBackError> {
        if !self.record.table {
            return Err(TakeBackError::NotEntered);
        }
        if self.position.is_over() {
            return Err(TakeBackError::GameOver);
        }
        let last = self.record.turns.last().ok_or(TakeBackError::NoThrow)?;
        if !last.moves.is_empty() {
            return Err(TakeBackError::MovedSince);
        }
        let mut record = self.record.clone();
        let turn = record.turns.last_mut().expect("the record has a turn");
        let up = turn.throws.pop().ok_or(TakeBackError::NoThrow)?;
        if turn.throws.is_empty() {
            record.turns.pop();
        }
        record.result = None;
        let earlier =
            Game::replay(&record).expect("a record of this game without its last throw replays");
        self.position = earlier.position;
        self.record = earlier.record;
        Ok(up)
    }

    fn check_can_throw(&self) -> Result<(), ThrowError> {
        if self.position.is_over() {
            Err(ThrowError::GameOver)
        } else if self.phase() != Phase::Throwing {
            Err(ThrowError::NotThrowing)
        } else {
            Ok(())
        }
    }

    /// Adds one throw to the position and the record: a new turn's first throw, or the
    /// next of the phase under way.
    fn push_throw(&mut self, mouths_up: u8) -> Result<ThrowStep, ThrowError> {
        let player = self.position.to_move() as u8;
        let under_way = self.throwing();
        let step = self.variant.throw_one(&mut self.position, mouths_up)?;
        if under_way {
            if let Some(turn) = self.record.turns.last_mut() {
                turn.throws.push(mouths_up);
            }
        } else {
            self.start_turn(player, vec![mouths_up]);
        }
        self.after_step();
        Ok(step)
    }

    /// Records a new turn of `player`, its throws so far `throws`: the throws drawn
    /// after an undo's point are set aside in it.
    fn start_turn(&mut self, player: u8, throws: Vec<u8>) {
        self.record.turns.push(TurnRecord {
            skipped: std::mem::take(&mut self.undone),
            player,
            throws,
            moves: Vec::new(),
        });
    }

    /// Checks the move of the player to move that spends `value` on `count` pawns at
    /// path index `from` (`None`: pawns entering), as [`Variant::find_move`] finds it:
    /// the one legality check of a move, whose answer [`CheckedMove::play`] plays.
    /// Refused while a throwing phase is under way ([`MoveError::MustThrow`]).
    pub fn check(
        &mut self,
        value: u8,
        from: Option<u8>,
        count: u8,
    ) -> Result<CheckedMove<'_>, MoveError> {
        let mv = self.variant.find_move(&self.position, value, from, count)?;
        Ok(CheckedMove { game: self, mv })
    }

    /// The game lent to read and check one move ([`MoveChecker`]).
    pub fn checker(&mut self) -> MoveChecker<'_> {
        MoveChecker { game: self }
    }

    /// Ends the game now as a draw (a turn limit of the caller's own, a draw agreed at
    /// the table). Refused once the game is over.
    pub fn declare_draw(&mut self, reason: DrawReason) -> Result<(), TurnError> {
        self.variant.declare_draw(&mut self.position, reason)?;
        self.after_step();
        Ok(())
    }

    /// Ends the game with a win claimed by `player` at the table, every opponent still in
    /// the game having left it (RULES.md 8.6: whoever drives the game checks who left).
    /// The claimant is placed after the players already home; the record's result says
    /// the game was claimed. Refused once the game is over, and for a player not in the
    /// game or already home.
    pub fn claim_win(&mut self, player: usize) -> Result<(), TurnError> {
        self.variant.claim_win(&mut self.position, player)?;
        self.after_step();
        Ok(())
    }

    /// `player` resigns (RULES.md 8.7): the result will place them below every player who
    /// has not resigned, the later of two resigners above the earlier, and their pawns
    /// play on (whoever drives the game has a bot play them). The game does not end
    /// here: see [`Game::end_by_resignation`]. Refused once the game is over, for a
    /// player not in the game and for one who resigned already.
    pub fn resign(&mut self, player: usize) -> Result<(), TurnError> {
        if self.position.is_over() {
            return Err(TurnError::GameOver);
        }
        if player >= self.variant.players() {
            return Err(TurnError::NotInPlay);
        }
        if self.record.resigned.contains(&(player as u8)) {
            return Err(TurnError::Resigned);
        }
        self.record.resigned.push(player as u8);
        Ok(())
    }

    /// The players who resigned, in the order they did.
    pub fn resigned(&self) -> &[u8] {
        &self.record.resigned
    }

    /// Ends the game at once over the players who resigned (RULES.md 8.7): the player
    /// still in it who has not resigned and has come furthest is placed next, as a claim
    /// at the table (the position says `claimed`), and the result places the rest of
    /// those who have not resigned by how far they have come, then the resigners.
    /// Refused once the game is over, and when nobody has resigned.
    pub fn end_by_resignation(&mut self) -> Result<(), TurnError> {
        if self.position.is_over() {
            return Err(TurnError::GameOver);
        }
        if self.record.resigned.is_empty() {
            return Err(TurnError::NotInPlay);
        }
        let order = self.by_progress(&self.unplaced(false));
        let first = order
            .first()
            .or_else(|| self.record.resigned.last())
            .copied()
            .expect("someone resigned");
        self.claim_win(first as usize)
    }

    /// Aborts the game before any move (RULES.md 8.8): it ends as a draw declared at the
    /// table and the record says `"aborted": true`. Refused once the game is over, and
    /// once a move has been played.
    pub fn abort(&mut self) -> Result<(), TurnError> {
        if self.position.is_over() {
            return Err(TurnError::GameOver);
        }
        if !self.may_abort() {
            return Err(TurnError::Played);
        }
        self.record.aborted = true;
        self.declare_draw(DrawReason::Declared)
    }

    /// Whether the game may still be aborted (RULES.md 8.8): it is not over and no move
    /// has been made (throws alone do not count).
    pub fn may_abort(&self) -> bool {
        !self.position.is_over() && self.record.turns.iter().all(|t| t.moves.is_empty())
    }

    /// The order the record's result writes (RULES.md 8.2, 8.7): the position's places,
    /// and once players have resigned, those who have not resigned first (placed ones in
    /// their order, then, once the game is won, the others by how far they have come),
    /// then the resigners, the later above the earlier.
    pub fn finishing_order(&self) -> Vec<u8> {
        finishing_order(&self.variant, &self.position, &self.record.resigned)
    }

    /// Where every player stands now, best first (RULES.md 8.9), finished or not.
    pub fn standings(&self) -> Vec<Standing> {
        standings(&self.variant, &self.position, &self.record.resigned)
    }

    /// The players not yet placed, who have resigned or not as `resigned` says.
    fn unplaced(&self, resigned: bool) -> Vec<u8> {
        unplaced(
            &self.variant,
            &self.position,
            &self.record.resigned,
            resigned,
        )
    }

    /// `players` ordered by how far they have come, furthest first (ties by seat).
    fn by_progress(&self, players: &[u8]) -> Vec<u8> {
        by_progress(&self.variant, &self.position, players)
    }

    /// Applies the turn limit and writes the result once the game is over.
    fn after_step(&mut self) {
        let pos = &mut self.position;
        if let Some(limit) = self.variant.rules().turn_limit {
            if pos.bag_empty() && self.record.turns.len() >= limit as usize {
                self.variant.draw_now(pos, DrawReason::TurnLimit);
            }
        }
        self.record.result = pos
            .is_over()
            .then(|| result_of(&self.variant, pos, &self.record.resigned));
    }

    /// This moment of the game, to come back to with [`Game::undo_to`].
    pub fn mark(&self) -> GameMark {
        GameMark {
            position: self.position,
            turns: self.record.turns.len(),
            moves: self.record.turns.last().map_or(0, |t| t.moves.len()),
            drawn: self.drawn,
        }
    }

    /// Goes back to a moment marked earlier in this game, in constant time apart from
    /// shortening the record. The throws drawn since stay drawn: the next throw is the
    /// source's next one, and the next turn's record sets the others aside (`skipped`),
    /// so going back never shows what the throws to come are.
    ///
    /// Refused for a moment in the middle of a throwing phase (the record could not say
    /// which throws were set aside) and for one that is not in this game's past.
    pub fn undo_to(&mut self, mark: &GameMark) -> Result<(), UndoError> {
        if mid_phase(&mark.position) {
            return Err(UndoError::MidThrowingPhase);
        }
        let turns = self.record.turns.len();
        let in_past = mark.drawn <= self.drawn
            && (mark.turns < turns
                || (mark.turns == turns
                    && self.record.turns.last().map_or(0, |t| t.moves.len()) >= mark.moves));
        if !in_past {
            return Err(UndoError::NotInThePast);
        }
        self.record.turns.truncate(mark.turns);
        if let Some(turn) = self.record.turns.last_mut() {
            turn.moves.truncate(mark.moves);
        }
        self.position = mark.position;
        self.undone = u32::try_from(self.drawn - mark.drawn).unwrap_or(u32::MAX);
        self.record.result = self
            .position
            .is_over()
            .then(|| result_of(&self.variant, &self.position, &self.record.resigned));
        Ok(())
    }

    /// Replays a record, checking every throw (against the seed, when there is one),
    /// every move and the result. The last turn may stop in the middle (a game saved
    /// with values still in the bag, or in the middle of its throws).
    pub fn replay(record: &Record) -> Result<Game, RecordError> {
        Game::replay_marked(record).map(|(game, _)| game)
    }

    /// [`Game::replay`], also giving the moment each moving phase of the record began
    /// (after a turn's throws left values to move), for [`Game::undo_to`].
    pub fn replay_marked(record: &Record) -> Result<(Game, Vec<GameMark>), RecordError> {
        if record.format != RECORD_FORMAT {
            return Err(RecordError::Format(record.format.clone()));
        }
        let (variant, position) = record.start()?;
        check_commitment(record)?;
        if record.table && record.seed.is_some() {
            return Err(RecordError::TableWithSeed);
        }
        let mut game = Game::from_position(variant, position, record.seed);
        game.record.table = record.table;
        game.record.commitment = record.commitment.clone();
        game.record.salt = record.salt.clone();
        // A resignation changes no move, only the result: the replay makes them first.
        for &player in &record.resigned {
            game.resign(player as usize)
                .map_err(|source| RecordError::Turn {
                    turn: 1,
                    fault: TurnFault::CannotResign { player, source },
                })?;
        }
        let mut marks = Vec::new();
        for (t, turn) in record.turns.iter().enumerate() {
            game.replay_turn(t + 1, turn, t + 1 == record.turns.len(), &mut marks)?;
        }
        if record.aborted {
            game.abort().map_err(|e| RecordError::Turn {
                turn: record.turns.len(),
                fault: TurnFault::CannotAbort(e),
            })?;
        }
        if let Some(recorded) = &record.result {
            // A game ended by a resignation (RULES.md 8.7) is not ended by the moves:
            // the replay ends it over the resigners where the record ends.
            if !record.resigned.is_empty() && !game.position.is_over() {
                game.end_by_resignation().map_err(|e| RecordError::Result {
                    recorded: format!("{recorded:?}"),
                    replayed: e.to_string(),
                })?;
            }
            // A draw declared at the table is not reached by the moves: the record says
            // where it was declared, and its replay declares it there too.
            if recorded.draw.as_deref() == Some(DrawReason::Declared.name())
                && !game.position.is_over()
            {
                game.declare_draw(DrawReason::Declared)
                    .map_err(|e| RecordError::Result {
                        recorded: format!("{recorded:?}"),
                        replayed: e.to_string(),
                    })?;
            }
            // So is a win claimed at the table over players who left: the claimant is
            // the last placed.
            if recorded.claimed && !game.position.is_over() {
                let claimant = recorded.places.last().copied().or(recorded.winner);
                let claimed = claimant.ok_or_else(|| "a claimed win names no winner".to_string());
                claimed
                    .and_then(|p| game.claim_win(p as usize).map_err(|e| e.to_string()))
                    .map_err(|replayed| RecordError::Result {
                        recorded: format!("{recorded:?}"),
                        replayed,
                    })?;
            }
            let replayed = game.record.result.clone();
            if replayed.as_ref() != Some(recorded) {
                return Err(RecordError::Result {
                    recorded: format!("{recorded:?}"),
                    replayed: format!("{replayed:?}"),
                });
            }
        }
        Ok((game, marks))
    }

    /// Replays turn number `turn_no` (from 1) of a record.
    fn replay_turn(
        &mut self,
        turn_no: usize,
        turn: &TurnRecord,
        last: bool,
        marks: &mut Vec<GameMark>,
    ) -> Result<(), RecordError> {
        self.replay_throws(turn_no, turn, last)?;
        if self.phase() == Phase::Moving {
            marks.push(self.mark());
        }
        for (m, mv) in turn.moves.iter().enumerate() {
            self.replay_move(turn_no, m + 1, mv)?;
        }
        self.replay_turn_end(turn_no, last)
    }

    /// Replays the throws of turn number `turn_no` (from 1) of a record, checked against
    /// the seed when the game has one; says how its throwing phase ended. Only the
    /// `last` turn of a record, without moves, may end on a grace (a game saved in the
    /// middle of its throws). One step of every replay: [`Game::replay`] and
    /// [`crate::RecordWalk`].
    pub(crate) fn replay_throws(
        &mut self,
        turn_no: usize,
        turn: &TurnRecord,
        last: bool,
    ) -> Result<ThrowStep, RecordError> {
        let err = |fault: TurnFault| RecordError::Turn {
            turn: turn_no,
            fault,
        };
        let bad = |why: SequenceFault| RecordError::Throw {
            turn: turn_no,
            source: ThrowError::BadSequence(turn.throws.clone(), why),
        };
        turn_may_start(&self.position, turn, turn_no)?;
        if turn.throws.is_empty() {
            return Err(err(TurnFault::NoThrows));
        }
        if let Some(source) = self.throws.as_mut() {
            let table = self.variant.table();
            let mut draw = || {
                source
                    .throw_cowries(table.cowries(), table.mouth_up())
                    .mouths_up()
            };
            for _ in 0..turn.skipped {
                draw();
            }
            let expected: Vec<u8> = turn.throws.iter().map(|_| draw()).collect();
            if expected != turn.throws {
                return Err(err(TurnFault::NotTheSeeds {
                    recorded: turn.throws.clone(),
                    seeded: expected,
                }));
            }
            self.drawn += u64::from(turn.skipped) + turn.throws.len() as u64;
        }
        let mut step = ThrowStep::Again;
        for (n, &up) in turn.throws.iter().enumerate() {
            if n > 0 && !self.throwing() {
                return Err(bad(SequenceFault::EndedEarly));
            }
            step = self
                .throw(ThrowFrom::Entered(up))
                .map_err(|source| RecordError::Throw {
                    turn: turn_no,
                    source,
                })?
                .step;
        }
        if let Some(replayed) = self.record.turns.last_mut() {
            replayed.skipped = turn.skipped;
        }
        if self.throwing() && !(last && turn.moves.is_empty()) {
            return Err(bad(SequenceFault::EndsOnGrace));
        }
        Ok(step)
    }

    /// Replays move number `index` (from 1) of turn number `turn_no` of a record: found
    /// on the legal list, then played without a second check. One step of every replay.
    pub(crate) fn replay_move(
        &mut self,
        turn_no: usize,
        index: usize,
        mv: &MoveRecord,
    ) -> Result<Move, RecordError> {
        let from = match mv.from {
            -1 => None,
            i => Some(u8::try_from(i).map_err(|_| RecordError::Turn {
                turn: turn_no,
                fault: TurnFault::BadFrom { index, from: i },
            })?),
        };
        let as_error = |source| RecordError::Move {
            turn: turn_no,
            index,
            source,
        };
        let found = self.check(mv.value, from, mv.count).map_err(as_error)?;
        Ok(found.play().mv)
    }

    /// Checks the end of turn number `turn_no` of a record, its moves replayed: a turn
    /// but the `last` leaves no value to move.
    pub(crate) fn replay_turn_end(&self, turn_no: usize, last: bool) -> Result<(), RecordError> {
        if !last && !self.position.is_over() && !self.position.bag_empty() {
            return Err(RecordError::Turn {
                turn: turn_no,
                fault: TurnFault::EndsWithValues,
            });
        }
        Ok(())
    }

    /// Parses and replays a record from JSON text.
    pub fn load(text: &str) -> Result<Game, RecordError> {
        let record: Record =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        Game::replay(&record)
    }

    /// The record as pretty JSON.
    pub fn save(&self) -> String {
        serde_json::to_string_pretty(&self.record).expect("records serialize")
    }
}

fn result_of(variant: &Variant, pos: &Position, resigned: &[u8]) -> ResultRecord {
    let places = finishing_order(variant, pos, resigned);
    ResultRecord {
        winner: if resigned.is_empty() {
            pos.winner().map(|w| w as u8)
        } else {
            places.first().copied().filter(|_| pos.draw().is_none())
        },
        places: if places.len() > 1 { places } else { Vec::new() },
        draw: pos.draw().map(|d| d.name().to_string()),
        claimed: pos.claimed(),
    }
}

/// The order the record's result writes ([`Game::finishing_order`]).
fn finishing_order(variant: &Variant, pos: &Position, resigned: &[u8]) -> Vec<u8> {
    if resigned.is_empty() {
        return pos.places().to_vec();
    }
    let mut order: Vec<u8> = pos
        .places()
        .iter()
        .copied()
        .filter(|p| !resigned.contains(p))
        .collect();
    if pos.is_over() && pos.draw().is_none() {
        order.extend(by_progress(
            variant,
            pos,
            &unplaced(variant, pos, resigned, false),
        ));
    }
    if pos.is_over() {
        order.extend(resigned.iter().rev());
    }
    order
}

/// The players the position has not placed, among those who resigned or not as
/// `of_resigned` says.
fn unplaced(variant: &Variant, pos: &Position, resigned: &[u8], of_resigned: bool) -> Vec<u8> {
    (0..variant.players() as u8)
        .filter(|p| !pos.places().contains(p) && resigned.contains(p) == of_resigned)
        .collect()
}

/// Why turn number `turn_no` (from 1) of a record cannot start in `pos`: the game is
/// over, the previous turn still has values to move, or another player is to move.
pub(crate) fn turn_may_start(
    pos: &Position,
    turn: &TurnRecord,
    turn_no: usize,
) -> Result<(), RecordError> {
    let fault = if pos.is_over() {
        TurnFault::AlreadyOver
    } else if !pos.bag_empty() {
        TurnFault::PreviousUnfinished
    } else if turn.player as usize != pos.to_move() {
        TurnFault::WrongPlayer {
            recorded: turn.player,
            to_move: pos.to_move() as u8,
        }
    } else {
        return Ok(());
    };
    Err(RecordError::Turn {
        turn: turn_no,
        fault,
    })
}

/// Whether a throwing phase is under way in `pos`: the player to move threw a grace and
/// throws again before anything else (the bag holds values, and the phase is throwing).
fn mid_phase(pos: &Position) -> bool {
    pos.phase() == Phase::Throwing && !pos.bag_empty()
}
