//! `ashta moves`: the legal moves of the player to move, one JSON object per line.

use std::io::Write;

use anyhow::Result;
use ashta_engine::MoveList;
use clap::Args;

use super::PositionArg;
use crate::input::load_position;

/// Arguments of `ashta moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArg,
}

pub use ashta_engine::MoveJson;

/// Prints the legal moves; none (with a note on standard error) when the player to
/// move must throw or the game is over.
pub fn run(args: &MovesArgs, out: &mut dyn Write) -> Result<()> {
    let (variant, pos) = load_position(&args.position.position)?;
    let mut moves = MoveList::new();
    variant.legal_moves(&pos, &mut moves);
    if pos.is_over() {
        eprintln!("note: the game is over, so there are no moves");
    } else if pos.phase() == ashta_engine::Phase::Throwing {
        eprintln!("note: the bag is empty, so the player to move throws first; no moves");
    }
    for mv in &moves {
        writeln!(out, "{}", serde_json::to_string(&MoveJson::from(mv))?)?;
    }
    Ok(())
}
