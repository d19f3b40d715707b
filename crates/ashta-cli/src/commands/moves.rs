//! `ashta moves`: the legal moves of the player to move, one JSON object per line.

use std::io::Write;

use anyhow::Result;
use ashta_engine::{Move, MoveList};
use clap::Args;
use serde::Serialize;

use super::PositionArg;
use crate::input::load_position;

/// Arguments of `ashta moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArg,
}

/// A move as `moves` and `plays --with-moves` print it.
///
/// `from` and `to` are path indices along the mover's own path; an entry from off the
/// board (grace entry) has `from` −1, `to` 0 and `count` the pawns that enter, which
/// may be more than 2.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct MoveJson {
    /// The bag value spent.
    pub value: u8,
    /// Path index of the unit moved, −1 for an entry.
    pub from: i16,
    /// Path index where it lands.
    pub to: u8,
    /// Pawns moved: 1, 2 (a pair), or the number entering.
    pub count: u8,
    /// Whether the move captures.
    pub capture: bool,
}

impl From<&Move> for MoveJson {
    fn from(mv: &Move) -> MoveJson {
        MoveJson {
            value: mv.value,
            from: mv.from_index(),
            to: mv.to,
            count: mv.count,
            capture: mv.is_capture(),
        }
    }
}

/// Prints the legal moves; none (with a note on standard error) when the player to
/// move must throw or the game is over.
pub fn run(args: &MovesArgs, out: &mut dyn Write) -> Result<()> {
    let (variant, pos) = load_position(&args.position.position)?;
    let mut moves = MoveList::new();
    variant.legal_moves(&pos, &mut moves);
    if pos.is_over() {
        eprintln!("note: the game is over, so there are no moves");
    } else if pos.must_throw() {
        eprintln!("note: the bag is empty, so the player to move throws first; no moves");
    }
    for mv in &moves {
        writeln!(out, "{}", serde_json::to_string(&MoveJson::from(mv))?)?;
    }
    Ok(())
}
