//! Fair places for searches: at most a fixed number run at once, server-wide, and the
//! waiting ones are served round-robin across keys (a client's address), so one
//! client's many games cannot hold every place while another's bot waits. With more
//! than one place, one key holds at most all but one, so another's search starts at
//! once rather than after a search of the first key's.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

/// A fixed number of places, handed out round-robin across keys.
pub struct Fair {
    state: Mutex<State>,
}

struct State {
    free: usize,
    /// Most places one key may hold.
    per_key: usize,
    /// Places held, by key.
    held: HashMap<String, usize>,
    closed: bool,
    /// Waiters by key, each in arrival order.
    queues: HashMap<String, VecDeque<oneshot::Sender<Place>>>,
    /// Keys with waiters, in the order they are served next.
    ring: VecDeque<String>,
}

/// Too many wait for a place already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Full;

/// One place, given back when dropped (to the next key in turn).
pub struct Place {
    fair: Option<Arc<Fair>>,
    key: String,
}

impl Drop for Place {
    fn drop(&mut self) {
        if let Some(fair) = self.fair.take() {
            Fair::release(&fair, &self.key);
        }
    }
}

impl Fair {
    /// `places` places (at least one).
    pub fn new(places: usize) -> Arc<Fair> {
        Arc::new(Fair {
            state: Mutex::new(State {
                free: places.max(1),
                per_key: places.max(2) - 1,
                held: HashMap::new(),
                closed: false,
                queues: HashMap::new(),
                ring: VecDeque::new(),
            }),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits for a place for `key`; `None` once closed.
    pub async fn acquire(self: &Arc<Self>, key: &str) -> Option<Place> {
        self.acquire_within(key, usize::MAX)
            .await
            .unwrap_or_default()
    }

    /// Waits for a place for `key` unless `most_waiting` already wait (then `Err(Full)`
    /// at once, nothing queued); `Ok(None)` once closed.
    pub async fn acquire_within(
        self: &Arc<Self>,
        key: &str,
        most_waiting: usize,
    ) -> Result<Option<Place>, Full> {
        let wait = {
            let mut st = self.lock();
            if st.closed {
                return Ok(None);
            }
            let held = |k: &str| st.held.get(k).copied().unwrap_or(0);
            // Waiters go first, unless every one of them holds its most already.
            let none_before = st.ring.iter().all(|k| held(k) >= st.per_key);
            if st.free > 0 && none_before && held(key) < st.per_key {
                st.free -= 1;
                *st.held.entry(key.to_string()).or_default() += 1;
                return Ok(Some(Place {
                    fair: Some(self.clone()),
                    key: key.to_string(),
                }));
            }
            // Waiters that gave up are not counted.
            let waiting: usize = st
                .queues
                .values()
                .map(|q| q.iter().filter(|tx| !tx.is_closed()).count())
                .sum();
            if waiting >= most_waiting {
                return Err(Full);
            }
            let (tx, rx) = oneshot::channel();
            let queue = st.queues.entry(key.to_string()).or_default();
            queue.push_back(tx);
            if queue.len() == 1 {
                st.ring.push_back(key.to_string());
            }
            rx
        };
        Ok(wait.await.ok())
    }

    /// Takes back `key`'s place and hands free places to the waiters in turn, skipping
    /// keys that hold their most.
    fn release(fair: &Arc<Fair>, key: &str) {
        let mut st = fair.lock();
        if let Some(n) = st.held.get_mut(key) {
            *n -= 1;
            if *n == 0 {
                st.held.remove(key);
            }
        }
        st.free += 1;
        // Each key in the ring is looked at once per pass.
        let mut passed = 0;
        while st.free > 0 && passed < st.ring.len() {
            let Some(key) = st.ring.pop_front() else {
                break;
            };
            let mine = st.held.get(&key).copied().unwrap_or(0);
            if mine >= st.per_key {
                st.ring.push_back(key);
                passed += 1;
                continue;
            }
            let Some(queue) = st.queues.get_mut(&key) else {
                continue;
            };
            let next = queue.pop_front();
            if queue.is_empty() {
                st.queues.remove(&key);
            } else {
                st.ring.push_back(key.clone());
            }
            if let Some(tx) = next {
                let place = Place {
                    fair: Some(fair.clone()),
                    key: key.clone(),
                };
                match tx.send(place) {
                    Ok(()) => {
                        st.free -= 1;
                        *st.held.entry(key).or_default() += 1;
                        passed = 0;
                    }
                    // The waiter is gone: the place goes on to the next.
                    Err(mut place) => place.fair = None,
                }
            }
        }
    }

    /// Refuses every waiter and every later request (the server shuts down).
    pub fn close(&self) {
        let mut st = self.lock();
        st.closed = true;
        st.queues.clear();
        st.ring.clear();
    }

    /// Places free now.
    pub fn free(&self) -> usize {
        self.lock().free
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn waiters_are_served_round_robin_across_keys() {
        let fair = Fair::new(1);
        let first = fair.acquire("a").await.unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        // Address a queues five searches, then b one.
        for key in ["a", "a", "a", "a", "a", "b"] {
            let (fair, order) = (fair.clone(), order.clone());
            tasks.push(tokio::spawn(async move {
                let _place = fair.acquire(key).await.unwrap();
                order.lock().unwrap().push(key);
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            }));
            // Queued in this order.
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        drop(first);
        for t in tasks {
            t.await.unwrap();
        }
        let order = order.lock().unwrap().clone();
        // b waits for one of a's, not for all five.
        assert_eq!(order[..2], ["a", "b"], "{order:?}");
        assert_eq!(fair.free(), 1);
    }

    #[tokio::test]
    async fn one_key_leaves_a_place_for_the_others() {
        let fair = Fair::new(2);
        let a1 = fair.acquire("a").await.unwrap();
        // A second search of a waits, though a place is free...
        let waiting = {
            let fair = fair.clone();
            tokio::spawn(async move { fair.acquire("a").await.map(|_| ()) })
        };
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        assert!(!waiting.is_finished());
        assert_eq!(fair.free(), 1);
        // ...so b's starts at once.
        let b = tokio::time::timeout(std::time::Duration::from_secs(1), fair.acquire("b"))
            .await
            .expect("b is not kept waiting")
            .unwrap();
        drop(a1);
        waiting.await.unwrap().unwrap();
        drop(b);
        assert_eq!(fair.free(), 2);
    }

    #[tokio::test]
    async fn past_its_bound_on_waiters_a_request_is_refused_at_once() {
        let fair = Fair::new(1);
        let held = fair.acquire("a").await.unwrap();
        let waiter = {
            let fair = fair.clone();
            tokio::spawn(async move { fair.acquire_within("b", 1).await.map(|p| p.is_some()) })
        };
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        assert_eq!(fair.acquire_within("c", 1).await.err(), Some(Full));
        // A waiter that gave up no longer counts.
        waiter.abort();
        let _ = waiter.await;
        let again = {
            let fair = fair.clone();
            tokio::spawn(async move { fair.acquire_within("c", 1).await.map(|p| p.is_some()) })
        };
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        drop(held);
        assert_eq!(again.await.unwrap(), Ok(true));
    }

    #[tokio::test]
    async fn a_waiter_that_gives_up_passes_its_turn_on() {
        let fair = Fair::new(1);
        let first = fair.acquire("a").await.unwrap();
        let gone = {
            let fair = fair.clone();
            tokio::spawn(async move { fair.acquire("b").await.map(|_| ()) })
        };
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        gone.abort();
        let _ = gone.await;
        drop(first);
        assert_eq!(fair.free(), 1);
        let _again = fair.acquire("c").await.unwrap();
        fair.close();
        assert!(fair.acquire("d").await.is_none());
    }
}
