//! The clock as the pages read it: one JSON for the game page (the server's game state) and
//! the clock-only page ([`crate::plan`]), so both show the clock crate's state and the script's
//! port of its period rule (`assets/clock.js`, `sideAfter`) moves both on the same way.

use clock::{ClockState, Overtime, Phase, SideState, TimeControl};
use rules::Color;
use serde_json::{Value, json};

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
    json!({
        "used_ms": s.used.0,
        "main_left_ms": s.main_left.map(|m| m.0),
        "overtime_left": periods,
        "period_left_ms": period_left,
        "moves": s.moves,
        "flagged": s.flagged,
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
    json!({ "kind": kind, "period_ms": period, "spec": control.to_string() })
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
    json!({
        "at": s.at.0,
        "running": running,
        "paused": matches!(s.phase, Phase::Paused(_)),
        "flagged": flagged,
        "control": control_json(control),
        "black": side_json(&s.black),
        "white": side_json(&s.white),
    })
}
