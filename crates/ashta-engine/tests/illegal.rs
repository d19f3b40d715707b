//! Each reason a move is refused as illegal ([`IllegalMove`]) is produced by a position
//! that breaks that rule (RULES.md sections 5 to 7), and says so in the same words as
//! before the reasons were typed.

mod common;

use ashta_engine::{IllegalMove, Move, MoveError};
use common::*;

#[test]
fn entry_from_off_the_board_needs_grace_entry() {
    // Start entry: nobody is ever off the board.
    let (v, p) = pos("standard 5 2 0 4 0,0,0,0/0,0,0,0 - - 0");
    assert_eq!(
        illegal(&v, &p, 4, None, 2),
        IllegalMove::EntryWithoutGraceEntry
    );
}

#[test]
fn entry_needs_a_grace_value_of_two_or_more() {
    // Traditional: 8 is a grace, 2 is not.
    let (v, p) = pos("traditional 5 2 0 8,2 -1,0,0,0/-1,-1,-1,-1 - - 0");
    assert_eq!(illegal(&v, &p, 2, None, 1), IllegalMove::EntryNeedsGrace);
}

#[test]
fn entry_brings_half_the_value_or_all_that_are_off() {
    // 8 brings 4, but only one pawn is off the board: the entry brings exactly 1.
    let (v, p) = pos("traditional 5 2 0 8 -1,0,0,0/-1,-1,-1,-1 - - 0");
    assert_eq!(illegal(&v, &p, 8, None, 4), IllegalMove::EntryCount);
    assert_eq!(illegal(&v, &p, 8, None, 2), IllegalMove::EntryCount);
    assert_eq!(v.entry_count(&p, 8), 1);
    assert_eq!(mv(&v, &p, 8, None, 1).count(), 1);
}

#[test]
fn pairs_move_together_only_with_doubles_on() {
    let (v, p) = pos("standard+doubles=false 5 2 0 1 0,0,0,1/0,0,0,8 - - 0");
    assert_eq!(
        illegal(&v, &p, 1, Some(0), 2),
        IllegalMove::PairWithoutDoubles
    );
}

#[test]
fn pawn_at_home_never_moves_again() {
    let (v, p) = pos("standard 5 2 0 1 0,0,24,24/0,0,0,0 0 - 0");
    assert_eq!(illegal(&v, &p, 1, Some(24), 1), IllegalMove::AtHome);
}

#[test]
fn closed_gate_keeps_a_pawn_on_the_outer_ring() {
    // a3 (12) + 4 = b2 (16), past the outer ring; South never captured.
    let (v, p) = pos("standard 5 2 0 4 0,0,0,12/0,0,0,0 - - 0");
    assert_eq!(illegal(&v, &p, 4, Some(12), 1), IllegalMove::GateClosed);
}

#[test]
fn pawn_lands_on_home_exactly() {
    // d2 (22) + 3 = 25, one past the home (24).
    let (v, p) = pos("standard 5 2 0 3 0,0,0,22/0,0,0,0 0 - 0");
    assert_eq!(illegal(&v, &p, 3, Some(22), 1), IllegalMove::Overshoots);
}

#[test]
fn blocking_double_stops_a_pawn_passing() {
    // North's blocking double on b1 (South's 15) stands between a1 (14) and b4 (18).
    let (v, p) = pos("standard 5 2 0 4 0,0,0,14/0,0,7,7 0 1@7>0 0");
    assert_eq!(illegal(&v, &p, 4, Some(14), 1), IllegalMove::Blocked);
}

#[test]
fn double_cannot_be_landed_on() {
    // South's double on d1 (North's 9); North's c1 pawn (8) + 1 lands on it.
    let (v, p) = pos("standard 5 2 1 4,1 0,0,1,1/0,0,8,8 - - 0");
    assert_eq!(illegal(&v, &p, 1, Some(8), 1), IllegalMove::DoubleOnTarget);
}

#[test]
fn played_move_must_match_its_target_and_capture() {
    let (v, p) = pos("standard 5 2 0 4 0,0,0,12/0,0,0,0 - - 0");
    let good = mv(&v, &p, 4, Some(0), 1);
    for bad in [
        Move::new(
            good.value(),
            good.from(),
            good.to() + 1,
            good.count(),
            good.capture(),
        ),
        Move::new(good.value(), good.from(), good.to(), good.count(), Some(1)),
    ] {
        let mut q = p;
        assert_eq!(
            v.play(&mut q, bad),
            Err(MoveError::Illegal(IllegalMove::TargetMismatch))
        );
        assert_eq!(q, p, "a refused move leaves the position unchanged");
    }
}

#[test]
fn illegal_move_reasons_read_as_before() {
    let text = |r: IllegalMove| MoveError::Illegal(r).to_string();
    assert_eq!(
        text(IllegalMove::GateClosed),
        "illegal move: the gate is closed: a player who has never captured stays on the outer ring"
    );
    assert_eq!(
        text(IllegalMove::Overshoots),
        "illegal move: a pawn must land on the home exactly"
    );
    assert_eq!(
        text(IllegalMove::Blocked),
        "illegal move: an opponent's double blocks the way this turn"
    );
    assert_eq!(
        text(IllegalMove::DoubleOnTarget),
        "illegal move: the target square holds an opponent's double"
    );
    assert_eq!(
        text(IllegalMove::AtHome),
        "illegal move: a pawn at home never moves again"
    );
    assert_eq!(
        text(IllegalMove::PairWithoutDoubles),
        "illegal move: pairs move together only when doubles are on"
    );
    assert_eq!(
        text(IllegalMove::EntryWithoutGraceEntry),
        "illegal move: pawns enter from off the board only under grace entry"
    );
    assert_eq!(
        text(IllegalMove::EntryNeedsGrace),
        "illegal move: only a grace value of 2 or more brings pawns onto the board"
    );
    assert_eq!(
        text(IllegalMove::EntryCount),
        "illegal move: an entry brings value/2 pawns, or all that are off the board if fewer"
    );
    assert_eq!(
        text(IllegalMove::TargetMismatch),
        "illegal move: the move's target or capture does not match the position"
    );
}
