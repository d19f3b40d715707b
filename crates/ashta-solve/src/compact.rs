//! The compact position: everything the rules carry from one turn to the next in the
//! two-player game, in a few bytes, and its conversion to and from the engine's
//! [`Position`].
//!
//! At the start of a turn the engine's position holds, besides the pawns and who is to
//! move: each player's capture flag, the extra turns the mover still has after this
//! one, and the outer doubles that still block someone. In a two-player game blocks
//! against the mover exist only at the start of an ordinary turn (the opponent formed
//! them in its last turn), and blocks against the opponent only during a run of extra
//! turns (the mover formed them earlier in the run), so at most one side's blocks are
//! set; each is one bit per outer double of the owner, in the order of the owner's path.

use ashta_engine::{BlockJson, Position, PositionJson, RulesSpec, Square};

use crate::board::{Board, MAX_PAWNS};
use crate::error::SolveError;

/// A position at the start of a turn (the bag empty, the game not over).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Compact {
    /// The player to move, 0 or 1.
    pub to_move: u8,
    /// Each player's pawns as cells ([`Board::cell`]), ascending; slots past the
    /// board's pawn count are 0.
    pub pawns: [[u8; MAX_PAWNS]; 2],
    /// Bit `p`: player p has captured.
    pub captured: u8,
    /// Extra turns the mover still has after this one.
    pub extra: u8,
    /// Bit `k`: the opponent's `k`-th outer double blocks the mover this turn.
    pub blocks_mover: u8,
    /// Bit `k`: the mover's `k`-th outer double blocks the opponent in its next turn.
    pub blocks_opponent: u8,
}

/// What a position is for the solver: the end of the game, or a turn to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// The game is over: its winner, `None` for a draw.
    Over(Option<usize>),
    /// A turn about to be thrown.
    Turn(Compact),
}

impl Compact {
    /// The opponent of the player to move.
    pub fn opponent(&self) -> usize {
        1 - self.to_move as usize
    }

    /// Pawns of player `p` at home.
    pub fn home_count(&self, board: &Board, p: usize) -> usize {
        let home = board.home_cell();
        self.pawns[p][..board.pawns()]
            .iter()
            .filter(|&&c| c == home)
            .count()
    }
}

impl Board {
    /// Reads an engine position at the start of a turn, or the end of a game.
    pub fn node(&self, pos: &Position) -> Result<Node, SolveError> {
        if pos.is_over() {
            return Ok(Node::Over(pos.winner()));
        }
        if pos.bag_len() != 0 {
            return Err(SolveError::NotTurnStart);
        }
        Ok(Node::Turn(self.compact(pos)))
    }

    /// The compact form of an engine position at the start of a turn (its bag and
    /// result are not looked at).
    pub fn compact(&self, pos: &Position) -> Compact {
        let v = self.variant();
        let n = self.pawns();
        let mut c = Compact {
            to_move: pos.to_move() as u8,
            extra: pos.extra_turns() as u8,
            ..Compact::default()
        };
        for p in 0..2 {
            for (k, i) in v.pawns(pos, p).enumerate() {
                c.pawns[p][k] = self.cell(i);
            }
            c.pawns[p][..n].sort_unstable();
            if pos.has_captured(p) {
                c.captured |= 1 << p;
            }
        }
        self.read_blocks(v, pos, &mut c);
        c
    }

    /// Sets `c`'s block bits from the blocks of `pos`, a position of `v`'s game on this
    /// board's path (`c`'s pawns already set).
    pub(crate) fn read_blocks(&self, v: &ashta_engine::Variant, pos: &Position, c: &mut Compact) {
        let n = self.pawns();
        if pos.has_blocks() {
            let mover = c.to_move as usize;
            for b in v.blocks(pos) {
                let owner = b.owner as usize;
                let at = self.cell(Some(v.path_index(owner, Square(b.square))));
                let (doubles, count) = self.outer_doubles(owner, &c.pawns[owner][..n]);
                let Some(k) = doubles[..count].iter().position(|&d| d == at) else {
                    continue;
                };
                if owner == mover && b.blocked & (1 << (1 - mover)) != 0 {
                    c.blocks_opponent |= 1 << k;
                } else if owner != mover && b.blocked & (1 << mover) != 0 {
                    c.blocks_mover |= 1 << k;
                }
            }
        }
    }

    /// The position in the engine's JSON form (empty bag).
    pub fn to_json(&self, c: &Compact) -> PositionJson {
        let n = self.pawns();
        let mover = c.to_move as usize;
        let pawns = (0..2)
            .map(|p| {
                c.pawns[p][..n]
                    .iter()
                    .map(|&cell| self.path_index(cell).map_or(-1, |i| i as i64))
                    .collect()
            })
            .collect();
        let mut blocks = Vec::new();
        for (owner, bits, blocked) in [
            (1 - mover, c.blocks_mover, mover),
            (mover, c.blocks_opponent, 1 - mover),
        ] {
            let (doubles, count) = self.outer_doubles(owner, &c.pawns[owner][..n]);
            for (k, &cell) in doubles[..count].iter().enumerate() {
                if bits & (1 << k) != 0 {
                    blocks.push(BlockJson {
                        owner: owner as i64,
                        at: self.path_index(cell).map_or(-1, |i| i as i64),
                        blocked: vec![blocked as i64],
                    });
                }
            }
            // A bit naming no double is kept visible to the engine's check.
            for k in count..MAX_PAWNS / 2 {
                if bits & (1 << k) != 0 {
                    blocks.push(BlockJson {
                        owner: owner as i64,
                        at: -1,
                        blocked: vec![blocked as i64],
                    });
                }
            }
        }
        let rules = self.variant().rules();
        PositionJson {
            rules: RulesSpec::from_rules(rules),
            size: rules.size as i64,
            players: 2,
            to_move: mover as i64,
            bag: Vec::new(),
            pawns,
            captured: (0..2).map(|p| c.captured & (1 << p) != 0).collect(),
            blocks,
            extra_turns: c.extra as i64,
            winner: None,
            draw: None,
            places: None,
            claimed: false,
        }
    }

    /// The engine position of a compact one, checked by the engine (an impossible
    /// position, such as two players' single pawns on one square that is not safe, is
    /// refused with the engine's reason).
    pub fn position(&self, c: &Compact) -> Result<Position, SolveError> {
        Ok(self.variant().check(&self.to_json(c))?)
    }
}
