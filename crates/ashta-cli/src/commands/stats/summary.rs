//! The games of `ashta stats` summed up: seat advantage, game length, draws, captures,
//! the gate and the throws, each with its interval or test.

use anyhow::{Context, Result};
use ashta_arena::chi_square::{goodness_of_fit, ChiSquareTest};
use ashta_arena::stats::{mean_ci, wilson};
use ashta_engine::Variant;
use serde::Serialize;

use super::observe::ObservedGame;

/// Wins of one seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatStat {
    /// The seat (player number).
    pub seat: usize,
    /// Its name: South, East, North or West.
    pub name: &'static str,
    /// Games it won.
    pub wins: u64,
    /// Its share of the decisive games (draws left out), 1/P without an advantage.
    pub rate: f64,
    /// 95% Wilson interval of the rate.
    pub ci95: [f64; 2],
}

/// One bar of the length histogram: games of `from..=to` turns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bin {
    /// Fewest turns in the bin.
    pub from: u32,
    /// Most turns in the bin.
    pub to: u32,
    /// Games in the bin.
    pub games: u64,
}

/// The distribution of game lengths, in turns (throwing phases of all players).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Length {
    /// Mean length.
    pub mean: f64,
    /// Its 95% normal interval.
    pub ci95: [f64; 2],
    /// Shortest game.
    pub min: u32,
    /// 10th percentile.
    pub p10: u32,
    /// Median.
    pub median: u32,
    /// 90th percentile.
    pub p90: u32,
    /// Longest game.
    pub max: u32,
    /// Histogram of about twenty bins of equal width.
    pub histogram: Vec<Bin>,
}

/// Games without a winner.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Draws {
    /// Drawn games.
    pub games: u64,
    /// Their share.
    pub rate: f64,
    /// 95% Wilson interval of the share.
    pub ci95: [f64; 2],
    /// Frozen: nobody could ever move again.
    pub frozen: u64,
    /// The turn limit was reached.
    pub turn_limit: u64,
}

/// Captures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Captures {
    /// Captures in all games.
    pub total: u64,
    /// Mean per game.
    pub per_game: f64,
    /// Its 95% normal interval.
    pub ci95: [f64; 2],
    /// Games without any capture.
    pub games_without: u64,
    /// Most captures in one game.
    pub max: u32,
}

/// How often the gate holds pawns back (defined in `observe`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GateStat {
    /// Throwing phases that gave a bag.
    pub phases: u64,
    /// Phases in which the gate held a pawn back.
    pub held: u64,
    /// Their share of the phases.
    pub held_rate: f64,
    /// 95% Wilson interval of that share.
    pub held_ci95: [f64; 2],
    /// Phases whose whole bag was forfeited (no value could be used).
    pub forfeits: u64,
    /// Of those, the phases in which an open gate would have given a move.
    pub gate_forfeits: u64,
    /// Their share of all phases.
    pub gate_forfeit_rate: f64,
    /// Phases voided by a third grace.
    pub voided: u64,
}

/// Throws of one face.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FaceStat {
    /// Cowries mouth up.
    pub mouths_up: u8,
    /// Its value.
    pub value: u8,
    /// Whether it is a grace.
    pub grace: bool,
    /// Throws seen.
    pub observed: u64,
    /// Their share of all throws.
    pub share: f64,
    /// The table's probability.
    pub expected: f64,
}

/// Every throw against the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Throws {
    /// Throws in all.
    pub total: u64,
    /// Cowries per throw.
    pub cowries: u8,
    /// Probability of one mouth up.
    pub mouth_up: f64,
    /// One entry per face (mouths up 0 to K).
    pub faces: Vec<FaceStat>,
    /// Pearson's chi-square test of the counts against the table.
    pub test: ChiSquareTest,
}

/// Everything `ashta stats` reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The bot in every seat.
    pub bot: String,
    /// Games played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// Players.
    pub players: usize,
    /// Board side.
    pub size: usize,
    /// The rule set, as JSON rules.
    pub rules: serde_json::Value,
    /// A seat's share of the decisive games if no seat had an advantage: 1/P.
    pub chance: f64,
    /// Games that some seat won.
    pub decisive: u64,
    /// Wins by seat.
    pub seats: Vec<SeatStat>,
    /// Chi-square test that the decisive games are spread evenly over the seats
    /// (`None` when too few games were decisive).
    pub seat_test: Option<ChiSquareTest>,
    /// Game lengths.
    pub length: Length,
    /// Draws.
    pub draws: Draws,
    /// Captures.
    pub captures: Captures,
    /// The gate.
    pub gate: GateStat,
    /// The throws.
    pub throws: Throws,
    /// Wall time of the games, in seconds.
    pub seconds: f64,
}

/// The `q`-quantile of sorted values (nearest rank).
fn quantile(sorted: &[u32], q: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// A bin width from 1, 2, 5 × 10ᵏ giving about twenty bins over `span` values.
fn bin_width(span: u32) -> u32 {
    let target = (span as f64 / 20.0).max(1.0);
    let mut width = 1u32;
    loop {
        for m in [1, 2, 5] {
            if (width * m) as f64 >= target {
                return width * m;
            }
        }
        width *= 10;
    }
}

fn histogram(sorted: &[u32]) -> Vec<Bin> {
    let (Some(&min), Some(&max)) = (sorted.first(), sorted.last()) else {
        return Vec::new();
    };
    let width = bin_width(max - min + 1);
    let start = min / width * width;
    let mut bins: Vec<Bin> = (0..=(max - start) / width)
        .map(|k| Bin {
            from: start + k * width,
            to: start + (k + 1) * width - 1,
            games: 0,
        })
        .collect();
    for &t in sorted {
        bins[((t - start) / width) as usize].games += 1;
    }
    bins
}

/// Sums the games up.
pub fn summarise(
    variant: &Variant,
    bot: &str,
    seed: u64,
    games: &[ObservedGame],
    seconds: f64,
) -> Result<Report> {
    let n = games.len() as u64;
    let players = variant.players();
    let mut wins = vec![0u64; players];
    for g in games {
        if let Some(w) = g.winner {
            wins[w] += 1;
        }
    }
    let decisive: u64 = wins.iter().sum();
    let seats = (0..players)
        .map(|p| SeatStat {
            seat: p,
            name: variant.seat(p).name(),
            wins: wins[p],
            rate: wins[p] as f64 / decisive.max(1) as f64,
            ci95: wilson(wins[p], decisive),
        })
        .collect();
    let seat_test = goodness_of_fit(&wins, &vec![1.0 / players as f64; players]).ok();

    let mut turns: Vec<u32> = games.iter().map(|g| g.turns).collect();
    turns.sort_unstable();
    let sum: f64 = turns.iter().map(|&t| t as f64).sum();
    let sum_sq: f64 = turns.iter().map(|&t| (t as f64).powi(2)).sum();
    let (mean, ci95) = mean_ci(n, sum, sum_sq);
    let length = Length {
        mean,
        ci95,
        min: turns.first().copied().unwrap_or(0),
        p10: quantile(&turns, 0.1),
        median: quantile(&turns, 0.5),
        p90: quantile(&turns, 0.9),
        max: turns.last().copied().unwrap_or(0),
        histogram: histogram(&turns),
    };

    let frozen = games.iter().filter(|g| g.draw == Some("frozen")).count() as u64;
    let turn_limit = games
        .iter()
        .filter(|g| g.draw == Some("turn limit"))
        .count() as u64;
    let drawn = frozen + turn_limit;
    let draws = Draws {
        games: drawn,
        rate: drawn as f64 / n as f64,
        ci95: wilson(drawn, n),
        frozen,
        turn_limit,
    };

    let total: u64 = games.iter().map(|g| g.captures as u64).sum();
    let sq: f64 = games.iter().map(|g| (g.captures as f64).powi(2)).sum();
    let (per_game, cap_ci) = mean_ci(n, total as f64, sq);
    let captures = Captures {
        total,
        per_game,
        ci95: cap_ci,
        games_without: games.iter().filter(|g| g.captures == 0).count() as u64,
        max: games.iter().map(|g| g.captures).max().unwrap_or(0),
    };

    let sum_of = |f: fn(&ObservedGame) -> u32| games.iter().map(|g| f(g) as u64).sum::<u64>();
    let phases = sum_of(|g| g.phases);
    let held = sum_of(|g| g.gate_held);
    let gate_forfeits = sum_of(|g| g.gate_forfeits);
    let gate = GateStat {
        phases,
        held,
        held_rate: held as f64 / phases.max(1) as f64,
        held_ci95: wilson(held, phases),
        forfeits: sum_of(|g| g.forfeits),
        gate_forfeits,
        gate_forfeit_rate: gate_forfeits as f64 / phases.max(1) as f64,
        voided: sum_of(|g| g.voided),
    };

    let table = variant.table();
    let k = table.cowries();
    let mut counts = vec![0u64; k as usize + 1];
    for g in games {
        for (c, t) in counts.iter_mut().zip(&g.throws) {
            *c += t;
        }
    }
    let all: u64 = counts.iter().sum();
    let probabilities: Vec<f64> = (0..=k).map(|u| table.probability(u)).collect();
    let test = goodness_of_fit(&counts, &probabilities).context("the throws cannot be tested")?;
    let faces = (0..=k)
        .map(|u| FaceStat {
            mouths_up: u,
            value: table.face(u).value,
            grace: table.face(u).grace,
            observed: counts[u as usize],
            share: counts[u as usize] as f64 / all.max(1) as f64,
            expected: probabilities[u as usize],
        })
        .collect();

    Ok(Report {
        bot: bot.to_string(),
        games: n,
        seed,
        players,
        size: variant.geometry().size(),
        rules: serde_json::to_value(ashta_engine::RulesSpec::from_rules(variant.rules()))?,
        chance: 1.0 / players as f64,
        decisive,
        seats,
        seat_test,
        length,
        draws,
        captures,
        gate,
        throws: Throws {
            total: all,
            cowries: k,
            mouth_up: table.mouth_up(),
            faces,
            test,
        },
        seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_use_the_nearest_rank() {
        let v: Vec<u32> = (1..=10).collect();
        assert_eq!(quantile(&v, 0.1), 1);
        assert_eq!(quantile(&v, 0.5), 5);
        assert_eq!(quantile(&v, 0.9), 9);
        assert_eq!(quantile(&v, 1.0), 10);
    }

    #[test]
    fn histograms_cover_every_game_in_round_bins() {
        let v: Vec<u32> = vec![31, 40, 55, 90, 90, 149];
        let h = histogram(&v);
        assert_eq!(h.iter().map(|b| b.games).sum::<u64>(), 6);
        let width = h[0].to - h[0].from + 1;
        assert!([1, 2, 5, 10].contains(&width), "{width}");
        assert!(h[0].from <= 31 && h.last().unwrap().to >= 149);
    }
}
