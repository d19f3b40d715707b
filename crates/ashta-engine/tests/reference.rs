//! The engine against a second, slow implementation of the rules written from rules.md
//! alone (tests/common/model.rs), in lockstep over random games. Every legal-move set,
//! every move's result, every throwing phase and every turn end must agree.

mod common;

use ashta_engine::{Gate, Rules, Variant};
use common::checks::{arb_rules, cases};
use common::model::lockstep;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

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
