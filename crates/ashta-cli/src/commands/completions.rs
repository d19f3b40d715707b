//! `ashta completions SHELL`: the shell's completion script for `ashta`, on standard output.

use std::io::Write;

use anyhow::Result;
use clap::Args;
use clap_complete::Shell;

/// The arguments of `ashta completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete in (bash, elvish, fish, powershell, zsh).
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Writes the completion script of `command` for the shell asked.
pub fn run(args: &CompletionsArgs, mut command: clap::Command, out: &mut dyn Write) -> Result<()> {
    let name = command.get_name().to_owned();
    clap_complete::generate(args.shell, &mut command, name, out);
    Ok(())
}
