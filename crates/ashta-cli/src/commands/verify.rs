//! `ashta verify`: replays a game record, checking every throw, move and the result.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
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
    /// Accept a record without a seed (a game thrown with real shells, say): its moves
    /// are checked but its throws are taken as recorded, unverified.
    #[arg(long)]
    unseeded: bool,
}

/// Replays the record; prints the final position JSON, the result and what was checked.
/// A record without a seed fails unless `--unseeded` is given, since nothing then
/// checks its throws.
pub fn run(args: &VerifyArgs, out: &mut dyn Write) -> Result<()> {
    let text = read_record_text(&args.record)?;
    let game =
        Game::load(&text).with_context(|| format!("{} does not replay", describe(&args.record)))?;
    if game.record().seed.is_none() && !args.unseeded {
        bail!(
            "{}: unverified: the record has no seed, so its throws could be any \
             (its moves are legal; pass --unseeded to accept a game thrown without one)",
            describe(&args.record)
        );
    }
    let (variant, pos) = (game.variant(), game.position());
    writeln!(out, "{}", variant.to_json_string(pos))?;
    writeln!(out, "result: {}", result_text(variant, pos))?;
    let record = game.record();
    let checked = match (record.seed, &record.commitment) {
        (Some(seed), Some(_)) => format!(
            "every throw is the one seed {seed} gives, and the seed is the one committed to before the game"
        ),
        (Some(seed), None) => format!("every throw is the one seed {seed} gives"),
        (None, _) => "UNVERIFIED throws: no seed, so they were taken as recorded".to_string(),
    };
    writeln!(
        out,
        "replayed {} turns; every move is legal; {checked}",
        game.turns()
    )?;
    Ok(())
}
