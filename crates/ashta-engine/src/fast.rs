//! The fast paths of searches and self-play, for code that plays thousands of moves and
//! throws a second on positions it made itself (the bots' searches, the analysis'
//! rollouts, batched environments): a move of the legal list played without checking
//! it again or gathering what it did, and one throw given as mouths up. Everyone else
//! plays with [`Variant::play`] (checked, and says what happened) and throws with
//! [`Variant::throw`] (a phase from a source) or [`Variant::apply_throws`] (a phase
//! given as mouths up).

use crate::error::ThrowError;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::{ThrowStep, Variant};

/// Plays `mv`, a move of [`Variant::legal_moves`] of `pos`, without checking it again:
/// the value leaves the bag, the unit moves and captures, and the turn ends when the bag
/// is spent or no value left can be used. A move that is not in `pos`'s legal list
/// leaves a position the rules never reach (checked in debug builds).
#[inline]
pub fn play(variant: &Variant, pos: &mut Position, mv: Move) {
    debug_assert_eq!(
        variant.find_move(pos, mv.value(), mv.from(), mv.count()),
        Ok(mv),
        "a move of the legal list"
    );
    variant.play_unchecked(pos, mv);
}

/// Throws one throw with `mouths_up` cowries up into the bag of the player to move: on
/// a position whose bag is empty, then again while it answers [`ThrowStep::Again`]; in
/// between the position is in the middle of its throwing phase.
///
/// Refused, the position unchanged, when the game is over, when more mouths are up
/// than cowries are thrown, and when the player is not throwing
/// ([`Position::phase`]): a throwing phase that has ended, even on a bag of graces
/// alone, is refused with [`ThrowError::NotThrowing`].
#[inline]
pub fn throw_one(
    variant: &Variant,
    pos: &mut Position,
    mouths_up: u8,
) -> Result<ThrowStep, ThrowError> {
    variant.throw_one(pos, mouths_up)
}
