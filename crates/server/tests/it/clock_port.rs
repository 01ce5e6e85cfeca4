//! The pages' clock between two readings (`web/assets/clock.js`) is the clock crate's rule, as
//! the API says it (`server::wire::clocks`): the crate's own states on recorded schedules are
//! kept in `web/tests/js/clock-schedules.json`
//! (written from the crate here, and checked to be what the crate says now), and
//! `node --test crates/web/tests/js/` moves each reading on through the script's port and must land on
//! every state the crate gave, at every call of Art. 12.3 (one ms before, at, one ms after),
//! the flag, and every half second.

use clock::{Clock, Instant, TimeControl};
use rules::Color;
use serde_json::{Value, json};
use std::path::Path;

/// A scenario: the control, the presses (instant, colour) after a start at 0 by Black, and
/// the instant of the reading the page moves on from.
struct Scenario {
    name: &'static str,
    spec: &'static str,
    presses: &'static [(u64, Color)],
    reading: u64,
}

const SCENARIOS: &[Scenario] = &[
    // The clock: 5 s, then three periods of 10 s, never pressed.
    Scenario {
        name: "5s+3x10s from the start",
        spec: "5s+3x10s",
        presses: &[],
        reading: 0,
    },
    // Read in the middle of the first period, 3.25 s into it.
    Scenario {
        name: "5s+3x10s read in a period",
        spec: "5s+3x10s",
        presses: &[],
        reading: 8_250,
    },
    // A move of 19 s used a period (Art. 12.3); White answered; Black's clock runs again.
    Scenario {
        name: "5s+3x10s after a period used",
        spec: "5s+3x10s",
        presses: &[(19_000, Color::Black), (21_000, Color::White)],
        reading: 22_500,
    },
    // Read from the first move (Art. 22.4): no basic time.
    Scenario {
        name: "3x10s read from the first move",
        spec: "3x10s",
        presses: &[],
        reading: 1_001,
    },
    // The last minute of a slow game's basic time.
    Scenario {
        name: "1h+3x60s near the end of the basic time",
        spec: "1h+3x60s",
        presses: &[],
        reading: 3_590_000,
    },
    // Canadian (Art. 12.5): 10 s, then 5 moves in 20 s.
    Scenario {
        name: "10s+5/20s",
        spec: "10s+5/20s",
        presses: &[(12_000, Color::Black), (13_000, Color::White)],
        reading: 14_000,
    },
    // Absolute time (Art. 12.4), Fischer, no limit.
    Scenario {
        name: "30s absolute",
        spec: "30s",
        presses: &[],
        reading: 2_000,
    },
    Scenario {
        name: "10s+2s/move",
        spec: "10s+2s/move",
        presses: &[(3_000, Color::Black), (4_000, Color::White)],
        reading: 4_500,
    },
    Scenario {
        name: "none",
        spec: "none",
        presses: &[],
        reading: 500,
    },
];

fn schedule(s: &Scenario) -> Value {
    let control: TimeControl = s.spec.parse().expect("a spec");
    let mut clock = Clock::new(control.clone()).expect("a clock");
    clock.start(Instant(0), Color::Black).expect("start");
    for &(at, color) in s.presses {
        clock.press(Instant(at), color).expect("a press in time");
    }
    let r = Instant(s.reading);
    let reading = server::wire::clocks::clock_json(&clock.state(r), &control);
    let running = clock.state(r).phase;
    let color = match running {
        clock::Phase::Running(c) => c,
        other => panic!("{}: no clock runs at the reading ({other:?})", s.name),
    };
    // Every call's instant and the flag's, a ms either side; and every half second, up to a
    // second after the flag (or two minutes).
    let end = clock
        .flag_instant()
        .map_or(s.reading + 120_000, |f| f.0 + 1_000)
        .min(s.reading + 120_000);
    let mut at: Vec<u64> = (s.reading..=end).step_by(500).collect();
    for e in clock.events_between(r, Instant(end)) {
        at.extend([e.at.0 - 1, e.at.0, e.at.0 + 1]);
    }
    at.sort_unstable();
    at.dedup();
    let expect: Vec<Value> = at
        .iter()
        .filter(|&&t| t >= s.reading)
        .map(|&t| {
            json!([
                t - s.reading,
                server::wire::clocks::side_json(clock.state(Instant(t)).side(color))
            ])
        })
        .collect();
    json!({ "name": s.name, "reading": reading, "expect": expect })
}

#[test]
fn the_pages_clock_moves_on_by_the_clock_crates_rule() {
    let all: Vec<Value> = SCENARIOS.iter().map(schedule).collect();
    let mut text = serde_json::to_string(&all).expect("json");
    text.push('\n');
    // The recorded schedules are the crate's (`UPDATE_EXPECT=1` writes them again).
    expect_test::expect_file!["../../../web/tests/js/clock-schedules.json"].assert_eq(&text);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/tests/js");
    let out = std::process::Command::new("node")
        .arg("--test")
        .arg(dir.join("clock.test.mjs"))
        .output()
        .expect("node runs (apt-get install nodejs)");
    assert!(
        out.status.success(),
        "node --test tests/js/clock.test.mjs:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
