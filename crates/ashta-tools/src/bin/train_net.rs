//! Trains a value net by self-play (see `ashta_bots::net`).
//!
//! The seats are dealt round `--pool` (default `net,net,hand`: the net of the
//! generation before, one play deep, plays two seats in three and the hand weights the
//! third; in generation 0, which has no net yet, the hand weights play the net's
//! seats). A pool entry may also name any bot [`ashta_bots::make_bot`] knows, for
//! example a gauntlet style (`--pool net,net,hand,cautious,runner`), which then plays
//! its seats as it is, so that the net also learns positions other styles lead to.
//!
//! The pool entry `search` (or `search:OPTIONS`, the options of `mcts`, e.g.
//! `search:sims=400`; 200 simulations unless `sims` is given) is an MCTS player that
//! searches with the net *being trained*: each generation it evaluates with the net of
//! the generation before (or the `--start` net), so that the net learns the values of
//! positions reached under search, including any plan the search finds, not only one
//! play deep (expert iteration). Several options stay one entry
//! (`search:sims=400,c=0.5,net` is two entries). In generation 0 without `--start` it
//! searches with the hand weights, as `net` plays with them. A named bot such as
//! `mcts:sims=200` instead searches with the shipped net.
//!
//! Each generation's games (with a few random plays by the one-play-deep seats, for
//! variety) label their settled positions with their results; the net keeps training
//! on the newest two generations. After each generation the net, playing one play
//! deep, meets the hand-weighted `greedy` in every other seat (each throw sequence
//! replayed with the net in each seat), and the check set's log loss is printed. The last net is written to OUT.
//!
//! `--start FILE` starts from a net already trained (its hidden size replaces
//! `--hidden`; it must have been made for the same rules and number of players), so
//! that generation 0 already plays `net` and `search` with it.
//!
//! `--rules` takes the rules as JSON, a preset's name (`'"traditional"'`) or a rules
//! object (`'{"preset":"standard","pair_capture":false}'`); the default is the standard
//! rules.
//!
//! ```sh
//! cargo run --release -p ashta-tools --bin train_net -- \
//!     --players 2 --generations 4 --games 20000 --hidden 64 --out crates/ashta-bots/nets/standard-2p.json
//! cargo run --release -p ashta-tools --bin train_net -- --players 2 --generations 3 --games 6000 \
//!     --start crates/ashta-bots/nets/standard-2p.json --pool search,search,cautious,careful,net --out net.json
//! ```

use std::sync::Arc;

use ashta_bots::train::{self, Player, Samples, TrainConfig};
use ashta_bots::tuning::Tuning;
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
    start: Option<String>,
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
        start: None,
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
            "--start" => a.start = Some(value.into()),
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

/// The entries of a `--pool` list: split at the commas, except that a piece with an
/// `=` and no `:` is one more option of the entry before (`search:sims=400,c=0.5,net`
/// is `search:sims=400,c=0.5` and `net`); no bot's name holds an `=`.
fn pool_entries(list: &str) -> Vec<String> {
    let mut entries: Vec<String> = Vec::new();
    for piece in list.split(',') {
        match entries.last_mut() {
            Some(last) if piece.contains('=') && !piece.contains(':') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => entries.push(piece.to_string()),
        }
    }
    entries
}

/// Simulations of a `search` pool entry that does not give `sims`.
const SEARCH_SIMULATIONS: u64 = 200;

/// The self-play player of one `--pool` entry, given the generation's net (`None` in
/// generation 0 without `--start`):
///
/// - `net`: that net one play deep (the hand weights when there is none);
/// - `hand`: the hand weights one play deep;
/// - `search` or `search:OPTIONS`: an MCTS bot (`mcts:OPTIONS`, with
///   [`SEARCH_SIMULATIONS`] simulations unless `sims` is given) that evaluates with
///   that net (with the hand weights when there is none), made afresh for each game;
/// - anything else: the bot `maker` makes from the entry (playing with the shipped
///   evaluation, or the one the environment gives).
fn pool_player(
    name: &str,
    maker: &BotMaker,
    variant: &Variant,
    net: Option<&Arc<ValueNet>>,
) -> Result<Player, String> {
    let hand = || Evaluator::new(variant);
    if let Some(options) = name
        .strip_prefix("search")
        .filter(|rest| rest.is_empty() || rest.starts_with(':'))
    {
        let options = options.trim_start_matches(':');
        let sims = if options.split(',').any(|o| o.starts_with("sims=")) {
            String::new()
        } else {
            format!("sims={SEARCH_SIMULATIONS},")
        };
        // Without a net the search must not fall back to the shipped one.
        let eval = if net.is_some() { "" } else { "eval=hand," };
        let spec = format!("mcts:{eval}{sims}{options}");
        let search = BotMaker::new(Tuning {
            net: net.cloned(),
            weights: maker.weight_changes(),
        });
        return bot_player(search, spec).map_err(|e| format!("{name}: {e}"));
    }
    Ok(match name {
        "net" => match net {
            Some(net) => Player::from(hand().with_net(net.clone())),
            None => Player::from(hand()),
        },
        "hand" => Player::from(hand()),
        bot => bot_player(maker.clone(), bot.to_string()).map_err(|e| e.to_string())?,
    })
}

/// A seat played by the bot `maker` makes from `spec`, made afresh for each game with
/// the game's seed; the spec is checked once here.
fn bot_player(maker: BotMaker, spec: String) -> Result<Player, ashta_bots::BotError> {
    maker.make(&spec, 0, None)?;
    Ok(Player::Bot(Arc::new(move |seed| {
        maker.make(&spec, seed, None).expect("checked above")
    })))
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
    let mut net = match &a.start {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).unwrap_or_else(|e| panic!("--start {path}: {e}"));
            let net = ValueNet::from_json(&text).unwrap_or_else(|e| panic!("--start {path}: {e}"));
            assert!(
                net.fits(&variant),
                "--start {path}: the net was not made for these rules and players"
            );
            net
        }
        None => ValueNet::new_random(&variant, a.hidden, a.seed),
    };
    let mut previous = Samples::new();
    for generation in 0..a.generations {
        // Generation 0 has no net yet unless one was given to start from.
        let current = (generation > 0 || a.start.is_some()).then(|| Arc::new(net.clone()));
        let pool: Vec<Player> = pool_entries(&a.pool)
            .iter()
            .map(|name| pool_player(name, &maker, &variant, current.as_ref()))
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("--pool: {e}"));
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
        "train_net --rules {} --players {} --generations {} --games {} --hidden {} --epochs {} --epsilon {} --seed {} --pool {}{}",
        a.rules, a.players, a.generations, a.games, net.hidden, a.epochs, a.epsilon, a.seed, a.pool,
        a.start.as_ref().map(|s| format!(" --start {s}")).unwrap_or_default()
    );
    std::fs::write(&a.out, net.to_json()).expect("write the net");
    eprintln!("wrote {}", a.out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::parse_any;

    fn bot(player: &Player) -> Box<dyn Bot> {
        match player {
            Player::Bot(make) => make(7),
            Player::Policy(_) => panic!("a search entry is a bot"),
        }
    }

    #[test]
    fn a_pool_list_keeps_an_entrys_options_together() {
        assert_eq!(
            pool_entries("search:sims=400,c=0.5,net,cautious,mcts:sims=9,noise=0.1"),
            [
                "search:sims=400,c=0.5",
                "net",
                "cautious",
                "mcts:sims=9,noise=0.1"
            ]
        );
        assert_eq!(pool_entries("net,net,hand"), ["net", "net", "hand"]);
    }

    #[test]
    fn a_search_entry_searches_with_the_generations_net() {
        let (v, pos) = parse_any("standard 5 2 0 3 4,9,9,9/13,0,0,0 - - 0").unwrap();
        let maker = BotMaker::default();
        let score = |net: Option<&Arc<ValueNet>>| {
            let player = pool_player("search:sims=50", &maker, &v, net).unwrap();
            bot(&player).analyse(&v, &pos)[0].score
        };
        let random = Arc::new(ValueNet::new_random(&v, 8, 3));
        let other = Arc::new(ValueNet::new_random(&v, 8, 4));
        assert_eq!(score(Some(&random)), score(Some(&random)));
        assert_ne!(score(Some(&random)), score(Some(&other)));
        assert_ne!(score(Some(&random)), score(None));
        // Without a net it searches with the hand weights, not the shipped net.
        let hand = maker.make("mcts:sims=50,eval=hand", 7, None).unwrap();
        assert_eq!(score(None), { hand }.analyse(&v, &pos)[0].score);
    }

    #[test]
    fn search_entries_are_parsed_and_play_self_play_games() {
        let v = Variant::new(Rules {
            players: 2,
            ..Rules::default()
        })
        .unwrap();
        let maker = BotMaker::default();
        let net = Arc::new(ValueNet::new_random(&v, 8, 1));
        for entry in ["search", "search:sims=30", "search:sims=30,c=0.5"] {
            assert!(
                pool_player(entry, &maker, &v, Some(&net)).is_ok(),
                "{entry}"
            );
        }
        for entry in ["search:sims=x", "search:depth=2", "searching", "nonsense"] {
            assert!(
                pool_player(entry, &maker, &v, Some(&net)).is_err(),
                "{entry}"
            );
        }
        let search = pool_player("search:sims=30", &maker, &v, Some(&net)).unwrap();
        let cautious = pool_player("cautious", &maker, &v, Some(&net)).unwrap();
        let samples = train::self_play_game(&v, &[&search, &cautious], 0.0, 11);
        assert!(samples.len() > 10, "{} positions", samples.len());
    }
}
