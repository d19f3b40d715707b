//! The help's text and its place: the rules in short and every key, wrapped to the
//! width of the terminal, the box it goes in and how far it scrolls (the app scrolls it
//! with ↑/↓, PgUp/PgDn, Home/End; `ui::help` draws it).

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;

use crate::fit::{centered, width, wrap};

/// The rules in short, a paragraph a string.
pub const RULES: &[&str] = &[
    "Race all your pawns from your start square (middle of your side) once round the \
     outer ring counter-clockwise, then inwards ring by ring to the centre (home). The \
     first to bring every pawn home exactly wins.",
    "Throw: cowries, counting mouths up (●). 1-3 up move 1-3; all 4 up (chamma) move 4, \
     none up (ashta) move 8; both are graces: throw again. Spend the bag one value at a \
     time, each on one pawn, or on a pair of your pawns on one square.",
    "Landing on a lone opponent captures it (back to its start) and gives an extra turn. \
     Until you have captured, your gate is shut: you cannot leave the outer ring.",
    "Crossed squares (╳) are safe: nobody is captured there. Two of your pawns on another \
     square are a double (=): a lone pawn may not land on it, but a pair may and sends \
     it all back (unless pair capture is off); formed on the outer ring it blocks the \
     opponents listed after # (S2#EN) for their next turn.",
    "While you choose, ▲ (and underlining) marks your pawns that can move with your \
     bag; ⌂ is home.",
];

/// Every key of the game, as (key, what it does).
pub const KEYS: &[(&str, &str)] = &[
    ("←/→", "choose a value of your bag"),
    ("↑/↓, Tab", "choose a pawn or pair for it"),
    (
        "Enter",
        "choose the move, Enter again to play it (x: play at the first Enter)",
    ),
    ("Esc", "cancel the choice or the typing"),
    (
        "c1, 3",
        "type a square to pick your pawn there, or a number to pick that value",
    ),
    (
        "t",
        "hint: the plays of your bag ranked by rollouts, with your chance to win",
    ),
    ("u", "undo your last turn (the same throws come again)"),
    (
        "r",
        "the route of each seat in turn, numbered square by square; then the pawns again",
    ),
    ("s", "save the game"),
    (
        "Ctrl-U/A/E/W",
        "in the file name: clear it, go to its start, its end, delete a word",
    ),
    ("+/-", "bots' moves faster/slower"),
    ("Space", "show the rest of a bot's move at once"),
    ("z", "only moves played for you on/off"),
    ("x", "confirm each move with a second Enter on/off"),
    ("?/F1", "this help; ↑/↓, PgUp/PgDn, Home/End scroll it"),
    ("q", "quit (Ctrl-C: at once)"),
];

/// The widest the help box gets.
pub const MAX_WIDTH: u16 = 88;

/// The help's lines for a box `inner` columns wide.
pub fn lines(inner: u16) -> Vec<Line<'static>> {
    let inner = inner.max(10) as usize;
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut out = vec![Line::styled("THE GAME", bold)];
    for paragraph in RULES {
        out.extend(wrap(paragraph, inner).into_iter().map(Line::from));
    }
    out.push(Line::from(""));
    out.push(Line::styled("KEYS", bold));
    // Keys in a column, their words wrapped beside them; on a narrow box, below them.
    let key_w = KEYS.iter().map(|(k, _)| width(k)).max().unwrap_or(0) + 2;
    let indent = if inner >= key_w + 30 { key_w } else { 2 };
    for (key, what) in KEYS {
        let words = wrap(what, inner - indent);
        if indent == key_w {
            let pad = key_w - width(key);
            out.push(Line::from(format!("{key}{}{}", " ".repeat(pad), words[0])));
            for rest in &words[1..] {
                out.push(Line::from(format!("{}{rest}", " ".repeat(indent))));
            }
        } else {
            out.push(Line::styled(key.to_string(), bold));
            for w in words {
                out.push(Line::from(format!("{}{w}", " ".repeat(indent))));
            }
        }
    }
    out
}

/// Where the help box goes over `area` (the space between the title and the message).
pub fn area_of(area: Rect) -> Rect {
    let w = MAX_WIDTH.min(area.width);
    let h = (lines(w.saturating_sub(2)).len() as u16 + 2).min(area.height);
    centered(area, w, h)
}

/// How far the help scrolls in a box of `rect` (borders included): its lines beyond
/// the rows it shows.
pub fn max_scroll(rect: Rect) -> u16 {
    let rows = rect.height.saturating_sub(2) as usize;
    lines(rect.width.saturating_sub(2))
        .len()
        .saturating_sub(rows) as u16
}
