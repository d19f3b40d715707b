//! The self-play fast paths against the straightforward computations they stand for, on
//! every position of random games under random rule flags: the branch-free move list
//! ([`Variant::fill_moves`]) against [`Variant::legal_moves`] (itself checked against a
//! reference implementation of the rules in `tests/reference.rs`), the bag's mask
//! ([`bag_mask`]) against a loop over the counts, and the frozen check's quick look
//! ([`Variant::rearmost_can_move`]) against [`Variant::can_ever_move`], and the walk
//! of a one-value bag's plays, which keeps no sets, against the general walk.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::movegen::bag_mask;
use super::*;
use crate::throws::SeededThrows;

/// Rules with every flag drawn at random, on 5×5 and 7×7, 1 to 8 pawns.
fn arb_rules() -> impl Strategy<Value = Rules> {
    (
        (2u8..=4, prop::sample::select(vec![5u8, 7]), 1u8..=8),
        (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        (any::<bool>(), any::<bool>(), any::<bool>()),
    )
        .prop_map(
            |(
                (players, size, pawns),
                (circle, grace, forfeit, bonus),
                (doubles, pairs, places),
            )| {
                let mut r = Rules::standard();
                r.players = players;
                r.size = size;
                r.pawns = Some(pawns);
                r.gate = if circle { Gate::Circle } else { Gate::Wait };
                r.entry = if grace { Entry::Grace } else { Entry::Start };
                r.three_graces = if forfeit {
                    ThreeGraces::Forfeit
                } else {
                    ThreeGraces::Allowed
                };
                r.capture_bonus = bonus;
                r.doubles = doubles;
                r.pair_capture = pairs;
                r.finish = if places {
                    Finish::Places
                } else {
                    Finish::First
                };
                r
            },
        )
}

/// Plays `steps` throws and moves of a random game, calling `check` on every position.
fn walk(v: &Variant, seed: u64, steps: usize, mut check: impl FnMut(&Position)) {
    let mut throws = SeededThrows::new(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut pos = v.start_position();
    let mut moves = MoveList::new();
    for _ in 0..steps {
        check(&pos);
        if pos.is_over() {
            break;
        }
        if pos.bag_empty() {
            v.throw(&mut pos, crate::PhaseFrom::Source(&mut throws))
                .expect("a throw when the bag is empty");
            continue;
        }
        v.legal_moves(&pos, &mut moves);
        if moves.is_empty() {
            v.end_turn(&mut pos).expect("a turn with no move ends");
        } else {
            let mv = moves[rng.random_range(0..moves.len())];
            v.play(&mut pos, mv).expect("a generated move is legal");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok())
            .unwrap_or(if cfg!(debug_assertions) { 16 } else { 96 })
    ))]

    #[test]
    fn branch_free_move_list_is_the_legal_move_list(
        rules in arb_rules(),
        seed in any::<u64>(),
    ) {
        let v = Variant::new(rules).unwrap();
        let mut buf: MoveBuf = [Move::new(0, None, 0, 1, None);
            MAX_MOVES + 1];
        let mut moves = MoveList::new();
        walk(&v, seed, 600, |pos| {
            v.legal_moves(pos, &mut moves);
            let n = v.fill_moves(pos, &mut buf);
            assert_eq!(&buf[..n], &moves[..], "{pos:?}");
        });
    }

    #[test]
    fn one_value_bag_plays_are_those_of_the_general_walk(
        rules in arb_rules(),
        seed in any::<u64>(),
    ) {
        let v = Variant::new(rules).unwrap();
        walk(&v, seed, 600, |pos| {
            if pos.bag_len() == 1 {
                // A limit of MAX_MOVES takes the general walk, with its sets; a bag
                // of one value ends in at most MAX_PAWNS positions, under the limit.
                let general = v.plays_within(pos, MAX_MOVES);
                assert!(general.complete);
                assert_eq!(v.plays_within(pos, crate::PLAYS_LIMIT), general, "{pos:?}");
            }
        });
    }

    #[test]
    fn bag_mask_marks_the_slots_the_bag_holds(counts in prop::array::uniform16(0u8..=16)) {
        let by_loop = (0..MAX_FACES).fold(0u16, |m, s| if counts[s] != 0 { m | 1 << s } else { m });
        prop_assert_eq!(bag_mask(&counts), by_loop);
    }

    #[test]
    fn quick_frozen_look_only_finds_real_moves(rules in arb_rules(), seed in any::<u64>()) {
        let v = Variant::new(rules).unwrap();
        walk(&v, seed, 600, |pos| {
            for p in 0..v.players() {
                if v.rearmost_can_move(pos, p) {
                    assert!(v.can_ever_move(pos, p), "player {p} in {pos:?}");
                }
            }
        });
    }
}
