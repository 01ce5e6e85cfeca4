//! `weiqi check`, `weiqi score` and `weiqi show`, run as a user runs them.

use expect_test::{Expect, expect};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Writes `files` (name, SGF text) into a fresh folder and returns it.
fn folder(test: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weiqi-records-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    dir
}

/// Runs weiqi in `dir` and returns the exit status, stdout and stderr as one transcript.
fn weiqi(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    let mut s = format!("exit {}\n", out.status.code().unwrap_or(-1));
    s += &String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    if !err.is_empty() {
        s += "stderr:\n";
        s += &err;
    }
    s
}

fn check(dir: &Path, args: &[&str], expect: Expect) {
    expect.assert_eq(&weiqi(dir, args));
}

const OK: &str = "(;FF[4]SZ[9]KM[7.5];B[ee];W[cc];B[gg];W[];B[])";
const OCCUPIED: &str = "(;FF[4]SZ[9];B[ee];W[ee])";
const SUICIDE: &str = "(;FF[4]SZ[9];B[ba];W[ee];B[ab];W[aa])";
const KO: &str = "(;FF[4]SZ[5]AB[bb][ac][bd]AW[cb][dc][cd][bc];B[cc];W[bc])";
const TWICE: &str = "(;FF[4]SZ[19];B[pd];W[dd];W[dp])";
const TRUNCATED: &str = "(;FF[4]SZ[19];B[pd];W[d";

#[test]
fn check_reports_the_first_problem_per_file() {
    let dir = folder(
        "check",
        &[
            ("ok.sgf", OK),
            ("occupied.sgf", OCCUPIED),
            ("suicide.sgf", SUICIDE),
            ("ko.sgf", KO),
            ("twice.sgf", TWICE),
            ("truncated.sgf", TRUNCATED),
        ],
    );
    check(
        &dir,
        &["check", "ok.sgf"],
        expect![[r#"
            exit 0
            ok.sgf: ok, 5 moves
        "#]],
    );
    check(
        &dir,
        &["check", "ok.sgf", "occupied.sgf", "suicide.sgf", "ko.sgf", "twice.sgf"],
        expect![[r#"
            exit 1
            ok.sgf: ok, 5 moves
            occupied.sgf: occupied at move 2 (W E5): occupied point
            suicide.sgf: suicide at move 4 (W A9): forbidden point (Art. 5: suicide)
            ko.sgf: repetition at move 2 (W B3): whole-board repetition (Art. 6)
            twice.sgf: not-alternating at move 3 (W D4): the same colour twice in a row (Art. 17.2)
        "#]],
    );
    check(
        &dir,
        &["check", "--json", "ok.sgf", "twice.sgf", "truncated.sgf", "missing.sgf"],
        expect![[r#"
            exit 2
            {"file":"ok.sgf","ok":true,"moves":5,"move":null,"color":null,"vertex":null,"reason":null,"message":null}
            {"file":"twice.sgf","ok":false,"moves":2,"move":3,"color":"W","vertex":"D4","reason":"not-alternating","message":"the same colour twice in a row (Art. 17.2)"}
            {"file":"truncated.sgf","ok":false,"moves":0,"move":null,"color":null,"vertex":null,"reason":"unreadable","message":"line 1, column 24: the file ends inside the value of W opened at line 1, column 22 (truncated file?)"}
            {"file":"missing.sgf","ok":false,"moves":0,"move":null,"color":null,"vertex":null,"reason":"unreadable","message":"No such file or directory (os error 2)"}
        "#]],
    );
}

#[test]
fn check_finds_the_real_problems_of_goban_original_games() {
    let corpus = Path::new("/usr/share/goban");
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e}: apt-get install -y --no-install-recommends goban-original-games",
                corpus.display()
            )
        })
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .arg("check")
        .arg("--json")
        .args(&files)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let mut found = String::new();
    let mut lines = 0;
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        lines += 1;
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["ok"] == false {
            let file = v["file"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
            found += &format!(
                "{file} {} {} {} {}\n",
                v["reason"].as_str().unwrap(),
                v["move"],
                v["color"].as_str().unwrap(),
                v["vertex"].as_str().unwrap()
            );
        }
    }
    assert_eq!(lines, files.len());
    // Found independently of weiqi, with sgfmill: crates/sgf/tests/data/independent_check.py.
    let expected =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../sgf/tests/data/goban-problems.txt"))
            .unwrap();
    assert_eq!(found, expected);
}

/// A finished 9×9 game: Black owns the left five columns, White the right three, the E
/// column is Black's wall and a white stone lies dead at B2 inside Black's area.
const FINISHED: &str = "(;FF[4]SZ[9]KM[7]PB[Black]PW[White]\
    AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi][bh]\
    ;B[];W[])";

#[test]
fn score_counts_with_dead_stones_and_komi() {
    let dir = folder(
        "score",
        &[
            ("finished.sgf", FINISHED),
            ("occupied.sgf", OCCUPIED),
            (
                "warned.sgf",
                "(;FF[4]SZ[9]KM[7]AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]AW[fa][fb][fc][fd][fe][ff][fg][fh][fi]\
                 ;B[]WQREF[warning:B:17.4:referee::clock pressed early];W[])",
            ),
        ],
    );
    check(
        &dir,
        &["score", "finished.sgf", "--dead", "B2"],
        expect![[r#"
            exit 0
            Dead: B2
              white B2: dead, named dead with --dead (given)
            Black  45 stones: 9 on the board + 36 territory + half of 0 dame
            White  36 stones: 9 on the board + 27 territory + half of 0 dame
            Komi 7 points (3.5 stones); Black needs more than 44 stones
            Result: B+2 (Black wins by 1 stone(s))
        "#]],
    );
    check(
        &dir,
        &["score", "finished.sgf", "--dead", "B2", "--json"],
        expect![[r#"
            exit 0
            {"black":45.0,"white":36.0,"dame":0,"komi":7.0,"margin_stones":1.0,"result":"B+2","dead":["B2"],"handicap":0,"penalties":{"B":0,"W":0},"moves":2,"proposed_by":"given","chains":[{"stones":["B2"],"color":"white","status":"dead","reason":"given","why":"named dead with --dead"}]}
        "#]],
    );
    check(
        &dir,
        &["score", "finished.sgf", "--dead=B2", "--komi", "-2.5", "--json"],
        expect![[r#"
            exit 0
            {"black":45.0,"white":36.0,"dame":0,"komi":-2.5,"margin_stones":5.75,"result":"B+11.5","dead":["B2"],"handicap":0,"penalties":{"B":0,"W":0},"moves":2,"proposed_by":"given","chains":[{"stones":["B2"],"color":"white","status":"dead","reason":"given","why":"named dead with --dead"}]}
        "#]],
    );
    check(
        &dir,
        &["score", "finished.sgf", "--json"],
        expect![[r#"
            exit 0
            {"black":26.5,"white":54.5,"dame":35,"komi":7.0,"margin_stones":17.5,"result":"W+35","dead":[],"handicap":0,"penalties":{"B":0,"W":0},"moves":2,"proposed_by":"given","chains":[]}
        "#]],
    );
    check(
        &dir,
        &["score", "warned.sgf", "--json"],
        expect![[r#"
            exit 0
            {"black":44.0,"white":37.0,"dame":0,"komi":7.0,"margin_stones":0.0,"result":"0","dead":[],"handicap":0,"penalties":{"B":1,"W":0},"moves":2,"proposed_by":"given","chains":[]}
        "#]],
    );
    check(
        &dir,
        &["score", "finished.sgf", "--dead", "A1"],
        expect![[r#"
        exit 2
        stderr:
        weiqi: --dead A1: there is no stone on A1
    "#]],
    );
    check(
        &dir,
        &["score", "occupied.sgf"],
        expect![[r#"
        exit 1
        stderr:
        weiqi: occupied.sgf: move 2 (W E5) breaks a rule: occupied point; count an earlier position with --move 1
    "#]],
    );
}

#[test]
fn score_propose_uses_the_engines_proposal() {
    let dir = folder("propose", &[("finished.sgf", FINISHED)]);
    let out = weiqi(&dir, &["score", "finished.sgf", "--propose", "--json"]);
    assert!(out.starts_with("exit 0\n"), "{out}");
    let v: serde_json::Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
    // Whatever the proposal, the counts add up to the board and the result follows them.
    let (b, w) = (v["black"].as_f64().unwrap(), v["white"].as_f64().unwrap());
    assert_eq!(b + w, 81.0, "{out}");
    let margin = b - (40.5 + 3.5);
    assert_eq!(v["margin_stones"].as_f64().unwrap(), margin.abs(), "{out}");
}

#[test]
fn show_prints_the_board_and_draws_it() {
    let dir = folder("show", &[("game.sgf", OK), ("big.sgf", TWICE)]);
    check(
        &dir,
        &["show", "game.sgf", "--move", "3"],
        expect![[r#"
        exit 0
        Black: ?   White: ?
        Move 3, last B G3; white to play; captured: black 0, white 0
            A B C D E F G H J
         9  . . . . . . . . . 9 
         8  . . . . . . . . . 8 
         7  . . O . . . + . . 7 
         6  . . . . . . . . . 6 
         5  . . . . X . . . . 5 
         4  . . . . . . . . . 4 
         3  . . + . . .(X). . 3 
         2  . . . . . . . . . 2 
         1  . . . . . . . . . 1 
            A B C D E F G H J
    "#]],
    );
    check(
        &dir,
        &["show", "big.sgf"],
        expect![[r#"
        exit 1
        Black: ?   White: ?
        Move 2, last W D16; black to play; captured: black 0, white 0
            A B C D E F G H J K L M N O P Q R S T
        19  . . . . . . . . . . . . . . . . . . . 19
        18  . . . . . . . . . . . . . . . . . . . 18
        17  . . . . . . . . . . . . . . . . . . . 17
        16  . . .(O). . . . . + . . . . . X . . . 16
        15  . . . . . . . . . . . . . . . . . . . 15
        14  . . . . . . . . . . . . . . . . . . . 14
        13  . . . . . . . . . . . . . . . . . . . 13
        12  . . . . . . . . . . . . . . . . . . . 12
        11  . . . . . . . . . . . . . . . . . . . 11
        10  . . . + . . . . . + . . . . . + . . . 10
         9  . . . . . . . . . . . . . . . . . . . 9 
         8  . . . . . . . . . . . . . . . . . . . 8 
         7  . . . . . . . . . . . . . . . . . . . 7 
         6  . . . . . . . . . . . . . . . . . . . 6 
         5  . . . . . . . . . . . . . . . . . . . 5 
         4  . . . + . . . . . + . . . . . + . . . 4 
         3  . . . . . . . . . . . . . . . . . . . 3 
         2  . . . . . . . . . . . . . . . . . . . 2 
         1  . . . . . . . . . . . . . . . . . . . 1 
            A B C D E F G H J K L M N O P Q R S T
        stderr:
        weiqi: big.sgf: move 3 (W D4) breaks a rule: the same colour twice in a row (Art. 17.2); showing the position before it
    "#]],
    );
    let out = weiqi(&dir, &["show", "big.sgf", "--move", "2", "--svg", "board.svg"]);
    assert_eq!(out, "exit 0\n");
    let svg = std::fs::read_to_string(dir.join("board.svg")).unwrap();
    // Art. 1: cells 2.3 wide and 2.4 tall, on a 19×19 grid with 30 of margin.
    assert!(svg.contains(r#"viewBox="0 0 474 492""#), "{svg}");
    assert!(svg.contains(r#"<line x1="30" y1="54" x2="444" y2="54"/>"#), "{svg}");
    assert!(svg.contains(r#"<line x1="53" y1="30" x2="53" y2="462"/>"#), "{svg}");
    // The nine star points, two stones, the last move (W D16) marked.
    assert_eq!(svg.matches(r##"r="2.2" fill="#000""##).count(), 9, "{svg}");
    assert_eq!(svg.matches(r#"r="11.25""#).count(), 2, "{svg}");
    assert!(svg.contains(r#"class="last-move" cx="99" cy="102""#), "{svg}");
}

/// `--scorer CMD`: a GTP engine proposes the dead stones (here weiqi's own GTP engine, which
/// finds White's B2 dead in Black's area), and the JSON says who proposed; a scorer that
/// cannot be started leaves the built-in proposal, which says so too.
#[test]
fn score_asks_an_external_scorer_and_falls_back_to_the_builtin_proposal() {
    let dir = folder("scorer", &[("finished.sgf", FINISHED)]);
    let scorer = format!("{} gtp", env!("CARGO_BIN_EXE_weiqi"));
    let out = weiqi(&dir, &["score", "finished.sgf", "--scorer", &scorer, "--json"]);
    let json: serde_json::Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
    assert_eq!(json["dead"], serde_json::json!(["B2"]), "{out}");
    assert!(
        json["proposed_by"].as_str().unwrap().starts_with("scorer weiqi"),
        "{out}"
    );
    let out = weiqi(
        &dir,
        &["score", "finished.sgf", "--scorer", "/nonexistent/scorer", "--json"],
    );
    let json: serde_json::Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
    assert_eq!(json["dead"], serde_json::json!(["B2"]), "{out}");
    let by = json["proposed_by"].as_str().unwrap();
    assert!(by.starts_with("builtin (scorer failed: "), "{by}");
    assert!(out.contains("the built-in proposal is used"), "{out}");
    let out = weiqi(&dir, &["score", "finished.sgf", "--propose", "--json"]);
    assert!(out.contains("\"proposed_by\":\"builtin\""), "{out}");
}

/// `--propose` lists the chains it proposes dead (or seki, or is unsure of) with the reason;
/// a scorer's dead chains are listed as the scorer's, chains named with `--dead` as given.
#[test]
fn score_lists_each_proposed_chain_with_its_reason() {
    let dir = folder("chains", &[("finished.sgf", FINISHED)]);
    let chains = |args: &[&str]| -> serde_json::Value {
        let out = weiqi(&dir, args);
        assert!(out.starts_with("exit 0\n"), "{out}");
        let json: serde_json::Value = serde_json::from_str(out.lines().nth(1).unwrap()).unwrap();
        json["chains"].clone()
    };
    expect![[r#"[{"color":"white","reason":"invader","status":"dead","stones":["B2"],"why":"an eyeless invader of enclosed territory"}]"#]]
    .assert_eq(&chains(&["score", "finished.sgf", "--propose", "--json"]).to_string());
    let fake = concat!(env!("CARGO_MANIFEST_DIR"), "/../arena/tests/data/fake_gtp.py");
    // The scorer names one stone of White's wall (and not B2): the wall's whole chain is listed,
    // as the scorer's, and the built-in proposal's dead B2 is not.
    let scorer = format!("python3 {fake} --name fake-scorer --dead F5");
    expect![[r#"[{"color":"white","reason":"scorer","status":"dead","stones":["F9","F8","F7","F6","F5","F4","F3","F2","F1"],"why":"proposed dead by the scorer fake-scorer"}]"#]]
    .assert_eq(&chains(&["score", "finished.sgf", "--scorer", &scorer, "--json"]).to_string());
    expect![[r#"[{"color":"white","reason":"given","status":"dead","stones":["B2"],"why":"named dead with --dead"}]"#]]
        .assert_eq(&chains(&["score", "finished.sgf", "--dead", "B2", "--json"]).to_string());
    check(
        &dir,
        &["score", "finished.sgf", "--scorer", ""],
        expect![[r#"
            exit 2
            stderr:
            weiqi: --scorer "": the command line is empty
        "#]],
    );
    // The words, one line per chain.
    check(
        &dir,
        &["score", "finished.sgf", "--propose"],
        expect![[r#"
        exit 0
        Proposed dead: B2
          white B2: dead, an eyeless invader of enclosed territory (invader)
        Black  45 stones: 9 on the board + 36 territory + half of 0 dame
        White  36 stones: 9 on the board + 27 territory + half of 0 dame
        Komi 7 points (3.5 stones); Black needs more than 44 stones
        Result: B+2 (Black wins by 1 stone(s))
    "#]],
    );
}
