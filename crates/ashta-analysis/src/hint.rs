//! The hint: every distinct play of the bag ranked by rollouts, with standard errors.
//!
//! Each candidate play is first scored by a two-ply search (the next throw averaged
//! exactly, each bag answered by the evaluator's favourite play). Then rollouts
//! ([`super::rollout`]) refine every candidate. With a fixed rollout count every play
//! gets exactly that many and the answer is deterministic for a seed. With a time
//! budget the rollouts run in rounds on every core (rayon); after each round a play
//! whose deficit against the leader is more than [`PRUNE_SIGMAS`] standard errors of
//! the paired difference is set aside (it keeps its estimate), so the time goes to the
//! plays that are still in contention.

use std::time::Duration;
use web_time::Instant;

use ashta_engine::{Play, Position, Variant};
use rayon::prelude::*;

use super::chance::{Chance, Expansion, WinVector};
use super::rollout::{Roller, RolloutConfig};
use ashta_bots::tuning::WeightChanges;
use ashta_session::Stop;

/// Paired standard errors by which a play must trail the leader to stop being rolled
/// out under a time budget.
pub const PRUNE_SIGMAS: f64 = 4.0;

/// Rollouts every play gets before any is set aside under a time budget.
pub const MIN_ROLLOUTS: usize = 8;

/// Rollouts a play must have before it can be set aside.
pub const PRUNE_AFTER: usize = 16;

/// Most rollouts one play gets under a time budget (a memory bound).
pub const MAX_ROLLOUTS: usize = 50_000;

/// How a hint is computed.
#[derive(Clone, Debug, PartialEq)]
pub struct HintConfig {
    /// Thinking time (all cores), used when `rollouts` is `None`, counted from the
    /// call: every play gets [`MIN_ROLLOUTS`] rollouts first unless the time runs out
    /// before (on big rules), when the plays not rolled out keep the two-ply search's
    /// value, or the evaluation's when even that search ran out of time.
    pub time: Duration,
    /// Seed of the rollouts' throws.
    pub seed: u64,
    /// A fixed number of rollouts per play instead of a time budget (deterministic).
    pub rollouts: Option<usize>,
    /// How each rollout is played.
    pub rollout: RolloutConfig,
    /// Changes to the rollout policy's weights (the program's `--weights`); none by
    /// default.
    pub weights: WeightChanges,
}

impl Default for HintConfig {
    /// One second, seed 0, default rollouts.
    fn default() -> HintConfig {
        HintConfig {
            time: Duration::from_secs(1),
            seed: 0,
            rollouts: None,
            rollout: RolloutConfig::default(),
            weights: WeightChanges::default(),
        }
    }
}

/// One play of the bag with its estimated chance to win.
#[derive(Clone, Debug, PartialEq)]
pub struct RankedPlay {
    /// The play: its moves and the position after it.
    pub play: Play,
    /// Estimated chance that the player to move wins after this play (0..1).
    pub win: f64,
    /// Standard error of `win`.
    pub stderr: f64,
    /// `win` of the best play minus this one's (0 for the best).
    pub loss: f64,
    /// Standard error of `loss`, from the rollouts the two plays share (the same
    /// throws), so it is usually much smaller than either `stderr`.
    pub loss_stderr: f64,
    /// Rollouts behind the estimate (0 for a forced play, or a play the time did not
    /// reach: the search's value).
    pub rollouts: usize,
    /// Every player's estimated chance to win after this play.
    pub wins: Vec<f64>,
    /// The two-ply search's value of the play for the player to move.
    pub search: f64,
}

/// The ranked plays of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// Every distinct play, best first. Empty when the player to move must throw or
    /// the game is over.
    pub plays: Vec<RankedPlay>,
    /// Only one play exists (every order of the moves leads to the same position),
    /// answered at once without rollouts.
    pub forced: bool,
    /// The player to move.
    pub player: usize,
    /// Rollouts played in all.
    pub rollouts: usize,
    /// Wall time taken.
    pub elapsed: Duration,
}

impl Hint {
    /// The largest standard error among the plays (0 when there are none).
    pub fn max_stderr(&self) -> f64 {
        self.plays.iter().map(|p| p.stderr).fold(0.0, f64::max)
    }
}

/// A candidate and its rollouts so far.
struct Track {
    play: Play,
    first: Option<Expansion>,
    search: f64,
    /// The two-ply search's value for every player (what a play not rolled out keeps).
    value: WinVector,
    /// The root player's estimate of each rollout, by rollout index.
    root: Vec<f64>,
    sum: WinVector,
    active: bool,
}

impl Track {
    fn mean(&self) -> f64 {
        if self.root.is_empty() {
            self.search
        } else {
            mean(&self.root)
        }
    }
}

fn mean(x: &[f64]) -> f64 {
    if x.is_empty() {
        0.0
    } else {
        x.iter().sum::<f64>() / x.len() as f64
    }
}

/// Standard error of the mean of `x` (0 with fewer than two samples).
fn stderr(x: &[f64]) -> f64 {
    let n = x.len();
    if n < 2 {
        return 0.0;
    }
    let m = mean(x);
    let var = x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (n - 1) as f64;
    (var / n as f64).sqrt()
}

/// Mean and standard error of `a[i] − b[i]` over the indices both have.
fn paired(a: &[f64], b: &[f64]) -> (f64, f64) {
    let n = a.len().min(b.len());
    let d: Vec<f64> = a[..n].iter().zip(&b[..n]).map(|(x, y)| x - y).collect();
    (mean(&d), stderr(&d))
}

/// The two-ply value of a position for every player: the exact expectation over the
/// next throw when its player must throw, else the evaluation.
fn search_value(
    variant: &Variant,
    chance: &Chance,
    pos: &Position,
    stop: &Stop,
) -> (Option<Expansion>, WinVector) {
    if pos.is_over() || pos.winner().is_some() || pos.phase() != ashta_engine::Phase::Throwing {
        return (None, chance.value(variant, pos));
    }
    // Past the stop, the evaluation of the position itself.
    match chance.expand_within(variant, pos, stop) {
        Some(e) => {
            let m = e.mean;
            (Some(e), m)
        }
        None => (None, chance.value(variant, pos)),
    }
}

/// `start + time`, or a century on for a time too long to add.
fn deadline_of(start: Instant, time: Duration) -> Instant {
    start
        .checked_add(time)
        .or_else(|| start.checked_add(Duration::from_secs(100 * 365 * 86_400)))
        .unwrap_or(start)
}

/// Ranks every distinct play of the bag of the player to move (see the module
/// documentation). Empty when the player must throw or the game is over.
pub fn hint(variant: &Variant, pos: &Position, config: &HintConfig) -> Hint {
    hint_within(variant, pos, config, &Stop::never())
}

/// [`hint()`], which also ends at `stop` (a cancel flag, a deadline), answering with
/// what it has by then: the rollouts done, else the search values (see
/// [`HintConfig::time`]). With a time budget, the hint keeps it from this call on
/// whatever the rules cost, within about one throwing phase's expansion.
pub fn hint_within(variant: &Variant, pos: &Position, config: &HintConfig, stop: &Stop) -> Hint {
    let start = Instant::now();
    let stop = match config.rollouts {
        Some(_) => stop.clone(),
        None => stop.clone().with_deadline(deadline_of(start, config.time)),
    };
    let stop = &stop;
    let player = pos.to_move();
    let plays = variant.plays(pos);
    let players = variant.players();
    let mut hint = Hint {
        plays: Vec::new(),
        forced: plays.len() == 1,
        player,
        rollouts: 0,
        elapsed: Duration::ZERO,
    };
    if plays.is_empty() {
        hint.elapsed = start.elapsed();
        return hint;
    }
    let chance = Chance::new(variant, config.rollout.max_throws, &config.weights);
    if plays.len() == 1 {
        let play = plays.into_iter().next().expect("one play");
        let (_, value) = search_value(variant, &chance, &play.position, stop);
        hint.plays.push(RankedPlay {
            win: value[player],
            stderr: 0.0,
            loss: 0.0,
            loss_stderr: 0.0,
            rollouts: 0,
            wins: value[..players].to_vec(),
            search: value[player],
            play,
        });
        hint.elapsed = start.elapsed();
        return hint;
    }
    // First the evaluation of every play (one ply), in parallel: on big rules a bag
    // has tens of thousands of plays, and past the stop the plays not yet evaluated are
    // left out of the ranking (the first always has its value).
    let values: Vec<Option<WinVector>> = plays
        .par_iter()
        .enumerate()
        .map(|(k, p)| (k == 0 || !stop.is_stopped()).then(|| chance.value(variant, &p.position)))
        .collect();
    let mut tracks: Vec<Track> = plays
        .into_iter()
        .zip(values)
        .filter_map(|(play, value)| {
            let value = value?;
            Some(Track {
                play,
                first: None,
                search: value[player],
                value,
                root: Vec::new(),
                sum: [0.0; 4],
                active: true,
            })
        })
        .collect();
    // Then the two-ply search of each (the exact expectation over the next throw), the
    // plays the evaluation likes best first.
    let needs = |p: &Position| {
        !(p.is_over() || p.winner().is_some() || p.phase() != ashta_engine::Phase::Throwing)
    };
    let mut order: Vec<usize> = (0..tracks.len()).collect();
    order.sort_by(|&a, &b| {
        tracks[b]
            .search
            .total_cmp(&tracks[a].search)
            .then(a.cmp(&b))
    });
    let searched: Vec<(usize, Option<Expansion>)> = order
        .par_iter()
        .map(|&c| {
            let pos = &tracks[c].play.position;
            let e = needs(pos)
                .then(|| chance.expand_within(variant, pos, stop))
                .flatten();
            (c, e)
        })
        .collect();
    let complete = searched
        .iter()
        .all(|(c, e)| e.is_some() || !needs(&tracks[*c].play.position));
    // When the two-ply search of every play did not fit in the time (big rules), every
    // play keeps the evaluation's value, so they are ranked alike.
    if complete {
        for (c, e) in searched {
            if let Some(e) = e {
                let t = &mut tracks[c];
                t.value = e.mean;
                t.search = e.mean[player];
                t.first = Some(e);
            }
        }
    }
    let roller = Roller::new(variant, &chance, config.rollout, config.seed);
    let round = |tracks: &mut Vec<Track>, per_play: usize| {
        if stop.is_stopped() {
            return 0;
        }
        let jobs: Vec<(usize, u64)> = tracks
            .iter()
            .enumerate()
            .filter(|(_, t)| t.active)
            .flat_map(|(c, t)| (t.root.len()..t.root.len() + per_play).map(move |i| (c, i as u64)))
            .collect();
        let results: Vec<Option<WinVector>> = jobs
            .par_iter()
            .map(|&(c, i)| {
                let t = &tracks[c];
                if stop.is_stopped() {
                    return None;
                }
                roller.roll_within(&t.play.position, t.first.as_ref(), i, stop)
            })
            .collect();
        // A rollout given up on at the stop leaves out the play's later ones too, so
        // rollout `i` of every play still shares its throws with the others' `i`.
        let mut cut = vec![false; tracks.len()];
        let mut done = 0;
        for (&(c, _), r) in jobs.iter().zip(results) {
            let t = &mut tracks[c];
            match r {
                Some(r) if !cut[c] => {
                    t.root.push(r[player]);
                    for (s, x) in t.sum.iter_mut().zip(r) {
                        *s += x;
                    }
                    done += 1;
                }
                _ => cut[c] = true,
            }
        }
        done
    };
    match config.rollouts {
        Some(n) => hint.rollouts += round(&mut tracks, n.max(1)),
        None => {
            let deadline = deadline_of(start, config.time);
            let mut per_play = MIN_ROLLOUTS;
            // Once the leader alone is left, the rest of the time sharpens every play's
            // estimate alike.
            let mut settled = false;
            loop {
                let t0 = Instant::now();
                let jobs = round(&mut tracks, per_play);
                hint.rollouts += jobs;
                let took = t0.elapsed();
                if !settled {
                    prune(&mut tracks);
                    if tracks.iter().filter(|t| t.active).count() <= 1 {
                        settled = true;
                        for t in &mut tracks {
                            t.active = true;
                        }
                    }
                }
                let now = Instant::now();
                let active: Vec<usize> = (0..tracks.len()).filter(|&c| tracks[c].active).collect();
                let most = active
                    .iter()
                    .map(|&c| tracks[c].root.len())
                    .max()
                    .unwrap_or(0);
                if now >= deadline || most >= MAX_ROLLOUTS || stop.is_stopped() {
                    break;
                }
                let remaining = deadline - now;
                let target = remaining.min(Duration::from_millis(200)).max(remaining / 4);
                let per_job = took.as_secs_f64() / jobs.max(1) as f64;
                let fit = target.as_secs_f64() / per_job.max(1e-7) / active.len() as f64;
                per_play = (fit as usize).clamp(1, MAX_ROLLOUTS - most);
            }
        }
    }
    let best = (0..tracks.len())
        .max_by(|&a, &b| {
            tracks[a]
                .mean()
                .total_cmp(&tracks[b].mean())
                .then(b.cmp(&a))
        })
        .expect("at least two plays");
    let best_root = tracks[best].root.clone();
    // Luck-corrected rollouts can stray a little past 0 or 1; the chances reported
    // are kept in range.
    let best_win = tracks[best].mean().clamp(0.0, 1.0);
    let mut ranked: Vec<RankedPlay> = tracks
        .into_iter()
        .map(|t| {
            let n = t.root.len();
            let win = t.mean().clamp(0.0, 1.0);
            let (_, loss_stderr) = paired(&best_root, &t.root);
            RankedPlay {
                win,
                stderr: stderr(&t.root),
                loss: (best_win - win).max(0.0),
                loss_stderr,
                rollouts: n,
                wins: if n == 0 {
                    t.value[..players]
                        .iter()
                        .map(|v| v.clamp(0.0, 1.0))
                        .collect()
                } else {
                    t.sum[..players]
                        .iter()
                        .map(|s| (s / n as f64).clamp(0.0, 1.0))
                        .collect()
                },
                search: t.search,
                play: t.play,
            }
        })
        .collect();
    ranked.sort_by(|a, b| b.win.total_cmp(&a.win).then(b.search.total_cmp(&a.search)));
    hint.plays = ranked;
    hint.elapsed = start.elapsed();
    hint
}

/// Sets aside the plays that trail the leader by more than [`PRUNE_SIGMAS`] paired
/// standard errors (once they have [`PRUNE_AFTER`] rollouts); the leader stays active.
fn prune(tracks: &mut [Track]) {
    let Some(best) =
        (0..tracks.len()).max_by(|&a, &b| tracks[a].mean().total_cmp(&tracks[b].mean()))
    else {
        return;
    };
    tracks[best].active = true;
    for c in 0..tracks.len() {
        if c == best || !tracks[c].active || tracks[c].root.len() < PRUNE_AFTER {
            continue;
        }
        let (d, se) = paired(&tracks[best].root, &tracks[c].root);
        if d > PRUNE_SIGMAS * se + 1e-9 {
            tracks[c].active = false;
        }
    }
}

/// Rollout estimate of one position: every player's chance to win and its standard
/// error.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Every player's estimated chance to win.
    pub wins: Vec<f64>,
    /// The standard error of each.
    pub stderr: Vec<f64>,
    /// Rollouts behind the estimate.
    pub rollouts: usize,
}

/// Rolls out `pos` itself (any position: one where the player must throw, one with a
/// bag, or a finished game): `config.rollouts` rollouts, or as many as `config.time`
/// allows on every core.
pub fn estimate(variant: &Variant, pos: &Position, config: &HintConfig) -> Estimate {
    estimate_within(variant, pos, config, &Stop::never())
}

/// [`estimate`], which also ends at `stop`, and keeps its time budget from this call
/// on (with no rollout done by then, the estimate is the search's value alone).
pub fn estimate_within(
    variant: &Variant,
    pos: &Position,
    config: &HintConfig,
    stop: &Stop,
) -> Estimate {
    let start = Instant::now();
    let stop = match config.rollouts {
        Some(_) => stop.clone(),
        None => stop.clone().with_deadline(deadline_of(start, config.time)),
    };
    let players = variant.players();
    let chance = Chance::new(variant, config.rollout.max_throws, &config.weights);
    let (first, value) = search_value(variant, &chance, pos, &stop);
    let roller = Roller::new(variant, &chance, config.rollout, config.seed);
    let mut samples: Vec<WinVector> = Vec::new();
    let mut batch = config.rollouts.unwrap_or(MIN_ROLLOUTS).max(1);
    loop {
        let from = samples.len() as u64;
        let t0 = Instant::now();
        let more: Vec<Option<WinVector>> = (from..from + batch as u64)
            .into_par_iter()
            .map(|i| roller.roll_within(pos, first.as_ref(), i, &stop))
            .collect();
        samples.extend(more.into_iter().map_while(|r| r));
        let now = Instant::now();
        let deadline = deadline_of(start, config.time);
        if config.rollouts.is_some()
            || now >= deadline
            || samples.len() >= MAX_ROLLOUTS
            || stop.is_stopped()
        {
            break;
        }
        let per = (now - t0).as_secs_f64() / batch as f64;
        let remaining = (deadline - now).as_secs_f64();
        batch = ((remaining / per.max(1e-7)) as usize).clamp(1, MAX_ROLLOUTS - samples.len());
    }
    if samples.is_empty() {
        return Estimate {
            wins: value[..players].iter().map(|v| v.clamp(0.0, 1.0)).collect(),
            stderr: vec![0.0; players],
            rollouts: 0,
        };
    }
    let column = |q: usize| samples.iter().map(|s| s[q]).collect::<Vec<f64>>();
    Estimate {
        wins: (0..players)
            .map(|q| mean(&column(q)).clamp(0.0, 1.0))
            .collect(),
        stderr: (0..players).map(|q| stderr(&column(q))).collect(),
        rollouts: samples.len(),
    }
}

/// Rules on which every step of a search is slow, and positions on them (tests here and
/// of the bots' deadlines).
#[cfg(test)]
pub(crate) mod huge {
    use ashta_engine::{Position, RulesObject, SeededThrows, Variant};

    use ashta_bots::RandomBot;
    use ashta_session::{Bot, Stop};

    /// Cancels `stop` from another thread after `ms` milliseconds; join the handle to
    /// wait for it.
    pub(crate) fn cancel_after(stop: &Stop, ms: u64) -> std::thread::JoinHandle<()> {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(ms));
            stop.cancel();
        })
    }

    /// The rules of the report: 15 × 15, sixteen pawns, fifteen cowries, sixteen faces
    /// of value u + 1, graces from u = 8 (a grace exactly half the time), two players.
    pub(crate) fn variant() -> Variant {
        let faces: Vec<serde_json::Value> = (0..16)
            .map(|u| serde_json::json!({"value": u + 1, "grace": u >= 8}))
            .collect();
        let object: RulesObject = serde_json::from_value(serde_json::json!({
            "preset": "standard", "size": 15, "players": 2, "pawns": 16, "cowries": 15,
            "throws": faces,
        }))
        .expect("a rules object");
        Variant::new(object.to_rules().expect("rules")).expect("a variant")
    }

    /// A position after `turns` random turns where player 0 holds a bag of at least
    /// `values` values with several plays.
    pub(crate) fn position(v: &Variant, turns: usize, values: u8) -> Position {
        let mut pos = v.start_position();
        let mut throws = SeededThrows::new(7);
        let mut random = RandomBot::new(7);
        let mut done = 0;
        loop {
            if pos.phase() == ashta_engine::Phase::Throwing {
                v.throw(&mut pos, ashta_engine::PhaseFrom::Source(&mut throws))
                    .unwrap();
                done += 1;
                continue;
            }
            if done >= turns
                && pos.to_move() == 0
                && pos.bag_len() >= usize::from(values)
                && v.plays_within(&pos, 200).plays.len() > 1
            {
                return pos;
            }
            pos = random.choose(v, &pos).unwrap().position;
            assert!(!pos.is_over(), "the game ended first");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// The attack of rules made to be slow (15 × 15, 16 pawns, 15 cowries of near-certain
    /// graces): a 400 ms hint on them once took 2.9 s, and 60 s and more from the command
    /// line. It keeps its time from the call, whatever one rollout or one play's search costs.
    #[test]
    fn a_hint_on_huge_rules_keeps_its_time() {
        let v = huge::variant();
        let pos = huge::position(&v, 24, 3);
        let config = HintConfig {
            time: Duration::from_millis(400),
            ..HintConfig::default()
        };
        let t = Instant::now();
        let h = hint(&v, &pos, &config);
        let took = t.elapsed();
        assert!(h.plays.len() > 1);
        assert!(took < Duration::from_millis(400 + 600), "{took:?}");
        // Every play has a value (the search's where no rollout reached it), in range.
        for p in &h.plays {
            assert!((0.0..=1.0).contains(&p.win), "{}", p.win);
            assert_eq!(p.wins.len(), 2);
        }
    }

    #[test]
    fn a_cancelled_hint_stops_at_once_even_with_a_fixed_rollout_count() {
        let v = huge::variant();
        let pos = huge::position(&v, 24, 3);
        let config = HintConfig {
            rollouts: Some(1000),
            ..HintConfig::default()
        };
        let stop = Stop::new();
        let canceller = huge::cancel_after(&stop, 200);
        let t = Instant::now();
        let h = hint_within(&v, &pos, &config, &stop);
        let took = t.elapsed();
        canceller.join().unwrap();
        assert!(!h.plays.is_empty());
        assert!(took < Duration::from_millis(200 + 600), "{took:?}");
    }

    #[test]
    fn an_estimate_on_huge_rules_keeps_its_time() {
        let v = huge::variant();
        let pos = huge::position(&v, 24, 1);
        let config = HintConfig {
            time: Duration::from_millis(300),
            ..HintConfig::default()
        };
        let t = Instant::now();
        let e = estimate(&v, &pos, &config);
        assert!(
            t.elapsed() < Duration::from_millis(300 + 600),
            "{:?}",
            t.elapsed()
        );
        assert_eq!(e.wins.len(), 2);
    }
}

/// The bots' deadlines on the same huge rules (the functions that build huge rules live
/// in this file).
#[cfg(test)]
mod bot_deadlines {
    use super::huge;
    use ashta_session::Stop;
    use std::time::{Duration, Instant};

    use ashta_bots::{make_bot, MctsBot, MctsConfig, KEEP_NODES};
    use ashta_session::Bot;

    /// The attacks of slow rules and of unbounded budgets: searching bots keep a time
    /// budget from the call on huge rules, where one simulation or node is slow, and `expecti`'s widest
    /// setting keeps its time too.
    #[test]
    fn searching_bots_keep_their_time_on_huge_rules() {
        let v = huge::variant();
        let pos = huge::position(&v, 24, 3);
        for (spec, ms) in [
            ("master", 300),
            ("hard", 300),
            ("medium", 300),
            ("expecti:throws=4,depth=12,time=500", 500),
        ] {
            let mut bot = make_bot(spec, 1, Some(Duration::from_millis(ms))).unwrap();
            let t = Instant::now();
            let play = bot.choose(&v, &pos);
            let took = t.elapsed();
            assert!(play.is_some(), "{spec}");
            assert!(took < Duration::from_millis(ms + 600), "{spec}: {took:?}");
        }
        // On the standard rules too (the report's `ashta engine` case).
        let std = ashta_engine::Variant::new(ashta_engine::Rules::standard()).unwrap();
        let (_, mid) =
            ashta_engine::parse_any("standard 5 4 0 4,2 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0")
                .unwrap();
        let mut bot = make_bot("expecti:throws=4,time=500", 1, None).unwrap();
        let t = Instant::now();
        bot.choose(&std, &mid).unwrap();
        assert!(
            t.elapsed() < Duration::from_millis(500 + 600),
            "{:?}",
            t.elapsed()
        );
    }

    /// A stop cancels a search whose own budget is far away, and the bot still answers.
    #[test]
    fn a_cancelled_search_answers_at_once() {
        let v = huge::variant();
        let pos = huge::position(&v, 24, 3);
        for spec in ["master:time=60000", "expecti:time=60000"] {
            let mut bot = make_bot(spec, 1, None).unwrap();
            let stop = Stop::new();
            bot.set_stop(stop.clone());
            let canceller = huge::cancel_after(&stop, 200);
            let t = Instant::now();
            assert!(bot.choose(&v, &pos).is_some());
            let took = t.elapsed();
            canceller.join().unwrap();
            assert!(took < Duration::from_millis(200 + 600), "{spec}: {took:?}");
        }
    }

    /// The attack of memory held between decisions: a bot keeps no big search tree
    /// between decisions.
    #[test]
    fn a_bot_frees_its_tree_after_a_decision() {
        let v = ashta_engine::Variant::new(ashta_engine::Rules::standard()).unwrap();
        let (_, pos) =
            ashta_engine::parse_any("standard 5 4 0 4,2 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0")
                .unwrap();
        let mut bot = MctsBot::new(3, MctsConfig::default());
        bot.analyse(&v, &pos);
        assert!(bot.last_simulations() > 1000);
        assert!(bot.tree_capacity() <= KEEP_NODES, "{}", bot.tree_capacity());
        // A server's bot, waiting for a person, keeps no tree at all.
        let mut small = MctsBot::new(
            3,
            MctsConfig {
                simulations: 100,
                ..MctsConfig::default()
            },
        );
        small.analyse(&v, &pos);
        assert!(small.tree_capacity() > 0);
        small.release_memory();
        assert_eq!(small.tree_capacity(), 0);
        assert!(!small.analyse(&v, &pos).is_empty());
    }
}
