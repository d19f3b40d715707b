//! How the definition of a "random mover" changes two-player statistics.
//!
//! `cargo run --release -p ashta-engine --example mover_definitions -- MODE GAMES`
//!
//! MODE 0: uniform over the distinct legal moves (value, unit square, pawn or pair),
//! as `ashta selfplay` plays; 1: a single pawn weighted by the pawns on its square
//! (uniform over pawns); 2: a value first, then a move with it; 3: pairs only when no
//! single pawn can move. Prints the frozen-draw rate and the mean game length.
use ashta_engine::*;
use rand::{Rng, SeedableRng};
fn main() {
    let mode: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let games: u64 = std::env::args().nth(2).unwrap().parse().unwrap();
    let mut rules = Rules::standard();
    rules.players = 2;
    let v = Variant::new(rules).unwrap();
    let (mut frozen, mut turns) = (0u64, 0u64);
    for g in 0..games {
        let mut throws = SeededThrows::with_stream(11, g);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(g);
        let mut pos = v.start_position();
        let mut moves = MoveList::new();
        let mut t = 0;
        while !pos.is_over() {
            if pos.must_throw() {
                t += 1;
                v.throw(&mut pos, &mut throws).unwrap();
                continue;
            }
            v.legal_moves(&pos, &mut moves);
            let p = pos.to_move();
            let mv = match mode {
                0 => moves[rng.random_range(0..moves.len())],
                1 => {
                    // per pawn: a single from a square weighs as many pawns as stand there
                    let w: Vec<usize> = moves
                        .iter()
                        .map(|m| {
                            if m.count == 1 {
                                v.pawns(&pos, p)
                                    .filter(|&i| i == m.from.map(|x| x as usize))
                                    .count()
                            } else {
                                1
                            }
                        })
                        .collect();
                    let total: usize = w.iter().sum();
                    let mut r = rng.random_range(0..total);
                    let mut k = 0;
                    while r >= w[k] {
                        r -= w[k];
                        k += 1;
                    }
                    moves[k]
                }
                2 => {
                    // value first, then a unit
                    let vals: Vec<u8> = {
                        let mut x: Vec<u8> = moves.iter().map(|m| m.value).collect();
                        x.dedup();
                        x.sort();
                        x.dedup();
                        x
                    };
                    let val = vals[rng.random_range(0..vals.len())];
                    let c: Vec<&Move> = moves.iter().filter(|m| m.value == val).collect();
                    *c[rng.random_range(0..c.len())]
                }
                _ => {
                    // singles only unless no single
                    let c: Vec<&Move> = moves.iter().filter(|m| m.count == 1).collect();
                    if c.is_empty() {
                        moves[rng.random_range(0..moves.len())]
                    } else {
                        *c[rng.random_range(0..c.len())]
                    }
                }
            };
            v.play_unchecked(&mut pos, mv);
        }
        turns += t;
        if pos.draw().is_some() {
            frozen += 1;
        }
    }
    println!(
        "mode {mode}: frozen {:.4} mean turns {:.1}",
        frozen as f64 / games as f64,
        turns as f64 / games as f64
    );
}
