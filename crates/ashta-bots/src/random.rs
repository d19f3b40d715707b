//! The random bot: at each step, one of the legal moves of that moment, uniformly.

use ashta_engine::{MoveList, Play, Position, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use ashta_session::{Bot, Candidate};

/// Picks uniformly among the legal moves of each moment, one value at a time.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot whose choices follow `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    /// Every play scores the same: the random bot has no opinion.
    fn analyse(&mut self, variant: &Variant, pos: &Position) -> Vec<Candidate> {
        let plays = variant.plays(pos);
        let score = 1.0 / variant.players() as f64;
        plays
            .into_iter()
            .map(|play| Candidate { play, score })
            .collect()
    }

    fn choose(&mut self, variant: &Variant, pos: &Position) -> Option<Play> {
        if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
            return None;
        }
        let mut p = *pos;
        let mut moves = Vec::new();
        let mut list = MoveList::new();
        loop {
            variant.legal_moves(&p, &mut list);
            if list.is_empty() {
                if p.phase() != ashta_engine::Phase::Throwing && !p.is_over() {
                    variant.end_turn(&mut p).expect("a bag nothing can use");
                }
                break;
            }
            let mv = list[self.rng.random_range(0..list.len())];
            moves.push(mv);
            ashta_engine::fast::play(variant, &mut p, mv);
            if p.is_over() || p.phase() == ashta_engine::Phase::Throwing {
                break;
            }
        }
        Some(Play { moves, position: p })
    }
}
