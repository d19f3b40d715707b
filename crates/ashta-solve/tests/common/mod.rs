//! Random positions at the start of a turn, reached by random play under the engine.

#![allow(dead_code)]

use ashta_engine::{Position, Preset, Rules, SeededThrows, Variant};

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
            .throw(&mut pos, &mut throws)
            .expect("a turn start throws");
        if pos.is_over() || pos.phase() == ashta_engine::Phase::Throwing {
            continue;
        }
        let plays = variant.plays(&pos);
        pos = plays[pick.below(plays.len())].position;
    }
    out
}
