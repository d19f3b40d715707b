//! Prints random positions under many rule flags, one JSON line each, with the legal
//! moves the native build finds: `{"position": "...", "legal": [...]}`. The wasm
//! module must find the same (js/agree.mjs). Usage: `positions [COUNT] [SEED]`.

use ashta_engine::{MoveList, Rules, SeededThrows, Variant};
use ashta_wasm::tools::legal_moves;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A rules object with random flags, or `None` when they do not make a game.
fn random_rules(rng: &mut ChaCha8Rng) -> Option<Variant> {
    let preset = *["standard", "traditional", "senior"].get(rng.random_range(0..3))?;
    let text = format!(
        r#"{{"preset":"{preset}","players":{},"size":{},"gate":"{}","entry":"{}","pair_capture":{},"doubles":{}}}"#,
        rng.random_range(2..=4),
        [5, 7][rng.random_range(0..2)],
        ["wait", "circle"][rng.random_range(0..2)],
        ["start", "grace"][rng.random_range(0..2)],
        rng.random_bool(0.7),
        rng.random_bool(0.8),
    );
    let rules: Rules = serde_json::from_str::<ashta_engine::RulesSpec>(&text)
        .ok()?
        .to_rules()
        .ok()?;
    Variant::new(rules).ok()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().map_or(1000, |a| a.parse().expect("COUNT"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut printed = 0;
    while printed < count {
        let Some(variant) = random_rules(&mut rng) else {
            continue;
        };
        // A random moment of a random game.
        let mut pos = variant.start_position();
        let stop = rng.random_range(0..200);
        let mut moves = MoveList::new();
        for _ in 0..stop {
            if pos.is_over() {
                break;
            }
            if pos.must_throw() {
                let mut throws = SeededThrows::new(rng.random());
                variant
                    .throw(&mut pos, &mut throws)
                    .expect("a throwing phase");
                continue;
            }
            variant.legal_moves(&pos, &mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            variant.play(&mut pos, mv).expect("a legal move plays");
        }
        if pos.must_throw() && !pos.is_over() && rng.random_bool(0.8) {
            let mut throws = SeededThrows::new(rng.random());
            variant
                .throw(&mut pos, &mut throws)
                .expect("a throwing phase");
        }
        let json = variant.to_json_string(&pos);
        let legal = legal_moves(&json).expect("the engine reads its own position");
        let line = serde_json::json!({ "position": json, "legal": legal });
        println!("{line}");
        printed += 1;
    }
}
