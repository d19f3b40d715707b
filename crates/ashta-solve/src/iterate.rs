//! Value iteration, layer by layer: each position's value is the expectation over
//! the bags of the best play's value (a win 1, a draw ½, a loss 0, for the player to
//! move), iterated in place over a layer until no value moves by more than the
//! tolerance in a whole sweep. The higher layers are finished first ([`layer`]), so a
//! layer reads only its own values and finished ones. A game that the best plays never
//! end counts as a draw ([`crate::endless`]).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::board::Board;
use crate::checkpoint::Checkpoint;
use crate::endless::count_endless_as_draws;
use crate::error::SolveError;
use crate::graph::{Graph, END_DRAW, END_LOSS, END_WIN};
use crate::index::layer;

/// How to iterate.
#[derive(Clone, Debug)]
pub struct IterateOptions {
    /// A layer is done when a whole sweep moves no value by more than this.
    pub tolerance: f64,
    /// Most sweeps of one layer; a layer that has not converged by then is reported so.
    pub max_sweeps: u32,
    /// Show a progress bar with an estimate of the time left on standard error.
    pub progress: bool,
    /// Where to save the finished layers, and to resume from.
    pub checkpoint: Option<PathBuf>,
}

impl Default for IterateOptions {
    fn default() -> IterateOptions {
        IterateOptions {
            tolerance: 1e-9,
            max_sweeps: 100_000,
            progress: false,
            checkpoint: None,
        }
    }
}

/// How one layer converged.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerReport {
    /// The layer's number ([`layer`]).
    pub layer: u32,
    /// Its positions.
    pub states: usize,
    /// Sweeps until it converged (0 when it was read from a checkpoint).
    pub sweeps: u32,
    /// The largest change in its last sweep.
    pub residual: f64,
    /// Whether it converged within the tolerance.
    pub converged: bool,
}

/// Each state's chances for the player to move: winning and drawing.
#[derive(Clone, Debug, Default)]
pub struct Values {
    /// Chance of winning.
    pub win: Vec<f64>,
    /// Chance of a draw, a game that never ends included.
    pub draw: Vec<f64>,
    /// Chance that the game never ends under the best plays
    /// ([`crate::endless`]; counted in `draw`).
    pub endless: Vec<f64>,
}

/// The (win, draw) chances of an end for the player who played into it.
#[inline]
fn end_value(e: u32, win: &[AtomicU64], draw: &[AtomicU64]) -> (f64, f64) {
    match e {
        END_WIN => (1.0, 0.0),
        END_DRAW => (0.0, 1.0),
        END_LOSS => (0.0, 0.0),
        _ => {
            let s = (e >> 1) as usize;
            let w = f64::from_bits(win[s].load(Ordering::Relaxed));
            let d = f64::from_bits(draw[s].load(Ordering::Relaxed));
            if e & 1 == 1 {
                (w, d)
            } else {
                (1.0 - w - d, d)
            }
        }
    }
}

/// The new (win, draw) chances of state `s` from the current values.
#[inline]
fn backup(graph: &Graph, s: usize, win: &[AtomicU64], draw: &[AtomicU64]) -> (f64, f64) {
    let (mut w, mut d) = (0.0, 0.0);
    for o in graph.outcomes(s) {
        let (mut bw, mut bd, mut best) = (0.0, 0.0, f64::NEG_INFINITY);
        for &e in graph.ends_of(o) {
            let (ew, ed) = end_value(e, win, draw);
            let score = ew + 0.5 * ed;
            if score > best {
                (bw, bd, best) = (ew, ed, score);
            }
        }
        w += graph.probability[o] * bw;
        d += graph.probability[o] * bd;
    }
    (w, d)
}

/// Solves the graph: every state's chances, and how each layer converged.
pub fn iterate(
    board: &Board,
    graph: &Graph,
    options: &IterateOptions,
) -> Result<(Values, Vec<LayerReport>), SolveError> {
    let n = graph.len();
    let win: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0.5f64.to_bits())).collect();
    let draw: Vec<AtomicU64> = (0..n).map(|_| AtomicU64::new(0f64.to_bits())).collect();
    // States by layer, the highest layer first.
    let mut by_layer: Vec<(u32, u32)> = (0..n)
        .map(|s| (layer(board, &graph.compacts[s]), s as u32))
        .collect();
    by_layer.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut layers: Vec<(u32, Vec<u32>)> = Vec::new();
    for (l, s) in by_layer {
        match layers.last_mut() {
            Some((last, states)) if *last == l => states.push(s),
            _ => layers.push((l, vec![s])),
        }
    }
    let mut checkpoint = options
        .checkpoint
        .as_ref()
        .map(|path| Checkpoint::new(path.clone(), board, graph));
    let mut done_layers = 0;
    if let Some(cp) = &checkpoint {
        if let Some((done, w, d)) = cp.load()? {
            done_layers = done.min(layers.len());
            for s in 0..n {
                win[s].store(w[s].to_bits(), Ordering::Relaxed);
                draw[s].store(d[s].to_bits(), Ordering::Relaxed);
            }
        }
    }
    let bar = if options.progress {
        let bar = ProgressBar::new(n as u64);
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {pos}/{len} positions solved, {msg} [{elapsed} elapsed, ETA {eta}]",
            )
            .expect("a valid template"),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut reports = Vec::with_capacity(layers.len());
    for (k, (l, states)) in layers.iter().enumerate() {
        if k < done_layers {
            bar.inc(states.len() as u64);
            reports.push(LayerReport {
                layer: *l,
                states: states.len(),
                sweeps: 0,
                residual: 0.0,
                converged: true,
            });
            continue;
        }
        let mut sweeps = 0;
        let mut residual;
        loop {
            sweeps += 1;
            residual = states
                .par_iter()
                .map(|&s| {
                    let s = s as usize;
                    let (w, d) = backup(graph, s, &win, &draw);
                    let old_w = f64::from_bits(win[s].load(Ordering::Relaxed));
                    let old_d = f64::from_bits(draw[s].load(Ordering::Relaxed));
                    win[s].store(w.to_bits(), Ordering::Relaxed);
                    draw[s].store(d.to_bits(), Ordering::Relaxed);
                    (w - old_w).abs().max((d - old_d).abs())
                })
                .reduce(|| 0.0, f64::max);
            bar.set_message(format!("layer {}/{}: sweep {sweeps}", k + 1, layers.len()));
            if residual <= options.tolerance || sweeps >= options.max_sweeps {
                break;
            }
        }
        bar.inc(states.len() as u64);
        reports.push(LayerReport {
            layer: *l,
            states: states.len(),
            sweeps,
            residual,
            converged: residual <= options.tolerance,
        });
        if let Some(cp) = &mut checkpoint {
            let last = k + 1 == layers.len();
            if last || cp.due() {
                let w: Vec<f64> = win
                    .iter()
                    .map(|x| f64::from_bits(x.load(Ordering::Relaxed)))
                    .collect();
                let d: Vec<f64> = draw
                    .iter()
                    .map(|x| f64::from_bits(x.load(Ordering::Relaxed)))
                    .collect();
                cp.save(k + 1, &w, &d)?;
            }
        }
    }
    bar.finish();
    let get = |a: Vec<AtomicU64>| -> Vec<f64> {
        a.into_iter()
            .map(|x| f64::from_bits(x.into_inner()))
            .collect()
    };
    let (mut win, mut draw) = (get(win), get(draw));
    let endless = count_endless_as_draws(
        graph,
        &layers,
        &mut win,
        &mut draw,
        options.tolerance,
        options.max_sweeps,
    );
    Ok((Values { win, draw, endless }, reports))
}
