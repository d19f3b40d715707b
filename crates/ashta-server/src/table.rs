//! One game as the server drives it: the engine's position, the seeded throws drawn one
//! at a time, the record `ashta verify` reads, the events each action makes, and undo.
//! No I/O: the room stores and sends what this produces.

use ashta_engine::{
    DrawReason, Move, MoveError, MoveList, Position, PositionJson, Record, ResultRecord, Rules,
    RulesSpec, SeededThrows, ThrowSource, ThrowStep, TurnRecord, Variant, RECORD_FORMAT,
};

use crate::protocol::{
    Event, EventBody, MoveJson, MoveRequest, ResultJson, Reveal, WsError, WsErrorCode,
};

/// The state right after one throw or move, kept so that undo can go back to it.
#[derive(Clone, Debug)]
struct Mark {
    /// The version of the event that left this state (the throw or move just made).
    version: u64,
    seat: u8,
    /// A throw that ended the throwing phase with values to move.
    starts_moving: bool,
    /// A move.
    is_move: bool,
    position: Position,
    throwing: bool,
    turns: usize,
    last_moves: usize,
    drawn: u64,
}

/// A game being played on the server.
#[derive(Clone, Debug)]
pub struct Table {
    variant: Variant,
    position: Position,
    /// In the middle of a throwing phase (the last throw was a grace).
    throwing: bool,
    record: Record,
    seed: u64,
    salt: String,
    rng: SeededThrows,
    /// Throws drawn from `rng` so far (an undo never takes this back).
    drawn: u64,
    /// Throws an undo took back, which the next turn's record sets aside.
    undone_throws: u32,
    version: u64,
    line: Vec<Mark>,
}

fn not_your_turn(to_move: usize) -> WsError {
    WsError::new(
        WsErrorCode::NotYourTurn,
        format!("it is seat {to_move}'s turn"),
    )
}

impl Table {
    /// A new game with these rules whose throws come from `seed`.
    pub fn new(rules: Rules, seed: u64, salt: String) -> Result<Table, ashta_engine::RulesError> {
        let variant = Variant::new(rules)?;
        let position = variant.start_position();
        let record = Record {
            format: RECORD_FORMAT.into(),
            rules: RulesSpec::from_rules(variant.rules()),
            size: variant.rules().size,
            players: variant.rules().players,
            seed: None,
            commitment: Some(ashta_engine::seed_commitment(seed, &salt)),
            salt: None,
            start: None,
            turns: Vec::new(),
            result: None,
        };
        Ok(Table {
            variant,
            position,
            throwing: false,
            record,
            seed,
            salt,
            rng: SeededThrows::new(seed),
            drawn: 0,
            undone_throws: 0,
            version: 0,
            line: Vec::new(),
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
        &self.variant
    }
    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// The current position as JSON.
    pub fn position_json(&self) -> PositionJson {
        self.variant.to_json(&self.position)
    }
    /// The version of the last event (0 before any).
    pub fn version(&self) -> u64 {
        self.version
    }
    /// The seat to move.
    pub fn to_move(&self) -> usize {
        self.position.to_move()
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.position.is_over()
    }
    /// Whether the seat to move throws next (at the start of its turn, or after a grace).
    pub fn must_throw(&self) -> bool {
        !self.is_over() && (self.throwing || self.position.must_throw())
    }
    /// The legal moves of the seat to move (none while it must throw).
    pub fn legal(&self) -> Vec<Move> {
        if self.must_throw() {
            return Vec::new();
        }
        let mut moves = MoveList::new();
        self.variant.legal_moves(&self.position, &mut moves);
        moves.to_vec()
    }
    /// The legal moves as JSON.
    pub fn legal_json(&self) -> Vec<MoveJson> {
        self.legal().iter().map(MoveJson::from).collect()
    }
    /// The result, once the game is over.
    pub fn result(&self) -> Option<ResultJson> {
        self.is_over().then(|| ResultJson {
            winner: self.position.winner().map(|w| w as u8),
            places: self.position.places().to_vec(),
            draw: self.position.draw().map(|d| d.name().to_string()),
        })
    }
    /// The seed and salt, once the game is over.
    pub fn reveal(&self) -> Option<Reveal> {
        self.is_over().then(|| Reveal {
            seed: self.seed.to_string(),
            salt: self.salt.clone(),
        })
    }

    /// The game record: without the seed while the game is playing (and without a
    /// throwing phase still under way), with the seed and result once it is over, when
    /// `ashta verify` recomputes every throw.
    pub fn record(&self) -> Record {
        let mut record = self.record.clone();
        if self.is_over() {
            record.seed = Some(self.seed);
            record.salt = Some(self.salt.clone());
        } else if self.throwing {
            record.turns.pop();
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

    /// Keeps the state after the throw or move whose event is made next.
    fn mark(&mut self, seat: u8, starts_moving: bool, is_move: bool) {
        self.line.push(Mark {
            version: self.version + 1,
            seat,
            starts_moving,
            is_move,
            position: self.position,
            throwing: self.throwing,
            turns: self.record.turns.len(),
            last_moves: self.record.turns.last().map_or(0, |t| t.moves.len()),
            drawn: self.drawn,
        });
    }

    fn event(&mut self, body: EventBody) -> Event {
        self.version += 1;
        Event {
            version: self.version,
            body,
            position: self.position_json(),
        }
    }

    /// The turn limit of the rules, applied as the engine's game driver applies it.
    fn after_step(&mut self) {
        if let Some(limit) = self.variant.rules().turn_limit {
            if !self.throwing
                && self.position.must_throw()
                && self.record.turns.len() >= limit as usize
            {
                self.variant
                    .declare_draw(&mut self.position, DrawReason::TurnLimit)
                    .expect("the game is not over");
            }
        }
    }

    fn finish_if_over(&mut self, out: &mut Vec<Event>) {
        if self.is_over() && self.record.result.is_none() {
            let result = self.result().expect("the game is over");
            self.record.result = Some(ResultRecord {
                winner: result.winner,
                places: if result.places.len() > 1 {
                    result.places.clone()
                } else {
                    Vec::new()
                },
                draw: result.draw.clone(),
            });
            let reveal = self.reveal().expect("the game is over");
            out.push(self.event(EventBody::Finished { result, reveal }));
        }
    }

    /// The seat to move throws the cowries once.
    pub fn throw(&mut self, seat: usize) -> Result<Vec<Event>, WsError> {
        self.check_turn(seat)?;
        if !self.must_throw() {
            return Err(WsError::new(
                WsErrorCode::MustMove,
                "the bag still holds values: move before throwing",
            ));
        }
        let table = self.variant.table();
        let cowries = self.rng.throw_cowries(table.cowries(), table.mouth_up());
        self.drawn += 1;
        let up = cowries.mouths_up();
        let face = table.face(up);
        if self.throwing {
            if let Some(turn) = self.record.turns.last_mut() {
                turn.throws.push(up);
            }
        } else {
            self.record.turns.push(TurnRecord {
                skipped: std::mem::take(&mut self.undone_throws),
                player: seat as u8,
                throws: vec![up],
                moves: Vec::new(),
            });
        }
        let step = self
            .variant
            .throw_one(&mut self.position, up)
            .expect("a throwing phase under way");
        self.throwing = step == ThrowStep::Again;
        self.after_step();
        let end = match step {
            ThrowStep::Again => None,
            ThrowStep::Moving => Some("moving"),
            ThrowStep::Forfeited => Some("forfeited"),
            ThrowStep::Voided => Some("voided"),
        };
        self.mark(seat as u8, step == ThrowStep::Moving, false);
        let body = EventBody::Throw {
            seat: seat as u8,
            cowries: (0..cowries.count)
                .map(|i| cowries.up & (1 << i) != 0)
                .collect(),
            value: (step != ThrowStep::Voided).then_some(face.value),
            again: step == ThrowStep::Again,
            end,
        };
        let mut out = vec![self.event(body)];
        self.finish_if_over(&mut out);
        Ok(out)
    }

    /// The legal move a client asks for, or why there is none.
    pub fn find(&self, seat: usize, req: &MoveRequest) -> Result<Move, WsError> {
        self.check_turn(seat)?;
        if self.must_throw() {
            return Err(WsError::new(
                WsErrorCode::MustThrow,
                "the bag is empty: throw the cowries first",
            ));
        }
        let from = match req.from {
            -1 => None,
            i => Some(u8::try_from(i).map_err(|_| {
                WsError::new(
                    WsErrorCode::IllegalMove,
                    format!("from {i} is not a path index (−1 enters a pawn)"),
                )
            })?),
        };
        let mv = self
            .variant
            .find_move(&self.position, req.value, from, req.count)
            .map_err(|e| match e {
                MoveError::GameOver => WsError::new(WsErrorCode::GameOver, e.to_string()),
                MoveError::MustThrow => WsError::new(WsErrorCode::MustThrow, e.to_string()),
                e => WsError::new(WsErrorCode::IllegalMove, e.to_string()),
            })?;
        if req.to.is_some_and(|to| to != mv.to) {
            return Err(WsError::new(
                WsErrorCode::IllegalMove,
                format!(
                    "that unit lands on path index {}, not {}",
                    mv.to,
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
        Ok(mv)
    }

    /// The seat to move plays a move a client asked for.
    pub fn play_request(&mut self, seat: usize, req: &MoveRequest) -> Result<Vec<Event>, WsError> {
        let mv = self.find(seat, req)?;
        Ok(self.play_found(seat, mv))
    }

    /// The seat to move plays a move (a bot's); refused when it is not legal.
    pub fn play(&mut self, seat: usize, mv: Move) -> Result<Vec<Event>, WsError> {
        let req = MoveRequest {
            value: mv.value,
            from: mv.from_index(),
            count: mv.count,
            to: Some(mv.to),
            capture: Some(mv.is_capture()),
        };
        self.play_request(seat, &req)
    }

    fn play_found(&mut self, seat: usize, mv: Move) -> Vec<Event> {
        let path = self.path(seat, mv);
        self.variant.play_unchecked(&mut self.position, mv);
        if let Some(turn) = self.record.turns.last_mut() {
            turn.moves.push(mv.into());
        }
        self.after_step();
        self.mark(seat as u8, false, true);
        let body = EventBody::Move {
            seat: seat as u8,
            mv: MoveJson::from(&mv),
            path,
        };
        let mut out = vec![self.event(body)];
        self.finish_if_over(&mut out);
        out
    }

    /// Path indices a move's unit passes through, from its square to where it lands
    /// (an entry: −1 then 0).
    fn path(&self, seat: usize, mv: Move) -> Vec<i16> {
        std::iter::once(mv.from_index())
            .chain(
                self.variant
                    .move_path(&self.position, seat, mv)
                    .map(|i| i as i16),
            )
            .collect()
    }

    /// Takes back `seat`'s last turn: the game goes back to the moment its last moving
    /// phase began, with the same values in the bag. The throws made since stay drawn:
    /// the next throw is a new one from the seed, and the record sets the old ones aside
    /// (`skipped`), so undoing never shows a player the throws to come.
    pub fn undo(&mut self, seat: usize) -> Result<Vec<Event>, WsError> {
        if self.is_over() {
            return Err(WsError::new(WsErrorCode::GameOver, "the game is over"));
        }
        let cannot = || WsError::new(WsErrorCode::CannotUndo, "you have no move to take back");
        let last_move = self
            .line
            .iter()
            .rposition(|m| m.is_move && m.seat as usize == seat)
            .ok_or_else(cannot)?;
        let start = self.line[..last_move]
            .iter()
            .rposition(|m| m.starts_moving && m.seat as usize == seat)
            .ok_or_else(cannot)?;
        let mark = self.line[start].clone();
        self.line.truncate(start + 1);
        self.position = mark.position;
        self.throwing = mark.throwing;
        self.record.turns.truncate(mark.turns);
        if let Some(turn) = self.record.turns.last_mut() {
            turn.moves.truncate(mark.last_moves);
        }
        self.undone_throws = u32::try_from(self.drawn - mark.drawn).unwrap_or(u32::MAX);
        let body = EventBody::Undo {
            seat: seat as u8,
            to_version: mark.version,
        };
        Ok(vec![self.event(body)])
    }

    /// Applies a stored event again (when a game is loaded), checking that it is the
    /// event this game makes: the same throw from the seed, a legal move, the same undo.
    pub fn replay(&mut self, stored: &serde_json::Value) -> Result<(), String> {
        let field = |name: &str| stored.get(name).ok_or(format!("event has no {name}"));
        let version = field("version")?.as_u64().ok_or("bad version")?;
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
        let kind = field("kind")?.as_str().ok_or("bad kind")?;
        let seat =
            || -> Result<usize, String> { Ok(field("seat")?.as_u64().ok_or("bad seat")? as usize) };
        match kind {
            "throw" => {
                let events = self.throw(seat()?).map_err(|e| e.message)?;
                let made = serde_json::to_value(&events[0]).map_err(|e| e.to_string())?;
                if made.get("cowries") != stored.get("cowries") {
                    return Err(format!("throw {version} is not the one the seed gives"));
                }
            }
            "move" => {
                let req: MoveRequest = serde_json::from_value(field("move")?.clone())
                    .map_err(|e| format!("event {version}: {e}"))?;
                self.play_request(seat()?, &req).map_err(|e| e.message)?;
            }
            "undo" => {
                let events = self.undo(seat()?).map_err(|e| e.message)?;
                let to = field("to_version")?.as_u64();
                if !matches!(&events[0].body, EventBody::Undo { to_version, .. } if Some(*to_version) == to)
                {
                    return Err(format!("undo {version} goes back elsewhere"));
                }
            }
            other => return Err(format!("event {version} of unknown kind {other:?}")),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::Game;

    fn table(seed: u64) -> Table {
        Table::new(Rules::standard(), seed, "00".into()).unwrap()
    }

    /// The player to move throws, or plays its first legal move; the events made.
    fn step(t: &mut Table) -> Vec<Event> {
        let seat = t.to_move();
        if t.must_throw() {
            t.throw(seat).unwrap()
        } else {
            let mv = t.legal()[0];
            t.play(seat, mv).unwrap()
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
        assert_eq!(t.throw(1).unwrap_err().code, WsErrorCode::NotYourTurn);
        let req = MoveRequest {
            value: 1,
            from: 0,
            count: 1,
            to: None,
            capture: None,
        };
        assert_eq!(
            t.play_request(0, &req).unwrap_err().code,
            WsErrorCode::MustThrow
        );
        assert_eq!(t.version(), before);
        while t.must_throw() {
            t.throw(0).unwrap();
            if t.to_move() != 0 {
                return;
            }
        }
        assert_eq!(t.throw(0).unwrap_err().code, WsErrorCode::MustMove);
        let bad = MoveRequest {
            value: 99,
            from: 0,
            count: 1,
            to: None,
            capture: None,
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
        // Throw and move until seat 0 has moved once.
        loop {
            let moving = !t.must_throw() && t.to_move() == 0;
            step(&mut t);
            if moving {
                break;
            }
        }
        let pos_before: Vec<_> = t
            .line
            .iter()
            .rev()
            .find(|m| m.starts_moving && m.seat == 0)
            .map(|m| m.position)
            .into_iter()
            .collect();
        let events = t.undo(0).unwrap();
        assert!(matches!(events[0].body, EventBody::Undo { seat: 0, .. }));
        assert_eq!(Some(*t.position()), pos_before.first().copied());
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
        while !(t.to_move() == 1
            && t.record.turns.last().is_some_and(|turn| turn.player == 1)
            && t.line.iter().any(|m| m.is_move && m.seat == 0))
        {
            step(&mut t);
        }
        let seen = t.drawn;
        let mut throws = SeededThrows::new(seed);
        let cowries = |rng: &mut SeededThrows| rng.throw_cowries(4, 0.5).mouths_up();
        let drawn: Vec<u8> = (0..seen + 20).map(|_| cowries(&mut throws)).collect();
        t.undo(0).unwrap();
        let turns = t.record.turns.len();
        while t.record.turns.len() == turns {
            step(&mut t);
        }
        // The next throw is the seed's next one, not one of those already seen.
        let turn = t.record.turns.last().unwrap().clone();
        assert!(turn.skipped > 0);
        let next = (t.drawn - turn.throws.len() as u64) as usize;
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
            let undo = !t.must_throw()
                && t.to_move() == 0
                && t.line.iter().any(|m| m.is_move && m.seat == 0)
                && events.len() % 7 == 0;
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
        let mut e = serde_json::to_value(&t.throw(0).unwrap()[0]).unwrap();
        let flipped: Vec<bool> = e["cowries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| !b.as_bool().unwrap())
            .collect();
        e["cowries"] = serde_json::json!(flipped);
        assert!(table(4).replay(&e).is_err());
    }
}
