//! Trains a value net by self-play (see `ashta_bots::net`).
//!
//! The seats are dealt round `--pool` (default `net,net,hand`: the net of the
//! generation before, one play deep, plays two seats in three and the hand weights the
//! third; in generation 0, which has no net yet, the hand weights play the net's
//! seats). A pool entry may also name any bot [`ashta_bots::make_bot`] knows, for
//! example a gauntlet style (`--pool net,net,hand,cautious,runner`), which then plays
//! its seats as it is, so that the net also learns positions other styles lead to. Each generation's games
//! (with a few random plays for variety) label their settled positions with their
//! results; the net keeps training on the newest two generations. After each
//! generation the net, playing one play deep, meets the hand-weighted `greedy` in every
//! other seat (each throw sequence replayed with the net in each seat), and the check
//! set's log loss is printed. The last net is written to OUT.
//!
//! `--rules` takes the rules as JSON, a preset's name (`'"traditional"'`) or a rules
//! object (`'{"preset":"standard","pair_capture":false}'`); the default is the standard
//! rules.
//!
//! ```sh
//! cargo run --release -p ashta-tools --bin train_net -- \
//!     --players 2 --generations 4 --games 20000 --hidden 64 --out crates/ashta-bots/nets/standard-2p.json
//! ```

use std::sync::Arc;

use ashta_bots::train::{self, Player, Samples, TrainConfig};
use ashta_bots::{BotMaker, Evaluator, GreedyBot, ValueNet};
use ashta_engine::{Rules, RulesSpec, SeededThrows, Variant};
use ashta_session::{play_game, Bot};
use rayon::prelude::*;

struct Args {
    players: u8,
    generations: usize,
    games: u64,
    hidden: usize,
    epochs: usize,
    epsilon: f64,
    matches: u64,
    seed: u64,
    pool: String,
    rules: String,
    out: String,
}

fn parse_args() -> Args {
    let mut a = Args {
        players: 2,
        generations: 4,
        games: 20_000,
        hidden: 64,
        epochs: 4,
        epsilon: 0.05,
        matches: 1000,
        seed: 1,
        pool: "net,net,hand".into(),
        rules: "\"standard\"".into(),
        out: "net.json".into(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).map(String::as_str).unwrap_or("");
        let num = || value.parse::<f64>().expect("a number");
        match pair[0].as_str() {
            "--players" => a.players = num() as u8,
            "--generations" => a.generations = num() as usize,
            "--games" => a.games = num() as u64,
            "--hidden" => a.hidden = num() as usize,
            "--epochs" => a.epochs = num() as usize,
            "--epsilon" => a.epsilon = num(),
            "--matches" => a.matches = num() as u64,
            "--seed" => a.seed = num() as u64,
            "--pool" => a.pool = value.into(),
            "--rules" => a.rules = value.into(),
            "--out" => a.out = value.into(),
            other => panic!("unknown option {other}"),
        }
    }
    a
}

/// Wins of the net (one play deep) against hand-weighted greedy in every other seat,
/// over `sets` sets of games that replay one throw sequence with the net in each seat
/// in turn: (net wins, greedy wins, draws).
fn match_against_greedy(
    maker: &BotMaker,
    v: &Variant,
    net: &Arc<ValueNet>,
    sets: u64,
) -> (u64, u64, u64) {
    let seats = v.players() as u64;
    let results: Vec<(u64, u64, u64)> = (0..sets * seats)
        .into_par_iter()
        .map(|g| {
            let net_seat = (g % seats) as usize;
            let bots: Vec<Box<dyn Bot>> = (0..v.players())
                .map(|p| -> Box<dyn Bot> {
                    if p == net_seat {
                        let eval = Evaluator::new(v).with_net(net.clone());
                        Box::new(GreedyBot::with_evaluator(g, v, eval))
                    } else {
                        maker.make("greedy", g, None).expect("greedy is a bot")
                    }
                })
                .collect();
            let out = play_game(v, bots, SeededThrows::new(900_000_000 + g / seats));
            match out.winner {
                Some(w) if w == net_seat => (1, 0, 0),
                Some(_) => (0, 1, 0),
                None => (0, 0, 1),
            }
        })
        .collect();
    results
        .iter()
        .fold((0, 0, 0), |s, r| (s.0 + r.0, s.1 + r.1, s.2 + r.2))
}

fn main() {
    let maker = ashta_tools::maker_from_env();
    let a = parse_args();
    let spec: RulesSpec = serde_json::from_str(&a.rules)
        .expect("--rules: a preset name in quotes or a rules object, as JSON");
    let rules = spec.to_rules().expect("--rules: valid rules");
    let variant = Variant::new(Rules {
        players: a.players,
        ..rules
    })
    .expect("valid rules");
    let hand = Evaluator::new(&variant);
    let check = train::self_play(
        &variant,
        &[Player::from(hand.clone())],
        a.epsilon,
        1 << 40,
        2000,
    );
    let mut net = ValueNet::new_random(&variant, a.hidden, a.seed);
    let mut previous = Samples::new();
    for generation in 0..a.generations {
        let learned = Evaluator::new(&variant).with_net(Arc::new(net.clone()));
        let pool: Vec<Player> = a
            .pool
            .split(',')
            .map(|name| match name {
                // Generation 0 has no net yet: the hand weights play its seats.
                "net" if generation > 0 => Player::from(learned.clone()),
                "net" | "hand" => Player::from(hand.clone()),
                bot => {
                    let spec = bot.to_string();
                    maker
                        .make(&spec, 0, None)
                        .unwrap_or_else(|e| panic!("--pool: {e}"));
                    let maker = maker.clone();
                    Player::Bot(Arc::new(move |seed| {
                        maker.make(&spec, seed, None).expect("checked above")
                    }))
                }
            })
            .collect();
        let first = a.seed * 1_000_000_000 + generation as u64 * 10_000_000;
        let fresh = train::self_play(&variant, &pool, a.epsilon, first, a.games);
        let mut data = previous.clone();
        data.append(&fresh);
        let config = TrainConfig {
            epochs: a.epochs,
            seed: a.seed + generation as u64,
            ..TrainConfig::default()
        };
        let losses = train::train(&mut net, &data, &config);
        let shared = Arc::new(net.clone());
        let sets = a.matches / variant.players() as u64;
        let (w, l, d) = match_against_greedy(&maker, &variant, &shared, sets);
        eprintln!(
            "generation {generation}: {} positions, training loss {:.4?}, check loss {:.4}, \
             net vs greedy {w}-{l}-{d} ({:.1}%)",
            data.len(),
            losses,
            train::log_loss(&net, &check),
            100.0 * w as f64 / (w + l + d) as f64
        );
        previous = fresh;
    }
    net.about = format!(
        "train_net --rules {} --players {} --generations {} --games {} --hidden {} --epochs {} --epsilon {} --seed {} --pool {}",
        a.rules, a.players, a.generations, a.games, a.hidden, a.epochs, a.epsilon, a.seed, a.pool
    );
    std::fs::write(&a.out, net.to_json()).expect("write the net");
    eprintln!("wrote {}", a.out);
}
