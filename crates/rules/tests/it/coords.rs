//! Coordinates (GTP and SGF), star points (Art. 1) and the GTP fixed handicap placement.

use expect_test::{Expect, expect};
use rules::{BoardSize, Move, Point, fixed_handicap};
use std::fmt::Write;

/// Parses each text as a GTP move and as an SGF point on a board of `size`; one line each.
fn check_parse(size: u8, texts: &[&str], expect: Expect) {
    let size = BoardSize::new(size).unwrap();
    let mut out = String::new();
    for t in texts {
        let gtp = match Move::parse_gtp(size, t) {
            Ok(Move::Play(p)) => format!("({}, {}) = {} = sgf {}", p.x, p.y, size.gtp(p), p.sgf()),
            Ok(Move::Pass) => "pass".to_string(),
            Err(e) => format!("error: {e}"),
        };
        let sgf = match size.parse_sgf(t) {
            Ok(p) => format!("({}, {})", p.x, p.y),
            Err(e) => format!("error: {e}"),
        };
        writeln!(out, "{t:?}: gtp {gtp}; sgf {sgf}").unwrap();
    }
    expect.assert_eq(&out);
}

/// GTP vertices: columns A–T without I, row 1 at the bottom; case does not matter.
/// Errors say what is wrong: not a coordinate (I, garbage) or off the board.
#[test]
fn gtp_and_sgf_coordinates_on_19x19() {
    check_parse(
        19,
        &[
            "A1", "a19", "T19", "t1", "K10", "J10", "H8", "I5", "U1", "A20", "A0", "Q16x", "", "pass", "PASS", "aa",
            "ss", "tt", "pd", "Aa", "a", "abc", "é1", "K-1", "K+1",
        ],
        expect![[r#"
            "A1": gtp (0, 18) = A1 = sgf as; sgf error: invalid coordinate "A1"
            "a19": gtp (0, 0) = A19 = sgf aa; sgf error: invalid coordinate "a19"
            "T19": gtp (18, 0) = T19 = sgf sa; sgf error: invalid coordinate "T19"
            "t1": gtp (18, 18) = T1 = sgf ss; sgf error: invalid coordinate "t1"
            "K10": gtp (9, 9) = K10 = sgf jj; sgf error: invalid coordinate "K10"
            "J10": gtp (8, 9) = J10 = sgf ij; sgf error: invalid coordinate "J10"
            "H8": gtp (7, 11) = H8 = sgf hl; sgf error: invalid coordinate "H8"
            "I5": gtp error: invalid coordinate "I5"; sgf error: invalid coordinate "I5"
            "U1": gtp error: coordinate "U1" is off the 19x19 board; sgf error: invalid coordinate "U1"
            "A20": gtp error: coordinate "A20" is off the 19x19 board; sgf error: invalid coordinate "A20"
            "A0": gtp error: coordinate "A0" is off the 19x19 board; sgf error: invalid coordinate "A0"
            "Q16x": gtp error: invalid coordinate "Q16x"; sgf error: invalid coordinate "Q16x"
            "": gtp error: invalid coordinate ""; sgf error: invalid coordinate ""
            "pass": gtp pass; sgf error: invalid coordinate "pass"
            "PASS": gtp pass; sgf error: invalid coordinate "PASS"
            "aa": gtp error: invalid coordinate "aa"; sgf (0, 0)
            "ss": gtp error: invalid coordinate "ss"; sgf (18, 18)
            "tt": gtp error: invalid coordinate "tt"; sgf error: coordinate "tt" is off the 19x19 board
            "pd": gtp error: invalid coordinate "pd"; sgf (15, 3)
            "Aa": gtp error: invalid coordinate "Aa"; sgf error: invalid coordinate "Aa"
            "a": gtp error: invalid coordinate "a"; sgf error: invalid coordinate "a"
            "abc": gtp error: invalid coordinate "abc"; sgf error: invalid coordinate "abc"
            "é1": gtp error: invalid coordinate "é1"; sgf error: invalid coordinate "é1"
            "K-1": gtp error: invalid coordinate "K-1"; sgf error: invalid coordinate "K-1"
            "K+1": gtp error: invalid coordinate "K+1"; sgf error: invalid coordinate "K+1"
        "#]],
    );
}

/// Small boards: the letters stop at the board's edge; 25×25 uses every letter but I, up
/// to Z.
#[test]
fn coordinates_on_small_and_largest_boards() {
    check_parse(
        5,
        &["E5", "F1", "A6", "ee", "ef", "fa"],
        expect![[r#"
            "E5": gtp (4, 0) = E5 = sgf ea; sgf error: invalid coordinate "E5"
            "F1": gtp error: coordinate "F1" is off the 5x5 board; sgf error: invalid coordinate "F1"
            "A6": gtp error: coordinate "A6" is off the 5x5 board; sgf error: invalid coordinate "A6"
            "ee": gtp error: invalid coordinate "ee"; sgf (4, 4)
            "ef": gtp error: invalid coordinate "ef"; sgf error: coordinate "ef" is off the 5x5 board
            "fa": gtp error: invalid coordinate "fa"; sgf error: coordinate "fa" is off the 5x5 board
        "#]],
    );
    check_parse(
        25,
        &["Z25", "Z26", "yy", "zz"],
        expect![[r#"
            "Z25": gtp (24, 0) = Z25 = sgf ya; sgf error: invalid coordinate "Z25"
            "Z26": gtp error: coordinate "Z26" is off the 25x25 board; sgf error: invalid coordinate "Z26"
            "yy": gtp error: invalid coordinate "yy"; sgf (24, 24)
            "zz": gtp error: invalid coordinate "zz"; sgf error: coordinate "zz" is off the 25x25 board
        "#]],
    );
}

/// Every point of every size goes to GTP and SGF text and back unchanged.
#[test]
fn coordinates_round_trip_on_every_size() {
    for n in 2..=25u8 {
        let size = BoardSize::new(n).unwrap();
        let mut seen = std::collections::HashSet::new();
        for p in size.points() {
            let gtp = size.gtp(p);
            assert_eq!(size.parse_gtp(&gtp), Ok(p), "{n}x{n} {gtp}");
            assert_eq!(size.parse_gtp(&gtp.to_ascii_lowercase()), Ok(p), "{n}x{n} {gtp}");
            assert_eq!(size.parse_sgf(&p.sgf()), Ok(p), "{n}x{n} {}", p.sgf());
            assert!(!gtp.contains('I'), "{gtp}: GTP skips the letter I");
            assert!(seen.insert(gtp), "two points share a name on {n}x{n}");
        }
        assert_eq!(seen.len(), size.n_points());
    }
    for n in [0u8, 1, 26, 255] {
        assert!(BoardSize::new(n).is_err(), "size {n} must be refused");
    }
    expect!["board size 26 is not supported: it must be between 2 and 25"]
        .assert_eq(&BoardSize::new(26).unwrap_err().to_string());
}

fn gtp_list(size: BoardSize, points: &[Point]) -> String {
    points.iter().map(|&p| size.gtp(p)).collect::<Vec<_>>().join(" ")
}

/// Art. 1: nine star points on 19×19, the center one is 天元 (K10).
#[test]
fn art1_star_points() {
    let mut out = String::new();
    for n in [19u8, 13, 9, 8, 7, 6, 2] {
        let size = BoardSize::new(n).unwrap();
        let center = size.center().map_or("none".to_string(), |p| size.gtp(p));
        writeln!(
            out,
            "{n}x{n}: {} (center {center})",
            gtp_list(size, &size.star_points())
        )
        .unwrap();
    }
    expect![[r#"
        19x19: D16 K16 Q16 D10 K10 Q10 D4 K4 Q4 (center K10)
        13x13: D10 K10 G7 D4 K4 (center G7)
        9x9: C7 G7 E5 C3 G3 (center E5)
        8x8: C6 F6 C3 F3 (center none)
        7x7: C5 E5 D4 C3 E3 (center D4)
        6x6:  (center none)
        2x2:  (center none)
    "#]]
    .assert_eq(&out);
    let standard = BoardSize::STANDARD;
    assert_eq!(standard.star_points().len(), 9);
    assert_eq!(standard.center(), Some(standard.parse_gtp("K10").unwrap()));
}

/// GTP `fixed_handicap`: 2–9 stones on odd boards from 9×9, at most 4 on even boards and
/// 7×7, none below 7×7; the third stone is D16 on 19×19 (GTP specification, GNU Go).
#[test]
fn fixed_handicap_placements() {
    let mut out = String::new();
    for n in [19u8, 13, 12, 9, 8, 7, 6] {
        let size = BoardSize::new(n).unwrap();
        for k in 0..=10 {
            if let Some(stones) = fixed_handicap(size, k) {
                assert_eq!(stones.len(), k as usize);
                writeln!(out, "{n}x{n} {k}: {}", gtp_list(size, &stones)).unwrap();
            }
        }
    }
    expect![[r#"
        19x19 2: D4 Q16
        19x19 3: D4 Q16 D16
        19x19 4: D4 Q16 Q4 D16
        19x19 5: D4 Q16 Q4 D16 K10
        19x19 6: D4 Q16 Q4 D16 D10 Q10
        19x19 7: D4 Q16 Q4 D16 D10 Q10 K10
        19x19 8: D4 Q16 Q4 D16 D10 Q10 K4 K16
        19x19 9: D4 Q16 Q4 D16 D10 Q10 K4 K16 K10
        13x13 2: D4 K10
        13x13 3: D4 K10 D10
        13x13 4: D4 K10 K4 D10
        13x13 5: D4 K10 K4 D10 G7
        13x13 6: D4 K10 K4 D10 D7 K7
        13x13 7: D4 K10 K4 D10 D7 K7 G7
        13x13 8: D4 K10 K4 D10 D7 K7 G4 G10
        13x13 9: D4 K10 K4 D10 D7 K7 G4 G10 G7
        12x12 2: D4 J9
        12x12 3: D4 J9 D9
        12x12 4: D4 J9 J4 D9
        9x9 2: C3 G7
        9x9 3: C3 G7 C7
        9x9 4: C3 G7 G3 C7
        9x9 5: C3 G7 G3 C7 E5
        9x9 6: C3 G7 G3 C7 C5 G5
        9x9 7: C3 G7 G3 C7 C5 G5 E5
        9x9 8: C3 G7 G3 C7 C5 G5 E3 E7
        9x9 9: C3 G7 G3 C7 C5 G5 E3 E7 E5
        8x8 2: C3 F6
        8x8 3: C3 F6 C6
        8x8 4: C3 F6 F3 C6
        7x7 2: C3 E5
        7x7 3: C3 E5 C5
        7x7 4: C3 E5 E3 C5
    "#]]
    .assert_eq(&out);
}
