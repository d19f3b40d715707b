//! Rules that throw grace after grace must not make a bag, or the ways to play it out,
//! grow without bound: a throwing phase stops at `MAX_BAG` values, and listing the plays
//! stops at `PLAYS_LIMIT` positions.

use std::time::{Duration, Instant};

use ashta_engine::{Position, RulesSpec, ThrowStep, Variant, MAX_BAG, PLAYS_LIMIT};

/// The custom rules of the attack reported against `ashta serve`: fifteen cowries that
/// nearly always land mouth up, one or two mouths up also a grace, sixteen pawns a side.
fn grace_after_grace() -> Variant {
    let faces: Vec<serde_json::Value> = (0..=15u8)
        .map(|u| {
            let (value, grace) = match u {
                0 => (30, true),
                15 => (15, true),
                1 | 2 => (u, true),
                _ => (u, false),
            };
            serde_json::json!({"value": value, "grace": grace})
        })
        .collect();
    let spec: RulesSpec = serde_json::from_value(serde_json::json!({
        "preset": "standard", "size": 9, "pawns": 16, "cowries": 15,
        "mouth_up": 0.99, "throws": faces,
    }))
    .expect("the rules parse");
    Variant::new(spec.to_rules().expect("the rules are valid")).expect("a variant")
}

/// The first player's position after throwing grace after grace (1, 2, 15 and 0 mouths
/// up in turn: values 1, 2, 15 and 30) until the phase stops; returns it with the number
/// of throws made.
fn graces_until_the_phase_stops(v: &Variant) -> (Position, usize) {
    let mut pos = v.start_position();
    for throws in 1..=100 {
        if ashta_engine::fast::throw_one(v, &mut pos, [1, 2, 15, 0][throws % 4]).unwrap()
            != ThrowStep::Again
        {
            return (pos, throws);
        }
    }
    panic!("the throwing phase never stopped");
}

#[test]
fn a_throwing_phase_stops_at_the_bag_cap() {
    let v = grace_after_grace();
    assert!(v.table().grace_chance() > 0.8);
    let (pos, throws) = graces_until_the_phase_stops(&v);
    assert_eq!(throws, MAX_BAG as usize);
    assert_eq!(v.bag(&pos).len(), MAX_BAG as usize);
}

#[test]
fn listing_the_plays_of_a_huge_bag_stops_at_the_limit() {
    let v = grace_after_grace();
    let (pos, _) = graces_until_the_phase_stops(&v);
    let started = Instant::now();
    let list = v.plays_within(&pos, PLAYS_LIMIT);
    assert!(!list.complete, "a 16-value bag of 16 pawns has more plays");
    assert!(!list.plays.is_empty() && list.plays.len() <= PLAYS_LIMIT);
    assert!(started.elapsed() < Duration::from_secs(60));
    for play in list.plays.iter().take(20) {
        let mut p = pos;
        for &mv in &play.moves {
            v.play(&mut p, mv).expect("every listed play is legal");
        }
        assert_eq!(p, play.position);
    }
    // However small the limit, a play is found.
    let one = v.plays_within(&pos, 1);
    assert!(!one.complete && !one.plays.is_empty());
    assert_eq!(v.plays(&pos).len(), list.plays.len());
}
