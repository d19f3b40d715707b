//! The help screen: the help's text ([`crate::help`]) in a box over the game,
//! scrolled so that every line can be brought into view on the smallest terminal.

use ashta_engine::Variant;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;

use crate::help::{area_of, lines, max_scroll};

/// Draws the help over `area`, scrolled down `scroll` lines (at most to its end); the
/// bottom border says what is above and below. The rules are worded for `variant`.
pub fn draw(frame: &mut Frame, area: Rect, scroll: u16, variant: &Variant) {
    let rect = area_of(area, variant);
    let all = lines(rect.width.saturating_sub(2), variant);
    let rows = rect.height.saturating_sub(2) as usize;
    let scroll = scroll.min(max_scroll(rect, variant)) as usize;
    let shown: Vec<Line> = all.iter().skip(scroll).take(rows).cloned().collect();
    let mut block = Block::default().borders(Borders::ALL).title(" Help ");
    if all.len() > rows {
        let below = all.len() - scroll - shown.len();
        let place = match (scroll, below) {
            (0, b) => format!(" ↓ {b} more (↓ PgDn End) "),
            (_, 0) => " end (↑ PgUp Home) ".to_string(),
            (_, b) => format!(" ↑↓ {b} more "),
        };
        block = block.title_bottom(Line::from(place).right_aligned());
    }
    frame.render_widget(Clear, rect);
    frame.render_widget(Paragraph::new(shown).block(block), rect);
}
