//! Making text fit a width: its width on the screen, the first of several wordings
//! that fits, cutting with an ellipsis, wrapping at spaces, and the window of a long
//! list that keeps its selected item in view.

use std::ops::Range;

use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::Span;

/// The width of `text` on the screen, in columns.
pub fn width(text: &str) -> usize {
    Span::raw(text).width()
}

/// The first of `wordings` (longest first) that fits `max` columns, else the last one
/// cut to fit.
pub fn first_fitting(wordings: &[String], max: usize) -> String {
    wordings
        .iter()
        .find(|w| width(w) <= max)
        .cloned()
        .unwrap_or_else(|| cut(wordings.last().map_or("", String::as_str), max))
}

/// `text` cut to `max` columns, its last column an ellipsis when anything was cut.
pub fn cut(text: &str, max: usize) -> String {
    if width(text) <= max {
        return text.to_string();
    }
    let mut out = String::new();
    for c in text.chars() {
        let mut next = out.clone();
        next.push(c);
        if width(&next) + 1 > max {
            break;
        }
        out = next;
    }
    if max > 0 {
        out.push('…');
    }
    out
}

/// `text` wrapped at spaces into lines of at most `max` columns; a word longer than a
/// line is cut into pieces. An empty text is one empty line.
pub fn wrap(text: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word = word.to_string();
        loop {
            let gap = usize::from(!line.is_empty());
            if width(&line) + gap + width(&word) <= max {
                if gap == 1 {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word wider than a whole line: as much of it as fits, then the rest.
            let mut head = String::new();
            let mut rest = word.chars();
            for c in rest.by_ref() {
                if !head.is_empty() && width(&head) + width(&c.to_string()) > max {
                    let mut tail = c.to_string();
                    tail.extend(rest.by_ref());
                    lines.push(std::mem::take(&mut head));
                    word = tail;
                    break;
                }
                head.push(c);
            }
            if !head.is_empty() {
                line = head;
                break;
            }
        }
    }
    lines.push(line);
    lines
}

/// Items packed into lines of at most `max` columns when two spaces go between items
/// on a line: the items of each line (an item wider than a line is cut).
pub fn pack(items: &[String], max: usize) -> Vec<Vec<String>> {
    let mut lines: Vec<Vec<String>> = Vec::new();
    let mut used = 0;
    for item in items {
        let item = cut(item, max);
        let w = width(&item);
        match lines.last_mut() {
            Some(line) if used + 2 + w <= max => {
                line.push(item);
                used += 2 + w;
            }
            _ => {
                lines.push(vec![item]);
                used = w;
            }
        }
    }
    lines
}

/// The part of a list of `len` items that `rows` rows show with the item `selected` in
/// view: from the top while it fits, else with the selected item on the last row.
pub fn window(selected: usize, len: usize, rows: usize) -> Range<usize> {
    if rows == 0 {
        return 0..0;
    }
    if len <= rows {
        return 0..len;
    }
    let selected = selected.min(len - 1);
    let start = (selected + 1).saturating_sub(rows);
    start..start + rows
}

/// A box of `w` × `h` (each at most the area's) in the middle of `area`.
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(h.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [rect] = Layout::horizontal([Constraint::Length(w.min(area.width))])
        .flex(Flex::Center)
        .areas(row);
    rect
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_keeps_the_selected_item_in_view() {
        assert_eq!(window(0, 3, 5), 0..3);
        assert_eq!(window(2, 10, 4), 0..4);
        assert_eq!(window(3, 10, 4), 0..4);
        assert_eq!(window(4, 10, 4), 1..5);
        assert_eq!(window(9, 10, 4), 6..10);
        assert_eq!(window(20, 10, 4), 6..10);
        assert_eq!(window(5, 10, 0), 0..0);
        for selected in 0..10 {
            assert!(window(selected, 10, 3).contains(&selected));
        }
    }

    #[test]
    fn cutting_marks_what_is_left_out() {
        assert_eq!(cut("hello", 5), "hello");
        assert_eq!(cut("hello world", 6), "hello…");
        assert_eq!(width(&cut("●●○● and more", 4)), 4);
    }

    #[test]
    fn wrapping_breaks_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 4), vec![""]);
        assert!(wrap("a b c d e f g h", 3).iter().all(|l| width(l) <= 3));
    }

    #[test]
    fn packing_puts_whole_items_on_lines_that_fit() {
        let items: Vec<String> = ["╳ safe", "⌂ home", "= double"].map(String::from).into();
        let joined =
            |max| -> Vec<String> { pack(&items, max).iter().map(|l| l.join("  ")).collect() };
        assert_eq!(joined(14), vec!["╳ safe  ⌂ home", "= double"]);
        assert_eq!(joined(40), vec!["╳ safe  ⌂ home  = double"]);
        assert!(joined(4).iter().all(|l| width(l) <= 4));
    }

    #[test]
    fn the_first_wording_that_fits_is_taken() {
        let w = ["a long wording".to_string(), "short".to_string()];
        assert_eq!(first_fitting(&w, 20), "a long wording");
        assert_eq!(first_fitting(&w, 6), "short");
        assert_eq!(first_fitting(&w, 3), "sh…");
    }
}
