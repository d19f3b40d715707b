//! `ashta hint`: every distinct play of the bag, ranked by rollouts, with each play's
//! chance to win, its standard error and its loss against the best; or, for a
//! two-player game that has a solution table (`ashta solve`), ranked exactly by the
//! table, with each play's score, win, draw and loss chances and its exact error.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use ashta_analysis::{
    endgame_hint, exact_hint, find_endgame_table, find_table, hint, ExactHint, ExactTable, Hint,
    HintConfig, RolloutConfig, TableChoice,
};
use ashta_engine::{Position, PositionJson, Variant};
use clap::Args;
use serde::Serialize;

use super::moves::MoveJson;
use super::{PositionArg, RolloutArgs};
use crate::describe::{bag_text, move_text, player_name};
use crate::input::{load_position_or_game, PositionOrGame};

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
    #[command(flatten)]
    pub table: TableArgs,
}

/// Which solution table makes the answer exact (shared with `ashta analyze`).
#[derive(Args, Debug, Clone, Default)]
pub struct TableArgs {
    /// The solution table to rate plays with (as `ashta solve` writes it); by default
    /// the table of the game's rules in the data directory is used when it exists.
    #[arg(long, value_name = "FILE", conflicts_with = "estimate")]
    pub table: Option<PathBuf>,
    /// Estimate by rollouts even when a solution table exists.
    #[arg(long)]
    pub estimate: bool,
}

impl TableArgs {
    /// Where to look for a table.
    pub fn choice(&self) -> TableChoice {
        match (&self.table, self.estimate) {
            (_, true) => TableChoice::None,
            (Some(path), false) => TableChoice::File(path.clone()),
            (None, false) => TableChoice::Default,
        }
    }

    /// The table for `variant`'s game, if there is one to use.
    pub fn find(&self, variant: &Variant) -> Result<Option<ExactTable>> {
        find_table(variant, &self.choice()).context("solution table")
    }
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
    /// `"estimated"`: by rollouts.
    mode: &'static str,
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
        rollout: args.rollout.config(RolloutConfig::default()),
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

/// An exact probability as a percentage with two decimals.
pub fn exact_percent(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

/// A probability as a percentage with one decimal.
pub fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// Ranks the plays and prints them, as a table or as JSON.
pub fn run(args: &HintArgs, out: &mut dyn Write) -> Result<()> {
    let (variant, pos) = match load_position_or_game(&args.position.position)? {
        PositionOrGame::Position(variant, pos) => (*variant, *pos),
        // A saved game or record: the position it stands at.
        PositionOrGame::Game(_, game) => (game.variant().clone(), *game.position()),
    };
    rank(&variant, &pos, &args.table, args.json, &config(args)?, out)
}

/// The plays of `pos`'s bag ranked: exactly with a solution table of the game's rules,
/// else by rollouts (`config`); as JSON with `json`.
pub fn rank(
    variant: &Variant,
    pos: &Position,
    table: &TableArgs,
    json: bool,
    config: &HintConfig,
    out: &mut dyn Write,
) -> Result<()> {
    let (variant, pos) = (variant.clone(), *pos);
    if pos.is_over() {
        bail!("the game is over: there is no play to weigh");
    }
    if pos.phase() == ashta_engine::Phase::Throwing {
        bail!("the bag is empty: the player to move throws first, then asks for a hint");
    }
    if let Some(table) = table.find(&variant)? {
        match exact_hint(&table.solution, &variant, &pos) {
            Ok(h) => {
                return if json {
                    write_exact_json(&variant, &table, &h, out)
                } else {
                    write_exact_text(&variant, &pos, &table, &h, out)
                };
            }
            // A position the table does not hold (not reachable from the start):
            // estimate it instead, and say why.
            Err(ashta_solve::SolveError::Unreached) if !json => writeln!(
                out,
                "The solution table {} does not hold this position (it cannot be reached from the start): estimated by rollouts.",
                table.path.display()
            )?,
            Err(ashta_solve::SolveError::Unreached) => {}
            Err(e) => return Err(e).context("solution table"),
        }
    }
    if let Some((table, h)) = endgame_of(table, &variant, &pos)? {
        return if json {
            write_exact_json(&variant, &table, &h, out)
        } else {
            write_exact_text(&variant, &pos, &table, &h, out)
        };
    }
    let h = hint(&variant, &pos, config);
    if json {
        write_json(&variant, &h, out)
    } else {
        write_text(&variant, &pos, &h, out)
    }
}

/// The exact hint of an endgame of a two-player game from its endgame table
/// (`ashta solve --endgames`), when the table is built and the position is one.
pub fn endgame_of(
    choice: &TableArgs,
    variant: &Variant,
    pos: &Position,
) -> Result<Option<(ExactTable, ExactHint)>> {
    let Some((table, path)) =
        find_endgame_table(variant, &choice.choice()).context("endgame table")?
    else {
        return Ok(None);
    };
    Ok(endgame_hint(&table, pos).map(|h| {
        let solution = table.solution().clone();
        (ExactTable { solution, path }, h)
    }))
}

fn write_json(variant: &Variant, h: &Hint, out: &mut dyn Write) -> Result<()> {
    let answer = HintJson {
        mode: "estimated",
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
        "{} plays, ranked by {} rollouts in {:.2} s (estimated; largest standard error {}):",
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

/// One play in the exact JSON answer.
#[derive(Serialize)]
struct ExactPlayJson {
    position: PositionJson,
    moves: Vec<MoveJson>,
    score: f64,
    win: f64,
    draw: f64,
    loss: f64,
    error: f64,
}

/// The exact JSON answer.
#[derive(Serialize)]
struct ExactHintJson {
    /// `"exact"`: from the solution table.
    mode: &'static str,
    table: String,
    player: usize,
    forced: bool,
    plays: Vec<ExactPlayJson>,
}

fn write_exact_json(
    variant: &Variant,
    table: &ExactTable,
    h: &ExactHint,
    out: &mut dyn Write,
) -> Result<()> {
    let answer = ExactHintJson {
        mode: "exact",
        table: table.path.display().to_string(),
        player: h.player,
        forced: h.forced,
        plays: h
            .plays
            .iter()
            .map(|p| ExactPlayJson {
                position: variant.to_json(&p.play.position),
                moves: p.play.moves.iter().map(MoveJson::from).collect(),
                score: p.chances.score(),
                win: p.chances.win,
                draw: p.chances.draw,
                loss: p.chances.loss(),
                error: p.error,
            })
            .collect(),
    };
    writeln!(out, "{}", serde_json::to_string(&answer)?)?;
    Ok(())
}

fn write_exact_text(
    variant: &Variant,
    pos: &Position,
    table: &ExactTable,
    h: &ExactHint,
    out: &mut dyn Write,
) -> Result<()> {
    let who = player_name(variant, h.player);
    writeln!(out, "{who} to move, bag {}.", bag_text(variant, pos))?;
    writeln!(
        out,
        "{} {}, exact from the solution table {} (perfect play from here on; score: a win 1, a draw ½):",
        h.plays.len(),
        if h.plays.len() == 1 { "play" } else { "plays" },
        table.path.display()
    )?;
    writeln!(out, "  #   score     win    draw    loss    error  moves")?;
    for (k, p) in h.plays.iter().enumerate() {
        let c = &p.chances;
        writeln!(
            out,
            "{:>3} {:>7} {:>7} {:>7} {:>7} {:>8}  {}",
            k + 1,
            exact_percent(c.score()),
            exact_percent(c.win),
            exact_percent(c.draw),
            exact_percent(c.loss()),
            if k == 0 {
                "-".to_string()
            } else {
                exact_percent(p.error)
            },
            play_text(variant, pos, &p.play.moves)
        )?;
    }
    Ok(())
}
