//! The chance side of a turn: every throwing phase as an outcome with its exact
//! probability, for searches that average over throws.

use arrayvec::ArrayVec;

use crate::position::Position;
use crate::variant::{ThrowStep, Variant};

/// Most throws an outcome lists.
pub const MAX_OUTCOME_THROWS: usize = 8;

/// One way a throwing phase can end, with its probability.
#[derive(Clone, Debug, PartialEq)]
pub struct ThrowOutcome {
    /// Mouths up of each throw (one sequence giving this bag).
    pub throws: ArrayVec<u8, MAX_OUTCOME_THROWS>,
    /// Probability of this bag (all orders of the same throws added up).
    pub probability: f64,
}

impl Variant {
    /// Every bag a throwing phase can give with at most `max_throws` throws, merged
    /// across orders, with exact probabilities. The phases longer than that (a run of
    /// `max_throws` graces) are left out, so the probabilities add up to 1 − P(run);
    /// [`Variant::throw_outcomes_normalized`] rescales them to 1.
    pub fn throw_outcomes(&self, max_throws: usize) -> Vec<ThrowOutcome> {
        let max_throws = max_throws.clamp(1, MAX_OUTCOME_THROWS);
        let mut out: Vec<(ArrayVec<u8, 16>, ThrowOutcome)> = Vec::new();
        let mut seq = ArrayVec::<u8, MAX_OUTCOME_THROWS>::new();
        // Depth-first over throw sequences; `probe` tracks the phase on a dummy position.
        fn walk(
            v: &Variant,
            probe: &Position,
            seq: &mut ArrayVec<u8, MAX_OUTCOME_THROWS>,
            p: f64,
            max: usize,
            out: &mut Vec<(ArrayVec<u8, 16>, ThrowOutcome)>,
        ) {
            for u in 0..=v.table().cowries() {
                let q = p * v.table().probability(u);
                if q == 0.0 {
                    continue;
                }
                let mut next = *probe;
                let step = v.add_throw(&mut next, u);
                seq.push(u);
                if step == ThrowStep::Again {
                    if seq.len() < max {
                        walk(v, &next, seq, q, max, out);
                    }
                } else {
                    // Key: the bag's value counts, plus whether the turn was voided.
                    let mut key: ArrayVec<u8, 16> = next.bag_counts()[..v.table().values().len()]
                        .iter()
                        .copied()
                        .collect();
                    if step == ThrowStep::Voided {
                        key.clear();
                        key.push(u8::MAX);
                    }
                    match out.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, o)) => o.probability += q,
                        None => out.push((
                            key,
                            ThrowOutcome {
                                throws: seq.clone(),
                                probability: q,
                            },
                        )),
                    }
                }
                seq.pop();
            }
        }
        let probe = self.start_position();
        walk(self, &probe, &mut seq, 1.0, max_throws, &mut out);
        out.into_iter().map(|(_, o)| o).collect()
    }

    /// [`Variant::throw_outcomes`] rescaled so the probabilities add up to 1.
    pub fn throw_outcomes_normalized(&self, max_throws: usize) -> Vec<ThrowOutcome> {
        let mut out = self.throw_outcomes(max_throws);
        let total: f64 = out.iter().map(|o| o.probability).sum();
        for o in &mut out {
            o.probability /= total;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::{Rules, Variant};

    #[test]
    fn standard_outcomes_with_one_throw_are_the_three_plain_values() {
        let v = Variant::new(Rules::standard()).unwrap();
        let o = v.throw_outcomes(1);
        let p: f64 = o.iter().map(|o| o.probability).sum();
        assert_eq!(o.len(), 3);
        assert!((p - 14.0 / 16.0).abs() < 1e-12);
    }

    #[test]
    fn outcomes_merge_orders_of_the_same_bag() {
        let v = Variant::new(Rules::standard()).unwrap();
        let o = v.throw_outcomes(3);
        // 3 plain + 2 graces × 3 plain + {4,4},{4,8},{8,8} × 3 plain = 3 + 6 + 9.
        assert_eq!(o.len(), 18);
        let p: f64 = o.iter().map(|o| o.probability).sum();
        assert!((p - (1.0 - 1.0 / 512.0)).abs() < 1e-12);
        // {4, 8, 1}: both orders, 2 · (1/16)² · 4/16.
        let both = o
            .iter()
            .find(|o| {
                let mut t = o.throws.to_vec();
                t.sort();
                t == vec![0, 1, 4]
            })
            .unwrap();
        assert!((both.probability - 2.0 / 256.0 * 0.25).abs() < 1e-12);
    }

    #[test]
    fn forfeit_flag_makes_three_graces_one_void_outcome() {
        let v = Variant::new(crate::Rules::preset(crate::Preset::Traditional)).unwrap();
        let o = v.throw_outcomes(4);
        let p: f64 = o.iter().map(|o| o.probability).sum();
        assert!(
            (p - 1.0).abs() < 1e-12,
            "every phase ends by the third throw"
        );
    }
}
