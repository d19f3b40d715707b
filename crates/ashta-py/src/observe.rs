//! The observation tensor: a fixed-size `float32` vector of a state seen by one player
//! (the viewer). Players are listed from the viewer on (the viewer, then the next in
//! turn order...), so a learned policy plays every seat alike. With `P` players, `N`
//! pawns each, `S` throw values and `H` = N² the home's path index plus one:
//!
//! | part | size | meaning |
//! |---|---|---|
//! | progress | P·N | each pawn's path index + 1 along its owner's path, divided by H (0: off the board) |
//! | where | P·N | the same pawns' squares as path index + 1 along the *viewer's* path, divided by H (0: off the board) |
//! | bag | S | how many of each value (ascending) the bag holds |
//! | captured | P | 1 when the player has captured (its gate is open) |
//! | finished | P | 1 when the player has every pawn home |
//! | to move | P | one-hot of the player to move (all 0 once the game is over) |
//! | extra turns | 1 | extra turns the player to move has waiting |
//! | throwing | 1 | 1 while a throwing phase is under way (a grace was thrown) |
//! | blocks | P·L | the engine's block planes (L = the outer ring's length): one per player from the viewer on, entry k = 1 while a double blocks that player at its path index k |
//! | turns | 1 | throwing phases begun over the rules' turn limit (0 without one) |
//!
//! With the blocks and the turn count it is Markov: two states with the same
//! observation have the same future. The whole state, not seen by anyone, is the
//! engine's state tensor (`State.state_tensor()`).

use ashta_engine::{Position, Variant, OFF};

/// The layout of observations under one rule set.
#[derive(Clone, Debug, PartialEq)]
pub struct ObsLayout {
    players: usize,
    pawns: usize,
    slots: usize,
    /// Path indices per player (home + 1).
    path_len: usize,
    /// `seen[(viewer · P + p) · path_len + i]`: player p's path index i as the viewer's
    /// path index + 1, divided by `path_len` (the engine's geometry, looked up once).
    seen: Vec<f32>,
    /// Length of the block planes.
    blocks: usize,
    /// The rules' turn limit.
    turn_limit: Option<u32>,
}

impl ObsLayout {
    /// The layout for `variant`.
    pub fn of(variant: &Variant) -> ObsLayout {
        let (players, path_len) = (variant.players(), variant.home() + 1);
        let mut seen = Vec::with_capacity(players * players * path_len);
        for viewer in 0..players {
            for p in 0..players {
                for i in 0..path_len {
                    let at = variant.path_index(viewer, variant.square(p, i));
                    seen.push((at + 1) as f32 / path_len as f32);
                }
            }
        }
        ObsLayout {
            players,
            pawns: variant.pawns_per_player(),
            slots: variant.table().values().len(),
            path_len,
            seen,
            blocks: ashta_lab::block_planes_len(variant),
            turn_limit: variant.rules().turn_limit,
        }
    }

    /// Length of one observation.
    pub fn size(&self) -> usize {
        2 * self.players * self.pawns + self.slots + 3 * self.players + 2 + self.blocks + 1
    }

    /// Writes `pos` of `variant` (the rules of this layout) as `viewer` sees it into
    /// `out` (of length [`ObsLayout::size`]); `throwing`: a throwing phase is under
    /// way; `turns`: throwing phases begun.
    pub fn write(
        &self,
        variant: &Variant,
        pos: &Position,
        viewer: usize,
        throwing: bool,
        turns: usize,
        out: &mut [f32],
    ) {
        let (np, nk, len) = (self.players, self.pawns, self.path_len);
        let (progress, rest) = out.split_at_mut(np * nk);
        let (frame, rest) = rest.split_at_mut(np * nk);
        let (bag, rest) = rest.split_at_mut(self.slots);
        let (captured, rest) = rest.split_at_mut(np);
        let (finished, rest) = rest.split_at_mut(np);
        let (to_move, rest) = rest.split_at_mut(np);
        for rel in 0..np {
            let p = (viewer + rel) % np;
            let own = &self.seen[(p * np + p) * len..(p * np + p + 1) * len];
            let seen = &self.seen[(viewer * np + p) * len..(viewer * np + p + 1) * len];
            let pawns = pos.pawn_indices(p, nk);
            let progress = &mut progress[rel * nk..(rel + 1) * nk];
            let frame = &mut frame[rel * nk..(rel + 1) * nk];
            for ((&i, a), b) in pawns.iter().zip(progress).zip(frame) {
                (*a, *b) = if i == OFF {
                    (0.0, 0.0)
                } else {
                    (own[i as usize], seen[i as usize])
                };
            }
            captured[rel] = pos.has_captured(p) as u8 as f32;
            finished[rel] = pos.has_finished(p) as u8 as f32;
            to_move[rel] = (!pos.is_over() && pos.to_move() == p) as u8 as f32;
        }
        for (b, &c) in bag.iter_mut().zip(pos.bag_counts()) {
            *b = c as f32;
        }
        let (flags, rest) = rest.split_at_mut(2);
        flags[0] = pos.extra_turns() as f32;
        flags[1] = throwing as u8 as f32;
        let (blocks, rest) = rest.split_at_mut(self.blocks);
        ashta_lab::write_block_planes(variant, pos, viewer, blocks);
        rest[0] = match self.turn_limit {
            Some(limit) => turns as f32 / limit as f32,
            None => 0.0,
        };
    }
}
