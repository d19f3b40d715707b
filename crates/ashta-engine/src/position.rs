//! The state of a game: pawns, bag, blocks, turn and result. Plain data, `Copy`;
//! the [`crate::Variant`] it belongs to interprets it.

use crate::geometry::MAX_SQUARES;
use crate::rules::MAX_PAWNS;
use crate::throws::MAX_FACES;

/// Most players in a game.
pub const MAX_PLAYERS: usize = 4;
/// Most outer doubles that can block at once (four players with eight doubles each).
pub const MAX_BLOCKS: usize = 32;
/// Path index of a pawn off the board (grace entry), stored as this sentinel.
pub const OFF: u8 = u8::MAX;
/// Most values a throwing phase puts in a bag; a phase stops throwing at this many.
/// (With the standard table, reaching it has probability 8⁻¹⁵; with the Telugu table,
/// where 3 throws in 8 are graces, about 4 in 10 million.) The cap keeps bags, and the
/// number of ways to play them out, bounded whatever table the rules give.
pub const MAX_BAG: u8 = 16;

/// Why a game ended without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// No player can move with any single throw value, whatever the blocks.
    Frozen,
    /// The rule set's turn limit was reached.
    TurnLimit,
    /// The table ended the game as a draw for a reason of its own, outside the rules (a
    /// server's bound on a game's length): a record says so, and its replay ends there.
    Declared,
}

impl DrawReason {
    /// The reason as written in JSON.
    pub fn name(self) -> &'static str {
        match self {
            DrawReason::Frozen => "frozen",
            DrawReason::TurnLimit => "turn limit",
            DrawReason::Declared => "declared",
        }
    }
}

/// What the player to move does next ([`Position::phase`], exact).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The player to move throws: the bag is empty, or a throwing phase that has thrown
    /// graces is under way. No move is legal.
    Throwing,
    /// The bag holds values and the throwing phase has ended: the player to move spends
    /// them. A throw is refused.
    Moving,
    /// The game has ended.
    Over,
}

/// An outer double that still blocks some opponents.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block {
    /// The double's square.
    pub square: u8,
    /// Its owner.
    pub owner: u8,
    /// Bit `p` set while the double still blocks player `p`.
    pub blocked: u8,
}

/// A position. Pawns of a player are kept sorted (ascending path index, off-board last),
/// so equal positions compare and hash equal.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    /// `pawns[p][k]`: path index along p's path, [`OFF`] off the board.
    pub(crate) pawns: [[u8; MAX_PAWNS]; MAX_PLAYERS],
    /// Occupancy of non-safe squares: 0 when empty, else `owner << 5 | count`.
    pub(crate) occ: [u8; MAX_SQUARES],
    /// How many of each distinct value (by slot) the bag holds.
    pub(crate) bag: [u8; MAX_FACES],
    pub(crate) bag_len: u8,
    /// Blocks by the player they stop: bit `k` of `blocked[q]` is set while an
    /// opponent's outer double at q's path index `k` (on the outer ring, so `k` < 56)
    /// blocks q. The double's owner is the occupant of its square.
    pub(crate) blocked: [u64; MAX_PLAYERS],
    pub(crate) to_move: u8,
    pub(crate) extra_turns: u8,
    /// Bit `p`: player p has captured.
    pub(crate) captured: u8,
    /// Bit `p`: player p has every pawn home.
    pub(crate) finished: u8,
    pub(crate) places: [u8; MAX_PLAYERS],
    pub(crate) places_len: u8,
    pub(crate) draw: Option<DrawReason>,
    pub(crate) over: bool,
    /// The last placed player won by a claim at the table: every opponent still in the
    /// game had left it (RULES.md 8.6), not by the moves.
    pub(crate) claimed: bool,
    /// Whether the player to move is throwing or moving.
    pub(crate) stage: Stage,
    /// The variant that made the position (see [`crate::Variant::check_position`]).
    pub(crate) tag: Tag,
}

/// A digest of the rule set a position was made under: a variant accepts a position
/// with its own tag in O(1) and checks any other in full. Left out of equality and
/// hashing, as [`Stage`] is: the same pawns, bag and turn are the same state whatever
/// variant object produced them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Tag(pub(crate) u32);

/// Whether the player to move is throwing (the bag is empty, or holds the graces of a
/// throwing phase under way) or moving. Left out of equality and hashing: two positions
/// with the same pawns, bag and turn are the same state of the game, and a position
/// read from JSON, which does not record the phase, equals the one it was written from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stage(pub(crate) u8);

impl Stage {
    /// The player spends the bag.
    pub(crate) const MOVING: Stage = Stage(0);
    /// The player throws (the bag is empty, or a phase of graces is under way).
    pub(crate) const THROWING: Stage = Stage(1);
    /// Read from outside with a bag of graces alone: a phase under way, or the rest of
    /// a bag whose plain value was spent. The first throw or move settles it.
    pub(crate) const EITHER: Stage = Stage(2);
}

impl Position {
    pub(crate) fn empty(tag: Tag) -> Position {
        Position {
            pawns: [[OFF; MAX_PAWNS]; MAX_PLAYERS],
            occ: [0; MAX_SQUARES],
            bag: [0; MAX_FACES],
            bag_len: 0,
            blocked: [0; MAX_PLAYERS],
            to_move: 0,
            extra_turns: 0,
            captured: 0,
            finished: 0,
            places: [0; MAX_PLAYERS],
            places_len: 0,
            draw: None,
            over: false,
            claimed: false,
            stage: Stage::THROWING,
            tag,
        }
    }

    /// The player whose turn it is.
    #[inline]
    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }
    /// Extra turns the player to move still has after this one.
    #[inline]
    pub fn extra_turns(&self) -> usize {
        self.extra_turns as usize
    }
    /// Whether player `p` has made a capture (its gate is open).
    #[inline]
    pub fn has_captured(&self, p: usize) -> bool {
        self.captured & (1 << p) != 0
    }
    /// Whether player `p` has every pawn home.
    #[inline]
    pub fn has_finished(&self, p: usize) -> bool {
        self.finished & (1 << p) != 0
    }
    /// Whether the bag is empty and the game goes on: the start of a turn. (After a
    /// grace the player throws again with values in the bag: [`Position::phase`] says
    /// what the player does next.)
    #[inline]
    pub(crate) fn bag_empty(&self) -> bool {
        self.bag_len == 0 && !self.over
    }
    /// The phase of the turn: [`Phase::Over`] once the game has ended, else
    /// [`Phase::Throwing`] while the player to move is throwing (the bag is empty, or a
    /// throwing phase that has thrown graces is under way), else [`Phase::Moving`].
    ///
    /// This is the one test of what comes next, and it is exact: after a grace the
    /// position reads [`Phase::Throwing`], lists no moves and refuses one
    /// ([`crate::MoveError::MustThrow`]); once the phase has ended it reads
    /// [`Phase::Moving`], some move is legal (a bag no unit can use is forfeited when
    /// the phase ends) and [`crate::fast::throw_one`] refuses another throw, even on a
    /// bag of graces alone. [`crate::Game::phase`] is the same. The one exception is a
    /// position read from JSON or notation, which do not record the phase: it is
    /// throwing when its bag is empty and moving otherwise, and with a bag of graces
    /// alone it may still take one throw; its first throw or move settles which it is.
    ///
    /// ```
    /// use ashta_engine::{Phase, PhaseFrom, Rules, SeededThrows, Variant};
    ///
    /// let variant = Variant::new(Rules::standard()).unwrap();
    /// let mut pos = variant.start_position();
    /// assert_eq!(pos.phase(), Phase::Throwing);
    /// let report = variant.throw(&mut pos, PhaseFrom::Source(&mut SeededThrows::new(1))).unwrap();
    /// assert_eq!(pos.phase() == Phase::Moving, report.end == ashta_engine::ThrowStep::Moving);
    /// ```
    #[inline]
    pub fn phase(&self) -> Phase {
        if self.over {
            Phase::Over
        } else if self.stage.0 == Stage::THROWING.0 || self.bag_len == 0 {
            Phase::Throwing
        } else {
            Phase::Moving
        }
    }
    /// Number of values in the bag.
    #[inline]
    pub fn bag_len(&self) -> usize {
        self.bag_len as usize
    }
    /// Count of the bag's values by slot (see [`crate::ThrowTable::values`]).
    #[inline]
    pub fn bag_counts(&self) -> &[u8; MAX_FACES] {
        &self.bag
    }
    /// How many outer doubles still block player `p`.
    #[inline]
    pub fn blocks_against(&self, p: usize) -> u32 {
        self.blocked[p].count_ones()
    }
    /// Where outer doubles block player `p`: bit `k` is set while an opponent's double
    /// at p's path index `k` blocks p.
    #[inline]
    pub fn blocked_at(&self, p: usize) -> u64 {
        self.blocked[p]
    }
    /// Whether any outer double still blocks someone (which, and whom:
    /// [`crate::Variant::blocks`]).
    #[inline]
    pub fn has_blocks(&self) -> bool {
        self.blocked.iter().fold(0, |m, b| m | b) != 0
    }
    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }
    /// The first player to finish, if any.
    #[inline]
    pub fn winner(&self) -> Option<usize> {
        (self.places_len > 0).then(|| self.places[0] as usize)
    }
    /// The finishing order so far.
    #[inline]
    pub fn places(&self) -> &[u8] {
        &self.places[..self.places_len as usize]
    }
    /// The reason the game was drawn, if it was.
    #[inline]
    pub fn draw(&self) -> Option<DrawReason> {
        self.draw
    }
    /// Whether the game ended by a claim at the table (RULES.md 8.6): the last of
    /// [`Position::places`] claimed the game when every opponent still in it had left,
    /// and is placed without bringing every pawn home.
    #[inline]
    pub fn claimed(&self) -> bool {
        self.claimed
    }
    /// Raw pawn indices of player `p` (sorted, [`OFF`] for off-board); `n` is the
    /// rule set's pawn count.
    #[inline]
    pub fn pawn_indices(&self, p: usize, n: usize) -> &[u8] {
        &self.pawns[p][..n]
    }

    /// A 64-bit hash of everything that matters for play (pawns, bag, turn, captures,
    /// blocks, extra turns, result), for transposition tables. Equal positions have
    /// equal keys.
    pub fn key(&self) -> u64 {
        #[inline]
        fn mix(h: u64, x: u64) -> u64 {
            (h.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95)
        }
        let mut h = 0u64;
        for player in &self.pawns {
            for chunk in player.chunks_exact(8) {
                h = mix(h, u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
            }
        }
        for chunk in self.bag.chunks_exact(8) {
            h = mix(h, u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        h = mix(
            h,
            u64::from_le_bytes([
                self.to_move,
                self.extra_turns,
                self.captured,
                self.finished,
                self.places_len,
                0, // the blocks are mixed in below
                self.over as u8 | (self.claimed as u8) << 1,
                self.draw.map_or(0, |d| d as u8 + 1),
            ]),
        );
        if self.has_blocks() {
            for &b in &self.blocked {
                h = mix(h, b);
            }
        }
        h
    }
}

impl PartialEq for Position {
    /// The same state of the game: pawns, bag, blocks, turn and result. The occupancy
    /// (which follows from the pawns, and is most of the bytes), the phase and the
    /// rule set's tag are left out.
    fn eq(&self, o: &Position) -> bool {
        self.pawns == o.pawns
            && self.bag == o.bag
            && self.bag_len == o.bag_len
            && self.blocked == o.blocked
            && self.to_move == o.to_move
            && self.extra_turns == o.extra_turns
            && self.captured == o.captured
            && self.finished == o.finished
            && self.places == o.places
            && self.places_len == o.places_len
            && self.draw == o.draw
            && self.over == o.over
            && self.claimed == o.claimed
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    /// Hashes [`Position::key`], so hashing costs a handful of multiplies.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.key());
    }
}
