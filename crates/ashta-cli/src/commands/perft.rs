//! `ashta perft`: counts the leaves of the game tree (throws and moves are levels).

use std::io::Write;

use anyhow::Result;
use ashta_engine::PerftBranch;
use clap::Args;

use super::PositionArg;
use crate::input::load_position;

/// Arguments of `ashta perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArg,
    /// Levels to count: every single throw and every single move is one level.
    #[arg(long, value_name = "D")]
    depth: u32,
    /// One line per child of the root with its count, then the total.
    #[arg(long)]
    divide: bool,
}

/// Prints the perft count, or each root branch's count and the total.
pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<()> {
    let (variant, pos) = load_position(&args.position.position)?;
    if !args.divide {
        writeln!(out, "{}", variant.perft(&pos, args.depth))?;
        return Ok(());
    }
    let mut total = 0;
    for (branch, n) in variant.perft_divide(&pos, args.depth) {
        total += n;
        match branch {
            PerftBranch::Throw(u) => {
                let value = variant.table().face(u).value;
                writeln!(out, "throw {u} (value {value}): {n}")?;
            }
            PerftBranch::Move(mv) => writeln!(out, "{mv}: {n}")?,
        }
    }
    // Depth 0 has no branches but counts the root itself.
    if args.depth == 0 {
        total = variant.perft(&pos, 0);
    }
    writeln!(out, "total: {total}")?;
    Ok(())
}
