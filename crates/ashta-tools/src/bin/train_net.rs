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
//! `--lambda L` (below 1) labels each position with its λ-return instead of its game's
//! result (TD(λ), forward view): the target of a position mixes the chances the
//! generation's net gives the game's next settled position (weight 1 − L) with that
//! position's own target (weight L), back from the last position, whose target is the
//! result; in generation 0 without `--start` the hand evaluation's chances stand in for
//! the net's. The training loss is then the cross-entropy against those chances; the
//! check set keeps its results, so check losses compare across values of L.
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

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{anyhow, bail, Context};
use ashta_bots::net::MAX_HIDDEN;
use ashta_bots::train::{self, Player, Samples, Targets, TrainConfig};
use ashta_bots::tuning::Tuning;
use ashta_bots::{BotMaker, Evaluator, GreedyBot, ValueNet};
use ashta_engine::{Rules, RulesSpec, SeededThrows, Variant};
use ashta_session::{play_game, Bot};
use clap::builder::RangedU64ValueParser;
use clap::Parser;
use rayon::prelude::*;

/// Trains a value net by self-play and writes it to OUT.
///
/// Each generation plays `--games` self-play games, the seats dealt round `--pool`,
/// labels their settled positions with their results and trains the net on the newest
/// two generations; then the net, one play deep, meets the hand-weighted `greedy` in
/// every other seat (`--matches` games) and the check set's log loss is printed. The
/// last net is written to OUT.
///
/// Example: train_net --players 2 --generations 3 --games 6000
/// --start crates/ashta-bots/nets/standard-2p.json --pool search,search,cautious,careful,net
/// --out net.json
#[derive(Parser, Debug)]
#[command(name = "train_net")]
struct Args {
    /// Number of players: 2, 3 or 4.
    #[arg(long, value_name = "P", default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(2..=4))]
    players: u8,
    /// Generations of self-play, training and a match against greedy, at least 1.
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u32).range(1..))]
    generations: u32,
    /// Self-play games per generation.
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    games: u64,
    /// Hidden units of a new net, 1 to 256 (a `--start` net's hidden size replaces it).
    #[arg(long, value_name = "N", default_value_t = 64,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_HIDDEN as u64))]
    hidden: usize,
    /// Training passes over the newest two generations' positions, each generation.
    #[arg(long, value_name = "N", default_value_t = 4)]
    epochs: usize,
    /// Chance, from 0 to 1, of a random play by the one-play-deep seats, for variety.
    #[arg(long, value_name = "P", default_value_t = 0.05, value_parser = probability)]
    epsilon: f64,
    /// What a position learns from, from 0 to 1: 1 is how its game ended; below 1,
    /// the λ-return (TD(λ)): the chances the generation's net (the hand evaluation
    /// without one) gives the game's next settled position, weighted 1 − λ, mixed with
    /// that position's own target, weighted λ.
    #[arg(long, value_name = "L", default_value_t = 1.0, value_parser = probability)]
    lambda: f64,
    /// Games of the net against greedy after each generation (in sets of one per seat,
    /// rounded down to a multiple of the players).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    matches: u64,
    /// Seed of the self-play games, the new net and the training (at most 4294967295).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(..=u64::from(u32::MAX)))]
    seed: u64,
    /// Who plays the self-play seats, comma-separated, dealt round in turn.
    ///
    /// `net` (the net of the generation before, one play deep; the hand weights in
    /// generation 0 without --start), `hand` (the hand weights one play deep), `search`
    /// or `search:OPTIONS` (an MCTS player, with the options of `mcts`, e.g.
    /// `search:sims=400`, 200 simulations unless `sims` is given, that searches with the
    /// net being trained; `search:sims=400,c=0.5,net` is two entries), or any bot name,
    /// e.g. a gauntlet style (`cautious`, `runner`), which plays its seats as it is.
    #[arg(long, value_name = "A,B,...", default_value = "net,net,hand")]
    pool: String,
    /// The rules as JSON: a preset's name (`'"traditional"'`) or a rules object
    /// (`'{"preset":"standard","pair_capture":false}'`).
    #[arg(long, value_name = "JSON", default_value = "\"standard\"")]
    rules: String,
    /// Start from this net file, already trained (its hidden size replaces --hidden; it
    /// must have been made for the same rules and number of players), so that
    /// generation 0 already plays `net` and `search` with it.
    #[arg(long, value_name = "FILE")]
    start: Option<String>,
    /// Where to write the net, after each generation (a run stopped early keeps the
    /// last generation it finished).
    #[arg(long, value_name = "FILE", default_value = "net.json")]
    out: String,
}

/// A chance: a number from 0 to 1.
fn probability(text: &str) -> Result<f64, String> {
    let p: f64 = text.parse().map_err(|e| format!("{e}"))?;
    if (0.0..=1.0).contains(&p) {
        Ok(p)
    } else {
        Err(format!("{p} is not from 0 to 1"))
    }
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

fn main() -> ExitCode {
    ashta_tools::exit_code(run(&Args::parse()))
}

/// The rules `--rules` and `--players` give.
fn variant_of(a: &Args) -> anyhow::Result<Variant> {
    let spec: RulesSpec = serde_json::from_str(&a.rules).with_context(|| {
        format!(
            "--rules {}: not a preset's name in quotes (e.g. '\"traditional\"') or a rules \
             object, as JSON",
            a.rules
        )
    })?;
    let rules = spec
        .to_rules()
        .with_context(|| format!("--rules {}", a.rules))?;
    Variant::new(Rules {
        players: a.players,
        ..rules
    })
    .with_context(|| format!("--rules {} --players {}", a.rules, a.players))
}

/// The net of `--start FILE`, checked against the rules.
fn start_net(path: &str, variant: &Variant) -> anyhow::Result<ValueNet> {
    let net = ashta_tools::read_net(path).map_err(|e| anyhow!("--start {path}: {e}"))?;
    if !net.fits(variant) {
        bail!("--start {path}: the net was not made for these rules and players");
    }
    Ok(net)
}

/// Fails early, before any training, when `--out` cannot be a file to write.
fn check_out(out: &str) -> anyhow::Result<()> {
    let path = Path::new(out);
    if out.is_empty() || path.is_dir() {
        bail!("--out {out:?}: not a file name");
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            bail!("--out {out}: there is no directory {}", dir.display());
        }
    }
    Ok(())
}

fn run(a: &Args) -> anyhow::Result<()> {
    let maker = ashta_tools::maker_from_env()?;
    let variant = variant_of(a)?;
    let mut net = match &a.start {
        Some(path) => start_net(path, &variant)?,
        None => ValueNet::new_random(&variant, a.hidden, a.seed),
    };
    let entries = pool_entries(&a.pool);
    {
        // Check the pool as generation 0 plays it, before any game.
        let first = a.start.is_some().then(|| Arc::new(net.clone()));
        for name in &entries {
            pool_player(name, &maker, &variant, first.as_ref())
                .map_err(|e| anyhow!("--pool {}: {e}", a.pool))?;
        }
    }
    check_out(&a.out)?;
    let hand = Evaluator::new(&variant);
    let check = train::self_play(
        &variant,
        &[Player::from(hand.clone())],
        a.epsilon,
        1 << 40,
        2000,
    );
    let mut previous = Samples::new();
    for generation in 0..a.generations {
        // Generation 0 has no net yet unless one was given to start from.
        let current = (generation > 0 || a.start.is_some()).then(|| Arc::new(net.clone()));
        let pool: Vec<Player> = entries
            .iter()
            .map(|name| pool_player(name, &maker, &variant, current.as_ref()))
            .collect::<Result<_, _>>()
            .map_err(|e| anyhow!("--pool {}: {e}", a.pool))?;
        let first = a.seed * 1_000_000_000 + generation as u64 * 10_000_000;
        let targets = if a.lambda < 1.0 {
            let critic = match &current {
                Some(net) => hand.clone().with_net(net.clone()),
                None => hand.clone(),
            };
            Targets::Lambda {
                critic,
                lambda: a.lambda,
            }
        } else {
            Targets::Outcome
        };
        let fresh = train::self_play_for(&variant, &pool, a.epsilon, first, a.games, &targets);
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
        // Written after every generation, so a run stopped early keeps the last
        // generation it finished (the same net as a run of that many generations).
        net.about = format!(
            "train_net --rules '{}' --players {} --generations {} --games {} --hidden {} --epochs {} --epsilon {} --seed {} --pool {}{}{}",
            a.rules, a.players, generation + 1, a.games, net.hidden, a.epochs, a.epsilon, a.seed, a.pool,
            a.start.as_ref().map(|s| format!(" --start {s}")).unwrap_or_default(),
            if a.lambda < 1.0 { format!(" --lambda {}", a.lambda) } else { String::new() }
        );
        std::fs::write(&a.out, net.to_json()).with_context(|| format!("--out {}", a.out))?;
        eprintln!("wrote {} (generation {generation})", a.out);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ashta_engine::parse_any;
    use clap::CommandFactory;

    fn parse(line: &str) -> Result<Args, clap::Error> {
        Args::try_parse_from(std::iter::once("train_net").chain(line.split_whitespace()))
    }

    #[test]
    fn the_arguments_are_declared_consistently() {
        Args::command().debug_assert();
    }

    #[test]
    fn without_arguments_the_defaults_are_those_documented() {
        let a = parse("").unwrap();
        assert_eq!(
            (a.players, a.generations, a.games, a.hidden, a.epochs),
            (2, 4, 20_000, 64, 4)
        );
        assert_eq!((a.epsilon, a.matches, a.seed), (0.05, 1000, 1));
        assert_eq!(
            (a.pool.as_str(), a.rules.as_str(), a.out.as_str()),
            ("net,net,hand", "\"standard\"", "net.json")
        );
        assert_eq!(a.start, None);
    }

    #[test]
    fn lambda_is_a_weight_from_0_to_1_and_1_learns_results() {
        assert_eq!(parse("").unwrap().lambda, 1.0);
        assert_eq!(parse("--lambda 0.95").unwrap().lambda, 0.95);
        let e = parse("--lambda 1.5").unwrap_err().to_string();
        assert!(
            e.contains("--lambda") && e.contains("not from 0 to 1"),
            "{e}"
        );
    }

    #[test]
    fn a_run_has_at_least_one_generation() {
        // The net is written after each generation, so none would write nothing.
        let e = parse("--generations 0").unwrap_err().to_string();
        assert!(e.contains("--generations"), "{e}");
        assert_eq!(parse("--generations 1").unwrap().generations, 1);
    }

    #[test]
    fn the_commands_quoted_in_the_documentation_parse() {
        // README.md, BENCHMARKS.md, this file's documentation and the shipped nets'
        // `about` (shell quotes taken off).
        for line in [
            "--players 2 --generations 5 --games 40000 --hidden 64 --epochs 5 --out net.json",
            "--rules \"traditional\" --players 4 --generations 6 --games 30000 --hidden 64 \
             --epochs 4 --pool net,net,hand,cautious,runner,blocker \
             --out crates/ashta-bots/nets/standard-4p.json",
            "--players 2 --generations 5 --games 40000 --hidden 64 --epochs 5 \
             --pool net,net,net,hand,cautious,runner,blocker,hunter,careful",
            "--players 2 --generations 3 --games 15000 --epochs 4 \
             --start crates/ashta-bots/nets/standard-2p.json \
             --pool search:sims=800,search:sims=800,cautious,careful,net --out A.json",
            "--players 2 --generations 2 --games 12000 --epochs 4 --seed 2 --start A.json \
             --pool search:sims=800,search:sims=800,cautious,careful,net,hand --out B.json",
            "--players 2 --generations 3 --games 6000 --start crates/ashta-bots/nets/standard-2p.json \
             --pool search,search,cautious,careful,net --out net.json",
            "--rules {\"preset\":\"standard\",\"pair_capture\":false}",
            "--rules \"standard\" --players 2 --generations 3 --games 20000 --hidden 64 \
             --epochs 4 --epsilon 0.05 --seed 2 \
             --pool search:sims=400,search:sims=400,cautious,careful,net --start A.json",
        ] {
            if let Err(e) = parse(line) {
                panic!("{line}: {e}");
            }
        }
        let a = parse(
            "--players 2 --generations 3 --games 20000 --epochs 4 --seed 2 --start A.json \
             --pool search:sims=400,search:sims=400,cautious,careful,net --out A2.json",
        )
        .unwrap();
        assert_eq!(
            (a.players, a.generations, a.games, a.epochs, a.seed),
            (2, 3, 20_000, 4, 2)
        );
        assert_eq!(a.start.as_deref(), Some("A.json"));
        assert_eq!(
            a.pool,
            "search:sims=400,search:sims=400,cautious,careful,net"
        );
        assert_eq!((a.out.as_str(), a.hidden, a.epsilon), ("A2.json", 64, 0.05));
    }

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
