//! Plays: the distinct positions reached by playing out the whole bag, and the moves
//! that reach each.

use rustc_hash::FxHashSet as HashSet;

use crate::moves::{Move, MoveList};
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
        let mut search = Search {
            variant: self,
            limit,
            seen: HashSet::default(),
            reached: HashSet::default(),
            line: Vec::new(),
            out: Vec::new(),
            complete: true,
        };
        if pos.is_over() || pos.must_throw() {
            return search.finish();
        }
        if !self.has_legal_move(pos) {
            let mut end = *pos;
            self.pass_turn(&mut end);
            search.out.push(Play {
                moves: Vec::new(),
                position: end,
            });
            return search.finish();
        }
        search.from(pos);
        search.finish()
    }
}

/// A depth-first walk over the ways to play out one bag.
struct Search<'a> {
    variant: &'a Variant,
    limit: usize,
    /// Positions met in the middle of the bag.
    seen: HashSet<Position>,
    /// Positions where the bag is played out.
    reached: HashSet<Position>,
    line: Vec<Move>,
    out: Vec<Play>,
    complete: bool,
}

impl Search<'_> {
    fn finish(self) -> PlayList {
        PlayList {
            plays: self.out,
            complete: self.complete,
        }
    }

    fn from(&mut self, pos: &Position) {
        let mut moves = MoveList::new();
        self.variant.legal_moves(pos, &mut moves);
        for &mv in &moves {
            if self.seen.len() + self.reached.len() >= self.limit && !self.out.is_empty() {
                self.complete = false;
                return;
            }
            let mut next = *pos;
            self.variant.play_unchecked(&mut next, mv);
            self.line.push(mv);
            if next.is_over() || next.must_throw() {
                if self.reached.insert(next) {
                    self.out.push(Play {
                        moves: self.line.clone(),
                        position: next,
                    });
                }
            } else if self.seen.insert(next) {
                self.from(&next);
            }
            self.line.pop();
        }
    }
}
