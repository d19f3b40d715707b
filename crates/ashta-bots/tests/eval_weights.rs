//! The fitted evaluation weights predict four-player game results better than the
//! hand-set ones (the claim `Weights::fitted` makes), on games they were not fitted on.

use ashta_bots::train::{self_play_positions, Player};
use ashta_bots::{Evaluator, WeightSet};
use ashta_engine::{Position, Rules, Variant};

/// Settled positions (a player about to throw) of one greedy self-play game, with its
/// winner.
fn settled_positions(variant: &Variant, seed: u64) -> (Vec<Position>, Option<usize>) {
    let hand = Player::from(Evaluator::new(variant));
    self_play_positions(variant, &vec![&hand; variant.players()], 0.0, seed)
}

/// Mean negative log-likelihood of the games' winners under the evaluation.
fn log_loss(variant: &Variant, games: &[(Vec<Position>, Option<usize>)], set: WeightSet) -> f64 {
    let eval = Evaluator::with_weights(variant, set.weights(variant.players()));
    let mut total = 0.0;
    let mut n = 0;
    for (positions, winner) in games {
        for pos in positions {
            let chances = eval.win_chances(variant, pos);
            let p = match winner {
                Some(w) => chances[*w],
                None => 1.0 - chances.iter().sum::<f64>(),
            };
            total -= p.clamp(1e-6, 1.0).ln();
            n += 1;
        }
    }
    total / n as f64
}

#[test]
fn fitted_weights_predict_four_player_results_better_than_hand_weights() {
    // The weights were fitted before a pair could capture a double: they are checked on
    // the game they were fitted on (pair_capture off) until they are fitted again.
    let variant = Variant::new(Rules {
        pair_capture: false,
        ..Rules::standard()
    })
    .unwrap();
    // Seeds far from the fit's (the fit used seeds from 3_000_000 on).
    let games: Vec<_> = (0..40)
        .map(|g| settled_positions(&variant, 90_000 + g))
        .collect();
    let hand = log_loss(&variant, &games, WeightSet::Hand);
    let fitted = log_loss(&variant, &games, WeightSet::Fitted);
    assert!(fitted < hand - 0.05, "fitted {fitted:.4}, hand {hand:.4}");
    // And better than knowing nothing (each of four players wins a quarter).
    assert!(fitted < 4f64.ln(), "fitted {fitted:.4}");
}
