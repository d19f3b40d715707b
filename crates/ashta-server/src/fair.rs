//! Fair places for searches: at most a fixed number run at once, server-wide, and the
//! waiting ones are served round-robin across keys (a client's address), so one
//! client's many games cannot hold every place while another's bot waits.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

/// A fixed number of places, handed out round-robin across keys.
pub struct Fair {
    state: Mutex<State>,
}

struct State {
    free: usize,
    closed: bool,
    /// Waiters by key, each in arrival order.
    queues: HashMap<String, VecDeque<oneshot::Sender<Place>>>,
    /// Keys with waiters, in the order they are served next.
    ring: VecDeque<String>,
}

/// One place, given back when dropped (to the next key in turn).
pub struct Place {
    fair: Option<Arc<Fair>>,
}

impl Drop for Place {
    fn drop(&mut self) {
        if let Some(fair) = self.fair.take() {
            Fair::release(&fair);
        }
    }
}

impl Fair {
    /// `places` places (at least one).
    pub fn new(places: usize) -> Arc<Fair> {
        Arc::new(Fair {
            state: Mutex::new(State {
                free: places.max(1),
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
        let wait = {
            let mut st = self.lock();
            if st.closed {
                return None;
            }
            if st.free > 0 && st.ring.is_empty() {
                st.free -= 1;
                return Some(Place {
                    fair: Some(self.clone()),
                });
            }
            let (tx, rx) = oneshot::channel();
            let queue = st.queues.entry(key.to_string()).or_default();
            queue.push_back(tx);
            if queue.len() == 1 {
                st.ring.push_back(key.to_string());
            }
            rx
        };
        wait.await.ok()
    }

    /// Hands a place given back to the next waiter in turn, or frees it.
    fn release(fair: &Arc<Fair>) {
        let mut st = fair.lock();
        while let Some(key) = st.ring.pop_front() {
            let Some(queue) = st.queues.get_mut(&key) else {
                continue;
            };
            let next = queue.pop_front();
            if queue.is_empty() {
                st.queues.remove(&key);
            } else {
                st.ring.push_back(key);
            }
            if let Some(tx) = next {
                match tx.send(Place {
                    fair: Some(fair.clone()),
                }) {
                    Ok(()) => return,
                    // The waiter is gone: the place goes on to the next.
                    Err(mut place) => place.fair = None,
                }
            }
        }
        st.free += 1;
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
