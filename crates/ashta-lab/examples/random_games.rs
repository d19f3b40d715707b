//! Random self-play on one thread, with nothing else in the process: the engine's own
//! speed figure, for profilers and whole-process timers (the `ashta selfplay` command
//! builds every crate above the engine; this builds the engine and this crate alone).
//!
//! ```sh
//! cargo run --release -p ashta-lab --example random_games -- PLAYERS GAMES [SEED]
//! ```
//!
//! Prints the games' statistics (wins by seat, frozen draws, mean turns), which are
//! those of `ashta selfplay --threads 1` for the same seed, and the games per second.

use std::time::Instant;

use ashta_engine::{Rules, Variant};
use ashta_lab::{random_games, DEFAULT_SIM_TURN_LIMIT};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize, default: u64| -> u64 {
        args.get(k).map_or(default, |a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!("usage: random_games PLAYERS GAMES [SEED]: {a:?} is not a number");
                std::process::exit(2)
            })
        })
    };
    let (players, games, seed) = (number(0, 4), number(1, 30_000), number(2, 1));
    let mut rules = Rules::standard();
    rules.players = u8::try_from(players).unwrap_or_else(|_| {
        eprintln!("random_games: a game has 2, 3 or 4 players, not {players}");
        std::process::exit(2)
    });
    let variant = Variant::new(rules).unwrap_or_else(|e| {
        eprintln!("random_games: {e}");
        std::process::exit(2)
    });
    let start = Instant::now();
    let limit = variant.rules().turn_limit.unwrap_or(DEFAULT_SIM_TURN_LIMIT);
    let summary = random_games(&variant, seed, 0..games, limit);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "games {} wins {:?} frozen {} turn_limit {} mean_turns {:.4} games_per_second {:.0}",
        summary.games,
        summary.wins,
        summary.frozen,
        summary.turn_limit,
        summary.mean_turns(),
        games as f64 / seconds
    );
}
