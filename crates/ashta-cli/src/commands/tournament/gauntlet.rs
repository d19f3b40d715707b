//! `ashta tournament --gauntlet BOT`: the bot against each gauntlet opponent, one table.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use ashta_arena::gauntlet::{run_gauntlet, GauntletConfig, GauntletResult, Share};
use ashta_engine::{Rules, Variant};

use super::{describe_rules, pct, progress_bar, speed};

/// Plays the gauntlet and prints its table (or its JSON).
pub(super) fn run(config: &GauntletConfig, json: bool, out: &mut dyn Write) -> Result<()> {
    let total: u64 = config
        .players
        .iter()
        .map(|&p| config.games.div_ceil(p as u64) * p as u64 * config.opponents.len() as u64)
        .sum();
    let bar = progress_bar(total);
    let started = Instant::now();
    let result = run_gauntlet(config, |n| bar.inc(n));
    bar.finish_and_clear();
    let result = result?;
    if json {
        writeln!(out, "{}", serde_json::to_string(&result)?)?;
    } else {
        print(out, &config.rules, &result, started.elapsed().as_secs_f64())?;
    }
    Ok(())
}

/// A share with its interval: `61 30.5% [24.5, 37.2]`.
fn share(s: &Share) -> String {
    format!(
        "{:>4} {:>6} [{:>5.1}, {:>5.1}]",
        s.count,
        format!("{:.1}%", 100.0 * s.rate),
        100.0 * s.ci95[0],
        100.0 * s.ci95[1]
    )
}

fn print(out: &mut dyn Write, rules: &Rules, r: &GauntletResult, seconds: f64) -> Result<()> {
    writeln!(out, "gauntlet: {} against each opponent", r.bot)?;
    let rules_text = Variant::new(rules.clone())
        .map(|v| describe_rules(&v))
        .unwrap_or_default();
    let rules_text = rules_text
        .rsplit_once(", ")
        .map_or(rules_text.as_str(), |(head, _)| head);
    writeln!(
        out,
        "rules: {rules_text}; seats rotated over shared throws, seed {}",
        r.seed
    )?;
    let mut counts: Vec<usize> = r
        .lines
        .iter()
        .map(|l| l.players)
        .filter(|&p| p > 2)
        .collect();
    counts.sort_unstable();
    counts.dedup();
    for p in counts {
        writeln!(
            out,
            "{p} players: {} in one seat, the opponent in the other {} (chance {:.0}%)",
            r.bot,
            p - 1,
            100.0 / p as f64
        )?;
    }
    writeln!(out)?;
    let width = r
        .lines
        .iter()
        .map(|l| l.opponent.len())
        .max()
        .unwrap_or(8)
        .max(8);
    writeln!(
        out,
        "players  {:<width$}  games  {:<25}  {:<25}  {:<25}  score [95% CI]         draws frozen/limit",
        "opponent", "wins  % [95% CI]", "draws", "losses"
    )?;
    let mut games = 0;
    for l in &r.lines {
        games += l.games;
        writeln!(
            out,
            "{:>7}  {:<width$}  {:>5}  {}  {}  {}  {:>6} [{:>5.1}, {:>5.1}]  {}/{}",
            l.players,
            l.opponent,
            l.games,
            share(&l.wins),
            share(&l.draws),
            share(&l.losses),
            pct(l.score),
            100.0 * l.score_ci95[0],
            100.0 * l.score_ci95[1],
            l.draw_reasons.frozen,
            l.draw_reasons.turn_limit
        )?;
    }
    writeln!(out)?;
    writeln!(out, "(score: wins plus half the draws, over the games)")?;
    writeln!(out, "time: {}", speed(games, seconds))?;
    Ok(())
}
