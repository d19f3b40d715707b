//! Questions about a position as a whole: frozen and locked games, foreign positions,
//! the path a move walks, entries and the gate.

use super::*;

impl Variant {
    /// Whether no player still in the game has a legal move for any single throw value,
    /// whatever the blocks: nothing can ever change again. A unit is a pawn or, where
    /// two or more pawns of a player stand on one square, a pair: under the
    /// `pair_capture` flag a pair that could land on an opponent's double (and capture
    /// it) is a move, so such a position is not frozen. Blocks are left out because
    /// they expire; any bag's first move is one value on one unit, so if no unit can
    /// use any value, no bag ever moves anything.
    #[inline]
    pub fn is_frozen(&self, pos: &Position) -> bool {
        let active = self.active_mask(pos);
        // The player to move first: it is the one most likely to have a move, and its
        // rearmost pawn with its smallest value nearly always is one.
        let first = pos.to_move as usize;
        if active & (1 << first) != 0 && self.rearmost_can_move(pos, first) {
            return false;
        }
        self.is_frozen_in_full(pos, active)
    }

    /// Whether player `p`'s rearmost pawn on the board (not home) can move with the
    /// smallest value that takes it anywhere, blocks left out: one table look-up and
    /// one occupant, no loop. True implies [`Variant::can_ever_move`]; false says
    /// nothing.
    #[inline(always)]
    pub(super) fn rearmost_can_move(&self, pos: &Position, p: usize) -> bool {
        let i = pos.pawns[p][0] as usize;
        if i >= self.home {
            return false;
        }
        let row = self.t.row(pos.captured & (1 << p) != 0, p, i);
        let reach = self.t.reach(row);
        if reach == 0 {
            return false;
        }
        let landing = self
            .t
            .landing(self.t.at_row(row, reach.trailing_zeros() as usize));
        let o = pos.occ[landing.square as usize];
        o == 0 || (o >> 5) as usize == p || self.may_land(self.is_double((o & 31) as usize), false)
    }

    /// [`Variant::is_frozen`] once the quick look at the player to move found no move.
    #[inline(never)]
    fn is_frozen_in_full(&self, pos: &Position, active: u8) -> bool {
        let first = pos.to_move as usize;
        if active & (1 << first) != 0 && self.can_ever_move(pos, first) {
            return false;
        }
        self.others_frozen(pos, active)
    }

    /// [`Variant::is_frozen`] for the players other than the one to move.
    #[inline(never)]
    fn others_frozen(&self, pos: &Position, active: u8) -> bool {
        let mut p = pos.to_move as usize;
        for _ in 1..self.players() {
            p = if p + 1 == self.players() { 0 } else { p + 1 };
            if active & (1 << p) != 0 && self.can_ever_move(pos, p) {
                return false;
            }
        }
        true
    }

    /// Whether player `p` has a legal move for some single throw value, ignoring blocks:
    /// a pawn, or a pair where two or more of p's pawns share a square.
    #[inline(always)]
    pub(super) fn can_ever_move(&self, pos: &Position, p: usize) -> bool {
        let open = pos.captured & (1 << p) != 0;
        let pawns = &pos.pawns[p][..self.pawns];
        for k in 0..pawns.len() {
            let i = pawns[k];
            if k > 0 && pawns[k - 1] == i {
                continue; // this square's unit was tried with the first of its pawns
            }
            if i as usize >= self.home {
                if i == OFF && self.can_enter() {
                    return true;
                }
                continue;
            }
            // A pair lands wherever a single pawn does, and on opponents' doubles too.
            let pair = self.is_double(together(pawns, k));
            let row = self.t.row(open, p, i as usize);
            let mut slots = self.t.reach(row);
            while slots != 0 {
                let slot = slots.trailing_zeros() as usize;
                slots &= slots - 1;
                if self
                    .target_at(pos, p, self.t.at_row(row, slot), 0, pair)
                    .is_some()
                {
                    return true;
                }
            }
        }
        false
    }

    // ---------------------------------------------------------------- foreign positions

    /// Checks that a position can belong to this variant: its player to move and every
    /// player with pawns or a result are players of the game, nobody has more pawns
    /// than the rules give or a pawn past the home (or off the board under start
    /// entry), its occupied squares are where its pawns stand on this board, and its
    /// bag fits the throw table. It is cheap (no allocation); [`Variant::find_move`],
    /// [`Variant::play`] and [`Variant::throw`] make it,
    /// and the unchecked hot paths assert it in debug builds.
    ///
    /// A position carries a digest of the rule set it was made under: one with this
    /// variant's digest is accepted at once (O(1)), any other is checked in full, so one
    /// that fits two variants (two start positions differing only in board size, say)
    /// still passes for either.
    ///
    /// ```
    /// use ashta_engine::{parse_any, PositionError, Rules, Variant, VariantMismatch};
    ///
    /// let (five, pos) = parse_any("standard 5 2 0 - 0,0,3,5/0,0,0,2 - - 0").unwrap();
    /// assert_eq!(five.check_position(&pos), Ok(()));
    /// let mut rules = Rules::standard();
    /// rules.size = 7;
    /// rules.pawns = Some(4);
    /// rules.players = 2;
    /// let seven = Variant::new(rules).unwrap();
    /// assert_eq!(
    ///     seven.check_position(&pos),
    ///     Err(PositionError::OtherVariant(VariantMismatch::Board))
    /// );
    /// ```
    pub fn check_position(&self, pos: &Position) -> Result<(), PositionError> {
        self.fits(pos).map_err(PositionError::OtherVariant)
    }

    #[inline]
    pub(super) fn fits(&self, pos: &Position) -> Result<(), VariantMismatch> {
        if pos.tag.0 == self.tag.0 {
            return Ok(());
        }
        self.fits_in_full(pos)
    }

    /// [`Variant::fits`] for a position of another variant: every check in full.
    #[cold]
    fn fits_in_full(&self, pos: &Position) -> Result<(), VariantMismatch> {
        let players = self.players;
        if pos.to_move >= players {
            return Err(VariantMismatch::ToMove {
                to_move: pos.to_move,
                players,
            });
        }
        let extra = !0u8 << players;
        let place_out = pos.places[..(pos.places_len as usize).min(pos.places.len())]
            .iter()
            .find(|&&q| q >= players);
        if let Some(q) = (players as usize..pos.pawns.len())
            .find(|&q| pos.pawns[q].iter().any(|&i| i != OFF))
            .map(|q| q as u8)
            .or(place_out.copied())
            .or(((pos.captured | pos.finished) & extra != 0)
                .then(|| ((pos.captured | pos.finished) & extra).trailing_zeros() as u8))
        {
            return Err(VariantMismatch::ExtraPlayer { player: q, players });
        }
        let mut occ = [0u8; MAX_SQUARES];
        for (p, pawns) in pos.pawns[..players as usize].iter().enumerate() {
            if pawns[self.pawns..].iter().any(|&i| i != OFF) {
                return Err(VariantMismatch::ExtraPawns {
                    player: p as u8,
                    pawns: self.pawns as u8,
                });
            }
            for &i in &pawns[..self.pawns] {
                if i == OFF {
                    if !self.grace_entry {
                        return Err(VariantMismatch::OffBoard(p as u8));
                    }
                    continue;
                }
                if i as usize > self.home {
                    return Err(VariantMismatch::PastHome {
                        player: p as u8,
                        index: i,
                        home: self.home as u8,
                    });
                }
                let sq = self.t.path[p][i as usize] as usize;
                if !self.t.safe[sq] {
                    occ[sq] = (p as u8) << 5 | ((occ[sq] & 31) + 1);
                }
            }
        }
        if occ != pos.occ {
            return Err(VariantMismatch::Board);
        }
        let counted: usize = pos.bag[..self.slots].iter().map(|&c| c as usize).sum();
        if pos.bag[self.slots..].iter().any(|&c| c != 0) || counted != pos.bag_len as usize {
            return Err(VariantMismatch::Bag);
        }
        Ok(())
    }

    // ---------------------------------------------------------------- rules questions

    /// How many pawns an entry spending `value` brings onto the board for the player to
    /// move: `value / 2`, or every pawn of theirs off the board if fewer (RULES.md 9,
    /// grace entry). 0 when none is off the board. Whether the entry is legal (grace
    /// entry, a grace value of 2 or more) is [`Variant::find_move`]'s question.
    pub fn entry_count(&self, pos: &Position, value: u8) -> u8 {
        let p = pos.to_move as usize;
        let off = pos.pawns[p][..self.pawns]
            .iter()
            .filter(|&&i| i == OFF)
            .count();
        entry_pawns(value, off)
    }

    /// The path indices `player`'s unit steps on when it plays `mv`, one per point of
    /// the value, in order, the landing index last; an entry yields only 0 (the start
    /// square). Under the `circle` gate a player who has never captured goes round the
    /// outer ring again, so the indices wrap modulo [`Variant::outer_len`] (RULES.md 9).
    /// The indices are not checked against the home: give a legal move.
    ///
    /// ```
    /// use ashta_engine::parse_any;
    ///
    /// // Traditional rules (circle gate), South never captured: a1 (14) + 3 wraps to 1.
    /// let (v, pos) = parse_any("traditional 5 2 0 3 0,0,0,14/-1,-1,-1,-1 - - 0").unwrap();
    /// let mv = v.find_move(&pos, 3, Some(14), 1).unwrap();
    /// assert_eq!(v.move_path(&pos, 0, mv).collect::<Vec<_>>(), [15, 0, 1]);
    /// ```
    pub fn move_path(
        &self,
        pos: &Position,
        player: usize,
        mv: Move,
    ) -> impl Iterator<Item = usize> + '_ {
        let wraps = self.circle && !pos.has_captured(player);
        let outer = self.outer;
        let (start, steps) = match mv.from() {
            Some(from) => (from as usize, mv.value() as usize),
            None => (0, 0),
        };
        let entry = mv.from().is_none().then_some(0);
        entry.into_iter().chain((1..=steps).map(move |k| {
            let j = start + k;
            if wraps && j >= outer {
                j % outer
            } else {
                j
            }
        }))
    }

    /// Whether the game can only end in a frozen draw (RULES.md 8.3) however it is
    /// played: the gate rule is `wait`, nobody has captured, and for every two players
    /// q and o, no square q's pawns can still reach on the outer ring (beyond its
    /// rearmost pawn) is one o's pawns can still stand on (from its rearmost pawn on,
    /// safe squares aside). Pawns only move forward and the gates stay shut without a
    /// capture, so no capture can ever happen again and every pawn ends at its gate.
    /// Timing is ignored, so `false` does not mean the game can still be won. The
    /// question is where pawns can meet, not whether they may land on each other, so
    /// it holds whatever the `pair_capture` flag: a pair that could reach an opponent's
    /// double shares a square with it, and the game is not locked.
    pub fn is_locked(&self, pos: &Position) -> bool {
        let players = self.players();
        if self.circle || (0..players).any(|q| pos.has_captured(q)) {
            return false;
        }
        // Each player's rearmost pawn still on the outer ring (off-board pawns enter at 0).
        let mut rear = [None; 4];
        for (q, r) in rear.iter_mut().enumerate().take(players) {
            if !pos.has_finished(q) {
                *r = self
                    .pawns(pos, q)
                    .map(|i| i.unwrap_or(0))
                    .filter(|&i| i < self.home)
                    .min();
            }
        }
        for q in 0..players {
            let Some(from) = rear[q] else { continue };
            for k in from + 1..self.outer {
                let sq = self.square(q, k);
                if self.is_safe(sq) {
                    continue;
                }
                for (o, r) in rear.iter().enumerate().take(players) {
                    if o != q && r.is_some_and(|j| self.path_index(o, sq) >= j) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether the gate (RULES.md 6, rule 2) holds back a pawn of the player to move
    /// with one of `values`: the player has never captured and some pawn on the outer
    /// ring (index i) would, with some value v, reach i + v past the ring but not past
    /// the home. An open gate would let it into the inner rings; a closed one refuses
    /// the move (`wait`) or sends the pawn round again (`circle`).
    pub fn gate_holds(&self, pos: &Position, values: &[u8]) -> bool {
        let p = pos.to_move();
        if pos.has_captured(p) {
            return false;
        }
        let (outer, home) = (self.outer, self.home);
        self.pawns(pos, p).flatten().any(|i| {
            i < outer
                && values.iter().any(|&v| {
                    let j = i + v as usize;
                    j >= outer && j <= home
                })
        })
    }

    /// Whether the player to move, with `values` in the bag instead of what `pos`
    /// holds, would have a legal move if their gate were open (as after a capture).
    /// Values the throw table cannot produce are left out.
    pub fn has_move_with_gate_open(&self, pos: &Position, values: &[u8]) -> bool {
        let mut open = *pos;
        open.captured |= 1 << pos.to_move;
        open.bag = [0; MAX_FACES];
        open.bag_len = 0;
        open.stage = Stage::MOVING;
        for &v in values.iter().take(MAX_BAG as usize) {
            if let Some(slot) = self.t.table.slot(v) {
                open.bag[slot] += 1;
                open.bag_len += 1;
            }
        }
        self.has_legal_move(&open)
    }
}
