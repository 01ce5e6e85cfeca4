//! The clock-only mode's clock (Art. 12.1: an electronic clock that calls the byo-yomi). The
//! page keeps what happened — the start, each press, each pause, a timeout taken as a lost
//! turn (Art. 22.5) — with the tablet's own instants, and asks [`plan`] for both clocks now,
//! the calls to come and the answer to a player who asks the time left (Art. 16); the clock
//! crate computes all of it, so this clock is the same clock a server game runs.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use clock::{Clock, Instant, Lang, Phase, Pressed, TimeControl};
use rules::Color;
use serde::Deserialize;
use serde_json::{Value, json};

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

fn color(s: &str) -> Result<Color, String> {
    match s {
        "black" => Ok(Color::Black),
        "white" => Ok(Color::White),
        _ => Err(format!("color {s:?} must be \"black\" or \"white\"")),
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
pub fn plan(r: &PlanReq) -> Result<Value, String> {
    let control: TimeControl = r.time.parse().map_err(|e| format!("time {:?}: {e}", r.time))?;
    let mut clock = Clock::new(control).map_err(|e| format!("time {:?}: {e}", r.time))?;
    let mut flagged: Option<Value> = None;
    let mut lost_turns: Vec<Value> = Vec::new();
    for (i, op) in r.ops.iter().enumerate() {
        let at_fault = |e: clock::ClockError| format!("operation {}: {e}", i + 1);
        match op {
            Op::Start { at, color: c } => clock.start(Instant(*at), color(c)?).map_err(at_fault)?,
            Op::Press { at, color: c } => {
                // A press after the flag fell is refused by the clock: the flag stands.
                if flagged.is_some() {
                    continue;
                }
                if let Pressed::TimedOut(t) = clock.press(Instant(*at), color(c)?).map_err(at_fault)? {
                    flagged = Some(json!({ "color": name(t.color), "at": t.at.0 }));
                }
            }
            Op::Pause { at } => clock.pause(Instant(*at)).map_err(at_fault)?,
            Op::Resume { at } => clock.resume(Instant(*at)).map_err(at_fault)?,
            Op::LostTurn { at } => {
                // Art. 22.5: only where the event allows it, and only for a timeout in the
                // last byo-yomi period (the clock refuses any other).
                if !r.lost_turn_on_timeout {
                    return Err(format!(
                        "operation {}: the event does not allow a lost turn instead of a loss on time (Art. 22.5)",
                        i + 1
                    ));
                }
                let side = match clock.state(Instant(*at)).phase {
                    Phase::Flagged(t) => Some(t.color),
                    _ => None,
                };
                clock.lose_turn_instead(Instant(*at)).map_err(at_fault)?;
                flagged = None;
                if let Some(c) = side {
                    lost_turns.push(json!({ "color": name(c), "at": at }));
                }
            }
        }
    }
    let now = Instant(r.now);
    let s = clock.state(now);
    if let Phase::Flagged(t) = s.phase {
        flagged = Some(json!({
            "color": name(t.color),
            "at": t.at.0,
            "lost_turn_allowed": r.lost_turn_on_timeout && t.lost_turn_allowed,
        }));
    }
    let horizon = r.horizon_ms.min(3_600_000);
    let calls: Vec<Value> = if flagged.is_some() {
        vec![]
    } else {
        clock
            .events_between(now, Instant(r.now.saturating_add(horizon)))
            .iter()
            .map(|e| json!({ "at": e.at.0, "color": name(e.color), "zh": e.text(Lang::Zh), "en": e.text(Lang::En) }))
            .collect()
    };
    // Art. 16: what a player who asks the time left is told.
    let answer = |c: Color| json!({ "zh": clock.answer(now, c, Lang::Zh), "en": clock.answer(now, c, Lang::En) });
    // The clocks as the game page reads them (one JSON, one script rule to move them on),
    // plus what only this page needs.
    let mut out = crate::clock_json(&s, clock.control());
    out["calls"] = json!(calls);
    out["flag"] = json!(flagged);
    out["lost_turns"] = json!(lost_turns);
    out["answers"] = json!({ "black": answer(Color::Black), "white": answer(Color::White) });
    Ok(out)
}

/// `POST /clock/plan`.
pub async fn handler(body: axum::body::Bytes) -> Response {
    let req: PlanReq = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return (
                StatusCode::BAD_REQUEST,
                Json(json!({ "error": "bad_request", "message": e.to_string() })),
            )
                .into_response();
        }
    };
    match plan(&req) {
        Ok(v) => Json(v).into_response(),
        Err(m) => (
            StatusCode::BAD_REQUEST,
            Json(json!({ "error": "bad_request", "message": m })),
        )
            .into_response(),
    }
}
