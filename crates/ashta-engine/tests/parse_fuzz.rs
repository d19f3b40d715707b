//! The fuzz target's property, run in CI: whatever text `parse_any` is given it never
//! panics, and a position it accepts is consistent, round-trips through JSON and
//! notation, and can be played on. Inputs: arbitrary strings, notation-like and
//! JSON-like strings, and valid positions (from random play) mutated at random.

mod common;

use ashta_engine::{
    parse_any, MoveList, PhaseFrom, Position, PositionJson, Rules, SeededThrows, Variant,
};
use ashta_testkit::random_game;
use common::checks::*;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// What the fuzz target checks for one input.
fn check_text(text: &str) -> Result<(), TestCaseError> {
    let any = parse_any(text);
    let direct = PositionJson::parse(text).and_then(|j| j.into_position());
    if text.trim_start().starts_with('{') {
        prop_assert_eq!(
            any.as_ref().map(|(_, p)| *p).map_err(|e| e.to_string()),
            direct.as_ref().map(|(_, p)| *p).map_err(|e| e.to_string())
        );
    }
    for (v, pos) in [any.ok(), direct.ok()].into_iter().flatten() {
        check_accepted(&v, &pos)?;
    }
    Ok(())
}

/// A position the parser accepted: consistent, round-trips, and can be played on.
fn check_accepted(v: &Variant, pos: &Position) -> Result<(), TestCaseError> {
    let started = std::time::Instant::now();
    check_position(v, pos, false)?;
    check_round_trips(v, pos)?;
    let json = v.to_json(pos);
    let (_, again) = json
        .clone()
        .into_position()
        .map_err(|e| TestCaseError::fail(format!("to_json not accepted: {e}")))?;
    prop_assert_eq!(&again, pos);
    // A few steps of play from it must not panic and must stay consistent.
    let mut p = *pos;
    let mut throws = SeededThrows::new(pos.key());
    let mut rng = ChaCha8Rng::seed_from_u64(pos.key());
    let mut moves = MoveList::new();
    for _ in 0..30 {
        if p.is_over() {
            break;
        }
        if p.phase() == ashta_engine::Phase::Throwing {
            v.throw(&mut p, PhaseFrom::Source(&mut throws)).unwrap();
        } else {
            check_move_generation(v, &p)?;
            v.legal_moves(&p, &mut moves);
            if moves.is_empty() {
                // A parsed bag may hold nothing usable: it is forfeited.
                v.end_turn(&mut p).unwrap();
            } else {
                let m = moves[rng.random_range(0..moves.len())];
                v.play(&mut p, m).unwrap();
            }
        }
        check_position(v, &p, false)?;
    }
    // The engine and the reference model agree on how play goes on from here.
    common::model::lockstep(v, pos, pos.key(), 40)?;
    // plays() enumerates every way to spend the bag: exponential in its length (a bag
    // of nine values on 9×9 took minutes), so only short bags here.
    if pos.bag_len() <= 3 {
        let _ = v.plays(pos);
    }
    let _ = v.perft(pos, 2);
    let took = started.elapsed();
    prop_assert!(took.as_secs() < 2, "{:?} for {}", took, v.to_notation(pos));
    Ok(())
}

/// A valid position from a short random game, as JSON.
fn valid_json(rules: Rules, seed: u64, steps: usize) -> Value {
    let game = random_game(rules, seed, steps);
    serde_json::to_value(game.variant().to_json(game.position())).unwrap()
}

/// Paths to every node of a JSON value.
fn paths(v: &Value, here: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(here.clone());
    match v {
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                here.push(json!(i));
                paths(item, here, out);
                here.pop();
            }
        }
        Value::Object(map) => {
            for (k, item) in map {
                here.push(json!(k));
                paths(item, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn node<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(v, |v, key| match key {
        Value::Number(i) => &mut v[i.as_u64().unwrap() as usize],
        Value::String(k) => &mut v[k.as_str()],
        _ => unreachable!(),
    })
}

fn replacement(rng: &mut ChaCha8Rng) -> Value {
    let choices = [
        json!(-2),
        json!(-1),
        json!(0),
        json!(1),
        json!(2),
        json!(3),
        json!(4),
        json!(5),
        json!(7),
        json!(8),
        json!(9),
        json!(12),
        json!(15),
        json!(16),
        json!(23),
        json!(24),
        json!(25),
        json!(47),
        json!(48),
        json!(80),
        json!(255),
        json!(256),
        json!(i64::MAX),
        json!(i64::MIN),
        json!(u64::MAX),
        json!(1.5),
        json!(1e300),
        json!(true),
        json!(false),
        json!(null),
        json!(""),
        json!("standard"),
        json!("traditional"),
        json!("senior"),
        json!("frozen"),
        json!("turn limit"),
        json!("circle"),
        json!("grace"),
        json!("places"),
        json!("no-ones-12"),
        json!([]),
        json!({}),
        json!([0, 0, 0, 0]),
        json!([-1, -1, -1, -1]),
        json!([true, false]),
        json!({"owner": 0, "at": 3, "blocked": [1]}),
        json!({"preset": "standard", "finish": "places"}),
        json!({"gate": "circle", "entry": "grace", "doubles": false}),
        json!({"preset": "traditional", "pair_capture": false}),
        json!({"throws": [{"value": 8, "grace": true}, {"value": 1, "grace": false}]}),
        json!({"safe": ["c1", "c3"]}),
        json!({"pawns": 1}),
        json!({"cowries": 15}),
        json!({"size": 15, "players": 4}),
    ];
    choices[rng.random_range(0..choices.len())].clone()
}

/// Applies one random mutation to a JSON value.
fn mutate(v: &mut Value, rng: &mut ChaCha8Rng) {
    let mut all = Vec::new();
    paths(v, &mut Vec::new(), &mut all);
    let path = all[rng.random_range(0..all.len())].clone();
    match rng.random_range(0..6) {
        // Replace a node.
        0..=2 => *node(v, &path) = replacement(rng),
        // Nudge a number.
        3 => {
            let n = node(v, &path);
            if let Some(i) = n.as_i64() {
                *n = json!(i + rng.random_range(-3..=3));
            } else {
                *n = replacement(rng);
            }
        }
        // Add, drop or duplicate an element or field.
        4 => match node(v, &path) {
            Value::Array(items) if !items.is_empty() => {
                if rng.random_bool(0.5) {
                    items.pop();
                } else {
                    let x = items[rng.random_range(0..items.len())].clone();
                    items.push(x);
                }
            }
            Value::Object(map) if !map.is_empty() => {
                let keys: Vec<String> = map.keys().cloned().collect();
                let k = &keys[rng.random_range(0..keys.len())];
                map.remove(k);
            }
            other => *other = replacement(rng),
        },
        // Add a known optional field.
        _ => {
            if let Value::Object(map) = v {
                let (k, x) = match rng.random_range(0..5) {
                    0 => ("winner", json!(rng.random_range(-1..5))),
                    1 => ("draw", json!("frozen")),
                    2 => ("places", json!([rng.random_range(0..4)])),
                    3 => ("extra_turns", json!(rng.random_range(0..3))),
                    _ => (
                        "blocks",
                        json!([{"owner": 0, "at": rng.random_range(0..16), "blocked": [1]}]),
                    ),
                };
                map.insert(k.into(), x);
            }
        }
    }
}

/// Byte-level damage to a text.
fn damage(text: &str, rng: &mut ChaCha8Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.random_range(1..4) {
        if chars.is_empty() {
            break;
        }
        let i = rng.random_range(0..chars.len());
        match rng.random_range(0..3) {
            0 => {
                chars.remove(i);
            }
            1 => chars.insert(
                i,
                *b"0123456789-,/+=@> {}[]\":"
                    .get(rng.random_range(0..24))
                    .unwrap() as char,
            ),
            _ => {
                chars[i] =
                    ['0', '1', '9', '-', ',', '/', ' ', 'x', '{', '"'][rng.random_range(0..10)]
            }
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(cases(2000, 600))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        check_text(&text)?;
    }

    #[test]
    fn notation_like_text_never_panics(
        text in "[a-z+=_.]{0,30}( -?[0-9]{1,3}){0,4}( [0-9,/-]{0,40}){0,3}( [0-9@>,-]{0,12}){0,2}( [a-z=.0-9-]{0,16}){0,2}"
    ) {
        check_text(&text)?;
    }

    #[test]
    fn json_like_text_never_panics(text in "\\{[\"a-z_0-9:,\\[\\]{} .-]{0,160}\\}?") {
        check_text(&text)?;
    }
}

proptest! {
    #![proptest_config(cases(1500, 400))]

    #[test]
    fn mutated_valid_positions_never_panic(
        rules in arb_rules(),
        seed in any::<u64>(),
        steps in 0usize..120,
        mutations in 1usize..4,
    ) {
        let base = valid_json(rules, seed, steps);
        let mut rng = ChaCha8Rng::seed_from_u64(seed.rotate_left(17));
        let mut j = base.clone();
        for _ in 0..mutations {
            mutate(&mut j, &mut rng);
        }
        check_text(&j.to_string())?;
        // The same through notation, where the mutated JSON still reads as a PositionJson.
        if let Ok(pj) = serde_json::from_value::<PositionJson>(j) {
            check_text(&pj.to_notation())?;
            check_text(&damage(&pj.to_notation(), &mut rng))?;
        }
        let text = base.to_string();
        check_text(&damage(&text, &mut rng))?;
    }
}

#[test]
fn mutation_helpers_reach_valid_positions() {
    // Sanity: the unmutated bases are accepted, so mutations start from valid inputs.
    let mut rules = Rules::standard();
    rules.players = 3;
    let base = valid_json(rules, 5, 40);
    check_text(&base.to_string()).unwrap();
    assert!(parse_any(&base.to_string()).is_ok());
}
