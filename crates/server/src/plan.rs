//! The clock-only mode's clock (Art. 12.1: an electronic clock that calls the byo-yomi). The
//! page keeps what happened — the start, each press, each pause, a timeout taken as a lost
//! turn (Art. 22.5) — with the tablet's own instants, and asks [`plan`] for both clocks now,
//! the calls to come and the answer to a player who asks the time left (Art. 16); the clock
//! crate computes all of it, so this clock is the same clock a server game runs.

use crate::wire::clocks::{Answers, Call, Flag, LostTurn, Plan, TimeAnswer};
use crate::wire::json::as_json;
use clock::{Clock, ClockError, Instant, Phase, Pressed, SpecError, TimeControl};
use rules::Color;
use rules::Lang;
use serde::Deserialize;
use serde_json::Value;
use std::fmt;

/// Why a plan cannot be made: typed, so the server says each in English and Chinese.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanError {
    /// The time control is not in the clock crate's grammar.
    Time {
        /// As written.
        written: String,
        /// What is wrong.
        error: SpecError,
    },
    /// The time control reads but no clock runs it.
    Control {
        /// As written.
        written: String,
        /// The clock's refusal.
        error: ClockError,
    },
    /// Operation `op` (from 1) names a colour that is neither `black` nor `white`.
    Colour {
        /// The operation, from 1.
        op: usize,
        /// As given.
        given: String,
    },
    /// The clock refused operation `op` (from 1).
    Op {
        /// The operation, from 1.
        op: usize,
        /// The clock's refusal.
        error: ClockError,
    },
    /// Art. 22.5: operation `op` asks a lost turn the event does not allow.
    LostTurnNotAllowed {
        /// The operation, from 1.
        op: usize,
    },
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::Time { written, error } => write!(f, "time {written:?}: {error}"),
            PlanError::Control { written, error } => write!(f, "time {written:?}: {error}"),
            PlanError::Colour { op, given } => {
                write!(f, "operation {op}: color {given:?} must be \"black\" or \"white\"")
            }
            PlanError::Op { op, error } => write!(f, "operation {op}: {error}"),
            PlanError::LostTurnNotAllowed { op } => write!(
                f,
                "operation {op}: the event does not allow a lost turn instead of a loss on time (Art. 22.5)"
            ),
        }
    }
}

impl std::error::Error for PlanError {}

/// One thing that happened to the clock, at the tablet's instant (ms).
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "snake_case", tag = "op", deny_unknown_fields)]
pub enum Op {
    /// The game starts; `color`'s clock runs (Black's, or White's in a handicap game).
    Start {
        /// When.
        at: u64,
        /// `black` or `white`.
        color: String,
    },
    /// `color` ends its move.
    Press {
        /// When.
        at: u64,
        /// `black` or `white`.
        color: String,
    },
    /// Both clocks stop (Art. 14).
    Pause {
        /// When.
        at: u64,
    },
    /// The clock of the side to move runs again.
    Resume {
        /// When.
        at: u64,
    },
    /// Art. 22.5: the player whose flag fell in the last byo-yomi period asks that the
    /// timeout count as one lost turn instead of a loss; the opponent's clock starts, and the
    /// player keeps one period. Only where the event allows it ([`PlanReq::lost_turn_on_timeout`]).
    LostTurn {
        /// When.
        at: u64,
    },
}

/// A request: the time control, what happened, now, and how far ahead to list the calls.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanReq {
    /// The clock crate's spec: `1h+3x60s`, `10m`, `5x30s`.
    pub time: String,
    /// What happened, in order.
    pub ops: Vec<Op>,
    /// The instant to read the clocks at.
    pub now: u64,
    /// How far after `now` to list the calls (ms; at most an hour).
    #[serde(default = "default_horizon")]
    pub horizon_ms: u64,
    /// Art. 22.5: whether the event allows a timeout in the last byo-yomi period to be taken
    /// as a lost turn.
    #[serde(default)]
    pub lost_turn_on_timeout: bool,
}

fn default_horizon() -> u64 {
    120_000
}

fn color(op: usize, s: &str) -> Result<Color, PlanError> {
    match s {
        "black" => Ok(Color::Black),
        "white" => Ok(Color::White),
        _ => Err(PlanError::Colour {
            op,
            given: s.to_string(),
        }),
    }
}

fn name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Both clocks at `now` and the calls in `(now, now + horizon]`, in the server's clock JSON
/// (`running`, `black`, `white`) plus `calls` (`at`, `color`, `zh`, `en`), `flag` (`color`,
/// `at`, and `lost_turn_allowed`: whether the player may ask for a lost turn instead, Art.
/// 22.5), `lost_turns` (`color`, `at`: the timeouts taken as lost turns), and `answers`: what
/// a player who asks the time left is told (Art. 16), by colour, in both languages.
pub fn plan(r: &PlanReq) -> Result<Value, PlanError> {
    let control: TimeControl = r.time.parse().map_err(|error| PlanError::Time {
        written: r.time.clone(),
        error,
    })?;
    let mut clock = Clock::new(control).map_err(|error| PlanError::Control {
        written: r.time.clone(),
        error,
    })?;
    let mut flagged: Option<Flag> = None;
    let mut lost_turns: Vec<LostTurn> = Vec::new();
    for (i, op) in r.ops.iter().enumerate() {
        let n = i + 1;
        let at_fault = |error: ClockError| PlanError::Op { op: n, error };
        match op {
            Op::Start { at, color: c } => clock.start(Instant(*at), color(n, c)?).map_err(at_fault)?,
            Op::Press { at, color: c } => {
                // A press after the flag fell is refused by the clock: the flag stands.
                if flagged.is_some() {
                    continue;
                }
                if let Pressed::TimedOut(t) = clock.press(Instant(*at), color(n, c)?).map_err(at_fault)? {
                    flagged = Some(Flag {
                        color: name(t.color),
                        at: t.at.0,
                        lost_turn_allowed: None,
                    });
                }
            }
            Op::Pause { at } => clock.pause(Instant(*at)).map_err(at_fault)?,
            Op::Resume { at } => clock.resume(Instant(*at)).map_err(at_fault)?,
            Op::LostTurn { at } => {
                // Art. 22.5: only where the event allows it, and only for a timeout in the
                // last byo-yomi period (the clock refuses any other).
                if !r.lost_turn_on_timeout {
                    return Err(PlanError::LostTurnNotAllowed { op: n });
                }
                let side = match clock.state(Instant(*at)).phase {
                    Phase::Flagged(t) => Some(t.color),
                    _ => None,
                };
                clock.lose_turn_instead(Instant(*at)).map_err(at_fault)?;
                flagged = None;
                if let Some(c) = side {
                    lost_turns.push(LostTurn {
                        color: name(c),
                        at: *at,
                    });
                }
            }
        }
    }
    let now = Instant(r.now);
    let s = clock.state(now);
    if let Phase::Flagged(t) = s.phase {
        flagged = Some(Flag {
            color: name(t.color),
            at: t.at.0,
            lost_turn_allowed: Some(r.lost_turn_on_timeout && t.lost_turn_allowed),
        });
    }
    let horizon = r.horizon_ms.min(3_600_000);
    let calls: Vec<Call> = if flagged.is_some() {
        vec![]
    } else {
        clock
            .events_between(now, Instant(r.now.saturating_add(horizon)))
            .iter()
            .map(|e| Call {
                at: e.at.0,
                color: name(e.color),
                zh: e.text(Lang::Zh).to_string(),
                en: e.text(Lang::En).to_string(),
            })
            .collect()
    };
    // Art. 16: what a player who asks the time left is told.
    let answer = |c: Color| TimeAnswer {
        zh: clock.answer(now, c, Lang::Zh).to_string(),
        en: clock.answer(now, c, Lang::En).to_string(),
    };
    // The clocks as the game page reads them (one JSON, one script rule to move them on),
    // plus what only this page needs.
    Ok(as_json(&Plan {
        clocks: crate::wire::clocks::clock_json(&s, clock.control()),
        calls,
        flag: flagged,
        lost_turns,
        answers: Answers {
            black: answer(Color::Black),
            white: answer(Color::White),
        },
    }))
}
