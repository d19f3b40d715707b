//! `ashta plays`: every distinct position reached by playing out the whole bag.

use std::io::Write;

use anyhow::Result;
use ashta_engine::{PositionJson, PLAYS_LIMIT};
use clap::Args;
use serde::Serialize;

use super::moves::MoveJson;
use super::PositionArg;
use crate::input::load_position;

/// Arguments of `ashta plays`.
#[derive(Args, Debug)]
pub struct PlaysArgs {
    #[command(flatten)]
    position: PositionArg,
    /// Print `{"moves": [...], "position": {...}}` per line: the position with the
    /// first move sequence found to reach it.
    #[arg(long)]
    with_moves: bool,
}

/// A line of `plays --with-moves`.
#[derive(Serialize)]
struct PlayJson {
    moves: Vec<MoveJson>,
    position: PositionJson,
}

/// Prints one JSON position per line (or moves and position with `--with-moves`).
pub fn run(args: &PlaysArgs, out: &mut dyn Write) -> Result<()> {
    let (variant, pos) = load_position(&args.position.position)?;
    if pos.is_over() {
        eprintln!("note: the game is over, so there are no plays");
    } else if pos.phase() == ashta_engine::Phase::Throwing {
        eprintln!("note: the bag is empty, so the player to move throws first; no plays");
    }
    let list = variant.plays_within(&pos, PLAYS_LIMIT);
    if !list.complete {
        eprintln!(
            "note: this bag has more ways to be played out than can be listed; \
             these are the {} found within {PLAYS_LIMIT} positions",
            list.plays.len()
        );
    }
    for play in list.plays {
        if args.with_moves {
            let moves: Vec<MoveJson> = play.moves.iter().map(MoveJson::from).collect();
            let line = PlayJson {
                moves,
                position: variant.to_json(&play.position),
            };
            writeln!(out, "{}", serde_json::to_string(&line)?)?;
        } else {
            writeln!(out, "{}", variant.to_json_string(&play.position))?;
        }
    }
    Ok(())
}
