//! The short gauntlet of the test command (the full one is `scripts/gauntlet`, figures
//! in BENCHMARKS.md): `hard`, at its fixed and reproducible budget of 1000 simulations
//! a decision, against every style of the gauntlet under the standard rules, seats
//! rotated over shared throws.

use ashta_arena::gauntlet::{run_gauntlet, GauntletConfig};
use ashta_arena::stats::wilson;
use ashta_bots::styles::GAUNTLET;
use ashta_engine::Rules;

fn gauntlet(players: usize, games: u64) -> Vec<ashta_arena::gauntlet::GauntletLine> {
    let config = GauntletConfig {
        rules: Rules::standard(),
        bot: "hard".into(),
        opponents: GAUNTLET.iter().map(|s| s.to_string()).collect(),
        players: vec![players],
        games,
        seed: 11,
        time: None,
        threads: None,
        maker: Default::default(),
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

/// Four players, `hard` in one seat against three of a style: over the whole gauntlet it
/// wins more often than its one seat in four would by chance (the whole 95% interval
/// above 25%), and it wins games against every style. (Twelve games a style are too
/// few to hold each style's rate above chance on its own: the full gauntlet measures
/// those, BENCHMARKS.md.)
#[test]
fn hard_wins_more_than_its_share_against_three_of_every_style() {
    let lines = gauntlet(4, 12);
    for line in &lines {
        assert!(
            line.wins.count > 0,
            "hard against three {}: no win in {} games",
            line.opponent,
            line.games
        );
    }
    let wins: u64 = lines.iter().map(|l| l.wins.count).sum();
    let games: u64 = lines.iter().map(|l| l.games).sum();
    let [low, _] = wilson(wins, games);
    assert!(
        low > 0.25,
        "hard in four players: {wins} wins of {games}, 95% interval from {low:.3} (chance 25%)"
    );
}
