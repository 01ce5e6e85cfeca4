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
