//! What each key does: the overlays (help, save prompt, quitting, the end screen), a
//! person's choice, and the commands (undo, hint, save, speed, switches).

use std::path::PathBuf;
use std::time::Duration;

use ashta_analysis::HintConfig;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::{record_file, App, HintState, Overlay, Tone, DEFAULT_SAVE, HINT_TIME, SPEEDS};
use crate::jobs::Job;
use crate::line_edit::LineEdit;

impl App {
    /// Handles a key; returns nothing, the state says what happened.
    pub fn key(&mut self, key: KeyEvent) {
        self.pace.hold = Duration::ZERO;
        self.pace.pause = Duration::ZERO;
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        match self.view.overlay.clone() {
            Overlay::Help => {
                self.help_key(key);
                return;
            }
            Overlay::Save(mut field) => {
                match key.code {
                    KeyCode::Esc => {
                        // Back where the prompt was asked: the results of a finished game.
                        self.view.overlay = if self.stats.is_some() {
                            Overlay::End
                        } else {
                            Overlay::None
                        };
                        self.say(Tone::Info, "Not saved.");
                        self.advance();
                    }
                    KeyCode::Enter => {
                        let name = field.text().trim().to_string();
                        let name = if name.is_empty() {
                            DEFAULT_SAVE.to_string()
                        } else {
                            name
                        };
                        self.view.overlay = Overlay::None;
                        self.save_to(PathBuf::from(name));
                        if self.stats.is_some() {
                            self.view.overlay = Overlay::End;
                        }
                        self.advance();
                    }
                    _ => {
                        field.key(key);
                        self.view.overlay = Overlay::Save(field);
                    }
                }
                return;
            }
            Overlay::ConfirmQuit => {
                match key.code {
                    KeyCode::Char('y') | KeyCode::Char('q') | KeyCode::Enter => self.quit = true,
                    _ => {
                        self.view.overlay = Overlay::None;
                        self.say(Tone::Info, "Game goes on.");
                        self.advance();
                    }
                }
                return;
            }
            Overlay::LeaveEnd => {
                self.leave_end_key(key);
                return;
            }
            Overlay::End => match key.code {
                KeyCode::Char('q') => {
                    self.quit = true;
                    return;
                }
                KeyCode::Esc => {
                    self.view.overlay = Overlay::LeaveEnd;
                    return;
                }
                KeyCode::Char('n') => {
                    self.new_game();
                    return;
                }
                KeyCode::Char('v') => {
                    self.review = true;
                    return;
                }
                KeyCode::Enter | KeyCode::Char(' ') => {
                    self.view.overlay = Overlay::None;
                    self.say(
                        Tone::Info,
                        "The final board. Enter shows the results again; q quits.",
                    );
                    return;
                }
                _ => {}
            },
            Overlay::None => {}
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            // Ctrl chords other than Ctrl-C are not the letters they carry.
            return;
        }
        if self.human_key(key) {
            return;
        }
        match key.code {
            KeyCode::Char('?') | KeyCode::F(1) => {
                self.view.overlay = Overlay::Help;
                self.view.help_scroll = 0;
            }
            KeyCode::Char('q') => {
                if self.position().is_over() {
                    self.quit = true;
                } else {
                    self.view.overlay = Overlay::ConfirmQuit;
                }
            }
            KeyCode::Char('s') => self.view.overlay = Overlay::Save(LineEdit::new(DEFAULT_SAVE)),
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('t') => self.ask_hint(),
            KeyCode::Char('r') => self.next_route(),
            KeyCode::Char('+') | KeyCode::Char('=') => self.speed(-1),
            KeyCode::Char('-') => self.speed(1),
            KeyCode::Char('z') => {
                self.settings.auto_single = !self.settings.auto_single;
                let on = if self.settings.auto_single {
                    "on"
                } else {
                    "off"
                };
                self.say(Tone::Info, format!("Only moves played for you: {on}."));
            }
            KeyCode::Char('x') => {
                self.settings.confirm = !self.settings.confirm;
                let on = if self.settings.confirm { "on" } else { "off" };
                self.say(
                    Tone::Info,
                    format!("Confirm each move with a second Enter: {on}."),
                );
            }
            KeyCode::Char(' ') if self.showing() => {
                self.pace.hurry = true;
                self.finish_animation();
            }
            KeyCode::Enter if self.position().is_over() => self.view.overlay = Overlay::End,
            KeyCode::Enter | KeyCode::Left | KeyCode::Right | KeyCode::Up | KeyCode::Down
                if !self.position().is_over() =>
            {
                let who = self.who(self.position().to_move());
                self.say(
                    Tone::Refused,
                    format!("It is {who}'s turn: wait for its move."),
                );
            }
            KeyCode::Char(c) if c.is_ascii_alphanumeric() => {
                self.say(
                    Tone::Refused,
                    format!("{c:?} does nothing now; press ? for the keys."),
                );
            }
            _ => {}
        }
        self.advance();
    }

    /// The replay viewer of the game played, when `v` asked for it (once); a game
    /// that cannot be replayed is said in the message bar instead.
    pub fn take_review(&mut self) -> Option<crate::replay::Replay> {
        if !std::mem::take(&mut self.review) {
            return None;
        }
        match crate::replay::Replay::from_text(&self.session.save()) {
            Ok(mut replay) => {
                replay.from_game = true;
                Some(replay)
            }
            Err(e) => {
                self.say(Tone::Refused, format!("No replay: {e:#}"));
                None
            }
        }
    }

    /// Keys of the question after Esc on the end screen: `q` quits, `s` saves the
    /// record to [`record_file`] and quits (or stays, saying why, if it cannot be
    /// written), any other key goes back to the end screen.
    fn leave_end_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Char('q') | KeyCode::Char('y') => self.quit = true,
            KeyCode::Char('s') => {
                let path = record_file(self.session.seed());
                self.quit = self.save_to(path);
                self.view.overlay = Overlay::End;
            }
            _ => {
                self.view.overlay = Overlay::End;
                self.say(Tone::Info, "Still here: the results of the game.");
            }
        }
    }

    /// Keys of the help: scroll it (by lines, pages, to its ends) or close it.
    fn help_key(&mut self, key: KeyEvent) {
        let (w, h) = self.view.screen;
        let body = ratatui::layout::Rect::new(0, 1, w, h.saturating_sub(4));
        let rect = crate::help::area_of(body, self.variant());
        let end = crate::help::max_scroll(rect, self.variant());
        let page = rect.height.saturating_sub(3).max(1);
        let now = self.view.help_scroll.min(end);
        self.view.help_scroll = match key.code {
            KeyCode::Down | KeyCode::Char('j') => (now + 1).min(end),
            KeyCode::Up | KeyCode::Char('k') => now.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char(' ') => (now + page).min(end),
            KeyCode::PageUp => now.saturating_sub(page),
            KeyCode::Home | KeyCode::Char('g') => 0,
            KeyCode::End | KeyCode::Char('G') => end,
            KeyCode::Esc | KeyCode::Enter | KeyCode::Char('?' | 'q') | KeyCode::F(1) => {
                self.view.overlay = Overlay::None;
                self.advance();
                0
            }
            _ => now,
        };
    }

    /// Keys of a human's choice; whether the key was one.
    fn human_key(&mut self, key: KeyEvent) -> bool {
        let Some(choice) = self.choice.clone() else {
            return false;
        };
        let values = self.values();
        let size = self.variant().geometry().size();
        let last_file = (b'a' + size as u8 - 1) as char;
        match key.code {
            KeyCode::Left | KeyCode::Right => {
                let n = values.len().max(1);
                let value = if key.code == KeyCode::Left {
                    (choice.value + n - 1) % n
                } else {
                    (choice.value + 1) % n
                };
                self.set_choice(value, 0);
                self.explain_choice();
            }
            KeyCode::Up | KeyCode::Down | KeyCode::Tab | KeyCode::BackTab => {
                let units = values.get(choice.value).map_or(0, |v| v.moves.len());
                if units == 0 {
                    self.explain_choice();
                    return true;
                }
                let unit = if matches!(key.code, KeyCode::Up | KeyCode::BackTab) {
                    (choice.unit + units - 1) % units
                } else {
                    (choice.unit + 1) % units
                };
                self.set_choice(choice.value, unit);
                self.explain_choice();
            }
            KeyCode::Enter => self.choose(),
            KeyCode::Esc => {
                if let Some(c) = self.choice.as_mut() {
                    if c.confirming {
                        c.confirming = false;
                        self.say(Tone::Info, "Cancelled: choose again.");
                    } else if !c.typed.is_empty() {
                        c.typed.clear();
                        self.say(Tone::Info, "Typing cleared.");
                    } else {
                        self.say(Tone::Info, "Nothing to cancel. q quits the game.");
                    }
                }
            }
            KeyCode::Backspace => {
                if let Some(c) = self.choice.as_mut() {
                    c.typed.pop();
                }
            }
            KeyCode::Char(c) if c.is_ascii_digit() || ('a'..=last_file).contains(&c) => {
                if let Some(ch) = self.choice.as_mut() {
                    ch.typed.push(c);
                    ch.confirming = false;
                }
                self.interpret_typed();
            }
            _ => return false,
        }
        true
    }

    /// `+` and `-`: the bots' moves shown faster or slower.
    fn speed(&mut self, slower: i32) {
        let now = SPEEDS
            .iter()
            .position(|&s| s >= self.settings.step_ms)
            .unwrap_or(SPEEDS.len() - 1) as i32;
        let k = (now + slower).clamp(0, SPEEDS.len() as i32 - 1) as usize;
        self.settings.step_ms = SPEEDS[k];
        let text = match SPEEDS[k] {
            0 => "Bot moves: shown at once.".to_string(),
            ms => format!("Bot moves: {ms} ms a square."),
        };
        self.say(Tone::Info, text);
    }

    /// `t`: the hint bot ranks the person's plays on a worker thread.
    fn ask_hint(&mut self) {
        if self.choice.is_none() {
            self.say(
                Tone::Refused,
                "A hint is for your own move: wait for your turn.",
            );
            return;
        }
        if matches!(self.hint, Some(HintState::Waiting)) || self.workers.hint_out {
            self.say(Tone::Info, "The hint is on its way…");
            return;
        }
        self.workers.hint_out = true;
        self.hint = Some(HintState::Waiting);
        self.say(Tone::Info, "Thinking about your best play…");
        // A short budget keeps the answer quick (the screen goes on meanwhile); the seed
        // makes the rollouts' throws depend on the game and the turn.
        let time = self
            .session
            .bot_time()
            .unwrap_or(HINT_TIME)
            .clamp(HINT_TIME, Duration::from_secs(2));
        let config = HintConfig {
            time,
            seed: self.session.seed() ^ self.session.game().turns() as u64,
            weights: self.maker.weight_changes(),
            ..HintConfig::default()
        };
        self.workers.jobs.push(Job::Hint {
            generation: self.workers.generation,
            config,
            variant: self.variant().clone(),
            position: *self.position(),
        });
    }

    /// Writes the game to a file and says so; whether it was written.
    pub fn save_to(&mut self, path: PathBuf) -> bool {
        let mut ok = false;
        match std::fs::write(&path, self.session.save()) {
            Ok(()) => {
                let turns = match self.session.game().turns() {
                    1 => "1 turn".to_string(),
                    n => format!("{n} turns"),
                };
                let next = if self.position().is_over() {
                    "review it with: ashta analyze"
                } else {
                    "continue with: ashta play --load"
                };
                self.saved = Some(path.clone());
                ok = true;
                self.say(
                    Tone::Info,
                    format!(
                        "Saved {turns} to {}; {next} {}",
                        path.display(),
                        path.display()
                    ),
                );
            }
            Err(e) => self.say(
                Tone::Refused,
                format!("Cannot save to {}: {e}", path.display()),
            ),
        }
        ok
    }
}
