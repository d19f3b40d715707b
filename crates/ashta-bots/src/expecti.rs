//! Expectiminimax (being written).

use std::time::Duration;

use ashta_engine::{Position, Variant};

use crate::{Bot, Candidate};

/// Expectiminimax settings.
#[derive(Clone, Debug)]
pub struct ExpectiConfig {
    /// Deepest search, in turns.
    pub max_depth: u32,
    /// Time per decision (overrides simulations when set).
    pub time: Option<Duration>,
    /// Score noise.
    pub noise: f64,
}

impl Default for ExpectiConfig {
    fn default() -> Self {
        ExpectiConfig {
            max_depth: 2,
            time: None,
            noise: 0.0,
        }
    }
}

impl ExpectiConfig {
    /// The `medium` level.
    pub fn medium() -> Self {
        ExpectiConfig {
            max_depth: 1,
            ..Self::default()
        }
    }
}

/// Expectiminimax bot.
pub struct ExpectiBot {
    inner: crate::GreedyBot,
}

impl ExpectiBot {
    /// A new Expectiminimax bot.
    pub fn new(seed: u64, _config: ExpectiConfig) -> Self {
        ExpectiBot {
            inner: crate::GreedyBot::new(seed, 0.0),
        }
    }
}

impl Bot for ExpectiBot {
    fn name(&self) -> String {
        "expecti".into()
    }
    fn analyse(&mut self, variant: &Variant, pos: &Position) -> Vec<Candidate> {
        self.inner.analyse(variant, pos)
    }
}
