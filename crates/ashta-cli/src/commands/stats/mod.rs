//! `ashta stats`: what the rules do in practice, over self-play of one bot in every
//! seat: seat advantage with intervals, the distribution of game lengths, draws,
//! captures per game, how often the gate holds pawns back, and the throws against the
//! table with a chi-square test. The games and their order are fixed by the seed, so
//! the results do not depend on the number of threads.

mod observe;
mod plot;
mod summary;

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Args;
use rayon::prelude::*;

use ashta_engine::RuleFlags;
use summary::{summarise, Report};

/// Arguments of `ashta stats`.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// Games to play.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    games: u64,
    /// The bot in every seat (any name `ashta tournament` takes; searching bots use
    /// their fixed budgets, so that a seed replays).
    #[arg(long, value_name = "SPEC", default_value = "greedy")]
    bot: String,
    /// Seed of the throws and the bots.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Print the results as one JSON object instead of tables.
    #[arg(long)]
    json: bool,
    /// Draw the length distribution and the seat advantage to a PNG.
    #[arg(long, value_name = "FILE.png")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    rules: RuleFlags,
    /// The bots' evaluation: `--net FILE`, `--weights LIST`.
    #[command(flatten)]
    pub tuning: crate::tuning::TuningArgs,
}

/// Plays the games and prints the statistics.
pub fn run(args: &StatsArgs, out: &mut dyn Write) -> Result<()> {
    if args.games == 0 {
        bail!("--games 0: ask for at least one game");
    }
    let variant = crate::input::flag_variant(&args.rules)?;
    let maker = args.tuning.maker()?;
    maker.make(&args.bot, 0, None).context("bad --bot")?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0) as usize)
        .build()
        .context("cannot start the worker threads")?;
    let started = Instant::now();
    let games = pool.install(|| {
        (0..args.games as usize)
            .into_par_iter()
            .with_max_len(1)
            .map(|g| observe::play(&maker, &variant, &args.bot, args.seed, g as u64))
            .collect::<Result<Vec<_>>>()
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let report = summarise(&variant, &args.bot, args.seed, &games, seconds)?;
    if let Some(path) = &args.plot {
        plot::draw(path, &report)?;
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        print(out, &report)?;
    }
    Ok(())
}

fn pct(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

fn interval(ci: [f64; 2]) -> String {
    format!("[{}, {}]", pct(ci[0]), pct(ci[1]))
}

fn p_value(p: f64) -> String {
    if p >= 0.001 {
        format!("{p:.3}")
    } else {
        format!("{p:.1e}")
    }
}

/// The report as tables.
fn print(out: &mut dyn Write, r: &Report) -> Result<()> {
    writeln!(
        out,
        "stats: {} games of {} self-play, rules {}, {}×{} board, {} players, seed {}",
        r.games, r.bot, r.rules, r.size, r.size, r.players, r.seed
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "seat advantage (share of the {} decisive games, 95% Wilson intervals; no advantage: {}):",
        r.decisive,
        pct(r.chance)
    )?;
    for s in &r.seats {
        writeln!(
            out,
            "  seat {} {:<5}  {:>6} wins  {:>7}  {}",
            s.seat,
            s.name,
            s.wins,
            pct(s.rate),
            interval(s.ci95)
        )?;
    }
    match &r.seat_test {
        Some(t) => writeln!(
            out,
            "  seats equal? chi-square {:.2} on {} df: p = {}",
            t.statistic,
            t.df,
            p_value(t.p_value)
        )?,
        None => writeln!(out, "  too few decisive games to test the seats")?,
    }
    writeln!(out)?;
    let l = &r.length;
    writeln!(out, "game length (turns: throwing phases of all players):")?;
    writeln!(
        out,
        "  mean {:.1}, 95% CI [{:.1}, {:.1}]; min {}, 10% {}, median {}, 90% {}, max {}",
        l.mean, l.ci95[0], l.ci95[1], l.min, l.p10, l.median, l.p90, l.max
    )?;
    let most = l
        .histogram
        .iter()
        .map(|b| b.games)
        .max()
        .unwrap_or(1)
        .max(1);
    for b in &l.histogram {
        let bar = "#".repeat(((b.games * 40).div_ceil(most)) as usize);
        writeln!(out, "  {:>5}-{:<5} {:>6}  {bar}", b.from, b.to, b.games)?;
    }
    writeln!(out)?;
    let d = &r.draws;
    writeln!(
        out,
        "draws: {} ({}, 95% CI {}): frozen {}, turn limit {}",
        d.games,
        pct(d.rate),
        interval(d.ci95),
        d.frozen,
        d.turn_limit
    )?;
    let c = &r.captures;
    writeln!(
        out,
        "captures: {:.2} per game, 95% CI [{:.2}, {:.2}]; {} in all, most {} in a game, {} games without one",
        c.per_game, c.ci95[0], c.ci95[1], c.total, c.max, c.games_without
    )?;
    let g = &r.gate;
    writeln!(
        out,
        "gate: held a pawn back in {} of {} throwing phases ({}, 95% CI {})",
        g.held,
        g.phases,
        pct(g.held_rate),
        interval(g.held_ci95)
    )?;
    writeln!(
        out,
        "      (a player who never captured had a pawn on the outer ring that a value of the bag would have taken past it)"
    )?;
    writeln!(
        out,
        "      whole bag forfeited: {} phases; because of the gate (an open gate would have given a move): {} ({})",
        g.forfeits,
        g.gate_forfeits,
        pct(g.gate_forfeit_rate)
    )?;
    if g.voided > 0 {
        writeln!(out, "      phases voided by a third grace: {}", g.voided)?;
    }
    writeln!(out)?;
    let t = &r.throws;
    writeln!(
        out,
        "throws: {} of {} cowries (mouth up with probability {}):",
        t.total, t.cowries, t.mouth_up
    )?;
    writeln!(out, "  mouths up  value  observed    share  expected")?;
    for f in &t.faces {
        writeln!(
            out,
            "  {:>9}  {:>5}  {:>8}  {:>7}  {:>8}",
            f.mouths_up,
            format!("{}{}", f.value, if f.grace { "g" } else { "" }),
            f.observed,
            pct(f.share),
            pct(f.expected)
        )?;
    }
    let test = &t.test;
    writeln!(
        out,
        "  chi-square {:.2} on {} df{}: p = {} ({})",
        test.statistic,
        test.df,
        if test.pooled() {
            " (faces expected fewer than 5 times pooled)"
        } else {
            ""
        },
        p_value(test.p_value),
        if test.p_value < 0.01 {
            "the throws do not follow the table"
        } else {
            "consistent with the table"
        }
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "time: {:.1} s, {:.0} games/s",
        r.seconds,
        r.games as f64 / r.seconds.max(1e-9)
    )?;
    Ok(())
}
