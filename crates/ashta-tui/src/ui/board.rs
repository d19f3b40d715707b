//! The board widget: the N×N grid as South sees it, crossed (safe) squares drawn with
//! their cross, each player's pawns in its colour and letter with a count, doubles
//! (`=`) and blocking doubles (`#` and the letters of the players they still block),
//! the pawns at home in the centre square, and the squares of a chosen or moving unit
//! lit up. The cells shrink to fit the space.

use ashta_engine::{Position, Square, Variant};
use ashta_session::describe::{double_mark, DoubleMark};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

use crate::describe::player_letter;
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
        let groups = self.groups();
        let centre = v.geometry().centre();
        let landing = self.path.last().copied();
        let clip = |x: u16, y: u16| x < area.right() && y < area.bottom();
        // Grid lines.
        if cells.lines {
            for row in 0..=n {
                let y = y0 + row * step_y;
                for x in x0 + 2..x0 + 3 + n * step_x {
                    if clip(x, y) {
                        let dx = x - (x0 + 2);
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
            }
            for col in 0..=n {
                let x = x0 + 2 + col * step_x;
                for y in y0..y0 + n * step_y + 1 {
                    if clip(x, y) && !(y - y0).is_multiple_of(step_y) {
                        buf[(x, y)].set_symbol("│").set_style(grid_style);
                    }
                }
            }
        }
        for rank in 0..n {
            // Rank N at the top.
            let row = n - 1 - rank;
            let cy = y0 + line + row * step_y;
            let label_y = cy + cells.height / 2;
            if clip(x0, label_y) {
                buf.set_string(x0, label_y, format!("{:>2}", rank + 1), grid_style);
            }
            for file in 0..n {
                let cx = x0 + 2 + line + file * step_x;
                let sq = Square::new(file as usize, rank as usize, n as usize);
                let safe = v.is_safe(sq);
                let home = sq == centre;
                let mut bg = Style::default();
                if home {
                    bg = bg.bg(Color::Indexed(236));
                }
                if self.path.contains(&sq) {
                    bg = bg.bg(Color::Indexed(238));
                }
                if Some(sq) == landing {
                    bg = bg.bg(Color::Indexed(24));
                }
                if Some(sq) == self.origin {
                    bg = bg.bg(Color::Indexed(58));
                }
                for dy in 0..cells.height {
                    for dx in 0..cells.width {
                        if clip(cx + dx, cy + dy) {
                            buf[(cx + dx, cy + dy)].set_symbol(" ").set_style(bg);
                        }
                    }
                }
                // The cross of a safe square: in its corners, or a mark in its first column.
                let cross = Style::default().fg(Color::Indexed(244));
                if safe && !home {
                    if cells.height >= 3 {
                        let r = cx + cells.width - 1;
                        let b = cy + cells.height - 1;
                        for (x, y, s) in [(cx, cy, "╲"), (r, cy, "╱"), (cx, b, "╱"), (r, b, "╲")]
                        {
                            if clip(x, y) {
                                buf[(x, y)].set_symbol(s).set_style(bg.patch(cross));
                            }
                        }
                    } else if clip(cx, cy) {
                        buf[(cx, cy)].set_symbol("╳").set_style(bg.patch(cross));
                    }
                }
                if home && cells.height >= 3 && clip(cx, cy) {
                    let label = if cells.width >= 6 { "home" } else { "⌂" };
                    let lx = cx + (cells.width.saturating_sub(label.chars().count() as u16)) / 2;
                    buf.set_string(lx, cy, label, bg.patch(cross));
                }
                // The pawns, one group per player.
                let texts: Vec<(String, Style)> = groups[sq.0 as usize]
                    .iter()
                    .map(|g| {
                        let mut text = player_letter(v, g.player).to_string();
                        if g.count > 1 {
                            text += &g.count.to_string();
                        }
                        text += &g.mark;
                        let mut style = bg
                            .patch(player_style(g.player))
                            .add_modifier(Modifier::BOLD);
                        if self
                            .moving
                            .is_some_and(|m| m.at == sq && m.player == g.player)
                        {
                            style = style.add_modifier(Modifier::REVERSED);
                        }
                        (text, style)
                    })
                    .collect();
                let inner_w = if safe && !home && cells.height < 3 {
                    cells.width.saturating_sub(1)
                } else {
                    cells.width
                };
                let start_x = cx + (cells.width - inner_w);
                let lines_avail = if cells.height >= 3 {
                    cells.height - 1
                } else {
                    1
                };
                let text_y0 = if cells.height >= 3 { cy + 1 } else { cy };
                // Lay the groups out in lines, then centre each line in the cell.
                let mut rows: Vec<Vec<(String, Style)>> = vec![Vec::new()];
                let mut used = 0u16;
                for (text, style) in texts {
                    let len = text.chars().count() as u16;
                    if used > 0 && used + 1 + len > inner_w {
                        rows.push(Vec::new());
                        used = 0;
                    }
                    used += len + u16::from(used > 0);
                    rows.last_mut()
                        .expect("one row at least")
                        .push((text, style));
                }
                for (ly, row) in rows.into_iter().take(lines_avail as usize).enumerate() {
                    let width: u16 = row
                        .iter()
                        .map(|(t, _)| t.chars().count() as u16)
                        .sum::<u16>()
                        + row.len().saturating_sub(1) as u16;
                    let mut x = start_x + inner_w.saturating_sub(width) / 2;
                    let y = text_y0 + ly as u16;
                    for (text, style) in row {
                        if clip(x, y) {
                            let room = (start_x + inner_w).saturating_sub(x) as usize;
                            let shown: String = text.chars().take(room).collect();
                            buf.set_string(x, y, &shown, style);
                        }
                        x += text.chars().count() as u16 + 1;
                    }
                }
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
