//! Rollouts with variance reduction.
//!
//! A rollout plays a position forward with the greedy policy of [`Chance`] (the bots'
//! evaluation, one play deep), for `horizon` throwing phases or to the end of the game,
//! and scores the end: the result of a finished game, or else the exact expectation
//! over the next throw of the evaluator's answers.
//!
//! A review plays every rollout to the end of the game ([`RolloutConfig::whole`]); a
//! hint within a time budget cuts them after eight phases ([`RolloutConfig::default`]),
//! trading that bias for many more rollouts (in half a second, 127 a play instead of 13
//! in a four-player opening), as a ranking while playing wants. A rollout cut short is
//! scored by the evaluation, whose bias is the same in every rollout of a play: it does
//! not average out and the standard error does not show it. Measured against the exact
//! table of the one-pawn two-player standard game (150 games of the `master` bot,
//! 48 rollouts per play), the error of a decision cut after 8 phases strayed from the
//! exact error by 2.5 of its standard errors on average (4 labels, all four on plays the
//! table rates best); played to the end, by 0.5 (within the noise).
//!
//! Variance reduction, as gnubg does it: at every throwing phase the rollout knows the
//! evaluator's value of every bag the phase could give, and so the expectation before
//! the throw. The *luck* of the bag drawn (its value minus that expectation) is summed
//! and subtracted from the rollout's result. Each luck has mean zero, so the estimate
//! stays unbiased, while most of the throws' noise cancels. (A phase longer than the
//! outcome table lists, one in 64 with the standard table and two throws, counts no luck;
//! the others' luck is measured against their normalised expectation, which keeps the
//! mean exactly zero.)
//!
//! Common and stratified throws: rollout number `i` of every candidate play draws the
//! same uniform numbers, so the candidates are compared on the same luck; the first
//! [`RolloutConfig::stratified_turns`] phases take their uniform numbers from a
//! low-discrepancy (R_d, generalised golden ratio) sequence over `i`, so that a few
//! dozen rollouts already meet every bag of the first phases in proportion.

use ashta_engine::{Position, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::chance::{Chance, Expansion, WinVector};
use ashta_session::Stop;

/// How rollouts are played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutConfig {
    /// Throwing phases played before the rollout is truncated and scored by the
    /// evaluator's expectation over the next throw; 0 plays every game to its end.
    pub horizon: u32,
    /// Throwing phases, from the first, whose throws are stratified across rollouts.
    pub stratified_turns: usize,
    /// Longest throwing phase the outcome tables list (the luck of longer ones is not
    /// measured; they are drawn all the same).
    pub max_throws: usize,
}

impl Default for RolloutConfig {
    /// Eight phases (two rounds of four players): the hints' rollouts, many in a short
    /// time; two stratified phases, phases of up to two throws (the standard table then
    /// lists 9 bags, 63/64 of all phases: the bags of three throws would triple the work
    /// for the luck of one phase in 64).
    fn default() -> RolloutConfig {
        RolloutConfig {
            horizon: 8,
            stratified_turns: 2,
            max_throws: 2,
        }
    }
}

impl RolloutConfig {
    /// Every rollout to the end of the game, with no evaluation's bias (see the module
    /// documentation): the reviews' rollouts ([`crate::AnalysisConfig::default`]).
    pub fn whole() -> RolloutConfig {
        RolloutConfig {
            horizon: 0,
            ..RolloutConfig::default()
        }
    }
}

/// Longest rollout played to the end before it is scored by the evaluator anyway (a
/// safety net: greedy play can wander for a long time when nobody can capture).
pub const MAX_ROLLOUT_TURNS: u32 = 2000;

/// Plays rollouts of one variant with one seed.
#[derive(Clone, Debug)]
pub struct Roller<'a> {
    variant: &'a Variant,
    chance: &'a Chance,
    config: RolloutConfig,
    seed: u64,
    /// Per stratified phase: the sequence's step and a seeded offset.
    strata: Vec<(f64, f64)>,
}

/// The plastic-number family: the root above 1 of x^(d+1) = x + 1.
fn generalised_golden_ratio(d: usize) -> f64 {
    let mut x = 2.0f64;
    for _ in 0..60 {
        x = (1.0 + x).powf(1.0 / (d as f64 + 1.0));
    }
    x
}

impl<'a> Roller<'a> {
    /// A roller; `chance` must have been built for `variant` with
    /// `config.max_throws`.
    pub fn new(variant: &'a Variant, chance: &'a Chance, config: RolloutConfig, seed: u64) -> Self {
        let d = config.stratified_turns;
        let phi = generalised_golden_ratio(d.max(1));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let strata = (0..d)
            .map(|t| (phi.powi(-(t as i32 + 1)), rng.random::<f64>()))
            .collect();
        Roller {
            variant,
            chance,
            config,
            seed,
            strata,
        }
    }

    /// The expansion of a position whose player must throw (rollouts of the same
    /// start can share it).
    pub fn expand(&self, pos: &Position) -> Expansion {
        self.chance.expand(self.variant, pos)
    }

    /// Rollout number `index` from `start`, as a luck-corrected estimate of every
    /// player's chance to win. `first` is `start`'s expansion when the caller has it.
    /// Deterministic for a seed and an index.
    pub fn roll(&self, start: &Position, first: Option<&Expansion>, index: u64) -> WinVector {
        self.roll_within(start, first, index, &Stop::never())
            .expect("a rollout that never stops")
    }

    /// [`Roller::roll`], given up (`None`) once `stop` comes (checked at every
    /// throwing phase and inside each phase's expansion).
    pub fn roll_within(
        &self,
        start: &Position,
        first: Option<&Expansion>,
        index: u64,
        stop: &Stop,
    ) -> Option<WinVector> {
        let v = self.variant;
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ 0x05ee_d0fa_5c7a);
        rng.set_stream(index.wrapping_add(1));
        let mut pos = *start;
        let mut luck = [0.0; 4];
        let mut turn: u32 = 0;
        let mut owned;
        let end = loop {
            if pos.is_over() || pos.winner().is_some() {
                break self.chance.value(v, &pos);
            }
            if pos.phase() != ashta_engine::Phase::Throwing {
                // Mid-bag (a start position given so): finish the play first.
                pos = self.chance.best_play_within(v, &pos, stop)?.0;
                continue;
            }
            let exp = match first {
                Some(e) if turn == 0 => e,
                _ => {
                    owned = self.chance.expand_within(v, &pos, stop)?;
                    &owned
                }
            };
            let limit = if self.config.horizon == 0 {
                MAX_ROLLOUT_TURNS
            } else {
                self.config.horizon.min(MAX_ROLLOUT_TURNS)
            };
            if turn >= limit {
                break exp.mean;
            }
            let u = match self.strata.get(turn as usize) {
                Some(&(step, offset)) => (offset + index as f64 * step).fract(),
                None => rng.random::<f64>(),
            };
            let mut thrown = pos;
            match self.chance.draw_phase(v, &mut thrown, u, &mut rng) {
                Some(k) => {
                    let b = &exp.branches[k];
                    for (l, (x, m)) in luck.iter_mut().zip(b.value.iter().zip(exp.mean)) {
                        *l += x - m;
                    }
                    pos = b.after;
                }
                None => pos = self.chance.best_play_within(v, &thrown, stop)?.0,
            }
            turn += 1;
        };
        let mut out = [0.0; 4];
        for (o, (e, l)) in out.iter_mut().zip(end.iter().zip(luck)) {
            *o = e - l;
        }
        Some(out)
    }
}
