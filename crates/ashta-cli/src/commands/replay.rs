//! `ashta replay FILE`: steps through a saved game or a game record, forwards and
//! backwards, full screen; prints the game step by step when standard output is not a
//! terminal (or with `--plain`).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, Result};
use ashta_tui::Replay;
use clap::Args;

use crate::input::read_record_text;

/// Arguments of `ashta replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A game saved with `s` in `ashta play`, or a game record (`ashta record`); `-` reads
    /// standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print the game step by step instead of the full-screen viewer.
    #[arg(long)]
    pub plain: bool,
}

/// Replays the file.
pub fn run(args: &ReplayArgs, out: &mut dyn Write) -> Result<()> {
    let text = read_record_text(&args.file)?;
    let replay = Replay::from_text(&text)
        .with_context(|| format!("cannot replay {}", args.file.display()))?;
    let from_stdin = args.file.as_os_str() == "-";
    if args.plain
        || from_stdin
        || !std::io::stdout().is_terminal()
        || !std::io::stdin().is_terminal()
    {
        write!(out, "{}", replay.transcript())?;
        return Ok(());
    }
    ashta_tui::run::replay(replay)
}
