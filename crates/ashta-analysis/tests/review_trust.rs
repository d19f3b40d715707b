//! A review's labels can be trusted: the standard error of a decision's error is the
//! spread the rollouts really have, the rollouts do not misrank the plays an exact table
//! ranks, and the strongest bot's own game is rated as the strong game it is.

use ashta_analysis::{
    analyze_record, analyze_record_exact, hint, AnalysisConfig, HintConfig, Mark, RolloutConfig,
};
use ashta_bots::make_bot;
use ashta_engine::{Moment, Position, Preset, Record, Rules, ThrowStep, Variant};
use ashta_session::selfplay::record_game;
use ashta_solve::{solve, IterateOptions};

/// A game of `rules` between `master` bots (seat p seeded `seed * 10 + p`), stopped
/// after 400 throwing phases if it has not ended.
fn master_game(rules: Rules, seed: u64) -> Record {
    let bots: Vec<_> = (0..u64::from(rules.players))
        .map(|p| make_bot("master", seed * 10 + p, None).unwrap())
        .collect();
    record_game(rules, bots, seed, 400)
}

fn two_players() -> Rules {
    Rules {
        players: 2,
        ..Rules::standard()
    }
}

/// A review's rollouts play to the end of the game (no evaluation's bias); a hint's,
/// within a time budget, are cut after eight phases for many more of them.
#[test]
fn a_review_plays_every_rollout_to_the_end_and_a_hint_cuts_them_at_eight_phases() {
    assert_eq!(AnalysisConfig::default().hint.rollout.horizon, 0);
    assert_eq!(RolloutConfig::whole().horizon, 0);
    assert_eq!(HintConfig::default().rollout.horizon, 8);
}

/// The positions of a record where the player holds a bag with exactly two plays.
fn two_play_positions(record: &Record, variant: &Variant) -> Vec<Position> {
    let mut out = Vec::new();
    for moment in record.walk().unwrap() {
        let (moment, pos) = moment.unwrap();
        if let Moment::Thrown {
            step: ThrowStep::Moving,
            ..
        } = moment
        {
            if variant.plays(&pos).len() == 2 {
                out.push(pos);
            }
        }
    }
    out
}

/// The error between two plays, estimated again and again with other seeds, spreads as
/// far as the standard error each estimate gives says (not much further, nor much less):
/// the paired rollouts' standard error is honest.
#[test]
fn the_standard_error_of_a_loss_is_the_spread_it_has_over_seeds() {
    let record = master_game(two_players(), 101);
    let variant = Variant::new(two_players()).unwrap();
    let positions = two_play_positions(&record, &variant);
    assert!(positions.len() >= 3, "{}", positions.len());
    let seeds = 16u64;
    let (mut spread, mut stated) = (0.0, 0.0);
    for pos in positions.iter().take(3) {
        let plays = variant.plays(pos);
        let mut d = Vec::new();
        let mut se = 0.0;
        for seed in 0..seeds {
            let h = hint(
                &variant,
                pos,
                &HintConfig {
                    rollouts: Some(48),
                    seed,
                    ..HintConfig::default()
                },
            );
            let win = |k: usize| {
                h.plays
                    .iter()
                    .find(|p| p.play.position == plays[k].position)
                    .unwrap()
                    .win
            };
            d.push(win(0) - win(1));
            se += h.plays[1].loss_stderr / seeds as f64;
        }
        let m = d.iter().sum::<f64>() / seeds as f64;
        let var = d.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (seeds - 1) as f64;
        spread += var;
        stated += se * se;
    }
    // Over three positions and 16 seeds, the ratio of the two spreads is known to
    // about ±20%.
    let ratio = (spread / stated).sqrt();
    assert!(
        (0.6..=1.5).contains(&ratio),
        "the spread over seeds is {ratio:.2} times the standard error stated"
    );
}

/// On the game the exact table solves (one pawn each, two players), the rollouts'
/// review of the strongest bot's games never labels a play the table rates best.
#[test]
fn rollout_labels_never_call_the_exact_best_play_a_mistake() {
    let mut rules = Rules::preset(Preset::Standard);
    rules.players = 2;
    rules.pawns = Some(1);
    let (solution, _) = solve(rules.clone(), &IterateOptions::default()).unwrap();
    let config = AnalysisConfig::default();
    let mut measured = 0;
    for seed in 0..100 {
        let record = master_game(rules.clone(), seed);
        let rolled = analyze_record(&record, &config, &mut |_, _| {}).unwrap();
        let exact = analyze_record_exact(&record, &solution, &mut |_, _| {}).unwrap();
        for (r, x) in rolled.turns.iter().zip(&exact.turns) {
            let (Some(r), Some(x)) = (&r.decision, &x.decision) else {
                continue;
            };
            if r.choices < 2 {
                continue;
            }
            measured += usize::from(r.rank > 1);
            if r.mark != Mark::None {
                assert!(
                    x.error > 1e-9,
                    "game {seed}: a play the table rates best is labelled {:?} ({:.3} ± {:.3})",
                    r.mark,
                    r.error,
                    r.error_stderr
                );
            }
        }
    }
    assert!(measured >= 5, "{measured} errors measured");
}

/// The review of the strongest bot's own two-player games labels no blunder and rates
/// both sides above `intermediate` (with rollouts cut after eight phases and labels at
/// 1.96 standard errors, seed 101 was rated `intermediate` with blunders).
#[test]
fn the_strongest_bots_own_game_gets_no_blunder_and_a_strong_band() {
    for seed in [101, 102] {
        let record = master_game(two_players(), seed);
        let review = analyze_record(&record, &AnalysisConfig::default(), &mut |_, _| {}).unwrap();
        for p in &review.players {
            assert_eq!(p.marks[2], 0, "game {seed}, player {}: {p:?}", p.player);
            let band = p.band.expect("decisions with a choice").name;
            assert!(
                band == "master" || band == "advanced",
                "game {seed}, player {}: {band}",
                p.player
            );
        }
    }
}
