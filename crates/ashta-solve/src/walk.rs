//! The compact core's own moves: a position in the middle of a turn ([`Mid`], a few
//! dozen bytes), its legal moves from the board's [`crate::rulebook::Rulebook`],
//! playing one, ending the turn, and the walk over every way to play out a bag. Where
//! a unit lands comes from the engine's tables, and each rule decision on the way is
//! the engine's own (its [`ashta_engine::Variant`] decisions: doubles and who may land
//! on them, blocks raised and broken, what a capture gives, entries, extra turns); the
//! crate's tests compare every turn it lists with the engine's plays.

use rustc_hash::FxHashSet;

use crate::board::{Board, MAX_PAWNS};
use crate::compact::{Compact, Node};
use crate::end::End;
use crate::index::Indexer;
use crate::rulebook::SLOTS;

/// A position in the middle of a turn of the two-player game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Mid {
    /// Each player's pawns as cells, ascending (slots past the pawn count are 0).
    pawns: [[u8; MAX_PAWNS]; 2],
    /// Values left in the bag, counted by slot.
    bag: [u8; SLOTS],
    mover: u8,
    /// Bit p: player p has captured.
    captured: u8,
    /// Extra turns the mover has after this one.
    extra: u8,
    /// Squares where an opponent's double blocks the mover this turn.
    blocks_mover: u32,
    /// Squares where the mover's doubles will block the opponent in its next turn.
    blocks_opponent: u32,
}

/// A move: the unit's cell (or [`ENTER`]), how many pawns, the bag slot and the
/// target cell.
#[derive(Clone, Copy, Debug)]
struct WalkStep {
    from: u8,
    count: u8,
    slot: u8,
    to: u8,
}

/// [`WalkStep::from`] of an entry from off the board.
const ENTER: u8 = u8::MAX;

/// Most moves one position can have: a single and a pair on each pawn's square for
/// each slot, and an entry for each slot.
const MAX_STEPS: usize = (2 * MAX_PAWNS + 1) * SLOTS;

/// Buffers kept between calls of [`crate::outcomes`]: the positions met in the middle
/// of a bag and the ends found.
#[derive(Clone, Debug, Default)]
pub struct Walker {
    seen: FxHashSet<Mid>,
    ends: Vec<End>,
}

impl Walker {
    /// The ends the last walk found, sorted, each once.
    pub(crate) fn ends(&self) -> &[End] {
        &self.ends
    }
}

impl Board {
    /// The turn at `c` with `values` (a bag's values; none: the turn is voided) put in
    /// the bag, played out every way: the distinct ends go to `walker`.
    pub(crate) fn walk_bag(
        &self,
        indexer: &Indexer,
        c: &Compact,
        values: &[u8],
        walker: &mut Walker,
    ) {
        walker.ends.clear();
        walker.seen.clear();
        let mut m = self.mid(c);
        self.fill_bag(&mut m, values);
        let mut steps = [STEP0; MAX_STEPS];
        let n = self.moves_left(&m, &mut steps);
        if n == 0 {
            let end = self.pass_end(indexer, &m);
            walker.ends.push(end);
        } else {
            self.walk_from(indexer, &m, &steps[..n], walker);
        }
        walker.ends.sort_unstable();
        walker.ends.dedup();
    }

    fn walk_from(&self, indexer: &Indexer, m: &Mid, steps: &[WalkStep], walker: &mut Walker) {
        let mut after = [STEP0; MAX_STEPS];
        for &step in steps {
            let mut next = *m;
            if !self.apply(&mut next, step) {
                walker.ends.push(End::Win);
                continue;
            }
            let n = self.moves_left(&next, &mut after);
            if n == 0 {
                let end = self.pass_end(indexer, &next);
                walker.ends.push(end);
            } else if walker.seen.insert(next) {
                self.walk_from(indexer, &next, &after[..n], walker);
            }
        }
    }

    /// The position at the start of the turn `c`, its bag empty.
    fn mid(&self, c: &Compact) -> Mid {
        let n = self.pawns();
        let mover = c.to_move as usize;
        let book = self.rulebook();
        let squares = |owner: usize, bits: u8| -> u32 {
            let (doubles, count) = self.outer_doubles(owner, &c.pawns[owner][..n]);
            (0..count)
                .filter(|&k| bits & (1 << k) != 0)
                .fold(0u32, |m, k| {
                    m | 1 << book.square[owner][doubles[k] as usize]
                })
        };
        Mid {
            pawns: c.pawns,
            bag: [0; SLOTS],
            mover: c.to_move,
            captured: c.captured,
            extra: c.extra,
            blocks_mover: squares(1 - mover, c.blocks_mover),
            blocks_opponent: squares(mover, c.blocks_opponent),
        }
    }

    /// Puts `values`, values of the throw table, in the bag of `m`.
    fn fill_bag(&self, m: &mut Mid, values: &[u8]) {
        let book = self.rulebook();
        for &v in values {
            let slot = book
                .values
                .iter()
                .position(|&x| x == v)
                .expect("a table value");
            m.bag[slot] += 1;
        }
    }

    /// Where player `p`'s unit on `cell` lands with `slot`'s value, blocks `blocks`
    /// in the way and the opponent's doubles on the squares `doubles`; `None` when
    /// the move is illegal.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn landing(
        &self,
        open: bool,
        p: usize,
        cell: u8,
        slot: usize,
        blocks: u32,
        doubles: u32,
        pair: bool,
    ) -> Option<u8> {
        let book = self.rulebook();
        let (to, passes) = book.target(open, p, cell, slot)?;
        let barred = if self.variant().lands_on_double(pair) {
            0
        } else {
            doubles
        };
        ((passes & blocks) | (barred & 1 << book.square[p][to as usize]) == 0).then_some(to)
    }

    /// The squares (not safe) where the opponent of `p` has a double (two pawns or
    /// more, when two make one): where a single pawn of `p` may not land.
    #[inline(always)]
    fn doubles_against(&self, m: &Mid, p: usize) -> u32 {
        let book = self.rulebook();
        if !book.pairs_are_doubles {
            return 0;
        }
        let q = 1 - p;
        let (mut one, mut two) = (0u32, 0u32);
        for &cell in &m.pawns[q][..self.pawns()] {
            if cell >= book.offset {
                let bit = 1 << book.square[q][cell as usize];
                two |= one & bit;
                one |= bit;
            }
        }
        two & !book.safe
    }

    /// The mover's legal moves into `out` while the bag holds values; returns how many
    /// (none: the turn ends, its bag spent or forfeited).
    fn moves_left(&self, m: &Mid, out: &mut [WalkStep; MAX_STEPS]) -> usize {
        if m.bag.iter().all(|&k| k == 0) {
            0
        } else {
            self.steps(m, out)
        }
    }

    /// The mover's legal moves into `out`; returns how many.
    fn steps(&self, m: &Mid, out: &mut [WalkStep; MAX_STEPS]) -> usize {
        let book = self.rulebook();
        let p = m.mover as usize;
        let pawns = &m.pawns[p][..self.pawns()];
        let mut n = 0;
        let mut k = 0;
        let mut off = 0u8;
        let open = m.captured & (1 << p) != 0;
        let doubles = self.doubles_against(m, p);
        while k < pawns.len() {
            let cell = pawns[k];
            let run = count(&pawns[k..], cell);
            k += run;
            if cell == book.home {
                continue;
            }
            if cell < book.offset {
                off = run as u8;
                continue;
            }
            let pair = self.variant().is_double(run);
            for slot in 0..book.values.len() {
                if m.bag[slot] == 0 {
                    continue;
                }
                let step = |to, count| WalkStep {
                    from: cell,
                    count,
                    slot: slot as u8,
                    to,
                };
                let landing =
                    |pair| self.landing(open, p, cell, slot, m.blocks_mover, doubles, pair);
                if let Some(to) = landing(false) {
                    out[n] = step(to, 1);
                    n += 1;
                    if pair {
                        out[n] = step(to, 2);
                        n += 1;
                    }
                } else if self.variant().lands_on_double(pair) {
                    if let Some(to) = landing(true) {
                        out[n] = step(to, 2);
                        n += 1;
                    }
                }
            }
        }
        if off > 0 {
            for slot in 0..book.values.len() {
                let count = book.entering(slot, off);
                if m.bag[slot] != 0 && count != 0 {
                    out[n] = WalkStep {
                        from: ENTER,
                        count,
                        slot: slot as u8,
                        to: book.offset,
                    };
                    n += 1;
                }
            }
        }
        n
    }

    /// Plays a legal move; returns false when it brought the mover's last pawn home
    /// (the mover has won).
    fn apply(&self, m: &mut Mid, step: WalkStep) -> bool {
        let book = self.rulebook();
        let rules = self.variant();
        let n = self.pawns();
        let p = m.mover as usize;
        let q = 1 - p;
        m.bag[step.slot as usize] -= 1;
        let units = step.count as usize;
        if step.from == ENTER {
            move_pawns(&mut m.pawns[p][..n], 0, units, step.to);
            return true;
        }
        let (from, to) = (step.from, step.to);
        if !book.is_safe(p, from) && !rules.is_double(count(&m.pawns[p][..n], from) - units) {
            m.blocks_opponent &= !(1 << book.square[p][from as usize]);
        }
        let before = count(&m.pawns[p][..n], to);
        move_pawns(&mut m.pawns[p][..n], from, units, to);
        if !book.is_safe(p, to) {
            let sq = book.square[p][to as usize];
            let other = book.cell_of[q][sq as usize];
            let hit = count(&m.pawns[q][..n], other);
            let before = if hit > 0 {
                move_pawns(&mut m.pawns[q][..n], other, hit, book.back);
                if rules.is_double(hit) {
                    m.blocks_mover &= !(1 << sq);
                }
                m.captured |= 1 << p;
                m.extra = m.extra.saturating_add(rules.capture_turns());
                0
            } else {
                before
            };
            if rules.raises_block(before, units, (to - book.offset) as usize) {
                m.blocks_opponent |= 1 << sq;
            }
        }
        !(to == book.home && m.pawns[p][..n].iter().all(|&c| c == book.home))
    }

    /// The end of the turn at `m` (its bag spent or forfeited): blocks against the
    /// mover expire, an extra turn is taken or the opponent moves, and a position where
    /// nobody can ever move again is a draw.
    fn pass(&self, m: &Mid) -> Node {
        let n = self.pawns();
        let book = self.rulebook();
        let p = m.mover as usize;
        if !self.can_ever_move(m, p) && !self.can_ever_move(m, 1 - p) {
            return Node::Over(None);
        }
        let bits = |squares: u32| -> u8 {
            let (doubles, count) = self.outer_doubles(p, &m.pawns[p][..n]);
            (0..count)
                .filter(|&k| squares & (1 << book.square[p][doubles[k] as usize]) != 0)
                .fold(0u8, |b, k| b | 1 << k)
        };
        let mut c = Compact {
            pawns: m.pawns,
            captured: m.captured,
            ..Compact::default()
        };
        if let Some(left) = self.variant().extra_turn_taken(m.extra) {
            c.to_move = p as u8;
            c.extra = left;
            c.blocks_opponent = bits(m.blocks_opponent);
        } else {
            c.to_move = (1 - p) as u8;
            c.blocks_mover = bits(m.blocks_opponent);
        }
        Node::Turn(c)
    }

    /// [`Board::pass`] as an end of the mover's play.
    fn pass_end(&self, indexer: &Indexer, m: &Mid) -> End {
        match self.pass(m) {
            Node::Turn(c) if c.to_move == m.mover => End::Again(indexer.index(&c)),
            Node::Turn(c) => End::Passed(indexer.index(&c)),
            Node::Over(_) => End::Draw,
        }
    }

    /// Plays the turn at `c` with a bag of `values` (none: the turn is voided) move by
    /// move, each move the one of index `pick(n)` among the `n` legal ones: the next
    /// turn's position, or the game's end. For random games on the compact core.
    pub fn play_turn(
        &self,
        c: &Compact,
        values: &[u8],
        mut pick: impl FnMut(usize) -> usize,
    ) -> Node {
        let mut m = self.mid(c);
        self.fill_bag(&mut m, values);
        let mut steps = [STEP0; MAX_STEPS];
        loop {
            let n = self.moves_left(&m, &mut steps);
            if n == 0 {
                return self.pass(&m);
            }
            if !self.apply(&mut m, steps[pick(n)]) {
                return Node::Over(Some(m.mover as usize));
            }
        }
    }

    /// Whether player `p` has a legal move for some single value, blocks left out.
    fn can_ever_move(&self, m: &Mid, p: usize) -> bool {
        let book = self.rulebook();
        let pawns = &m.pawns[p][..self.pawns()];
        let open = m.captured & (1 << p) != 0;
        let doubles = self.doubles_against(m, p);
        let mut k = 0;
        while k < pawns.len() {
            let cell = pawns[k];
            let run = count(&pawns[k..], cell);
            k += run;
            if cell == book.home {
                continue;
            }
            if cell < book.offset {
                if book.can_enter {
                    return true;
                }
                continue;
            }
            let pair = self.variant().is_double(run);
            if (0..book.values.len()).any(|slot| {
                self.landing(open, p, cell, slot, 0, doubles, pair)
                    .is_some()
            }) {
                return true;
            }
        }
        false
    }
}

const STEP0: WalkStep = WalkStep {
    from: 0,
    count: 0,
    slot: 0,
    to: 0,
};

/// How many of `cells` equal `cell`.
#[inline(always)]
fn count(cells: &[u8], cell: u8) -> usize {
    cells.iter().filter(|&&c| c == cell).count()
}

/// Moves `count` of the pawns on `from` to `to`, keeping the list sorted.
#[inline(always)]
fn move_pawns(cells: &mut [u8], from: u8, count: usize, to: u8) {
    let mut left = count;
    for c in cells.iter_mut() {
        if left > 0 && *c == from {
            *c = to;
            left -= 1;
        }
    }
    cells.sort_unstable();
}
