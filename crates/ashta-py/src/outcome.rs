//! What a finished game is worth to each player (`returns()`, the rewards).
//!
//! - Under finish `first`: +1 for the winner, −1 for every other player.
//! - Under finish `places`: from +1 for the first place down to −1 for the last, evenly
//!   spaced (`1 − 2r/(P − 1)` for place r counted from 0), so they add up to 0.
//! - A draw (frozen or turn limit): 0 for everyone.
//! - A game not over: 0 for everyone.

use ashta_engine::{Finish, Position, Variant};

/// Writes each player's return for `pos` into `out` (one per player).
pub fn write_returns(variant: &Variant, pos: &Position, out: &mut [f32]) {
    out.fill(0.0);
    if !pos.is_over() || pos.draw().is_some() {
        return;
    }
    let players = variant.players();
    if variant.rules().finish == Finish::Places && players > 1 {
        out.fill(-1.0);
        let step = 2.0 / (players - 1) as f32;
        for (r, &p) in pos.places().iter().enumerate() {
            out[p as usize] = 1.0 - step * r as f32;
        }
    } else if let Some(w) = pos.winner() {
        out.fill(-1.0);
        out[w] = 1.0;
    }
}

/// Each player's return for `pos`.
pub fn returns(variant: &Variant, pos: &Position) -> Vec<f32> {
    let mut out = vec![0.0; variant.players()];
    write_returns(variant, pos, &mut out);
    out
}
