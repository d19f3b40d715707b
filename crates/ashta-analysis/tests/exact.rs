//! Exact hints from a solution table solved here (the one-pawn standard game).

use ashta_analysis::{exact_hint, find_table, TableChoice};
use ashta_engine::{PhaseFrom, Preset, Rules, SeededThrows, ThrowFrom, Variant};
use ashta_solve::{solve, IterateOptions, SolveError};

fn one_pawn() -> Rules {
    let mut rules = Rules::preset(Preset::Standard);
    rules.players = 2;
    rules.pawns = Some(1);
    rules
}

/// Every bag of a few seeded games: the plays come best first, the best has error 0,
/// each error is the best score minus the play's, and the best score is the value the
/// solution gives the position with its bag.
#[test]
fn exact_hint_ranks_plays_by_the_tables_scores() {
    let (solution, _) = solve(one_pawn(), &IterateOptions::default()).unwrap();
    let variant = Variant::new(one_pawn()).unwrap();
    let mut rated = 0;
    for seed in 0..20 {
        let mut throws = SeededThrows::new(seed);
        let mut pos = variant.start_position();
        for _ in 0..200 {
            if pos.is_over() {
                break;
            }
            variant
                .throw(&mut pos, PhaseFrom::Source(&mut throws))
                .unwrap();
            if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
                continue;
            }
            let h = exact_hint(&solution, &variant, &pos).unwrap();
            let best = h.plays[0].chances.score();
            assert_eq!(h.plays[0].error, 0.0);
            for w in h.plays.windows(2) {
                assert!(w[0].chances.score() >= w[1].chances.score());
            }
            for p in &h.plays {
                assert!((p.error - (best - p.chances.score())).abs() < 1e-15);
            }
            assert!((solution.chances(&pos).unwrap().score() - best).abs() < 1e-12);
            rated += 1;
            // Play the last (worst) play, to wander off the best line.
            pos = h.plays.last().unwrap().play.position;
        }
    }
    assert!(rated > 50, "{rated}");
}

/// A position whose player must throw has no plays to rate.
#[test]
fn exact_hint_refuses_a_position_that_must_throw() {
    let (solution, _) = solve(one_pawn(), &IterateOptions::default()).unwrap();
    let variant = Variant::new(one_pawn()).unwrap();
    let err = exact_hint(&solution, &variant, &variant.start_position()).unwrap_err();
    assert!(matches!(err, SolveError::NotTurnStart), "{err}");
}

/// No table is looked for when told not to, nor for games the solver cannot hold
/// (four players).
#[test]
fn find_table_skips_games_without_a_solution() {
    let variant = Variant::new(one_pawn()).unwrap();
    assert!(find_table(&variant, &TableChoice::None).unwrap().is_none());
    let four = Variant::new(Rules::standard()).unwrap();
    assert!(find_table(&four, &TableChoice::Default).unwrap().is_none());
}

/// A data directory holds the table of a game's rules under the default file name: it is
/// found there, and a directory without it gives no table; a review from it says it is
/// exact.
#[test]
fn find_table_in_a_data_directory_finds_the_rules_table_by_its_file_name() {
    let (solution, _) = solve(one_pawn(), &IterateOptions::default()).unwrap();
    let variant = Variant::new(one_pawn()).unwrap();
    let dir = std::env::temp_dir().join(format!("ashta-table-in-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let choice = TableChoice::In(dir.clone());
    assert!(find_table(&variant, &choice).unwrap().is_none());
    let path = dir.join(ashta_solve::table::file_name(&one_pawn()));
    ashta_solve::table::write(&solution, &path).unwrap();
    let found = find_table(&variant, &choice)
        .unwrap()
        .expect("the table written");
    assert_eq!(found.path, path);
    let record = ashta_engine::Game::new(one_pawn(), 3)
        .unwrap()
        .record()
        .clone();
    let review =
        ashta_analysis::analyze_record_exact(&record, &found.solution, &mut |_, _| {}).unwrap();
    assert!(review.exact);
    assert!(ashta_analysis::ReviewSummary::new(&review).exact);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The review of a four-pawn two-player game played from an endgame rates every
/// decision exactly from the endgame table: the error of each play is the table's.
#[test]
fn review_of_a_four_pawn_endgame_is_exact_from_the_endgame_table() {
    use ashta_analysis::{analyze_record_with_endgames, endgame_hint, AnalysisConfig};
    use ashta_solve::{solve_endgames, EndgameTable};
    use std::sync::Arc;

    let (small, _) = solve_endgames(one_pawn(), &IterateOptions::default()).unwrap();
    let mut rules = Rules::preset(Preset::Standard);
    rules.players = 2;
    let full = Variant::new(rules).unwrap();
    let table = EndgameTable::new(Arc::new(small), &full).unwrap();
    let (v, start) =
        ashta_engine::parse_any("standard 5 2 0 - 6,24,24,24/3,24,24,24 01 - 0").unwrap();
    let start = full.check(&v.to_json(&start)).unwrap();
    let mut game = ashta_engine::Game::from_position(full.clone(), start, Some(11));
    let mut errors = Vec::new();
    for _ in 0..60 {
        if game.position().is_over() {
            break;
        }
        while game.phase() == ashta_engine::Phase::Throwing {
            game.throw(ThrowFrom::Own).unwrap();
        }
        if game.position().is_over() || game.phase() == ashta_engine::Phase::Throwing {
            continue;
        }
        // The worst play, so that errors show.
        let h = endgame_hint(&table, game.position()).unwrap();
        let worst = h.plays.last().unwrap();
        errors.push(worst.error);
        for mv in worst.play.moves.clone() {
            game.checker().check_move(mv).map(|c| c.play()).unwrap();
        }
    }
    let config = AnalysisConfig {
        hint: ashta_analysis::HintConfig {
            rollouts: Some(2),
            ..ashta_analysis::HintConfig::default()
        },
        ..AnalysisConfig::default()
    };
    let review =
        analyze_record_with_endgames(game.record(), &config, Some(&table), &mut |_, _| {}).unwrap();
    let decisions: Vec<_> = review
        .turns
        .iter()
        .filter_map(|t| t.decision.as_ref())
        .collect();
    assert_eq!(decisions.len(), errors.len());
    assert!(!decisions.is_empty());
    for (d, e) in decisions.iter().zip(&errors) {
        assert!(d.exact);
        assert_eq!(d.error_stderr, 0.0);
        assert!((d.error - e).abs() < 1e-12, "{} against {e}", d.error);
    }
}
