//! The rule set compiled into lookup tables, shared by every clone of a [`Variant`]
//! behind an `Arc`: where a unit lands for each gate state, player, path index and bag
//! slot, and which outer-ring squares it passes on the way, so that a target is one
//! load and a block check one AND.

use crate::geometry::{Geometry, Seat, MAX_SQUARES};
use crate::rules::Rules;
use crate::throws::ThrowTable;

/// No landing: the move overshoots the home or meets a closed gate.
pub(super) const NOWHERE: u8 = u8::MAX;

/// Where a unit lands: its path index and square, or [`NOWHERE`].
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Landing {
    /// Path index of the target, [`NOWHERE`] when there is none.
    pub(super) to: u8,
    /// The target's square.
    pub(super) square: u8,
}

/// Everything a [`super::Variant`] looks up, built once by [`super::Variant::new`].
#[derive(Debug)]
pub(super) struct Tables {
    pub(super) rules: Rules,
    pub(super) geometry: Geometry,
    pub(super) table: ThrowTable,
    pub(super) seats: &'static [Seat],
    pub(super) safe: [bool; MAX_SQUARES],
    /// `path[p][i]`: square at path index i of player p.
    pub(super) path: [[u8; MAX_SQUARES]; 4],
    /// `index[p][sq]`: player p's path index of square sq.
    pub(super) index: [[u8; MAX_SQUARES]; 4],
    /// `land[at(open, p, i, slot)]`: where p's unit at path index i lands with the
    /// value of `slot`, the gate open (p has captured) or not.
    land: Vec<Landing>,
    /// `between[at(open, p, i, slot)]`: the outer-ring path indices of p (bit k for
    /// index k) the same move passes strictly between its start and its target; a
    /// block standing on one of them stops it.
    between: Vec<u64>,
    /// `reach[row(open, p, i)]`: bit `slot` set when that move has a landing, so that
    /// only values that go somewhere are looked at.
    reach: Vec<u16>,
    players: usize,
    rows: usize,
    slots: usize,
}

impl Tables {
    /// Compiles the tables of `rules` (already validated), whose safe squares are `safe`.
    pub(super) fn new(
        rules: Rules,
        geometry: Geometry,
        table: ThrowTable,
        safe: [bool; MAX_SQUARES],
    ) -> Tables {
        let seats = Seat::for_players(rules.players as usize);
        let mut path = [[0u8; MAX_SQUARES]; 4];
        let mut index = [[0u8; MAX_SQUARES]; 4];
        for (p, &seat) in seats.iter().enumerate() {
            for (i, sq) in geometry.path(seat).enumerate() {
                path[p][i] = sq.0;
                index[p][sq.0 as usize] = i as u8;
            }
        }
        let players = seats.len();
        let home = geometry.home_index();
        let outer = geometry.outer_len();
        let circle = rules.gate == crate::rules::Gate::Circle;
        let slots = table.values().len();
        let rows = home + 1;
        let mut land = vec![
            Landing {
                to: NOWHERE,
                square: 0
            };
            2 * players * rows * slots
        ];
        let mut between = vec![0u64; land.len()];
        let mut reach = vec![0u16; 2 * players * rows];
        let ring = |from: usize, to: usize| -> u64 {
            // Bits from..to (exclusive), within the outer ring.
            (from..to.min(outer)).fold(0u64, |m, k| m | 1 << k)
        };
        for open in [false, true] {
            for (p, squares) in path.iter().enumerate().take(players) {
                for i in 0..home {
                    for (slot, &v) in table.values().iter().enumerate() {
                        let v = v as usize;
                        let at = Self::at_with(players, rows, slots, open, p, i, slot);
                        let mut j = i + v;
                        let mut wrapped = false;
                        if j >= outer && !open {
                            if !circle {
                                continue;
                            }
                            j %= outer;
                            wrapped = true;
                            if j == i {
                                // Round the whole ring back onto its own square: no
                                // move (RULES.md 5.2, there is no passing).
                                continue;
                            }
                        }
                        if j > home {
                            continue;
                        }
                        reach[at / slots] |= 1 << slot;
                        land[at] = Landing {
                            to: j as u8,
                            square: squares[j],
                        };
                        between[at] = if !wrapped {
                            ring(i + 1, j)
                        } else if v > outer {
                            ring(0, outer)
                        } else {
                            ring(i + 1, outer) | ring(0, j)
                        };
                    }
                }
            }
        }
        Tables {
            rules,
            geometry,
            table,
            seats,
            safe,
            path,
            index,
            land,
            between,
            reach,
            players,
            rows,
            slots,
        }
    }

    #[inline(always)]
    fn at_with(
        players: usize,
        rows: usize,
        slots: usize,
        open: bool,
        p: usize,
        i: usize,
        slot: usize,
    ) -> usize {
        ((open as usize * players + p) * rows + i) * slots + slot
    }

    /// The row of (gate open, player, path index): see [`Tables::reach`] and
    /// [`Tables::at_row`].
    #[inline(always)]
    pub(super) fn row(&self, open: bool, p: usize, i: usize) -> usize {
        (open as usize * self.players + p) * self.rows + i
    }

    /// The slots whose value takes the unit of `row` somewhere, as bits.
    #[inline(always)]
    pub(super) fn reach(&self, row: usize) -> u16 {
        self.reach[row]
    }

    /// The entry of `row` and `slot` in `land` and `between`.
    #[inline(always)]
    pub(super) fn at_row(&self, row: usize, slot: usize) -> usize {
        row * self.slots + slot
    }

    /// The entry of (gate open, player, path index, slot) in `land` and `between`.
    #[inline(always)]
    pub(super) fn at(&self, open: bool, p: usize, i: usize, slot: usize) -> usize {
        Self::at_with(self.players, self.rows, self.slots, open, p, i, slot)
    }

    /// Where the move of entry `at` lands.
    #[inline(always)]
    pub(super) fn landing(&self, at: usize) -> Landing {
        self.land[at]
    }

    /// The outer-ring path indices the move of entry `at` passes.
    #[inline(always)]
    pub(super) fn passes(&self, at: usize) -> u64 {
        self.between[at]
    }
}
