//! Playing whole games between bots, on a [`Session`].

use ashta_engine::{
    DrawReason, Game, Position, Record, Rules, SeededThrows, Variant, DEFAULT_SIM_TURN_LIMIT,
};

use crate::session::{Session, SessionError, Step};
use crate::Bot;

/// How a game between bots ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner (a seat), if any.
    pub winner: Option<usize>,
    /// Why the game was drawn, if it was.
    pub draw: Option<DrawReason>,
    /// Throwing phases played.
    pub turns: u32,
}

/// A bot that could not play its turn: it failed (see [`Bot::try_choose`]), gave no
/// play for a bag, or made an illegal one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {seat} ({bot}): {reason}")]
pub struct BotFailure {
    /// The seat.
    pub seat: usize,
    /// The bot's name.
    pub bot: String,
    /// What went wrong.
    pub reason: String,
}

/// Follows a game played a move at a time and says when a bag has been played out, so
/// a front end can show its bots whole decisions ([`Bot::observe`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct BagWatch {
    /// Where the bag being played started, once a move of it was played.
    start: Option<Position>,
}

impl BagWatch {
    /// A move of the bag led from `before` to `after`: the position where the bag
    /// started once `after` ends it (the turn passed or the game ended), else `None`.
    pub fn moved(&mut self, before: &Position, after: &Position) -> Option<Position> {
        let start = *self.start.get_or_insert(*before);
        if after.must_throw() || after.is_over() {
            self.start = None;
            Some(start)
        } else {
            None
        }
    }

    /// Forgets the bag being played (another position was set up, or moves were
    /// taken back).
    pub fn reset(&mut self) {
        self.start = None;
    }
}

/// Plays one game: seat `p` is played by `bots[p]`, throws come from `throws`. The
/// rules' turn limit applies, or [`DEFAULT_SIM_TURN_LIMIT`] when they set none.
///
/// # Panics
/// When a bot fails to play (see [`try_play_game`]): the built-in bots never do.
pub fn play_game(variant: &Variant, bots: Vec<Box<dyn Bot>>, throws: SeededThrows) -> Outcome {
    try_play_game(variant, bots, throws).unwrap_or_else(|e| panic!("{e}"))
}

/// [`play_game`], but a bot that fails (an external engine that died or answered an
/// illegal play), gives no play, or plays an illegal one ends the game with the error.
pub fn try_play_game(
    variant: &Variant,
    bots: Vec<Box<dyn Bot>>,
    throws: SeededThrows,
) -> Result<Outcome, BotFailure> {
    assert_eq!(bots.len(), variant.players(), "one bot per seat");
    let mut game = Game::from_position(variant.clone(), variant.start_position(), None);
    game.set_throws(throws);
    let mut session = Session::with_bots(game, bots).expect("one bot per seat");
    if variant.rules().turn_limit.is_none() {
        session.set_turn_cap(Some(DEFAULT_SIM_TURN_LIMIT as usize));
    }
    session.play_out().map_err(|e| match e {
        SessionError::Bot(failure) => failure,
        other => unreachable!("a game between bots stopped: {other}"),
    })
}

/// Plays a recorded game under `rules` with throws from `seed` (the record's seed):
/// seat `p` is played by `bots[p]`, and play stops after `max_turns` throwing phases if
/// the game has not ended. For reviewing bot games with the analysis.
///
/// # Panics
/// When a bot gives no legal play (the built-in bots never do) or the rules are
/// refused.
pub fn record_game(rules: Rules, bots: Vec<Box<dyn Bot>>, seed: u64, max_turns: usize) -> Record {
    let game = Game::new(rules, seed).expect("valid rules");
    let mut session = Session::with_bots(game, bots).expect("one bot per seat");
    while session.game().turns() < max_turns {
        if session.step().expect("bots play legal moves") == Step::Over {
            break;
        }
    }
    session.game().record().clone()
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;
    use crate::{Candidate, GreedyBot};
    use ashta_engine::Position;

    /// Greedy, noting every decision it is shown.
    struct Watcher {
        greedy: GreedyBot,
        seen: Arc<Mutex<Vec<(Position, Position)>>>,
    }

    impl Bot for Watcher {
        fn name(&self) -> String {
            "watcher".into()
        }
        fn analyse(&mut self, v: &Variant, pos: &Position) -> Vec<Candidate> {
            self.greedy.analyse(v, pos)
        }
        fn observe(&mut self, _: &Variant, before: &Position, after: &Position) {
            self.seen.lock().unwrap().push((*before, *after));
        }
    }

    #[test]
    fn a_bag_watch_gives_the_start_of_a_bag_once_it_is_played_out() {
        let mut rules = Rules::standard();
        rules.players = 2;
        let v = Variant::new(rules).unwrap();
        // South holds an 8 and a 3: two moves, the turn passes after the second.
        let mut start = v.start_position();
        v.apply_throws(&mut start, &[0, 3]).unwrap();
        let mut moves = ashta_engine::MoveList::new();
        v.legal_moves(&start, &mut moves);
        let mut half = start;
        v.play(&mut half, moves[0]).unwrap();
        v.legal_moves(&half, &mut moves);
        let mut end = half;
        v.play(&mut end, moves[0]).unwrap();
        assert!(!half.must_throw() && end.must_throw());
        let mut watch = BagWatch::default();
        assert_eq!(watch.moved(&start, &half), None);
        assert_eq!(watch.moved(&half, &end), Some(start));
        // The next bag starts afresh, and so does one after a reset.
        assert_eq!(watch.moved(&half, &end), Some(half));
        assert_eq!(watch.moved(&start, &half), None);
        watch.reset();
        assert_eq!(watch.moved(&half, &end), Some(half));
    }

    #[test]
    fn every_bot_sees_every_decision_of_the_game() {
        let mut rules = Rules::standard();
        rules.players = 2;
        let v = Variant::new(rules).unwrap();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let bots: Vec<Box<dyn Bot>> = vec![
            Box::new(GreedyBot::new(1, 0.0)),
            Box::new(Watcher {
                greedy: GreedyBot::new(2, 0.0),
                seen: seen.clone(),
            }),
        ];
        let outcome = play_game(&v, bots, SeededThrows::new(4));
        assert_ne!(outcome.draw, Some(DrawReason::TurnLimit));
        // The same game again, stepped without watchers: every decision of both
        // seats, in order, each from a position with a bag to the position after it.
        let greedy: Vec<Box<dyn Bot>> = vec![
            Box::new(GreedyBot::new(1, 0.0)),
            Box::new(GreedyBot::new(2, 0.0)),
        ];
        let mut game = Game::from_position(v.clone(), v.start_position(), None);
        game.set_throws(SeededThrows::new(4));
        let mut session = Session::with_bots(game, greedy).unwrap();
        let mut expected = Vec::new();
        loop {
            let before = *session.position();
            match session.step().unwrap() {
                Step::Played { .. } => expected.push((before, *session.position())),
                Step::Over => break,
                _ => {}
            }
        }
        let seats = [0, 1].map(|s| expected.iter().filter(|(b, _)| b.to_move() == s).count());
        assert!(seats[0] > 10 && seats[1] > 10, "{seats:?}");
        assert_eq!(*seen.lock().unwrap(), expected);
    }
}
