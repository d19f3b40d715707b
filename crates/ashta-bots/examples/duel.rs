//! Quick strength check: `cargo run --release -p ashta-bots --example duel -- BOT OPP PLAYERS GAMES`
//! Seat 0 rotates through every seat; the other seats are played by OPP.
use ashta_bots::{make_bot, play_game};
use ashta_engine::{Rules, SeededThrows, Variant};
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (bot, opp) = (&a[1], &a[2]);
    let players: u8 = a[3].parse().unwrap();
    let games: u64 = a[4].parse().unwrap();
    let mut rules = Rules::standard();
    rules.players = players;
    let v = Variant::new(rules).unwrap();
    let (mut wins, mut draws) = (0, 0);
    let t = std::time::Instant::now();
    for g in 0..games {
        let seat = (g % players as u64) as usize;
        let mut bots: Vec<_> = (0..players as usize)
            .map(|s| make_bot(if s == seat { bot } else { opp }, g * 10 + s as u64, None).unwrap())
            .collect();
        let o = play_game(&v, &mut bots, &mut SeededThrows::new(g / players as u64));
        if o.winner == Some(seat) {
            wins += 1;
        }
        if o.draw.is_some() {
            draws += 1;
        }
    }
    let rate = wins as f64 / games as f64;
    let se = (rate * (1.0 - rate) / games as f64).sqrt();
    println!(
        "{bot} vs {opp} x{}: {wins}/{games} = {:.3} ± {:.3} (draws {draws}) in {:.1}s",
        players - 1,
        rate,
        1.96 * se,
        t.elapsed().as_secs_f64()
    );
}
