//! A rule set compiled for play, and the game itself: throwing, legal moves, playing a
//! move, ending turns, winning and freezing.
//!
//! This module holds the compiled tables ([`Variant::new`]) and the start position; the
//! rest of [`Variant`] is split by what it does: `throwing`, `movegen` (legal moves and
//! why a move is illegal), `play` (playing moves, ending turns and games), `forfeit`
//! (why a bag was forfeited) and `diagnosis` (frozen and locked games, foreign
//! positions, move paths, the gate).

use std::sync::Arc;

use arrayvec::ArrayVec;

use crate::error::{
    IllegalMove, MoveError, PositionError, RulesError, ThrowError, TurnError, VariantMismatch,
};
use crate::geometry::{Geometry, Seat, Square, MAX_SQUARES};
use crate::moves::{Move, MoveList, MAX_MOVES};
use crate::position::{Block, DrawReason, Position, Stage, Tag, MAX_BAG, MAX_BLOCKS, OFF};
use crate::rules::{Entry, Finish, Gate, Rules, ThreeGraces};
use crate::throws::{Cowries, ThrowSource, ThrowTable, MAX_FACES};

mod decisions;
mod diagnosis;
mod forfeit;
mod movegen;
mod play;
mod played;
mod tables;
mod throwing;

use tables::{Tables, NOWHERE};

pub use forfeit::{Forfeit, Unusable};
pub(crate) use movegen::MoveBuf;
#[cfg(test)]
mod fast_paths;
use movegen::{entry_pawns, together};
pub use played::Played;

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

/// Where the throws of a whole phase come from ([`Variant::throw`]).
pub enum PhaseFrom<'a> {
    /// Drawn from a source (a random generator, the throws of a seed) until the phase
    /// ends.
    Source(&'a mut dyn ThrowSource),
    /// Given as mouths up, one count a throw: exactly one phase, checked whole.
    Given(&'a [u8]),
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
/// A small header of the rule flags the hot paths read, with the tables behind an
/// `Arc`: cloning a variant is cheap.
#[derive(Clone, Debug)]
pub struct Variant {
    t: Arc<Tables>,
    players: u8,
    pawns: usize,
    outer: usize,
    home: usize,
    circle: bool,
    grace_entry: bool,
    forfeit_three: bool,
    capture_bonus: bool,
    doubles: bool,
    /// A pair may land on an opponent's double and capture it (doubles on only).
    pair_capture: bool,
    places_mode: bool,
    /// The table's distinct values by slot, and how many there are.
    values: [u8; MAX_FACES],
    slots: usize,
    /// The digest of the rule set stamped on every position this variant makes.
    tag: Tag,
}

impl Variant {
    /// Compiles a rule set, rejecting one that cannot be played.
    ///
    /// ```
    /// use ashta_engine::{Rules, RulesError, Variant};
    ///
    /// let variant = Variant::new(Rules::standard()).unwrap();
    /// assert_eq!(variant.home(), 24); // 5×5: the centre is path index 24
    ///
    /// let mut rules = Rules::standard();
    /// rules.size = 6;
    /// assert_eq!(Variant::new(rules).unwrap_err(), RulesError::BadSize(6));
    /// ```
    pub fn new(rules: Rules) -> Result<Variant, RulesError> {
        rules.validate()?;
        let geometry = Geometry::new(rules.size as usize);
        let mut safe = [false; MAX_SQUARES];
        for sq in rules.safe_squares(&geometry)? {
            safe[sq.0 as usize] = true;
        }
        let table = ThrowTable::new(&rules.faces(), rules.mouth_up);
        let mut values = [0u8; MAX_FACES];
        values[..table.values().len()].copy_from_slice(table.values());
        Ok(Variant {
            values,
            slots: table.values().len(),
            players: rules.players,
            pawns: rules.pawn_count(),
            outer: geometry.outer_len(),
            home: geometry.home_index(),
            circle: rules.gate == Gate::Circle,
            grace_entry: rules.entry == Entry::Grace,
            forfeit_three: rules.three_graces == ThreeGraces::Forfeit,
            capture_bonus: rules.capture_bonus,
            doubles: rules.doubles,
            pair_capture: rules.doubles && rules.pair_capture,
            places_mode: rules.finish == Finish::Places,
            tag: rules_tag(&rules),
            t: Arc::new(Tables::new(rules, geometry, table, safe)),
        })
    }

    /// The tag this variant stamps on its positions.
    pub(crate) fn tag(&self) -> Tag {
        self.tag
    }
    /// The rule set.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.t.rules
    }
    /// The board geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.t.geometry
    }
    /// The compiled throw table.
    #[inline]
    pub fn table(&self) -> &ThrowTable {
        &self.t.table
    }
    /// Number of players.
    #[inline]
    pub fn players(&self) -> usize {
        self.players as usize
    }
    /// Pawns per player.
    #[inline]
    pub fn pawns_per_player(&self) -> usize {
        self.pawns
    }
    /// The seat of player `p`.
    #[inline]
    pub fn seat(&self, p: usize) -> Seat {
        self.t.seats[p]
    }
    /// Path index of the home.
    #[inline]
    pub fn home(&self) -> usize {
        self.home
    }
    /// Length of the outer ring.
    #[inline]
    pub fn outer_len(&self) -> usize {
        self.outer
    }
    /// Whether a square is safe.
    #[inline]
    pub fn is_safe(&self, sq: Square) -> bool {
        self.t.safe[sq.0 as usize]
    }
    /// The square at player `p`'s path index `i`.
    #[inline]
    pub fn square(&self, p: usize, i: usize) -> Square {
        Square(self.t.path[p][i])
    }
    /// Player `p`'s path index of square `sq`.
    #[inline]
    pub fn path_index(&self, p: usize, sq: Square) -> usize {
        self.t.index[p][sq.0 as usize] as usize
    }

    /// The position a game starts from: every pawn on its start square (or off the
    /// board under grace entry), player 0 to throw; drawn at once (frozen) under rules
    /// that leave nobody any move.
    ///
    /// ```
    /// use ashta_engine::{Phase, Rules, Variant};
    ///
    /// let variant = Variant::new(Rules::standard()).unwrap();
    /// let pos = variant.start_position();
    /// assert_eq!(pos.to_move(), 0);
    /// assert_eq!(pos.phase(), Phase::Throwing);
    /// assert!(variant.pawns(&pos, 0).all(|i| i == Some(0)));
    /// ```
    pub fn start_position(&self) -> Position {
        let mut pos = Position::empty(self.tag);
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
    #[inline]
    pub fn pawns<'a>(
        &self,
        pos: &'a Position,
        p: usize,
    ) -> impl Iterator<Item = Option<usize>> + 'a {
        pos.pawns[p][..self.pawns]
            .iter()
            .map(|&i| (i != OFF).then_some(i as usize))
    }

    /// The outer doubles that still block someone, ordered by square: each with its
    /// owner and the players it blocks.
    ///
    /// ```
    /// use ashta_engine::parse_any;
    ///
    /// // South's double on b1 (path index 1) blocks North.
    /// let (v, pos) = parse_any("standard 5 2 0 - 1,1,0,0/0,0,0,0 - 0@1>1 0").unwrap();
    /// let blocks = v.blocks(&pos);
    /// assert_eq!((blocks.len(), blocks[0].owner, blocks[0].blocked), (1, 0, 0b10));
    /// ```
    pub fn blocks(&self, pos: &Position) -> ArrayVec<Block, MAX_BLOCKS> {
        let mut out = ArrayVec::<Block, MAX_BLOCKS>::new();
        if !pos.has_blocks() {
            return out;
        }
        for q in 0..self.players as usize {
            let mut bits = pos.blocked[q];
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let square = self.t.path[q][k];
                match out.iter_mut().find(|b| b.square == square) {
                    Some(b) => b.blocked |= 1 << q,
                    None => out.push(Block {
                        square,
                        owner: pos.occ[square as usize] >> 5,
                        blocked: 1 << q,
                    }),
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// The bag's values, largest first, repeated as often as they are in the bag.
    pub fn bag(&self, pos: &Position) -> Vec<u8> {
        let mut out = Vec::with_capacity(pos.bag_len());
        for (slot, &v) in self.t.table.values().iter().enumerate().rev() {
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
}

/// The tag of a rule set: an FNV-1a digest of its full description, never 0 (the tag
/// of no variant). Equal rule sets give equal tags, so two variants compiled from the
/// same rules accept each other's positions at once.
fn rules_tag(rules: &Rules) -> Tag {
    let text = format!("{rules:?}");
    let mut h: u32 = 0x811c_9dc5;
    for b in text.bytes() {
        h = (h ^ b as u32).wrapping_mul(0x0100_0193);
    }
    Tag(h.max(1))
}
