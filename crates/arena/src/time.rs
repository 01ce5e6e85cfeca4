//! The arena's one source of time: every instant a game records (its events, the clock's
//! rulings) and every deadline the arena waits for (an engine's answer, the flag plus the
//! grace, an untimed command's limit) is read from a [`Time`].
//!
//! A match runs on [`Time::system`], the system's monotonic clock counted from when the source
//! was made (the match's start). A test holds time instead ([`Time::held`]): instants stand
//! still until the test moves them ([`Time::advance`]), and an engine's deadline passes only
//! when the test has moved time past it. So a test states exact instants (Black's first
//! `time_left` is 600 s, however long the engines took to start), and an engine that starts
//! slowly on a busy machine is never judged to hang. A process still runs in real time: an
//! answer arrives when the engine gives it, and the arena judges it at the held instant.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Where the arena reads the time, as [`clock::Instant`]s (milliseconds since the source's
/// start). Cheap to clone; the clones of a held time are one time.
#[derive(Clone, Debug)]
pub struct Time(Source);

#[derive(Clone)]
enum Source {
    /// The system's monotonic clock; instants count from this one.
    System(std::time::Instant),
    /// The instant, as the test set it.
    Held(Arc<AtomicU64>),
    /// Another component's time source, read through a function (see [`Time::reading`]).
    Reading(Arc<dyn Fn() -> clock::Instant + Send + Sync>),
}

impl std::fmt::Debug for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::System(start) => f.debug_tuple("System").field(start).finish(),
            Source::Held(at) => f.debug_tuple("Held").field(at).finish(),
            Source::Reading(_) => f.write_str("Reading"),
        }
    }
}

impl Default for Time {
    /// [`Time::system`].
    fn default() -> Time {
        Time::system()
    }
}

impl Time {
    /// The system clock, counted from now: make it when the match begins.
    pub fn system() -> Time {
        Time(Source::System(std::time::Instant::now()))
    }

    /// Time held at `at` until [`Time::advance`] moves it.
    pub fn held(at: clock::Instant) -> Time {
        Time(Source::Held(Arc::new(AtomicU64::new(at.0))))
    }

    /// Another component's time, read through `now`: a server that holds its own time in
    /// tests hands the arena its clock, so an engine's deadline passes when the server's time
    /// does. Such a time is moved only by its owner ([`Time::advance`] does nothing).
    pub fn reading(now: impl Fn() -> clock::Instant + Send + Sync + 'static) -> Time {
        Time(Source::Reading(Arc::new(now)))
    }

    /// Now.
    pub fn now(&self) -> clock::Instant {
        match &self.0 {
            Source::System(start) => clock::Instant(start.elapsed().as_millis() as u64),
            Source::Held(at) => clock::Instant(at.load(Ordering::SeqCst)),
            Source::Reading(now) => now(),
        }
    }

    /// The instant `d` from now.
    pub fn after(&self, d: Duration) -> clock::Instant {
        self.now().plus(millis(d))
    }

    /// Moves held time `by` later (deadlines it reaches pass). The system clock is not moved:
    /// on [`Time::system`] this does nothing.
    pub fn advance(&self, by: Duration) {
        if let Source::Held(at) = &self.0 {
            let by = millis(by).0;
            // `fetch_update` never fails with a closure that always answers.
            let _ = at.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |t| Some(t.saturating_add(by)));
        }
    }

    /// How long (real time) a wait for `deadline` may block before it looks at the time
    /// again, `at_most` at the most; `None` once the deadline has passed. On held time it is
    /// always `at_most`: held time moves only when the test says, which the next look sees.
    pub(crate) fn wait_for(&self, deadline: clock::Instant, at_most: Duration) -> Option<Duration> {
        let now = self.now();
        if now >= deadline {
            return None;
        }
        Some(match &self.0 {
            Source::System(_) => Duration::from_millis(deadline.since(now).0).min(at_most),
            // Its owner may move it at any moment (a held server time): look again soon.
            Source::Held(_) | Source::Reading(_) => at_most,
        })
    }
}

/// `d` in whole milliseconds, saturating.
pub(crate) fn millis(d: Duration) -> clock::Millis {
    clock::Millis(u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_time_stands_until_the_test_moves_it() {
        let t = Time::held(clock::Instant(1_000));
        let other = t.clone();
        assert_eq!(t.now(), clock::Instant(1_000));
        let poll = Duration::from_millis(50);
        assert_eq!(t.wait_for(clock::Instant(1_500), poll), Some(poll));
        other.advance(Duration::from_millis(499));
        assert_eq!(t.now(), clock::Instant(1_499), "the clones are one time");
        assert_eq!(t.wait_for(clock::Instant(1_500), poll), Some(poll));
        t.advance(Duration::from_millis(1));
        assert_eq!(t.wait_for(clock::Instant(1_500), poll), None, "the deadline has passed");
        assert_eq!(t.after(Duration::from_secs(2)), clock::Instant(3_500));
    }

    #[test]
    fn a_time_read_from_another_source_follows_it() {
        let other = Arc::new(AtomicU64::new(5_000));
        let seen = other.clone();
        let t = Time::reading(move || clock::Instant(seen.load(Ordering::SeqCst)));
        let deadline = t.after(Duration::from_secs(1));
        assert_eq!(deadline, clock::Instant(6_000));
        let poll = Duration::from_millis(50);
        assert_eq!(t.wait_for(deadline, poll), Some(poll));
        t.advance(Duration::from_secs(5));
        assert_eq!(t.now(), clock::Instant(5_000), "only its owner moves it");
        other.store(6_000, Ordering::SeqCst);
        assert_eq!(t.wait_for(deadline, poll), None, "the owner's time passed the deadline");
    }

    #[test]
    fn a_wait_on_the_system_clock_is_the_rest_of_the_time_at_most() {
        let t = Time::system();
        let long = t.after(Duration::from_secs(3_600));
        let wait = t.wait_for(long, Duration::from_millis(50));
        assert_eq!(wait, Some(Duration::from_millis(50)));
        assert_eq!(t.wait_for(clock::Instant(0), Duration::from_millis(50)), None);
        t.advance(Duration::from_secs(3_600));
        assert!(t.now() < long, "the system clock is not moved");
    }
}
