//! `ashta stats --plot`: the game-length histogram and the seats' win rates with their
//! 95% intervals, side by side in one PNG.

use std::path::Path;

use anyhow::{anyhow, Context, Result};
use plotters::prelude::*;

use super::summary::Report;
use crate::bar_chart::{draw_bars, register_font, Area, Bar, BarChart, DrawResult};

/// Draws the report's plot to `path`.
pub fn draw(path: &Path, r: &Report) -> Result<()> {
    register_font()?;
    let fail = |e: &dyn std::fmt::Display| anyhow!("cannot draw {}: {e}", path.display());
    let root = BitMapBackend::new(path, (1200, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| fail(&e))?;
    let root = root
        .titled(
            &format!(
                "{} games of {} self-play, {}×{} board, {} players",
                r.games, r.bot, r.size, r.size, r.players
            ),
            ("sans-serif", 22),
        )
        .map_err(|e| fail(&e))?;
    let (left, right) = root.split_horizontally(720);
    draw_lengths(&left, r).map_err(|e| fail(&e))?;
    draw_seats(&right, r).map_err(|e| fail(&e))?;
    root.present()
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// The histogram of game lengths.
fn draw_lengths(area: &Area, r: &Report) -> DrawResult {
    let bins = &r.length.histogram;
    let x0 = bins.first().map_or(0, |b| b.from);
    let x1 = bins.last().map_or(1, |b| b.to + 1);
    let top = bins.iter().map(|b| b.games).max().unwrap_or(1) as f64 * 1.1;
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!(
                "Game length: mean {:.1}, median {} turns",
                r.length.mean, r.length.median
            ),
            ("sans-serif", 18),
        )
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(x0 as f64..x1 as f64, 0.0..top.max(1.0))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .x_desc("turns (throwing phases of all players)")
        .y_desc("games")
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 15))
        .draw()?;
    let fill = RGBColor(70, 130, 180);
    chart.draw_series(bins.iter().map(|b| {
        Rectangle::new(
            [(b.from as f64, 0.0), ((b.to + 1) as f64, b.games as f64)],
            fill.mix(0.8).filled(),
        )
    }))?;
    chart.draw_series(bins.iter().map(|b| {
        Rectangle::new(
            [(b.from as f64, 0.0), ((b.to + 1) as f64, b.games as f64)],
            WHITE.stroke_width(1),
        )
    }))?;
    Ok(())
}

/// The seats' win rates, their 95% intervals and the line of chance.
fn draw_seats(area: &Area, r: &Report) -> DrawResult {
    let bars = r
        .seats
        .iter()
        .map(|s| Bar {
            label: format!("{} ({})", s.name, s.seat),
            value: s.rate,
            lo: s.ci95[0],
            hi: s.ci95[1],
            text: format!("{:.1}%", 100.0 * s.rate),
        })
        .collect();
    draw_bars(
        area,
        &BarChart {
            title: "Seat shares of the decisive games (95% Wilson intervals)".into(),
            y_desc: "share of wins",
            bars,
            reference: Some((r.chance, format!("chance (1/{})", r.players))),
            percent: true,
            caption_size: 18,
            text_size: 14,
        },
    )
}
