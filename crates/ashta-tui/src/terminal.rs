//! The terminal in full-screen mode, and its guard: however the program leaves (the
//! end of a game, an error, Ctrl-C, a panic), the terminal gets its normal mode, screen
//! and cursor back.

use std::io::{self, Stdout};
use std::sync::Once;

use anyhow::{Context, Result};
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::Terminal;

/// A terminal in raw mode on the alternate screen, given back when dropped.
pub struct TerminalGuard {
    /// The ratatui terminal to draw on.
    pub terminal: Terminal<CrosstermBackend<Stdout>>,
}

/// Puts the terminal back as it was: normal mode, main screen, cursor shown. Safe to
/// call more than once.
pub fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(io::stdout(), LeaveAlternateScreen, Show);
}

static HOOK: Once = Once::new();

impl TerminalGuard {
    /// Enters full-screen mode, first making sure a panic restores the terminal before
    /// its message is printed.
    pub fn enter() -> Result<TerminalGuard> {
        HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                restore();
                previous(info);
            }));
        });
        enable_raw_mode().context("cannot put the terminal in raw mode")?;
        if let Err(e) = execute!(io::stdout(), EnterAlternateScreen) {
            restore();
            return Err(e).context("cannot switch to the alternate screen");
        }
        let terminal = match Terminal::new(CrosstermBackend::new(io::stdout())) {
            Ok(t) => t,
            Err(e) => {
                restore();
                return Err(e).context("cannot draw on the terminal");
            }
        };
        Ok(TerminalGuard { terminal })
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// The terminal's width in columns, when it can be read.
pub fn columns() -> Option<u16> {
    ratatui::crossterm::terminal::size().ok().map(|(w, _)| w)
}
