//! `ashta record`: one seeded game between random movers, written as a game record.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use ashta_engine::Game;
use ashta_lab::DEFAULT_SIM_TURN_LIMIT;
use ashta_session::{SeatKind, Session};
use clap::Args;

use crate::describe::result_text;
use ashta_engine::RuleFlags;

/// Arguments of `ashta record`.
#[derive(Args, Debug)]
pub struct RecordArgs {
    /// Seed of the game: its throws, and the random movers' choices (default: random).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Write the record to this file instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    rules: RuleFlags,
}

/// Plays a game between random movers with throws from `seed`, to its end: a session
/// of random seats, whose movers choose from stream 1 of the seed (the throws use
/// stream 0), so the seed alone replays the whole game.
pub fn random_recorded_game(rules: ashta_engine::Rules, seed: u64) -> Result<Game> {
    let game = Game::new(rules, seed).context("invalid rules")?;
    let seats = vec![SeatKind::Random; game.variant().players()];
    let mut session = Session::without_bots(game, seats, seed)?;
    session.play_out()?;
    Ok(session.into_game())
}

/// Plays the game and writes its record. Rules without a turn limit are played with
/// [`DEFAULT_SIM_TURN_LIMIT`], which the record's rules then state.
pub fn run(args: &RecordArgs, out: &mut dyn Write) -> Result<()> {
    let mut rules = crate::input::flag_rules(&args.rules)?;
    if rules.turn_limit.is_none() {
        rules.turn_limit = Some(DEFAULT_SIM_TURN_LIMIT);
    }
    crate::input::compile(rules.clone())?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let game = random_recorded_game(rules, seed)?;
    let text = game.save();
    match &args.out {
        None => writeln!(out, "{text}")?,
        Some(path) => {
            std::fs::write(path, format!("{text}\n"))
                .with_context(|| format!("cannot write {}", path.display()))?;
            writeln!(
                out,
                "wrote {}: seed {seed}, {} turns, {}",
                path.display(),
                game.turns(),
                result_text(game.variant(), game.position())
            )?;
        }
    }
    Ok(())
}
