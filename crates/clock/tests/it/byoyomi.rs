//! Byo-yomi (Art. 12.3): the calls of every period, moves under and over a period, the flag.

use expect_test::expect;

use crate::check;

#[test]
fn art_12_3_calls_of_a_60_second_byo_yomi() {
    // One minute of basic time, three periods: every call until the flag.
    check(
        "1m+3x60s",
        "
        0:00 start B
        0:00 calls
        ",
        expect![[r#"
            0:00 start B
            0:00 calls
                1:00 B 开始读秒，还剩三分 / byo-yomi, 3 minutes left
                1:30 B 三十秒 / 30 seconds
                1:40 B 四十秒 / 40 seconds
                1:50 B 五十秒 / 50 seconds
                1:55 B 五十五秒 / 55 seconds
                1:58 B 五十八秒 / 58 seconds
                2:00 B 一分，还剩两分 / 1 minute, 2 minutes left
                2:30 B 三十秒 / 30 seconds
                2:40 B 四十秒 / 40 seconds
                2:50 B 五十秒 / 50 seconds
                2:55 B 五十五秒 / 55 seconds
                2:58 B 五十八秒 / 58 seconds
                3:00 B 一分，还剩一分 / 1 minute, 1 minute left
                3:30 B 三十秒 / 30 seconds
                3:40 B 四十秒 / 40 seconds
                3:50 B 五十秒 / 50 seconds
                3:51 B 一 / 1
                3:52 B 二 / 2
                3:53 B 三 / 3
                3:54 B 四 / 4
                3:55 B 五 / 5
                3:56 B 六 / 6
                3:57 B 七 / 7
                3:58 B 八 / 8
                3:59 B 九 / 9
                4:00 B 十，超时 / 10, time is up
        "#]],
    );
}

#[test]
fn art_12_3_a_move_of_130_seconds_uses_two_60_second_periods() {
    check(
        "1m+3x60s",
        "
        0:00 start B
        3:10 press B
        3:10 state
        3:20 press W
        3:20 calls
        3:20 ask B
        ",
        expect![[r#"
            0:00 start B
            3:10 press B
                moved in 3:10, 2 period(s) used, overtime began
            3:10 state
                W running
                B used 3:10, main 0:00, 1 period(s), 1:00 in this one, 1 moves
                W used 0:00, main 1:00, 3 period(s), 1:00 in this one, 0 moves
            3:20 press W
                moved in 0:10
            3:20 calls
                3:50 B 三十秒 / 30 seconds
                4:00 B 四十秒 / 40 seconds
                4:10 B 五十秒 / 50 seconds
                4:11 B 一 / 1
                4:12 B 二 / 2
                4:13 B 三 / 3
                4:14 B 四 / 4
                4:15 B 五 / 5
                4:16 B 六 / 6
                4:17 B 七 / 7
                4:18 B 八 / 8
                4:19 B 九 / 9
                4:20 B 十，超时 / 10, time is up
            3:20 ask B
                读秒，还剩一分，本分钟还有一分钟
                byo-yomi, 1 minute left, 1 minute left in this one
        "#]],
    );
}

#[test]
fn art_12_3_under_the_period_is_free_reaching_it_uses_one() {
    // Read from the first move: 59.999 s costs nothing, 60 s and 119.999 s one period each,
    // and 120 s with two periods left uses both: the flag.
    check(
        "3x60s",
        "
        0:00 start B
        0:59.999 press B
        +1:00 press W
        +0:00 state
        +1:59.999 press B
        +2:00 press W
        +0:00 state
        ",
        expect![[r#"
            0:00 start B
            0:59.999 press B
                moved in 0:59.999
            1:59.999 press W
                moved in 1:00, 1 period(s) used
            1:59.999 state
                B running
                B used 0:59.999, main 0:00, 3 period(s), 1:00 in this one, 1 moves
                W used 1:00, main 0:00, 2 period(s), 1:00 in this one, 1 moves
            3:59.998 press B
                moved in 1:59.999, 1 period(s) used
            5:59.998 press W
                timed out at 5:59.998 (a lost turn may be asked)
            5:59.998 state
                W flagged at 5:59.998
                B used 2:59.998, main 0:00, 2 period(s), 1:00 in this one, 2 moves
                W used 3:00, main 0:00, 0 period(s), 0:00 in this one, 1 moves, FLAGGED
        "#]],
    );
}

#[test]
fn art_12_3_at_ten_the_last_minute_is_used_whether_or_not_the_stone_lands() {
    // The count's "10" falls on the end of the last period: a press at that instant is late,
    // a press a millisecond before is in time.
    check(
        "1x60s",
        "
        0:00 start B
        0:59.999 press B
        1:59.998 press W
        2:59.997 state
        2:59.997 next
        2:59.998 press B
        2:59.998 state
        ",
        expect![[r#"
            0:00 start B
            0:59.999 press B
                moved in 0:59.999
            1:59.998 press W
                moved in 0:59.999
            2:59.997 state
                B running
                B used 1:59.998, main 0:00, 1 period(s), 0:00.001 in this one, 1 moves
                W used 0:59.999, main 0:00, 1 period(s), 1:00 in this one, 1 moves
            2:59.997 next
                2:59.998 B 十，超时 / 10, time is up
            2:59.998 press B
                timed out at 2:59.998 (a lost turn may be asked)
            2:59.998 state
                B flagged at 2:59.998
                B used 1:59.999, main 0:00, 0 period(s), 0:00 in this one, 1 moves, FLAGGED
                W used 0:59.999, main 0:00, 1 period(s), 1:00 in this one, 1 moves
        "#]],
    );
}

#[test]
fn art_12_3_the_last_period_is_read_from_its_start_at_every_move() {
    // Each move in the last minute is read again from 30 s; the count only starts at 51 s.
    check(
        "1x60s",
        "
        0:00 start B
        0:00 calls
        0:52 press B
        0:52 next
        1:00 press W
        1:00 calls
        ",
        expect![[r#"
            0:00 start B
            0:00 calls
                0:30 B 三十秒 / 30 seconds
                0:40 B 四十秒 / 40 seconds
                0:50 B 五十秒 / 50 seconds
                0:51 B 一 / 1
                0:52 B 二 / 2
                0:53 B 三 / 3
                0:54 B 四 / 4
                0:55 B 五 / 5
                0:56 B 六 / 6
                0:57 B 七 / 7
                0:58 B 八 / 8
                0:59 B 九 / 9
                1:00 B 十，超时 / 10, time is up
            0:52 press B
                moved in 0:52
            0:52 next
                1:22 W 三十秒 / 30 seconds
            1:00 press W
                moved in 0:08
            1:00 calls
                1:30 B 三十秒 / 30 seconds
                1:40 B 四十秒 / 40 seconds
                1:50 B 五十秒 / 50 seconds
                1:51 B 一 / 1
                1:52 B 二 / 2
                1:53 B 三 / 3
                1:54 B 四 / 4
                1:55 B 五 / 5
                1:56 B 六 / 6
                1:57 B 七 / 7
                1:58 B 八 / 8
                1:59 B 九 / 9
                2:00 B 十，超时 / 10, time is up
        "#]],
    );
}

#[test]
fn art_12_3_the_reading_begins_when_the_basic_time_runs_out_within_a_move() {
    // 10 s of basic time left: the periods start 10 s into the move.
    check(
        "1m+2x60s",
        "
        0:00 start B
        0:50 press B
        0:50 press W
        0:50 calls
        1:05 press B
        1:05 state
        ",
        expect![[r#"
            0:00 start B
            0:50 press B
                moved in 0:50
            0:50 press W
                moved in 0:00
            0:50 calls
                1:00 B 开始读秒，还剩两分 / byo-yomi, 2 minutes left
                1:30 B 三十秒 / 30 seconds
                1:40 B 四十秒 / 40 seconds
                1:50 B 五十秒 / 50 seconds
                1:55 B 五十五秒 / 55 seconds
                1:58 B 五十八秒 / 58 seconds
                2:00 B 一分，还剩一分 / 1 minute, 1 minute left
                2:30 B 三十秒 / 30 seconds
                2:40 B 四十秒 / 40 seconds
                2:50 B 五十秒 / 50 seconds
                2:51 B 一 / 1
                2:52 B 二 / 2
                2:53 B 三 / 3
                2:54 B 四 / 4
                2:55 B 五 / 5
                2:56 B 六 / 6
                2:57 B 七 / 7
                2:58 B 八 / 8
                2:59 B 九 / 9
                3:00 B 十，超时 / 10, time is up
            1:05 press B
                moved in 0:15, overtime began
            1:05 state
                W running
                B used 1:05, main 0:00, 2 period(s), 1:00 in this one, 2 moves
                W used 0:00, main 1:00, 2 period(s), 1:00 in this one, 1 moves
        "#]],
    );
}

#[test]
fn art_12_3_fast_byo_yomi_of_30_seconds() {
    check(
        "2x30s",
        "
        0:00 start B
        0:00 calls
        ",
        expect![[r#"
            0:00 start B
            0:00 calls
                0:10 B 十秒 / 10 seconds
                0:20 B 二十秒 / 20 seconds
                0:25 B 二十五秒 / 25 seconds
                0:28 B 二十八秒 / 28 seconds
                0:30 B 三十秒，还剩一次 / 30 seconds, 1 period left
                0:40 B 十秒 / 10 seconds
                0:50 B 二十秒 / 20 seconds
                0:51 B 一 / 1
                0:52 B 二 / 2
                0:53 B 三 / 3
                0:54 B 四 / 4
                0:55 B 五 / 5
                0:56 B 六 / 6
                0:57 B 七 / 7
                0:58 B 八 / 8
                0:59 B 九 / 9
                1:00 B 十，超时 / 10, time is up
        "#]],
    );
}

#[test]
fn art_12_3_fast_byo_yomi_of_20_seconds() {
    check(
        "2x20s",
        "
        0:00 start B
        0:00 calls
        ",
        expect![[r#"
            0:00 start B
            0:00 calls
                0:10 B 十秒 / 10 seconds
                0:15 B 十五秒 / 15 seconds
                0:18 B 十八秒 / 18 seconds
                0:20 B 二十秒，还剩一次 / 20 seconds, 1 period left
                0:30 B 十秒 / 10 seconds
                0:31 B 一 / 1
                0:32 B 二 / 2
                0:33 B 三 / 3
                0:34 B 四 / 4
                0:35 B 五 / 5
                0:36 B 六 / 6
                0:37 B 七 / 7
                0:38 B 八 / 8
                0:39 B 九 / 9
                0:40 B 十，超时 / 10, time is up
        "#]],
    );
}

#[test]
fn art_12_3_fast_byo_yomi_of_10_seconds() {
    check(
        "2x10s",
        "
        0:00 start B
        0:00 calls
        ",
        expect![[r#"
            0:00 start B
            0:00 calls
                0:05 B 五秒 / 5 seconds
                0:08 B 八秒 / 8 seconds
                0:10 B 十秒，还剩一次 / 10 seconds, 1 period left
                0:11 B 一 / 1
                0:12 B 二 / 2
                0:13 B 三 / 3
                0:14 B 四 / 4
                0:15 B 五 / 5
                0:16 B 六 / 6
                0:17 B 七 / 7
                0:18 B 八 / 8
                0:19 B 九 / 9
                0:20 B 十，超时 / 10, time is up
        "#]],
    );
}

#[test]
fn art_12_3_other_period_lengths_follow_the_60_second_pattern() {
    check(
        "2x45s",
        "
        0:00 start B
        0:00 calls
        ",
        expect![[r#"
            0:00 start B
            0:00 calls
                0:22 B 二十二秒 / 22 seconds
                0:25 B 二十五秒 / 25 seconds
                0:35 B 三十五秒 / 35 seconds
                0:40 B 四十秒 / 40 seconds
                0:43 B 四十三秒 / 43 seconds
                0:45 B 四十五秒，还剩一次 / 45 seconds, 1 period left
                1:07 B 二十二秒 / 22 seconds
                1:10 B 二十五秒 / 25 seconds
                1:20 B 三十五秒 / 35 seconds
                1:21 B 一 / 1
                1:22 B 二 / 2
                1:23 B 三 / 3
                1:24 B 四 / 4
                1:25 B 五 / 5
                1:26 B 六 / 6
                1:27 B 七 / 7
                1:28 B 八 / 8
                1:29 B 九 / 9
                1:30 B 十，超时 / 10, time is up
        "#]],
    );
}

#[test]
fn art_14_a_pause_in_byo_yomi_moves_the_calls_by_its_length() {
    check(
        "1x60s",
        "
        0:00 start B
        0:35 pause
        0:35 next
        5:35 resume
        5:35 calls
        ",
        expect![[r#"
            0:00 start B
            0:35 pause
            0:35 next
                nothing
            5:35 resume
            5:35 calls
                5:40 B 四十秒 / 40 seconds
                5:50 B 五十秒 / 50 seconds
                5:51 B 一 / 1
                5:52 B 二 / 2
                5:53 B 三 / 3
                5:54 B 四 / 4
                5:55 B 五 / 5
                5:56 B 六 / 6
                5:57 B 七 / 7
                5:58 B 八 / 8
                5:59 B 九 / 9
                6:00 B 十，超时 / 10, time is up
        "#]],
    );
}

#[test]
fn art_12_3_a_custom_call_schedule() {
    // An event may set its own schedule (Art. 12.3, fast games: "set in advance").
    use clock::{ByoYomi, CallSchedule, Clock, Instant, Millis, TimeControl};
    use rules::Lang;
    let control = TimeControl::ByoYomi(ByoYomi {
        calls: CallSchedule {
            regular: vec![15],
            last: vec![10],
            countdown: 5,
        },
        ..ByoYomi::new(Millis::ZERO, 2, Millis::from_secs(20))
    });
    let mut clock = Clock::new(control).unwrap();
    clock.start(Instant(0), rules::Color::White).unwrap();
    let calls: Vec<String> = clock
        .events_between(Instant(0), Instant(3_600_000))
        .iter()
        .map(|e| format!("{} {}", crate::fmt_t(e.at), e.text(Lang::En)))
        .collect();
    expect![[r#"
        [
            "0:15 15 seconds",
            "0:20 20 seconds, 1 period left",
            "0:30 10 seconds",
            "0:36 1",
            "0:37 2",
            "0:38 3",
            "0:39 4",
            "0:40 5, time is up",
        ]
    "#]]
    .assert_debug_eq(&calls);
}

#[test]
fn art_12_3_invalid_call_schedules_are_refused() {
    use clock::{ByoYomi, CallSchedule, Clock, Millis, TimeControl};
    let with = |regular: Vec<u32>, last: Vec<u32>, countdown: u32| {
        let control = TimeControl::ByoYomi(ByoYomi {
            calls: CallSchedule {
                regular,
                last,
                countdown,
            },
            ..ByoYomi::new(Millis::ZERO, 2, Millis::from_secs(30))
        });
        Clock::new(control).err().map(|e| e.to_string())
    };
    expect![[r#"
        [
            None,
            Some(
                "invalid time control: the regular calls must be strictly increasing seconds inside the period",
            ),
            Some(
                "invalid time control: the regular calls must be strictly increasing seconds inside the period",
            ),
            Some(
                "invalid time control: the regular calls must be strictly increasing seconds inside the period",
            ),
            Some(
                "invalid time control: the last-period calls must be strictly increasing seconds before the countdown",
            ),
            None,
            Some(
                "invalid time control: the countdown must not be longer than the period",
            ),
        ]
    "#]]
    .assert_debug_eq(&[
        with(vec![10, 20], vec![10], 10),
        with(vec![20, 10], vec![], 10),
        with(vec![0, 10], vec![], 10),
        with(vec![30], vec![], 10),
        with(vec![], vec![21], 10),
        with(vec![], vec![20], 10),
        with(vec![], vec![], 31),
    ]);
}
