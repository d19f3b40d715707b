//! A game's end outside the moves that a seat or the table itself asks for: a player
//! resigns (RULES.md 8.7), or the table aborts a game nobody has moved in (RULES.md 8.8).
//! Whoever holds the table decides when a game is aborted; the table writes both into
//! the game, its record and its events.

use ashta_session::SeatKind;

use super::{internal, Table};
use crate::protocol::{Event, EventBody, WsError, WsErrorCode};

/// The draw reason of a game aborted before any move ([`Table::abort`]).
pub const ABORTED: &str = "aborted";

fn cannot_resign(message: impl Into<String>) -> WsError {
    WsError::new(WsErrorCode::CannotResign, message)
}

impl Table {
    /// `seat` resigns (RULES.md 8.7): a `resign` event, and the game goes on with a bot
    /// playing the seat's pawns, its place below every player who has not resigned;
    /// when no person who has not resigned is left in the game (or only one player
    /// who has not resigned is), it ends at once, with a `finished` event. Refused once
    /// the game is over, for a bot's seat, a seat that is home or resigned already.
    pub fn resign(&mut self, seat: usize) -> Result<Vec<Event>, WsError> {
        if self.is_over() {
            return Err(WsError::new(WsErrorCode::GameOver, "the game is over"));
        }
        match self.session.seats().get(seat) {
            None => return Err(cannot_resign(format!("there is no seat {seat}"))),
            Some(SeatKind::Bot(_) | SeatKind::Random) => {
                return Err(cannot_resign("a bot's seat does not resign"))
            }
            Some(_) => {}
        }
        if self.position().has_finished(seat) {
            return Err(cannot_resign(
                "every pawn of yours is home: your place is yours",
            ));
        }
        self.session
            .resign(seat)
            .map_err(|e| cannot_resign(e.to_string()))?;
        let mut out = vec![self.event(EventBody::Resign { seat: seat as u8 })];
        if self.ends_on_resignation() {
            self.session.end_by_resignation().map_err(internal)?;
        }
        self.finish_if_over(&mut out);
        Ok(out)
    }

    /// Whether `seat` has resigned.
    pub fn has_resigned(&self, seat: usize) -> bool {
        self.session.game().resigned().contains(&(seat as u8))
    }

    /// The seats that resigned, in the order they did.
    pub fn resigned(&self) -> &[u8] {
        self.session.game().resigned()
    }

    /// Whether the resignations leave the game nobody to play it for: at most one
    /// player still in it who has not resigned, or no person among them.
    fn ends_on_resignation(&self) -> bool {
        let pos = self.position();
        let left: Vec<usize> = (0..self.variant().players())
            .filter(|&p| !pos.has_finished(p) && !self.has_resigned(p))
            .collect();
        left.len() <= 1
            || !left
                .iter()
                .any(|&p| matches!(self.session.seats()[p], SeatKind::Human))
    }

    /// Whether the game may still be aborted: it is playing and no move has been made
    /// (throws alone do not count).
    pub fn may_abort(&self) -> bool {
        self.session.game().may_abort()
    }

    /// Aborts a game nobody has moved in (RULES.md 8.8): it ends as a draw declared at
    /// the table, its `finished` event carrying the draw reason [`ABORTED`], and the
    /// record says `"aborted": true`. Refused once the game is over or a move was made.
    pub fn abort(&mut self) -> Result<Vec<Event>, WsError> {
        if self.is_over() {
            return Err(WsError::new(WsErrorCode::GameOver, "the game is over"));
        }
        self.session.abort().map_err(internal)?;
        self.ended_by = Some(ABORTED);
        let mut out = Vec::new();
        self.finish_if_over(&mut out);
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::tests::step;
    use ashta_bots::GreedyBot;
    use ashta_engine::{Game, Rules};
    use ashta_session::Bot;

    fn people(players: u8, seed: u64) -> Table {
        let mut rules = Rules::standard();
        rules.players = players;
        Table::new(
            rules,
            seed,
            "00".into(),
            (0..players).map(|_| None).collect(),
        )
        .unwrap()
    }

    /// Steps until someone has moved, so the game is under way.
    fn until_a_move(t: &mut Table) -> Vec<Event> {
        let mut events = Vec::new();
        while t.may_abort() {
            events.extend(step(t));
        }
        events
    }

    /// The events as JSON, replayed into a new table of the same game: it must end
    /// in the same place with the same result.
    fn replays_the_same(t: &Table, events: &[Event], fresh: Table) {
        let mut again = fresh;
        for e in events {
            again.replay(&serde_json::to_value(e).unwrap()).unwrap();
        }
        assert_eq!(again.version(), t.version());
        assert_eq!(again.result(), t.result());
        assert_eq!(again.record(), t.record());
    }

    #[test]
    fn a_resignation_in_a_two_player_game_ends_it_and_the_opponent_wins() {
        let mut t = people(2, 5);
        let mut events = until_a_move(&mut t);
        let made = t.resign(0).unwrap();
        assert!(matches!(made[0].body, EventBody::Resign { seat: 0 }));
        assert!(matches!(made[1].body, EventBody::Finished { .. }));
        events.extend(made);
        let result = t.result().expect("the game is over");
        assert_eq!(result.winner, Some(1));
        assert_eq!(result.places, vec![1, 0]);
        assert_eq!(result.draw, None);
        let record = t.record();
        assert_eq!(record.resigned, vec![0]);
        let replayed = Game::replay(&record).expect("the record of a resignation replays");
        assert_eq!(replayed.record().result, record.result);
        replays_the_same(&t, &events, people(2, 5));
    }

    #[test]
    fn with_three_players_the_game_goes_on_and_the_resigner_is_placed_last() {
        let mut t = people(3, 8);
        let mut events = until_a_move(&mut t);
        let made = t.resign(1).unwrap();
        assert_eq!(made.len(), 1, "two people still play: the game goes on");
        events.extend(made);
        assert!(t.has_resigned(1));
        // The board's rules are unchanged: the resigner's pawns still move on its turns.
        while !t.is_over() {
            events.extend(step(&mut t));
        }
        let result = t.result().unwrap();
        assert_eq!(result.places.len(), 3);
        assert_eq!(result.places.last(), Some(&1));
        assert_ne!(result.winner, Some(1));
        let record = t.record();
        Game::replay(&record).expect("the record replays with its resignation");
        replays_the_same(&t, &events, people(3, 8));
    }

    #[test]
    fn of_two_resigners_the_later_is_placed_above_the_earlier() {
        let mut t = people(4, 2);
        let mut events = until_a_move(&mut t);
        events.extend(t.resign(0).unwrap());
        events.extend(t.resign(2).unwrap());
        assert!(!t.is_over());
        let last = t.resign(1).unwrap();
        assert!(
            matches!(last.last().unwrap().body, EventBody::Finished { .. }),
            "one player who has not resigned is left: the game ends"
        );
        events.extend(last);
        assert_eq!(t.result().unwrap().places, vec![3, 1, 2, 0]);
        assert_eq!(t.record().resigned, vec![0, 2, 1]);
        Game::replay(&t.record()).expect("the record replays");
        replays_the_same(&t, &events, people(4, 2));
    }

    #[test]
    fn a_person_alone_against_bots_who_resigns_ends_the_game_with_the_bots_by_progress() {
        let mut rules = Rules::standard();
        rules.players = 3;
        let bots = |_: ()| -> Vec<Option<Box<dyn Bot>>> {
            vec![
                None,
                Some(Box::new(GreedyBot::new(1, 0.0))),
                Some(Box::new(GreedyBot::new(2, 0.0))),
            ]
        };
        let mut t = Table::new(rules.clone(), 13, "00".into(), bots(())).unwrap();
        for _ in 0..60 {
            step(&mut t);
        }
        let made = t.resign(0).unwrap();
        assert!(
            t.is_over(),
            "nobody who has not resigned is left to play for"
        );
        let places = t.result().unwrap().places;
        assert_eq!(places.len(), 3);
        assert_eq!(places[2], 0);
        // The bot that has come further is placed first.
        let pos = t.position();
        let progress = |p: usize| -> u32 {
            pos.pawn_indices(p, 4)
                .iter()
                .map(|&i| {
                    if i == ashta_engine::OFF {
                        0
                    } else {
                        u32::from(i) + 1
                    }
                })
                .sum()
        };
        assert!(progress(places[0] as usize) >= progress(places[1] as usize));
        assert_eq!(made.len(), 2);
        Game::replay(&t.record()).expect("the record replays");
    }

    #[test]
    fn a_resignation_is_refused_for_a_bot_twice_and_once_over() {
        let mut rules = Rules::standard();
        rules.players = 3;
        let seats: Vec<Option<Box<dyn Bot>>> =
            vec![None, None, Some(Box::new(GreedyBot::new(2, 0.0)))];
        let mut t = Table::new(rules, 3, "00".into(), seats).unwrap();
        let code = |r: Result<Vec<Event>, WsError>| r.unwrap_err().code;
        assert_eq!(code(t.resign(2)), WsErrorCode::CannotResign);
        assert_eq!(code(t.resign(7)), WsErrorCode::CannotResign);
        let version = t.version();
        t.resign(1).unwrap();
        assert_eq!(t.version(), version + 1);
        assert_eq!(code(t.resign(1)), WsErrorCode::CannotResign);
        t.resign(0).unwrap();
        assert!(t.is_over());
        assert_eq!(code(t.resign(0)), WsErrorCode::GameOver);
    }

    #[test]
    fn a_game_with_throws_and_no_move_is_aborted_and_replays() {
        let mut t = people(2, 4);
        let mut events = Vec::new();
        while t.must_throw() {
            events.extend(t.throw(t.to_move()).unwrap());
        }
        assert!(t.may_abort(), "throws alone do not make a game under way");
        let made = t.abort().unwrap();
        let EventBody::Finished { result, .. } = &made[0].body else {
            panic!("the abort ends the game");
        };
        assert_eq!(result.draw.as_deref(), Some(ABORTED));
        assert_eq!(result.winner, None);
        events.extend(made);
        let record = t.record();
        assert!(record.aborted);
        Game::replay(&record).expect("an aborted record replays");
        replays_the_same(&t, &events, people(2, 4));
    }

    #[test]
    fn a_game_with_a_move_is_not_aborted() {
        let mut t = people(2, 4);
        until_a_move(&mut t);
        assert!(!t.may_abort());
        assert!(t.abort().is_err());
        assert!(!t.is_over());
        // Nor is its record, forged to say it was.
        let mut record = t.record();
        record.aborted = true;
        assert!(Game::replay(&record).is_err());
    }
}
