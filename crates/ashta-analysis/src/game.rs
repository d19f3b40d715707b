//! The review of a recorded game: for every decision the play made, the best play and
//! the chance to win lost; for every throw its luck; per player the total and average
//! error, the luck, a luck-adjusted result and a rating band; and every player's chance
//! to win after each turn, for a curve.

use ashta_engine::{Game, Moment, Position, Record, RecordError, ThrowStep, Variant};

use super::chance::Chance;
use super::hint::{estimate, hint, HintConfig, RankedPlay};
use super::luck::{throw_luck, ThrowLuck};
use super::rating::{rating_band, RatingBand, REVIEW_ROLLOUTS};

/// How a game is reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisConfig {
    /// The hint's settings for each decision (and for the win-probability curve after
    /// turns without a choice).
    pub hint: HintConfig,
    /// Longest throwing phase the luck's outcome tables list.
    pub luck_throws: usize,
}

impl Default for AnalysisConfig {
    /// [`REVIEW_ROLLOUTS`] rollouts per play (deterministic for a seed; the rating
    /// bands were measured so), phases of up to four throws for the luck.
    fn default() -> AnalysisConfig {
        AnalysisConfig {
            hint: HintConfig {
                rollouts: Some(REVIEW_ROLLOUTS),
                ..HintConfig::default()
            },
            luck_throws: 4,
        }
    }
}

/// How bad a decision was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// The best play, or within noise or [`DOUBTFUL`] of it.
    None,
    /// Lost at least [`DOUBTFUL`].
    Doubtful,
    /// Lost at least [`MISTAKE`].
    Mistake,
    /// Lost at least [`BLUNDER`].
    Blunder,
}

/// Chance to win lost from which a decision is doubtful.
pub const DOUBTFUL: f64 = 0.01;
/// Chance to win lost from which a decision is a mistake.
pub const MISTAKE: f64 = 0.03;
/// Chance to win lost from which a decision is a blunder.
pub const BLUNDER: f64 = 0.08;

impl Mark {
    /// The mark of an error whose standard error is `stderr`: an error within two
    /// standard errors of zero is not marked.
    pub fn of(error: f64, stderr: f64) -> Mark {
        if error <= 2.0 * stderr {
            Mark::None
        } else if error >= BLUNDER {
            Mark::Blunder
        } else if error >= MISTAKE {
            Mark::Mistake
        } else if error >= DOUBTFUL {
            Mark::Doubtful
        } else {
            Mark::None
        }
    }

    /// The mark's name (`""` for none).
    pub fn name(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Doubtful => "doubtful",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// One decision: a bag with more than one way to play it, or a forced one.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The position with the bag, before the play.
    pub position: Position,
    /// The play made.
    pub made: RankedPlay,
    /// The best play.
    pub best: RankedPlay,
    /// Where the play made ranks, from 1.
    pub rank: usize,
    /// Distinct plays the bag allowed.
    pub choices: usize,
    /// Chance to win lost against the best play (0 when the play made is the best).
    pub error: f64,
    /// The standard error of `error`.
    pub error_stderr: f64,
    /// How bad it was.
    pub mark: Mark,
}

/// One turn of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnReview {
    /// Turn number, from 1.
    pub number: usize,
    /// The player.
    pub player: usize,
    /// The position before the throws.
    pub before: Position,
    /// Mouths up of each throw.
    pub throws: Vec<u8>,
    /// The bag the throws gave.
    pub bag: Vec<u8>,
    /// The throws' luck.
    pub luck: ThrowLuck,
    /// The decision, when the bag could be played (`None` when it was forfeited or the
    /// turn voided, and for a last turn saved in the middle of its moves).
    pub decision: Option<Decision>,
    /// The position after the turn.
    pub after: Position,
    /// Every player's estimated chance to win after the turn (by rollouts).
    pub wins_after: Vec<f64>,
}

/// One player's totals.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSummary {
    /// The player.
    pub player: usize,
    /// Decisions with more than one play.
    pub decisions: usize,
    /// Chance to win lost over those decisions, added up.
    pub total_error: f64,
    /// `total_error` per decision.
    pub error_per_decision: f64,
    /// Decisions marked doubtful, mistake and blunder.
    pub marks: [usize; 3],
    /// Luck of the player's own throws, added up.
    pub luck: f64,
    /// 1 for the winner, 0 for the others (and for everybody in a draw or an unfinished
    /// game).
    pub result: f64,
    /// The result less what every throw of the game (its own and the others') did to
    /// the player's chances: what the player's play alone earned, in expectation.
    pub luck_adjusted: f64,
    /// The rating band of `error_per_decision` (`None` without any decision).
    pub band: Option<&'static RatingBand>,
}

/// A reviewed game.
#[derive(Clone, Debug)]
pub struct GameReview {
    /// The rules compiled.
    pub variant: Variant,
    /// The position the game started from.
    pub start: Position,
    /// Every player's estimated chance to win at the start.
    pub wins_start: Vec<f64>,
    /// Every turn.
    pub turns: Vec<TurnReview>,
    /// Per player.
    pub players: Vec<PlayerSummary>,
    /// The final position.
    pub end: Position,
}

/// Reviews a recorded game; `progress(done, total)` is called after each turn.
pub fn analyze_record(
    record: &Record,
    config: &AnalysisConfig,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<GameReview, RecordError> {
    let game = Game::replay(record)?;
    let variant = game.variant().clone();
    let walked = walk_turns(record)?;
    let start = walked.start;
    let chance = Chance::new(&variant, config.luck_throws, &config.hint.weights);
    let total = record.turns.len();
    let wins_start = estimate(&variant, &start, &config.hint).wins;
    let mut pos = start;
    let mut turns = Vec::with_capacity(total);
    for (t, (turn, walked)) in record.turns.iter().zip(walked.turns).enumerate() {
        let number = t + 1;
        let bad = |reason: String| RecordError::Turn {
            turn: number,
            reason,
        };
        let before = pos;
        let luck = throw_luck(&variant, &chance, &before, &turn.throws).map_err(|source| {
            RecordError::Throw {
                turn: number,
                source,
            }
        })?;
        let (thrown, step, after) = (walked.thrown, walked.step, walked.after);
        let bag = variant.bag(&thrown);
        let settled = after.is_over() || after.phase() == ashta_engine::Phase::Throwing;
        let seed = config.hint.seed.wrapping_add(number as u64);
        let turn_hint = HintConfig {
            seed,
            ..config.hint.clone()
        };
        let decision = if step == ThrowStep::Moving && settled {
            let h = hint(&variant, &thrown, &turn_hint);
            let rank = h
                .plays
                .iter()
                .position(|p| p.play.position == after)
                .ok_or_else(|| bad("the moves do not make a whole play of the bag".into()))?;
            let made = h.plays[rank].clone();
            let best = h.plays[0].clone();
            let error = made.loss;
            let error_stderr = made.loss_stderr;
            Some(Decision {
                position: thrown,
                choices: h.plays.len(),
                rank: rank + 1,
                error,
                error_stderr,
                mark: Mark::of(error, error_stderr),
                made,
                best,
            })
        } else {
            None
        };
        let wins_after = match &decision {
            Some(d) if d.choices > 1 => d.made.wins.clone(),
            _ => estimate(&variant, &after, &turn_hint).wins,
        };
        turns.push(TurnReview {
            number,
            player: before.to_move(),
            before,
            throws: turn.throws.clone(),
            bag,
            luck,
            decision,
            after,
            wins_after,
        });
        pos = after;
        progress(number, total);
    }
    let players = summaries(&variant, &turns, &pos);
    Ok(GameReview {
        variant,
        start,
        wins_start,
        turns,
        players,
        end: pos,
    })
}

/// Each player's totals over the reviewed turns.
pub(crate) fn summaries(
    variant: &Variant,
    turns: &[TurnReview],
    end: &Position,
) -> Vec<PlayerSummary> {
    (0..variant.players())
        .map(|q| {
            let mut s = PlayerSummary {
                player: q,
                decisions: 0,
                total_error: 0.0,
                error_per_decision: 0.0,
                marks: [0; 3],
                luck: 0.0,
                result: if end.is_over() && end.winner() == Some(q) {
                    1.0
                } else {
                    0.0
                },
                luck_adjusted: 0.0,
                band: None,
            };
            let mut all_luck = 0.0;
            for t in turns {
                all_luck += t.luck.luck_of(q);
                if t.player != q {
                    continue;
                }
                s.luck += t.luck.luck();
                if let Some(d) = t.decision.as_ref().filter(|d| d.choices > 1) {
                    s.decisions += 1;
                    s.total_error += d.error;
                    match d.mark {
                        Mark::Doubtful => s.marks[0] += 1,
                        Mark::Mistake => s.marks[1] += 1,
                        Mark::Blunder => s.marks[2] += 1,
                        Mark::None => {}
                    }
                }
            }
            s.luck_adjusted = s.result - all_luck;
            if s.decisions > 0 {
                s.error_per_decision = s.total_error / s.decisions as f64;
                s.band = Some(rating_band(s.error_per_decision));
            }
            s
        })
        .collect()
}

/// The positions of one recorded turn: after its throws (with how the phase ended) and
/// after its moves.
pub(crate) struct WalkedTurn {
    pub(crate) thrown: Position,
    pub(crate) step: ThrowStep,
    pub(crate) after: Position,
}

/// A record's start and turns, walked by the engine's one record walker
/// ([`Record::walk`]), which checks every throw and move.
pub(crate) struct Walked {
    pub(crate) start: Position,
    pub(crate) turns: Vec<WalkedTurn>,
}

pub(crate) fn walk_turns(record: &Record) -> Result<Walked, RecordError> {
    let walk = record.walk()?;
    let start = *walk.position();
    let mut turns: Vec<WalkedTurn> = Vec::with_capacity(record.turns.len());
    for moment in walk {
        let (moment, pos) = moment?;
        match moment {
            Moment::Start => {}
            Moment::Thrown { step, .. } => turns.push(WalkedTurn {
                thrown: pos,
                step,
                after: pos,
            }),
            Moment::Moved { .. } => {
                if let Some(turn) = turns.last_mut() {
                    turn.after = pos;
                }
            }
        }
    }
    Ok(Walked { start, turns })
}
