//! Monte Carlo tree search with chance nodes and per-player (max^n) backups.
//!
//! The tree alternates two kinds of node:
//!
//! - a *decision* node is a position whose player to move holds a bag; its children
//!   are the distinct plays of that bag ([`Variant::plays`]), each leading to the
//!   position after the whole bag is played out;
//! - a *chance* node is a position whose player to move must throw; its children are
//!   the bags one throwing phase can give ([`Variant::throw_outcomes_normalized`]),
//!   created when first drawn. A bag with no usable value ends the turn at once, so a
//!   chance node's child may be another chance node (the next player's throw).
//!
//! Game-over positions are terminal with exact values (the evaluator's: 1 to the
//! winner, a draw as it scores draws). A position where nobody has captured and no
//! pawn can ever reach an opponent's again ([`locked_draw`]) is scored as the frozen
//! draw it must end in.
//!
//! Every node keeps the sum of the value *vectors* (one win chance per player) backed
//! up through it. At a decision node the child is chosen by UCT on the mover's own
//! component (max^n): `Q + c·sqrt(ln N / (n + 1))`, where `Q` mixes the child's
//! evaluation (worth [`MctsConfig::prior_visits`] visits) with the mean of its
//! simulations, and `c` is [`MctsConfig::exploration_multi`] with three or four players
//! and [`MctsConfig::exploration`] with two. At a chance node the outcome is drawn
//! by probability, but along a low-discrepancy sequence (a random offset per node plus
//! the golden ratio per visit), so a node's visits are spread over the outcomes in
//! proportion to their probabilities with little sampling noise.
//!
//! Leaves are truncated: a decision node met for the first time is expanded (all its
//! plays generated and each resulting position scored by the shared [`Evaluator`]),
//! and the value backed up is that of its best play for the mover, a one-play greedy
//! lookahead. Optionally ([`MctsConfig::rollout_turns`]) a few cheap turns are then
//! played out (captures first, otherwise random moves, seeded throws) before the
//! evaluator is asked.
//!
//! The other players' decisions are searched like the bot's own, except for seats it
//! expects to play as the `greedy` bot does ([`Opponents`]): by default those whose
//! plays this game it recognised as greedy's ([`crate::opponent_model`]). Such a seat's
//! decision node has one child, greedy's play.
//!
//! In a two-player game whose endgame table is built (`ashta solve --endgames`,
//! [`crate::endgames`]), with [`MctsConfig::endgames`] on: a position where each
//! player has at most two pawns out is played from the table, without search, and a
//! leaf of the tree that is such a position is scored by its exact value instead of
//! the evaluation.
//!
//! With a simulation budget the search is deterministic: its random numbers come from
//! a ChaCha8 generator seeded by the bot's seed and the position, and the tree is a
//! plain vector (no hash-map iteration order anywhere).

use std::sync::Arc;
use std::time::Duration;

use ashta_solve::EndgameTable;
use web_time::Instant;

use ashta_engine::{
    DrawReason, MoveList, Play, PlayEnds, Position, ThrowStep, Variant, PLAYS_LIMIT,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;

use crate::board::for_players;
use crate::endgames::{endgame_table, exact_values};
use crate::eval::{Evaluator, WeightSet};
use crate::greedy::{evaluator, greedy_pick, variant_id};
use crate::opponent_model::{GreedyWatch, RECOGNISED_AFTER};
use crate::styles::{style_pick, Style, StyleTables};
use crate::tuning::Tuning;
use ashta_session::{Bot, Candidate, Stop};

/// MCTS settings.
#[derive(Clone, Debug)]
pub struct MctsConfig {
    /// Simulations per decision (the budget when `time` is not set).
    pub simulations: u64,
    /// Time per decision (overrides simulations when set; the search is then no longer
    /// reproducible).
    pub time: Option<Duration>,
    /// UCT exploration constant with two players (values are win chances in 0..1).
    pub exploration: f64,
    /// UCT exploration constant with three or four players, where a smaller one plays
    /// better (0.1 against 0.3, measured against the gauntlet).
    pub exploration_multi: f64,
    /// Width of the uniform noise added to each root score with two players (0 for
    /// none; weaker levels).
    pub noise: f64,
    /// The same with three or four players (kept apart because noise that only
    /// weakens a level with two players cost `hard` a four-player target).
    pub noise_multi: f64,
    /// How many visits the evaluation of a child counts for in its mean.
    pub prior_visits: f64,
    /// Turns of cheap play-out (captures first, else random) after a new leaf before
    /// the evaluation; 0 scores the leaf directly.
    pub rollout_turns: u32,
    /// Most throws per throwing phase the chance nodes distinguish (longer runs of
    /// graces are folded into the others by renormalising).
    pub max_throws: usize,
    /// Score a position where nobody has captured and no pawn can ever again reach an
    /// opponent's pawn (see [`ashta_engine::Variant::is_locked`]) as the draw it must end in.
    pub locked_draws: bool,
    /// The search stops early once the tree holds this many nodes (about half a
    /// kilobyte each), so long time budgets cannot exhaust memory.
    pub max_nodes: usize,
    /// Without a time budget, the search also stops once it has scored
    /// `simulations × this` positions (the tree's nodes, and the scoring of the plays
    /// of modelled opponents by their model, [`Opponents`]). Simulations that meet many
    /// plays cost more; this keeps the slowest decisions near the typical ones and
    /// stays deterministic.
    pub evaluations_per_simulation: f64,
    /// The evaluation's weights.
    pub weights: WeightSet,
    /// How much of its share of a draw the search counts (1: a draw is worth `1/k` of
    /// a win to each of the `k` players still in the game; 0: nothing, as a loss).
    pub draw_weight: f64,
    /// Changes to the evaluation (another net, other weights); `None` plays with the
    /// shipped evaluation.
    pub tuning: Option<Arc<Tuning>>,
    /// How the tree expects the *other* players to play.
    pub opponents: Opponents,
    /// With [`Opponents::Recognise`]: contested decisions in agreement with greedy
    /// (and none against) after which a seat is expected to play as greedy does.
    pub recognise_after: u32,
    /// Play two-player endgames from the endgame table, and score the leaves that
    /// reach one by it, when the table is built ([`crate::endgames`]).
    pub endgames: bool,
}

/// How the search expects the other players to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponents {
    /// Their decisions are searched like the bot's own (max^n: each takes what is
    /// best for it by the evaluation).
    Search,
    /// Each makes the play the hand-weighted greedy policy makes (the `greedy` bot's
    /// choice), so their decisions do not branch and every simulation goes to the
    /// bot's own choices and the throws.
    Greedy,
    /// Searched, except the seats whose plays this game were recognised as greedy's
    /// (see [`crate::opponent_model`]), which are expected to play as greedy does.
    Recognise,
    /// Each makes the play the gauntlet bot of this style makes (the first of its
    /// best): a diagnostic of what an exact model of the opponents buys when they are
    /// that bot, not a setting of any level.
    Style(Style),
}

impl Default for MctsConfig {
    /// The strongest setting that stays within 100 ms of one core per decision:
    /// 8000 simulations and at most 48 000 positions scored (measured with the
    /// `mcts_speed` tool of `ashta-tools` and the value nets: about 140 000
    /// simulations a second with four players, 170 000 with two; means of 56–58 ms and 40–43 ms per decision,
    /// see BENCHMARKS.md for the slowest). Reproducible: no time limit.
    fn default() -> Self {
        MctsConfig {
            simulations: 8000,
            time: None,
            exploration: 0.3,
            exploration_multi: 0.1,
            noise: 0.0,
            noise_multi: 0.0,
            prior_visits: 2.0,
            rollout_turns: 0,
            max_throws: 4,
            locked_draws: true,
            max_nodes: 500_000,
            evaluations_per_simulation: 6.0,
            weights: WeightSet::Strongest,
            draw_weight: 1.0,
            tuning: None,
            opponents: Opponents::Recognise,
            recognise_after: RECOGNISED_AFTER,
            endgames: true,
        }
    }
}

impl MctsConfig {
    /// The `hard` level: the same search with an eighth of the budget (1000
    /// simulations, about 6 ms per decision) and, with two players, root noise of
    /// 0.04, so that it sits between `medium` and `default` (in two players the search
    /// gains little past 64 simulations, and without the noise `hard` and `default`
    /// cannot be told apart; BENCHMARKS.md, "The ladder").
    pub fn hard() -> Self {
        MctsConfig {
            simulations: 1000,
            noise: 0.04,
            endgames: false,
            ..Self::default()
        }
    }
}

/// Monte Carlo tree search bot (see the module documentation).
pub struct MctsBot {
    seed: u64,
    config: MctsConfig,
    eval: Option<(u64, Evaluator)>,
    /// The hand-weighted evaluation that models greedy opponents.
    opponent_eval: Option<(u64, Evaluator)>,
    /// What the bot has seen of each seat's plays this game.
    watch: GreedyWatch,
    /// Throw outcomes (mouths-up sequences) and their cumulative probabilities, for
    /// the variant they were built for.
    chance: Option<(u64, ChanceTable)>,
    tree: Tree,
    /// Nodes the last search's tree held: the room the next one starts with.
    last_nodes: usize,
    /// Simulations run by the last search (for speed measurements).
    last_simulations: u64,
    /// Stops every search early (see [`Bot::set_stop`]).
    stop: Stop,
    /// The endgame table of the variant last played, by its id.
    endgames: Option<(u64, Option<Arc<EndgameTable>>)>,
}

/// Nodes a bot keeps allocated between decisions: a tree that grew past this is freed
/// once its decision is made, so an idle bot holds little memory.
pub const KEEP_NODES: usize = 4096;

#[derive(Clone, Debug)]
struct ChanceTable {
    throws: Vec<Vec<u8>>,
    cdf: Vec<f64>,
}

impl ChanceTable {
    fn new(variant: &Variant, max_throws: usize) -> ChanceTable {
        let outcomes = variant.throw_outcomes_normalized(max_throws);
        let mut acc = 0.0;
        let mut cdf = Vec::with_capacity(outcomes.len());
        for o in &outcomes {
            acc += o.probability;
            cdf.push(acc);
        }
        if let Some(last) = cdf.last_mut() {
            *last = f64::INFINITY;
        }
        ChanceTable {
            throws: outcomes.iter().map(|o| o.throws.to_vec()).collect(),
            cdf,
        }
    }

    /// The outcome at cumulative probability `x` in 0..1.
    fn pick(&self, x: f64) -> usize {
        self.cdf
            .partition_point(|&c| c <= x)
            .min(self.cdf.len() - 1)
    }
}

const NONE: u32 = u32::MAX;
/// The golden ratio's fractional part: successive visits of a chance node step their
/// sampling point by it.
const PHI: f64 = 0.618_033_988_749_894_9;
/// Deepest path a simulation follows before it stops and evaluates.
const MAX_DEPTH: usize = 256;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Decision,
    Chance,
    Terminal,
}

/// A node's statistics; its position is kept apart, in [`Tree::positions`], so that
/// choosing among children reads only these.
#[derive(Clone, Debug)]
struct Node {
    kind: Kind,
    /// The player to move in the node's position.
    to_move: u8,
    expanded: bool,
    visits: u32,
    /// Children: decision nodes keep theirs contiguous in `nodes`; chance nodes keep
    /// one slot per outcome in `edges` (`NONE` until drawn).
    first: u32,
    len: u32,
    sum: [f64; 4],
    prior: [f64; 4],
    /// Chance nodes: the sampling sequence's random offset.
    offset: f64,
}

#[derive(Clone, Debug, Default)]
struct Tree {
    nodes: Vec<Node>,
    /// `positions[n]`: node n's position.
    positions: Vec<Position>,
    /// The node that holds the value of each position scored, by [`Position::key`].
    scored: FxHashMap<u64, u32>,
    edges: Vec<u32>,
    path: Vec<u32>,
    /// Buffers for the ends of the plays of a node being expanded.
    ends: PlayEnds,
}

impl Tree {
    /// Frees a tree that grew past [`KEEP_NODES`] (a small one is kept as it is).
    fn release(&mut self) {
        if self.nodes.capacity() > KEEP_NODES {
            *self = Tree::default();
        }
    }

    /// Empties the tree, with room for `nodes` nodes and half as many again (one
    /// allocation, not a vector doubling and copying as it grows: searches from one
    /// game's positions differ in size, and a copy of every position is dear).
    fn reset(&mut self, nodes: usize) {
        self.nodes.clear();
        self.positions.clear();
        self.edges.clear();
        self.scored.clear();
        let room = nodes + nodes / 2;
        self.nodes.reserve(room);
        self.positions.reserve(room);
        // At most one scored position a node: no rehashing as the map grows.
        self.scored.reserve(room);
    }

    /// Adds the node of the position last pushed to [`Tree::positions`] and returns its
    /// index (positions are written in place, so a node's position is copied once).
    fn push_node(&mut self, kind: Kind, prior: [f64; 4], offset: f64) -> u32 {
        let n = self.nodes.len();
        debug_assert!(self.positions.len() > n, "the node's position comes first");
        self.nodes.push(Node {
            kind,
            to_move: self.positions[n].to_move() as u8,
            expanded: false,
            visits: 0,
            first: 0,
            len: 0,
            sum: [0.0; 4],
            prior,
            offset,
        });
        n as u32
    }
}

fn kind_of(pos: &Position) -> Kind {
    if pos.is_over() {
        Kind::Terminal
    } else if pos.phase() == ashta_engine::Phase::Throwing {
        Kind::Chance
    } else {
        Kind::Decision
    }
}

impl MctsBot {
    /// A new MCTS bot whose searches follow `seed`.
    pub fn new(seed: u64, config: MctsConfig) -> Self {
        MctsBot {
            seed,
            config,
            eval: None,
            opponent_eval: None,
            watch: GreedyWatch::default(),
            chance: None,
            tree: Tree::default(),
            last_nodes: 0,
            last_simulations: 0,
            stop: Stop::never(),
            endgames: None,
        }
    }

    /// The bot with `table` as the endgame table of its game (instead of the data
    /// directory's), when [`MctsConfig::endgames`] is on.
    pub fn with_endgame_table(mut self, table: Arc<EndgameTable>) -> Self {
        self.endgames = Some((variant_id(table.variant()), Some(table)));
        self
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Simulations the last search ran (0 when it did not search).
    pub fn last_simulations(&self) -> u64 {
        self.last_simulations
    }

    /// Nodes the bot's tree has room for now (memory it holds between decisions).
    pub fn tree_capacity(&self) -> usize {
        self.tree.nodes.capacity()
    }

    /// Runs a search from `pos` and returns every root play with its mean value for
    /// the mover and its visit count, in the engine's play order.
    fn search(&mut self, variant: &Variant, pos: &Position) -> Vec<(Play, f64, u32)> {
        self.last_simulations = 0;
        if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
            return Vec::new();
        }
        // A time budget counts from here, root expansion included.
        let start = Instant::now();
        let id = variant_id(variant);
        let endgames = if self.config.endgames {
            if self.endgames.as_ref().is_none_or(|(k, _)| *k != id) {
                self.endgames = Some((id, endgame_table(variant)));
            }
            self.endgames.as_ref().and_then(|(_, t)| t.clone())
        } else {
            None
        };
        if let Some(rated) = endgames.as_ref().and_then(|t| t.rate_plays(pos)) {
            return rated
                .into_iter()
                .map(|r| {
                    let score = r.chances.win + 0.5 * self.config.draw_weight * r.chances.draw;
                    (r.play, score, 0)
                })
                .collect();
        }
        if self.chance.as_ref().is_none_or(|(k, _)| *k != id) {
            self.chance = Some((id, ChanceTable::new(variant, self.config.max_throws)));
        }
        let tuning = self.config.tuning.as_deref();
        let eval = evaluator(&mut self.eval, variant, self.config.weights, tuning)
            .clone()
            .with_draw_weight(self.config.draw_weight);
        let me = pos.to_move();
        let mut modelled_seats = [false; 4];
        for (seat, g) in modelled_seats.iter_mut().enumerate() {
            *g = seat != me
                && match self.config.opponents {
                    Opponents::Search => false,
                    Opponents::Greedy | Opponents::Style(_) => true,
                    Opponents::Recognise => self.watch.is_greedy(seat, self.config.recognise_after),
                };
        }
        let model = match self.config.opponents {
            Opponents::Style(style) => Some(Model::Style(style, StyleTables::new(variant))),
            _ if modelled_seats.contains(&true) => Some(Model::Greedy(
                evaluator(&mut self.opponent_eval, variant, WeightSet::Hand, tuning).clone(),
            )),
            _ => None,
        };
        let table = &self.chance.as_ref().expect("just set").1;
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ pos.key().rotate_left(23));
        let mut s = Search {
            variant,
            exploration: for_players(
                variant,
                self.config.exploration,
                self.config.exploration_multi,
            ),
            modelled_seats,
            model: model.as_ref(),
            modelled_scored: 0,
            eval: &eval,
            endgames: endgames.as_deref(),
            table,
            config: &self.config,
            tree: &mut self.tree,
            rng: &mut rng,
        };
        s.tree.reset(self.last_nodes);
        let plays = variant.plays(pos);
        s.tree.positions.push(*pos);
        s.tree.push_node(Kind::Decision, [0.0; 4], 0.0);
        s.tree.positions.extend(plays.iter().map(|p| p.position));
        let root_value = s.expand_with(0);
        s.backup(&[0], root_value);
        if plays.len() > 1 {
            let mut done = 0u64;
            let max_evaluations =
                self.config.simulations as f64 * self.config.evaluations_per_simulation;
            loop {
                match self.config.time {
                    Some(limit) => {
                        if done.is_multiple_of(16) && done > 0 && start.elapsed() >= limit {
                            break;
                        }
                    }
                    None => {
                        if done >= self.config.simulations || s.evaluations() >= max_evaluations {
                            break;
                        }
                    }
                }
                if s.tree.nodes.len() >= self.config.max_nodes {
                    break;
                }
                // Checked every simulation: on big rules one simulation can be slow.
                if self
                    .config
                    .time
                    .is_some_and(|limit| start.elapsed() >= limit)
                    || self.stop.is_stopped()
                {
                    break;
                }
                s.simulate();
                done += 1;
            }
            self.last_simulations = done;
        }
        self.last_nodes = self.tree.nodes.len().min(self.config.max_nodes);
        let root = &self.tree.nodes[0];
        let n0 = self.config.prior_visits;
        let out: Vec<(Play, f64, u32)> = plays
            .into_iter()
            .enumerate()
            .map(|(i, play)| {
                let c = &self.tree.nodes[root.first as usize + i];
                let q = (c.prior[me] * n0 + c.sum[me]) / (n0 + c.visits as f64);
                (play, q, c.visits)
            })
            .collect();
        self.tree.release();
        out
    }
}

/// Whether the game can only end in a frozen draw: [`Variant::is_locked`], where the
/// rule lives.
pub fn locked_draw(v: &Variant, pos: &Position) -> bool {
    v.is_locked(pos)
}

/// How the tree expects a modelled opponent to choose its play.
enum Model {
    /// As the `greedy` bot does, by the hand-weighted evaluation.
    Greedy(Evaluator),
    /// As the gauntlet bot of this style does.
    Style(Style, StyleTables),
}

struct Search<'a> {
    variant: &'a Variant,
    /// The UCT exploration constant for this variant's number of players.
    exploration: f64,
    /// The seats expected to play as the model does (never the searching player's).
    modelled_seats: [bool; 4],
    /// How those seats choose, when there are any.
    model: Option<&'a Model>,
    /// Plays of modelled opponents scored by the model so far.
    modelled_scored: usize,
    eval: &'a Evaluator,
    /// The endgame table, when the bot plays from one and it is built.
    endgames: Option<&'a EndgameTable>,
    table: &'a ChanceTable,
    config: &'a MctsConfig,
    tree: &'a mut Tree,
    rng: &'a mut ChaCha8Rng,
}

impl Search<'_> {
    /// The value of a position for the tree: the evaluation (exact when the game is
    /// over), and a locked position is scored as the frozen draw it must become.
    fn value(&self, pos: &Position) -> [f64; 4] {
        let v = self.variant;
        if let Some(exact) = self
            .endgames
            .and_then(|t| exact_values(t, pos, self.config.draw_weight))
        {
            return exact;
        }
        if self.config.locked_draws && !pos.is_over() && locked_draw(v, pos) {
            let mut end = *pos;
            v.declare_draw(&mut end, DrawReason::Frozen)
                .expect("the game is not over");
            return self.eval.values(v, &end);
        }
        self.eval.values(v, pos)
    }

    /// Positions scored so far: the tree's nodes and the opponent model's scoring of plays.
    fn evaluations(&self) -> f64 {
        (self.tree.nodes.len() + self.modelled_scored) as f64
    }

    /// [`Search::value`] of node `n`'s position (already in [`Tree::positions`]), taken
    /// from an earlier node of the tree with the same position when there is one (about
    /// a fifth of the positions a four-player search scores are met again through other
    /// throws and plays).
    fn scored_value(&mut self, n: usize) -> [f64; 4] {
        let positions = &self.tree.positions;
        let key = positions[n].key();
        if let Some(&m) = self.tree.scored.get(&key) {
            if positions[m as usize] == positions[n] {
                return self.tree.nodes[m as usize].prior;
            }
        }
        let value = self.value(&positions[n]);
        self.tree.scored.insert(key, n as u32);
        value
    }

    /// Adds the node of the position the caller has just pushed to the tree's
    /// positions, scored unless it is a decision.
    fn new_node(&mut self) -> u32 {
        let n = self.tree.nodes.len();
        let kind = kind_of(&self.tree.positions[n]);
        let prior = if kind == Kind::Decision {
            [0.0; 4]
        } else {
            self.scored_value(n)
        };
        let offset = if kind == Kind::Chance {
            self.rng.random::<f64>()
        } else {
            0.0
        };
        self.tree.push_node(kind, prior, offset)
    }

    /// Expands decision node `n` with the positions after each of its plays, already
    /// pushed to [`Tree::positions`] after the last node's, and returns the value of
    /// the play that is best for the mover.
    fn expand_with(&mut self, n: u32) -> [f64; 4] {
        let me = self.tree.nodes[n as usize].to_move as usize;
        let first = self.tree.nodes.len() as u32;
        while self.tree.nodes.len() < self.tree.positions.len() {
            self.new_node();
        }
        let len = self.tree.nodes.len() as u32 - first;
        let node = &mut self.tree.nodes[n as usize];
        node.first = first;
        node.len = len;
        node.expanded = true;
        let kids = &self.tree.nodes[first as usize..];
        let best = kids
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.prior[me].total_cmp(&b.1.prior[me]).then(b.0.cmp(&a.0)))
            .map(|(i, _)| i)
            .expect("a decision node has a play");
        if self.config.rollout_turns > 0 && kids[best].kind != Kind::Terminal {
            let pos = self.tree.positions[first as usize + best];
            self.rollout(pos)
        } else {
            kids[best].prior
        }
    }

    /// Expands decision node `n`: with every play, or for a modelled opponent with the
    /// one play the model makes (the first of its best, as the greedy bot takes).
    fn expand(&mut self, n: u32) -> [f64; 4] {
        let v = self.variant;
        // The ends of the plays go straight to the tree's positions, the walk's sets
        // in buffers the tree keeps between expansions.
        let pos = self.tree.positions[n as usize];
        let first = self.tree.positions.len();
        ashta_engine::fast::extend_play_ends(
            v,
            &pos,
            PLAYS_LIMIT,
            &mut self.tree.ends,
            &mut self.tree.positions,
        );
        if let Some(model) = self.model.filter(|_| self.modelled_seats[pos.to_move()]) {
            let ends_of_plays = &self.tree.positions[first..];
            let pick = match model {
                Model::Greedy(eval) => greedy_pick(v, eval, &pos, ends_of_plays),
                Model::Style(style, tables) => style_pick(*style, v, tables, &pos, ends_of_plays),
            };
            self.modelled_scored += ends_of_plays.len();
            self.tree.positions.swap(first, first + pick);
            self.tree.positions.truncate(first + 1);
        }
        self.expand_with(n)
    }

    /// A few turns of cheap play from `pos` (captures first, otherwise a random move;
    /// seeded throws), then the evaluation.
    fn rollout(&mut self, mut pos: Position) -> [f64; 4] {
        let v = self.variant;
        let mut moves = MoveList::new();
        let mut turns = 0;
        while !pos.is_over() {
            if pos.phase() == ashta_engine::Phase::Throwing {
                if turns == self.config.rollout_turns {
                    break;
                }
                turns += 1;
                let o = self.table.pick(self.rng.random::<f64>());
                for &u in &self.table.throws[o] {
                    if ashta_engine::fast::throw_one(v, &mut pos, u)
                        .expect("a throwing phase under way")
                        != ThrowStep::Again
                    {
                        break;
                    }
                }
                continue;
            }
            v.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                v.end_turn(&mut pos).expect("a bag nothing can use");
                continue;
            }
            let mv = match moves.iter().find(|m| m.is_capture()) {
                Some(&m) => m,
                None => moves[self.rng.random_range(0..moves.len())],
            };
            ashta_engine::fast::play(v, &mut pos, mv);
        }
        self.value(&pos)
    }

    /// UCT on the mover's component among the children of decision node `n`.
    fn select(&self, n: u32) -> u32 {
        let node = &self.tree.nodes[n as usize];
        let me = node.to_move as usize;
        let n0 = self.config.prior_visits;
        let log_n = ((node.visits as f64) + 1.0).ln();
        let c = self.exploration;
        let mut best = node.first;
        let mut best_score = f64::NEG_INFINITY;
        for k in node.first..node.first + node.len {
            let ch = &self.tree.nodes[k as usize];
            let visits = ch.visits as f64;
            let q = (ch.prior[me] * n0 + ch.sum[me]) / (n0 + visits);
            let score = q + c * (log_n / (visits + 1.0)).sqrt();
            if score > best_score {
                best_score = score;
                best = k;
            }
        }
        best
    }

    /// The child of chance node `n` for its next visit, created when first drawn.
    fn draw(&mut self, n: u32) -> u32 {
        let outcomes = self.table.throws.len() as u32;
        let node = &self.tree.nodes[n as usize];
        let (first, visits, offset) = (node.first, node.visits, node.offset);
        let first = if node.expanded {
            first
        } else {
            let first = self.tree.edges.len() as u32;
            self.tree
                .edges
                .extend(std::iter::repeat_n(NONE, outcomes as usize));
            let node = &mut self.tree.nodes[n as usize];
            node.first = first;
            node.len = outcomes;
            node.expanded = true;
            first
        };
        let x = (offset + visits as f64 * PHI).fract();
        let o = self.table.pick(x);
        let slot = (first as usize) + o;
        let child = self.tree.edges[slot];
        if child != NONE {
            return child;
        }
        let parent = self.tree.positions[n as usize];
        self.tree.positions.push(parent);
        let pos = self.tree.positions.last_mut().expect("just pushed");
        for &u in &self.table.throws[o] {
            if ashta_engine::fast::throw_one(self.variant, pos, u)
                .expect("a throwing phase under way")
                != ThrowStep::Again
            {
                break;
            }
        }
        let child = self.new_node();
        self.tree.edges[slot] = child;
        child
    }

    /// One simulation from the root.
    fn simulate(&mut self) {
        let mut path = std::mem::take(&mut self.tree.path);
        path.clear();
        let mut n = 0u32;
        let value = loop {
            path.push(n);
            let node = &self.tree.nodes[n as usize];
            match node.kind {
                Kind::Terminal => break node.prior,
                Kind::Decision if !node.expanded => break self.expand(n),
                _ if path.len() >= MAX_DEPTH => break self.value(&self.tree.positions[n as usize]),
                Kind::Decision => n = self.select(n),
                Kind::Chance => n = self.draw(n),
            }
        };
        self.backup(&path, value);
        self.tree.path = path;
    }

    fn backup(&mut self, path: &[u32], value: [f64; 4]) {
        for &n in path {
            let node = &mut self.tree.nodes[n as usize];
            node.visits += 1;
            for (s, v) in node.sum.iter_mut().zip(value) {
                *s += v;
            }
        }
    }
}

impl Bot for MctsBot {
    fn name(&self) -> String {
        "mcts".into()
    }

    /// Every play with its mean value for the mover after the search (the evaluation
    /// counting as [`MctsConfig::prior_visits`] visits), best first; visits break ties.
    fn analyse(&mut self, variant: &Variant, pos: &Position) -> Vec<Candidate> {
        let mut scored = self.search(variant, pos);
        let noise = for_players(variant, self.config.noise, self.config.noise_multi);
        if noise > 0.0 {
            let mut rng = ChaCha8Rng::seed_from_u64(self.seed ^ pos.key().rotate_left(41));
            for s in &mut scored {
                s.1 += rng.random_range(-noise..noise);
            }
        }
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.2.cmp(&a.2)));
        scored
            .into_iter()
            .map(|(play, score, _)| Candidate { play, score })
            .collect()
    }

    /// Watches every seat's plays, to recognise greedy players (with
    /// [`Opponents::Recognise`]).
    fn observe(&mut self, variant: &Variant, before: &Position, after: &Position) {
        if self.config.opponents == Opponents::Recognise {
            let tuning = self.config.tuning.as_deref();
            let greedy = evaluator(&mut self.opponent_eval, variant, WeightSet::Hand, tuning);
            self.watch.observe(variant, greedy, before, after);
        }
    }

    fn new_game(&mut self) {
        self.watch.reset();
    }

    fn set_stop(&mut self, stop: Stop) {
        self.stop = stop;
    }

    fn release_memory(&mut self) {
        self.tree = Tree::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::{parse_any, Rules, SeededThrows};

    fn small() -> MctsConfig {
        MctsConfig {
            simulations: 200,
            ..MctsConfig::default()
        }
    }

    #[test]
    fn plays_only_legal_plays_through_a_game() {
        let mut rules = Rules::standard();
        rules.players = 3;
        let v = Variant::new(rules).unwrap();
        let mut bot = MctsBot::new(7, small());
        let mut pos = v.start_position();
        let mut throws = SeededThrows::new(3);
        let mut decisions = 0;
        while !pos.is_over() && decisions < 60 {
            if pos.phase() == ashta_engine::Phase::Throwing {
                v.throw(&mut pos, ashta_engine::PhaseFrom::Source(&mut throws))
                    .unwrap();
                continue;
            }
            let play = bot.choose(&v, &pos).expect("a play");
            let mut p = pos;
            for &mv in &play.moves {
                v.play(&mut p, mv).expect("legal move");
            }
            assert_eq!(p, play.position);
            pos = play.position;
            decisions += 1;
        }
    }

    #[test]
    fn a_position_met_again_keeps_its_own_value() {
        // Four players, a bag to play: many positions recur through other throws.
        let mut rules = Rules::standard();
        rules.players = 4;
        let v = Variant::new(rules).unwrap();
        let mut pos = v.start_position();
        v.throw(
            &mut pos,
            ashta_engine::PhaseFrom::Source(&mut SeededThrows::new(5)),
        )
        .unwrap();
        let mut bot = MctsBot::new(
            7,
            MctsConfig {
                simulations: 400,
                ..MctsConfig::default()
            },
        );
        bot.analyse(&v, &pos);
        let tree = &bot.tree;
        assert!(
            tree.nodes.len() <= KEEP_NODES,
            "the tree is kept to be read"
        );
        let eval = &bot
            .eval
            .as_ref()
            .expect("the search built its evaluation")
            .1;
        let mut distinct = std::collections::HashSet::new();
        let mut scored = 0;
        for (node, pos) in tree.nodes.iter().zip(&tree.positions) {
            if node.kind == Kind::Decision || locked_draw(&v, pos) {
                continue;
            }
            scored += 1;
            distinct.insert(*pos);
            assert_eq!(node.prior, eval.values(&v, pos), "{pos:?}");
        }
        assert!(distinct.len() < scored, "no position met twice in {scored}");
    }

    /// Searches the two-player test position and returns how many of North's
    /// expanded decisions with a choice of plays have a single child, which must be
    /// one of the plays `model` scores best, and how many have several.
    fn norths_decisions(bot: &mut MctsBot, model: &mut dyn Bot) -> (usize, usize) {
        let (v, pos) = parse_any("standard 5 2 0 3 4,9,9,9/13,0,0,0 - - 0").unwrap();
        bot.analyse(&v, &pos);
        // South's own decisions always branch.
        assert!(bot.tree.nodes[0].len > 1);
        let (mut single, mut branching) = (0, 0);
        let tree = &bot.tree;
        for (node, pos) in tree.nodes.iter().zip(&tree.positions) {
            let choice = || v.plays(pos).len() > 1;
            if node.kind == Kind::Decision && node.expanded && node.to_move == 1 && choice() {
                if node.len == 1 {
                    let child = &tree.positions[node.first as usize];
                    let ranked = model.analyse(&v, pos);
                    let best = ranked[0].score;
                    assert!(
                        ranked
                            .iter()
                            .any(|c| c.score == best && c.play.position == *child),
                        "{pos:?}: not one of the model's best plays"
                    );
                    single += 1;
                } else {
                    branching += 1;
                }
            }
        }
        (single, branching)
    }

    /// The greedy bot, as the model of a greedy opponent.
    fn greedy() -> crate::GreedyBot {
        crate::GreedyBot::new(0, 0.0)
    }

    fn with_opponents(opponents: Opponents) -> MctsBot {
        MctsBot::new(
            3,
            MctsConfig {
                simulations: 400,
                opponents,
                ..MctsConfig::default()
            },
        )
    }

    #[test]
    fn greedy_opponents_are_expected_to_make_the_greedy_bots_play() {
        let (single, branching) =
            norths_decisions(&mut with_opponents(Opponents::Greedy), &mut greedy());
        assert!(single > 20, "{single}");
        assert_eq!(branching, 0, "North's decisions do not branch");
    }

    #[test]
    fn opponents_of_a_style_are_expected_to_make_its_bots_play() {
        for style in [Style::Cautious, Style::Runner] {
            let (single, branching) = norths_decisions(
                &mut with_opponents(Opponents::Style(style)),
                &mut crate::styles::StyleBot::new(style, 0),
            );
            assert!(single > 20, "{style:?}: {single}");
            assert_eq!(branching, 0, "{style:?}: North's decisions do not branch");
        }
    }

    /// Shows `bot` a two-player game in which North is played by `north` (South is
    /// greedy), until North has made `decisions` decisions with a choice of plays.
    fn watch_north_play(bot: &mut MctsBot, north: Box<dyn Bot>, decisions: usize) {
        let mut seen = 0;
        crate::opponent_model::play_north_against_greedy(north, 9, |v, before, after| {
            bot.observe(v, before, after);
            if before.to_move() == 1 && v.plays(before).len() > 1 {
                seen += 1;
            }
            seen < decisions
        });
        assert_eq!(seen, decisions, "the game ended first");
    }

    #[test]
    fn a_seat_that_plays_as_greedy_does_is_expected_to_go_on_doing_so() {
        let mut bot = with_opponents(Opponents::Recognise);
        // Before it has seen North play, North is searched.
        assert_eq!(norths_decisions(&mut bot, &mut greedy()).0, 0);
        watch_north_play(&mut bot, Box::new(crate::GreedyBot::new(0, 0.0)), 20);
        let (single, branching) = norths_decisions(&mut bot, &mut greedy());
        assert!(single > 20 && branching == 0, "{single} {branching}");
        // A new game forgets it.
        bot.new_game();
        assert_eq!(norths_decisions(&mut bot, &mut greedy()).0, 0);
    }

    #[test]
    fn a_seat_that_plays_otherwise_is_searched() {
        let mut bot = with_opponents(Opponents::Recognise);
        watch_north_play(&mut bot, Box::new(crate::RandomBot::new(0)), 20);
        assert_eq!(norths_decisions(&mut bot, &mut greedy()).0, 0);
        // Recognition is off with `opponents=search`.
        let mut bot = with_opponents(Opponents::Search);
        watch_north_play(&mut bot, Box::new(crate::GreedyBot::new(0, 0.0)), 20);
        assert_eq!(norths_decisions(&mut bot, &mut greedy()).0, 0);
    }

    #[test]
    fn deterministic_for_a_seed() {
        let (v, pos) = midgame(4);
        let run = |seed| {
            let mut bot = MctsBot::new(seed, small());
            bot.analyse(&v, &pos)
                .into_iter()
                .map(|c| (c.play.moves, c.score.to_bits()))
                .collect::<Vec<_>>()
        };
        let a = run(11);
        assert!(a.len() > 1);
        assert_eq!(a, run(11));
    }

    /// A position of `players` players after a few random turns, with several plays.
    fn midgame(players: u8) -> (Variant, Position) {
        let mut rules = Rules::standard();
        rules.players = players;
        let v = Variant::new(rules).unwrap();
        let mut pos = v.start_position();
        let mut throws = SeededThrows::new(5);
        let mut random = crate::RandomBot::new(5);
        let mut turns = 0;
        while turns < 12 || v.plays(&pos).len() < 3 {
            if pos.phase() == ashta_engine::Phase::Throwing {
                v.throw(&mut pos, ashta_engine::PhaseFrom::Source(&mut throws))
                    .unwrap();
                turns += 1;
            } else {
                pos = random.choose(&v, &pos).unwrap().position;
            }
        }
        (v, pos)
    }

    /// Checks that a setting with a two-player value and a three-or-four-player value
    /// (`set(config, two, more)`) uses the one for the game's number of players: `a`
    /// and `b` are two different values of it.
    fn follows_the_number_of_players(set: fn(&mut MctsConfig, f64, f64), a: f64, b: f64) {
        let analysis = |(v, pos): &(Variant, Position), two: f64, more: f64| {
            let mut config = small();
            set(&mut config, two, more);
            MctsBot::new(11, config)
                .analyse(v, pos)
                .into_iter()
                .map(|c| (c.play.moves, c.score.to_bits()))
                .collect::<Vec<_>>()
        };
        for players in [3, 4] {
            let game = midgame(players);
            assert_eq!(analysis(&game, a, a), analysis(&game, b, a));
            assert_ne!(analysis(&game, a, a), analysis(&game, a, b));
        }
        let two = midgame(2);
        assert_eq!(analysis(&two, a, a), analysis(&two, a, b));
        assert_ne!(analysis(&two, a, a), analysis(&two, b, a));
    }

    #[test]
    fn exploration_follows_the_number_of_players() {
        follows_the_number_of_players(
            |c, two, more| (c.exploration, c.exploration_multi) = (two, more),
            0.1,
            2.0,
        );
    }

    #[test]
    fn root_noise_follows_the_number_of_players() {
        follows_the_number_of_players(
            |c, two, more| (c.noise, c.noise_multi) = (two, more),
            0.0,
            0.5,
        );
        // The `hard` level: noise with two players only.
        let hard = MctsConfig::hard();
        assert!(hard.noise > 0.0 && hard.noise_multi == 0.0);
    }

    #[test]
    fn takes_the_winning_move() {
        // South has three pawns home and one 4 away; it holds a 4 and a 1.
        let (v, pos) = parse_any("standard 5 2 0 4,1 20,24,24,24/0,0,0,0 0 - 0").unwrap();
        let mut bot = MctsBot::new(1, small());
        let play = bot.choose(&v, &pos).unwrap();
        assert_eq!(play.position.winner(), Some(0));
    }

    #[test]
    fn captures_to_open_the_gate() {
        // Two players; South holds a 3. North's single pawn on South's index 3 (e2)
        // can be captured from index 0; the other plays leave it be.
        let (v, pos) = parse_any("standard 5 2 0 3 0,0,0,0/11,0,0,0 - - 0").unwrap();
        let sq = v.square(0, 3);
        assert_eq!(v.path_index(1, sq), 11);
        let mut bot = MctsBot::new(2, small());
        let play = bot.choose(&v, &pos).unwrap();
        assert!(
            play.moves.iter().any(|m| m.is_capture()),
            "{:?}",
            play.moves
        );
    }

    #[test]
    fn sees_a_locked_draw() {
        // From the drawn game that taught it: South's last hunter leaving its start
        // with the 8 locks the game; keeping it there does not.
        let (v, locked) = parse_any("standard 5 2 1 1 8,10,11,14/9,9,9,15 - - 0").unwrap();
        assert!(locked_draw(&v, &locked));
        let (_, open) = parse_any("standard 5 2 0 8,2 0,9,10,14/9,9,9,15 - - 0").unwrap();
        assert!(!locked_draw(&v, &open));
        assert!(!locked_draw(&v, &v.start_position()));
    }

    #[test]
    fn a_time_budget_stops_the_search() {
        let (v, pos) =
            parse_any("standard 5 4 0 4,2 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0").unwrap();
        let config = MctsConfig {
            time: Some(Duration::from_millis(20)),
            simulations: 0,
            ..MctsConfig::default()
        };
        let mut bot = MctsBot::new(4, config);
        let t = Instant::now();
        let c = bot.analyse(&v, &pos);
        assert!(c.len() > 1);
        assert!(bot.last_simulations() > 0);
        assert!(t.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn the_simulation_budget_also_bounds_the_positions_scored() {
        let (v, pos) = parse_any("standard 5 2 0 3 4,9,9,9/13,0,0,0 - - 0").unwrap();
        let run = |evaluations_per_simulation| {
            let mut bot = MctsBot::new(
                3,
                MctsConfig {
                    evaluations_per_simulation,
                    ..small()
                },
            );
            bot.analyse(&v, &pos);
            (bot.last_simulations(), bot.tree.nodes.len())
        };
        // Unbounded, the 200 simulations score several positions each.
        let (sims, nodes) = run(f64::INFINITY);
        assert_eq!(sims, 200);
        assert!(nodes > 400, "{nodes}");
        // Two positions a simulation: the search stops at 400 nodes, fewer simulations.
        let (sims, nodes) = run(2.0);
        assert!(sims < 200, "{sims}");
        assert!((400..420).contains(&nodes), "{nodes}");
    }

    #[test]
    fn a_single_play_is_returned_without_search() {
        let (v, pos) = parse_any("standard 5 2 0 1 5,24,24,24/0,0,0,0 0 - 0").unwrap();
        let mut bot = MctsBot::new(3, small());
        let c = bot.analyse(&v, &pos);
        assert_eq!(c.len(), 1);
        assert_eq!(bot.last_simulations(), 0);
    }
}
