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

use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use anyhow::{bail, Context};
use ashta_bots::{MctsBot, MctsConfig};
use ashta_engine::{Position, Rules, SeededThrows, Variant};
use ashta_session::{bot_table, Bot, Candidate};
use clap::{Parser, ValueEnum};

/// MCTS speed: plays MCTS (SIMS simulations per decision) through GAMES standard games
/// on one thread and prints simulations per second and the time per decision.
///
/// The time per decision is given as mean, 95th percentile and worst, over the
/// decisions that searched. Times are the thread's CPU time (from
/// /proc/thread-self/schedstat, so a busy machine does not inflate them) when
/// available, wall-clock time otherwise.
///
/// Example: mcts_speed 2 8000 20 greedy
#[derive(Parser, Debug)]
#[command(name = "mcts_speed")]
struct Args {
    /// Number of players: 2, 3 or 4.
    #[arg(default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=4))]
    players: u8,
    /// MCTS simulations per decision (at least 1).
    #[arg(default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    sims: u64,
    /// Standard games to play (at least 1).
    #[arg(default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Who plays the seats other than the first.
    #[arg(value_enum, default_value_t = Others::Mcts)]
    others: Others,
}

/// Who plays the other seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Others {
    /// MCTS plays every seat.
    Mcts,
    /// The greedy bot plays the other seats, and MCTS, watching them, comes to expect
    /// greedy's plays.
    Greedy,
}

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

fn main() -> ExitCode {
    ashta_tools::exit_code(run(&Args::parse()))
}

fn run(a: &Args) -> anyhow::Result<()> {
    let maker = ashta_tools::maker_from_env()?;
    let (players, sims, games) = (a.players, a.sims, a.games);
    let greedy_others = a.others == Others::Greedy;
    let mut rules = Rules::standard();
    rules.players = players;
    Variant::new(rules.clone()).with_context(|| format!("{players} players"))?;
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
        let variant = Variant::new(rules.clone()).expect("checked above");
        let mut session =
            bot_table(&variant, bots, SeededThrows::new(g)).with_context(|| format!("game {g}"))?;
        session.set_turn_cap(Some(2000));
        session.play_out().with_context(|| format!("game {g}"))?;
    }
    let m = shared.lock().expect("one thread");
    let (total_sims, mut times) = (m.sims, m.times.clone());
    if times.is_empty() {
        bail!("no decision searched in {games} games: nothing to measure");
    }
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
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(line: &str) -> Result<Args, clap::Error> {
        Args::try_parse_from(std::iter::once("mcts_speed").chain(line.split_whitespace()))
    }

    #[test]
    fn the_arguments_are_declared_consistently() {
        Args::command().debug_assert();
    }

    #[test]
    fn missing_arguments_take_their_defaults() {
        let a = parse("").unwrap();
        assert_eq!(
            (a.players, a.sims, a.games, a.others),
            (4, 1000, 4, Others::Mcts)
        );
        let a = parse("2 8000").unwrap();
        assert_eq!(
            (a.players, a.sims, a.games, a.others),
            (2, 8000, 4, Others::Mcts)
        );
    }

    #[test]
    fn the_commands_quoted_in_the_documentation_parse() {
        // BENCHMARKS.md.
        for (line, want) in [
            ("4 8000 4", (4, 8000, 4, Others::Mcts)),
            ("2 8000 6", (2, 8000, 6, Others::Mcts)),
            ("2 8000 20 greedy", (2, 8000, 20, Others::Greedy)),
            ("2 8000 6 greedy", (2, 8000, 6, Others::Greedy)),
            ("4 2000 1", (4, 2000, 1, Others::Mcts)),
            ("4 1000 1", (4, 1000, 1, Others::Mcts)),
            ("3 1000 2 mcts", (3, 1000, 2, Others::Mcts)),
        ] {
            let a = parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!((a.players, a.sims, a.games, a.others), want, "{line}");
        }
    }

    #[test]
    fn no_simulations_or_no_games_are_refused() {
        assert!(parse("4 0 4").is_err());
        assert!(parse("4 1000 0").is_err());
    }
}
