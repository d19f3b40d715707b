//! Playing a move, captures, blocks forming and expiring, finishing, ending turns and
//! declaring draws.

use super::*;

impl Variant {
    /// Plays a legal move with one legality check and says what happened ([`Played`]:
    /// its path, capture, double, block and forfeit, the position after it), or says
    /// why it is not legal (the position is then unchanged). A move is found from its
    /// value, unit and pawns with [`Variant::find_move`], or taken from
    /// [`Variant::legal_moves`]; searches that play moves of the legal list by the
    /// thousand use [`crate::fast::play`].
    ///
    /// ```
    /// use ashta_engine::{parse_any, IllegalMove, MoveError, Phase};
    ///
    /// let (variant, mut pos) = parse_any("standard 5 2 0 4 0,0,0,12/0,0,0,0 - - 0").unwrap();
    /// // The a3 pawn cannot use the 4: the gate is closed.
    /// assert_eq!(
    ///     variant.find_move(&pos, 4, Some(12), 1),
    ///     Err(MoveError::Illegal(IllegalMove::GateClosed))
    /// );
    /// let mv = variant.find_move(&pos, 4, Some(0), 1).unwrap();
    /// let played = variant.play(&mut pos, mv).unwrap();
    /// assert_eq!(played.walk(), [0, 1, 2, 3, 4]); // from c1, as clients draw it
    /// // The bag is spent: North throws next.
    /// assert_eq!((pos.to_move(), pos.phase()), (1, Phase::Throwing));
    /// assert_eq!(variant.play(&mut pos, mv), Err(MoveError::MustThrow));
    /// ```
    pub fn play(&self, pos: &mut Position, mv: Move) -> Result<Played, MoveError> {
        let legal = self.find_move(pos, mv.value(), mv.from(), mv.count())?;
        if legal != mv {
            return Err(MoveError::Illegal(IllegalMove::TargetMismatch));
        }
        Ok(self.play_found(pos, mv))
    }

    /// Plays a move from [`Variant::legal_moves`] without checking it. When the bag is
    /// empty, or no value left can be used, the turn ends. From outside,
    /// [`Variant::play`] (one check of the move, and what happened) or
    /// [`crate::fast::play`].
    pub(crate) fn play_unchecked(&self, pos: &mut Position, mv: Move) {
        debug_assert_eq!(self.fits(pos), Ok(()), "a position of another variant");
        if self.apply_move(pos, mv) && (pos.bag_len == 0 || self.forfeits(pos)) {
            self.pass_turn(pos);
        }
    }

    /// [`Variant::play_unchecked`] without the forfeit check: when values are left that
    /// no unit can use, the turn goes on, and the caller must end it when
    /// [`Variant::legal_moves`] finds nothing (as self-play does).
    #[inline(always)]
    pub(crate) fn play_generated(&self, pos: &mut Position, mv: Move) {
        if self.apply_move(pos, mv) && pos.bag_len == 0 {
            self.pass_turn(pos);
        }
    }

    /// Whether the player to move holds values but can use none of them: the bag is
    /// forfeited and the turn ends (RULES.md 5.2).
    #[inline(always)]
    pub(super) fn forfeits(&self, pos: &Position) -> bool {
        pos.bag_len != 0 && !self.has_legal_move(pos)
    }

    /// The mechanics of a move from [`Variant::legal_moves`]: the value leaves the bag,
    /// the unit moves, captures, blocks form, a player finishes. Returns false when the
    /// move brought the player's last pawn home (the turn or game has then ended);
    /// otherwise the caller decides whether the turn ends.
    #[inline(always)]
    pub(super) fn apply_move(&self, pos: &mut Position, mv: Move) -> bool {
        let p = pos.to_move as usize;
        pos.stage = Stage::MOVING;
        let slot = self.t.table.slot(mv.value()).expect("value from the table");
        pos.bag[slot] -= 1;
        pos.bag_len -= 1;
        let count = mv.count() as usize;
        match mv.from() {
            None => {
                let n = self.pawns;
                let pawns = &mut pos.pawns[p][..n];
                move_run(pawns, n - count, count, 0);
            }
            Some(from) => {
                let (i, j) = (from as usize, mv.to() as usize);
                let src = self.t.path[p][i] as usize;
                if !self.t.safe[src] {
                    let left = (pos.occ[src] & 31) as usize - count;
                    pos.occ[src] = if left == 0 {
                        0
                    } else {
                        (p as u8) << 5 | left as u8
                    };
                    if !self.is_double(left) && pos.has_blocks() {
                        self.remove_block(pos, src);
                    }
                }
                let pawns = &mut pos.pawns[p][..self.pawns];
                let k = pawns.iter().position(|&x| x == from).expect("unit exists");
                move_run(pawns, k, count, j as u8);
                let dst = self.t.path[p][j] as usize;
                if !self.t.safe[dst] {
                    let o = pos.occ[dst];
                    let owner = (o >> 5) as usize;
                    let before = if o != 0 && owner != p {
                        // Every pawn on the square goes back: a pair that lands on a
                        // double (pair_capture) captures all of it, and its block goes.
                        let n = (o & 31) as usize;
                        self.send_back(pos, owner, self.t.index[owner][dst], n);
                        if self.is_double(n) && pos.has_blocks() {
                            self.remove_block(pos, dst);
                        }
                        pos.captured |= 1 << p;
                        pos.extra_turns = pos.extra_turns.saturating_add(self.capture_turns());
                        0
                    } else {
                        (o & 31) as usize
                    };
                    pos.occ[dst] = (p as u8) << 5 | (before + count) as u8;
                    // A double forming on the outer ring blocks every opponent still
                    // playing for its next turn (a pair that captures forms one too).
                    if self.raises_block(before, count, j) {
                        let blocked = self.active_mask(pos) & !(1 << p);
                        self.add_block(pos, dst, blocked);
                    }
                }
                if j == self.home
                    && pos.pawns[p][0] as usize == self.home
                    && pos.pawns[p][self.pawns - 1] as usize == self.home
                {
                    self.finish(pos, p);
                    return false;
                }
            }
        }
        true
    }

    /// Sends `n` pawns of `victim` at its path index `at` back to the start (or off the board).
    pub(super) fn send_back(&self, pos: &mut Position, victim: usize, at: u8, n: usize) {
        let back = self.captured_to().map_or(OFF, |i| i as u8);
        let pawns = &mut pos.pawns[victim][..self.pawns];
        let k = pawns.iter().position(|&x| x == at).expect("victim pawn");
        move_run(pawns, k, n, back);
    }

    pub(super) fn active_mask(&self, pos: &Position) -> u8 {
        ((1u8 << self.players) - 1) & !pos.finished
    }

    /// Player `p` has brought every pawn home.
    pub(super) fn finish(&self, pos: &mut Position, p: usize) {
        pos.finished |= 1 << p;
        pos.places[pos.places_len as usize] = p as u8;
        pos.places_len += 1;
        pos.extra_turns = 0;
        expire_blocks(pos, p);
        let left = self.active_mask(pos);
        if !self.places_mode || left.count_ones() <= 1 {
            if self.places_mode {
                pos.places[pos.places_len as usize] = left.trailing_zeros() as u8;
                pos.places_len += 1;
            }
            pos.over = true;
            clear_bag(pos);
        } else {
            self.pass_turn(pos);
        }
    }

    /// Ends the turn of a player whose bag holds nothing they can use (a position read
    /// from outside, say; after a throw or a move the engine ends such a turn itself):
    /// the bag is forfeited, blocks against the player expire, then an extra turn is
    /// taken or play passes on; a position where nobody can ever move again is drawn.
    ///
    /// Refused, the position unchanged, when the game is over, when the bag is empty
    /// (the player throws first) and when some value can still be used (the player must
    /// move if they can, RULES.md 5.2).
    pub fn end_turn(&self, pos: &mut Position) -> Result<(), TurnError> {
        if pos.over {
            return Err(TurnError::GameOver);
        }
        if pos.stage.0 == Stage::THROWING.0 || pos.bag_len == 0 {
            return Err(TurnError::MustThrow);
        }
        if self.has_legal_move(pos) {
            return Err(TurnError::MustMove);
        }
        self.pass_turn(pos);
        Ok(())
    }

    /// [`Variant::end_turn`] unchecked.
    pub(crate) fn pass_turn(&self, pos: &mut Position) {
        clear_bag(pos);
        pos.stage = Stage::THROWING;
        let p = pos.to_move as usize;
        expire_blocks(pos, p);
        if pos.over {
            return;
        }
        if let Some(left) = self
            .extra_turn_taken(pos.extra_turns)
            .filter(|_| !pos.has_finished(p))
        {
            pos.extra_turns = left;
        } else {
            pos.extra_turns = 0;
            let mut next = p;
            loop {
                next = if next + 1 == self.players() {
                    0
                } else {
                    next + 1
                };
                if !pos.has_finished(next) {
                    break;
                }
            }
            pos.to_move = next as u8;
        }
        if self.is_frozen(pos) {
            pos.draw = Some(DrawReason::Frozen);
            pos.over = true;
        }
    }

    /// Ends the game as a draw (the driver's turn limit, say, RULES.md 8.4). Refused,
    /// the position unchanged, when the game is already over.
    pub fn declare_draw(&self, pos: &mut Position, reason: DrawReason) -> Result<(), TurnError> {
        if pos.over {
            return Err(TurnError::GameOver);
        }
        self.draw_now(pos, reason);
        Ok(())
    }

    /// Ends the game with a win claimed by `player` at the table, when every opponent
    /// still in the game has left it (RULES.md 8.6; the table checks who left): the
    /// claimant is placed after the players already home, and the game is over.
    /// Refused, the position unchanged, when the game is over, and for a player who is
    /// not in the game or is already home.
    pub(crate) fn claim_win(&self, pos: &mut Position, player: usize) -> Result<(), TurnError> {
        if pos.over {
            return Err(TurnError::GameOver);
        }
        if player >= self.players() || pos.has_finished(player) {
            return Err(TurnError::NotInPlay);
        }
        clear_bag(pos);
        pos.extra_turns = 0;
        pos.places[pos.places_len as usize] = player as u8;
        pos.places_len += 1;
        pos.claimed = true;
        pos.over = true;
        Ok(())
    }

    /// [`Variant::declare_draw`] unchecked.
    pub(crate) fn draw_now(&self, pos: &mut Position, reason: DrawReason) {
        clear_bag(pos);
        pos.extra_turns = 0;
        pos.draw = Some(reason);
        pos.over = true;
    }
}

/// Moves the `count` equal pawns at `xs[k..k + count]` of a sorted pawn list to path
/// index `to`, keeping the list sorted: the pawns they pass shift over by `count`.
#[inline]
pub(super) fn move_run(xs: &mut [u8], k: usize, count: usize, to: u8) {
    let (mut lo, mut hi) = (k, k + count);
    if to >= xs[k] {
        while hi < xs.len() && xs[hi] < to {
            xs[lo] = xs[hi];
            lo += 1;
            hi += 1;
        }
    } else {
        while lo > 0 && xs[lo - 1] > to {
            lo -= 1;
            hi -= 1;
            xs[hi] = xs[lo];
        }
    }
    // One or two pawns move almost always: plain stores, no call to fill.
    xs[lo] = to;
    if hi - lo > 1 {
        xs[lo + 1] = to;
        xs[lo + 2..hi].fill(to);
    }
}

pub(super) fn clear_bag(pos: &mut Position) {
    if pos.bag_len != 0 {
        pos.bag = [0; crate::throws::MAX_FACES];
        pos.bag_len = 0;
    }
}

impl Variant {
    /// Raises a block on outer square `square` against the players of `blocked`.
    pub(crate) fn add_block(&self, pos: &mut Position, square: usize, blocked: u8) {
        for q in 0..self.players as usize {
            if blocked & (1 << q) != 0 {
                pos.blocked[q] |= 1 << self.t.index[q][square];
            }
        }
    }

    /// Takes away the block on `square`, if there is one (its double broke up or was
    /// captured).
    pub(super) fn remove_block(&self, pos: &mut Position, square: usize) {
        for q in 0..self.players as usize {
            // Bits at or past the outer ring's length are never set, so clearing the
            // bit of an inner square changes nothing; indices past 63 have no bit.
            let k = self.t.index[q][square] as u32;
            pos.blocked[q] &= !1u64.checked_shl(k).unwrap_or(0);
        }
    }
}

/// Every block against `p` ends (p's turn is over, or p has finished).
#[inline]
pub(super) fn expire_blocks(pos: &mut Position, p: usize) {
    pos.blocked[p] = 0;
}

#[cfg(test)]
mod tests {
    use super::move_run;

    /// A unit moved forward, backward (round the circle, or sent back) or off the board
    /// leaves the pawn list sorted, as a full sort would.
    #[test]
    fn moving_a_run_keeps_the_pawns_sorted() {
        let lists: [&[u8]; 4] = [
            &[0, 0, 3, 5, 5, 9],
            &[2, 2, 2, 2],
            &[0, 4, 7, 24, 255, 255],
            &[1],
        ];
        for list in lists {
            for k in 0..list.len() {
                let run = list[k..].iter().take_while(|&&x| x == list[k]).count();
                if k > 0 && list[k - 1] == list[k] {
                    continue;
                }
                for count in 1..=run {
                    for to in [0u8, 1, 3, 4, 6, 8, 10, 24, 255] {
                        let mut moved = list.to_vec();
                        move_run(&mut moved, k, count, to);
                        let mut sorted = list.to_vec();
                        sorted[k..k + count].fill(to);
                        sorted.sort_unstable();
                        assert_eq!(moved, sorted, "{list:?} k={k} count={count} to={to}");
                    }
                }
            }
        }
    }
}
