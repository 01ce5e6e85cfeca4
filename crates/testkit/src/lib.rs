//! What the workspace's tests share, written once: a scratch folder per test ([`scratch`]), a
//! wait on what another process shows ([`until`]), and a PostgreSQL schema per test
//! ([`pg::Schema`]) behind one check that says what the PostgreSQL tests need when no server
//! answers ([`pg::require`]).
//!
//! Test-only: every crate that uses it has it as a dev-dependency, and nothing ships with it.
//!
//! Key design decision: waits are on state a test can see (a file, a line, a row), looked at
//! again until it holds, never a fixed sleep for time to pass; each gives up after a minute of
//! real time with a message naming what it waited for, so a broken test fails instead of
//! hanging CI.

#![deny(missing_docs)]

pub mod pg;

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long [`until`] waits before it gives up: far longer than anything takes on a loaded
/// machine, short enough that a broken test fails within CI's time.
pub const GIVE_UP: Duration = Duration::from_secs(60);

/// A fresh, empty folder for one test: `weiqi-{crate}-{process}-{name}` under the system's
/// temporary folder (what was there from an earlier run is removed).
pub fn scratch(krate: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weiqi-{krate}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot make the folder {}: {e}", dir.display()));
    dir
}

/// Waits until `ready()` holds, looking again every 10 ms: a wait on observable state (a file
/// a process writes, a line of its log, a row it commits), never on time passing. Panics
/// naming `what` after [`GIVE_UP`].
pub fn until(what: &str, mut ready: impl FnMut() -> bool) {
    let give_up = Instant::now() + GIVE_UP;
    while !ready() {
        assert!(
            Instant::now() < give_up,
            "gave up after {} s waiting for {what}",
            GIVE_UP.as_secs()
        );
        // A wait on observable state: `ready` is asked again.
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_folder_is_fresh_and_until_returns_once_the_state_holds() {
        let dir = scratch("testkit", "fresh");
        std::fs::write(dir.join("old"), "").unwrap();
        let dir = scratch("testkit", "fresh");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "emptied");
        let mut looks = 0;
        until("the third look", || {
            looks += 1;
            looks == 3
        });
        assert_eq!(looks, 3);
    }
}
