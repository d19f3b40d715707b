//! The engine against a second, slow implementation of the rules written from rules.md
//! alone (tests/common/model.rs), in lockstep over random games. Every legal-move set,
//! every move's result, every throwing phase and every turn end must agree.

mod common;

use ashta_engine::{Entry, Finish, Gate, Position, PositionJson, Rules, RulesSpec, Variant};
use common::checks::{arb_rules, cases};
use common::model::lockstep;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn from_start(rules: Rules, seed: u64, steps: usize) -> Result<(), TestCaseError> {
    let v = Variant::new(rules).unwrap();
    lockstep(&v, &v.start_position(), seed, steps)
}

proptest! {
    #![proptest_config(cases(256, 64))]

    #[test]
    fn engine_agrees_with_the_reference_rules(
        rules in arb_rules(),
        seed in any::<u64>(),
        steps in 100usize..600,
    ) {
        from_start(rules, seed, steps)?;
    }
}

proptest! {
    #![proptest_config(cases(48, 12))]

    /// Crowded boards: more pawns, four players, circle gate, so doubles, blocks and
    /// captures (pairs capturing doubles among them) happen all the time.
    #[test]
    fn engine_agrees_with_the_reference_on_crowded_boards(
        seed in any::<u64>(),
        circle in any::<bool>(),
        pawns in 4u8..=10,
        pair_capture in any::<bool>(),
    ) {
        let mut rules = Rules::standard();
        rules.pawns = Some(pawns);
        rules.pair_capture = pair_capture;
        if circle {
            rules.gate = Gate::Circle;
        }
        from_start(rules, seed, 3000)?;
    }
}

/// A position of `v` with pawns scattered at random (never two players on a square that
/// is not safe, never past a shut gate, some off the board under grace entry), random
/// captures, and a bag of one throwing phase: a grace or two, then a plain value. `None`
/// when the reader refuses it (every pawn of a player home, say).
fn scattered(v: &Variant, seed: u64) -> Option<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let players = v.players();
    let (n, home, outer) = (v.pawns_per_player(), v.home(), v.outer_len());
    let grace_entry = v.rules().entry == Entry::Grace;
    let captured: Vec<bool> = (0..players).map(|_| rng.random_bool(0.5)).collect();
    let mut owner = std::collections::HashMap::new();
    let mut pawns = Vec::new();
    for (p, &open) in captured.iter().enumerate() {
        let top = if open { home } else { outer - 1 };
        let mut list = Vec::new();
        for _ in 0..n {
            let index = loop {
                if grace_entry && rng.random_bool(0.2) {
                    break -1;
                }
                let i = rng.random_range(0..=top);
                let sq = v.square(p, i);
                if v.is_safe(sq) || *owner.entry(sq.0).or_insert(p) == p {
                    break i as i64;
                }
            };
            list.push(index);
        }
        list.sort_unstable();
        pawns.push(list);
    }
    let faces = v.table().faces();
    let plain: Vec<u8> = faces.iter().filter(|f| !f.grace).map(|f| f.value).collect();
    let graces: Vec<u8> = faces.iter().filter(|f| f.grace).map(|f| f.value).collect();
    let mut bag: Vec<i64> = (0..rng.random_range(0..=2usize))
        .filter_map(|_| graces.get(rng.random_range(0..graces.len().max(1))))
        .map(|&g| g as i64)
        .collect();
    bag.push(plain[rng.random_range(0..plain.len())] as i64);
    let json = PositionJson {
        rules: RulesSpec::from_rules(v.rules()),
        size: v.rules().size as i64,
        players: players as i64,
        to_move: rng.random_range(0..players) as i64,
        bag,
        pawns,
        captured,
        blocks: Vec::new(),
        extra_turns: 0,
        winner: None,
        draw: None,
        places: (v.rules().finish == Finish::Places).then(Vec::new),
        claimed: false,
    };
    v.check(&json).ok()
}

proptest! {
    #![proptest_config(cases(256, 32))]

    /// Random positions under rules of every flag, not only those a game reaches from
    /// the start: the engine's move generation and play agree with the reference's
    /// straightforward generator from there on.
    #[test]
    fn engine_agrees_with_the_reference_from_scattered_positions(
        rules in arb_rules(),
        seed in any::<u64>(),
        steps in 20usize..300,
    ) {
        let v = Variant::new(rules).unwrap();
        let pos = (0..20).find_map(|k| scattered(&v, seed.wrapping_add(k)));
        prop_assume!(pos.is_some());
        lockstep(&v, &pos.unwrap(), seed, steps)?;
    }
}
