//! The greedy bot: one play deep, it takes the play after which the [`Evaluator`]
//! gives the mover the best chance to win (captures, safety, exposure, progress and
//! opening the gate all enter through the evaluation's weights).

use ashta_engine::{Position, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::sync::Arc;

use crate::board::sort_candidates;
use crate::eval::{Evaluator, WeightSet};
use crate::tuning::Tuning;
use ashta_session::{Bot, Candidate};

/// One-play lookahead with the shared evaluation; `noise` adds a random amount to each
/// score (used by the beginner levels).
#[derive(Clone, Debug)]
pub struct GreedyBot {
    eval: Option<(u64, Evaluator)>,
    /// The bot's tuning; `None` plays with the shipped evaluation.
    tuning: Option<Arc<Tuning>>,
    rng: ChaCha8Rng,
    noise: f64,
}

impl GreedyBot {
    /// A greedy bot; `noise` is the width of the uniform noise added to scores (0 for none).
    pub fn new(seed: u64, noise: f64) -> GreedyBot {
        GreedyBot {
            eval: None,
            tuning: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            noise,
        }
    }

    /// A greedy bot (no noise) that plays `variant` with `eval` instead of the hand
    /// weights, for example with a value net under test.
    pub fn with_evaluator(seed: u64, variant: &Variant, eval: Evaluator) -> GreedyBot {
        GreedyBot {
            eval: Some((variant_id(variant), eval)),
            ..GreedyBot::new(seed, 0.0)
        }
    }

    /// The bot, playing with `tuning`'s changes to the shipped evaluation.
    pub fn with_tuning(self, tuning: impl Into<Arc<Tuning>>) -> GreedyBot {
        GreedyBot {
            eval: None,
            tuning: Some(tuning.into()),
            ..self
        }
    }
}

/// The evaluator for `variant` with the weights of `set` under `tuning` (the shipped
/// evaluation when `None`), rebuilt only when the rules change.
pub(crate) fn evaluator<'a>(
    cache: &'a mut Option<(u64, Evaluator)>,
    variant: &Variant,
    set: WeightSet,
    tuning: Option<&Tuning>,
) -> &'a Evaluator {
    let id = variant_id(variant);
    if cache.as_ref().is_none_or(|(k, _)| *k != id) {
        let eval = match tuning {
            Some(tuning) => tuning.evaluator(variant, set),
            None => Tuning::default().evaluator(variant, set),
        };
        *cache = Some((id, eval));
    }
    &cache.as_ref().expect("just set").1
}

/// The index of the play greedy makes among the plays of the player to move in `pos`,
/// given by the positions they end in: the first of those after which `eval` gives
/// the mover the best chance.
pub(crate) fn greedy_pick<'a>(
    v: &Variant,
    eval: &Evaluator,
    pos: &Position,
    ends: impl IntoIterator<Item = &'a Position>,
) -> usize {
    let me = pos.to_move();
    let mut best = (0, f64::NEG_INFINITY);
    for (k, end) in ends.into_iter().enumerate() {
        let score = eval.values(v, end)[me];
        if score > best.1 {
            best = (k, score);
        }
    }
    best.0
}

/// A cheap identity for a rule set.
pub(crate) fn variant_id(variant: &Variant) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    format!("{:?}", variant.rules()).hash(&mut h);
    h.finish()
}

impl Bot for GreedyBot {
    fn name(&self) -> String {
        if self.noise > 0.0 {
            format!("greedy(noise={})", self.noise)
        } else {
            "greedy".into()
        }
    }

    fn analyse(&mut self, variant: &Variant, pos: &Position) -> Vec<Candidate> {
        let me = pos.to_move();
        let plays = variant.plays(pos);
        let eval = evaluator(
            &mut self.eval,
            variant,
            WeightSet::Hand,
            self.tuning.as_deref(),
        );
        let rng = &mut self.rng;
        let mut out: Vec<Candidate> = plays
            .into_iter()
            .map(|play| {
                let mut score = eval.values(variant, &play.position)[me];
                if self.noise > 0.0 {
                    score += rng.random_range(-self.noise..self.noise);
                }
                Candidate { play, score }
            })
            .collect();
        sort_candidates(&mut out);
        out
    }
}
