//! Random positions under many rule flags, each with the legal moves the native build
//! finds (their paths and facts): the one source of positions on which the browser
//! module must agree with the native engine, in Node (`examples/positions.rs` with
//! `js/agree.mjs`) and in Chromium (`crates/ashta-server/e2e/agree.mjs`, given them by
//! `crates/ashta-cli/tests/browser_e2e.rs`).

use ashta_engine::{Game, Phase, Rules, ThrowFrom, Variant};
use ashta_testkit::play_randomly;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::tools::legal_moves;

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

/// `count` random positions from `seed`, each `{"position": TEXT, "legal": [...]}`:
/// the position as the engine's JSON text, and its legal moves as
/// [`crate::tools::legal_moves`] gives them (what the module's `Lesson` set up from the
/// position must list with `legal()`).
pub fn random_positions(count: usize, seed: u64) -> Vec<serde_json::Value> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let Some(variant) = random_rules(&mut rng) else {
            continue;
        };
        // A random moment of a random game.
        let stop = rng.random_range(0..200);
        let mut game = Game::new(variant.rules().clone(), rng.random()).expect("valid rules");
        play_randomly(&mut game, &mut rng, stop);
        if game.phase() == Phase::Throwing && rng.random_bool(0.8) {
            while game.phase() == Phase::Throwing {
                game.throw(ThrowFrom::Own).expect("a throwing phase");
            }
        }
        let pos = *game.position();
        let json = variant.to_json_string(&pos);
        let legal = legal_moves(&json).expect("the engine reads its own position");
        out.push(serde_json::json!({ "position": json, "legal": legal }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The module's front door answers legal moves through the tutorial's table
    /// (`new Lesson(position).legal()`): for every position it must be what
    /// [`legal_moves`] finds, which the wasm build is checked against.
    #[test]
    fn a_lesson_set_up_from_a_position_lists_its_legal_moves() {
        for p in random_positions(200, 3) {
            let text = p["position"].as_str().unwrap();
            let lesson = crate::lesson::Lesson::new(text).expect("a lesson takes any position");
            assert_eq!(
                serde_json::to_value(lesson.legal()).unwrap(),
                p["legal"],
                "{text}"
            );
        }
    }

    #[test]
    fn the_positions_are_the_same_for_a_seed_and_varied() {
        let a = random_positions(40, 7);
        assert_eq!(a, random_positions(40, 7));
        assert_ne!(a, random_positions(40, 8));
        let with_moves = a
            .iter()
            .filter(|p| !p["legal"].as_array().unwrap().is_empty());
        assert!(
            with_moves.count() > 10,
            "many positions have moves to compare"
        );
    }
}
