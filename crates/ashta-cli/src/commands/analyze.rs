//! `ashta analyze`: the review of a recorded game. For every decision the play made,
//! the best play and the chance to win lost; for every throw its luck; per player the
//! total error, the error per decision, the luck, a luck-adjusted result and a rating
//! band. As text, as JSON, and as a self-contained HTML report with the game's
//! win-probability curve and the board of each mistake. For a two-player game that has
//! a solution table (`ashta solve`), every value is exact: the error is the score lost
//! against the best play under perfect play, with no rollouts.

mod html;

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};
use ashta_analysis::{
    accuracies, analyze_record_exact, analyze_record_with_endgames, find_endgame_table,
    noise_sigmas, Accuracy, AnalysisConfig, Confidence, Decision, GameReview, HintConfig, Mark,
    RankedPlay, RolloutConfig, BANDS, FALSE_LABEL_RATE, REVIEW_ROLLOUTS,
};
use ashta_engine::{PositionJson, Record, Variant};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::hint::{percent, play_text, TableArgs};
use super::moves::MoveJson;
use super::RolloutArgs;
use crate::describe::{player_name, result_text};
use crate::input::{describe, load_position_or_game, PositionOrGame};

/// Arguments of `ashta analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The game record (as `ashta record` writes it, or a game saved by `ashta play`),
    /// or a position, whose bag's plays are then ranked as `ashta hint` ranks them;
    /// `-` reads standard input.
    #[arg(value_name = "GAME-RECORD")]
    record: PathBuf,
    /// Rollouts per play of each decision (the review is the same on every run for a
    /// seed); the rating bands were measured with the default.
    #[arg(long, value_name = "N", default_value_t = REVIEW_ROLLOUTS as u64,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    rollouts: u64,
    /// A thinking time per decision in milliseconds, on every core, instead of a
    /// fixed number of rollouts.
    #[arg(long, value_name = "MS", conflicts_with = "rollouts")]
    time_ms: Option<u64>,
    #[command(flatten)]
    rollout: RolloutArgs,
    /// Print the review as one JSON object.
    #[arg(long)]
    json: bool,
    /// Also write a self-contained HTML report to this file.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// The bots' evaluation: `--net FILE`, `--weights LIST`.
    #[command(flatten)]
    pub tuning: crate::tuning::TuningArgs,
    #[command(flatten)]
    pub table: TableArgs,
}

/// The review's settings from the command line.
fn config(args: &AnalyzeArgs) -> Result<AnalysisConfig> {
    Ok(AnalysisConfig {
        hint: HintConfig {
            time: Duration::from_millis(args.time_ms.unwrap_or(0)),
            seed: args.rollout.seed,
            rollouts: match args.time_ms {
                Some(_) => None,
                None => Some(args.rollouts as usize),
            },
            rollout: args.rollout.config(RolloutConfig::whole()),
            weights: args.tuning.maker()?.weight_changes(),
        },
        ..AnalysisConfig::default()
    })
}

/// Reads, replays and reviews the record, then prints the review.
pub fn run(args: &AnalyzeArgs, out: &mut dyn Write) -> Result<()> {
    let name = describe(&args.record);
    let (text, game) = match load_position_or_game(&args.record)? {
        PositionOrGame::Game(text, game) => (text, game),
        PositionOrGame::Position(variant, pos) => {
            // A position has no decisions to review: its bag's plays are ranked, as
            // `ashta hint` ranks them.
            if !args.json {
                writeln!(
                    out,
                    "{name} holds a position, not a game: the plays of its bag, ranked."
                )?;
            }
            return super::hint::rank(
                &variant,
                &pos,
                &args.table,
                args.json,
                &config(args)?.hint,
                out,
            );
        }
    };
    let record: Record =
        serde_json::from_str(&text).with_context(|| format!("{name} is not a game record"))?;
    let bar = ProgressBar::new(record.turns.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("analysing turn {pos}/{len} {wide_bar} {eta}")
            .expect("a valid template"),
    );
    let table = args.table.find(game.variant())?;
    // Without a table of the whole game, the endgames are exact from the endgame table.
    let endgames = match &table {
        Some(_) => None,
        None => {
            find_endgame_table(game.variant(), &args.table.choice()).context("endgame table")?
        }
    };
    let review = match &table {
        Some(t) => analyze_record_exact(&record, &t.solution, &mut |done, _| {
            bar.set_position(done as u64)
        })
        .with_context(|| format!("{name}: exact review from {}", t.path.display()))?,
        None => analyze_record_with_endgames(
            &record,
            &config(args)?,
            endgames.as_ref().map(|(t, _)| t),
            &mut |done, _| bar.set_position(done as u64),
        )
        .with_context(|| format!("{name} does not replay"))?,
    };
    bar.finish_and_clear();
    let exact = table.as_ref().map(|t| t.path.display().to_string());
    if let Some(path) = &args.html {
        std::fs::write(path, html::report(&review, exact.as_deref()))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&review_json(&review, exact))?
        )?;
    } else {
        write_text(&review, exact.as_deref(), out)?;
        let endgame = review.turns.iter().flat_map(|t| &t.decision);
        let exact_decisions = endgame.filter(|d| d.exact && d.choices > 1).count();
        if let Some((_, path)) = endgames.as_ref().filter(|_| exact_decisions > 0) {
            writeln!(
                out,
                "exact in the endgames: {exact_decisions} decisions rated from the endgame table {} (score lost under perfect play).",
                path.display()
            )?;
        }
        if let Some(path) = &args.html {
            writeln!(out, "wrote {}", path.display())?;
        }
    }
    Ok(())
}

/// A play in the JSON review.
#[derive(Serialize)]
struct PlayJson {
    moves: Vec<MoveJson>,
    win: f64,
    stderr: f64,
}

impl PlayJson {
    fn of(p: &RankedPlay) -> PlayJson {
        PlayJson {
            moves: p.play.moves.iter().map(MoveJson::from).collect(),
            win: p.win,
            stderr: p.stderr,
        }
    }
}

/// A decision in the JSON review.
#[derive(Serialize)]
struct DecisionJson {
    /// The position with the bag, before the play.
    position: PositionJson,
    choices: usize,
    rank: usize,
    made: PlayJson,
    best: PlayJson,
    error: f64,
    /// The standard error of `error` (0 when exact).
    error_stderr: f64,
    /// The error the noise alone could give; `error` counts only above it.
    noise: f64,
    /// Whether `error` is beyond the noise (counted towards the totals).
    beyond_noise: bool,
    /// A label's size of error, within the noise: neither labelled nor counted.
    too_close: bool,
    mark: &'static str,
    /// Rated exactly (from the solution table, or the endgame table in an endgame).
    exact: bool,
}

/// A turn in the JSON review.
#[derive(Serialize)]
struct TurnJson {
    turn: usize,
    player: usize,
    throws: Vec<u8>,
    bag: Vec<u8>,
    /// The thrower's luck.
    luck: f64,
    /// Every player's expected chance before the throw and chance after it.
    before_throw: Vec<f64>,
    after_throw: Vec<f64>,
    decision: Option<DecisionJson>,
    /// Every player's chance to win after the turn (rollouts).
    wins_after: Vec<f64>,
}

/// A player's totals in the JSON review.
#[derive(Serialize)]
struct PlayerJson {
    player: usize,
    seat: &'static str,
    decisions: usize,
    total_error: f64,
    error_per_decision: f64,
    doubtful: usize,
    mistakes: usize,
    blunders: usize,
    too_close: usize,
    mean_stderr: f64,
    luck: f64,
    result: f64,
    luck_adjusted: f64,
    band: Option<&'static str>,
    /// The share of decisions that kept the best play's chance within the noise, and
    /// the mean chance lost per decision (`null` without a decision).
    accuracy: Option<Accuracy>,
}

/// The JSON review.
#[derive(Serialize)]
struct ReviewJson {
    /// `"exact"` (from a solution table: `win` fields are scores, a draw counting ½,
    /// every standard error 0) or `"estimated"` (by rollouts).
    mode: &'static str,
    /// The solution table, in exact mode.
    #[serde(skip_serializing_if = "Option::is_none")]
    table: Option<String>,
    players: Vec<PlayerJson>,
    /// How sure the review is: decisions labelled, beyond the noise and too close to
    /// call, the mean and largest standard error of the errors.
    confidence: Confidence,
    wins_start: Vec<f64>,
    turns: Vec<TurnJson>,
    result: String,
}

fn review_json(r: &GameReview, exact: Option<String>) -> ReviewJson {
    let n = r.variant.players();
    let whole = exact.is_some();
    ReviewJson {
        mode: if exact.is_some() {
            "exact"
        } else {
            "estimated"
        },
        table: exact,
        players: r
            .players
            .iter()
            .zip(accuracies(r))
            .map(|(s, accuracy)| PlayerJson {
                player: s.player,
                seat: player_name(&r.variant, s.player),
                decisions: s.decisions,
                total_error: s.total_error,
                error_per_decision: s.error_per_decision,
                doubtful: s.marks[0],
                mistakes: s.marks[1],
                blunders: s.marks[2],
                too_close: s.too_close,
                mean_stderr: s.mean_stderr,
                luck: s.luck,
                result: s.result,
                luck_adjusted: s.luck_adjusted,
                band: s.band.map(|b| b.name),
                accuracy,
            })
            .collect(),
        confidence: r.confidence(),
        wins_start: r.wins_start.clone(),
        turns: r
            .turns
            .iter()
            .map(|t| TurnJson {
                turn: t.number,
                player: t.player,
                throws: t.throws.clone(),
                bag: t.bag.clone(),
                luck: t.luck.luck(),
                before_throw: t.luck.before[..n].to_vec(),
                after_throw: t.luck.after[..n].to_vec(),
                decision: t.decision.as_ref().map(|d| DecisionJson {
                    position: r.variant.to_json(&d.position),
                    choices: d.choices,
                    rank: d.rank,
                    made: PlayJson::of(&d.made),
                    best: PlayJson::of(&d.best),
                    error: d.error,
                    error_stderr: d.error_stderr,
                    noise: d.noise,
                    beyond_noise: d.beyond_noise(),
                    too_close: d.too_close(),
                    mark: d.mark.name(),
                    exact: d.exact || whole,
                }),
                wins_after: t.wins_after.clone(),
            })
            .collect(),
        result: result_text(&r.variant, &r.end),
    }
}

/// A signed percentage: `+3.1%`, `-0.4%`.
fn signed(x: f64) -> String {
    format!("{:+.1}%", 100.0 * x)
}

/// How the bands are named and where they lie, in one line.
pub fn bands_text() -> String {
    let parts: Vec<String> = BANDS
        .iter()
        .map(|b| {
            if b.max_error.is_finite() {
                format!("{} up to {}", b.name, percent(b.max_error))
            } else {
                format!("{} beyond", b.name)
            }
        })
        .collect();
    parts.join(", ")
}

fn write_text(r: &GameReview, exact: Option<&str>, out: &mut dyn Write) -> Result<()> {
    let v = &r.variant;
    writeln!(
        out,
        "{} turns, {} players; result: {}",
        r.turns.len(),
        v.players(),
        result_text(v, &r.end)
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "turn  player  mouths up  bag       luck    play  of  error          mark"
    )?;
    for t in &r.turns {
        let throws: Vec<String> = t.throws.iter().map(u8::to_string).collect();
        let bag: Vec<String> = t.bag.iter().map(u8::to_string).collect();
        let (rank, of, error, mark) = match &t.decision {
            Some(d) if d.choices > 1 => (
                d.rank.to_string(),
                d.choices.to_string(),
                error_text(d),
                mark_text(d),
            ),
            Some(_) => ("1".into(), "1".into(), "forced".into(), ""),
            None => ("-".into(), "-".into(), "no move".into(), ""),
        };
        writeln!(
            out,
            "{:>4}  {:<6}  {:<9}  {:<8} {:>6}  {:>4} {:>3}  {:>13}  {mark}",
            t.number,
            player_name(v, t.player),
            throws.join(","),
            if bag.is_empty() {
                "-".into()
            } else {
                bag.join(" ")
            },
            signed(t.luck.luck()),
            rank,
            of,
            error,
        )?;
        if let Some(d) = t.decision.as_ref().filter(|d| d.mark >= Mark::Mistake) {
            writeln!(
                out,
                "        played: {} ({})",
                play_text(v, &d.position, &d.made.play.moves),
                percent(d.made.win)
            )?;
            writeln!(
                out,
                "        best:   {} ({})",
                play_text(v, &d.position, &d.best.play.moves),
                percent(d.best.win)
            )?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "player  decisions  error  per decision  doubtful/mistakes/blunders  too close   luck  result  luck-adjusted  band"
    )?;
    for s in &r.players {
        writeln!(
            out,
            "{:<6}  {:>9}  {:>5}  {:>12}  {:>25}  {:>9}  {:>6}  {:>6}  {:>13}  {}",
            player_name(v, s.player),
            s.decisions,
            percent(s.total_error),
            percent(s.error_per_decision),
            format!("{}/{}/{}", s.marks[0], s.marks[1], s.marks[2]),
            s.too_close,
            signed(s.luck),
            s.result,
            format!("{:+.2}", s.luck_adjusted),
            s.band.map_or("-", |b| b.name),
        )?;
    }
    for (p, a) in accuracies(r).iter().enumerate() {
        if let Some(a) = a {
            writeln!(
                out,
                "accuracy of {}: {:.0}% of {} decisions kept the best play's chance within the noise, {} lost per decision",
                player_name(v, p),
                100.0 * a.share,
                a.decisions,
                percent(a.mean_loss),
            )?;
        }
    }
    writeln!(out)?;
    match exact {
        Some(path) => writeln!(
            out,
            "exact, from the solution table {path}: error: score lost against the best play under perfect play (a win 1, a draw ½); luck: the score after each throw minus the score before it."
        )?,
        None => writeln!(
            out,
            "estimated: error: chance to win lost against the best play, by rollouts; luck: the chance after each throw minus the expectation before it."
        )?,
    }
    writeln!(out, "{}", confidence_text(&r.confidence(), exact.is_some()))?;
    writeln!(out, "bands by error per decision: {}.", bands_text())?;
    Ok(())
}

/// A decision's error for the table: `4.7%±1.1%`, or `4.7%` when exact or when the
/// play made is the best.
fn error_text(d: &Decision) -> String {
    if d.error_stderr > 0.0 {
        format!("{}±{}", percent(d.error), percent(d.error_stderr))
    } else if d.exact {
        format!("{} exact", percent(d.error))
    } else {
        percent(d.error)
    }
}

/// A decision's label, or `too close` for a label's size of error within the noise.
fn mark_text(d: &Decision) -> &'static str {
    if d.too_close() {
        "too close"
    } else {
        d.mark.name()
    }
}

/// How sure the review is, and the rule behind the labels, as text.
pub fn confidence_text(c: &Confidence, exact: bool) -> String {
    if exact {
        return format!(
            "confidence: exact, every error certain (± 0); {} of {} decisions labelled.",
            c.labelled, c.decisions
        );
    }
    format!(
        "confidence: {} of {} decisions labelled, {} too close to call; mean standard error of \
         the {} errors measured {} (largest {}). An error counts, and is labelled, only beyond \
         the noise: more than {:.2} standard errors for two plays, {:.2} for four, {:.2} for \
         ten (a play as good as the best is counted at most {}% of the time).",
        c.labelled,
        c.decisions,
        c.too_close,
        c.measured,
        percent(c.mean_stderr),
        percent(c.max_stderr),
        noise_sigmas(2),
        noise_sigmas(4),
        noise_sigmas(10),
        100.0 * FALSE_LABEL_RATE,
    )
}

/// The seat names of a variant's players.
pub fn seat_names(variant: &Variant) -> Vec<&'static str> {
    (0..variant.players())
        .map(|p| player_name(variant, p))
        .collect()
}
