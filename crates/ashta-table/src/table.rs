//! One game as the server drives it: a [`Session`] of the shared session layer (the
//! engine's game with its seeded throws, drawn one at a time so the page can show each,
//! its record and undo, and one bot per bot seat that sees every decision), the seed kept
//! secret behind its commitment until the game ends, and the versioned events each
//! action makes. No I/O: the room stores and sends what this produces.

use ashta_engine::{
    CheckedMove, Game, Move, MoveChecker, MoveError, MoveList, Played, Position, PositionJson,
    Record, Rules, ThrowFrom, ThrowStep, Variant,
};
use ashta_session::{Bot, BotFailure};
use ashta_session::{Decided, SeatKind, Session, SessionError};

use crate::messages::{EventMessage, EventText, GameStatus, ServerMessage, TableSnapshot};
use crate::protocol::{
    BoardJson, CapturedJson, Event, EventBody, ForfeitJson, LegalMove, MoveJson, MoveRequest,
    ResultJson, Reveal, SeatAction, WsError, WsErrorCode,
};

mod claim;
mod resign;
mod stored;
pub use claim::OPPONENTS_LEFT;
pub use resign::ABORTED;
use stored::{StoredBody, StoredEvent};

/// A game being played on the server.
#[derive(Debug)]
pub struct Table {
    session: Session,
    seed: u64,
    salt: String,
    version: u64,
    /// Each moving phase begun, by its record turn (0-based), with the version of the
    /// throw event that began it: where an undo goes back to.
    starts: Vec<(usize, u64)>,
    /// The `finished` event has been made.
    finished: bool,
    /// Why the table itself ended the game ([`Table::end_at_event_limit`]), shown as
    /// the result's draw reason in place of the engine's.
    ended_by: Option<&'static str>,
}

/// The draw reason of a game ended because its event log reached the server's bound
/// ([`Table::end_at_event_limit`]).
pub const EVENT_LIMIT: &str = "event limit";

fn not_your_turn(to_move: usize) -> WsError {
    WsError::new(
        WsErrorCode::NotYourTurn,
        format!("it is seat {to_move}'s turn"),
    )
}

/// An error the server itself caused (the session refused what the table had checked).
fn internal(what: impl std::fmt::Display) -> WsError {
    WsError::new(WsErrorCode::Internal, what.to_string())
}

impl Table {
    /// A new game with these rules whose throws come from `seed`, kept secret behind a
    /// commitment with `salt`. `bots[p]` is the bot of seat `p` for the whole game, or
    /// `None` for a person's seat; there is one entry per player.
    pub fn new(
        rules: Rules,
        seed: u64,
        salt: String,
        bots: Vec<Option<Box<dyn Bot>>>,
    ) -> Result<Table, String> {
        let mut game = Game::new(rules, seed).map_err(|e| e.to_string())?;
        game.set_commitment(ashta_engine::seed_commitment(seed, &salt));
        Table::with_game(game, seed, salt, bots)
    }

    /// A new game whose people throw real cowries and enter what fell
    /// ([`SeatAction::Enter`], RULES.md 8.10); its bots throw from `seed`. The record
    /// says its throws were entered at the table and never shows the seed.
    pub fn at_table(
        rules: Rules,
        seed: u64,
        salt: String,
        bots: Vec<Option<Box<dyn Bot>>>,
    ) -> Result<Table, String> {
        let game = Game::at_table(rules).map_err(|e| e.to_string())?;
        Table::with_game(game, seed, salt, bots)
    }

    fn with_game(
        game: Game,
        seed: u64,
        salt: String,
        bots: Vec<Option<Box<dyn Bot>>>,
    ) -> Result<Table, String> {
        let seats = bots
            .iter()
            .map(|b| {
                b.as_ref()
                    .map_or(SeatKind::Human, |b| SeatKind::Bot(b.name()))
            })
            .collect();
        let session =
            Session::from_parts(game, seats, bots, seed, None).map_err(|e| e.to_string())?;
        Ok(Table {
            session,
            seed,
            salt,
            version: 0,
            starts: Vec::new(),
            finished: false,
            ended_by: None,
        })
    }

    /// The events a new game begins with: a `finished` event when its start position is
    /// already drawn (rules that leave nobody a move), nothing otherwise.
    pub fn start(&mut self) -> Vec<Event> {
        let mut out = Vec::new();
        self.finish_if_over(&mut out);
        out
    }

    /// The compiled rules.
    pub fn variant(&self) -> &Variant {
        self.session.variant()
    }
    /// The current position.
    pub fn position(&self) -> &Position {
        self.session.position()
    }
    /// The current position as JSON.
    pub fn position_json(&self) -> PositionJson {
        self.variant().to_json(self.position())
    }
    /// The version of the last event (0 before any).
    pub fn version(&self) -> u64 {
        self.version
    }
    /// The seat to move.
    pub fn to_move(&self) -> usize {
        self.position().to_move()
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.position().is_over()
    }
    /// Whether the seat to move throws next (at the start of its turn, or after a grace).
    pub fn must_throw(&self) -> bool {
        self.session.game().phase() == ashta_engine::Phase::Throwing
    }
    /// The legal moves of the seat to move (none while it must throw).
    pub fn legal(&self) -> Vec<Move> {
        if self.must_throw() {
            return Vec::new();
        }
        let mut moves = MoveList::new();
        self.variant().legal_moves(self.position(), &mut moves);
        moves.to_vec()
    }
    /// The legal moves as JSON, each with the path its unit would take and the double
    /// it would form, from the position ([`Variant::legal_outcomes`]).
    pub fn legal_json(&self) -> Vec<LegalMove> {
        if self.must_throw() {
            return Vec::new();
        }
        self.variant()
            .legal_outcomes(self.position())
            .iter()
            .map(LegalMove::new)
            .collect()
    }

    /// The board as clients draw it: the seats, each player's path, the safe squares.
    pub fn board_json(&self) -> BoardJson {
        BoardJson::new(self.variant())
    }
    /// The result, once the game is over.
    pub fn result(&self) -> Option<ResultJson> {
        let pos = self.position();
        let game = self.session.game();
        self.is_over().then(|| ResultJson {
            winner: game
                .record()
                .result
                .as_ref()
                .and_then(|r| r.winner)
                .or_else(|| pos.winner().map(|w| w as u8)),
            places: game.finishing_order(),
            standings: game.standings(),
            draw: pos
                .draw()
                .map(|d| self.ended_by.unwrap_or(d.name()).to_string()),
            claimed: pos.claimed(),
        })
    }
    /// What the table knows of its game's snapshot (`docs/web-api.md`): its status,
    /// version, full rules, board, the position it began from, the position now, legal moves, whether it must throw, and
    /// its seed and result once over. Whoever holds the table adds the rest
    /// ([`crate::messages::Snapshot`]: its id, seats, times, events).
    pub fn snapshot(&self) -> TableSnapshot {
        let rules = self.variant().rules();
        TableSnapshot {
            status: if self.is_over() {
                GameStatus::Finished
            } else {
                GameStatus::Playing
            },
            version: self.version(),
            rules: ashta_engine::RulesObject::full(rules),
            size: rules.size,
            players: rules.players,
            board: self.board_json(),
            start: self.variant().to_json(&self.variant().start_position()),
            position: self.position_json(),
            legal: self.legal_json(),
            must_throw: self.must_throw(),
            reveal: self.reveal(),
            result: self.result(),
            at_table: self.entered_at_table(),
        }
    }

    /// The `event` message of `event`, made by this table as its last change: the
    /// event with the legal moves and the throw the game waits for after it.
    pub fn event_message(&self, event: &Event, turn_deadline: Option<i64>) -> ServerMessage {
        self.event_message_of(EventText::of(event), turn_deadline)
    }

    /// The `event` message of an event given as its JSON (as stored), made by this table
    /// as its last change.
    pub fn event_message_of(&self, event: EventText, turn_deadline: Option<i64>) -> ServerMessage {
        ServerMessage::Event(EventMessage {
            event,
            legal: self.legal_json(),
            must_throw: self.must_throw(),
            turn_deadline,
        })
    }

    /// The seed and salt, once the game is over.
    pub fn reveal(&self) -> Option<Reveal> {
        self.is_over().then(|| Reveal {
            seed: self.seed.to_string(),
            salt: self.salt.clone(),
        })
    }

    /// Takes the bot of `seat` from the table to search on another thread
    /// ([`Session::lend_bot`]); `None` for a person's seat, or while the bot is lent.
    pub fn lend_bot(&mut self, seat: usize) -> Option<Box<dyn Bot>> {
        self.session.lend_bot(seat)
    }

    /// The seed of the throws, which the seats' bots are seeded from (secret until the
    /// game ends: never send it before [`Table::reveal`] does).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Gives back a bot taken with [`Table::lend_bot`].
    pub fn return_bot(&mut self, seat: usize, bot: Box<dyn Bot>) {
        self.session.return_bot(seat, bot);
    }

    /// The game record: without the seed while the game is playing (and without a
    /// throwing phase still under way), with the seed and result once it is over, when
    /// `ashta verify` recomputes every throw.
    pub fn record(&self) -> Record {
        let game = self.session.game();
        let mut record = game.record().clone();
        if game.entered_at_table() {
            // The throws were entered: there is no seed to show.
            return record;
        }
        if self.is_over() {
            record.seed = Some(self.seed);
            record.salt = Some(self.salt.clone());
        } else {
            record.seed = None;
            if game.throwing() {
                record.turns.pop();
            }
        }
        record
    }

    fn check_turn(&self, seat: usize) -> Result<(), WsError> {
        if self.is_over() {
            return Err(WsError::new(WsErrorCode::GameOver, "the game is over"));
        }
        if seat != self.to_move() {
            return Err(not_your_turn(self.to_move()));
        }
        Ok(())
    }

    fn event(&mut self, body: EventBody) -> Event {
        self.event_at(body, self.position_json())
    }

    fn event_at(&mut self, body: EventBody, position: PositionJson) -> Event {
        self.version += 1;
        Event {
            version: self.version,
            body,
            position,
        }
    }

    fn finish_if_over(&mut self, out: &mut Vec<Event>) {
        if self.is_over() && !self.finished {
            self.finished = true;
            let result = self.result().expect("the game is over");
            let reveal = self.reveal().expect("the game is over");
            out.push(self.event(EventBody::Finished { result, reveal }));
        }
    }

    /// The action of the person at `seat`, played on the table: a throw, a throw
    /// entered at the table, a move, an undo or a resignation, and the events made. The
    /// one way a seat throws and moves (a bot's throw, and a move played for a seat
    /// whose time ran out, come this way too); a bot's whole bag is
    /// [`Table::play_bot`]'s. A claim is the holder's to decide
    /// (only it knows who left): it is refused here, and a holder that allows claims
    /// answers it before asking the table.
    pub fn act(&mut self, seat: usize, action: SeatAction) -> Result<Vec<Event>, WsError> {
        match action {
            SeatAction::Throw => self.throw(seat),
            SeatAction::Move(req) => self.play_request(seat, &req),
            SeatAction::Undo => self.undo(seat),
            SeatAction::Resign => self.resign(seat),
            SeatAction::Enter(mouths_up) => self.enter_throw(seat, mouths_up),
            SeatAction::Claim(_) => Err(WsError::new(
                WsErrorCode::CannotClaim,
                "nobody left this game: there is no one to claim over",
            )),
        }
    }

    /// Whether the game's throws are entered at the table ([`Table::at_table`]).
    pub fn entered_at_table(&self) -> bool {
        self.session.game().entered_at_table()
    }

    /// The seat to move throws the cowries once (at a table of real cowries, only a
    /// bot's seat: a person enters what fell, [`SeatAction::Enter`]).
    fn throw(&mut self, seat: usize) -> Result<Vec<Event>, WsError> {
        self.check_throw(seat)?;
        if self.enters_throws(seat) {
            return Err(WsError::new(
                WsErrorCode::BadMessage,
                "this game's throws are entered at the table: say how many mouths fell up",
            ));
        }
        let one = self.session.throw(ThrowFrom::Own).map_err(internal)?;
        Ok(self.threw(seat, one))
    }

    /// The person to move at a table of real cowries enters what fell: `mouths_up`
    /// cowries mouth up. The rules apply to it as to any throw.
    fn enter_throw(&mut self, seat: usize, mouths_up: u8) -> Result<Vec<Event>, WsError> {
        self.check_throw(seat)?;
        if !self.entered_at_table() {
            return Err(WsError::new(
                WsErrorCode::BadMessage,
                "this game's throws come from its seed: they are not entered",
            ));
        }
        let one = self
            .session
            .throw(ThrowFrom::Entered(mouths_up))
            .map_err(|e| WsError::new(WsErrorCode::BadMessage, e.to_string()))?;
        Ok(self.threw(seat, one))
    }

    /// Whether the last throw may be taken back now (RULES.md 8.10): entered by the
    /// person at `seat`, with no move played since; checked on a copy of the game.
    pub fn may_take_back(&self, seat: usize) -> Result<(), WsError> {
        let record = self.session.game().record();
        let mine = record
            .turns
            .last()
            .is_some_and(|t| usize::from(t.player) == seat);
        if !mine {
            return Err(WsError::new(
                WsErrorCode::BadMessage,
                "nothing to take back: the last throw is not yours",
            ));
        }
        let mut game = self.session.game().clone();
        game.take_back_throw()
            .map(drop)
            .map_err(|e| WsError::new(WsErrorCode::BadMessage, e.to_string()))
    }

    /// Whether a person enters the throws of `seat`: the game is played with real
    /// cowries and the seat is a person's who has not resigned (a bot plays a
    /// resigner's pawns, and throws for them).
    fn enters_throws(&self, seat: usize) -> bool {
        self.entered_at_table()
            && self.session.seats().get(seat).is_some_and(|s| s.is_human())
            && !self.has_resigned(seat)
    }

    fn check_throw(&self, seat: usize) -> Result<(), WsError> {
        self.check_turn(seat)?;
        if !self.must_throw() {
            return Err(WsError::new(
                WsErrorCode::MustMove,
                "the bag still holds values: move before throwing",
            ));
        }
        Ok(())
    }

    /// The events of a throw made.
    fn threw(&mut self, seat: usize, one: ashta_engine::OneThrow) -> Vec<Event> {
        let cowries = one.cowries;
        let face = self.variant().table().face(cowries.mouths_up());
        let step = one.step;
        if step == ThrowStep::Moving {
            let turn = self.session.game().turns() - 1;
            self.starts.push((turn, self.version + 1));
        }
        let end = match step {
            ThrowStep::Again => None,
            ThrowStep::Moving => Some("moving"),
            ThrowStep::Forfeited => Some("forfeited"),
            ThrowStep::Voided => Some("voided"),
        };
        let body = EventBody::Throw {
            seat: seat as u8,
            cowries: (0..cowries.count)
                .map(|i| cowries.up & (1 << i) != 0)
                .collect(),
            value: (step != ThrowStep::Voided).then_some(face.value),
            again: step == ThrowStep::Again,
            end,
            forfeit: one
                .forfeit
                .as_ref()
                .map(|f| ForfeitJson::new(self.variant(), f)),
            stand_in: None,
        };
        let mut out = vec![self.event(body)];
        self.finish_if_over(&mut out);
        out
    }

    /// The seat to move plays a move a client asked for.
    fn play_request(&mut self, seat: usize, req: &MoveRequest) -> Result<Vec<Event>, WsError> {
        self.check_turn(seat)?;
        // The phase is the engine's to check, once, as it checks the move.
        let played = self
            .session
            .play(1, |checker, _| check_request(checker, seat, req))
            .map_err(|(_, e)| e)?
            .remove(0);
        let (path, forfeit) = self.facts(&played);
        let body = EventBody::Move {
            seat: seat as u8,
            mv: MoveJson::from(&played.mv),
            path,
            captured: CapturedJson::of(&played),
            forfeit,
            stand_in: None,
        };
        let mut out = vec![self.event(body)];
        self.finish_if_over(&mut out);
        Ok(out)
    }

    /// The bot of `seat` plays its whole bag as it decided it ([`Decided`]: here, or on
    /// another thread), each move checked once as it is played ([`Session::play_bot`]):
    /// one event per move. Refused, with nothing played, when the decision is not
    /// legal here. A person's moves and throws, and a bot's throws, are
    /// [`Table::act`]'s.
    pub fn play_bot(
        &mut self,
        seat: usize,
        decided: Decided<'_>,
    ) -> Result<Vec<Event>, BotFailure> {
        let played = self.session.play_bot(seat, decided).map_err(|e| match e {
            SessionError::Bot(failure) => failure,
            other => BotFailure {
                seat,
                bot: self.session.seats()[seat].name(),
                reason: other.to_string(),
            },
        })?;
        let variant = self.variant();
        let steps: Vec<_> = played
            .iter()
            .map(|p| {
                let (path, forfeit) = self.facts(p);
                let captured = CapturedJson::of(p);
                (p.mv, path, captured, forfeit, variant.to_json(&p.position))
            })
            .collect();
        let last = steps.len() - 1;
        let mut out = Vec::with_capacity(steps.len() + 1);
        for (n, (mv, path, captured, forfeit, position)) in steps.into_iter().enumerate() {
            let body = EventBody::Move {
                seat: seat as u8,
                mv: MoveJson::from(&mv),
                path,
                captured,
                forfeit,
                stand_in: None,
            };
            // The last move's position is the game's own: the turn limit may have drawn
            // the game after it.
            let position = if n == last {
                self.position_json()
            } else {
                position
            };
            let event = self.event_at(body, position);
            out.push(event);
        }
        self.finish_if_over(&mut out);
        Ok(out)
    }

    /// A played move's path (from its square to where it landed, an entry from −1) and
    /// what it forfeited, as the events carry them, from the engine's facts of the move.
    fn facts(&self, played: &Played) -> (Vec<i16>, Option<ForfeitJson>) {
        let path = played.walk();
        let forfeit = played
            .forfeit
            .as_ref()
            .map(|f| ForfeitJson::new(self.variant(), f));
        (path, forfeit)
    }

    /// Ends the game as a draw because its event log reached the bound the server sets
    /// on a game's events: the `finished` event carries the draw reason
    /// [`EVENT_LIMIT`] and reveals the seed. Refused once the game is over.
    pub fn end_at_event_limit(&mut self) -> Result<Vec<Event>, WsError> {
        self.end_drawn_at_the_table(EVENT_LIMIT)
    }

    /// Ends the game as a draw the table declares (the record's `"declared"`), its
    /// `finished` event carrying `reason`. Refused once the game is over.
    fn end_drawn_at_the_table(&mut self, reason: &'static str) -> Result<Vec<Event>, WsError> {
        if self.is_over() {
            return Err(WsError::new(WsErrorCode::GameOver, "the game is over"));
        }
        self.session
            .declare_draw(ashta_engine::DrawReason::Declared)
            .map_err(internal)?;
        self.ended_by = Some(reason);
        let mut out = Vec::new();
        self.finish_if_over(&mut out);
        Ok(out)
    }

    /// Takes back `seat`'s last turn: the game goes back to the moment its last moving
    /// phase began, with the same values in the bag ([`Session::undo`]). The throws made
    /// since stay drawn: the next throw is a new one from the seed, and the record sets
    /// the old ones aside (`skipped`), so undoing never shows a player the throws to come.
    pub fn undo(&mut self, seat: usize) -> Result<Vec<Event>, WsError> {
        if self.is_over() {
            return Err(WsError::new(WsErrorCode::GameOver, "the game is over"));
        }
        let cannot = || WsError::new(WsErrorCode::CannotUndo, "you have no move to take back");
        let (turn, _) = self.session.undo_target(Some(seat)).ok_or_else(cannot)?;
        let to_version = self
            .starts
            .iter()
            .rev()
            .find(|(t, _)| *t == turn)
            .map(|&(_, v)| v)
            .ok_or_else(cannot)?;
        self.session.undo(Some(seat)).map_err(|_| cannot())?;
        self.starts.retain(|&(t, _)| t <= turn);
        let body = EventBody::Undo {
            seat: seat as u8,
            to_version,
        };
        Ok(vec![self.event(body)])
    }

    /// Applies a stored event again (when a game is loaded), checking that it is the
    /// event this game makes: the same throw from the seed, a legal move, the same undo.
    pub fn replay(&mut self, stored: &serde_json::Value) -> Result<(), String> {
        let StoredEvent { version, body } = StoredEvent::read(stored)?;
        if version <= self.version {
            // A `finished` event, already made by the event before it.
            return if version == self.version {
                Ok(())
            } else {
                Err(format!("event {version} comes after {}", self.version))
            };
        }
        if version != self.version + 1 {
            return Err(format!("event {version} follows {}", self.version));
        }
        match body {
            StoredBody::Throw { seat, cowries } if self.enters_throws(usize::from(seat)) => {
                let up = cowries.iter().filter(|&&c| c).count() as u8;
                self.enter_throw(seat as usize, up).map_err(|e| e.message)?;
            }
            StoredBody::Throw { seat, cowries } => {
                let events = self.throw(seat as usize).map_err(|e| e.message)?;
                let same = matches!(&events[0].body, EventBody::Throw { cowries: made, .. } if *made == cowries);
                if !same {
                    return Err(format!("throw {version} is not the one the seed gives"));
                }
            }
            StoredBody::Move { seat, mv } => {
                self.play_request(seat as usize, &mv)
                    .map_err(|e| e.message)?;
            }
            StoredBody::Undo { seat, to_version } => {
                let events = self.undo(seat as usize).map_err(|e| e.message)?;
                let same = matches!(&events[0].body, EventBody::Undo { to_version: to, .. } if *to == to_version);
                if !same {
                    return Err(format!("undo {version} goes back elsewhere"));
                }
            }
            StoredBody::Resign { seat } => {
                self.resign(seat as usize).map_err(|e| e.message)?;
            }
            StoredBody::Finished { result } => self.replay_end(version, &result)?,
        }
        Ok(())
    }

    /// Applies a stored end that the moves did not make again: a draw at the event
    /// limit, an abort, or an end over players who left.
    fn replay_end(&mut self, version: u64, result: &ResultJson) -> Result<(), String> {
        let ended = match result.draw.as_deref() {
            Some(EVENT_LIMIT) => self.end_at_event_limit(),
            Some(ABORTED) => self.abort(),
            _ if self.replay_claim(result)? => return Ok(()),
            _ => return Err(format!("event {version}: an end the game did not reach")),
        };
        ended.map(drop).map_err(|e| e.message)
    }
}

/// The legal move of `seat` a client asks for, checked once on the game
/// ([`Game::check`]) with what the client expects of it (where it lands, what it
/// captures, its path), or why there is none.
fn check_request<'g>(
    checker: MoveChecker<'g>,
    seat: usize,
    req: &MoveRequest,
) -> Result<CheckedMove<'g>, WsError> {
    let from = match req.from {
        -1 => None,
        i => Some(u8::try_from(i).map_err(|_| {
            WsError::new(
                WsErrorCode::IllegalMove,
                format!("from {i} is not a path index (−1 enters a pawn)"),
            )
        })?),
    };
    let checked = checker
        .check(req.value, from, req.count)
        .map_err(|e| match e {
            MoveError::GameOver => WsError::new(WsErrorCode::GameOver, e.to_string()),
            MoveError::MustThrow => WsError::new(WsErrorCode::MustThrow, e.to_string()),
            e => WsError::new(WsErrorCode::IllegalMove, e.to_string()),
        })?;
    let mv = checked.mv();
    if req.to.is_some_and(|to| to != mv.to()) {
        return Err(WsError::new(
            WsErrorCode::IllegalMove,
            format!(
                "that unit lands on path index {}, not {}",
                mv.to(),
                req.to.unwrap_or(0)
            ),
        ));
    }
    if req.capture.is_some_and(|c| c != mv.is_capture()) {
        return Err(WsError::new(
            WsErrorCode::IllegalMove,
            if mv.is_capture() {
                "that move captures"
            } else {
                "that move captures nothing"
            },
        ));
    }
    if let Some(path) = &req.path {
        if *path != move_path(checked.game(), seat, mv) {
            return Err(WsError::new(
                WsErrorCode::IllegalMove,
                "that unit does not take that path",
            ));
        }
    }
    Ok(checked)
}

/// Path indices `seat`'s move `mv` passes through in `game` now, from its square to
/// where it lands (an entry: −1 then 0), as the engine's [`Variant::move_path`] gives
/// them.
fn move_path(game: &Game, seat: usize, mv: Move) -> Vec<i16> {
    std::iter::once(mv.from_index())
        .chain(
            game.variant()
                .move_path(game.position(), seat, mv)
                .map(|i| i as i16),
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_bots::GreedyBot;
    use ashta_engine::{Game, Play, SeededThrows, ThrowSource};
    use std::sync::{Arc, Mutex};

    fn table(seed: u64) -> Table {
        let rules = Rules::standard();
        let seats = (0..rules.players).map(|_| None).collect();
        Table::new(rules, seed, "00".into(), seats).unwrap()
    }

    /// Whether `seat` has moves in the game's record (an undo takes them out).
    fn has_moved(t: &Table, seat: u8) -> bool {
        t.session
            .game()
            .record()
            .turns
            .iter()
            .any(|turn| turn.player == seat && !turn.moves.is_empty())
    }

    /// The player to move throws, or plays its first legal move; the events made.
    pub(super) fn step(t: &mut Table) -> Vec<Event> {
        let seat = t.to_move();
        if t.must_throw() {
            t.act(seat, SeatAction::Throw).unwrap()
        } else {
            let mv = t.legal()[0];
            t.act(seat, SeatAction::Move(mv.into())).unwrap()
        }
    }

    /// Steps until the game ends.
    fn play_out(t: &mut Table) {
        for _ in 0..100_000 {
            if t.is_over() {
                return;
            }
            step(t);
        }
        panic!("game did not end");
    }

    /// Checks the `forfeit` field of one event against the position before it: a throw
    /// carries it exactly when it ended `forfeited`, a move exactly when values were left
    /// in the bag and the turn ended without the seat finishing. Returns whether it did.
    fn check_forfeit(before: &serde_json::Value, event: &Event) -> bool {
        let json = serde_json::to_value(event).unwrap();
        let after = &json["position"];
        let bag_len = |pos: &serde_json::Value| pos["bag"].as_array().unwrap().len();
        let expected = match json["kind"].as_str().unwrap() {
            "throw" => json["end"] == "forfeited",
            "move" => bag_len(before) > 1 && bag_len(after) == 0 && after["winner"].is_null(),
            _ => false,
        };
        let Some(forfeit) = json.get("forfeit") else {
            assert!(!expected, "no forfeit in {json}");
            return false;
        };
        assert!(expected, "a forfeit in {json}");
        assert_eq!(forfeit["seat"], json["seat"]);
        let values = forfeit["values"].as_array().unwrap();
        assert!(!values.is_empty());
        if json["kind"] == "move" {
            // The bag before, less the value the move spent.
            let mut left: Vec<u64> = before["bag"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect();
            let spent = json["move"]["value"].as_u64().unwrap();
            left.remove(left.iter().position(|&v| v == spent).unwrap());
            let values: Vec<u64> = values.iter().map(|v| v.as_u64().unwrap()).collect();
            assert_eq!(values, left);
        }
        let reasons = forfeit["reasons"].as_array().unwrap();
        assert!(!reasons.is_empty());
        for r in reasons {
            let word = r["reason"].as_str().unwrap();
            assert!(
                ["gate", "exact", "entry", "block", "double"].contains(&word),
                "{r}"
            );
            let double = word == "block" || word == "double";
            assert_eq!(r.get("square").is_some(), double, "{r}");
            assert_eq!(r.get("seat_of_double").is_some(), double, "{r}");
            assert!(values.contains(&r["value"]));
        }
        true
    }

    /// A move event names the seat whose pawns it sent back and how many, exactly when
    /// the move captured; the count is the pawns of that seat that went back.
    #[test]
    fn a_capturing_move_names_whose_pawns_it_sent_back() {
        let mut captures = 0;
        for seed in 1..=4 {
            let mut t = table(seed);
            for _ in 0..100_000 {
                if t.is_over() {
                    break;
                }
                let before = serde_json::to_value(t.position_json()).unwrap();
                for event in step(&mut t) {
                    let json = serde_json::to_value(&event).unwrap();
                    if json["kind"] != "move" {
                        assert!(json.get("captured").is_none(), "{json}");
                        continue;
                    }
                    let capture = json["move"]["capture"].as_bool().unwrap();
                    let Some(captured) = json.get("captured") else {
                        assert!(!capture, "a capture that names nobody: {json}");
                        continue;
                    };
                    assert!(capture, "{json}");
                    let seat = captured["seat"].as_u64().unwrap() as usize;
                    assert_ne!(json["seat"], captured["seat"]);
                    let off = |pos: &serde_json::Value| {
                        pos["pawns"][seat]
                            .as_array()
                            .unwrap()
                            .iter()
                            .filter(|i| i.as_i64().unwrap() <= 0)
                            .count()
                    };
                    let sent = off(&json["position"]) - off(&before);
                    assert_eq!(captured["count"].as_u64().unwrap() as usize, sent, "{json}");
                    captures += 1;
                }
            }
        }
        assert!(captures > 5, "{captures} captures in 4 games");
    }

    #[test]
    fn the_snapshot_carries_the_start_position() {
        let mut t = table(5);
        for _ in 0..30 {
            step(&mut t);
        }
        let fields = serde_json::to_value(t.snapshot()).unwrap();
        let start = &fields["start"];
        let variant = t.variant();
        assert_eq!(
            *start,
            serde_json::to_value(variant.to_json(&variant.start_position())).unwrap()
        );
        assert!(start["pawns"].as_array().unwrap().iter().all(|p| p
            .as_array()
            .unwrap()
            .iter()
            .all(|i| *i == 0)));
        assert_ne!(fields["start"], fields["position"]);
    }

    #[test]
    fn a_forfeiting_event_carries_the_forfeit_and_no_other_does() {
        let (mut throws, mut moves, mut plain) = (0, 0, 0);
        for seed in 1..=6 {
            let mut t = table(seed);
            let mut before = serde_json::to_value(t.position_json()).unwrap();
            for _ in 0..100_000 {
                if t.is_over() {
                    break;
                }
                for event in step(&mut t) {
                    if check_forfeit(&before, &event) {
                        match event.body {
                            EventBody::Throw { .. } => throws += 1,
                            _ => moves += 1,
                        }
                    } else {
                        plain += 1;
                    }
                    before = serde_json::to_value(&event.position).unwrap();
                }
            }
        }
        assert!(
            throws > 0 && moves > 0 && plain > 0,
            "{throws} {moves} {plain}"
        );
    }

    #[test]
    fn a_forfeit_by_a_double_names_its_owner_and_square() {
        // Scan seeded games for a forfeit a double explains: its square is named.
        for seed in 1..=40 {
            let mut t = table(seed);
            while !t.is_over() {
                for event in step(&mut t) {
                    let json = serde_json::to_value(&event).unwrap();
                    let Some(reasons) = json.pointer("/forfeit/reasons") else {
                        continue;
                    };
                    for r in reasons.as_array().unwrap() {
                        if let Some(square) = r.get("square") {
                            let name = square.as_str().unwrap();
                            let sq = ashta_engine::Square::parse(name, 5).expect("a square name");
                            let owner = r["seat_of_double"].as_u64().unwrap() as usize;
                            assert_ne!(owner, json["seat"].as_u64().unwrap() as usize);
                            // The double stood there when the value was forfeited.
                            assert!(!t.variant().is_safe(sq));
                            return;
                        }
                    }
                }
            }
        }
        panic!("no forfeit explained by a double in 40 games");
    }

    #[test]
    fn finished_record_verifies_from_the_seed() {
        let mut t = table(11);
        play_out(&mut t);
        let record = t.record();
        assert_eq!(record.seed, Some(11));
        let game = Game::replay(&record).expect("the record replays");
        assert_eq!(game.position(), t.position());
    }

    #[test]
    fn record_while_playing_has_no_seed_and_replays() {
        let mut t = table(5);
        for _ in 0..30 {
            step(&mut t);
        }
        let record = t.record();
        assert_eq!(record.seed, None);
        Game::replay(&record).expect("a record in progress replays");
    }

    #[test]
    fn acting_out_of_turn_or_phase_is_refused_and_changes_nothing() {
        let mut t = table(3);
        let before = t.version();
        assert_eq!(
            t.act(1, SeatAction::Throw).unwrap_err().code,
            WsErrorCode::NotYourTurn
        );
        let req = MoveRequest {
            value: 1,
            from: 0,
            count: 1,
            to: None,
            capture: None,
            path: None,
            forms: None,
        };
        assert_eq!(
            t.play_request(0, &req).unwrap_err().code,
            WsErrorCode::MustThrow
        );
        assert_eq!(t.version(), before);
        while t.must_throw() {
            t.act(0, SeatAction::Throw).unwrap();
            if t.to_move() != 0 {
                return;
            }
        }
        assert_eq!(
            t.act(0, SeatAction::Throw).unwrap_err().code,
            WsErrorCode::MustMove
        );
        let bad = MoveRequest {
            value: 99,
            from: 0,
            count: 1,
            to: None,
            capture: None,
            path: None,
            forms: None,
        };
        let v = t.version();
        assert_eq!(
            t.play_request(0, &bad).unwrap_err().code,
            WsErrorCode::IllegalMove
        );
        assert_eq!(t.version(), v);
    }

    #[test]
    fn undo_goes_back_to_the_start_of_the_moving_phase_with_the_same_bag() {
        let mut t = table(9);
        // Throw and move until seat 0 has moved once, keeping where its bag began.
        let mut start = None;
        loop {
            let moving = !t.must_throw() && t.to_move() == 0;
            let events = step(&mut t);
            if let EventBody::Throw {
                seat: 0,
                end: Some("moving"),
                ..
            } = events[0].body
            {
                start = Some((events[0].version, *t.position()));
            }
            if moving {
                break;
            }
        }
        let (start_version, start_pos) = start.expect("seat 0 threw values to move");
        let events = t.undo(0).unwrap();
        assert!(matches!(
            events[0].body,
            EventBody::Undo { seat: 0, to_version } if to_version == start_version
        ));
        assert_eq!(*t.position(), start_pos);
        assert!(!t.must_throw());
        // Playing on after the undo still gives a record that verifies.
        play_out(&mut t);
        Game::replay(&t.record()).expect("the record replays after an undo");
    }

    #[test]
    fn undo_does_not_show_the_throws_to_come() {
        let seed = 33;
        let mut t = table(seed);
        // Play until seat 1 has thrown after a move of seat 0's.
        let last_player = |t: &Table| {
            t.session
                .game()
                .record()
                .turns
                .last()
                .map(|turn| turn.player)
        };
        while !(t.to_move() == 1 && last_player(&t) == Some(1) && has_moved(&t, 0)) {
            step(&mut t);
        }
        let seen = t.session.game().drawn();
        let mut throws = SeededThrows::new(seed);
        let cowries = |rng: &mut SeededThrows| rng.throw_cowries(4, 0.5).mouths_up();
        let drawn: Vec<u8> = (0..seen + 20).map(|_| cowries(&mut throws)).collect();
        t.undo(0).unwrap();
        let turns = t.session.game().turns();
        while t.session.game().turns() == turns {
            step(&mut t);
        }
        // The next throw is the seed's next one, not one of those already seen.
        let turn = t.session.game().record().turns.last().unwrap().clone();
        assert!(turn.skipped > 0);
        let next = (t.session.game().drawn() - turn.throws.len() as u64) as usize;
        assert_eq!(next as u64, seen);
        assert_eq!(turn.throws, drawn[next..next + turn.throws.len()]);
        // The record sets the undone throws aside and still verifies from the seed.
        play_out(&mut t);
        let record = t.record();
        assert_eq!(record.seed, Some(seed));
        let game = Game::replay(&record).expect("the record verifies after an undo");
        assert_eq!(game.position(), t.position());
    }

    #[test]
    fn replaying_the_events_rebuilds_the_same_game() {
        let mut t = table(21);
        let mut events = Vec::new();
        for _ in 0..200 {
            if t.is_over() {
                break;
            }
            let undo =
                !t.must_throw() && t.to_move() == 0 && has_moved(&t, 0) && events.len() % 7 == 0;
            let made = if undo {
                t.undo(0).unwrap()
            } else {
                step(&mut t)
            };
            events.extend(made.iter().map(|e| serde_json::to_value(e).unwrap()));
        }
        let mut again = table(21);
        for e in &events {
            again.replay(e).unwrap();
        }
        assert_eq!(again.position(), t.position());
        assert_eq!(again.version(), t.version());
        assert_eq!(again.record(), t.record());
    }

    #[test]
    fn a_forged_throw_does_not_replay() {
        let mut t = table(4);
        let mut e = serde_json::to_value(&t.act(0, SeatAction::Throw).unwrap()[0]).unwrap();
        let flipped: Vec<bool> = e["cowries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| !b.as_bool().unwrap())
            .collect();
        e["cowries"] = serde_json::json!(flipped);
        assert!(table(4).replay(&e).is_err());
    }

    /// What a [`Counting`] bot saw: decisions observed by the seat that made them,
    /// plays chosen and games begun.
    #[derive(Debug, Default)]
    struct Seen {
        observed: Vec<usize>,
        chosen: usize,
        new_games: usize,
    }

    /// A greedy bot that counts what it sees.
    struct Counting {
        inner: GreedyBot,
        seen: Arc<Mutex<Seen>>,
    }

    impl Bot for Counting {
        fn name(&self) -> String {
            "counting".into()
        }
        fn analyse(&mut self, variant: &Variant, pos: &Position) -> Vec<ashta_session::Candidate> {
            self.inner.analyse(variant, pos)
        }
        fn choose(&mut self, variant: &Variant, pos: &Position) -> Option<Play> {
            self.seen.lock().unwrap().chosen += 1;
            self.inner.choose(variant, pos)
        }
        fn observe(&mut self, _variant: &Variant, before: &Position, _after: &Position) {
            self.seen.lock().unwrap().observed.push(before.to_move());
        }
        fn new_game(&mut self) {
            self.seen.lock().unwrap().new_games += 1;
        }
    }

    #[test]
    fn a_bots_move_events_carry_their_forfeits() {
        let mut forfeits = 0;
        for seed in 1..=20 {
            let bots = (0..4)
                .map(|p| Some(Box::new(GreedyBot::new(p, 0.0)) as Box<dyn Bot>))
                .collect();
            let mut t = Table::new(Rules::standard(), seed, "00".into(), bots).unwrap();
            let mut before = serde_json::to_value(t.position_json()).unwrap();
            while !t.is_over() {
                let seat = t.to_move();
                let events = if t.must_throw() {
                    t.act(seat, SeatAction::Throw).unwrap()
                } else {
                    let mut bot = t.lend_bot(seat).unwrap();
                    let play = bot.choose(t.variant(), t.position()).expect("a play");
                    t.return_bot(seat, bot);
                    t.play_bot(seat, Decided::Play(&play)).unwrap()
                };
                for event in &events {
                    let moved = matches!(event.body, EventBody::Move { .. });
                    forfeits += usize::from(check_forfeit(&before, event) && moved);
                    before = serde_json::to_value(&event.position).unwrap();
                }
            }
            if forfeits > 0 {
                return;
            }
        }
        panic!("no bot forfeited a value in 20 games");
    }

    #[test]
    fn a_bot_seat_keeps_one_bot_that_sees_every_decision() {
        let mut rules = Rules::standard();
        rules.players = 2;
        let seen = Arc::new(Mutex::new(Seen::default()));
        let bot = Counting {
            inner: GreedyBot::new(1, 0.0),
            seen: seen.clone(),
        };
        let mut t = Table::new(rules, 17, "00".into(), vec![None, Some(Box::new(bot))]).unwrap();
        assert!(t.lend_bot(0).is_none(), "a person's seat has no bot");
        let mut before = serde_json::to_value(t.position_json()).unwrap();
        for _ in 0..100_000 {
            if t.is_over() {
                break;
            }
            let seat = t.to_move();
            if seat == 1 && !t.must_throw() {
                // As the room does: lend the seat's bot, let it choose, give it back.
                let mut bot = t.lend_bot(1).expect("the bot seat has its bot");
                assert!(t.lend_bot(1).is_none(), "the bot is lent out");
                let play = bot.choose(t.variant(), t.position()).expect("a play");
                t.return_bot(1, bot);
                let events = t.play_bot(1, Decided::Play(&play)).unwrap();
                assert!(events.len() >= play.moves.len());
                // Each of the bot's move events carries its forfeit as a person's does.
                for event in &events {
                    check_forfeit(&before, event);
                    before = serde_json::to_value(&event.position).unwrap();
                }
            } else {
                for event in step(&mut t) {
                    check_forfeit(&before, &event);
                    before = serde_json::to_value(&event.position).unwrap();
                }
            }
        }
        assert!(t.is_over());
        let turns = &t.session.game().record().turns;
        let decisions = |seat: u8| {
            turns
                .iter()
                .filter(|turn| turn.player == seat && !turn.moves.is_empty())
                .count()
        };
        let seen = seen.lock().unwrap();
        assert_eq!(seen.new_games, 1, "one bot for the whole game");
        let by = |seat: usize| seen.observed.iter().filter(|&&s| s == seat).count();
        assert!(decisions(0) > 0 && decisions(1) > 0);
        assert_eq!(
            by(0),
            decisions(0),
            "the bot sees every decision of the person's"
        );
        assert_eq!(by(1), decisions(1), "and its own");
        assert_eq!(seen.chosen, decisions(1));
        Game::replay(&t.record()).expect("the record verifies");
    }

    /// A two-player table whose greedy bot in seat 1 is to play its throws.
    fn greedy_bot_to_play() -> Table {
        let mut rules = Rules::standard();
        rules.players = 2;
        let bot = GreedyBot::new(1, 0.0);
        let mut t = Table::new(rules, 3, "00".into(), vec![None, Some(Box::new(bot))]).unwrap();
        while t.to_move() != 1 || t.must_throw() {
            step(&mut t);
        }
        t
    }

    #[test]
    fn a_bad_bot_play_is_refused_and_changes_nothing() {
        let mut t = greedy_bot_to_play();
        let mut bot = t.lend_bot(1).unwrap();
        let mut play = bot.choose(t.variant(), t.position()).unwrap();
        t.return_bot(1, bot);
        play.moves.clear();
        let version = t.version();
        assert!(t.play_bot(1, Decided::Play(&play)).is_err());
        assert_eq!(t.version(), version);
        assert!(t.play_bot(0, Decided::Play(&play)).is_err());
    }

    #[test]
    fn a_bot_play_refused_after_its_moves_were_played_changes_nothing() {
        let mut t = greedy_bot_to_play();
        let mut bot = t.lend_bot(1).unwrap();
        let play = bot.choose(t.variant(), t.position()).unwrap();
        t.return_bot(1, bot);
        // Every move is legal, but the play promises another position.
        let mut broken = play.clone();
        broken.position = *t.position();
        let (version, position, record) = (t.version(), *t.position(), t.record());
        let failure = t.play_bot(1, Decided::Play(&broken)).unwrap_err();
        assert!(failure.reason.contains("promised"), "{}", failure.reason);
        assert_eq!(
            (t.version(), *t.position(), t.record()),
            (version, position, record)
        );
        // The play as decided still plays, and the record verifies.
        t.play_bot(1, Decided::Play(&play)).unwrap();
        play_out(&mut t);
        Game::replay(&t.record()).expect("the record verifies");
    }
}
