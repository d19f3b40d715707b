//! A solved game: every reachable position's chances, looked up by index, and what
//! they say about a position and the plays of a bag.

use ashta_engine::{Phase, Play, Position, Variant};

use crate::board::Board;
use crate::compact::{Compact, Node};
use crate::error::SolveError;
use crate::index::Indexer;

/// The chances of the player to move (or of a given player) under perfect play.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chances {
    /// Chance of winning.
    pub win: f64,
    /// Chance of a draw.
    pub draw: f64,
}

impl Chances {
    /// A won game.
    pub const WIN: Chances = Chances {
        win: 1.0,
        draw: 0.0,
    };
    /// A drawn game.
    pub const DRAW: Chances = Chances {
        win: 0.0,
        draw: 1.0,
    };
    /// A lost game.
    pub const LOSS: Chances = Chances {
        win: 0.0,
        draw: 0.0,
    };
    /// Chance of losing.
    pub fn loss(&self) -> f64 {
        (1.0 - self.win - self.draw).max(0.0)
    }
    /// The score as tournaments count it: a win 1, a draw ½, a loss 0.
    pub fn score(&self) -> f64 {
        self.win + 0.5 * self.draw
    }
    /// The same chances seen by the other player.
    pub fn flipped(&self) -> Chances {
        Chances {
            win: self.loss(),
            draw: self.draw,
        }
    }
    /// One line of JSON: `{"score": …, "win": …, "draw": …, "loss": …}`.
    pub fn to_json(&self) -> String {
        serde_json::json!({
            "score": self.score(),
            "win": self.win,
            "draw": self.draw,
            "loss": self.loss(),
        })
        .to_string()
    }
}

/// One play of a bag with its exact value for the player who makes it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedPlay {
    /// The play.
    pub play: Play,
    /// The chances after it, for the player who made it.
    pub chances: Chances,
}

/// The solved game.
#[derive(Clone, Debug)]
pub struct Solution {
    board: Board,
    indexer: Indexer,
    /// Indices of the solved positions, ascending.
    keys: Vec<u64>,
    win: Vec<f64>,
    draw: Vec<f64>,
    tolerance: f64,
}

impl Solution {
    /// A solution from sorted keys and their chances.
    pub fn new(
        board: Board,
        keys: Vec<u64>,
        win: Vec<f64>,
        draw: Vec<f64>,
        tolerance: f64,
    ) -> Solution {
        let indexer = Indexer::new(&board);
        Solution {
            board,
            indexer,
            keys,
            win,
            draw,
            tolerance,
        }
    }

    /// The board it solves.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The engine's rules it solves.
    pub fn variant(&self) -> &Variant {
        self.board.variant()
    }
    /// The index it uses.
    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }
    /// Number of positions solved.
    pub fn len(&self) -> usize {
        self.keys.len()
    }
    /// Whether no position is solved (a game over before it starts).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
    /// The convergence tolerance it was solved to.
    pub fn tolerance(&self) -> f64 {
        self.tolerance
    }
    /// Keys, and win and draw chances, in index order.
    pub fn parts(&self) -> (&[u64], &[f64], &[f64]) {
        (&self.keys, &self.win, &self.draw)
    }

    /// The chances of the player to move at a compact position, if it was solved.
    pub fn compact_chances(&self, c: &Compact) -> Option<Chances> {
        let i = self.keys.binary_search(&self.indexer.index(c)).ok()?;
        Some(Chances {
            win: self.win[i],
            draw: self.draw[i],
        })
    }

    /// The chances of player `me` at a position with an empty bag (or over).
    fn turn_chances(&self, me: usize, pos: &Position) -> Result<Chances, SolveError> {
        Ok(match self.board.node(pos)? {
            Node::Over(Some(w)) if w == me => Chances::WIN,
            Node::Over(Some(_)) => Chances::LOSS,
            Node::Over(None) => Chances::DRAW,
            Node::Turn(c) => {
                let mine = self.compact_chances(&c).ok_or(SolveError::Unreached)?;
                if c.to_move as usize == me {
                    mine
                } else {
                    mine.flipped()
                }
            }
        })
    }

    /// Every play of the bag of the player to move, with its exact chances, best first.
    pub fn rate_plays(&self, pos: &Position) -> Result<Vec<RatedPlay>, SolveError> {
        let variant = self.variant();
        variant.check_position(pos)?;
        let me = pos.to_move();
        let mut out = Vec::new();
        for play in variant.plays(pos) {
            let chances = self.turn_chances(me, &play.position)?;
            out.push(RatedPlay { play, chances });
        }
        out.sort_by(|a, b| b.chances.score().total_cmp(&a.chances.score()));
        Ok(out)
    }

    /// The chances of the player to move at a position: at the start of a turn the
    /// table's; with a bag to play, those of its best play; once the game is over, its
    /// result for the player who would have moved.
    pub fn chances(&self, pos: &Position) -> Result<Chances, SolveError> {
        self.variant().check_position(pos)?;
        if pos.is_over() || pos.bag_len() == 0 {
            return self.turn_chances(pos.to_move(), pos);
        }
        if pos.phase() == Phase::Throwing {
            return Err(SolveError::NotTurnStart);
        }
        Ok(self
            .rate_plays(pos)?
            .first()
            .map_or(Chances::DRAW, |r| r.chances))
    }
}
