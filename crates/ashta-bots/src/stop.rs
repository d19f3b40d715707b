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

    /// Raises this stop's own flag, so every search checking it or a clone stops (the
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

    /// Whether this stop can ever come (it has a flag or a deadline).
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

    use crate::analysis::hint::huge;
    use crate::{make_bot, Bot, MctsBot, MctsConfig};

    /// Issue 20, attacks 1 and 6: searching bots keep a time budget from the call on
    /// huge rules, where one simulation or node is slow, and `expecti`'s widest
    /// setting keeps its time too.
    #[test]
    fn searching_bots_keep_their_time_on_huge_rules() {
        let v = huge::variant();
        let pos = huge::position(&v, 24, 3);
        for (spec, ms) in [
            ("master", 300),
            ("hard", 300),
            ("medium", 300),
            ("expecti:throws=4,depth=12,time=500", 500),
        ] {
            let mut bot = make_bot(spec, 1, Some(Duration::from_millis(ms))).unwrap();
            let t = Instant::now();
            let play = bot.choose(&v, &pos);
            let took = t.elapsed();
            assert!(play.is_some(), "{spec}");
            assert!(took < Duration::from_millis(ms + 600), "{spec}: {took:?}");
        }
        // On the standard rules too (the report's `ashta engine` case).
        let std = ashta_engine::Variant::new(ashta_engine::Rules::standard()).unwrap();
        let (_, mid) =
            ashta_engine::parse_any("standard 5 4 0 4,2 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0")
                .unwrap();
        let mut bot = make_bot("expecti:throws=4,time=500", 1, None).unwrap();
        let t = Instant::now();
        bot.choose(&std, &mid).unwrap();
        assert!(
            t.elapsed() < Duration::from_millis(500 + 600),
            "{:?}",
            t.elapsed()
        );
    }

    /// A stop cancels a search whose own budget is far away, and the bot still answers.
    #[test]
    fn a_cancelled_search_answers_at_once() {
        let v = huge::variant();
        let pos = huge::position(&v, 24, 3);
        for spec in ["master:time=60000", "expecti:time=60000"] {
            let mut bot = make_bot(spec, 1, None).unwrap();
            let stop = Stop::new();
            bot.set_stop(stop.clone());
            let canceller = huge::cancel_after(&stop, 200);
            let t = Instant::now();
            assert!(bot.choose(&v, &pos).is_some());
            let took = t.elapsed();
            canceller.join().unwrap();
            assert!(took < Duration::from_millis(200 + 600), "{spec}: {took:?}");
        }
    }

    /// Issue 20, attack 2: a bot keeps no big search tree between decisions.
    #[test]
    fn a_bot_frees_its_tree_after_a_decision() {
        let v = ashta_engine::Variant::new(ashta_engine::Rules::standard()).unwrap();
        let (_, pos) =
            ashta_engine::parse_any("standard 5 4 0 4,2 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 - - 0")
                .unwrap();
        let mut bot = MctsBot::new(3, MctsConfig::default());
        bot.analyse(&v, &pos);
        assert!(bot.last_simulations() > 1000);
        assert!(
            bot.tree_capacity() <= crate::mcts::KEEP_NODES,
            "{}",
            bot.tree_capacity()
        );
        // A server's bot, waiting for a person, keeps no tree at all.
        let mut small = MctsBot::new(
            3,
            MctsConfig {
                simulations: 100,
                ..MctsConfig::default()
            },
        );
        small.analyse(&v, &pos);
        assert!(small.tree_capacity() > 0);
        small.release_memory();
        assert_eq!(small.tree_capacity(), 0);
        assert!(!small.analyse(&v, &pos).is_empty());
    }
}
