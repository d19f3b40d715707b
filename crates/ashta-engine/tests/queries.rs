//! Rules questions the engine answers for its callers (the server, the TUI, the bots,
//! the statistics): the path a move walks, how many pawns an entry brings, a locked
//! game, and the gate holding pawns back.

mod common;

use common::*;

// ------------------------------------------------------------------ landing

#[test]
fn landing_walks_the_path_and_names_the_outer_indices_passed() {
    let (v, _) = pos("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    // From c1 (0) a 4 lands on e3 (4), passing 1, 2 and 3.
    assert_eq!(v.landing(false, 0, 0, 4), Some((4, 0b1110)));
    // A value the throw table does not have, or a player not in the game: none.
    assert_eq!(v.landing(false, 0, 0, 5), None);
    assert_eq!(v.landing(false, 2, 0, 4), None);
}

#[test]
fn landing_stops_at_the_closed_gate_and_at_the_home() {
    let (wait, _) = pos("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    // a3 (12) + 8 leaves the outer ring: the waiting gate holds it until a capture.
    assert_eq!(wait.landing(false, 0, 12, 8), None);
    assert!(wait.landing(true, 0, 12, 8).is_some());
    // Past the home is no landing, even with the gate open.
    let home = wait.home();
    assert_eq!(wait.landing(true, 0, home - 1, 2), None);
    assert_eq!(wait.landing(true, 0, home - 1, 1), Some((home, 0)));
}

#[test]
fn landing_wraps_round_the_outer_ring_under_the_circle_gate() {
    let (v, _) = pos("standard+gate=circle 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    // a3 (12) + 8 goes round to e3 (4), passing 13, 14, 15, 0, 1, 2, 3.
    let passed = (13..16).chain(0..4).fold(0u64, |m, k| m | 1 << k);
    assert_eq!(v.landing(false, 0, 12, 8), Some((4, passed)));
}

// ------------------------------------------------------------------ move_path

#[test]
fn move_path_steps_one_index_per_point_landing_last() {
    // c1 (0) + 4 walks d1 e1 e2 e3.
    let (v, p) = pos("standard 5 2 0 4 0,0,0,12/0,0,0,0 - - 0");
    let m = mv(&v, &p, 4, Some(0), 1);
    assert_eq!(v.move_path(&p, 0, m).collect::<Vec<_>>(), [1, 2, 3, 4]);
}

#[test]
fn move_path_wraps_round_the_outer_ring_under_the_circle_gate() {
    // Eight from a3 (12) goes round to e3 (4) while South has never captured.
    let (v, p) = pos("standard+gate=circle 5 2 0 8 0,0,0,12/0,0,0,0 - - 0");
    let m = mv(&v, &p, 8, Some(12), 1);
    assert_eq!(m.to(), 4);
    assert_eq!(
        v.move_path(&p, 0, m).collect::<Vec<_>>(),
        [13, 14, 15, 0, 1, 2, 3, 4]
    );
}

#[test]
fn move_path_enters_the_inner_rings_once_the_gate_is_open() {
    // After a capture the same rules let a1 (14) + 3 go inside to b3 (17).
    let (v, p) = pos("standard+gate=circle 5 2 0 3 0,0,0,14/0,0,0,0 0 - 0");
    let m = mv(&v, &p, 3, Some(14), 1);
    assert_eq!(v.move_path(&p, 0, m).collect::<Vec<_>>(), [15, 16, 17]);
}

#[test]
fn move_path_of_an_entry_is_the_start_square() {
    let (v, p) = pos("traditional 5 2 0 8 -1,0,0,0/-1,-1,-1,-1 - - 0");
    let m = mv(&v, &p, 8, None, 1);
    assert_eq!(v.move_path(&p, 0, m).collect::<Vec<_>>(), [0]);
}

// ------------------------------------------------------------------ entry_count

#[test]
fn entry_brings_half_the_value_capped_by_the_pawns_off_the_board() {
    let (v, p) = pos("traditional 5 2 0 8 -1,-1,-1,-1/-1,-1,-1,-1 - - 0");
    assert_eq!(v.entry_count(&p, 8), 4);
    assert_eq!(v.entry_count(&p, 4), 2);
    let (v, p) = pos("traditional 5 2 0 8 -1,0,0,0/-1,-1,-1,-1 - - 0");
    assert_eq!(v.entry_count(&p, 8), 1);
    let (v, p) = pos("traditional 5 2 0 8 0,0,0,0/-1,-1,-1,-1 - - 0");
    assert_eq!(v.entry_count(&p, 8), 0);
    // It agrees with the entries legal_moves lists.
    let (v, p) = pos("traditional 5 2 0 8 -1,-1,0,0/-1,-1,-1,-1 - - 0");
    let entries: Vec<u8> = legal(&v, &p)
        .iter()
        .filter(|m| m.from().is_none())
        .map(|m| m.count())
        .collect();
    assert_eq!(entries, [v.entry_count(&p, 8)]);
}

// ------------------------------------------------------------------ is_locked

#[test]
fn locked_game_where_no_pawn_can_reach_an_opponent_is_a_certain_draw() {
    // South's last hunter has left its start with the 8: no square either player can
    // still reach is one the other can still stand on.
    let (v, locked) = pos("standard 5 2 1 1 8,10,11,14/9,9,9,15 - - 0");
    assert!(v.is_locked(&locked));
    // Keeping it on the start, it can still meet North's pawns.
    let (_, open) = pos("standard 5 2 0 8,2 0,9,10,14/9,9,9,15 - - 0");
    assert!(!v.is_locked(&open));
    assert!(!v.is_locked(&v.start_position()));
}

#[test]
fn a_pair_that_can_reach_an_opponents_double_leaves_the_game_unlocked() {
    // South's pair on a2 (13) can reach a1 (14), where North has a double (North's 6):
    // with pair capture on, that pair captures it, so the game is not locked. The
    // question is where pawns can meet, so the answer is the same under either flag.
    for rules in ["standard", "standard+pair_capture=false"] {
        let (v, p) = pos(&format!("{rules} 5 2 1 1 13,13,15,15/6,6,15,15 - - 0"));
        assert!(!v.is_locked(&p), "{rules}");
        assert!(!v.is_frozen(&p), "{rules}");
    }
    let (v, p) = pos("standard 5 2 0 1 13,13,15,15/6,6,15,15 - - 0");
    assert_eq!(mv(&v, &p, 1, Some(13), 2).capture(), Some(1));
}

#[test]
fn game_is_never_locked_after_a_capture_or_under_the_circle_gate() {
    let (v, p) = pos("standard 5 2 1 1 8,10,11,14/9,9,9,15 0 - 0");
    assert!(!v.is_locked(&p));
    let (v, p) = pos("standard+gate=circle 5 2 1 1 8,10,11,14/9,9,9,15 - - 0");
    assert!(!v.is_locked(&p));
}

// ------------------------------------------------------------------ the gate

#[test]
fn gate_holds_a_pawn_that_would_pass_the_ring() {
    // South (not captured) on a1 (14): a 2 would take it to 16, the first inner square.
    let (v, p) = pos("standard 5 2 0 - 0,0,0,14/0,0,0,0 - - 0");
    assert!(v.gate_holds(&p, &[2]));
    assert!(v.gate_holds(&p, &[1, 8]));
    assert!(!v.gate_holds(&p, &[1]));
    // After a capture the gate is open: nothing is held.
    let (v, p) = pos("standard 5 2 0 - 0,0,0,14/0,0,0,0 0 - 0");
    assert!(!v.gate_holds(&p, &[2]));
}

#[test]
fn open_gate_would_give_a_move_the_closed_gate_refuses() {
    // Every South pawn waits on b1 (15). With a 2 an open gate lets one in to b3; with
    // a 1 only a pair may go on, capturing North's double on b2 (South's 16).
    let (v, p) = pos("standard 5 2 0 - 15,15,15,15/0,0,20,20 1 - 0");
    assert!(v.has_move_with_gate_open(&p, &[2]));
    assert!(v.has_move_with_gate_open(&p, &[1]));
    // A lone South pawn on b1 (the others home) could not land on the double.
    let (v, p) = pos("standard 5 2 0 - 15,24,24,24/0,0,20,20 01 - 0");
    assert!(!v.has_move_with_gate_open(&p, &[1]));
    // Under pair_capture off the double stops the pair as well.
    let (v, p) = pos("standard+pair_capture=false 5 2 0 - 15,15,15,15/0,0,20,20 1 - 0");
    assert!(v.has_move_with_gate_open(&p, &[2]));
    assert!(!v.has_move_with_gate_open(&p, &[1]));
}
