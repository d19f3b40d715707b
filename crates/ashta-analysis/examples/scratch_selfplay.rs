use ashta_bots::make_bot;
use ashta_engine::Rules;
use ashta_session::selfplay::record_game;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let spec = &a[1];
    let players: u8 = a[2].parse().unwrap();
    let seed: u64 = a[3].parse().unwrap();
    let max_turns: usize = a[4].parse().unwrap();
    let rules = Rules {
        players,
        ..Rules::standard()
    };
    let bots: Vec<_> = (0..players as u64)
        .map(|p| make_bot(spec, seed * 10 + p, None).unwrap())
        .collect();
    let r = record_game(rules, bots, seed, max_turns);
    println!("{}", serde_json::to_string(&r).unwrap());
}
