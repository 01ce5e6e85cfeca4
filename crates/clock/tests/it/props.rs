//! Properties over random games: calls come strictly in order and end at the flag, paused
//! time never counts, the time used adds up, remaining time never grows without a reason,
//! and every control's spec prints and parses back to itself.

use clock::{
    ByoYomi, Canadian, Clock, Fischer, Instant, Leftover, Millis, Overtime, Phase, Pressed, SideState, TimeControl,
};
use proptest::prelude::*;
use rules::Color;

fn control() -> impl Strategy<Value = TimeControl> {
    let secs = |s: u64| Millis::from_secs(s);
    prop_oneof![
        Just(TimeControl::None),
        (1u64..600).prop_map(move |m| TimeControl::Absolute { main: secs(m) }),
        (
            0u64..300,
            1u32..5,
            prop::sample::select(vec![10u64, 20, 30, 45, 60, 90])
        )
            .prop_map(move |(m, n, p)| TimeControl::ByoYomi(ByoYomi::new(secs(m), n, secs(p)))),
        (0u64..300, 1u32..6, 5u64..120, any::<bool>()).prop_map(move |(m, n, p, reset)| {
            TimeControl::Canadian(Canadian {
                main: secs(m),
                moves: n,
                period: secs(p),
                leftover: if reset { Leftover::Reset } else { Leftover::CarryOver },
            })
        }),
        (1u64..300, 1u64..30).prop_map(move |(m, i)| TimeControl::Fischer(Fischer {
            main: secs(m),
            increment: secs(i)
        })),
    ]
}

/// One step of a game: wait `gap` ms, then act.
#[derive(Clone, Debug)]
enum Act {
    Press,
    Pause(u64),
    Charge(bool, u64),
}

fn acts() -> impl Strategy<Value = Vec<(u64, Act)>> {
    prop::collection::vec(
        (
            0u64..90_000,
            prop_oneof![
                6 => Just(Act::Press),
                1 => (1u64..600_000).prop_map(Act::Pause),
                1 => (any::<bool>(), 0u64..60_000).prop_map(|(b, ms)| Act::Charge(b, ms)),
            ],
        ),
        0..60,
    )
}

/// Runs `acts` from instant `t0`, pressing for whoever's clock runs, calling `check` before
/// each act; returns the clock, the instant after the last act and the time spent paused.
/// Stops at the first flag.
fn play(
    control: &TimeControl,
    t0: u64,
    acts: &[(u64, Act)],
    mut check: impl FnMut(&Clock, Instant),
) -> (Clock, Instant, u64) {
    let mut clock = Clock::new(control.clone()).unwrap();
    let mut paused = 0;
    let mut now = Instant(t0);
    clock.start(now, Color::Black).unwrap();
    for (gap, act) in acts {
        now = now.plus(Millis(*gap));
        check(&clock, now);
        let Phase::Running(color) = clock.state(now).phase else {
            break;
        };
        match act {
            Act::Press => {
                if let Ok(Pressed::TimedOut(_)) = clock.press(now, color) {
                    break;
                }
            }
            Act::Pause(len) => {
                clock.pause(now).unwrap();
                now = now.plus(Millis(*len));
                paused += len;
                clock.resume(now).unwrap();
            }
            Act::Charge(black, ms) => {
                let c = if *black { Color::Black } else { Color::White };
                if clock.charge(now, c, Millis(*ms)).unwrap().is_some() {
                    break;
                }
            }
        }
    }
    (clock, now, paused)
}

/// The readings of a side that pauses must not change.
fn reading(s: &SideState) -> (Millis, Option<Millis>, Overtime, u32, bool) {
    (s.used, s.main_left, s.overtime, s.moves, s.flagged)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn calls_are_strictly_increasing_and_end_at_the_flag(control in control(), acts in acts()) {
        play(&control, 0, &acts, |clock, now| {
            let events = clock.events_between(now, now.plus(Millis::from_hours(10)));
            let mut last = now;
            for e in &events {
                assert!(e.at > last, "{e} not after {last}");
                last = e.at;
            }
            if let Some(flag) = clock.flag_instant().filter(|&f| f <= now) {
                // The flag has already fallen: nothing more is said.
                assert!(events.is_empty());
                assert!(matches!(clock.state(now).phase, Phase::Flagged(t) if t.at == flag));
            } else if let Some(flag) = clock.flag_instant() {
                // The last call is the flag, at the flag instant, and nothing comes after.
                let e = events.last().expect("a flag is announced");
                assert_eq!(e.at, flag);
                assert!(matches!(e.call, clock::Call::TimeUp { .. }));
                assert!(clock.next_event(flag).is_none());
                // One millisecond before, the side is in time; at the instant, it is not.
                let color = e.color;
                assert!(!clock.state(Instant(flag.0 - 1)).side(color).flagged);
                assert!(clock.state(flag).side(color).flagged);
                let mut early = clock.clone();
                assert!(matches!(early.press(Instant(flag.0 - 1), color), Ok(Pressed::Moved(_))));
                let mut late = clock.clone();
                assert!(matches!(late.press(flag, color), Ok(Pressed::TimedOut(_))));
            } else {
                assert!(events.iter().all(|e| !matches!(e.call, clock::Call::TimeUp { .. })));
            }
        });
    }

    #[test]
    fn paused_time_never_counts(control in control(), acts in acts(), at in 0usize..60, len in 1u64..3_600_000) {
        // The same game with one more pause of `len` somewhere reads the same at the end.
        let at = at.min(acts.len());
        let mut paused = acts.clone();
        paused.insert(at, (0, Act::Pause(len)));
        let (plain, end, _) = play(&control, 0, &acts, |_, _| {});
        let (with_pause, end2, _) = play(&control, 0, &paused, |_, _| {});
        let (a, b) = (plain.state(end), with_pause.state(end2));
        // Unless the game ended before the pause could be taken.
        if end2.0 == end.0 + len {
            prop_assert_eq!(reading(&a.black), reading(&b.black));
            prop_assert_eq!(reading(&a.white), reading(&b.white));
        }
    }

    #[test]
    fn the_time_used_adds_up_to_the_time_the_clocks_ran(control in control(), acts in acts()) {
        // Without charges, both sides' used time is the running time since the start.
        let acts: Vec<(u64, Act)> = acts.into_iter().filter(|(_, a)| !matches!(a, Act::Charge(..))).collect();
        let (clock, end, paused) = play(&control, 1_000, &acts, |_, _| {});
        let state = clock.state(end);
        let used = state.black.used.0 + state.white.used.0;
        if let Phase::Flagged(t) = state.phase {
            // The flag stops the clock: the run ended at the flag.
            prop_assert!(used <= end.0 - 1_000 - paused);
            prop_assert!(t.at <= end);
        } else if matches!(state.phase, Phase::Running(_)) {
            prop_assert_eq!(used, end.0 - 1_000 - paused);
        }
    }

    #[test]
    fn remaining_time_only_shrinks_while_a_clock_runs(control in control(), acts in acts(), probe in 0u64..600_000) {
        play(&control, 0, &acts, |clock, now| {
            let (a, b) = (clock.state(now), clock.state(now.plus(Millis(probe))));
            for color in [Color::Black, Color::White] {
                let (x, y) = (a.side(color), b.side(color));
                assert!(y.used >= x.used);
                assert!(y.main_left <= x.main_left);
                assert!(!x.flagged || y.flagged);
                if let (Overtime::ByoYomi { periods_left: p, .. }, Overtime::ByoYomi { periods_left: q, .. }) =
                    (x.overtime, y.overtime)
                {
                    assert!(q <= p);
                }
            }
        });
    }

    #[test]
    fn a_correction_sets_the_used_times_it_is_given(
        control in control(),
        acts in acts(),
        total in 0u64..7_200_000,
        split in any::<bool>(),
    ) {
        // Art. 22.8–9: after a correction the two used times add up to the total given, in
        // proportion (or halves), unless the correction itself used up a side's time.
        let (mut clock, end, _) = play(&control, 0, &acts, |_, _| {});
        if matches!(clock.state(end).phase, Phase::Running(_)) {
            let (b, w) = (clock.used_at(Color::Black, end), clock.used_at(Color::White, end));
            let c = if split {
                clock.split_evenly(end, Millis(total)).unwrap()
            } else {
                clock.correct_in_proportion(end, Millis(total)).unwrap()
            };
            prop_assert_eq!((c.black.0, c.white.0), (b, w));
            let state = clock.state(end);
            prop_assert_eq!((state.black.used, state.white.used), (c.black.1, c.white.1));
            if c.timeout.is_none() {
                prop_assert_eq!(c.black.1.0 + c.white.1.0, total);
                if split {
                    prop_assert!(c.white.1.0 - c.black.1.0 <= 1);
                } else if b.0 + w.0 > 0 {
                    // Black's share is rounded down from b / (b + w) of the total.
                    let exact = u128::from(total) * u128::from(b.0) / u128::from(b.0 + w.0);
                    prop_assert_eq!(u128::from(c.black.1.0), exact);
                }
            }
        }
    }

    #[test]
    fn a_byo_yomi_move_uses_one_period_for_each_full_period_it_reaches(
        main in 0u64..120_000,
        periods in 1u32..6,
        period_secs in prop::sample::select(vec![10u64, 20, 30, 60]),
        elapsed in 0u64..600_000,
    ) {
        // Art. 12.3: under a period is free, reaching it uses one; all of them: the flag.
        let period = Millis::from_secs(period_secs);
        let mut clock = Clock::new(TimeControl::ByoYomi(ByoYomi::new(Millis(main), periods, period))).unwrap();
        clock.start(Instant(0), Color::Black).unwrap();
        let over = elapsed.saturating_sub(main);
        let reached = if elapsed < main { 0 } else { over / period.0 };
        match clock.press(Instant(elapsed), Color::Black).unwrap() {
            Pressed::Moved(m) => {
                prop_assert!(reached < u64::from(periods));
                prop_assert_eq!(u64::from(m.periods_used), reached);
                let left = clock.state(Instant(elapsed)).black.overtime;
                prop_assert_eq!(
                    left,
                    Overtime::ByoYomi { periods_left: periods - m.periods_used, period_left: period }
                );
            }
            Pressed::TimedOut(t) => {
                prop_assert!(reached >= u64::from(periods));
                prop_assert_eq!(t.at.0, main + u64::from(periods) * period.0);
            }
        }
    }

    #[test]
    fn every_spec_prints_and_parses_back(control in control()) {
        let text = control.to_string();
        prop_assert_eq!(text.parse::<TimeControl>(), Ok(control));
    }
}
