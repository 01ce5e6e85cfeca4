//! Go clocks under the Chinese Go Competition Rules (中国围棋竞赛规则, 2002): the time
//! controls of Art. 12, the byo-yomi calls of Art. 12.3, pauses (Art. 14), the time query
//! (Art. 16.2) and the time rulings of Art. 22.
//!
//! Main types:
//! - [`TimeControl`]: none, absolute (包干, Art. 12.4), byo-yomi with its [`CallSchedule`]
//!   (读秒, Art. 12.3), Canadian with carried-over or reset periods (Art. 12.5), Fischer.
//!   Written as a short spec — `10m`, `1h+3x60s`, `5x30s`, `10m+15/10m`, `5m+10s/move` — see
//!   [`spec`] for the grammar.
//! - [`Clock`]: both sides' time. [`Clock::press`] ends a move and tells what it cost
//!   ([`Pressed`]); [`Clock::state`] reads both clocks at an instant ([`ClockState`]);
//!   [`Clock::next_event`] says what is called next and when ([`Event`], [`Call`]), so a
//!   server can sleep until then. Pauses, lateness, corrections, the flag and the lost turn
//!   of Art. 22.5 are methods too.
//! - [`Call::text`]: what the voice clock says, in Chinese and English ([`rules::Lang`]).
//! - [`gtp`]: the `time_settings` and `time_left` commands for an engine.
//!
//! Key design decision: the clock never reads the time. Every method takes the [`Instant`]
//! at which it happens (milliseconds since any epoch), and the calls are computed from the
//! state rather than fired by timers. So a whole game runs on a virtual clock in a test, a
//! server replays a game's events into the same clock it had, and what the clock says is a
//! pure function of what happened and when.
//!
//! A second decision: a charge to a side (lateness, Art. 22.1; a correction, Art. 22.8) is
//! time added to that side's current or next move, as if its clock had run longer. So the
//! byo-yomi rule of Art. 12.3 (whole periods reached are used, less is free) applies to
//! charges exactly as to thinking time, and no control needs its own charging rule.
//!
//! ```
//! use clock::{Call, Clock, Instant, Millis, Pressed, TimeControl};
//! use rules::Lang;
//! use rules::Color;
//!
//! // One minute of basic time, then three 60-s periods (Art. 12.3).
//! let control: TimeControl = "1m+3x60s".parse().unwrap();
//! let mut clock = Clock::new(control).unwrap();
//! let s = |secs: u64| Instant(secs * 1000);
//! clock.start(s(0), Color::Black).unwrap();
//!
//! // Black thinks 3 min 10 s: 1 min basic time, then 130 s of byo-yomi use two periods.
//! let Ok(Pressed::Moved(m)) = clock.press(s(190), Color::Black) else { panic!() };
//! assert_eq!((m.elapsed, m.periods_used), (Millis::from_secs(190), 2));
//!
//! // White's clock runs; the first call comes when White's basic time is up.
//! let e = clock.next_event(s(190)).unwrap();
//! assert_eq!((e.at, e.color), (s(250), Color::White));
//! assert_eq!(e.text(Lang::Zh), "开始读秒，还剩三分");
//! clock.press(s(200), Color::White).unwrap();
//!
//! // Black is in its last minute: 30 s, 40 s, 50 s, then 1 … 10, and at 10 the flag.
//! let calls = clock.events_between(s(200), s(10_000));
//! assert_eq!(calls[0].text(Lang::En), "30 seconds");
//! assert_eq!(calls.last().unwrap().call, Call::TimeUp { count: Some(10) });
//! assert_eq!(calls.last().unwrap().at, s(260));
//! ```
//!
//! This crate does no I/O and depends only on `rules` (for [`rules::Color`]).

#![deny(missing_docs)]

mod answer;
mod call;
mod clock;
mod control;
pub mod gtp;
pub mod spec;
mod time;

pub use call::{Call, Event, duration_text, zh_number};
pub use clock::{Clock, ClockError, ClockState, Correction, MoveTime, Overtime, Phase, Pressed, SideState, Timeout};
pub use control::{ByoYomi, CallSchedule, Canadian, ControlError, Fischer, Leftover, TimeControl};
pub use spec::{SpecError, SpecErrorKind, parse_duration};
pub use time::{Instant, Millis};
