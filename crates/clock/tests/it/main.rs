//! The clock driven through whole games on a virtual clock, by scripts.
//!
//! A script is one command a line, each at an instant: `0:00 start B`, `+1:10 press B`
//! (`+` is relative to the previous line). The transcript echoes every command with what
//! the clock answered, and is compared with an expect-test snapshot.
//!
//! Commands: `start C`, `press C`, `pause`, `resume`, `stop`, `observe`, `lose-turn`,
//! `reread D` (Art. 16.2),
//! `late C D` (Art. 22.1), `charge C D`, `correct D` (Art. 22.8), `split D` (Art. 22.9),
//! `set-used D D`, `state`, `ask C` (Art. 16.2), `calls` (every event from now until the
//! clock would stop by itself, or the first 100), `next` (the next event), `gtp`,
//! `time-left C`.

mod byoyomi;
mod controls;
mod props;
mod rulings;
mod spec;

use std::fmt::Write;

use clock::gtp::{GtpDialect, gtp_time_left, gtp_time_settings};
use clock::{Clock, Instant, Millis, Overtime, Phase, Pressed, SideState, TimeControl, parse_duration};
use expect_test::Expect;
use rules::Color;
use rules::Lang;

/// Runs `script` on a clock for `spec` and compares the transcript with `expect`.
pub fn check(spec: &str, script: &str, expect: Expect) {
    expect.assert_eq(&run(spec, script));
}

/// The transcript of `script` on a clock for `spec`.
pub fn run(spec: &str, script: &str) -> String {
    let control: TimeControl = spec.parse().unwrap_or_else(|e| panic!("{e}"));
    let mut clock = Clock::new(control).unwrap();
    let mut out = String::new();
    let mut now = Instant(0);
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (time, rest) = line.split_once(' ').unwrap_or((line, ""));
        now = match time.strip_prefix('+') {
            Some(rel) => now.plus(parse_time(rel)),
            None => Instant(parse_time(time).0),
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        writeln!(out, "{} {}", fmt_t(now), rest).unwrap();
        let answer = command(&mut clock, now, &words);
        for l in answer.lines() {
            writeln!(out, "    {l}").unwrap();
        }
    }
    out
}

fn command(clock: &mut Clock, now: Instant, words: &[&str]) -> String {
    let color = |i: usize| -> Color { words[i].parse().unwrap() };
    let dur = |i: usize| -> Millis { parse_time(words[i]) };
    let err = |e: clock::ClockError| format!("error: {e}");
    match words[0] {
        "start" => clock.start(now, color(1)).map_or_else(err, |()| String::new()),
        "press" => match clock.press(now, color(1)) {
            Ok(Pressed::Moved(m)) => format!(
                "moved in {}{}{}",
                fmt_d(m.elapsed),
                if m.periods_used > 0 {
                    format!(", {} period(s) used", m.periods_used)
                } else {
                    String::new()
                },
                if m.entered_overtime { ", overtime began" } else { "" }
            ),
            Ok(Pressed::TimedOut(t)) => format!(
                "timed out at {}{}",
                fmt_t(t.at),
                if t.lost_turn_allowed {
                    " (a lost turn may be asked)"
                } else {
                    ""
                }
            ),
            Err(e) => err(e),
        },
        "pause" => clock.pause(now).map_or_else(err, |()| String::new()),
        "resume" => clock.resume(now).map_or_else(err, |()| String::new()),
        "resume-as" => clock.resume_as(now, color(1)).map_or_else(err, |()| String::new()),
        "stop" => clock.stop(now).map_or_else(err, timeout_line),
        "observe" => clock.observe(now).map_or_else(err, timeout_line),
        "lose-turn" => clock.lose_turn_instead(now).map_or_else(err, |()| String::new()),
        "reread" => clock.reread_from(now, dur(1)).map_or_else(err, |()| String::new()),
        "late" => clock
            .charge_lateness(now, color(1), dur(2))
            .map_or_else(err, timeout_line),
        "charge" => clock.charge(now, color(1), dur(2)).map_or_else(err, timeout_line),
        "correct" | "split" | "set-used" => {
            let result = match words[0] {
                "correct" => clock.correct_in_proportion(now, dur(1)),
                "split" => clock.split_evenly(now, dur(1)),
                _ => clock.set_used(now, dur(1), dur(2)),
            };
            result.map_or_else(err, |c| {
                format!(
                    "B used {} -> {}, W used {} -> {}{}",
                    fmt_d(c.black.0),
                    fmt_d(c.black.1),
                    fmt_d(c.white.0),
                    fmt_d(c.white.1),
                    timeout_line(c.timeout)
                        .lines()
                        .map(|l| format!("; {l}"))
                        .collect::<String>()
                )
            })
        }
        "state" => state_text(clock, now),
        "ask" => format!(
            "{}\n{}",
            clock.answer(now, color(1), Lang::Zh),
            clock.answer(now, color(1), Lang::En)
        ),
        "calls" => {
            let mut s = String::new();
            let mut t = now;
            for _ in 0..100 {
                let Some(e) = clock.next_event(t) else { break };
                writeln!(
                    s,
                    "{} {} {} / {}",
                    fmt_t(e.at),
                    e.color.letter(),
                    e.text(Lang::Zh),
                    e.text(Lang::En)
                )
                .unwrap();
                t = e.at;
            }
            s
        }
        "next" => clock.next_event(now).map_or("nothing".to_string(), |e| {
            format!(
                "{} {} {} / {}",
                fmt_t(e.at),
                e.color.letter(),
                e.text(Lang::Zh),
                e.text(Lang::En)
            )
        }),
        "gtp" => {
            let g = gtp_time_settings(clock.control());
            format!("{}\n{}\n{}", g.time_settings, g.kgs_time_settings, g.kata_time_settings)
        }
        "time-left" => {
            let state = clock.state(now);
            let side = state.side(color(1));
            format!(
                "{}\n{}",
                gtp_time_left(color(1), side, GtpDialect::Standard).unwrap_or("none".to_string()),
                gtp_time_left(color(1), side, GtpDialect::Kgs).unwrap_or("none".to_string())
            )
        }
        other => panic!("unknown command {other:?}"),
    }
}

fn timeout_line(t: Option<clock::Timeout>) -> String {
    t.map_or(String::new(), |t| {
        format!(
            "{} flag fell at {}{}",
            t.color.letter(),
            fmt_t(t.at),
            if t.lost_turn_allowed {
                " (a lost turn may be asked)"
            } else {
                ""
            }
        )
    })
}

/// Both sides, one line each: `B running used 0:10 main 0:50 byo-yomi 3 x 0:60`.
pub fn state_text(clock: &Clock, now: Instant) -> String {
    let state = clock.state(now);
    let phase = match state.phase {
        Phase::NotStarted => "not started".to_string(),
        Phase::Running(c) => format!("{} running", c.letter()),
        Phase::Paused(c) => format!("paused, {} to move", c.letter()),
        Phase::Flagged(t) => format!("{} flagged at {}", t.color.letter(), fmt_t(t.at)),
        Phase::Stopped => "stopped".to_string(),
    };
    format!("{phase}\nB {}\nW {}", side_text(&state.black), side_text(&state.white))
}

fn side_text(s: &SideState) -> String {
    let mut out = format!("used {}", fmt_d(s.used));
    if let Some(m) = s.main_left {
        write!(out, ", main {}", fmt_d(m)).unwrap();
    }
    match s.overtime {
        Overtime::None => {}
        Overtime::ByoYomi {
            periods_left,
            period_left,
        } => write!(out, ", {periods_left} period(s), {} in this one", fmt_d(period_left)).unwrap(),
        Overtime::Canadian {
            moves_left,
            period_left,
            started,
        } => write!(
            out,
            ", {moves_left} moves in {}{}",
            fmt_d(period_left),
            if started { "" } else { " (not begun)" }
        )
        .unwrap(),
    }
    write!(out, ", {} moves", s.moves).unwrap();
    if s.flagged {
        out.push_str(", FLAGGED");
    }
    out
}

/// `1:02:03`, `2:03`, `0:05.250`: times in a script.
fn parse_time(s: &str) -> Millis {
    if s.contains(':') {
        let (whole, ms) = s.split_once('.').unwrap_or((s, "0"));
        let secs = whole
            .split(':')
            .fold(0u64, |acc, p| acc * 60 + p.parse::<u64>().unwrap());
        return Millis(secs * 1000 + format!("{ms:0<3}").parse::<u64>().unwrap());
    }
    parse_duration(s).unwrap_or_else(|e| panic!("{e}"))
}

/// An instant as `h:mm:ss` since the epoch, `.mmm` when not whole seconds.
pub fn fmt_t(t: Instant) -> String {
    fmt_d(Millis(t.0))
}

/// A duration as `m:ss` or `h:mm:ss`, `.mmm` when not whole seconds.
pub fn fmt_d(d: Millis) -> String {
    let (h, m, s, ms) = (d.0 / 3_600_000, d.0 / 60_000 % 60, d.0 / 1000 % 60, d.0 % 1000);
    let mut out = if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    };
    if ms > 0 {
        write!(out, ".{ms:03}").unwrap();
    }
    out
}
