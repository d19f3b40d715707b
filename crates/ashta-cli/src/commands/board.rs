//! `ashta board`: draws a position as text.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use super::PositionArg;
use crate::board::{draw, Detail};
use crate::describe::Labels;
use crate::input::load_position;

/// Arguments of `ashta board`.
#[derive(Args, Debug)]
pub struct BoardArgs {
    #[command(flatten)]
    position: PositionArg,
    /// Label pawns with seat letters (S, E, N, W) or player numbers (0-3).
    #[arg(long, value_enum, default_value = "letters")]
    labels: Labels,
}

/// Prints the board, the position's details and its compact notation.
pub fn run(args: &BoardArgs, out: &mut dyn Write) -> Result<()> {
    let (variant, pos) = load_position(&args.position.position)?;
    write!(out, "{}", draw(&variant, &pos, args.labels, Detail::Full))?;
    writeln!(out, "notation: {}", variant.to_notation(&pos))?;
    Ok(())
}
