//! Instants and durations in milliseconds.

use std::fmt;

/// A point in time: milliseconds since an epoch the caller chooses (the start of the event,
/// the Unix epoch, zero in a test). The clock only ever subtracts instants, so the epoch never
/// matters; it only has to be the same for every instant given to one [`Clock`](crate::Clock).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant(pub u64);

/// A duration in milliseconds. Never negative: every subtraction here saturates at zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Millis(pub u64);

impl Millis {
    /// No time at all.
    pub const ZERO: Millis = Millis(0);

    /// `s` seconds.
    pub const fn from_secs(s: u64) -> Millis {
        Millis(s.saturating_mul(1000))
    }

    /// `m` minutes.
    pub const fn from_mins(m: u64) -> Millis {
        Millis(m.saturating_mul(60_000))
    }

    /// `h` hours.
    pub const fn from_hours(h: u64) -> Millis {
        Millis(h.saturating_mul(3_600_000))
    }

    /// Whole seconds, rounded down (what a clock face shows while counting down is rounded up;
    /// see [`Millis::ceil_secs`]).
    pub const fn whole_secs(self) -> u64 {
        self.0 / 1000
    }

    /// Seconds rounded up: 0.001 s left shows as 1 s, as a clock counting down shows it.
    pub const fn ceil_secs(self) -> u64 {
        self.0.div_ceil(1000)
    }

    /// `self + other`, saturating.
    pub const fn saturating_add(self, other: Millis) -> Millis {
        Millis(self.0.saturating_add(other.0))
    }

    /// `self - other`, or zero when `other` is longer.
    pub const fn saturating_sub(self, other: Millis) -> Millis {
        Millis(self.0.saturating_sub(other.0))
    }

    /// `self * n`, saturating.
    pub const fn saturating_mul(self, n: u64) -> Millis {
        Millis(self.0.saturating_mul(n))
    }

    /// Whether this is zero.
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl Instant {
    /// The time from `earlier` to `self`, or zero if `earlier` is not earlier.
    pub const fn since(self, earlier: Instant) -> Millis {
        Millis(self.0.saturating_sub(earlier.0))
    }

    /// The instant `d` after `self`, saturating.
    pub const fn plus(self, d: Millis) -> Instant {
        Instant(self.0.saturating_add(d.0))
    }
}

/// Written in the time-control grammar: `1h30m`, `10m`, `90s`, `1s500ms`, `0s`. Durations
/// under two minutes are written in seconds (`60s`, `90s`, as byo-yomi periods are named);
/// longer ones in hours, minutes and seconds. [`crate::parse_duration`] reads every form back.
impl fmt::Display for Millis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.0 % 1000;
        let total_secs = self.0 / 1000;
        if total_secs == 0 && ms == 0 {
            return f.write_str("0s");
        }
        let (h, m, s) = if total_secs < 120 {
            (0, 0, total_secs)
        } else {
            (total_secs / 3600, total_secs / 60 % 60, total_secs % 60)
        };
        if h > 0 {
            write!(f, "{h}h")?;
        }
        if m > 0 {
            write!(f, "{m}m")?;
        }
        if s > 0 {
            write!(f, "{s}s")?;
        }
        if ms > 0 {
            write!(f, "{ms}ms")?;
        }
        Ok(())
    }
}

/// `t+1234` — milliseconds after the epoch.
impl fmt::Display for Instant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "t+{}", self.0)
    }
}
