//! The most games a player can win against one bot in a reduced two-player game: the
//! bot's plays are held fixed (each of its equally scored best plays equally likely, as
//! a seeded tie-break makes them), and the other player's are chosen over the whole game
//! graph for the greatest chance to win, a draw counting nothing. Prints that chance for
//! each seat and their mean (seats rotated, as `ashta tournament` plays), and the draws
//! and losses the winning plays leave. A bound on what any bot can win against it.
//!
//! `cargo run --release -p ashta-analysis --example best_response -- PRESET PAWNS BOT [BOT...]`
//!
//! BOT is any bot of `ashta tournament` that lists its plays by score (the gauntlet's
//! styles, `greedy`); the standard game with two pawns each holds 378,135 positions and
//! needs about 4 GB and ten minutes on two cores to explore.

use std::collections::HashMap;

use ashta_bots::make_bot;
use ashta_engine::{Phase, PhaseFrom, Position, Preset, Rules};
use ashta_solve::graph_end_codes::{DRAW, LOSS, WIN};
use ashta_solve::{bags, end_of, explore, layer, Board, End, Graph, Indexer};
use rayon::prelude::*;

/// Sweeps stop once no state's chance moves by more than this.
const TOLERANCE: f64 = 1e-10;
/// At most this many sweeps.
const MAX_SWEEPS: usize = 20_000;

/// The fixed bot's turn at one state: for each bag, its probability and the ends of
/// its best plays (graph end codes, the bot the mover), equally likely.
type BotTurn = Vec<(f64, Vec<u32>)>;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!("usage: best_response PRESET PAWNS BOT [BOT...]");
        std::process::exit(2);
    }
    let preset = Preset::from_name(&args[1]).expect("PRESET: standard, traditional or senior");
    let mut rules = Rules::preset(preset);
    rules.players = 2;
    rules.pawns = Some(args[2].parse().expect("PAWNS: a number"));
    let board = Board::new(rules).expect("rules the solver takes");
    let indexer = Indexer::new(&board);
    let graph = explore(&board, &indexer, true).expect("the game graph");
    let ids: HashMap<u64, u32> = graph
        .keys
        .iter()
        .enumerate()
        .map(|(s, &k)| (k, s as u32))
        .collect();
    eprintln!("{} positions", graph.len());
    let layers = layers(&board, &graph);
    for name in &args[3..] {
        let turns = bot_turns(&board, &indexer, &graph, &ids, name);
        let seats: Vec<(f64, f64)> = (0..2)
            .map(|us| best_response(&graph, &layers, &turns, us))
            .collect();
        let win = (seats[0].0 + seats[1].0) / 2.0;
        let loss = (seats[0].1 + seats[1].1) / 2.0;
        println!(
            "{{\"bot\":\"{name}\",\"win\":{win:.5},\"draw\":{:.5},\"loss\":{loss:.5},\"win_first\":{:.5},\"win_second\":{:.5}}}",
            1.0 - win - loss,
            seats[0].0,
            seats[1].0
        );
    }
}

/// The bot's turn at every state (it may be either seat), computed in parallel.
fn bot_turns(
    board: &Board,
    indexer: &Indexer,
    graph: &Graph,
    ids: &HashMap<u64, u32>,
    name: &str,
) -> Vec<BotTurn> {
    let variant = board.variant();
    let bags = bags(variant);
    (0..graph.len())
        .into_par_iter()
        .map_init(
            || make_bot(name, 1, None).expect("a bot"),
            |bot, s| {
                let start = board
                    .position(&graph.compacts[s])
                    .expect("a position of the graph");
                let mover = start.to_move();
                bags.iter()
                    .map(|bag| {
                        let mut pos = start;
                        variant
                            .throw(&mut pos, PhaseFrom::Given(&bag.throws))
                            .expect("a bag of the rules");
                        let ends = if pos.is_over() || pos.phase() == Phase::Throwing {
                            vec![end_code(board, indexer, ids, mover, &pos)]
                        } else {
                            let rated = bot.analyse(variant, &pos);
                            let best = rated.first().expect("a legal play").score;
                            rated
                                .iter()
                                .take_while(|c| c.score == best)
                                .map(|c| end_code(board, indexer, ids, mover, &c.play.position))
                                .collect()
                        };
                        (bag.probability, ends)
                    })
                    .collect()
            },
        )
        .collect()
}

/// The graph's end code ([`Graph::ends`]) of a turn of `mover`'s that ended in `pos`.
fn end_code(
    board: &Board,
    indexer: &Indexer,
    ids: &HashMap<u64, u32>,
    mover: usize,
    pos: &Position,
) -> u32 {
    let state = |key: u64| ids[&key] << 1;
    match end_of(board, indexer, mover, pos).expect("a turn's end") {
        End::Win => WIN,
        End::Loss => LOSS,
        End::Draw => DRAW,
        End::Again(key) => state(key) | 1,
        End::Passed(key) => state(key),
    }
}

/// The chance of an end `e` under the chances `v`, for the player whose chance `v`
/// holds: `mover_won` is 1 when the end's mover winning counts, 0 when its opponent's
/// does.
fn chance(e: u32, v: &[f64], mover_won: f64) -> f64 {
    match e {
        WIN => mover_won,
        LOSS => 1.0 - mover_won,
        DRAW => 0.0,
        _ => v[(e >> 1) as usize],
    }
}

/// Seat `us`'s greatest chance to win from the start against the fixed bot, and the
/// bot's chance to win against those plays.
fn best_response(graph: &Graph, layers: &[Vec<usize>], turns: &[BotTurn], us: usize) -> (f64, f64) {
    let ours = |s: usize| graph.compacts[s].to_move as usize == us;
    // Our chance to win: value iteration, our plays the best for it.
    let mut win = vec![0.0; graph.len()];
    sweep_until_still(&mut win, layers, |s, v| {
        if ours(s) {
            our_expectation(graph, s, v, |e| chance(e, v, 1.0))
        } else {
            bot_expectation(&turns[s], |e| chance(e, v, 0.0))
        }
    });
    // The bot's chance to win against those plays.
    let mut lost = vec![0.0; graph.len()];
    sweep_until_still(&mut lost, layers, |s, l| {
        if ours(s) {
            our_expectation(graph, s, &win, |e| chance(e, l, 0.0))
        } else {
            bot_expectation(&turns[s], |e| chance(e, l, 1.0))
        }
    });
    (win[0], lost[0])
}

/// The expectation of `value` over our turn at state `s`: in each bag, the first of
/// the ends that give us the most chance to win under `win`.
fn our_expectation(graph: &Graph, s: usize, win: &[f64], value: impl Fn(u32) -> f64) -> f64 {
    graph
        .outcomes(s)
        .map(|o| {
            let (best, _) = graph
                .ends_of(o)
                .iter()
                .map(|&e| (e, chance(e, win, 1.0)))
                .reduce(|a, b| if b.1 > a.1 { b } else { a })
                .expect("a bag has an end");
            graph.probability[o] * value(best)
        })
        .sum()
}

/// The expectation of `value` over the fixed bot's turn: each bag by its probability,
/// its best plays equally likely.
fn bot_expectation(turn: &BotTurn, value: impl Fn(u32) -> f64) -> f64 {
    turn.iter()
        .map(|(p, ends)| p * ends.iter().map(|&e| value(e)).sum::<f64>() / ends.len() as f64)
        .sum()
}

/// The states by the solver's layers ([`layer`]), the last layer of the game first; a
/// turn never leads to a layer before its own, so each can be solved in turn. Within a
/// layer, the states found last (nearest its end) come first.
fn layers(board: &Board, graph: &Graph) -> Vec<Vec<usize>> {
    let mut by: std::collections::BTreeMap<u32, Vec<usize>> = Default::default();
    for s in (0..graph.len()).rev() {
        by.entry(layer(board, &graph.compacts[s]))
            .or_default()
            .push(s);
    }
    by.into_values().rev().collect()
}

/// Gauss–Seidel sweeps of `update` over each layer's states, in place, until nothing
/// in the layer moves by [`TOLERANCE`].
fn sweep_until_still(
    values: &mut [f64],
    layers: &[Vec<usize>],
    update: impl Fn(usize, &[f64]) -> f64,
) {
    let mut most = 0;
    for states in layers {
        for sweep in 0..MAX_SWEEPS {
            let mut moved: f64 = 0.0;
            for &s in states {
                let new = update(s, values);
                moved = moved.max((new - values[s]).abs());
                values[s] = new;
            }
            if moved < TOLERANCE {
                most = most.max(sweep + 1);
                break;
            }
            assert!(
                sweep + 1 < MAX_SWEEPS,
                "a layer not still after {MAX_SWEEPS} sweeps"
            );
        }
    }
    eprintln!("{} layers, at most {most} sweeps a layer", layers.len());
}
