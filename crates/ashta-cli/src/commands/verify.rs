//! `ashta verify`: replays a game record, checking every throw, move and the result.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use ashta_engine::{Game, Record, RecordError, ResultRecord, Variant};
use clap::Args;

use crate::describe::{player_long, result_text};
use crate::input::{describe, read_record_text};

/// Arguments of `ashta verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The record file (or a game saved by `ashta play`); `-` reads standard input.
    #[arg(value_name = "RECORD")]
    record: PathBuf,
    /// Accept a record without a seed: its moves are checked but its throws are taken as
    /// recorded, unverified. A record that says its throws were entered at the table
    /// (`"table": true`) is accepted without it.
    #[arg(long)]
    unseeded: bool,
}

/// Replays the record; prints the final position JSON, the result and what was checked.
/// A record without a seed fails unless `--unseeded` is given, since nothing then
/// checks its throws.
pub fn run(args: &VerifyArgs, out: &mut dyn Write) -> Result<()> {
    let text = read_record_text(&args.record)?;
    let game = match Game::load(&text) {
        Ok(game) => game,
        Err(RecordError::Result { .. }) => bail!(
            "{} does not replay: {}",
            describe(&args.record),
            result_mismatch(&text)
        ),
        Err(e) => {
            return Err(e).with_context(|| format!("{} does not replay", describe(&args.record)))
        }
    };
    // Throws entered at the table (RULES.md 8.10) have nothing to be checked against,
    // and the record says so.
    let at_table = game.entered_at_table();
    if game.record().seed.is_none() && !args.unseeded && !at_table {
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
        (None, _) if at_table => {
            "the throws were entered at the table: nothing to check them against".to_string()
        }
        (None, _) => "UNVERIFIED throws: no seed, so they were taken as recorded".to_string(),
    };
    writeln!(
        out,
        "replayed {} turns; every move is legal; {checked}",
        game.turns()
    )?;
    Ok(())
}

/// What a record whose recorded result is not the replay's says, in words: the result
/// it claims and the one its moves give (the record replayed without its result).
fn result_mismatch(text: &str) -> String {
    let Ok(mut record) = serde_json::from_str::<Record>(text) else {
        return "its recorded result is not the one its moves give".to_string();
    };
    let recorded = record.result.take();
    let Ok(game) = Game::replay(&record) else {
        return "its recorded result is not the one its moves give".to_string();
    };
    let claimed = match &recorded {
        Some(r) => claimed_result(game.variant(), r),
        None => "no result".to_string(),
    };
    format!(
        "the record says the game ended {claimed}, but its moves give: {}",
        result_text(game.variant(), game.position())
    )
}

/// A recorded result in words: a draw and its reason, or the winner and the places.
fn claimed_result(variant: &Variant, result: &ResultRecord) -> String {
    if let Some(draw) = &result.draw {
        return format!("in a draw ({draw})");
    }
    let places: Vec<String> = result
        .places
        .iter()
        .map(|&p| player_long(variant, p as usize))
        .collect();
    let text = match result.winner {
        Some(w) if places.len() > 1 => format!(
            "with {} winning (places: {})",
            player_long(variant, w as usize),
            places.join(", ")
        ),
        Some(w) => format!("with {} winning", player_long(variant, w as usize)),
        None => "with no winner".to_string(),
    };
    if result.claimed {
        text + " by a claim at the table (the opponents left)"
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ashta verify` of a record whose result was changed printed the engine's debug
    /// structs (`Some(ResultRecord { winner: … })`): it says both results in words.
    #[test]
    fn a_record_with_a_changed_result_is_explained_in_words() {
        let mut game = Game::new(ashta_engine::Rules::standard(), 7).unwrap();
        for _ in 0..100_000 {
            if game.position().is_over() {
                break;
            }
            if game.phase() == ashta_engine::Phase::Throwing {
                while game.phase() == ashta_engine::Phase::Throwing {
                    game.throw(ashta_engine::ThrowFrom::Own).unwrap();
                }
            } else {
                let mut moves = ashta_engine::MoveList::new();
                game.variant().legal_moves(game.position(), &mut moves);
                game.checker()
                    .check_move(moves.to_vec()[0])
                    .map(|c| c.play())
                    .unwrap();
            }
        }
        let mut record = game.record().clone();
        let result = record.result.as_mut().expect("a finished game");
        result.winner = Some(result.winner.map_or(0, |w| 1 - w.min(1)));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("changed.json");
        std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
        let args = VerifyArgs {
            record: path,
            unseeded: false,
        };
        let err = run(&args, &mut Vec::new()).unwrap_err().to_string();
        assert!(err.contains("the record says the game ended"), "{err}");
        assert!(err.contains("but its moves give"), "{err}");
        assert!(
            !err.contains("ResultRecord") && !err.contains("Some("),
            "{err}"
        );
    }
}
