//! The bags of a throwing phase, with exact probabilities, agree with the engine's
//! throwing phases, the 16-value cap and the forfeit of a third grace included.

mod common;

use ashta_engine::{Preset, Variant, MAX_BAG};
use ashta_solve::bags;

use common::two_player;

/// Standard table: every bag has graces (4 and 8) then one plain value, or 16
/// graces; the probabilities add up to 1 and the longest bags are there.
#[test]
fn standard_bags_include_the_sixteen_value_cap() {
    let variant = Variant::new(two_player(Preset::Standard, 4)).unwrap();
    let all = bags(&variant);
    let total: f64 = all.iter().map(|b| b.probability).sum();
    assert!((total - 1.0).abs() < 1e-12, "total {total}");
    // 3 plain values after 0..=15 graces (k + 1 grace multisets each), plus 17
    // multisets of 16 graces.
    assert_eq!(all.len(), 3 * 136 + 17);
    let capped: f64 = all
        .iter()
        .filter(|b| b.values.len() == MAX_BAG as usize)
        .map(|b| b.probability)
        .sum();
    // 15 graces then anything: (1/8)^15.
    assert!(
        (capped - 0.125f64.powi(15)).abs() < 1e-25,
        "capped {capped}"
    );
    assert!(all.iter().all(|b| b.throws.len() == b.values.len()));
}

/// Traditional: a third grace voids the turn, so no bag holds three graces, and the
/// voided turn has probability (1/8)^3.
#[test]
fn traditional_bags_void_the_turn_at_a_third_grace() {
    let variant = Variant::new(two_player(Preset::Traditional, 4)).unwrap();
    let all = bags(&variant);
    assert_eq!(all.len(), 3 * 6 + 1);
    let void = all.iter().find(|b| b.values.is_empty()).unwrap();
    assert!((void.probability - 0.125f64.powi(3)).abs() < 1e-15);
    let total: f64 = all.iter().map(|b| b.probability).sum();
    assert!((total - 1.0).abs() < 1e-12);
}

/// The engine's own enumeration of throwing phases (up to 3 throws) gives the same
/// bags with the same probabilities.
#[test]
fn bags_agree_with_the_engines_throw_outcomes() {
    for preset in [Preset::Standard, Preset::Traditional] {
        let variant = Variant::new(two_player(preset, 4)).unwrap();
        let all = bags(&variant);
        for o in variant.throw_outcomes(3) {
            let mut values: Vec<u8> = o
                .throws
                .iter()
                .map(|&u| variant.table().face(u).value)
                .collect();
            values.sort_unstable();
            let last = *o.throws.last().unwrap();
            let voided = preset == Preset::Traditional
                && o.throws.len() == 3
                && variant.table().face(last).grace;
            let mine = all
                .iter()
                .find(|b| {
                    if voided {
                        b.values.is_empty()
                    } else {
                        b.values == values
                    }
                })
                .unwrap();
            assert!(
                (mine.probability - o.probability).abs() < 1e-15,
                "{preset:?} {values:?} {} {} {:?}",
                mine.probability,
                o.probability,
                o.throws
            );
        }
    }
}
