//! The rules of play (Art. 2–7, 20), case by case. Each case is a board and moves in, a
//! transcript out (see `script`); each name or comment cites its article.

use crate::script::{check, run};
use expect_test::expect;

/// Art. 5: a stone with no liberty that captures nothing is forbidden (single stone).
#[test]
fn art5_single_stone_suicide_is_forbidden() {
    check(
        "
        . X .
        X . .
        . . .
        W A3
        B A3
        ",
        expect![[r#"
            W A3: illegal: suicide (forbidden point (Art. 5: suicide))
            B A3: ok
            X X .
            X . .
            . . .
            to move: white; end: none"#]],
    );
}

/// Art. 5: the rule covers groups too: a stone that joins a group and leaves it with no
/// liberty, capturing nothing, is forbidden (multi-stone suicide).
#[test]
fn art5_multi_stone_suicide_is_forbidden() {
    check(
        "
        X X X . .
        O O . X .
        X X X . .
        . . . . .
        . . . . .
        W C4
        B C4
        ",
        expect![[r#"
            W C4: illegal: suicide (forbidden point (Art. 5: suicide))
            B C4: ok, captures 2
            X X X . .
            . . X X .
            X X X . .
            . . . . .
            . . . . .
            to move: white; end: none"#]],
    );
}

/// Art. 4.2: when after a move both sides' stones are without liberties, the opponent's
/// are removed: the capture comes before the self-capture, so the move is legal.
#[test]
fn art4_2_capture_comes_before_suicide() {
    check(
        "
        . X O .
        X O . O
        . X O .
        . . . .
        B C3
        ",
        expect![[r#"
            B C3: ok, captures 1
            . X O .
            X . X O
            . X O .
            . . . .
            to move: white; end: none"#]],
    );
    // A larger capture: Black's stone on A1 has no liberty of its own, but takes the
    // four white stones first (Art. 4.2), and then has liberties.
    check(
        "
        . . . .
        X X X .
        O O O X
        . O X .
        B A1
        ",
        expect![[r#"
            B A1: ok, captures 4
            . . . .
            X X X .
            . . . X
            X . X .
            to move: white; end: none"#]],
    );
}

/// Art. 20.1 (and Art. 6): the immediate retake of a single ko is forbidden, and it is the
/// `Ko` error under every ko rule and every cycle policy: no cycle policy turns it into
/// an outcome.
#[test]
fn art20_1_simple_ko_retake_is_refused_under_every_rule_and_policy() {
    let mut transcript = String::new();
    for ko in ["situational", "positional", "simple"] {
        for cycle in ["forbid", "no-result", "draw", "replay"] {
            let out = run(&format!(
                "
                . X O .
                X O . O
                . X O .
                . . . .
                rules ko={ko} cycle={cycle}
                B C3
                W B3
                "
            ));
            let retake = out.lines().nth(1).unwrap();
            transcript.push_str(&format!("{ko:>11} {cycle:>9}: {retake}\n"));
        }
    }
    expect![[r#"
        situational    forbid: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
        situational no-result: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
        situational      draw: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
        situational    replay: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
         positional    forbid: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
         positional no-result: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
         positional      draw: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
         positional    replay: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
             simple    forbid: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
             simple no-result: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
             simple      draw: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
             simple    replay: W B3: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
    "#]]
    .assert_eq(&transcript);
}

/// Art. 20.1: once the ko capturer's opponent has played elsewhere (a ko threat) and been
/// answered, the retake is a new position and is allowed.
#[test]
fn art20_1_ko_retake_allowed_after_a_threat_exchange() {
    check(
        "
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .
        B C4
        W B4
        W E1
        B E2
        W B4
        B C4
        ",
        expect![[r#"
            B C4: ok, captures 1
            W B4: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
            W E1: ok
            B E2: ok
            W B4: ok, captures 1
            B C4: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
            . X O . .
            X O . O .
            . X O . .
            . . . . X
            . . . . O
            to move: black; end: none"#]],
    );
}

/// Art. 4.1: snapback. White throws a stone in; Black captures it and is left with one
/// liberty; White plays there again and captures five stones. Not a ko (Art. 20.1 covers
/// the retake of a single stone only), so the recapture is legal.
#[test]
fn art4_snapback_recapture_is_legal() {
    check(
        "
        . . X O
        X X X O
        O O O .
        . . . .
        W B4
        B A4
        W B4
        ",
        expect![[r#"
            W B4: ok
            B A4: ok, captures 1
            W B4: ok, captures 5
            . O . O
            . . . O
            O O O .
            . . . .
            to move: black; end: none"#]],
    );
}

/// The triple ko of Art. 20.3 (三劫), as a capturing race: Black's top group and White's
/// middle group have no liberties but the three kos, and each side at its turn holds one
/// ko with its group in atari, so it must take another (filling its own ko point is
/// suicide). Black takes D5, White B6, Black F5, White D6, Black B5, and White's F6 would
/// bring back the starting position with Black to move: the cycle of six moves.
const TRIPLE_KO: &str = "
    X X X X X X X
    X . X O X O X
    O X O . O . O
    O O O O O O O
    X X X X X X X
    . . . . . . .
    . . . . . . .
";

/// Art. 6 and 20.3: under the default policy (forbid) the move that closes the triple-ko
/// cycle is a repetition, under situational and positional superko alike; White must play
/// elsewhere. Under simple ko (analysis only) the cycle goes on.
#[test]
fn art20_3_triple_ko_cycle_is_forbidden_by_default() {
    let moves = "B D5\nW B6\nB F5\nW D6\nB B5\nW F6\nW G1";
    check(
        &format!("{TRIPLE_KO}\nrules ko=situational cycle=forbid\n{moves}"),
        expect![[r#"
            B D5: ok, captures 1
            W B6: ok, captures 1
            B F5: ok, captures 1
            W D6: ok, captures 1
            B B5: ok, captures 1
            W F6: illegal: repetition (whole-board repetition (Art. 6))
            W G1: ok
            X X X X X X X
            X . X O X . X
            O X O . O X O
            O O O O O O O
            X X X X X X X
            . . . . . . .
            . . . . . . O
            to move: black; end: none"#]],
    );
    let positional = run(&format!("{TRIPLE_KO}\nrules ko=positional cycle=forbid\n{moves}"));
    assert_eq!(
        positional,
        run(&format!("{TRIPLE_KO}\n{moves}")),
        "positional agrees here"
    );
    check(
        &format!("{TRIPLE_KO}\nrules ko=simple\n{moves}"),
        expect![[r#"
            B D5: ok, captures 1
            W B6: ok, captures 1
            B F5: ok, captures 1
            W D6: ok, captures 1
            B B5: ok, captures 1
            W F6: ok, captures 1
            W G1: ok
            X X X X X X X
            X . X O X O X
            O X O . O . O
            O O O O O O O
            X X X X X X X
            . . . . . . .
            . . . . . . O
            to move: black; end: none"#]],
    );
}

/// Art. 20.3: an event may declare a triple ko "no result", a draw or a replay instead;
/// then the repeating move is played and ends the game with that outcome, after which no
/// move is legal (Art. 7).
#[test]
fn art20_3_triple_ko_cycle_ends_the_game_under_an_outcome_policy() {
    let transcript = under_each_outcome_policy(TRIPLE_KO, "B D5\nW B6\nB F5\nW D6\nB B5\nW F6\nB D5");
    expect![[r#"
        no-result:
          W F6: ok, captures 1, game over: Cycle(NoResult)
          B D5: illegal: game-over (the game is over (Art. 7))
        draw:
          W F6: ok, captures 1, game over: Cycle(Draw)
          B D5: illegal: game-over (the game is over (Art. 7))
        replay:
          W F6: ok, captures 1, game over: Cycle(Replay)
          B D5: illegal: game-over (the game is over (Art. 7))
    "#]]
    .assert_eq(&transcript);
}

/// The sixth and seventh lines of the transcript of `moves` on `position` under each outcome
/// policy of Art. 20.3 (`cycle=no-result`, `draw`, `replay`): the move that closes a
/// six-move cycle and the one after it.
fn under_each_outcome_policy(position: &str, moves: &str) -> String {
    let mut transcript = String::new();
    for cycle in ["no-result", "draw", "replay"] {
        let out = run(&format!("{position}\nrules cycle={cycle}\n{moves}"));
        let tail: Vec<&str> = out.lines().skip(5).take(2).collect();
        transcript.push_str(&format!("{cycle}:\n  {}\n  {}\n", tail[0], tail[1]));
    }
    transcript
}

/// Eternal life (长生, Art. 20.3): the four-move cycle described in Go literature (Sensei's
/// Library, "Eternal Life"): Black sacrifices two stones (A7, putting White's four stones
/// in atari), White must take them (C7), Black takes two back (B7), White throws in again
/// (D7) and the board and the side to move are as at the start. The shape around the
/// corner is simplified; the cycle is the one the rules must handle. Each capture takes
/// two stones, so no single ko is involved: only whole-board repetition (Art. 6) stops it.
const ETERNAL_LIFE: &str = "
    . X . O X . .
    O O X X X . .
    O O . X . . .
    X X X X . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
";

/// Art. 6, 20.3: eternal life under the default policy: White's throw-in that closes the
/// cycle is a repetition. Under an outcome policy it ends the game.
#[test]
fn art20_3_eternal_life_cycle() {
    check(
        &format!("{ETERNAL_LIFE}\nB A7\nW C7\nB B7\nW D7"),
        expect![[r#"
            B A7: ok
            W C7: ok, captures 2
            B B7: ok, captures 2
            W D7: illegal: repetition (whole-board repetition (Art. 6))
            . X . . X . .
            O O X X X . .
            O O + X + . .
            X X X X . . .
            . . + . + . .
            . . . . . . .
            . . . . . . .
            to move: white; end: none"#]],
    );
    check(
        &format!("{ETERNAL_LIFE}\nrules cycle=no-result\nB A7\nW C7\nB B7\nW D7\nB A7"),
        expect![[r#"
            B A7: ok
            W C7: ok, captures 2
            B B7: ok, captures 2
            W D7: ok, game over: Cycle(NoResult)
            B A7: illegal: game-over (the game is over (Art. 7))
            . X . O X . .
            O O X X X . .
            O O + X + . .
            X X X X . . .
            . . + . + . .
            . . . . . . .
            . . . . . . .
            to move: black; end: Cycle(NoResult)"#]],
    );
}

/// Send two, return one (送二还一): Black throws in at A5 (two stones in atari), White
/// takes them with C5, Black takes the one stone back at B5. Three moves bring back the
/// same board with the *other* side to move: Art. 6 as the Chinese rules mean it
/// (situational superko) allows it, positional superko refuses it.
const SEND_TWO_RETURN_ONE: &str = "
    . X . X .
    O O X X X
    . O X . X
    O O X X X
    . O X . .
";

#[test]
fn art6_send_two_return_one_situational_allows_positional_refuses() {
    check(
        &format!("{SEND_TWO_RETURN_ONE}\nB A5\nW C5\nB B5"),
        expect![[r#"
            B A5: ok
            W C5: ok, captures 2
            B B5: ok, captures 1
            . X . X .
            O O X X X
            . O X . X
            O O X X X
            . O X . .
            to move: white; end: none"#]],
    );
    check(
        &format!("{SEND_TWO_RETURN_ONE}\nrules ko=positional\nB A5\nW C5\nB B5"),
        expect![[r#"
            B A5: ok
            W C5: ok, captures 2
            B B5: illegal: repetition (whole-board repetition (Art. 6))
            . . O X .
            O O X X X
            . O X . X
            O O X X X
            . O X . .
            to move: black; end: none"#]],
    );
}

/// Double two-stone capture (双提两子, Art. 20.3): two send-two-return-one shapes, one for
/// each side. Black throws in two stones at the top left (A11), White takes them (C11) and
/// Black takes one back (B11); then White does the same at the bottom right (L1, J1, K1).
/// Each side has captured two stones, and the sixth move brings back the starting board
/// with Black to move: a true cycle (no pass in it) that situational superko (Art. 6)
/// refuses where a single send-two-return-one was allowed.
const DOUBLE_TWO_STONE: &str = "
    . X . X . . . . . . .
    O O X X X . . . . . .
    . O X . X . . . . . .
    O O X X X . . . . . .
    . O X . . . . . . . .
    . . . . . . . . . . .
    . . . . . . . . X O .
    . . . . . . O O O X X
    . . . . . . O . O X .
    . . . . . . O O O X X
    . . . . . . . O . O .
";

/// Art. 6, 20.3: the double two-stone capture is forbidden by default (White's K1, which
/// closes the cycle, is a repetition; White plays elsewhere), and under an outcome policy
/// the closing move ends the game by the event's rule.
#[test]
fn art20_3_double_two_stone_capture_cycle() {
    let moves = "B A11\nW C11\nB B11\nW L1\nB J1\nW K1";
    check(
        &format!("{DOUBLE_TWO_STONE}\n{moves}\nW F6"),
        expect![[r#"
            B A11: ok
            W C11: ok, captures 2
            B B11: ok, captures 1
            W L1: ok
            B J1: ok, captures 2
            W K1: illegal: repetition (whole-board repetition (Art. 6))
            W F6: ok
            . X . X . . . . . . .
            O O X X X . . . . . .
            . O X . X . . . + . .
            O O X X X . . . . . .
            . O X . . . . . . . .
            . . . . . O . . . . .
            . . . . . . . . X O .
            . . . . . . O O O X X
            . . + . . . O . O X .
            . . . . . . O O O X X
            . . . . . . . O X . .
            to move: black; end: none"#]],
    );
    let transcript = under_each_outcome_policy(DOUBLE_TWO_STONE, &format!("{moves}\nB A11"));
    expect![[r#"
        no-result:
          W K1: ok, captures 1, game over: Cycle(NoResult)
          B A11: illegal: game-over (the game is over (Art. 7))
        draw:
          W K1: ok, captures 1, game over: Cycle(Draw)
          B A11: illegal: game-over (the game is over (Art. 7))
        replay:
          W K1: ok, captures 1, game over: Cycle(Replay)
          B A11: illegal: game-over (the game is over (Art. 7))
    "#]]
    .assert_eq(&transcript);
}

/// Art. 6 with passes: a pass never clears the history. After send-two-return-one White
/// passes, so Black faces the starting position again; Black's throw-in would now give
/// White the position White faced after the first throw-in: refused, though a pass came
/// between.
#[test]
fn art6_a_pass_never_clears_the_history() {
    check(
        &format!("{SEND_TWO_RETURN_ONE}\nB A5\nW C5\nB B5\nW pass\nB A5\nB D1"),
        expect![[r#"
            B A5: ok
            W C5: ok, captures 2
            B B5: ok, captures 1
            W PASS: ok
            B A5: illegal: repetition (whole-board repetition (Art. 6))
            B D1: ok
            . X . X .
            O O X X X
            . O X . X
            O O X X X
            . O X X .
            to move: white; end: none"#]],
    );
}

/// Art. 7.3: two passes in succession end the game; no move is legal afterwards, not
/// even a pass. Art. 21.4: play may be resumed (a life-and-death dispute), and the history
/// is kept.
#[test]
fn art7_3_two_passes_end_the_game() {
    check(
        "
        size 3
        B B2
        W pass
        B pass
        W A1
        W pass
        resume W
        W A1
        ",
        expect![[r#"
            B B2: ok
            W PASS: ok
            B PASS: ok, game over: TwoPasses
            W A1: illegal: game-over (the game is over (Art. 7))
            W PASS: illegal: game-over (the game is over (Art. 7))
            resume W: ok
            W A1: ok
            . . .
            . X .
            O . .
            to move: black; end: none"#]],
    );
    // A pass, a move, a pass: not in succession, the game goes on.
    check(
        "
        size 3
        pass
        B2
        pass
        ",
        expect![[r#"
            B PASS: ok
            W B2: ok
            B PASS: ok
            . . .
            . O .
            . . .
            to move: white; end: none"#]],
    );
}

/// Art. 7.2 resignation and 7.1 agreement end the game; a resignation is never reopened;
/// after an agreement play may resume (Art. 21.4); undo takes back the event first.
#[test]
fn art7_resign_agree_resume() {
    check(
        "
        size 5
        B C3
        resign W
        W D4
        resume W
        resign B
        undo
        W D4
        agree
        agree
        B E5
        resume W
        W E5
        ",
        expect![[r#"
            B C3: ok
            resign W: ok
            W D4: illegal: game-over (the game is over (Art. 7))
            resume W: refused: game-over
            resign B: refused: game-over
            undo: took back the end, Resignation { loser: White }
            W D4: ok
            agree: ok
            agree: refused: game-over
            B E5: illegal: game-over (the game is over (Art. 7))
            resume W: ok
            W E5: ok
            . . . . O
            . . . O .
            . . X . .
            . . . . .
            . . . . .
            to move: black; end: none"#]],
    );
}

/// Undo (take-back for analysis and GTP) restores the board with its captures, the side to
/// move, the ko point and the positions seen: after undoing the retake of a ko that was
/// legal after a threat exchange, the same retake is legal again, and after undoing the
/// exchange it is refused again.
#[test]
fn undo_restores_board_ko_and_history() {
    check(
        "
        . X O . .
        X O . O .
        . X O . .
        . . . . .
        . . . . .
        B C4
        W E1
        B E2
        W B4
        undo
        show
        W B4
        undo
        undo
        undo
        show
        W B4
        ",
        expect![[r#"
            B C4: ok, captures 1
            W E1: ok
            B E2: ok
            W B4: ok, captures 1
            undo: took back W B4
            . X O . .
            X . X O .
            . X O . .
            . . . . X
            . . . . O
            to move: white
            W B4: ok, captures 1
            undo: took back W B4
            undo: took back B E2
            undo: took back W E1
            . X O . .
            X . X O .
            . X O . .
            . . . . .
            . . . . .
            to move: white
            W B4: illegal: ko (ko: immediate retake of a single ko (Art. 6, 20.1))
            . X O . .
            X . X O .
            . X O . .
            . . . . .
            . . . . .
            to move: white; end: none"#]],
    );
}

/// Undo after play was resumed (Art. 21.4) goes back to the resumed game, not to the
/// ended one: the side to move chosen at the resumption and the moves after it are kept.
#[test]
fn undo_after_resume_keeps_the_resumption() {
    check(
        "
        size 3
        B B2
        W pass
        B pass
        resume B
        B A1
        W C3
        undo
        show
        undo
        agree
        resume W
        W C3
        undo
        ",
        expect![[r#"
            B B2: ok
            W PASS: ok
            B PASS: ok, game over: TwoPasses
            resume B: ok
            B A1: ok
            W C3: ok
            undo: took back W C3
            . . .
            . X .
            X . .
            to move: white
            undo: took back B A1
            agree: ok
            resume W: ok
            W C3: ok
            undo: took back W C3
            . . .
            . X .
            . . .
            to move: white; end: none"#]],
    );
}

/// Regression: `Board::play` on a point off the board said `Occupied` (and `Board::check`
/// indexed past the board); both now answer `OffBoard`, and `Game` names it too.
#[test]
fn a_point_off_the_board_is_off_board_not_occupied() {
    use rules::{Board, BoardError, BoardSize, Color, Game, IllegalMove, Move, Point, Rules};
    let size = BoardSize::new(9).unwrap();
    let mut board = Board::new(size);
    let off = Point::new(9, 0);
    assert_eq!(board.check(Color::Black, off), Err(BoardError::OffBoard));
    assert_eq!(board.play(Color::Black, off), Err(BoardError::OffBoard));
    assert_eq!(
        board.play(Color::Black, Point::new(200, 200)),
        Err(BoardError::OffBoard)
    );
    assert_eq!(board, Board::new(size));
    let mut game = Game::new(Rules { size, ..Rules::CHINESE });
    assert_eq!(game.play(Move::Play(off)), Err(IllegalMove::OffBoard));
}

/// The single ko of the issue's 5×5 game: White's B3 is taken at C3 by Black; both sides
/// pass (Art. 7's end), play is reopened (Art. 21.4) and White retakes B3, which brings back
/// the position after White's first B3 with Black to move. A pass made that repetition
/// possible, so it is no cycle of Art. 20.3 (triple ko, eternal life, ...) and no event
/// policy turns it into an outcome: it is forbidden under every policy (Art. 20, "forbidden
/// in principle"), and White must play elsewhere. Before this reading, `cycle=draw` ended the
/// game as a draw here, so the side behind could force a draw.
const PASS_KO: &str = "
    size 5
";

#[test]
fn art20_a_ko_retaken_after_both_passed_is_no_cycle_under_any_policy() {
    let moves = "B B4\nW C4\nB A3\nW D3\nB B2\nW C2\nB E5\nW B3\nB C3\nW pass\nB pass\nresume W\nW B3\nW E1";
    let mut transcript = String::new();
    for cycle in ["forbid", "no-result", "draw", "replay"] {
        let out = run(&format!("{PASS_KO}\nrules cycle={cycle}\n{moves}"));
        let lines: Vec<&str> = out.lines().collect();
        transcript.push_str(&format!(
            "{cycle}: {} / {} / {}\n",
            lines[12],
            lines[13],
            lines.last().unwrap()
        ));
    }
    expect![[r#"
        forbid: W B3: illegal: repetition (whole-board repetition (Art. 6)) / W E1: ok / to move: black; end: none
        no-result: W B3: illegal: repetition (whole-board repetition (Art. 6)) / W E1: ok / to move: black; end: none
        draw: W B3: illegal: repetition (whole-board repetition (Art. 6)) / W E1: ok / to move: black; end: none
        replay: W B3: illegal: repetition (whole-board repetition (Art. 6)) / W E1: ok / to move: black; end: none
    "#]]
    .assert_eq(&transcript);
}
