//! A gauntlet: one bot against each opponent of a list (by default every style of
//! [`ashta_bots::styles::GAUNTLET`]), in two-player matches and in four-player ones where
//! the bot holds one seat and the opponent the other three. Each match is a
//! [`run_tournament`] (seats rotated over shared throws); each line reports the bot's
//! wins, draws and losses with 95% Wilson intervals and its score, a draw counting
//! half a win.

use std::time::Duration;

use ashta_bots::BotMaker;
use ashta_engine::{Rules, Variant};
use serde::Serialize;

use crate::stats::{mean_ci, wilson};
use crate::tournament::{run_tournament, DrawCounts, TournamentConfig, TournamentError};

/// What a gauntlet plays.
#[derive(Clone, Debug)]
pub struct GauntletConfig {
    /// The rules; their player count is replaced by each of `players`.
    pub rules: Rules,
    /// The bot under test (a spec as [`ashta_bots::make_bot`] takes it).
    pub bot: String,
    /// Its opponents.
    pub opponents: Vec<String>,
    /// Player counts to play (2 and 4 by default).
    pub players: Vec<usize>,
    /// Games per match (rounded up to a multiple of the players).
    pub games: u64,
    /// Seed of the throws and the bots.
    pub seed: u64,
    /// Per-decision time budget for the searching bots.
    pub time: Option<Duration>,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// Builds the bots, with the program's tuning.
    pub maker: BotMaker,
}

/// A count out of the games of a match, with its 95% Wilson interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Share {
    /// How many games.
    pub count: u64,
    /// Their share of the games.
    pub rate: f64,
    /// Its 95% interval.
    pub ci95: [f64; 2],
}

impl Share {
    fn of(count: u64, games: u64) -> Share {
        Share {
            count,
            rate: count as f64 / games.max(1) as f64,
            ci95: wilson(count, games),
        }
    }
}

/// One match of the gauntlet.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GauntletLine {
    /// Players in each game.
    pub players: usize,
    /// The opponent (every seat but one).
    pub opponent: String,
    /// Games played.
    pub games: u64,
    /// Games the bot won.
    pub wins: Share,
    /// Games nobody won.
    pub draws: Share,
    /// Games an opponent's seat won.
    pub losses: Share,
    /// (wins + draws / 2) / games.
    pub score: f64,
    /// Its 95% normal interval, within 0..1.
    pub score_ci95: [f64; 2],
    /// The bot's chance to win if all seats were equal: 1 / players.
    pub chance: f64,
    /// The draws by reason.
    pub draw_reasons: DrawCounts,
    /// Mean game length in turns.
    pub mean_turns: f64,
}

/// Everything a gauntlet found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GauntletResult {
    /// The bot under test.
    pub bot: String,
    /// The seed.
    pub seed: u64,
    /// One line per match: for each player count, each opponent in order.
    pub lines: Vec<GauntletLine>,
}

/// Plays the gauntlet. `progress` is called with 1 each time a game ends.
pub fn run_gauntlet(
    config: &GauntletConfig,
    progress: impl Fn(u64) + Sync,
) -> Result<GauntletResult, TournamentError> {
    let mut lines = Vec::new();
    for &players in &config.players {
        let seats = u8::try_from(players).unwrap_or(u8::MAX);
        let variant = Variant::new(Rules {
            players: seats,
            ..config.rules.clone()
        })
        .map_err(|e| TournamentError::Rules(e.to_string()))?;
        for opponent in &config.opponents {
            let match_config = TournamentConfig {
                variant: variant.clone(),
                bots: vec![config.bot.clone(), opponent.clone()],
                games: config.games,
                seed: config.seed,
                time: config.time,
                threads: config.threads,
                maker: config.maker.clone(),
            };
            let result = run_tournament(&match_config, &progress)?;
            let games = result.games;
            let wins = result.lineup_wins[0];
            let draws = result.draws;
            let losses = games - wins - draws;
            let (score, [lo, hi]) = mean_ci(
                games,
                wins as f64 + 0.5 * draws as f64,
                wins as f64 + 0.25 * draws as f64,
            );
            let score_ci95 = [lo.max(0.0), hi.min(1.0)];
            lines.push(GauntletLine {
                players,
                opponent: opponent.clone(),
                games,
                wins: Share::of(wins, games),
                draws: Share::of(draws, games),
                losses: Share::of(losses, games),
                score,
                score_ci95,
                chance: 1.0 / players as f64,
                draw_reasons: result.draw_reasons,
                mean_turns: result.mean_turns,
            });
        }
    }
    Ok(GauntletResult {
        bot: config.bot.clone(),
        seed: config.seed,
        lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gauntlet_line_adds_up_to_its_games() {
        let config = GauntletConfig {
            rules: Rules::standard(),
            bot: "greedy".into(),
            opponents: vec!["runner".into(), "cautious".into()],
            players: vec![2, 4],
            games: 8,
            seed: 3,
            time: None,
            threads: Some(1),
            maker: Default::default(),
        };
        let result = run_gauntlet(&config, |_| {}).unwrap();
        assert_eq!(result.lines.len(), 4);
        for line in &result.lines {
            assert_eq!(
                line.wins.count + line.draws.count + line.losses.count,
                line.games
            );
            let frozen_and_limit = line.draw_reasons.frozen + line.draw_reasons.turn_limit;
            assert_eq!(frozen_and_limit, line.draws.count);
            assert!(line.score_ci95[0] <= line.score && line.score <= line.score_ci95[1]);
        }
        assert_eq!(result.lines[2].players, 4);
        // The bot's own wins, not every seat's, when it meets itself.
        let mirror = GauntletConfig {
            opponents: vec!["greedy".into()],
            players: vec![4],
            ..config
        };
        let line = &run_gauntlet(&mirror, |_| {}).unwrap().lines[0];
        assert!(line.wins.count < line.games / 2, "{line:?}");
        assert_eq!(result.lines[2].chance, 0.25);
    }

    #[test]
    fn a_bad_opponent_is_named() {
        let config = GauntletConfig {
            rules: Rules::standard(),
            bot: "greedy".into(),
            opponents: vec!["sneaky".into()],
            players: vec![2],
            games: 2,
            seed: 0,
            time: None,
            threads: Some(1),
            maker: Default::default(),
        };
        let err = run_gauntlet(&config, |_| {}).unwrap_err().to_string();
        assert!(err.contains("sneaky"), "{err}");
    }
}
