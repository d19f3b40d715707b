//! A reviewed game in the shape a page shows at its end: each player's biggest
//! mistakes (the position, the play made, the best play, the chance to win lost) and
//! every player's chance to win after each turn, for a curve. Serialisable, read off
//! [`GameReview`]; nothing here judges a play itself.

use ashta_engine::{Move, PositionJson, Variant};
use ashta_session::describe::square_name;
use serde::Serialize;

use crate::accuracy::{accuracies, Accuracy};
use crate::game::{GameReview, Mark};

/// Mistakes listed per player, at most.
pub const MISTAKES_SHOWN: usize = 5;

/// One move of a play, by squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveSquares {
    /// The bag value spent.
    pub value: u8,
    /// The square left (`None`: an entry from off the board).
    pub from: Option<String>,
    /// The square reached.
    pub to: String,
    /// Pawns moved.
    pub count: u8,
    /// Whether it captures.
    pub capture: bool,
}

impl MoveSquares {
    fn new(variant: &Variant, player: usize, mv: &Move) -> MoveSquares {
        MoveSquares {
            value: mv.value(),
            from: mv.from().map(|f| square_name(variant, player, f as usize)),
            to: square_name(variant, player, mv.to() as usize),
            count: mv.count(),
            capture: mv.capture().is_some(),
        }
    }
}

/// One decision that lost chances to win.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MistakeView {
    /// The turn, from 1.
    pub turn: usize,
    /// The player who made it.
    pub player: usize,
    /// The position with the bag, before the play.
    pub position: PositionJson,
    /// The bag.
    pub bag: Vec<u8>,
    /// The play made.
    pub made: Vec<MoveSquares>,
    /// The best play.
    pub best: Vec<MoveSquares>,
    /// Chance to win lost against the best play, 0 to 1.
    pub loss: f64,
    /// The standard error of `loss` (0 when exact).
    pub loss_stderr: f64,
    /// `doubtful`, `mistake` or `blunder`.
    pub mark: &'static str,
}

/// The review of a game for a page.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReviewSummary {
    /// Every player's chance to win at the start and after each turn: `curve[k][p]`.
    pub curve: Vec<Vec<f64>>,
    /// The player of each turn (`curve[k + 1]` is after turn `k + 1`).
    pub movers: Vec<usize>,
    /// Per player, the decisions marked doubtful or worse, the biggest loss first (at
    /// most [`MISTAKES_SHOWN`]).
    pub mistakes: Vec<Vec<MistakeView>>,
    /// Per player, decisions with more than one play.
    pub decisions: Vec<usize>,
    /// Per player, decisions too close to call (a loss as large as a label's, within
    /// the noise; neither labelled nor counted).
    pub too_close: Vec<usize>,
    /// Per player, the accuracy ([`Accuracy`]): the share of decisions that kept the
    /// best play's chance to win within the noise, and the mean chance to win lost
    /// (`None` without a decision).
    pub accuracy: Vec<Option<Accuracy>>,
    /// Rated from the exact solution table of the game's rules: every loss certain
    /// (each `loss_stderr` 0) and no decision too close to call. `false` for a review by
    /// rollouts.
    pub exact: bool,
}

impl ReviewSummary {
    /// The summary of a reviewed game.
    pub fn new(review: &GameReview) -> ReviewSummary {
        let variant = &review.variant;
        let players = variant.players();
        let mut curve = vec![review.wins_start.clone()];
        curve.extend(review.turns.iter().map(|t| t.wins_after.clone()));
        let mut mistakes: Vec<Vec<MistakeView>> = vec![Vec::new(); players];
        for turn in &review.turns {
            let Some(d) = &turn.decision else { continue };
            if d.mark == Mark::None {
                continue;
            }
            let squares = |moves: &[Move]| {
                moves
                    .iter()
                    .map(|mv| MoveSquares::new(variant, turn.player, mv))
                    .collect()
            };
            mistakes[turn.player].push(MistakeView {
                turn: turn.number,
                player: turn.player,
                position: variant.to_json(&d.position),
                bag: turn.bag.clone(),
                made: squares(&d.made.play.moves),
                best: squares(&d.best.play.moves),
                loss: d.error,
                loss_stderr: d.error_stderr,
                mark: d.mark.name(),
            });
        }
        for list in &mut mistakes {
            list.sort_by(|a, b| b.loss.total_cmp(&a.loss));
            list.truncate(MISTAKES_SHOWN);
        }
        ReviewSummary {
            curve,
            movers: review.turns.iter().map(|t| t.player).collect(),
            mistakes,
            decisions: review.players.iter().map(|p| p.decisions).collect(),
            too_close: review.players.iter().map(|p| p.too_close).collect(),
            accuracy: accuracies(review),
            exact: review.exact,
        }
    }
}
