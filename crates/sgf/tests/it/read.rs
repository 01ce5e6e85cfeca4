//! Reading: syntax, values, odd values as warnings, errors with line and column.

use crate::{check, check_bytes};
use expect_test::expect;

#[test]
fn ff4_game_with_passes_both_ways() {
    check(
        "(;FF[4]GM[1]SZ[9]KM[7.5]RU[Chinese]PB[Black player]PW[White]RE[W+0.5]\n;B[ee];W[cc];B[];W[tt])",
        expect![[r#"
            SZ 9 KM 7.5 HA 0 RU Chinese RE W+0.5
            PB Black player (-) PW White (-)
              B E5
              W C7
              B pass
              W pass
            replay: ok, 4 moves, black to move
        "#]],
    );
}

#[test]
fn tt_is_a_point_on_boards_larger_than_19() {
    check(
        "(;FF[4]SZ[21];B[tt];W[])",
        expect![[r#"
        SZ 21 KM - HA 0 RU - RE -
          B U2
          W pass
        replay: ok, 2 moves, black to move
    "#]],
    );
}

#[test]
fn size_defaults_to_19() {
    check(
        "(;FF[4];B[pd];W[dd])",
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
          B Q16
          W D16
        replay: ok, 2 moves, black to move
    "#]],
    );
}

#[test]
fn ff3_property_names_with_lower_case_letters() {
    check(
        "(;GaMe[1]SiZe[9]AddBlack[cc][gg];White[ee]Comment[FF[3\\] style])",
        expect![[r#"
        SZ 9 KM - HA 0 RU - RE -
          AB C7 G3
          W E5; C "FF[3] style"
        replay: ok, 1 moves, black to move
    "#]],
    );
}

#[test]
fn move_values_broken_by_a_line_wrap() {
    // As in goban-original-games' hon-50-2.mgt: `W[oq⏎]`, and `BR[8 ⏎dan]`.
    check(
        "(;GM[1]FF[3]BR[8 \ndan]PC[Nihon Kiin. Takanawa, Tokyo, \nJapan];B[qd];W[oq\n];B[co])",
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
        PC Nihon Kiin. Takanawa, Tokyo, Japan
          B R16
          W P3
          B C5
        replay: ok, 3 moves, white to move
    "#]],
    );
}

#[test]
fn komi_values() {
    for (km, e) in [
        ("7.5", expect![[r#"Some("7.5") [] []"#]]),
        (
            "5.",
            expect![[r#"Some("5") ["KM[5.] is not a valid SGF real; read as 5"] []"#]],
        ),
        (
            "375",
            expect![[
                r#"Some("7.5") ["KM[375] read as 7.5 points (komi written in stones or hundredths of stones)"] []"#
            ]],
        ),
        (
            "650",
            expect![[
                r#"Some("6.5") ["KM[650] read as 6.5 points (komi written in stones or hundredths of stones)"] []"#
            ]],
        ),
        (
            "3.75",
            expect![[
                r#"Some("7.5") ["KM[3.75] read as 7.5 points (komi written in stones or hundredths of stones)"] []"#
            ]],
        ),
        ("-2.5", expect![[r#"Some("-2.5") [] []"#]]),
        (
            "7.3",
            expect![[
                r#"None ["KM[7.3]: 7.3 is not a whole number of half points; kept as written"] [Property { ident: "KM", values: ["7.3"] }]"#
            ]],
        ),
        (
            "lots",
            expect![[
                r#"None ["KM[lots] is not a number; kept as written"] [Property { ident: "KM", values: ["lots"] }]"#
            ]],
        ),
    ] {
        let sgf = format!("(;FF[4]KM[{km}])");
        let actual = match sgf::parse(sgf.as_bytes()) {
            Ok(r) => format!(
                "{:?} {:?} {:?}",
                r.info.komi.map(|k| k.to_string()),
                r.warnings.iter().map(|w| w.message.clone()).collect::<Vec<_>>(),
                r.root().other
            ),
            Err(e) => e.to_string(),
        };
        e.assert_eq(&actual);
    }
}

#[test]
fn results() {
    let mut out = String::new();
    for re in [
        "B+1.5",
        "W+R",
        "B+Resign",
        "W+T",
        "B+Time",
        "B+F",
        "0",
        "Draw",
        "Jigo",
        "Void",
        "?",
        "B+",
        "W+3",
        "W+J",
        "B+R.",
        "W+R (152 moves)",
        "B+7.5?",
        "White wins by resignation",
        "Black wins by 2.5 points",
        "nobody",
        "黑中盘胜",
        "白中盤勝",
        "黑胜3又3/4子",
        "白胜1/4子",
        "黑胜2目半",
        "白胜6.5目",
        "白超时胜",
        "和棋",
        "黑胜",
        // Regression: margins too large for the arithmetic panicked on overflow.
        "黑胜999999999子",
        "白胜1/999999999999子",
        "黑胜2000000又3/4子",
    ] {
        let r = sgf::parse(format!("(;FF[4]RE[{re}])").as_bytes()).unwrap();
        let got = r.info.result.as_ref().map(|r| r.to_string());
        let warn: Vec<_> = r.warnings.iter().map(|w| w.message.as_str()).collect();
        out += &format!("{re:?} -> {got:?} {warn:?}\n");
        // The public parser is the reader's: the same result, leniently with a note where the
        // reader warned; strictly only a value the reader took without a warning.
        let lenient = sgf::Re::read_re(re);
        assert_eq!(lenient.as_ref().ok().map(|(r, _)| r), r.info.result.as_ref(), "{re}");
        assert_eq!(
            lenient.as_ref().is_ok_and(|(_, note)| note.is_none()),
            warn.is_empty(),
            "{re}"
        );
        assert_eq!(
            sgf::Re::from_re(re).ok().as_ref(),
            r.info.result.as_ref().filter(|_| warn.is_empty()),
            "{re}"
        );
    }
    expect![[r#"
        "B+1.5" -> Some("B+1.5") []
        "W+R" -> Some("W+R") []
        "B+Resign" -> Some("B+R") []
        "W+T" -> Some("W+T") []
        "B+Time" -> Some("B+T") []
        "B+F" -> Some("B+F") []
        "0" -> Some("0") []
        "Draw" -> Some("0") []
        "Jigo" -> Some("0") ["RE[Jigo] is not standard SGF; read as a draw"]
        "Void" -> Some("Void") []
        "?" -> Some("?") []
        "B+" -> Some("B+") []
        "W+3" -> Some("W+3") []
        "W+J" -> Some("W+J") ["RE[W+J] is not standard SGF; \"J\" kept as the way of winning"]
        "B+R." -> Some("B+R") ["RE[B+R.] is not standard SGF; read as a win by resignation"]
        "W+R (152 moves)" -> Some("W+R") ["RE[W+R (152 moves)] is not standard SGF; read as a win by resignation"]
        "B+7.5?" -> Some("B+7.5?") ["RE[B+7.5?] is not standard SGF; \"7.5?\" kept as the way of winning"]
        "White wins by resignation" -> Some("W+R") ["RE[White wins by resignation] is not standard SGF; read as W+R"]
        "Black wins by 2.5 points" -> Some("B+2.5") ["RE[Black wins by 2.5 points] is not standard SGF; read as B+2.5"]
        "nobody" -> None ["RE[nobody] is not a result; kept as written"]
        "黑中盘胜" -> Some("B+R") ["RE[黑中盘胜] is not standard SGF; read as B+R"]
        "白中盤勝" -> Some("W+R") ["RE[白中盤勝] is not standard SGF; read as W+R"]
        "黑胜3又3/4子" -> Some("B+7.5") ["RE[黑胜3又3/4子] is not standard SGF; read as B+7.5"]
        "白胜1/4子" -> Some("W+0.5") ["RE[白胜1/4子] is not standard SGF; read as W+0.5"]
        "黑胜2目半" -> Some("B+2.5") ["RE[黑胜2目半] is not standard SGF; read as B+2.5"]
        "白胜6.5目" -> Some("W+6.5") ["RE[白胜6.5目] is not standard SGF; read as W+6.5"]
        "白超时胜" -> Some("W+T") ["RE[白超时胜] is not standard SGF; read as W+T"]
        "和棋" -> Some("0") ["RE[和棋] is not standard SGF; read as 0"]
        "黑胜" -> Some("B+") ["RE[黑胜] is not standard SGF; read as B+"]
        "黑胜999999999子" -> None ["RE[黑胜999999999子] is not a result; kept as written"]
        "白胜1/999999999999子" -> None ["RE[白胜1/999999999999子] is not a result; kept as written"]
        "黑胜2000000又3/4子" -> None ["RE[黑胜2000000又3/4子] is not a result; kept as written"]
    "#]]
    .assert_eq(&out);
}

#[test]
fn prose_durations_in_tm_and_time_left() {
    check(
        "(;FF[3]TM[9 hours each]OT[5x60 byo-yomi];B[pd]BL[8hr 59m]OB[3];W[dd]WL[1799.5]OW[25])",
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
        OT 5x60 byo-yomi
        TM 32400 s
          B Q16; BL 32340; OB 3
          W D16; WL 1799.5; OW 25
        warning: line 1, column 10: TM[9 hours each] is not a number of seconds; read as 32400 s
        warning: line 1, column 49: BL[8hr 59m] is not a number of seconds; read as 32340 s
        replay: ok, 2 moves, black to move
    "#]],
    );
}

#[test]
fn setup_handicap_and_compressed_point_lists() {
    check(
        "(;FF[4]SZ[9]HA[2]AB[cg][gc];W[ee])",
        expect![[r#"
        SZ 9 KM - HA 2 RU - RE -
          AB C3 G7
          W E5
        replay: ok, 1 moves, black to move
    "#]],
    );
    check(
        "(;FF[4]SZ[5]AB[aa:bb]AW[dd:ee]AE[aa];B[cc])",
        expect![[r#"
        SZ 5 KM - HA 0 RU - RE -
          AB A5 B5 A4 B4; AW D2 E2 D1 E1; AE A5
          B C3
        replay: ok, 1 moves, white to move
    "#]],
    );
}

#[test]
fn a_malformed_setup_point_is_a_warning() {
    check(
        "(;FF[4]SZ[9]AB[cc][zz][c];B[dd])",
        expect![[r#"
        SZ 9 KM - HA 0 RU - RE -
          AB C7
          B D6
        warning: line 1, column 19: AB[zz] ignored: coordinate "zz" is off the 9x9 board
        warning: line 1, column 23: AB[c] ignored: invalid coordinate "c"
        replay: ok, 1 moves, white to move
    "#]],
    );
}

#[test]
fn variations_keep_the_first_child_as_the_main_line() {
    check(
        "(;FF[4]SZ[9];B[ee](;W[cc];B[gg])(;W[gg]C[a variation])(;W[gc]))",
        expect![[r#"
        SZ 9 KM - HA 0 RU - RE -
          B E5
          (2 variations here)
          W C7
          B G3
        replay: ok, 3 moves, white to move
    "#]],
    );
}

#[test]
fn text_escapes_soft_line_breaks_and_white_space() {
    check(
        "(;FF[4]C[a\\]b\\\\c\\\nd\te\r\nf]PB[  two   spaces\n]GN[keep \\] raw])",
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
        PB two spaces (-) PW - (-)
          C "a]b\\cd e\nf"; GN["keep \\] raw"]
        replay: ok, 0 moves, black to move
    "#]],
    );
}

#[test]
fn game_info_twice_keeps_the_first() {
    check(
        "(;FF[4]PB[First]PB[Second];B[pd])",
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
        PB First (-) PW - (-)
          PB["Second"]
          B Q16
        warning: line 1, column 19: PB given twice; the second is kept as written
        replay: ok, 1 moves, white to move
    "#]],
    );
}

#[test]
fn several_games_and_trailing_text() {
    check(
        "junk before (;FF[4]PB[One];B[pd]) (;FF[4]PB[Two];B[dd]) and after",
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
        PB One (-) PW - (-)
          B Q16
        warning: line 1, column 36: the file holds 2 games; only the first is read
        warning: line 1, column 57: text after the last game tree is ignored
        replay: ok, 1 moves, white to move
    "#]],
    );
    let all = sgf::parse_collection(b"(;PB[One])(;PB[Two])").unwrap();
    let names: Vec<_> = all.iter().map(|r| r.info.black.name.clone().unwrap()).collect();
    assert_eq!(names, ["One", "Two"]);
}

#[test]
fn errors_say_where() {
    for (input, e) in [
        (
            "(;FF[4]PB[Truncated",
            expect![
                "line 1, column 20: the file ends inside the value of PB opened at line 1, column 10 (truncated file?)"
            ],
        ),
        (
            "(;FF[4];B[pd];W[dd]",
            expect![
                "line 1, column 20: the file ends with 1 game tree(s) still open, the innermost opened at line 1, column 1 (truncated file?)"
            ],
        ),
        (
            "(;FF[4](;B[pd](;W[dd]",
            expect![
                "line 1, column 22: the file ends with 3 game tree(s) still open, the innermost opened at line 1, column 15 (truncated file?)"
            ],
        ),
        (
            "(;FF[4];B[pd]\n;W[zz])",
            expect![[r#"line 2, column 3: bad move W[zz]: coordinate "zz" is off the 19x19 board"#]],
        ),
        (
            "(;FF[4];B[pd]W[dd])",
            expect!["line 1, column 14: bad move W[dd]: the node already has a move (at line 1, column 9)"],
        ),
        (
            "(;FF[4];B[pd][dd])",
            expect!["line 1, column 9: bad move B[pd]: a move has one value, this one has 2"],
        ),
        (
            "(;FF[4]SZ[19:13])",
            expect!["line 1, column 10: bad board size SZ[19:13]: only square boards can be played"],
        ),
        (
            "(;FF[4]SZ[30])",
            expect![
                "line 1, column 10: bad board size SZ[30]: board size 30 is not supported: it must be between 2 and 25"
            ],
        ),
        (
            "(;GM[2]FF[4])",
            expect!["line 1, column 5: not a Go record (GM[2]; Go is GM[1])"],
        ),
        (
            "(;FF[4]\n  ;B[pd] % ;W[dd])",
            expect!["line 2, column 10: unexpected '%': expected a property, ';', '(' or ')'"],
        ),
        (
            "(;FF[4]B)",
            expect!["line 1, column 9: unexpected ')': expected '[' after a property name"],
        ),
        (
            "(;FF[4]()",
            expect!["line 1, column 9: unexpected ')': expected ';' (a game tree starts with a node)"],
        ),
        (
            "no game here",
            expect!["line 1, column 1: not an SGF file: no game tree '(;' found"],
        ),
        (
            "",
            expect!["line 1, column 1: not an SGF file: no game tree '(;' found"],
        ),
    ] {
        let got = match sgf::parse(input.as_bytes()) {
            Ok(_) => "parsed".to_string(),
            Err(e) => e.to_string(),
        };
        e.assert_eq(&got);
    }
}

#[test]
fn binary_input_is_refused_with_its_position() {
    check_bytes(
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
        expect![[r#"
        error: line 3, column 1: binary data (a NUL character): not an SGF text file
    "#]],
    );
    check_bytes(
        b"(;FF[4]\nC[abc\0def])",
        expect![[r#"
        error: line 2, column 7: binary data (a NUL character): not an SGF text file
    "#]],
    );
    // Found by fuzzing: an escaped NUL was read, then written raw and refused on reading.
    check_bytes(
        b"(;FF[4]\nC[abc\\\0def])",
        expect![[r#"
        error: line 2, column 7: binary data (a NUL character): not an SGF text file
    "#]],
    );
}

#[test]
fn huge_input_is_refused_before_reading() {
    let big = vec![b' '; sgf::MAX_BYTES + 1];
    check_bytes(
        &big,
        expect![[r#"
        error: file too large: 33554433 bytes (the limit is 33554432 bytes)
    "#]],
    );
}

#[test]
fn deep_nesting_neither_overflows_nor_loses_nodes() {
    let depth = 200_000;
    let mut s = String::from("(;FF[4]SZ[9]");
    for i in 0..depth {
        s += if i % 2 == 0 { "(;B[]" } else { "(;W[]" };
    }
    // Unclosed: a clear error, not a stack overflow.
    let e = sgf::parse(s.as_bytes()).unwrap_err();
    expect!["line 1, column 1000013: the file ends with 200001 game tree(s) still open, the innermost opened at line 1, column 1000008 (truncated file?)"].assert_eq(&e.to_string());
    s += &")".repeat(depth + 1);
    let r = sgf::parse(s.as_bytes()).unwrap();
    assert_eq!(r.n_nodes(), depth + 1);
    let written = sgf::write(&r);
    let again = sgf::parse(written.as_bytes()).unwrap();
    assert_eq!(again.n_nodes(), depth + 1);
    assert_eq!(again.moves().len(), depth);
}

#[test]
fn too_many_nodes_is_an_error() {
    let s = format!("(;{})", ";".repeat(sgf::MAX_NODES));
    let e = sgf::parse(s.as_bytes()).unwrap_err();
    expect!["line 1, column 2000002: too many nodes (the limit is 2000000)"].assert_eq(&e.to_string());
}

#[test]
fn referee_note_lines_are_stripped_from_the_comment() {
    check(
        "(;FF[4]SZ[9];B[ee]C[good move\n\nReferee: warning to White (Art. 17.4), by the referee: pressed the clock early]\
         WQREF[warning:W:17.4:referee::pressed the clock early])",
        expect![[r#"
            SZ 9 KM - HA 0 RU - RE -
              B E5; C "good move"; note "Referee: warning to White (Art. 17.4), by the referee: pressed the clock early"
            replay: ok, 1 moves, white to move
        "#]],
    );
}

#[test]
fn a_malformed_referee_note_is_a_warning() {
    check(
        "(;FF[4]SZ[9];B[ee]WQREF[scolding:W:17.4:referee::text][warning:X:1:referee::t])",
        expect![[r#"
        SZ 9 KM - HA 0 RU - RE -
          B E5; WQREF["scolding:W:17.4:referee::text"]; WQREF["warning:X:1:referee::t"]
        warning: line 1, column 24: WQREF[scolding:W:17.4:referee::text] is not a referee note (unknown kind "scolding"); kept as written
        warning: line 1, column 55: WQREF[warning:X:1:referee::t] is not a referee note (bad colour "X"); kept as written
        replay: ok, 1 moves, white to move
    "#]],
    );
}

#[test]
fn a_malformed_size_is_a_warning() {
    check(
        "(;FF[4]SZ[9.];B[ee])",
        expect![[r#"
        SZ 9 KM - HA 0 RU - RE -
          B E5
        warning: line 1, column 10: SZ[9.] is not a valid SGF number; read as 9
        replay: ok, 1 moves, white to move
    "#]],
    );
    check(
        "(;FF[4]SZ[big];B[ss])",
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
          B T1
        warning: line 1, column 10: SZ[big] is not a number; read as 19
        replay: ok, 1 moves, white to move
    "#]],
    );
}

#[test]
fn an_empty_game_info_value_is_no_value() {
    // Found by fuzzing: `DT[]` in the root made a later `DT[2002]` "given twice", kept raw
    // in its node, and read back as the date after writing.
    check(
        "(;FF[4]DT[]PB[];B[pd]DT[2002]PB[Gu Li])",
        expect![[r#"
        SZ 19 KM - HA 0 RU - RE -
        PB Gu Li (-) PW - (-)
        DT 2002
          B Q16
        replay: ok, 1 moves, white to move
    "#]],
    );
}

/// `Re::from_re` reads what a program writes (the referee's results become records
/// through it) and refuses, naming the value, what the reader takes only leniently or not at
/// all: a program's `RE` is never dropped in silence.
#[test]
fn a_standard_re_is_read_strictly_and_anything_else_is_an_error_naming_it() {
    let mut out = String::new();
    for re in [
        "B+3.5",
        "W+R",
        "B+T",
        "W+F",
        "B+",
        "0",
        "Void",
        "Jigo",
        "W+J",
        "黑中盘胜",
        "nobody",
    ] {
        let got = match sgf::Re::from_re(re) {
            Ok(r) => r.to_string(),
            Err(e) => format!("error: {e}"),
        };
        out += &format!("{re} -> {got}\n");
    }
    expect![[r#"
        B+3.5 -> B+3.5
        W+R -> W+R
        B+T -> B+T
        W+F -> W+F
        B+ -> B+
        0 -> 0
        Void -> Void
        Jigo -> error: RE[Jigo]: not standard SGF (read as a draw)
        W+J -> error: RE[W+J]: not standard SGF ("J" kept as the way of winning)
        黑中盘胜 -> error: RE[黑中盘胜]: not standard SGF (read as B+R)
        nobody -> error: RE[nobody]: not a result
    "#]]
    .assert_eq(&out);
}

#[test]
fn a_handicap_beyond_any_board_is_a_warning_not_a_number() {
    let r = sgf::parse(b"(;FF[4]SZ[19]HA[1500000000];B[dd])").unwrap();
    assert_eq!(r.info.handicap, 0);
    let warn: Vec<_> = r.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        warn,
        ["HA[1500000000] is not a number of stones (0 to 625); kept as written"]
    );
}
