//! Writes one value net that scores with the mean of several nets' outcome scores (an
//! ensemble of nets trained apart, for example by `train_net` with different `--seed`s;
//! see `ValueNet::mean_of`). The nets must be made for the same rules, and their hidden
//! units must add up to at most 256.
//!
//! ```sh
//! cargo run --release -p ashta-tools --bin mean_net -- --out net.json a.json b.json
//! ```

use std::process::ExitCode;

use anyhow::{anyhow, Context};
use ashta_bots::ValueNet;
use clap::Parser;

/// Writes one value net that scores with the mean of the nets' outcome scores.
#[derive(Parser, Debug)]
#[command(name = "mean_net")]
struct Args {
    /// Where to write the net.
    #[arg(long, value_name = "FILE")]
    out: String,
    /// The net files (as `train_net` writes them), at least one.
    #[arg(value_name = "NET", required = true)]
    nets: Vec<String>,
}

fn main() -> ExitCode {
    ashta_tools::exit_code(run(&Args::parse()))
}

fn run(a: &Args) -> anyhow::Result<()> {
    let nets = a
        .nets
        .iter()
        .map(|path| ashta_tools::read_net(path).map_err(|e| anyhow!("{path}: {e}")))
        .collect::<anyhow::Result<Vec<ValueNet>>>()?;
    let mean = ValueNet::mean_of(&nets)?;
    std::fs::write(&a.out, mean.to_json()).with_context(|| format!("--out {}", a.out))?;
    println!(
        "wrote {} ({} nets, {} hidden units)",
        a.out,
        nets.len(),
        mean.hidden
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_needs_an_out_file_and_a_net() {
        assert!(Args::try_parse_from(["mean_net", "a.json"]).is_err());
        assert!(Args::try_parse_from(["mean_net", "--out", "n.json"]).is_err());
        let a = Args::try_parse_from(["mean_net", "--out", "n.json", "a.json", "b.json"]).unwrap();
        assert_eq!(a.nets, ["a.json", "b.json"]);
    }

    #[test]
    fn a_net_file_that_is_missing_is_named() {
        let a =
            Args::try_parse_from(["mean_net", "--out", "/tmp/n.json", "/no/such.json"]).unwrap();
        let err = format!("{:#}", run(&a).unwrap_err());
        assert!(err.contains("/no/such.json"), "{err}");
    }
}
