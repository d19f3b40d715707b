//! Positions checked against their variant, the phase of a turn, and the turn-level
//! mutators refusing to act in the wrong phase.

mod common;

use ashta_engine::{
    Move, MoveError, Phase, PositionError, Rules, ThrowError, ThrowStep, TurnError, Variant,
    VariantMismatch,
};
use common::*;

fn seven_by_seven() -> Variant {
    let mut rules = Rules::standard();
    rules.size = 7;
    rules.pawns = Some(4);
    rules.players = 2;
    Variant::new(rules).unwrap()
}

// ------------------------------------------------------------------ foreign positions

#[test]
fn position_of_another_board_size_is_refused() {
    // South's pawns stand off the start on 5×5; on 7×7 those path indices are other
    // squares, so the occupancy the position carries does not fit.
    let (five, p) = pos("standard 5 2 0 3 0,0,3,5/0,0,0,2 - - 0");
    assert_eq!(five.check_position(&p), Ok(()));
    let seven = seven_by_seven();
    assert_eq!(
        seven.check_position(&p),
        Err(PositionError::OtherVariant(VariantMismatch::Board))
    );
    assert_eq!(
        seven.find_move(&p, 3, Some(0), 1),
        Err(MoveError::OtherVariant(VariantMismatch::Board))
    );
    let mut q = p;
    let m = mv(&five, &p, 3, Some(0), 1);
    assert_eq!(
        seven.play(&mut q, m),
        Err(MoveError::OtherVariant(VariantMismatch::Board))
    );
    assert_eq!(q, p);
    // The message says what is wrong.
    let text = seven.check_position(&p).unwrap_err().to_string();
    assert!(text.starts_with("position of another variant"), "{text}");
}

#[test]
fn position_of_equal_rules_is_accepted_and_of_other_rules_that_fit_too() {
    // Two variants compiled from the same rules share the tag their positions carry;
    // a variant whose rules differ only in a flag the position cannot show checks the
    // position in full and, as it fits, plays it.
    let (five, p) = pos("standard 5 2 0 3 0,0,3,5/0,0,0,2 - - 0");
    let again = Variant::new(five.rules().clone()).unwrap();
    assert_eq!(again.check_position(&p), Ok(()));
    let mut rules = five.rules().clone();
    rules.capture_bonus = !rules.capture_bonus;
    let other = Variant::new(rules).unwrap();
    assert_eq!(other.check_position(&p), Ok(()));
    let (mut a, mut b) = (p, p);
    five.play(&mut a, mv(&five, &p, 3, Some(0), 1)).unwrap();
    other.play(&mut b, mv(&other, &p, 3, Some(0), 1)).unwrap();
    assert_eq!(a, b);
}

#[test]
fn position_with_more_players_or_pawns_is_refused() {
    let (four, p4) = pos("standard 5 4 3 - 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0");
    let (two, p2) = pos("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    assert_eq!(
        two.check_position(&p4),
        Err(PositionError::OtherVariant(VariantMismatch::ToMove {
            to_move: 3,
            players: 2
        }))
    );
    let (_, p4_south) = pos("standard 5 4 0 - 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0");
    assert_eq!(
        two.check_position(&p4_south),
        Err(PositionError::OtherVariant(VariantMismatch::ExtraPlayer {
            player: 2,
            players: 2
        }))
    );
    // A two-player position fits the four-player board's first two seats only if
    // the other seats are empty: they are not in a four-player game.
    assert_eq!(four.check_position(&p4), Ok(()));
    let mut rules = Rules::standard();
    rules.pawns = Some(3);
    let three_pawns = Variant::new(rules).unwrap();
    assert_eq!(
        three_pawns.check_position(&p2),
        Err(PositionError::OtherVariant(VariantMismatch::ExtraPawns {
            player: 0,
            pawns: 3
        }))
    );
    let mut t = p2;
    assert_eq!(
        three_pawns.throw(
            &mut t,
            ashta_engine::PhaseFrom::Source(&mut ashta_engine::SeededThrows::new(1))
        ),
        Err(ThrowError::OtherVariant(VariantMismatch::ExtraPawns {
            player: 0,
            pawns: 3
        }))
    );
}

#[test]
fn position_with_pawns_off_the_board_is_refused_under_start_entry() {
    let (_, p) = pos("traditional 5 2 0 - -1,0,0,0/-1,-1,-1,-1 - - 0");
    let (standard, _) = pos("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    assert_eq!(
        standard.check_position(&p),
        Err(PositionError::OtherVariant(VariantMismatch::OffBoard(0)))
    );
}

// ------------------------------------------------------------------ phase

#[test]
fn phase_follows_the_turn() {
    let (v, p) = pos("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    assert_eq!(p.phase(), Phase::Throwing);
    let q = throws(&v, &p, &[3]);
    assert_eq!(q.phase(), Phase::Moving);
    let (_, won) = pos("standard 5 2 0 2 22,24,24,24/0,0,0,0 0 - 1");
    let over = play(&v, &won, 2, Some(22), 1);
    assert_eq!(over.phase(), Phase::Over);
}

#[test]
fn a_move_during_a_throwing_phase_is_refused() {
    // After a grace (4) the player throws again: the bag is not empty, yet the position
    // knows the phase is under way. It lists no moves and refuses one.
    let (v, p) = pos("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    let mut q = p;
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 4),
        Ok(ThrowStep::Again)
    );
    assert_eq!(q.phase(), Phase::Throwing);
    assert!(legal(&v, &q).is_empty());
    assert_eq!(v.find_move(&q, 4, Some(0), 1), Err(MoveError::MustThrow));
    let four = Move::new(4, Some(0), 4, 1, None);
    let before = q;
    assert_eq!(v.play(&mut q, four), Err(MoveError::MustThrow));
    assert_eq!(v.end_turn(&mut q), Err(TurnError::MustThrow));
    assert_eq!(q, before);
    // The phase ends with a plain value: now the player moves, the 4 included.
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 2),
        Ok(ThrowStep::Moving)
    );
    assert_eq!(q.phase(), Phase::Moving);
    assert!(v.play(&mut q, four).is_ok());
}

#[test]
fn a_throw_during_a_bag_is_refused() {
    // South threw a 4 (grace) then a 2 and spent the 2: a bag of graces alone is left,
    // to be moved, not thrown to.
    let (v, p) = pos("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    let mut q = p;
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 4),
        Ok(ThrowStep::Again)
    );
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 2),
        Ok(ThrowStep::Moving)
    );
    let two = v.find_move(&q, 2, Some(0), 1).unwrap();
    v.play(&mut q, two).unwrap();
    assert_eq!((v.bag(&q), q.phase()), (vec![4], Phase::Moving));
    let before = q;
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 1),
        Err(ThrowError::NotThrowing)
    );
    assert_eq!(q, before);
    // Notation does not record the phase: the same bag read from text reads Moving and
    // may still take a throw (a phase of graces under way), until a move settles it.
    let (v, r) = pos("standard 5 2 0 4 0,0,0,2/0,0,0,0 - - 0");
    assert_eq!(r.phase(), Phase::Moving);
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut r.clone(), 1),
        Ok(ThrowStep::Moving)
    );
    let mut moved = r;
    let four = v.find_move(&moved, 4, Some(0), 1).unwrap();
    let (_, mut once) = pos("standard 5 2 0 4,4 0,0,0,2/0,0,0,0 - - 0");
    v.play(&mut once, four).unwrap();
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut once, 1),
        Err(ThrowError::NotThrowing)
    );
    v.play(&mut moved, four).unwrap();
    assert_eq!(
        moved.phase(),
        Phase::Throwing,
        "the bag was spent: North throws"
    );
}

// ------------------------------------------------------------------ checked mutators

#[test]
fn throw_one_refuses_a_settled_bag_or_a_finished_game() {
    let (v, p) = pos("standard 5 2 0 3 0,0,0,0/0,0,0,0 - - 0");
    let mut q = p;
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 1),
        Err(ThrowError::NotThrowing)
    );
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 5),
        Err(ThrowError::TooManyMouths(5, 4))
    );
    assert_eq!(q, p);
    let (_, won) = pos("standard 5 2 0 2 22,24,24,24/0,0,0,0 0 - 1");
    let mut over = play(&v, &won, 2, Some(22), 1);
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut over, 1),
        Err(ThrowError::GameOver)
    );
}

#[test]
fn turn_ends_only_on_a_bag_nothing_can_use() {
    // Must throw first.
    let (v, p) = pos("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    let mut q = p;
    assert_eq!(v.end_turn(&mut q), Err(TurnError::MustThrow));
    // Must move if you can.
    let (v, p) = pos("standard 5 2 0 3 0,0,0,0/0,0,0,0 - - 0");
    let mut q = p;
    assert_eq!(v.end_turn(&mut q), Err(TurnError::MustMove));
    assert_eq!(q, p);
    // A bag read from outside that nothing can use is forfeited: every South pawn at
    // d2 (22) with a 3 overshoots the home.
    let (v, p) = pos("standard 5 2 0 3 22,22,22,22/0,0,0,0 0 - 0");
    let mut q = p;
    assert_eq!(v.end_turn(&mut q), Ok(()));
    assert_eq!(q.to_move(), 1);
    assert_eq!(q.phase(), Phase::Throwing);
}

#[test]
fn draw_is_declared_only_while_the_game_goes_on() {
    let (v, p) = pos("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    let mut q = p;
    assert_eq!(
        v.declare_draw(&mut q, ashta_engine::DrawReason::TurnLimit),
        Ok(())
    );
    assert_eq!(q.phase(), Phase::Over);
    assert_eq!(
        v.declare_draw(&mut q, ashta_engine::DrawReason::TurnLimit),
        Err(TurnError::GameOver)
    );
}
