//! Replaying the main line under the rules: the problems `weiqi check` reports.

use crate::check;
use expect_test::expect;

#[test]
fn occupied() {
    check(
        "(;FF[4]SZ[9];B[ee];W[ee])",
        expect![[r#"
        SZ 9 KM - HA 0 RU - RE -
          B E5
          W E5
        replay: move 2 (W ee): occupied point
    "#]],
    );
}

#[test]
fn suicide() {
    // Art. 5: White's stone at A9 would have no liberties and capture nothing.
    check(
        "(;FF[4]SZ[9];B[ba];W[ee];B[ab];W[aa])",
        expect![[r#"
        SZ 9 KM - HA 0 RU - RE -
          B B9
          W E5
          B A8
          W A9
        replay: move 4 (W aa): forbidden point (Art. 5: suicide)
    "#]],
    );
}

#[test]
fn immediate_ko_retake_is_a_repetition() {
    // Black captures at the ko, White retakes at once (Art. 6, 20.1).
    check(
        "(;FF[4]SZ[5]AB[bb][ac][bd]AW[cb][dc][cd][bc];B[cc];W[bc])",
        expect![[r#"
        SZ 5 KM - HA 0 RU - RE -
          AB B4 A3 B2; AW C4 D3 C2 B3
          B C3
          W B3
        replay: move 2 (W bc): whole-board repetition (Art. 6)
    "#]],
    );
}

#[test]
fn not_alternating() {
    check(
        "(;FF[4]SZ[9];B[ee];W[cc];W[gg])",
        expect![[r#"
        SZ 9 KM - HA 0 RU - RE -
          B E5
          W C7
          W G3
        replay: move 3 (W gg): the same colour twice in a row (Art. 17.2)
    "#]],
    );
}

#[test]
fn a_lost_turn_lets_the_other_side_move_twice() {
    check(
        "(;FF[4]SZ[9];B[ee];W[cc];WQREF[void-move:B:19:referee:ee:forbidden point]\
         WQREF[lost-turn:B:19:referee::];W[gg])",
        expect![[r#"
            SZ 9 KM - HA 0 RU - RE -
              B E5
              W C7
              note "Referee: void move by Black at E5 (Art. 19), by the referee: forbidden point"; note "Referee: Black loses a turn (Art. 19), by the referee"
              W G3
            replay: ok, 3 moves, black to move
        "#]],
    );
}

#[test]
fn play_resumes_after_two_passes() {
    check(
        "(;FF[4]SZ[9];B[ee];W[];B[];W[cc];B[gg])",
        expect![[r#"
        SZ 9 KM - HA 0 RU - RE -
          B E5
          W pass
          B pass
          W C7
          B G3
        replay: ok, 5 moves, white to move
    "#]],
    );
}

#[test]
fn setup_in_a_later_node_restarts_from_that_position() {
    check(
        "(;FF[4]SZ[9];B[ee];W[cc];AB[gg]AE[cc]PL[W];W[cc])",
        expect![[r#"
        SZ 9 KM - HA 0 RU - RE -
          B E5
          W C7
          AB G3; AE C7; PL W
          W C7
        replay: ok, 3 moves, black to move
    "#]],
    );
}

#[test]
fn to_game_stops_where_asked_and_applies_a_resignation() {
    let r = sgf::parse(b"(;FF[4]SZ[9]RE[W+R];B[ee];W[cc];B[gg])").unwrap();
    let g = r.to_game(Some(2)).unwrap();
    assert_eq!(g.history().len(), 2);
    assert_eq!(g.end(), None);
    let g = r.to_game(None).unwrap();
    assert_eq!(g.history().len(), 3);
    assert_eq!(
        g.end(),
        Some(rules::GameEnd::Resignation {
            loser: rules::Color::Black
        })
    );
    let bad = sgf::parse(b"(;FF[4]SZ[9];B[ee];W[ee])").unwrap();
    expect!["move 2 (W ee): occupied point"].assert_eq(&bad.to_game(None).unwrap_err().to_string());
}

#[test]
fn handicap_game_starts_with_white() {
    let r = sgf::parse(b"(;FF[4]SZ[9]HA[2]AB[cg][gc])").unwrap();
    let g = r.to_game(None).unwrap();
    assert_eq!(g.to_move(), rules::Color::White);
    assert_eq!(g.handicap(), 2);
}
