//! The check of a finished game's throws: the revealed seed and salt give the
//! commitment published at the start, and the seed's throws ([`SeededThrows`]), in
//! order, are the throws the game's events show. The end screen's "verify" button asks
//! it; the page itself draws no random number and holds no generator.

use ashta_engine::{seed_commitment, Rules, SeededThrows, ThrowSource};
use serde::Serialize;

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The commitment matches and every throw is the seed's.
    pub ok: bool,
    /// The seed and salt give the published commitment.
    #[serde(rename = "commitmentOk")]
    pub commitment_ok: bool,
    /// How many throws agree with the seed's, from the first.
    pub checked: usize,
    /// The index of the first throw that is not the seed's (`None`: none).
    pub mismatch: Option<usize>,
    /// Why the check failed: `seed` (the revealed seed is no u64), `commitment` or
    /// `throw`; `None` when it passed.
    pub reason: Option<&'static str>,
}

/// Checks the throws of a game under `rules`: `seed` (decimal) and `salt` are the
/// revealed ones, `commitment` the hex published at creation, `throws` every throw of
/// the game in the order it was made (undone ones too: an undo never rewinds the
/// generator), each as its cowries (`true` = mouth up).
pub fn verify_throws(
    rules: &Rules,
    commitment: &str,
    seed: &str,
    salt: &str,
    throws: &[Vec<bool>],
) -> Verdict {
    let digits = !seed.is_empty() && seed.bytes().all(|b| b.is_ascii_digit());
    let Some(seed) = digits.then(|| seed.parse::<u64>().ok()).flatten() else {
        return Verdict {
            ok: false,
            commitment_ok: false,
            checked: 0,
            mismatch: None,
            reason: Some("seed"),
        };
    };
    let commitment_ok = seed_commitment(seed, salt) == commitment.to_ascii_lowercase();
    let mut source = SeededThrows::new(seed);
    let mismatch = throws.iter().position(|shown| {
        let expected = source.throw_cowries(rules.cowries, rules.mouth_up);
        let up: Vec<bool> = (0..expected.count)
            .map(|i| expected.up & (1 << i) != 0)
            .collect();
        *shown != up
    });
    let reason = if !commitment_ok {
        Some("commitment")
    } else if mismatch.is_some() {
        Some("throw")
    } else {
        None
    };
    Verdict {
        ok: reason.is_none(),
        commitment_ok,
        checked: mismatch.unwrap_or(throws.len()),
        mismatch,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use ashta_engine::{Preset, ThrowSource};

    fn throws_of(rules: &Rules, seed: u64, n: usize) -> Vec<Vec<bool>> {
        let mut source = SeededThrows::new(seed);
        (0..n)
            .map(|_| {
                let c = source.throw_cowries(rules.cowries, rules.mouth_up);
                (0..c.count).map(|i| c.up & (1 << i) != 0).collect()
            })
            .collect()
    }

    #[test]
    fn the_seeds_throws_and_the_right_commitment_pass() {
        let rules = Rules::preset(Preset::Standard);
        let commitment = seed_commitment(2026, "ab12");
        let throws = throws_of(&rules, 2026, 40);
        let v = verify_throws(&rules, &commitment.to_uppercase(), "2026", "ab12", &throws);
        assert_eq!(
            v,
            Verdict {
                ok: true,
                commitment_ok: true,
                checked: 40,
                mismatch: None,
                reason: None
            }
        );
    }

    #[test]
    fn the_first_throw_that_is_not_the_seeds_is_named() {
        let rules = Rules::preset(Preset::Standard);
        let commitment = seed_commitment(7, "00");
        let mut throws = throws_of(&rules, 7, 10);
        throws[3] = throws[3].iter().map(|up| !up).collect();
        let v = verify_throws(&rules, &commitment, "7", "00", &throws);
        assert!(!v.ok);
        assert!(v.commitment_ok);
        assert_eq!(
            (v.checked, v.mismatch, v.reason),
            (3, Some(3), Some("throw"))
        );
    }

    #[test]
    fn a_seed_that_does_not_give_the_commitment_is_refused() {
        let rules = Rules::preset(Preset::Standard);
        let commitment = seed_commitment(7, "00");
        let throws = throws_of(&rules, 8, 5);
        let v = verify_throws(&rules, &commitment, "8", "00", &throws);
        assert!(!v.ok && !v.commitment_ok);
        assert_eq!(v.reason, Some("commitment"));
    }

    #[test]
    fn only_a_decimal_u64_is_a_seed() {
        let rules = Rules::preset(Preset::Standard);
        for seed in ["", "-1", "+5", "1.5", "18446744073709551616", "0x10"] {
            let v = verify_throws(&rules, "00", seed, "00", &[]);
            assert_eq!(v.reason, Some("seed"), "{seed}");
        }
    }

    #[test]
    fn throws_with_a_mouth_up_chance_other_than_a_half_are_the_seeds() {
        let mut rules = Rules::preset(Preset::Standard);
        rules.mouth_up = 0.3;
        let commitment = seed_commitment(99, "s");
        let throws = throws_of(&rules, 99, 30);
        assert!(verify_throws(&rules, &commitment, "99", "s", &throws).ok);
        let half = throws_of(&Rules::preset(Preset::Standard), 99, 30);
        assert!(!verify_throws(&rules, &commitment, "99", "s", &half).ok);
    }
}
