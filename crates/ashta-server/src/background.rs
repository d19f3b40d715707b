//! The work nobody's game waits on: hints and reviews. It runs on threads of its own
//! (a rayon pool, since a hint's rollouts run on every core), at the lowest CPU priority
//! (Linux: nice [`crate::app::ServerConfig::background_nice`]), apart from the bots'
//! search threads and their places: a bot's search never waits for a hint, and the
//! scheduler runs the bots' searches and the connections first. At most
//! [`crate::app::ServerConfig::max_hints_running`] jobs run at once, served round-robin
//! across networks; past [`crate::app::ServerConfig::max_queued_hints`] waiting, a new job
//! is refused at once ([`BackgroundError::Busy`]) rather than queued past its request's
//! timeout. A job whose request is given up on (the client gone, the request timed out)
//! is cancelled: its `Stop` is cancelled when the request's future is dropped.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use tokio::sync::oneshot;

use crate::fair::{Fair, Full};

/// The pool hints and reviews run on.
pub struct Background {
    threads: rayon::ThreadPool,
    places: Arc<Fair>,
    most_waiting: usize,
}

/// Why a background job gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum BackgroundError {
    /// Too many jobs wait already.
    #[error("the server is busy with other hints and reviews; try again in a few seconds")]
    Busy,
    /// The job panicked.
    #[error("the work failed: {0}")]
    Panicked(String),
    /// The job was cancelled (its request was given up on).
    #[error("the work was cancelled")]
    Cancelled,
    /// The server is shutting down.
    #[error("the server is shutting down")]
    Gone,
}

/// What a job unwinds with when it sees its request given up on
/// ([`Background::cancelled`]).
struct Cancelled;

impl Background {
    /// `threads` threads (at least one) lowered by `nice` (Linux), `running` jobs at once
    /// (at least one), at most `most_waiting` waiting.
    pub fn new(
        threads: usize,
        nice: i32,
        running: usize,
        most_waiting: usize,
    ) -> Result<Background, rayon::ThreadPoolBuildError> {
        let threads = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(|n| format!("ashta-background-{n}"))
            .start_handler(move |_| crate::pool::lower_priority(nice))
            .build()?;
        Ok(Background {
            threads,
            places: Fair::new(running.max(1)),
            most_waiting,
        })
    }

    /// Runs `f` on the pool once a place is free for `key` (a network), or refuses it
    /// at once when too many wait. Dropping the returned future gives the place up (if
    /// still waiting); `f` itself stops when its own `Stop` says so, or unwinds with
    /// [`Background::cancelled`].
    pub async fn run<T: Send + 'static>(
        &self,
        key: &str,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, BackgroundError> {
        let place = match self.places.acquire_within(key, self.most_waiting).await {
            Ok(Some(place)) => place,
            Ok(None) => return Err(BackgroundError::Gone),
            Err(Full) => return Err(BackgroundError::Busy),
        };
        let (done, answer) = oneshot::channel();
        self.threads.spawn(move || {
            let _place = place;
            let out = catch_unwind(AssertUnwindSafe(f)).map_err(|e| {
                if e.is::<Cancelled>() {
                    return BackgroundError::Cancelled;
                }
                let text = e
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| e.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "no message".into());
                BackgroundError::Panicked(text)
            });
            let _ = done.send(out);
        });
        answer.await.map_err(|_| BackgroundError::Gone)?
    }

    /// Ends the job that calls it, as cancelled, when `stop` is set: for work that has
    /// no `Stop` of its own but calls back now and then (a review's progress). It
    /// unwinds without the panic message ([`std::panic::resume_unwind`]), and
    /// [`Background::run`] answers [`BackgroundError::Cancelled`].
    pub fn cancelled(stop: &ashta_session::Stop) {
        if stop.is_cancelled() {
            std::panic::resume_unwind(Box::new(Cancelled));
        }
    }

    /// Refuses every waiting and later job (the server shuts down).
    pub fn close(&self) {
        self.places.close();
    }

    /// Places free now.
    pub fn free(&self) -> usize {
        self.places.free()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn past_the_bound_on_waiting_jobs_one_is_refused_as_busy() {
        let pool = Arc::new(Background::new(1, 0, 1, 1).unwrap());
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let running = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run("a", move || hold.recv().is_ok()).await })
        };
        while pool.free() > 0 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let waiting = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run("b", || 2).await })
        };
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(matches!(
            pool.run("c", || 3).await,
            Err(BackgroundError::Busy)
        ));
        release.send(()).unwrap();
        assert!(running.await.unwrap().unwrap());
        assert_eq!(waiting.await.unwrap().unwrap(), 2);
    }

    #[tokio::test]
    async fn a_job_that_sees_its_request_given_up_ends_as_cancelled() {
        let pool = Background::new(1, 0, 1, 4).unwrap();
        let stop = ashta_session::Stop::new();
        stop.cancel();
        let answer = pool
            .run("a", move || {
                Background::cancelled(&stop);
                1
            })
            .await;
        assert!(matches!(answer, Err(BackgroundError::Cancelled)));
        assert_eq!(pool.run("a", || 7).await.unwrap(), 7);
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn background_work_runs_at_its_lower_priority() {
        let pool = Background::new(2, 9, 1, 4).unwrap();
        // SAFETY: getpriority reads integers only; `who = 0` is the calling thread.
        let here = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        let there = pool
            .run("a", || {
                use rayon::prelude::*;
                // Every thread the job's parallel work reaches is lowered.
                (0..64)
                    .into_par_iter()
                    .map(|_| unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) })
                    .min()
                    .unwrap()
            })
            .await
            .unwrap();
        assert_eq!(there, (here + 9).min(19));
    }
}
