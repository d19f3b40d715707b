//! Property tests over random legal play: random rule sets (preset × players × size ×
//! flags), seeded throws and random legal moves, checking after every step that the
//! position is consistent, that move generation agrees with move lookup, that JSON
//! and notation round-trip, that `plays` covers the line actually played, and at the
//! end that the game record replays to the same position.

mod common;

use std::collections::HashSet;

use ashta_engine::{
    fast, DrawReason, Game, PlayEnds, Position, Rules, ThrowFrom, Variant, PLAYS_LIMIT,
};
use ashta_testkit::play_randomly;
use common::checks::*;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Every play is a distinct end of the moving phase, and its moves lead there;
/// [`fast::play_ends`] finds the same ends.
fn check_plays(v: &Variant, pos: &Position) -> Result<HashSet<Position>, TestCaseError> {
    let plays = v.plays(pos);
    prop_assert!(!plays.is_empty());
    let mut seen = HashSet::new();
    for play in &plays {
        let end = &play.position;
        prop_assert!(end.phase() == ashta_engine::Phase::Throwing || end.is_over());
        prop_assert!(seen.insert(*end), "two plays reach the same position");
        let mut r = *pos;
        for &m in &play.moves {
            v.play(&mut r, m)
                .map_err(|e| TestCaseError::fail(format!("{m}: {e}")))?;
        }
        prop_assert_eq!(&r, end);
    }
    // The positions alone, from reused buffers, are the same and in the same order.
    let mut ends = PlayEnds::default();
    for _ in 0..2 {
        fast::play_ends(v, pos, PLAYS_LIMIT, &mut ends);
        let expected: Vec<Position> = plays.iter().map(|p| p.position).collect();
        prop_assert_eq!(ends.positions(), &expected[..]);
        prop_assert!(ends.is_complete());
    }
    Ok(seen)
}

/// Plays a random game for at most `steps` steps (throwing phases and moves).
fn random_play(rules: Rules, seed: u64, steps: usize) -> Result<(), TestCaseError> {
    let mut game = Game::new(rules, seed).unwrap();
    let v = game.variant().clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_5eed);
    let players = v.players();
    let mut home_count = vec![0usize; players];
    let mut plays: Option<HashSet<Position>> = None;
    let plays_bag = if v.pawns_per_player() > 4 { 2 } else { 3 };
    check_position(&v, game.position(), true)?;
    for _ in 0..steps {
        let pos = *game.position();
        if pos.is_over() {
            break;
        }
        if pos.phase() == ashta_engine::Phase::Throwing {
            while game.phase() == ashta_engine::Phase::Throwing {
                game.throw(ThrowFrom::Own).unwrap();
            }
            let after = *game.position();
            plays = None;
            if !after.is_over()
                && after.phase() != ashta_engine::Phase::Throwing
                && after.bag_len() <= plays_bag
            {
                plays = Some(check_plays(&v, &after)?);
            }
        } else {
            check_move_generation(&v, &pos)?;
            let moves = legal(&v, &pos);
            prop_assert!(!moves.is_empty());
            let m = moves[rng.random_range(0..moves.len())];
            let mut expected = pos;
            v.play(&mut expected, m).unwrap();
            game.checker().check_move(m).map(|c| c.play()).unwrap();
            let after = *game.position();
            if after.draw() != Some(DrawReason::TurnLimit) {
                prop_assert_eq!(after, expected);
                if after.phase() == ashta_engine::Phase::Throwing || after.is_over() {
                    if let Some(ends) = plays.take() {
                        prop_assert!(ends.contains(&after), "line not among the plays");
                    }
                }
            }
        }
        let now = game.position();
        check_position(&v, now, true)?;
        check_round_trips(&v, now)?;
        for (p, count) in home_count.iter_mut().enumerate() {
            let h = v.pawns(now, p).filter(|&i| i == Some(v.home())).count();
            prop_assert!(h >= *count, "a pawn left home");
            *count = h;
        }
    }
    let again = Game::load(&game.save()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(again.position(), game.position());
    prop_assert_eq!(again.record(), game.record());
    Ok(())
}

proptest! {
    #![proptest_config(cases(256, 64))]

    #[test]
    fn random_legal_play_keeps_every_invariant(
        rules in arb_rules(),
        seed in any::<u64>(),
        steps in 50usize..300,
    ) {
        random_play(rules, seed, steps)?;
    }
}

proptest! {
    #![proptest_config(cases(48, 8))]

    /// Whole standard games to the end (a win or a frozen draw), with every check.
    #[test]
    fn whole_standard_games_keep_every_invariant(players in 2u8..=4, seed in any::<u64>()) {
        let mut rules = Rules::standard();
        rules.players = players;
        random_play(rules, seed, 100_000)?;
    }
}

#[test]
fn record_replay_checks_the_seed() {
    let mut rules = Rules::standard();
    rules.players = 2;
    let mut game = Game::new(rules, 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    play_randomly(&mut game, &mut rng, 40);
    let saved = game.save();
    assert_eq!(Game::load(&saved).unwrap().position(), game.position());
    // Changing one recorded throw breaks the replay against the seed.
    let mut record = game.record().clone();
    let t = &mut record.turns[0].throws;
    t[0] = if t[0] == 1 { 2 } else { 1 };
    t.truncate(1);
    record.turns[0].moves.clear();
    let e = Game::replay(&record).unwrap_err();
    assert!(e.to_string().contains("turn 1"), "{e}");
}
