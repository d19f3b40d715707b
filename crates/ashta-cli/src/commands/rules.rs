//! `ashta rules`: the full rule set the flags give, as pretty JSON.

use std::io::Write;

use anyhow::Result;
use ashta_engine::RulesObject;
use clap::Args;

use ashta_engine::RuleFlags;

/// Arguments of `ashta rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    #[command(flatten)]
    rules: RuleFlags,
}

/// Checks the rules and prints every setting written out.
pub fn run(args: &RulesArgs, out: &mut dyn Write) -> Result<()> {
    let variant = crate::input::flag_variant(&args.rules)?;
    let full = RulesObject::full(variant.rules());
    writeln!(out, "{}", serde_json::to_string_pretty(&full)?)?;
    Ok(())
}
