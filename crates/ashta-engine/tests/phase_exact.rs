//! The phase of a turn is exact: over random games under random rule sets, thrown one
//! throw at a time, [`Position::phase`] says which action the rules allow next.

mod common;

use ashta_engine::{Game, MoveList, Phase, Position, Rules, ThrowFrom, Variant};
use common::checks::{arb_rules, cases};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Throwing: no move is legal and a throw is taken; moving: some move is legal and a
/// throw is refused; over: neither. The game's phase is its position's, and a throwing
/// phase under way is a throwing position.
fn check_phase(v: &Variant, game: &Game) -> Result<(), TestCaseError> {
    let pos: Position = *game.position();
    let mut moves = MoveList::new();
    v.legal_moves(&pos, &mut moves);
    let throw_taken = ashta_engine::fast::throw_one(v, &mut pos.clone(), 0).is_ok();
    prop_assert_eq!(game.phase(), pos.phase());
    match pos.phase() {
        Phase::Throwing => {
            prop_assert!(moves.is_empty(), "a move is legal while throwing");
            prop_assert!(throw_taken, "a throw is refused while throwing");
        }
        Phase::Moving => {
            prop_assert!(!moves.is_empty(), "no move is legal while moving");
            prop_assert!(!throw_taken, "a throw is taken while moving");
        }
        Phase::Over => {
            prop_assert!(pos.is_over());
            prop_assert!(moves.is_empty() && !throw_taken);
        }
    }
    if game.throwing() {
        prop_assert_eq!(pos.phase(), Phase::Throwing);
    }
    Ok(())
}

/// Plays a random game one throw or move at a time for at most `steps` steps.
fn play_checking_phase(rules: Rules, seed: u64, steps: usize) -> Result<(), TestCaseError> {
    let mut game = Game::new(rules, seed).unwrap();
    let v = game.variant().clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = MoveList::new();
    for _ in 0..steps {
        check_phase(&v, &game)?;
        match game.phase() {
            Phase::Over => break,
            Phase::Throwing => {
                game.throw(ThrowFrom::Own)
                    .map_err(|e| TestCaseError::fail(format!("throw: {e}")))?;
            }
            Phase::Moving => {
                v.legal_moves(game.position(), &mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                game.checker()
                    .check_move(mv)
                    .map(|c| c.play())
                    .map_err(|e| TestCaseError::fail(format!("{mv}: {e}")))?;
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(cases(256, 32))]

    #[test]
    fn phase_is_the_only_action_the_rules_allow(
        rules in arb_rules(),
        seed in any::<u64>(),
        steps in 50usize..400,
    ) {
        play_checking_phase(rules, seed, steps)?;
    }
}
