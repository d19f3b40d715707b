//! `--net FILE` and `--weights LIST`, the flags of the commands that build bots: a
//! value net to play with instead of the shipped one, and changes to the evaluation's
//! weights. Without a flag, the environment variable `ASHTA_NET` or `ASHTA_WEIGHTS`
//! gives the value. The bots library reads neither files nor the environment: this
//! module does, and gives the command the [`BotMaker`] that builds its bots with the
//! result.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result};
use ashta_bots::tuning::{Tuning, WeightChanges};
use ashta_bots::{BotMaker, ValueNet};
use clap::Args;

/// The environment variable naming a value net file (when `--net` is not given).
pub const NET_VAR: &str = "ASHTA_NET";
/// The environment variable holding weight changes (when `--weights` is not given).
pub const WEIGHTS_VAR: &str = "ASHTA_WEIGHTS";

/// The flags that change the bots' evaluation.
#[derive(Args, Clone, Debug, Default)]
pub struct TuningArgs {
    /// A value net file (as `train_net` of ashta-tools writes it) the bots play with
    /// instead of the shipped net, in games of the rules it was trained for. Default:
    /// the file named by the environment variable ASHTA_NET, if set.
    #[arg(long, value_name = "FILE")]
    pub net: Option<PathBuf>,
    /// Changes to the evaluation's weights, NAME=VALUE pairs separated by commas
    /// (off_board, gate, stuck, hit_extra, closed_progress, temperature, freeze), for
    /// tuning: `--weights gate=20,stuck=4`. Default: the environment variable
    /// ASHTA_WEIGHTS, if set.
    #[arg(long, value_name = "LIST")]
    pub weights: Option<String>,
}

impl TuningArgs {
    /// The tuning the flags give, or else the environment (`var` looks a variable up).
    pub fn tuning(&self, var: impl Fn(&str) -> Option<String>) -> Result<Tuning> {
        let net = match (&self.net, var(NET_VAR)) {
            (Some(path), _) => {
                Some(read_net(path).with_context(|| format!("--net {}", path.display()))?)
            }
            (None, Some(path)) => {
                Some(read_net(Path::new(&path)).with_context(|| format!("{NET_VAR}={path}"))?)
            }
            (None, None) => None,
        };
        let weights = match (&self.weights, var(WEIGHTS_VAR)) {
            (Some(list), _) => WeightChanges::parse(list).context("--weights")?,
            (None, Some(list)) => {
                WeightChanges::parse(&list).with_context(|| format!("{WEIGHTS_VAR}={list}"))?
            }
            (None, None) => WeightChanges::default(),
        };
        Ok(Tuning {
            net: net.map(Arc::new),
            weights,
        })
    }

    /// Reads the flags and the environment: the maker of the command's bots.
    pub fn maker(&self) -> Result<BotMaker> {
        Ok(BotMaker::new(self.tuning(|name| std::env::var(name).ok())?))
    }
}

/// Reads a value net file; an unreadable or invalid net is an error (a test of a new net
/// must not silently measure the shipped one).
fn read_net(path: &Path) -> Result<ValueNet> {
    let text = std::fs::read_to_string(path).context("cannot read the net")?;
    Ok(ValueNet::from_json(&text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flag_wins_over_the_environment_and_bad_values_are_errors() {
        let env = |name: &str| (name == WEIGHTS_VAR).then(|| "gate=3".to_string());
        let from_env = TuningArgs::default().tuning(env).unwrap();
        assert_eq!(from_env.weights, WeightChanges::parse("gate=3").unwrap());
        let flag = TuningArgs {
            weights: Some("gate=7".into()),
            ..TuningArgs::default()
        };
        assert_eq!(
            flag.tuning(env).unwrap().weights,
            WeightChanges::parse("gate=7").unwrap()
        );
        let bad = |name: &str| (name == WEIGHTS_VAR).then(|| "gait=3".to_string());
        let err = format!("{:#}", TuningArgs::default().tuning(bad).unwrap_err());
        assert!(err.contains("ASHTA_WEIGHTS=gait=3"), "{err}");
        let missing = |name: &str| (name == NET_VAR).then(|| "/no/such/net.json".to_string());
        let err = format!("{:#}", TuningArgs::default().tuning(missing).unwrap_err());
        assert!(err.contains("ASHTA_NET=/no/such/net.json"), "{err}");
    }
}
