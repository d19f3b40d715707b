//! MCTS speed: `cargo run --profile dist -p ashta-tools --bin mcts_speed -- [PLAYERS] [SIMS] [GAMES] [OTHERS]`
//!
//! Plays MCTS (SIMS simulations per decision) through GAMES standard games on one
//! thread and prints simulations per second and the time per decision (mean, 95th
//! percentile and worst) over the decisions that searched. OTHERS is `mcts` (the
//! default: MCTS plays every seat) or `greedy` (the greedy bot plays the other seats,
//! and MCTS, watching them, comes to expect greedy's plays). Times are the thread's
//! CPU time (from /proc/thread-self/schedstat, so a busy machine does not inflate them)
//! when available, wall-clock time otherwise.
use std::time::Instant;

/// This thread's CPU time in seconds, if the kernel says.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

/// Seconds since `start` (CPU time when available).
fn clock() -> f64 {
    cpu_seconds().unwrap_or_else(|| {
        static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
        START.get_or_init(Instant::now).elapsed().as_secs_f64()
    })
}

use ashta_bots::{Bot, GreedyBot, MctsBot, MctsConfig};
use ashta_engine::{Rules, SeededThrows, Variant};

fn main() {
    ashta_tools::install_tuning_from_env();
    let a: Vec<String> = std::env::args().collect();
    let players: u8 = a.get(1).map_or(4, |x| x.parse().unwrap());
    let sims: u64 = a.get(2).map_or(1000, |x| x.parse().unwrap());
    let games: u64 = a.get(3).map_or(4, |x| x.parse().unwrap());
    let greedy_others = match a.get(4).map_or("mcts", String::as_str) {
        "mcts" => false,
        "greedy" => true,
        other => panic!("OTHERS is mcts or greedy, not {other}"),
    };
    let mut greedy = GreedyBot::new(0, 0.0);
    let mut rules = Rules::standard();
    rules.players = players;
    let v = Variant::new(rules).unwrap();
    let config = MctsConfig {
        simulations: sims,
        ..MctsConfig::default()
    };
    let mut bot = MctsBot::new(1, config);
    let (mut total_sims, mut total_time) = (0u64, 0f64);
    let mut times = Vec::new();
    for g in 0..games {
        let mut pos = v.start_position();
        let mut throws = SeededThrows::new(g);
        let mut turns = 0;
        bot.new_game();
        while !pos.is_over() && turns < 2000 {
            if pos.must_throw() {
                v.throw(&mut pos, &mut throws).unwrap();
                turns += 1;
                continue;
            }
            let before = pos;
            if greedy_others && pos.to_move() != 0 {
                pos = greedy.choose(&v, &pos).unwrap().position;
            } else {
                let t = clock();
                pos = bot.choose(&v, &pos).unwrap().position;
                let dt = clock() - t;
                if bot.last_simulations() > 0 {
                    total_sims += bot.last_simulations();
                    total_time += dt;
                    times.push(dt);
                }
            }
            bot.observe(&v, &before, &pos);
        }
    }
    times.sort_by(f64::total_cmp);
    let pct = |q: f64| times[((times.len() - 1) as f64 * q) as usize] * 1e3;
    println!(
        "{players} players, {sims} sims, others {}: {:.0} simulations/s on one core ({}); {} searched decisions, \
         ms per decision: mean {:.1}, p95 {:.1}, max {:.1}",
        if greedy_others { "greedy" } else { "mcts" },
        total_sims as f64 / total_time,
        if cpu_seconds().is_some() { "CPU time" } else { "wall clock" },
        times.len(),
        total_time / times.len() as f64 * 1e3,
        pct(0.95),
        pct(1.0)
    );
}
