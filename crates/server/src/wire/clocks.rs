//! The clock as the pages read it: one JSON for the game page (the server's game state) and
//! the clock-only page (`POST /clock/plan`), so both show the clock crate's state and the script's
//! port of its period rule (`assets/clock.js`, `sideAfter`) moves both on the same way; and
//! the clock-only page's plan ([`Plan`]).

use super::json::as_json;
use clock::{ClockState, Overtime, Phase, SideState, TimeControl};
use rules::Color;
use serde::Serialize;
use serde_json::Value;

/// One side: `used_ms`, `main_left_ms` (`null` without a limit), `overtime_left` (byo-yomi
/// periods or Canadian moves left, counting the current one), `period_left_ms` (the time
/// left in the current period, the full period while in the basic time), `moves`, `flagged`.
pub fn side_json(s: &SideState) -> Value {
    let (periods, period_left) = match s.overtime {
        Overtime::ByoYomi {
            periods_left,
            period_left,
        } => (Some(periods_left), Some(period_left.0)),
        Overtime::Canadian {
            moves_left,
            period_left,
            ..
        } => (Some(moves_left), Some(period_left.0)),
        Overtime::None => (None, None),
    };
    as_json(&SideClock {
        used_ms: s.used.0,
        main_left_ms: s.main_left.map(|m| m.0),
        overtime_left: periods,
        period_left_ms: period_left,
        moves: s.moves,
        flagged: s.flagged,
    })
}

/// The control as the script needs it to move a reading on: `kind` (`none`, `absolute`,
/// `byoyomi`, `canadian`, `fischer`) and `period_ms` (a byo-yomi period's length).
pub fn control_json(control: &TimeControl) -> Value {
    let (kind, period) = match control {
        TimeControl::None => ("none", None),
        TimeControl::Absolute { .. } => ("absolute", None),
        TimeControl::ByoYomi(b) => ("byoyomi", Some(b.period.0)),
        TimeControl::Canadian(c) => ("canadian", Some(c.period.0)),
        TimeControl::Fischer(_) => ("fischer", None),
    };
    as_json(&Control {
        kind,
        period_ms: period,
        spec: control.to_string(),
    })
}

/// Both clocks at `s.at`: `at`, `running` (the colour whose clock runs, or `null`), `paused`,
/// `flagged` (the colour whose flag fell, or `null`), `control` ([`control_json`]), `black`
/// and `white` ([`side_json`]).
pub fn clock_json(s: &ClockState, control: &TimeControl) -> Value {
    let name = |c: Color| match c {
        Color::Black => "black",
        Color::White => "white",
    };
    let running = match s.phase {
        Phase::Running(c) => Some(name(c)),
        _ => None,
    };
    let flagged = match s.phase {
        Phase::Flagged(t) => Some(name(t.color)),
        _ => None,
    };
    as_json(&Clocks {
        at: s.at.0,
        running,
        paused: matches!(s.phase, Phase::Paused(_)),
        flagged,
        control: control_json(control),
        black: side_json(&s.black),
        white: side_json(&s.white),
    })
}

/// The body of [`side_json`].
#[derive(Serialize)]
struct SideClock {
    used_ms: u64,
    main_left_ms: Option<u64>,
    overtime_left: Option<u32>,
    period_left_ms: Option<u64>,
    moves: u32,
    flagged: bool,
}

/// The body of [`control_json`].
#[derive(Serialize)]
struct Control {
    kind: &'static str,
    period_ms: Option<u64>,
    spec: String,
}

/// The body of [`clock_json`].
#[derive(Serialize)]
struct Clocks {
    at: u64,
    running: Option<&'static str>,
    paused: bool,
    flagged: Option<&'static str>,
    control: Value,
    black: Value,
    white: Value,
}

/// The body of `POST /clock/plan`: the server's clock JSON and what only the clock-only page needs.
#[derive(Serialize)]
pub(crate) struct Plan {
    /// `at`, `running`, `paused`, `flagged`, `control`, `black`, `white`.
    #[serde(flatten)]
    pub(crate) clocks: Value,
    pub(crate) calls: Vec<Call>,
    pub(crate) flag: Option<Flag>,
    pub(crate) lost_turns: Vec<LostTurn>,
    pub(crate) answers: Answers,
}

/// A byo-yomi call to come (Art. 12.3), in both languages.
#[derive(Serialize)]
pub(crate) struct Call {
    pub(crate) at: u64,
    pub(crate) color: &'static str,
    pub(crate) zh: String,
    pub(crate) en: String,
}

/// The flag that fell; `lost_turn_allowed` is said of the flag standing at `now` (Art. 22.5).
#[derive(Serialize)]
pub(crate) struct Flag {
    pub(crate) color: &'static str,
    pub(crate) at: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) lost_turn_allowed: Option<bool>,
}

/// A last-period timeout taken as a lost turn (Art. 22.5).
#[derive(Serialize)]
pub(crate) struct LostTurn {
    pub(crate) color: &'static str,
    pub(crate) at: u64,
}

/// What a player who asks the time left is told (Art. 16), in both languages.
#[derive(Serialize)]
pub(crate) struct TimeAnswer {
    pub(crate) zh: String,
    pub(crate) en: String,
}

/// [`TimeAnswer`] by colour.
#[derive(Serialize)]
pub(crate) struct Answers {
    pub(crate) black: TimeAnswer,
    pub(crate) white: TimeAnswer,
}
