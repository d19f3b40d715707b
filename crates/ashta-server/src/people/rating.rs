//! Ratings: Glicko-2 for two players, Weng-Lin (OpenSkill) for three and four, both
//! from `skillratings`, one pool per preset and player count.
//!
//! Every rating is kept and shown on one scale: Glicko-2's own (1500 ± 350 to start), and
//! Weng-Lin's μ and σ times [`WENG_LIN_SCALE`] (25 ± 8.33 becomes 1500 ± 500), so that a
//! player reads the numbers of every pool alike.

use serde::Serialize;
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

/// Weng-Lin's μ and σ are shown times this.
pub const WENG_LIN_SCALE: f64 = 60.0;

/// A Glicko-2 rating is provisional while its deviation is above this (as on lichess:
/// about a dozen games against settled players bring a new player below it).
pub const GLICKO2_PROVISIONAL: f64 = 110.0;

/// A Weng-Lin rating is provisional while its (scaled) σ is above this: 4 on Weng-Lin's
/// own scale, about half the σ a player starts with.
pub const WENG_LIN_PROVISIONAL: f64 = 240.0;

/// A player's rating in one pool.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rating {
    /// The rating (Glicko-2's, or Weng-Lin's μ scaled).
    pub rating: f64,
    /// Its deviation (Glicko-2's RD, or Weng-Lin's σ scaled).
    pub deviation: f64,
    /// Glicko-2's volatility (0 for Weng-Lin).
    pub volatility: f64,
}

/// The pool of a game: its preset and its number of players, `standard-2p`.
pub fn pool(preset: &str, players: u8) -> String {
    format!("{preset}-{players}p")
}

/// The number of players of a pool's games, read back from its name.
pub fn pool_players(pool: &str) -> Option<u8> {
    let (_, n) = pool.rsplit_once('-')?;
    n.strip_suffix('p')?
        .parse()
        .ok()
        .filter(|n| (2..=4).contains(n))
}

/// The rating a player starts with in a pool of `players`-player games.
pub fn initial(players: u8) -> Rating {
    if players == 2 {
        let g = Glicko2Rating::new();
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    } else {
        let w = WengLinRating::new();
        Rating {
            rating: w.rating * WENG_LIN_SCALE,
            deviation: w.uncertainty * WENG_LIN_SCALE,
            volatility: 0.0,
        }
    }
}

/// Whether a rating of a pool of `players`-player games is still provisional.
pub fn provisional(players: u8, deviation: f64) -> bool {
    deviation
        > if players == 2 {
            GLICKO2_PROVISIONAL
        } else {
            WENG_LIN_PROVISIONAL
        }
}

/// The ratings after one game: `entries` are each player's rating before it and place
/// in it (1 is first; players who tie share a place), in seat order; the answer is in
/// the same order. Two entries are rated by Glicko-2, more by Weng-Lin.
pub fn rate(entries: &[(Rating, u8)]) -> Vec<Rating> {
    if let [(a, pa), (b, pb)] = entries {
        let g = |r: &Rating| Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        };
        let outcome = match pa.cmp(pb) {
            std::cmp::Ordering::Less => Outcomes::WIN,
            std::cmp::Ordering::Greater => Outcomes::LOSS,
            std::cmp::Ordering::Equal => Outcomes::DRAW,
        };
        let (a, b) = glicko2(&g(a), &g(b), &outcome, &Glicko2Config::new());
        let back = |g: Glicko2Rating| Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        };
        return vec![back(a), back(b)];
    }
    let teams: Vec<[WengLinRating; 1]> = entries
        .iter()
        .map(|(r, _)| {
            [WengLinRating {
                rating: r.rating / WENG_LIN_SCALE,
                uncertainty: r.deviation / WENG_LIN_SCALE,
            }]
        })
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(entries)
        .map(|(t, (_, place))| (&t[..], MultiTeamOutcome::new(usize::from(*place))))
        .collect();
    weng_lin_multi_team(&ranked, &WengLinConfig::new())
        .into_iter()
        .map(|t| Rating {
            rating: t[0].rating * WENG_LIN_SCALE,
            deviation: t[0].uncertainty * WENG_LIN_SCALE,
            volatility: 0.0,
        })
        .collect()
}

/// Whether a game that ended with `result` may be rated: played out (drawn by the
/// rules too), resigned or claimed; not aborted before a move, nor ended by the server's
/// bound on a game's events.
pub fn ratable(result: &ashta_table::protocol::ResultJson) -> bool {
    !matches!(
        result.draw.as_deref(),
        Some(ashta_table::table::ABORTED | ashta_table::table::EVENT_LIMIT)
    ) && !result.standings.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    /// Glickman's worked example ("Example of the Glicko-2 system", 2013): a player at
    /// 1500/200/0.06 beats a 1400/30, loses to a 1550/100 and to a 1700/300 in one rating
    /// period, and ends at about 1464.06/151.52/0.05999.
    #[test]
    fn glicko2_matches_glickmans_worked_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ];
        let after = glicko2_rating_period(&player, &results, &Glicko2Config::new());
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn the_two_player_winner_gains_what_the_loser_loses_at_equal_ratings() {
        let start = initial(2);
        let after = rate(&[(start, 2), (start, 1)]);
        assert!(after[1].rating > 1500.0 && after[0].rating < 1500.0);
        assert!((after[1].rating - 1500.0 + (after[0].rating - 1500.0)).abs() < 1e-6);
        assert!(after[0].deviation < start.deviation);
        let drawn = rate(&[(start, 1), (start, 1)]);
        assert!((drawn[0].rating - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn four_player_ratings_follow_the_places() {
        let start = initial(4);
        assert_eq!(start.rating, 1500.0);
        let after = rate(&[(start, 3), (start, 1), (start, 4), (start, 2)]);
        assert!(after[1].rating > after[3].rating);
        assert!(after[3].rating > after[0].rating);
        assert!(after[0].rating > after[2].rating);
        assert!(after.iter().all(|r| r.deviation < start.deviation));
    }

    #[test]
    fn aborted_games_and_games_ended_at_the_servers_bound_are_not_ratable() {
        let standing = |player, place| ashta_engine::Standing {
            player,
            place,
            finished: place == 1,
            resigned: false,
            progress: 0,
        };
        let result = |draw: Option<&str>| ashta_table::protocol::ResultJson {
            winner: None,
            places: vec![],
            standings: vec![standing(0, 1), standing(1, 2)],
            draw: draw.map(str::to_string),
            claimed: false,
        };
        assert!(ratable(&result(None)));
        assert!(ratable(&result(Some("frozen"))));
        assert!(ratable(&result(Some(ashta_table::OPPONENTS_LEFT))));
        assert!(!ratable(&result(Some(ashta_table::table::ABORTED))));
        assert!(!ratable(&result(Some(ashta_table::table::EVENT_LIMIT))));
    }

    #[test]
    fn new_ratings_are_provisional_and_pools_name_their_player_count() {
        assert!(provisional(2, initial(2).deviation));
        assert!(provisional(4, initial(4).deviation));
        assert!(!provisional(2, 80.0));
        assert_eq!(pool("standard", 2), "standard-2p");
        assert_eq!(pool_players("quick-race-4p"), Some(4));
        assert_eq!(pool_players("x-9p"), None);
    }
}
