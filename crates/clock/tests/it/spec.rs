//! The time-control spec: what parses to what, what prints back, and the errors.

use clock::TimeControl;
use expect_test::expect;

/// Each spec with what it parses to (canonical form and kind) or its error.
fn check(specs: &[&str], expect: expect_test::Expect) {
    let mut out = String::new();
    for spec in specs {
        let line = match spec.parse::<TimeControl>() {
            Ok(c) => {
                let canonical = c.to_string();
                // The canonical form parses back to the same control.
                assert_eq!(canonical.parse::<TimeControl>().as_ref(), Ok(&c), "{spec}");
                let kind = match &c {
                    TimeControl::None => "no limit".to_string(),
                    TimeControl::Absolute { main } => format!("absolute {} ms", main.0),
                    TimeControl::ByoYomi(b) => {
                        format!("byo-yomi {} ms + {} x {} ms", b.main.0, b.periods, b.period.0)
                    }
                    TimeControl::Canadian(x) => format!(
                        "canadian {} ms + {} moves / {} ms, {:?}",
                        x.main.0, x.moves, x.period.0, x.leftover
                    ),
                    TimeControl::Fischer(x) => format!("fischer {} ms + {} ms/move", x.main.0, x.increment.0),
                };
                format!("{spec:<18} -> {canonical:<18} {kind}")
            }
            Err(e) => format!("{spec:<18} -> error: {e}"),
        };
        out.push_str(&line);
        out.push('\n');
    }
    expect.assert_eq(&out);
}

#[test]
fn specs_that_parse() {
    check(
        &[
            "none",
            "10m",
            "1h30m",
            "90s",
            "1m30s",
            "2h",
            "1s500ms",
            "10m+5x30s",
            "1h+3x60s",
            "1h57m+3x1m",
            "3x30s",
            "0+3x30s",
            "10m+15/10m",
            "10m+15/10m:carry",
            "10m+15/10m:reset",
            "15/10m",
            "5m+10s/move",
            "1h+30s/move",
        ],
        expect![[r#"
            none               -> none               no limit
            10m                -> 10m                absolute 600000 ms
            1h30m              -> 1h30m              absolute 5400000 ms
            90s                -> 90s                absolute 90000 ms
            1m30s              -> 90s                absolute 90000 ms
            2h                 -> 2h                 absolute 7200000 ms
            1s500ms            -> 1s500ms            absolute 1500 ms
            10m+5x30s          -> 10m+5x30s          byo-yomi 600000 ms + 5 x 30000 ms
            1h+3x60s           -> 1h+3x60s           byo-yomi 3600000 ms + 3 x 60000 ms
            1h57m+3x1m         -> 1h57m+3x60s        byo-yomi 7020000 ms + 3 x 60000 ms
            3x30s              -> 3x30s              byo-yomi 0 ms + 3 x 30000 ms
            0+3x30s            -> 3x30s              byo-yomi 0 ms + 3 x 30000 ms
            10m+15/10m         -> 10m+15/10m         canadian 600000 ms + 15 moves / 600000 ms, CarryOver
            10m+15/10m:carry   -> 10m+15/10m         canadian 600000 ms + 15 moves / 600000 ms, CarryOver
            10m+15/10m:reset   -> 10m+15/10m:reset   canadian 600000 ms + 15 moves / 600000 ms, Reset
            15/10m             -> 15/10m             canadian 0 ms + 15 moves / 600000 ms, CarryOver
            5m+10s/move        -> 5m+10s/move        fischer 300000 ms + 10000 ms/move
            1h+30s/move        -> 1h+30s/move        fischer 3600000 ms + 30000 ms/move
        "#]],
    );
}

#[test]
fn specs_that_do_not_parse_say_what_and_where() {
    check(
        &[
            "",
            "10",
            "10m+",
            "10m+5",
            "5m+10s",
            "10m+5x",
            "10m+5x30",
            "10m+0x30s",
            "10m+5x500ms",
            "10m+0/10m",
            "10m+15/0s",
            "10m+15/10m:keep",
            "5m+10s/mvoe",
            "10s/move",
            "0+10s/move",
            "5m+0s/move",
            "0",
            "30s1m",
            "1m1m",
            "1h 30m",
            "10M",
            "99999999999999999999s",
            "4294967296x30s",
            "10m+3x60s+1m",
            "none+3x60s",
        ],
        expect![[r#"
                               -> error: time control "", column 1: empty; write e.g. none, 10m, 1h+3x60s, 10m+15/10m or 5m+10s/move
            10                 -> error: time control "10", column 3: expected a unit (h, m, s, ms), x (byo-yomi periods, as in 3x60s) or / (canadian moves per time, as in 15/10m) after the number
            10m+               -> error: time control "10m+", column 5: expected a number
            10m+5              -> error: time control "10m+5", column 6: expected a unit (h, m, s, ms), x (byo-yomi periods, as in 3x60s) or / (canadian moves per time, as in 15/10m) after the number
            5m+10s             -> error: time control "5m+10s", column 7: a duration alone after +: write 1x10s for byo-yomi or 10s/move for a fischer increment
            10m+5x             -> error: time control "10m+5x", column 7: expected a number
            10m+5x30           -> error: time control "10m+5x30", column 9: expected a unit after the number: h, m, s or ms
            10m+0x30s          -> error: time control "10m+0x30s", column 5: byo-yomi needs at least one period
            10m+5x500ms        -> error: time control "10m+5x500ms", column 7: a byo-yomi period must last at least one second
            10m+0/10m          -> error: time control "10m+0/10m", column 5: a canadian period needs at least one move
            10m+15/0s          -> error: time control "10m+15/0s", column 8: a canadian period must not be zero
            10m+15/10m:keep    -> error: time control "10m+15/10m:keep", column 12: expected :carry or :reset
            5m+10s/mvoe        -> error: time control "5m+10s/mvoe", column 8: expected /move (fischer increment)
            10s/move           -> error: time control "10s/move", column 1: a fischer increment needs a main time before it, as in 5m+10s/move
            0+10s/move         -> error: time control "0+10s/move", column 1: the basic time must not be zero
            5m+0s/move         -> error: time control "5m+0s/move", column 4: a fischer increment must not be zero
            0                  -> error: time control "0", column 1: the basic time must not be zero
            30s1m              -> error: time control "30s1m", column 5: units must go from largest to smallest, each once (1h30m, not 30m1h)
            1m1m               -> error: time control "1m1m", column 4: units must go from largest to smallest, each once (1h30m, not 30m1h)
            1h 30m             -> error: time control "1h 30m", column 3: no spaces in a time control (1h30m+3x60s)
            10M                -> error: time control "10M", column 3: expected a unit after the number: h, m, s or ms
            99999999999999999999s -> error: time control "99999999999999999999s", column 1: number too large
            4294967296x30s     -> error: time control "4294967296x30s", column 1: number too large
            10m+3x60s+1m       -> error: time control "10m+3x60s+1m", column 10: unexpected text after the spec
            none+3x60s         -> error: time control "none+3x60s", column 5: unexpected text after the spec
        "#]],
    );
}

#[test]
fn durations_print_as_the_grammar_writes_them() {
    use clock::{Millis, parse_duration};
    let cases = [
        0u64, 1, 999, 1000, 59_000, 60_000, 119_999, 120_000, 150_500, 3_600_000, 5_430_000,
    ];
    let printed: Vec<String> = cases
        .iter()
        .map(|&ms| {
            let text = Millis(ms).to_string();
            assert_eq!(parse_duration(&text), Ok(Millis(ms)), "{text}");
            format!("{ms} ms = {text}")
        })
        .collect();
    expect![[r#"
        [
            "0 ms = 0s",
            "1 ms = 1ms",
            "999 ms = 999ms",
            "1000 ms = 1s",
            "59000 ms = 59s",
            "60000 ms = 60s",
            "119999 ms = 119s999ms",
            "120000 ms = 2m",
            "150500 ms = 2m30s500ms",
            "3600000 ms = 1h",
            "5430000 ms = 1h30m30s",
        ]
    "#]]
    .assert_debug_eq(&printed);
}

#[test]
fn chinese_numbers_as_the_clock_reads_them() {
    let cases = [
        0u64, 1, 2, 10, 11, 15, 20, 30, 58, 100, 105, 110, 1000, 1001, 3600, 10_000, 20_000, 10_005, 123_456,
    ];
    let read: Vec<String> = cases.iter().map(|&n| format!("{n} {}", clock::zh_number(n))).collect();
    expect![[r#"
        [
            "0 零",
            "1 一",
            "2 二",
            "10 十",
            "11 十一",
            "15 十五",
            "20 二十",
            "30 三十",
            "58 五十八",
            "100 一百",
            "105 一百零五",
            "110 一百一十",
            "1000 一千",
            "1001 一千零一",
            "3600 三千六百",
            "10000 一万",
            "20000 两万",
            "10005 一万零五",
            "123456 十二万三千四百五十六",
        ]
    "#]]
    .assert_debug_eq(&read);
}

#[test]
fn call_schedules_as_event_settings() {
    use clock::{CallSchedule, Millis};
    let lines: Vec<String> = [
        "30,40,50,55,58/30,40,50/10",
        "5,8//10",
        "//0",
        "10,20/10/5",
        "",
        "30,40",
        "30,40/30/",
        "30,,40/30/10",
        "30/30/10/",
        "30/30/x",
    ]
    .iter()
    .map(|text| match text.parse::<CallSchedule>() {
        Ok(s) => {
            assert_eq!(s.to_string().parse::<CallSchedule>().as_ref(), Ok(&s));
            let fits_60 = s
                .validate(Millis::from_secs(60))
                .map_or_else(|e| e.to_string(), |()| "fits 60s".into());
            format!("{text} -> {s}: {fits_60}")
        }
        Err(e) => format!("{text} -> error: {e}"),
    })
    .collect();
    expect![[r#"
        [
            "30,40,50,55,58/30,40,50/10 -> 30,40,50,55,58/30,40,50/10: fits 60s",
            "5,8//10 -> 5,8//10: fits 60s",
            "//0 -> //0: fits 60s",
            "10,20/10/5 -> 10,20/10/5: fits 60s",
            " -> error: time control \"\", column 1: expected / between the regular calls, the last-period calls and the count",
            "30,40 -> error: time control \"30,40\", column 6: expected / between the regular calls, the last-period calls and the count",
            "30,40/30/ -> error: time control \"30,40/30/\", column 10: expected a number",
            "30,,40/30/10 -> error: time control \"30,,40/30/10\", column 4: expected a number",
            "30/30/10/ -> error: time control \"30/30/10/\", column 9: unexpected text after the spec",
            "30/30/x -> error: time control \"30/30/x\", column 7: expected a number",
        ]
    "#]].assert_debug_eq(&lines);
    // The default schedules print as the grammar writes them.
    let defaults: Vec<String> = [60, 30, 20, 10, 45]
        .iter()
        .map(|&p| CallSchedule::default_for(Millis::from_secs(p)).to_string())
        .collect();
    expect![[r#"
        [
            "30,40,50,55,58/30,40,50/10",
            "10,20,25,28/10,20/10",
            "10,15,18/10/10",
            "5,8//10",
            "22,25,35,40,43/22,25,35/10",
        ]
    "#]]
    .assert_debug_eq(&defaults);
}
