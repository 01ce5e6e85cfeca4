//! Time controls (Art. 12) and the call schedules of byo-yomi (Art. 12.3).

use std::fmt;

use crate::time::Millis;

/// How much time each side has: a plain value, the same for both sides, set by the event in
/// advance (Art. 12.2). Parse one from a spec with `"10m+5x30s".parse::<TimeControl>()`; see
/// [`crate::spec`] for the grammar. [`TimeControl::validate`] states the invariants, and
/// [`crate::Clock::new`] refuses a control that breaks them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// No time limit: the clock only records the time each side used.
    None,
    /// Absolute time (包干用时制, Art. 12.4): the game must end within `main`; running out loses.
    Absolute {
        /// Each side's basic time. Never zero.
        main: Millis,
    },
    /// Basic time plus byo-yomi periods (读秒, Art. 12.3).
    ByoYomi(ByoYomi),
    /// Canadian overtime (Art. 12.5): after the basic time, N moves in M minutes.
    Canadian(Canadian),
    /// Fischer increment (online play; not in the 2002 rules): basic time plus a fixed
    /// increment after every move.
    Fischer(Fischer),
}

/// Byo-yomi as Art. 12.3 has it. The rules reserve some minutes *of* the basic time; here
/// `main` is the basic time *without* the reserved periods, so a "2 hours, the last 3 minutes
/// read" event is `main = 1h57m, periods = 3, period = 60s` (spec `1h57m+3x60s`).
///
/// In byo-yomi a move taking less than `period` costs nothing; a move that reaches `period`
/// uses one period, one that reaches twice `period` uses two (130 s uses two 60-s periods).
/// When the last period is used the flag falls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByoYomi {
    /// Basic time before byo-yomi; may be zero (a fast game read from the first move, Art. 22.4).
    pub main: Millis,
    /// The number of periods. At least one.
    pub periods: u32,
    /// The length of one period (60 s in slow games; 30, 20 or 10 s in fast games). At least
    /// one second.
    pub period: Millis,
    /// When the referee or the voice clock calls the seconds (Art. 12.3).
    pub calls: CallSchedule,
}

/// Canadian overtime (Art. 12.5): after `main`, each period gives `moves` moves in `period`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canadian {
    /// Basic time before the periods; may be zero.
    pub main: Millis,
    /// Moves to play within one period. At least one.
    pub moves: u32,
    /// The time for one period. Never zero.
    pub period: Millis,
    /// What happens to time left over when a period's moves are made.
    pub leftover: Leftover,
}

/// What happens to the time left in a Canadian period when its moves are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leftover {
    /// Art. 12.5: time left over carries into the next period (as in chess and xiangqi).
    CarryOver,
    /// The usual online variant: every period starts from the full period time.
    Reset,
}

/// Fischer time: `increment` is added after every move made in time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fischer {
    /// The starting time. Never zero.
    pub main: Millis,
    /// Added to the mover's time after each move. Never zero (zero is [`TimeControl::Absolute`]).
    pub increment: Millis,
}

/// When the seconds are called in one byo-yomi period (Art. 12.3). All offsets are whole
/// seconds from the start of the period.
///
/// A period that is not the last calls `regular`, then at its end "1 minute, × minutes left"
/// (the period is used: [`crate::Call::PeriodUsed`]). The last period calls `last`, then
/// counts `1, 2, … countdown` one per second so that `countdown` falls on the end of the
/// period, where the period is used whether or not the stone lands: the flag.
///
/// Invariants ([`CallSchedule::validate`]): `regular` is strictly increasing and inside the
/// period; `last` is strictly increasing and ends before the countdown starts; the countdown
/// fits in the period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallSchedule {
    /// Seconds into a period that is not the last at which the elapsed seconds are called.
    pub regular: Vec<u32>,
    /// Seconds into the last period at which the elapsed seconds are called, before the count.
    pub last: Vec<u32>,
    /// How many seconds the final count lasts (10 in Art. 12.3: "1, 2, … 10"); 0 for none.
    pub countdown: u32,
}

/// A time control or call schedule that cannot run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ControlError {
    /// A basic time of zero where the control needs one (absolute, Fischer).
    ZeroMain,
    /// Byo-yomi with no periods.
    NoPeriods,
    /// A byo-yomi period shorter than one second.
    PeriodTooShort,
    /// A Canadian period of no time.
    ZeroPeriod,
    /// A Canadian period with zero moves.
    NoMoves,
    /// A Fischer increment of zero.
    ZeroIncrement,
    /// A call schedule whose regular calls are not strictly increasing inside the period.
    RegularCalls,
    /// A call schedule whose last-period calls are not strictly increasing before the count.
    LastCalls,
    /// A countdown longer than the period.
    CountdownTooLong,
}

impl fmt::Display for ControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ControlError::ZeroMain => "the basic time must not be zero",
            ControlError::NoPeriods => "byo-yomi needs at least one period",
            ControlError::PeriodTooShort => "a byo-yomi period must last at least one second",
            ControlError::ZeroPeriod => "a canadian period must not be zero",
            ControlError::NoMoves => "a canadian period needs at least one move",
            ControlError::ZeroIncrement => "a fischer increment must not be zero",
            ControlError::RegularCalls => "the regular calls must be strictly increasing seconds inside the period",
            ControlError::LastCalls => "the last-period calls must be strictly increasing seconds before the countdown",
            ControlError::CountdownTooLong => "the countdown must not be longer than the period",
        })
    }
}

impl std::error::Error for ControlError {}

impl TimeControl {
    /// Checks the invariants written on each variant's fields.
    pub fn validate(&self) -> Result<(), ControlError> {
        match self {
            TimeControl::None => Ok(()),
            TimeControl::Absolute { main } => {
                if main.is_zero() {
                    return Err(ControlError::ZeroMain);
                }
                Ok(())
            }
            TimeControl::ByoYomi(b) => {
                if b.periods == 0 {
                    return Err(ControlError::NoPeriods);
                }
                if b.period < Millis::from_secs(1) {
                    return Err(ControlError::PeriodTooShort);
                }
                b.calls.validate(b.period)
            }
            TimeControl::Canadian(c) => {
                if c.moves == 0 {
                    return Err(ControlError::NoMoves);
                }
                if c.period.is_zero() {
                    return Err(ControlError::ZeroPeriod);
                }
                Ok(())
            }
            TimeControl::Fischer(x) => {
                if x.main.is_zero() {
                    return Err(ControlError::ZeroMain);
                }
                if x.increment.is_zero() {
                    return Err(ControlError::ZeroIncrement);
                }
                Ok(())
            }
        }
    }

    /// Whether the flag can fall at all under this control.
    pub fn is_timed(&self) -> bool {
        !matches!(self, TimeControl::None)
    }

    /// Art. 22.5: whether a timeout can be taken as a lost turn instead of a loss ("在最后一次
    /// 读秒中超时"): only byo-yomi has a last period to time out in. The one statement of the
    /// rule: the clock's [`Timeout::lost_turn_allowed`](crate::Timeout::lost_turn_allowed), the
    /// referee's settings and the server's round form all ask it.
    pub fn allows_lost_turn(&self) -> bool {
        matches!(self, TimeControl::ByoYomi(_))
    }
}

impl ByoYomi {
    /// `periods` periods of `period` after `main`, with [`CallSchedule::default_for`] calls.
    pub fn new(main: Millis, periods: u32, period: Millis) -> ByoYomi {
        ByoYomi {
            main,
            periods,
            period,
            calls: CallSchedule::default_for(period),
        }
    }
}

impl CallSchedule {
    /// The schedule a Chinese voice clock reads for a period of this length.
    ///
    /// - 60 s, Art. 12.3 word for word: 30, 40, 50, 55, 58, "1 minute, × left"; in the last
    ///   minute 30, 40, 50, then 1 … 10.
    /// - Fast games (Art. 12.3: "set in advance by the same principle"): 30 s → 10, 20, 25, 28;
    ///   last 10, 20, then 1 … 10. 20 s → 10, 15, 18; last 10, then 1 … 10. 10 s → 5, 8; last
    ///   1 … 10 (the whole period is counted).
    /// - Any other length p follows the 60-s pattern: p/2, p−20, p−10, p−5, p−2 (those inside
    ///   the period); last p/2, p−20, p−10 (those before the count), then a count of
    ///   min(10, p) seconds.
    pub fn default_for(period: Millis) -> CallSchedule {
        let p = period.whole_secs().min(u64::from(u32::MAX)) as u32;
        match p {
            30 => CallSchedule {
                regular: vec![10, 20, 25, 28],
                last: vec![10, 20],
                countdown: 10,
            },
            20 => CallSchedule {
                regular: vec![10, 15, 18],
                last: vec![10],
                countdown: 10,
            },
            10 => CallSchedule {
                regular: vec![5, 8],
                last: vec![],
                countdown: 10,
            },
            _ => {
                let countdown = p.min(10);
                let mut regular: Vec<u32> = [p / 2, p.saturating_sub(20), p.saturating_sub(10)]
                    .into_iter()
                    .chain([p.saturating_sub(5), p.saturating_sub(2)])
                    .filter(|&s| s > 0 && s < p)
                    .collect();
                regular.sort_unstable();
                regular.dedup();
                let mut last: Vec<u32> = [p / 2, p.saturating_sub(20), p.saturating_sub(10)]
                    .into_iter()
                    .filter(|&s| s > 0 && s <= p - countdown)
                    .collect();
                last.sort_unstable();
                last.dedup();
                // A period that is not whole seconds keeps its calls inside it: whole_secs()
                // rounds down, and every call above is below p.
                CallSchedule {
                    regular,
                    last,
                    countdown,
                }
            }
        }
    }

    /// Checks the invariants on the type for a period of length `period`.
    pub fn validate(&self, period: Millis) -> Result<(), ControlError> {
        let inside = |s: u32| Millis::from_secs(u64::from(s)) < period;
        let increasing = |v: &[u32]| v.windows(2).all(|w| w[0] < w[1]) && v.first().is_none_or(|&s| s > 0);
        if !increasing(&self.regular) || !self.regular.iter().all(|&s| inside(s)) {
            return Err(ControlError::RegularCalls);
        }
        let countdown = Millis::from_secs(u64::from(self.countdown));
        if countdown > period {
            return Err(ControlError::CountdownTooLong);
        }
        // The count says "1" at period − (countdown − 1) s, so the last call must come before.
        let count_start = period.saturating_sub(countdown);
        let before_count = |s: u32| Millis::from_secs(u64::from(s)) <= count_start && inside(s);
        if !increasing(&self.last) || !self.last.iter().all(|&s| before_count(s)) {
            return Err(ControlError::LastCalls);
        }
        Ok(())
    }
}
