//! Expectiminimax over whole turns: a decision node chooses among the distinct plays
//! of the bag, a chance node averages over every throwing phase with its exact
//! probability (graces included; see [`Variant::throw_outcomes`]).
//!
//! - Two players: minimax on player 0's win chance with alpha-beta at decision nodes
//!   and Star1 pruning at chance nodes (Ballard 1983): bounds on a chance node's value
//!   from the outcomes searched so far cut the rest when they fall outside the window.
//! - Three or four players: either *paranoid* (the root player against a coalition of
//!   the others, which reuses the two-player search and its pruning) or *max^n*
//!   (every player maximises its own component of a value vector; no pruning).
//!   [`ExpectiConfig::multi`] picks one; max^n is the default (measured stronger:
//!   at depth 3 against three greedy bots it won 32% of 200 four-player games,
//!   paranoid 26%; see BENCHMARKS.md).
//! - Iterative deepening, one turn at a time, until the time budget runs out (or to
//!   `max_depth` when no time is set, which is reproducible); a transposition table
//!   keyed by [`Position::key`] keeps values and the best play for move ordering.

use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

use ashta_engine::{PhaseFrom, PlayEnds, Position, ThrowOutcome, Variant, PLAYS_LIMIT};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;

use crate::board::{for_players, sort_candidates};
use crate::eval::{Evaluator, WeightSet};
use crate::greedy::evaluator;
use crate::tuning::Tuning;
use ashta_session::{Bot, Candidate, Stop};

/// How three and four players are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiPlayer {
    /// The root player against all the others.
    Paranoid,
    /// Every player for itself.
    MaxN,
}

/// Expectiminimax settings.
#[derive(Clone, Debug)]
pub struct ExpectiConfig {
    /// Deepest search, in turns (a turn is a throwing phase and a play).
    pub max_depth: u32,
    /// Time per decision; iterative deepening stops when it runs out.
    pub time: Option<Duration>,
    /// Width of uniform noise added to root scores with two players (weaker levels).
    pub noise: f64,
    /// The same with three or four players.
    pub noise_multi: f64,
    /// Longest run of throws a chance node enumerates (the rest, a run of graces of
    /// probability 8^-(n-1) with the standard table, is dropped and the others rescaled).
    pub max_throws: usize,
    /// Three- and four-player search.
    pub multi: MultiPlayer,
    /// The evaluation's weights.
    pub weights: WeightSet,
    /// How much of its share of a draw the search counts (1: a draw is worth `1/k` of
    /// a win to each of the `k` players still in the game; 0: nothing, as a loss).
    pub draw_weight: f64,
    /// Changes to the evaluation (another net, other weights); `None` plays with the
    /// shipped evaluation.
    pub tuning: Option<Arc<Tuning>>,
}

impl Default for ExpectiConfig {
    fn default() -> Self {
        ExpectiConfig {
            max_depth: 3,
            time: None,
            noise: 0.0,
            noise_multi: 0.0,
            max_throws: 2,
            multi: MultiPlayer::MaxN,
            weights: WeightSet::Strongest,
            draw_weight: 1.0,
            tuning: None,
        }
    }
}

impl ExpectiConfig {
    /// The `medium` level: one turn of lookahead past the bot's own play, and noise:
    /// 0.08 with two players (below `hard`, BENCHMARKS.md, "The ladder"), 0.02 with
    /// three or four.
    pub fn medium() -> Self {
        ExpectiConfig {
            max_depth: 2,
            noise: 0.08,
            noise_multi: 0.02,
            ..Self::default()
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    depth: u32,
    value: f64,
    bound: Bound,
    best: u16,
}

/// The expectiminimax bot.
pub struct ExpectiBot {
    config: ExpectiConfig,
    rng: ChaCha8Rng,
    eval: Option<(u64, Evaluator)>,
    tt: FxHashMap<u64, Entry>,
    /// Nodes searched by the last decision.
    pub nodes: u64,
    /// Depth completed by the last decision.
    pub depth: u32,
    /// Stops every search early (see [`Bot::set_stop`]).
    stop: Stop,
}

/// The deepest [`ExpectiConfig::max_depth`] the bot searches (deeper settings are
/// searched this deep).
pub const MAX_DEPTH: u32 = 12;

/// The longest run of throws [`ExpectiConfig::max_throws`] may enumerate (more is
/// searched as this many): each more throw multiplies the bags of a chance node and
/// the values of each bag.
pub const MAX_THROWS: usize = 4;

impl ExpectiBot {
    /// A new bot.
    pub fn new(seed: u64, config: ExpectiConfig) -> Self {
        ExpectiBot {
            config,
            rng: ChaCha8Rng::seed_from_u64(seed),
            eval: None,
            tt: FxHashMap::default(),
            nodes: 0,
            depth: 0,
            stop: Stop::never(),
        }
    }
}

struct Search<'a> {
    v: &'a Variant,
    eval: &'a Evaluator,
    outcomes: &'a [ThrowOutcome],
    tt: &'a mut FxHashMap<u64, Entry>,
    root: usize,
    maxn: bool,
    deadline: Option<Instant>,
    stop: Option<&'a Stop>,
    nodes: u64,
    aborted: bool,
    /// Buffers of the walk over a bag's plays, reused by every node.
    ends: PlayEnds,
    /// Lists of scored play ends no node is using, reused (one per level in use).
    spare: Vec<Vec<(f64, Position)>>,
}

const TT_LIMIT: usize = 1 << 20;

impl Search<'_> {
    fn out_of_time(&mut self) -> bool {
        // The clock is read at every node: on big rules (many pawns, long bags) one
        // node can take milliseconds.
        if !self.aborted {
            if let Some(d) = self.deadline {
                self.aborted = Instant::now() >= d;
            }
            if self.stop.is_some_and(Stop::is_stopped) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    fn leaf(&self, pos: &Position) -> [f64; 4] {
        self.eval.values(self.v, pos)
    }

    // ------------------------------------------------------------ paranoid / 2 players

    /// The root player's win chance, searched `depth` turns deep within (alpha, beta).
    fn value(&mut self, pos: &Position, depth: u32, alpha: f64, beta: f64) -> f64 {
        self.nodes += 1;
        if pos.is_over() || depth == 0 || self.out_of_time() {
            return self.leaf(pos)[self.root];
        }
        if pos.phase() == ashta_engine::Phase::Throwing {
            self.chance(pos, depth, alpha, beta)
        } else {
            self.decision(pos, depth, alpha, beta)
        }
    }

    /// Star1: an expectation node cut by bounds from the outcomes seen so far.
    fn chance(&mut self, pos: &Position, depth: u32, alpha: f64, beta: f64) -> f64 {
        let (lo, hi) = (0.0, 1.0);
        let mut sum = 0.0;
        let mut left = 1.0;
        for o in self.outcomes {
            let p = o.probability;
            left -= p;
            let mut child = *pos;
            self.v
                .throw(&mut child, PhaseFrom::Given(&o.throws))
                .expect("outcomes are whole phases");
            let a = ((alpha - sum - left * hi) / p).max(lo);
            let b = ((beta - sum - left * lo) / p).min(hi);
            // A forfeited or voided turn passes without a decision: it still costs a turn.
            let d = if child.phase() == ashta_engine::Phase::Throwing {
                depth - 1
            } else {
                depth
            };
            let val = self.value(&child, d, a, b);
            sum += p * val;
            if sum + left.max(0.0) * hi <= alpha {
                return sum + left.max(0.0) * hi;
            }
            if sum + left.max(0.0) * lo >= beta {
                return sum + left.max(0.0) * lo;
            }
        }
        sum
    }

    fn decision(&mut self, pos: &Position, depth: u32, mut alpha: f64, mut beta: f64) -> f64 {
        let key = pos.key();
        let mut first = 0usize;
        if let Some(e) = self.tt.get(&key).copied() {
            if e.depth >= depth {
                match e.bound {
                    Bound::Exact => return e.value,
                    Bound::Lower => alpha = alpha.max(e.value),
                    Bound::Upper => beta = beta.min(e.value),
                }
                if alpha >= beta {
                    return e.value;
                }
            }
            first = e.best as usize;
        }
        let maximize = pos.to_move() == self.root;
        if depth == 1 {
            // Children are leaves: no ordering, no table entry.
            self.nodes += 1;
            ashta_engine::fast::play_ends(self.v, pos, PLAYS_LIMIT, &mut self.ends);
            let values = self
                .ends
                .positions()
                .iter()
                .map(|end| self.leaf(end)[self.root]);
            return if maximize {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            };
        }
        let plays = self.ordered_ends(pos, first);
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximize {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best_index = 0;
        for (k, &(_, end)) in plays.iter().enumerate() {
            let val = self.value(&end, depth - 1, alpha, beta);
            if self.aborted {
                self.spare.push(plays);
                return if best.is_finite() { best } else { val };
            }
            if (maximize && val > best) || (!maximize && val < best) {
                best = val;
                best_index = k;
            }
            if maximize {
                alpha = alpha.max(val);
            } else {
                beta = beta.min(val);
            }
            if alpha >= beta {
                break;
            }
        }
        self.spare.push(plays);
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.tt.len() < TT_LIMIT {
            self.tt.insert(
                key,
                Entry {
                    depth,
                    value: best,
                    bound,
                    best: best_index as u16,
                },
            );
        }
        best
    }

    /// The ends of the bag's plays with their static value for the mover, the
    /// transposition table's best first, then by that value (good first moves make
    /// alpha-beta cut more). The list comes from [`Search::spare`]: give it back there
    /// once done, so that nodes allocate nothing once the search has warmed up.
    fn ordered_ends(&mut self, pos: &Position, first: usize) -> Vec<(f64, Position)> {
        let mover = pos.to_move();
        ashta_engine::fast::play_ends(self.v, pos, PLAYS_LIMIT, &mut self.ends);
        let mut scored = self.spare.pop().unwrap_or_default();
        scored.clear();
        scored.extend(
            self.ends
                .positions()
                .iter()
                .map(|end| (self.leaf(end)[mover], *end)),
        );
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        if first > 0 && first < scored.len() {
            scored[..=first].rotate_right(1);
        }
        scored
    }

    // ------------------------------------------------------------ max^n

    /// Every player's value, each maximising its own component.
    fn vector(&mut self, pos: &Position, depth: u32) -> [f64; 4] {
        self.nodes += 1;
        if pos.is_over() || depth == 0 || self.out_of_time() {
            return self.leaf(pos);
        }
        if pos.phase() == ashta_engine::Phase::Throwing {
            let mut sum = [0.0; 4];
            for o in self.outcomes {
                let mut child = *pos;
                self.v
                    .throw(&mut child, PhaseFrom::Given(&o.throws))
                    .expect("outcomes are whole phases");
                let d = if child.phase() == ashta_engine::Phase::Throwing {
                    depth - 1
                } else {
                    depth
                };
                let val = self.vector(&child, d);
                for (s, x) in sum.iter_mut().zip(val) {
                    *s += o.probability * x;
                }
            }
            return sum;
        }
        let mover = pos.to_move();
        let mut best = [f64::NEG_INFINITY; 4];
        let plays = self.ordered_ends(pos, 0);
        for &(_, end) in &plays {
            let val = self.vector(&end, depth - 1);
            if val[mover] > best[mover] {
                best = val;
            }
            if self.aborted {
                break;
            }
        }
        self.spare.push(plays);
        best
    }

    /// The root player's value of a position after a root play.
    fn root_value(&mut self, pos: &Position, depth: u32) -> f64 {
        if self.maxn {
            self.vector(pos, depth)[self.root]
        } else {
            self.value(pos, depth, 0.0, 1.0)
        }
    }
}

impl Bot for ExpectiBot {
    fn name(&self) -> String {
        "expecti".into()
    }

    fn new_game(&mut self) {
        self.tt.clear();
    }

    fn set_stop(&mut self, stop: Stop) {
        self.stop = stop;
    }

    fn release_memory(&mut self) {
        self.tt = FxHashMap::default();
    }

    fn analyse(&mut self, variant: &Variant, pos: &Position) -> Vec<Candidate> {
        let plays = variant.plays(pos);
        if plays.len() <= 1 {
            self.nodes = 0;
            self.depth = 0;
            return plays
                .into_iter()
                .map(|play| Candidate { play, score: 1.0 })
                .collect();
        }
        let outcomes =
            variant.throw_outcomes_normalized(self.config.max_throws.clamp(1, MAX_THROWS));
        let tuning = self.config.tuning.as_deref();
        let eval = evaluator(&mut self.eval, variant, self.config.weights, tuning)
            .clone()
            .with_draw_weight(self.config.draw_weight);
        if self.tt.len() >= TT_LIMIT {
            self.tt.clear();
        }
        let start = Instant::now();
        let deadline = self.config.time.map(|t| start + t);
        let mut search = Search {
            v: variant,
            eval: &eval,
            outcomes: &outcomes,
            tt: &mut self.tt,
            root: pos.to_move(),
            maxn: variant.players() > 2 && self.config.multi == MultiPlayer::MaxN,
            deadline,
            stop: self.stop.is_set().then_some(&self.stop),
            nodes: 0,
            aborted: false,
            ends: PlayEnds::default(),
            spare: Vec::new(),
        };
        // Depth 1 is the static value of each play; deeper iterations refine it.
        let mut scores: Vec<f64> = plays
            .iter()
            .map(|p| search.leaf(&p.position)[search.root])
            .collect();
        let mut completed = 1;
        let max_depth = if deadline.is_some() {
            64
        } else {
            self.config.max_depth.clamp(1, MAX_DEPTH)
        };
        for depth in 2..=max_depth {
            let mut next = Vec::with_capacity(plays.len());
            for p in &plays {
                next.push(search.root_value(&p.position, depth - 1));
                if search.aborted {
                    break;
                }
            }
            if search.aborted {
                break;
            }
            scores = next;
            completed = depth;
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        self.nodes = search.nodes;
        self.depth = completed;
        let noise = for_players(variant, self.config.noise, self.config.noise_multi);
        let mut out: Vec<Candidate> = plays
            .into_iter()
            .zip(scores)
            .map(|(play, score)| {
                let noise = if noise > 0.0 {
                    self.rng.random_range(-noise..noise)
                } else {
                    0.0
                };
                Candidate {
                    play,
                    score: score + noise,
                }
            })
            .collect();
        sort_candidates(&mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Weights;
    use ashta_engine::parse_any;

    fn bot(depth: u32) -> ExpectiBot {
        ExpectiBot::new(
            1,
            ExpectiConfig {
                max_depth: depth,
                ..ExpectiConfig::default()
            },
        )
    }

    #[test]
    fn takes_the_capture_that_opens_the_gate() {
        // South to move with a 3: its pawn on index 2 can capture North's single on
        // South's index 5 (e4, North's 13); the other plays just advance.
        let (v, pos) = parse_any("standard 5 2 0 3 2,0,0,0/13,0,0,0 - - 0").unwrap();
        let best = bot(2).choose(&v, &pos).unwrap();
        assert!(best.moves[0].is_capture(), "{:?}", best.moves);
    }

    #[test]
    fn star1_pruning_gives_the_same_root_scores_as_a_full_search() {
        // Both have captured, so the hand evaluation never expects a draw and the
        // game is zero-sum (the value net always leaves a little to the draw).
        let (v, pos) = parse_any("standard 5 2 0 2 1,3,5,0/0,2,4,10 01 - 0").unwrap();
        let mut pruned = ExpectiBot::new(
            1,
            ExpectiConfig {
                max_depth: 3,
                weights: WeightSet::Hand,
                ..ExpectiConfig::default()
            },
        );
        let a = pruned.analyse(&v, &pos);
        // max^n on two players does no pruning; its root values must agree.
        let outcomes = v.throw_outcomes_normalized(ExpectiConfig::default().max_throws);
        let eval = Evaluator::with_weights(&v, Weights::default());
        let mut tt = FxHashMap::default();
        let mut s = Search {
            v: &v,
            eval: &eval,
            outcomes: &outcomes,
            tt: &mut tt,
            root: 0,
            maxn: true,
            deadline: None,
            stop: None,
            nodes: 0,
            aborted: false,
            ends: PlayEnds::default(),
            spare: Vec::new(),
        };
        for c in &a {
            let exact = s.vector(&c.play.position, 2)[0];
            assert!((exact - c.score).abs() < 1e-9, "{exact} vs {}", c.score);
        }
    }

    #[test]
    fn root_noise_follows_the_number_of_players() {
        let scores = |text: &str, two: f64, more: f64| {
            let (v, pos) = parse_any(text).unwrap();
            let config = ExpectiConfig {
                max_depth: 1,
                noise: two,
                noise_multi: more,
                ..ExpectiConfig::default()
            };
            ExpectiBot::new(1, config)
                .analyse(&v, &pos)
                .into_iter()
                .map(|c| (c.play.moves, c.score.to_bits()))
                .collect::<Vec<_>>()
        };
        let four = "standard 5 4 0 4,2 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0";
        assert_eq!(scores(four, 0.0, 0.0), scores(four, 0.5, 0.0));
        assert_ne!(scores(four, 0.0, 0.0), scores(four, 0.0, 0.5));
        let two = "standard 5 2 0 3 2,0,0,0/13,0,0,0 - - 0";
        assert_eq!(scores(two, 0.0, 0.0), scores(two, 0.0, 0.5));
        assert_ne!(scores(two, 0.0, 0.0), scores(two, 0.5, 0.0));
        // The `medium` level: more noise with two players than with more.
        let medium = ExpectiConfig::medium();
        assert!(medium.noise > medium.noise_multi && medium.noise_multi > 0.0);
    }

    #[test]
    fn same_seed_same_choice() {
        let (v, pos) =
            parse_any("standard 5 4 0 4,2 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0").unwrap();
        let a = bot(2).choose(&v, &pos).unwrap();
        let b = bot(2).choose(&v, &pos).unwrap();
        assert_eq!(a.moves, b.moves);
    }
}
