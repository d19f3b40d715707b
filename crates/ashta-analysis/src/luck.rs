//! The luck of a throw: the chance to win after the throw minus the expectation before
//! it, both by the bots' evaluation over the exact throw outcomes.
//!
//! Before the throw, the expectation is the average over every bag the phase can give
//! (exact probabilities, phases of up to [`Chance::max_throws`] throws, normalised) of
//! the value of the evaluator's favourite play of that bag. After the throw, the value
//! is that of the evaluator's favourite play of the bag actually thrown (or of the
//! position once the turn ended, when no value could be used). This is gnubg's luck
//! measure, with the evaluator one play deep standing for its 0-ply evaluation.

use ashta_engine::{PhaseFrom, Position, ThrowError, Variant};

use super::chance::{Chance, WinVector};

/// One throwing phase and how lucky it was.
#[derive(Clone, Debug, PartialEq)]
pub struct ThrowLuck {
    /// The thrower.
    pub player: usize,
    /// Every player's expected chance to win before the throw.
    pub before: WinVector,
    /// Every player's chance to win after the throw (once the bag is known).
    pub after: WinVector,
}

impl ThrowLuck {
    /// The thrower's luck: its chance after the throw minus its expectation before.
    pub fn luck(&self) -> f64 {
        self.after[self.player] - self.before[self.player]
    }

    /// What the throw did to player `q`'s chance to win.
    pub fn luck_of(&self, q: usize) -> f64 {
        self.after[q] - self.before[q]
    }
}

/// The luck of the throwing phase `throws` (mouths-up counts) thrown in `pos`, whose
/// player must throw. An error when the throws are not one whole phase.
pub fn throw_luck(
    variant: &Variant,
    chance: &Chance,
    pos: &Position,
    throws: &[u8],
) -> Result<ThrowLuck, ThrowError> {
    let mut thrown = *pos;
    variant.throw(&mut thrown, PhaseFrom::Given(throws))?;
    let before = chance.expand(variant, pos).mean;
    let (_, after) = chance.best_play(variant, &thrown);
    Ok(ThrowLuck {
        player: pos.to_move(),
        before,
        after,
    })
}
