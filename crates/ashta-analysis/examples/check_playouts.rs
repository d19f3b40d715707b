//! Checks a solution table against playouts: from `POSITIONS` positions at the start of
//! a turn (taken from seeded random games), `PLAYOUTS` games each are played to the end
//! with both players choosing the table's best play, and the mean score of the player
//! to move is compared with the table's value. Prints one JSON line: the mean value,
//! the mean playout score, their difference, its standard error and the z-score.
//!
//! `cargo run --release -p ashta-analysis --example check_playouts -- TABLE POSITIONS PLAYOUTS`

use std::path::PathBuf;

use ashta_analysis::exact_hint;
use ashta_engine::{PhaseFrom, Position, SeededThrows, Variant};
use ashta_solve::{table, Solution};

/// Turns after which a playout is cut and scored as a draw (not reached in practice).
const MAX_TURNS: usize = 10_000;

/// The score of `me` after playing `pos` out perfectly on both sides.
fn playout(solution: &Solution, variant: &Variant, mut pos: Position, me: usize, seed: u64) -> f64 {
    let mut throws = SeededThrows::new(seed);
    for _ in 0..MAX_TURNS {
        if pos.is_over() {
            return match pos.winner() {
                Some(w) if w == me => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        variant
            .throw(&mut pos, PhaseFrom::Source(&mut throws))
            .expect("throw");
        if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
            continue;
        }
        let h = exact_hint(solution, variant, &pos).expect("a position of the table");
        pos = h.plays[0].play.position;
    }
    0.5
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: check_playouts TABLE POSITIONS PLAYOUTS");
        std::process::exit(2);
    }
    let solution = table::read(&PathBuf::from(&args[1]), None).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let positions: u64 = args[2].parse().expect("POSITIONS: a number");
    let playouts: u64 = args[3].parse().expect("PLAYOUTS: a number");
    let variant = solution.variant().clone();
    let (mut values, mut scores, mut var_sum, mut taken) = (0.0, 0.0, 0.0, 0);
    let mut seed = 0u64;
    while taken < positions {
        // A random game, stopped at a seeded turn: its position at the start of a turn.
        let mut throws = SeededThrows::new(seed);
        let stop = (seed * 7919) % 60;
        seed += 1;
        let mut pos = variant.start_position();
        let mut rng = seed;
        for _ in 0..stop {
            if pos.is_over() {
                break;
            }
            variant
                .throw(&mut pos, PhaseFrom::Source(&mut throws))
                .expect("throw");
            if !pos.is_over() && pos.phase() != ashta_engine::Phase::Throwing {
                let plays = variant.plays(&pos);
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos = plays[(rng >> 33) as usize % plays.len()].position;
            }
        }
        if pos.is_over() {
            continue;
        }
        taken += 1;
        let me = pos.to_move();
        let value = solution.chances(&pos).expect("in the table").score();
        let results: Vec<f64> = (0..playouts)
            .map(|k| {
                playout(
                    &solution,
                    &variant,
                    pos,
                    me,
                    7_000_000 + taken * 100_000 + k,
                )
            })
            .collect();
        let mean = results.iter().sum::<f64>() / playouts as f64;
        let var = results.iter().map(|r| (r - mean) * (r - mean)).sum::<f64>()
            / (playouts as f64 - 1.0).max(1.0);
        values += value;
        scores += mean;
        var_sum += var / playouts as f64;
    }
    let n = positions as f64;
    let diff = (scores - values) / n;
    let se = var_sum.sqrt() / n;
    println!(
        "{}",
        serde_json::json!({"positions": positions, "playouts_each": playouts,
            "mean_value": values / n, "mean_playout_score": scores / n,
            "difference": diff, "stderr": se, "z": diff / se})
    );
}
