//! `ashta man`: the manual pages of `ashta` and of each subcommand, in roff.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;

/// The arguments of `ashta man`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write `ashta.1` and one `ashta-COMMAND.1` per subcommand into this directory
    /// (made if missing) instead of printing `ashta.1` on standard output.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Prints the page of `command`, or writes every page into `--dir` and names each file.
pub fn run(args: &ManArgs, command: clap::Command, out: &mut dyn Write) -> Result<()> {
    match &args.dir {
        None => clap_mangen::Man::new(command).render(out)?,
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create the directory {}", dir.display()))?;
            clap_mangen::generate_to(command, dir)
                .with_context(|| format!("cannot write the manual pages into {}", dir.display()))?;
            let mut pages: Vec<_> = std::fs::read_dir(dir)?
                .filter_map(|entry| entry.ok().map(|e| e.path()))
                .filter(|path| path.extension().is_some_and(|ext| ext == "1"))
                .collect();
            pages.sort();
            for page in pages {
                writeln!(out, "{}", page.display())?;
            }
        }
    }
    Ok(())
}
