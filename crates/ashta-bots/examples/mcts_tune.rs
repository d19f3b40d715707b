//! MCTS tuning duels: `cargo run --release -p ashta-bots --example mcts_tune -- OPP PLAYERS GAMES [key=value...]`
//!
//! Like the `duel` example (same seats, seeds and throws), but the MCTS settings are
//! given directly: `sims=`, `time=` (ms), `c=`, `prior=`, `rollout=`, `throws=`, `noise=`,
//! `locked=` (0 or 1).
use std::time::Duration;

use ashta_bots::{make_bot, play_game, Bot, MctsBot, MctsConfig};
use ashta_engine::{Rules, SeededThrows, Variant};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let opp = &a[1];
    let players: u8 = a[2].parse().unwrap();
    let games: u64 = a[3].parse().unwrap();
    let mut config = MctsConfig::default();
    for kv in &a[4..] {
        let (k, v) = kv.split_once('=').expect("key=value");
        let x: f64 = v.parse().expect("a number");
        match k {
            "sims" => config.simulations = x as u64,
            "time" => config.time = Some(Duration::from_secs_f64(x / 1000.0)),
            "c" => config.exploration = x,
            "prior" => config.prior_visits = x,
            "rollout" => config.rollout_turns = x as u32,
            "throws" => config.max_throws = x as usize,
            "noise" => config.noise = x,
            "locked" => config.locked_draws = x != 0.0,
            "nodes" => config.max_nodes = x as usize,
            _ => panic!("unknown setting {k}"),
        }
    }
    let mut rules = Rules::standard();
    rules.players = players;
    let v = Variant::new(rules).unwrap();
    let (mut wins, mut draws) = (0, 0);
    let t = std::time::Instant::now();
    for g in 0..games {
        let seat = (g % players as u64) as usize;
        let mut bots: Vec<Box<dyn Bot>> = (0..players as usize)
            .map(|s| {
                if s == seat {
                    Box::new(MctsBot::new(g * 10 + s as u64, config.clone())) as Box<dyn Bot>
                } else {
                    make_bot(opp, g * 10 + s as u64, None).unwrap()
                }
            })
            .collect();
        let o = play_game(&v, &mut bots, &mut SeededThrows::new(g / players as u64));
        if o.winner == Some(seat) {
            wins += 1;
        }
        if o.draw.is_some() {
            draws += 1;
        }
    }
    let rate = wins as f64 / games as f64;
    let se = (rate * (1.0 - rate) / games as f64).sqrt();
    println!(
        "mcts[{}] vs {opp} x{}: {wins}/{games} = {:.3} ± {:.3} (draws {draws}) in {:.1}s",
        a[4..].join(" "),
        players - 1,
        rate,
        1.96 * se,
        t.elapsed().as_secs_f64()
    );
}
