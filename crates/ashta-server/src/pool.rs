//! The threads searches run on: a fixed number, made for them alone (not tokio's blocking
//! pool, which also serves the database reads), and on Linux run at a lower CPU priority
//! than the threads that serve connections. A search busy on every core then never holds
//! back a move's broadcast: the scheduler runs the I/O threads first, and the searches,
//! which stop at a wall-clock deadline, keep their budget whatever share of the CPU they
//! get.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;

use tokio::sync::oneshot;

type Job = Box<dyn FnOnce() + Send>;

/// A fixed set of search threads fed from one queue.
pub struct SearchPool {
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
    /// Jobs handed to the threads so far.
    started: AtomicU64,
}

/// Why a job gave no answer.
#[derive(Debug, thiserror::Error)]
pub enum PoolError {
    /// The job panicked (its thread lives on).
    #[error("the search panicked: {0}")]
    Panicked(String),
    /// The pool is closed or its threads are gone.
    #[error("the search threads have stopped")]
    Gone,
}

impl SearchPool {
    /// `threads` threads (at least one), each lowered by `nice` (0 to 19; Linux only,
    /// ignored elsewhere or when the system refuses).
    pub fn new(threads: usize, nice: i32) -> Result<SearchPool, std::io::Error> {
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        for n in 0..threads.max(1) {
            let rx = rx.clone();
            thread::Builder::new()
                .name(format!("ashta-search-{n}"))
                .spawn(move || {
                    lower_priority(nice);
                    loop {
                        let job = {
                            let rx = rx.lock().unwrap_or_else(|p| p.into_inner());
                            rx.recv()
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                })?;
        }
        Ok(SearchPool {
            jobs: Mutex::new(Some(tx)),
            started: AtomicU64::new(0),
        })
    }

    /// Runs `f` on a search thread; its answer, or why there is none.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        let (done, answer) = oneshot::channel();
        let job: Job = Box::new(move || {
            let out = catch_unwind(AssertUnwindSafe(f)).map_err(|e| {
                let text = e
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| e.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "no message".into());
                PoolError::Panicked(text)
            });
            let _ = done.send(out);
        });
        {
            let jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
            let sender = jobs.as_ref().ok_or(PoolError::Gone)?;
            sender.send(job).map_err(|_| PoolError::Gone)?;
        }
        self.started.fetch_add(1, Ordering::Relaxed);
        answer.await.map_err(|_| PoolError::Gone)?
    }

    /// How many jobs were handed to the threads so far.
    pub fn jobs_started(&self) -> u64 {
        self.started.load(Ordering::Relaxed)
    }

    /// Takes no more jobs; the threads end once the queue is empty.
    pub fn close(&self) {
        self.jobs.lock().unwrap_or_else(|p| p.into_inner()).take();
    }
}

/// Lowers the calling thread's CPU priority by `nice` from where it is (Linux, where
/// the nice value is a thread's own): a server started under `nice` keeps its searches
/// below its connections.
#[cfg(target_os = "linux")]
pub(crate) fn lower_priority(nice: i32) {
    if nice <= 0 {
        return;
    }
    // SAFETY: getpriority and setpriority only read their integer arguments; on Linux,
    // `who = 0` with PRIO_PROCESS names the calling thread.
    let now = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
    let failed = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, (now + nice).min(19)) } != 0;
    if failed {
        tracing::warn!(
            "could not lower a search thread's priority: {}",
            std::io::Error::last_os_error()
        );
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn lower_priority(_nice: i32) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_job_runs_on_a_search_thread_and_answers() {
        let pool = SearchPool::new(2, 0).unwrap();
        let name = pool
            .run(|| thread::current().name().map(str::to_string))
            .await
            .unwrap();
        assert!(name.unwrap().starts_with("ashta-search-"));
    }

    #[tokio::test]
    async fn a_panicking_job_is_an_error_and_the_thread_lives_on() {
        let pool = SearchPool::new(1, 0).unwrap();
        let err = pool.run(|| panic!("boom")).await.unwrap_err();
        assert!(matches!(err, PoolError::Panicked(m) if m == "boom"));
        assert_eq!(pool.run(|| 7).await.unwrap(), 7);
        pool.close();
        assert!(matches!(pool.run(|| 7).await, Err(PoolError::Gone)));
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn search_threads_run_below_the_servers_priority() {
        let pool = SearchPool::new(1, 7).unwrap();
        // getpriority returns the nice value; on Linux `who = 0` is the calling thread.
        // SAFETY: reads integers only.
        let here = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
        let there = pool
            .run(|| unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) })
            .await
            .unwrap();
        assert_eq!(there, (here + 7).min(19));
    }
}
