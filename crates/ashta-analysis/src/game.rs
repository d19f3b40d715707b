//! The review of a recorded game: for every decision the play made, the best play and
//! the chance to win lost; for every throw its luck; per player the total and average
//! error, the luck, a luck-adjusted result and a rating band; and every player's chance
//! to win after each turn, for a curve.
//!
//! # Errors beyond the noise
//!
//! A decision's error is an estimate: the best play's rollout mean minus the play made's,
//! with the standard error of that paired difference (rollout `i` of every play draws the
//! same throws). An error counts, for the labels and for the error per decision behind
//! the rating band, only when it exceeds [`noise_sigmas`] standard errors: the one-sided
//! normal quantile of [`FALSE_LABEL_RATE`] shared among the other plays of the bag
//! (Bonferroni), since the best play is the best of several noisy estimates. So a play
//! in truth as good as the best is labelled in at most 0.5% of decisions, whatever the
//! number of plays: 2.58 standard errors for a bag of two plays, 2.94 for four, 3.26
//! for ten. An error within the noise counts 0; one as large as a label's threshold
//! but within the noise is *too close to call* ([`Decision::too_close`]). From an exact
//! table ([`crate::exact`]) every standard error is 0 and every error counts.
//!
//! The standard error is that of the rollouts, which by default play every game to its
//! end ([`crate::RolloutConfig`]): the estimate is then unbiased for the rollouts'
//! policy, and the standard error is honest. Measured against the exact table of the
//! one-pawn two-player standard game, the estimated errors of the `master` bot's plays
//! lay 0.5 standard errors above the exact ones on average, with a spread of 0.7
//! standard errors (so the standard error, if anything, overstates the noise); the rate
//! of 0.5% rather than 2.5% also covers what is left of the rollout policy's own bias
//! (the one play the rate of 2.5% labelled there, 2.2 standard errors, is rated best by
//! the table).

use ashta_engine::{Game, Moment, Position, Record, RecordError, ThrowStep, TurnFault, Variant};
use serde::Serialize;

use super::chance::Chance;
use super::exact::{endgame_hint, ranked, tie};
use super::hint::{estimate, hint, HintConfig, RankedPlay};
use super::luck::{throw_luck, ThrowLuck};
use super::rating::{rating_band, RatingBand, REVIEW_ROLLOUTS};
use super::rollout::RolloutConfig;
use ashta_solve::EndgameTable;

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
    /// bands were measured so), each to the end of the game ([`RolloutConfig::whole`]),
    /// phases of up to four throws for the luck.
    fn default() -> AnalysisConfig {
        AnalysisConfig {
            hint: HintConfig {
                rollouts: Some(REVIEW_ROLLOUTS),
                rollout: RolloutConfig::whole(),
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

/// The chance, per decision, that a play as good as the best is labelled, or its error
/// counted, for the noise of the rollouts alone (one-sided; see the module documentation).
pub const FALSE_LABEL_RATE: f64 = 0.005;

/// Standard errors by which a play's estimated loss against the best must exceed zero to
/// count, in a bag of `choices` distinct plays: the upper [`FALSE_LABEL_RATE`] / (choices
/// − 1) quantile of the normal distribution (2.58 for two plays, 2.94 for four, 3.26 for
/// ten).
pub fn noise_sigmas(choices: usize) -> f64 {
    let others = choices.saturating_sub(1).max(1) as f64;
    normal_upper_quantile(FALSE_LABEL_RATE / others)
}

/// The chance that a standard normal variable exceeds `z` (Abramowitz and Stegun 7.1.26,
/// absolute error below 1.5e-7).
fn normal_upper_tail(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erfc = poly * (-x * x).exp();
    if z >= 0.0 {
        0.5 * erfc
    } else {
        1.0 - 0.5 * erfc
    }
}

/// The `z` a standard normal variable exceeds with chance `p` (0 < p < 1/2), by bisection.
fn normal_upper_quantile(p: f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 12.0f64);
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if normal_upper_tail(mid) > p {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

impl Mark {
    /// The mark of an error that counts only above `noise` (the error the noise alone
    /// could give: [`noise_sigmas`] standard errors; 0 for an exact error). An error of
    /// `noise` or less is not marked, whatever its size.
    pub fn of(error: f64, noise: f64) -> Mark {
        if error <= noise {
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
    /// The standard error of `error` (of the paired difference; 0 when exact, and when
    /// the play made is the best).
    pub error_stderr: f64,
    /// The error the noise alone could give: [`noise_sigmas`] times `error_stderr`. An
    /// error counts only above it.
    pub noise: f64,
    /// How bad it was.
    pub mark: Mark,
    /// Rated exactly, from a solution or endgame table (every standard error 0).
    pub exact: bool,
}

impl Decision {
    /// A decision rated from its hint: the play made and the best, where the play made
    /// ranks (from 1) among `choices` plays; the error and its noise from the rollouts'
    /// paired difference (or exact, with a standard error of 0).
    pub fn new(
        position: Position,
        made: RankedPlay,
        best: RankedPlay,
        rank: usize,
        choices: usize,
    ) -> Decision {
        let error = made.loss;
        let error_stderr = made.loss_stderr;
        let noise = noise_sigmas(choices) * error_stderr;
        Decision {
            position,
            rank,
            choices,
            error,
            error_stderr,
            noise,
            mark: Mark::of(error, noise),
            made,
            best,
            exact: false,
        }
    }

    /// Whether the error is larger than the noise could make it.
    pub fn beyond_noise(&self) -> bool {
        self.error > self.noise
    }

    /// The error as it counts towards a player's totals and rating band: the error when
    /// it is beyond the noise, else 0.
    pub fn counted_error(&self) -> f64 {
        if self.beyond_noise() {
            self.error
        } else {
            0.0
        }
    }

    /// Too close to call: the error is large enough for a label ([`DOUBTFUL`] or more)
    /// but within the noise, so it is neither labelled nor counted.
    pub fn too_close(&self) -> bool {
        self.choices > 1 && !self.beyond_noise() && self.error >= DOUBTFUL
    }
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
    /// Chance to win lost over those decisions, added up, counting only the errors
    /// beyond the noise ([`Decision::counted_error`]).
    pub total_error: f64,
    /// `total_error` per decision.
    pub error_per_decision: f64,
    /// Decisions marked doubtful, mistake and blunder.
    pub marks: [usize; 3],
    /// Decisions too close to call ([`Decision::too_close`]).
    pub too_close: usize,
    /// The mean standard error of the errors measured: over the decisions where the
    /// play made was not the best (0 without any, and when exact).
    pub mean_stderr: f64,
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
    /// Rated from an exact solution table ([`crate::exact`]): every error certain, no
    /// standard error. `false` for a review by rollouts.
    pub exact: bool,
}

/// How sure a review is, over every decision with a choice: see the module
/// documentation for when an error counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Confidence {
    /// Decisions with more than one play.
    pub decisions: usize,
    /// Decisions where the play made was not the best (their errors measured).
    pub measured: usize,
    /// Decisions whose error is beyond the noise (counted), labelled or not.
    pub beyond_noise: usize,
    /// Decisions labelled doubtful, mistake or blunder.
    pub labelled: usize,
    /// Decisions too close to call ([`Decision::too_close`]).
    pub too_close: usize,
    /// The mean standard error of the measured errors (0 without any, and when exact).
    pub mean_stderr: f64,
    /// The largest standard error of an error.
    pub max_stderr: f64,
    /// The one-sided chance per decision that a play as good as the best is counted as
    /// an error ([`FALSE_LABEL_RATE`]).
    pub false_label_rate: f64,
}

impl GameReview {
    /// How sure the review is.
    pub fn confidence(&self) -> Confidence {
        let mut c = Confidence {
            decisions: 0,
            measured: 0,
            beyond_noise: 0,
            labelled: 0,
            too_close: 0,
            mean_stderr: 0.0,
            max_stderr: 0.0,
            false_label_rate: FALSE_LABEL_RATE,
        };
        for d in self
            .turns
            .iter()
            .filter_map(|t| t.decision.as_ref())
            .filter(|d| d.choices > 1)
        {
            c.decisions += 1;
            if d.rank > 1 {
                c.measured += 1;
                c.mean_stderr += d.error_stderr;
            }
            c.max_stderr = c.max_stderr.max(d.error_stderr);
            c.beyond_noise += usize::from(d.beyond_noise());
            c.labelled += usize::from(d.mark != Mark::None);
            c.too_close += usize::from(d.too_close());
        }
        if c.measured > 0 {
            c.mean_stderr /= c.measured as f64;
        }
        c
    }
}

/// Reviews a recorded game; `progress(done, total)` is called after each turn.
pub fn analyze_record(
    record: &Record,
    config: &AnalysisConfig,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<GameReview, RecordError> {
    analyze_record_with_endgames(record, config, None, progress)
}

/// [`analyze_record`], with the decisions of the endgames rated exactly from an
/// endgame table (`ashta solve --endgames`, [`crate::exact::find_endgame_table`]):
/// where each player has at most the table's pawns out, the error is the score lost
/// against the best play under perfect play, with no rollouts ([`Decision::exact`]).
pub fn analyze_record_with_endgames(
    record: &Record,
    config: &AnalysisConfig,
    endgames: Option<&EndgameTable>,
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
        let bad = RecordError::Turn {
            turn: number,
            fault: TurnFault::NotAWholePlay,
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
        let exact = endgames
            .filter(|_| step == ThrowStep::Moving && settled)
            .and_then(|t| Some((t, endgame_hint(t, &thrown)?)));
        let decision = if let Some((table, h)) = exact {
            let rank = h
                .plays
                .iter()
                .position(|p| p.play.position == after)
                .ok_or_else(|| bad.clone())?;
            let best_score = h.value().score();
            let player = before.to_move();
            let made = ranked(player, &h.plays[rank], best_score);
            let best = ranked(player, &h.plays[0], best_score);
            let better = h
                .plays
                .iter()
                .filter(|p| p.chances.score() > made.win + tie(table.solution()))
                .count();
            let mut d = Decision::new(thrown, made, best, better + 1, h.plays.len());
            d.exact = true;
            Some(d)
        } else if step == ThrowStep::Moving && settled {
            let h = hint(&variant, &thrown, &turn_hint);
            let rank = h
                .plays
                .iter()
                .position(|p| p.play.position == after)
                .ok_or_else(|| bad.clone())?;
            let made = h.plays[rank].clone();
            let best = h.plays[0].clone();
            Some(Decision::new(thrown, made, best, rank + 1, h.plays.len()))
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
    Ok(GameReview::of_turns(
        variant, start, wins_start, turns, pos, false,
    ))
}

impl GameReview {
    /// The review of the reviewed `turns` of a game from `start` to `end`, with each
    /// player's totals over them; `exact` when its errors come from a solution table.
    pub(crate) fn of_turns(
        variant: Variant,
        start: Position,
        wins_start: Vec<f64>,
        turns: Vec<TurnReview>,
        end: Position,
        exact: bool,
    ) -> GameReview {
        let players = summaries(&variant, &turns, &end);
        GameReview {
            variant,
            start,
            wins_start,
            turns,
            players,
            end,
            exact,
        }
    }
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
                too_close: 0,
                mean_stderr: 0.0,
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
            let mut measured = 0usize;
            for t in turns {
                all_luck += t.luck.luck_of(q);
                if t.player != q {
                    continue;
                }
                s.luck += t.luck.luck();
                if let Some(d) = t.decision.as_ref().filter(|d| d.choices > 1) {
                    s.decisions += 1;
                    s.total_error += d.counted_error();
                    if d.rank > 1 {
                        measured += 1;
                        s.mean_stderr += d.error_stderr;
                    }
                    if d.too_close() {
                        s.too_close += 1;
                    }
                    match d.mark {
                        Mark::Doubtful => s.marks[0] += 1,
                        Mark::Mistake => s.marks[1] += 1,
                        Mark::Blunder => s.marks[2] += 1,
                        Mark::None => {}
                    }
                }
            }
            s.luck_adjusted = s.result - all_luck;
            if measured > 0 {
                s.mean_stderr /= measured as f64;
            }
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
