//! No input makes the engine panic or break the framing: random lines built from GTP words
//! and from raw bytes, thousands of them, each answered by exactly one well-formed reply.

use gtp::{Engine, Settings};
use rules::playout::Rng;
use rules::{BoardSize, Rules};

// `loadsgf` and `printsgf` are left out: with random arguments they would read and write
// random files. `tests/data/sgf.gtp` and `records.rs` cover them.
const WORDS: &[&str] = &[
    "play",
    "genmove",
    "undo",
    "boardsize",
    "clear_board",
    "komi",
    "showboard",
    "final_score",
    "final_status_list",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "time_settings",
    "kgs-time_settings",
    "time_left",
    "known_command",
    "list_commands",
    "name",
    "version",
    "protocol_version",
    "b",
    "w",
    "black",
    "WHITE",
    "pass",
    "PASS",
    "resign",
    "A1",
    "a1",
    "T19",
    "Z25",
    "I5",
    "J10",
    "E5",
    "C3",
    "D4",
    "c4",
    "A0",
    "A",
    "1",
    "0",
    "2",
    "3",
    "5",
    "9",
    "19",
    "26",
    "-1",
    "7.5",
    "0.25",
    "nan",
    "inf",
    "1e9",
    "99999999999999999999",
    "alive",
    "dead",
    "seki",
    "none",
    "absolute",
    "byoyomi",
    "canadian",
    "#",
    "=",
    "?",
    "\t",
    "\r",
    "\u{0}",
    "\u{7f}",
    "é",
    "围棋",
    "",
];

#[test]
fn random_gtp_lines_get_one_well_formed_reply_each() {
    for (seed, size) in [(1u64, 5u8), (2, 9), (3, 2), (4, 19)] {
        let mut rng = Rng::new(seed);
        let rules = Rules {
            size: BoardSize::new(size).unwrap(),
            ..Rules::CHINESE
        };
        let mut engine = Engine::new(Settings { rules, seed });
        for step in 0..4000 {
            let n = rng.below(5);
            let mut words: Vec<&str> = (0..n).map(|_| WORDS[rng.below(WORDS.len())]).collect();
            // Mostly real commands, so the game goes somewhere.
            if rng.below(3) > 0 {
                words.insert(0, ["play", "genmove", "play", "undo"][rng.below(4)]);
            }
            if rng.below(4) == 0 {
                words.insert(0, "42");
            }
            let line = words.join(if rng.below(5) == 0 { "\t" } else { " " });
            check_reply(&mut engine, &line, seed, step);
            // Never let `quit` end the run early: start a new engine as a controller would.
            if engine.has_quit() {
                engine = Engine::new(Settings { rules, seed });
            }
        }
    }
}

#[test]
fn random_bytes_get_one_well_formed_reply_each() {
    let mut rng = Rng::new(7);
    let mut engine = Engine::new(Settings::default());
    for step in 0..4000 {
        let len = rng.below(40);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).filter(|&b| b != b'\n').collect();
        let line = String::from_utf8_lossy(&bytes).into_owned();
        check_reply(&mut engine, &line, 7, step);
        if engine.has_quit() {
            engine = Engine::new(Settings::default());
        }
    }
}

fn check_reply(engine: &mut Engine, line: &str, seed: u64, step: usize) {
    let reply = engine.handle(line);
    let ctx = || format!("seed {seed} step {step}, line {line:?}, reply {reply:?}");
    let blank = line
        .split('#')
        .next()
        .unwrap_or("")
        .chars()
        .all(|c| c.is_whitespace() || (c.is_control() && c != '\t'));
    match &reply {
        None => assert!(blank, "no reply to a command: {}", ctx()),
        Some(r) => {
            assert!(!blank, "a reply to an empty line: {}", ctx());
            let wire = r.to_string();
            assert!(wire.starts_with('=') || wire.starts_with('?'), "{}", ctx());
            assert!(wire.ends_with("\n\n"), "{}", ctx());
            assert!(
                !wire[..wire.len() - 2].contains("\n\n"),
                "an empty line inside: {}",
                ctx()
            );
            if let Some(id) = &r.id {
                assert!(wire[1..].starts_with(id.as_str()), "{}", ctx());
            }
        }
    }
    let board = engine.game().board();
    board.check_consistency().unwrap_or_else(|e| panic!("{e}: {}", ctx()));
}
