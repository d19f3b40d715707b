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

use std::sync::{Arc, Mutex};

use ashta_bots::{MctsBot, MctsConfig};
use ashta_engine::{Position, Rules, SeededThrows, Variant};
use ashta_session::{bot_table, Bot, Candidate};

/// The measured MCTS bot and what its searches took.
struct Measured {
    bot: MctsBot,
    sims: u64,
    /// Seconds of each decision that searched.
    times: Vec<f64>,
}

/// One seat of the measured bot: every seat it plays shares the one bot, and the
/// first of them (`watcher`) passes the decisions of the table on to it.
struct Seat {
    shared: Arc<Mutex<Measured>>,
    watcher: bool,
}

impl Bot for Seat {
    fn name(&self) -> String {
        "mcts".into()
    }
    fn analyse(&mut self, v: &Variant, pos: &Position) -> Vec<Candidate> {
        let mut m = self.shared.lock().expect("one thread");
        let t = clock();
        let candidates = m.bot.analyse(v, pos);
        let dt = clock() - t;
        if m.bot.last_simulations() > 0 {
            m.sims += m.bot.last_simulations();
            m.times.push(dt);
        }
        candidates
    }
    fn observe(&mut self, v: &Variant, before: &Position, after: &Position) {
        if self.watcher {
            self.shared
                .lock()
                .expect("one thread")
                .bot
                .observe(v, before, after);
        }
    }
    fn new_game(&mut self) {
        if self.watcher {
            self.shared.lock().expect("one thread").bot.new_game();
        }
    }
}

fn main() {
    let maker = ashta_tools::maker_from_env();
    let a: Vec<String> = std::env::args().collect();
    let players: u8 = a.get(1).map_or(4, |x| x.parse().unwrap());
    let sims: u64 = a.get(2).map_or(1000, |x| x.parse().unwrap());
    let games: u64 = a.get(3).map_or(4, |x| x.parse().unwrap());
    let greedy_others = match a.get(4).map_or("mcts", String::as_str) {
        "mcts" => false,
        "greedy" => true,
        other => panic!("OTHERS is mcts or greedy, not {other}"),
    };
    let mut rules = Rules::standard();
    rules.players = players;
    let config = MctsConfig {
        simulations: sims,
        tuning: maker.tuning().cloned(),
        ..MctsConfig::default()
    };
    let shared = Arc::new(Mutex::new(Measured {
        bot: MctsBot::new(1, config),
        sims: 0,
        times: Vec::new(),
    }));
    for g in 0..games {
        let bots = (0..players as usize)
            .map(|seat| -> Box<dyn Bot> {
                if greedy_others && seat != 0 {
                    maker.make("greedy", 0, None).expect("greedy is a bot")
                } else {
                    Box::new(Seat {
                        shared: shared.clone(),
                        watcher: seat == 0,
                    })
                }
            })
            .collect();
        let variant = Variant::new(rules.clone()).unwrap();
        let mut session = bot_table(&variant, bots, SeededThrows::new(g)).unwrap();
        session.set_turn_cap(Some(2000));
        session.play_out().unwrap();
    }
    let m = shared.lock().unwrap();
    let (total_sims, mut times) = (m.sims, m.times.clone());
    let total_time: f64 = times.iter().sum();
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
