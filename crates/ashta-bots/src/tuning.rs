//! What a program may change in the bots' evaluation without rebuilding: a value net
//! to play with instead of the shipped one for its rules, and changes to the
//! evaluation's weights.
//!
//! The library reads no files and no environment: the program parses them (the
//! `ashta` command reads `--net FILE` and `--weights LIST`, or the environment
//! variables `ASHTA_NET` and `ASHTA_WEIGHTS`) and gives the result here, either to
//! one bot or evaluator ([`Tuning::evaluator`], [`crate::greedy::GreedyBot::with_tuning`],
//! the `tuning` field of [`crate::mcts::MctsConfig`] and [`crate::expecti::ExpectiConfig`]) or to
//! every bot it builds by name ([`crate::registry::BotMaker`]). There is no process-wide
//! tuning: a bot built without one plays with the shipped evaluation.

use std::sync::Arc;

use ashta_engine::Variant;
use thiserror::Error;

use crate::eval::{Evaluator, WeightSet, Weights};
use crate::net::ValueNet;

/// The names of the weights [`WeightChanges`] can set (the fields of [`Weights`]).
pub const WEIGHT_NAMES: &[&str] = &[
    "off_board",
    "gate",
    "stuck",
    "hit_extra",
    "closed_progress",
    "temperature",
    "freeze",
];

/// A list of weight changes that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TuningError {
    /// A pair that is not `name=value`.
    #[error("{0:?} is not name=value")]
    NotAPair(String),
    /// A name that is not a weight's.
    #[error("no weight is called {0:?} (known: {names})", names = WEIGHT_NAMES.join(", "))]
    UnknownWeight(String),
    /// A value that is not a finite number.
    #[error("{name}={value}: not a number")]
    NotANumber {
        /// The weight.
        name: String,
        /// The value as given.
        value: String,
    },
}

/// Weights to set to given values, whatever set they start from (for tuning, e.g.
/// `gate=20,stuck=4`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WeightChanges {
    /// Each change: the index of the weight in [`WEIGHT_NAMES`] and its new value.
    changes: Vec<(usize, f64)>,
}

impl WeightChanges {
    /// Reads `name=value` pairs separated by commas (empty pairs are skipped, so the
    /// empty text changes nothing). Names are those of [`WEIGHT_NAMES`].
    pub fn parse(text: &str) -> Result<WeightChanges, TuningError> {
        let mut changes = Vec::new();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| TuningError::NotAPair(pair.into()))?;
            let index = WEIGHT_NAMES
                .iter()
                .position(|n| *n == name)
                .ok_or_else(|| TuningError::UnknownWeight(name.into()))?;
            let x = value
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| TuningError::NotANumber {
                    name: name.into(),
                    value: value.into(),
                })?;
            changes.push((index, x));
        }
        Ok(WeightChanges { changes })
    }

    /// Whether there is no change.
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// `base` with the changes made (a later change of a weight wins).
    pub fn apply(&self, base: Weights) -> Weights {
        let mut w = base;
        for &(index, x) in &self.changes {
            let field = match index {
                0 => &mut w.off_board,
                1 => &mut w.gate,
                2 => &mut w.stuck,
                3 => &mut w.hit_extra,
                4 => &mut w.closed_progress,
                5 => &mut w.temperature,
                _ => &mut w.freeze,
            };
            *field = x;
        }
        w
    }
}

/// Changes to the bots' evaluation: none by default.
#[derive(Clone, Debug, Default)]
pub struct Tuning {
    /// A net the strongest weight set plays with instead of the shipped one, for the
    /// rules it was trained for (other rules keep their shipped net, if any).
    pub net: Option<Arc<ValueNet>>,
    /// Changes made to the weights of every set.
    pub weights: WeightChanges,
}

impl Tuning {
    /// The weights `set` plays with at `players` players, with the changes made.
    pub fn weights(&self, set: WeightSet, players: usize) -> Weights {
        self.weights.apply(set.weights(players))
    }

    /// The value net `set` plays with for `variant`: for the strongest set, this
    /// tuning's net when it fits the rules, else the shipped one ([`WeightSet::net`]).
    pub fn net(&self, set: WeightSet, variant: &Variant) -> Option<Arc<ValueNet>> {
        match (set, &self.net) {
            (WeightSet::Strongest, Some(net)) if net.fits(variant) => Some(net.clone()),
            _ => set.net(variant),
        }
    }

    /// The evaluator `set` plays `variant` with under this tuning.
    pub fn evaluator(&self, variant: &Variant, set: WeightSet) -> Evaluator {
        let eval = Evaluator::with_weights(variant, self.weights(set, variant.players()));
        match self.net(set, variant) {
            Some(net) => eval.with_net(net),
            None => eval,
        }
    }
}
