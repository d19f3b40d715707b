//! `ashta solve`: solves the two-player game exactly and writes its table, or prints
//! the exact value of a position from a table already built.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use ashta_engine::{Preset, Rules, RulesObject};
use ashta_solve::{solve, solve_endgames, table, IterateOptions, ENDLESS_LIMIT};
use clap::Args;

use crate::input::load_position;

/// Arguments of `ashta solve`.
#[derive(Args, Clone, Debug)]
pub struct SolveArgs {
    /// The preset whose two-player game is solved.
    #[arg(long, value_enum, default_value = "standard")]
    pub preset: Preset,
    /// Pawns per player (a reduced game with fewer pawns solves much faster).
    #[arg(long, value_name = "N")]
    pub pawns: Option<u8>,
    /// Rule overrides as a JSON rules object (as a position's `rules` field).
    #[arg(long, value_name = "JSON")]
    pub rules: Option<String>,
    /// The table file to write (or, with `--value`, to read); default: the data
    /// directory (`$ASHTA_DATA`, else `$XDG_DATA_HOME/ashta`, else `~/.local/share/ashta`).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print the exact value of a position instead of solving: one JSON line
    /// `{"score", "win", "draw", "loss"}` for the player to move.
    #[arg(long)]
    pub value: bool,
    /// With `--value`: the position (JSON or notation); default the start position.
    #[arg(long, value_name = "FILE", requires = "value")]
    pub position: Option<PathBuf>,
    /// A layer is done when a sweep moves no chance by more than this.
    #[arg(long, default_value_t = 1e-9, value_name = "T")]
    pub tolerance: f64,
    /// Most sweeps of one layer.
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    pub max_sweeps: u32,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Build the endgame table the bots, hints and reviews of the full two-player game
    /// read: the game with two pawns each (`--pawns` another count), every position
    /// where both players have captured included, stored compactly (16-bit values)
    /// in the data directory.
    #[arg(long, conflicts_with = "value")]
    pub endgames: bool,
}

/// The two-player rules the arguments name.
fn rules_of(args: &SolveArgs) -> Result<Rules> {
    let mut rules = match &args.rules {
        Some(text) => {
            let mut object: RulesObject =
                serde_json::from_str(text).context("--rules: not a JSON rules object")?;
            if object.preset.is_none() {
                object.preset = Some(args.preset.name().to_string());
            }
            object.to_rules().context("--rules")?
        }
        None => Rules::preset(args.preset),
    };
    rules.players = 2;
    if let Some(p) = args.pawns {
        rules.pawns = Some(p);
    } else if args.endgames {
        rules.pawns = Some(ashta_solve::ENDGAME_PAWNS);
    }
    if rules.pawns.is_none() {
        rules.pawns = Some(rules.size - 1);
    }
    Ok(rules)
}

/// Runs `ashta solve`.
pub fn run(args: &SolveArgs, out: &mut dyn std::io::Write) -> Result<()> {
    if !(args.tolerance > 0.0 && args.tolerance < 1.0) {
        bail!("--tolerance {} must be between 0 and 1", args.tolerance);
    }
    if args.value {
        return value(args, out);
    }
    let rules = rules_of(args)?;
    let path = args.out.clone().unwrap_or_else(|| {
        if args.endgames {
            table::data_dir().join(table::endgame_file_name(&rules))
        } else {
            table::default_path(&rules)
        }
    });
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("{}", dir.display()))?;
    }
    let options = IterateOptions {
        tolerance: args.tolerance,
        max_sweeps: args.max_sweeps,
        progress: !args.quiet,
        checkpoint: Some(path.with_extension("checkpoint")),
    };
    let (solution, report) = if args.endgames {
        solve_endgames(rules, &options)?
    } else {
        solve(rules, &options)?
    };
    let crc = if args.endgames {
        table::write_compact(&solution, &path)?
    } else {
        table::write(&solution, &path)?
    };
    std::fs::remove_file(path.with_extension("checkpoint")).ok();
    let start = solution.chances(&solution.variant().start_position())?;
    let layers: Vec<serde_json::Value> = report
        .layers
        .iter()
        .map(|l| {
            serde_json::json!({"layer": l.layer, "positions": l.states, "sweeps": l.sweeps,
                "residual": l.residual, "converged": l.converged})
        })
        .collect();
    let summary = serde_json::json!({
        "table": path.display().to_string(),
        "bytes": std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0),
        "rules": table::rules_json(solution.variant().rules()),
        "positions": report.states,
        "bag_outcomes": report.outcomes,
        "play_ends": report.ends,
        "explore_seconds": report.explore_seconds,
        "iterate_seconds": report.iterate_seconds,
        "endless_at_start": report.endless_at_start,
        "tolerance": args.tolerance,
        "crc32": format!("{crc:08x}"),
        "start": serde_json::from_str::<serde_json::Value>(&start.to_json())?,
        "layers": layers,
    });
    writeln!(out, "{summary}")?;
    if report.endless_at_start > ENDLESS_LIMIT {
        eprintln!(
            "ashta solve: under these rules the best plays never end the game from the start \
             with chance {:.5}; a game that never ends counts as a draw",
            report.endless_at_start
        );
    }
    Ok(())
}

fn value(args: &SolveArgs, out: &mut dyn std::io::Write) -> Result<()> {
    let (rules, pos) = match &args.position {
        Some(file) => {
            let (variant, pos) = load_position(file)?;
            (variant.rules().clone(), Some(pos))
        }
        None => (rules_of(args)?, None),
    };
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| table::default_path(&rules));
    let solution = table::read(&path, Some(&rules))?;
    let pos = pos.unwrap_or_else(|| solution.variant().start_position());
    // The table's variant must accept the position: re-read it under those rules.
    let pos = solution
        .variant()
        .check(&ashta_engine::Variant::new(rules)?.to_json(&pos))?;
    let chances = solution.chances(&pos)?;
    writeln!(out, "{}", chances.to_json())?;
    Ok(())
}
