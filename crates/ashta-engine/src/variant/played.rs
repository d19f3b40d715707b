//! What a move did: its facts, gathered as it is played, for a move played with one
//! legality check and for every legal move of a position.

use super::*;

/// What a move did, from the one legality check that played it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move, as the engine found it (target and capture filled in).
    pub mv: Move,
    /// The player who moved.
    pub player: usize,
    /// The path indices the unit walked, its target last (see [`Variant::move_path`]).
    pub path: Vec<usize>,
    /// The player whose pawns were sent back, and how many.
    pub captured: Option<(usize, usize)>,
    /// Whether the move formed a double (two or more of the player's pawns on a square
    /// that is not safe, doubles on).
    pub double: bool,
    /// The block that double raised against the opponents still playing (an outer
    /// double), if any.
    pub block: Option<Block>,
    /// The values left in the bag that no unit could use, forfeited as the turn ended.
    pub forfeit: Option<Forfeit>,
    /// The position after the move (the turn ended, if it did).
    pub position: Position,
}

impl Played {
    /// The unit's walk as clients draw it: the path index it left (−1 for an entry),
    /// then every index it passed, its target last.
    pub fn walk(&self) -> Vec<i16> {
        std::iter::once(self.mv.from_index())
            .chain(self.path.iter().map(|&i| i as i16))
            .collect()
    }
}

impl Variant {
    /// Every legal move of the player to move with what it would do ([`Played`], the
    /// position after it included), in the order of [`Variant::legal_moves`]; none
    /// while the player throws or once the game is over. Each move is played on a copy
    /// of `pos` as the move generation found it, with no other check.
    ///
    /// ```
    /// use ashta_engine::parse_any;
    ///
    /// let (v, pos) = parse_any("standard 5 2 0 3 0,0,0,3/0,0,0,0 - - 0").unwrap();
    /// let outcomes = v.legal_outcomes(&pos);
    /// assert!(outcomes.iter().any(|p| p.double && p.walk() == [0, 1, 2, 3]));
    /// ```
    pub fn legal_outcomes(&self, pos: &Position) -> Vec<Played> {
        if pos.phase() != crate::position::Phase::Moving {
            return Vec::new();
        }
        let mut moves = MoveList::new();
        self.legal_moves(pos, &mut moves);
        moves
            .iter()
            .map(|&mv| {
                let mut after = *pos;
                self.play_found(&mut after, mv)
            })
            .collect()
    }

    /// Plays a move known to be legal in `pos` and gathers its facts.
    pub(crate) fn play_found(&self, pos: &mut Position, mv: Move) -> Played {
        let player = pos.to_move as usize;
        let path = self.move_path(pos, player, mv).collect();
        let target = mv
            .from()
            .map(|_| self.t.path[player][mv.to() as usize] as usize);
        let before = target.map_or(0, |sq| pos.occ[sq]);
        let captured = mv
            .capture()
            .map(|victim| (victim as usize, (before & 31) as usize));
        let own_before = if mv.capture().is_some() {
            0
        } else {
            (before & 31) as usize
        };
        let double = target.is_some_and(|sq| !self.t.safe[sq])
            && self.forms_double(own_before, mv.count() as usize);
        let had_block = |pos: &Position, sq: usize| {
            self.blocks(pos)
                .into_iter()
                .find(|b| b.square as usize == sq && b.owner as usize == player)
        };
        let mut forfeit = None;
        if self.apply_move(pos, mv) {
            if pos.bag_len != 0 && self.forfeits(pos) {
                forfeit = Some(self.explain_forfeit(pos));
                self.pass_turn(pos);
            } else if pos.bag_len == 0 {
                self.pass_turn(pos);
            }
        }
        let block = if double {
            target.and_then(|sq| had_block(pos, sq))
        } else {
            None
        };
        Played {
            mv,
            player,
            path,
            captured,
            double,
            block,
            forfeit,
            position: *pos,
        }
    }
}
