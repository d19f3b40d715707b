//! Whether accuracy separates random, beginner and master play: seeded standard games
//! with one seat each of the bots named (two players: each pair of them; four players:
//! the bots in the first seats and `master` in the rest), reviewed as `ashta analyze`
//! reviews them (48 rollouts a play, to the end of the game), and per bot its decisions,
//! its accuracy (the share of decisions within the noise of the best play, with its
//! standard error over the games) and its mean chance lost per decision. One line a bot
//! and layout.
//!
//! `cargo run --release -p ashta-analysis --example accuracy_bands -- GAMES [BOT...]`
//! (default bots: random beginner master).

use std::collections::BTreeMap;

use ashta_analysis::{accuracies, analyze_record, AnalysisConfig};
use ashta_bots::make_bot;
use ashta_engine::{Record, Rules};
use ashta_session::selfplay::record_game;

/// Throwing phases after which a game is cut.
const MAX_TURNS: usize = 400;

/// A game of `specs` (seat p plays `specs[p]`) on the standard rules.
fn game(specs: &[&str], seed: u64) -> Record {
    let rules = Rules {
        players: specs.len() as u8,
        ..Rules::standard()
    };
    let bots: Vec<_> = specs
        .iter()
        .enumerate()
        .map(|(p, s)| make_bot(s, seed * 10 + p as u64, None).expect("a bot of the list"))
        .collect();
    record_game(rules, bots, seed, MAX_TURNS)
}

/// Per bot: each game's share within the noise, its decisions, and its losses summed.
#[derive(Default)]
struct Tally {
    shares: Vec<f64>,
    decisions: usize,
    kept: usize,
    lost: f64,
}

fn mean_and_stderr(x: &[f64]) -> (f64, f64) {
    let n = x.len() as f64;
    let mean = x.iter().sum::<f64>() / n;
    if x.len() < 2 {
        return (mean, f64::NAN);
    }
    let var = x.iter().map(|e| (e - mean) * (e - mean)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(games) = args.get(1).and_then(|g| g.parse::<u64>().ok()) else {
        eprintln!("usage: accuracy_bands GAMES [BOT...]");
        std::process::exit(2);
    };
    let named: Vec<&str> = args[2..].iter().map(String::as_str).collect();
    let bots: Vec<&str> = if named.is_empty() {
        vec!["random", "beginner", "master"]
    } else {
        named
    };
    let config = AnalysisConfig::default();
    // Two players: every pair, each bot in each seat; four: the bots and masters.
    let mut layouts: Vec<(&str, Vec<Vec<&str>>)> = Vec::new();
    let mut pairs = Vec::new();
    for (i, a) in bots.iter().enumerate() {
        for b in &bots[i + 1..] {
            pairs.push(vec![*a, *b]);
            pairs.push(vec![*b, *a]);
        }
    }
    layouts.push(("2p", pairs));
    let mut four = bots.clone();
    four.resize(4, "master");
    layouts.push(("4p", vec![four]));
    for (name, tables) in layouts {
        let mut tally: BTreeMap<&str, Tally> = BTreeMap::new();
        for g in 0..games {
            for (k, specs) in tables.iter().enumerate() {
                let record = game(specs, 1_000 + 100 * g + k as u64);
                let review =
                    analyze_record(&record, &config, &mut |_, _| {}).expect("the record replays");
                for (p, acc) in accuracies(&review).into_iter().enumerate() {
                    let Some(a) = acc else { continue };
                    let t = tally.entry(specs[p]).or_default();
                    t.shares.push(a.share);
                    t.decisions += a.decisions;
                    t.kept += a.kept_best;
                    t.lost += a.mean_loss * a.decisions as f64;
                }
            }
        }
        for bot in &bots {
            let Some(t) = tally.get(bot) else { continue };
            let (share, stderr) = mean_and_stderr(&t.shares);
            println!(
                "{name} {bot:<9} seats {:>2}  decisions {:>4}  within the noise {:>5.1}% (per seat {:.1}% ± {:.1}%)  mean loss {:.2}%",
                t.shares.len(),
                t.decisions,
                100.0 * t.kept as f64 / t.decisions.max(1) as f64,
                100.0 * share,
                100.0 * stderr,
                100.0 * t.lost / t.decisions.max(1) as f64,
            );
        }
    }
}
