use ashta_engine::{Preset, Rules};
use ashta_solve::{solve, IterateOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pawns: u8 = args[1].parse().unwrap();
    let preset = Preset::from_name(&args[2]).unwrap();
    let mut rules = Rules::preset(preset);
    rules.players = 2;
    rules.pawns = Some(pawns);
    let opts = IterateOptions {
        progress: true,
        ..Default::default()
    };
    let (sol, rep) = solve(rules, &opts).unwrap();
    let start = sol.variant().start_position();
    println!(
        "{} states, {} outcomes, {} ends, explore {:.2}s iterate {:.2}s layers {} max sweeps {}",
        rep.states,
        rep.outcomes,
        rep.ends,
        rep.explore_seconds,
        rep.iterate_seconds,
        rep.layers.len(),
        rep.layers.iter().map(|l| l.sweeps).max().unwrap_or(0)
    );
    println!("{}", sol.chances(&start).unwrap().to_json());
}
