//! Absolute time (Art. 12.4), Canadian overtime (Art. 12.5), Fischer, no limit, and what
//! GTP engines are told about each.

use expect_test::expect;

use crate::check;

#[test]
fn art_12_4_absolute_time_runs_out_and_loses() {
    check(
        "10m",
        "
        0:00 start B
        4:00 press B
        9:00 press W
        9:00 calls
        9:00 ask B
        15:00 state
        15:00.001 press B
        15:00.001 lose-turn
        ",
        expect![[r#"
            0:00 start B
            4:00 press B
                moved in 4:00
            9:00 press W
                moved in 5:00
            9:00 calls
                15:00 B 超时 / time is up
            9:00 ask B
                还剩六分钟
                6 minutes left
            15:00 state
                B flagged at 15:00
                B used 10:00, main 0:00, 1 moves, FLAGGED
                W used 5:00, main 5:00, 1 moves
            15:00.001 press B
                timed out at 15:00
            15:00.001 lose-turn
                error: a lost turn instead of a loss is only for a timeout in byo-yomi (art. 22.5)
        "#]],
    );
}

#[test]
fn art_12_5_canadian_time_left_over_carries_into_the_next_period() {
    // 1 minute basic, then 3 moves in 1 minute: the move that uses up the basic time is the
    // first of the period; the 10 s left after three moves make the next period 1:10.
    check(
        "1m+3/1m",
        "
        0:00 start B
        1:10 press B
        1:10 state
        1:10 press W
        1:30 press B
        1:30 press W
        1:50 press B
        1:50 state
        1:50 ask B
        1:50 press W
        1:50 calls
        3:10 state
        ",
        expect![[r#"
            0:00 start B
            1:10 press B
                moved in 1:10, overtime began
            1:10 state
                W running
                B used 1:10, main 0:00, 2 moves in 0:50, 1 moves
                W used 0:00, main 1:00, 3 moves in 1:00 (not begun), 0 moves
            1:10 press W
                moved in 0:00
            1:30 press B
                moved in 0:20
            1:30 press W
                moved in 0:00
            1:50 press B
                moved in 0:20
            1:50 state
                W running
                B used 1:50, main 0:00, 3 moves in 1:10, 3 moves
                W used 0:00, main 1:00, 3 moves in 1:00 (not begun), 2 moves
            1:50 ask B
                加时，一分钟十秒内还要下三手
                overtime, 3 moves in 1 minute 10 seconds
            1:50 press W
                moved in 0:00
            1:50 calls
                3:00 B 超时 / time is up
            3:10 state
                B flagged at 3:00
                B used 3:00, main 0:00, 3 moves in 0:00, 3 moves, FLAGGED
                W used 0:00, main 1:00, 3 moves in 1:00 (not begun), 3 moves
        "#]],
    );
}

#[test]
fn art_12_5_canadian_reset_starts_every_period_full() {
    check(
        "1m+3/1m:reset",
        "
        0:00 start B
        1:10 press B
        1:10 press W
        1:30 press B
        1:30 press W
        1:50 press B
        1:50 state
        1:50 press W
        1:50 calls
        ",
        expect![[r#"
            0:00 start B
            1:10 press B
                moved in 1:10, overtime began
            1:10 press W
                moved in 0:00
            1:30 press B
                moved in 0:20
            1:30 press W
                moved in 0:00
            1:50 press B
                moved in 0:20
            1:50 state
                W running
                B used 1:50, main 0:00, 3 moves in 1:00, 3 moves
                W used 0:00, main 1:00, 3 moves in 1:00 (not begun), 2 moves
            1:50 press W
                moved in 0:00
            1:50 calls
                2:50 B 超时 / time is up
        "#]],
    );
}

#[test]
fn art_12_5_canadian_runs_out_within_a_period() {
    check(
        "2/30s",
        "
        0:00 start B
        0:20 press B
        0:20 press W
        0:20 state
        0:20 calls
        0:30 press B
        ",
        expect![[r#"
            0:00 start B
            0:20 press B
                moved in 0:20, overtime began
            0:20 press W
                moved in 0:00, overtime began
            0:20 state
                B running
                B used 0:20, main 0:00, 1 moves in 0:10, 1 moves
                W used 0:00, main 0:00, 1 moves in 0:30, 1 moves
            0:20 calls
                0:30 B 超时 / time is up
            0:30 press B
                timed out at 0:30
        "#]],
    );
}

#[test]
fn fischer_adds_the_increment_after_each_move_in_time() {
    check(
        "1m+10s/move",
        "
        0:00 start B
        0:30 press B
        0:30 state
        0:35 press W
        1:50 state
        1:50 calls
        1:50 ask B
        1:50 press B
        1:50 state
        ",
        expect![[r#"
            0:00 start B
            0:30 press B
                moved in 0:30
            0:30 state
                W running
                B used 0:30, main 0:40, 1 moves
                W used 0:00, main 1:00, 0 moves
            0:35 press W
                moved in 0:05
            1:50 state
                B flagged at 1:15
                B used 1:10, main 0:00, 1 moves, FLAGGED
                W used 0:05, main 1:05, 1 moves
            1:50 calls
            1:50 ask B
                超时
                time is up
            1:50 press B
                timed out at 1:15
            1:50 state
                B flagged at 1:15
                B used 1:10, main 0:00, 1 moves, FLAGGED
                W used 0:05, main 1:05, 1 moves
        "#]],
    );
}

#[test]
fn no_time_limit_only_records_the_time_used() {
    check(
        "none",
        "
        0:00 start B
        3:00:00 press B
        3:00:30 state
        3:00:30 calls
        3:00:30 ask W
        3:00:30 gtp
        3:00:30 time-left W
        ",
        expect![[r#"
            0:00 start B
            3:00:00 press B
                moved in 3:00:00
            3:00:30 state
                W running
                B used 3:00:00, 1 moves
                W used 0:30, 0 moves
            3:00:30 calls
            3:00:30 ask W
                不限时，已用三十秒
                no time limit, 30 seconds used
            3:00:30 gtp
                time_settings 0 1 0
                kgs-time_settings none
                kata-time_settings none
            3:00:30 time-left W
                none
                none
        "#]],
    );
}

#[test]
fn gtp_time_settings_and_time_left_for_each_control() {
    let mut out = String::new();
    for (spec, script) in [
        ("10m", "0:00 start B\n1:00 press B\n1:00 gtp\n1:00 time-left B"),
        (
            "1h+3x60s",
            "0:00 start B\n0:10 gtp\n0:10 time-left W\n1:01:10 press B\n1:01:10 time-left B",
        ),
        ("3x30s", "0:00 start B\n0:00 gtp\n0:00 time-left B"),
        (
            "10m+15/10m",
            "0:00 start B\n10:30 press B\n10:30 gtp\n10:30 time-left B",
        ),
        ("10m+15/10m:reset", "0:00 gtp"),
        ("5m+10s/move", "0:00 start B\n0:30 press B\n0:30 gtp\n0:30 time-left B"),
    ] {
        out.push_str(&format!("== {spec}\n{}", crate::run(spec, script)));
    }
    expect![[r#"
        == 10m
        0:00 start B
        1:00 press B
            moved in 1:00
        1:00 gtp
            time_settings 600 0 0
            kgs-time_settings absolute 600
            kata-time_settings absolute 600
        1:00 time-left B
            time_left B 540 0
            time_left B 540 0
        == 1h+3x60s
        0:00 start B
        0:10 gtp
            time_settings 3600 60 1
            kgs-time_settings byoyomi 3600 60 3
            kata-time_settings byoyomi 3600 60 3
        0:10 time-left W
            time_left W 3600 0
            time_left W 3600 0
        1:01:10 press B
            moved in 1:01:10, 1 period(s) used, overtime began
        1:01:10 time-left B
            time_left B 60 1
            time_left B 60 2
        == 3x30s
        0:00 start B
        0:00 gtp
            time_settings 0 30 1
            kgs-time_settings byoyomi 0 30 3
            kata-time_settings byoyomi 0 30 3
        0:00 time-left B
            time_left B 30 1
            time_left B 30 3
        == 10m+15/10m
        0:00 start B
        10:30 press B
            moved in 10:30, overtime began
        10:30 gtp
            time_settings 600 600 15
            kgs-time_settings canadian 600 600 15
            kata-time_settings canadian 600 600 15
        10:30 time-left B
            time_left B 570 14
            time_left B 570 14
        == 10m+15/10m:reset
        0:00 gtp
            time_settings 600 600 15
            kgs-time_settings canadian 600 600 15
            kata-time_settings canadian 600 600 15
        == 5m+10s/move
        0:00 start B
        0:30 press B
            moved in 0:30
        0:30 gtp
            time_settings 300 0 0
            kgs-time_settings absolute 300
            kata-time_settings fischer 300 10
        0:30 time-left B
            time_left B 280 0
            time_left B 280 0
    "#]]
    .assert_eq(&out);
}
