//! `ashta verify`: replays a game record, checking every throw, move and the result.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use ashta_engine::Game;
use clap::Args;

use crate::describe::result_text;
use crate::input::{describe, read_record_text};

/// Arguments of `ashta verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The record file (or a game saved by `ashta play`); `-` reads standard input.
    #[arg(value_name = "RECORD")]
    record: PathBuf,
}

/// Replays the record; prints the final position JSON, the result and what was checked.
pub fn run(args: &VerifyArgs, out: &mut dyn Write) -> Result<()> {
    let text = read_record_text(&args.record)?;
    let game =
        Game::load(&text).with_context(|| format!("{} does not replay", describe(&args.record)))?;
    let (variant, pos) = (game.variant(), game.position());
    writeln!(out, "{}", variant.to_json_string(pos))?;
    writeln!(out, "result: {}", result_text(variant, pos))?;
    let checked = match game.record().seed {
        Some(seed) => format!("every throw is the one seed {seed} gives"),
        None => "no seed, so the throws were taken as recorded".to_string(),
    };
    writeln!(
        out,
        "replayed {} turns; every move is legal; {checked}",
        game.turns()
    )?;
    Ok(())
}
