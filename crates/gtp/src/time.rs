//! Time settings as the controller announces them (`time_settings`, `kgs-time_settings`,
//! `time_left`). They are kept and reported, never enforced: the clock crate does that.

use std::fmt;

/// A time system, in whole seconds (GTP sends integers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimeSystem {
    /// Nothing announced yet, or explicitly no limit.
    #[default]
    NoLimit,
    /// Absolute time (包干用时制, Art. 12.4): the whole game within `main` seconds.
    Absolute {
        /// Seconds for the whole game.
        main: u64,
    },
    /// Japanese byo-yomi (读秒, Art. 12.3): `periods` periods of `period` seconds after
    /// the main time.
    Byoyomi {
        /// Main time in seconds.
        main: u64,
        /// Seconds per period.
        period: u64,
        /// Number of periods.
        periods: u64,
    },
    /// Canadian overtime (Art. 12.5): `stones` moves within each `period` seconds after the
    /// main time.
    Canadian {
        /// Main time in seconds.
        main: u64,
        /// Seconds per overtime period.
        period: u64,
        /// Moves to make within each period.
        stones: u64,
    },
}

impl TimeSystem {
    /// The reading of GTP `time_settings main byo_yomi_time byo_yomi_stones` (GTP v2
    /// section 4.2): byo-yomi time 0 means absolute time; byo-yomi stones 0 with a positive
    /// byo-yomi time means no limit; otherwise Canadian overtime.
    pub fn from_gtp(main: u64, period: u64, stones: u64) -> TimeSystem {
        if period == 0 {
            TimeSystem::Absolute { main }
        } else if stones == 0 {
            TimeSystem::NoLimit
        } else {
            TimeSystem::Canadian { main, period, stones }
        }
    }
}

impl fmt::Display for TimeSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeSystem::NoLimit => f.write_str("no limit"),
            TimeSystem::Absolute { main } => write!(f, "absolute {main} s"),
            TimeSystem::Byoyomi { main, period, periods } => {
                write!(f, "byo-yomi {main} s + {periods} x {period} s")
            }
            TimeSystem::Canadian { main, period, stones } => {
                write!(f, "canadian {main} s + {stones} stones in {period} s")
            }
        }
    }
}

/// What `time_left` last said about one side: seconds left in the current period and, in
/// overtime, the stones (or periods) left; 0 stones means still in main time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLeft {
    /// Seconds left (a controller may send a negative value once time has run out).
    pub seconds: i64,
    /// Stones or periods left in overtime; 0 in main time.
    pub stones: u64,
}

impl fmt::Display for TimeLeft {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.stones == 0 {
            write!(f, "{} s", self.seconds)
        } else {
            write!(f, "{} s for {} stones", self.seconds, self.stones)
        }
    }
}
