//! The parts of the pages that are plain functions: the star points and the language choice.

use expect_test::{Expect, expect};
use rules::BoardSize;

fn check(actual: String, expected: Expect) {
    expected.assert_eq(&actual);
}

#[test]
fn star_points_and_stones_follow_art_1_and_32() {
    // The rules crate's star points, on every size the pages draw.
    for n in 2..=25u8 {
        let rules: Vec<(u8, u8)> = BoardSize::new(n)
            .unwrap()
            .star_points()
            .iter()
            .map(|p| (p.x, p.y))
            .collect();
        assert_eq!(web::star_points(n), rules, "{n}x{n}");
    }
    let stars = |n: u8| format!("{n}: {:?}", web::star_points(n));
    check(
        [19, 13, 9, 7, 5].map(stars).join("\n"),
        expect![[r#"
            19: [(3, 3), (9, 3), (15, 3), (3, 9), (9, 9), (15, 9), (3, 15), (9, 15), (15, 15)]
            13: [(3, 3), (9, 3), (6, 6), (3, 9), (9, 9)]
            9: [(2, 2), (6, 2), (4, 4), (2, 6), (6, 6)]
            7: [(2, 2), (4, 2), (3, 3), (2, 4), (4, 4)]
            5: []"#]],
    );
    let g = web::BOARD_GEOMETRY;
    // Art. 1: cells 2.3 wide, 2.4 tall (tenths of a millimetre).
    assert_eq!((g.cell_w, g.cell_h), (230.0, 240.0));
    // Art. 32: stones 2.25 cm across, as `weiqi show` draws them; neighbours do not touch.
    assert_eq!(2.0 * g.stone_r, 225.0);
    assert!(2.0 * g.stone_r < g.cell_w);
}

#[test]
fn the_language_follows_the_browser_unless_chosen() {
    use rules::Lang;
    let cases = [
        ("zh-CN,zh;q=0.9,en;q=0.8", Lang::Zh),
        ("en-GB,en;q=0.9", Lang::En),
        ("ja,zh-TW;q=0.8,en;q=0.5", Lang::Zh),
    ];
    for (header, want) in cases {
        assert_eq!(web::i18n::from_accept_language(header), want, "{header}");
    }
    assert_eq!(web::i18n::text(Lang::Zh, "game.resign"), "认输");
    assert_eq!(web::i18n::text(Lang::En, "game.resign"), "Resign");
}
