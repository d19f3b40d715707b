//! The static evaluation every bot shares: an estimate of each player's chance to win
//! from a settled position, built from a race count.
//!
//! Each player's *cost* is the number of squares (pips) it still needs, adjusted:
//!
//! | term | weight | why |
//! |---|---|---|
//! | pips to go for each pawn not home | 1 per square | the race itself |
//! | pawn off the board (grace entry) | `off_board` pips more | it waits for a grace |
//! | player has never captured | `gate` × chance of no capture next turn, plus `stuck` for each pawn that cannot move at its gate; outer-ring progress counts `closed_progress` per square instead of 1 | the gate holds every pawn back until a capture; pawns kept back can still hunt |
//! | single pawn open to capture | hit probability × (squares it would lose + `hit_extra`) | exposure, weighted by the real throw probabilities |
//! | extra turns still to come | −pips per turn each | a whole turn of movement |
//!
//! Hit probability: for each opponent unit behind the pawn on the opponent's own path,
//! the chance that the opponent's next throwing phase gives a bag from which a subset
//! of values sums to the distance (computed exactly from the throw table), combined over
//! attackers as independent. Safe squares are never exposed; a double only to an
//! opponent's pair, where pairs capture doubles (it then loses every pawn).
//!
//! Costs become turns (cost / pips per turn, the mean pips a turn gives), and the
//! turns become win chances by a logistic race: player q's weight is
//! exp(−turns_q / `temperature`), normalised over players still in the game.

use std::sync::Arc;

use ashta_engine::{Gate, Position, Variant, MAX_PAWNS, OFF};

/// The evaluation's weights, in pips (squares) unless said otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Extra pips for a pawn off the board (it waits for a grace).
    pub off_board: f64,
    /// Pips charged to a player who has never captured, times the chance that it
    /// cannot capture in its next turn.
    pub gate: f64,
    /// Pips charged for each pawn stuck at its gate (it cannot move at all).
    pub stuck: f64,
    /// Pips lost beyond the squares travelled when a pawn is captured.
    pub hit_extra: f64,
    /// How much each square of progress counts while the gate is closed: negative,
    /// because until a capture a pawn kept back is a hunter, and one pushed to the
    /// gate only loses mobility (and risks a frozen, drawn game).
    pub closed_progress: f64,
    /// Turns of race lead that make the leader e times as likely to win.
    pub temperature: f64,
    /// Steepness of the frozen-draw risk: while no player has captured, the chance
    /// that the game freezes is the product over players of (1 − room left)^this,
    /// where room left is the share of outer-ring squares its pawns can still move.
    pub freeze: f64,
}

impl Default for Weights {
    /// Tuned by greedy-vs-random matches (see BENCHMARKS.md).
    fn default() -> Weights {
        Weights {
            off_board: 6.0,
            gate: 10.0,
            stuck: 2.0,
            hit_extra: 3.0,
            closed_progress: -1.0,
            temperature: 4.0,
            freeze: 2.0,
        }
    }
}

impl Weights {
    /// Weights fitted to game results by maximum likelihood, for the standard rules
    /// with `players` players: the settled positions of greedy self-play games, each
    /// labelled with its game's result, and the weights under which
    /// [`Evaluator::win_chances`] gives those results the highest likelihood (the
    /// `fit_weights` tool of `ashta-tools`; BENCHMARKS.md has the command and the log losses).
    /// Calibrated chances rather than the sharpest ranking: the searching bots back
    /// these values up, so their scale matters. Other player counts use the nearest fit.
    pub fn fitted(players: usize) -> Weights {
        if players <= 2 {
            Weights {
                off_board: 6.0,
                gate: 33.76,
                stuck: 1.69,
                hit_extra: 0.95,
                closed_progress: -0.43,
                temperature: 12.57,
                freeze: 0.355,
            }
        } else {
            Weights {
                off_board: 6.78,
                gate: 1.83,
                stuck: 1.07,
                hit_extra: 11.92,
                closed_progress: 0.35,
                temperature: 5.91,
                freeze: 0.70,
            }
        }
    }
}

/// Which weights a bot's evaluation starts from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WeightSet {
    /// [`Weights::default`]: set by hand and by greedy-vs-random matches.
    Hand,
    /// [`Weights::fitted`] for the game's player count.
    Fitted,
    /// The set measured strongest for the searching bots at the game's player count:
    /// the shipped value net where one fits the rules ([`WeightSet::net`]: standard
    /// and traditional rules, two to four players);
    /// otherwise fitted weights for three and four players (the default bot against
    /// three greedy bots: 50.5% of 200 games, against 33.0% with the hand weights) and
    /// hand-set ones for two (the fit did not beat them there).
    #[default]
    Strongest,
}

impl WeightSet {
    /// The weights of this set for `players` players.
    pub fn weights(self, players: usize) -> Weights {
        match self {
            WeightSet::Hand => Weights::default(),
            WeightSet::Fitted => Weights::fitted(players),
            WeightSet::Strongest if players <= 2 => Weights::default(),
            WeightSet::Strongest => Weights::fitted(players),
        }
    }
}

/// What answers an evaluator's win chances instead of its race count: a value net
/// (`ValueNet` of the `net` module).
pub trait WinChances: std::fmt::Debug + Send + Sync {
    /// Each player's chance to win `pos` (seats beyond the players' count 0).
    fn win_chances(&self, v: &Variant, pos: &Position) -> [f64; 4];
}

/// Every player's capture chance and exposure ([`Evaluator::terms`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Terms {
    /// [`Evaluator::capture_chance`] of each seat.
    pub capture: [f64; 4],
    /// [`Evaluator::exposure`] of each seat.
    pub exposure: [f64; 4],
}

/// Each player's pawns on the path short of home, one entry per path index they
/// stand on, in path order, with how many stand there, and how many are off the
/// board: what the capture and exposure terms, the freeze risk and the value net's
/// inputs walk, gathered once per position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Runs {
    at: [[(u8, u8); MAX_PAWNS]; 4],
    len: [u8; 4],
    off: [u8; 4],
}

impl Runs {
    /// The runs of every player of `pos`.
    #[inline]
    pub(crate) fn of(v: &Variant, pos: &Position) -> Runs {
        let mut runs = Runs {
            at: [[(0, 0); MAX_PAWNS]; 4],
            len: [0; 4],
            off: [0; 4],
        };
        let (home, per) = (v.home(), v.pawns_per_player());
        for p in 0..v.players() {
            let at = &mut runs.at[p];
            let mut n = 0;
            let mut last = OFF;
            // Sorted, off-board (OFF) last: home and off are both past `home`.
            for &i in pos.pawn_indices(p, per) {
                if i as usize >= home {
                    runs.off[p] += (i == OFF) as u8;
                } else if i == last {
                    at[n - 1].1 += 1;
                } else {
                    at[n] = (i, 1);
                    n += 1;
                    last = i;
                }
            }
            runs.len[p] = n as u8;
        }
        runs
    }

    /// Player `p`'s runs.
    pub(crate) fn player(&self, p: usize) -> &[(u8, u8)] {
        &self.at[p][..self.len[p] as usize]
    }

    /// Player `p`'s pawns off the board.
    pub(crate) fn off(&self, p: usize) -> usize {
        self.off[p] as usize
    }
}

/// Distances [`Evaluator`]'s miss table covers: more than a path and a circle on the
/// largest board (15×15), and a power of two, so that a distance taken modulo it is
/// an index the compiler need not check.
const MISS_LEN: usize = 512;

/// Precomputed tables for evaluating positions of one variant.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// `hit[d]`: probability that one throwing phase allows moving exactly `d` squares
    /// with one unit (a subset of the bag summing to d).
    hit: Vec<f64>,
    pips_per_turn: f64,
    weights: Weights,
    /// A value net that answers [`Evaluator::win_chances`] instead of the race count.
    net: Option<Arc<dyn WinChances>>,
    /// How much of a draw's share [`Evaluator::values`] counts (1: all of it).
    draw_weight: f64,
    /// `miss[d]`: 1 − [`Evaluator::hit_probability`]`(d)`, for every distance the
    /// capture and exposure terms can ask (1 beyond the longest throw).
    miss: Arc<[f64; MISS_LEN]>,
    /// The squares of the variant's paths as the capture and exposure terms see them.
    targets: Arc<[Target]>,
    /// `freeze_factor[room]`: one player's factor of [`Evaluator::freeze_risk`] when
    /// its pawns have `room` squares left before their gate, for every room they can
    /// have (a power taken once here, not at each evaluation).
    freeze_factor: Arc<[f64]>,
}

/// A square of player `t`'s path short of home, as the capture and exposure terms
/// see it: whether it is safe, and each player's path index of it.
#[derive(Clone, Copy, Debug)]
struct Target {
    safe: bool,
    index: [u8; 4],
}

impl Target {
    /// Every path index of every player of `v`, `t`'s at `t * home + j`.
    fn table(v: &Variant) -> Arc<[Target]> {
        let home = v.home();
        (0..v.players() * home)
            .map(|n| {
                let sq = v.square(n / home, n % home);
                let mut index = [0; 4];
                for (a, k) in index.iter_mut().enumerate().take(v.players()) {
                    *k = v.path_index(a, sq) as u8;
                }
                Target {
                    safe: v.is_safe(sq),
                    index,
                }
            })
            .collect()
    }
}

/// One player's factor of the freeze risk, `(1 − room / full)^freeze`, for each room
/// 0..=full its pawns can have left before the gate (`full`: every pawn at the start).
fn freeze_factors(v: &Variant, freeze: f64) -> Arc<[f64]> {
    let full = v.pawns_per_player() * (v.outer_len() - 1);
    (0..=full)
        .map(|room| (1.0 - room as f64 / full as f64).max(0.0).powf(freeze))
        .collect()
}

impl Evaluator {
    /// Tables for `variant` with the default weights.
    pub fn new(variant: &Variant) -> Evaluator {
        Evaluator::with_weights(variant, Weights::default())
    }

    /// Tables for `variant` with chosen weights.
    pub fn with_weights(variant: &Variant, weights: Weights) -> Evaluator {
        let outcomes = variant.throw_outcomes_normalized(4);
        let table = variant.table();
        let max: usize = outcomes
            .iter()
            .map(|o| {
                o.throws
                    .iter()
                    .map(|&u| table.face(u).value as usize)
                    .sum::<usize>()
            })
            .max()
            .unwrap_or(0);
        let mut hit = vec![0.0; max + 1];
        let mut pips = 0.0;
        for o in &outcomes {
            let values: Vec<usize> = o
                .throws
                .iter()
                .map(|&u| table.face(u).value as usize)
                .collect();
            pips += o.probability * values.iter().sum::<usize>() as f64;
            // Subset sums of the bag.
            let mut reach = vec![false; max + 1];
            reach[0] = true;
            for &v in &values {
                for s in (v..=max).rev() {
                    if reach[s - v] {
                        reach[s] = true;
                    }
                }
            }
            for (d, r) in reach.iter().enumerate().skip(1) {
                if *r {
                    hit[d] += o.probability;
                }
            }
        }
        // A distance is at most a path's length, or a circle's length more.
        debug_assert!(variant.home() + 2 * variant.outer_len() < MISS_LEN);
        let miss = Arc::new(std::array::from_fn(|d| {
            1.0 - hit.get(d).copied().unwrap_or(0.0)
        }));
        Evaluator {
            hit,
            pips_per_turn: pips.max(1.0),
            weights,
            net: None,
            draw_weight: 1.0,
            miss,
            targets: Target::table(variant),
            freeze_factor: freeze_factors(variant, weights.freeze),
        }
    }

    /// This evaluator with `net` answering [`Evaluator::win_chances`] for undecided
    /// games (the net must fit the variant: `ValueNet::fits`).
    pub fn with_net(mut self, net: Arc<dyn WinChances>) -> Evaluator {
        self.net = Some(net);
        self
    }

    /// This evaluator with a draw worth `weight` times its share in
    /// [`Evaluator::values`]: 1 (the default) counts a draw as `1/k` of a win to each of
    /// the `k` players still in the game, 0 as nothing, the same as a loss (how the
    /// bots scored a draw before; kept to measure what the draw's value does).
    pub fn with_draw_weight(mut self, weight: f64) -> Evaluator {
        self.draw_weight = weight;
        self
    }

    /// Probability that an opponent's next phase can bring a unit exactly `d` squares.
    pub fn hit_probability(&self, d: usize) -> f64 {
        self.hit.get(d).copied().unwrap_or(0.0)
    }

    /// Mean squares one turn's bag moves.
    pub fn pips_per_turn(&self) -> f64 {
        self.pips_per_turn
    }

    /// Each player's race cost in pips (lower is better); finished players cost 0.
    pub fn costs(&self, v: &Variant, pos: &Position) -> [f64; 4] {
        let players = v.players();
        let home = v.home();
        let outer = v.outer_len();
        let terms = self.terms(v, pos);
        let mut cost = [0.0; 4];
        for (q, c) in cost.iter_mut().enumerate().take(players) {
            if pos.has_finished(q) {
                continue;
            }
            let open = pos.has_captured(q);
            let mut pips = 0.0;
            let mut stuck = 0usize;
            for i in v.pawns(pos, q) {
                match i {
                    None => pips += (home + 1) as f64 + self.weights.off_board,
                    Some(i) => {
                        let counted = if open {
                            i as f64
                        } else {
                            self.weights.closed_progress * i as f64
                        };
                        pips += home as f64 - counted;
                        if !open && i + 1 >= outer {
                            stuck += 1;
                        }
                    }
                }
            }
            if !open {
                let chance = terms.capture[q];
                pips += self.weights.gate * (1.0 - chance) + self.weights.stuck * stuck as f64;
            }
            pips += terms.exposure[q];
            if q == pos.to_move() {
                pips -= self.pips_per_turn * pos.extra_turns() as f64;
            }
            *c = pips;
        }
        cost
    }

    /// Probability that `q`'s next throwing phase lets one of its pawns land on an
    /// opponent single on a non-safe square (attackers combined as independent).
    pub fn capture_chance(&self, v: &Variant, pos: &Position, q: usize) -> f64 {
        self.terms(v, pos).capture[q]
    }

    /// Expected pips player `q` loses to captures before its next turn.
    pub fn exposure(&self, v: &Variant, pos: &Position, q: usize) -> f64 {
        self.terms(v, pos).exposure[q]
    }

    /// Every player's [`Evaluator::capture_chance`] and [`Evaluator::exposure`] in one
    /// walk over the pawns that can be hit, each pair of a target and an attacker
    /// looked at once for both. Each product is taken in the order of the loops that
    /// compute one term of one player (`eval/reference.rs`), so the numbers are theirs.
    pub(crate) fn terms(&self, v: &Variant, pos: &Position) -> Terms {
        self.terms_of(v, pos, &Runs::of(v, pos))
    }

    /// [`Evaluator::terms`] from the position's runs, gathered by the caller.
    pub(crate) fn terms_of(&self, v: &Variant, pos: &Position, runs: &Runs) -> Terms {
        let players = v.players();
        let home = v.home();
        let outer = v.outer_len();
        let pairs_capture = crate::board::pairs_capture_doubles(v);
        let (doubles, circle) = (v.rules().doubles, v.rules().gate == Gate::Circle);
        let open: [bool; 4] = std::array::from_fn(|a| pos.has_captured(a));
        let finished: [bool; 4] = std::array::from_fn(|a| pos.has_finished(a));
        let mut miss = [1.0f64; 4];
        let mut loss = [0.0f64; 4];
        // Each target pawn (or stack) of player `t` at index `j`...
        for (t, loss) in loss.iter_mut().enumerate().take(players) {
            let live = !finished[t];
            for &(j, count) in runs.player(t) {
                let target = self.targets[t * home + j as usize];
                if target.safe {
                    continue;
                }
                // Only `t`'s pawns stand on a square that is not safe.
                let count = count as usize;
                let double = doubles && count >= 2;
                // ... is it a capture chance for the attacker, an exposure for `t`?
                let capture = live && (!double || pairs_capture);
                let exposed = count < 2 || pairs_capture;
                if !capture && !exposed {
                    continue;
                }
                let mut safe_chance = 1.0;
                // ... against each attacker `a` and its pawns at `i`.
                for a in (0..players).filter(|&a| a != t) {
                    let k = target.index[a] as usize;
                    let open = open[a];
                    let capture = capture && (open || k < outer);
                    let exposed = exposed && !finished[a];
                    if !capture && !exposed {
                        continue;
                    }
                    // A unit behind reaches `k` when the attacker may go that far...
                    let ahead = exposed && (open || k < outer);
                    // ... and one past it round the circle; runs come in path order.
                    let wraps = exposed && !open && circle && k < outer;
                    let mut attacker_miss = miss[a];
                    for &(i, n) in runs.player(a) {
                        let i = i as usize;
                        if i >= k && !wraps {
                            break;
                        }
                        // A single captures no double, and a stack is exposed only
                        // to pairs.
                        let pair = n >= 2;
                        if i < k {
                            if capture && (pair || !double) {
                                attacker_miss *= self.miss[(k - i) % MISS_LEN];
                            }
                            if ahead && (pair || count < 2) {
                                safe_chance *= self.miss[(k - i) % MISS_LEN];
                            }
                        } else if i < outer && (pair || count < 2) {
                            safe_chance *= self.miss[(k + outer - i) % MISS_LEN];
                        }
                    }
                    miss[a] = attacker_miss;
                }
                if exposed {
                    *loss +=
                        (1.0 - safe_chance) * (j as f64 + self.weights.hit_extra) * count as f64;
                }
            }
        }
        Terms {
            capture: miss.map(|m| 1.0 - m),
            exposure: loss,
        }
    }

    /// The chance that the game ends frozen: 0 once anyone still playing has
    /// captured, else the product over players of (1 − room left)^`freeze`.
    pub fn freeze_risk(&self, v: &Variant, pos: &Position) -> f64 {
        self.freeze_risk_of(v, pos, &Runs::of(v, pos))
    }

    /// [`Evaluator::freeze_risk`] from the position's runs, gathered by the caller.
    pub(crate) fn freeze_risk_of(&self, v: &Variant, pos: &Position, runs: &Runs) -> f64 {
        if self.weights.freeze <= 0.0 {
            return 0.0;
        }
        let outer = v.outer_len();
        let mut risk = 1.0;
        for q in (0..v.players()).filter(|&q| !pos.has_finished(q)) {
            if pos.has_captured(q) {
                return 0.0;
            }
            let room: usize = runs
                .player(q)
                .iter()
                .map(|&(i, n)| (i as usize, n as usize))
                .take_while(|&(i, _)| i < outer)
                .map(|(i, n)| (outer - 1 - i) * n)
                .sum();
            risk *= self.freeze_factor[room];
        }
        risk
    }

    /// Each player's expected score from `pos`: its chance to win plus its share of the
    /// chance of a draw. This is what every bot maximises. A draw is worth the same to
    /// each of the `k` players still in the game (not finished): `1/k`, so half a win
    /// in a two-player game, better than a loss and worse than a win; a player who has
    /// already finished gets nothing more from it. The draw's chance is what the win
    /// chances leave of 1 ([`Evaluator::win_chances`]).
    pub fn values(&self, v: &Variant, pos: &Position) -> [f64; 4] {
        let mut out = self.win_chances(v, pos);
        let players = v.players();
        let draw = (1.0 - out[..players].iter().sum::<f64>()).max(0.0);
        let live = (0..players).filter(|&q| !pos.has_finished(q)).count();
        if draw > 0.0 && live > 0 {
            for q in (0..players).filter(|&q| !pos.has_finished(q)) {
                out[q] += self.draw_weight * draw / live as f64;
            }
        }
        out
    }

    /// Each player's estimated chance to win: shares of the race, summing to 1 less
    /// the chance of a frozen draw (or the value net's chances, with a net).
    /// A finished game gives 1 to the winner; a drawn one gives everybody 0.
    pub fn win_chances(&self, v: &Variant, pos: &Position) -> [f64; 4] {
        let players = v.players();
        let mut out = [0.0; 4];
        if pos.is_over() {
            // A draw leaves everybody at 0: nobody wins.
            if let Some(w) = pos.winner() {
                out[w] = 1.0;
            }
            return out;
        }
        if let Some(w) = pos.winner() {
            // Places mode: the winner is decided; the rest race for places.
            out[w] = 1.0;
            return out;
        }
        if let Some(net) = &self.net {
            return net.win_chances(v, pos);
        }
        let cost = self.costs(v, pos);
        let turns: Vec<f64> = (0..players).map(|q| cost[q] / self.pips_per_turn).collect();
        let best = turns.iter().cloned().fold(f64::INFINITY, f64::min);
        let mut total = 0.0;
        for q in 0..players {
            let w = (-(turns[q] - best) / self.weights.temperature).exp();
            out[q] = w;
            total += w;
        }
        let live = 1.0 - self.freeze_risk(v, pos);
        for x in &mut out[..players] {
            *x *= live / total;
        }
        out
    }
}

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::{parse_any, Rules};

    #[test]
    fn hit_probabilities_follow_the_standard_throw_table() {
        let v = Variant::new(Rules::standard()).unwrap();
        let e = Evaluator::new(&v);
        // Distance 2 is reachable by a plain 2 (6/16) or by 1 after a grace... only as
        // a subset sum: bags {4|8, 2} count too. It must exceed the single-throw 6/16.
        assert!(e.hit_probability(2) > 6.0 / 16.0);
        assert!(e.hit_probability(1) > 4.0 / 16.0);
        assert!(e.hit_probability(7) > 0.0);
        assert_eq!(e.hit_probability(100), 0.0);
        assert!(
            (e.pips_per_turn() - 2.857).abs() < 0.01,
            "{}",
            e.pips_per_turn()
        );
    }

    #[test]
    fn win_chances_favour_the_player_ahead_and_sum_to_one() {
        let (v, pos) = parse_any("standard 5 2 0 - 20,21,22,23/0,0,0,0 01 - 0").unwrap();
        let e = Evaluator::new(&v);
        let w = e.win_chances(&v, &pos);
        assert!((w[0] + w[1] - 1.0).abs() < 1e-12);
        assert!(w[0] > 0.9, "{w:?}");
    }

    #[test]
    fn a_draw_is_worth_half_a_win_to_each_of_two_players() {
        // Nobody has captured and every pawn waits at its gate: a frozen draw.
        let (v, pos) = parse_any("standard 5 2 0 - 15,15,15,15/15,15,15,15 - - 0").unwrap();
        let e = Evaluator::new(&v);
        let mut end = pos;
        if !end.is_over() {
            v.declare_draw(&mut end, ashta_engine::DrawReason::Frozen)
                .unwrap();
        }
        assert_eq!(e.win_chances(&v, &end)[..2], [0.0, 0.0]);
        assert_eq!(e.values(&v, &end)[..2], [0.5, 0.5]);
        // Weighted 0, a draw is scored as a loss, as the bots did before.
        let as_loss = Evaluator::new(&v).with_draw_weight(0.0);
        assert_eq!(as_loss.values(&v, &end)[..2], [0.0, 0.0]);
    }

    #[test]
    fn a_draw_is_shared_among_the_players_still_in_the_game() {
        let v = Variant::new(Rules {
            players: 4,
            ..Rules::standard()
        })
        .unwrap();
        let mut end = v.start_position();
        v.declare_draw(&mut end, ashta_engine::DrawReason::TurnLimit)
            .unwrap();
        let values = Evaluator::new(&v).values(&v, &end);
        assert_eq!(values, [0.25; 4]);
        // Undecided: the values add up to 1, the draw's chance shared out.
        let open = v.start_position();
        let e = Evaluator::new(&v);
        let sum: f64 = e.values(&v, &open).iter().sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
    }

    #[test]
    fn a_pawn_just_ahead_of_an_attacker_costs_its_owner_more() {
        // South's pawn on e4 (index 5). North's index for e4 is 13: an attacker on
        // North's index 12 (e3) is one square behind; on index 0 it is thirteen behind.
        let (v, near) = parse_any("standard 5 2 0 - 5,0,0,0/12,0,0,0 - - 0").unwrap();
        let (_, far) = parse_any("standard 5 2 0 - 5,0,0,0/0,0,0,0 - - 0").unwrap();
        let e = Evaluator::new(&v);
        let (cn, cf) = (e.costs(&v, &near)[0], e.costs(&v, &far)[0]);
        assert!(cn > cf + 1.0, "near {cn} far {cf}");
    }
}
