//! A player's accuracy over a reviewed game, as RoyalUr.net shows it: the share of the
//! player's decisions (those with more than one play) whose play kept the best play's
//! chance to win within the noise of the review, and the mean chance to win lost per
//! decision. A play within the noise counts as keeping the best
//! ([`crate::Decision::beyond_noise`] is false); the mean loss takes every measured loss,
//! noise and all, so it is what the review measured, not a lower bound.

use serde::Serialize;

use crate::game::{Decision, GameReview};

/// One player's accuracy.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Accuracy {
    /// Decisions with more than one play.
    pub decisions: usize,
    /// Those whose play kept the best play's chance to win within the noise.
    pub kept_best: usize,
    /// `kept_best / decisions`, 0 to 1.
    pub share: f64,
    /// The chance to win lost per decision, against the best play (0 to 1).
    pub mean_loss: f64,
}

impl Accuracy {
    /// The accuracy over decisions given as `(loss, noise)`: a loss within its noise
    /// keeps the best. `None` without any decision.
    pub fn of(decisions: impl IntoIterator<Item = (f64, f64)>) -> Option<Accuracy> {
        let (mut count, mut kept, mut lost) = (0usize, 0usize, 0.0f64);
        for (loss, noise) in decisions {
            count += 1;
            kept += usize::from(loss <= noise);
            lost += loss;
        }
        (count > 0).then(|| Accuracy {
            decisions: count,
            kept_best: kept,
            share: kept as f64 / count as f64,
            mean_loss: lost / count as f64,
        })
    }

    /// The accuracy of `decisions` (those with a single play are left out).
    pub fn of_decisions<'a>(decisions: impl IntoIterator<Item = &'a Decision>) -> Option<Accuracy> {
        Accuracy::of(
            decisions
                .into_iter()
                .filter(|d| d.choices > 1)
                .map(|d| (d.error, d.noise)),
        )
    }
}

/// Every player's accuracy in a reviewed game (`None` for a player without a decision
/// that had a choice).
pub fn accuracies(review: &GameReview) -> Vec<Option<Accuracy>> {
    (0..review.variant.players())
        .map(|p| {
            Accuracy::of_decisions(
                review
                    .turns
                    .iter()
                    .filter(|t| t.player == p)
                    .filter_map(|t| t.decision.as_ref()),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accuracy_is_the_share_of_decisions_within_the_noise_and_the_mean_loss() {
        // Best play (0 lost), a loss within its noise, one beyond it, and one exactly at
        // the noise (kept: an error counts only above it).
        let a = Accuracy::of([(0.0, 0.0), (0.02, 0.05), (0.10, 0.03), (0.04, 0.04)]).unwrap();
        assert_eq!(a.decisions, 4);
        assert_eq!(a.kept_best, 3);
        assert!((a.share - 0.75).abs() < 1e-12);
        assert!((a.mean_loss - 0.04).abs() < 1e-12);
    }

    #[test]
    fn accuracy_without_decisions_is_none() {
        assert_eq!(Accuracy::of([]), None);
    }

    #[test]
    fn an_exact_loss_keeps_the_best_only_when_it_is_nothing() {
        // Exact reviews have no noise: any loss at all is a miss.
        let a = Accuracy::of([(0.0, 0.0), (0.001, 0.0)]).unwrap();
        assert_eq!((a.kept_best, a.decisions), (1, 2));
    }
}
