//! The board widget: the N×N grid as South sees it, crossed (safe) squares drawn with
//! their cross, each player's pawns in its colour and letter with a count, doubles
//! (`=`) and blocking doubles (`#` and the letters of the players they still block),
//! the pawns at home in the centre square, the mover's units that can move with the bag
//! marked (`▲`, underlined), and the squares of a chosen or moving unit lit up; or, on
//! demand, one seat's route numbered square by square. The cells shrink to fit the
//! space; in one-row cells the first column holds the square's mark (`╳` safe, `⌂`
//! home) or stays blank, so that the pawns of neighbouring squares never run together.
//! [`legend`] words the marks for the space under the board.

use ashta_engine::{Position, Square, Variant};
use ashta_session::describe::{double_mark, DoubleMark};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

use crate::describe::{player_letter, player_name};
use crate::ui::player_style;

/// A unit drawn away from its square while its move is shown.
#[derive(Clone, Copy, Debug)]
pub struct Moving {
    /// Its owner.
    pub player: usize,
    /// How many pawns.
    pub count: usize,
    /// The square it left (`None`: it enters from off the board).
    pub from: Option<Square>,
    /// The square it is on now.
    pub at: Square,
}

/// The board as one widget.
pub struct BoardView<'a> {
    /// The rules.
    pub variant: &'a Variant,
    /// The position.
    pub position: &'a Position,
    /// The chosen unit's square.
    pub origin: Option<Square>,
    /// The squares the chosen unit passes, its landing square last.
    pub path: &'a [Square],
    /// A unit on the move.
    pub moving: Option<Moving>,
    /// The squares of the mover's units that can move with the bag, as the engine's
    /// legal moves say (empty unless a person is choosing).
    pub movable: &'a [Square],
    /// The player whose route is drawn instead of the pawns, if any.
    pub route: Option<usize>,
}

/// Cell geometry that fits an area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cells {
    /// Columns inside a cell.
    pub width: u16,
    /// Rows inside a cell.
    pub height: u16,
    /// Whether grid lines are drawn between cells.
    pub lines: bool,
}

impl Cells {
    /// The smallest cells that still keep the pawns of neighbouring squares apart and
    /// show a pawn, its count and one mark: four columns, one row, no grid lines.
    pub const LEGIBLE: Cells = Cells {
        width: 4,
        height: 1,
        lines: false,
    };

    /// The largest cells for a board of side `n` in `w`×`h` (labels included).
    pub fn fit(n: u16, w: u16, h: u16) -> Cells {
        for &(width, height, lines) in &[
            (7, 3, true),
            (6, 3, true),
            (6, 1, true),
            (5, 1, true),
            (4, 1, true),
            (4, 1, false),
            (3, 1, false),
        ] {
            let c = Cells {
                width,
                height,
                lines,
            };
            let (cw, ch) = c.size(n);
            if cw <= w && ch <= h {
                return c;
            }
        }
        Cells {
            width: 3,
            height: 1,
            lines: false,
        }
    }

    /// Width and height of the whole drawing with its rank and file labels.
    pub fn size(&self, n: u16) -> (u16, u16) {
        let line = u16::from(self.lines);
        let w = 2 + n * (self.width + line) + line;
        let h = n * (self.height + line) + line + 1;
        (w, h)
    }
}

/// One group of pawns on a square.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Group {
    player: usize,
    count: usize,
    mark: String,
}

impl BoardView<'_> {
    fn groups(&self) -> Vec<Vec<Group>> {
        let v = self.variant;
        let pos = self.position;
        let n = v.geometry().size();
        let mut counts = vec![vec![0usize; v.players()]; n * n];
        for p in 0..v.players() {
            for i in v.pawns(pos, p).flatten() {
                counts[v.square(p, i).0 as usize][p] += 1;
            }
        }
        if let Some(m) = self.moving {
            if let Some(from) = m.from {
                let c = &mut counts[from.0 as usize][m.player];
                *c = c.saturating_sub(m.count);
            }
            counts[m.at.0 as usize][m.player] += m.count;
        }
        counts
            .iter()
            .enumerate()
            .map(|(s, row)| {
                let sq = Square(s as u8);
                row.iter()
                    .enumerate()
                    .filter(|(_, &c)| c > 0)
                    .map(|(p, &count)| {
                        let mut mark = String::new();
                        match double_mark(v, pos, sq, count) {
                            DoubleMark::None => {}
                            DoubleMark::Double => mark.push('='),
                            DoubleMark::Blocks(b) => {
                                mark.push('#');
                                for q in 0..v.players() {
                                    if b.blocked & (1 << q) != 0 {
                                        mark.push(player_letter(v, q));
                                    }
                                }
                            }
                        }
                        Group {
                            player: p,
                            count,
                            mark,
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let v = self.variant;
        let n = v.geometry().size() as u16;
        let cells = Cells::fit(n, area.width, area.height);
        let (total_w, _) = cells.size(n);
        let x0 = area.x + area.width.saturating_sub(total_w) / 2;
        let y0 = area.y;
        let line = u16::from(cells.lines);
        let step_x = cells.width + line;
        let step_y = cells.height + line;
        let grid_style = Style::default().fg(Color::DarkGray);
        let clip = |x: u16, y: u16| x < area.right() && y < area.bottom();
        if cells.lines {
            draw_grid(buf, area, x0 + 2, y0, n, cells);
        }
        let groups = self.groups();
        for rank in 0..n {
            // Rank N at the top.
            let row = n - 1 - rank;
            let cy = y0 + line + row * step_y;
            let label_y = cy + cells.height / 2;
            if clip(x0, label_y) {
                buf.set_string(x0, label_y, format!("{:>2}", rank + 1), grid_style);
            }
            for file in 0..n {
                let cell = Rect::new(x0 + 2 + line + file * step_x, cy, cells.width, cells.height);
                let sq = Square::new(file as usize, rank as usize, n as usize);
                self.draw_cell(buf, area, cell, sq, &groups[sq.0 as usize]);
            }
        }
        // File letters below.
        let fy = y0 + n * step_y + line;
        for file in 0..n {
            let x = x0 + 2 + line + file * step_x + cells.width / 2;
            if clip(x, fy) {
                buf.set_string(x, fy, ((b'a' + file as u8) as char).to_string(), grid_style);
            }
        }
    }
}

impl BoardView<'_> {
    /// The background of a square: home, the chosen unit's path, its landing square, its
    /// own square.
    fn background(&self, sq: Square) -> Style {
        let mut bg = Style::default();
        if sq == self.variant.geometry().centre() {
            bg = bg.bg(Color::Indexed(236));
        }
        if self.path.contains(&sq) {
            bg = bg.bg(Color::Indexed(238));
        }
        if self.path.last() == Some(&sq) {
            bg = bg.bg(Color::Indexed(24));
        }
        if Some(sq) == self.origin {
            bg = bg.bg(Color::Indexed(58));
        }
        bg
    }

    /// Draws square `sq` in `cell` (clipped to `area`): its background, its mark (the
    /// cross of a safe square, home), and its pawns or its step on the route shown.
    fn draw_cell(&self, buf: &mut Buffer, area: Rect, cell: Rect, sq: Square, groups: &[Group]) {
        let v = self.variant;
        let clip = |x: u16, y: u16| x < area.right() && y < area.bottom();
        let tall = cell.height >= 3;
        let safe = v.is_safe(sq);
        let home = sq == v.geometry().centre();
        let bg = self.background(sq);
        let mark_style = bg.patch(Style::default().fg(Color::Indexed(244)));
        for y in cell.top()..cell.bottom() {
            for x in cell.left()..cell.right() {
                if clip(x, y) {
                    buf[(x, y)].set_symbol(" ").set_style(bg);
                }
            }
        }
        let (cx, cy, right, bottom) = (cell.x, cell.y, cell.right() - 1, cell.bottom() - 1);
        if tall {
            // The cross in the corners, `home` in the middle of the top row.
            if safe && !home {
                for (x, y, s) in [
                    (cx, cy, "╲"),
                    (right, cy, "╱"),
                    (cx, bottom, "╱"),
                    (right, bottom, "╲"),
                ] {
                    if clip(x, y) {
                        buf[(x, y)].set_symbol(s).set_style(mark_style);
                    }
                }
            }
            if home {
                let label = if cell.width >= 6 { "home" } else { MARK_HOME };
                let lx = cx + cell.width.saturating_sub(width(label)) / 2;
                put(buf, area, lx, cy, cell.right(), label, mark_style);
            }
        } else {
            // One row: its first column holds the square's mark, or stays blank so that
            // the pawns of two squares never run together.
            let mark = if home {
                MARK_HOME
            } else if safe {
                MARK_SAFE
            } else {
                " "
            };
            if clip(cx, cy) {
                buf[(cx, cy)].set_symbol(mark).set_style(mark_style);
            }
        }
        let movable = self.route.is_none() && self.movable.contains(&sq);
        if movable && tall {
            let mx = cx + cell.width / 2;
            let style = bg.patch(player_style(self.position.to_move()));
            put(buf, area, mx, bottom, cell.right(), MARK_MOVABLE, style);
        }
        let texts = match self.route {
            Some(p) => self.route_text(p, sq, bg, tall).into_iter().collect(),
            None => self.group_texts(sq, groups, bg, movable && !tall),
        };
        let (start_x, inner_w) = if tall {
            (cx, cell.width)
        } else {
            (cx + 1, cell.width.saturating_sub(1))
        };
        let lines_avail = if tall { cell.height - 1 } else { 1 };
        let text_y0 = if tall { cy + 1 } else { cy };
        let (texts, gap) = if tall {
            (texts, 1)
        } else {
            squeeze(texts, inner_w, mark_style)
        };
        // Lay the groups out in lines, then centre each line in the cell.
        let mut rows: Vec<Vec<(String, Style)>> = vec![Vec::new()];
        let mut used = 0u16;
        for (text, style) in texts {
            let len = width(&text);
            if used > 0 && used + gap + len > inner_w {
                rows.push(Vec::new());
                used = 0;
            }
            used += len + if used > 0 { gap } else { 0 };
            rows.last_mut()
                .expect("one row at least")
                .push((text, style));
        }
        let end = start_x + inner_w;
        for (ly, row) in rows.into_iter().take(lines_avail as usize).enumerate() {
            let row_w = row_width(&row, gap);
            let mut x = start_x + inner_w.saturating_sub(row_w) / 2;
            let y = text_y0 + ly as u16;
            for (text, style) in row {
                put(buf, area, x, y, end, &text, style);
                x += width(&text) + gap;
            }
        }
    }

    /// The pawns of each player on a square: letter, count, the movable mark (when
    /// `mark_movable`) and the double's mark, in the player's colour; the mover's units
    /// that can move underlined.
    fn group_texts(
        &self,
        sq: Square,
        groups: &[Group],
        bg: Style,
        mark_movable: bool,
    ) -> Vec<(String, Style)> {
        let v = self.variant;
        let movable = self.movable.contains(&sq);
        groups
            .iter()
            .map(|g| {
                let mut text = player_letter(v, g.player).to_string();
                if g.count > 1 {
                    text += &g.count.to_string();
                }
                let mover = g.player == self.position.to_move();
                if mark_movable && mover {
                    text += MARK_MOVABLE;
                }
                text += &g.mark;
                let mut style = bg
                    .patch(player_style(g.player))
                    .add_modifier(Modifier::BOLD);
                if movable && mover {
                    style = style.add_modifier(Modifier::UNDERLINED);
                }
                if self
                    .moving
                    .is_some_and(|m| m.at == sq && m.player == g.player)
                {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                (text, style)
            })
            .collect()
    }

    /// A square's step on the route of player `p`, from 1 at its start square; home is
    /// `⌂` (in a `tall` cell: a one-row cell has it in its mark column already), squares
    /// off the route say nothing.
    fn route_text(&self, p: usize, sq: Square, bg: Style, tall: bool) -> Option<(String, Style)> {
        let v = self.variant;
        let i = v.path_index(p, sq);
        if i > v.home() || v.square(p, i) != sq || (i == v.home() && !tall) {
            return None;
        }
        let text = if i == v.home() {
            MARK_HOME.to_string()
        } else {
            (i + 1).to_string()
        };
        let mut style = bg.patch(player_style(p)).add_modifier(Modifier::BOLD);
        if i >= v.outer_len() {
            // Past the gate: the inner rings.
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        Some((text, style))
    }
}

/// The width of groups laid side by side, `gap` columns apart.
fn row_width(texts: &[(String, Style)], gap: u16) -> u16 {
    texts.iter().map(|(t, _)| width(t)).sum::<u16>() + gap * texts.len().saturating_sub(1) as u16
}

/// Fits the groups of a one-row cell into `inner` columns, so that no group is cut off
/// unseen: first with a space between groups, then with none (the colours and the
/// letters still tell them apart), and at last the groups that fit followed by `+` in
/// `more_style`, which says that the square holds more. A lone group is left whole (its
/// end, the letters of the players a block stops, may be clipped). Returns the texts
/// and the gap between them.
fn squeeze(
    texts: Vec<(String, Style)>,
    inner: u16,
    more_style: Style,
) -> (Vec<(String, Style)>, u16) {
    if texts.len() < 2 || row_width(&texts, 1) <= inner {
        return (texts, 1);
    }
    if row_width(&texts, 0) <= inner {
        return (texts, 0);
    }
    let room = inner.saturating_sub(1);
    let mut kept = Vec::new();
    let mut used = 0;
    for (text, style) in texts.iter() {
        if used + width(text) > room {
            break;
        }
        used += width(text);
        kept.push((text.clone(), *style));
    }
    if kept.is_empty() {
        let (text, style) = &texts[0];
        kept.push((text.chars().take(room as usize).collect(), *style));
    }
    kept.push(("+".to_string(), more_style));
    (kept, 0)
}

/// The board's marks in words, the most needed first: the marks of the pawns and
/// squares, or, while `route` shows a seat's route, how to read it.
pub fn legend(variant: &Variant, route: Option<usize>) -> Vec<String> {
    match route {
        Some(p) => {
            let outer = variant.outer_len();
            vec![
                format!("{}'s route:", player_name(variant, p)),
                format!("1-{outer} outer ring"),
                format!("{}-{} inside the gate", outer + 1, variant.home()),
                format!("{MARK_HOME} home"),
                "r: next".to_string(),
            ]
        }
        None => vec![
            format!("{MARK_MOVABLE} can move"),
            format!("{MARK_SAFE} safe"),
            format!("{MARK_HOME} home"),
            "= double".to_string(),
            "#EN blocks E,N".to_string(),
            "shut: gate shut".to_string(),
            "S2: 2 pawns".to_string(),
            "r: route".to_string(),
            "+: more pawns".to_string(),
        ],
    }
}

pub use ashta_session::describe::{MARK_HOME, MARK_SAFE};
/// The mark of a square whose unit can move with the bag.
pub const MARK_MOVABLE: &str = "▲";

/// Writes `text` at (`x`, `y`), cut at column `end` and at the edge of `area`.
fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, end: u16, text: &str, style: Style) {
    if y >= area.bottom() || x >= area.right() {
        return;
    }
    let room = end.min(area.right()).saturating_sub(x) as usize;
    buf.set_stringn(x, y, text, room, style);
}

/// Columns `text` takes.
fn width(text: &str) -> u16 {
    crate::fit::width(text) as u16
}

/// The grid lines of an `n`×`n` board of `cells` whose top-left corner is (`x0`, `y0`).
fn draw_grid(buf: &mut Buffer, area: Rect, x0: u16, y0: u16, n: u16, cells: Cells) {
    let grid_style = Style::default().fg(Color::DarkGray);
    let clip = |x: u16, y: u16| x < area.right() && y < area.bottom();
    let (step_x, step_y) = (cells.width + 1, cells.height + 1);
    for row in 0..=n {
        let y = y0 + row * step_y;
        for x in x0..x0 + 1 + n * step_x {
            if !clip(x, y) {
                continue;
            }
            let dx = x - x0;
            let sym = if !dx.is_multiple_of(step_x) {
                "─"
            } else {
                let col = dx / step_x;
                let (first, last) = (col == 0, col == n);
                match (row == 0, row == n, first, last) {
                    (true, _, true, _) => "┌",
                    (true, _, _, true) => "┐",
                    (true, _, _, _) => "┬",
                    (_, true, true, _) => "└",
                    (_, true, _, true) => "┘",
                    (_, true, _, _) => "┴",
                    (_, _, true, _) => "├",
                    (_, _, _, true) => "┤",
                    _ => "┼",
                }
            };
            buf[(x, y)].set_symbol(sym).set_style(grid_style);
        }
    }
    for col in 0..=n {
        let x = x0 + col * step_x;
        for y in y0..y0 + n * step_y + 1 {
            if clip(x, y) && !(y - y0).is_multiple_of(step_y) {
                buf[(x, y)].set_symbol("│").set_style(grid_style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(words: &[&str]) -> Vec<(String, Style)> {
        words
            .iter()
            .map(|w| (w.to_string(), Style::default()))
            .collect()
    }

    fn shown(words: &[&str], inner: u16) -> (String, u16) {
        let (out, gap) = squeeze(texts(words), inner, Style::default());
        let sep = " ".repeat(gap as usize);
        (
            out.into_iter()
                .map(|(t, _)| t)
                .collect::<Vec<_>>()
                .join(&sep),
            gap,
        )
    }

    #[test]
    fn groups_that_fit_keep_their_space() {
        assert_eq!(shown(&["S", "N"], 3), ("S N".to_string(), 1));
    }

    #[test]
    fn a_second_group_on_a_narrow_square_is_drawn_without_the_space() {
        assert_eq!(shown(&["S2", "N"], 3), ("S2N".to_string(), 0));
    }

    #[test]
    fn the_movable_mark_stays_and_a_plus_says_there_is_more() {
        let mover = format!("S{MARK_MOVABLE}");
        assert_eq!(shown(&[&mover, "E2"], 3), (format!("S{MARK_MOVABLE}+"), 0));
    }

    #[test]
    fn a_lone_group_is_left_whole() {
        assert_eq!(shown(&["N2#EW"], 3), ("N2#EW".to_string(), 1));
    }

    #[test]
    fn groups_that_cannot_fit_leave_a_plus_saying_there_are_more() {
        assert_eq!(shown(&["S2", "N", "E"], 3), ("S2+".to_string(), 0));
        assert_eq!(shown(&["S2", "N"], 2), ("S+".to_string(), 0));
        assert!(
            row_width(
                &squeeze(texts(&["S2", "N3", "E", "W2"]), 3, Style::default()).0,
                0
            ) <= 3
        );
    }
}
