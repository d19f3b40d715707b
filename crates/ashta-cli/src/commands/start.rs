//! `ashta start`: the start position of the rule set the flags give.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use ashta_engine::RuleFlags;

/// Arguments of `ashta start`.
#[derive(Args, Debug)]
pub struct StartArgs {
    /// Write the compact notation instead of JSON.
    #[arg(long)]
    notation: bool,
    #[command(flatten)]
    rules: RuleFlags,
}

/// Prints the start position as one line of JSON (or notation).
pub fn run(args: &StartArgs, out: &mut dyn Write) -> Result<()> {
    let variant = crate::input::flag_variant(&args.rules)?;
    let pos = variant.start_position();
    if args.notation {
        writeln!(out, "{}", variant.to_notation(&pos))?;
    } else {
        writeln!(out, "{}", variant.to_json_string(&pos))?;
    }
    Ok(())
}
