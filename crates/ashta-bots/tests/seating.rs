//! The session layer: one game driven the same way for every front end.

use ashta_bots::BotMaker;
use std::sync::{Arc, Mutex};

use ashta_bots::seating::{parse_list, DEFAULT_BOT};
use ashta_bots::GreedyBot;
use ashta_engine::{Game, MoveList, Phase, Play, Position, Rules, ThrowFrom, Variant};
use ashta_session::{Bot, Candidate, Decided};
use ashta_session::{Next, SeatKind, Session, SessionError, Step};

fn rules(players: u8) -> Rules {
    let mut rules = Rules::standard();
    rules.players = players;
    rules
}

fn session(seats: &str, seed: u64) -> Session {
    let seats = parse_list(seats).unwrap();
    let game = Game::new(rules(seats.len() as u8), seed).unwrap();
    ashta_bots::seating::seat(&BotMaker::default(), game, seats, seed, None).unwrap()
}

/// Greedy, counting the decisions it is shown.
struct Watcher {
    greedy: GreedyBot,
    seen: Arc<Mutex<Vec<(Position, Position)>>>,
}

impl Bot for Watcher {
    fn name(&self) -> String {
        "greedy".into()
    }
    fn analyse(&mut self, v: &Variant, pos: &Position) -> Vec<Candidate> {
        self.greedy.analyse(v, pos)
    }
    fn observe(&mut self, _: &Variant, before: &Position, after: &Position) {
        self.seen.lock().unwrap().push((*before, *after));
    }
}

/// Steps the game on until a person is to move; then plays the person's first legal
/// moves to the end of the bag.
fn person_plays_first_moves(s: &mut Session) {
    loop {
        match s.step().unwrap() {
            Step::Human { .. } => break,
            Step::Over => return,
            _ => {}
        }
    }
    let mut moves = MoveList::new();
    while s.next() == Next::Human {
        s.variant().legal_moves(s.position(), &mut moves);
        s.play(1, |checker, _| checker.check_move(moves[0]))
            .map_err(|(_, e)| e)
            .unwrap();
    }
}

#[test]
fn a_game_between_bots_plays_out_the_same_for_the_same_seed_and_its_record_replays() {
    let mut a = session("random,greedy,bot:beginner", 21);
    let mut b = session("random,greedy,bot:beginner", 21);
    let outcome = a.play_out().unwrap();
    assert_eq!(b.play_out().unwrap(), outcome);
    assert_eq!(a.game().record(), b.game().record());
    assert!(a.position().is_over());
    let replayed = Game::replay(a.game().record()).expect("the record replays");
    assert_eq!(replayed.position(), a.position());
}

#[test]
fn every_bot_at_the_table_sees_a_persons_decisions_too() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let game = Game::new(rules(2), 5).unwrap();
    let watcher: Box<dyn Bot> = Box::new(Watcher {
        greedy: GreedyBot::new(1, 0.0),
        seen: seen.clone(),
    });
    let seats = vec![SeatKind::Human, SeatKind::Bot("greedy".into())];
    let mut s = Session::from_parts(game, seats, vec![None, Some(watcher)], 5, None).unwrap();
    let mut persons = 0;
    for _ in 0..6 {
        let start = *s.position();
        person_plays_first_moves(&mut s);
        if start.to_move() == 0 && start.bag_len() > 0 {
            persons += 1;
        }
    }
    let seen = seen.lock().unwrap();
    let by_person = seen.iter().filter(|(b, _)| b.to_move() == 0).count();
    let by_bot = seen.iter().filter(|(b, _)| b.to_move() == 1).count();
    assert!(
        by_person >= 3 && by_bot >= 3,
        "{by_person} {by_bot} {persons}"
    );
    // Each decision is shown once, from its bag to the position after it.
    for (before, after) in seen.iter() {
        assert!(before.bag_len() > 0);
        assert!(after.phase() == ashta_engine::Phase::Throwing || after.is_over());
    }
}

#[test]
fn undo_goes_back_to_the_persons_bag_and_the_next_throws_are_new_ones() {
    let mut s = session("human,greedy", 9);
    person_plays_first_moves(&mut s);
    let (turn, seat) = s.undo_target(None).expect("the person moved");
    assert_eq!(seat, 0);
    let bag_turn = s.game().record().turns[turn].clone();
    // Play on a while: the bot's turns and the person's next throws are seen.
    person_plays_first_moves(&mut s);
    let seen_turns = s.game().record().turns.len();
    let drawn = s.game().drawn();
    while s.undo_target(None).map(|(t, _)| t) != Some(turn) {
        s.undo(None).unwrap();
    }
    assert_eq!(s.undo(None).unwrap(), 0);
    assert_eq!(s.game().record().turns.len(), turn + 1);
    assert_eq!(s.game().record().turns[turn].throws, bag_turn.throws);
    assert!(s.game().record().turns[turn].moves.is_empty());
    assert_eq!(s.next(), Next::Human);
    assert!(seen_turns > turn + 1);
    // The person moves again; the next throw is not one shown before the undo.
    let mut moves = MoveList::new();
    while s.next() == Next::Human {
        s.variant().legal_moves(s.position(), &mut moves);
        s.play(1, |checker, _| checker.check_move(moves[0]))
            .map_err(|(_, e)| e)
            .unwrap();
    }
    s.step().unwrap();
    let next = s.game().record().turns.last().unwrap();
    assert!(next.skipped > 0);
    assert_eq!(u64::from(next.skipped), drawn - drawn_through(&s, turn));
    assert!(s.game().drawn() > drawn, "the next throw is a new draw");
    Game::replay(s.game().record()).expect("the record still verifies from the seed");
    assert!(matches!(
        session("greedy,greedy", 1).undo(None),
        Err(SessionError::NothingToUndo(_))
    ));
}

/// Throws drawn up to the end of turn `turn`'s throws, skipped ones included.
fn drawn_through(s: &Session, turn: usize) -> u64 {
    s.game().record().turns[..=turn]
        .iter()
        .map(|t| u64::from(t.skipped) + t.throws.len() as u64)
        .sum()
}

#[test]
fn a_saved_game_loads_with_its_seats_and_undoes_past_the_load() {
    let mut s = session("human,bot:greedy", 11);
    person_plays_first_moves(&mut s);
    person_plays_first_moves(&mut s);
    let text = s.save();
    let mut back = ashta_bots::seating::load(&BotMaker::default(), &text, None, None, 0).unwrap();
    assert_eq!(back.seats(), s.seats());
    assert_eq!(back.position(), s.position());
    assert_eq!(back.game().record(), s.game().record());
    assert_eq!(back.undo_target(None), s.undo_target(None));
    assert_eq!(back.undo(None).unwrap(), 0);
    // A bare record gets the default seats.
    let bare =
        ashta_bots::seating::load(&BotMaker::default(), &s.game().save(), None, None, 0).unwrap();
    assert_eq!(
        bare.seats(),
        [SeatKind::Human, SeatKind::Bot(DEFAULT_BOT.into())]
    );
}

#[test]
fn loading_garbage_says_what_is_wrong() {
    let err = |text: &str| {
        ashta_bots::seating::load(&BotMaker::default(), text, None, None, 0)
            .unwrap_err()
            .to_string()
    };
    assert!(err("hello").contains("not JSON"));
    assert!(err("{\"a\": 1}").contains("neither a saved game"));
    assert!(
        err(r#"{"format": "ashta-save/1", "seats": ["robot"], "record": {}}"#)
            .contains("malformed saved game")
    );
}

#[test]
fn a_bots_play_that_breaks_the_rules_is_refused_and_nothing_is_played() {
    let mut s = session("greedy,greedy", 3);
    while s.next() != Next::Bot {
        s.step().unwrap();
    }
    let seat = s.position().to_move();
    let before = *s.position();
    let empty = Play {
        moves: Default::default(),
        position: before,
    };
    let err = s
        .play_bot(seat, Decided::Play(&empty))
        .unwrap_err()
        .to_string();
    assert!(err.contains(&format!("seat {seat}")), "{err}");
    let decided = s.decide().unwrap();
    let wrong_seat = s.play_bot(1 - seat, Decided::Play(&decided)).unwrap_err();
    assert!(wrong_seat.to_string().contains("not this seat's bag"));
    let mut play = s.decide().unwrap();
    play.position = s.variant().start_position();
    let err = s
        .play_bot(seat, Decided::Play(&play))
        .unwrap_err()
        .to_string();
    assert!(err.contains("position it promised"), "{err}");
    assert_eq!(*s.position(), before);
}

#[test]
fn a_bot_lent_to_another_thread_plays_its_decision_when_it_comes_back() {
    let mut s = session("greedy,greedy", 8);
    while s.next() != Next::Bot {
        s.step().unwrap();
    }
    let seat = s.position().to_move();
    let mut bot = s.lend_bot(seat).expect("the seat has a bot");
    assert!(matches!(s.decide(), Err(SessionError::NoBot(_))));
    let (variant, pos) = (s.variant().clone(), *s.position());
    let play = std::thread::spawn(move || {
        let play = bot.choose(&variant, &pos).unwrap();
        (bot, play)
    });
    let (bot, play) = play.join().unwrap();
    s.return_bot(seat, bot);
    s.play_bot(seat, Decided::Play(&play)).unwrap();
    assert_eq!(*s.position(), play.position);
}

#[test]
fn throwing_once_at_a_time_and_the_turn_cap() {
    let mut s = session("random,random", 4);
    let mut throws = 0;
    while s.next() == Next::Throw {
        s.throw(ThrowFrom::Own).unwrap();
        throws += 1;
    }
    assert_eq!(s.game().record().turns[0].throws.len(), throws);
    s.set_turn_cap(Some(5));
    assert_eq!(s.play_out().unwrap().turns, 5);
    assert_eq!(
        s.position().draw(),
        Some(ashta_engine::DrawReason::TurnLimit)
    );
    assert_eq!(s.game().phase(), Phase::Over);
}

#[test]
fn wrong_seats_are_refused_before_the_game() {
    let game = Game::new(rules(3), 1).unwrap();
    let err = ashta_bots::seating::seat(
        &BotMaker::default(),
        game.clone(),
        parse_list("human,greedy").unwrap(),
        1,
        None,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("2 seats for a game of 3 players"), "{err}");
    let seats = parse_list("human,greedy,bot:mcts:speed=9").unwrap();
    let err = ashta_bots::seating::seat(&BotMaker::default(), game, seats, 1, None)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("seat 2") && err.contains("bad option"),
        "{err}"
    );
}
