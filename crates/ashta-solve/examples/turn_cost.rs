//! Measures what one turn costs the solver on the full two-player game (or fewer
//! pawns): positions at the start of a turn from random games, every bag of each
//! listed with its plays' ends by the compact core, then the same bags' play ends
//! listed by the general engine (the anchor), and the size of the index.
//!
//! `cargo run --release -p ashta-solve --example turn_cost -- [PAWNS] [PRESET] [POSITIONS]`

use std::time::Instant;

use ashta_engine::{PhaseFrom, PlayEnds, Preset, Rules, SeededThrows, ThrowStep, PLAYS_LIMIT};
use ashta_solve::{bags, outcomes, Board, Indexer, Node, Walker};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pawns: u8 = args.get(1).map_or(4, |a| a.parse().expect("pawns"));
    let preset = Preset::from_name(args.get(2).map_or("standard", |a| a.as_str())).expect("preset");
    let wanted: usize = args.get(3).map_or(300, |a| a.parse().expect("positions"));
    let mut rules = Rules::preset(preset);
    rules.players = 2;
    rules.pawns = Some(pawns);
    let board = Board::new(rules).expect("rules");
    let indexer = Indexer::new(&board);
    let variant = board.variant();
    let all = bags(variant);
    let mut positions = Vec::new();
    let mut seed = 0;
    while positions.len() < wanted {
        let mut throws = SeededThrows::new(seed);
        let mut pos = variant.start_position();
        let mut turn = 0u64;
        while !pos.is_over() && positions.len() < wanted {
            if let Node::Turn(c) = board.node(&pos).expect("turn start") {
                positions.push(c);
            }
            variant
                .throw(&mut pos, PhaseFrom::Source(&mut throws))
                .expect("throw");
            if !pos.is_over() && pos.phase() != ashta_engine::Phase::Throwing {
                let plays = variant.plays(&pos);
                pos = plays[(turn as usize * 7 + seed as usize) % plays.len()].position;
            }
            turn += 1;
        }
        seed += 1;
    }
    let mut walker = Walker::default();
    let began = Instant::now();
    let (mut kept, mut ends) = (0usize, 0usize);
    for c in &positions {
        let o = outcomes(&board, &indexer, &all, c, &mut walker);
        kept += o.len();
        ends += o.iter().map(|o| o.ends.len()).sum::<usize>();
    }
    let core = began.elapsed().as_secs_f64();
    // The anchor: the engine lists the same bags' play ends.
    let mut buffers = PlayEnds::default();
    let began = Instant::now();
    let mut incomplete = 0usize;
    for c in &positions {
        let start = board.position(c).expect("a position the engine accepts");
        for bag in &all {
            let mut pos = start;
            if variant
                .throw(&mut pos, PhaseFrom::Given(&bag.throws))
                .map(|r| r.end)
                .expect("throws")
                == ThrowStep::Moving
            {
                ashta_engine::fast::play_ends(variant, &pos, PLAYS_LIMIT, &mut buffers);
                incomplete += usize::from(!buffers.is_complete());
            }
        }
    }
    let engine = began.elapsed().as_secs_f64();
    // How many index entries are positions the engine accepts: an upper bound on
    // the positions a full solve must value.
    let samples = indexer.len().min(200_000);
    let step = indexer.len() / samples;
    let valid = (0..samples)
        .filter(|k| {
            let c = indexer.compact(k * step + (k * 7919) % step);
            matches!(
                board.position(&c).map(|p| board.node(&p)),
                Ok(Ok(Node::Turn(_)))
            )
        })
        .count();
    let n = positions.len() as f64;
    println!(
        "{} pawns {}: {} bags; {} positions: compact core {:.3} ms a position, engine {:.3} ms ({:.1}x), one core; {:.1} outcomes and {:.1} ends a position kept; index length {} ({} multisets a player), about {:.3e} of them positions the engine accepts ({} samples); {} bags the engine could not list in full",
        pawns,
        preset.name(),
        all.len(),
        positions.len(),
        1000.0 * core / n,
        1000.0 * engine / n,
        engine / core,
        kept as f64 / n,
        ends as f64 / n,
        indexer.len(),
        indexer.multisets(),
        indexer.len() as f64 * valid as f64 / samples as f64,
        samples,
        incomplete
    );
}
