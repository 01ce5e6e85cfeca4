//! The one `check` helper of the rules tests: a small script (a board and moves) in, a
//! transcript (each command's outcome, then the board) out, compared with an `expect!`
//! snapshot.
//!
//! A script is lines of text:
//! - board rows first: `X` black, `O` white, `.` or `+` empty, spaces optional; or
//!   `size N` for an empty board;
//! - `rules k=v ...`: `ko=situational|positional|simple`, `cycle=forbid|no-result|draw|replay`,
//!   `komi=7.5` (points), `handicap=N` (stones to compensate), `compensation=on|off`;
//! - `to-move B|W` (default Black), before the first move;
//! - moves: `B D4` / `W pass` (that color, `Game::play_as`), or `D4` / `pass` (the side
//!   to move, `Game::play`); `moves D4 E5 pass` plays several for the side to move;
//! - `check B D4` (judge without playing), `undo`, `resign B`, `agree`, `resume W`;
//! - `count dead=C3,D4 penalties=B,W`: the count (Art. 9, 11, 24);
//! - `show`: the board and the side to move at that point.
//!
//! Every command line is echoed with its outcome; the transcript ends with the board, the
//! side to move and how the game ended (unless the script only counted or judged). After every command the helper also checks the
//! invariants: the board is consistent (`check_consistency`: no group without liberties, the
//! hash recomputes), and `Game::check` agreed with `Game::play` on the move.

use expect_test::Expect;
use rules::{Board, BoardSize, Color, CyclePolicy, Game, HalfPoints, KoRule, Move, Point, Rules};
use std::fmt::Write;

/// Runs `script` and compares its transcript with `expect`.
pub fn check(script: &str, expect: Expect) {
    expect.assert_eq(&run(script));
}

/// Runs a script and returns its transcript. Panics (a test failure) on a malformed script
/// or a broken invariant, never on an illegal move: those are part of the transcript.
pub fn run(script: &str) -> String {
    let lines: Vec<&str> = script.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let mut rows: Vec<String> = Vec::new();
    let mut k = 0;
    while k < lines.len() && is_board_row(lines[k]) {
        rows.push(lines[k].chars().filter(|c| !c.is_whitespace()).collect());
        k += 1;
    }
    let mut size: Option<u8> = (!rows.is_empty()).then_some(rows.len() as u8);
    let mut rules = Rules::CHINESE;
    let mut handicap = 0u32;
    let mut to_move = Color::Black;
    // Settings come before the first command.
    while k < lines.len() {
        let words: Vec<&str> = lines[k].split_whitespace().collect();
        match words[0] {
            "size" => size = Some(words[1].parse().expect("size N")),
            "rules" => {
                for kv in &words[1..] {
                    let (key, value) = kv.split_once('=').expect("rules key=value");
                    match key {
                        "ko" => rules.ko = value.parse::<KoRule>().unwrap(),
                        "cycle" => rules.cycle = value.parse::<CyclePolicy>().unwrap(),
                        "komi" => rules.komi = HalfPoints::from_points(value.parse().unwrap()).unwrap(),
                        "handicap" => handicap = value.parse().unwrap(),
                        "compensation" => rules.handicap_compensation = value == "on",
                        _ => panic!("unknown rule {key:?}"),
                    }
                }
            }
            "to-move" => to_move = parse_color(words[1]),
            _ => break,
        }
        k += 1;
    }
    let size = BoardSize::new(size.expect("a board or `size N`")).unwrap();
    rules.size = size;
    let mut board = Board::new(size);
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.chars().count(), rows.len(), "row {y} of a square board: {row:?}");
        for (x, ch) in row.chars().enumerate() {
            let stone = match ch {
                'X' => Some(Color::Black),
                'O' => Some(Color::White),
                _ => None,
            };
            board.set(Point::new(x as u8, y as u8), stone);
        }
    }
    board
        .check_consistency()
        .unwrap_or_else(|e| panic!("set-up board is not a position: {e}\n{board}"));
    let mut game = Game::from_position(rules, board, to_move, handicap);
    let mut out = String::new();
    // A script that only counts or judges ends with its last answer, not with the board.
    let mut played = false;
    for line in &lines[k..] {
        let words: Vec<&str> = line.split_whitespace().collect();
        played |= !matches!(words[0], "count" | "check");
        match words[0] {
            "moves" => {
                for w in &words[1..] {
                    let color = game.to_move();
                    let mv = Move::parse_gtp(size, w).unwrap_or_else(|e| panic!("{e}"));
                    let outcome = play(&mut game, color, mv);
                    writeln!(out, "{} {}: {outcome}", color.letter(), w.to_ascii_uppercase()).unwrap();
                }
            }
            "check" => {
                let color = parse_color(words[1]);
                let mv = Move::parse_gtp(size, words[2]).unwrap();
                let verdict = match game.check(color, mv) {
                    Ok(()) => "legal".to_string(),
                    Err(e) => format!("illegal: {}", e.code()),
                };
                writeln!(out, "{line}: {verdict}").unwrap();
            }
            "undo" => {
                let end_before = game.end();
                let what = match game.undo() {
                    Some(e) => format!("took back {} {}", e.color.letter(), e.mv.gtp(size)),
                    None if end_before != game.end() => format!("took back the end, {:?}", end_before.unwrap()),
                    None => "nothing to take back".to_string(),
                };
                writeln!(out, "undo: {what}").unwrap();
            }
            "resign" => writeln!(out, "{line}: {}", ok(game.resign(parse_color(words[1])))).unwrap(),
            "agree" => writeln!(out, "{line}: {}", ok(game.agree_end())).unwrap(),
            "resume" => writeln!(out, "{line}: {}", ok(game.resume(parse_color(words[1])))).unwrap(),
            "count" => {
                let mut dead = Vec::new();
                let mut penalties = [0u32; 2];
                for kv in &words[1..] {
                    let (key, value) = kv.split_once('=').expect("count key=value");
                    match key {
                        "dead" => dead = value.split(',').map(|v| size.parse_gtp(v).unwrap()).collect(),
                        "penalties" => {
                            let (b, w) = value.split_once(',').unwrap();
                            penalties = [b.parse().unwrap(), w.parse().unwrap()];
                        }
                        _ => panic!("unknown count key {key:?}"),
                    }
                }
                let c = game.count(&dead, penalties);
                // Art. 9: the counts of both sides always make up the whole board.
                assert_eq!(c.area[0] + c.area[1] + c.dame, size.n_points() as u32);
                assert_eq!(c.counts[0].0 + c.counts[1].0, 4 * size.n_points() as i32);
                writeln!(
                    out,
                    "{line}:\n  area B {} W {}, dame {}, dead B {} W {}, penalties B {} W {}\n  \
                     count B {} W {}, Black needs > {}: {} by {} stone(s)",
                    c.area[0],
                    c.area[1],
                    c.dame,
                    c.dead[0],
                    c.dead[1],
                    c.penalties[0],
                    c.penalties[1],
                    stones(c.counts[0]),
                    stones(c.counts[1]),
                    stones(c.threshold),
                    c.result(),
                    c.margin_stones(),
                )
                .unwrap();
            }
            "show" => writeln!(out, "{}to move: {}", game.board(), game.to_move()).unwrap(),
            first => {
                // `B D4` or `D4`.
                let (color, text) = match words.as_slice() {
                    [c, m] => (parse_color(c), *m),
                    [m] => (game.to_move(), *m),
                    _ => panic!("cannot read {line:?} (first word {first:?})"),
                };
                let mv = Move::parse_gtp(size, text).unwrap_or_else(|e| panic!("{e}"));
                let outcome = play(&mut game, color, mv);
                writeln!(out, "{} {}: {outcome}", color.letter(), text.to_ascii_uppercase()).unwrap();
            }
        }
        game.board()
            .check_consistency()
            .unwrap_or_else(|e| panic!("after {line:?}: {e}\n{}", game.board()));
    }
    if played {
        let end = match game.end() {
            None => "none".to_string(),
            Some(e) => format!("{e:?}"),
        };
        write!(out, "{}to move: {}; end: {end}", game.board(), game.to_move()).unwrap();
    }
    out
}

/// Plays a move, checking that `Game::check` predicted the outcome and that a refused move
/// changed nothing; returns the outcome as a line of the transcript.
fn play(game: &mut Game, color: Color, mv: Move) -> String {
    let predicted = game.check(color, mv);
    let before = game.clone();
    let result = game.play_as(color, mv);
    assert_eq!(predicted, result.map(|_| ()), "check and play disagree on {mv:?}");
    match result {
        Ok(played) => {
            let mut s = "ok".to_string();
            if played.captures > 0 {
                write!(s, ", captures {}", played.captures).unwrap();
            }
            if let Some(end) = played.end {
                write!(s, ", game over: {end:?}").unwrap();
            }
            s
        }
        Err(e) => {
            assert_eq!(game.board(), before.board(), "a refused move changed the board");
            assert_eq!(game.board().hash(), before.board().hash());
            assert_eq!(game.to_move(), before.to_move());
            assert_eq!(game.history(), before.history());
            format!("illegal: {} ({e})", e.code())
        }
    }
}

fn ok(r: Result<(), rules::IllegalMove>) -> String {
    match r {
        Ok(()) => "ok".to_string(),
        Err(e) => format!("refused: {}", e.code()),
    }
}

fn is_board_row(line: &str) -> bool {
    line.chars().all(|c| matches!(c, 'X' | 'O' | '.' | '+' | ' '))
}

fn parse_color(s: &str) -> Color {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// An amount in half points written in stones (子) with quarters: `184¼`, `3¾`, `-½`.
pub fn stones(hp: HalfPoints) -> String {
    let sign = if hp.0 < 0 { "-" } else { "" };
    let q = hp.0.unsigned_abs();
    let frac = ["", "¼", "½", "¾"][(q % 4) as usize];
    match (q / 4, frac) {
        (0, "") => "0".to_string(),
        (0, f) => format!("{sign}{f}"),
        (w, f) => format!("{sign}{w}{f}"),
    }
}
