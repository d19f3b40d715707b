//! The compact core agrees with the general engine: a compact position carries every
//! rule state between turns (the engine position it gives back is the one it was read
//! from), the index is a bijection, and the turns the solver reads off a compact
//! position with its own moves are the engine's plays and results.

mod common;

use ashta_engine::{PhaseFrom, Position, Preset, ThrowStep, PLAYS_LIMIT};
use ashta_solve::{bag_ends, bags, end_of, outcomes, Bag, Board, End, Indexer, Node, Walker};
use proptest::prelude::*;

use common::{random_turn_starts, two_player, Pick};

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

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// For random positions and the likeliest bags, the ends the compact core's own
    /// moves find are exactly the ends of the engine's plays from the original position
    /// (same positions, same results, same player to move next), under the standard
    /// and traditional rules and with a pair not allowed to capture a double.
    #[test]
    fn turns_from_the_compact_core_are_the_engines(
        seed in 0u64..1_000_000, preset in 0u8..2, pawns in 1u8..=4, pair_capture in any::<bool>()
    ) {
        let mut rules = two_player(preset_of(preset), pawns);
        rules.pair_capture = pair_capture;
        let board = Board::new(rules).unwrap();
        let positions = random_turn_starts(board.variant(), seed, 80);
        let pos = positions[seed as usize % positions.len()];
        // Long bags of many values take the engine long to list.
        let some: Vec<_> = bags(board.variant()).into_iter().take(40).collect();
        agree(&board, &pos, &some)?;
    }

    /// A turn played move by move on the compact core, the moves picked at random,
    /// ends where one of the bag's plays ends.
    #[test]
    fn a_turn_played_move_by_move_ends_where_a_play_of_its_bag_ends(
        seed in 0u64..1_000_000, preset in 0u8..2, pawns in 1u8..=4
    ) {
        let board = Board::new(two_player(preset_of(preset), pawns)).unwrap();
        let indexer = Indexer::new(&board);
        let positions = random_turn_starts(board.variant(), seed, 80);
        let pos = positions[seed as usize % positions.len()];
        let Node::Turn(c) = board.node(&pos).unwrap() else { unreachable!() };
        let mut pick = Pick::new(seed);
        let mut walker = Walker::default();
        for bag in bags(board.variant()).iter().take(30) {
            let end = match board.play_turn(&c, &bag.values, |n| pick.below(n)) {
                Node::Turn(next) if next.to_move == c.to_move => End::Again(indexer.index(&next)),
                Node::Turn(next) => End::Passed(indexer.index(&next)),
                Node::Over(Some(w)) if w == c.to_move as usize => End::Win,
                Node::Over(Some(_)) => End::Loss,
                Node::Over(None) => End::Draw,
            };
            let ends = bag_ends(&board, &indexer, &c, bag, &mut walker);
            prop_assert!(ends.contains(&end), "{:?} after {:?}", end, bag.values);
        }
    }

    /// The same for compact positions drawn from the whole index (any the engine
    /// accepts, reachable or not) and every bag of up to five values.
    #[test]
    fn turns_of_any_indexed_position_are_the_engines(
        raw in any::<u64>(), preset in 0u8..2, pawns in 1u8..=3
    ) {
        let board = Board::new(two_player(preset_of(preset), pawns)).unwrap();
        let indexer = Indexer::new(&board);
        let c = indexer.compact(raw % indexer.len());
        let Ok(pos) = board.position(&c) else { return Ok(()) };
        let Ok(Node::Turn(_)) = board.node(&pos) else { return Ok(()) };
        let some: Vec<_> = bags(board.variant()).into_iter().filter(|b| b.values.len() <= 5).collect();
        agree(&board, &pos, &some)?;
    }
}

/// Checks the compact core's outcomes of `bags` at `pos` against the engine's plays.
fn agree(board: &Board, pos: &Position, bags: &[Bag]) -> Result<(), TestCaseError> {
    let indexer = Indexer::new(board);
    let variant = board.variant();
    let Node::Turn(c) = board.node(pos).unwrap() else {
        unreachable!()
    };
    let solver = outcomes(board, &indexer, bags, &c, &mut Walker::default());
    let mut expect: Vec<(Vec<End>, f64)> = Vec::new();
    for bag in bags {
        let mut p = *pos;
        let step = variant
            .throw(&mut p, PhaseFrom::Given(&bag.throws))
            .map(|r| r.end)
            .unwrap();
        let mut ends = Vec::new();
        if step == ThrowStep::Moving {
            let list = variant.plays_within(&p, PLAYS_LIMIT);
            prop_assert!(list.complete, "the engine lists every play");
            for play in list.plays {
                ends.push(end_of(board, &indexer, c.to_move as usize, &play.position).unwrap());
            }
        } else {
            ends.push(end_of(board, &indexer, c.to_move as usize, &p).unwrap());
        }
        ends.sort_unstable();
        ends.dedup();
        match expect.iter_mut().find(|(e, _)| *e == ends) {
            Some((_, q)) => *q += bag.probability,
            None => expect.push((ends, bag.probability)),
        }
    }
    prop_assert_eq!(solver.len(), expect.len(), "{}", variant.to_notation(pos));
    for (o, (ends, q)) in solver.iter().zip(&expect) {
        prop_assert_eq!(&o.ends, ends, "{}", variant.to_notation(pos));
        prop_assert!((o.probability - q).abs() < 1e-15);
    }
    Ok(())
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

/// The compact core is made for the 5×5 board: another size is refused, naming it.
#[test]
fn a_board_other_than_five_by_five_is_refused_with_its_size() {
    let mut rules = two_player(Preset::Standard, 2);
    rules.size = 7;
    let err = Board::new(rules).unwrap_err();
    assert!(matches!(err, ashta_solve::SolveError::Size(7)), "{err}");
    assert!(err.to_string().contains("7×7"), "{err}");
}
