//! A one-line text field with a cursor and the usual line-editing keys, for the save
//! prompt's file name: ←/→, Home/End, Backspace/Delete, and the readline chords
//! Ctrl-A (start), Ctrl-E (end), Ctrl-B/Ctrl-F (a character back/forward), Ctrl-U
//! (clear the line), Ctrl-K (delete to the end), Ctrl-W (delete the word before the
//! cursor), Ctrl-H (Backspace) and Ctrl-D (Delete). A chord with Ctrl or Alt never
//! types its letter.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The text being edited and where the cursor is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineEdit {
    chars: Vec<char>,
    /// The cursor: how many characters are before it.
    cursor: usize,
}

impl LineEdit {
    /// A field holding `text`, the cursor at its end.
    pub fn new(text: &str) -> LineEdit {
        let chars: Vec<char> = text.chars().collect();
        LineEdit {
            cursor: chars.len(),
            chars,
        }
    }

    /// The text.
    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    /// How many characters come before the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Edits the text with `key`; whether the key was an editing key (Enter and Esc
    /// are not).
    pub fn key(&mut self, key: KeyEvent) -> bool {
        let chord = key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match key.code {
            KeyCode::Char(c) if key.modifiers.contains(KeyModifiers::CONTROL) => {
                match c.to_ascii_lowercase() {
                    'a' => self.cursor = 0,
                    'e' => self.cursor = self.chars.len(),
                    'b' => self.cursor = self.cursor.saturating_sub(1),
                    'f' => self.cursor = (self.cursor + 1).min(self.chars.len()),
                    'u' => *self = LineEdit::default(),
                    'k' => self.chars.truncate(self.cursor),
                    'w' => self.delete_word(),
                    'h' => self.backspace(),
                    'd' => self.delete(),
                    // Any other chord does nothing: its letter is not typed.
                    _ => {}
                }
            }
            // Alt chords (and anything else with a modifier beyond Shift) type nothing.
            KeyCode::Char(_) if chord => {}
            KeyCode::Char(c) => {
                self.chars.insert(self.cursor, c);
                self.cursor += 1;
            }
            KeyCode::Backspace => self.backspace(),
            KeyCode::Delete => self.delete(),
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right => self.cursor = (self.cursor + 1).min(self.chars.len()),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = self.chars.len(),
            _ => return false,
        }
        true
    }

    fn backspace(&mut self) {
        if self.cursor > 0 {
            self.cursor -= 1;
            self.chars.remove(self.cursor);
        }
    }

    fn delete(&mut self) {
        if self.cursor < self.chars.len() {
            self.chars.remove(self.cursor);
        }
    }

    /// Deletes back from the cursor over spaces, then over the word before them (a word
    /// ends at a space or a `/`, so a path loses one part at a time).
    fn delete_word(&mut self) {
        let mut start = self.cursor;
        while start > 0 && self.chars[start - 1] == ' ' {
            start -= 1;
        }
        while start > 0 && self.chars[start - 1] == '/' {
            start -= 1;
        }
        while start > 0 && !matches!(self.chars[start - 1], ' ' | '/') {
            start -= 1;
        }
        self.chars.drain(start..self.cursor);
        self.cursor = start;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctrl(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    fn plain(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn typing_goes_in_at_the_cursor() {
        let mut e = LineEdit::new("game.json");
        e.key(ctrl('a'));
        for c in "my-".chars() {
            e.key(plain(KeyCode::Char(c)));
        }
        assert_eq!(e.text(), "my-game.json");
        e.key(ctrl('e'));
        e.key(plain(KeyCode::Char('x')));
        assert_eq!(e.text(), "my-game.jsonx");
    }

    #[test]
    fn ctrl_w_deletes_the_word_before_the_cursor() {
        let mut e = LineEdit::new("saves/old game");
        e.key(ctrl('w'));
        assert_eq!(e.text(), "saves/old ");
        e.key(ctrl('w'));
        assert_eq!(e.text(), "saves/");
        e.key(ctrl('w'));
        assert_eq!(e.text(), "");
    }

    #[test]
    fn no_chord_types_its_letter() {
        let mut e = LineEdit::new("a");
        for c in 'a'..='z' {
            e.key(ctrl(c));
        }
        e.key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT));
        assert!(!e.text().contains('x') && e.text().len() <= 1, "{:?}", e);
        // Shift is typing, not a chord.
        e.key(KeyEvent::new(KeyCode::Char('G'), KeyModifiers::SHIFT));
        assert!(e.text().ends_with('G'));
    }

    #[test]
    fn ctrl_k_deletes_to_the_end_and_delete_under_the_cursor() {
        let mut e = LineEdit::new("abcdef");
        e.key(plain(KeyCode::Left));
        e.key(plain(KeyCode::Left));
        e.key(ctrl('k'));
        assert_eq!(e.text(), "abcd");
        e.key(plain(KeyCode::Home));
        e.key(plain(KeyCode::Delete));
        assert_eq!(e.text(), "bcd");
        assert_eq!(e.cursor(), 0);
    }
}
