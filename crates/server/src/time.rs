//! The server's one source of time: every instant the server records or compares (a game's
//! events, a login session's use and expiry, the heartbeats, the restart pause, the rows'
//! creation) is read from a [`Time`], and every wait for an instant of it (a game's next
//! clock call, the next heartbeat) is a wait on that same source.
//!
//! A server runs on [`Time::system`], the system clock. A test holds time instead
//! ([`Time::held`]): instants stand still until the test moves them ([`Time::advance`]), and a
//! wait ends when the test has moved time past it, so a test says "an hour later" and never
//! sleeps for it. What is judged in real time stays so: whether another instance on a shared
//! database is alive is seen from its row being written again, not from the instants it writes
//! (another process does not share a test's held time).

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::watch;

/// Where the server reads the time (milliseconds since the Unix epoch). Cheap to clone; the
/// clones of a held time are one time.
#[derive(Clone, Debug)]
pub struct Time(Source);

#[derive(Clone, Debug)]
enum Source {
    System,
    /// The instant, as the test set it; the receivers wake the waits when it moves.
    Held(Arc<watch::Sender<u64>>),
}

impl Default for Time {
    /// [`Time::system`].
    fn default() -> Time {
        Time::system()
    }
}

impl Time {
    /// The system clock.
    pub fn system() -> Time {
        Time(Source::System)
    }

    /// Time held at `at_ms` (milliseconds since the Unix epoch) until [`Time::advance`] or
    /// [`Time::set`] moves it.
    pub fn held(at_ms: u64) -> Time {
        Time(Source::Held(Arc::new(watch::Sender::new(at_ms))))
    }

    /// Now, in milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> u64 {
        match &self.0 {
            Source::System => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64),
            Source::Held(at) => *at.borrow(),
        }
    }

    /// Moves held time `by` later (waits that it reaches end). The system clock is not moved:
    /// on [`Time::system`] this does nothing.
    pub fn advance(&self, by: Duration) {
        if let Source::Held(at) = &self.0 {
            at.send_modify(|t| *t = t.saturating_add(by.as_millis() as u64));
        }
    }

    /// Sets held time to `at_ms`, never earlier than it is (a record's instants never go
    /// back). On [`Time::system`] this does nothing.
    pub fn set(&self, at_ms: u64) {
        if let Source::Held(at) = &self.0 {
            at.send_modify(|t| *t = (*t).max(at_ms));
        }
    }

    /// Waits until it is `at_ms` or later.
    pub async fn until(&self, at_ms: u64) {
        match &self.0 {
            Source::System => {
                let wait = at_ms.saturating_sub(self.now_ms());
                tokio::time::sleep(Duration::from_millis(wait)).await;
            }
            Source::Held(at) => {
                let mut rx = at.subscribe();
                // The sender lives as long as `self`: the wait cannot lose it.
                let _ = rx.wait_for(|t| *t >= at_ms).await;
            }
        }
    }

    /// Waits `d` of this time.
    pub async fn sleep(&self, d: Duration) {
        self.until(self.now_ms().saturating_add(d.as_millis() as u64)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_wait_on_held_time_ends_when_the_test_moves_time_past_it() {
        let t = Time::held(1_000);
        let waiting = tokio::spawn({
            let t = t.clone();
            async move {
                t.until(1_500).await;
                t.now_ms()
            }
        });
        t.advance(Duration::from_millis(400));
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished(), "woke at 1400, before 1500");
        t.advance(Duration::from_millis(200));
        assert_eq!(waiting.await.unwrap(), 1_600);
        t.set(10);
        assert_eq!(t.now_ms(), 1_600, "held time never goes back");
    }
}
