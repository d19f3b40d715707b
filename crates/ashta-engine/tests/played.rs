//! Playing a move with one legality check: by index in the legal list or by request,
//! the facts it returns agree with the separate queries (legal moves, play, forfeit).

mod common;

use ashta_engine::{IllegalMove, MoveError, MoveList, PhaseFrom, Rules, SeededThrows, Variant};
use common::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn playing_by_index_or_request_agrees_with_the_legal_list_and_its_queries() {
    for (players, traditional) in [(2, false), (4, false), (2, true), (4, true)] {
        let mut rules = if traditional {
            Rules::preset(ashta_engine::Preset::Traditional)
        } else {
            Rules::standard()
        };
        rules.players = players;
        let v = Variant::new(rules).unwrap();
        let mut throws = SeededThrows::new(players as u64);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut moves = MoveList::new();
        let mut pos = v.start_position();
        let mut checked = 0;
        while checked < 3_000 {
            if pos.is_over() {
                pos = v.start_position();
            }
            if pos.phase() == ashta_engine::Phase::Throwing {
                v.throw(&mut pos, PhaseFrom::Source(&mut throws)).unwrap();
                continue;
            }
            v.legal_moves(&pos, &mut moves);
            let i = rng.random_range(0..moves.len());
            let mv = moves[i];
            let mut by_request = pos;
            let played = v.play(&mut by_request, mv).unwrap();
            let mut plain = pos;
            v.play(&mut plain, mv).unwrap();
            assert_eq!((played.mv, played.position, by_request), (mv, plain, plain));
            assert_eq!(played.player, pos.to_move());
            assert_eq!(played.forfeit, v.forfeit_after_move(&pos, mv));
            assert_eq!(played.captured.map(|c| c.0 as u8), mv.capture());
            assert_eq!(played.path.last().copied(), Some(mv.to() as usize));
            if played.block.is_some() {
                assert!(played.double);
            }
            checked += 1;
            pos = plain;
        }
    }
}

#[test]
fn a_double_its_block_and_a_capture_are_reported() {
    // South's pair at 0 takes a 3 onto North's lone pawn on e2 (3): a capture of one
    // pawn, and the pair stands there as a double that blocks North.
    let (v, p) = pos("standard 5 2 0 3 0,0,1,2/0,0,0,11 - - 0");
    let north = v.path_index(1, v.square(0, 3));
    assert_eq!(north, 11);
    let mut q = p;
    let played = v
        .find_move(&q, 3, Some(0), 2)
        .and_then(|mv| v.play(&mut q, mv))
        .unwrap();
    assert_eq!(played.captured, Some((1, 1)));
    assert!(played.double);
    assert_eq!(played.block.map(|b| (b.owner, b.blocked)), Some((0, 0b10)));
    assert_eq!(played.path, [1, 2, 3]);
}

#[test]
fn a_refused_move_leaves_the_position_unchanged() {
    let (v, p) = pos("standard 5 2 0 4 0,0,0,12/0,0,0,0 - - 0");
    let mut q = p;
    assert_eq!(
        v.find_move(&q, 4, Some(12), 1)
            .and_then(|mv| v.play(&mut q, mv)),
        Err(MoveError::Illegal(IllegalMove::GateClosed))
    );
    assert_eq!(q, p);
    let (v, start) = pos("standard 5 2 0 - 0,0,0,0/0,0,0,0 - - 0");
    let mut r = start;
    assert_eq!(
        v.find_move(&r, 4, Some(0), 1)
            .and_then(|mv| v.play(&mut r, mv)),
        Err(MoveError::MustThrow)
    );
    // South, who never captured, holds a 4 and a 3: the 3 takes the pawn from 11 to 14,
    // where the others stand, and no pawn can then use the 4 without passing the gate.
    let (v, p) = pos("standard 5 2 0 4,3 11,14,14,14/0,0,0,0 - - 0");
    let mut q = p;
    let played = v
        .find_move(&q, 3, Some(11), 1)
        .and_then(|mv| v.play(&mut q, mv))
        .unwrap();
    assert_eq!(
        played.forfeit.as_ref().map(|f| f.values.clone()),
        Some(vec![4])
    );
    assert_eq!(q.to_move(), 1);
}

#[test]
fn legal_outcomes_are_the_legal_moves_each_played_on_a_copy() {
    let mut rules = Rules::standard();
    rules.players = 4;
    let v = Variant::new(rules).unwrap();
    let mut throws = SeededThrows::new(5);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut moves = MoveList::new();
    let mut pos = v.start_position();
    let mut seen = 0;
    while seen < 2_000 {
        if pos.is_over() {
            pos = v.start_position();
        }
        if pos.phase() == ashta_engine::Phase::Throwing {
            assert!(v.legal_outcomes(&pos).is_empty());
            v.throw(&mut pos, PhaseFrom::Source(&mut throws)).unwrap();
            continue;
        }
        v.legal_moves(&pos, &mut moves);
        let outcomes = v.legal_outcomes(&pos);
        assert_eq!(outcomes.len(), moves.len());
        for (mv, outcome) in moves.iter().zip(&outcomes) {
            let mut copy = pos;
            let played = v.play(&mut copy, *mv).unwrap();
            assert_eq!(*outcome, played);
            seen += 1;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        v.play(&mut pos, mv).unwrap();
    }
}
