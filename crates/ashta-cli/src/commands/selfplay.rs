//! `ashta selfplay`: many games between random movers, spread over threads, summed up
//! in one line of JSON. Game `i` of a series depends only on the seed and `i`, so the
//! numbers do not depend on the number of threads.

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result};
use ashta_lab::{random_games, Summary, DEFAULT_SIM_TURN_LIMIT};
use clap::Args;
use rayon::prelude::*;
use serde::Serialize;

use ashta_engine::RuleFlags;

/// Games handed to a thread at a time.
const CHUNK: u64 = 256;

/// Arguments of `ashta selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// Games to play.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    games: u64,
    /// Seed of the series.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    #[command(flatten)]
    rules: RuleFlags,
}

/// Draws by reason.
#[derive(Serialize)]
struct Draws {
    frozen: u64,
    turn_limit: u64,
}

/// The line `selfplay` prints.
#[derive(Serialize)]
struct Report {
    games: u64,
    wins: Vec<u64>,
    draws: Draws,
    mean_turns: f64,
    max_turns: u32,
    games_per_second: f64,
}

/// Plays the games and prints the summary.
pub fn run(args: &SelfplayArgs, out: &mut dyn Write) -> Result<()> {
    let variant = crate::input::flag_variant(&args.rules)?;
    let limit = variant.rules().turn_limit.unwrap_or(DEFAULT_SIM_TURN_LIMIT);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, |t| t as usize))
        .build()
        .context("cannot start the worker threads")?;
    let (games, seed) = (args.games, args.seed);
    let started = Instant::now();
    let summary = pool.install(|| {
        (0..games.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| {
                let range = c * CHUNK..((c + 1) * CHUNK).min(games);
                random_games(&variant, seed, range, limit)
            })
            .reduce(|| Summary::new(variant.players()), Summary::merge)
    });
    let seconds = started.elapsed().as_secs_f64();
    let report = Report {
        games: summary.games,
        draws: Draws {
            frozen: summary.frozen,
            turn_limit: summary.turn_limit,
        },
        mean_turns: summary.mean_turns(),
        max_turns: summary.max_turns,
        games_per_second: if seconds > 0.0 {
            (summary.games as f64 / seconds).round()
        } else {
            0.0
        },
        wins: summary.wins,
    };
    writeln!(out, "{}", serde_json::to_string(&report)?)?;
    Ok(())
}
