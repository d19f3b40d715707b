//! Random two-player games a second on the compact core, one core, two ways:
//!
//! - `core`: each turn draws a bag by its exact probability, lists the distinct ends
//!   of its plays with the compact core's own moves, and goes to one at random.
//! - `moves`: each turn draws a bag and plays it move by move on the compact core,
//!   each move picked at random among the legal ones (as the engine's `ashta
//!   selfplay` plays).
//! - `selfplay`: the general engine's own random games on the same rules
//!   ([`ashta_lab::random_games`], move by move as `moves`): the anchor.
//! - `engine`: the same turn as `core` through the general engine: compact position → the
//!   engine's position → the bag thrown → the engine's play ends → one at random →
//!   compact again.
//! - `graph`: the game graph of a reduced game is explored first (not timed), then
//!   each turn is a draw among the state's outcomes and one of its ends, read from the
//!   graph's tables (no rules run at all).
//!
//! Prints one JSON line per mode: `{"mode", "games", "turns", "seconds", "games_per_s"}`
//! (process CPU time is not used: run it on an idle core).
//!
//! `cargo run --release -p ashta-solve --example compact_selfplay -- PRESET PAWNS GAMES [core|moves|selfplay|engine|graph|all]`

use std::time::Instant;

use ashta_engine::{PhaseFrom, PlayEnds, Preset, Rules, ThrowStep};
use ashta_solve::{
    bag_ends, bags, explore, graph_end_codes, Bag, Board, End, Indexer, Node, Walker,
};

/// A small xorshift generator (the example needs no statistical quality).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Turns at which a random game is cut (none reach it in practice).
const MAX_TURNS: usize = 100_000;

/// A bag drawn by its probability.
fn draw<'b>(bags: &'b [Bag], rng: &mut Rng) -> &'b Bag {
    let mut u = rng.unit();
    bags.iter()
        .find(|b| {
            u -= b.probability;
            u < 0.0
        })
        .unwrap_or(&bags[bags.len() - 1])
}

fn core(board: &Board, games: usize, rng: &mut Rng) -> usize {
    let indexer = Indexer::new(board);
    let bags = bags(board.variant());
    let mut walker = Walker::default();
    let mut turns = 0;
    for _ in 0..games {
        let Node::Turn(mut c) = board
            .node(&board.variant().start_position())
            .expect("start")
        else {
            continue;
        };
        for _ in 0..MAX_TURNS {
            turns += 1;
            let ends = bag_ends(board, &indexer, &c, draw(&bags, rng), &mut walker);
            match ends[rng.below(ends.len())] {
                End::Again(i) | End::Passed(i) => c = indexer.compact(i),
                End::Win | End::Draw | End::Loss => break,
            }
        }
    }
    turns
}

fn moves(board: &Board, games: usize, rng: &mut Rng) -> usize {
    let bags = bags(board.variant());
    let mut turns = 0;
    for _ in 0..games {
        let mut node = board
            .node(&board.variant().start_position())
            .expect("start");
        for _ in 0..MAX_TURNS {
            let Node::Turn(c) = node else { break };
            turns += 1;
            let bag = draw(&bags, rng);
            node = board.play_turn(&c, &bag.values, |n| rng.below(n));
        }
    }
    turns
}

fn engine(board: &Board, games: usize, rng: &mut Rng) -> usize {
    let variant = board.variant();
    let bags = bags(variant);
    let mut buffers = PlayEnds::default();
    let mut turns = 0;
    for _ in 0..games {
        let mut node = board.node(&variant.start_position()).expect("start");
        for _ in 0..MAX_TURNS {
            let Node::Turn(c) = node else { break };
            turns += 1;
            let mut pos = board.position(&c).expect("position");
            let bag = draw(&bags, rng);
            let step = variant
                .throw(&mut pos, PhaseFrom::Given(&bag.throws))
                .map(|r| r.end)
                .expect("throws");
            if step == ThrowStep::Moving {
                ashta_engine::fast::play_ends(
                    variant,
                    &pos,
                    ashta_engine::PLAYS_LIMIT,
                    &mut buffers,
                );
                let ends = buffers.positions();
                pos = ends[rng.below(ends.len())];
            }
            node = board.node(&pos).expect("node");
        }
    }
    turns
}

fn graph(board: &Board, games: usize, rng: &mut Rng) -> Option<(usize, f64)> {
    let indexer = Indexer::new(board);
    let g = explore(board, &indexer, false).ok()?;
    let began = Instant::now();
    let mut turns = 0;
    for _ in 0..games {
        let mut s = 0usize;
        for _ in 0..MAX_TURNS {
            turns += 1;
            let mut u = rng.unit();
            let range = g.outcomes(s);
            let o = range
                .clone()
                .find(|&o| {
                    u -= g.probability[o];
                    u < 0.0
                })
                .unwrap_or(range.end - 1);
            let ends = g.ends_of(o);
            let e = ends[rng.below(ends.len())];
            if e >= graph_end_codes::LOSS {
                break;
            }
            s = (e >> 1) as usize;
        }
    }
    Some((turns, began.elapsed().as_secs_f64()))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset =
        Preset::from_name(args.get(1).map_or("traditional", |a| a.as_str())).expect("preset");
    let pawns: u8 = args.get(2).map_or(2, |a| a.parse().expect("pawns"));
    let games: usize = args.get(3).map_or(10_000, |a| a.parse().expect("games"));
    let mode = args.get(4).map_or("all", |a| a.as_str());
    let mut rules = Rules::preset(preset);
    rules.players = 2;
    rules.pawns = Some(pawns);
    let board = Board::new(rules).expect("rules the core holds");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let report = |mode: &str, turns: usize, seconds: f64| {
        println!(
            "{}",
            serde_json::json!({"mode": mode, "preset": preset.name(), "pawns": pawns,
                "games": games, "turns": turns, "seconds": seconds,
                "games_per_s": games as f64 / seconds})
        );
    };
    if mode == "core" || mode == "all" {
        let began = Instant::now();
        let turns = core(&board, games, &mut rng);
        report("core", turns, began.elapsed().as_secs_f64());
    }
    if mode == "moves" || mode == "all" {
        let began = Instant::now();
        let turns = moves(&board, games, &mut rng);
        report("moves", turns, began.elapsed().as_secs_f64());
    }
    if mode == "selfplay" || mode == "all" {
        let began = Instant::now();
        let summary = ashta_lab::random_games(board.variant(), 1, 0..games as u64, u32::MAX);
        let turns = (summary.mean_turns() * games as f64).round() as usize;
        report("selfplay", turns, began.elapsed().as_secs_f64());
    }
    if mode == "engine" || mode == "all" {
        let began = Instant::now();
        let turns = engine(&board, games, &mut rng);
        report("engine", turns, began.elapsed().as_secs_f64());
    }
    if mode == "graph" || mode == "all" {
        // Explored untimed; the walk alone is timed.
        if let Some((turns, seconds)) = graph(&board, games, &mut rng) {
            report("graph", turns, seconds);
        }
    }
}
