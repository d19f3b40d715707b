//! The review of a recorded game: sane totals, and a random mover rated below a bot.

use ashta_analysis::{
    analyze_record, throw_luck, AnalysisConfig, Chance, HintConfig, RolloutConfig,
};
use ashta_bots::make_bot;
use ashta_engine::{Record, Rules};
use ashta_session::selfplay::record_game;

/// A game between bots (seat p plays `specs[p]`), stopped after `max_turns` throwing
/// phases if it has not ended, as a record.
fn bot_game(specs: &[&str], seed: u64, max_turns: usize) -> Record {
    let rules = Rules {
        players: specs.len() as u8,
        ..Rules::standard()
    };
    let bots: Vec<_> = specs
        .iter()
        .enumerate()
        .map(|(p, s)| make_bot(s, seed + p as u64, None).unwrap())
        .collect();
    record_game(rules, bots, seed, max_turns)
}

fn quick() -> AnalysisConfig {
    AnalysisConfig {
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
    }
}

#[test]
fn a_reviewed_game_has_sane_totals() {
    let record = bot_game(&["random", "greedy"], 11, 40);
    let mut calls = 0;
    let review = analyze_record(&record, &quick(), &mut |done, total| {
        calls += 1;
        assert!(done <= total);
    })
    .unwrap();
    assert_eq!(calls, record.turns.len());
    assert_eq!(review.turns.len(), record.turns.len());
    assert_eq!(review.players.len(), 2);
    assert_eq!(review.wins_start.len(), 2);
    let chance = Chance::new(
        &review.variant,
        AnalysisConfig::default().luck_throws,
        &Default::default(),
    );
    for t in &review.turns {
        assert_eq!(t.player, t.before.to_move());
        assert_eq!(t.throws, record.turns[t.number - 1].throws);
        let again = throw_luck(&review.variant, &chance, &t.before, &t.throws).unwrap();
        assert!((again.luck() - t.luck.luck()).abs() < 1e-12);
        assert!(t.wins_after.iter().all(|w| (0.0..=1.0).contains(w)));
        if let Some(d) = &t.decision {
            assert!(d.rank >= 1 && d.rank <= d.choices);
            assert!((0.0..=1.0).contains(&d.error));
            assert_eq!(d.error == 0.0, d.made.win >= d.best.win);
            assert!(d.best.win >= d.made.win);
        }
    }
    for s in &review.players {
        assert!(s.decisions > 0, "{s:?}");
        assert!(s.total_error >= 0.0);
        let per = s.total_error / s.decisions as f64;
        assert!((s.error_per_decision - per).abs() < 1e-12);
        assert!(s.band.is_some());
        assert!(s.luck.is_finite() && s.luck_adjusted.is_finite());
        let own: f64 = review
            .turns
            .iter()
            .filter(|t| t.player == s.player)
            .map(|t| t.luck.luck())
            .sum();
        assert!((own - s.luck).abs() < 1e-9);
    }
}

#[test]
fn a_random_mover_loses_more_per_decision_than_the_greedy_bot() {
    let record = bot_game(&["random", "greedy"], 5, 60);
    let review = analyze_record(&record, &quick(), &mut |_, _| {}).unwrap();
    let (random, greedy) = (&review.players[0], &review.players[1]);
    assert!(
        random.error_per_decision > greedy.error_per_decision,
        "random {random:?}\ngreedy {greedy:?}"
    );
}

#[test]
fn a_record_that_does_not_replay_is_an_error() {
    let mut record = bot_game(&["greedy", "greedy"], 2, 6);
    record.turns[1].player = 0;
    assert!(analyze_record(&record, &quick(), &mut |_, _| {}).is_err());
}

#[test]
fn the_review_summary_has_a_curve_point_per_turn_each_players_worst_mistakes_first_and_accuracy() {
    use ashta_analysis::{ReviewSummary, MISTAKES_SHOWN};
    let record = bot_game(&["random", "greedy"], 5, 40);
    let review = analyze_record(&record, &quick(), &mut |_, _| {}).unwrap();
    let summary = ReviewSummary::new(&review);
    assert_eq!(summary.curve.len(), review.turns.len() + 1);
    assert_eq!(summary.movers.len(), review.turns.len());
    assert!(summary.curve.iter().all(|w| w.len() == 2));
    assert_eq!(summary.mistakes.len(), 2);
    for list in &summary.mistakes {
        assert!(list.len() <= MISTAKES_SHOWN);
        assert!(list.windows(2).all(|w| w[0].loss >= w[1].loss));
        assert!(list
            .iter()
            .all(|m| m.mark != "none" && !m.made.is_empty() && !m.best.is_empty()));
    }
    // Each player's accuracy counts the decisions with a choice, those within the
    // noise, and the mean of every loss measured.
    for (p, acc) in summary.accuracy.iter().enumerate() {
        let decisions: Vec<_> = review
            .turns
            .iter()
            .filter(|t| t.player == p)
            .filter_map(|t| t.decision.as_ref())
            .filter(|d| d.choices > 1)
            .collect();
        let acc = acc.expect("each player had a decision with a choice");
        assert_eq!(acc.decisions, summary.decisions[p]);
        assert_eq!(acc.decisions, decisions.len());
        let kept = decisions.iter().filter(|d| !d.beyond_noise()).count();
        assert_eq!(acc.kept_best, kept);
        let mean = decisions.iter().map(|d| d.error).sum::<f64>() / decisions.len() as f64;
        assert!((acc.mean_loss - mean).abs() < 1e-12);
    }
    // The random mover leaves chances behind that the review names.
    assert!(
        !summary.mistakes[0].is_empty(),
        "the random mover made no mistake"
    );
}
