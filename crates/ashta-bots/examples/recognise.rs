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
use ashta_engine::{Game, Rules, Variant};
use ashta_session::{Session, Step};

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
    let v = Variant::new(rules.clone()).expect("standard rules");
    let eval = Evaluator::with_weights(&v, WeightSet::Hand.weights(2));
    const THRESHOLDS: [u32; 6] = [2, 4, 6, 8, 12, 16];
    // Per bot and threshold: the decision at which it was recognised, in each game
    // where it was.
    let mut recognised = vec![vec![Vec::new(); THRESHOLDS.len()]; 2];
    for game in 0..games {
        // Bot k sits at seat (k + game) % 2 so each plays both seats.
        let bot_at = |seat: usize| (seat + game as usize) % 2;
        let bots = (0..2)
            .map(|seat| make_bot(names[bot_at(seat)], game, None).expect("bot"))
            .collect();
        let game_start = Game::new(rules.clone(), game).expect("standard rules");
        let mut session = Session::with_bots(game_start, bots).expect("two bots");
        session.set_turn_cap(Some(1000));
        let mut watch = GreedyWatch::default();
        let mut decisions = [0u32; 2];
        let mut seen = [[None; THRESHOLDS.len()]; 2];
        loop {
            let before = *session.position();
            match session.step().expect("a step of the game") {
                Step::Over => break,
                Step::Played { seat, .. } => {
                    let k = bot_at(seat);
                    decisions[k] += 1;
                    watch.observe(&v, &eval, &before, session.position());
                    for (t, &threshold) in THRESHOLDS.iter().enumerate() {
                        if seen[k][t].is_none() && watch.is_greedy(seat, threshold) {
                            seen[k][t] = Some(decisions[k]);
                        }
                    }
                }
                _ => {}
            }
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
