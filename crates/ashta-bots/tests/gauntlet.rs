//! The short gauntlet of the test command (the full one is `scripts/gauntlet`, figures
//! in BENCHMARKS.md): `hard`, at its fixed and reproducible budget of 1000 simulations
//! a decision, against every style of the gauntlet under the standard rules, seats
//! rotated over shared throws.

use ashta_bots::gauntlet::GAUNTLET;
use ashta_bots::tournament::{run_gauntlet, GauntletConfig};
use ashta_engine::Rules;

fn gauntlet(players: usize, games: u64) -> Vec<ashta_bots::tournament::GauntletLine> {
    let config = GauntletConfig {
        rules: Rules::standard(),
        bot: "hard".into(),
        opponents: GAUNTLET.iter().map(|s| s.to_string()).collect(),
        players: vec![players],
        games,
        seed: 11,
        time: None,
        threads: None,
    };
    run_gauntlet(&config, |_| {}).unwrap().lines
}

/// Two players: `hard` scores more than half the points against every style (a draw
/// counting half).
#[test]
fn hard_outscores_every_style_in_two_players() {
    for line in gauntlet(2, 12) {
        assert!(
            line.score > 0.5,
            "hard against {}: {} – {} – {} (score {:.2})",
            line.opponent,
            line.wins.count,
            line.losses.count,
            line.draws.count,
            line.score
        );
    }
}

/// Four players, `hard` in one seat against three of a style: it wins more often than
/// its one seat in four would by chance, against every style.
#[test]
fn hard_wins_more_than_its_share_against_three_of_every_style() {
    for line in gauntlet(4, 12) {
        assert!(
            line.wins.rate > 0.25,
            "hard against three {}: {} wins of {} (chance 25%)",
            line.opponent,
            line.wins.count,
            line.games
        );
    }
}
