//! A review labels and counts a decision's error only when it is larger than the
//! rollouts' noise; an exact review labels by the exact error, with no noise.

use ashta_analysis::{
    analyze_record, analyze_record_exact, exact_hint, hint, noise_sigmas, AnalysisConfig, Decision,
    HintConfig, Mark, RankedPlay, RolloutConfig, FALSE_LABEL_RATE,
};
use ashta_bots::make_bot;
use ashta_engine::{parse_any, Game, Position, Preset, Record, Rules, ThrowFrom};
use ashta_session::selfplay::record_game;
use ashta_solve::{solve, IterateOptions};

/// Two plays of a real bag (seeded rollouts), the best first, and the position.
fn two_plays() -> (Position, RankedPlay, RankedPlay) {
    let (v, pos) = parse_any("standard 5 2 0 3 2,0,0,0/13,0,0,0 - - 0").unwrap();
    let h = hint(
        &v,
        &pos,
        &HintConfig {
            rollouts: Some(16),
            seed: 5,
            ..HintConfig::default()
        },
    );
    assert!(h.plays.len() >= 2);
    (pos, h.plays[0].clone(), h.plays[1].clone())
}

/// The decision of playing `made` instead of `best` among `choices` plays, with the
/// loss and its standard error set.
fn decision(choices: usize, loss: f64, loss_stderr: f64) -> Decision {
    let (pos, best, mut made) = two_plays();
    made.loss = loss;
    made.loss_stderr = loss_stderr;
    Decision::new(pos, made, best, 2, choices)
}

#[test]
fn the_noise_limit_is_the_bonferroni_normal_quantile_of_the_other_plays() {
    assert_eq!(FALSE_LABEL_RATE, 0.005);
    assert!(
        (noise_sigmas(2) - 2.576).abs() < 1e-3,
        "{}",
        noise_sigmas(2)
    );
    assert!(
        (noise_sigmas(4) - 2.935).abs() < 1e-3,
        "{}",
        noise_sigmas(4)
    );
    assert!(
        (noise_sigmas(11) - 3.291).abs() < 1e-3,
        "{}",
        noise_sigmas(11)
    );
    // A bag with one play (or none) has no other play to share the rate with.
    assert_eq!(noise_sigmas(1), noise_sigmas(2));
    for k in 2..200 {
        assert!(noise_sigmas(k + 1) > noise_sigmas(k));
    }
}

#[test]
fn a_loss_within_the_noise_gets_no_label_counts_nothing_and_is_too_close_to_call() {
    // A blunder's size, but only 2.5 standard errors of a two-play bag.
    let d = decision(2, 0.095, 0.038);
    assert_eq!(d.mark, Mark::None);
    assert!(!d.beyond_noise());
    assert_eq!(d.counted_error(), 0.0);
    assert!(d.too_close());
    assert!((d.noise - 2.576 * 0.038).abs() < 1e-3);
    // The same loss with more plays to choose from needs more standard errors.
    assert_eq!(decision(12, 0.11, 0.035).mark, Mark::None);
    assert_eq!(decision(2, 0.11, 0.035).mark, Mark::Blunder);
    // A loss below every label is not too close to call, just small.
    assert!(!decision(2, 0.004, 0.01).too_close());
}

#[test]
fn a_loss_well_beyond_the_noise_gets_its_label_and_counts() {
    let blunder = decision(4, 0.12, 0.01);
    assert_eq!(blunder.mark, Mark::Blunder);
    assert!(blunder.beyond_noise());
    assert_eq!(blunder.counted_error(), 0.12);
    assert!(!blunder.too_close());
    assert_eq!(decision(4, 0.05, 0.01).mark, Mark::Mistake);
    assert_eq!(decision(4, 0.015, 0.001).mark, Mark::Doubtful);
    // Beyond the noise but below every label: counted, not labelled.
    let small = decision(4, 0.004, 0.001);
    assert_eq!(small.mark, Mark::None);
    assert_eq!(small.counted_error(), 0.004);
}

/// A seeded game between bots, stopped after `max_turns` phases.
fn bot_game(rules: Rules, specs: &[&str], seed: u64, max_turns: usize) -> Record {
    let bots: Vec<_> = specs
        .iter()
        .enumerate()
        .map(|(p, s)| make_bot(s, seed + p as u64, None).unwrap())
        .collect();
    record_game(rules, bots, seed, max_turns)
}

#[test]
fn a_review_labels_and_counts_only_losses_beyond_the_noise() {
    let rules = Rules {
        players: 2,
        ..Rules::standard()
    };
    let record = bot_game(rules, &["random", "greedy"], 11, 40);
    let config = AnalysisConfig {
        hint: HintConfig {
            rollouts: Some(8),
            seed: 3,
            rollout: RolloutConfig {
                horizon: 4,
                ..RolloutConfig::default()
            },
            ..HintConfig::default()
        },
        ..AnalysisConfig::default()
    };
    let review = analyze_record(&record, &config, &mut |_, _| {}).unwrap();
    assert!(!review.exact, "a review by rollouts is not exact");
    let mut totals = [0.0; 2];
    let mut too_close = [0; 2];
    let mut within = 0;
    for t in &review.turns {
        let Some(d) = t.decision.as_ref().filter(|d| d.choices > 1) else {
            continue;
        };
        let limit = noise_sigmas(d.choices) * d.error_stderr;
        assert!((d.noise - limit).abs() < 1e-15);
        assert_eq!(d.mark, Mark::of(d.error, limit));
        if d.mark != Mark::None {
            assert!(d.error > limit, "turn {}: {d:?}", t.number);
        }
        if d.rank > 1 && d.error <= limit {
            within += 1;
        }
        totals[t.player] += d.counted_error();
        too_close[t.player] += usize::from(d.too_close());
    }
    assert!(
        within > 0,
        "eight rollouts leave some losses within the noise"
    );
    for s in &review.players {
        assert!((s.total_error - totals[s.player]).abs() < 1e-12);
        assert_eq!(s.too_close, too_close[s.player]);
    }
    let c = review.confidence();
    assert_eq!(c.too_close, too_close.iter().sum::<usize>());
    assert!(c.mean_stderr > 0.0 && c.mean_stderr <= c.max_stderr);
    assert!(c.labelled <= c.beyond_noise && c.beyond_noise <= c.measured);
    assert!(c.measured <= c.decisions);
}

/// A seeded game of `rules` where every player plays the play `solution` rates worst.
fn worst_game(rules: &Rules, solution: &ashta_solve::Solution, seed: u64) -> Record {
    let mut game = Game::new(rules.clone(), seed).unwrap();
    for _ in 0..400 {
        if game.position().is_over() {
            break;
        }
        if game.phase() == ashta_engine::Phase::Throwing {
            while game.phase() == ashta_engine::Phase::Throwing {
                game.throw(ThrowFrom::Own).unwrap();
            }
            continue;
        }
        let h = exact_hint(solution, game.variant(), game.position()).unwrap();
        for mv in h.plays.last().unwrap().play.moves.clone() {
            game.checker().check_move(mv).map(|c| c.play()).unwrap();
        }
    }
    game.record().clone()
}

#[test]
fn an_exact_review_labels_by_the_exact_loss_with_no_noise() {
    let mut rules = Rules::preset(Preset::Standard);
    rules.players = 2;
    rules.pawns = Some(1);
    let (solution, _) = solve(rules.clone(), &IterateOptions::default()).unwrap();
    let mut labelled = 0;
    for seed in 0..10 {
        let record = worst_game(&rules, &solution, seed);
        let review = analyze_record_exact(&record, &solution, &mut |_, _| {}).unwrap();
        assert!(review.exact);
        for d in review.turns.iter().filter_map(|t| t.decision.as_ref()) {
            assert_eq!(d.error_stderr, 0.0);
            assert_eq!(d.noise, 0.0);
            assert_eq!(d.mark, Mark::of(d.error, 0.0));
            assert!(!d.too_close());
            assert_eq!(d.counted_error(), d.error);
            labelled += usize::from(d.mark != Mark::None);
        }
        let c = review.confidence();
        assert_eq!((c.mean_stderr, c.max_stderr, c.too_close), (0.0, 0.0, 0));
        assert!(c.beyond_noise >= c.measured);
    }
    assert!(labelled > 0);
}
