//! The measurement behind the rating bands (`analysis::rating`): games of each bot
//! against itself, reviewed as `ashta analyze` reviews them, and each bot's average
//! error per decision. Minutes of CPU; run it with
//! `cargo run --release -p ashta-tools --bin rating_bands` (`BAND_GAMES=N` games a bot,
//! default 2).

use ashta_analysis::{analyze_record, AnalysisConfig};
use ashta_bots::BotMaker;
use ashta_engine::{Record, Rules};
use ashta_session::selfplay::record_game;

/// A game of `players` seats all played by `spec`, stopped after `max_turns` phases.
fn self_play(maker: &BotMaker, spec: &str, players: u8, seed: u64, max_turns: usize) -> Record {
    let rules = Rules {
        players,
        ..Rules::standard()
    };
    let bots: Vec<_> = (0..players as u64)
        .map(|p| maker.make(spec, seed * 10 + p, None).unwrap())
        .collect();
    record_game(rules, bots, seed, max_turns)
}

fn main() {
    let maker = ashta_tools::maker_from_env();
    let games: u64 = std::env::var("BAND_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(2);
    let config = AnalysisConfig::default();
    for spec in [
        "random", "beginner", "easy", "greedy", "medium", "hard", "master",
    ] {
        let mut errors = Vec::new();
        for g in 0..games {
            let record = self_play(&maker, spec, 4, 100 + g, 120);
            let review = analyze_record(&record, &config, &mut |_, _| {}).unwrap();
            for t in &review.turns {
                if let Some(d) = t.decision.as_ref().filter(|d| d.choices > 1) {
                    errors.push(d.error);
                }
            }
        }
        let n = errors.len() as f64;
        let mean = errors.iter().sum::<f64>() / n;
        let var = errors.iter().map(|e| (e - mean) * (e - mean)).sum::<f64>() / (n - 1.0);
        println!(
            "{spec:>9}: {} decisions, error per decision {:.2}% ± {:.2}%",
            errors.len(),
            100.0 * mean,
            100.0 * (var / n).sqrt()
        );
    }
}
