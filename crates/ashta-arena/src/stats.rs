//! The statistics of tournaments: Wilson score intervals for win rates, the exact
//! binomial test, the mean with its interval, and Bradley–Terry ratings fitted by the
//! MM algorithm.

/// The standard normal quantile of 0.975: a 95% two-sided interval is ±`Z95` standard
/// errors.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for a binomial proportion: `successes` of `trials`, at
/// `z` standard errors (use [`Z95`] for 95%). Unlike the normal ("Wald") interval it
/// stays inside [0, 1] and keeps its coverage near 0 and 1. With no trials the interval
/// is [0, 1].
pub fn wilson_z(successes: u64, trials: u64, z: f64) -> [f64; 2] {
    assert!(successes <= trials, "more successes than trials");
    if trials == 0 {
        return [0.0, 1.0];
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    // At 0 and n successes one bound is exactly 0 or 1; say so without rounding error.
    let lo = if successes == 0 { 0.0 } else { center - half };
    let hi = if successes == trials {
        1.0
    } else {
        center + half
    };
    [lo.max(0.0), hi.min(1.0)]
}

/// The 95% Wilson score interval of `successes` of `trials`.
pub fn wilson(successes: u64, trials: u64) -> [f64; 2] {
    wilson_z(successes, trials, Z95)
}

/// The two-sided exact binomial test: the probability, when each of `trials`
/// independent trials succeeds with probability `p0`, of an outcome no more likely than
/// `successes` (the rule R's `binom.test` uses). 1 when there are no trials.
pub fn binomial_test(successes: u64, trials: u64, p0: f64) -> f64 {
    assert!(successes <= trials, "more successes than trials");
    assert!(p0 > 0.0 && p0 < 1.0, "p0 must be strictly between 0 and 1");
    if trials == 0 {
        return 1.0;
    }
    let n = trials;
    let (lp, lq) = (p0.ln(), (1.0 - p0).ln());
    // ln C(n, i), built up term by term so that no factorial overflows.
    let mut log_choose = 0.0;
    let mut log_pmf = Vec::with_capacity(n as usize + 1);
    for i in 0..=n {
        if i > 0 {
            log_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        log_pmf.push(log_choose + i as f64 * lp + (n - i) as f64 * lq);
    }
    // Outcomes as likely as the observed one within rounding count as "no more likely".
    let observed = log_pmf[successes as usize] + 1e-7f64.ln_1p();
    let max = log_pmf.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let total: f64 = log_pmf.iter().map(|l| (l - max).exp()).sum();
    let tail: f64 = log_pmf
        .iter()
        .filter(|&&l| l <= observed)
        .map(|l| (l - max).exp())
        .sum();
    (tail / total).min(1.0)
}

/// The mean of a sample given by its count, sum and sum of squares, with a 95% normal
/// interval (mean ± [`Z95`] standard errors; the sample's own standard deviation).
pub fn mean_ci(count: u64, sum: f64, sum_squares: f64) -> (f64, [f64; 2]) {
    if count == 0 {
        return (0.0, [0.0, 0.0]);
    }
    let n = count as f64;
    let mean = sum / n;
    if count == 1 {
        return (mean, [mean, mean]);
    }
    let variance = ((sum_squares - n * mean * mean) / (n - 1.0)).max(0.0);
    let half = Z95 * (variance / n).sqrt();
    (mean, [mean - half, mean + half])
}

/// A Bradley–Terry fit: player `i` beats player `j` with probability
/// `strength[i] / (strength[i] + strength[j])`.
#[derive(Clone, Debug, PartialEq)]
pub struct BradleyTerry {
    /// The fitted strengths (their geometric mean is 1).
    pub strength: Vec<f64>,
    /// MM iterations run.
    pub iterations: u32,
    /// Whether the fit converged (largest relative change below 1e-12).
    pub converged: bool,
}

impl BradleyTerry {
    /// The fitted probability that `i` beats `j`.
    pub fn probability(&self, i: usize, j: usize) -> f64 {
        self.strength[i] / (self.strength[i] + self.strength[j])
    }

    /// The rating of `i` on the Elo scale relative to `anchor`:
    /// `400 · log10(strength[i] / strength[anchor])`.
    pub fn elo(&self, i: usize, anchor: usize) -> f64 {
        400.0 * (self.strength[i] / self.strength[anchor]).log10()
    }

    /// Standard errors of the Elo ratings relative to `anchor` (0 for the anchor), from
    /// the Fisher information of the fit with `games[i][j]` games between `i` and `j`.
    /// `None` when the information matrix is singular (a player who played nobody).
    pub fn elo_standard_errors(&self, games: &[Vec<f64>], anchor: usize) -> Option<Vec<f64>> {
        let k = self.strength.len();
        // Information of the log-strengths with the anchor's fixed at 0: drop its row.
        let others: Vec<usize> = (0..k).filter(|&i| i != anchor).collect();
        let m = others.len();
        let mut info = vec![vec![0.0; m]; m];
        for (a, &i) in others.iter().enumerate() {
            for (j, &n) in games[i].iter().enumerate() {
                if j == i {
                    continue;
                }
                let w = n * self.probability(i, j) * self.probability(j, i);
                info[a][a] += w;
                if let Some(b) = others.iter().position(|&o| o == j) {
                    info[a][b] -= w;
                }
            }
        }
        let inverse = invert(info)?;
        let scale = 400.0 / std::f64::consts::LN_10;
        let mut se = vec![0.0; k];
        for (a, &i) in others.iter().enumerate() {
            se[i] = scale * inverse[a][a].max(0.0).sqrt();
        }
        Some(se)
    }
}

/// Whether the maximum-likelihood Bradley–Terry fit of `scores` exists (Hunter 2004,
/// assumption 1): for every split of the players in two groups, someone in each group
/// scored against someone in the other, i.e. the graph "i scored against j" is strongly
/// connected. Without it some strength goes to 0 or infinity.
pub fn bradley_terry_mle_exists(scores: &[Vec<f64>]) -> bool {
    let k = scores.len();
    if k <= 1 {
        return true;
    }
    let reach = |forward: bool| {
        let mut seen = vec![false; k];
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(i) = stack.pop() {
            for j in 0..k {
                let edge = if forward { scores[i][j] } else { scores[j][i] };
                if !seen[j] && i != j && edge > 0.0 {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        seen.into_iter().all(|s| s)
    };
    reach(true) && reach(false)
}

/// Fits Bradley–Terry strengths to a score table by the MM algorithm (Hunter 2004,
/// "MM algorithms for generalized Bradley–Terry models"): `scores[i][j]` is what `i`
/// scored against `j` (a win 1, a draw ½ to each side), and `i` and `j` met
/// `scores[i][j] + scores[j][i]` times. Each step sets
/// `strength[i] = W[i] / Σ_j n[i][j] / (strength[i] + strength[j])`, where `W[i]` is
/// `i`'s total score; the fixed point is the maximum-likelihood estimate, at which every
/// player's expected total score equals its actual total (check
/// [`bradley_terry_mle_exists`] first: without it the iteration drifts to 0 or infinity).
pub fn bradley_terry(scores: &[Vec<f64>]) -> BradleyTerry {
    let k = scores.len();
    let total: Vec<f64> = scores.iter().map(|row| row.iter().sum()).collect();
    let mut strength = vec![1.0; k];
    let mut iterations = 0;
    let mut converged = false;
    while iterations < 100_000 && !converged {
        iterations += 1;
        let mut next = vec![0.0; k];
        for i in 0..k {
            let denominator: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| (scores[i][j] + scores[j][i]) / (strength[i] + strength[j]))
                .sum();
            next[i] = if denominator > 0.0 {
                total[i] / denominator
            } else {
                strength[i]
            };
        }
        // Scale to a geometric mean of 1 (over the players with a positive strength).
        let positive: Vec<f64> = next.iter().copied().filter(|&s| s > 0.0).collect();
        if !positive.is_empty() {
            let log_mean = positive.iter().map(|s| s.ln()).sum::<f64>() / positive.len() as f64;
            let scale = (-log_mean).exp();
            next.iter_mut().for_each(|s| *s *= scale);
        }
        let change = strength
            .iter()
            .zip(&next)
            .map(|(a, b)| (a - b).abs() / a.max(*b).max(f64::MIN_POSITIVE))
            .fold(0.0, f64::max);
        converged = change < 1e-12;
        strength = next;
    }
    BradleyTerry {
        strength,
        iterations,
        converged,
    }
}

/// Inverts a symmetric positive definite matrix by Gauss–Jordan elimination with
/// partial pivoting; `None` when it is singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    let scale = a
        .iter()
        .flatten()
        .fold(0.0f64, |m, x| m.max(x.abs()))
        .max(f64::MIN_POSITIVE);
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() <= 1e-12 * scale {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for j in 0..n {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for j in 0..n {
                        a[row][j] -= f * a[col][j];
                        inv[row][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Reference bounds found independently: the Wilson bounds are the two roots of
    /// (p̂ − p)² = z²·p(1 − p)/n, solved by bisection in Python (not with the closed form
    /// used here). 60 of 100 gives [0.5020025868, 0.6905987136].
    #[test]
    fn wilson_matches_reference_values() {
        let cases: [(u64, u64, [f64; 2]); 5] = [
            (60, 100, [0.502_002_586_8, 0.690_598_713_6]),
            (0, 10, [0.0, 0.277_532_799_9]),
            (10, 10, [0.722_467_200_1, 1.0]),
            (1, 3, [0.061_491_944_7, 0.792_340_399_2]),
            (312, 400, [0.736_847_007_9, 0.817_826_107_3]),
        ];
        for (k, n, want) in cases {
            let got = wilson(k, n);
            assert!(
                close(got[0], want[0], 1e-9) && close(got[1], want[1], 1e-9),
                "wilson({k}, {n}) = {got:?}, want {want:?}"
            );
        }
        assert_eq!(wilson(0, 0), [0.0, 1.0]);
        // A wider interval at a higher confidence, narrower with more trials.
        let w99 = wilson_z(60, 100, 2.575_829_303_5);
        assert!(w99[0] < 0.502 && w99[1] > 0.6906);
        let big = wilson(6000, 10000);
        assert!(big[0] > 0.59 && big[1] < 0.61);
    }

    /// References computed exactly in Python (sum of C(n,i)·p^i·(1−p)^(n−i) over the
    /// outcomes no more likely than the observed one); 60 of 100 at ½ is R's
    /// `binom.test(60, 100)` p-value 0.05689.
    #[test]
    fn binomial_test_matches_reference_values() {
        let cases = [
            (60, 100, 0.5, 0.056_887_933_640_980_78),
            (7, 20, 0.25, 0.305_478_484_863_67),
            (3, 20, 0.25, 0.439_374_100_063_105_3),
            (50, 100, 0.5, 1.0),
            (0, 10, 0.5, 0.001_953_125),
        ];
        for (k, n, p0, want) in cases {
            let got = binomial_test(k, n, p0);
            assert!(
                close(got, want, 1e-9),
                "binomial_test({k}, {n}, {p0}) = {got}, want {want}"
            );
        }
        assert_eq!(binomial_test(0, 0, 0.5), 1.0);
        // Large samples stay finite and tiny.
        let p = binomial_test(60_000, 100_000, 0.5);
        assert!((0.0..1e-100).contains(&p));
    }

    #[test]
    fn mean_ci_of_a_small_sample() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7.
        let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        let (mean, ci) = mean_ci(8, xs.iter().sum(), xs.iter().map(|x| x * x).sum());
        assert!(close(mean, 5.0, 1e-12));
        let half = Z95 * (32.0f64 / 7.0 / 8.0).sqrt();
        assert!(close(ci[0], 5.0 - half, 1e-12) && close(ci[1], 5.0 + half, 1e-12));
    }

    /// Two players: the MLE strength ratio is the ratio of the scores.
    #[test]
    fn bradley_terry_two_players() {
        let fit = bradley_terry(&[vec![0.0, 3.0], vec![1.0, 0.0]]);
        assert!(fit.converged);
        assert!(close(fit.probability(0, 1), 0.75, 1e-12));
        assert!(close(fit.elo(0, 1), 400.0 * 3f64.log10(), 1e-9));
    }

    /// Three players with known answers: the MLE condition (each player's expected total
    /// score equals its actual total) and the strengths found independently in Python
    /// by Newton's method on the log-likelihood.
    #[test]
    fn bradley_terry_three_players() {
        // A–B 6:4, A–C 7:3, B–C 5.5:4.5 (a draw as half a win each).
        let scores = vec![
            vec![0.0, 6.0, 7.0],
            vec![4.0, 0.0, 5.5],
            vec![3.0, 4.5, 0.0],
        ];
        assert!(bradley_terry_mle_exists(&scores));
        let fit = bradley_terry(&scores);
        assert!(fit.converged, "{fit:?}");
        for (i, row) in scores.iter().enumerate() {
            let actual: f64 = row.iter().sum();
            let expected: f64 = (0..3)
                .filter(|&j| j != i)
                .map(|j| (scores[i][j] + scores[j][i]) * fit.probability(i, j))
                .sum();
            assert!(
                close(actual, expected, 1e-9),
                "player {i}: {expected} ≠ {actual}"
            );
        }
        let geo = fit.strength.iter().map(|s| s.ln()).sum::<f64>();
        assert!(close(geo, 0.0, 1e-9));
        let want = [BT3_A, BT3_B, BT3_C];
        for (got, want) in fit.strength.iter().zip(want) {
            assert!(close(*got, want, 1e-9), "{:?} vs {want:?}", fit.strength);
        }
        // Errors: the anchor has none, the others a positive one.
        let games = vec![
            vec![0.0, 10.0, 10.0],
            vec![10.0, 0.0, 10.0],
            vec![10.0, 10.0, 0.0],
        ];
        let se = fit.elo_standard_errors(&games, 2).unwrap();
        assert_eq!(se[2], 0.0);
        assert!(se[0] > 50.0 && se[0] < 400.0 && se[1] > 50.0 && se[1] < 400.0);
    }

    /// The strengths of [`bradley_terry_three_players`], normalised to a geometric mean
    /// of 1, as Newton's method in Python gave them.
    const BT3_A: f64 = 1.513_770_233_092_891;
    const BT3_B: f64 = 0.933_179_077_058_532;
    const BT3_C: f64 = 0.707_905_108_173_544;

    #[test]
    fn bradley_terry_existence() {
        // C never scored: no MLE.
        let scores = vec![
            vec![0.0, 6.0, 7.0],
            vec![4.0, 0.0, 5.0],
            vec![0.0, 0.0, 0.0],
        ];
        assert!(!bradley_terry_mle_exists(&scores));
        // A cycle A > B > C > A is enough.
        let cycle = vec![
            vec![0.0, 1.0, 0.0],
            vec![0.0, 0.0, 1.0],
            vec![1.0, 0.0, 0.0],
        ];
        assert!(bradley_terry_mle_exists(&cycle));
        let fit = bradley_terry(&cycle);
        assert!(fit.converged);
        for s in &fit.strength {
            assert!(close(*s, 1.0, 1e-9));
        }
    }
}
