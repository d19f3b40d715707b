//! The board as plain text: the N×N grid as South sees it, with file letters and rank
//! numbers, safe squares and the home marked, the pawns on each square, and below it
//! everything else the position holds (pawns home and off the board, turn, bag,
//! captures, blocks, extra turns, result). No colour, so it reads anywhere.
//!
//! ```text
//!        a      b      c      d      e
//!    +------+------+------+------+------+
//!  5 |      |      |╳ N4 ╳|      |      | 5
//!    +------+------+------+------+------+
//! ```

use std::fmt::Write;

use ashta_engine::{Entry, Position, Square, Variant};
use ashta_session::describe::{double_mark, DoubleMark, MARK_HOME, MARK_SAFE};

use crate::describe::{
    bag_text, player_label, player_long, player_name, result_text, square_name, Labels,
};

/// What one square holds: pawns per player.
fn square_contents(variant: &Variant, pos: &Position) -> Vec<Vec<usize>> {
    let size = variant.geometry().size();
    let mut counts = vec![vec![0usize; variant.players()]; size * size];
    for p in 0..variant.players() {
        for i in variant.pawns(pos, p).flatten() {
            counts[variant.square(p, i).0 as usize][p] += 1;
        }
    }
    counts
}

/// The text in one cell: each player's label with a count when more than one pawn,
/// `=` after a double and `#` after a double that blocks.
fn cell_text(
    variant: &Variant,
    pos: &Position,
    sq: Square,
    counts: &[usize],
    labels: Labels,
) -> String {
    let mut parts = Vec::new();
    for (p, &n) in counts.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let label = player_label(variant, p, labels);
        let mut part = match (n, labels) {
            (1, _) => label,
            (n, Labels::Letters) => format!("{label}{n}"),
            (n, Labels::Numbers) => format!("{label}x{n}"),
        };
        match double_mark(variant, pos, sq, n) {
            DoubleMark::None => {}
            DoubleMark::Double => part.push('='),
            DoubleMark::Blocks(_) => part.push('#'),
        }
        parts.push(part);
    }
    let sep = if labels == Labels::Numbers { "," } else { "" };
    parts.join(sep)
}

/// Centres `text` in `width` columns.
fn centre(text: &str, width: usize) -> String {
    let len = text.chars().count();
    if len >= width {
        return text.to_string();
    }
    let left = (width - len) / 2;
    format!(
        "{}{text}{}",
        " ".repeat(left),
        " ".repeat(width - len - left)
    )
}

/// How much the drawing says besides the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Legend, every player with path indices, turn, bag, extra turns, blocks, result.
    Full,
    /// For a running game: the players, and blocks and extra turns when there are any
    /// (the game prints the legend once, and says whose turn it is itself).
    Game,
}

/// Draws the position: the grid, then the facts of the position below it.
pub fn draw(variant: &Variant, pos: &Position, labels: Labels, detail: Detail) -> String {
    let mut out = String::new();
    grid(&mut out, variant, pos, labels);
    if detail == Detail::Full {
        legend(&mut out, variant, labels);
        let _ = writeln!(out, "players:");
    }
    players(&mut out, variant, pos, labels, detail);
    state(&mut out, variant, pos, detail);
    out
}

/// The grid alone, rank N at the top and rank 1 (South's side) at the bottom.
pub fn grid(out: &mut String, variant: &Variant, pos: &Position, labels: Labels) {
    let size = variant.geometry().size();
    let home_sq = variant.geometry().centre();
    let counts = square_contents(variant, pos);
    let texts: Vec<String> = (0..size * size)
        .map(|s| {
            let sq = Square(s as u8);
            cell_text(variant, pos, sq, &counts[s], labels)
        })
        .collect();
    // Room for the longest text; at least 4 columns, so boards of one game keep
    // their width from turn to turn.
    let inner = texts
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let width = inner + 2;
    let margin = if size >= 10 { 3 } else { 2 };
    let files: String = (0..size)
        .map(|x| centre(&((b'a' + x as u8) as char).to_string(), width + 1))
        .collect();
    let rule = format!(
        "{} +{}",
        " ".repeat(margin),
        format!("{}+", "-".repeat(width)).repeat(size)
    );
    let _ = writeln!(out, "{} {}", " ".repeat(margin + 1), files.trim_end());
    let _ = writeln!(out, "{rule}");
    for y in (0..size).rev() {
        let _ = write!(out, "{:>margin$} |", y + 1);
        for x in 0..size {
            let sq = Square::new(x, y, size);
            let mark = if sq == home_sq {
                MARK_HOME
            } else if variant.is_safe(sq) {
                MARK_SAFE
            } else {
                " "
            };
            let _ = write!(out, "{mark}{}{mark}|", centre(&texts[sq.0 as usize], inner));
        }
        let _ = writeln!(out, " {}", y + 1);
        let _ = writeln!(out, "{rule}");
    }
    let _ = writeln!(out, "{} {}", " ".repeat(margin + 1), files.trim_end());
}

/// What the marks on the grid mean.
pub fn legend(out: &mut String, variant: &Variant, labels: Labels) {
    let size = variant.geometry().size();
    let (two, double, block) = match labels {
        Labels::Letters => ("S2", "S2=", "S2#"),
        Labels::Numbers => ("0x2", "0x2=", "0x2#"),
    };
    let _ = writeln!(
        out,
        "{MARK_SAFE}  {MARK_SAFE} safe square   {MARK_HOME}  {MARK_HOME} home ({})   {two}: two pawns of one player",
        variant.geometry().centre().name(size)
    );
    if variant.rules().doubles {
        let landing = if variant.rules().pair_capture {
            "no single pawn may land on it; a pair captures it"
        } else {
            "cannot be captured or landed on"
        };
        let _ = writeln!(
            out,
            "{double}: a double ({landing})   {block}: a double that blocks"
        );
    }
}

/// One line per player: label, seat, start, pawns home, off the board and on it.
fn players(out: &mut String, variant: &Variant, pos: &Position, labels: Labels, detail: Detail) {
    let home = variant.home();
    for p in 0..variant.players() {
        let pawns: Vec<Option<usize>> = variant.pawns(pos, p).collect();
        let at_home = pawns.iter().filter(|&&i| i == Some(home)).count();
        let off = pawns.iter().filter(|i| i.is_none()).count();
        let on: Vec<usize> = pawns
            .iter()
            .flatten()
            .copied()
            .filter(|&i| i != home)
            .collect();
        let squares: Vec<String> = on.iter().map(|&i| square_name(variant, p, i)).collect();
        let indices: Vec<String> = on.iter().map(usize::to_string).collect();
        let mut line = format!(
            "  {} {:<5} (player {p}) start {}  home {at_home}/{}",
            player_label(variant, p, labels),
            player_name(variant, p),
            square_name(variant, p, 0),
            pawns.len()
        );
        if variant.rules().entry == Entry::Grace {
            let _ = write!(line, "  off board {off}");
        }
        let _ = write!(
            line,
            "  captured: {}",
            if pos.has_captured(p) { "yes" } else { "no" }
        );
        if squares.is_empty() {
            line += "  on board: none";
        } else {
            let _ = write!(line, "  on board: {}", squares.join(" "));
            if detail == Detail::Full {
                let _ = write!(line, " (path {})", indices.join(" "));
            }
        }
        let _ = writeln!(out, "{line}");
    }
}

/// Turn, bag, extra turns, blocks and result (in a game: blocks and extra turns only,
/// when there are any).
fn state(out: &mut String, variant: &Variant, pos: &Position, detail: Detail) {
    let size = variant.geometry().size();
    let full = detail == Detail::Full;
    if full {
        if pos.is_over() {
            let _ = writeln!(out, "to move: nobody, the game is over");
        } else {
            let _ = writeln!(
                out,
                "to move: {}{}",
                player_long(variant, pos.to_move()),
                if pos.phase() == ashta_engine::Phase::Throwing {
                    ", who throws next"
                } else {
                    ""
                }
            );
        }
        let _ = writeln!(out, "bag: {}", bag_text(variant, pos));
    }
    if full || pos.extra_turns() > 0 {
        let _ = writeln!(out, "extra turns: {}", pos.extra_turns());
    }
    let blocks = variant.blocks(pos);
    if blocks.is_empty() {
        if full {
            let _ = writeln!(out, "blocks: none");
        }
    } else {
        let _ = writeln!(out, "blocks:");
        for b in &blocks {
            let blocked: Vec<&str> = (0..variant.players())
                .filter(|&q| b.blocked & (1 << q) != 0)
                .map(|q| player_name(variant, q))
                .collect();
            let _ = writeln!(
                out,
                "  {}'s double on {} blocks {}",
                player_name(variant, b.owner as usize),
                Square(b.square).name(size),
                blocked.join(", ")
            );
        }
    }
    if full {
        let _ = writeln!(out, "result: {}", result_text(variant, pos));
    }
}
