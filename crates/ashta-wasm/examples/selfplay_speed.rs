//! Random self-play speed of the native build, for the side-by-side figure of
//! `scripts/bench-wasm` (the wasm build runs the same function in js/speed.mjs).
//! Usage: `selfplay_speed RULES_JSON GAMES`; prints games per second.

use web_time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let rules = args.next().unwrap_or_else(|| "\"standard\"".to_string());
    let games: u32 = args.next().map_or(20_000, |a| a.parse().expect("GAMES"));
    let start = Instant::now();
    let summary = ashta_wasm::tools::random_games(&rules, games, 1).expect("rules");
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{:.0} games/s ({} games, mean {:.1} turns)",
        f64::from(games) / secs,
        summary.games,
        summary.mean_turns()
    );
}
