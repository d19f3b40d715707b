//! `ashta hint`: every distinct play of the bag, ranked by rollouts, with each play's
//! chance to win, its standard error and its loss against the best.

use std::io::Write;
use std::time::Duration;

use anyhow::{bail, Result};
use ashta_analysis::{hint, Hint, HintConfig};
use ashta_engine::{Position, PositionJson, Variant};
use clap::Args;
use serde::Serialize;

use super::moves::MoveJson;
use super::{PositionArg, RolloutArgs};
use crate::describe::{bag_text, move_text, player_name};
use crate::input::load_position;

/// Arguments of `ashta hint`.
#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    position: PositionArg,
    /// Thinking time in milliseconds, on every core.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    time_ms: u64,
    /// A fixed number of rollouts per play instead of a time budget: the answer is
    /// then the same on every run for a seed.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    rollouts: Option<u64>,
    #[command(flatten)]
    rollout: RolloutArgs,
    /// Print `{"plays": [...]}` as JSON, best first.
    #[arg(long)]
    json: bool,
    /// The bots' evaluation: `--net FILE`, `--weights LIST`.
    #[command(flatten)]
    pub tuning: crate::tuning::TuningArgs,
}

/// One play in the JSON answer.
#[derive(Serialize)]
struct PlayJson {
    position: PositionJson,
    moves: Vec<MoveJson>,
    win: f64,
    stderr: f64,
    loss: f64,
    loss_stderr: f64,
    rollouts: usize,
    wins: Vec<f64>,
}

/// The JSON answer.
#[derive(Serialize)]
struct HintJson {
    player: usize,
    forced: bool,
    rollouts: usize,
    elapsed_ms: f64,
    plays: Vec<PlayJson>,
}

/// The hint's settings from the command line.
fn config(args: &HintArgs) -> Result<HintConfig> {
    Ok(HintConfig {
        time: Duration::from_millis(args.time_ms),
        seed: args.rollout.seed,
        rollouts: args.rollouts.map(|n| n as usize),
        rollout: args.rollout.config(),
        weights: args.tuning.maker()?.weight_changes(),
    })
}

/// The moves of a play in words, each described on the position it is made from.
pub fn play_text(variant: &Variant, pos: &Position, moves: &[ashta_engine::Move]) -> String {
    if moves.is_empty() {
        return "no move can be made: the bag is forfeited".to_string();
    }
    let mut at = *pos;
    let mut parts = Vec::new();
    for mv in moves {
        parts.push(move_text(variant, &at, mv));
        if variant.play(&mut at, *mv).is_err() {
            break;
        }
    }
    parts.join("; ")
}

/// A probability as a percentage with one decimal.
pub fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// Ranks the plays and prints them, as a table or as JSON.
pub fn run(args: &HintArgs, out: &mut dyn Write) -> Result<()> {
    let (variant, pos) = load_position(&args.position.position)?;
    if pos.is_over() {
        bail!("the game is over: there is no play to weigh");
    }
    if pos.must_throw() {
        bail!("the bag is empty: the player to move throws first, then asks for a hint");
    }
    let h = hint(&variant, &pos, &config(args)?);
    if args.json {
        write_json(&variant, &h, out)
    } else {
        write_text(&variant, &pos, &h, out)
    }
}

fn write_json(variant: &Variant, h: &Hint, out: &mut dyn Write) -> Result<()> {
    let answer = HintJson {
        player: h.player,
        forced: h.forced,
        rollouts: h.rollouts,
        elapsed_ms: h.elapsed.as_secs_f64() * 1000.0,
        plays: h
            .plays
            .iter()
            .map(|p| PlayJson {
                position: variant.to_json(&p.play.position),
                moves: p.play.moves.iter().map(MoveJson::from).collect(),
                win: p.win,
                stderr: p.stderr,
                loss: p.loss,
                loss_stderr: p.loss_stderr,
                rollouts: p.rollouts,
                wins: p.wins.clone(),
            })
            .collect(),
    };
    writeln!(out, "{}", serde_json::to_string(&answer)?)?;
    Ok(())
}

fn write_text(variant: &Variant, pos: &Position, h: &Hint, out: &mut dyn Write) -> Result<()> {
    let who = player_name(variant, h.player);
    writeln!(out, "{who} to move, bag {}.", bag_text(variant, pos))?;
    if h.forced {
        let p = &h.plays[0];
        writeln!(
            out,
            "Only one play: every order of the moves leads to the same position, so there is nothing to weigh."
        )?;
        writeln!(out, "  {}", play_text(variant, pos, &p.play.moves))?;
        writeln!(
            out,
            "  {who}'s chance to win after it, by a two-ply search: {}",
            percent(p.win)
        )?;
        return Ok(());
    }
    writeln!(
        out,
        "{} plays, ranked by {} rollouts in {:.2} s (largest standard error {}):",
        h.plays.len(),
        h.rollouts,
        h.elapsed.as_secs_f64(),
        percent(h.max_stderr())
    )?;
    writeln!(out, "  #    win  ±stderr    loss  ±stderr  rollouts  moves")?;
    for (k, p) in h.plays.iter().enumerate() {
        let loss = if k == 0 {
            "      -          ".to_string()
        } else {
            format!("{:>7}  {:>7}", percent(p.loss), percent(p.loss_stderr))
        };
        writeln!(
            out,
            "{:>3} {:>6}  {:>7} {loss}  {:>8}  {}",
            k + 1,
            percent(p.win),
            percent(p.stderr),
            p.rollouts,
            play_text(variant, pos, &p.play.moves)
        )?;
    }
    Ok(())
}
