//! Games that perfect play never ends. Under some rules (pairs that may not capture a
//! double, with the `circle` gate) both players can keep their pawns where nobody can
//! ever capture them, and neither has a reason to stop: play goes on for ever without
//! being frozen. Value iteration then leaves such positions at its starting guess. This
//! pass follows the best plays of the converged values and computes, from nothing, the
//! chance that each position's game ends in a win, a draw or a loss; what is left is
//! the chance it never ends, which is counted as a draw.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::graph::{Graph, END_DRAW, END_LOSS, END_WIN};

/// A larger chance of never ending than this, anywhere, replaces the values by the
/// chances under the best plays; a smaller one is the iteration's own rounding.
pub const ENDLESS_LIMIT: f64 = 1e-6;

/// The chances of the player to move: winning, drawing and losing.
type Chances = (f64, f64, f64);

/// The chances an end gives the player who played into it.
fn end_chances(e: u32, of: impl Fn(usize) -> Chances) -> Chances {
    match e {
        END_WIN => (1.0, 0.0, 0.0),
        END_DRAW => (0.0, 1.0, 0.0),
        END_LOSS => (0.0, 0.0, 1.0),
        _ => {
            let (w, d, l) = of((e >> 1) as usize);
            if e & 1 == 1 {
                (w, d, l)
            } else {
                (l, d, w)
            }
        }
    }
}

/// For each outcome, the end its best play reaches under the values `win` and `draw`
/// (the first of equal ones, as the iteration takes).
fn best_ends(graph: &Graph, win: &[f64], draw: &[f64]) -> Vec<u32> {
    (0..graph.probability.len())
        .into_par_iter()
        .map(|o| {
            let mut best = (f64::NEG_INFINITY, END_LOSS);
            for &e in graph.ends_of(o) {
                let (w, d, _) = end_chances(e, |s| (win[s], draw[s], 1.0 - win[s] - draw[s]));
                let score = w + 0.5 * d;
                if score > best.0 {
                    best = (score, e);
                }
            }
            best.1
        })
        .collect()
}

/// The chance that the game never ends from each state when both players make the best
/// plays of `win` and `draw`, computed layer by layer (`layers`, the highest first) to
/// `tolerance` in at most `max_sweeps` sweeps a layer. When it exceeds
/// [`ENDLESS_LIMIT`] anywhere, `win` and `draw` become the chances under those plays,
/// a game that never ends counting as a draw.
pub fn count_endless_as_draws(
    graph: &Graph,
    layers: &[(u32, Vec<u32>)],
    win: &mut [f64],
    draw: &mut [f64],
    tolerance: f64,
    max_sweeps: u32,
) -> Vec<f64> {
    let best = best_ends(graph, win, draw);
    let zero = || -> Vec<AtomicU64> {
        (0..graph.len())
            .map(|_| AtomicU64::new(0f64.to_bits()))
            .collect()
    };
    let (w, d, l) = (zero(), zero(), zero());
    let get = |a: &[AtomicU64], s: usize| f64::from_bits(a[s].load(Ordering::Relaxed));
    for (_, states) in layers {
        for _ in 0..max_sweeps {
            let residual = states
                .par_iter()
                .map(|&s| {
                    let s = s as usize;
                    let mut new = (0.0, 0.0, 0.0);
                    for o in graph.outcomes(s) {
                        let (ew, ed, el) =
                            end_chances(best[o], |t| (get(&w, t), get(&d, t), get(&l, t)));
                        let p = graph.probability[o];
                        new = (new.0 + p * ew, new.1 + p * ed, new.2 + p * el);
                    }
                    let change = (new.0 - get(&w, s))
                        .abs()
                        .max((new.1 - get(&d, s)).abs())
                        .max((new.2 - get(&l, s)).abs());
                    w[s].store(new.0.to_bits(), Ordering::Relaxed);
                    d[s].store(new.1.to_bits(), Ordering::Relaxed);
                    l[s].store(new.2.to_bits(), Ordering::Relaxed);
                    change
                })
                .reduce(|| 0.0, f64::max);
            if residual <= tolerance {
                break;
            }
        }
    }
    let endless: Vec<f64> = (0..graph.len())
        .map(|s| (1.0 - get(&w, s) - get(&d, s) - get(&l, s)).max(0.0))
        .collect();
    if endless.iter().any(|&e| e > ENDLESS_LIMIT) {
        for s in 0..graph.len() {
            win[s] = get(&w, s);
            draw[s] = get(&d, s) + endless[s];
        }
    }
    endless
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A graph of states with one bag each (probability 1 unless given), from lists of ends.
    fn graph(turns: &[&[(f64, &[u32])]]) -> Graph {
        let mut g = Graph::default();
        g.first_outcome.push(0);
        g.first_end.push(0);
        for (s, outcomes) in turns.iter().enumerate() {
            g.keys.push(s as u64);
            for (p, ends) in outcomes.iter() {
                g.probability.push(*p);
                g.ends.extend_from_slice(ends);
                g.first_end.push(g.ends.len() as u32);
            }
            g.first_outcome.push(g.probability.len() as u32);
        }
        g
    }

    #[test]
    fn a_game_the_best_plays_never_end_counts_as_a_draw() {
        // Each player may lose at once or hand the turn over: both hand it over for ever,
        // and the iteration leaves both positions at its starting guess.
        let g = graph(&[&[(1.0, &[END_LOSS, 1 << 1])], &[(1.0, &[END_LOSS, 0])]]);
        let (mut win, mut draw) = (vec![0.5, 0.5], vec![0.0, 0.0]);
        let layers = [(0, vec![0, 1])];
        let endless = count_endless_as_draws(&g, &layers, &mut win, &mut draw, 1e-12, 1000);
        assert_eq!(endless, vec![1.0, 1.0]);
        assert_eq!((win, draw), (vec![0.0, 0.0], vec![1.0, 1.0]));
    }

    #[test]
    fn a_game_the_best_plays_end_keeps_its_values() {
        // The first player wins on one bag in two and hands the turn over on the other;
        // the second player always hands it back: the first player wins in the end.
        let g = graph(&[
            &[(0.5, &[END_WIN]), (0.5, &[END_LOSS, 1 << 1])],
            &[(1.0, &[END_LOSS, 0])],
        ]);
        let (mut win, mut draw) = (vec![1.0, 0.0], vec![0.0, 0.0]);
        let layers = [(0, vec![0, 1])];
        let endless = count_endless_as_draws(&g, &layers, &mut win, &mut draw, 1e-12, 1000);
        assert!(endless.iter().all(|&e| e <= ENDLESS_LIMIT), "{endless:?}");
        assert_eq!((win, draw), (vec![1.0, 0.0], vec![0.0, 0.0]));
    }
}
