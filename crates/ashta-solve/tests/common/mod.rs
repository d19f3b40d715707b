//! Random positions at the start of a turn, reached by random play under the engine, and
//! one turn of expectimax over the engine's throws and plays.

#![allow(dead_code)]

use ashta_engine::{
    PhaseFrom, Position, Preset, Rules, SeededThrows, ThrowStep, Variant, PLAYS_LIMIT,
};
use ashta_solve::{Bag, Chances};

/// The two-player rules of a preset with `pawns` pawns each.
pub fn two_player(preset: Preset, pawns: u8) -> Rules {
    let mut rules = Rules::preset(preset);
    rules.players = 2;
    rules.pawns = Some(pawns);
    rules
}

/// A small deterministic generator for the choices of random play.
pub struct Pick(u64);

impl Pick {
    pub fn new(seed: u64) -> Pick {
        Pick(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Positions at the start of a turn met in one random game (the game over positions
/// left out), at most `limit` of them.
pub fn random_turn_starts(variant: &Variant, seed: u64, limit: usize) -> Vec<Position> {
    let mut throws = SeededThrows::new(seed);
    let mut pick = Pick::new(seed);
    let mut pos = variant.start_position();
    let mut out = Vec::new();
    while !pos.is_over() && out.len() < limit {
        out.push(pos);
        variant
            .throw(&mut pos, PhaseFrom::Source(&mut throws))
            .expect("a turn start throws");
        if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
            continue;
        }
        let plays = variant.plays(&pos);
        pos = plays[pick.below(plays.len())].position;
    }
    out
}

/// One turn of expectimax from `pos`: over every bag of the throw, the best of the plays
/// the engine lists as `value_after` rates them (the mover's chances), weighted by the
/// bag's probability.
pub fn best_over_bags(
    v: &Variant,
    bags: &[Bag],
    pos: &Position,
    value_after: impl Fn(&Position) -> Chances,
) -> Chances {
    let (mut win, mut draw) = (0.0, 0.0);
    for bag in bags {
        let mut p = *pos;
        let step = v
            .throw(&mut p, PhaseFrom::Given(&bag.throws))
            .map(|r| r.end)
            .unwrap();
        let best = if step == ThrowStep::Moving {
            let plays = v.plays_within(&p, PLAYS_LIMIT);
            assert!(plays.complete);
            plays
                .plays
                .iter()
                .map(|play| value_after(&play.position))
                .max_by(|a, b| a.score().total_cmp(&b.score()))
                .unwrap()
        } else {
            value_after(&p)
        };
        win += bag.probability * best.win;
        draw += bag.probability * best.draw;
    }
    Chances { win, draw }
}
