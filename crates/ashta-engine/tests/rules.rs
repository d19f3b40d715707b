//! Rule tests: each pins one rule of rules.md with a small position worked out by hand.
//!
//! 5×5 path indices used below (South; the other seats turn it 90° counter-clockwise):
//! `c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1 b1 | b2 b3 b4 c4 d4 d3 d2 c2 | c3`
//!   0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 | 16 17 18 19 20 21 22 23 | 24
//! In a two-player game North (player 1) reaches the same outer square at South's
//! index + 8 (mod 16): d1 is North's 9, b1 North's 7, d5 North's 15. Safe squares on
//! 5×5: c1, e3, c5, a3 and the centre c3.

mod common;

use ashta_engine::{
    parse_any, DrawReason, Game, IllegalMove, MoveError, PhaseFrom, Preset, Rules, Seat, Square,
    ThrowError, ThrowFrom, ThrowStep, Variant,
};
use common::*;

const START4: &str = "standard 5 4 0 - 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0";
const START2: &str = "standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0";

// ------------------------------------------------------------------ board and paths

#[test]
fn south_path_on_5x5_runs_outer_ring_counter_clockwise_then_inner_ring_clockwise() {
    let (v, _) = pos(START4);
    let south = "c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1 b1 b2 b3 b4 c4 d4 d3 d2 c2 c3";
    assert_eq!(path_names(&v, 0).join(" "), south);
}

#[test]
fn other_seats_follow_the_path_turned_counter_clockwise() {
    let (v, _) = pos(START4);
    let east = "e3 e4 e5 d5 c5 b5 a5 a4 a3 a2 a1 b1 c1 d1 e1 e2 d2 c2 b2 b3 b4 c4 d4 d3 c3";
    let north = "c5 b5 a5 a4 a3 a2 a1 b1 c1 d1 e1 e2 e3 e4 e5 d5 d4 d3 d2 c2 b2 b3 b4 c4 c3";
    let west = "a3 a2 a1 b1 c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 b4 c4 d4 d3 d2 c2 b2 b3 c3";
    assert_eq!(path_names(&v, 1).join(" "), east);
    assert_eq!(path_names(&v, 2).join(" "), north);
    assert_eq!(path_names(&v, 3).join(" "), west);
    assert_eq!(
        (0..4).map(|p| v.seat(p)).collect::<Vec<_>>(),
        [Seat::South, Seat::East, Seat::North, Seat::West]
    );
}

#[test]
fn two_players_sit_south_and_north() {
    let (v, p) = pos(START2);
    assert_eq!(v.players(), 2);
    assert_eq!([v.seat(0), v.seat(1)], [Seat::South, Seat::North]);
    assert_eq!(name(&v, 1, 0), "c5");
    assert_eq!(name(&v, 1, 9), "d1");
    assert_eq!(p.to_move(), 0);
    assert_eq!(v.pawns_per_player(), 4);
}

#[test]
fn three_players_sit_south_east_north() {
    let (v, _) = pos("standard 5 3 0 - 0,0,0,0/0,0,0,0/0,0,0,0 - - 0");
    assert_eq!(
        [v.seat(0), v.seat(1), v.seat(2)],
        [Seat::South, Seat::East, Seat::North]
    );
    assert_eq!(
        [name(&v, 0, 0), name(&v, 1, 0), name(&v, 2, 0)],
        ["c1", "e3", "c5"]
    );
    // The fourth start square, a3, is safe even though nobody sits West.
    assert!(v.is_safe(Square::parse("a3", 5).unwrap()));
}

#[test]
fn players_take_turns_in_seat_order_from_player_zero() {
    for players in 2..=4usize {
        let pawns = vec!["0,0,0,0"; players].join("/");
        let (v, mut p) = pos(&format!("standard 5 {players} 0 - {pawns} - - 0"));
        let mut order = Vec::new();
        for _ in 0..players + 1 {
            order.push(p.to_move());
            p = throws(&v, &p, &[1]);
            // 1 from each start lands on d1, e4, b5, a2: nobody is captured.
            p = play(&v, &p, 1, Some(0), 1);
        }
        let expected: Vec<usize> = (0..=players).map(|k| k % players).collect();
        assert_eq!(order, expected, "{players} players");
    }
}

#[test]
fn seven_by_seven_south_path_matches_rules() {
    let (v, _) = pos("standard 7 4 0 - 0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 - - 0");
    let south = "d1 e1 f1 g1 g2 g3 g4 g5 g6 g7 f7 e7 d7 c7 b7 a7 a6 a5 a4 a3 a2 a1 b1 c1 \
                 c2 b2 b3 b4 b5 b6 c6 d6 e6 f6 f5 f4 f3 f2 e2 d2 d3 c3 c4 c5 d5 e5 e4 e3 d4";
    assert_eq!(path_names(&v, 0).join(" "), south);
    assert_eq!(v.pawns_per_player(), 6);
    assert_eq!(v.outer_len(), 24);
    assert_eq!(v.home(), 48);
    let starts: Vec<String> = (0..4).map(|p| name(&v, p, 0)).collect();
    assert_eq!(starts, ["d1", "g4", "d7", "a4"]);
    // East's path is South's turned once: d1→g4, e1→g5, ... and its ring 1 starts at f3.
    assert_eq!(name(&v, 1, 1), "g5");
    assert_eq!(name(&v, 1, 24), "f3");
}

#[test]
fn seven_by_seven_has_nine_safe_squares() {
    let (v, _) = pos("standard 7 2 0 - 0,0,0,0,0,0/0,0,0,0,0,0 - - 0");
    let mut safe: Vec<String> = (0..49)
        .map(Square)
        .filter(|&s| v.is_safe(s))
        .map(|s| s.name(7))
        .collect();
    safe.sort();
    assert_eq!(safe, ["a4", "b2", "b6", "d1", "d4", "d7", "f2", "f6", "g4"]);
}

#[test]
fn nine_by_nine_south_path_and_safe_squares() {
    let pawns = ["0,0,0,0,0,0,0,0"; 3].join("/");
    let (v, _) = pos(&format!("standard 9 3 0 - {pawns} - - 0"));
    // Ring 0 from e1 counter-clockwise; ring 1 entered at d2 (file of d1), ring 2 at
    // e3 (file of e2), ring 3 at f4 (file of f3), each run clockwise; then e5.
    let south = "e1 f1 g1 h1 i1 i2 i3 i4 i5 i6 i7 i8 i9 h9 g9 f9 e9 d9 c9 b9 a9 a8 a7 a6 a5 \
                 a4 a3 a2 a1 b1 c1 d1 \
                 d2 c2 b2 b3 b4 b5 b6 b7 b8 c8 d8 e8 f8 g8 h8 h7 h6 h5 h4 h3 h2 g2 f2 e2 \
                 e3 d3 c3 c4 c5 c6 c7 d7 e7 f7 g7 g6 g5 g4 g3 f3 \
                 f4 e4 d4 d5 d6 e6 f6 f5 e5";
    let south: Vec<&str> = south.split_whitespace().collect();
    assert_eq!(path_names(&v, 0), south);
    assert_eq!(v.pawns_per_player(), 8);
    assert_eq!(v.outer_len(), 32);
    let starts: Vec<String> = (0..3).map(|p| name(&v, p, 0)).collect();
    assert_eq!(starts, ["e1", "i5", "e9"]);
    let mut safe: Vec<String> = (0..81)
        .map(Square)
        .filter(|&s| v.is_safe(s))
        .map(|s| s.name(9))
        .collect();
    safe.sort();
    let mut want = vec![
        "a5", "b2", "b8", "c5", "e1", "e3", "e5", "e7", "e9", "g5", "h2", "h8", "i5",
    ];
    want.sort();
    assert_eq!(safe, want);
}

#[test]
fn five_by_five_safe_squares_are_the_four_starts_and_the_centre() {
    for players in 2..=4usize {
        let pawns = vec!["0,0,0,0"; players].join("/");
        let (v, _) = pos(&format!("standard 5 {players} 0 - {pawns} - - 0"));
        let mut safe: Vec<String> = (0..25)
            .map(Square)
            .filter(|&s| v.is_safe(s))
            .map(|s| s.name(5))
            .collect();
        safe.sort();
        assert_eq!(safe, ["a3", "c1", "c3", "c5", "e3"], "{players} players");
    }
}

// ------------------------------------------------------------------ throws

#[test]
fn standard_table_moves_one_to_four_and_eight() {
    let (v, p) = pos(START4);
    for (up, bag) in [(1u8, vec![1u8]), (2, vec![2]), (3, vec![3])] {
        let after = throws(&v, &p, &[up]);
        assert_eq!(v.bag(&after), bag);
    }
    let after = throws(&v, &p, &[4, 0, 1]);
    assert_eq!(v.bag(&after), [8, 4, 1]);
}

#[test]
fn grace_throws_again() {
    let (v, p) = pos(START4);
    let mut q = p;
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 4).unwrap(),
        ThrowStep::Again
    );
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 0).unwrap(),
        ThrowStep::Again
    );
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 4).unwrap(),
        ThrowStep::Again
    );
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 2).unwrap(),
        ThrowStep::Moving
    );
    assert_eq!(v.bag(&q), [8, 4, 4, 2]);
    assert_eq!(q.to_move(), 0);
    // A phase that stops on a grace is not a phase.
    let mut r = p;
    let e = v.throw(&mut r, PhaseFrom::Given(&[4])).unwrap_err();
    assert!(e.to_string().contains("grace"), "{e}");
    assert_eq!(r, p, "a rejected phase leaves the position alone");
    let e = v.throw(&mut r, PhaseFrom::Given(&[2, 1])).unwrap_err();
    assert!(e.to_string().contains("ended before"), "{e}");
    assert_eq!(
        v.throw(&mut r, PhaseFrom::Given(&[5])).map(|r| r.end),
        Err(ThrowError::TooManyMouths(5, 4))
    );
    assert!(v.throw(&mut r, PhaseFrom::Given(&[])).is_err());
}

#[test]
fn three_graces_are_allowed_by_default() {
    let (v, p) = pos(START4);
    let q = throws(&v, &p, &[4, 0, 4, 0, 2]);
    assert_eq!(v.bag(&q), [8, 8, 4, 4, 2]);
    assert_eq!(q.to_move(), 0);
}

#[test]
fn third_grace_voids_turn_under_forfeit_flag() {
    let (v, p) = pos("traditional 5 4 0 - -1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1/-1,-1,-1,-1 - - 0");
    let mut q = p;
    assert_eq!(
        v.throw(&mut q, PhaseFrom::Given(&[4, 0, 4])).map(|r| r.end),
        Ok(ThrowStep::Voided)
    );
    assert_eq!(q.to_move(), 1);
    assert!(q.phase() == ashta_engine::Phase::Throwing);
    assert_eq!(pawns(&v, &q, 0), [-1, -1, -1, -1]);
    // Two graces then a plain throw are a normal phase.
    let q = throws(&v, &p, &[4, 0, 1]);
    assert_eq!(v.bag(&q), [8, 4, 1]);
    assert_eq!(q.to_move(), 0);
    // The flag also works on the standard preset.
    let (v, p) = pos("standard+three_graces=forfeit 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    let mut q = p;
    assert_eq!(
        v.throw(&mut q, PhaseFrom::Given(&[0, 0, 0])).map(|r| r.end),
        Ok(ThrowStep::Voided)
    );
    assert_eq!((q.to_move(), q.bag_len()), (1, 0));
}

#[test]
fn no_ones_table_makes_one_mouth_up_a_grace_of_twelve() {
    let (v, p) = pos("standard+throws=no-ones-12 5 4 0 - 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0");
    let mut q = p;
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut q, 1).unwrap(),
        ThrowStep::Again
    );
    let q = throws(&v, &p, &[1, 3]);
    assert_eq!(v.bag(&q), [12, 3]);
    // 12 from c1 lands on a3 (index 12), West's start.
    assert_eq!(name(&v, 0, 12), "a3");
    assert_moves(&v, &q, &["12:0>12", "12:0>12x2", "3:0>3", "3:0>3x2"]);
    let (v, p) = pos("standard+throws=no-ones-11 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    let q = throws(&v, &p, &[1, 1, 2]);
    assert_eq!(v.bag(&q), [11, 11, 2]);
    // One mouth up can no longer be a plain 1 in a bag.
    let e = reject("standard+throws=no-ones-11 5 2 0 1 0,0,0,0/0,0,0,0 - - 0");
    assert!(e.contains("bag value 1"), "{e}");
}

#[test]
fn senior_preset_plays_seven_by_seven_with_eight_cowries() {
    let pawns = ["0,0,0,0,0,0"; 4].join("/");
    let (v, p) = pos(&format!("senior 7 4 0 - {pawns} - - 0"));
    assert_eq!(v.table().cowries(), 8);
    let q = throws(&v, &p, &[8, 0, 7]);
    assert_eq!(v.bag(&q), [16, 8, 7]);
    // 16 from d1 is a6 (index 16) on the 24-square outer ring.
    assert_eq!(name(&v, 0, 16), "a6");
    assert!(moves(&v, &q).contains(&"16:0>16".to_string()));
}

// ------------------------------------------------------------------ the gate

#[test]
fn gate_keeps_pawns_on_outer_ring_until_first_capture() {
    // One South pawn on a3 (12), three on c1; nobody has captured.
    let (v, p) = pos("standard 5 2 0 4 0,0,0,12/0,0,0,0 - - 0");
    // 12 + 4 = 16 (b2) is past the outer ring: illegal, the pawn waits.
    assert_moves(&v, &p, &["4:0>4", "4:0>4x2"]);
    assert_eq!(illegal(&v, &p, 4, Some(12), 1), IllegalMove::GateClosed);
    // The last outer square (b1, 15) is as far as a pawn goes.
    let (v, p) = pos("standard 5 2 0 3 0,0,0,12/0,0,0,0 - - 0");
    assert!(moves(&v, &p).contains(&"3:12>15".to_string()));
    let (v, p) = pos("standard 5 2 0 1 0,0,0,15/0,0,0,0 - - 0");
    assert_moves(&v, &p, &["1:0>1", "1:0>1x2"]);
    // Once South has captured, the same moves are legal.
    let (v, p) = pos("standard 5 2 0 4 0,0,0,12/0,0,0,0 0 - 0");
    assert_moves(&v, &p, &["4:0>4", "4:0>4x2", "4:12>16"]);
}

#[test]
fn first_capture_opens_the_gate_for_every_pawn_in_the_same_turn() {
    // South: a3 (12) and three on c1; North has a pawn on d1 (North's 9, South's 1).
    let (v, p) = pos("standard 5 2 0 4,1 0,0,0,12/0,0,0,9 - - 0");
    assert!(!moves(&v, &p).contains(&"4:12>16".to_string()));
    let q = play(&v, &p, 1, Some(0), 1);
    assert!(q.has_captured(0));
    assert!(moves(&v, &q).contains(&"4:12>16".to_string()));
}

#[test]
fn circle_gate_wraps_round_ring_zero() {
    // a1 (14) + 3 without a capture goes round: b1, c1, d1 = index 1.
    let (v, p) = pos("standard+gate=circle 5 2 0 3 0,0,0,14/0,0,0,0 - - 0");
    assert_moves(&v, &p, &["3:0>3", "3:0>3x2", "3:14>1"]);
    let q = play(&v, &p, 3, Some(14), 1);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 0, 1]);
    // Going round, the pawn captures like any other move.
    let (v, p) = pos("standard+gate=circle 5 2 0 3 0,0,0,14/0,0,0,9 - - 0");
    assert!(moves(&v, &p).contains(&"3:14>1*".to_string()));
    // ... and an opponent's blocking double on b1 (North's 7) stops it going round.
    let (v, p) = pos("standard+gate=circle 5 2 0 3 0,0,0,14/0,0,7,7 - 1@7>0 0");
    assert_eq!(illegal(&v, &p, 3, Some(14), 1), IllegalMove::Blocked);
    // With a capture the pawn enters ring 1 instead.
    let (v, p) = pos("standard+gate=circle 5 2 0 3 0,0,0,14/0,0,0,0 0 - 0");
    assert!(moves(&v, &p).contains(&"3:14>17".to_string()));
    // Eight from a3 (12) goes round to e3 (4).
    let (v, p) = pos("standard+gate=circle 5 2 0 8 0,0,0,12/0,0,0,0 - - 0");
    assert!(moves(&v, &p).contains(&"8:12>4".to_string()));
}

#[test]
fn circle_gate_lap_back_onto_its_own_square_is_no_move() {
    // Eight cowries on 5x5: no mouth up is a 16, the length of ring 0. Round the whole
    // ring a unit would land back where it stands: a pass, which RULES.md 5.2 forbids.
    let text = "standard+gate=circle+cowries=8 5 2 0 16 0,3,5,5/0,0,0,0 - - 0";
    let (v, p) = pos(text);
    assert_eq!(v.outer_len(), 16);
    assert_moves(&v, &p, &[]);
    assert_eq!(illegal(&v, &p, 16, Some(3), 1), IllegalMove::FullCircle);
    // Nor does a double renew its block that way.
    assert_eq!(illegal(&v, &p, 16, Some(5), 2), IllegalMove::FullCircle);
    // With the bag's 16 unusable, the player may end the turn (it would be refused
    // with a legal move left).
    let mut q = p;
    v.end_turn(&mut q).unwrap();
    assert_eq!(q.to_move(), 1);
    // Once the gate is open the same 16 goes into the inner rings.
    let (v, p) = pos("standard+gate=circle+cowries=8 5 2 0 16 0,3,5,5/0,0,0,0 0 - 0");
    assert!(moves(&v, &p).contains(&"16:3>19".to_string()));
}

#[test]
fn traditional_preset_is_circle_grace_entry_and_forfeit() {
    let (v, _) = pos("traditional 5 2 0 - -1,-1,-1,-1/-1,-1,-1,-1 - - 0");
    let r = v.rules();
    assert_eq!(r.preset, Preset::Traditional);
    assert_eq!(r.gate, ashta_engine::Gate::Circle);
    assert_eq!(r.entry, ashta_engine::Entry::Grace);
    assert_eq!(r.three_graces, ashta_engine::ThreeGraces::Forfeit);
}

// ------------------------------------------------------------------ captures

#[test]
fn capture_sends_single_pawn_back_to_start() {
    // North has a pawn on d1 (North's 9); South moves 1 from c1 onto it.
    let (v, p) = pos("standard 5 2 0 1 0,0,0,0/0,0,0,9 - - 0");
    assert_eq!(name(&v, 1, 9), "d1");
    assert_moves(&v, &p, &["1:0>1*", "1:0>1x2*"]);
    let m = mv(&v, &p, 1, Some(0), 1);
    assert_eq!(m.capture(), Some(1));
    let q = play(&v, &p, 1, Some(0), 1);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 0, 1]);
    assert_eq!(pawns(&v, &q, 1), [0, 0, 0, 0]);
    assert!(q.has_captured(0));
    assert!(!q.has_captured(1));
}

#[test]
fn capture_earns_one_extra_turn_after_the_bag() {
    // Bag 4,1: capture on d1 with the 1, then the 4 is still to be moved.
    let (v, p) = pos("standard 5 2 0 4,1 0,0,0,0/0,0,0,9 - - 0");
    let q = play(&v, &p, 1, Some(0), 1);
    assert_eq!((q.to_move(), q.extra_turns(), v.bag(&q)), (0, 1, vec![4]));
    let q = play(&v, &q, 4, Some(0), 1);
    // Bag empty: the extra turn starts, South throws again.
    assert!(q.phase() == ashta_engine::Phase::Throwing);
    assert_eq!((q.to_move(), q.extra_turns()), (0, 0));
    let q = throws(&v, &q, &[2]);
    let q = play(&v, &q, 2, Some(0), 1);
    assert_eq!(q.to_move(), 1, "after the extra turn play passes on");
}

#[test]
fn two_captures_earn_two_extra_turns() {
    // North pawns on d1 (9) and e4 (13 = South's 5). South: 1:0>1 captures, then 4:1>5.
    let (v, p) = pos("standard 5 2 0 4,1 0,0,0,0/0,0,9,13 - - 0");
    let q = play(&v, &p, 1, Some(0), 1);
    let q = play(&v, &q, 4, Some(1), 1);
    assert_eq!(pawns(&v, &q, 1), [0, 0, 0, 0]);
    assert!(q.phase() == ashta_engine::Phase::Throwing);
    assert_eq!((q.to_move(), q.extra_turns()), (0, 1));
}

#[test]
fn capture_bonus_off_gives_no_extra_turn() {
    let (v, p) = pos("standard+capture_bonus=false 5 2 0 1 0,0,0,0/0,0,0,9 - - 0");
    let q = play(&v, &p, 1, Some(0), 1);
    assert!(q.has_captured(0), "the capture still opens the gate");
    assert_eq!((q.to_move(), q.extra_turns()), (1, 0));
    assert_eq!(pawns(&v, &q, 1), [0, 0, 0, 0]);
}

#[test]
fn safe_square_allows_opponents_together() {
    // South moves 4 onto e3, East's start, where all four East pawns stand.
    let (v, p) = pos("standard 5 4 0 4 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0");
    assert_moves(&v, &p, &["4:0>4", "4:0>4x2"]);
    let q = play(&v, &p, 4, Some(0), 2);
    assert_eq!(pawns(&v, &q, 1), [0, 0, 0, 0]);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 4, 4]);
    // Two South pawns on a safe square form no double: nothing blocks, and ...
    assert!(blocks(&v, &q).is_empty());
    // ... an opponent may land among them (North's e3 is 12; from e2, 11).
    let (v, p) = pos("standard 5 2 1 1 0,0,4,4/0,0,0,11 - - 0");
    assert_eq!(name(&v, 1, 12), "e3");
    assert!(moves(&v, &p).contains(&"1:11>12".to_string()));
    let q = play(&v, &p, 1, Some(11), 1);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 4, 4]);
    // The start square of a seat nobody uses is still safe (a3 in a 2-player game).
    let (v, p) = pos("standard 5 2 1 1 0,0,0,12/0,0,0,3 - - 0");
    assert_eq!(name(&v, 1, 4), "a3");
    assert_moves(&v, &p, &["1:0>1", "1:0>1x2", "1:3>4"]);
}

#[test]
fn own_pawns_share_any_square() {
    let (v, p) = pos("standard 5 2 0 2 0,0,0,1/0,0,0,0 - - 0");
    // c1 + 1 lands on South's own pawn on d1; d1 + 2 = e2, c1 + 2 = e1.
    let (v2, p2) = pos("standard 5 2 0 1 0,0,0,1/0,0,0,0 - - 0");
    assert!(moves(&v2, &p2).contains(&"1:0>1".to_string()));
    assert_moves(&v, &p, &["2:0>2", "2:0>2x2", "2:1>3"]);
}

// ------------------------------------------------------------------ doubles and blocks

#[test]
fn a_single_pawn_may_not_land_on_an_opponents_double() {
    // South has a double on d1 (North's 9); North stands on c1 (8) and c5 (0).
    let (v, p) = pos("standard 5 2 1 4,1 0,0,1,1/0,0,8,8 - - 0");
    assert!(v.rules().pair_capture, "every preset has pair capture on");
    assert_eq!(illegal(&v, &p, 1, Some(8), 1), IllegalMove::DoubleOnTarget);
    // A pair may land on it (and capture it); passing over it is fine when it does not
    // block (no block recorded).
    assert_moves(
        &v,
        &p,
        &[
            "1:0>1", "1:0>1x2", "1:8>9x2*", "4:0>4", "4:0>4x2", "4:8>12", "4:8>12x2",
        ],
    );
    // The single pawn may not, whatever the flag.
    let (v, p) = pos("standard+pair_capture=false 5 2 1 4,1 0,0,1,1/0,0,8,8 - - 0");
    assert_eq!(illegal(&v, &p, 1, Some(8), 1), IllegalMove::DoubleOnTarget);
}

#[test]
fn pair_capture_off_forbids_a_pair_on_a_double() {
    // The old reading: nobody may land on an opponent's double, not even a pair.
    let (v, p) = pos("standard+pair_capture=false 5 2 1 4,1 0,0,1,1/0,0,8,8 - - 0");
    assert!(!v.rules().pair_capture);
    assert_eq!(illegal(&v, &p, 1, Some(8), 1), IllegalMove::DoubleOnTarget);
    assert_eq!(illegal(&v, &p, 1, Some(8), 2), IllegalMove::DoubleOnTarget);
    assert_moves(
        &v,
        &p,
        &["1:0>1", "1:0>1x2", "4:0>4", "4:0>4x2", "4:8>12", "4:8>12x2"],
    );
    // Inner doubles alike.
    let (v, p) = pos("standard+pair_capture=false 5 2 1 1 0,0,16,16/0,0,19,19 01 - 0");
    assert_eq!(illegal(&v, &p, 1, Some(19), 2), IllegalMove::DoubleOnTarget);
}

#[test]
fn a_pair_lands_on_an_opponents_double_and_sends_every_pawn_home() {
    // North's pair on c1 (North's 8) takes the 1 onto South's double on d1 (North's 9).
    let (v, p) = pos("standard 5 2 1 4,1 0,0,1,1/0,0,8,8 - - 0");
    let m = mv(&v, &p, 1, Some(8), 2);
    assert_eq!((m.to(), m.capture()), (9, Some(0)));
    let q = play(&v, &p, 1, Some(8), 2);
    // Both South pawns of the double go back to the start square.
    assert_eq!(pawns(&v, &q, 0), [0, 0, 0, 0]);
    assert_eq!(pawns(&v, &q, 1), [0, 0, 9, 9]);
    // The mover has captured (its gate opens) and earns one extra turn, after the 4.
    assert!(q.has_captured(1));
    assert!(!q.has_captured(0));
    assert_eq!((q.to_move(), q.extra_turns()), (1, 1));
    assert_eq!(v.bag(&q), [4]);
    let q = play(&v, &q, 4, Some(0), 1);
    assert_eq!(
        (
            q.to_move(),
            q.extra_turns(),
            q.phase() == ashta_engine::Phase::Throwing
        ),
        (1, 0, true)
    );
    // The pair now stands as North's double on d1, which blocks South anew.
    assert_eq!(blocks(&v, &q), ["1@9>0"]);
}

#[test]
fn a_double_of_three_is_captured_whole() {
    // South has three pawns on d1; one North pair lands there and sends all three back.
    let (v, p) = pos("standard 5 2 1 1 0,1,1,1/0,0,8,8 - - 0");
    assert_eq!(illegal(&v, &p, 1, Some(8), 1), IllegalMove::DoubleOnTarget);
    let q = play(&v, &p, 1, Some(8), 2);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 0, 0]);
    assert_eq!(pawns(&v, &q, 1), [0, 0, 9, 9]);
    // One capture, one extra turn, however many pawns it sent back.
    assert_eq!(
        (
            q.to_move(),
            q.phase() == ashta_engine::Phase::Throwing,
            q.extra_turns()
        ),
        (1, true, 0)
    );
    // A pair taken from a stack of three captures just as well; one pawn stays behind.
    let (v, p) = pos("standard 5 2 1 1 0,0,1,1/0,8,8,8 - - 0");
    let q = play(&v, &p, 1, Some(8), 2);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 0, 0]);
    assert_eq!(pawns(&v, &q, 1), [0, 8, 9, 9]);
}

#[test]
fn capturing_a_double_removes_its_block() {
    // South's double on d1 blocks North this turn. The block stops North passing over
    // d1, not landing on it: North's pair lands there and captures it.
    let (v, p) = pos("standard 5 2 1 4,1 0,0,1,1/0,7,8,8 - 0@1>1 0");
    assert_eq!(illegal(&v, &p, 4, Some(7), 1), IllegalMove::Blocked);
    assert_eq!(illegal(&v, &p, 4, Some(8), 2), IllegalMove::Blocked);
    let q = play(&v, &p, 1, Some(8), 2);
    // South's block went with its double; North's pair formed a new one, blocking South.
    assert_eq!(blocks(&v, &q), ["1@9>0"]);
    // (The example drawn in RULES.md 7.1.)
    assert_eq!(
        v.to_notation(&q),
        "standard 5 2 1 4 0,0,0,0/0,7,9,9 1 1@9>0 1"
    );
    // With the block gone, North's pawn on b1 (7) passes d1 with the 4.
    let q = play(&v, &q, 4, Some(7), 1);
    assert_eq!(pawns(&v, &q, 1), [0, 9, 9, 11]);
    // The position reads back with the new block only.
    let text = v.to_json_string(&q);
    let (_, back) = parse_any(&text).unwrap();
    assert_eq!(back, q);
    // Four players: the captured double blocked all three; after the capture only the
    // mover's new double blocks, and it blocks every other player.
    let (v, p) = pos("standard 5 4 2 1 0,0,1,1/0,0,0,0/0,0,8,8/0,0,0,0 - 0@1>123 0");
    let q = play(&v, &p, 1, Some(8), 2);
    assert_eq!(blocks(&v, &q), ["2@9>013"]);
}

#[test]
fn a_pair_captures_an_inner_ring_double() {
    // Both have captured. South's double on b2 (16, North's 20); North's pair on c2
    // (North's 19).
    let (v, p) = pos("standard 5 2 1 1 0,0,16,16/0,0,19,19 01 - 0");
    assert_eq!(illegal(&v, &p, 1, Some(19), 1), IllegalMove::DoubleOnTarget);
    let q = play(&v, &p, 1, Some(19), 2);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 0, 0]);
    assert_eq!(pawns(&v, &q, 1), [0, 0, 20, 20]);
    assert!(blocks(&v, &q).is_empty(), "inner doubles never block");
    assert_eq!(
        (q.to_move(), q.phase() == ashta_engine::Phase::Throwing),
        (1, true)
    );
}

#[test]
fn a_pair_capture_under_grace_entry_sends_the_double_off_the_board() {
    // Traditional rules (grace entry): captured pawns leave the board.
    let (v, p) = pos("traditional 5 2 1 1 -1,-1,1,1/-1,-1,8,8 - - 0");
    let q = play(&v, &p, 1, Some(8), 2);
    assert_eq!(pawns(&v, &q, 0), [-1, -1, -1, -1]);
    assert_eq!(pawns(&v, &q, 1), [-1, -1, 9, 9]);
    assert!(q.has_captured(1));
}

#[test]
fn a_pair_lands_on_a_safe_square_among_opponents_as_ever() {
    // A safe square holds no double: North's pair lands on c1 (North's 8) among
    // South's pawns and captures nobody.
    let (v, p) = pos("standard 5 2 1 1 0,0,0,0/0,0,7,7 - - 0");
    let m = mv(&v, &p, 1, Some(7), 2);
    assert_eq!(m.capture(), None);
    let q = play(&v, &p, 1, Some(7), 2);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 0, 0]);
    assert_eq!(pawns(&v, &q, 1), [0, 0, 8, 8]);
}

#[test]
fn pair_moves_together_by_one_value() {
    let (v, p) = pos("standard 5 2 0 3 0,0,5,5/0,0,0,0 - - 0");
    // e4 (5) + 3 = c5 (8), North's start: safe, so North's pawns stay.
    assert_moves(&v, &p, &["3:0>3", "3:0>3x2", "3:5>8", "3:5>8x2"]);
    let q = play(&v, &p, 3, Some(5), 2);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 8, 8]);
    assert_eq!(pawns(&v, &q, 1), [0, 0, 0, 0]);
    // A pair needs two pawns on the square.
    let (v, p) = pos("standard 5 2 0 3 0,0,0,5/0,0,0,0 - - 0");
    assert!(matches!(
        v.find_move(&p, 3, Some(5), 2),
        Err(MoveError::NoUnit { from: 5, count: 2 })
    ));
}

#[test]
fn pair_landing_on_single_captures_it() {
    let (v, p) = pos("standard 5 2 0 1 0,0,0,0/0,0,0,9 - - 0");
    let q = play(&v, &p, 1, Some(0), 2);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 1, 1]);
    assert_eq!(pawns(&v, &q, 1), [0, 0, 0, 0]);
    assert!(q.has_captured(0));
    assert_eq!((q.to_move(), q.extra_turns()), (0, 0));
    assert!(
        q.phase() == ashta_engine::Phase::Throwing,
        "the capture's extra turn"
    );
}

#[test]
fn pair_capturing_on_outer_ring_forms_a_blocking_double() {
    // rules.md: a double forms when a square that held fewer than two of the owner's
    // pawns now holds two or more, and a pair landing on a single captures it. d1 held
    // no South pawn and now holds two, so North must be blocked during its next turn.
    let (v, p) = pos("standard 5 2 0 1 0,0,0,0/0,0,0,9 - - 0");
    let q = play(&v, &p, 1, Some(0), 2);
    assert_eq!(blocks(&v, &q), ["0@1>1"]);
}

#[test]
fn outer_double_blocks_each_opponent_for_its_next_turn_only() {
    // Four players. South: c1 x3 and d1. East, North and West each have a pawn on c1
    // (East 12, North 8, West 4) that wants to pass d1 (East 13, North 9, West 5).
    let (v, p) = pos("standard 5 4 0 1 0,0,0,1/0,0,0,12/0,0,0,8/0,0,0,4 - - 0");
    assert_eq!(
        [name(&v, 1, 13), name(&v, 2, 9), name(&v, 3, 5)],
        ["d1", "d1", "d1"]
    );
    let q = play(&v, &p, 1, Some(0), 1);
    assert_eq!(blocks(&v, &q), ["0@1>123"]);
    assert_eq!(q.to_move(), 1);
    // East: 12 + 2 would pass d1.
    let q = throws(&v, &q, &[2]);
    assert_eq!(illegal(&v, &q, 2, Some(12), 1), IllegalMove::Blocked);
    assert_moves(&v, &q, &["2:0>2", "2:0>2x2"]);
    let q = play(&v, &q, 2, Some(0), 1);
    assert_eq!(blocks(&v, &q), ["0@1>23"], "East's turn is over");
    // North: 8 + 2 would pass d1.
    let q = throws(&v, &q, &[2]);
    assert_eq!(illegal(&v, &q, 2, Some(8), 1), IllegalMove::Blocked);
    let q = play(&v, &q, 2, Some(0), 1);
    assert_eq!(blocks(&v, &q), ["0@1>3"]);
    // West: 4 + 2 would pass d1.
    let q = throws(&v, &q, &[2]);
    assert_eq!(illegal(&v, &q, 2, Some(4), 1), IllegalMove::Blocked);
    let q = play(&v, &q, 2, Some(0), 1);
    assert!(blocks(&v, &q).is_empty());
    // South moves something else; the double still stands on d1 ...
    let q = throws(&v, &q, &[2]);
    let q = play(&v, &q, 2, Some(0), 1);
    assert_eq!(pawns(&v, &q, 0), [0, 1, 1, 2]);
    // ... but on East's following turn it no longer blocks.
    let q = throws(&v, &q, &[2]);
    assert_eq!(mv(&v, &q, 2, Some(12), 1).to(), 14);
    // Landing on it is still illegal (East's d1 is 13).
    let (v, p) = pos("standard 5 4 1 1 0,0,1,1/0,0,0,12/0,0,0,0/0,0,0,0 - - 0");
    assert_eq!(illegal(&v, &p, 1, Some(12), 1), IllegalMove::DoubleOnTarget);
}

#[test]
fn block_lasts_through_the_owners_extra_turn() {
    // South captures on d1 with the 1 (North's 9), then forms a double on e4 (5) with 4.
    let (v, p) = pos("standard 5 2 0 4,1 0,0,0,5/0,0,0,9 - - 0");
    let q = play(&v, &p, 1, Some(0), 1);
    let q = play(&v, &q, 4, Some(1), 1);
    assert_eq!(blocks(&v, &q), ["0@5>1"]);
    assert_eq!(
        (q.to_move(), q.phase() == ashta_engine::Phase::Throwing),
        (0, true)
    );
    // The extra turn: still blocking North.
    let q = throws(&v, &q, &[2]);
    let q = play(&v, &q, 2, Some(0), 1);
    assert_eq!(q.to_move(), 1);
    assert_eq!(blocks(&v, &q), ["0@5>1"]);
    // North's turn ends: the block is gone.
    let q = throws(&v, &q, &[2]);
    let q = play(&v, &q, 2, Some(0), 1);
    assert!(blocks(&v, &q).is_empty());
}

#[test]
fn broken_double_stops_blocking() {
    // South's double on d1 blocks North (North: c1 = 8, c5 x3).
    let (v, p) = pos("standard 5 2 0 1 0,0,1,1/0,0,0,8 - 0@1>1 0");
    assert_moves(&v, &p, &["1:0>1", "1:0>1x2", "1:1>2", "1:1>2x2"]);
    // One pawn leaves d1: the double is broken and blocks nobody.
    let q = play(&v, &p, 1, Some(1), 1);
    assert!(blocks(&v, &q).is_empty());
    let q = throws(&v, &q, &[2]);
    assert_eq!(mv(&v, &q, 2, Some(8), 1).to(), 10);
    // North may now capture the single pawn left on d1.
    let (v, p) = pos("standard 5 2 1 1 0,0,1,2/0,0,0,8 - - 0");
    assert_eq!(mv(&v, &p, 1, Some(8), 1).capture(), Some(0));
}

#[test]
fn pair_that_moves_on_forms_a_new_double_where_it_lands() {
    let (v, p) = pos("standard 5 2 0 1 0,0,1,1/0,0,0,8 - 0@1>1 0");
    let q = play(&v, &p, 1, Some(1), 2);
    // The double now stands on e1 (South's 2, North's 10) and blocks North anew.
    assert_eq!(blocks(&v, &q), ["0@2>1"]);
    let q = throws(&v, &q, &[3]);
    assert_eq!(illegal(&v, &q, 3, Some(8), 1), IllegalMove::Blocked);
}

#[test]
fn double_broken_and_formed_again_blocks_anew() {
    // No block recorded at first (the double is old). Break it with 4 (d1 -> e4), then
    // form it again with 1 (c1 -> d1).
    let (v, p) = pos("standard 5 2 0 4,1 0,0,1,1/0,0,0,8 - - 0");
    let q = play(&v, &p, 4, Some(1), 1);
    assert!(blocks(&v, &q).is_empty());
    let q = play(&v, &q, 1, Some(0), 1);
    assert_eq!(blocks(&v, &q), ["0@1>1"]);
}

#[test]
fn double_that_grows_does_not_block_anew() {
    let (v, p) = pos("standard 5 2 0 1 0,0,1,1/0,0,0,8 - - 0");
    let q = play(&v, &p, 1, Some(0), 1);
    assert_eq!(pawns(&v, &q, 0), [0, 1, 1, 1]);
    assert!(blocks(&v, &q).is_empty());
}

#[test]
fn inner_double_never_blocks() {
    // Both have captured. South: b1 (15) and b2 (16); North on c2 (North's 19).
    let (v, p) = pos("standard 5 2 0 1 0,0,15,16/0,0,0,19 01 - 0");
    assert_eq!([name(&v, 1, 19), name(&v, 1, 20)], ["c2", "b2"]);
    let q = play(&v, &p, 1, Some(15), 1);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 16, 16]);
    assert!(blocks(&v, &q).is_empty(), "a double on ring 1 never blocks");
    // North passes over b2 (North's 20) with 2 ...
    let q = throws(&v, &q, &[2]);
    assert_eq!(mv(&v, &q, 2, Some(19), 1).to(), 21);
    // ... but cannot land on it with 1 (a single pawn; a pair could capture it).
    let (v, p) = pos("standard 5 2 1 1 0,0,16,16/0,0,0,19 01 - 0");
    assert_eq!(illegal(&v, &p, 1, Some(19), 1), IllegalMove::DoubleOnTarget);
}

#[test]
fn block_rejected_for_inner_squares_in_json() {
    let e = reject("standard 5 2 0 - 0,0,16,16/0,0,0,0 0 0@16>1 0");
    assert!(e.contains("outer ring"), "{e}");
}

// ------------------------------------------------------------------ home

#[test]
fn exact_landing_on_home() {
    let (v, p) = pos("standard 5 2 0 3 0,0,0,22/0,0,0,0 0 - 0");
    assert_moves(&v, &p, &["3:0>3", "3:0>3x2"]);
    assert_eq!(illegal(&v, &p, 3, Some(22), 1), IllegalMove::Overshoots);
    let (v, p) = pos("standard 5 2 0 2 0,0,0,22/0,0,0,0 0 - 0");
    assert!(moves(&v, &p).contains(&"2:22>24".to_string()));
}

#[test]
fn home_pawn_never_moves() {
    let (v, p) = pos("standard 5 2 0 1 0,0,24,24/0,0,0,0 0 - 0");
    assert_moves(&v, &p, &["1:0>1", "1:0>1x2"]);
    assert_eq!(illegal(&v, &p, 1, Some(24), 1), IllegalMove::AtHome);
    assert_eq!(illegal(&v, &p, 1, Some(24), 2), IllegalMove::AtHome);
}

#[test]
fn first_to_finish_wins() {
    let (v, p) = pos("standard 5 2 0 2 22,24,24,24/0,0,0,0 0 - 1");
    let q = play(&v, &p, 2, Some(22), 1);
    assert!(q.is_over());
    assert_eq!(q.winner(), Some(0));
    assert_eq!(q.draw(), None);
    assert_eq!(q.extra_turns(), 0);
    assert!(v.to_notation(&q).ends_with("winner=0"));
    assert_eq!(v.to_json(&q).winner, Some(0));
    // The game is over: no throw, no move.
    let mut r = q;
    assert_eq!(
        v.throw(&mut r, PhaseFrom::Given(&[2])).map(|r| r.end),
        Err(ThrowError::GameOver)
    );
    assert!(v.find_move(&q, 2, Some(0), 1).is_err());
    // A pair may walk home together, and four players end just the same.
    let (v, p) = pos("standard 5 4 0 2 22,22,24,24/0,0,0,0/0,0,0,0/0,0,0,0 0 - 0");
    let q = play(&v, &p, 2, Some(22), 2);
    assert_eq!((q.is_over(), q.winner()), (true, Some(0)));
}

#[test]
fn finishing_forfeits_the_rest_of_the_bag() {
    let (v, p) = pos("standard 5 2 0 4,2 22,24,24,24/0,0,0,0 0 - 0");
    let q = play(&v, &p, 2, Some(22), 1);
    assert!(q.is_over());
    assert_eq!(q.bag_len(), 0);
}

#[test]
fn places_mode_plays_on_for_places() {
    // Three players; South (d2 = 22) and East (d4 = East's 22) each need a 2.
    let (v, p) = pos("standard+finish=places 5 3 0 2 22,24,24,24/22,24,24,24/0,0,0,0 01 - 0");
    let q = play(&v, &p, 2, Some(22), 1);
    assert!(!q.is_over());
    assert_eq!(q.places(), [0]);
    assert_eq!(q.winner(), Some(0));
    assert_eq!(q.to_move(), 1);
    // East moves 1 (no finish), North moves, then East again: South is skipped.
    let q = throws(&v, &q, &[1]);
    let q = play(&v, &q, 1, Some(22), 1);
    assert_eq!(q.to_move(), 2);
    let q = throws(&v, &q, &[1]);
    let q = play(&v, &q, 1, Some(0), 1);
    assert_eq!(q.to_move(), 1);
    let q = throws(&v, &q, &[1]);
    let q = play(&v, &q, 1, Some(23), 1);
    // Second to finish: one player left, who takes the last place; the game ends.
    assert!(q.is_over());
    assert_eq!(q.places(), [0, 1, 2]);
    assert_eq!(v.to_json(&q).places, Some(vec![0, 1, 2]));
    assert_eq!(q.winner(), Some(0));
}

#[test]
fn places_mode_with_four_players_needs_three_finishers() {
    let (v, p) = pos(
        "standard+finish=places 5 4 0 2 22,24,24,24/24,24,24,24/0,0,0,0/0,0,0,0 01 - 0 winner=1 places=1",
    );
    let q = play(&v, &p, 2, Some(22), 1);
    assert!(!q.is_over());
    assert_eq!(q.places(), [1, 0]);
    assert_eq!(q.to_move(), 2);
}

// ------------------------------------------------------------------ the moving phase

#[test]
fn player_must_move_when_able() {
    let (v, p) = pos(START2);
    let mut q = p;
    assert_eq!(
        v.throw(&mut q, PhaseFrom::Given(&[2])).map(|r| r.end),
        Ok(ThrowStep::Moving)
    );
    // The bag is not empty: the player cannot throw again, nor pass: only moves.
    assert_eq!(
        v.throw(&mut q, PhaseFrom::Given(&[2])).map(|r| r.end),
        Err(ThrowError::NotThrowing)
    );
    assert_eq!((q.to_move(), v.bag(&q)), (0, vec![2]));
    assert_moves(&v, &q, &["2:0>2", "2:0>2x2"]);
    // The turn ends only once the bag is spent.
    let q = throws(&v, &p, &[4, 2]);
    let q = play(&v, &q, 2, Some(0), 1);
    assert_eq!((q.to_move(), v.bag(&q)), (0, vec![4]));
    let q = play(&v, &q, 4, Some(0), 1);
    assert_eq!((q.to_move(), q.bag_len()), (1, 0));
    // Moves with values not in the bag are refused.
    let q = throws(&v, &p, &[2]);
    assert_eq!(v.find_move(&q, 3, Some(0), 1), Err(MoveError::NotInBag(3)));
}

#[test]
fn values_of_the_bag_are_played_in_any_order() {
    // a4 (11): 1 then 4 -> a3 (12), then 12 + 4 = 16 is past the gate; 4 then 1 -> b1
    // (15), then 15 + 1 is past the gate. Either way the second value is forfeited.
    let (v, p) = pos("standard 5 2 0 - 11,15,15,15/0,0,0,0 - - 0");
    let q = throws(&v, &p, &[4, 1]);
    assert_moves(&v, &q, &["1:11>12", "4:11>15"]);
    let a = play(&v, &q, 1, Some(11), 1);
    let b = play(&v, &q, 4, Some(11), 1);
    assert_eq!((a.to_move(), a.bag_len()), (1, 0));
    assert_eq!((b.to_move(), b.bag_len()), (1, 0));
}

#[test]
fn unusable_bag_is_forfeited() {
    // Every South pawn waits at b1: nothing can move, the throw is forfeited at once.
    let (v, p) = pos("standard 5 2 0 - 15,15,15,15/0,0,0,0 - - 0");
    let mut q = p;
    assert_eq!(
        v.throw(&mut q, PhaseFrom::Given(&[2])).map(|r| r.end),
        Ok(ThrowStep::Forfeited)
    );
    assert_eq!((q.to_move(), q.bag_len(), q.is_over()), (1, 0, false));
    // Part of a bag: a1 (14) can use the 1 but not the 4.
    let (v, p) = pos("standard 5 2 0 - 14,15,15,15/0,0,0,0 - - 0");
    let q = throws(&v, &p, &[4, 1]);
    assert_moves(&v, &q, &["1:14>15"]);
    let q = play(&v, &q, 1, Some(14), 1);
    assert_eq!((q.to_move(), q.bag_len()), (1, 0));
    assert_eq!(pawns(&v, &q, 0), [15, 15, 15, 15]);
}

#[test]
fn plays_lists_each_distinct_way_to_spend_the_bag() {
    // Bag 4,1 from the start (2 players).
    let (v, p) = pos(START2);
    let q = throws(&v, &p, &[4, 1]);
    let plays = v.plays(&q);
    // Distinct end positions for South (4 and 1, each on a pawn or a pair, in either
    // order): 4+1 on one pawn {0,0,0,5}; pawn 4, pawn 1 {0,0,1,4}; pawn 4, pair 1
    // {0,1,1,4}; pair 4, pawn 1 {0,1,4,4}; pair 4, pair 1 {1,1,4,4}; pair 4 then one of
    // it on {0,0,4,5}; pair 4 then pair 1 {0,0,5,5}; pair 1 then one of it 4 {0,0,1,5}.
    let mut ends: Vec<Vec<i64>> = plays.iter().map(|pl| pawns(&v, &pl.position, 0)).collect();
    ends.sort();
    let mut want = vec![
        vec![0, 0, 0, 5],
        vec![0, 0, 1, 4],
        vec![0, 1, 1, 4],
        vec![0, 1, 4, 4],
        vec![1, 1, 4, 4],
        vec![0, 0, 4, 5],
        vec![0, 0, 5, 5],
        vec![0, 0, 1, 5],
    ];
    want.sort();
    assert_eq!(ends, want);
    // Each play's moves, replayed, reach its position, and the turn has passed.
    for pl in &plays {
        let mut r = q;
        for m in &pl.moves {
            v.play(&mut r, *m).unwrap();
        }
        assert_eq!(r, pl.position);
        assert!(r.phase() == ashta_engine::Phase::Throwing);
        assert_eq!(r.to_move(), 1);
    }
}

// ------------------------------------------------------------------ grace entry

#[test]
fn grace_entry_brings_half_the_value_onto_start() {
    let (v, p) = pos("traditional 5 2 0 - -1,-1,-1,-1/-1,-1,-1,-1 - - 0");
    let q = throws(&v, &p, &[4, 1]);
    // The 1 cannot be used (nothing on the board); the 4 brings 2 pawns on.
    assert_moves(&v, &q, &["4:+2"]);
    let q = play(&v, &q, 4, None, 2);
    assert_eq!(pawns(&v, &q, 0), [-1, -1, 0, 0]);
    assert_moves(&v, &q, &["1:0>1", "1:0>1x2"]);
    // An 8 brings 4.
    let q = throws(&v, &p, &[0, 2]);
    assert_moves(&v, &q, &["8:+4"]);
    let q = play(&v, &q, 8, None, 4);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 0, 0]);
    assert_moves(&v, &q, &["2:0>2", "2:0>2x2"]);
    // Or all that are off the board if fewer; a grace value may also move a pawn.
    let (v, p) = pos("traditional 5 2 0 8 -1,0,0,0/-1,-1,-1,-1 - - 0");
    assert_moves(&v, &p, &["8:+1", "8:0>8", "8:0>8x2"]);
    assert_eq!(illegal(&v, &p, 8, None, 4), IllegalMove::EntryCount);
    // A plain value never brings pawns on.
    let (v, p) = pos("traditional 5 2 0 8,2 -1,0,0,0/-1,-1,-1,-1 - - 0");
    assert_eq!(illegal(&v, &p, 2, None, 1), IllegalMove::EntryNeedsGrace);
    // Under start entry there is nothing off the board.
    let (v, p) = pos("standard 5 2 0 4 0,0,0,0/0,0,0,0 - - 0");
    assert_eq!(
        illegal(&v, &p, 4, None, 2),
        IllegalMove::EntryWithoutGraceEntry
    );
}

#[test]
fn grace_entry_with_only_plain_values_forfeits() {
    let (v, p) = pos("traditional 5 2 0 - -1,-1,-1,-1/-1,-1,-1,-1 - - 0");
    let mut q = p;
    assert_eq!(
        v.throw(&mut q, PhaseFrom::Given(&[3])).map(|r| r.end),
        Ok(ThrowStep::Forfeited)
    );
    assert_eq!(q.to_move(), 1);
    assert!(!q.is_over(), "pawns can still enter later: not frozen");
}

#[test]
fn captured_pawn_leaves_board_under_grace_entry() {
    let (v, p) = pos("traditional 5 2 0 1 -1,-1,-1,0/-1,-1,-1,9 - - 0");
    let q = play(&v, &p, 1, Some(0), 1);
    assert_eq!(pawns(&v, &q, 1), [-1, -1, -1, -1]);
    assert_eq!(pawns(&v, &q, 0), [-1, -1, -1, 1]);
    assert!(q.has_captured(0));
}

// ------------------------------------------------------------------ doubles off

#[test]
fn doubles_off_two_pawns_protect_nothing() {
    // rules.md only says the flag turns doubles off; RULES.md (decision 6): two pawns
    // are no protection, and a unit landing on them captures both.
    let (v, p) = pos("standard+doubles=false 5 2 1 1 0,0,1,1/0,0,0,8 - - 0");
    let m = mv(&v, &p, 1, Some(8), 1);
    assert_eq!(m.capture(), Some(0));
    let q = play(&v, &p, 1, Some(8), 1);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 0, 0]);
}

#[test]
fn doubles_off_forms_no_block_and_moves_no_pairs() {
    let (v, p) = pos("standard+doubles=false 5 2 0 1 0,0,0,1/0,0,0,8 - - 0");
    assert_moves(&v, &p, &["1:0>1", "1:1>2"]);
    assert_eq!(
        illegal(&v, &p, 1, Some(0), 2),
        IllegalMove::PairWithoutDoubles
    );
    let q = play(&v, &p, 1, Some(0), 1);
    assert!(blocks(&v, &q).is_empty());
    let q = throws(&v, &q, &[2]);
    assert_eq!(mv(&v, &q, 2, Some(8), 1).to(), 10);
    let e = reject("standard+doubles=false 5 2 0 - 0,0,1,1/0,0,0,8 - 0@1>1 0");
    assert!(e.contains("no doubles"), "{e}");
}

// ------------------------------------------------------------------ end of the game

#[test]
fn frozen_position_is_a_draw() {
    // Nobody has captured; every pawn waits at its gate (South b1, North d5).
    let (v, p) = pos("standard 5 2 0 1 14,15,15,15/15,15,15,15 - - 0");
    let q = play(&v, &p, 1, Some(14), 1);
    assert!(q.is_over());
    assert_eq!(q.draw(), Some(DrawReason::Frozen));
    assert_eq!(q.winner(), None);
    assert_eq!(v.to_json(&q).draw.as_deref(), Some("frozen"));
    assert!(v.to_notation(&q).ends_with("draw=frozen"));
    // A frozen position reached by a forfeited throw is drawn too.
    let (v, p) = pos("standard 5 2 0 - 15,15,15,15/15,15,15,15 - - 0");
    let mut q = p;
    v.throw(&mut q, PhaseFrom::Given(&[1])).unwrap();
    assert_eq!(q.draw(), Some(DrawReason::Frozen));
    assert!(v.is_frozen(&p));
}

/// A table where every throw moves 1 (two cowries), so that only one square ahead counts.
const ONES: &str = "standard+cowries=2+throws=1.1.1";

#[test]
fn a_pair_that_could_capture_a_double_keeps_the_game_from_freezing() {
    // Every throw moves 1. South: a pair on e5 (6) and two pawns at the gate (b1, 15);
    // North: four pawns at its gate, d5 (North's 15, South's 7). The pair could land on
    // North's double on d5 and capture it: a move, so nothing is frozen.
    let text = format!("{ONES} 5 2 0 - 6,6,15,15/15,15,15,15 - - 0");
    let (v, p) = pos(&text);
    assert!(!v.is_frozen(&p));
    let q = throws(&v, &p, &[1]);
    assert_moves(&v, &q, &["1:6>7x2*"]);
    // A single pawn there could not, so with one pawn on e5 the game is frozen.
    let (v, p) = pos(&format!("{ONES} 5 2 0 - 6,15,15,15/15,15,15,15 - - 0"));
    assert!(v.is_frozen(&p));
    // Under the old reading (pair_capture off) not even the pair can: frozen.
    let off = text.replacen(ONES, &format!("{ONES}+pair_capture=false"), 1);
    let (v, p) = pos(&off);
    assert!(v.is_frozen(&p));
    let mut q = p;
    v.throw(&mut q, PhaseFrom::Given(&[1])).unwrap();
    assert_eq!(q.draw(), Some(DrawReason::Frozen));
}

#[test]
fn position_frozen_only_by_a_block_is_not_a_draw() {
    // South: e5 (6) and b1 x3; North: four pawns (a double) on d5 (South's 7) blocking
    // South. e5 + 2 = c5 would pass d5: blocked this turn, legal the next.
    let (v, p) = pos("standard 5 2 0 - 6,15,15,15/15,15,15,15 - 1@15>0 0");
    assert!(!v.is_frozen(&p));
    let mut q = p;
    assert_eq!(
        v.throw(&mut q, PhaseFrom::Given(&[2])).map(|r| r.end),
        Ok(ThrowStep::Forfeited)
    );
    assert!(!q.is_over());
    let mut q2 = q;
    assert_eq!(
        v.throw(&mut q2, PhaseFrom::Given(&[2])).map(|r| r.end),
        Ok(ThrowStep::Forfeited)
    );
    assert_eq!(q2.to_move(), 0);
    let q3 = throws(&v, &q2, &[2]);
    assert_moves(&v, &q3, &["2:6>8"]);
}

#[test]
fn turn_limit_draws() {
    let mut rules = Rules::standard();
    rules.players = 2;
    rules.turn_limit = Some(5);
    let mut game = Game::new(rules, 11).unwrap();
    while !game.position().is_over() {
        if game.position().phase() == ashta_engine::Phase::Throwing {
            while game.phase() == ashta_engine::Phase::Throwing {
                game.throw(ThrowFrom::Own).unwrap();
            }
        } else {
            let m = legal(game.variant(), game.position())[0];
            game.checker().check_move(m).map(|c| c.play()).unwrap();
        }
    }
    assert_eq!(game.turns(), 5);
    assert_eq!(game.position().draw(), Some(DrawReason::TurnLimit));
    let result = game.record().result.clone().unwrap();
    assert_eq!(result.draw.as_deref(), Some("turn limit"));
    assert_eq!(result.winner, None);
    let v = game.variant();
    assert!(v.to_notation(game.position()).ends_with("draw=turn-limit"));
    let again = Game::load(&game.save()).unwrap();
    assert_eq!(again.position(), game.position());
}

#[test]
fn turn_limit_draw_with_an_extra_turn_pending_reads_back() {
    // Turn limit 1: South captures twice in the only turn (d1 with the 1, then e4 with
    // the 4). One extra turn starts at once, the other is still pending when the
    // driver declares the draw; the position must still read back.
    let (v, p) = pos("standard+turn_limit=1 5 2 0 - 0,0,0,0/0,0,9,13 - - 0");
    let mut game = Game::from_position(v, p, None);
    for up in [4, 1] {
        game.throw(ThrowFrom::Entered(up)).unwrap();
    }
    let m = mv(game.variant(), game.position(), 1, Some(0), 1);
    game.checker().check_move(m).map(|c| c.play()).unwrap();
    let m = mv(game.variant(), game.position(), 4, Some(1), 1);
    game.checker().check_move(m).map(|c| c.play()).unwrap();
    let end = *game.position();
    assert_eq!(end.draw(), Some(DrawReason::TurnLimit));
    // The drawn game has no turns left, so the pending extra turn is dropped.
    assert_eq!(end.extra_turns(), 0);
    let text = game.variant().to_json_string(&end);
    let (_, back) = parse_any(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(back, end);
}

#[test]
fn no_turn_limit_by_default() {
    assert_eq!(Rules::standard().turn_limit, None);
    for p in Preset::ALL {
        assert_eq!(Rules::preset(p).turn_limit, None);
    }
}

#[test]
fn every_preset_validates_for_every_player_count() {
    for preset in Preset::ALL {
        for players in 2..=4u8 {
            let mut r = Rules::preset(preset);
            r.players = players;
            let v = Variant::new(r).unwrap();
            let p = v.start_position();
            let text = v.to_notation(&p);
            let (v2, p2) = parse_any(&text).unwrap();
            assert_eq!(p2, p);
            assert_eq!(v2.players(), players as usize);
        }
    }
}

// ------------------------------------------------------------------ rule settings

#[test]
fn custom_safe_squares_replace_the_default_ones() {
    // Without a3 in the list, a3 is an ordinary square: South captures North there.
    let (v, p) = pos("standard+safe=c1.c5.c3 5 2 0 1 0,0,0,11/0,0,0,4 - - 0");
    assert!(!v.is_safe(Square::parse("a3", 5).unwrap()));
    assert_eq!(mv(&v, &p, 1, Some(11), 1).capture(), Some(1));
    // With the default layout it is safe.
    let (v, p) = pos("standard 5 2 0 1 0,0,0,11/0,0,0,4 - - 0");
    assert_eq!(mv(&v, &p, 1, Some(11), 1).capture(), None);
    // A listed square is safe: North lands among South's two pawns on b1 (North's 7).
    let (v, p) = pos("standard+safe=c1.c5.c3.b1 5 2 1 1 0,0,15,15/0,0,0,6 - - 0");
    assert!(v.is_safe(Square::parse("b1", 5).unwrap()));
    let q = play(&v, &p, 1, Some(6), 1);
    assert_eq!(pawns(&v, &q, 0), [0, 0, 15, 15]);
    // The list must hold the centre and every start square in use.
    let e = reject("standard+safe=c1.c3 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    assert!(e.contains("c5"), "{e}");
}

#[test]
fn six_cowries_throw_one_to_five_six_and_twelve() {
    let (v, p) = pos("standard+cowries=6 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    let q = throws(&v, &p, &[6, 0, 5]);
    assert_eq!(v.bag(&q), [12, 6, 5]);
    assert_moves(
        &v,
        &q,
        &[
            "12:0>12",
            "12:0>12x2",
            "6:0>6",
            "6:0>6x2",
            "5:0>5",
            "5:0>5x2",
        ],
    );
    let mut r = p;
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut r, 6).unwrap(),
        ThrowStep::Again
    );
    assert_eq!(
        ashta_engine::fast::throw_one(&v, &mut r, 3).unwrap(),
        ThrowStep::Moving
    );
}

#[test]
fn voided_turn_counts_as_the_blocked_players_turn() {
    let (v, p) = pos("standard+three_graces=forfeit 5 2 1 - 0,0,1,1/0,0,0,8 - 0@1>1 0");
    let mut q = p;
    assert_eq!(
        v.throw(&mut q, PhaseFrom::Given(&[4, 4, 0])).map(|r| r.end),
        Ok(ThrowStep::Voided)
    );
    assert!(blocks(&v, &q).is_empty());
    assert_eq!(q.to_move(), 0);
}

#[test]
fn forfeited_turn_counts_as_the_blocked_players_turn() {
    // North (all at d5 but one on c1) throws 2: c1 + 2 would pass the blocking double.
    let (v, p) = pos("standard 5 2 1 - 0,0,1,1/8,15,15,15 - 0@1>1 0");
    let mut q = p;
    assert_eq!(
        v.throw(&mut q, PhaseFrom::Given(&[2])).map(|r| r.end),
        Ok(ThrowStep::Forfeited)
    );
    assert!(blocks(&v, &q).is_empty());
}

#[test]
fn block_stops_a_pawn_going_from_the_outer_ring_inside() {
    // South has captured; a1 (14) + 4 = b4 (18) passes b1 (15), North's blocking double.
    let (v, p) = pos("standard 5 2 0 4 0,0,0,14/0,0,7,7 0 1@7>0 0");
    assert_eq!(illegal(&v, &p, 4, Some(14), 1), IllegalMove::Blocked);
    let (v, p) = pos("standard 5 2 0 4 0,0,0,14/0,0,7,7 0 - 0");
    assert_eq!(mv(&v, &p, 4, Some(14), 1).to(), 18);
}

#[test]
fn rules_where_no_pawn_can_ever_leave_the_start_are_refused_or_drawn_at_once() {
    // Two cowries moving 16, 16 or 20 on 5×5: from c1 every throw passes the gate.
    let mut rules = Rules::standard();
    rules.players = 2;
    rules.cowries = 2;
    rules.throws = Some(ashta_engine::TableSpec::Faces(vec![
        ashta_engine::Face {
            value: 16,
            grace: true,
        },
        ashta_engine::Face {
            value: 16,
            grace: false,
        },
        ashta_engine::Face {
            value: 20,
            grace: true,
        },
    ]));
    match Variant::new(rules) {
        Err(_) => {}
        Ok(v) => {
            let p = v.start_position();
            assert!(v.is_frozen(&p));
            assert!(
                p.is_over(),
                "rules.md: a position where no player can ever move is a draw"
            );
        }
    }
}

#[test]
fn grace_entry_without_a_grace_value_is_refused_or_frozen_at_once() {
    // Two cowries, every face a plain 1: pawns off the board can never come on.
    let mut rules = Rules::standard();
    rules.players = 2;
    rules.entry = ashta_engine::Entry::Grace;
    rules.cowries = 2;
    rules.throws = Some(ashta_engine::TableSpec::Faces(vec![
        ashta_engine::Face {
            value: 1,
            grace: false
        };
        3
    ]));
    match Variant::new(rules) {
        Err(_) => {}
        Ok(v) => {
            let p = v.start_position();
            assert!(v.is_frozen(&p));
            assert!(
                p.is_over(),
                "rules.md: a position where no player can ever move is a draw"
            );
        }
    }
}
