//! How often the greedy recognition (`mcts:opponents=recognise`, the default) takes a
//! player for greedy, and how soon: plays two-player games between two bots and
//! reports, for each bot and each threshold (contested decisions in agreement before a
//! seat counts as greedy), in how many games a watch recognised it at some point and at
//! which of its decisions (median).
//!
//! `cargo run --release -p ashta-bots --example recognise -- [GAMES] [BOT_A] [BOT_B]`
//! (defaults: 40 games, `default` against `greedy`).

use ashta_bots::eval::WeightSet;
use ashta_bots::opponent_model::GreedyWatch;
use ashta_bots::{make_bot, Evaluator};
use ashta_engine::{Rules, SeededThrows, Variant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args
        .first()
        .map_or(40, |g| g.parse().expect("GAMES is a number"));
    let names = [
        args.get(1).map_or("default", String::as_str),
        args.get(2).map_or("greedy", String::as_str),
    ];
    let mut rules = Rules::standard();
    rules.players = 2;
    let v = Variant::new(rules).expect("standard rules");
    let eval = Evaluator::with_weights(&v, WeightSet::Hand.weights(2));
    const THRESHOLDS: [u32; 6] = [2, 4, 6, 8, 12, 16];
    // Per bot and threshold: the decision at which it was recognised, in each game
    // where it was.
    let mut recognised = vec![vec![Vec::new(); THRESHOLDS.len()]; 2];
    for game in 0..games {
        // Bot k sits at seat (k + game) % 2 so each plays both seats.
        let mut bots = [
            make_bot(names[0], game, None).expect("bot"),
            make_bot(names[1], game, None).expect("bot"),
        ];
        let seat_of = |k: usize| (k + game as usize) % 2;
        let mut watch = GreedyWatch::default();
        let mut decisions = [0u32; 2];
        let mut seen = [[None; THRESHOLDS.len()]; 2];
        let mut throws = SeededThrows::new(game);
        let mut pos = v.start_position();
        let mut turns = 0;
        while !pos.is_over() && turns < 1000 {
            if pos.must_throw() {
                v.throw(&mut pos, &mut throws).expect("a throw");
                turns += 1;
                continue;
            }
            let seat = pos.to_move();
            let k = if seat_of(0) == seat { 0 } else { 1 };
            let after = bots[k].choose(&v, &pos).expect("a play").position;
            for bot in &mut bots {
                bot.observe(&v, &pos, &after);
            }
            decisions[k] += 1;
            watch.observe(&v, &eval, &pos, &after);
            for (t, &threshold) in THRESHOLDS.iter().enumerate() {
                if seen[k][t].is_none() && watch.is_greedy(seat, threshold) {
                    seen[k][t] = Some(decisions[k]);
                }
            }
            pos = after;
        }
        for k in 0..2 {
            for t in 0..THRESHOLDS.len() {
                if let Some(d) = seen[k][t] {
                    recognised[k][t].push(d);
                }
            }
        }
    }
    for k in 0..2 {
        for (t, threshold) in THRESHOLDS.iter().enumerate() {
            let r = &mut recognised[k][t];
            r.sort_unstable();
            let median = r
                .get(r.len() / 2)
                .map_or("-".to_string(), |d| d.to_string());
            println!(
                "{}, after {threshold:>2}: recognised as greedy in {:>3} of {games} games (median: at its decision {median})",
                names[k],
                r.len()
            );
        }
    }
}
