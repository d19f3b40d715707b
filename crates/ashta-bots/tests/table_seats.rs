//! A session at the table (RULES.md 8.10): people enter the throws of real cowries,
//! bots throw for themselves, a throw entered by mistake is taken back before a move.

use ashta_bots::seating::parse_list;
use ashta_bots::BotMaker;
use ashta_engine::{Game, MoveList, Phase, Rules, ThrowFrom};
use ashta_session::{Next, Session, SessionError, Step};

fn table_session(seats: &str, seed: u64) -> Session {
    let seats = parse_list(seats).unwrap();
    let mut rules = Rules::standard();
    rules.players = seats.len() as u8;
    let game = Game::at_table(rules).unwrap();
    ashta_bots::seating::seat(&BotMaker::default(), game, seats, seed, None).unwrap()
}

fn first_move(s: &mut Session) {
    let mut moves = MoveList::new();
    s.variant().legal_moves(s.position(), &mut moves);
    s.play(1, |checker, _| checker.check_move(moves[0]))
        .map_err(|(_, e)| e)
        .unwrap();
}

#[test]
fn a_person_enters_the_throw_and_a_bot_seat_throws_for_itself() {
    let mut s = table_session("human,bot:greedy", 3);
    assert_eq!(s.next(), Next::Enter);
    assert_eq!(s.step().unwrap(), Step::Human { seat: 0 });
    assert_eq!(
        s.throw(ThrowFrom::Entered(2)).unwrap().step,
        ashta_engine::ThrowStep::Moving
    );
    assert_eq!(s.next(), Next::Human);
    first_move(&mut s);
    assert_eq!(s.next(), Next::Throw, "the bot's seat throws by itself");
    assert!(matches!(s.step().unwrap(), Step::Threw { seat: 1, .. }));
}

#[test]
fn a_table_game_of_a_person_and_a_bot_plays_to_its_end_and_its_record_replays() {
    let mut s = table_session("human,bot:greedy", 5);
    let mut entered = 0u32;
    while s.next() != Next::Over {
        match s.next() {
            Next::Enter => {
                // Values in a fixed cycle, graces among them.
                s.throw(ThrowFrom::Entered(
                    [2, 3, 1, 4, 2, 0, 3][(entered % 7) as usize],
                ))
                .unwrap();
                entered += 1;
            }
            Next::Human => first_move(&mut s),
            _ => {
                s.step().unwrap();
            }
        }
        assert!(s.game().turns() < 3000, "the game ends");
    }
    let record = s.game().record();
    assert!(record.table && record.seed.is_none());
    let replayed = Game::replay(record).unwrap();
    assert_eq!(replayed.position(), s.position());
    assert!(entered > 10);
}

#[test]
fn a_mistaken_throw_is_taken_back_before_a_move_and_not_after() {
    let mut s = table_session("human,human", 1);
    s.throw(ThrowFrom::Entered(4)).unwrap();
    s.throw(ThrowFrom::Entered(3)).unwrap();
    assert_eq!(s.next(), Next::Human);
    assert_eq!(s.take_back_throw().unwrap(), 3);
    assert_eq!(s.next(), Next::Enter, "the grace's phase goes on");
    s.throw(ThrowFrom::Entered(1)).unwrap();
    first_move(&mut s);
    first_move(&mut s);
    assert_eq!(s.game().position().to_move(), 1);
    assert!(matches!(
        s.take_back_throw(),
        Err(SessionError::TakeBack(_))
    ));
}

#[test]
fn a_bot_s_throw_is_not_taken_back() {
    let mut s = table_session("human,bot:greedy", 2);
    s.throw(ThrowFrom::Entered(2)).unwrap();
    first_move(&mut s);
    // The bot throws; before it plays, its throw is the last one.
    while s.game().position().to_move() == 1 && s.next() == Next::Throw {
        s.step().unwrap();
    }
    assert_eq!(
        (s.game().phase(), s.position().to_move()),
        (Phase::Moving, 1)
    );
    assert!(matches!(
        s.take_back_throw(),
        Err(SessionError::BotThrow(1))
    ));
}

#[test]
fn undo_at_the_table_takes_back_the_person_s_last_moves() {
    let mut s = table_session("human,bot:greedy", 4);
    s.throw(ThrowFrom::Entered(2)).unwrap();
    let bag = *s.position();
    first_move(&mut s);
    while !matches!(s.next(), Next::Enter | Next::Over) {
        s.step().unwrap();
    }
    assert_eq!(s.undo(None).unwrap(), 0);
    assert_eq!(*s.position(), bag);
    assert!(s.game().record().table);
}
