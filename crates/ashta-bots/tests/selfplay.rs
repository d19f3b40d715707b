//! The one self-play set-up: every bot at the table sees every decision of the game.

use std::sync::{Arc, Mutex};

use ashta_bots::GreedyBot;
use ashta_engine::{DrawReason, Game, Position, Rules, SeededThrows, Variant};
use ashta_session::{play_game, Bot, Candidate, Session, Step};

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
