//! A tuning given explicitly (a value net, weight changes) is what the bots play with;
//! without one they play with the shipped net and weights.

use std::sync::Arc;

use ashta_bots::tuning::{Tuning, TuningError, WeightChanges};
use ashta_bots::{
    make_bot, BotMaker, Evaluator, ExpectiBot, ExpectiConfig, GreedyBot, ValueNet, WeightSet,
    Weights,
};
use ashta_engine::{parse_any, Position, Rules, Variant};
use ashta_session::Bot;

/// A two-player standard position with a bag to play (both players have captured).
fn position() -> (Variant, Position) {
    parse_any("standard 5 2 0 2 1,3,5,0/0,2,4,10 01 - 0").unwrap()
}

fn scores(bot: &mut dyn Bot, v: &Variant, pos: &Position) -> Vec<f64> {
    let candidates = bot.analyse(v, pos);
    assert!(candidates.len() > 1, "the position has a choice");
    candidates.iter().map(|c| c.score).collect()
}

#[test]
fn weight_changes_are_read_and_applied() {
    let changes = WeightChanges::parse("gate=20, stuck=4,,temperature=1e1").unwrap();
    let w = changes.apply(Weights::default());
    assert_eq!((w.gate, w.stuck, w.temperature), (20.0, 4.0, 10.0));
    assert_eq!(w.off_board, Weights::default().off_board);
    assert!(WeightChanges::parse("").unwrap().is_empty());
    assert_eq!(
        WeightChanges::parse("gate"),
        Err(TuningError::NotAPair("gate".into()))
    );
    assert_eq!(
        WeightChanges::parse("gates=2"),
        Err(TuningError::UnknownWeight("gates".into()))
    );
    assert!(matches!(
        WeightChanges::parse("gate=lots"),
        Err(TuningError::NotANumber { .. })
    ));
}

#[test]
fn a_greedy_bot_with_explicit_weights_scores_plays_differently() {
    let (v, pos) = position();
    let plain = scores(&mut GreedyBot::new(1, 0.0), &v, &pos);
    let tuning = Tuning {
        weights: WeightChanges::parse("temperature=0.5,hit_extra=40").unwrap(),
        ..Tuning::default()
    };
    let tuned = scores(&mut GreedyBot::new(1, 0.0).with_tuning(tuning), &v, &pos);
    assert_ne!(plain, tuned);
    // Without changes, an explicit tuning is the default evaluation.
    let same = scores(
        &mut GreedyBot::new(1, 0.0).with_tuning(Tuning::default()),
        &v,
        &pos,
    );
    assert_eq!(plain, same);
}

#[test]
fn an_explicit_net_replaces_the_shipped_one_for_its_rules_only() {
    let (v, pos) = position();
    let net = Arc::new(ValueNet::new_random(&v, 8, 5));
    let tuning = Tuning {
        net: Some(net.clone()),
        ..Tuning::default()
    };
    let given = tuning.evaluator(&v, WeightSet::Strongest);
    let shipped = Tuning::default().evaluator(&v, WeightSet::Strongest);
    assert_eq!(
        given.win_chances(&v, &pos),
        Evaluator::new(&v).with_net(net).win_chances(&v, &pos)
    );
    assert_ne!(given.win_chances(&v, &pos), shipped.win_chances(&v, &pos));
    // The hand weights play without a net, tuned or not.
    assert_eq!(
        tuning.evaluator(&v, WeightSet::Hand).win_chances(&v, &pos),
        Evaluator::new(&v).win_chances(&v, &pos)
    );
    // A four-player game keeps the shipped four-player net.
    let four = Variant::new(Rules {
        players: 4,
        ..Rules::standard()
    })
    .unwrap();
    let kept = tuning
        .net(WeightSet::Strongest, &four)
        .expect("a shipped net");
    assert!(kept.fits(&four));
}

#[test]
fn a_searching_bot_given_a_net_plays_with_it() {
    let (v, pos) = position();
    let config = |tuning: Option<Tuning>| ExpectiConfig {
        max_depth: 1,
        tuning: tuning.map(Arc::new),
        ..ExpectiConfig::default()
    };
    let shipped = scores(&mut ExpectiBot::new(1, config(None)), &v, &pos);
    let tuning = Tuning {
        net: Some(Arc::new(ValueNet::new_random(&v, 8, 5))),
        ..Tuning::default()
    };
    let given = scores(&mut ExpectiBot::new(1, config(Some(tuning))), &v, &pos);
    assert_ne!(shipped, given);
}

/// There is no process-wide tuning. The maker a program passes down
/// builds every bot by name with its tuning, and bots built by [`make_bot`] or by a
/// default maker play the shipped evaluation, whatever another maker holds.
#[test]
fn a_maker_passes_its_tuning_to_every_bot_it_builds_and_to_no_other() {
    let (v, pos) = position();
    let net = Arc::new(ValueNet::new_random(&v, 8, 5));
    let tuned = BotMaker::new(Tuning {
        net: Some(net),
        weights: WeightChanges::parse("temperature=0.5,hit_extra=40").unwrap(),
    });
    for spec in ["greedy", "expecti:depth=1", "mcts:sims=200"] {
        let with = scores(tuned.make(spec, 1, None).unwrap().as_mut(), &v, &pos);
        let plain = scores(make_bot(spec, 1, None).unwrap().as_mut(), &v, &pos);
        let default = scores(
            BotMaker::default().make(spec, 1, None).unwrap().as_mut(),
            &v,
            &pos,
        );
        assert_ne!(with, plain, "{spec} ignored the maker's tuning");
        assert_eq!(plain, default, "{spec} without a tuning");
    }
    assert_eq!(
        tuned.weight_changes(),
        WeightChanges::parse("temperature=0.5,hit_extra=40").unwrap()
    );
    assert!(BotMaker::default().weight_changes().is_empty());
}
