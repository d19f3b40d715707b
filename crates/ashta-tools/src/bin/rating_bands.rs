//! The measurement behind the rating bands (`analysis::rating`): games of each bot
//! against itself, reviewed as `ashta analyze` reviews them, and each bot's average
//! error per decision. Minutes of CPU; run it with
//! `cargo run --release -p ashta-tools --bin rating_bands` (`BAND_GAMES=N` games a bot,
//! default 2).

use std::process::ExitCode;

use anyhow::bail;
use ashta_analysis::{analyze_record, AnalysisConfig};
use ashta_bots::BotMaker;
use ashta_engine::{Record, Rules};
use ashta_session::selfplay::record_game;
use clap::Parser;

/// The measurement behind the rating bands of `ashta analyze`: games of each bot against
/// itself, reviewed as `ashta analyze` reviews them, and each bot's average error per
/// decision.
///
/// Minutes of CPU. It takes no arguments; the environment variable BAND_GAMES=N sets
/// the games a bot (a whole number, at least 1; default 2).
#[derive(Parser, Debug)]
#[command(name = "rating_bands")]
struct Args {}

/// The games a bot: `BAND_GAMES`, or 2 when it is not set.
fn band_games() -> anyhow::Result<u64> {
    match std::env::var("BAND_GAMES") {
        Err(std::env::VarError::NotPresent) => Ok(2),
        Err(std::env::VarError::NotUnicode(value)) => {
            bail!("BAND_GAMES={value:?}: not a whole number of games")
        }
        Ok(value) => match value.trim().parse::<u64>() {
            Ok(games) if games >= 1 => Ok(games),
            Ok(_) => bail!("BAND_GAMES={value}: at least 1 game a bot"),
            Err(e) => bail!("BAND_GAMES={value}: not a whole number of games ({e})"),
        },
    }
}

/// A game of `players` seats all played by `spec`, stopped after `max_turns` phases.
fn self_play(maker: &BotMaker, spec: &str, players: u8, seed: u64, max_turns: usize) -> Record {
    let rules = Rules {
        players,
        ..Rules::standard()
    };
    let bots: Vec<_> = (0..players as u64)
        .map(|p| {
            maker
                .make(spec, seed * 10 + p, None)
                .expect("a bot of the list")
        })
        .collect();
    record_game(rules, bots, seed, max_turns)
}

/// The mean of `x` and its standard error.
fn mean_and_stderr(x: &[f64]) -> (f64, f64) {
    let n = x.len() as f64;
    let mean = x.iter().sum::<f64>() / n;
    let var = x.iter().map(|e| (e - mean) * (e - mean)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

fn main() -> ExitCode {
    let Args {} = Args::parse();
    ashta_tools::exit_code(run())
}

fn run() -> anyhow::Result<()> {
    let games = band_games()?;
    let maker = ashta_tools::maker_from_env()?;
    let config = AnalysisConfig::default();
    for spec in [
        "random", "beginner", "easy", "greedy", "medium", "hard", "master",
    ] {
        // Every loss as estimated, and the losses as the review counts them (beyond the
        // noise only).
        let (mut every, mut counted) = (Vec::new(), Vec::new());
        let mut too_close = 0;
        for g in 0..games {
            let record = self_play(&maker, spec, 4, 100 + g, 120);
            let review = analyze_record(&record, &config, &mut |_, _| {})?;
            for t in &review.turns {
                if let Some(d) = t.decision.as_ref().filter(|d| d.choices > 1) {
                    every.push(d.error);
                    counted.push(d.counted_error());
                    too_close += usize::from(d.too_close());
                }
            }
        }
        let (mean, se) = mean_and_stderr(&counted);
        let (every_mean, every_se) = mean_and_stderr(&every);
        println!(
            "{spec:>9}: {} decisions, error per decision {:.2}% ± {:.2}% \
             (every loss, noise too: {:.2}% ± {:.2}%), {too_close} too close to call",
            counted.len(),
            100.0 * mean,
            100.0 * se,
            100.0 * every_mean,
            100.0 * every_se,
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_arguments_are_declared_consistently() {
        Args::command().debug_assert();
    }

    #[test]
    fn it_takes_no_arguments() {
        assert!(Args::try_parse_from(["rating_bands"]).is_ok());
        assert!(Args::try_parse_from(["rating_bands", "4"]).is_err());
    }
}
