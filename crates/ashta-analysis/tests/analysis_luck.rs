//! The luck of a throw, checked against a hand computation from the exact throw table.

use ashta_analysis::{throw_luck, Chance};
use ashta_engine::parse_any;

/// South and North each have one pawn left, one square from home: only a 1 brings it
/// home. With the standard table a phase ends on its first plain throw, which is a 1
/// with probability (4/16) / (14/16) = 2/7 whatever graces came before; a bag without
/// a 1 cannot be used at all, and the turn passes to North with nothing changed.
/// So South's expectation before the throw is 2/7 · 1 + 5/7 · e, where e is the
/// evaluation of that unchanged position with North to move.
const BOTH_ONE_AWAY: &str = "standard 5 2 0 - 23,24,24,24/23,24,24,24 01 - 0";
const NORTH_TO_MOVE: &str = "standard 5 2 1 - 23,24,24,24/23,24,24,24 01 - 0";

#[test]
fn throwing_the_one_that_wins_is_worth_five_sevenths_of_what_was_missing() {
    let (v, pos) = parse_any(BOTH_ONE_AWAY).unwrap();
    let (_, passed) = parse_any(NORTH_TO_MOVE).unwrap();
    let chance = Chance::new(&v, 4, &Default::default());
    let e = chance.value(&v, &passed)[0];
    assert!(e > 0.0 && e < 1.0, "{e}");
    let before = 2.0 / 7.0 + 5.0 / 7.0 * e;

    let one = throw_luck(&v, &chance, &pos, &[1]).unwrap();
    assert!((one.before[0] - before).abs() < 1e-12, "{one:?}");
    assert_eq!(one.after[0], 1.0);
    assert!((one.luck() - 5.0 / 7.0 * (1.0 - e)).abs() < 1e-12);

    // A chamma (four mouths up, a grace of 4) and then the 1: just as lucky.
    let grace_then_one = throw_luck(&v, &chance, &pos, &[4, 1]).unwrap();
    assert!((grace_then_one.luck() - one.luck()).abs() < 1e-12);
}

#[test]
fn throwing_a_two_that_cannot_be_used_costs_two_sevenths_of_the_gap() {
    let (v, pos) = parse_any(BOTH_ONE_AWAY).unwrap();
    let (_, passed) = parse_any(NORTH_TO_MOVE).unwrap();
    let chance = Chance::new(&v, 4, &Default::default());
    let e = chance.value(&v, &passed)[0];
    let two = throw_luck(&v, &chance, &pos, &[2]).unwrap();
    assert!((two.after[0] - e).abs() < 1e-12);
    assert!(
        (two.luck() - 2.0 / 7.0 * (e - 1.0)).abs() < 1e-12,
        "{two:?}"
    );
    // What South lost, North gained: the chances add up to 1 here.
    assert!((two.luck_of(1) + two.luck()).abs() < 1e-12);
}

#[test]
fn luck_averages_to_zero_over_the_throw_table() {
    let (v, pos) = parse_any("standard 5 2 0 - 0,0,3,5/0,0,2,9 - - 0").unwrap();
    let chance = Chance::new(&v, 3, &Default::default());
    let mut mean = 0.0;
    for o in chance.outcomes() {
        let l = throw_luck(&v, &chance, &pos, &o.throws).unwrap();
        mean += o.probability / chance.covered() * l.luck();
    }
    assert!(mean.abs() < 1e-12, "{mean}");
}

#[test]
fn throws_that_are_not_one_phase_are_an_error() {
    let (v, pos) = parse_any(BOTH_ONE_AWAY).unwrap();
    let chance = Chance::new(&v, 4, &Default::default());
    assert!(
        throw_luck(&v, &chance, &pos, &[4]).is_err(),
        "ends on a grace"
    );
    assert!(
        throw_luck(&v, &chance, &pos, &[1, 2]).is_err(),
        "two phases"
    );
    assert!(
        throw_luck(&v, &chance, &pos, &[9]).is_err(),
        "more mouths than cowries"
    );
}
