//! Counting things over the last second or minute: the limits on messages, actions,
//! creations and hints.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// The times of the things counted within the last `window`, oldest first.
#[derive(Debug, Default)]
pub struct Window {
    recent: VecDeque<Instant>,
}

impl Window {
    /// Whether one more may pass now with at most `most` within `window` (and counts it
    /// if so).
    pub fn allow(&mut self, most: u32, window: Duration) -> bool {
        let now = Instant::now();
        self.forget_before(now, window);
        if self.recent.len() >= most as usize {
            return false;
        }
        self.recent.push_back(now);
        true
    }

    /// Drops the times older than `window` before `now`; says whether none is left.
    pub fn forget_before(&mut self, now: Instant, window: Duration) -> bool {
        while self
            .recent
            .front()
            .is_some_and(|&t| now.duration_since(t) >= window)
        {
            self.recent.pop_front();
        }
        self.recent.is_empty()
    }
}

/// A token bucket: `per_second` on average, up to `burst` at once.
#[derive(Debug)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket of `burst`.
    pub fn full(burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            at: Instant::now(),
        }
    }

    /// Whether one more may pass now (and takes it if so).
    pub fn allow(&mut self, per_second: f64, burst: f64) -> bool {
        let now = Instant::now();
        self.tokens =
            (self.tokens + now.duration_since(self.at).as_secs_f64() * per_second).min(burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Whether it has filled up again by now (nothing to remember).
    pub fn is_full(&self, per_second: f64, burst: f64) -> bool {
        self.tokens + self.at.elapsed().as_secs_f64() * per_second >= burst
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_lets_a_burst_through_then_its_rate() {
        let mut b = Bucket::full(3.0);
        assert!((0..3).all(|_| b.allow(100.0, 3.0)));
        assert!(!b.allow(100.0, 3.0));
        std::thread::sleep(Duration::from_millis(30));
        assert!(b.allow(100.0, 3.0));
        assert!(!b.is_full(0.001, 3.0));
    }

    #[test]
    fn a_window_lets_through_at_most_its_number() {
        let mut w = Window::default();
        let second = Duration::from_secs(1);
        assert!((0..3).all(|_| w.allow(3, second)));
        assert!(!w.allow(3, second));
        std::thread::sleep(Duration::from_millis(30));
        assert!(w.allow(3, Duration::from_millis(20)));
    }
}
