//! Debian's goban-original-games: 596 professional title games, FF[1]–FF[4], `.sgf` and
//! `.mgt`. Every file must parse, and replaying must find exactly the problems an
//! independent check (tests/data/independent_check.py, on sgfmill) finds.

use std::path::PathBuf;

pub const CORPUS: &str = "/usr/share/goban";

/// The corpus files, sorted; fails with the install command when it is missing.
pub fn corpus_files() -> Vec<PathBuf> {
    let dir = std::fs::read_dir(CORPUS).unwrap_or_else(|e| {
        panic!(
            "{CORPUS}: {e}. These tests need Debian's game corpus: \
             apt-get install -y --no-install-recommends goban-original-games"
        )
    });
    let mut files: Vec<PathBuf> = dir.map(|e| e.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), 596, "goban-original-games should hold 596 records");
    files
}

#[test]
fn every_file_parses_and_the_problems_are_the_real_ones() {
    let expected =
        std::fs::read_to_string(format!("{}/tests/data/goban-problems.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut found = String::new();
    for path in corpus_files() {
        let bytes = std::fs::read(&path).unwrap();
        let record = sgf::parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let replay = record.replay(record.rules(), None);
        if let Some(p) = replay.problem {
            let vertex = p.mv.gtp(record.size);
            found += &format!(
                "{} {} {} {} {}\n",
                path.file_name().unwrap().to_string_lossy(),
                p.kind.code(),
                p.number,
                p.color.letter(),
                vertex
            );
        }
    }
    assert_eq!(found, expected);
}

#[test]
fn writing_the_corpus_keeps_every_game() {
    for path in corpus_files() {
        let record = sgf::parse(&std::fs::read(&path).unwrap()).unwrap();
        let text = sgf::write(&record);
        let back = sgf::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{}: {e}\n{text}", path.display()));
        assert_eq!(back.info, record.info, "{}", path.display());
        assert_eq!(back.moves(), record.moves(), "{}", path.display());
        assert_eq!(back.n_nodes(), record.n_nodes(), "{}", path.display());
        assert_eq!(sgf::write(&back), text, "{}: writing is not stable", path.display());
    }
}
