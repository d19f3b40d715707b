//! The board as a picture: an RGB image (`uint8[H, W, 3]`) of a position, for the
//! environments' `rgb_array` render. The engine's geometry says where every square
//! is, which squares are safe and where each pawn stands; this module only paints.
//!
//! The board is `N × N` cells of [`CELL`] pixels, rank 1 at the bottom: plain squares
//! light, safe squares darker with a cross, the home (centre) darkest. Each player's
//! pawns on a square are dots of the player's colour in one corner of the cell, one
//! dot per pawn (up to four, row by row); an outer double that blocks someone has a red
//! frame. Below the board, a strip of one cell per player shows the pawns still off
//! the board (grace entry) and, in that player's colour, a bar while it is to move.

use ashta_engine::{Position, Square, Variant, OFF};

/// Side of one square, in pixels.
pub const CELL: usize = 24;

/// The players' colours (seat order).
const COLOURS: [[u8; 3]; 4] = [[200, 40, 40], [40, 90, 200], [30, 150, 60], [220, 160, 20]];
const PLAIN: [u8; 3] = [238, 226, 196];
const SAFE: [u8; 3] = [196, 172, 128];
const HOME: [u8; 3] = [150, 120, 80];
const LINE: [u8; 3] = [60, 45, 30];
const BLOCK: [u8; 3] = [230, 0, 0];
const STRIP: [u8; 3] = [250, 250, 250];

/// An RGB image being painted.
struct Canvas {
    width: usize,
    pixels: Vec<u8>,
}

impl Canvas {
    fn new(width: usize, height: usize, fill: [u8; 3]) -> Canvas {
        Canvas {
            width,
            pixels: fill.repeat(width * height),
        }
    }

    fn put(&mut self, x: usize, y: usize, colour: [u8; 3]) {
        let at = 3 * (y * self.width + x);
        if let Some(px) = self.pixels.get_mut(at..at + 3) {
            px.copy_from_slice(&colour);
        }
    }

    fn rect(&mut self, x: usize, y: usize, w: usize, h: usize, colour: [u8; 3]) {
        for yy in y..y + h {
            for xx in x..x + w {
                self.put(xx, yy, colour);
            }
        }
    }

    fn frame(&mut self, x: usize, y: usize, w: usize, h: usize, t: usize, colour: [u8; 3]) {
        self.rect(x, y, w, t, colour);
        self.rect(x, y + h - t, w, t, colour);
        self.rect(x, y, t, h, colour);
        self.rect(x + w - t, y, t, h, colour);
    }

    fn dot(&mut self, cx: usize, cy: usize, r: usize, colour: [u8; 3]) {
        let r2 = (r * r) as isize;
        for dy in -(r as isize)..=r as isize {
            for dx in -(r as isize)..=r as isize {
                if dx * dx + dy * dy <= r2 {
                    self.put(
                        (cx as isize + dx) as usize,
                        (cy as isize + dy) as usize,
                        colour,
                    );
                }
            }
        }
    }
}

/// Paints `count` dots of `colour` in quadrant `corner` (0 top left, 1 top right, 2
/// bottom left, 3 bottom right) of the cell at (`x`, `y`).
fn pawn_dots(
    canvas: &mut Canvas,
    x: usize,
    y: usize,
    corner: usize,
    count: usize,
    colour: [u8; 3],
) {
    let half = CELL / 2;
    let (qx, qy) = (x + (corner % 2) * half, y + (corner / 2) * half);
    for k in 0..count.min(4) {
        let (cx, cy) = (qx + 3 + (k % 2) * 6, qy + 3 + (k / 2) * 6);
        canvas.dot(cx, cy, 2, colour);
    }
}

/// The picture of `pos`: `(height, width, rgb bytes)`, row by row.
pub fn paint(variant: &Variant, pos: &Position) -> (usize, usize, Vec<u8>) {
    let n = variant.rules().size as usize;
    let players = variant.players();
    let pawns = variant.pawns_per_player();
    let (width, board) = (n * CELL, n * CELL);
    let height = board + CELL;
    let mut canvas = Canvas::new(width, height, STRIP);
    let home = variant.square(0, variant.home());
    let cell_at = |sq: Square| (sq.file(n) * CELL, (n - 1 - sq.rank(n)) * CELL);
    for i in 0..n * n {
        let sq = Square(i as u8);
        let (x, y) = cell_at(sq);
        let fill = if sq == home {
            HOME
        } else if variant.is_safe(sq) {
            SAFE
        } else {
            PLAIN
        };
        canvas.rect(x, y, CELL, CELL, fill);
        if variant.is_safe(sq) && sq != home {
            for d in 4..CELL - 4 {
                canvas.put(x + d, y + d, LINE);
                canvas.put(x + CELL - 1 - d, y + d, LINE);
            }
        }
        canvas.frame(x, y, CELL, CELL, 1, LINE);
    }
    for block in variant.blocks(pos) {
        let (x, y) = cell_at(Square(block.square));
        canvas.frame(x, y, CELL, CELL, 2, BLOCK);
    }
    for p in 0..players {
        let colour = COLOURS[p % COLOURS.len()];
        let indices = pos.pawn_indices(p, pawns);
        let mut off = 0;
        let mut k = 0;
        while k < indices.len() {
            let i = indices[k];
            let same = indices[k..].iter().take_while(|&&j| j == i).count();
            if i == OFF {
                off += same;
            } else {
                let (x, y) = cell_at(variant.square(p, i as usize));
                pawn_dots(&mut canvas, x, y, p, same, colour);
            }
            k += same;
        }
        let strip_x = p * (width / players.max(1));
        pawn_dots(&mut canvas, strip_x, board, 0, off, colour);
        if !pos.is_over() && pos.to_move() == p {
            canvas.rect(strip_x + CELL / 2 + 2, board + 4, CELL, CELL - 8, colour);
        }
    }
    (height, width, canvas.pixels)
}
