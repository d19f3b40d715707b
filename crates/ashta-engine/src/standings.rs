//! Where each player stands (RULES.md 8.9), at any moment of a game and at its end: the
//! one answer every front end shows.

use serde::{Deserialize, Serialize};

use crate::position::{Position, OFF};
use crate::variant::Variant;

/// One player's standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The player.
    pub player: u8,
    /// The place, from 1; players who tie share it (1, 2, 2, 4).
    pub place: u8,
    /// The player has been placed by the game: home in places mode, the winner, or the
    /// claimant of a claimed win.
    pub finished: bool,
    /// The player resigned (RULES.md 8.7).
    pub resigned: bool,
    /// How far the player's pawns have come: each pawn on the board counts its path
    /// index plus one, a pawn off the board nothing.
    pub progress: u32,
}

/// The standings of a game, best first (RULES.md 8.9): the placed players in the order
/// they were placed; then the others still playing, by how far their pawns have come
/// (equal progress, or any progress in a drawn game, shares a place; listed by seat);
/// then the resigners, the later above the earlier. `resigned` lists the resigners in
/// the order they resigned.
pub(crate) fn standings(variant: &Variant, pos: &Position, resigned: &[u8]) -> Vec<Standing> {
    let progress = |p: u8| progress(variant, pos, p);
    let standing = |player: u8, place: usize, finished: bool| Standing {
        player,
        place: place as u8,
        finished,
        resigned: resigned.contains(&player),
        progress: progress(player),
    };
    let mut out: Vec<Standing> = pos
        .places()
        .iter()
        .filter(|p| !resigned.contains(p))
        .enumerate()
        .map(|(i, &p)| standing(p, i + 1, true))
        .collect();
    let still: Vec<u8> = (0..variant.players() as u8)
        .filter(|p| !pos.places().contains(p) && !resigned.contains(p))
        .collect();
    let playing = by_progress(variant, pos, &still);
    let drawn = pos.draw().is_some();
    let first_unplaced = out.len() + 1;
    for (i, &p) in playing.iter().enumerate() {
        let tied = i > 0 && (drawn || progress(playing[i - 1]) == progress(p));
        let place = if tied {
            out.last().map_or(first_unplaced, |s| s.place as usize)
        } else {
            first_unplaced + i
        };
        out.push(standing(p, place, false));
    }
    for &p in resigned.iter().rev() {
        let place = out.len() + 1;
        out.push(standing(p, place, false));
    }
    out
}

/// How far player `p`'s pawns have come: each pawn on the board counts its path index
/// plus one, a pawn off the board nothing.
pub(crate) fn progress(variant: &Variant, pos: &Position, p: u8) -> u32 {
    pos.pawn_indices(p as usize, variant.pawns_per_player())
        .iter()
        .map(|&i| if i == OFF { 0 } else { u32::from(i) + 1 })
        .sum()
}

/// `players` ordered by how far their pawns have come, furthest first (ties by seat).
pub(crate) fn by_progress(variant: &Variant, pos: &Position, players: &[u8]) -> Vec<u8> {
    let mut order = players.to_vec();
    order.sort_by_key(|&p| (std::cmp::Reverse(progress(variant, pos, p)), p));
    order
}
