//! Small facts of a position that the bots' evaluations share.

use ashta_engine::{Position, Variant};
use ashta_session::Candidate;

/// Whether a pair may land on an opponent's double and capture it under `v`'s rules.
pub(crate) fn pairs_capture_doubles(v: &Variant) -> bool {
    v.rules().doubles && v.rules().pair_capture
}

/// The one of a search setting kept per number of players that applies under `v`:
/// `two` with two players, `multi` with three or four.
pub(crate) fn for_players(v: &Variant, two: f64, multi: f64) -> f64 {
    if v.players() > 2 {
        multi
    } else {
        two
    }
}

/// How many of player `p`'s pawns stand at path index `i` (on a safe square too).
pub(crate) fn pawns_at(v: &Variant, pos: &Position, p: usize, i: usize) -> usize {
    v.pawns(pos, p).filter(|&x| x == Some(i)).count()
}

/// Sorts candidates best first; ties keep the engine's play order.
pub(crate) fn sort_candidates(c: &mut [Candidate]) {
    c.sort_by(|a, b| b.score.total_cmp(&a.score));
}
