//! Tournaments between bots, with the luck of the throws cut out as far as it can be.
//!
//! **Seats.** A tournament has one bot per seat: `bots` lists 2 to P bot specs (P the
//! number of players) and, when there are fewer than P, the *last* one fills the
//! remaining seats, so `["mcts", "random"]` with 4 players is MCTS against three random
//! movers. These P seat occupants form the lineup.
//!
//! **Shared throws.** Games come in groups of P. Every game of group `g` takes its
//! throws from the same seeded stream (`SeededThrows::with_stream(seed, g)`), and game
//! `r` of the group rotates the lineup by `r` seats: occupant `k` sits in seat
//! `(k + r) mod P`. So every occupant plays every seat equally often, and every throw
//! sequence is replayed once for each seating. The number of games asked for is rounded
//! up to a multiple of P. Each bot is made afresh for its game with a seed derived from
//! (seed, group, rotation, seat), so a tournament gives the same results on any number
//! of threads.
//!
//! **Results.** One entry per distinct bot spec. A spec that fills `m` seats (the last
//! one, or one listed twice) has the win rate `wins / (games × m)`: its wins per seat it
//! holds, so that chance is 1/P for every entry. Its 95% interval is the Wilson score
//! interval of `wins` of `games` (a game is won by one of its seats or it is not)
//! divided by `m`. Draws are counted apart (a game with no winner).
//!
//! **Head to head.** With exactly two distinct bots, the decisive games are tested with
//! the two-sided exact binomial test against the share of seats A holds (½ when each
//! holds the same number): the null hypothesis is that A and B win equally often per
//! seat. With two players, the throw pairs (the two seatings of one throw sequence) are
//! also counted by who won both.
//!
//! **Round robin.** [`run_round_robin`] plays every pair of bots in two-player matches
//! as above and fits Bradley–Terry ratings (see [`crate::stats::bradley_terry`]) to the
//! pairwise scores, a draw being half a win to each side.

use std::time::Duration;

use ashta_engine::{DrawReason, SeededThrows, Variant};
use rayon::prelude::*;
use serde::Serialize;
use thiserror::Error;

use crate::stats::{binomial_test, bradley_terry, bradley_terry_mle_exists, mean_ci, wilson, Z95};
use ashta_bots::{BotError, BotMaker};
use ashta_session::selfplay::try_play_game;
use ashta_session::Bot;

/// What a tournament plays.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The rules (and so the number of players P).
    pub variant: Variant,
    /// Bot specs as [`ashta_bots::make_bot`] takes them, 2 to P; the last fills the
    /// empty seats.
    pub bots: Vec<String>,
    /// Games to play, rounded up to a multiple of P.
    pub games: u64,
    /// Seed of the throws and the bots.
    pub seed: u64,
    /// Per-decision time budget for the searching bots (`None`: their own fixed,
    /// reproducible budgets).
    pub time: Option<Duration>,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// Builds the bots, with the program's tuning.
    pub maker: BotMaker,
}

/// Why a tournament cannot be played.
#[derive(Debug, Error)]
pub enum TournamentError {
    /// A bot spec is not known or has a bad option.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// Fewer than two bots.
    #[error("a tournament needs at least two bots, got {0}")]
    TooFewBots(usize),
    /// More bots than seats.
    #[error("{bots} bots for {players} players: give at most one bot per seat (or more players)")]
    TooManyBots {
        /// Bots given.
        bots: usize,
        /// Seats.
        players: usize,
    },
    /// A round robin between fewer than two different bots.
    #[error("a round robin needs at least two different bots")]
    TooFewDistinctBots,
    /// A round robin under rules that are not for two players.
    #[error("a round robin plays two-player matches; these rules have {0} players")]
    NotTwoPlayers(usize),
    /// The rules for one of the player counts are refused.
    #[error("invalid rules: {0}")]
    Rules(String),
    /// No games asked for.
    #[error("no games to play: ask for at least one")]
    NoGames,
    /// The worker threads could not start.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// A bot failed during a game (an external engine that died, timed out or made an
    /// illegal play).
    #[error("game {game}: {failure}")]
    BotFailed {
        /// The game's index in the tournament.
        game: u64,
        /// What failed.
        failure: ashta_session::BotFailure,
    },
}

/// Games without a winner, by reason.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DrawCounts {
    /// No player could move.
    pub frozen: u64,
    /// The turn limit was reached.
    pub turn_limit: u64,
}

/// One bot's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotResult {
    /// The bot's spec.
    pub bot: String,
    /// Seats it holds in every game.
    pub seats: usize,
    /// Games won by any of its seats.
    pub wins: u64,
    /// Wins per seat held: `wins / (games × seats)`.
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate.
    pub ci95: [f64; 2],
    /// The win rate of a bot no better than the others: 1/P.
    pub chance: f64,
    /// Its wins by the seat that won.
    pub wins_by_seat: Vec<u64>,
}

/// Who won both games of a throw sequence played with both seatings (two players).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Paired {
    /// Throw sequences A won with both seatings.
    pub a_both: u64,
    /// Throw sequences B won with both seatings.
    pub b_both: u64,
    /// One game each.
    pub split: u64,
    /// At least one of the two games drawn.
    pub with_draws: u64,
}

/// A match between exactly two distinct bots.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeadToHead {
    /// The first bot.
    pub a: String,
    /// The second bot.
    pub b: String,
    /// Games A won.
    pub wins_a: u64,
    /// Games B won.
    pub wins_b: u64,
    /// Games nobody won.
    pub draws: u64,
    /// A's share of the decisive games.
    pub share_a: f64,
    /// Its 95% Wilson interval.
    pub share_a_ci95: [f64; 2],
    /// A's expected share if A and B were equally strong per seat: its share of seats.
    pub null_share_a: f64,
    /// The two-sided p-value of the exact binomial test of A's share of decisive games
    /// against `null_share_a`.
    pub p_value: f64,
    /// The test used.
    pub test: &'static str,
    /// The outcome by throw sequence, with two players.
    pub paired: Option<Paired>,
}

/// Everything a tournament found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentResult {
    /// Games played (a multiple of P).
    pub games: u64,
    /// Games asked for.
    pub requested_games: u64,
    /// Players per game.
    pub players: usize,
    /// The seed.
    pub seed: u64,
    /// The occupant of each seat in the first game of each group.
    pub lineup: Vec<String>,
    /// Games nobody won.
    pub draws: u64,
    /// Those by reason.
    pub draw_reasons: DrawCounts,
    /// Mean game length in turns (throwing phases).
    pub mean_turns: f64,
    /// Its 95% normal interval.
    pub mean_turns_ci95: [f64; 2],
    /// The longest game.
    pub max_turns: u32,
    /// Wins by seat, whichever bot held it.
    pub seat_wins: Vec<u64>,
    /// Wins by place in the lineup (the occupant that sat in seat `k` of the first game
    /// of each group is place `k`), apart even where two places hold the same spec.
    pub lineup_wins: Vec<u64>,
    /// One entry per distinct bot, in the order given.
    pub results: Vec<BotResult>,
    /// With exactly two distinct bots, their match.
    pub head_to_head: Option<HeadToHead>,
}

/// One game as the tournament keeps it.
#[derive(Clone, Copy, Debug)]
struct TournamentGame {
    /// The lineup index of the winner.
    winner: Option<usize>,
    /// The winning seat.
    seat: Option<usize>,
    draw: Option<DrawReason>,
    turns: u32,
}

/// Splits a comma-separated bot list into specs, keeping each bot's options together:
/// `mcts:sims=200,c=1.2,random` is `mcts:sims=200,c=1.2` and `random` (a piece with `=`
/// but no `:` continues the previous spec). Commas inside double quotes do not split:
/// `engine:"prog --list a,b",random` is two specs.
pub fn parse_bot_list(list: &str) -> Vec<String> {
    let mut specs: Vec<String> = Vec::new();
    for piece in split_outside_quotes(list)
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        match specs.last_mut() {
            Some(last) if piece.contains('=') && !piece.contains(':') && last.contains(':') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => specs.push(piece.to_string()),
        }
    }
    specs
}

/// Splits at the commas that are not inside double quotes.
fn split_outside_quotes(list: &str) -> Vec<&str> {
    let mut pieces = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (i, c) in list.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => {
                pieces.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    pieces.push(&list[start..]);
    pieces
}

/// The seat occupants: the bots, the last repeated to fill `players` seats.
fn lineup(bots: &[String], players: usize) -> Result<Vec<String>, TournamentError> {
    if bots.len() < 2 {
        return Err(TournamentError::TooFewBots(bots.len()));
    }
    if bots.len() > players {
        return Err(TournamentError::TooManyBots {
            bots: bots.len(),
            players,
        });
    }
    let mut seats = bots.to_vec();
    let last = bots[bots.len() - 1].clone();
    seats.resize(players, last);
    Ok(seats)
}

/// The distinct specs in order of first appearance.
fn distinct(specs: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in specs {
        if !out.contains(s) {
            out.push(s.clone());
        }
    }
    out
}

/// Checks every spec by making its bot once.
fn check_bots(maker: &BotMaker, specs: &[String]) -> Result<(), TournamentError> {
    for spec in specs {
        maker.make(spec, 0, None)?;
    }
    Ok(())
}

/// SplitMix64's finaliser: a well-mixed 64-bit function of a 64-bit input.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The seed of the bot in `seat` of rotation `rotation` of group `group`.
fn bot_seed(seed: u64, group: u64, rotation: usize, seat: usize) -> u64 {
    mix(mix(mix(mix(seed) ^ group) ^ rotation as u64) ^ seat as u64)
}

/// Plays game `rotation` of group `group`: the lineup rotated by `rotation` seats, on
/// the group's throws.
fn play_rotated(
    maker: &BotMaker,
    variant: &Variant,
    lineup: &[String],
    seed: u64,
    group: u64,
    rotation: usize,
    time: Option<Duration>,
) -> Result<TournamentGame, TournamentError> {
    let p = lineup.len();
    let occupant = |seat: usize| (seat + p - rotation) % p;
    let bots: Vec<Box<dyn Bot>> = (0..p)
        .map(|seat| {
            maker.make(
                &lineup[occupant(seat)],
                bot_seed(seed, group, rotation, seat),
                time,
            )
        })
        .collect::<Result<_, _>>()?;
    let throws = SeededThrows::with_stream(seed, group);
    let outcome =
        try_play_game(variant, bots, throws).map_err(|failure| TournamentError::BotFailed {
            game: group * p as u64 + rotation as u64,
            failure,
        })?;
    Ok(TournamentGame {
        winner: outcome.winner.map(occupant),
        seat: outcome.winner,
        draw: if outcome.winner.is_none() {
            Some(outcome.draw.unwrap_or(DrawReason::TurnLimit))
        } else {
            None
        },
        turns: outcome.turns,
    })
}

/// A thread pool of `threads` workers (one per core when `None`).
fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool, TournamentError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| TournamentError::Threads(e.to_string()))
}

/// Plays `count` games on `pool`, game `i` by `play(i)`, calling `progress(1)` after
/// each; the games come back in order, or the first error.
fn play_all<F, P>(
    pool: &rayon::ThreadPool,
    count: u64,
    play: F,
    progress: P,
) -> Result<Vec<TournamentGame>, TournamentError>
where
    F: Fn(u64) -> Result<TournamentGame, TournamentError> + Sync,
    P: Fn(u64) + Sync,
{
    pool.install(|| {
        (0..count as usize)
            .into_par_iter()
            .with_max_len(1)
            .map(|i| {
                let game = play(i as u64)?;
                progress(1);
                Ok(game)
            })
            .collect()
    })
}

/// Plays a tournament. `progress` is called with 1 each time a game ends (from the
/// worker threads); the results do not depend on the number of threads.
pub fn run_tournament(
    config: &TournamentConfig,
    progress: impl Fn(u64) + Sync,
) -> Result<TournamentResult, TournamentError> {
    let players = config.variant.players();
    let lineup = lineup(&config.bots, players)?;
    let entries = distinct(&lineup);
    check_bots(&config.maker, &entries)?;
    if config.games == 0 {
        return Err(TournamentError::NoGames);
    }
    let groups = config.games.div_ceil(players as u64);
    let pool = pool(config.threads)?;
    let p = players as u64;
    let games = play_all(
        &pool,
        groups * p,
        |i| {
            play_rotated(
                &config.maker,
                &config.variant,
                &lineup,
                config.seed,
                i / p,
                (i % p) as usize,
                config.time,
            )
        },
        progress,
    )?;
    Ok(summarise(config, &lineup, &entries, &games, groups))
}

/// Sums the games up.
fn summarise(
    config: &TournamentConfig,
    lineup: &[String],
    entries: &[String],
    games: &[TournamentGame],
    groups: u64,
) -> TournamentResult {
    let players = lineup.len();
    let n = games.len() as u64;
    let entry_of: Vec<usize> = lineup
        .iter()
        .map(|s| entries.iter().position(|e| e == s).expect("an entry"))
        .collect();
    let seats_of: Vec<usize> = (0..entries.len())
        .map(|e| entry_of.iter().filter(|&&x| x == e).count())
        .collect();
    let mut wins = vec![0u64; entries.len()];
    let mut wins_by_seat = vec![vec![0u64; players]; entries.len()];
    let mut seat_wins = vec![0u64; players];
    let mut lineup_wins = vec![0u64; players];
    let mut draw_reasons = DrawCounts::default();
    let (mut sum, mut sum_sq, mut max_turns) = (0.0, 0.0, 0);
    for game in games {
        if let (Some(k), Some(seat)) = (game.winner, game.seat) {
            wins[entry_of[k]] += 1;
            wins_by_seat[entry_of[k]][seat] += 1;
            seat_wins[seat] += 1;
            lineup_wins[k] += 1;
        }
        match game.draw {
            Some(DrawReason::Frozen) => draw_reasons.frozen += 1,
            // A tournament declares no draw of its own but its turn limit.
            Some(DrawReason::TurnLimit | DrawReason::Declared) => draw_reasons.turn_limit += 1,
            None => {}
        }
        let t = game.turns as f64;
        sum += t;
        sum_sq += t * t;
        max_turns = max_turns.max(game.turns);
    }
    let draws = draw_reasons.frozen + draw_reasons.turn_limit;
    let (mean_turns, mean_turns_ci95) = mean_ci(n, sum, sum_sq);
    let chance = 1.0 / players as f64;
    let results: Vec<BotResult> = entries
        .iter()
        .enumerate()
        .map(|(e, bot)| {
            let m = seats_of[e] as f64;
            let ci = wilson(wins[e], n);
            BotResult {
                bot: bot.clone(),
                seats: seats_of[e],
                wins: wins[e],
                win_rate: wins[e] as f64 / (n as f64 * m),
                ci95: [ci[0] / m, ci[1] / m],
                chance,
                wins_by_seat: wins_by_seat[e].clone(),
            }
        })
        .collect();
    let head_to_head = (entries.len() == 2).then(|| {
        let (wins_a, wins_b) = (wins[0], wins[1]);
        let decisive = wins_a + wins_b;
        let null_share_a = seats_of[0] as f64 / players as f64;
        let paired = (players == 2).then(|| {
            let mut paired = Paired::default();
            for g in 0..groups as usize {
                let pair = &games[2 * g..2 * g + 2];
                if pair.iter().any(|x| x.winner.is_none()) {
                    paired.with_draws += 1;
                    continue;
                }
                let a = pair.iter().filter(|x| x.winner == Some(0)).count();
                match a {
                    2 => paired.a_both += 1,
                    0 => paired.b_both += 1,
                    _ => paired.split += 1,
                }
            }
            paired
        });
        HeadToHead {
            a: entries[0].clone(),
            b: entries[1].clone(),
            wins_a,
            wins_b,
            draws,
            share_a: if decisive > 0 {
                wins_a as f64 / decisive as f64
            } else {
                0.5
            },
            share_a_ci95: wilson(wins_a, decisive),
            null_share_a,
            p_value: binomial_test(wins_a, decisive, null_share_a),
            test: "exact binomial, two-sided, draws left out",
            paired,
        }
    });
    TournamentResult {
        games: n,
        requested_games: config.games,
        players,
        seed: config.seed,
        lineup: lineup.to_vec(),
        draws,
        draw_reasons,
        mean_turns,
        mean_turns_ci95,
        max_turns,
        seat_wins,
        lineup_wins,
        results,
        head_to_head,
    }
}

/// What a round robin plays: every pair of `bots` meets in a two-player match of
/// `games` games (rounded up to even), under `variant`, which must be for two players.
#[derive(Clone, Debug)]
pub struct RoundRobinConfig {
    /// The rules, for two players.
    pub variant: Variant,
    /// Bot specs; repeated ones count once.
    pub bots: Vec<String>,
    /// Games per pair of bots.
    pub games: u64,
    /// Seed of the throws and the bots (every pair plays the same throw sequences).
    pub seed: u64,
    /// Per-decision time budget for the searching bots.
    pub time: Option<Duration>,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// Builds the bots, with the program's tuning.
    pub maker: BotMaker,
}

/// One pairing of a round robin.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairResult {
    /// The first bot.
    pub a: String,
    /// The second bot.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// Games A won.
    pub wins_a: u64,
    /// Games B won.
    pub wins_b: u64,
    /// Games drawn.
    pub draws: u64,
    /// Two-sided exact binomial test of A's share of the decisive games against ½.
    pub p_value: f64,
}

/// A bot's line in the rating list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// The bot.
    pub bot: String,
    /// Its Bradley–Terry rating on the Elo scale, 400·log10 of its strength relative to
    /// the anchor's.
    pub elo: f64,
    /// Its 95% interval (from the fit's Fisher information; relative to the anchor).
    pub ci95: [f64; 2],
    /// Games played.
    pub games: u64,
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// Score: (wins + draws/2) / games.
    pub score: f64,
}

/// Everything a round robin found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundRobinResult {
    /// Games per pair (even).
    pub games_per_pair: u64,
    /// Games per pair asked for.
    pub requested_games_per_pair: u64,
    /// The seed.
    pub seed: u64,
    /// The bots, in the order given.
    pub bots: Vec<String>,
    /// Every pairing, in the order of the bots.
    pub pairs: Vec<PairResult>,
    /// The rating list, best first.
    pub ratings: Vec<Rating>,
    /// The bot rated 0: `random` when it played, else the weakest.
    pub anchor: String,
    /// Virtual draws added to every pairing so that the ratings exist (0 unless some
    /// bot won or lost every game it played).
    pub virtual_draws_per_pair: f64,
    /// Mean game length in turns over all games.
    pub mean_turns: f64,
}

/// Plays a round robin and fits the rating list. `progress` is called with 1 each time
/// a game ends.
pub fn run_round_robin(
    config: &RoundRobinConfig,
    progress: impl Fn(u64) + Sync,
) -> Result<RoundRobinResult, TournamentError> {
    let players = config.variant.players();
    if players != 2 {
        return Err(TournamentError::NotTwoPlayers(players));
    }
    let bots = distinct(&config.bots);
    if bots.len() < 2 {
        return Err(TournamentError::TooFewDistinctBots);
    }
    check_bots(&config.maker, &bots)?;
    if config.games == 0 {
        return Err(TournamentError::NoGames);
    }
    let k = bots.len();
    let pairs: Vec<(usize, usize)> = (0..k)
        .flat_map(|i| (i + 1..k).map(move |j| (i, j)))
        .collect();
    let groups = config.games.div_ceil(2);
    let per_pair = groups * 2;
    let lineups: Vec<[String; 2]> = pairs
        .iter()
        .map(|&(i, j)| [bots[i].clone(), bots[j].clone()])
        .collect();
    let pool = pool(config.threads)?;
    let games = play_all(
        &pool,
        per_pair * pairs.len() as u64,
        |t| {
            let (pair, i) = (t / per_pair, t % per_pair);
            play_rotated(
                &config.maker,
                &config.variant,
                &lineups[pair as usize],
                config.seed,
                i / 2,
                (i % 2) as usize,
                config.time,
            )
        },
        progress,
    )?;
    let mut scores = vec![vec![0.0; k]; k];
    let mut played = vec![vec![0.0; k]; k];
    let mut record = vec![(0u64, 0u64, 0u64); k]; // wins, draws, losses
    let mut pair_results = Vec::new();
    let mut turns = 0.0;
    for (n, &(i, j)) in pairs.iter().enumerate() {
        let chunk = &games[n * per_pair as usize..(n + 1) * per_pair as usize];
        let wins_a = chunk.iter().filter(|g| g.winner == Some(0)).count() as u64;
        let wins_b = chunk.iter().filter(|g| g.winner == Some(1)).count() as u64;
        let draws = per_pair - wins_a - wins_b;
        turns += chunk.iter().map(|g| g.turns as f64).sum::<f64>();
        scores[i][j] += wins_a as f64 + draws as f64 / 2.0;
        scores[j][i] += wins_b as f64 + draws as f64 / 2.0;
        played[i][j] += per_pair as f64;
        played[j][i] += per_pair as f64;
        record[i].0 += wins_a;
        record[i].1 += draws;
        record[i].2 += wins_b;
        record[j].0 += wins_b;
        record[j].1 += draws;
        record[j].2 += wins_a;
        pair_results.push(PairResult {
            a: bots[i].clone(),
            b: bots[j].clone(),
            games: per_pair,
            wins_a,
            wins_b,
            draws,
            p_value: binomial_test(wins_a, wins_a + wins_b, 0.5),
        });
    }
    let virtual_draws_per_pair = if bradley_terry_mle_exists(&scores) {
        0.0
    } else {
        1.0
    };
    for &(i, j) in &pairs {
        scores[i][j] += virtual_draws_per_pair / 2.0;
        scores[j][i] += virtual_draws_per_pair / 2.0;
    }
    let fit = bradley_terry(&scores);
    let anchor = bots.iter().position(|b| b == "random").unwrap_or_else(|| {
        (0..k)
            .min_by(|&a, &b| fit.strength[a].total_cmp(&fit.strength[b]))
            .expect("two bots or more")
    });
    let se = fit.elo_standard_errors(&played, anchor);
    let mut ratings: Vec<Rating> = (0..k)
        .map(|i| {
            let elo = fit.elo(i, anchor);
            let half = se.as_ref().map_or(f64::INFINITY, |s| Z95 * s[i]);
            let (wins, draws, losses) = record[i];
            let games = wins + draws + losses;
            Rating {
                bot: bots[i].clone(),
                elo,
                ci95: [elo - half, elo + half],
                games,
                wins,
                draws,
                losses,
                score: (wins as f64 + draws as f64 / 2.0) / games as f64,
            }
        })
        .collect();
    ratings.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    Ok(RoundRobinResult {
        games_per_pair: per_pair,
        requested_games_per_pair: config.games,
        seed: config.seed,
        bots: bots.clone(),
        pairs: pair_results,
        ratings,
        anchor: bots[anchor].clone(),
        virtual_draws_per_pair,
        mean_turns: turns / games.len() as f64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::Rules;

    fn two_players() -> Variant {
        let rules = Rules {
            players: 2,
            ..Rules::default()
        };
        Variant::new(rules).unwrap()
    }

    fn config(bots: &[&str], games: u64, threads: usize) -> TournamentConfig {
        TournamentConfig {
            variant: two_players(),
            bots: bots.iter().map(|s| s.to_string()).collect(),
            games,
            seed: 7,
            time: None,
            threads: Some(threads),
            maker: Default::default(),
        }
    }

    #[test]
    fn bot_lists_keep_options_together() {
        assert_eq!(
            parse_bot_list("mcts:sims=200,c=1.2,random, greedy"),
            ["mcts:sims=200,c=1.2", "random", "greedy"]
        );
        assert_eq!(parse_bot_list("a,,b"), ["a", "b"]);
    }

    #[test]
    fn engine_specs_keep_quoted_commas_and_their_options() {
        assert_eq!(
            parse_bot_list(r#"engine:"prog --list a,b",timeout=500,greedy"#),
            [r#"engine:"prog --list a,b",timeout=500"#, "greedy"]
        );
        assert_eq!(
            parse_bot_list("engine:target/release/ashta engine,default"),
            ["engine:target/release/ashta engine", "default"]
        );
    }

    #[test]
    fn lineups_fill_seats_with_the_last_bot() {
        let bots = vec!["mcts".to_string(), "random".to_string()];
        assert_eq!(
            lineup(&bots, 4).unwrap(),
            ["mcts", "random", "random", "random"]
        );
        assert!(matches!(
            lineup(&bots[..1], 4),
            Err(TournamentError::TooFewBots(1))
        ));
        let three: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        assert!(matches!(
            lineup(&three, 2),
            Err(TournamentError::TooManyBots {
                bots: 3,
                players: 2
            })
        ));
    }

    #[test]
    fn unknown_bots_are_refused_with_the_known_names() {
        let err = run_tournament(&config(&["greedy", "nobody"], 2, 1), |_| {}).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("nobody") && text.contains("random, greedy"),
            "{text}"
        );
    }

    /// The CI test: greedy beats random in a small fixed-seed match, whatever the threads.
    #[test]
    fn greedy_beats_random_reproducibly() {
        let done = std::sync::atomic::AtomicU64::new(0);
        let one = run_tournament(&config(&["greedy", "random"], 47, 1), |n| {
            done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(one.games, 48, "rounded up to a multiple of the players");
        assert_eq!(done.into_inner(), 48);
        let (greedy, random) = (&one.results[0], &one.results[1]);
        assert_eq!(greedy.bot, "greedy");
        assert!(greedy.wins > random.wins, "{one:?}");
        assert_eq!(greedy.wins + random.wins + one.draws, 48);
        assert_eq!(greedy.wins_by_seat.iter().sum::<u64>(), greedy.wins);
        assert!(greedy.ci95[0] <= greedy.win_rate && greedy.win_rate <= greedy.ci95[1]);
        let h2h = one.head_to_head.as_ref().unwrap();
        let paired = h2h.paired.as_ref().unwrap();
        assert_eq!(
            paired.a_both + paired.b_both + paired.split + paired.with_draws,
            24
        );
        let two = run_tournament(&config(&["greedy", "random"], 47, 2), |_| {}).unwrap();
        assert_eq!(one, two);
    }

    #[test]
    fn duplicated_bots_count_per_seat() {
        let cfg = TournamentConfig {
            variant: Variant::new(Rules::default()).unwrap(),
            ..config(&["greedy", "random"], 8, 2)
        };
        let r = run_tournament(&cfg, |_| {}).unwrap();
        assert_eq!(r.lineup, ["greedy", "random", "random", "random"]);
        assert_eq!(r.games, 8);
        assert_eq!(r.results[1].seats, 3);
        assert_eq!(r.results[0].chance, 0.25);
        let rate = r.results[1].wins as f64 / (8.0 * 3.0);
        assert!((r.results[1].win_rate - rate).abs() < 1e-12);
        let h2h = r.head_to_head.unwrap();
        assert_eq!(h2h.null_share_a, 0.25);
        assert!(h2h.paired.is_none());
    }

    #[test]
    fn round_robin_rates_greedy_above_random() {
        let cfg = RoundRobinConfig {
            variant: two_players(),
            bots: vec!["random".into(), "greedy".into(), "beginner".into()],
            games: 16,
            seed: 1,
            time: None,
            threads: Some(2),
            maker: Default::default(),
        };
        let r = run_round_robin(&cfg, |_| {}).unwrap();
        assert_eq!(r.pairs.len(), 3);
        assert_eq!(r.anchor, "random");
        let random = r.ratings.iter().find(|x| x.bot == "random").unwrap();
        let greedy = r.ratings.iter().find(|x| x.bot == "greedy").unwrap();
        assert_eq!(random.elo, 0.0);
        assert!(greedy.elo > 0.0, "{r:?}");
        assert_eq!(greedy.games, 32);
        let four = RoundRobinConfig {
            variant: Variant::new(Rules::default()).unwrap(),
            ..cfg
        };
        assert!(matches!(
            run_round_robin(&four, |_| {}),
            Err(TournamentError::NotTwoPlayers(4))
        ));
    }
}
