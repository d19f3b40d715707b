//! Bar charts with 95% intervals, drawn with plotters and the bundled font: the win
//! rates and ratings of `ashta tournament --plot` and the seat shares of
//! `ashta stats --plot`.

use anyhow::{anyhow, Result};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The font of the plots' text, bundled so that no system font is needed (Latin-1).
static FONT: &[u8] = include_bytes!("../assets/DejaVuSans-subset.ttf");

/// Makes the bundled font the plots' `sans-serif`.
pub fn register_font() -> Result<()> {
    plotters::style::register_font("sans-serif", FontStyle::Normal, FONT)
        .map_err(|_| anyhow!("the bundled font cannot be read"))
}

/// A part of a PNG being drawn.
pub type Area<'a> = DrawingArea<BitMapBackend<'a>, Shift>;

/// What drawing on an [`Area`] gives.
pub type DrawResult = std::result::Result<
    (),
    DrawingAreaErrorKind<<BitMapBackend<'static> as DrawingBackend>::ErrorType>,
>;

/// One bar: its value, its interval and the text above it.
pub struct Bar {
    /// The label under the bar.
    pub label: String,
    /// The bar's height.
    pub value: f64,
    /// The interval's low bound.
    pub lo: f64,
    /// The interval's high bound.
    pub hi: f64,
    /// The text above the bar.
    pub text: String,
}

/// What a bar chart shows.
pub struct BarChart<'a> {
    /// The caption.
    pub title: String,
    /// The y axis's name.
    pub y_desc: &'a str,
    /// The bars, left to right.
    pub bars: Vec<Bar>,
    /// A horizontal reference line and its legend.
    pub reference: Option<(f64, String)>,
    /// Y axis as a percentage.
    pub percent: bool,
    /// Size of the caption.
    pub caption_size: u32,
    /// Size of the labels.
    pub text_size: u32,
}

/// Draws the chart on `area`: the bars, their intervals (capped at both ends), the
/// value above each, and the reference line with its legend.
pub fn draw_bars(area: &Area, plot: &BarChart) -> DrawResult {
    let n = plot.bars.len() as i32;
    let mut low = plot.bars.iter().map(|b| b.lo.min(0.0)).fold(0.0, f64::min);
    let mut high = plot.bars.iter().map(|b| b.hi).fold(0.0, f64::max);
    if let Some((y, _)) = plot.reference {
        high = high.max(y);
        low = low.min(y);
    }
    let span = (high - low).max(1e-9);
    high += 0.12 * span;
    if low < 0.0 {
        low -= 0.05 * span;
    }
    if plot.percent {
        // Room above 100% for the labels, no further.
        high = high.min(1.08);
    }
    let size = plot.text_size;
    let mut chart = ChartBuilder::on(area)
        .caption(&plot.title, ("sans-serif", plot.caption_size))
        .margin(20)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d((0..n - 1).into_segmented(), low..high)?;
    let labels: Vec<String> = plot.bars.iter().map(|b| b.label.clone()).collect();
    let percent = plot.percent;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(labels.len())
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .y_label_formatter(&|y| {
            if percent {
                format!("{:.0}%", 100.0 * y)
            } else {
                format!("{y:.0}")
            }
        })
        .y_desc(plot.y_desc)
        .label_style(("sans-serif", size))
        .axis_desc_style(("sans-serif", size))
        .draw()?;
    let fill = RGBColor(70, 130, 180);
    // Bars three fifths of their slot wide (the plotting area is the area less about
    // 110 pixels of margins and labels).
    let width = area.dim_in_pixel().0.saturating_sub(110);
    let margin = width / plot.bars.len().max(1) as u32 / 5;
    chart.draw_series(plot.bars.iter().enumerate().map(|(i, b)| {
        let i = i as i32;
        let mut bar = Rectangle::new(
            [
                (SegmentValue::Exact(i), 0.0),
                (SegmentValue::Exact(i + 1), b.value),
            ],
            fill.mix(0.8).filled(),
        );
        bar.set_margin(0, 0, margin, margin);
        bar
    }))?;
    // The intervals: a line from the low bound to the high one, capped at both ends.
    let whisker = BLACK.stroke_width(2);
    chart.draw_series(plot.bars.iter().enumerate().map(|(i, b)| {
        let x = SegmentValue::CenterOf(i as i32);
        PathElement::new(vec![(x.clone(), b.lo), (x, b.hi)], whisker)
    }))?;
    chart.draw_series(plot.bars.iter().enumerate().flat_map(|(i, b)| {
        [b.lo, b.hi].map(|y| {
            EmptyElement::at((SegmentValue::CenterOf(i as i32), y))
                + PathElement::new(vec![(-10, 0), (10, 0)], whisker)
        })
    }))?;
    let above = ("sans-serif", size)
        .into_font()
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Bottom));
    chart.draw_series(plot.bars.iter().enumerate().map(|(i, b)| {
        EmptyElement::at((SegmentValue::CenterOf(i as i32), b.hi.max(b.value)))
            + Text::new(b.text.clone(), (0, -6), above.clone())
    }))?;
    if let Some((y, label)) = &plot.reference {
        let line = RED.stroke_width(2);
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(SegmentValue::Exact(0), *y), (SegmentValue::Exact(n), *y)],
                line,
            )))?
            .label(label.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], line));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", size))
            .position(SeriesLabelPosition::UpperRight)
            .draw()?;
    }
    Ok(())
}
