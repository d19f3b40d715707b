//! The compact core agrees with the general engine: a compact position carries every
//! rule state between turns (the engine position it gives back is the one it was read
//! from), the index is a bijection, and the turns the solver reads off a compact
//! position are the engine's own plays and results.

mod common;

use ashta_engine::{PlayEnds, Preset, ThrowStep, PLAYS_LIMIT};
use ashta_solve::{bags, end_of, outcomes, Board, Indexer, Node};
use proptest::prelude::*;

use common::{random_turn_starts, two_player};

fn preset_of(k: u8) -> Preset {
    if k == 0 {
        Preset::Standard
    } else {
        Preset::Traditional
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Reading an engine position into the compact core and back gives the same
    /// position (pawns, capture flags, extra turns, blocks, whose turn), and its index
    /// gives the compact position back.
    #[test]
    fn compact_and_index_round_trip_engine_positions(
        seed in 0u64..1_000_000, preset in 0u8..2, pawns in 1u8..=4
    ) {
        let board = Board::new(two_player(preset_of(preset), pawns)).unwrap();
        let indexer = Indexer::new(&board);
        for pos in random_turn_starts(board.variant(), seed, 400) {
            let Node::Turn(c) = board.node(&pos).unwrap() else { unreachable!() };
            let back = board.position(&c).unwrap();
            prop_assert_eq!(back, pos);
            let i = indexer.index(&c);
            prop_assert!(i < indexer.len());
            prop_assert_eq!(indexer.compact(i), c);
        }
    }

    /// Every index names a compact position whose index it is.
    #[test]
    fn every_index_round_trips(raw in any::<u64>(), preset in 0u8..2, pawns in 1u8..=4) {
        let board = Board::new(two_player(preset_of(preset), pawns)).unwrap();
        let indexer = Indexer::new(&board);
        let i = raw % indexer.len();
        prop_assert_eq!(indexer.index(&indexer.compact(i)), i);
    }

    /// For random positions and every bag, the ends the solver reads off the compact
    /// position are exactly the ends of the engine's plays from the original position
    /// (same positions, same results, same player to move next).
    #[test]
    fn turns_from_the_compact_core_are_the_engines(
        seed in 0u64..1_000_000, preset in 0u8..2, pawns in 2u8..=4
    ) {
        let board = Board::new(two_player(preset_of(preset), pawns)).unwrap();
        let indexer = Indexer::new(&board);
        let variant = board.variant();
        let all_bags = bags(variant);
        let positions = random_turn_starts(variant, seed, 60);
        let pos = positions[seed as usize % positions.len()];
        let Node::Turn(c) = board.node(&pos).unwrap() else { unreachable!() };
        let mut buffers = PlayEnds::default();
        // The likeliest bags: long bags of many values take long to list.
        let some: Vec<_> = all_bags.iter().take(24).cloned().collect();
        let solver = outcomes(&board, &indexer, &some, &c, &mut buffers).unwrap();
        let mut expect: Vec<(Vec<ashta_solve::End>, f64)> = Vec::new();
        for bag in &some {
            let mut p = pos;
            let step = variant.apply_throws(&mut p, &bag.throws).unwrap();
            let mut ends = Vec::new();
            if step == ThrowStep::Moving {
                for play in variant.plays_within(&p, PLAYS_LIMIT).plays {
                    ends.push(end_of(&board, &indexer, c.to_move as usize, &play.position).unwrap());
                }
            } else {
                ends.push(end_of(&board, &indexer, c.to_move as usize, &p).unwrap());
            }
            ends.sort_unstable();
            ends.dedup();
            match expect.iter_mut().find(|(e, _)| *e == ends) {
                Some((_, q)) => *q += bag.probability,
                None => expect.push((ends, bag.probability)),
            }
        }
        prop_assert_eq!(solver.len(), expect.len());
        for (o, (ends, q)) in solver.iter().zip(&expect) {
            prop_assert_eq!(&o.ends, ends);
            prop_assert!((o.probability - q).abs() < 1e-15);
        }
    }
}

/// A compact position whose pawns share a square that is not safe with the other
/// player's single pawn is refused by the engine, with its reason.
#[test]
fn impossible_compact_positions_are_refused_by_the_engine() {
    let board = Board::new(two_player(Preset::Standard, 1)).unwrap();
    let indexer = Indexer::new(&board);
    let bad = (0..indexer.len())
        .map(|i| indexer.compact(i))
        .filter(|c| board.position(c).is_err())
        .count();
    assert!(bad > 0, "some index entries are impossible positions");
}
