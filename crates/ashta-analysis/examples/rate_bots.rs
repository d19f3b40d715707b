//! Rates every decision of bots against a solution table: each bot plays `GAMES`
//! seeded games against itself on the table's rules, and every bag with more than one
//! distinct play is rated exactly ([`ashta_analysis::exact_hint`]). Prints one JSON
//! line per bot (decisions, share of perfect plays, mean score lost per decision) and
//! the largest errors of the first bot named.
//!
//! `cargo run --release -p ashta-analysis --example rate_bots -- TABLE GAMES BOT [BOT...]`

use std::path::PathBuf;

use ashta_analysis::exact::tie;
use ashta_analysis::exact_hint;
use ashta_bots::make_bot;
use ashta_engine::{PhaseFrom, SeededThrows};
use ashta_solve::table;

/// Turns after which a game is cut (a bot that never ends; none reach it in practice).
const MAX_TURNS: usize = 10_000;

/// Largest errors listed for the first bot.
const SHOWN: usize = 8;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: rate_bots TABLE GAMES BOT [BOT...]");
        std::process::exit(2);
    }
    let solution = table::read(&PathBuf::from(&args[1]), None).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let games: u64 = args[2].parse().expect("GAMES: a number");
    let variant = solution.variant().clone();
    let tie = tie(&solution);
    for (k, name) in args[3..].iter().enumerate() {
        let mut seats = [
            make_bot(name, 1, None).expect("bot"),
            make_bot(name, 2, None).expect("bot"),
        ];
        let (mut decisions, mut perfect, mut lost) = (0usize, 0usize, 0.0f64);
        let mut worst: Vec<(f64, String, String, String)> = Vec::new();
        for g in 0..games {
            let mut throws = SeededThrows::new(1_000_000 + g);
            let mut pos = variant.start_position();
            for _ in 0..MAX_TURNS {
                if pos.is_over() {
                    break;
                }
                variant
                    .throw(&mut pos, PhaseFrom::Source(&mut throws))
                    .expect("throw");
                if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
                    continue;
                }
                let h = exact_hint(&solution, &variant, &pos).expect("a position of the table");
                let play = seats[pos.to_move()]
                    .try_choose(&variant, &pos)
                    .expect("bot")
                    .expect("a play");
                if h.plays.len() > 1 {
                    let made = h
                        .plays
                        .iter()
                        .find(|p| p.play.position == play.position)
                        .expect("a play of the bag");
                    decisions += 1;
                    lost += made.error;
                    if made.error <= tie {
                        perfect += 1;
                    } else if k == 0 {
                        worst.push((
                            made.error,
                            variant.to_notation(&pos),
                            format!("{:?}", made.play.moves),
                            format!("{:?}", h.plays[0].play.moves),
                        ));
                    }
                }
                pos = play.position;
            }
        }
        println!(
            "{}",
            serde_json::json!({"bot": name, "games": games, "decisions": decisions,
                "perfect_share": perfect as f64 / decisions.max(1) as f64,
                "mean_error": lost / decisions.max(1) as f64})
        );
        if k == 0 {
            worst.sort_by(|a, b| b.0.total_cmp(&a.0));
            worst.dedup_by(|a, b| a.1 == b.1);
            for (e, pos, made, best) in worst.iter().take(SHOWN) {
                println!(
                    "{}",
                    serde_json::json!({"error": e, "position": pos, "played": made, "best": best})
                );
            }
        }
    }
}
