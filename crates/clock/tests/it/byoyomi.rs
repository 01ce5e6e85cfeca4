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
