//! # ashta-tools
//!
//! The programs that remake the bots' data and measure them: they may read files and
//! the environment and call the crates below them, but nothing depends on them.
//!
//! The programs that remake the bots' data and measure them, as binaries:
//!
//! - `train_net`: trains a value net by self-play (`crates/ashta-bots/nets/`);
//! - `fit_weights`: fits the evaluation's weights to game results (`Weights::fitted`);
//! - `rating_bands`: the games behind the rating bands of `ashta analyze`;
//! - `mean_net`: one net that scores with the mean of several nets' scores;
//! - `mcts_speed`: MCTS simulations per second and time per decision.
//!
//! Unlike the bots library, these may read files and the environment. The ones that
//! play bots honour `ASHTA_NET` and `ASHTA_WEIGHTS` as the `ashta` command does
//! ([`maker_from_env`]).

use std::process::ExitCode;
use std::sync::Arc;

use ashta_bots::tuning::{Tuning, WeightChanges};
use ashta_bots::{BotMaker, ValueNet};

/// The bots' tuning the environment gives: the value net in the file named by
/// `ASHTA_NET` and the weight changes of `ASHTA_WEIGHTS` (`gate=20,stuck=4`), each
/// when set.
pub fn tuning_from_env() -> Result<Tuning, String> {
    let net = match std::env::var("ASHTA_NET") {
        Ok(path) => Some(Arc::new(
            read_net(&path).map_err(|e| format!("ASHTA_NET={path}: {e}"))?,
        )),
        Err(_) => None,
    };
    let weights = match std::env::var("ASHTA_WEIGHTS") {
        Ok(list) => {
            WeightChanges::parse(&list).map_err(|e| format!("ASHTA_WEIGHTS={list}: {e}"))?
        }
        Err(_) => WeightChanges::default(),
    };
    Ok(Tuning { net, weights })
}

/// The value net in the file `path` (as `train_net` writes it). The error says why
/// the file cannot be read or is not a net; the caller names the file.
pub fn read_net(path: &str) -> anyhow::Result<ValueNet> {
    let text = std::fs::read_to_string(path)?;
    Ok(ValueNet::from_json(&text)?)
}

/// The maker of the program's bots, with [`tuning_from_env`].
///
/// # Errors
/// When `ASHTA_NET` or `ASHTA_WEIGHTS` cannot be used (a measurement of a new net
/// must not silently measure the shipped one); the message names the variable.
pub fn maker_from_env() -> anyhow::Result<BotMaker> {
    tuning_from_env()
        .map(BotMaker::new)
        .map_err(anyhow::Error::msg)
}

/// A tool's exit: success, or its error printed as `error: …` (with its causes) and
/// exit status 1.
pub fn exit_code(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
