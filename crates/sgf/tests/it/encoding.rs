//! Chinese records in GB2312, GBK and Big5, with and without `CA`.

use crate::check_bytes;
use expect_test::expect;

fn data(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn gb2312_declared() {
    check_bytes(
        &data("gb2312-ca.sgf"),
        expect![[r#"
        SZ 19 KM 7.5 HA 0 RU 中国规则 RE B+R
        PB 常昊 (九段) PW 古力 (七段)
        EV 第十届全国围棋个人赛
        RO 第三轮
        PC 北京中国棋院
        DT 2002-05-01
          B Q16; C "黑棋先行，星位。"
          W D16; C "白棋对星，布局平稳。"
          B Q3
          W D4
        warning: line 1, column 115: RE[黑中盘胜] is not standard SGF; read as B+R
        replay: ok, 4 moves, black to move
    "#]],
    );
}

#[test]
fn gb2312_guessed() {
    check_bytes(
        &data("gb2312-noca.sgf"),
        expect![[r#"
        SZ 19 KM 7.5 HA 0 RU 中国规则 RE B+R
        PB 常昊 (九段) PW 古力 (七段)
        EV 第十届全国围棋个人赛
        RO 第三轮
        PC 北京中国棋院
        DT 2002-05-01
          B Q16; C "黑棋先行，星位。"
          W D16; C "白棋对星，布局平稳。"
          B Q3
          W D4
        warning: line 1, column 1: no CA property and not UTF-8; read as GBK (guessed)
        warning: line 1, column 105: RE[黑中盘胜] is not standard SGF; read as B+R
        replay: ok, 4 moves, black to move
    "#]],
    );
}

#[test]
fn gbk_declared_with_trail_bytes_that_look_like_sgf_syntax() {
    check_bytes(
        &data("gbk-ca.sgf"),
        expect![[r#"
        SZ 19 KM 7.5 HA 0 RU 中國規則 RE W+R
        PB 揮毫者 (九段) PW 沒有名字 (七段)
        EV 廬山圍棋邀請賽
        RO 決賽
        PC 廬山
        DT 2002-05-01
          B Q16; C "淺析：黑棋揮灑自如。"
          W D16; C "白棋沒有退路。"
          B Q3
          W D4
        warning: line 1, column 107: RE[白中盤勝] is not standard SGF; read as W+R
        replay: ok, 4 moves, black to move
    "#]],
    );
}

#[test]
fn gbk_guessed() {
    check_bytes(
        &data("gbk-noca.sgf"),
        expect![[r#"
        SZ 19 KM 7.5 HA 0 RU 中國規則 RE W+R
        PB 揮毫者 (九段) PW 沒有名字 (七段)
        EV 廬山圍棋邀請賽
        RO 決賽
        PC 廬山
        DT 2002-05-01
          B Q16; C "淺析：黑棋揮灑自如。"
          W D16; C "白棋沒有退路。"
          B Q3
          W D4
        warning: line 1, column 1: no CA property and not UTF-8; read as GBK (guessed)
        warning: line 1, column 100: RE[白中盤勝] is not standard SGF; read as W+R
        replay: ok, 4 moves, black to move
    "#]],
    );
}

#[test]
fn big5_declared_with_trail_bytes_that_look_like_sgf_syntax() {
    check_bytes(
        &data("big5-ca.sgf"),
        expect![[r#"
        SZ 19 KM 7.5 HA 0 RU 中國規則 RE B+R
        PB 許家元 (九段) PW 功夫蓋世 (七段)
        EV 第十屆全國圍棋個人賽
        RO 第三輪
        PC 台北
        DT 2002-05-01
          B Q16; C "許多棋手認為這是好棋。"
          W D16; C "白棋功力深厚，蓋過黑棋。"
          B Q3
          W D4
        warning: line 1, column 112: RE[黑中盤勝] is not standard SGF; read as B+R
        replay: ok, 4 moves, black to move
    "#]],
    );
}

#[test]
fn big5_guessed() {
    check_bytes(
        &data("big5-noca.sgf"),
        expect![[r#"
        SZ 19 KM 7.5 HA 0 RU 中國規則 RE B+R
        PB 許家元 (九段) PW 功夫蓋世 (七段)
        EV 第十屆全國圍棋個人賽
        RO 第三輪
        PC 台北
        DT 2002-05-01
          B Q16; C "許多棋手認為這是好棋。"
          W D16; C "白棋功力深厚，蓋過黑棋。"
          B Q3
          W D4
        warning: line 1, column 1: no CA property and not UTF-8; read as Big5 (guessed)
        warning: line 1, column 104: RE[黑中盤勝] is not standard SGF; read as B+R
        replay: ok, 4 moves, black to move
    "#]],
    );
}

#[test]
fn utf8_without_ca() {
    check_bytes(
        &data("utf8-noca.sgf"),
        expect![[r#"
        SZ 19 KM 7.5 HA 0 RU 中国规则 RE B+R
        PB 常昊 (九段) PW 古力 (七段)
        EV 第十届全国围棋个人赛
        RO 第三轮
        PC 北京中国棋院
        DT 2002-05-01
          B Q16; C "黑棋先行，星位。"
          W D16; C "白棋对星，布局平稳。"
          B Q3
          W D4
        warning: line 1, column 105: RE[黑中盘胜] is not standard SGF; read as B+R
        replay: ok, 4 moves, black to move
    "#]],
    );
}

#[test]
fn a_wrong_declaration_is_overruled() {
    // Says UTF-8, is GB2312.
    let mut raw = data("gb2312-ca.sgf");
    let at = raw.windows(9).position(|w| w == b"CA[GB2312").unwrap();
    raw.splice(at..at + 10, b"CA[UTF-8]".iter().copied());
    check_bytes(
        &raw,
        expect![[r#"
        SZ 19 KM 7.5 HA 0 RU 中国规则 RE B+R
        PB 常昊 (九段) PW 古力 (七段)
        EV 第十届全国围棋个人赛
        RO 第三轮
        PC 北京中国棋院
        DT 2002-05-01
          B Q16; C "黑棋先行，星位。"
          W D16; C "白棋对星，布局平稳。"
          B Q3
          W D4
        warning: line 1, column 19: the file says CA[UTF-8] but is not valid UTF-8; read as GBK (guessed)
        warning: line 1, column 114: RE[黑中盘胜] is not standard SGF; read as B+R
        replay: ok, 4 moves, black to move
    "#]],
    );
}

#[test]
fn utf8_byte_order_mark() {
    let mut raw = vec![0xEF, 0xBB, 0xBF];
    raw.extend_from_slice("(;FF[4]PB[柯洁];B[pd])".as_bytes());
    check_bytes(
        &raw,
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
        PB 柯洁 (-) PW - (-)
          B Q16
        replay: ok, 1 moves, white to move
    "#]],
    );
}

#[test]
fn what_we_write_is_utf8_whatever_we_read() {
    let r = sgf::parse(&data("big5-ca.sgf")).unwrap();
    let out = sgf::write(&r);
    assert!(out.contains("CA[UTF-8]"));
    let again = sgf::parse(out.as_bytes()).unwrap();
    assert_eq!(again.info, r.info);
    assert_eq!(again.moves(), r.moves());
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
}

#[test]
fn utf16_with_a_byte_order_mark() {
    let text = "(;FF[4]CA[UTF-16]PB[柯洁];B[pd])";
    let mut raw = vec![0xFF, 0xFE];
    for unit in text.encode_utf16() {
        raw.extend_from_slice(&unit.to_le_bytes());
    }
    check_bytes(
        &raw,
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
        PB 柯洁 (-) PW - (-)
          B Q16
        replay: ok, 1 moves, white to move
    "#]],
    );
}

#[test]
fn shift_jis_and_latin1_declared() {
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("(;FF[4]CA[Shift_JIS]PB[井山裕太]PW[張栩]C[名人戦])");
    check_bytes(
        &sjis,
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
        PB 井山裕太 (-) PW 張栩 (-)
          C "名人戦"
        replay: ok, 0 moves, black to move
    "#]],
    );
    let (latin1, _, _) = encoding_rs::WINDOWS_1252.encode("(;FF[4]CA[ISO-8859-1]PB[Müller]PW[Åström])");
    check_bytes(
        &latin1,
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
        PB Müller (-) PW Åström (-)
        replay: ok, 0 moves, black to move
    "#]],
    );
}

/// Regression: a `CA[` inside a comment whose value did not close within 40 bytes stopped the
/// search, so the record's real `CA[GB2312]` later on was never found.
#[test]
fn a_ca_in_text_does_not_hide_the_real_one() {
    let mut bytes = b"(;FF[4]GM[1]C[note CA[".to_vec();
    bytes.extend(std::iter::repeat_n(b'x', 50));
    bytes.extend(b"]CA[GB2312]PB[");
    bytes.extend([0xB3, 0xA3, 0xEA, 0xBB]); // 常昊 in GB2312
    bytes.extend(b"])");
    let r = sgf::parse(&bytes).unwrap();
    assert_eq!(r.info.black.name.as_deref(), Some("常昊"));
}
