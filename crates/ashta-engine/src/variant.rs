//! A rule set compiled for play, and the game itself: throwing, legal moves, playing a
//! move, ending turns, winning and freezing.

use arrayvec::ArrayVec;

use crate::error::{
    IllegalMove, MoveError, PositionError, RulesError, ThrowError, TurnError, VariantMismatch,
};
use crate::geometry::{Geometry, Seat, Square, MAX_SQUARES};
use crate::moves::{Move, MoveList};
use crate::position::{Block, DrawReason, Position, MAX_BAG, MAX_BLOCKS, OFF};
use crate::rules::{Entry, Finish, Gate, Rules, ThreeGraces};
use crate::throws::{Cowries, ThrowSource, ThrowTable, MAX_FACES};

/// What one throw did to the throwing phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThrowStep {
    /// A grace: the player throws again.
    Again,
    /// The phase is over and the player moves.
    Moving,
    /// The phase is over but no value can be used: the bag was forfeited, the turn ended.
    Forfeited,
    /// A third grace in a row under the `forfeit` flag: the turn was voided.
    Voided,
}

/// A whole throwing phase: the cowries of each throw and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowReport {
    /// Each throw in order.
    pub throws: ArrayVec<Cowries, { MAX_BAG as usize }>,
    /// How the phase ended (never [`ThrowStep::Again`]).
    pub end: ThrowStep,
}

/// Rules compiled into lookup tables; every operation on a [`Position`] goes through it.
#[derive(Clone, Debug)]
pub struct Variant {
    rules: Rules,
    geometry: Geometry,
    table: ThrowTable,
    seats: &'static [Seat],
    players: u8,
    pawns: usize,
    outer: usize,
    home: usize,
    circle: bool,
    grace_entry: bool,
    forfeit_three: bool,
    capture_bonus: bool,
    doubles: bool,
    places_mode: bool,
    safe: [bool; MAX_SQUARES],
    /// The table's distinct values by slot, and how many there are.
    values: [u8; MAX_FACES],
    slots: usize,
    /// `path[p][i]`: square at path index i of player p.
    path: [[u8; MAX_SQUARES]; 4],
    /// `index[p][sq]`: player p's path index of square sq.
    index: [[u8; MAX_SQUARES]; 4],
}

impl Variant {
    /// Compiles a rule set, rejecting one that cannot be played.
    pub fn new(rules: Rules) -> Result<Variant, RulesError> {
        rules.validate()?;
        let geometry = Geometry::new(rules.size as usize);
        let seats = Seat::for_players(rules.players as usize);
        let mut safe = [false; MAX_SQUARES];
        for sq in rules.safe_squares(&geometry)? {
            safe[sq.0 as usize] = true;
        }
        let mut path = [[0u8; MAX_SQUARES]; 4];
        let mut index = [[0u8; MAX_SQUARES]; 4];
        for (p, &seat) in seats.iter().enumerate() {
            for (i, sq) in geometry.path(seat).enumerate() {
                path[p][i] = sq.0;
                index[p][sq.0 as usize] = i as u8;
            }
        }
        let table = ThrowTable::new(&rules.faces(), rules.mouth_up);
        let mut values = [0u8; MAX_FACES];
        values[..table.values().len()].copy_from_slice(table.values());
        Ok(Variant {
            values,
            slots: table.values().len(),
            table,
            seats,
            players: rules.players,
            pawns: rules.pawn_count(),
            outer: geometry.outer_len(),
            home: geometry.home_index(),
            circle: rules.gate == Gate::Circle,
            grace_entry: rules.entry == Entry::Grace,
            forfeit_three: rules.three_graces == ThreeGraces::Forfeit,
            capture_bonus: rules.capture_bonus,
            doubles: rules.doubles,
            places_mode: rules.finish == Finish::Places,
            safe,
            path,
            index,
            geometry,
            rules,
        })
    }

    /// The rule set.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The board geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }
    /// The compiled throw table.
    pub fn table(&self) -> &ThrowTable {
        &self.table
    }
    /// Number of players.
    pub fn players(&self) -> usize {
        self.players as usize
    }
    /// Pawns per player.
    pub fn pawns_per_player(&self) -> usize {
        self.pawns
    }
    /// The seat of player `p`.
    pub fn seat(&self, p: usize) -> Seat {
        self.seats[p]
    }
    /// Path index of the home.
    pub fn home(&self) -> usize {
        self.home
    }
    /// Length of the outer ring.
    pub fn outer_len(&self) -> usize {
        self.outer
    }
    /// Whether a square is safe.
    pub fn is_safe(&self, sq: Square) -> bool {
        self.safe[sq.0 as usize]
    }
    /// The square at player `p`'s path index `i`.
    pub fn square(&self, p: usize, i: usize) -> Square {
        Square(self.path[p][i])
    }
    /// Player `p`'s path index of square `sq`.
    pub fn path_index(&self, p: usize, sq: Square) -> usize {
        self.index[p][sq.0 as usize] as usize
    }

    /// The position a game starts from: every pawn on its start square (or off the
    /// board under grace entry), player 0 to throw; drawn at once (frozen) under rules
    /// that leave nobody any move.
    pub fn start_position(&self) -> Position {
        let mut pos = Position::empty();
        let at = if self.grace_entry { OFF } else { 0 };
        for p in 0..self.players() {
            pos.pawns[p][..self.pawns].fill(at);
        }
        // Rules whose every value overshoots the gate can leave nobody a move at all.
        if self.is_frozen(&pos) {
            pos.draw = Some(DrawReason::Frozen);
            pos.over = true;
        }
        pos
    }

    /// Player `p`'s pawns as path indices, ascending, `None` for off the board.
    pub fn pawns<'a>(
        &self,
        pos: &'a Position,
        p: usize,
    ) -> impl Iterator<Item = Option<usize>> + 'a {
        pos.pawns[p][..self.pawns]
            .iter()
            .map(|&i| (i != OFF).then_some(i as usize))
    }

    /// The bag's values, largest first, repeated as often as they are in the bag.
    pub fn bag(&self, pos: &Position) -> Vec<u8> {
        let mut out = Vec::with_capacity(pos.bag_len());
        for (slot, &v) in self.table.values().iter().enumerate().rev() {
            out.extend(std::iter::repeat_n(v, pos.bag[slot] as usize));
        }
        out
    }

    /// Who stands on a square that is not safe, and how many pawns: `(owner, count)`.
    /// `None` for an empty square and for every safe square.
    pub fn occupant(&self, pos: &Position, sq: Square) -> Option<(usize, usize)> {
        let o = pos.occ[sq.0 as usize];
        (o != 0).then_some(((o >> 5) as usize, (o & 31) as usize))
    }

    // ---------------------------------------------------------------- throwing

    /// Throws one throw with `mouths_up` cowries up into the bag of the player to move.
    /// Call it on a position whose bag is empty, then again while it answers
    /// [`ThrowStep::Again`]; in between the position is mid-phase and not settled.
    ///
    /// Refused, the position unchanged, when the game is over, when more mouths are up
    /// than cowries are thrown, and when the bag shows the phase has already ended: it
    /// holds a value no grace face gives, or [`crate::MAX_BAG`] values. (A bag of
    /// graces alone may be a phase under way or a moving phase whose plain value was
    /// spent; the position cannot tell, see [`Position::phase`], so that is the
    /// caller's to know.)
    pub fn throw_one(&self, pos: &mut Position, mouths_up: u8) -> Result<ThrowStep, ThrowError> {
        if pos.over {
            return Err(ThrowError::GameOver);
        }
        let k = self.table.cowries();
        if mouths_up > k {
            return Err(ThrowError::TooManyMouths(mouths_up, k));
        }
        if pos.bag_len >= MAX_BAG
            || (0..self.slots)
                .any(|s| pos.bag[s] != 0 && !self.table.is_grace_value(self.values[s]))
        {
            return Err(ThrowError::NotThrowing);
        }
        Ok(self.throw_step(pos, mouths_up))
    }

    /// [`Variant::throw_one`] unchecked.
    #[inline]
    pub(crate) fn throw_step(&self, pos: &mut Position, mouths_up: u8) -> ThrowStep {
        match self.add_throw(pos, mouths_up) {
            ThrowStep::Moving if !self.has_legal_move(pos) => {
                self.pass_turn(pos);
                ThrowStep::Forfeited
            }
            step => step,
        }
    }

    /// [`Variant::throw_one`] without the forfeit check: a phase that ends answers
    /// [`ThrowStep::Moving`] even when no value can be used, and the caller must end
    /// the turn when [`Variant::legal_moves`] finds nothing (as self-play does).
    #[inline]
    pub(crate) fn add_throw(&self, pos: &mut Position, mouths_up: u8) -> ThrowStep {
        let face = self.table.face(mouths_up);
        pos.bag[self.table.face_slot(mouths_up)] += 1;
        pos.bag_len += 1;
        if face.grace {
            if self.forfeit_three && pos.bag_len >= 3 {
                self.pass_turn(pos);
                return ThrowStep::Voided;
            }
            if pos.bag_len < MAX_BAG {
                return ThrowStep::Again;
            }
        }
        ThrowStep::Moving
    }

    /// Plays the whole throwing phase of the player to move with throws from `source`.
    pub fn throw<S: ThrowSource + ?Sized>(
        &self,
        pos: &mut Position,
        source: &mut S,
    ) -> Result<ThrowReport, ThrowError> {
        self.check_can_throw(pos)?;
        let mut throws = ArrayVec::new();
        loop {
            let cowries = source.throw_cowries(self.table.cowries(), self.table.mouth_up());
            throws.push(cowries);
            let end = self.throw_step(pos, cowries.mouths_up());
            if end != ThrowStep::Again {
                return Ok(ThrowReport { throws, end });
            }
        }
    }

    /// Plays a throwing phase supplied from outside, as mouths-up counts. The sequence
    /// must be exactly one phase: graces, then one non-grace (or the voiding grace).
    pub fn apply_throws(
        &self,
        pos: &mut Position,
        mouths_up: &[u8],
    ) -> Result<ThrowStep, ThrowError> {
        self.check_can_throw(pos)?;
        let k = self.table.cowries();
        if let Some(&bad) = mouths_up.iter().find(|&&u| u > k) {
            return Err(ThrowError::TooManyMouths(bad, k));
        }
        let mut scratch = *pos;
        for (n, &u) in mouths_up.iter().enumerate() {
            let step = self.throw_step(&mut scratch, u);
            let last = n + 1 == mouths_up.len();
            match (step, last) {
                (ThrowStep::Again, true) => {
                    return Err(ThrowError::BadSequence(
                        mouths_up.to_vec(),
                        "it ends on a grace, so the player must throw again",
                    ))
                }
                (ThrowStep::Again, false) => {}
                (_, false) => {
                    return Err(ThrowError::BadSequence(
                        mouths_up.to_vec(),
                        "the throwing phase ended before its last throw",
                    ))
                }
                (end, true) => {
                    *pos = scratch;
                    return Ok(end);
                }
            }
        }
        Err(ThrowError::BadSequence(
            Vec::new(),
            "no throws given: a throwing phase has at least one",
        ))
    }

    fn check_can_throw(&self, pos: &Position) -> Result<(), ThrowError> {
        self.fits(pos).map_err(ThrowError::OtherVariant)?;
        if pos.over {
            Err(ThrowError::GameOver)
        } else if pos.bag_len != 0 {
            Err(ThrowError::NotThrowing)
        } else {
            Ok(())
        }
    }

    // ---------------------------------------------------------------- moves

    /// Where a unit of player `p` at path index `i` lands with value `v`, and whom it
    /// captures; `None` when the move is illegal. `open`: p has captured. Blocks are
    /// ignored unless `with_blocks`.
    #[inline(always)]
    fn target(
        &self,
        pos: &Position,
        p: usize,
        open: bool,
        i: usize,
        v: usize,
        with_blocks: bool,
    ) -> Option<(usize, Option<u8>)> {
        let mut j = i + v;
        let mut wrapped = false;
        if j >= self.outer && !open {
            if !self.circle {
                return None;
            }
            j %= self.outer;
            wrapped = true;
        }
        if j > self.home {
            return None;
        }
        if with_blocks && pos.block_len != 0 && self.blocked(pos, p, i, j, v, wrapped) {
            return None;
        }
        let sq = self.path[p][j] as usize;
        let o = pos.occ[sq];
        // Safe squares are never in `occ`, so an empty entry covers them too.
        if o == 0 || (o >> 5) as usize == p {
            Some((j, None))
        } else if self.doubles && o & 31 >= 2 {
            None
        } else {
            Some((j, Some(o >> 5)))
        }
    }

    /// Whether a block against `p` stands strictly between `i` and `j` on the outer ring.
    #[cold]
    #[inline(never)]
    fn blocked(
        &self,
        pos: &Position,
        p: usize,
        i: usize,
        j: usize,
        v: usize,
        wrapped: bool,
    ) -> bool {
        pos.blocks().iter().any(|b| {
            if b.blocked & (1 << p) == 0 {
                return false;
            }
            let k = self.index[p][b.square as usize] as usize;
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
    fn visit_moves(&self, pos: &Position, f: impl FnMut(Move) -> bool) -> bool {
        if pos.over || pos.bag_len == 0 {
            return true;
        }
        if pos.block_len == 0 {
            self.visit_moves_with::<false>(pos, f)
        } else {
            self.visit_moves_with::<true>(pos, f)
        }
    }

    #[inline(always)]
    fn visit_moves_with<const BLOCKS: bool>(
        &self,
        pos: &Position,
        mut f: impl FnMut(Move) -> bool,
    ) -> bool {
        let p = pos.to_move as usize;
        let open = pos.captured & (1 << p) != 0;
        let pawns = &pos.pawns[p][..self.pawns];
        // The distinct values in the bag.
        let mut bag = [0u8; MAX_FACES];
        let mut kinds = 0;
        for slot in 0..self.slots {
            if pos.bag[slot] != 0 {
                bag[kinds] = self.values[slot];
                kinds += 1;
            }
        }
        let bag = &bag[..kinds];
        let mut k = 0;
        while k < pawns.len() {
            let i = pawns[k];
            if i as usize >= self.home {
                break; // home pawns, then off-board ones, come last
            }
            let mut run = 1;
            while k + run < pawns.len() && pawns[k + run] == i {
                run += 1;
            }
            k += run;
            let pair = run >= 2 && self.doubles;
            for &v in bag {
                if let Some((j, capture)) =
                    self.target(pos, p, open, i as usize, v as usize, BLOCKS)
                {
                    let mv = Move {
                        value: v,
                        from: Some(i),
                        to: j as u8,
                        count: 1,
                        capture,
                    };
                    if !f(mv) || (pair && !f(Move { count: 2, ..mv })) {
                        return false;
                    }
                }
            }
        }
        if self.grace_entry {
            let off = pawns.iter().rev().take_while(|&&i| i == OFF).count();
            if off > 0 {
                for &v in bag {
                    if v >= 2 && self.table.is_grace_value(v) {
                        let count = entry_pawns(v, off);
                        let mv = Move {
                            value: v,
                            from: None,
                            to: 0,
                            count,
                            capture: None,
                        };
                        if !f(mv) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// Fills `out` with the legal moves of the player to move (empty when the player
    /// must throw, or the game is over).
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
        if pos.bag_len == 0 {
            return Err(MoveError::MustThrow);
        }
        let slot = self.table.slot(value).filter(|&s| pos.bag[s] > 0);
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
            if !self.table.is_grace_value(value) || value < 2 {
                return Err(MoveError::Illegal(IllegalMove::EntryNeedsGrace));
            }
            let n = entry_pawns(value, off);
            if count != n {
                return Err(MoveError::Illegal(IllegalMove::EntryCount));
            }
            return Ok(Move {
                value,
                from: None,
                to: 0,
                count,
                capture: None,
            });
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
        if let Some((to, capture)) = self.target(
            pos,
            p,
            pos.has_captured(p),
            i as usize,
            value as usize,
            true,
        ) {
            return Ok(Move {
                value,
                from,
                to: to as u8,
                count,
                capture,
            });
        }
        let j = i as usize + value as usize;
        let gate_closed = j >= self.outer && !pos.has_captured(p);
        Err(MoveError::Illegal(if gate_closed && !self.circle {
            IllegalMove::GateClosed
        } else if j > self.home && !gate_closed {
            IllegalMove::Overshoots
        } else if self
            .target(
                pos,
                p,
                pos.has_captured(p),
                i as usize,
                value as usize,
                false,
            )
            .is_some()
        {
            IllegalMove::Blocked
        } else {
            IllegalMove::DoubleOnTarget
        }))
    }

    /// Plays a legal move, or says why it is not legal (the position is then unchanged).
    pub fn play(&self, pos: &mut Position, mv: Move) -> Result<(), MoveError> {
        let legal = self.find_move(pos, mv.value, mv.from, mv.count)?;
        if legal != mv {
            return Err(MoveError::Illegal(IllegalMove::TargetMismatch));
        }
        self.play_unchecked(pos, mv);
        Ok(())
    }

    /// Plays a move from [`Variant::legal_moves`] without checking it. When the bag is
    /// empty, or no value left can be used, the turn ends.
    pub fn play_unchecked(&self, pos: &mut Position, mv: Move) {
        debug_assert_eq!(self.fits(pos), Ok(()), "a position of another variant");
        let p = pos.to_move as usize;
        let slot = self.table.slot(mv.value).expect("value from the table");
        pos.bag[slot] -= 1;
        pos.bag_len -= 1;
        let count = mv.count as usize;
        match mv.from {
            None => {
                let n = self.pawns;
                let pawns = &mut pos.pawns[p][..n];
                pawns[n - count..].fill(0);
                pawns.sort_unstable();
            }
            Some(from) => {
                let (i, j) = (from as usize, mv.to as usize);
                let src = self.path[p][i] as usize;
                if !self.safe[src] {
                    let left = (pos.occ[src] & 31) as usize - count;
                    pos.occ[src] = if left == 0 {
                        0
                    } else {
                        (p as u8) << 5 | left as u8
                    };
                    if left < 2 && pos.block_len != 0 {
                        remove_block(pos, src as u8);
                    }
                }
                let pawns = &mut pos.pawns[p][..self.pawns];
                let k = pawns.iter().position(|&x| x == from).expect("unit exists");
                pawns[k..k + count].fill(j as u8);
                sort_small(pawns);
                let dst = self.path[p][j] as usize;
                if !self.safe[dst] {
                    let o = pos.occ[dst];
                    let owner = (o >> 5) as usize;
                    let before = if o != 0 && owner != p {
                        self.send_back(pos, owner, self.index[owner][dst], (o & 31) as usize);
                        pos.captured |= 1 << p;
                        if self.capture_bonus {
                            pos.extra_turns = pos.extra_turns.saturating_add(1);
                        }
                        0
                    } else {
                        (o & 31) as usize
                    };
                    let now = before + count;
                    pos.occ[dst] = (p as u8) << 5 | now as u8;
                    // A double forming on the outer ring blocks every opponent still
                    // playing for its next turn (a pair that captures forms one too).
                    if self.doubles && before < 2 && now >= 2 && j < self.outer {
                        let blocked = self.active_mask(pos) & !(1 << p);
                        if blocked != 0 {
                            add_block(
                                pos,
                                Block {
                                    square: dst as u8,
                                    owner: p as u8,
                                    blocked,
                                },
                            );
                        }
                    }
                }
                if j == self.home
                    && pos.pawns[p][0] as usize == self.home
                    && pos.pawns[p][self.pawns - 1] as usize == self.home
                {
                    self.finish(pos, p);
                    return;
                }
            }
        }
        if pos.bag_len == 0 || !self.has_legal_move(pos) {
            self.pass_turn(pos);
        }
    }

    /// Sends `n` pawns of `victim` at its path index `at` back to the start (or off the board).
    fn send_back(&self, pos: &mut Position, victim: usize, at: u8, n: usize) {
        let back = if self.grace_entry { OFF } else { 0 };
        let pawns = &mut pos.pawns[victim][..self.pawns];
        let k = pawns.iter().position(|&x| x == at).expect("victim pawn");
        pawns[k..k + n].fill(back);
        pawns.sort_unstable();
    }

    fn active_mask(&self, pos: &Position) -> u8 {
        ((1u8 << self.players) - 1) & !pos.finished
    }

    /// Player `p` has brought every pawn home.
    fn finish(&self, pos: &mut Position, p: usize) {
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
        if pos.bag_len == 0 {
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
        let p = pos.to_move as usize;
        if pos.block_len != 0 {
            expire_blocks(pos, p);
        }
        if pos.over {
            return;
        }
        if pos.extra_turns > 0 && !pos.has_finished(p) {
            pos.extra_turns -= 1;
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

    /// [`Variant::declare_draw`] unchecked.
    pub(crate) fn draw_now(&self, pos: &mut Position, reason: DrawReason) {
        clear_bag(pos);
        pos.extra_turns = 0;
        pos.draw = Some(reason);
        pos.over = true;
    }

    /// Whether no player still in the game has a legal move for any single throw value,
    /// whatever the blocks: nothing can ever change again.
    pub fn is_frozen(&self, pos: &Position) -> bool {
        let active = self.active_mask(pos);
        // The player to move first: it is the one most likely to have a move.
        let mut p = pos.to_move as usize;
        for _ in 0..self.players() {
            if active & (1 << p) != 0 && self.can_ever_move(pos, p) {
                return false;
            }
            p = if p + 1 == self.players() { 0 } else { p + 1 };
        }
        true
    }

    /// Whether player `p` has a legal move for some single throw value, ignoring blocks.
    #[inline]
    fn can_ever_move(&self, pos: &Position, p: usize) -> bool {
        let open = pos.captured & (1 << p) != 0;
        let mut last = OFF;
        for &i in &pos.pawns[p][..self.pawns] {
            if i as usize >= self.home {
                if i == OFF && self.grace_entry && self.can_enter() {
                    return true;
                }
                continue;
            }
            if i == last {
                continue;
            }
            last = i;
            for &v in &self.values[..self.slots] {
                if self
                    .target(pos, p, open, i as usize, v as usize, false)
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
    /// [`Variant::play`], [`Variant::throw`] and [`Variant::apply_throws`] make it,
    /// and the unchecked hot paths assert it in debug builds.
    ///
    /// A position does not say which variant it was made for, so one that fits two
    /// (two start positions differing only in board size, say) passes for either.
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

    fn fits(&self, pos: &Position) -> Result<(), VariantMismatch> {
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
                let sq = self.path[p][i as usize] as usize;
                if !self.safe[sq] {
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
        let (start, steps) = match mv.from {
            Some(from) => (from as usize, mv.value as usize),
            None => (0, 0),
        };
        let entry = mv.from.is_none().then_some(0);
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
    /// Timing is ignored, so `false` does not mean the game can still be won.
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
        for &v in values.iter().take(MAX_BAG as usize) {
            if let Some(slot) = self.table.slot(v) {
                open.bag[slot] += 1;
                open.bag_len += 1;
            }
        }
        self.has_legal_move(&open)
    }

    fn can_enter(&self) -> bool {
        self.table
            .values()
            .iter()
            .any(|&v| v >= 2 && self.table.is_grace_value(v))
    }
}

/// Pawns an entry with `value` brings on when `off` pawns are off the board.
#[inline]
fn entry_pawns(value: u8, off: usize) -> u8 {
    (value as usize / 2).min(off) as u8
}

#[inline]
fn sort_small(xs: &mut [u8]) {
    for a in 1..xs.len() {
        let x = xs[a];
        let mut b = a;
        while b > 0 && xs[b - 1] > x {
            xs[b] = xs[b - 1];
            b -= 1;
        }
        xs[b] = x;
    }
}

fn clear_bag(pos: &mut Position) {
    if pos.bag_len != 0 {
        pos.bag = [0; crate::throws::MAX_FACES];
        pos.bag_len = 0;
    }
}

fn add_block(pos: &mut Position, block: Block) {
    let n = pos.block_len as usize;
    if n == MAX_BLOCKS {
        return;
    }
    let at = pos.blocks[..n].partition_point(|b| b.square < block.square);
    pos.blocks.copy_within(at..n, at + 1);
    pos.blocks[at] = block;
    pos.block_len += 1;
}

fn remove_block(pos: &mut Position, square: u8) {
    let n = pos.block_len as usize;
    if let Some(at) = pos.blocks[..n].iter().position(|b| b.square == square) {
        pos.blocks.copy_within(at + 1..n, at);
        pos.blocks[n - 1] = Block::default();
        pos.block_len -= 1;
    }
}

fn expire_blocks(pos: &mut Position, p: usize) {
    let n = pos.block_len as usize;
    let mut kept = 0;
    for k in 0..n {
        let mut b = pos.blocks[k];
        b.blocked &= !(1 << p);
        if b.blocked != 0 {
            pos.blocks[kept] = b;
            kept += 1;
        }
    }
    pos.blocks[kept..n].fill(Block::default());
    pos.block_len = kept as u8;
}
