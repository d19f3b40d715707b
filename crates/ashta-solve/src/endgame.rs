//! The endgames of a two-player game read from the table of the same game with fewer
//! pawns, as a backgammon bearoff database holds the end of backgammon.
//!
//! A pawn at home never moves again, never forms a pair or a double, blocks nobody and
//! cannot be captured; so once each player has at most `k` pawns not yet home, a
//! position of the game with `n > k` pawns each plays exactly as the position of the
//! `k`-pawn game with the same pawns out, the rest at home: the same moves, captures,
//! blocks, extra turns, frozen games and winner. [`EndgameTable::node`] is that mapping.
//!
//! The rules that count pawns, and why they agree:
//! - **The finish**: a player wins with every pawn home, in both games with the pawns
//!   out home.
//! - **Grace entry** brings `min(⌊v/2⌋, pawns off the board)` pawns on: pawns off the
//!   board are pawns out, the same in both games.
//! - **Pairs and doubles** are two pawns on one square that is not home: pawns at home
//!   are never part of one.
//! - **Extra turns**: a run of them captures only pawns out of the opponent's (a captured
//!   pawn goes back to its start, where it cannot be taken again in the run), so at the
//!   start of a turn at most `k − 1` are left, what the `k`-pawn index holds; a position
//!   with more (which play cannot reach) is outside the table.
//! - **The gate**: a pawn at home has passed it, so in an endgame of the game with more
//!   pawns both players have captured. The start of the `k`-pawn game does not reach
//!   every such position, so the endgame table is solved from all of them as well
//!   ([`endgame_roots`], [`crate::solve_endgames`]).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ashta_engine::{Phase, Position, Rules, Variant};

use rayon::prelude::*;

use crate::board::Board;
use crate::compact::{Compact, Node};
use crate::error::SolveError;
use crate::index::Indexer;
use crate::solution::{Chances, RatedPlay, Solution};

/// A solved game read as the endgame table of a game with as many pawns or more.
#[derive(Clone, Debug)]
pub struct EndgameTable {
    solution: Arc<Solution>,
    full: Variant,
}

impl EndgameTable {
    /// The table for `full`'s game: an error when the solution solves another game than
    /// `full`'s with fewer (or as many) pawns.
    pub fn new(solution: Arc<Solution>, full: &Variant) -> Result<EndgameTable, SolveError> {
        if !covers(solution.variant().rules(), full.rules()) {
            return Err(SolveError::OtherGame {
                table: crate::table::rules_json(solution.variant().rules()),
                game: crate::table::rules_json(full.rules()),
            });
        }
        Ok(EndgameTable {
            solution,
            full: full.clone(),
        })
    }

    /// The solution it reads.
    pub fn solution(&self) -> &Solution {
        &self.solution
    }

    /// The game whose endgames it values.
    pub fn variant(&self) -> &Variant {
        &self.full
    }

    /// Pawns a player may have out (not yet home) for a position to be in the table.
    pub fn pawns(&self) -> usize {
        self.solution.board().pawns()
    }

    /// Whether each player of `pos` has at most [`EndgameTable::pawns`] pawns out.
    pub fn is_endgame(&self, pos: &Position) -> bool {
        let home = self.full.home();
        let k = self.pawns();
        (0..2).all(|p| self.full.pawns(pos, p).filter(|&i| i != Some(home)).count() <= k)
    }

    /// The table's node for a position of the full game at the start of a turn (or
    /// over): `None` when a player has more pawns out than the table holds, or more
    /// extra turns waiting than its index holds.
    pub fn node(&self, pos: &Position) -> Option<Node> {
        if pos.is_over() {
            return Some(Node::Over(pos.winner()));
        }
        let board = self.solution.board();
        let k = board.pawns();
        let home = self.full.home();
        let mut c = Compact {
            to_move: pos.to_move() as u8,
            extra: pos.extra_turns() as u8,
            ..Compact::default()
        };
        if c.extra as usize >= k {
            return None;
        }
        for p in 0..2 {
            let mut n = 0;
            for i in self.full.pawns(pos, p).filter(|&i| i != Some(home)) {
                if n == k {
                    return None;
                }
                c.pawns[p][n] = board.cell(i);
                n += 1;
            }
            c.pawns[p][n..k].fill(board.home_cell());
            c.pawns[p][..k].sort_unstable();
            if pos.has_captured(p) {
                c.captured |= 1 << p;
            }
        }
        board.read_blocks(&self.full, pos, &mut c);
        Some(Node::Turn(c))
    }

    /// The chances of player `me` at a position with an empty bag (or over), when the
    /// table holds it.
    fn turn_chances(&self, me: usize, pos: &Position) -> Option<Chances> {
        Some(match self.node(pos)? {
            Node::Over(Some(w)) if w == me => Chances::WIN,
            Node::Over(Some(_)) => Chances::LOSS,
            Node::Over(None) => Chances::DRAW,
            Node::Turn(c) => {
                let mine = self.solution.compact_chances(&c)?;
                if c.to_move as usize == me {
                    mine
                } else {
                    mine.flipped()
                }
            }
        })
    }

    /// Every play of the bag of the player to move with its exact chances, best first:
    /// `None` when the position is not an endgame of the table (or a play leads where
    /// the table holds nothing: a position play cannot reach).
    pub fn rate_plays(&self, pos: &Position) -> Option<Vec<RatedPlay>> {
        if pos.is_over() || pos.phase() == Phase::Throwing || !self.is_endgame(pos) {
            return None;
        }
        let me = pos.to_move();
        let mut out = Vec::new();
        for play in self.full.plays(pos) {
            let chances = self.turn_chances(me, &play.position)?;
            out.push(RatedPlay { play, chances });
        }
        out.sort_by(|a, b| b.chances.score().total_cmp(&a.chances.score()));
        Some(out)
    }

    /// The exact chances of the player to move at an endgame position: at the start of
    /// a turn the table's; with a bag to play, those of its best play; once over, its
    /// result for the player who would have moved. `None` outside the table, or while
    /// the player is still throwing.
    pub fn chances(&self, pos: &Position) -> Option<Chances> {
        if pos.is_over() || pos.bag_len() == 0 {
            return self.turn_chances(pos.to_move(), pos);
        }
        if pos.phase() == Phase::Throwing {
            return None;
        }
        Some(
            self.rate_plays(pos)?
                .first()
                .map_or(Chances::DRAW, |r| r.chances),
        )
    }
}

/// Whether a table solving `table`'s rules holds the endgames of `full`'s game: two
/// players, the same rules but for the pawns, and at least as many pawns in `full`.
pub fn covers(table: &Rules, full: &Rules) -> bool {
    if full.players != 2 || full.pawn_count() < table.pawn_count() {
        return false;
    }
    let mut same = full.clone();
    same.pawns = table.pawns;
    same.same_game(table)
}

/// Most pawns out per side the endgame tables are built for (`ashta solve --endgames`).
pub const ENDGAME_PAWNS: u8 = 2;

/// The rules of the `k`-pawn table that holds `full`'s endgames.
pub fn endgame_rules(full: &Rules, k: u8) -> Rules {
    let mut rules = full.clone();
    rules.players = 2;
    rules.pawns = Some(k);
    rules
}

/// The files that may hold `full`'s endgames in the data directory `dir`, best first:
/// the two-pawn table (compact, then full), then the one-pawn table; each with its
/// pawns.
pub fn endgame_candidates(dir: &Path, full: &Rules) -> Vec<(u8, PathBuf)> {
    let mut out = Vec::new();
    let most = (ENDGAME_PAWNS as usize).min(full.pawn_count()) as u8;
    for k in (1..=most).rev() {
        let rules = endgame_rules(full, k);
        out.push((k, dir.join(crate::table::endgame_file_name(&rules))));
        out.push((k, dir.join(crate::table::file_name(&rules))));
    }
    out
}

/// The endgame table of `full`'s game in the data directory `dir`, with its file:
/// `Ok(None)` when the game has none to use (more than two players, another board, a
/// turn limit, or no table built); an error when a table there cannot be read.
pub fn find_endgames(
    dir: &Path,
    full: &Variant,
) -> Result<Option<(EndgameTable, PathBuf)>, SolveError> {
    let rules = full.rules();
    if rules.players != 2 || rules.size != 5 || rules.turn_limit.is_some() {
        return Ok(None);
    }
    for (k, path) in endgame_candidates(dir, rules) {
        if !path.exists() {
            continue;
        }
        let solution = crate::table::read(&path, Some(&endgame_rules(rules, k)))?;
        return EndgameTable::new(Arc::new(solution), full).map(|t| Some((t, path)));
    }
    Ok(None)
}

/// Every position of `board`'s game at the start of a turn where both players have
/// captured that the engine accepts and play can reach: the positions an endgame of
/// the game with more pawns can be (a player with a pawn at home has passed the gate),
/// whether or not the start of `board`'s own game reaches them. A position with `e`
/// extra turns waiting has at least `e + 1` of the opponent's pawns at their start (a
/// run of `e + 1` captures or more sent them there, and none can leave it before the
/// run ends); with fewer it could not arise, and its captures would run past the extra
/// turns the index holds.
pub fn endgame_roots(board: &Board, indexer: &Indexer) -> Vec<Compact> {
    let m = indexer.multisets();
    let per_head = m * m * (indexer.len() / (8 * m * m));
    (0..2u64)
        .flat_map(|to_move| {
            let first = (to_move * 4 + 3) * per_head;
            first..first + per_head
        })
        .collect::<Vec<u64>>()
        .par_iter()
        .filter_map(|&i| {
            let c = indexer.compact(i);
            (0..2)
                .all(|p| c.home_count(board, p) < board.pawns())
                .then_some(())?;
            // Extra turns waiting mean captures in this run: each sent a pawn of the
            // opponent's to its start (off the board under grace entry), cell 0, where
            // it stays until the run ends.
            let at_start = c.pawns[c.opponent()][..board.pawns()]
                .iter()
                .filter(|&&x| x == 0)
                .count();
            (c.extra == 0 || at_start > c.extra as usize).then_some(())?;
            board.position(&c).ok().map(|_| c)
        })
        .collect()
}
