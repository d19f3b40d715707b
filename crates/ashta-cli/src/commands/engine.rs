//! `ashta engine`: the engine protocol (docs/PROTOCOL.md) on standard input and output, for
//! front ends, other programs' bots and scripts.

use std::io::{self, Write};

use anyhow::{Context, Result};
use clap::Args;

use crate::engine::{serve, Engine, Options};

/// Arguments of `ashta engine`.
#[derive(Args, Debug)]
pub struct EngineArgs {
    /// The bot that answers `go` (the `bot` option; any name `ashta tournament` takes).
    #[arg(long, value_name = "SPEC", default_value = "default")]
    bot: String,
    /// Thinking time per decision in milliseconds (the `time` option); 0 keeps the
    /// bot's own fixed, reproducible budget.
    #[arg(long, value_name = "MS", default_value_t = 0)]
    time_ms: u64,
    /// Seed of the bot (the `seed` option).
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// The bots' evaluation: `--net FILE`, `--weights LIST`.
    #[command(flatten)]
    pub tuning: crate::tuning::TuningArgs,
}

/// Serves the protocol on standard input until `quit` or the end of input.
pub fn run(args: &EngineArgs, out: &mut dyn Write) -> Result<()> {
    let options = Options {
        bot: args.bot.clone(),
        time_ms: args.time_ms,
        seed: args.seed,
    };
    let maker = args.tuning.maker()?;
    maker
        .make(&options.bot, options.seed, options.time())
        .context("bad --bot")?;
    let mut engine = Engine::new(options).with_bot_maker(maker);
    serve(&mut engine, &mut io::stdin().lock(), out)
}
