//! The perfect index of the positions at the start of a turn: a bijection between
//! [`Compact`] positions (within the board's bounds) and the integers `0..len`.
//!
//! The index is mixed-radix, most significant first:
//!
//! `((((to_move · 4 + captured) · M + rank₀) · M + rank₁) · X + extras`
//!
//! - `rank_p` ranks player p's pawns as a multiset of cells with the combinatorial
//!   number system (sorted cells `c₀ ≤ … ≤ c_{n−1}`: `Σ C(c_k + k, k + 1)`), so
//!   `M = C(cells + n − 1, n)`;
//! - `extras` packs the extra turns `e` (0 to n − 1: a run of extra turns captures at
//!   most the opponent's n pawns) and the blocks, `H = 2^D` block patterns for the
//!   `D = n / 2` outer doubles a player can have: `e · H + blocks_opponent` when no block
//!   stands against the mover, else `n · H + blocks_mover − 1`; `X = (n + 1) · H − 1`.
//!
//! Every index names a compact position; not every compact position can occur
//! ([`crate::Board::position`] says which the engine accepts).

use crate::board::{Board, MAX_PAWNS};
use crate::compact::Compact;

/// The version of this index layout, written in every table file.
pub const INDEX_VERSION: u32 = 1;

/// Ranks compact positions of one board.
#[derive(Clone, Debug)]
pub struct Indexer {
    pawns: usize,
    multisets: u64,
    patterns: u64,
    extras: u64,
    /// `binom[k][d]` = C(d, k).
    binom: Vec<Vec<u64>>,
}

impl Indexer {
    /// The index of `board`'s positions.
    pub fn new(board: &Board) -> Indexer {
        let n = board.pawns();
        let top = board.cells() + n;
        let mut binom = vec![vec![0u64; top + 1]; n + 1];
        for (k, row) in binom.iter_mut().enumerate() {
            for (d, x) in row.iter_mut().enumerate() {
                *x = choose(d as u64, k as u64);
            }
        }
        let patterns = 1u64 << board.max_doubles();
        Indexer {
            pawns: n,
            multisets: choose((board.cells() + n - 1) as u64, n as u64),
            patterns,
            extras: (n as u64 + 1) * patterns - 1,
            binom,
        }
    }

    /// How many indices there are.
    pub fn len(&self) -> u64 {
        8 * self.multisets * self.multisets * self.extras
    }

    /// Whether there are none (never: every board has positions).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Distinct pawn multisets of one player.
    pub fn multisets(&self) -> u64 {
        self.multisets
    }

    /// The rank of a sorted list of cells among the multisets.
    pub fn rank(&self, cells: &[u8]) -> u64 {
        cells
            .iter()
            .enumerate()
            .map(|(k, &c)| self.binom[k + 1][c as usize + k])
            .sum()
    }

    /// The sorted cells of rank `r`.
    pub fn unrank(&self, mut r: u64, out: &mut [u8]) {
        for k in (0..self.pawns).rev() {
            let row = &self.binom[k + 1];
            // The largest d with C(d, k + 1) <= r.
            let d = row.partition_point(|&x| x <= r) - 1;
            r -= row[d];
            out[k] = (d - k) as u8;
        }
    }

    fn extras_code(&self, c: &Compact) -> u64 {
        if c.blocks_mover != 0 {
            self.pawns as u64 * self.patterns + c.blocks_mover as u64 - 1
        } else {
            c.extra as u64 * self.patterns + c.blocks_opponent as u64
        }
    }

    /// The index of a compact position (its extra turns below the pawn count, its
    /// block bits within the board's doubles).
    pub fn index(&self, c: &Compact) -> u64 {
        let n = self.pawns;
        let head = (c.to_move as u64) * 4 + c.captured as u64;
        let r0 = self.rank(&c.pawns[0][..n]);
        let r1 = self.rank(&c.pawns[1][..n]);
        ((head * self.multisets + r0) * self.multisets + r1) * self.extras + self.extras_code(c)
    }

    /// The compact position of an index below [`Indexer::len`].
    pub fn compact(&self, index: u64) -> Compact {
        let mut c = Compact::default();
        let code = index % self.extras;
        let rest = index / self.extras;
        let r1 = rest % self.multisets;
        let rest = rest / self.multisets;
        let r0 = rest % self.multisets;
        let head = rest / self.multisets;
        self.unrank(r0, &mut c.pawns[0]);
        self.unrank(r1, &mut c.pawns[1]);
        c.captured = (head % 4) as u8;
        c.to_move = (head / 4) as u8;
        let plain = self.pawns as u64 * self.patterns;
        if code >= plain {
            c.blocks_mover = (code - plain + 1) as u8;
        } else {
            c.extra = (code / self.patterns) as u8;
            c.blocks_opponent = (code % self.patterns) as u8;
        }
        c
    }
}

/// C(n, k), exact for the small arguments of an index.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

/// The layer of a position: positions only ever move to layers of the same or a higher
/// number (pawns at home and capture flags never decrease), so the solver finishes the
/// higher layers first. The number is `1024 · (captures + pawns home) + detail`, where
/// the detail tells apart layers of equal sum; two positions share a layer when their
/// capture flags and each player's pawns at home are equal.
pub fn layer(board: &Board, c: &Compact) -> u32 {
    let h0 = c.home_count(board, 0) as u32;
    let h1 = c.home_count(board, 1) as u32;
    let caps = c.captured.count_ones();
    let detail = (c.captured as u32) * (MAX_PAWNS as u32 + 1) * (MAX_PAWNS as u32 + 1)
        + h0 * (MAX_PAWNS as u32 + 1)
        + h1;
    (caps + h0 + h1) * 1024 + detail
}
