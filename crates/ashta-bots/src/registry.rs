//! Bots by name: `random`, `greedy`, `expecti`, `mcts`, the levels `beginner`, `easy`,
//! `medium`, `hard`, `master`, and `default` (the strongest), and the gauntlet's styles
//! `cautious`, `hunter`, `runner`, `blocker`, `careful` ([`crate::styles`]), and
//! `perfect` (exact play from a solution table of `ashta solve`; `perfect:table=FILE`). Options follow a colon:
//! `mcts:sims=2000`, `expecti:depth=2,time=50`; the searching bots take
//! `draw=W` (how much of its share of a draw counts: 1 by default, 0 as a loss) and
//! `eval=hand|fitted|best` (default `best`: the value net where one is shipped for the
//! rules, else the strongest weights; see [`WeightSet`]). `mcts`, `master` and `default`
//! play two-player endgames from the endgame table when it is built
//! ([`crate::endgames`]; `endgames=off` plays them by search). `engine:"COMMAND ARGS"` runs another
//! program that speaks the engine protocol (see [`crate::external`]).

use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use crate::eval::WeightSet;
use crate::expecti::{ExpectiBot, ExpectiConfig, MultiPlayer, MAX_DEPTH, MAX_THROWS};
use crate::external::{ExternalBot, ExternalError};
use crate::greedy::GreedyBot;
use crate::mcts::{MctsBot, MctsConfig, Opponents};
use crate::perfect::PerfectBot;
use crate::random::RandomBot;
use crate::styles::{Style, StyleBot};
use crate::tuning::{Tuning, WeightChanges};
use ashta_session::Bot;

/// Every bot name [`make_bot`] knows.
pub const BOT_NAMES: &[&str] = &[
    "random", "greedy", "expecti", "mcts", "beginner", "easy", "medium", "hard", "master",
    "default", "cautious", "hunter", "runner", "blocker", "careful", "perfect",
];

/// A bot name or option that is not known.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BotError {
    /// No bot has this name.
    #[error("unknown bot {0:?} (known: {names})", names = BOT_NAMES.join(", "))]
    UnknownBot(String),
    /// An option the bot does not take, or a bad value.
    #[error("bot {bot}: bad option {option:?}: {reason}")]
    BadOption {
        /// The bot.
        bot: String,
        /// The option as given.
        option: String,
        /// What is wrong.
        reason: String,
    },
    /// An external engine (`engine:COMMAND`) cannot be started or used.
    #[error(transparent)]
    Engine(#[from] ExternalError),
}

/// Builds a bot from its spec (`name` or `name:key=value,...`), seeded for
/// reproducibility, playing with the shipped evaluation. `time` is a per-decision budget
/// for the searching bots (they use their own fixed budgets, which are reproducible,
/// when it is `None`). A program that changes the evaluation builds its bots with a
/// [`BotMaker`] instead.
pub fn make_bot(spec: &str, seed: u64, time: Option<Duration>) -> Result<Box<dyn Bot>, BotError> {
    BotMaker::default().make(spec, seed, time)
}

/// Builds bots by name, each playing with the same [`Tuning`]: the one thing a program
/// passes down to wherever its bots are built (seats, tournaments, the server, the
/// engine protocol), in place of a process-wide setting.
#[derive(Clone, Debug, Default)]
pub struct BotMaker {
    /// `None`: the shipped evaluation.
    tuning: Option<Arc<Tuning>>,
}

impl BotMaker {
    /// A maker whose bots play with `tuning`.
    pub fn new(tuning: Tuning) -> BotMaker {
        BotMaker {
            tuning: Some(Arc::new(tuning)),
        }
    }

    /// The tuning its bots play with (`None`: the shipped evaluation).
    pub fn tuning(&self) -> Option<&Arc<Tuning>> {
        self.tuning.as_ref()
    }

    /// The changes to the evaluation's weights its bots play with (for rollout
    /// policies built outside a bot, such as the hint's).
    pub fn weight_changes(&self) -> WeightChanges {
        self.tuning
            .as_ref()
            .map(|t| t.weights.clone())
            .unwrap_or_default()
    }

    /// Builds a bot from its spec, as [`make_bot`] does, with this maker's tuning.
    pub fn make(
        &self,
        spec: &str,
        seed: u64,
        time: Option<Duration>,
    ) -> Result<Box<dyn Bot>, BotError> {
        build(spec, seed, time, self.tuning.clone())
    }
}

fn build(
    spec: &str,
    seed: u64,
    time: Option<Duration>,
    tuning: Option<Arc<Tuning>>,
) -> Result<Box<dyn Bot>, BotError> {
    if let Some(command) = spec.strip_prefix("engine:") {
        return Ok(Box::new(ExternalBot::start(command, seed, time)?));
    }
    let (name, opts) = spec.split_once(':').unwrap_or((spec, ""));
    let mut options: Vec<(String, String)> = Vec::new();
    for opt in opts.split(',').filter(|o| !o.is_empty()) {
        let (k, v) = opt.split_once('=').ok_or_else(|| BotError::BadOption {
            bot: name.into(),
            option: opt.into(),
            reason: "expected key=value".into(),
        })?;
        options.push((k.to_string(), v.to_string()));
    }
    let bad = |option: &str, reason: &str| BotError::BadOption {
        bot: name.into(),
        option: option.into(),
        reason: reason.into(),
    };
    let weight_set = |k: &str, v: &str| -> Result<WeightSet, BotError> {
        match v {
            "hand" => Ok(WeightSet::Hand),
            "fitted" => Ok(WeightSet::Fitted),
            "best" => Ok(WeightSet::Strongest),
            _ => Err(bad(&format!("{k}={v}"), "eval is hand, fitted or best")),
        }
    };
    let number = |k: &str, v: &str| -> Result<f64, BotError> {
        v.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && *x >= 0.0)
            .ok_or_else(|| bad(&format!("{k}={v}"), "expected a non-negative number"))
    };
    // A search setting whose cost grows exponentially with it: refused past `max`.
    let bounded = |k: &str, v: &str, min: u32, max: f64| -> Result<f64, BotError> {
        let x = number(k, v)?;
        if x.fract() != 0.0 || x < min as f64 || x > max {
            return Err(bad(
                &format!("{k}={v}"),
                &format!("{k} is a whole number from {min} to {max}"),
            ));
        }
        Ok(x)
    };
    let millis = |k: &str, v: &str| -> Result<Duration, BotError> {
        Duration::try_from_secs_f64(number(k, v)? / 1000.0).map_err(|_| {
            bad(
                &format!("{k}={v}"),
                "a time in milliseconds, at most about 584 million years",
            )
        })
    };
    let bot: Box<dyn Bot> = match name {
        "random" => {
            if let Some((k, v)) = options.first() {
                return Err(bad(&format!("{k}={v}"), "random takes no options"));
            }
            Box::new(RandomBot::new(seed))
        }
        "perfect" => {
            let mut table = None;
            for (k, v) in &options {
                match k.as_str() {
                    "table" => table = Some(std::path::PathBuf::from(v)),
                    _ => return Err(bad(&format!("{k}={v}"), "perfect takes table=FILE")),
                }
            }
            Box::new(PerfectBot::new(table))
        }
        _ if Style::from_name(name).is_some() => {
            if let Some((k, v)) = options.first() {
                return Err(bad(
                    &format!("{k}={v}"),
                    "the gauntlet's bots take no options",
                ));
            }
            let style = Style::from_name(name).expect("a style");
            Box::new(StyleBot::new(style, seed))
        }
        "greedy" | "beginner" | "easy" => {
            let mut noise = match name {
                "beginner" => 0.25,
                "easy" => 0.08,
                _ => 0.0,
            };
            for (k, v) in &options {
                match k.as_str() {
                    "noise" => noise = number(k, v)?,
                    _ => return Err(bad(&format!("{k}={v}"), "greedy takes noise")),
                }
            }
            let bot = GreedyBot::new(seed, noise);
            match tuning {
                Some(tuning) => Box::new(bot.with_tuning(tuning)),
                None => Box::new(bot),
            }
        }
        "expecti" | "medium" => {
            let mut config = ExpectiConfig::default();
            if name == "medium" {
                config = ExpectiConfig::medium();
            }
            if time.is_some() {
                config.time = time;
            }
            for (k, v) in &options {
                match k.as_str() {
                    "depth" => config.max_depth = bounded(k, v, 1, MAX_DEPTH as f64)? as u32,
                    "multi" => {
                        config.multi = match v.as_str() {
                            "paranoid" => MultiPlayer::Paranoid,
                            "maxn" => MultiPlayer::MaxN,
                            _ => return Err(bad(&format!("{k}={v}"), "multi is paranoid or maxn")),
                        }
                    }
                    "throws" => config.max_throws = bounded(k, v, 1, MAX_THROWS as f64)? as usize,
                    "time" => config.time = Some(millis(k, v)?),
                    "noise" => {
                        config.noise = number(k, v)?;
                        config.noise_multi = config.noise;
                    }
                    "eval" => config.weights = weight_set(k, v)?,
                    "draw" => config.draw_weight = number(k, v)?,
                    _ => {
                        return Err(bad(
                            &format!("{k}={v}"),
                            "expecti takes depth, time (ms), noise, multi (paranoid|maxn), throws, eval, draw",
                        ))
                    }
                }
            }
            config.tuning = tuning;
            Box::new(ExpectiBot::new(seed, config))
        }
        "mcts" | "hard" | "master" | "default" => {
            let mut config = match name {
                "hard" => MctsConfig::hard(),
                _ => MctsConfig::default(),
            };
            if time.is_some() {
                config.time = time;
            }
            for (k, v) in &options {
                match k.as_str() {
                    "sims" => config.simulations = number(k, v)? as u64,
                    "time" => config.time = Some(millis(k, v)?),
                    "c" => {
                        config.exploration = number(k, v)?;
                        config.exploration_multi = config.exploration;
                    }
                    "noise" => {
                        config.noise = number(k, v)?;
                        config.noise_multi = config.noise;
                    }
                    "eval" => config.weights = weight_set(k, v)?,
                    "opponents" => {
                        config.opponents = match v.as_str() {
                            "search" => Opponents::Search,
                            "greedy" => Opponents::Greedy,
                            "recognise" => Opponents::Recognise,
                            style => match Style::from_name(style) {
                                Some(style) => Opponents::Style(style),
                                None => {
                                    return Err(bad(
                                        &format!("{k}={v}"),
                                        "opponents is search, greedy, recognise or a gauntlet style \
                                         (cautious, hunter, runner, blocker, careful)",
                                    ))
                                }
                            },
                        }
                    }
                    "recognise" => config.recognise_after = number(k, v)? as u32,
                    "endgames" => {
                        config.endgames = match v.as_str() {
                            "on" => true,
                            "off" => false,
                            _ => return Err(bad(&format!("{k}={v}"), "endgames is on or off")),
                        }
                    }
                    "draw" => config.draw_weight = number(k, v)?,
                    "prior" => {
                        config.prior_visits = number(k, v)?;
                        // With none, a play not yet visited would have no value at all.
                        if config.prior_visits == 0.0 {
                            return Err(bad(&format!("{k}={v}"), "prior is above 0"));
                        }
                    }
                    _ => return Err(bad(
                        &format!("{k}={v}"),
                        "mcts takes sims, time (ms), c, noise, eval, opponents, recognise, draw, prior, endgames (on|off)",
                    )),
                }
            }
            config.tuning = tuning;
            Box::new(MctsBot::new(seed, config))
        }
        _ => return Err(BotError::UnknownBot(spec.to_string())),
    };
    Ok(bot)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::parse_any;

    #[test]
    fn a_time_too_long_for_a_duration_is_refused_not_a_panic() {
        for spec in ["expecti:time=1e300", "mcts:time=1e300", "medium:time=1e30"] {
            let err = make_bot(spec, 1, None).err().expect(spec).to_string();
            assert!(err.contains("time=1e"), "{spec}: {err}");
        }
        assert!(make_bot("mcts:time=1e12", 1, None).is_ok());
    }

    #[test]
    fn expecti_depth_and_throws_are_bounded() {
        for spec in [
            "expecti:throws=5",
            "expecti:throws=0",
            "expecti:depth=13",
            "medium:depth=1000000",
            "expecti:depth=2.5",
        ] {
            let err = make_bot(spec, 1, None).err().expect(spec).to_string();
            assert!(err.contains("is a whole number from 1 to"), "{spec}: {err}");
        }
        assert!(make_bot("expecti:throws=4,depth=12", 1, None).is_ok());
    }

    #[test]
    fn the_eval_option_chooses_what_a_searching_bot_evaluates_with() {
        // Two players on the standard rules: `best` is the shipped value net.
        let (v, pos) = parse_any("standard 5 2 0 3 4,9,9,9/13,0,0,0 - - 0").unwrap();
        let score = |spec: &str| make_bot(spec, 1, None).unwrap().analyse(&v, &pos)[0].score;
        let net = score("expecti:depth=1");
        assert_eq!(net, score("expecti:depth=1,eval=best"));
        assert_ne!(net, score("expecti:depth=1,eval=hand"));
        assert_ne!(score("mcts:sims=200"), score("mcts:sims=200,eval=fitted"));
        let err = make_bot("mcts:eval=nets", 1, None)
            .err()
            .unwrap()
            .to_string();
        assert!(err.contains("eval is hand, fitted or best"), "{err}");
    }

    #[test]
    fn the_c_option_sets_the_exploration_for_every_number_of_players() {
        let score = |text: &str, spec: &str| {
            let (v, pos) = parse_any(text).unwrap();
            make_bot(spec, 1, None).unwrap().analyse(&v, &pos)[0].score
        };
        let two = "standard 5 2 0 3 4,9,9,9/13,0,0,0 - - 0";
        let four = "standard 5 4 0 3 4,9,9,9/13,0,0,0/2,0,0,0/6,0,0,0 - - 0";
        // The default is 0.3 with two players and 0.1 with three or four; `c` sets
        // both.
        assert_eq!(
            score(two, "mcts:sims=300"),
            score(two, "mcts:sims=300,c=0.3")
        );
        assert_eq!(
            score(four, "mcts:sims=300"),
            score(four, "mcts:sims=300,c=0.1")
        );
        assert_ne!(
            score(four, "mcts:sims=300"),
            score(four, "mcts:sims=300,c=0.3")
        );
    }

    #[test]
    fn the_prior_option_sets_how_many_visits_the_evaluation_counts_for() {
        let (v, pos) = parse_any("standard 5 2 0 3 4,9,9,9/13,0,0,0 - - 0").unwrap();
        let score = |spec: &str| make_bot(spec, 1, None).unwrap().analyse(&v, &pos)[0].score;
        assert_eq!(score("mcts:sims=300"), score("mcts:sims=300,prior=2"));
        assert_ne!(score("mcts:sims=300"), score("mcts:sims=300,prior=8"));
        for (spec, says) in [
            ("mcts:prior=-1", "expected a non-negative number"),
            ("mcts:prior=0", "prior is above 0"),
        ] {
            let err = make_bot(spec, 1, None).err().unwrap().to_string();
            assert!(err.contains(says), "{spec}: {err}");
        }
    }

    #[test]
    fn the_opponents_option_is_search_greedy_recognise_or_a_style() {
        let (v, pos) = parse_any("standard 5 2 0 3 4,9,9,9/13,0,0,0 - - 0").unwrap();
        let score = |spec: &str| make_bot(spec, 1, None).unwrap().analyse(&v, &pos)[0].score;
        assert_eq!(
            score("mcts:sims=300"),
            score("mcts:sims=300,opponents=search")
        );
        assert_ne!(
            score("mcts:sims=300"),
            score("mcts:sims=300,opponents=greedy")
        );
        assert_ne!(
            score("mcts:sims=300,opponents=greedy"),
            score("mcts:sims=300,opponents=runner")
        );
        let err = make_bot("mcts:opponents=smart", 1, None)
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("opponents is search, greedy, recognise or a gauntlet style"),
            "{err}"
        );
    }
}
