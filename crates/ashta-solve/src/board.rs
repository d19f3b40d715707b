//! The two-player board as the solver sees it: each player's pawns as cells (path
//! indices, shifted by one under grace entry so that cell 0 is off the board), and
//! where outer doubles stand.

use ashta_engine::{Rules, Variant};

use crate::error::SolveError;
use crate::rulebook::Rulebook;
pub use crate::rulebook::MAX_PAWNS;

/// The compiled two-player game the solver works on.
#[derive(Clone, Debug)]
pub struct Board {
    variant: Variant,
    pawns: usize,
    outer: usize,
    rulebook: Rulebook,
}

impl Board {
    /// Compiles rules the solver can handle: two players on the 5×5 board, 1 to 4
    /// pawns each, no turn limit.
    pub fn new(rules: Rules) -> Result<Board, SolveError> {
        if rules.players != 2 {
            return Err(SolveError::Players(rules.players));
        }
        if rules.size != 5 {
            return Err(SolveError::Size(rules.size));
        }
        if let Some(limit) = rules.turn_limit {
            return Err(SolveError::TurnLimit(limit));
        }
        let pawns = rules.pawn_count();
        if !(1..=MAX_PAWNS).contains(&pawns) {
            return Err(SolveError::Pawns(pawns));
        }
        let variant = Variant::new(rules)?;
        Ok(Board::from_variant(variant))
    }

    /// [`Board::new`] for a variant already compiled (checked the same way).
    pub fn for_variant(variant: &Variant) -> Result<Board, SolveError> {
        Board::new(variant.rules().clone())
    }

    fn from_variant(variant: Variant) -> Board {
        Board {
            rulebook: Rulebook::new(&variant),
            pawns: variant.pawns_per_player(),
            outer: variant.outer_len(),
            variant,
        }
    }

    /// The engine's compiled rules.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }
    /// The rules as lookup tables over cells.
    pub(crate) fn rulebook(&self) -> &Rulebook {
        &self.rulebook
    }
    /// Pawns per player.
    pub fn pawns(&self) -> usize {
        self.pawns
    }
    /// Cells a pawn can be in (the path, plus off the board under grace entry).
    pub fn cells(&self) -> usize {
        self.rulebook.cells
    }
    /// Most outer doubles one player can have at once.
    pub fn max_doubles(&self) -> usize {
        if self.variant.rules().doubles {
            self.pawns / 2
        } else {
            0
        }
    }
    /// The cell of a pawn at path index `i` (`None`: off the board).
    pub fn cell(&self, i: Option<usize>) -> u8 {
        i.map_or(0, |i| i as u8 + self.rulebook.offset)
    }
    /// The path index of a cell (`None`: off the board).
    pub fn path_index(&self, cell: u8) -> Option<usize> {
        let offset = self.rulebook.offset;
        (cell >= offset).then(|| (cell - offset) as usize)
    }
    /// The home's cell.
    pub fn home_cell(&self) -> u8 {
        self.rulebook.home
    }

    /// The cells of player `p`'s outer doubles (two or more of its pawns on one outer
    /// square that is not safe), ascending: the doubles a block can belong to. `cells`
    /// is the player's sorted pawn list.
    pub fn outer_doubles(&self, p: usize, cells: &[u8]) -> ([u8; MAX_PAWNS / 2], usize) {
        let mut out = [0u8; MAX_PAWNS / 2];
        let mut n = 0;
        let mut k = 0;
        while k < cells.len() {
            let c = cells[k];
            let run = cells[k..].iter().take_while(|&&x| x == c).count();
            let outer = self.path_index(c).is_some_and(|i| i < self.outer);
            if self.variant.is_double(run) && outer && !self.rulebook.is_safe(p, c) {
                out[n] = c;
                n += 1;
            }
            k += run;
        }
        (out, n)
    }
}
