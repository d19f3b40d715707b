//! The chance side of a rollout: every bag one throwing phase can give (with its exact
//! probability), the bot's answer to each, and drawing a phase from a uniform number so
//! that rollouts can share and stratify their throws.
//!
//! The rollout policy is the shared [`Evaluator`] one play deep (the greedy bot): for a
//! bag, the play after which the evaluation gives the mover the best chance. It uses
//! the weights fitted to game results ([`ashta_bots::Weights::fitted`]), whose chances are
//! calibrated, since rollouts and luck add values up rather than only rank them.

use ashta_engine::{MoveList, Position, ThrowOutcome, ThrowStep, Variant};
use rand::Rng;

use ashta_bots::eval::{Evaluator, WeightSet};
use ashta_bots::tuning::WeightChanges;
use ashta_session::Stop;

/// A value for every seat (at most four players): each player's chance to win.
pub type WinVector = [f64; 4];

/// What one bag leads to once the evaluator's favourite play has been made.
#[derive(Clone, Debug)]
pub struct Branch {
    /// Probability of the bag (not normalised: the bags a phase of at most
    /// `max_throws` throws gives add up to [`Chance::covered`]).
    pub probability: f64,
    /// The position after the evaluator's favourite play of that bag.
    pub after: Position,
    /// The evaluation of `after`, for every player.
    pub value: WinVector,
}

/// Every bag of one throwing phase, answered, and their expectation.
#[derive(Clone, Debug)]
pub struct Expansion {
    /// One branch per bag of at most `max_throws` throws.
    pub branches: Vec<Branch>,
    /// The expectation of the branches' values (normalised over the bags listed).
    pub mean: WinVector,
}

/// The exact throw outcomes of a variant and the evaluator that answers them.
#[derive(Clone, Debug)]
pub struct Chance {
    outcomes: Vec<ThrowOutcome>,
    /// Running sums of the outcomes' probabilities.
    cumulative: Vec<f64>,
    /// Probability that a phase has at most `max_throws` throws.
    covered: f64,
    max_throws: usize,
    /// Mouths-up counts of the grace faces and their running conditional
    /// probabilities (for drawing the rare long phases).
    graces: Vec<(u8, f64)>,
    eval: Evaluator,
}

impl Chance {
    /// The outcome table of phases of at most `max_throws` throws (1 to
    /// [`ashta_engine::MAX_OUTCOME_THROWS`]) and the bots' evaluator, with the fitted
    /// weights under `changes` (none: the shipped weights).
    pub fn new(variant: &Variant, max_throws: usize, changes: &WeightChanges) -> Chance {
        let max_throws = max_throws.clamp(1, ashta_engine::MAX_OUTCOME_THROWS);
        let outcomes = variant.throw_outcomes(max_throws);
        let mut cumulative = Vec::with_capacity(outcomes.len());
        let mut sum = 0.0;
        for o in &outcomes {
            sum += o.probability;
            cumulative.push(sum);
        }
        let table = variant.table();
        let grace_total: f64 = (0..=table.cowries())
            .filter(|&u| table.face(u).grace)
            .map(|u| table.probability(u))
            .sum();
        let mut graces = Vec::new();
        let mut run = 0.0;
        for u in (0..=table.cowries()).filter(|&u| table.face(u).grace) {
            run += table.probability(u) / grace_total;
            graces.push((u, run));
        }
        Chance {
            outcomes,
            cumulative,
            covered: sum,
            max_throws,
            graces,
            eval: Evaluator::with_weights(
                variant,
                changes.apply(WeightSet::Fitted.weights(variant.players())),
            ),
        }
    }

    /// The evaluator the policy plays with.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Probability that a throwing phase has at most `max_throws` throws (the part of
    /// the distribution the branches list).
    pub fn covered(&self) -> f64 {
        self.covered
    }

    /// The longest phase the branches list.
    pub fn max_throws(&self) -> usize {
        self.max_throws
    }

    /// The exact outcomes listed.
    pub fn outcomes(&self) -> &[ThrowOutcome] {
        &self.outcomes
    }

    /// The evaluation of a position, for every player.
    pub fn value(&self, variant: &Variant, pos: &Position) -> WinVector {
        self.eval.win_chances(variant, pos)
    }

    /// The evaluator's favourite play of the bag in `pos` (the first best in the
    /// engine's play order, [`Variant::plays`]) and its value; a position where nobody
    /// holds a bag (turn ended, game over) is its own answer.
    pub fn best_play(&self, variant: &Variant, pos: &Position) -> (Position, WinVector) {
        self.best_play_within(variant, pos, &Stop::never())
            .expect("a search that never stops")
    }

    /// [`Chance::best_play`], given up (`None`) once `stop` comes: a bag of many values
    /// on big rules has thousands of plays to score.
    pub fn best_play_within(
        &self,
        variant: &Variant,
        pos: &Position,
        stop: &Stop,
    ) -> Option<(Position, WinVector)> {
        if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
            return Some((*pos, self.value(variant, pos)));
        }
        let me = pos.to_move();
        let mut best: Option<(Position, WinVector)> = None;
        if pos.bag_len() <= 2 && variant.has_legal_move(pos) {
            // Small bags: a plain depth-first walk over the moves, in the order
            // `plays` walks them, without its bookkeeping; a play reached again by
            // another order of the same moves is recognised by its key and not scored
            // twice.
            let mut seen = Vec::new();
            self.walk(variant, pos, me, &mut best, &mut seen);
        } else {
            let check = stop.is_set();
            if check && stop.is_stopped() {
                return None;
            }
            for (k, play) in variant.plays(pos).into_iter().enumerate() {
                if check && k % 32 == 31 && stop.is_stopped() {
                    return None;
                }
                let value = self.value(variant, &play.position);
                if best.as_ref().is_none_or(|(_, b)| value[me] > b[me]) {
                    best = Some((play.position, value));
                }
            }
        }
        Some(best.unwrap_or_else(|| (*pos, self.value(variant, pos))))
    }

    fn walk(
        &self,
        variant: &Variant,
        pos: &Position,
        me: usize,
        best: &mut Option<(Position, WinVector)>,
        seen: &mut Vec<u64>,
    ) {
        let mut moves = MoveList::new();
        variant.legal_moves(pos, &mut moves);
        for &mv in &moves {
            let mut next = *pos;
            ashta_engine::fast::play(variant, &mut next, mv);
            if next.is_over() || next.phase() == ashta_engine::Phase::Throwing {
                let key = next.key();
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                let value = self.value(variant, &next);
                if best.as_ref().is_none_or(|(_, b)| value[me] > b[me]) {
                    *best = Some((next, value));
                }
            } else {
                self.walk(variant, &next, me, best, seen);
            }
        }
    }

    /// Every bag the player to move of `pos` (who must throw) can get, each answered by
    /// the evaluator's favourite play, with the expectation over them.
    pub fn expand(&self, variant: &Variant, pos: &Position) -> Expansion {
        self.expand_within(variant, pos, &Stop::never())
            .expect("a search that never stops")
    }

    /// [`Chance::expand`], given up (`None`) once `stop` comes: on big rules (many
    /// pawns, many values to a bag) answering every bag takes long.
    pub fn expand_within(
        &self,
        variant: &Variant,
        pos: &Position,
        stop: &Stop,
    ) -> Option<Expansion> {
        let mut branches = Vec::with_capacity(self.outcomes.len());
        let mut mean = [0.0; 4];
        let check = stop.is_set();
        for o in &self.outcomes {
            if check && stop.is_stopped() {
                return None;
            }
            let mut thrown = *pos;
            for &u in &o.throws {
                if ashta_engine::fast::throw_one(variant, &mut thrown, u)
                    .expect("a throwing phase under way")
                    != ThrowStep::Again
                {
                    break;
                }
            }
            let (after, value) = self.best_play(variant, &thrown);
            for (m, x) in mean.iter_mut().zip(value) {
                *m += o.probability * x;
            }
            branches.push(Branch {
                probability: o.probability,
                after,
                value,
            });
        }
        for m in &mut mean {
            *m /= self.covered;
        }
        Some(Expansion { branches, mean })
    }

    /// Draws one throwing phase onto `pos` (whose player must throw) from the uniform
    /// number `u` in [0, 1): `u` picks a listed outcome by its probability, so
    /// stratified or shared `u`s give stratified or shared throws. The rare phases
    /// longer than `max_throws` (when `u` falls past the listed outcomes) are drawn
    /// from `rng`: graces for the first `max_throws` throws, then throws as they come.
    /// Answers the listed outcome's index, or `None` for a long phase.
    pub fn draw_phase<R: Rng + ?Sized>(
        &self,
        variant: &Variant,
        pos: &mut Position,
        u: f64,
        rng: &mut R,
    ) -> Option<usize> {
        if let Some(k) = self.cumulative.iter().position(|&c| u < c) {
            for &m in &self.outcomes[k].throws {
                if ashta_engine::fast::throw_one(variant, pos, m)
                    .expect("a throwing phase under way")
                    != ThrowStep::Again
                {
                    break;
                }
            }
            return Some(k);
        }
        let table = variant.table();
        for _ in 0..self.max_throws {
            let x: f64 = rng.random();
            let face = self
                .graces
                .iter()
                .find(|&&(_, c)| x < c)
                .or(self.graces.last())
                .map(|&(m, _)| m)
                .expect("a phase longer than max_throws needs grace faces");
            if ashta_engine::fast::throw_one(variant, pos, face)
                .expect("a throwing phase under way")
                != ThrowStep::Again
            {
                return None;
            }
        }
        loop {
            let x: f64 = rng.random();
            let mut run = 0.0;
            let mut face = table.cowries();
            for m in 0..=table.cowries() {
                run += table.probability(m);
                if x < run {
                    face = m;
                    break;
                }
            }
            if ashta_engine::fast::throw_one(variant, pos, face)
                .expect("a throwing phase under way")
                != ThrowStep::Again
            {
                return None;
            }
        }
    }
}
