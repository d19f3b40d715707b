//! Solves a reduced two-player game and prints its size, times and the start's
//! chances: `cargo run --release -p ashta-solve --example solve_reduced -- PAWNS PRESET`.

use ashta_engine::{Preset, Rules};
use ashta_solve::{solve, IterateOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pawns: u8 = args.get(1).map_or(1, |a| a.parse().expect("pawns"));
    let preset = Preset::from_name(args.get(2).map_or("standard", |a| a.as_str())).expect("preset");
    let mut rules = Rules::preset(preset);
    rules.players = 2;
    rules.pawns = Some(pawns);
    let options = IterateOptions {
        progress: true,
        ..Default::default()
    };
    let (solution, report) = solve(rules, &options).expect("solve");
    let start = solution.variant().start_position();
    println!(
        "{} positions, explore {:.2} s, iterate {:.2} s, {} layers, most sweeps {}",
        report.states,
        report.explore_seconds,
        report.iterate_seconds,
        report.layers.len(),
        report.layers.iter().map(|l| l.sweeps).max().unwrap_or(0)
    );
    println!("{}", solution.chances(&start).expect("start").to_json());
}
