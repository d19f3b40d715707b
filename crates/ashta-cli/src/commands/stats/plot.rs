//! `ashta stats --plot`: the game-length histogram and the seats' win rates with their
//! 95% intervals, side by side in one PNG.

use std::path::Path;

use anyhow::{anyhow, Context, Result};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::summary::Report;

/// The font of the plot's text, bundled so that no system font is needed (Latin-1).
static FONT: &[u8] = include_bytes!("../../../assets/DejaVuSans-subset.ttf");

/// Draws the report's plot to `path`.
pub fn draw(path: &Path, r: &Report) -> Result<()> {
    plotters::style::register_font("sans-serif", FontStyle::Normal, FONT)
        .map_err(|_| anyhow!("the bundled font cannot be read"))?;
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

type Area<'a> = DrawingArea<BitMapBackend<'a>, plotters::coord::Shift>;
type DrawResult = std::result::Result<
    (),
    DrawingAreaErrorKind<<BitMapBackend<'static> as DrawingBackend>::ErrorType>,
>;

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
    let n = r.seats.len() as i32;
    let high = r.seats.iter().map(|s| s.ci95[1]).fold(r.chance, f64::max) * 1.2;
    let mut chart = ChartBuilder::on(area)
        .caption(
            "Seat shares of the decisive games (95% Wilson intervals)",
            ("sans-serif", 18),
        )
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((0..n - 1).into_segmented(), 0.0..high.min(1.05))?;
    let labels: Vec<String> = r
        .seats
        .iter()
        .map(|s| format!("{} ({})", s.name, s.seat))
        .collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(labels.len())
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .y_label_formatter(&|y| format!("{:.0}%", 100.0 * y))
        .y_desc("share of wins")
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 15))
        .draw()?;
    let fill = RGBColor(70, 130, 180);
    let margin = (400 / r.seats.len().max(1) / 5) as u32;
    chart.draw_series(r.seats.iter().enumerate().map(|(i, s)| {
        let mut bar = Rectangle::new(
            [
                (SegmentValue::Exact(i as i32), 0.0),
                (SegmentValue::Exact(i as i32 + 1), s.rate),
            ],
            fill.mix(0.8).filled(),
        );
        bar.set_margin(0, 0, margin, margin);
        bar
    }))?;
    let whisker = BLACK.stroke_width(2);
    chart.draw_series(r.seats.iter().enumerate().map(|(i, s)| {
        let x = SegmentValue::CenterOf(i as i32);
        PathElement::new(vec![(x.clone(), s.ci95[0]), (x, s.ci95[1])], whisker)
    }))?;
    let above = ("sans-serif", 14)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Bottom));
    chart.draw_series(r.seats.iter().enumerate().map(|(i, s)| {
        EmptyElement::at((SegmentValue::CenterOf(i as i32), s.ci95[1]))
            + Text::new(format!("{:.1}%", 100.0 * s.rate), (0, -4), above.clone())
    }))?;
    let line = RED.stroke_width(2);
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![
                (SegmentValue::Exact(0), r.chance),
                (SegmentValue::Exact(n), r.chance),
            ],
            line,
        )))?
        .label(format!("chance (1/{})", r.players))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], line));
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .position(SeriesLabelPosition::UpperRight)
        .draw()?;
    Ok(())
}
