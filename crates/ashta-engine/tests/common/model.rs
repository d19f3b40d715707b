//! A second, slow implementation of the rules, written from rules.md alone (it uses
//! the engine only for the board: paths, safe squares and the throw table), to play in
//! lockstep with the engine.

use std::collections::{BTreeMap, HashSet};

use ashta_engine::{
    DrawReason, Entry, Finish, Gate, Move, Position, ThreeGraces, ThrowStep, Variant,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::checks::legal;

/// The game state as rules.md describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// Path indices per player, sorted, `None` off the board.
    pawns: Vec<Vec<Option<usize>>>,
    captured: Vec<bool>,
    /// Square → (owner, players still blocked).
    blocks: BTreeMap<u8, (usize, Vec<bool>)>,
    /// Bag values, largest first.
    bag: Vec<u8>,
    to_move: usize,
    extra: usize,
    places: Vec<usize>,
    over: bool,
    frozen: bool,
}

fn sort(p: &mut [Option<usize>]) {
    // Engine order: ascending, off-board last.
    p.sort_by_key(|x| x.map_or(usize::MAX, |i| i));
}

impl State {
    pub fn of(v: &Variant, pos: &Position) -> State {
        let n = v.players();
        State {
            pawns: (0..n).map(|p| v.pawns(pos, p).collect()).collect(),
            captured: (0..n).map(|p| pos.has_captured(p)).collect(),
            blocks: v
                .blocks(pos)
                .iter()
                .map(|b| {
                    let mask = (0..n).map(|q| b.blocked & (1 << q) != 0).collect();
                    (b.square, (b.owner as usize, mask))
                })
                .collect(),
            bag: v.bag(pos),
            to_move: pos.to_move(),
            extra: pos.extra_turns(),
            places: pos.places().iter().map(|&p| p as usize).collect(),
            over: pos.is_over(),
            frozen: pos.draw() == Some(DrawReason::Frozen),
        }
    }

    fn finished(&self, v: &Variant, p: usize) -> bool {
        self.pawns[p].iter().all(|&i| i == Some(v.home()))
    }

    /// (owner, count) of the pawns on a non-safe square.
    fn occupant(&self, v: &Variant, sq: u8) -> Option<(usize, usize)> {
        let mut out = None;
        for (p, pawns) in self.pawns.iter().enumerate() {
            for &i in pawns.iter().flatten() {
                if v.square(p, i).0 == sq {
                    let (_, c) = out.get_or_insert((p, 0));
                    *c += 1;
                }
            }
        }
        out
    }

    /// Where a unit of p at i lands with value `val`, and whom it captures; `pair`:
    /// the unit is two pawns moving together.
    fn target(
        &self,
        v: &Variant,
        p: usize,
        i: usize,
        val: usize,
        with_blocks: bool,
        pair: bool,
    ) -> Option<(usize, Option<u8>)> {
        let r = v.rules();
        let outer = v.outer_len();
        let (j, passed): (usize, Vec<usize>) = if i + val >= outer && !self.captured[p] {
            if r.gate == Gate::Wait {
                return None; // the gate: the pawn waits on the outer ring
            }
            if (i + val) % outer == i {
                return None; // a whole lap back onto its own square is no move
            }
            (
                (i + val) % outer,
                (i + 1..i + val).map(|k| k % outer).collect(),
            )
        } else {
            if i + val > v.home() {
                return None; // past the home
            }
            (i + val, (i + 1..i + val).collect())
        };
        if with_blocks {
            for (&sq, (_, mask)) in &self.blocks {
                let k = v.path_index(p, ashta_engine::Square(sq));
                if mask[p] && passed.contains(&k) {
                    return None;
                }
            }
        }
        let sq = v.square(p, j);
        if v.is_safe(sq) {
            return Some((j, None));
        }
        match self.occupant(v, sq.0) {
            Some((q, c)) if q != p => {
                // A single pawn may not land on an opponent's double; a pair may,
                // under pair_capture, and captures all of it.
                if r.doubles && c >= 2 && !(pair && r.pair_capture) {
                    None
                } else {
                    Some((j, Some(q as u8)))
                }
            }
            _ => Some((j, None)),
        }
    }

    pub fn moves(&self, v: &Variant) -> HashSet<Move> {
        let mut out = HashSet::new();
        if self.over || self.bag.is_empty() {
            return out;
        }
        let p = self.to_move;
        let mut values = self.bag.clone();
        values.dedup();
        let mut squares: Vec<usize> = self.pawns[p]
            .iter()
            .flatten()
            .copied()
            .filter(|&i| i != v.home())
            .collect();
        squares.dedup();
        for &i in &squares {
            let here = self.pawns[p].iter().filter(|&&x| x == Some(i)).count();
            for &val in &values {
                if let Some((j, capture)) = self.target(v, p, i, val as usize, true, false) {
                    out.insert(Move::new(val, Some(i as u8), j as u8, 1, capture));
                }
                if here >= 2 && v.rules().doubles {
                    if let Some((j, capture)) = self.target(v, p, i, val as usize, true, true) {
                        out.insert(Move::new(val, Some(i as u8), j as u8, 2, capture));
                    }
                }
            }
        }
        let off = self.pawns[p].iter().filter(|x| x.is_none()).count();
        if v.rules().entry == Entry::Grace && off > 0 {
            for &val in &values {
                if val >= 2 && v.table().is_grace_value(val) {
                    out.insert(Move::new(
                        val,
                        None,
                        0,
                        (val as usize / 2).min(off) as u8,
                        None,
                    ));
                }
            }
        }
        out
    }

    fn active(&self, v: &Variant) -> Vec<bool> {
        (0..v.players()).map(|p| !self.finished(v, p)).collect()
    }

    fn frozen_now(&self, v: &Variant) -> bool {
        for p in 0..v.players() {
            if self.finished(v, p) {
                continue;
            }
            for &i in &self.pawns[p] {
                match i {
                    None => {
                        if v.rules().entry == Entry::Grace
                            && v.table()
                                .values()
                                .iter()
                                .any(|&x| x >= 2 && v.table().is_grace_value(x))
                        {
                            return false;
                        }
                    }
                    Some(i) if i == v.home() => {}
                    Some(i) => {
                        let pair = v.rules().doubles
                            && self.pawns[p].iter().filter(|&&x| x == Some(i)).count() >= 2;
                        for &val in v.table().values() {
                            if self.target(v, p, i, val as usize, false, false).is_some()
                                || (pair
                                    && self.target(v, p, i, val as usize, false, true).is_some())
                            {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        true
    }

    pub fn end_turn(&mut self, v: &Variant) {
        self.bag.clear();
        let p = self.to_move;
        for (_, mask) in self.blocks.values_mut() {
            mask[p] = false;
        }
        self.blocks.retain(|_, (_, mask)| mask.iter().any(|&b| b));
        if self.extra > 0 && !self.finished(v, p) {
            self.extra -= 1;
        } else {
            self.extra = 0;
            let mut q = p;
            loop {
                q = (q + 1) % v.players();
                if !self.finished(v, q) {
                    break;
                }
            }
            self.to_move = q;
        }
        if self.frozen_now(v) {
            self.frozen = true;
            self.over = true;
        }
    }

    pub fn play(&mut self, v: &Variant, m: Move) {
        let p = self.to_move;
        let k = self.bag.iter().position(|&x| x == m.value()).unwrap();
        self.bag.remove(k);
        let count = m.count() as usize;
        let r = v.rules();
        match m.from() {
            None => {
                for x in self.pawns[p].iter_mut().filter(|x| x.is_none()).take(count) {
                    *x = Some(0);
                }
            }
            Some(from) => {
                let from = from as usize;
                let src = v.square(p, from);
                for x in self.pawns[p]
                    .iter_mut()
                    .filter(|x| **x == Some(from))
                    .take(count)
                {
                    *x = Some(m.to() as usize);
                }
                if !v.is_safe(src) {
                    let left = self.pawns[p].iter().filter(|&&x| x == Some(from)).count();
                    if left < 2 {
                        self.blocks.remove(&src.0);
                    }
                }
                let dst = v.square(p, m.to() as usize);
                if !v.is_safe(dst) {
                    let mut before = 0;
                    for q in 0..v.players() {
                        let on: Vec<usize> = self.pawns[q]
                            .iter()
                            .enumerate()
                            .filter(|(_, x)| x.is_some_and(|i| v.square(q, i) == dst))
                            .map(|(k, _)| k)
                            .collect();
                        if q == p {
                            before = on.len() - count;
                        } else if !on.is_empty() {
                            // A captured double takes its block with it.
                            if on.len() >= 2 {
                                self.blocks.remove(&dst.0);
                            }
                            for k in on {
                                self.pawns[q][k] = if r.entry == Entry::Grace {
                                    None
                                } else {
                                    Some(0)
                                };
                            }
                            sort(&mut self.pawns[q]);
                            self.captured[p] = true;
                            if r.capture_bonus {
                                self.extra += 1;
                            }
                        }
                    }
                    let now = before + count;
                    if r.doubles && before < 2 && now >= 2 && (m.to() as usize) < v.outer_len() {
                        let mut mask = self.active(v);
                        mask[p] = false;
                        if mask.iter().any(|&b| b) {
                            self.blocks.insert(dst.0, (p, mask));
                        }
                    }
                }
            }
        }
        sort(&mut self.pawns[p]);
        if self.finished(v, p) {
            self.places.push(p);
            self.extra = 0;
            for (_, mask) in self.blocks.values_mut() {
                mask[p] = false;
            }
            self.blocks.retain(|_, (_, mask)| mask.iter().any(|&b| b));
            let left: Vec<usize> = (0..v.players()).filter(|&q| !self.finished(v, q)).collect();
            if r.finish == Finish::First || left.len() <= 1 {
                if r.finish == Finish::Places {
                    self.places.extend(left);
                }
                self.over = true;
                self.bag.clear();
            } else {
                self.end_turn(v);
            }
            return;
        }
        if self.bag.is_empty() || self.moves(v).is_empty() {
            self.end_turn(v);
        }
    }

    /// One throw; returns what the phase does next.
    pub fn throw(&mut self, v: &Variant, mouths_up: u8) -> ThrowStep {
        let face = v.table().face(mouths_up);
        self.bag.push(face.value);
        self.bag.sort_by(|a, b| b.cmp(a));
        if face.grace {
            if v.rules().three_graces == ThreeGraces::Forfeit && self.bag.len() >= 3 {
                self.end_turn(v);
                return ThrowStep::Voided;
            }
            // RULES.md 5.1, safety cap: a phase stops at 16 values, grace or not.
            if self.bag.len() < 16 {
                return ThrowStep::Again;
            }
        }
        if self.moves(v).is_empty() {
            self.end_turn(v);
            ThrowStep::Forfeited
        } else {
            ThrowStep::Moving
        }
    }
}

/// Plays `steps` random steps from `pos` with the engine and the model side by side.
pub fn lockstep(v: &Variant, pos: &Position, seed: u64, steps: usize) -> Result<(), TestCaseError> {
    let v = v.clone();
    let mut pos = *pos;
    let mut model = State::of(&v, &pos);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let k = v.table().cowries();
    // Between the throws of one phase the bag is not empty, yet the player throws.
    let mut throwing = false;
    for _ in 0..steps {
        if pos.is_over() {
            break;
        }
        let before = v.to_notation(&pos);
        if pos.phase() == ashta_engine::Phase::Throwing || throwing {
            // Throws drawn uniformly over mouths-up counts, to reach graces often.
            let u = rng.random_range(0..=k);
            let step = ashta_engine::fast::throw_one(&v, &mut pos, u).unwrap();
            let want = model.throw(&v, u);
            prop_assert_eq!(step, want, "throw {} in {}", u, &before);
            throwing = step == ThrowStep::Again;
        } else {
            let engine: HashSet<Move> = legal(&v, &pos).into_iter().collect();
            let reference = model.moves(&v);
            prop_assert_eq!(&engine, &reference, "legal moves in {}", &before);
            let mut list: Vec<Move> = engine.into_iter().collect();
            if list.is_empty() {
                // A bag read from JSON that nothing can use: forfeited.
                v.end_turn(&mut pos).unwrap();
                model.end_turn(&v);
            } else {
                list.sort_by_key(|m| m.to_string());
                let m = list[rng.random_range(0..list.len())];
                v.play(&mut pos, m).unwrap();
                model.play(&v, m);
            }
        }
        let got = State::of(&v, &pos);
        prop_assert_eq!(&got, &model, "after a step from {}", &before);
    }
    Ok(())
}
