//! Making value nets: self-play games give settled positions labelled with how their
//! game ended, and the net is fitted to them by gradient descent (Adam) on the
//! cross-entropy of the outcomes.

use std::sync::{Arc, Mutex};

use ashta_engine::{Position, SeededThrows, Variant};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::eval::Evaluator;
use crate::greedy::greedy_pick;
use crate::net::features::for_each_input;
use crate::net::ValueNet;
use ashta_session::{bot_table, Next};
use ashta_session::{Bot, Candidate};

/// Positions stored as their non-zero inputs, each with its outcome class (the winner
/// counted from the player to move, or `players` for a draw).
#[derive(Clone, Debug, Default)]
pub struct Samples {
    inputs: Vec<u16>,
    values: Vec<f32>,
    /// Where each sample's inputs start; one more entry than samples.
    starts: Vec<u32>,
    labels: Vec<u8>,
    /// Each sample's target chances of the outcome classes (as `labels` counts them),
    /// when the samples were labelled by [`Targets::Lambda`]; empty for one-hot outcomes.
    soft: Vec<[f32; OUTCOMES]>,
}

/// Most outcome classes: a win for each of four seats, or a draw.
const OUTCOMES: usize = 5;

/// What a self-play position learns from.
#[derive(Clone)]
pub enum Targets {
    /// How its game ended (the class of the winner, or of a draw).
    Outcome,
    /// The λ-return (TD(λ), forward view): each position's target mixes the
    /// `critic`'s chances for the next settled position of the game, weighted
    /// `1 − lambda`, with the next position's own target, weighted `lambda`; the last
    /// position's target is the outcome. `lambda = 1` gives the outcome; smaller
    /// values lean on the critic and average out the throws that decided the game.
    Lambda {
        /// Gives the chances the targets are built from.
        critic: Evaluator,
        /// Weight of the game's later targets against the critic's estimate, in 0..=1.
        lambda: f64,
    },
}

impl Samples {
    /// No samples.
    pub fn new() -> Samples {
        Samples {
            starts: vec![0],
            ..Samples::default()
        }
    }

    /// Number of samples.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Adds `pos` with the result of its game (`winner`, or `None` for a draw);
    /// `hand` is the evaluator of the inputs' hand terms ([`Evaluator::new`]).
    pub fn push(&mut self, v: &Variant, hand: &Evaluator, pos: &Position, winner: Option<usize>) {
        for_each_input(v, pos, hand, |i, x| {
            self.inputs.push(i as u16);
            self.values.push(x);
        });
        self.starts.push(self.inputs.len() as u32);
        let players = v.players();
        self.labels.push(match winner {
            Some(w) => ((w + players - pos.to_move()) % players) as u8,
            None => players as u8,
        });
    }

    /// Adds `pos` with target chances of its outcomes: `target[s]` for a win of seat
    /// `s`, `target[players]` for a draw. Its label is the most likely outcome.
    fn push_soft(
        &mut self,
        v: &Variant,
        hand: &Evaluator,
        pos: &Position,
        target: &[f64; OUTCOMES],
    ) {
        let players = v.players();
        let mut mine = [0.0f32; OUTCOMES];
        for r in 0..players {
            mine[r] = target[(pos.to_move() + r) % players] as f32;
        }
        mine[players] = target[players] as f32;
        let best = (0..=players)
            .max_by(|&a, &b| target[a].total_cmp(&target[b]))
            .expect("some outcome");
        let winner = (best < players).then_some(best);
        debug_assert!(self.soft.len() == self.labels.len(), "samples of one kind");
        self.push(v, hand, pos, winner);
        self.soft.push(mine);
    }

    /// Appends all of `other`.
    pub fn append(&mut self, other: &Samples) {
        let mixed =
            !self.is_empty() && !other.is_empty() && self.soft.is_empty() != other.soft.is_empty();
        assert!(
            !mixed,
            "samples labelled by outcome and by λ-return are not mixed"
        );
        let base = *self.starts.last().unwrap_or(&0);
        self.inputs.extend_from_slice(&other.inputs);
        self.values.extend_from_slice(&other.values);
        self.starts
            .extend(other.starts.iter().skip(1).map(|s| s + base));
        self.labels.extend_from_slice(&other.labels);
        self.soft.extend_from_slice(&other.soft);
    }

    fn sample(&self, k: usize) -> (&[u16], &[f32], Target<'_>) {
        let (a, b) = (self.starts[k] as usize, self.starts[k + 1] as usize);
        (
            &self.inputs[a..b],
            &self.values[a..b],
            match self.soft.get(k) {
                Some(soft) => Target::Soft(soft),
                None => Target::Class(self.labels[k] as usize),
            },
        )
    }
}

/// What one sample is fitted to.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Target<'a> {
    /// One outcome class, certain.
    Class(usize),
    /// Chances of every outcome class.
    Soft(&'a [f32; OUTCOMES]),
}

impl Target<'_> {
    /// The cross-entropy of chances `out` against this target.
    fn loss(self, out: &[f32]) -> f64 {
        match self {
            Target::Class(c) => -(out[c].max(1e-7) as f64).ln(),
            Target::Soft(t) => out
                .iter()
                .zip(t)
                .filter(|(_, &t)| t > 0.0)
                .map(|(&p, &t)| -(t as f64) * (p.max(1e-7) as f64).ln())
                .sum(),
        }
    }

    /// Turns chances `out` into the loss's gradient by the logits: `out − target`.
    fn subtract_from(self, out: &mut [f32]) {
        match self {
            Target::Class(c) => out[c] -= 1.0,
            Target::Soft(t) => {
                for (o, t) in out.iter_mut().zip(t) {
                    *o -= t;
                }
            }
        }
    }
}

/// Makes a bot for one game from that game's seed.
pub type BotMaker = Arc<dyn Fn(u64) -> Box<dyn Bot> + Send + Sync>;

/// Who plays a seat of a self-play game.
#[derive(Clone)]
pub enum Player {
    /// The play this evaluation likes best, one play deep (the first of equals, as
    /// [`crate::greedy::GreedyBot`] does), or with chance `epsilon` a random play.
    Policy(Evaluator),
    /// A bot of its own (for example a gauntlet style, so that the positions the net
    /// learns from include those other styles of play lead to), made afresh for each
    /// game from the game's seed; it plays as it is, with no random plays.
    Bot(BotMaker),
}

impl From<Evaluator> for Player {
    fn from(policy: Evaluator) -> Player {
        Player::Policy(policy)
    }
}

/// Plays one game in which seat `p` is played by `players[p]`. Returns its settled
/// positions (a player about to throw) and its winner (`None`: drawn or stopped at the
/// turn limit).
pub fn self_play_positions(
    v: &Variant,
    players: &[&Player],
    epsilon: f64,
    seed: u64,
) -> (Vec<Position>, Option<usize>) {
    let explore = Arc::new(Mutex::new(ChaCha8Rng::seed_from_u64(
        seed ^ 0x005e_ed0f_5e1f,
    )));
    let bots = players
        .iter()
        .enumerate()
        .map(|(seat, &player)| -> Box<dyn Bot> {
            match player {
                Player::Policy(policy) => Box::new(PolicyBot {
                    policy: policy.clone(),
                    epsilon,
                    explore: explore.clone(),
                }),
                Player::Bot(make) => make(seed.wrapping_mul(8).wrapping_add(seat as u64)),
            }
        })
        .collect();
    let mut session = bot_table(v, bots, SeededThrows::new(seed)).expect("one policy per seat");
    let mut settled = Vec::new();
    loop {
        match session.next() {
            Next::Over => break,
            Next::Throw => settled.push(*session.position()),
            _ => {}
        }
        session.step().expect("self-play bots play legal plays");
    }
    (settled, session.position().winner())
}

/// A self-play seat: the play its policy likes best, or with chance `epsilon` a random
/// one, drawn from a generator all the seats of the game share (so the game depends on
/// its seed alone).
struct PolicyBot {
    policy: Evaluator,
    epsilon: f64,
    explore: Arc<Mutex<ChaCha8Rng>>,
}

impl Bot for PolicyBot {
    fn name(&self) -> String {
        "self-play policy".into()
    }

    /// Only the play it chooses, with no estimate of its worth.
    fn analyse(&mut self, v: &Variant, pos: &Position) -> Vec<Candidate> {
        let mut plays = v.plays(pos);
        if plays.is_empty() {
            return Vec::new();
        }
        let mut rng = self.explore.lock().expect("a game is played on one thread");
        let pick = if self.epsilon > 0.0 && rng.random_bool(self.epsilon) {
            rng.random_range(0..plays.len())
        } else {
            greedy_pick(v, &self.policy, pos, plays.iter().map(|p| &p.position))
        };
        vec![Candidate {
            play: plays.swap_remove(pick),
            score: 0.5,
        }]
    }
}

/// [`self_play_positions`] as samples: each settled position labelled with the result.
pub fn self_play_game(v: &Variant, players: &[&Player], epsilon: f64, seed: u64) -> Samples {
    self_play_game_for(v, players, epsilon, seed, &Targets::Outcome)
}

/// [`self_play_game`], each position labelled as `targets` says.
pub fn self_play_game_for(
    v: &Variant,
    players: &[&Player],
    epsilon: f64,
    seed: u64,
    targets: &Targets,
) -> Samples {
    let (settled, winner) = self_play_positions(v, players, epsilon, seed);
    let mut samples = Samples::new();
    let hand = Evaluator::new(v);
    match targets {
        Targets::Outcome => {
            for p in &settled {
                samples.push(v, &hand, p, winner);
            }
        }
        Targets::Lambda { critic, lambda } => {
            let n = v.players();
            let mut target = [0.0f64; OUTCOMES];
            target[winner.unwrap_or(n)] = 1.0;
            let mut labelled = Vec::with_capacity(settled.len());
            for (k, p) in settled.iter().enumerate().rev() {
                if k + 1 < settled.len() {
                    // Mix in the critic's view of the next settled position.
                    let next = critic.win_chances(v, &settled[k + 1]);
                    let draw = (1.0 - next[..n].iter().sum::<f64>()).max(0.0);
                    for (s, t) in target.iter_mut().enumerate().take(n + 1) {
                        let estimate = if s < n { next[s] } else { draw };
                        *t = lambda * *t + (1.0 - lambda) * estimate;
                    }
                }
                labelled.push((p, target));
            }
            for (p, t) in labelled.iter().rev() {
                samples.push_soft(v, &hand, p, t);
            }
        }
    }
    samples
}

/// [`self_play_game`] for games `first..first + games`, on every core. Seat `p` of
/// game `g` plays with `pool[(g + p) % pool.len()]`, so with a pool of
/// `[net, net, hand]` the net plays two seats in three and the hand evaluation the third
/// (with two players: a third of the games net against net, the rest net against hand).
pub fn self_play(v: &Variant, pool: &[Player], epsilon: f64, first: u64, games: u64) -> Samples {
    self_play_for(v, pool, epsilon, first, games, &Targets::Outcome)
}

/// [`self_play`], each position labelled as `targets` says.
pub fn self_play_for(
    v: &Variant,
    pool: &[Player],
    epsilon: f64,
    first: u64,
    games: u64,
    targets: &Targets,
) -> Samples {
    let parts: Vec<Samples> = (first..first + games)
        .into_par_iter()
        .map(|g| {
            let seats: Vec<&Player> = (0..v.players())
                .map(|p| &pool[(g as usize + p) % pool.len()])
                .collect();
            self_play_game_for(v, &seats, epsilon, g, targets)
        })
        .collect();
    let mut all = Samples::new();
    for part in &parts {
        all.append(part);
    }
    all
}

/// How to fit a net.
#[derive(Clone, Copy, Debug)]
pub struct TrainConfig {
    /// Passes over the samples.
    pub epochs: usize,
    /// Samples per gradient step.
    pub batch: usize,
    /// Adam's step size.
    pub learning_rate: f32,
    /// Seeds the shuffling.
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            epochs: 4,
            batch: 256,
            learning_rate: 1e-3,
            seed: 1,
        }
    }
}

/// Gradients of the loss with respect to every parameter of a net.
struct Gradient {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: Vec<f32>,
    loss: f64,
}

impl Gradient {
    fn zero(net: &ValueNet) -> Gradient {
        Gradient {
            w1: vec![0.0; net.w1.len()],
            b1: vec![0.0; net.b1.len()],
            w2: vec![0.0; net.w2.len()],
            b2: vec![0.0; net.b2.len()],
            loss: 0.0,
        }
    }

    fn add(mut self, other: Gradient) -> Gradient {
        for (a, b) in [
            (&mut self.w1, &other.w1),
            (&mut self.b1, &other.b1),
            (&mut self.w2, &other.w2),
            (&mut self.b2, &other.b2),
        ] {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        self.loss += other.loss;
        self
    }
}

/// The hidden sums, hidden activations and outcome chances of one sample.
fn forward(net: &ValueNet, inputs: &[u16], values: &[f32]) -> (Vec<f32>, Vec<f32>, Vec<f32>) {
    let mut z = net.b1.clone();
    for (&i, &x) in inputs.iter().zip(values) {
        net.add_input(&mut z, i as usize, x);
    }
    let act: Vec<f32> = z.iter().map(|a| a.max(0.0)).collect();
    let mut out = vec![0.0f32; net.outputs];
    net.outputs_of(&act, &mut out);
    (z, act, out)
}

/// Forward and backward pass of one sample, added to `g`.
fn accumulate(net: &ValueNet, inputs: &[u16], values: &[f32], target: Target, g: &mut Gradient) {
    let h = net.hidden;
    let (z, act, mut out) = forward(net, inputs, values);
    g.loss += target.loss(&out);
    // d loss / d logits = p − target.
    target.subtract_from(&mut out);
    let mut dact = vec![0.0f32; h];
    for (k, &d) in out.iter().enumerate() {
        g.b2[k] += d;
        let row = &net.w2[k * h..(k + 1) * h];
        let grow = &mut g.w2[k * h..(k + 1) * h];
        for j in 0..h {
            grow[j] += d * act[j];
            dact[j] += d * row[j];
        }
    }
    for j in 0..h {
        if z[j] <= 0.0 {
            dact[j] = 0.0;
        }
        g.b1[j] += dact[j];
    }
    for (&i, &x) in inputs.iter().zip(values) {
        let grow = &mut g.w1[i as usize * h..(i as usize + 1) * h];
        for (gw, d) in grow.iter_mut().zip(&dact) {
            *gw += x * d;
        }
    }
}

/// Adam's running moments for one parameter vector.
struct Moments {
    m: Vec<f32>,
    v: Vec<f32>,
}

impl Moments {
    fn new(n: usize) -> Moments {
        Moments {
            m: vec![0.0; n],
            v: vec![0.0; n],
        }
    }

    fn step(&mut self, params: &mut [f32], grad: &[f32], scale: f32, lr: f32, t: i32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        let c1 = 1.0 - B1.powi(t);
        let c2 = 1.0 - B2.powi(t);
        for k in 0..params.len() {
            let g = grad[k] * scale;
            self.m[k] = B1 * self.m[k] + (1.0 - B1) * g;
            self.v[k] = B2 * self.v[k] + (1.0 - B2) * g * g;
            params[k] -= lr * (self.m[k] / c1) / ((self.v[k] / c2).sqrt() + 1e-8);
        }
    }
}

/// Fits `net` to `data`; returns the mean log loss of each epoch (measured while
/// training).
pub fn train(net: &mut ValueNet, data: &Samples, config: &TrainConfig) -> Vec<f64> {
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let mut order: Vec<usize> = (0..data.len()).collect();
    let mut moments = [
        Moments::new(net.w1.len()),
        Moments::new(net.b1.len()),
        Moments::new(net.w2.len()),
        Moments::new(net.b2.len()),
    ];
    let mut t = 0;
    let mut losses = Vec::new();
    for _ in 0..config.epochs {
        order.shuffle(&mut rng);
        let mut total = 0.0;
        for batch in order.chunks(config.batch.max(1)) {
            let frozen: &ValueNet = net;
            // Parts are summed in order, so training is reproducible on any machine.
            let parts: Vec<Gradient> = batch
                .par_chunks(64)
                .map(|part| {
                    let mut g = Gradient::zero(frozen);
                    for &k in part {
                        let (inputs, values, target) = data.sample(k);
                        accumulate(frozen, inputs, values, target, &mut g);
                    }
                    g
                })
                .collect();
            let g = parts
                .into_iter()
                .reduce(Gradient::add)
                .expect("a batch is not empty");
            total += g.loss;
            t += 1;
            let scale = 1.0 / batch.len() as f32;
            let lr = config.learning_rate;
            moments[0].step(&mut net.w1, &g.w1, scale, lr, t);
            moments[1].step(&mut net.b1, &g.b1, scale, lr, t);
            moments[2].step(&mut net.w2, &g.w2, scale, lr, t);
            moments[3].step(&mut net.b2, &g.b2, scale, lr, t);
            net.weights_changed();
        }
        losses.push(total / data.len().max(1) as f64);
    }
    losses
}

/// Mean log loss of `net` on `data` (lower is better; ln(players + 1) knows nothing).
pub fn log_loss(net: &ValueNet, data: &Samples) -> f64 {
    let total: f64 = (0..data.len())
        .into_par_iter()
        .map(|k| {
            let (inputs, values, target) = data.sample(k);
            let (_, _, out) = forward(net, inputs, values);
            target.loss(&out)
        })
        .sum();
    total / data.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::Rules;

    fn two_players() -> Variant {
        Variant::new(Rules {
            players: 2,
            ..Rules::standard()
        })
        .unwrap()
    }

    #[test]
    fn self_play_is_reproducible_and_labels_every_settled_position() {
        let v = two_players();
        let hand = Player::from(Evaluator::new(&v));
        let a = self_play_game(&v, &[&hand, &hand], 0.05, 7);
        let b = self_play_game(&v, &[&hand, &hand], 0.05, 7);
        assert!(a.len() > 10);
        assert_eq!((a.inputs.clone(), a.labels.clone()), (b.inputs, b.labels));
        assert!(a.labels.iter().all(|&l| l <= 2));
    }

    #[test]
    fn appended_samples_keep_their_inputs() {
        let v = two_players();
        let hand = Player::from(Evaluator::new(&v));
        let a = self_play_game(&v, &[&hand, &hand], 0.0, 1);
        let b = self_play_game(&v, &[&hand, &hand], 0.0, 2);
        let mut all = a.clone();
        all.append(&b);
        assert_eq!(all.len(), a.len() + b.len());
        assert_eq!(all.sample(a.len() + 3), b.sample(3));
        assert_eq!(all.sample(1), a.sample(1));
    }

    #[test]
    fn a_bot_seat_plays_its_own_bot_made_from_the_game_seed() {
        let v = two_players();
        let made = Arc::new(Mutex::new(Vec::new()));
        let seeds = made.clone();
        let runner = Player::Bot(Arc::new(move |seed| -> Box<dyn Bot> {
            seeds.lock().unwrap().push(seed);
            Box::new(crate::RandomBot::new(seed))
        }));
        let hand = Player::from(Evaluator::new(&v));
        let a = self_play_game(&v, &[&hand, &runner], 0.0, 5);
        let b = self_play_game(&v, &[&hand, &runner], 0.0, 5);
        assert_eq!((a.inputs, a.labels), (b.inputs, b.labels));
        assert_eq!(*made.lock().unwrap(), vec![41, 41]);
    }

    #[test]
    fn training_lowers_the_log_loss_of_games_it_did_not_see() {
        let v = two_players();
        let pool = [Player::from(Evaluator::new(&v))];
        let data = self_play(&v, &pool, 0.05, 0, 300);
        let check = self_play(&v, &pool, 0.05, 10_000, 100);
        let mut net = ValueNet::new_random(&v, 16, 3);
        let before = log_loss(&net, &check);
        let config = TrainConfig {
            epochs: 3,
            ..TrainConfig::default()
        };
        let losses = train(&mut net, &data, &config);
        let after = log_loss(&net, &check);
        assert!(losses[2] < losses[0], "{losses:?}");
        assert!(after < before - 0.1, "before {before}, after {after}");
        // Better than knowing only how often each outcome happens.
        assert!(after < 3f64.ln() - 0.2, "{after}");
    }

    #[test]
    fn a_trained_net_evaluates_with_its_new_weights() {
        let v = two_players();
        let pool = [Player::from(Evaluator::new(&v))];
        let data = self_play(&v, &pool, 0.05, 0, 20);
        let mut net = ValueNet::new_random(&v, 16, 3);
        let pos = v.start_position();
        let before = net.win_chances(&v, &pos);
        train(&mut net, &data, &TrainConfig::default());
        let reloaded = ValueNet::from_json(&net.to_json()).unwrap();
        let after = net.win_chances(&v, &pos);
        assert_ne!(after, before);
        assert_eq!(after, reloaded.win_chances(&v, &pos));
        assert_eq!(after, net.clone().win_chances(&v, &pos));
    }

    fn lambda(v: &Variant, lambda: f64) -> Targets {
        Targets::Lambda {
            critic: Evaluator::new(v),
            lambda,
        }
    }

    /// One two-player self-play game of the hand evaluation, labelled by its outcome
    /// and by its λ-returns.
    fn outcome_and_lambda(seed: u64, l: f64) -> (Samples, Samples) {
        let v = two_players();
        let hand = Player::from(Evaluator::new(&v));
        let outcome = self_play_game(&v, &[&hand, &hand], 0.05, seed);
        let soft = self_play_game_for(&v, &[&hand, &hand], 0.05, seed, &lambda(&v, l));
        (outcome, soft)
    }

    #[test]
    fn a_lambda_of_one_learns_the_outcome_itself() {
        let (outcome, soft) = outcome_and_lambda(7, 1.0);
        assert_eq!(soft.len(), outcome.len());
        for k in 0..outcome.len() {
            let Target::Class(class) = outcome.sample(k).2 else {
                panic!("outcome samples have classes");
            };
            let Target::Soft(t) = soft.sample(k).2 else {
                panic!("λ-return samples have chances");
            };
            let one_hot: Vec<f32> = (0..OUTCOMES)
                .map(|c| f32::from(u8::from(c == class)))
                .collect();
            assert_eq!(&t[..], &one_hot[..], "sample {k}");
        }
    }

    #[test]
    fn lambda_returns_are_chances_ending_in_the_outcome() {
        let (outcome, soft) = outcome_and_lambda(9, 0.7);
        let last = soft.len() - 1;
        let mut hedged = 0;
        for k in 0..=last {
            let Target::Soft(t) = soft.sample(k).2 else {
                panic!("λ-return samples have chances");
            };
            let total: f32 = t.iter().sum();
            assert!((total - 1.0).abs() < 1e-5, "sample {k} sums to {total}");
            assert!(t.iter().all(|&x| x >= 0.0));
            if t.iter().all(|&x| x < 0.999) {
                hedged += 1;
            }
            if k == last {
                let Target::Class(class) = outcome.sample(k).2 else {
                    panic!("outcome samples have classes");
                };
                assert_eq!(t[class], 1.0, "the last position learns how the game ended");
            }
        }
        assert!(
            hedged > last / 2,
            "the critic's chances show in {hedged} of {last}"
        );
    }

    #[test]
    #[should_panic(expected = "not mixed")]
    fn outcome_and_lambda_samples_are_not_mixed() {
        let v = two_players();
        let hand = Player::from(Evaluator::new(&v));
        let mut a = self_play_game(&v, &[&hand, &hand], 0.0, 1);
        a.append(&self_play_game_for(
            &v,
            &[&hand, &hand],
            0.0,
            2,
            &lambda(&v, 0.5),
        ));
    }

    #[test]
    fn training_on_lambda_returns_lowers_the_log_loss_of_outcomes() {
        let v = two_players();
        let pool = [Player::from(Evaluator::new(&v))];
        let data = self_play_for(&v, &pool, 0.05, 0, 300, &lambda(&v, 0.8));
        let check = self_play(&v, &pool, 0.05, 10_000, 100);
        let mut net = ValueNet::new_random(&v, 16, 3);
        let before = log_loss(&net, &check);
        train(&mut net, &data, &TrainConfig::default());
        let after = log_loss(&net, &check);
        assert!(after < before - 0.1, "before {before}, after {after}");
    }
}
