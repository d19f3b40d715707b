//! The parts of the app's state, each about one thing: what the screen views, what the
//! journal says, the pace of what is shown, and the work on worker threads.

use std::collections::VecDeque;
use std::time::Duration;

use ashta_engine::{Cowries, Move};

use super::{Animation, LogLine, Overlay, ThrowShown, Tone};
use crate::jobs::Job;

/// How the screen views the game: what covers the board, the route drawn, how far the
/// help is scrolled, the terminal's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// What covers the board.
    pub overlay: Overlay,
    /// How many lines the help is scrolled down.
    pub help_scroll: u16,
    /// The seat whose route the board shows instead of the pawns (`r`), if any.
    pub route: Option<usize>,
    /// The terminal's size (columns, rows), for scrolling the help by pages.
    pub(super) screen: (u16, u16),
}

impl Default for View {
    fn default() -> View {
        View {
            overlay: Overlay::None,
            help_scroll: 0,
            route: None,
            screen: (80, 24),
        }
    }
}

/// What is written about the game: the log, the message bar, the throw panel, and what
/// an undo needs to cut them back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Journal {
    /// The move log, oldest first.
    pub log: Vec<LogLine>,
    /// The message bar: the last news or refusal.
    pub message: Option<(Tone, String)>,
    /// The last throwing phase.
    pub last_throw: Option<ThrowShown>,
    /// For each turn of the record thrown here: the log's length after its throw (an
    /// undo cuts the log back to it).
    pub(super) log_marks: Vec<(usize, usize)>,
    /// The throws of each turn of the record thrown here, as they fell (the record keeps
    /// only how many cowries were up), so that the panel after an undo shows the same
    /// cowries as the log.
    pub(super) thrown: Vec<(usize, Vec<Cowries>)>,
}

/// The pace of what is shown: the move on its way, the moves after it, and the moments
/// the screen holds still.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pace {
    /// The move being shown.
    pub animation: Option<Animation>,
    /// Finish the bots' moves of this turn without showing them (Space).
    pub hurry: bool,
    /// Time the screen stays as it is before the game goes on (after a throw that
    /// moves nothing).
    pub hold: Duration,
    /// Time before the next throw of a throwing phase under way (after a grace), so
    /// that the throws are seen coming one by one.
    pub pause: Duration,
    /// Moves of the mover still to show, after the animation.
    pub(super) queue: VecDeque<Move>,
}

/// The work on worker threads: the jobs to start, the seat whose bot is thinking,
/// whether a hint is being worked out, and which answers still count.
#[derive(Default)]
pub struct Workers {
    /// The jobs to run.
    pub(super) jobs: Vec<Job>,
    /// The seat whose bot is deciding (its bot is lent to a job).
    pub(super) thinking: Option<usize>,
    /// Whether a hint is being worked out.
    pub(super) hint_out: bool,
    /// Bumped by undo: answers of older jobs are dropped.
    pub(super) generation: u64,
}
