//! The fast paths of searches and self-play, for code that plays thousands of moves and
//! throws a second on positions it made itself (the bots' searches, the analysis'
//! rollouts, batched environments, the solver): a move of the legal list played
//! without checking it again or gathering what it did, one throw given as mouths up,
//! and the positions the plays of a bag end in, into buffers kept between calls.
//! Everyone else plays with [`Variant::play`] (checked, and says what happened),
//! throws with [`Variant::throw`] (a phase from a source or given as mouths up), and
//! lists plays with [`Variant::plays`].

use crate::error::ThrowError;
use crate::moves::{Move, MAX_MOVES};
use crate::plays::PlayEnds;
use crate::position::{DrawReason, Position};
use crate::variant::{MoveBuf, ThrowStep, Variant};

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

/// The positions the plays of the bag of `pos` end in ([`Variant::plays`]'s, in the same
/// order), into `ends`, whose buffers are kept between calls: no allocation once they
/// have grown, and no move lists. The walk visits at most `limit` positions
/// ([`crate::PLAYS_LIMIT`] as [`Variant::plays`] does; [`PlayEnds::is_complete`] says
/// whether it stopped early). For searches that only need the positions after each
/// play (tree nodes, say).
///
/// ```
/// use ashta_engine::{fast, parse_any, PlayEnds, PLAYS_LIMIT};
///
/// let (v, pos) = parse_any("standard 5 2 0 4,1 0,0,0,12/0,0,0,0 - - 0").unwrap();
/// let mut ends = PlayEnds::default();
/// fast::play_ends(&v, &pos, PLAYS_LIMIT, &mut ends);
/// let plays: Vec<_> = v.plays(&pos).into_iter().map(|p| p.position).collect();
/// assert_eq!(ends.positions(), plays);
/// assert!(ends.is_complete());
/// ```
#[inline]
pub fn play_ends(variant: &Variant, pos: &Position, limit: usize, ends: &mut PlayEnds) {
    variant.play_ends_within(pos, limit, ends);
}

/// [`play_ends`] appending the ends to `out` (what it held stays), with `ends` for its
/// buffers only; returns whether the walk found every play. For a search that keeps its
/// positions in one vector: each end is written once, where the search keeps it.
///
/// ```
/// use ashta_engine::{fast, parse_any, PlayEnds};
///
/// let (v, pos) = parse_any("standard 5 2 0 4,1 0,0,0,12/0,0,0,0 - - 0").unwrap();
/// let mut ends = PlayEnds::default();
/// let mut out = vec![pos];
/// assert!(fast::extend_play_ends(&v, &pos, 1_000, &mut ends, &mut out));
/// fast::play_ends(&v, &pos, 1_000, &mut ends);
/// assert_eq!(out[0], pos);
/// assert_eq!(&out[1..], ends.positions());
/// ```
#[inline]
pub fn extend_play_ends(
    variant: &Variant,
    pos: &Position,
    limit: usize,
    ends: &mut PlayEnds,
    out: &mut Vec<Position>,
) -> bool {
    variant.extend_play_ends_within(pos, limit, ends, out)
}

/// Plays `pos` out to the end of the game: each throw's mouths up come from `throw`
/// (given the cowries thrown and the chance of a mouth up), and each move is the one
/// `choose` picks by its index among the legal moves it is shown (in
/// [`Variant::legal_moves`]'s order, never empty). A bag no value of which can be used
/// is forfeited, as the rules say. Once `turn_limit` throwing phases have begun, the
/// next one is not: the game is declared drawn ([`DrawReason::TurnLimit`]). Returns the
/// throwing phases begun. Random self-play's loop, and any playout's whose choices
/// look at the moves alone.
///
/// ```
/// use ashta_engine::{fast, Rules, Variant};
///
/// let variant = Variant::new(Rules::standard()).unwrap();
/// let mut pos = variant.start_position();
/// // Always one mouth up, always the first move.
/// let turns = fast::play_out(&variant, &mut pos, |_, _| 1, |_| 0, 100_000);
/// assert!(pos.is_over() && turns > 0);
/// ```
#[inline]
pub fn play_out(
    variant: &Variant,
    pos: &mut Position,
    mut throw: impl FnMut(u8, f64) -> u8,
    mut choose: impl FnMut(&[Move]) -> usize,
    turn_limit: u32,
) -> u32 {
    let mut moves: MoveBuf = [Move::new(0, None, 0, 1, None); MAX_MOVES + 1];
    let (cowries, mouth_up) = (variant.table().cowries(), variant.table().mouth_up());
    let mut turns = 0u32;
    while !pos.is_over() {
        if pos.bag_empty() {
            if turns >= turn_limit {
                variant.draw_now(pos, DrawReason::TurnLimit);
                break;
            }
            turns += 1;
            while variant.add_throw(pos, throw(cowries, mouth_up)) == ThrowStep::Again {}
        } else {
            let n = variant.fill_moves(pos, &mut moves);
            if n == 0 {
                variant.pass_turn(pos);
                continue;
            }
            // The next pass of the loop generates the moves anyway: a bag left with no
            // usable value is forfeited there, so the move is not checked for it here.
            variant.play_generated(pos, moves[choose(&moves[..n])]);
        }
    }
    turns
}
