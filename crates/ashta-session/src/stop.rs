//! When a search must stop whatever its own budget says: a deadline, and cancel flags
//! that another thread raises (a server request that timed out, a server shutting
//! down). Searches check it inside their loops (every simulation, node or rollout
//! phase), so they end within one unit of work of it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use web_time::Instant;

/// A deadline and cancel flags; [`Stop::never`] (the default) has neither.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    deadline: Option<Instant>,
    /// Its own flag, raised by [`Stop::cancel`].
    own: Option<Arc<AtomicBool>>,
    /// Flags of others it also stops on (never raised by it).
    flags: Vec<Arc<AtomicBool>>,
}

impl Stop {
    /// A stop that never comes.
    pub fn never() -> Stop {
        Stop::default()
    }

    /// A stop with a new cancel flag of its own (raised by [`Stop::cancel`] on it or on
    /// any clone).
    pub fn new() -> Stop {
        Stop {
            deadline: None,
            own: Some(Arc::new(AtomicBool::new(false))),
            flags: Vec::new(),
        }
    }

    /// Also stops at `deadline` (the earlier deadline wins).
    pub fn with_deadline(mut self, deadline: Instant) -> Stop {
        self.deadline = Some(self.deadline.map_or(deadline, |d| d.min(deadline)));
        self
    }

    /// Also stops `after` from now.
    pub fn within(self, after: Duration) -> Stop {
        match Instant::now().checked_add(after) {
            Some(d) => self.with_deadline(d),
            None => self,
        }
    }

    /// Also stops when `flag` is raised (a server's shutdown flag, say).
    pub fn with_flag(mut self, flag: Arc<AtomicBool>) -> Stop {
        self.flags.push(flag);
        self
    }

    /// Raises this `Stop`'s own flag, so every search checking it or a clone ends (the
    /// flags added by [`Stop::with_flag`] are left alone). A stop made by
    /// [`Stop::never`] has no flag of its own, and this does nothing to it.
    pub fn cancel(&self) {
        if let Some(f) = &self.own {
            f.store(true, Ordering::Relaxed);
        }
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Whether a flag is raised (no clock read).
    pub fn is_cancelled(&self) -> bool {
        self.own
            .iter()
            .chain(&self.flags)
            .any(|f| f.load(Ordering::Relaxed))
    }

    /// Whether a flag is raised or the deadline has passed.
    pub fn is_stopped(&self) -> bool {
        self.is_cancelled() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether this `Stop` can ever end a search (it has a flag or a deadline).
    pub fn is_set(&self) -> bool {
        self.deadline.is_some() || self.own.is_some() || !self.flags.is_empty()
    }
}

/// Raises a stop when dropped: a request handler holds one, so that a request given up
/// on (its future dropped by a timeout or a client gone) stops its search.
#[derive(Debug)]
pub struct CancelOnDrop(pub Stop);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_deadlines_and_clones() {
        assert!(!Stop::never().is_stopped());
        assert!(!Stop::never().is_set());
        let s = Stop::new();
        let c = s.clone();
        assert!(!c.is_stopped());
        s.cancel();
        assert!(c.is_stopped());
        let parent = Arc::new(AtomicBool::new(false));
        let child = Stop::new().with_flag(parent.clone());
        assert!(!child.is_stopped());
        parent.store(true, Ordering::Relaxed);
        assert!(child.is_stopped());
        let past = Stop::never().with_deadline(Instant::now());
        assert!(past.is_stopped());
        let later = Stop::never().within(Duration::from_secs(60));
        assert!(!later.is_stopped());
        // Cancelling a stop leaves the flags it only listens to alone.
        let shutdown = Arc::new(AtomicBool::new(false));
        let request = Stop::never().with_flag(shutdown.clone());
        request.cancel();
        assert!(!shutdown.load(Ordering::Relaxed));
        let s = Stop::new();
        drop(CancelOnDrop(s.clone()));
        assert!(s.is_cancelled());
    }
}
