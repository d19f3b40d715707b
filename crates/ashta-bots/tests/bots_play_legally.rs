//! Every bot only ever plays legal plays, on random positions of random rule sets, and
//! every bot is reproducible from its seed.

use ashta_bots::make_bot;
use ashta_engine::{Position, Preset, Rules, Variant};
use proptest::prelude::*;

const BOTS: &[&str] = &[
    "random",
    "greedy",
    "beginner",
    "expecti:depth=2",
    "mcts:sims=60",
];

/// A position with a bag, reached by random play from the start.
fn random_position(
    preset: Preset,
    players: u8,
    size: u8,
    steps: usize,
    seed: u64,
) -> (Variant, Position) {
    let mut rules = Rules::preset(preset);
    rules.players = players;
    rules.size = size;
    ashta_testkit::random_bag(rules, seed, steps)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_bot_plays_only_legal_plays(
        preset in prop::sample::select(Preset::ALL.to_vec()),
        players in 2u8..=4,
        size in prop::sample::select(vec![5u8, 7]),
        steps in 0usize..400,
        seed in any::<u64>(),
    ) {
        let (v, pos) = random_position(preset, players, size, steps, seed);
        for spec in BOTS {
            let mut bot = make_bot(spec, seed, None).unwrap();
            let play = bot.choose(&v, &pos).expect("a player with a bag has a play");
            let mut p = pos;
            for mv in &play.moves {
                v.play(&mut p, *mv).map_err(|e| TestCaseError::fail(format!("{spec}: {mv}: {e}")))?;
            }
            if play.moves.is_empty() {
                v.end_turn(&mut p)
.expect("a bag nothing can use");
            }
            prop_assert_eq!(p, play.position, "{} reached another position", spec);
            prop_assert!(p.is_over() || p.phase() == ashta_engine::Phase::Throwing, "{} left values in the bag", spec);
            let ranked = bot.analyse(&v, &pos);
            prop_assert!(!ranked.is_empty());
            prop_assert!(ranked.windows(2).all(|w| w[0].score >= w[1].score), "{} ranks best first", spec);
        }
    }
}

#[test]
fn every_bot_is_reproducible_from_its_seed() {
    let (v, pos) = random_position(Preset::Standard, 4, 5, 120, 9);
    for spec in BOTS {
        let a = make_bot(spec, 77, None).unwrap().choose(&v, &pos).unwrap();
        let b = make_bot(spec, 77, None).unwrap().choose(&v, &pos).unwrap();
        assert_eq!(a.moves, b.moves, "{spec}");
    }
}
