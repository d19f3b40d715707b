//! Move generation: where a unit lands, blocks, the legal moves, finding a move.

use super::*;

impl Variant {
    /// Where player `p`'s unit at path index `from` lands with `value` on an empty
    /// board, its gate `open` (p has captured) or not, with the outer-ring path indices
    /// of p it passes strictly between (bit k for index k), where a block would stop it;
    /// `None` when it has no landing: it overshoots the home, meets the closed gate, or
    /// would go round the whole ring onto its own square (RULES.md 5). From the rule
    /// set's tables, so that a compact core elsewhere compiles its own from them.
    pub fn landing(&self, open: bool, p: usize, from: usize, value: u8) -> Option<(usize, u64)> {
        let slot = self.t.table.slot(value)?;
        if p >= self.players() || from >= self.home() {
            return None;
        }
        let at = self.t.at(open, p, from, slot);
        let landing = self.t.landing(at);
        (landing.to != NOWHERE).then(|| (landing.to as usize, self.t.passes(at)))
    }

    /// Where a unit of player `p` at path index `i` lands with the value of `slot`, and
    /// whom it captures; `None` when the move is illegal. `open`: p has captured.
    /// `blocks`: the outer-ring path indices of p where a block against p stands (see
    /// [`Variant::block_mask`]; 0 to ignore blocks). `pair`: the unit is a pair, which
    /// may land on an opponent's double and capture it under the `pair_capture` flag.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn target(
        &self,
        pos: &Position,
        p: usize,
        open: bool,
        i: usize,
        slot: usize,
        blocks: u64,
        pair: bool,
    ) -> Option<(usize, Option<u8>)> {
        self.target_at(pos, p, self.t.at(open, p, i, slot), blocks, pair)
    }

    /// [`Variant::target`] of the table entry `at` (see [`Tables::at`]).
    #[inline(always)]
    pub(super) fn target_at(
        &self,
        pos: &Position,
        p: usize,
        at: usize,
        blocks: u64,
        pair: bool,
    ) -> Option<(usize, Option<u8>)> {
        let landing = self.t.landing(at);
        if landing.to == NOWHERE || (blocks != 0 && self.t.passes(at) & blocks != 0) {
            return None;
        }
        let j = landing.to as usize;
        let o = pos.occ[landing.square as usize];
        // Safe squares are never in `occ`, so an empty entry covers them too.
        if o == 0 || (o >> 5) as usize == p {
            Some((j, None))
        } else if !self.may_land(self.is_double((o & 31) as usize), pair) {
            None
        } else {
            Some((j, Some(o >> 5)))
        }
    }

    /// The outer-ring path indices of player `p` where a block against p stands, as
    /// bits (bit k for path index k).
    #[inline(always)]
    pub(super) fn block_mask(&self, pos: &Position, p: usize) -> u64 {
        pos.blocked[p]
    }

    /// The first block against `p` standing strictly between `i` and `j` on the outer
    /// ring, as [`Variant::blocked`] looks for it.
    pub(super) fn find_block(
        &self,
        pos: &Position,
        p: usize,
        i: usize,
        j: usize,
        v: usize,
        wrapped: bool,
    ) -> Option<Block> {
        // The one on the lowest square, as the blocks are listed.
        self.blocks(pos)
            .into_iter()
            .filter(|b| b.blocked & (1 << p) != 0)
            .find(|b| {
                let k = self.t.index[p][b.square as usize] as usize;
                if wrapped {
                    k > i || k < j || v > self.outer
                } else {
                    i < k && k < j
                }
            })
    }

    /// Calls `f` with every legal move of the player to move until `f` returns false.
    /// Returns false if it was stopped.
    #[inline(always)]
    pub(super) fn visit_moves(&self, pos: &Position, f: impl FnMut(Move) -> bool) -> bool {
        if pos.over || pos.bag_len == 0 || pos.stage.0 == Stage::THROWING.0 {
            return true;
        }
        if self.block_mask(pos, pos.to_move as usize) == 0 {
            self.visit_moves_with::<false>(pos, f)
        } else {
            self.visit_moves_with::<true>(pos, f)
        }
    }

    #[inline(always)]
    pub(super) fn visit_moves_with<const BLOCKS: bool>(
        &self,
        pos: &Position,
        mut f: impl FnMut(Move) -> bool,
    ) -> bool {
        let p = pos.to_move as usize;
        let open = pos.captured & (1 << p) != 0;
        let pawns = &pos.pawns[p][..self.pawns];
        let blocks = if BLOCKS { self.block_mask(pos, p) } else { 0 };
        let bag = bag_mask(&pos.bag);
        let first_row = self.t.row(open, p, 0);
        let mut k = 0;
        while k < pawns.len() {
            let i = pawns[k];
            if i as usize >= self.home {
                break; // home pawns, then off-board ones, come last
            }
            // The unit: this pawn and the pawns after it on the same square.
            let pair = self.is_double(together(pawns, k));
            k += 1;
            while k < pawns.len() && pawns[k] == i {
                k += 1;
            }
            let row = first_row + i as usize;
            // Only the bag's values that take this unit somewhere, smallest first.
            let mut slots = bag & self.t.reach(row);
            while slots != 0 {
                let slot = slots.trailing_zeros() as usize;
                slots &= slots - 1;
                let at = self.t.at_row(row, slot);
                let value = self.values[slot];
                if let Some((j, capture)) = self.target_at(pos, p, at, blocks, false) {
                    let mv = Move::packed(value, i, j as u8, 1, capture_code(capture));
                    if !f(mv) || (pair && !f(mv.with_count(2))) {
                        return false;
                    }
                } else if self.lands_on_double(pair) {
                    // Where a single pawn may not go, a pair may still capture a double.
                    if let Some((j, capture)) = self.target_at(pos, p, at, blocks, true) {
                        if !f(Move::packed(value, i, j as u8, 2, capture_code(capture))) {
                            return false;
                        }
                    }
                }
            }
        }
        self.visit_entries(pawns, bag, f)
    }

    /// Calls `f` with every entry (pawns brought on from off the board) the bag's
    /// values allow, smallest value first, until `f` returns false. `pawns`: the player
    /// to move's, `bag`: the bag's values as bits by slot ([`bag_mask`]).
    #[inline(always)]
    fn visit_entries(&self, pawns: &[u8], bag: u16, mut f: impl FnMut(Move) -> bool) -> bool {
        if !self.grace_entry {
            return true;
        }
        let off = pawns.iter().rev().take_while(|&&i| i == OFF).count();
        if off == 0 {
            return true;
        }
        let mut slots = bag;
        while slots != 0 {
            let slot = slots.trailing_zeros() as usize;
            slots &= slots - 1;
            let v = self.values[slot];
            let count = self.entering(v, off);
            if count != 0 && !f(Move::new(v, None, 0, count, None)) {
                return false;
            }
        }
        true
    }

    /// [`Variant::legal_moves`] into a plain array, in the same order, returning how
    /// many there are. Self-play's hot path: each candidate move is written whether or
    /// not it is legal and counted only when it is, so that which moves are legal (a
    /// capture here, a double there: what a random game cannot predict) costs no
    /// branch; the array's last slot takes the write that follows a full list.
    #[inline]
    pub(crate) fn fill_moves(&self, pos: &Position, out: &mut MoveBuf) -> usize {
        if pos.over || pos.bag_len == 0 || pos.stage.0 == Stage::THROWING.0 {
            return 0;
        }
        let p = pos.to_move as usize;
        let open = pos.captured & (1 << p) != 0;
        let pawns = &pos.pawns[p][..self.pawns];
        let blocks = self.block_mask(pos, p);
        let bag = bag_mask(&pos.bag);
        let first_row = self.t.row(open, p, 0);
        let mut n = 0;
        let mut k = 0;
        while k < pawns.len() {
            let i = pawns[k];
            if i as usize >= self.home {
                break; // home pawns, then off-board ones, come last
            }
            let pair = self.is_double(together(pawns, k));
            k += 1;
            while k < pawns.len() && pawns[k] == i {
                k += 1;
            }
            let row = first_row + i as usize;
            // `reach` holds only the slots with a landing: no NOWHERE to test.
            let mut slots = bag & self.t.reach(row);
            while slots != 0 {
                let slot = slots.trailing_zeros() as usize;
                slots &= slots - 1;
                let at = self.t.at_row(row, slot);
                let landing = self.t.landing(at);
                let free = self.t.passes(at) & blocks == 0;
                // Safe squares are never in `occ`: an empty entry covers them too.
                let o = pos.occ[landing.square as usize];
                let owner = o >> 5;
                let enemy = o != 0 && owner as usize != p;
                let double = enemy && self.is_double((o & 31) as usize);
                let single = free && self.may_land(double, false);
                let paired = pair && free && self.may_land(double, true);
                // Captured: 1 + the owner, or 0 (no branch).
                let capture = (owner + 1) * enemy as u8;
                let mv = Move::packed(self.values[slot], i, landing.to, 1, capture);
                out[n.min(MAX_MOVES)] = mv;
                n += single as usize;
                out[n.min(MAX_MOVES)] = mv.with_count(2);
                n += paired as usize;
            }
        }
        self.visit_entries(pawns, bag, |mv| {
            out[n.min(MAX_MOVES)] = mv;
            n += 1;
            true
        });
        n
    }

    /// Fills `out` with the legal moves of the player to move (empty when the player
    /// must throw, or the game is over).
    ///
    /// ```
    /// use ashta_engine::{parse_any, MoveList};
    ///
    /// // South holds a 4, with a pawn on a3 (12) and three on the start c1 (0). Nobody
    /// // has captured, so the a3 pawn may not pass the gate into the inner rings.
    /// let (variant, pos) = parse_any("standard 5 2 0 4 0,0,0,12/0,0,0,0 - - 0").unwrap();
    /// let mut moves = MoveList::new();
    /// variant.legal_moves(&pos, &mut moves);
    /// let shown: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    /// assert_eq!(shown, ["4:0>4", "4:0>4x2"]); // one pawn, or the pair, c1 to e3
    /// ```
    pub fn legal_moves(&self, pos: &Position, out: &mut MoveList) {
        debug_assert_eq!(self.fits(pos), Ok(()), "a position of another variant");
        out.clear();
        self.visit_moves(pos, |mv| {
            out.push(mv);
            true
        });
    }

    /// Whether the player to move has a legal move now.
    pub fn has_legal_move(&self, pos: &Position) -> bool {
        !self.visit_moves(pos, |_| false)
    }

    /// The legal move that spends `value` on `count` pawns at path index `from`
    /// (`None`: enter from off the board), or why there is none.
    pub fn find_move(
        &self,
        pos: &Position,
        value: u8,
        from: Option<u8>,
        count: u8,
    ) -> Result<Move, MoveError> {
        self.fits(pos).map_err(MoveError::OtherVariant)?;
        if pos.over {
            return Err(MoveError::GameOver);
        }
        if pos.stage.0 == Stage::THROWING.0 || pos.bag_len == 0 {
            return Err(MoveError::MustThrow);
        }
        let slot = self.t.table.slot(value).filter(|&s| pos.bag[s] > 0);
        if slot.is_none() {
            return Err(MoveError::NotInBag(value));
        }
        let p = pos.to_move as usize;
        let pawns = &pos.pawns[p][..self.pawns];
        let no_unit = MoveError::NoUnit {
            from: from.map_or(-1, i16::from),
            count,
        };
        let Some(i) = from else {
            let off = pawns.iter().filter(|&&i| i == OFF).count();
            if !self.grace_entry {
                return Err(MoveError::Illegal(IllegalMove::EntryWithoutGraceEntry));
            }
            if off == 0 {
                return Err(no_unit);
            }
            self.entry_rule(value).map_err(MoveError::Illegal)?;
            let n = entry_pawns(value, off);
            if count != n {
                return Err(MoveError::Illegal(IllegalMove::EntryCount));
            }
            return Ok(Move::new(value, None, 0, count, None));
        };
        let here = pawns.iter().filter(|&&x| x == i).count();
        if i == OFF || count == 0 || count > 2 || here < count as usize {
            return Err(no_unit);
        }
        if count == 2 && !self.doubles {
            return Err(MoveError::Illegal(IllegalMove::PairWithoutDoubles));
        }
        if i as usize == self.home {
            return Err(MoveError::Illegal(IllegalMove::AtHome));
        }
        match self.unit_rule(pos, p, i as usize, value as usize, count == 2) {
            Ok((to, capture)) => Ok(Move::new(value, from, to as u8, count, capture)),
            Err((why, _)) => Err(MoveError::Illegal(why)),
        }
    }

    /// Whether an entry (a move from off the board) may spend `value`: grace entry is
    /// on and `value` is a grace of 2 or more. Whether a pawn is off is not asked.
    pub(super) fn entry_rule(&self, value: u8) -> Result<(), IllegalMove> {
        if !self.grace_entry {
            Err(IllegalMove::EntryWithoutGraceEntry)
        } else if !self.t.table.is_grace_value(value) || value < 2 {
            Err(IllegalMove::EntryNeedsGrace)
        } else {
            Ok(())
        }
    }

    /// Where a unit of player `p` at path index `i` (on the board, not home) lands with
    /// value `v` and whom it captures, blocks included; or the rule the move breaks,
    /// with the opponent's double it meets for [`IllegalMove::Blocked`] (the blocking
    /// double in the way) and [`IllegalMove::DoubleOnTarget`] (the double on the
    /// target, where a single pawn may not land, nor a pair with `pair_capture` off):
    /// its owner and square. `pair`: the unit is a pair.
    pub(super) fn unit_rule(
        &self,
        pos: &Position,
        p: usize,
        i: usize,
        v: usize,
        pair: bool,
    ) -> Result<(usize, Option<u8>), (IllegalMove, Option<Double>)> {
        let open = pos.has_captured(p);
        let slot = self.t.table.slot(v as u8).expect("a value of the table");
        let blocks = self.block_mask(pos, p);
        if let Some(landing) = self.target(pos, p, open, i, slot, blocks, pair) {
            return Ok(landing);
        }
        let j = i + v;
        let gate_closed = j >= self.outer && !open;
        if gate_closed && !self.circle {
            return Err((IllegalMove::GateClosed, None));
        }
        if j > self.home && !gate_closed {
            return Err((IllegalMove::Overshoots, None));
        }
        // The gate is open, or shut under `circle`: the unit goes round again.
        let (j, wrapped) = if gate_closed {
            (j % self.outer, true)
        } else {
            (j, false)
        };
        if wrapped && j == i {
            return Err((IllegalMove::FullCircle, None));
        }
        if self.target(pos, p, open, i, slot, 0, pair).is_some() {
            let double = self
                .find_block(pos, p, i, j, v, wrapped)
                .map(|b| (b.owner as usize, Square(b.square)));
            return Err((IllegalMove::Blocked, double));
        }
        let sq = self.t.path[p][j];
        let o = pos.occ[sq as usize];
        Err((
            IllegalMove::DoubleOnTarget,
            Some(((o >> 5) as usize, Square(sq))),
        ))
    }
}

/// The distinct values in a bag, as bits by slot (bit `s` set when `bag[s] != 0`).
#[inline(always)]
pub(super) fn bag_mask(bag: &[u8; MAX_FACES]) -> u16 {
    // Eight counts at a time: the top bit of each byte says whether it is nonzero, and
    // one multiply gathers the eight top bits into a byte.
    fn nonzero(bytes: u64) -> u16 {
        const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let top = (((bytes & LOW) + LOW) | bytes) & !LOW;
        ((top >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
    }
    let (lo, hi) = bag.split_at(8);
    nonzero(u64::from_le_bytes(lo.try_into().expect("8 counts")))
        | nonzero(u64::from_le_bytes(hi.try_into().expect("8 counts"))) << 8
}

/// A capture as [`Move::packed`] takes it: 0 for none, 1 + the captured player.
#[inline(always)]
fn capture_code(capture: Option<u8>) -> u8 {
    capture.map_or(0, |p| p + 1)
}

/// Room for [`Variant::fill_moves`]: every legal move, and one slot more.
pub(crate) type MoveBuf = [Move; MAX_MOVES + 1];

/// An opponent's double a unit meets: its owner and square.
pub(super) type Double = (usize, Square);

/// How many pawns of the sorted list `pawns` stand on the square of `pawns[k]`, the
/// first of them, as far as a pair is concerned: 1 or 2.
#[inline(always)]
pub(super) fn together(pawns: &[u8], k: usize) -> usize {
    1 + usize::from(k + 1 < pawns.len() && pawns[k + 1] == pawns[k])
}

/// Pawns an entry with `value` brings on when `off` pawns are off the board.
#[inline]
pub(super) fn entry_pawns(value: u8, off: usize) -> u8 {
    (value as usize / 2).min(off) as u8
}
