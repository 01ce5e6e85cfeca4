//! `printsgf FILE` then `loadsgf FILE` gives back the same game: board, history, komi,
//! handicap, end.

use gtp::{Engine, Settings};

fn ok(engine: &mut Engine, command: &str) -> String {
    let reply = engine.handle(command).expect("a command gets a reply");
    match reply.outcome {
        Ok(text) => text,
        Err(e) => panic!("{command}: {e}"),
    }
}

#[test]
fn printsgf_then_loadsgf_is_the_same_game() {
    let dir = std::env::temp_dir().join(format!("weiqi-gtp-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for (seed, size, handicap) in [(1u64, 9u8, 0u32), (2, 9, 3), (3, 13, 5), (4, 5, 0), (5, 19, 9)] {
        let mut a = Engine::new(Settings {
            seed,
            ..Settings::default()
        });
        ok(&mut a, &format!("boardsize {size}"));
        ok(&mut a, "komi 5.5");
        if handicap > 0 {
            ok(&mut a, &format!("fixed_handicap {handicap}"));
        }
        // A whole sparring game, to its two passes.
        let mut color = if handicap > 0 { "w" } else { "b" };
        let mut moves = 0;
        while a.game().end().is_none() && moves < 2000 {
            ok(&mut a, &format!("genmove {color}"));
            color = if color == "b" { "w" } else { "b" };
            moves += 1;
        }
        assert!(a.game().end().is_some(), "seed {seed}: no end after {moves} moves");
        let file = dir.join(format!("game-{seed}.sgf"));
        let path = file.to_str().expect("a UTF-8 temp path");
        assert_eq!(ok(&mut a, &format!("printsgf {path}")), "");
        let mut b = Engine::new(Settings::default());
        assert_eq!(ok(&mut b, &format!("loadsgf {path}")), "");
        assert_eq!(ok(&mut b, "showboard"), ok(&mut a, "showboard"), "seed {seed}");
        assert_eq!(ok(&mut b, "printsgf"), ok(&mut a, "printsgf"), "seed {seed}");
        assert_eq!(b.game().history(), a.game().history(), "seed {seed}");
        assert_eq!(b.game().start(), a.game().start(), "seed {seed}");
        assert_eq!(b.game().end(), a.game().end(), "seed {seed}");
        assert_eq!(ok(&mut b, "final_score"), ok(&mut a, "final_score"), "seed {seed}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn printsgf_to_a_file_that_cannot_be_written_fails_cleanly() {
    let mut e = Engine::new(Settings::default());
    let reply = e.handle("printsgf /nonexistent-dir/x/y.sgf").expect("a reply");
    let err = reply.outcome.expect_err("no such directory");
    assert!(err.starts_with("cannot save file: /nonexistent-dir/x/y.sgf: "), "{err}");
}
