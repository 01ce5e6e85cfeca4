//! What to tell a GTP engine about its time: `time_settings`, `kgs-time_settings`,
//! `kata-time_settings` and `time_left`, for each control.
//!
//! GTP counts whole seconds. Standard `time_settings` knows only Canadian overtime, so
//! byo-yomi is sent there as one stone per period (one period: the engine may think it has
//! fewer periods than it has, never more time), and Fischer as absolute time (the increment
//! shows up in each `time_left`). `kgs-time_settings` names byo-yomi and Canadian exactly;
//! KataGo's `kata-time_settings` also names Fischer.

use rules::Color;

use crate::clock::{Overtime, SideState};
use crate::control::TimeControl;
use crate::time::Millis;

/// The time-settings commands for one control, ready to send (without a newline).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GtpTimeSettings {
    /// Standard GTP 2: `time_settings main_time byo_yomi_time byo_yomi_stones`.
    pub time_settings: String,
    /// The KGS extension: `kgs-time_settings none|absolute|byoyomi|canadian …`.
    pub kgs_time_settings: String,
    /// KataGo's extension, which also knows Fischer: `kata-time_settings …`.
    pub kata_time_settings: String,
}

/// Which reading of `time_left`'s stones field the engine was told ([`gtp_time_left`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GtpDialect {
    /// After `time_settings`: stones are the stones left in a Canadian period (byo-yomi is
    /// one stone per period).
    Standard,
    /// After `kgs-time_settings` or `kata-time_settings`: in Japanese-style byo-yomi the stones
    /// field carries the periods left.
    Kgs,
}

/// The time-settings commands for `control`.
pub fn gtp_time_settings(control: &TimeControl) -> GtpTimeSettings {
    let s = |m: Millis| m.whole_secs();
    match control {
        // GTP 2: byo-yomi time > 0 with zero stones means no time limit.
        TimeControl::None => GtpTimeSettings {
            time_settings: "time_settings 0 1 0".to_string(),
            kgs_time_settings: "kgs-time_settings none".to_string(),
            kata_time_settings: "kata-time_settings none".to_string(),
        },
        TimeControl::Absolute { main } => GtpTimeSettings {
            time_settings: format!("time_settings {} 0 0", s(*main)),
            kgs_time_settings: format!("kgs-time_settings absolute {}", s(*main)),
            kata_time_settings: format!("kata-time_settings absolute {}", s(*main)),
        },
        TimeControl::ByoYomi(b) => GtpTimeSettings {
            time_settings: format!("time_settings {} {} 1", s(b.main), s(b.period)),
            kgs_time_settings: format!("kgs-time_settings byoyomi {} {} {}", s(b.main), s(b.period), b.periods),
            kata_time_settings: format!("kata-time_settings byoyomi {} {} {}", s(b.main), s(b.period), b.periods),
        },
        TimeControl::Canadian(c) => GtpTimeSettings {
            time_settings: format!("time_settings {} {} {}", s(c.main), s(c.period), c.moves),
            kgs_time_settings: format!("kgs-time_settings canadian {} {} {}", s(c.main), s(c.period), c.moves),
            kata_time_settings: format!("kata-time_settings canadian {} {} {}", s(c.main), s(c.period), c.moves),
        },
        TimeControl::Fischer(x) => GtpTimeSettings {
            time_settings: format!("time_settings {} 0 0", s(x.main)),
            kgs_time_settings: format!("kgs-time_settings absolute {}", s(x.main)),
            kata_time_settings: format!("kata-time_settings fischer {} {}", s(x.main), s(x.increment)),
        },
    }
}

/// `time_left color time stones` for `color`'s clock (take the [`SideState`] from
/// [`crate::Clock::state`] just before sending `genmove`), or `None` without a time limit.
/// Seconds are rounded down, so an engine never thinks it has more time than it has.
/// In basic time the stones field is 0; in byo-yomi it is the periods left ([`GtpDialect::Kgs`])
/// or 1 ([`GtpDialect::Standard`]); in Canadian overtime the moves left in the period.
pub fn gtp_time_left(color: Color, state: &SideState, dialect: GtpDialect) -> Option<String> {
    let main = state.main_left?;
    let (time, stones) = match state.overtime {
        Overtime::ByoYomi {
            periods_left,
            period_left,
        } if main.is_zero() => match dialect {
            GtpDialect::Kgs => (period_left, periods_left),
            GtpDialect::Standard => (period_left, 1),
        },
        Overtime::Canadian {
            moves_left,
            period_left,
            started: true,
        } => (period_left, moves_left),
        _ => (main, 0),
    };
    Some(format!("time_left {} {} {}", color.letter(), time.whole_secs(), stones))
}
