//! Property-test building blocks shared by invariants.rs and parse_fuzz.rs: random
//! rule sets and the consistency checks run on every position.

use std::collections::{HashMap, HashSet};

use ashta_engine::{
    parse_any, DrawReason, Entry, Finish, Gate, Move, NamedTable, Position, Preset, Rules, Square,
    TableSpec, ThreeGraces, Variant, OFF,
};
use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestCaseError};

/// A proptest configuration with fewer cases in debug builds. The runs are
/// deterministic (a fixed seed) so CI is repeatable; set `PROPTEST_RNG_SEED` to explore
/// other cases and `PROPTEST_CASES` to run more of them.
pub fn cases(release: u32, debug: u32) -> ProptestConfig {
    let mut config = ProptestConfig::with_cases(if cfg!(debug_assertions) {
        debug
    } else {
        release
    });
    if let Some(n) = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        config.cases = n;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = RngSeed::Fixed(0xa5_47a_c4a_33a);
    }
    // Integration tests have no lib.rs for proptest to put regression files beside.
    config.failure_persistence = None;
    config
}

/// A random rule set that validates.
pub fn arb_rules() -> impl Strategy<Value = Rules> {
    (
        (
            prop::sample::select(Preset::ALL.to_vec()),
            2u8..=4,
            prop::sample::select(vec![5u8, 7, 9]),
            prop::option::weighted(0.15, 1u8..=6),
            prop::sample::select(vec![None, None, None, Some(2u8), Some(3), Some(6)]),
            prop::sample::select(vec![0.5, 0.5, 0.5, 0.3, 0.7]),
            0u8..6,
        ),
        (
            prop::option::weighted(0.3, any::<bool>()),
            prop::option::weighted(0.3, any::<bool>()),
            prop::option::weighted(0.3, any::<bool>()),
            prop::option::weighted(0.2, any::<bool>()),
            prop::option::weighted(0.2, any::<bool>()),
            prop::option::weighted(0.3, any::<bool>()),
            prop::option::weighted(0.1, 30u32..150),
            prop::option::weighted(0.3, any::<bool>()),
        ),
    )
        .prop_map(
            |(
                (preset, players, size, pawns, cowries, mouth_up, table),
                (circle, grace, forfeit, bonus, doubles, places, limit, pair_capture),
            )| {
                let mut r = Rules::preset(preset);
                r.players = players;
                r.size = size;
                r.pawns = pawns;
                if let Some(k) = cowries {
                    r.cowries = k;
                }
                r.mouth_up = mouth_up;
                r.throws = match table {
                    4 => Some(TableSpec::Named(NamedTable::NoOnes11)),
                    5 => Some(TableSpec::Named(NamedTable::NoOnes12)),
                    _ => None,
                };
                if let Some(c) = circle {
                    r.gate = if c { Gate::Circle } else { Gate::Wait };
                }
                if let Some(g) = grace {
                    r.entry = if g { Entry::Grace } else { Entry::Start };
                }
                if let Some(f) = forfeit {
                    r.three_graces = if f {
                        ThreeGraces::Forfeit
                    } else {
                        ThreeGraces::Allowed
                    };
                }
                if let Some(b) = bonus {
                    r.capture_bonus = b;
                }
                if let Some(d) = doubles {
                    r.doubles = d;
                }
                if let Some(p) = places {
                    r.finish = if p { Finish::Places } else { Finish::First };
                }
                r.turn_limit = limit;
                if let Some(c) = pair_capture {
                    r.pair_capture = c;
                }
                r
            },
        )
        .prop_flat_map(|r| {
            let squares = r.size as usize * r.size as usize;
            (
                Just(r),
                prop::option::weighted(0.15, prop::collection::vec(0..squares, 0..8)),
                prop::option::weighted(
                    0.1,
                    prop::collection::vec((1u8..=13, prop::bool::weighted(0.3)), 3..=7),
                ),
            )
        })
        .prop_map(|(mut r, safe, faces)| {
            if let Some(extra) = safe {
                r.safe = Some(safe_list(r.size as usize, r.players as usize, &extra));
            }
            if let Some(faces) = faces {
                // An explicit table for faces.len() - 1 cowries.
                r.cowries = faces.len() as u8 - 1;
                r.throws = Some(TableSpec::Faces(
                    faces
                        .into_iter()
                        .map(|(value, grace)| ashta_engine::Face { value, grace })
                        .collect(),
                ));
            }
            r
        })
        .prop_filter("rules must validate", |r| r.validate().is_ok())
}

/// A safe-square list: the centre and the start squares in use, plus `extra` squares.
pub fn safe_list(size: usize, players: usize, extra: &[usize]) -> Vec<String> {
    let c = (size - 1) / 2;
    let name = |x: usize, y: usize| format!("{}{}", (b'a' + x as u8) as char, y + 1);
    let starts = [(c, 0), (size - 1, c), (c, size - 1), (0, c)];
    let seats: &[usize] = match players {
        2 => &[0, 2],
        3 => &[0, 1, 2],
        _ => &[0, 1, 2, 3],
    };
    let mut list = vec![name(c, c)];
    for &s in seats {
        list.push(name(starts[s].0, starts[s].1));
    }
    for &sq in extra {
        let n = name(sq % size, sq / size);
        if !list.contains(&n) {
            list.push(n);
        }
    }
    list
}

pub type Occupancy = HashMap<Square, (usize, usize)>;

/// Every pawn on a non-safe square, by square: (owner, count). Fails on two owners.
pub fn occupancy(v: &Variant, pos: &Position) -> Result<Occupancy, TestCaseError> {
    let mut occ: Occupancy = HashMap::new();
    for p in 0..v.players() {
        for i in v.pawns(pos, p).flatten() {
            let sq = v.square(p, i);
            if v.is_safe(sq) {
                continue;
            }
            let e = occ.entry(sq).or_insert((p, 0));
            prop_assert_eq!(
                e.0,
                p,
                "two players on {} in {}",
                sq.name(v.rules().size as usize),
                v.to_notation(pos)
            );
            e.1 += 1;
        }
    }
    Ok(occ)
}

/// Consistency of a position, whatever produced it. `settled`: the position came from
/// play, so a bag in it is one the player can use.
pub fn check_position(v: &Variant, pos: &Position, settled: bool) -> Result<(), TestCaseError> {
    let n = v.pawns_per_player();
    let home = v.home();
    let text = v.to_notation(pos);
    let occ = occupancy(v, pos)?;
    // occupant() agrees with the pawns.
    let size = v.rules().size as usize;
    for s in 0..size * size {
        let sq = Square(s as u8);
        let want = if v.is_safe(sq) {
            None
        } else {
            occ.get(&sq).copied()
        };
        prop_assert_eq!(v.occupant(pos, sq), want, "occupant of {} in {}", s, &text);
    }
    for p in 0..v.players() {
        let pawns: Vec<Option<usize>> = v.pawns(pos, p).collect();
        prop_assert_eq!(pawns.len(), n);
        let raw = pos.pawn_indices(p, n);
        prop_assert!(raw.windows(2).all(|w| w[0] <= w[1]), "sorted: {}", &text);
        for &i in raw {
            if i == OFF {
                prop_assert_eq!(v.rules().entry, Entry::Grace, "off board: {}", &text);
            } else {
                prop_assert!((i as usize) <= home, "{}", &text);
                if i as usize >= v.outer_len() {
                    prop_assert!(pos.has_captured(p), "past the gate: {}", &text);
                }
            }
        }
        let all_home = pawns.iter().all(|&i| i == Some(home));
        prop_assert_eq!(pos.has_finished(p), all_home, "finished {}: {}", p, &text);
        if all_home {
            prop_assert!(pos.places().contains(&(p as u8)), "{}", &text);
        }
    }
    // Blocks: an outer double of the owner, blocking opponents still playing.
    for b in v.blocks(pos) {
        let sq = Square(b.square);
        let owner = b.owner as usize;
        prop_assert!(v.rules().doubles, "{}", &text);
        prop_assert!(!v.is_safe(sq), "{}", &text);
        prop_assert!(v.path_index(owner, sq) < v.outer_len(), "{}", &text);
        prop_assert!(
            occ.get(&sq).is_some_and(|&(o, c)| o == owner && c >= 2),
            "block without double: {}",
            &text
        );
        prop_assert!(b.blocked != 0 && b.blocked & (1 << owner) == 0, "{}", &text);
        for q in 0..v.players() {
            if b.blocked & (1 << q) != 0 {
                prop_assert!(!pos.has_finished(q), "{}", &text);
            }
        }
    }
    if pos.extra_turns() > 0 {
        prop_assert!(v.rules().capture_bonus && pos.has_captured(pos.to_move()));
    }
    if pos.is_over() {
        prop_assert_eq!(pos.bag_len(), 0);
        prop_assert!(pos.winner().is_some() || pos.draw().is_some(), "{}", &text);
        if let Some(w) = pos.winner() {
            prop_assert!(pos.has_finished(w));
        }
        if pos.draw() == Some(DrawReason::Frozen) && settled {
            prop_assert!(v.is_frozen(pos), "{}", &text);
        }
        if v.rules().finish == Finish::First {
            prop_assert!(pos.places().len() <= 1);
        }
    } else {
        prop_assert!(!pos.has_finished(pos.to_move()), "{}", &text);
        if settled && pos.bag_len() > 0 {
            prop_assert!(v.has_legal_move(pos), "unusable bag kept: {}", &text);
        }
        if settled && pos.phase() == ashta_engine::Phase::Throwing {
            prop_assert!(!v.is_frozen(pos), "frozen but not drawn: {}", &text);
        }
    }
    Ok(())
}

/// JSON and notation round trips.
pub fn check_round_trips(v: &Variant, pos: &Position) -> Result<(), TestCaseError> {
    let text = v.to_json_string(pos);
    let (v2, p2) = parse_any(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
    prop_assert_eq!(&p2, pos, "JSON {}", &text);
    prop_assert_eq!(v2.to_json_string(&p2), text.clone());
    let p3 = v
        .parse_json(&text)
        .map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
    prop_assert_eq!(&p3, pos);
    let notation = v.to_notation(pos);
    prop_assert_eq!(&v.to_json(pos).to_notation(), &notation);
    let (v4, p4) =
        parse_any(&notation).map_err(|e| TestCaseError::fail(format!("{e}: {notation}")))?;
    prop_assert_eq!(&p4, pos, "notation {}", &notation);
    prop_assert_eq!(v4.to_notation(&p4), notation);
    prop_assert_eq!(p4.key(), pos.key());
    Ok(())
}

pub use super::legal;

/// Every generated move is legal and every legal move is generated.
pub fn check_move_generation(v: &Variant, pos: &Position) -> Result<(), TestCaseError> {
    let list = legal(v, pos);
    let text = v.to_notation(pos);
    let set: HashSet<Move> = list.iter().copied().collect();
    prop_assert_eq!(set.len(), list.len(), "duplicate moves in {}", &text);
    prop_assert_eq!(v.has_legal_move(pos), !list.is_empty());
    for &m in list.iter() {
        prop_assert_eq!(
            v.find_move(pos, m.value(), m.from(), m.count()),
            Ok(m),
            "{}",
            &text
        );
        let mut a = *pos;
        prop_assert!(v.play(&mut a, m).is_ok());
        // Playing it with its facts does the same.
        let mut b = *pos;
        let played = v.play(&mut b, m);
        prop_assert!(played.is_ok());
        prop_assert_eq!(a, b);
        // A wrong target or capture is refused.
        let mut c = *pos;
        let wrong = Move::new(
            m.value(),
            m.from(),
            m.to().wrapping_add(1),
            m.count(),
            m.capture(),
        );
        prop_assert!(v.play(&mut c, wrong).is_err());
        prop_assert_eq!(&c, pos);
    }
    let bag = v.bag(pos);
    let pawns = v.pawns_per_player() as u8;
    for &value in v.table().values() {
        let mut units: Vec<(Option<u8>, u8)> = Vec::new();
        for from in 0..=v.home() as u8 + 1 {
            units.push((Some(from), 1));
            units.push((Some(from), 2));
        }
        units.push((Some(OFF), 1));
        for count in 0..=pawns {
            units.push((None, count));
        }
        for (from, count) in units {
            let found = v.find_move(pos, value, from, count);
            let generated = list
                .iter()
                .find(|m| m.value() == value && m.from() == from && m.count() == count);
            match (&found, generated) {
                (Ok(m), Some(g)) => prop_assert_eq!(m, g),
                (Err(_), None) => {}
                _ => prop_assert!(
                    false,
                    "{}:{:?}x{}: find_move {:?}, generated {:?} in {}",
                    value,
                    from,
                    count,
                    found,
                    generated,
                    &text
                ),
            }
            if !bag.contains(&value) && !pos.is_over() && pos.bag_len() > 0 {
                prop_assert!(found.is_err());
            }
        }
    }
    Ok(())
}
