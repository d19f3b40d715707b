//! A value network: a small neural network, learned from self-play, that estimates
//! each player's chance to win from a settled position (the approach of TD-Gammon and
//! wildbg, at the size this game needs).
//!
//! One hidden layer of rectified units reads the position's inputs
//! ([`features`]); a softmax over `players + 1` outcomes (each player wins, counted
//! from the player to move, or the game is drawn) gives the chances. A net belongs to
//! one rule set and player count; [`ValueNet::for_variant`] finds the net shipped for
//! a variant, if there is one ([`SHIPPED`]: standard rules, two to four players, with
//! pair capture on and off; traditional rules, two to four players). [`crate::train`] makes new ones.

pub mod features;

use std::sync::{Arc, OnceLock};

use ashta_engine::{Position, RulesObject, Variant};
use serde::{Deserialize, Serialize};

use crate::eval::{Evaluator, WeightSet, WinChances};
use features::{for_each_input, input_count};

/// The format tag of a saved net.
pub const NET_FORMAT: &str = "ashta-net/1";

/// Most hidden units a net may have (evaluation keeps them on the stack).
pub const MAX_HIDDEN: usize = 256;

/// Hidden units summed at a time (in registers) by the hidden layer.
const BLOCK: usize = 64;
/// Inputs gathered before they are added to the hidden layer.
const BATCH: usize = 64;
/// Hidden units that fit the smaller stack buffer (the shipped nets have 64, one
/// block: 8 registers of 8 with AVX).
const SMALL_HIDDEN: usize = 64;

/// A value network and the rule set it was trained for.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ValueNet {
    /// Always [`NET_FORMAT`].
    pub format: String,
    /// The rules (size and players included) the net was trained on.
    pub rules: RulesObject,
    /// How it was made (the training command and its figures), for people.
    #[serde(default)]
    pub about: String,
    /// Inputs ([`features::input_count`]).
    pub inputs: usize,
    /// Hidden units.
    pub hidden: usize,
    /// Outcomes: one per player, then the draw.
    pub outputs: usize,
    /// Input weights, `inputs × hidden`, one row of `hidden` per input.
    pub(crate) w1: Vec<f32>,
    /// Hidden biases.
    pub(crate) b1: Vec<f32>,
    /// Output weights, `outputs × hidden`.
    pub(crate) w2: Vec<f32>,
    /// Output biases.
    pub(crate) b2: Vec<f32>,
    /// The hand evaluation whose terms are inputs ([`features`]), built on first use.
    #[serde(skip)]
    hand: OnceLock<Evaluator>,
    /// `w2` by hidden unit, built on first use by [`ValueNet::outputs_of`]: row `j`
    /// holds every outcome's weight of unit `j` (padded to 8), so that one unit is
    /// added to all the outcomes' sums at once. Training clears it
    /// ([`ValueNet::weights_changed`]); a clone starts without it.
    #[serde(skip)]
    by_unit: Derived<Vec<[f32; 8]>>,
}

/// A value computed from a net's weights on first use: empty again in a clone, so
/// that a clone whose weights change never reads its original's.
#[derive(Default)]
struct Derived<T>(OnceLock<T>);

impl<T> Clone for Derived<T> {
    fn clone(&self) -> Self {
        Derived(OnceLock::new())
    }
}

impl<T> std::fmt::Debug for Derived<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Derived")
    }
}

/// A saved net that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    /// Not JSON of a net.
    #[error("not a value net: {0}")]
    Json(#[from] serde_json::Error),
    /// A different format tag.
    #[error("value net format {found:?}, expected {NET_FORMAT:?}")]
    Format {
        /// The tag found.
        found: String,
    },
    /// Sizes that do not fit together or do not fit the rules.
    #[error("value net sizes do not fit: {0}")]
    Shape(String),
    /// Nets made for different rules, where one set of rules is needed.
    #[error("the value nets were made for different rules: {0} and {1}")]
    Rules(String, String),
}

/// The nets shipped with the bots: standard rules, two to four players, with a pair
/// capturing a double (the rule) and without (`pair_capture: false`, the earlier
/// reading); traditional rules, two to four players.
pub const SHIPPED: &[&str] = &[
    include_str!("../../nets/standard-2p.json"),
    include_str!("../../nets/standard-3p.json"),
    include_str!("../../nets/standard-4p.json"),
    include_str!("../../nets/traditional-2p.json"),
    include_str!("../../nets/traditional-3p.json"),
    include_str!("../../nets/traditional-4p.json"),
    include_str!("../../nets/standard-2p-pair-capture-off.json"),
    include_str!("../../nets/standard-3p-pair-capture-off.json"),
    include_str!("../../nets/standard-4p-pair-capture-off.json"),
];

impl ValueNet {
    /// A net with small random weights for `variant` (the start of training).
    ///
    /// # Panics
    /// When `hidden` is 0 or above [`MAX_HIDDEN`].
    pub fn new_random(variant: &Variant, hidden: usize, seed: u64) -> ValueNet {
        assert!(
            (1..=MAX_HIDDEN).contains(&hidden),
            "a net has 1 to {MAX_HIDDEN} hidden units, not {hidden}"
        );
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let inputs = input_count(variant);
        let outputs = variant.players() + 1;
        let scale1 = (2.0 / 32.0f32).sqrt();
        let scale2 = (1.0 / hidden as f32).sqrt();
        ValueNet {
            format: NET_FORMAT.into(),
            rules: RulesObject::full(variant.rules()),
            about: String::new(),
            inputs,
            hidden,
            outputs,
            w1: (0..inputs * hidden)
                .map(|_| rng.random_range(-scale1..scale1))
                .collect(),
            b1: vec![0.0; hidden],
            w2: (0..outputs * hidden)
                .map(|_| rng.random_range(-scale2..scale2))
                .collect(),
            b2: vec![0.0; outputs],
            hand: OnceLock::new(),
            by_unit: Derived::default(),
        }
    }

    /// The evaluator whose terms the net reads (the hand weights: the inputs must be
    /// computed as they were in training).
    pub(crate) fn hand(&self, v: &Variant) -> &Evaluator {
        self.hand.get_or_init(|| Evaluator::new(v))
    }

    /// Reads a saved net and checks that its sizes fit together.
    pub fn from_json(text: &str) -> Result<ValueNet, NetError> {
        let net: ValueNet = serde_json::from_str(text)?;
        if net.format != NET_FORMAT {
            return Err(NetError::Format { found: net.format });
        }
        let variant = net
            .rules
            .to_rules()
            .and_then(Variant::new)
            .map_err(|e| NetError::Shape(format!("its rules are refused: {e}")))?;
        let shape = |what: &str, len: usize, want: usize| {
            if len == want {
                Ok(())
            } else {
                Err(NetError::Shape(format!(
                    "{what} has {len} numbers, expected {want}"
                )))
            }
        };
        if net.hidden == 0 || net.hidden > MAX_HIDDEN {
            return Err(NetError::Shape(format!(
                "{} hidden units, expected 1 to {MAX_HIDDEN}",
                net.hidden
            )));
        }
        shape("inputs", net.inputs, input_count(&variant))?;
        shape("outputs", net.outputs, variant.players() + 1)?;
        shape("w1", net.w1.len(), net.inputs * net.hidden)?;
        shape("b1", net.b1.len(), net.hidden)?;
        shape("w2", net.w2.len(), net.outputs * net.hidden)?;
        shape("b2", net.b2.len(), net.outputs)?;
        Ok(net)
    }

    /// One net that scores every position with the mean of `nets`' outcome scores
    /// (before the softmax): an ensemble of nets trained apart, in one net of their
    /// hidden units side by side, so that the bots use it as any other net. The nets
    /// must be made for the same rules, and their hidden units must add up to at most
    /// [`MAX_HIDDEN`].
    pub fn mean_of(nets: &[ValueNet]) -> Result<ValueNet, NetError> {
        let Some(first) = nets.first() else {
            return Err(NetError::Shape("no nets to take the mean of".into()));
        };
        if let Some(other) = nets.iter().find(|n| n.rules != first.rules) {
            let rules = |n: &ValueNet| serde_json::to_string(&n.rules).unwrap_or_default();
            return Err(NetError::Rules(rules(first), rules(other)));
        }
        let hidden: usize = nets.iter().map(|n| n.hidden).sum();
        if hidden > MAX_HIDDEN {
            return Err(NetError::Shape(format!(
                "{hidden} hidden units together, at most {MAX_HIDDEN}"
            )));
        }
        let share = 1.0 / nets.len() as f32;
        let (inputs, outputs) = (first.inputs, first.outputs);
        let side_by_side = |rows: usize, weights: &dyn Fn(&ValueNet) -> &[f32], scale: f32| {
            (0..rows)
                .flat_map(|r| {
                    nets.iter().flat_map(move |n| {
                        weights(n)[r * n.hidden..(r + 1) * n.hidden]
                            .iter()
                            .map(move |w| w * scale)
                    })
                })
                .collect::<Vec<f32>>()
        };
        Ok(ValueNet {
            about: format!(
                "the mean of {} nets' outcome scores: {}",
                nets.len(),
                nets.iter()
                    .map(|n| n.about.as_str())
                    .collect::<Vec<_>>()
                    .join(" | ")
            ),
            format: first.format.clone(),
            rules: first.rules.clone(),
            inputs,
            hidden,
            outputs,
            w1: side_by_side(inputs, &|n| &n.w1, 1.0),
            b1: nets.iter().flat_map(|n| n.b1.iter().copied()).collect(),
            w2: side_by_side(outputs, &|n| &n.w2, share),
            b2: (0..outputs)
                .map(|o| nets.iter().map(|n| n.b2[o]).sum::<f32>() * share)
                .collect(),
            hand: OnceLock::new(),
            by_unit: Derived::default(),
        })
    }

    /// The net as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a net serialises")
    }

    /// The shipped net for `variant`'s rules, if there is one ([`SHIPPED`]). A program
    /// can have the bots play with another ([`crate::tuning::Tuning`]).
    pub fn for_variant(variant: &Variant) -> Option<Arc<ValueNet>> {
        static NETS: OnceLock<Vec<Arc<ValueNet>>> = OnceLock::new();
        NETS.get_or_init(|| {
            SHIPPED
                .iter()
                .map(|text| Arc::new(ValueNet::from_json(text).expect("a shipped net is valid")))
                .collect()
        })
        .iter()
        .find(|net| net.fits(variant))
        .cloned()
    }

    /// Whether the net was trained for `variant`'s rules.
    pub fn fits(&self, variant: &Variant) -> bool {
        self.rules
            .to_rules()
            .is_ok_and(|r| r.same_game(variant.rules()))
    }

    /// Adds input `i` with value `x` to the hidden sums `z`.
    pub(crate) fn add_input(&self, z: &mut [f32], i: usize, x: f32) {
        let row = &self.w1[i * self.hidden..(i + 1) * self.hidden];
        for (a, w) in z.iter_mut().zip(row) {
            *a += x * w;
        }
    }

    /// Adds each input `(i, x)` of `inputs` in turn to the hidden sums `z`, as
    /// [`Self::add_input`] would, with wide vectors where the processor has them.
    fn add_inputs(&self, z: &mut [f32], inputs: &[(u32, f32)]) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx") {
            // SAFETY: the processor has AVX, the only feature the function enables.
            unsafe { add_inputs_avx(&self.w1, z, inputs) };
            return;
        }
        add_inputs_blocked(&self.w1, z, inputs);
    }

    /// The hidden layer's activations for `pos` into `hidden` (length [`Self::hidden`]).
    fn hidden_layer(&self, v: &Variant, pos: &Position, hidden: &mut [f32]) {
        hidden.copy_from_slice(&self.b1);
        // The inputs are gathered, then added a block of hidden units at a time, each
        // unit's sum in input order as one at a time would: the same sums, sooner.
        let mut inputs = [(0u32, 0.0f32); BATCH];
        let mut n = 0;
        for_each_input(v, pos, self.hand(v), |i, x| {
            if n == BATCH {
                self.add_inputs(hidden, &inputs);
                n = 0;
            }
            inputs[n] = (i as u32, x);
            n += 1;
        });
        self.add_inputs(hidden, &inputs[..n]);
        for a in hidden.iter_mut() {
            *a = a.max(0.0);
        }
    }

    /// The softmax of the outputs for given hidden activations, into `out`
    /// (length [`Self::outputs`]). Each outcome's sum is taken in hidden order, from
    /// -0.0 as `Iterator::sum` does, all outcomes at once from the weights by hidden
    /// unit, with no test for units at 0 (adding their 0 changes no sum but a zero's
    /// sign, which no output sees: a bias is added and the softmax subtracts the
    /// largest).
    pub(crate) fn outputs_of(&self, hidden: &[f32], out: &mut [f32]) {
        let by_unit = self.by_unit.0.get_or_init(|| {
            (0..self.hidden)
                .map(|j| {
                    std::array::from_fn(|k| {
                        if k < self.outputs {
                            self.w2[k * self.hidden + j]
                        } else {
                            0.0
                        }
                    })
                })
                .collect()
        });
        #[cfg(target_arch = "x86_64")]
        let sums = if std::arch::is_x86_feature_detected!("avx") {
            // SAFETY: the processor has AVX, the only feature the function enables.
            unsafe { sums_by_unit_avx(by_unit, hidden) }
        } else {
            sums_by_unit(by_unit, hidden)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let sums = sums_by_unit(by_unit, hidden);
        for ((o, b), s) in out.iter_mut().zip(&self.b2).zip(sums) {
            *o = b + s;
        }
        softmax(out);
    }

    /// Forgets what was computed from the weights (after training changed them).
    pub(crate) fn weights_changed(&mut self) {
        self.by_unit = Derived::default();
    }

    /// Each seat's chance to win from `pos` (a game not yet decided); what is left of
    /// 1 is the chance of a draw.
    pub fn win_chances(&self, v: &Variant, pos: &Position) -> [f64; 4] {
        let mut out = [0.0f32; 5];
        // The hidden units on the stack, in the smaller buffer when they fit.
        if self.hidden <= SMALL_HIDDEN {
            let mut hidden = [0.0f32; SMALL_HIDDEN];
            self.hidden_layer(v, pos, &mut hidden[..self.hidden]);
            self.outputs_of(&hidden[..self.hidden], &mut out[..self.outputs]);
        } else {
            let mut hidden = [0.0f32; MAX_HIDDEN];
            self.hidden_layer(v, pos, &mut hidden[..self.hidden]);
            self.outputs_of(&hidden[..self.hidden], &mut out[..self.outputs]);
        }
        let players = v.players();
        let mut chances = [0.0; 4];
        for r in 0..players {
            chances[(pos.to_move() + r) % players] = out[r] as f64;
        }
        chances
    }
}

/// The softmax of `out`, in place.
fn softmax(out: &mut [f32]) {
    let max = out.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
    let mut total = 0.0;
    for o in out.iter_mut() {
        *o = (*o - max).exp();
        total += *o;
    }
    for o in out.iter_mut() {
        *o /= total;
    }
}

/// Every outcome's sum of `hidden` times its weights by unit, each in hidden order.
#[inline(always)]
fn sums_by_unit(by_unit: &[[f32; 8]], hidden: &[f32]) -> [f32; 8] {
    let mut sums = [-0.0f32; 8];
    for (w, &a) in by_unit.iter().zip(hidden) {
        for (s, w) in sums.iter_mut().zip(w) {
            *s += w * a;
        }
    }
    sums
}

/// [`sums_by_unit`] compiled for AVX (one register holds the eight sums).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn sums_by_unit_avx(by_unit: &[[f32; 8]], hidden: &[f32]) -> [f32; 8] {
    sums_by_unit(by_unit, hidden)
}

/// [`add_inputs_blocked`] compiled for AVX.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn add_inputs_avx(w1: &[f32], z: &mut [f32], inputs: &[(u32, f32)]) {
    add_inputs_blocked(w1, z, inputs);
}

/// Adds each input `(i, x)` of `inputs` in turn to the hidden sums `z` (`x` times row
/// `i` of `w1`), [`BLOCK`] hidden units at a time kept in registers: every unit's sum
/// is taken in input order, as one input at a time would.
#[inline(always)]
fn add_inputs_blocked(w1: &[f32], z: &mut [f32], inputs: &[(u32, f32)]) {
    let h = z.len();
    let blocked = h / BLOCK * BLOCK;
    for (b, chunk) in z[..blocked].chunks_exact_mut(BLOCK).enumerate() {
        let mut acc = [0.0f32; BLOCK];
        acc.copy_from_slice(chunk);
        for &(i, x) in inputs {
            let row = &w1[i as usize * h + b * BLOCK..][..BLOCK];
            if x == 1.0 {
                // Most inputs are 1, and 1 × w is w exactly: the same sums, no product.
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
            } else {
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += x * w;
                }
            }
        }
        chunk.copy_from_slice(&acc);
    }
    if blocked == h {
        return;
    }
    for &(i, x) in inputs {
        let row = &w1[i as usize * h + blocked..(i as usize + 1) * h];
        for (a, w) in z[blocked..].iter_mut().zip(row) {
            *a += x * w;
        }
    }
}

impl WinChances for ValueNet {
    fn win_chances(&self, v: &Variant, pos: &Position) -> [f64; 4] {
        ValueNet::win_chances(self, v, pos)
    }
}

impl WeightSet {
    /// The shipped value net this set plays with for `variant`, if any: the strongest
    /// set uses the shipped net that fits the variant ([`ValueNet::for_variant`]). A
    /// program can give another net ([`crate::tuning::Tuning::net`]).
    pub fn net(self, variant: &Variant) -> Option<Arc<ValueNet>> {
        match self {
            WeightSet::Strongest => ValueNet::for_variant(variant),
            WeightSet::Hand | WeightSet::Fitted => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::{parse_any, Rules};

    #[test]
    fn the_shipped_nets_load_and_fit_only_their_rules() {
        let players = |players| {
            Variant::new(Rules {
                players,
                ..Rules::standard()
            })
            .unwrap()
        };
        for p in [2, 3, 4] {
            let v = players(p);
            let net = ValueNet::for_variant(&v).expect("a net");
            assert!(net.fits(&v));
            assert_eq!(net.outputs, p as usize + 1);
            assert!(net.rules.to_rules().unwrap().pair_capture);
            let off = Variant::new(Rules {
                pair_capture: false,
                ..v.rules().clone()
            })
            .unwrap();
            let old = ValueNet::for_variant(&off).expect("a net for the earlier reading");
            assert!(!old.rules.to_rules().unwrap().pair_capture);
            assert!(!old.fits(&v) && !net.fits(&off));
        }
        for players in [2, 3, 4] {
            let traditional = Variant::new(Rules {
                players,
                ..Rules::preset(ashta_engine::Preset::Traditional)
            })
            .unwrap();
            assert!(ValueNet::for_variant(&traditional).is_some_and(|n| n.fits(&traditional)));
        }
        let seven = Variant::new(Rules::preset(ashta_engine::Preset::Senior)).unwrap();
        assert!(ValueNet::for_variant(&seven).is_none());
    }

    #[test]
    fn the_shipped_net_sees_a_won_race() {
        let (v, ahead) = parse_any("standard 5 2 0 - 22,23,23,23/0,0,0,0 01 - 0").unwrap();
        let net = ValueNet::for_variant(&v).unwrap();
        let w = net.win_chances(&v, &ahead);
        assert!(w[0] > 0.85, "{w:?}");
        let (_, behind) = parse_any("standard 5 2 1 - 22,23,23,23/0,0,0,0 01 - 0").unwrap();
        assert!(net.win_chances(&v, &behind)[0] > 0.8);
    }

    fn two_players() -> Variant {
        Variant::new(Rules {
            players: 2,
            ..Rules::standard()
        })
        .unwrap()
    }

    #[test]
    fn the_mean_of_nets_scores_with_the_mean_of_their_scores() {
        let v = two_players();
        let (a, b) = (
            ValueNet::new_random(&v, 8, 1),
            ValueNet::new_random(&v, 24, 2),
        );
        let mean = ValueNet::mean_of(&[a.clone(), b.clone()]).unwrap();
        assert_eq!(mean.hidden, 32);
        let mean = ValueNet::from_json(&mean.to_json()).unwrap();
        // The softmax of the mean of two nets' scores is each outcome's geometric mean
        // of the two nets' chances, normalised.
        let with_draw = |w: [f64; 4]| [w[0], w[1], 1.0 - w[0] - w[1]];
        for text in [
            "standard 5 2 0 - 0,0,0,0/0,0,0,0 01 - 0",
            "standard 5 2 1 - 3,9,17,0/22,5,5,0 01 - 0",
        ] {
            let (v, pos) = parse_any(text).unwrap();
            let (pa, pb) = (
                with_draw(a.win_chances(&v, &pos)),
                with_draw(b.win_chances(&v, &pos)),
            );
            let geometric: Vec<f64> = pa.iter().zip(&pb).map(|(x, y)| (x * y).sqrt()).collect();
            let total: f64 = geometric.iter().sum();
            let got = with_draw(mean.win_chances(&v, &pos));
            for (g, want) in got.iter().zip(&geometric) {
                assert!(
                    (g - want / total).abs() < 1e-5,
                    "{got:?} against {geometric:?}"
                );
            }
        }
    }

    #[test]
    fn a_mean_of_nets_of_other_rules_or_too_many_units_is_refused() {
        let v = Variant::new(Rules::standard()).unwrap();
        let two = two_players();
        let refusal = |nets: &[ValueNet]| match ValueNet::mean_of(nets) {
            Ok(_) => panic!("a mean of {} nets was taken", nets.len()),
            Err(e) => e.to_string(),
        };
        let err = refusal(&[
            ValueNet::new_random(&v, 8, 1),
            ValueNet::new_random(&two, 8, 1),
        ]);
        assert!(err.contains("different rules"), "{err}");
        let err = refusal(&[
            ValueNet::new_random(&v, MAX_HIDDEN, 1),
            ValueNet::new_random(&v, 1, 2),
        ]);
        assert!(err.contains("257 hidden units together"), "{err}");
        assert!(refusal(&[]).contains("no nets"));
    }

    #[test]
    fn a_net_with_wrong_sizes_is_refused_with_the_reason() {
        let v = Variant::new(Rules::standard()).unwrap();
        let mut net = ValueNet::new_random(&v, 8, 1);
        net.b2.pop();
        let err = ValueNet::from_json(&net.to_json()).unwrap_err().to_string();
        assert!(err.contains("b2 has 4 numbers, expected 5"), "{err}");
        let mut wide = ValueNet::new_random(&v, 8, 1);
        wide.hidden = MAX_HIDDEN + 1;
        let err = ValueNet::from_json(&wide.to_json())
            .unwrap_err()
            .to_string();
        assert!(err.contains("257 hidden units"), "{err}");
        let err = ValueNet::from_json("{}").unwrap_err().to_string();
        assert!(err.starts_with("not a value net"), "{err}");
    }
}
