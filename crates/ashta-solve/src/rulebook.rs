//! The two-player board's rules compiled into lookup tables over cells, for the
//! compact core's own move generation ([`crate::walk`]): where a unit lands for each
//! player, gate state, cell and value, which outer squares it passes, which squares
//! are safe and how many pawns each value brings on. Built from the engine's own
//! tables and decisions (its landings, [`ashta_engine::Variant::landing`], its
//! entries, [`ashta_engine::Variant::entering`], and its geometry), re-indexed by the
//! compact core's cells; the compact core's tests hold its plays to the engine's.

use ashta_engine::{Entry, Variant};

/// Most pawns a player may have in the compact core (the 5×5 board's four).
pub const MAX_PAWNS: usize = 4;

/// No landing: the move overshoots the home or meets a closed gate.
pub(crate) const NOWHERE: u8 = u8::MAX;

/// Most distinct values a throw table may have here (the engine's bag slots).
pub(crate) const SLOTS: usize = ashta_engine::MAX_FACES;

/// The compiled tables.
#[derive(Clone, Debug)]
pub(crate) struct Rulebook {
    /// Cells a pawn can be in (path indices shifted by `offset`, 0 = off the board
    /// under grace entry).
    pub(crate) cells: usize,
    pub(crate) offset: u8,
    pub(crate) home: u8,
    /// The cell a captured pawn goes back to (the start, or off the board).
    pub(crate) back: u8,
    /// The values of the throw table, by slot.
    pub(crate) values: Vec<u8>,
    /// `entry[slot · (MAX_PAWNS + 1) + off]`: how many pawns the value of `slot` brings
    /// on when `off` pawns are off the board (0: it cannot bring any on).
    entry: Vec<u8>,
    /// Some value brings pawns on ([`Variant::can_enter`]).
    pub(crate) can_enter: bool,
    /// Two pawns of one player on a square make a double ([`Variant::is_double`]).
    pub(crate) pairs_are_doubles: bool,
    /// `square[p][cell]`: the board square of player p's cell (unused for off).
    pub(crate) square: [Vec<u8>; 2],
    /// `cell_of[p][square]`: player p's cell on a board square.
    pub(crate) cell_of: [Vec<u8>; 2],
    /// Bit per board square: safe.
    pub(crate) safe: u32,
    /// `land[((open · 2 + p) · cells + cell) · slots + slot]`: the target cell or
    /// [`NOWHERE`].
    land: Vec<u8>,
    /// The same entry: the outer-ring squares passed strictly between start and target.
    passes: Vec<u32>,
}

impl Rulebook {
    /// Compiles the tables of a two-player variant.
    pub(crate) fn new(variant: &Variant) -> Rulebook {
        let rules = variant.rules();
        let grace_entry = rules.entry == Entry::Grace;
        let offset = u8::from(grace_entry);
        let home = variant.home();
        let outer = variant.outer_len();
        let cells = home + 1 + offset as usize;
        let table = variant.table();
        let values: Vec<u8> = table.values().to_vec();
        let slots = values.len();
        let squares = variant.geometry().squares();
        let mut square = [vec![0u8; cells], vec![0u8; cells]];
        let mut cell_of = [vec![0u8; squares], vec![0u8; squares]];
        let mut safe = 0u32;
        for p in 0..2 {
            for i in 0..=home {
                let sq = variant.square(p, i);
                square[p][i + offset as usize] = sq.0;
                cell_of[p][sq.0 as usize] = (i + offset as usize) as u8;
                if variant.is_safe(sq) {
                    safe |= 1 << sq.0;
                }
            }
        }
        // Landings from the engine's own tables, re-indexed by cell and slot, the
        // passed outer path indices turned into board squares.
        let mut land = vec![NOWHERE; 2 * 2 * cells * slots];
        let mut passes = vec![0u32; land.len()];
        for open in [false, true] {
            for p in 0..2 {
                for i in 0..home {
                    for (slot, &v) in values.iter().enumerate() {
                        let Some((j, between)) = variant.landing(open, p, i, v) else {
                            continue;
                        };
                        let at = Self::at_with(cells, slots, open, p, i as u8 + offset, slot);
                        land[at] = j as u8 + offset;
                        passes[at] = (0..outer)
                            .filter(|k| between >> k & 1 != 0)
                            .fold(0u32, |m, k| m | 1 << variant.square(p, k).0);
                    }
                }
            }
        }
        let entry = values
            .iter()
            .flat_map(|&v| (0..=MAX_PAWNS).map(move |off| variant.entering(v, off)))
            .collect();
        Rulebook {
            cells,
            offset,
            home: home as u8 + offset,
            back: variant.captured_to().map_or(0, |i| i as u8 + offset),
            values,
            entry,
            can_enter: variant.can_enter(),
            pairs_are_doubles: variant.is_double(2),
            square,
            cell_of,
            safe,
            land,
            passes,
        }
    }

    fn at_with(cells: usize, slots: usize, open: bool, p: usize, cell: u8, slot: usize) -> usize {
        ((open as usize * 2 + p) * cells + cell as usize) * slots + slot
    }

    /// Where player `p`'s unit on `cell` lands with the value of `slot` (the gate
    /// `open` or not), and the outer squares it passes; `None` when it has no landing.
    #[inline(always)]
    pub(crate) fn target(&self, open: bool, p: usize, cell: u8, slot: usize) -> Option<(u8, u32)> {
        let at = Self::at_with(self.cells, self.values.len(), open, p, cell, slot);
        let to = self.land[at];
        (to != NOWHERE).then(|| (to, self.passes[at]))
    }

    /// How many pawns the value of `slot` brings on when `off` pawns are off the board
    /// (0: it cannot bring any on).
    #[inline(always)]
    pub(crate) fn entering(&self, slot: usize, off: u8) -> u8 {
        self.entry[slot * (MAX_PAWNS + 1) + off as usize]
    }

    /// Whether player `p`'s cell is a safe square (off the board counts as safe: no
    /// one is captured or blocked there).
    #[inline(always)]
    pub(crate) fn is_safe(&self, p: usize, cell: u8) -> bool {
        cell < self.offset || self.safe & (1 << self.square[p][cell as usize]) != 0
    }
}
