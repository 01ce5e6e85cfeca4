//! Counting (数子法): Art. 9 (area, dame split half each, seki), Art. 11 (komi 3¾ stones and
//! its thresholds), Art. 24 (penalty stones), and handicap compensation, on real positions.
//!
//! The 19×19 positions are finished games split by two walls, built so that Black's area
//! is exactly the count the article names.

use crate::script::check;
use expect_test::expect;

/// Black's area is 185 points: rows 1–14 give Black ten points each, rows 15–19 nine.
const BLACK_185: &str = "
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . X X O . . . . . . . .
    . . . . . . . . X O O . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
";

/// Black's area is 184: one row fewer at ten points than in `BLACK_185`.
const BLACK_184: &str = "
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . X X O . . . . . . . .
    . . . . . . . . X O O . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
";

/// Black's area is 184 with one dame point (K19) between the walls: Black counts 184½.
const BLACK_184_AND_A_DAME: &str = "
    . . . . . . . . X . O . . . . . . . .
    . . . . . . . . X X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . X X O . . . . . . . .
    . . . . . . . . X O O . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
";

/// `BLACK_185` with two dead white stones in Black's area (C17, D17) and two dead black
/// stones in White's (Q4, Q3).
const BLACK_185_WITH_DEAD_STONES: &str = "
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . O O . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . . X O . . . . . . . .
    . . . . . . . . X X O . . . . . . . .
    . . . . . . . . X O O . . . . . . . .
    . . . . . . . . X O . . . . . X . . .
    . . . . . . . . X O . . . . . X . . .
    . . . . . . . . X O . . . . . . . . .
    . . . . . . . . X O . . . . . . . . .
";

/// Art. 11: komi 3¾ stones, Black wins iff Black's count exceeds 184¼. Black 185 wins by ¾
/// stone (`B+1.5` in points); 184 loses by ¼ (`W+0.5`); 184½ wins by ¼ (`B+0.5`).
#[test]
fn art11_komi_thresholds_185_184_184_and_a_half() {
    check(
        &format!("{BLACK_185}\ncount"),
        expect![[r#"
        count:
          area B 185 W 176, dame 0, dead B 0 W 0, penalties B 0 W 0
          count B 185 W 176, Black needs > 184¼: B+1.5 by ¾ stone(s)
    "#]],
    );
    check(
        &format!("{BLACK_184}\ncount"),
        expect![[r#"
        count:
          area B 184 W 177, dame 0, dead B 0 W 0, penalties B 0 W 0
          count B 184 W 177, Black needs > 184¼: W+0.5 by ¼ stone(s)
    "#]],
    );
    check(
        &format!("{BLACK_184_AND_A_DAME}\ncount"),
        expect![[r#"
        count:
          area B 184 W 176, dame 1, dead B 0 W 0, penalties B 0 W 0
          count B 184½ W 176½, Black needs > 184¼: B+0.5 by ¼ stone(s)
    "#]],
    );
}

/// Art. 8, 9: dead stones are removed before counting, and naming one stone of a group
/// marks the whole group; naming an empty point or a stone twice changes nothing.
#[test]
fn art9_dead_stones_named_by_one_stone() {
    check(
        &format!("{BLACK_185_WITH_DEAD_STONES}\ncount\ncount dead=C17,Q4\ncount dead=C17,D17,Q3,A1"),
        expect![[r#"
            count:
              area B 22 W 22, dame 317, dead B 0 W 0, penalties B 0 W 0
              count B 180½ W 180½, Black needs > 184¼: W+7.5 by 3¾ stone(s)
            count dead=C17,Q4:
              area B 185 W 176, dame 0, dead B 2 W 2, penalties B 0 W 0
              count B 185 W 176, Black needs > 184¼: B+1.5 by ¾ stone(s)
            count dead=C17,D17,Q3,A1:
              area B 185 W 176, dame 0, dead B 2 W 2, penalties B 0 W 0
              count B 185 W 176, Black needs > 184¼: B+1.5 by ¾ stone(s)
        "#]],
    );
}

/// Art. 24: each warning costs the warned side one stone at counting, which goes to the
/// other side: Black 185 with one warning counts 184 and loses by ¼; with one warning to
/// White Black counts 186.
#[test]
fn art24_penalty_stones_enter_the_count() {
    check(
        &format!("{BLACK_185}\ncount penalties=1,0\ncount penalties=0,1\ncount penalties=1,1"),
        expect![[r#"
            count penalties=1,0:
              area B 185 W 176, dame 0, dead B 0 W 0, penalties B 1 W 0
              count B 184 W 177, Black needs > 184¼: W+0.5 by ¼ stone(s)
            count penalties=0,1:
              area B 185 W 176, dame 0, dead B 0 W 0, penalties B 0 W 1
              count B 186 W 175, Black needs > 184¼: B+3.5 by 1¾ stone(s)
            count penalties=1,1:
              area B 185 W 176, dame 0, dead B 0 W 0, penalties B 1 W 1
              count B 185 W 176, Black needs > 184¼: B+1.5 by ¾ stone(s)
        "#]],
    );
}

/// Handicap (Art. 11: handicap games need their own criterion): Black gives back half a
/// stone per handicap stone when compensation is on. With 2 stones and no komi Black needs
/// more than 181½; with komi 3¾ as well, more than 185¼.
#[test]
fn handicap_compensation_half_a_stone_per_stone() {
    check(
        &format!("{BLACK_185}\nrules komi=0 handicap=2\ncount"),
        expect![[r#"
        count:
          area B 185 W 176, dame 0, dead B 0 W 0, penalties B 0 W 0
          count B 185 W 176, Black needs > 181½: B+7 by 3½ stone(s)
    "#]],
    );
    check(
        &format!("{BLACK_185}\nrules komi=0 handicap=2 compensation=off\ncount"),
        expect![[r#"
        count:
          area B 185 W 176, dame 0, dead B 0 W 0, penalties B 0 W 0
          count B 185 W 176, Black needs > 180½: B+9 by 4½ stone(s)
    "#]],
    );
    check(
        &format!("{BLACK_185}\nrules handicap=2\ncount"),
        expect![[r#"
        count:
          area B 185 W 176, dame 0, dead B 0 W 0, penalties B 0 W 0
          count B 185 W 176, Black needs > 185¼: W+0.5 by ¼ stone(s)
    "#]],
    );
}

/// Art. 9 and 21.2: in a seki the shared liberties (D7, D6) touch both sides' living stones
/// and are split half each. Neither side fills them: Black's D7 puts both inner groups in
/// atari, and White's D6 then captures Black's eight stones.
#[test]
fn art9_seki_dame_split_half_each() {
    check(
        "
        . X O . X O .
        . X O . X O .
        . X O O X O .
        . X O O X O .
        . X O O X O .
        . X O O X O .
        . X O O X O .
        count
        B D7
        W D6
        ",
        expect![[r#"
            count:
              area B 21 W 26, dame 2, dead B 0 W 0, penalties B 0 W 0
              count B 22 W 27, Black needs > 28¼: W+12.5 by 6¼ stone(s)
            B D7: ok
            W D6: ok, captures 8
            . X O . . O .
            . X O O . O .
            . X O O + O .
            . X O O . O .
            . X O O + O .
            . X O O . O .
            . X O O . O .
            to move: black; end: none"#]],
    );
}

/// Art. 9: an empty board is all dame, split half each: 180½ stones each, so White wins by
/// the komi.
#[test]
fn art9_empty_board_is_split_in_half() {
    check(
        "size 19\ncount",
        expect![[r#"
        count:
          area B 0 W 0, dame 361, dead B 0 W 0, penalties B 0 W 0
          count B 180½ W 180½, Black needs > 184¼: W+7.5 by 3¾ stone(s)
    "#]],
    );
}

/// Handicap games from the API: `Game::with_handicap` puts the stones (duplicates count
/// once), gives White the first move, and the count gives back half a stone per stone.
#[test]
fn handicap_game_from_fixed_placement() {
    use rules::{BoardSize, Color, Game, Rules, fixed_handicap};
    let rules = Rules {
        komi: rules::HalfPoints(0),
        ..Rules::CHINESE
    };
    let mut stones = fixed_handicap(BoardSize::STANDARD, 4).unwrap();
    stones.push(stones[0]);
    let g = Game::with_handicap(rules, &stones);
    assert_eq!(g.handicap(), 4);
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.board().n_stones(Color::Black), 4);
    let c = g.count(&[], [0, 0]);
    // Black's 4 stones, 357 empty points touching only Black: 361 stones against a
    // threshold of 180½ + 4 × ½ = 182½.
    assert_eq!((c.area[0], c.threshold), (361, rules::HalfPoints(730)));
    assert_eq!(c.result(), "B+357");
    let none = Game::with_handicap(rules, &[]);
    assert_eq!((none.handicap(), none.to_move()), (0, Color::Black));
}

/// A finished handicap game on an `n`×`n` board: Black's `stones` fixed handicap stones
/// (`fixed_handicap`), then a wall that gives Black the first `black_area` points in column
/// order (column A from the top, then B, ...) and White the rest. Handicap stones inside
/// White's area are dead (named to the count); those on a wall point of White's were taken
/// and replaced by White's stone. Returns the result in points and the margin in stones.
fn handicap_count(n: u8, stones: u32, black_area: usize) -> (String, String) {
    use rules::{Board, BoardSize, Color, Game, Point, Rules, fixed_handicap};
    let size = BoardSize::new(n).unwrap();
    let rules = Rules {
        size,
        komi: rules::HalfPoints(0),
        ..Rules::CHINESE
    };
    let black = |x: u8, y: u8| (x as usize) * n as usize + (y as usize) < black_area;
    let handicap = fixed_handicap(size, stones).unwrap();
    let mut board = Board::new(size);
    for &p in &handicap {
        board.set(p, Some(Color::Black));
    }
    for p in size.points() {
        let mine = black(p.x, p.y);
        let border = [(0i8, 1i8), (0, -1), (1, 0), (-1, 0)].iter().any(|&(dx, dy)| {
            let (x, y) = (p.x as i8 + dx, p.y as i8 + dy);
            (0..n as i8).contains(&x) && (0..n as i8).contains(&y) && black(x as u8, y as u8) != mine
        });
        if border {
            board.set(p, Some(if mine { Color::Black } else { Color::White }));
        }
    }
    let dead: Vec<Point> = handicap
        .iter()
        .copied()
        .filter(|&p| !black(p.x, p.y) && board.get(p) == Some(Color::Black))
        .collect();
    let game = Game::from_position(rules, board, Color::White, stones);
    let c = game.count(&dead, [0, 0]);
    assert_eq!(
        c.area[0] as usize, black_area,
        "the wall gives Black {black_area} points"
    );
    (c.result(), c.margin_stones())
}

/// Handicap games under the Chinese practice (Art. 11 leaves handicap games to their own
/// criterion): no komi, and Black gives back half the handicap stones, so Black must exceed
/// half the board plus n/2 stones. Hand counts on 19×19 with Black's area 183: par 180½, so
/// the margin is 183 − 180½ − n/2 = 2½ − n/2 stones (twice that in points): 2 stones → B by
/// 1½ (B+3), 3 → B by 1, 4 → B by ½, 5 → a draw (an odd handicap makes whole-stone
/// thresholds), 6 → W by ½, 7 → W by 1, 8 → W by 1½, 9 → W by 2. On 13×13 with Black's area
/// 86: par 84½, margin 1½ − n/2: 2 → B by ½, 3 → draw, 4 → W by ½, … 9 → W by 3.
#[test]
fn handicap_counts_give_back_half_the_stones_from_2_to_9() {
    let hand_19 = [
        (2, "B+3", "1½"),
        (3, "B+2", "1"),
        (4, "B+1", "½"),
        (5, "0", "0"),
        (6, "W+1", "½"),
        (7, "W+2", "1"),
        (8, "W+3", "1½"),
        (9, "W+4", "2"),
    ];
    for (stones, result, margin) in hand_19 {
        let got = handicap_count(19, stones, 183);
        assert_eq!(got, (result.to_string(), margin.to_string()), "19×19, {stones} stones");
    }
    let hand_13 = [
        (2, "B+1", "½"),
        (3, "0", "0"),
        (4, "W+1", "½"),
        (5, "W+2", "1"),
        (6, "W+3", "1½"),
        (7, "W+4", "2"),
        (8, "W+5", "2½"),
        (9, "W+6", "3"),
    ];
    for (stones, result, margin) in hand_13 {
        let got = handicap_count(13, stones, 86);
        assert_eq!(got, (result.to_string(), margin.to_string()), "13×13, {stones} stones");
    }
}

/// Art. 11: a komi is at most the board's N² points, either way; beyond it (and at the ends
/// of `i32`, where `abs` overflows) it is refused, naming the board.
#[test]
fn art11_a_komi_beyond_the_whole_board_is_refused() {
    use rules::{BoardSize, HalfPoints, Rules, check_komi};
    let nine = BoardSize::new(9).unwrap();
    let mut out = Vec::new();
    for (size, komi) in [
        (nine, 162),
        (nine, -162),
        (nine, 163),
        (nine, -163),
        (BoardSize::STANDARD, 722),
        (BoardSize::STANDARD, 723),
        (BoardSize::new(25).unwrap(), 1250),
        (BoardSize::new(2).unwrap(), 9),
        (nine, i32::MAX),
        (nine, i32::MIN),
    ] {
        let rules = Rules {
            size,
            komi: HalfPoints(komi),
            ..Rules::CHINESE
        };
        assert_eq!(rules.check(), check_komi(HalfPoints(komi), size));
        match check_komi(HalfPoints(komi), size) {
            Ok(()) => out.push(format!("{komi}: ok")),
            Err(e) => out.push(format!("{komi}: {e}")),
        }
    }
    expect![[r#"
        162: ok
        -162: ok
        163: komi of 81.5 points is beyond the 81 points of a 9×9 board (Art. 11)
        -163: komi of -81.5 points is beyond the 81 points of a 9×9 board (Art. 11)
        722: ok
        723: komi of 361.5 points is beyond the 361 points of a 19×19 board (Art. 11)
        1250: ok
        9: komi of 4.5 points is beyond the 4 points of a 2×2 board (Art. 11)
        2147483647: komi of 1073741823.5 points is beyond the 81 points of a 9×9 board (Art. 11)
        -2147483648: komi of -1073741824 points is beyond the 81 points of a 9×9 board (Art. 11)"#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn points_and_rule_names_that_do_not_read_are_errors_saying_what() {
    assert_eq!(rules::HalfPoints::from_points(7.5), Ok(rules::HalfPoints(15)));
    let e = rules::HalfPoints::from_points(0.3).unwrap_err();
    assert_eq!(e, rules::NotHalfPoints(0.3));
    assert_eq!(e.to_string(), "0.3 is not a whole number of half points");
    let e = "japanese".parse::<rules::KoRule>().unwrap_err();
    assert_eq!(e, rules::UnknownRule::KoRule("japanese".into()));
    assert_eq!(
        e.to_string(),
        "unknown ko rule \"japanese\": expected situational, positional or simple"
    );
    let e = "loss".parse::<rules::CyclePolicy>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown cycle policy \"loss\": expected forbid, no-result, draw or replay"
    );
}
