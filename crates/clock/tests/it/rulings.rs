//! Pauses (Art. 14), the time query (Art. 16.2) and the time rulings of Art. 22: lateness,
//! timeouts and the lost turn, clock corrections; and the actions the clock refuses.

use expect_test::expect;

use crate::check;

#[test]
fn art_14_paused_time_never_counts() {
    check(
        "1h+3x60s",
        "
        0:00 start B
        10:00 pause
        10:00 state
        1:10:00 state
        1:10:00 press B
        1:10:00 resume
        1:10:00 resume
        1:15:00 press B
        1:15:00 state
        ",
        expect![[r#"
            0:00 start B
            10:00 pause
            10:00 state
                paused, B to move
                B used 10:00, main 50:00, 3 period(s), 1:00 in this one, 0 moves
                W used 0:00, main 1:00:00, 3 period(s), 1:00 in this one, 0 moves
            1:10:00 state
                paused, B to move
                B used 10:00, main 50:00, 3 period(s), 1:00 in this one, 0 moves
                W used 0:00, main 1:00:00, 3 period(s), 1:00 in this one, 0 moves
            1:10:00 press B
                error: the clocks are paused (art. 14); resume them first
            1:10:00 resume
            1:10:00 resume
                error: the clocks are not paused
            1:15:00 press B
                moved in 15:00
            1:15:00 state
                W running
                B used 15:00, main 45:00, 3 period(s), 1:00 in this one, 1 moves
                W used 0:00, main 1:00:00, 3 period(s), 1:00 in this one, 0 moves
        "#]],
    );
}

#[test]
fn art_16_2_a_player_in_byo_yomi_asks_the_time_left() {
    check(
        "1m+3x60s",
        "
        0:00 start B
        0:30 ask B
        0:30 ask W
        1:25 ask B
        2:00 ask B
        2:59.5 ask B
        ",
        expect![[r#"
            0:00 start B
            0:30 ask B
                基本时间还剩三十秒，之后读秒三次，每次一分
                30 seconds of basic time left, then byo-yomi, 3 periods of 1 minute
            0:30 ask W
                基本时间还剩一分钟，之后读秒三次，每次一分
                1 minute of basic time left, then byo-yomi, 3 periods of 1 minute
            1:25 ask B
                读秒，还剩三分，本分钟还有三十五秒
                byo-yomi, 3 minutes left, 35 seconds left in this one
            2:00 ask B
                读秒，还剩两分，本分钟还有一分钟
                byo-yomi, 2 minutes left, 1 minute left in this one
            2:59.500 ask B
                读秒，还剩两分，本分钟还有一秒
                byo-yomi, 2 minutes left, 1 second left in this one
        "#]],
    );
}

#[test]
fn art_16_2_a_misread_last_minute_is_read_again_from_the_error() {
    // The referee skipped "40 s"; at 45 s the player demands the reading again from 30 s.
    check(
        "1m+1x60s",
        "
        0:00 start B
        1:45 reread 50s
        1:45 reread 30s
        1:45 state
        1:45 calls
        ",
        expect![[r#"
            0:00 start B
            1:45 reread 50s
                error: cannot read again from 50s: the period has only run 45s (art. 16.2)
            1:45 reread 30s
            1:45 state
                B running
                B used 1:30, main 0:00, 1 period(s), 0:30 in this one, 0 moves
                W used 0:00, main 1:00, 1 period(s), 1:00 in this one, 0 moves
            1:45 calls
                1:55 B 四十秒 / 40 seconds
                2:05 B 五十秒 / 50 seconds
                2:06 B 一 / 1
                2:07 B 二 / 2
                2:08 B 三 / 3
                2:09 B 四 / 4
                2:10 B 五 / 5
                2:11 B 六 / 6
                2:12 B 七 / 7
                2:13 B 八 / 8
                2:14 B 九 / 9
                2:15 B 十，超时 / 10, time is up
        "#]],
    );
}

#[test]
fn art_16_2_reading_again_is_only_for_byo_yomi() {
    check(
        "1m+1x60s",
        "
        0:00 reread 30s
        0:00 start B
        0:30 reread 10s
        1:30 pause
        1:30 reread 10s
        1:30 state
        ",
        expect![[r#"
            0:00 reread 30s
                error: the clock has not been started
            0:00 start B
            0:30 reread 10s
                error: the side to move is not in byo-yomi (art. 16.2)
            1:30 pause
            1:30 reread 10s
            1:30 state
                paused, B to move
                B used 1:10, main 0:00, 1 period(s), 0:50 in this one, 0 moves
                W used 0:00, main 1:00, 1 period(s), 1:00 in this one, 0 moves
        "#]],
    );
}

#[test]
fn art_22_1_a_late_player_whose_clock_ran_is_charged_the_lateness_once_more() {
    // The clocks started at the scheduled time; Black arrives 20 minutes late: its clock has
    // counted 20 minutes, and 20 more are charged.
    check(
        "1h+3x60s",
        "
        0:00 start B
        20:00 late B 20m
        20:00 state
        21:00 press B
        21:00 state
        ",
        expect![[r#"
            0:00 start B
            20:00 late B 20m
            20:00 state
                B running
                B used 40:00, main 20:00, 3 period(s), 1:00 in this one, 0 moves
                W used 0:00, main 1:00:00, 3 period(s), 1:00 in this one, 0 moves
            21:00 press B
                moved in 41:00
            21:00 state
                W running
                B used 41:00, main 19:00, 3 period(s), 1:00 in this one, 1 moves
                W used 0:00, main 1:00:00, 3 period(s), 1:00 in this one, 0 moves
        "#]],
    );
}

#[test]
fn art_22_1_a_late_player_not_to_move_is_charged_twice_the_lateness() {
    // White arrives 25 minutes late, while Black's clock runs: 50 minutes wait for White's
    // first move.
    check(
        "1h+3x60s",
        "
        0:00 start B
        0:30 press B
        25:00 late W 25m
        25:00 state
        25:00 calls
        26:00 press W
        26:00 state
        ",
        expect![[r#"
            0:00 start B
            0:30 press B
                moved in 0:30
            25:00 late W 25m
            25:00 state
                W running
                B used 0:30, main 59:30, 3 period(s), 1:00 in this one, 1 moves
                W used 50:00, main 10:00, 3 period(s), 1:00 in this one, 0 moves
            25:00 calls
                35:00 W 开始读秒，还剩三分 / byo-yomi, 3 minutes left
                35:30 W 三十秒 / 30 seconds
                35:40 W 四十秒 / 40 seconds
                35:50 W 五十秒 / 50 seconds
                35:55 W 五十五秒 / 55 seconds
                35:58 W 五十八秒 / 58 seconds
                36:00 W 一分，还剩两分 / 1 minute, 2 minutes left
                36:30 W 三十秒 / 30 seconds
                36:40 W 四十秒 / 40 seconds
                36:50 W 五十秒 / 50 seconds
                36:55 W 五十五秒 / 55 seconds
                36:58 W 五十八秒 / 58 seconds
                37:00 W 一分，还剩一分 / 1 minute, 1 minute left
                37:30 W 三十秒 / 30 seconds
                37:40 W 四十秒 / 40 seconds
                37:50 W 五十秒 / 50 seconds
                37:51 W 一 / 1
                37:52 W 二 / 2
                37:53 W 三 / 3
                37:54 W 四 / 4
                37:55 W 五 / 5
                37:56 W 六 / 6
                37:57 W 七 / 7
                37:58 W 八 / 8
                37:59 W 九 / 9
                38:00 W 十，超时 / 10, time is up
            26:00 press W
                moved in 51:00
            26:00 state
                B running
                B used 0:30, main 59:30, 3 period(s), 1:00 in this one, 1 moves
                W used 51:00, main 9:00, 3 period(s), 1:00 in this one, 1 moves
        "#]],
    );
}

#[test]
fn art_22_1_lateness_longer_than_the_basic_time_uses_periods_then_the_flag() {
    // 30 minutes of basic time; Black 16 minutes late, before the start: 32 minutes charged,
    // so its first move begins 2 minutes into byo-yomi (two periods used at once). White, 20
    // minutes late, is charged 40: more than all its time, and its flag falls.
    check(
        "30m+3x60s",
        "
        0:00 late B 16m
        0:00 state
        0:00 start B
        0:00 calls
        0:10 press B
        0:10 late W 20m
        0:10 press W
        ",
        expect![[r#"
            0:00 late B 16m
            0:00 state
                not started
                B used 32:00, main 0:00, 1 period(s), 1:00 in this one, 0 moves
                W used 0:00, main 30:00, 3 period(s), 1:00 in this one, 0 moves
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
            0:10 press B
                moved in 32:10, 2 period(s) used, overtime began
            0:10 late W 20m
                W flag fell at 0:10 (a lost turn may be asked)
            0:10 press W
                timed out at 0:10 (a lost turn may be asked)
        "#]],
    );
}

#[test]
fn art_22_2_both_late_each_is_charged_on_its_own() {
    check(
        "1h+3x60s",
        "
        0:00 start B
        10:00 late B 10m
        10:30 press B
        12:00 late W 12m
        12:00 state
        ",
        expect![[r#"
            0:00 start B
            10:00 late B 10m
            10:30 press B
                moved in 20:30
            12:00 late W 12m
            12:00 state
                W running
                B used 20:30, main 39:30, 3 period(s), 1:00 in this one, 1 moves
                W used 24:00, main 36:00, 3 period(s), 1:00 in this one, 0 moves
        "#]],
    );
}

#[test]
fn art_22_4_in_a_fast_game_without_basic_time_the_absent_player_is_read() {
    // Byo-yomi is read in the late player's absence; if it runs out before they sit, they
    // lose: that is simply the flag.
    check(
        "3x30s",
        "
        0:00 start B
        1:30 observe
        1:30 state
        ",
        expect![[r#"
            0:00 start B
            1:30 observe
                B flag fell at 1:30 (a lost turn may be asked)
            1:30 state
                B flagged at 1:30
                B used 1:30, main 0:00, 0 period(s), 0:00 in this one, 0 moves, FLAGGED
                W used 0:00, main 0:00, 3 period(s), 0:30 in this one, 0 moves
        "#]],
    );
}

#[test]
fn art_22_5_a_timeout_in_the_last_minute_loses_or_at_request_loses_a_turn() {
    // White's flag falls in the last minute; at White's request it is a lost turn, Black's
    // clock starts when the ruling is made, and White keeps its last minute. The second time
    // the flag is not observed first: the ruling records it.
    check(
        "1x60s",
        "
        0:00 start B
        0:10 press B
        1:10 observe
        1:10 press B
        1:12 lose-turn
        1:12 state
        1:12 next
        1:20 press B
        1:20 calls
        1:21 lose-turn
        2:30 lose-turn
        2:30 state
        ",
        expect![[r#"
            0:00 start B
            0:10 press B
                moved in 0:10
            1:10 observe
                W flag fell at 1:10 (a lost turn may be asked)
            1:10 press B
                error: white's flag fell at t+70000 (art. 12.4, 22.5)
            1:12 lose-turn
            1:12 state
                B running
                B used 0:10, main 0:00, 1 period(s), 1:00 in this one, 1 moves
                W used 1:00, main 0:00, 1 period(s), 1:00 in this one, 0 moves
            1:12 next
                1:42 B 三十秒 / 30 seconds
            1:20 press B
                moved in 0:08
            1:20 calls
                1:50 W 三十秒 / 30 seconds
                2:00 W 四十秒 / 40 seconds
                2:10 W 五十秒 / 50 seconds
                2:11 W 一 / 1
                2:12 W 二 / 2
                2:13 W 三 / 3
                2:14 W 四 / 4
                2:15 W 五 / 5
                2:16 W 六 / 6
                2:17 W 七 / 7
                2:18 W 八 / 8
                2:19 W 九 / 9
                2:20 W 十，超时 / 10, time is up
            1:21 lose-turn
                error: no flag has fallen
            2:30 lose-turn
            2:30 state
                B running
                B used 0:18, main 0:00, 1 period(s), 1:00 in this one, 2 moves
                W used 2:00, main 0:00, 1 period(s), 1:00 in this one, 0 moves
        "#]],
    );
}

#[test]
fn art_22_8_a_wrong_clock_is_replaced_and_both_times_scaled_in_proportion() {
    // The clock ran slow: it shows 30 + 10 minutes where 60 have passed. Both are scaled by
    // 3/2: 45 and 15 minutes.
    check(
        "1h+3x60s",
        "
        0:00 start B
        30:00 press B
        40:00 press W
        40:00 correct 1h
        40:00 state
        40:00 next
        ",
        expect![[r#"
            0:00 start B
            30:00 press B
                moved in 30:00
            40:00 press W
                moved in 10:00
            40:00 correct 1h
                B used 30:00 -> 45:00, W used 10:00 -> 15:00
            40:00 state
                B running
                B used 45:00, main 15:00, 3 period(s), 1:00 in this one, 1 moves
                W used 15:00, main 45:00, 3 period(s), 1:00 in this one, 1 moves
            40:00 next
                55:00 B 开始读秒，还剩三分 / byo-yomi, 3 minutes left
        "#]],
    );
}

#[test]
fn art_22_8_a_fast_clock_gives_time_back() {
    // The clock ran fast and Black is already in byo-yomi: the correction gives back basic
    // time, and the reading stops until it is used again.
    check(
        "10m+3x60s",
        "
        0:00 start B
        12:00 press B
        12:00 state
        12:30 correct 10m
        12:30 state
        12:30 set-used 9m 1m30s
        12:30 state
        ",
        expect![[r#"
            0:00 start B
            12:00 press B
                moved in 12:00, 2 period(s) used, overtime began
            12:00 state
                W running
                B used 12:00, main 0:00, 1 period(s), 1:00 in this one, 1 moves
                W used 0:00, main 10:00, 3 period(s), 1:00 in this one, 0 moves
            12:30 correct 10m
                B used 12:00 -> 9:36, W used 0:30 -> 0:24
            12:30 state
                W running
                B used 9:36, main 2:24, 1 period(s), 1:00 in this one, 1 moves
                W used 0:24, main 9:36, 3 period(s), 1:00 in this one, 0 moves
            12:30 set-used 9m 1m30s
                B used 9:36 -> 9:00, W used 0:24 -> 1:30
            12:30 state
                W running
                B used 9:00, main 3:00, 1 period(s), 1:00 in this one, 1 moves
                W used 1:30, main 8:30, 3 period(s), 1:00 in this one, 0 moves
        "#]],
    );
}

#[test]
fn art_22_9_with_the_record_lost_the_time_used_is_split_evenly() {
    check(
        "1h+3x60s",
        "
        0:00 start B
        10:00 press B
        50:00 pause
        50:00 split 50m
        50:00 state
        55:00 resume
        56:00 state
        ",
        expect![[r#"
            0:00 start B
            10:00 press B
                moved in 10:00
            50:00 pause
            50:00 split 50m
                B used 10:00 -> 25:00, W used 40:00 -> 25:00
            50:00 state
                paused, W to move
                B used 25:00, main 35:00, 3 period(s), 1:00 in this one, 1 moves
                W used 25:00, main 35:00, 3 period(s), 1:00 in this one, 0 moves
            55:00 resume
            56:00 state
                W running
                B used 25:00, main 35:00, 3 period(s), 1:00 in this one, 1 moves
                W used 26:00, main 34:00, 3 period(s), 1:00 in this one, 0 moves
        "#]],
    );
}

#[test]
fn a_correction_that_uses_up_a_side_s_time_lets_its_flag_fall() {
    check(
        "10m",
        "
        0:00 start B
        5:00 press B
        6:00 set-used 11m 1m
        6:00 state
        6:00 press W
        6:00 correct 20m
        ",
        expect![[r#"
            0:00 start B
            5:00 press B
                moved in 5:00
            6:00 set-used 11m 1m
                B used 5:00 -> 10:00, W used 1:00 -> 1:00; B flag fell at 6:00
            6:00 state
                B flagged at 6:00
                B used 10:00, main 0:00, 1 moves, FLAGGED
                W used 1:00, main 9:00, 0 moves
            6:00 press W
                error: black's flag fell at t+360000 (art. 12.4, 22.5)
            6:00 correct 20m
                error: black's flag fell at t+360000 (art. 12.4, 22.5)
        "#]],
    );
}

#[test]
fn the_clock_refuses_what_cannot_happen() {
    check(
        "10m",
        "
        0:00 press B
        0:00 pause
        0:00 start B
        0:00 start W
        0:10 press W
        0:10 resume
        0:05 press B
        0:20 pause
        0:20 press B
        0:20 pause
        0:30 resume
        0:40 press B
        0:40 lose-turn
        0:50 stop
        0:50 press W
        0:50 stop
        0:50 state
        ",
        expect![[r#"
            0:00 press B
                error: the clock has not been started
            0:00 pause
                error: the clock has not been started
            0:00 start B
            0:00 start W
                error: the clock has already been started
            0:10 press W
                error: white pressed the clock but black's clock is running
            0:10 resume
                error: the clocks are not paused
            0:05 press B
                error: instant t+5000 is earlier than t+10000, already given to the clock
            0:20 pause
            0:20 press B
                error: the clocks are paused (art. 14); resume them first
            0:20 pause
                error: the clocks are paused (art. 14); resume them first
            0:30 resume
            0:40 press B
                moved in 0:30
            0:40 lose-turn
                error: no flag has fallen
            0:50 stop
            0:50 press W
                error: the game is over and the clock stopped (art. 13)
            0:50 stop
                error: the game is over and the clock stopped (art. 13)
            0:50 state
                stopped
                B used 0:30, main 9:30, 1 moves
                W used 0:10, main 9:50, 0 moves
        "#]],
    );
}

#[test]
fn stop_keeps_the_readings_and_reports_a_flag_nobody_saw() {
    check(
        "1m",
        "
        0:00 start B
        0:30 press B
        2:00 stop
        2:00 state
        ",
        expect![[r#"
            0:00 start B
            0:30 press B
                moved in 0:30
            2:00 stop
                W flag fell at 1:30
            2:00 state
                stopped
                B used 0:30, main 0:30, 1 moves
                W used 1:00, main 0:00, 0 moves, FLAGGED
        "#]],
    );
}

/// Art. 21.4 (for the referee crate): play resumed after a dispute may start with either
/// side; the other's unfinished turn waits as a charge and no move is counted.
#[test]
fn art_21_4_resume_as_either_side_after_a_pause() {
    use clock::{Clock, Instant, Millis, Phase, TimeControl};
    use rules::Color;
    let mut c = Clock::new(TimeControl::Absolute {
        main: Millis::from_mins(10),
    })
    .unwrap();
    c.start(Instant(0), Color::Black).unwrap();
    c.pause(Instant(30_000)).unwrap();
    c.resume_as(Instant(90_000), Color::White).unwrap();
    let s = c.state(Instant(100_000));
    assert_eq!(s.phase, Phase::Running(Color::White));
    assert_eq!(
        (s.black.used, s.white.used),
        (Millis::from_secs(30), Millis::from_secs(10))
    );
    assert_eq!((s.black.moves, s.white.moves), (0, 0));
    assert!(c.resume_as(Instant(100_000), Color::Black).is_err(), "not paused");
    c.press(Instant(100_000), Color::White).unwrap();
    // Black's 30 s wait for its next move: 5 s more make 35 s.
    c.press(Instant(105_000), Color::Black).unwrap();
    assert_eq!(c.state(Instant(105_000)).black.used, Millis::from_secs(35));
    c.pause(Instant(105_000)).unwrap();
    c.resume_as(Instant(200_000), Color::White).unwrap();
    assert_eq!(c.state(Instant(200_000)).phase, Phase::Running(Color::White));
}

/// Regression: `resume_as` refused (the clocks were running) did not record its instant, so
/// a later call at an earlier instant went through; every other method records the instant
/// it is given, refused or not, and time never goes back.
#[test]
fn a_refused_resume_as_still_records_its_instant() {
    check(
        "10m",
        "
        0:00 start B
        0:10 resume-as W
        0:05 press B
        0:20 pause
        0:30 resume-as W
        0:25 press W
        0:40 press W
        ",
        expect![[r#"
            0:00 start B
            0:10 resume-as W
                error: the clocks are not paused
            0:05 press B
                error: instant t+5000 is earlier than t+10000, already given to the clock
            0:20 pause
            0:30 resume-as W
            0:25 press W
                error: instant t+25000 is earlier than t+30000, already given to the clock
            0:40 press W
                moved in 0:10
        "#]],
    );
}
