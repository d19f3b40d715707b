//! Fits the evaluation's weights to game outcomes by maximum likelihood.
//!
//! Plays `games` self-play games between `greedy` bots, keeps every settled position
//! (a player about to throw) with the game's result, and finds the [`Weights`] whose
//! [`Evaluator::win_chances`] give those results the highest likelihood (the winner's
//! chance, or the draw chance `1 − Σ chances` for a drawn game), by Nelder–Mead.
//! Half the games fit, the other half check (log loss per position, both sets).
//!
//! ```sh
//! cargo run --release -p ashta-tools --bin fit_weights -- 2 4000 1
//! # players games seed
//! ```

use std::process::ExitCode;

use anyhow::Context;
use argmin::core::{CostFunction, Error, Executor};
use argmin::solver::neldermead::NelderMead;
use ashta_bots::train::{self_play_positions, Player};
use ashta_bots::{Evaluator, Weights};
use ashta_engine::{Position, Rules, Variant};
use clap::Parser;
use rayon::prelude::*;

/// Fits the evaluation's weights to the results of greedy self-play games, by maximum
/// likelihood (Nelder–Mead).
///
/// Plays GAMES self-play games between `greedy` bots, keeps every settled position (a
/// player about to throw) with the game's result, and finds the weights whose win
/// chances give those results the highest likelihood. Half the games fit, the other
/// half check (log loss per position, both sets).
///
/// Example: fit_weights 4 4000 3
#[derive(Parser, Debug)]
#[command(name = "fit_weights")]
struct Args {
    /// Number of players: 2, 3 or 4.
    #[arg(default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: u8,
    /// Greedy self-play games, at least 2 (half fit, half check).
    #[arg(default_value_t = 4000, value_parser = clap::value_parser!(u64).range(2..))]
    games: u64,
    /// Seed of the games (at most 4294967295).
    #[arg(default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(..=u64::from(u32::MAX)))]
    seed: u64,
}

/// A settled position and how its game ended (`None`: drawn).
struct Sample {
    position: Position,
    winner: Option<usize>,
}

/// Plays one greedy self-play game (hand weights) and returns its settled positions.
fn game_samples(variant: &Variant, seed: u64) -> Vec<Sample> {
    let hand = Player::from(Evaluator::new(variant));
    let seats = vec![&hand; variant.players()];
    let (settled, winner) = self_play_positions(variant, &seats, 0.0, seed);
    settled
        .into_iter()
        .map(|position| Sample { position, winner })
        .collect()
}

/// The weights as a parameter vector, in a fixed order.
fn to_vec(w: &Weights) -> Vec<f64> {
    vec![
        w.off_board,
        w.gate,
        w.stuck,
        w.hit_extra,
        w.closed_progress,
        w.temperature,
        w.freeze,
    ]
}

fn from_vec(x: &[f64]) -> Weights {
    Weights {
        off_board: x[0],
        gate: x[1],
        stuck: x[2],
        hit_extra: x[3],
        closed_progress: x[4],
        temperature: x[5].max(0.05),
        freeze: x[6].max(0.0),
    }
}

/// Mean negative log-likelihood of the samples' results under `w`.
fn log_loss(variant: &Variant, samples: &[Sample], w: &Weights) -> f64 {
    let eval = Evaluator::with_weights(variant, *w);
    let total: f64 = samples
        .par_iter()
        .map(|s| {
            let chances = eval.win_chances(variant, &s.position);
            let p = match s.winner {
                Some(q) => chances[q],
                None => 1.0 - chances[..variant.players()].iter().sum::<f64>(),
            };
            -p.clamp(1e-6, 1.0).ln()
        })
        .sum();
    total / samples.len() as f64
}

struct Fit<'a> {
    variant: &'a Variant,
    samples: &'a [Sample],
}

impl CostFunction for Fit<'_> {
    type Param = Vec<f64>;
    type Output = f64;

    fn cost(&self, x: &Vec<f64>) -> Result<f64, Error> {
        Ok(log_loss(self.variant, self.samples, &from_vec(x)))
    }
}

fn main() -> ExitCode {
    ashta_tools::exit_code(run(&Args::parse()))
}

fn run(
    &Args {
        players,
        games,
        seed,
    }: &Args,
) -> anyhow::Result<()> {
    let mut rules = Rules::standard();
    rules.players = players;
    let variant = Variant::new(rules).with_context(|| format!("{players} players"))?;
    let per_game: Vec<Vec<Sample>> = (0..games)
        .into_par_iter()
        .map(|g| game_samples(&variant, seed * 1_000_000 + g))
        .collect();
    let (fit, check): (Vec<_>, Vec<_>) = per_game
        .into_iter()
        .enumerate()
        .partition(|(g, _)| g % 2 == 0);
    let fit: Vec<Sample> = fit.into_iter().flat_map(|(_, s)| s).collect();
    let check: Vec<Sample> = check.into_iter().flat_map(|(_, s)| s).collect();
    eprintln!(
        "{players} players: {games} greedy games, {} fitting positions, {} checking",
        fit.len(),
        check.len()
    );

    let start = Weights::default();
    let x0 = to_vec(&start);
    let simplex: Vec<Vec<f64>> = std::iter::once(x0.clone())
        .chain((0..x0.len()).map(|i| {
            let mut x = x0.clone();
            x[i] += if x[i].abs() > 1.0 {
                0.5 * x[i].abs()
            } else {
                1.0
            };
            x
        }))
        .collect();
    let solver = NelderMead::new(simplex).with_sd_tolerance(1e-5)?;
    let result = Executor::new(
        Fit {
            variant: &variant,
            samples: &fit,
        },
        solver,
    )
    .configure(|state| state.max_iters(300))
    .run()?;
    let best = from_vec(
        result
            .state()
            .best_param
            .as_ref()
            .context("the fit found no best point")?,
    );
    println!("default: {start:?}");
    println!(
        "  log loss: fit {:.5}, check {:.5}",
        log_loss(&variant, &fit, &start),
        log_loss(&variant, &check, &start)
    );
    println!("fitted:  {best:?}");
    println!(
        "  log loss: fit {:.5}, check {:.5}",
        log_loss(&variant, &fit, &best),
        log_loss(&variant, &check, &best)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(line: &str) -> Result<Args, clap::Error> {
        Args::try_parse_from(std::iter::once("fit_weights").chain(line.split_whitespace()))
    }

    #[test]
    fn the_arguments_are_declared_consistently() {
        Args::command().debug_assert();
    }

    #[test]
    fn the_commands_quoted_in_the_documentation_parse() {
        // README.md, BENCHMARKS.md and this file's documentation; missing arguments
        // take their defaults.
        for (line, want) in [
            ("", (2, 4000, 1)),
            ("2 4000 1", (2, 4000, 1)),
            ("4 4000 3", (4, 4000, 3)),
            ("2 8000 2", (2, 8000, 2)),
            ("3", (3, 4000, 1)),
        ] {
            let a = parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!((a.players, a.games, a.seed), want, "{line}");
        }
    }

    #[test]
    fn fewer_than_two_games_are_refused() {
        assert!(parse("2 1").is_err());
        assert!(parse("2 0").is_err());
    }
}
