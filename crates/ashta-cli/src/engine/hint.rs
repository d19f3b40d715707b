//! The protocol's `hint`: every play of the bag ranked by the rollout analysis of
//! [`ashta_analysis::hint()`], one line per play.

use std::time::Duration;

use ashta_analysis::{hint, HintConfig};
use ashta_bots::tuning::WeightChanges;
use ashta_engine::{Position, Variant};

use ashta_bots::external::play_text;

/// Thinking time of a hint when neither the command nor the `time` option gives one.
pub const DEFAULT_HINT_MS: u64 = 1000;

/// Ranks the plays of `pos` in `time_ms` milliseconds, the rollouts playing with
/// `weights`, pushing one `hint RANK win W stderr E loss L rollouts N play MOVES` line
/// per play, best first, then `info rollouts N time MS forced BOOL`.
pub fn hint_lines(
    variant: &Variant,
    pos: &Position,
    time_ms: u64,
    seed: u64,
    weights: WeightChanges,
    out: &mut Vec<String>,
) -> Result<(), String> {
    let config = HintConfig {
        time: Duration::from_millis(time_ms),
        seed,
        weights,
        ..HintConfig::default()
    };
    let result = hint(variant, pos, &config);
    if result.plays.is_empty() {
        return Err("hint: no play to rank".into());
    }
    for (rank, p) in result.plays.iter().enumerate() {
        out.push(format!(
            "hint {} win {:.4} stderr {:.4} loss {:.4} rollouts {} play {}",
            rank + 1,
            p.win,
            p.stderr,
            p.loss,
            p.rollouts,
            play_text(&p.play)
        ));
    }
    out.push(format!(
        "info rollouts {} time {} forced {}",
        result.rollouts,
        result.elapsed.as_millis(),
        result.forced
    ));
    Ok(())
}
