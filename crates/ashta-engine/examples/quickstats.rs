use ashta_engine::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: u8 = args.get(1).map_or(4, |s| s.parse().unwrap());
    let games: u64 = args.get(2).map_or(10000, |s| s.parse().unwrap());
    let mut rules = Rules::standard();
    rules.players = players;
    let v = Variant::new(rules).unwrap();
    let t = std::time::Instant::now();
    let s = random_games(&v, 1, 0..games, DEFAULT_SIM_TURN_LIMIT);
    let el = t.elapsed().as_secs_f64();
    println!(
        "{:?} mean {:.1} frozen {:.4} gps {:.0}",
        s,
        s.mean_turns(),
        s.frozen as f64 / s.games as f64,
        games as f64 / el
    );
}
