//! Plays: the distinct positions reached by playing out the whole bag, and the moves
//! that reach each.

use std::collections::hash_map::Entry;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::moves::{Move, MoveList, MAX_MOVES};
use crate::position::Position;
use crate::variant::Variant;

/// One way to play out the bag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The moves, in the order played.
    pub moves: Vec<Move>,
    /// The position once the moving phase has ended (turn passed, extra turn due,
    /// or game over).
    pub position: Position,
}

/// Most positions [`Variant::plays`] visits while playing out one bag. A bag of many
/// values on a board of many pawns has more orderings than any machine can list, so the
/// search stops here; every play it has found by then is still a whole, legal play.
pub const PLAYS_LIMIT: usize = 50_000;

/// The plays of a bag, as [`Variant::plays_within`] found them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayList {
    /// The plays found, each reaching a distinct position.
    pub plays: Vec<Play>,
    /// Whether these are all the plays (the search did not reach its limit).
    pub complete: bool,
}

impl Variant {
    /// Every distinct position reached by playing out the whole bag of the player to
    /// move, each with the first sequence of moves found to reach it. A bag with no
    /// usable value gives one play with no moves (the bag forfeited). Empty when the
    /// player must throw or the game is over. The search visits at most
    /// [`PLAYS_LIMIT`] positions; [`Variant::plays_within`] says whether it stopped early.
    ///
    /// ```
    /// use ashta_engine::parse_any;
    ///
    /// // South holds 4 and 1. Orders that reach the same position count once.
    /// let (variant, pos) = parse_any("standard 5 2 0 4,1 0,0,0,12/0,0,0,0 - - 0").unwrap();
    /// let plays = variant.plays(&pos);
    /// assert!(plays.iter().all(|p| p.moves.len() == 2 && p.position.to_move() == 1));
    /// let ends: std::collections::HashSet<_> = plays.iter().map(|p| p.position).collect();
    /// assert_eq!(ends.len(), plays.len());
    /// ```
    pub fn plays(&self, pos: &Position) -> Vec<Play> {
        self.plays_within(pos, PLAYS_LIMIT).plays
    }

    /// [`Variant::plays`], visiting at most `limit` positions (at least one play is
    /// always found when there is one, however small the limit).
    ///
    /// ```
    /// use ashta_engine::parse_any;
    /// let (v, pos) = parse_any("standard 5 2 0 3 4,9,9,9/13,0,0,0 - - 0").unwrap();
    /// let all = v.plays_within(&pos, 1_000);
    /// assert!(all.complete);
    /// assert_eq!(all.plays, v.plays(&pos));
    /// ```
    pub fn plays_within(&self, pos: &Position, limit: usize) -> PlayList {
        let (mut lines, mut ends) = (Vec::new(), Vec::new());
        let complete = self.walk_plays(
            pos,
            limit,
            &mut Sets::default(),
            &mut Vec::new(),
            &mut ends,
            |line| lines.push(line.to_vec()),
        );
        let plays = lines
            .into_iter()
            .zip(ends)
            .map(|(moves, position)| Play { moves, position })
            .collect();
        PlayList { plays, complete }
    }

    /// [`crate::fast::play_ends`]: the ends of the plays, into kept buffers.
    pub(crate) fn play_ends_within(&self, pos: &Position, limit: usize, ends: &mut PlayEnds) {
        let mut positions = std::mem::take(&mut ends.positions);
        positions.clear();
        ends.complete = self.extend_play_ends_within(pos, limit, ends, &mut positions);
        ends.positions = positions;
    }

    /// [`crate::fast::extend_play_ends`]: the ends of the plays, appended to `out`.
    pub(crate) fn extend_play_ends_within(
        &self,
        pos: &Position,
        limit: usize,
        ends: &mut PlayEnds,
        out: &mut Vec<Position>,
    ) -> bool {
        self.walk_plays(pos, limit, &mut ends.sets, &mut ends.line, out, |_| {})
    }

    /// Pushes the end of each distinct way to play out the bag onto `out`, depth first,
    /// and calls `found` with its moves once it is pushed; returns whether the walk
    /// found them all (stayed under `limit`).
    fn walk_plays(
        &self,
        pos: &Position,
        limit: usize,
        sets: &mut Sets,
        line: &mut Vec<Move>,
        out: &mut Vec<Position>,
        mut found: impl FnMut(&[Move]),
    ) -> bool {
        sets.seen.clear();
        sets.reached.clear();
        line.clear();
        if pos.is_over() || pos.bag_empty() {
            return true;
        }
        let mut moves = MoveList::new();
        self.legal_moves(pos, &mut moves);
        if moves.is_empty() {
            out.push(*pos);
            self.pass_turn(out.last_mut().expect("just pushed"));
            found(&[]);
            return true;
        }
        if pos.bag_len() == 1 && limit > MAX_MOVES {
            self.walk_one_value(pos, &moves, out, found);
            return true;
        }
        let mut search = Search {
            variant: self,
            limit,
            sets,
            line,
            base: out.len(),
            out,
            found: &mut found,
            count: 0,
            firsts: 0,
            complete: true,
        };
        search.from(pos, &moves);
        search.complete
    }

    /// [`Variant::walk_plays`] for a bag of one value (seven bags in eight with four
    /// cowries) whose legal moves, not none, are `moves`: each spends the bag, and
    /// distinct moves end in distinct positions (a move takes its pawns off one square
    /// and puts them on another, and a full circle is no move), so the walk needs
    /// neither of its sets.
    fn walk_one_value(
        &self,
        pos: &Position,
        moves: &MoveList,
        out: &mut Vec<Position>,
        mut found: impl FnMut(&[Move]),
    ) {
        for mv in moves {
            out.push(*pos);
            let end = out.last_mut().expect("just pushed");
            self.play_unchecked(end, *mv);
            debug_assert!(end.is_over() || end.bag_empty(), "one value ends the bag");
            found(std::slice::from_ref(mv));
        }
    }
}

/// Reusable buffers for [`crate::fast::play_ends`]: the positions it found, and the sets
/// its walk keeps.
#[derive(Clone, Debug, Default)]
pub struct PlayEnds {
    sets: Sets,
    line: Vec<Move>,
    positions: Vec<Position>,
    complete: bool,
}

impl PlayEnds {
    /// The positions the plays end in, as the last call found them.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }
    /// Whether the last call found every play (did not reach its limit).
    pub fn is_complete(&self) -> bool {
        self.complete
    }
}

/// The positions a walk has met: in the middle of the bag, and where it is played out.
#[derive(Clone, Debug, Default)]
struct Sets {
    seen: HashSet<Position>,
    /// The ends found, by [`Position::key`]: the index in the walk's output of the
    /// first end with that key (the ends themselves are written once, there).
    reached: HashMap<u64, u32>,
}

/// A depth-first walk over the ways to play out one bag.
struct Search<'a, F: FnMut(&[Move])> {
    variant: &'a Variant,
    limit: usize,
    sets: &'a mut Sets,
    line: &'a mut Vec<Move>,
    /// Where the ends go: `out[base..]` holds those found so far.
    out: &'a mut Vec<Position>,
    base: usize,
    found: &'a mut F,
    /// Plays found so far.
    count: usize,
    /// Positions met after the first move (counted, not kept: see [`Search::from`]).
    firsts: usize,
    complete: bool,
}

impl<F: FnMut(&[Move])> Search<'_, F> {
    /// Walks on from `pos`, whose legal moves are `moves` (not empty).
    fn from(&mut self, pos: &Position, moves: &MoveList) {
        let mut after = MoveList::new();
        for &mv in moves {
            let visited = self.sets.seen.len() + self.count + self.firsts;
            if visited >= self.limit && self.count > 0 {
                self.complete = false;
                return;
            }
            let mut next = *pos;
            // The moves after this one are generated once, here: values left that no
            // unit can use forfeit the bag, as `play_unchecked` would have found by
            // generating them too.
            self.variant.play_generated(&mut next, mv);
            after.clear();
            if !next.is_over() && !next.bag_empty() {
                self.variant.legal_moves(&next, &mut after);
                if after.is_empty() {
                    self.variant.pass_turn(&mut next);
                }
            }
            self.line.push(mv);
            if next.is_over() || next.bag_empty() {
                if self.push_new_end(&next) {
                    self.count += 1;
                    (self.found)(self.line);
                }
            } else if self.line.len() == 1 {
                // After the first move: distinct first moves leave distinct positions
                // (each takes its pawns off one square and puts them on another, or
                // spends another value), so none has been met before.
                self.firsts += 1;
                self.from(&next, &after);
            } else if self.sets.seen.insert(next) {
                self.from(&next, &after);
            }
            self.line.pop();
        }
    }

    /// Pushes `end` onto the output unless it is there already; returns whether it
    /// was pushed. Ends are told apart by their key, and by comparing them in the rare
    /// case that two keys agree.
    fn push_new_end(&mut self, end: &Position) -> bool {
        let at = self.out.len() as u32;
        match self.sets.reached.entry(end.key()) {
            Entry::Vacant(e) => {
                e.insert(at);
            }
            Entry::Occupied(e) => {
                if self.out[*e.get() as usize] == *end || self.out[self.base..].contains(end) {
                    return false;
                }
            }
        }
        self.out.push(*end);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_any;

    /// Two different ends whose keys agree (forced here: a real collision of 64-bit
    /// keys is not to be found) are both kept, and each once.
    #[test]
    fn ends_with_the_same_key_are_told_apart_by_comparing_them() {
        let (v, a) = parse_any("standard 5 2 0 - 4,9,9,9/13,0,0,0 - - 0").unwrap();
        let (_, b) = parse_any("standard 5 2 0 - 6,9,9,9/13,0,0,0 - - 0").unwrap();
        assert_ne!(a, b);
        let (mut sets, mut line, mut out) = (Sets::default(), Vec::new(), Vec::new());
        let mut found = |_: &[Move]| {};
        let mut search = Search {
            variant: &v,
            limit: PLAYS_LIMIT,
            sets: &mut sets,
            line: &mut line,
            out: &mut out,
            base: 0,
            found: &mut found,
            count: 0,
            firsts: 0,
            complete: true,
        };
        assert!(search.push_new_end(&b));
        // `a`'s key names `b` too, as a collision would.
        search.sets.reached.insert(a.key(), 0);
        assert!(search.push_new_end(&a), "a differs from b: a new end");
        assert!(!search.push_new_end(&a), "a is there now");
        assert!(!search.push_new_end(&b), "b was there");
        assert_eq!(out, [b, a]);
    }
}
