//! Random playouts in Rust, for Monte Carlo tree search from Python: from a state to
//! the end of the game, throws drawn with their exact probabilities and moves chosen
//! uniformly among the legal ones, each player's return averaged over the playouts.

use ashta_engine::{Game, MoveList, ThrowFrom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::outcome::returns;

/// Plays `game` (a copy) to its end at random from `rng`; each player's return.
fn playout(mut game: Game, rng: &mut ChaCha8Rng, moves: &mut MoveList) -> Vec<f32> {
    while !game.position().is_over() {
        if game.phase() == ashta_engine::Phase::Throwing {
            game.throw(ThrowFrom::Source(rng))
                .expect("the player to move throws");
            continue;
        }
        game.variant().legal_moves(game.position(), moves);
        if moves.is_empty() {
            // The engine forfeits a bag nobody can use as it is thrown; a state read
            // from outside that still holds one ends its playout here.
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        game.checker()
            .check_move(mv)
            .map(|c| c.play())
            .expect("a legal move plays");
    }
    returns(game.variant(), game.position())
}

/// Each player's return from `game` averaged over `count` playouts; playout `i` draws
/// from stream `i` of `seed`.
pub fn mean_returns(game: &Game, count: u32, seed: u64) -> Vec<f64> {
    let mut total = vec![0.0f64; game.variant().players()];
    let mut moves = MoveList::new();
    for i in 0..count {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(u64::from(i));
        for (t, r) in total
            .iter_mut()
            .zip(playout(game.clone(), &mut rng, &mut moves))
        {
            *t += f64::from(r);
        }
    }
    total.iter().map(|t| t / f64::from(count)).collect()
}
