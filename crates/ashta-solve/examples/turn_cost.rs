//! Measures what one turn costs the solver on the full two-player game (or fewer
//! pawns): positions at the start of a turn from random games, every bag of each
//! listed with its plays' ends, and the size of the index.
//!
//! `cargo run --release -p ashta-solve --example turn_cost -- [PAWNS] [PRESET] [POSITIONS]`

use std::time::Instant;

use ashta_engine::{PlayEnds, Preset, Rules, SeededThrows};
use ashta_solve::{bags, outcomes, Board, Indexer, Node, SolveError};

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
            variant.throw(&mut pos, &mut throws).expect("throw");
            if !pos.is_over() && pos.phase() != ashta_engine::Phase::Throwing {
                let plays = variant.plays(&pos);
                pos = plays[(turn as usize * 7 + seed as usize) % plays.len()].position;
            }
            turn += 1;
        }
        seed += 1;
    }
    let mut buffers = PlayEnds::default();
    let began = Instant::now();
    let (mut kept, mut ends, mut incomplete) = (0usize, 0usize, 0usize);
    for c in &positions {
        let o = match outcomes(&board, &indexer, &all, c, &mut buffers) {
            Ok(o) => o,
            Err(SolveError::PlaysIncomplete(_)) => {
                incomplete += 1;
                continue;
            }
            Err(e) => panic!("{e}"),
        };
        kept += o.len();
        ends += o.iter().map(|o| o.ends.len()).sum::<usize>();
    }
    let secs = began.elapsed().as_secs_f64();
    println!(
        "{} pawns {}: {} bags; {} positions in {:.2} s: {:.2} ms a position (one core), {:.1} outcomes and {:.1} ends a position kept; index length {} ({} multisets a player); {} positions with a bag the engine cannot list in full",
        pawns,
        preset.name(),
        all.len(),
        positions.len(),
        secs,
        1000.0 * secs / positions.len() as f64,
        kept as f64 / positions.len() as f64,
        ends as f64 / positions.len() as f64,
        indexer.len(),
        indexer.multisets(),
        incomplete
    );
}
