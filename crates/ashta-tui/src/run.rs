//! The event loop: draws the app, reads keys, lets time pass and runs the bots' jobs on
//! worker threads so the screen never freezes.

use std::path::Path;
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use ashta_bots::BotMaker;
use ashta_session::Session;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};

use crate::app::{App, Settings};
use crate::describe::result_words;
use crate::jobs::JobDone;
use crate::replay::Replay;
use crate::terminal::TerminalGuard;

/// How often the screen is redrawn while nothing happens.
const FRAME: Duration = Duration::from_millis(30);

/// Plays a session's game full screen until it ends or the player quits.
/// `maker` builds the bots of the next games at the table.
/// `rule_flags` are the flags that chose the rules, printed again at the end (see
/// [`farewell`]).
pub fn play(
    session: Session,
    settings: Settings,
    maker: BotMaker,
    rule_flags: Option<String>,
) -> Result<()> {
    let mut app = App::new(session, settings)?.with_bot_maker(maker);
    let mut guard = TerminalGuard::enter()?;
    let (tx, rx) = mpsc::channel::<JobDone>();
    app.advance();
    let mut last = Instant::now();
    while !app.quit {
        for job in app.take_jobs() {
            let tx = tx.clone();
            thread::Builder::new()
                .name("ashta-bot".into())
                .spawn(move || {
                    let _ = tx.send(job.run());
                })
                .context("cannot start a bot thread")?;
        }
        let size = guard
            .terminal
            .size()
            .context("cannot read the terminal's size")?;
        app.resize(size.width, size.height);
        guard
            .terminal
            .draw(|frame| crate::ui::draw(frame, &app))
            .context("cannot draw")?;
        if event::poll(FRAME).context("cannot read the terminal")? {
            match event::read().context("cannot read the terminal")? {
                Event::Key(key) if key.kind != KeyEventKind::Release => app.key(key),
                // A resize is drawn at the next frame at the new size.
                _ => {}
            }
        }
        if let Some(review) = app.take_review() {
            // Ctrl-C in the replay ends the program, as it does in the game.
            app.quit = view_replay(&mut guard, review)?;
        }
        while let Ok(done) = rx.try_recv() {
            app.job_done(done);
        }
        let now = Instant::now();
        app.tick(now - last);
        last = now;
    }
    drop(guard);
    println!(
        "{}",
        farewell(app.session(), app.saved.as_deref(), rule_flags.as_deref())
    );
    Ok(())
}

/// What is printed once the full screen is gone: how the game stands, the file it was
/// saved to and what reviews or continues it (when it was saved), and the command that
/// plays the same game again: `rule_flags` (the flags that chose the rules, as typed),
/// the seats and the seed; without `rule_flags` (a game loaded from a file) the seed only.
pub fn farewell(session: &Session, saved: Option<&Path>, rule_flags: Option<&str>) -> String {
    let pos = session.position();
    let turns = match session.game().turns() {
        1 => "1 turn".to_string(),
        n => format!("{n} turns"),
    };
    let how = if pos.is_over() {
        format!("{} after {turns}.", result_words(session.variant(), pos))
    } else {
        format!("You left the game after {turns} (saved only if you saved it).")
    };
    let seed = session.seed();
    let file = match saved {
        Some(path) if pos.is_over() => format!(
            "Saved to {0}; review it with: ashta analyze {0}\n",
            path.display()
        ),
        Some(path) => format!(
            "Saved to {0}; continue it with: ashta play --load {0}\n",
            path.display()
        ),
        None => String::new(),
    };
    let Some(flags) = rule_flags else {
        return format!("{how}\n{file}Seed {seed}.");
    };
    let seats: Vec<String> = session.seats().iter().map(|s| s.name()).collect();
    let flags = if flags.is_empty() {
        String::new()
    } else {
        format!("{flags} ")
    };
    format!(
        "{how}\n{file}Seed {seed}: `ashta play {flags}--seats {} --seed {seed}` plays the same game again.",
        seats.join(",")
    )
}

/// Steps through a recorded game full screen.
pub fn replay(replay: Replay) -> Result<()> {
    let mut guard = TerminalGuard::enter()?;
    view_replay(&mut guard, replay)?;
    Ok(())
}

/// Steps through a recorded game on the terminal of `guard` until it is closed;
/// whether it was closed with Ctrl-C.
fn view_replay(guard: &mut TerminalGuard, mut replay: Replay) -> Result<bool> {
    let mut ctrl_c = false;
    while !replay.quit {
        guard
            .terminal
            .draw(|frame| crate::replay::draw(frame, &replay))
            .context("cannot draw")?;
        if event::poll(Duration::from_millis(250)).context("cannot read the terminal")? {
            if let Event::Key(key) = event::read().context("cannot read the terminal")? {
                if key.kind != KeyEventKind::Release {
                    ctrl_c = key.modifiers.contains(KeyModifiers::CONTROL)
                        && key.code == KeyCode::Char('c');
                    replay.key(key);
                }
            }
        }
    }
    Ok(ctrl_c)
}
