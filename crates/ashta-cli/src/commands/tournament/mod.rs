//! `ashta tournament`: bots against each other over many games, seats rotated over
//! shared throw sequences, spread over threads, with 95% intervals; or, with
//! `--round-robin`, every pair of bots in two-player matches and a Bradley–Terry rating
//! list. The games and their order are fixed by the seed, so the results do not depend
//! on the number of threads. With `--gauntlet BOT`, one bot against every style of the
//! gauntlet, in two and four players ([`gauntlet`]).

mod gauntlet;

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context, Result};
use ashta_arena::tournament::{
    parse_bot_list, run_round_robin, run_tournament, RoundRobinConfig, RoundRobinResult,
    TournamentConfig, TournamentResult,
};
use ashta_bots::styles::GAUNTLET;
use ashta_engine::{RulesSpec, Variant};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::bar_chart::{draw_bars, register_font, Bar, BarChart};
use ashta_engine::RuleFlags;

/// Arguments of `ashta tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Bots, comma-separated, 2 to P of them (P the players); the last fills the seats
    /// left, so `mcts,random` with 4 players is MCTS against three random movers.
    /// Options follow a colon: `mcts:sims=500,c=1.2,random`.
    #[arg(
        long,
        value_name = "A,B[,C,D]",
        required_unless_present = "gauntlet",
        conflicts_with = "gauntlet"
    )]
    bots: Option<String>,
    /// Play BOT against each opponent of the gauntlet (`cautious`, `hunter`, `runner`,
    /// `blocker`, `careful`, `greedy`, `random`), two-player matches and four-player
    /// ones (BOT in one seat, the opponent in three; `--players` plays only that
    /// count), and print one table: wins, draws and losses with 95% intervals, score
    /// (a draw counts half) and the draw reasons.
    #[arg(long, value_name = "BOT", conflicts_with_all = ["round_robin", "plot"])]
    gauntlet: Option<String>,
    /// With --gauntlet: the opponents instead of the whole gauntlet, comma-separated.
    #[arg(long, value_name = "A,B,...", requires = "gauntlet")]
    opponents: Option<String>,
    /// Games to play, rounded up to a multiple of the players (every bot plays every seat
    /// equally often); with --round-robin, games per pair of bots.
    #[arg(long, value_name = "N", default_value_t = 400)]
    games: u64,
    /// Seed of the throws and of the bots.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Time per decision for the searching bots, in milliseconds (default: their own
    /// fixed budgets, which are reproducible; a time budget is not).
    #[arg(long, value_name = "MS")]
    time_ms: Option<u64>,
    /// Print the results as one JSON object instead of tables.
    #[arg(long)]
    json: bool,
    /// Draw the win rates (ratings with --round-robin) and their 95% intervals to a PNG.
    #[arg(long, value_name = "FILE.png")]
    plot: Option<PathBuf>,
    /// Play every pair of bots in two-player matches and print a Bradley–Terry rating
    /// list on the Elo scale.
    #[arg(long)]
    round_robin: bool,
    #[command(flatten)]
    rules: RuleFlags,
    /// The bots' evaluation: `--net FILE`, `--weights LIST`.
    #[command(flatten)]
    pub tuning: crate::tuning::TuningArgs,
}

/// Plays the tournament and prints its results.
pub fn run(args: &TournamentArgs, out: &mut dyn Write) -> Result<()> {
    let time = args.time_ms.map(Duration::from_millis);
    let threads = args.threads.map(|t| t as usize);
    let maker = args.tuning.maker()?;
    if let Some(bot) = &args.gauntlet {
        let config = ashta_arena::gauntlet::GauntletConfig {
            rules: crate::input::flag_rules(&args.rules)?,
            bot: bot.clone(),
            opponents: match &args.opponents {
                Some(list) => parse_bot_list(list),
                None => GAUNTLET.iter().map(|s| s.to_string()).collect(),
            },
            players: match args.rules.players {
                Some(p) => vec![p as usize],
                None => vec![2, 4],
            },
            games: args.games,
            seed: args.seed,
            time,
            threads,
            maker: maker.clone(),
        };
        return gauntlet::run(&config, args.json, out);
    }
    let bots = parse_bot_list(args.bots.as_deref().unwrap_or_default());
    if args.round_robin {
        if args.rules.players.is_some_and(|p| p != 2) {
            bail!("--round-robin plays two-player matches: leave out --players or give 2");
        }
        let mut rules = args.rules.clone();
        rules.players = Some(2);
        let config = RoundRobinConfig {
            variant: crate::input::flag_variant(&rules)?,
            bots,
            games: args.games,
            seed: args.seed,
            time,
            threads,
            maker: maker.clone(),
        };
        let pairs = {
            let k = distinct_count(&config.bots) as u64;
            k * k.saturating_sub(1) / 2
        };
        let bar = progress_bar(pairs * args.games.div_ceil(2) * 2);
        let started = Instant::now();
        let result = run_round_robin(&config, |n| bar.inc(n));
        bar.finish_and_clear();
        let result = result?;
        let seconds = started.elapsed().as_secs_f64();
        if let Some(path) = &args.plot {
            plot_ratings(path, &result)?;
        }
        if args.json {
            writeln!(out, "{}", serde_json::to_string(&result)?)?;
        } else {
            print_round_robin(out, &config.variant, &result, seconds)?;
        }
        return Ok(());
    }
    let config = TournamentConfig {
        variant: crate::input::flag_variant(&args.rules)?,
        bots,
        games: args.games,
        seed: args.seed,
        time,
        threads,
        maker,
    };
    let players = config.variant.players() as u64;
    let bar = progress_bar(args.games.div_ceil(players) * players);
    let started = Instant::now();
    let result = run_tournament(&config, |n| bar.inc(n));
    bar.finish_and_clear();
    let result = result?;
    let seconds = started.elapsed().as_secs_f64();
    if let Some(path) = &args.plot {
        plot_win_rates(path, &result)?;
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&result)?)?;
    } else {
        print_tournament(out, &config.variant, &result, seconds)?;
    }
    Ok(())
}

/// How many different specs a list has.
fn distinct_count(specs: &[String]) -> usize {
    let mut seen: Vec<&String> = specs.iter().collect();
    seen.sort();
    seen.dedup();
    seen.len()
}

/// A progress bar on standard error when it is a terminal, else a hidden one.
pub(crate) fn progress_bar(total: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template(
        "{bar:40.cyan/blue} {pos}/{len} games  {elapsed_precise} (eta {eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// The rules in a few words: the preset's name, or the changes to it as JSON.
pub(crate) fn describe_rules(variant: &Variant) -> String {
    let rules = variant.rules();
    let name = match RulesSpec::from_rules(rules) {
        RulesSpec::Name(name) => format!("{name} rules"),
        RulesSpec::Object(object) => serde_json::to_string(&object)
            .map(|json| format!("rules {json}"))
            .unwrap_or_else(|_| "changed rules".into()),
    };
    let size = variant.geometry().size();
    format!("{name}, {size}×{size} board, {} players", variant.players())
}

/// A rate as a percentage.
pub(crate) fn pct(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

/// A p-value in a readable form.
fn p_value(p: f64) -> String {
    if p >= 0.001 {
        format!("{p:.3}")
    } else {
        format!("{p:.1e}")
    }
}

/// Speed of the run.
pub(crate) fn speed(games: u64, seconds: f64) -> String {
    let per_second = if seconds > 0.0 {
        games as f64 / seconds
    } else {
        0.0
    };
    format!("{seconds:.1} s, {per_second:.0} games/s")
}

/// The tables of a tournament.
fn print_tournament(
    out: &mut dyn Write,
    variant: &Variant,
    r: &TournamentResult,
    seconds: f64,
) -> Result<()> {
    let names: Vec<&str> = r.results.iter().map(|b| b.bot.as_str()).collect();
    writeln!(out, "tournament: {}", names.join(" vs "))?;
    writeln!(out, "rules: {}", describe_rules(variant))?;
    writeln!(out, "seats: {}", r.lineup.join(", "))?;
    let groups = r.games / r.players as u64;
    writeln!(
        out,
        "games: {} ({groups} throw sequences, each played {} times with the seats rotated), seed {}",
        r.games, r.players, r.seed
    )?;
    if r.games != r.requested_games {
        writeln!(
            out,
            "       {} asked for, rounded up to a multiple of {} players",
            r.requested_games, r.players
        )?;
    }
    writeln!(out)?;
    let width = names.iter().map(|n| n.len()).max().unwrap_or(3).max(3);
    writeln!(
        out,
        "{:<width$}  seats    wins  win rate  95% CI              chance  wins by seat",
        "bot"
    )?;
    for b in &r.results {
        let by_seat: Vec<String> = b.wins_by_seat.iter().map(u64::to_string).collect();
        writeln!(
            out,
            "{:<width$}  {:>5}  {:>6}  {:>8}  [{:>7}, {:>7}]  {:>6}  {}",
            b.bot,
            b.seats,
            b.wins,
            pct(b.win_rate),
            pct(b.ci95[0]),
            pct(b.ci95[1]),
            format!("{:.1}%", 100.0 * b.chance),
            by_seat.join(" / ")
        )?;
    }
    if r.results.iter().any(|b| b.seats > 1) {
        writeln!(
            out,
            "(a bot in several seats: its wins / (games × seats), so chance is 1/{} for all)",
            r.players
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "draws: {} ({}): frozen {}, turn limit {}",
        r.draws,
        pct(r.draws as f64 / r.games as f64),
        r.draw_reasons.frozen,
        r.draw_reasons.turn_limit
    )?;
    writeln!(
        out,
        "game length: mean {:.1} turns, 95% CI [{:.1}, {:.1}], longest {}",
        r.mean_turns, r.mean_turns_ci95[0], r.mean_turns_ci95[1], r.max_turns
    )?;
    let seats: Vec<String> = r
        .seat_wins
        .iter()
        .enumerate()
        .map(|(s, w)| format!("seat {s}: {w}"))
        .collect();
    writeln!(out, "wins by seat, any bot: {}", seats.join(", "))?;
    if let Some(h) = &r.head_to_head {
        writeln!(out)?;
        writeln!(out, "head to head:")?;
        let w = h.a.len().max(h.b.len()).max(4);
        writeln!(
            out,
            "  {:<w$}  {:>6}  {:>6}  {:>6}",
            "", "wins", "losses", "draws"
        )?;
        writeln!(
            out,
            "  {:<w$}  {:>6}  {:>6}  {:>6}",
            h.a, h.wins_a, h.wins_b, h.draws
        )?;
        writeln!(
            out,
            "  {:<w$}  {:>6}  {:>6}  {:>6}",
            h.b, h.wins_b, h.wins_a, h.draws
        )?;
        writeln!(
            out,
            "  {}'s share of the decisive games: {}, 95% CI [{}, {}] (equal strength: {})",
            h.a,
            pct(h.share_a),
            pct(h.share_a_ci95[0]),
            pct(h.share_a_ci95[1]),
            pct(h.null_share_a)
        )?;
        writeln!(
            out,
            "  {} ≠ {}: p = {} ({})",
            h.a,
            h.b,
            p_value(h.p_value),
            h.test
        )?;
        if let Some(p) = &h.paired {
            writeln!(
                out,
                "  by throw sequence (both seatings): {} won both {}, {} won both {}, split {}, with a draw {}",
                h.a, p.a_both, h.b, p.b_both, p.split, p.with_draws
            )?;
        }
    }
    writeln!(out)?;
    writeln!(out, "time: {}", speed(r.games, seconds))?;
    Ok(())
}

/// The rating list, pairings and cross table of a round robin.
fn print_round_robin(
    out: &mut dyn Write,
    variant: &Variant,
    r: &RoundRobinResult,
    seconds: f64,
) -> Result<()> {
    writeln!(out, "round robin: {}", r.bots.join(", "))?;
    writeln!(out, "rules: {}", describe_rules(variant))?;
    writeln!(
        out,
        "games: {} per pair ({} throw sequences, each played with both seatings), seed {}",
        r.games_per_pair,
        r.games_per_pair / 2,
        r.seed
    )?;
    if r.games_per_pair != r.requested_games_per_pair {
        writeln!(
            out,
            "       {} asked for, rounded up to even",
            r.requested_games_per_pair
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "rating list: Bradley–Terry (MM fit), Elo scale 400·log10(strength), {} = 0",
        r.anchor
    )?;
    let width = r.bots.iter().map(|n| n.len()).max().unwrap_or(3).max(3);
    writeln!(
        out,
        "rank  {:<width$}  {:>6}  {:>16}  {:>6}  {:>6}  {:>6}  {:>6}  {:>7}",
        "bot", "elo", "95% CI", "games", "wins", "draws", "losses", "score"
    )?;
    for (rank, x) in r.ratings.iter().enumerate() {
        let ci = if x.bot == r.anchor {
            "(anchor)".to_string()
        } else if x.ci95[0].is_finite() && x.ci95[1].is_finite() {
            format!("[{:.0}, {:.0}]", x.ci95[0], x.ci95[1])
        } else {
            "-".to_string()
        };
        writeln!(
            out,
            "{:>4}  {:<width$}  {:>6.0}  {:>16}  {:>6}  {:>6}  {:>6}  {:>6}  {:>7}",
            rank + 1,
            x.bot,
            x.elo,
            ci,
            x.games,
            x.wins,
            x.draws,
            x.losses,
            pct(x.score)
        )?;
    }
    if r.virtual_draws_per_pair > 0.0 {
        writeln!(
            out,
            "(a bot won or lost every game: {} virtual draw per pair added so the ratings exist)",
            r.virtual_draws_per_pair
        )?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "pairings (p: two-sided exact binomial test, draws left out):"
    )?;
    for p in &r.pairs {
        writeln!(
            out,
            "  {:>width$} {:>5} – {:<5} {:<width$}  draws {:>4}  p = {}",
            p.a,
            p.wins_a,
            p.wins_b,
            p.b,
            p.draws,
            p_value(p.p_value)
        )?;
    }
    writeln!(out)?;
    writeln!(out, "cross table: the row's score against the column")?;
    let col = width.max(7);
    write!(out, "{:<width$}", "")?;
    for b in &r.bots {
        write!(out, "  {b:>col$}")?;
    }
    writeln!(out)?;
    for a in &r.bots {
        write!(out, "{a:<width$}")?;
        for b in &r.bots {
            let cell = r.pairs.iter().find_map(|p| {
                let score = |w: u64| (w as f64 + p.draws as f64 / 2.0) / p.games as f64;
                if &p.a == a && &p.b == b {
                    Some(score(p.wins_a))
                } else if &p.a == b && &p.b == a {
                    Some(score(p.wins_b))
                } else {
                    None
                }
            });
            let text = cell.map_or_else(|| "-".to_string(), pct);
            write!(out, "  {text:>col$}")?;
        }
        writeln!(out)?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "mean game length: {:.1} turns; time: {}",
        r.mean_turns,
        speed(r.games_per_pair * r.pairs.len() as u64, seconds)
    )?;
    Ok(())
}

/// The win rates with their intervals and the line of chance.
fn plot_win_rates(path: &Path, r: &TournamentResult) -> Result<()> {
    let chance = 1.0 / r.players as f64;
    let bars = r
        .results
        .iter()
        .map(|b| Bar {
            label: if b.seats > 1 {
                format!("{} (×{})", b.bot, b.seats)
            } else {
                b.bot.clone()
            },
            value: b.win_rate,
            lo: b.ci95[0],
            hi: b.ci95[1],
            text: format!("{:.1}%", 100.0 * b.win_rate),
        })
        .collect();
    draw(
        path,
        BarChart {
            title: format!(
                "Win rate per seat held, {} games, {} players (95% Wilson intervals)",
                r.games, r.players
            ),
            y_desc: "win rate",
            bars,
            reference: Some((chance, format!("chance (1/{})", r.players))),
            percent: true,
            caption_size: 22,
            text_size: 16,
        },
    )
}

/// The ratings with their intervals.
fn plot_ratings(path: &Path, r: &RoundRobinResult) -> Result<()> {
    let bars = r
        .ratings
        .iter()
        .map(|x| {
            let finite = x.ci95[0].is_finite() && x.ci95[1].is_finite();
            Bar {
                label: x.bot.clone(),
                value: x.elo,
                lo: if finite { x.ci95[0] } else { x.elo },
                hi: if finite { x.ci95[1] } else { x.elo },
                text: format!("{:.0}", x.elo),
            }
        })
        .collect();
    draw(
        path,
        BarChart {
            title: format!(
                "Bradley–Terry ratings (Elo scale, {} = 0), {} games per pair",
                r.anchor, r.games_per_pair
            ),
            y_desc: "Elo",
            bars,
            reference: None,
            percent: false,
            caption_size: 22,
            text_size: 16,
        },
    )
}

/// Draws a bar chart to a PNG.
fn draw(path: &Path, plot: BarChart) -> Result<()> {
    use plotters::prelude::{BitMapBackend, IntoDrawingArea, WHITE};

    register_font()?;
    let root = BitMapBackend::new(path, (900, 560)).into_drawing_area();
    let fail = |e: &dyn std::fmt::Display| anyhow!("cannot draw {}: {e}", path.display());
    root.fill(&WHITE).map_err(|e| fail(&e))?;
    draw_bars(&root, &plot).map_err(|e| fail(&e))?;
    root.present()
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
