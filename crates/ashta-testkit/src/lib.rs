//! # ashta-testkit
//!
//! Random games for the tests of every crate: it may play games on the engine by random
//! legal moves, but it holds no rule, decides nothing a player sees and does no I/O.
//!
//! The one walker that plays a game on by random legal moves and the game's own seeded
//! throws, and the positions the tests draw from it (a game some steps in, a player
//! with a bag to play). It sits on the engine alone, so any crate above the engine
//! takes it as a dev-dependency (the browser module also builds its agreement positions
//! with it); the engine's own integration tests use it too.
//!
//! ```
//! use ashta_engine::{Phase, Rules};
//! use ashta_testkit::{random_bag, random_game};
//!
//! let game = random_game(Rules::standard(), 7, 40);
//! assert_eq!(game.record().seed, Some(7));
//! let (variant, pos) = random_bag(Rules::standard(), 7, 40);
//! assert_eq!(pos.phase(), Phase::Moving);
//! assert!(variant.legal_outcomes(&pos).len() > 0);
//! ```

#![warn(missing_docs)]

use ashta_engine::{Game, MoveList, Phase, Position, Rules, ThrowFrom, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays `game` on for at most `steps` steps, each a whole throwing phase from the
/// game's own throws or one move chosen uniformly among the legal ones with `rng`;
/// stops when the game is over. The game must draw its own throws
/// ([`Game::has_own_throws`]).
pub fn play_randomly(game: &mut Game, rng: &mut impl Rng, steps: usize) {
    let mut moves = MoveList::new();
    for _ in 0..steps {
        if game.phase() == Phase::Over {
            break;
        }
        step(game, rng, &mut moves);
    }
}

/// One step of [`play_randomly`] on a game that is not over.
fn step(game: &mut Game, rng: &mut impl Rng, moves: &mut MoveList) {
    if game.phase() == Phase::Throwing {
        while game.phase() == Phase::Throwing {
            game.throw(ThrowFrom::Own)
                .expect("a game with its own throws throws");
        }
    } else {
        game.variant().legal_moves(game.position(), moves);
        let mv = moves[rng.random_range(0..moves.len())];
        game.checker()
            .check_move(mv)
            .expect("a legal move plays")
            .play();
    }
}

/// A game of `rules` from the usual start, played on by [`play_randomly`] for `steps`
/// steps (or to its end): its throws from `seed`, and its moves chosen from `seed` too.
pub fn random_game(rules: Rules, seed: u64, steps: usize) -> Game {
    let mut game = Game::new(rules, seed).expect("valid rules");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    play_randomly(&mut game, &mut rng, steps);
    game
}

/// A position of `rules` whose player to move has a bag to play: `steps` steps of
/// random play from the usual start (a game that ends starts again, its throws from
/// the next seed), then throws until a moving phase. Everything comes from `seed`.
pub fn random_bag(rules: Rules, seed: u64, steps: usize) -> (Variant, Position) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = MoveList::new();
    let mut game_seed = seed;
    let mut game = Game::new(rules.clone(), seed).expect("valid rules");
    let mut taken = 0;
    loop {
        match game.phase() {
            Phase::Over => {
                game_seed = game_seed.wrapping_add(1);
                game = Game::new(rules.clone(), game_seed).expect("valid rules");
            }
            Phase::Moving if taken >= steps => {
                return (game.variant().clone(), *game.position());
            }
            _ => {
                step(&mut game, &mut rng, &mut moves);
                taken += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_random_game_and_bag_every_time() {
        let a = random_game(Rules::standard(), 3, 80);
        assert_eq!(a.record(), random_game(Rules::standard(), 3, 80).record());
        assert_eq!(
            random_bag(Rules::standard(), 3, 80).1,
            random_bag(Rules::standard(), 3, 80).1
        );
    }

    #[test]
    fn a_random_bag_is_a_moving_phase_even_after_a_game_ends() {
        let mut rules = Rules::standard();
        rules.players = 2;
        // Enough steps to end a game of two on the small board more than once.
        for seed in 0..4 {
            let (variant, pos) = random_bag(rules.clone(), seed, 3_000);
            assert_eq!(pos.phase(), Phase::Moving, "seed {seed}");
            assert!(variant.has_legal_move(&pos), "seed {seed}");
        }
    }

    #[test]
    fn random_play_stops_when_the_game_is_over() {
        let mut rules = Rules::standard();
        rules.players = 2;
        let game = random_game(rules, 5, 1_000_000);
        assert!(game.position().is_over());
    }
}
