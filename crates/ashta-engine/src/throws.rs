//! Cowrie throws: the throw table as data, its probabilities, and sources of throws.
//!
//! A throw is K cowries; the engine only needs how many landed mouth up. Randomness
//! comes through [`ThrowSource`], so a game replays bit for bit from its seed
//! ([`SeededThrows`], ChaCha8) and a server or controller can supply throws itself.

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::Face;

/// Most faces a throw table has (cowries + 1).
pub const MAX_FACES: usize = 16;

/// The cowries of one throw: bit `i` set when cowrie `i` landed mouth up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cowries {
    /// Mouth-up mask.
    pub up: u16,
    /// Cowries thrown.
    pub count: u8,
}

impl Cowries {
    /// A throw with the first `mouths_up` of `count` cowries up (for throws given as counts).
    pub fn with_mouths_up(mouths_up: u8, count: u8) -> Cowries {
        Cowries {
            up: ((1u32 << mouths_up) - 1) as u16,
            count,
        }
    }
    /// Number of cowries mouth up.
    pub fn mouths_up(self) -> u8 {
        self.up.count_ones() as u8
    }
}

/// Where throws come from: any random generator (the way every seeded game throws,
/// [`SeededThrows`]), or a source of the caller's own (throws given as counts, say,
/// with [`Cowries::with_mouths_up`]).
pub trait ThrowSource {
    /// Throws `count` cowries, each mouth up with probability `mouth_up`.
    fn throw_cowries(&mut self, count: u8, mouth_up: f64) -> Cowries;
}

/// Any random generator throws the way every seeded game does: with `mouth_up` = ½, one
/// `next_u32` whose low `count` bits are the cowries (1 = up); otherwise one `next_u32`
/// per cowrie, up when below `mouth_up`·2³².
impl<R: RngCore + ?Sized> ThrowSource for R {
    fn throw_cowries(&mut self, count: u8, mouth_up: f64) -> Cowries {
        throw_with_rng(self, count, mouth_up)
    }
}

/// The cowries a generator throws ([`ThrowSource`] for generators).
fn throw_with_rng<R: RngCore + ?Sized>(rng: &mut R, count: u8, mouth_up: f64) -> Cowries {
    let up = if mouth_up == 0.5 {
        (rng.next_u32() & ((1u32 << count) - 1)) as u16
    } else {
        let threshold = (mouth_up * 4_294_967_296.0) as u64;
        (0..count).fold(0u16, |mask, i| {
            if (rng.next_u32() as u64) < threshold {
                mask | (1 << i)
            } else {
                mask
            }
        })
    };
    Cowries { up, count }
}

/// Throws from a ChaCha8 generator seeded with a 64-bit seed (and an optional stream),
/// so the same seed gives the same throws forever.
#[derive(Clone, Debug)]
pub struct SeededThrows {
    rng: ChaCha8Rng,
}

impl SeededThrows {
    /// Throws of the game with this seed.
    pub fn new(seed: u64) -> SeededThrows {
        SeededThrows {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
    /// Throws of game number `stream` in a series seeded with `seed`.
    pub fn with_stream(seed: u64, stream: u64) -> SeededThrows {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        SeededThrows { rng }
    }
}

impl ThrowSource for SeededThrows {
    fn throw_cowries(&mut self, count: u8, mouth_up: f64) -> Cowries {
        self.rng.throw_cowries(count, mouth_up)
    }
}

/// The throw table compiled for play: faces by mouths up, their probabilities, and the
/// distinct values ("slots") a bag holds.
#[derive(Clone, Debug)]
pub struct ThrowTable {
    cowries: u8,
    mouth_up: f64,
    faces: Vec<Face>,
    probability: Vec<f64>,
    values: Vec<u8>,
    grace_value: Vec<bool>,
    face_slot: Vec<u8>,
    slot_of: [u8; 256],
}

/// Marks a value that no face produces.
const NO_SLOT: u8 = u8::MAX;

impl ThrowTable {
    /// Compiles a table of `faces` (indexed by mouths up) for `mouth_up` probability.
    pub fn new(faces: &[Face], mouth_up: f64) -> ThrowTable {
        let cowries = (faces.len() - 1) as u8;
        let probability = (0..=cowries as i32)
            .map(|u| {
                binomial(cowries as u64, u as u64)
                    * mouth_up.powi(u)
                    * (1.0 - mouth_up).powi(cowries as i32 - u)
            })
            .collect();
        let mut values: Vec<u8> = faces.iter().map(|f| f.value).collect();
        values.sort_unstable();
        values.dedup();
        let mut slot_of = [NO_SLOT; 256];
        for (slot, &v) in values.iter().enumerate() {
            slot_of[v as usize] = slot as u8;
        }
        let grace_value = values
            .iter()
            .map(|&v| faces.iter().any(|f| f.value == v && f.grace))
            .collect();
        let face_slot = faces.iter().map(|f| slot_of[f.value as usize]).collect();
        ThrowTable {
            cowries,
            mouth_up,
            faces: faces.to_vec(),
            probability,
            values,
            grace_value,
            face_slot,
            slot_of,
        }
    }
    /// Cowries thrown.
    pub fn cowries(&self) -> u8 {
        self.cowries
    }
    /// Probability that one cowrie lands mouth up.
    pub fn mouth_up(&self) -> f64 {
        self.mouth_up
    }
    /// The faces, indexed by mouths up.
    pub fn faces(&self) -> &[Face] {
        &self.faces
    }
    /// The face of a throw with `mouths_up` cowries up.
    pub fn face(&self, mouths_up: u8) -> Face {
        self.faces[mouths_up as usize]
    }
    /// Probability of exactly `mouths_up` cowries up.
    pub fn probability(&self, mouths_up: u8) -> f64 {
        self.probability[mouths_up as usize]
    }
    /// The distinct values, ascending; a bag counts how many of each it holds.
    pub fn values(&self) -> &[u8] {
        &self.values
    }
    /// Whether `value` is the value of a grace face (it may bring pawns on under grace entry).
    pub fn is_grace_value(&self, value: u8) -> bool {
        self.slot(value).is_some_and(|s| self.grace_value[s])
    }
    /// Whether `value` is the value of a face that is not a grace.
    pub fn is_plain_value(&self, value: u8) -> bool {
        self.faces.iter().any(|f| f.value == value && !f.grace)
    }
    /// The slot of a value, or `None` if no face produces it.
    #[inline]
    pub fn slot(&self, value: u8) -> Option<usize> {
        let s = self.slot_of[value as usize];
        (s != NO_SLOT).then_some(s as usize)
    }
    /// The slot of the face with `mouths_up` cowries up.
    #[inline]
    pub fn face_slot(&self, mouths_up: u8) -> usize {
        self.face_slot[mouths_up as usize] as usize
    }
    /// The probability that one throw is a grace (the player throws again).
    pub fn grace_chance(&self) -> f64 {
        (0..=self.cowries)
            .filter(|&u| self.face(u).grace)
            .map(|u| self.probability(u))
            .sum()
    }
    /// The probability of each distinct value on one throw, by slot.
    pub fn value_probabilities(&self) -> Vec<f64> {
        let mut p = vec![0.0; self.values.len()];
        for u in 0..=self.cowries {
            p[self.face_slot(u)] += self.probability(u);
        }
        p
    }
}

fn binomial(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::default_table;

    #[test]
    fn four_cowrie_probabilities_are_4_6_4_1_1_sixteenths() {
        let t = ThrowTable::new(&default_table(4), 0.5);
        let by_value: Vec<(u8, f64)> = t
            .values()
            .iter()
            .zip(t.value_probabilities())
            .map(|(&v, p)| (v, p * 16.0))
            .collect();
        assert_eq!(
            by_value,
            vec![(1, 4.0), (2, 6.0), (3, 4.0), (4, 1.0), (8, 1.0)]
        );
    }

    #[test]
    fn probabilities_sum_to_one_for_any_mouth_up_probability() {
        for k in 2..=15 {
            for p in [0.1, 0.5, 0.73] {
                let t = ThrowTable::new(&default_table(k), p);
                let sum: f64 = (0..=k).map(|u| t.probability(u)).sum();
                assert!((sum - 1.0).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn seeded_throws_follow_the_table_distribution() {
        let t = ThrowTable::new(&default_table(4), 0.5);
        for p in [0.5, 0.3] {
            let mut src = SeededThrows::new(7);
            let mut counts = [0u32; 5];
            let n = 160_000;
            for _ in 0..n {
                counts[src.throw_cowries(4, p).mouths_up() as usize] += 1;
            }
            let t = ThrowTable::new(t.faces(), p);
            for u in 0..=4u8 {
                let expected = t.probability(u) * n as f64;
                let sd = (expected * (1.0 - t.probability(u))).sqrt();
                assert!(
                    (counts[u as usize] as f64 - expected).abs() < 5.0 * sd,
                    "p={p} u={u}: {} vs {expected}",
                    counts[u as usize]
                );
            }
        }
    }

    #[test]
    fn same_seed_gives_the_same_throws_and_streams_differ() {
        let a: Vec<u16> = {
            let mut s = SeededThrows::new(42);
            (0..50).map(|_| s.throw_cowries(4, 0.5).up).collect()
        };
        let b: Vec<u16> = {
            let mut s = SeededThrows::new(42);
            (0..50).map(|_| s.throw_cowries(4, 0.5).up).collect()
        };
        let c: Vec<u16> = {
            let mut s = SeededThrows::with_stream(42, 1);
            (0..50).map(|_| s.throw_cowries(4, 0.5).up).collect()
        };
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn pinned_generator_gives_pinned_throws() {
        // Changing the generator or the sampling would break every recorded game.
        let mut s = SeededThrows::new(2026);
        let ups: Vec<u8> = (0..12)
            .map(|_| s.throw_cowries(4, 0.5).mouths_up())
            .collect();
        let again: Vec<u8> = {
            let mut s = SeededThrows::new(2026);
            (0..12)
                .map(|_| s.throw_cowries(4, 0.5).mouths_up())
                .collect()
        };
        assert_eq!(ups, again);
        assert_eq!(format!("{ups:?}"), PINNED_2026);
    }

    const PINNED_2026: &str = "[3, 1, 3, 1, 1, 2, 3, 3, 1, 2, 3, 1]";
}
