//! The exact review of a recorded two-player game, from the solution table of its rules
//! (`ashta solve`): each decision's score lost against the best play, with no sampling
//! error.

use ashta_engine::{Game, Record, RecordError, ThrowStep, TurnFault};
use ashta_solve::{Solution, SolveError};

use super::exact::{exact_hint, ranked, scores_at, tie};
use super::game::{walk_turns, Decision, GameReview, TurnReview};
use super::luck::ThrowLuck;

/// Why an exact review failed.
#[derive(Debug, thiserror::Error)]
pub enum ExactReviewError {
    /// The record does not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A position of the game is not in the table, or the table refused it.
    #[error("turn {turn}: {source}")]
    Table {
        /// The turn, from 1 (0: the start).
        turn: usize,
        /// What the table said.
        source: SolveError,
    },
}

/// Reviews a recorded two-player game exactly against `solution`: each decision's
/// error is the score lost against the best play (plays within the table's tolerance
/// of the best rank first), each throw's luck the thrower's score with the bag thrown
/// minus its score before the throw. The review's `win` fields hold scores (a win 1,
/// a draw ½) and every standard error is 0. `progress(done, total)` is called after
/// each turn.
pub fn analyze_record_exact(
    record: &Record,
    solution: &Solution,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<GameReview, ExactReviewError> {
    let game = Game::replay(record)?;
    let variant = game.variant().clone();
    let walked = walk_turns(record)?;
    let start = walked.start;
    let table = |turn: usize| move |source| ExactReviewError::Table { turn, source };
    let wins_start = scores_at(solution, &variant, &start).map_err(table(0))?[..2].to_vec();
    let total = record.turns.len();
    let mut pos = start;
    let mut turns = Vec::with_capacity(total);
    for (t, (turn, walked)) in record.turns.iter().zip(walked.turns).enumerate() {
        let number = t + 1;
        let before = pos;
        let player = before.to_move();
        let (thrown, step, after) = (walked.thrown, walked.step, walked.after);
        let luck = ThrowLuck {
            player,
            before: scores_at(solution, &variant, &before).map_err(table(number))?,
            after: scores_at(solution, &variant, &thrown).map_err(table(number))?,
        };
        let settled = after.is_over() || after.phase() == ashta_engine::Phase::Throwing;
        let decision = if step == ThrowStep::Moving && settled {
            let h = exact_hint(solution, &variant, &thrown).map_err(table(number))?;
            let rank = h
                .plays
                .iter()
                .position(|p| p.play.position == after)
                .ok_or(RecordError::Turn {
                    turn: number,
                    fault: TurnFault::NotAWholePlay,
                })?;
            let best_score = h.value().score();
            let made = ranked(player, &h.plays[rank], best_score);
            let best = ranked(player, &h.plays[0], best_score);
            // Plays within the tolerance of one another share a rank.
            let better = h
                .plays
                .iter()
                .filter(|p| p.chances.score() > made.win + tie(solution))
                .count();
            // Exact: every standard error is 0, so every error counts.
            Some(Decision::new(thrown, made, best, better + 1, h.plays.len()))
        } else {
            None
        };
        let wins_after = match &decision {
            Some(d) => d.made.wins.clone(),
            None => scores_at(solution, &variant, &after).map_err(table(number))?[..2].to_vec(),
        };
        turns.push(TurnReview {
            number,
            player,
            before,
            throws: turn.throws.clone(),
            bag: variant.bag(&thrown),
            luck,
            decision,
            after,
            wins_after,
        });
        pos = after;
        progress(number, total);
    }
    Ok(GameReview::of_turns(
        variant, start, wins_start, turns, pos, true,
    ))
}
