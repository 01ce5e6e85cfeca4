//! `weiqi league`: engine tournaments paired by the tournament crate, played by the arena
//! and stored as events, so that `weiqi event standings` shows them.

use super::match_cmd::{gnu_go_score, gnugo, scratch};
use expect_test::expect;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../arena/tests/data/fake_gtp.py");

fn weiqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(args)
        .env_remove("WEIQI_DB")
        .stdin(Stdio::null())
        .output()
        .expect("weiqi runs")
}

fn ok(out: &Output) -> String {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).to_string()
}

#[test]
fn a_round_robin_of_gnu_go_weiqi_gtp_and_an_engine_that_crashes_is_an_event() {
    let dir = scratch("league-rr");
    let db = dir.join("weiqi.db").display().to_string();
    let sgf_dir = dir.join("sgf");
    let sgf_arg = sgf_dir.display().to_string();
    let gnu = format!("GNU={}", gnugo(7));
    let sparring = format!("sparring={} gtp --seed 7", env!("CARGO_BIN_EXE_weiqi"));
    let crash = format!("crash=python3 {FAKE} --crash-at 1");
    let out = weiqi(&[
        "league",
        "--db",
        &db,
        "--event",
        "rr",
        "--engine",
        &gnu,
        "--engine",
        &sparring,
        "--engine",
        &crash,
        "--system",
        "round-robin",
        "--size",
        "9",
        "--sgf-dir",
        &sgf_arg,
        "--time",
        "5s+3x1s",
    ]);
    let text = ok(&out);
    // Three engines: three rounds of one game and a rest (轮休) each.
    let games: Vec<&str> = text.lines().filter(|l| l.contains(" board ")).collect();
    assert_eq!(games.len(), 3, "{text}");
    assert_eq!(text.lines().filter(|l| l.contains(": rest for ")).count(), 3, "{text}");
    assert_eq!(text.lines().filter(|l| l.contains(": bye for ")).count(), 0, "{text}");
    for line in &games {
        if line.contains("crash") {
            assert!(line.contains("+F") && line.contains("crashed"), "{line}");
        }
    }
    // The event is in the database like any other; its standings add up to 2 points a game
    // (Art. 27.1), a rest scoring nothing.
    let standings = ok(&weiqi(&["event", "--db", &db, "standings", "--event", "rr", "--json"]));
    let json: serde_json::Value = serde_json::from_str(standings.trim()).expect("JSON");
    assert_eq!(json["after_round"], 3);
    let rows = json["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    let points: u64 = rows.iter().map(|r| r["points"].as_u64().unwrap()).sum();
    assert_eq!(points, 2 * 3, "{standings}");
    assert_eq!(rows.last().unwrap()["name"], "crash", "{standings}");
    // The game between the two real engines was counted as GNU Go counts it.
    let real = games.iter().find(|l| !l.contains("crash")).unwrap();
    let (round, board) = round_and_board(real);
    let sgf = sgf_dir.join(format!("r{round}-b{board}.sgf"));
    let result = real.split(": ").nth(2).unwrap().split(',').next().unwrap();
    if result[2..].parse::<f64>().is_ok() {
        assert_eq!(gnu_go_score(&sgf), result, "{}", sgf.display());
    }
}

fn round_and_board(line: &str) -> (u32, u32) {
    let words: Vec<&str> = line.split([' ', ':']).collect();
    (words[1].parse().unwrap(), words[3].parse().unwrap())
}

#[test]
fn a_swiss_league_is_paired_round_by_round_and_forfeits_count() {
    let dir = scratch("league-swiss");
    let db = dir.join("weiqi.db").display().to_string();
    let engine = |name: &str, args: &str| format!("{name}=python3 {FAKE} {args}");
    let (a, b, c, d) = (
        engine("a", "--moves E5"),
        engine("b", ""),
        engine("c", "--garbage-at 1:xx"),
        engine("d", "--moves C3,D4"),
    );
    let out = weiqi(&[
        "league", "--db", &db, "--event", "sw", "--engine", &a, "--engine", &b, "--engine", &c, "--engine", &d,
        "--system", "swiss", "--rounds", "2", "--size", "9",
    ]);
    let text = ok(&out);
    let (first, rest) = text.split_once('\n').unwrap();
    assert_eq!(first, format!("event sw (sw) in {db}"));
    expect![[r#"
        round 1 board 1: a (B) – c (W): B+F, 1 moves (White (c) answered "genmove w" with garbage: "xx")
        round 1 board 2: b (B) – d (W): W+88.5, 6 moves, dead stones named by the engines
        round 2 board 1: d (B) – a (W): W+6.5, 5 moves, dead stones named by the engines
        round 2 board 2: c (B) – b (W): W+F, 0 moves (Black (c) answered "genmove b" with garbage: "xx")
        sw (sw) after round 2; ranked by points, sos, warnings, lots
        place  name  rank  pts  W  D  L  SOS  SODOS  SOSOS  cum  warn
        -----  ----  ----  ---  -  -  -  ---  -----  -----  ---  ----
            1  a       1d    4  2  0  0    2      2     12    6     0
            2  d       1d    2  1  0  1    6      2      4    4     0
            3  b       1d    2  1  0  1    2      0     12    2     0
            4  c       1d    0  0  0  2    6      0      4    0     0
    "#]]
    .assert_eq(rest);
    // The same table from the event command.
    let table = ok(&weiqi(&["event", "--db", &db, "standings", "--event", "sw"]));
    assert!(rest.ends_with(&table), "{table}");
}

#[test]
fn league_flags_are_checked_before_anything_is_stored() {
    let dir = scratch("league-flags");
    let db = dir.join("weiqi.db").display().to_string();
    let e1 = format!("x=python3 {FAKE}");
    let e2 = format!("y=python3 {FAKE}");
    for (args, needle) in [
        (vec!["--engine", &e1, "--system", "round-robin"], "two engines or more"),
        (
            vec!["--engine", "nameless", "--engine", &e2, "--system", "round-robin"],
            "NAME=CMD",
        ),
        (
            vec!["--engine", &e1, "--engine", &e1, "--system", "round-robin"],
            "given twice",
        ),
        (vec!["--engine", &e1, "--engine", &e2, "--system", "swiss"], "--rounds"),
        (
            vec!["--engine", &e1, "--engine", &e2, "--system", "knockout"],
            "round-robin or swiss",
        ),
        (
            vec![
                "--engine", &e1, "--engine", &e2, "--system", "swiss", "--rounds", "1", "--time", "5q",
            ],
            "--time",
        ),
        // Art. 11: the komi the server and the referee refuse.
        (
            vec![
                "--engine", &e1, "--engine", &e2, "--system", "swiss", "--rounds", "1", "--size", "9", "--komi", "-82",
            ],
            "--komi: komi of -82 points is beyond the 81 points of a 9×9 board (Art. 11)",
        ),
        (
            vec![
                "--engine",
                &e1,
                "--engine",
                &e2,
                "--system",
                "round-robin",
                "--scorer",
                " ",
            ],
            "--scorer \" \": the command line is empty",
        ),
        (
            vec![
                "--engine",
                &e1,
                "--engine",
                &e2,
                "--system",
                "round-robin",
                "--scorer",
                "gnugo",
                "--scorer-timeout",
                "0",
            ],
            "--scorer-timeout 0",
        ),
    ] {
        let mut all = vec!["league", "--db", &db, "--event", "f"];
        all.extend(args.iter().copied());
        let out = weiqi(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?} was accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    assert!(!Path::new(&db).exists() || ok(&weiqi(&["event", "--db", &db, "list"])).trim().is_empty());
}

#[test]
fn an_interrupted_league_is_resumed_where_it_stopped() {
    use std::io::{BufRead, BufReader};
    let dir = scratch("league-resume");
    let db = dir.join("weiqi.db").display().to_string();
    let log = dir.join("a.log");
    let slow = format!("a=python3 {FAKE} --slow-at 1:60 --log {}", log.display());
    let quick = format!("a=python3 {FAKE} --moves E5");
    let other = format!("b=python3 {FAKE}");
    let base = [
        "league",
        "--db",
        &db,
        "--event",
        "re",
        "--system",
        "round-robin",
        "--size",
        "9",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(base)
        .args(["--engine", &slow, "--engine", &other])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("weiqi runs");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).expect("the event line");
    assert!(line.starts_with("event re (re) in "), "{line}");
    // The only game is under way once engine a has its first genmove (which it thinks over
    // for a minute): interrupt it then. A wait on observable state: the fake's log.
    testkit::until("engine a's first genmove", || {
        std::fs::read_to_string(&log).is_ok_and(|l| l.lines().any(|c| c.starts_with("genmove")))
    });
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().expect("weiqi ends");
    assert_eq!(out.status.code(), Some(130));
    assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted; 0 games recorded"));
    // Resumed without the engine it names: refused; with it: the game is played.
    let mut args = base.to_vec();
    args.extend(["--resume", "--engine", &other, "--engine", "c=true"]);
    let refused = weiqi(&args);
    assert!(String::from_utf8_lossy(&refused.stderr).contains("has the engine \"a\""));
    let mut args = base.to_vec();
    args.extend(["--resume", "--engine", &quick, "--engine", &other]);
    let text = ok(&weiqi(&args));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0], "round 1 board 1: a (B) – b (W): B+73.5, 3 moves, dead stones named by the engines",
        "{text}"
    );
    assert!(lines[1].starts_with("re (re) after round 1"), "{text}");
}

#[test]
fn a_league_of_engines_that_name_no_dead_stones_asks_the_scorer() {
    let dir = scratch("league-scorer");
    let db = dir.join("weiqi.db").display().to_string();
    let sgf_dir = dir.join("sgf");
    let sgf_arg = sgf_dir.display().to_string();
    // Neither engine has final_status_list: the scorer names White's E5 dead.
    let a = format!("a=python3 {FAKE} --moves D5,F5,E4 --no-final-status");
    let b = format!("b=python3 {FAKE} --moves E5 --no-final-status");
    let scorer = format!("python3 {FAKE} --name fake-scorer --dead E5");
    let text = ok(&weiqi(&[
        "league",
        "--db",
        &db,
        "--event",
        "sc",
        "--engine",
        &a,
        "--engine",
        &b,
        "--system",
        "round-robin",
        "--size",
        "9",
        "--sgf-dir",
        &sgf_arg,
        "--scorer",
        &scorer,
    ]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1], "round 1 board 1: a (B) – b (W): B+73.5, 7 moves, dead stones proposed by the scorer fake-scorer",
        "{text}"
    );
    let record = std::fs::read_to_string(sgf_dir.join("r1-b1.sgf")).expect("the record");
    assert!(
        record.contains("Dead stones proposed by the scorer fake-scorer."),
        "{record}"
    );
}
