//! `weiqi match` as users run it: GNU Go against GNU Go and against `weiqi gtp`, each
//! finished game's count checked against GNU Go's `final_score` of the record, and the
//! command's refusals of bad flags.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const GNUGO: &str = "/usr/games/gnugo";

pub(super) fn gnugo(seed: u32) -> String {
    assert!(
        Path::new(GNUGO).exists(),
        "GNU Go is needed: apt-get install -y --no-install-recommends gnugo (cargo xtask setup does it)"
    );
    format!("{GNUGO} --mode gtp --level 0 --seed {seed} --chinese-rules")
}

pub(super) fn scratch(name: &str) -> PathBuf {
    testkit::scratch("match", name)
}

fn weiqi_match(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .arg("match")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("weiqi runs")
}

/// GNU Go's count of the final position of `sgf` (`loadsgf`, then `final_score`).
pub(super) fn gnu_go_score(sgf: &Path) -> String {
    let mut child = Command::new(GNUGO)
        .args(["--mode", "gtp", "--chinese-rules"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("GNU Go starts");
    let script = format!("loadsgf {}\nfinal_score\nquit\n", sgf.display());
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(script.as_bytes())
        .expect("GNU Go reads");
    let out = child.wait_with_output().expect("GNU Go answers");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let replies: Vec<&str> = text.split("\n\n").map(str::trim).filter(|r| !r.is_empty()).collect();
    assert!(replies.len() >= 2 && replies[0].starts_with('='), "GNU Go: {text}");
    replies[1].trim_start_matches('=').trim().to_string()
}

/// Runs a match with `--json` and checks what every match must satisfy: one result per
/// game, names as the engines give them, wins that add up, a record per game whose `RE` is
/// the result, and, for each game decided by counting, GNU Go's count of the same final
/// position. Returns the JSON.
fn check_match(name: &str, args: &[&str], games: usize) -> serde_json::Value {
    let dir = scratch(name);
    let dir_arg = dir.display().to_string();
    let mut all = args.to_vec();
    all.extend(["--sgf-dir", &dir_arg, "--json"]);
    let out = weiqi_match(&all);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "weiqi match failed: {stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("--json prints JSON");
    assert_eq!(json["games"], games);
    let results = json["results"].as_array().expect("results");
    assert_eq!(results.len(), games);
    let wins = json["wins"].as_object().expect("wins");
    assert_eq!(wins.len(), 2, "{json}");
    let decided = results
        .iter()
        .filter(|r| {
            r["result"]
                .as_str()
                .is_some_and(|s| s.starts_with("B+") || s.starts_with("W+"))
        })
        .count() as u64;
    assert_eq!(wins.values().map(|v| v.as_u64().unwrap()).sum::<u64>(), decided);
    let mut counted = 0;
    for (i, r) in results.iter().enumerate() {
        assert_eq!(r["game"], i + 1);
        for colour in ["black", "white"] {
            assert!(wins.contains_key(r[colour].as_str().unwrap()), "{r}");
        }
        let result = r["result"].as_str().unwrap();
        let sgf = PathBuf::from(r["sgf"].as_str().expect("a record per game"));
        let text = std::fs::read_to_string(&sgf).expect("the record exists");
        assert!(text.contains("RU[Chinese]") && text.contains("KM[7.5]"), "{text}");
        assert!(text.contains(&format!("RE[{result}]")), "{text}");
        let by_count = result.len() > 2 && result[2..].parse::<f64>().is_ok();
        // A counted game says who named its dead stones; GNU Go names them itself.
        if by_count {
            assert_eq!(r["proposed_by"], "engines", "{r}");
        }
        if by_count && r["reason"].is_null() {
            assert_eq!(gnu_go_score(&sgf), result, "GNU Go counts {} otherwise", sgf.display());
            counted += 1;
        }
    }
    assert!(counted > 0, "no game was counted: {json}");
    json
}

#[test]
fn gnu_go_against_gnu_go_alternating_colours() {
    let (a, b) = (gnugo(1), gnugo(2));
    let json = check_match(
        "gnugo-gnugo",
        &[
            "--black",
            &a,
            "--white",
            &b,
            "--size",
            "9",
            "--games",
            "2",
            "--alternate",
        ],
        2,
    );
    // Equal names are told apart; the colours alternate.
    let r = &json["results"];
    assert_eq!(
        (r[0]["black"].as_str(), r[0]["white"].as_str()),
        (Some("GNU Go"), Some("GNU Go#2"))
    );
    assert_eq!(
        (r[1]["black"].as_str(), r[1]["white"].as_str()),
        (Some("GNU Go#2"), Some("GNU Go"))
    );
}

#[test]
fn gnu_go_against_weiqi_gtp_two_games_at_once_on_the_clock() {
    let weiqi = format!("{} gtp --seed 5", env!("CARGO_BIN_EXE_weiqi"));
    let a = gnugo(3);
    let json = check_match(
        "gnugo-weiqi",
        &[
            "--black",
            &a,
            "--white",
            &weiqi,
            "--size",
            "9",
            "--games",
            "2",
            "--alternate",
            "--parallel",
            "2",
            "--time",
            "3s+3x1s",
        ],
        2,
    );
    let names: Vec<&String> = json["wins"].as_object().unwrap().keys().collect();
    assert!(names.iter().any(|n| n.starts_with("weiqi")), "{names:?}");
}

#[test]
fn the_summary_gives_wins_by_colour_elo_length_and_time() {
    let (a, b) = (gnugo(4), gnugo(5));
    let out = weiqi_match(&["--black", &a, "--white", &b, "--size", "9", "--games", "1"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("game 1: GNU Go (B) – GNU Go#2 (W): "), "{text}");
    assert_eq!(lines[1], "1 games of 1 on 9x9, komi 7.5, time none", "{text}");
    assert!(
        lines[2].starts_with("GNU Go    ") && lines[2].contains("with Black, 0 of 0 with White"),
        "{text}"
    );
    assert!(
        lines[3].starts_with("GNU Go#2  ") && lines[3].contains("0 of 0 with Black"),
        "{text}"
    );
    assert!(lines[4].starts_with("Elo difference (GNU Go − GNU Go#2): "), "{text}");
    assert!(
        lines[5].starts_with("average length: ") && lines[5].ends_with(" moves"),
        "{text}"
    );
    assert!(lines[6].starts_with("time used: GNU Go "), "{text}");
}

#[test]
fn bad_flags_and_engines_that_cannot_start_are_clear_errors() {
    let gnu = gnugo(1);
    for (args, needle) in [
        (vec!["--black", &gnu, "--white", &gnu, "--time", "10q"], "--time"),
        (vec!["--black", "", "--white", &gnu], "--black"),
        (vec!["--black", &gnu, "--white", "'unclosed"], "--white"),
        (vec!["--black", &gnu, "--white", &gnu, "--games", "0"], "--games"),
        (vec!["--black", &gnu, "--white", &gnu, "--size", "26"], "--size"),
        // Art. 11: the komi the server and the referee refuse.
        (
            vec!["--black", &gnu, "--white", &gnu, "--size", "9", "--komi", "81.5"],
            "--komi: komi of 81.5 points is beyond the 81 points of a 9×9 board (Art. 11)",
        ),
        (
            vec!["--black", "/nonexistent/engine --gtp", "--white", &gnu],
            "engine 1 (/nonexistent/engine --gtp): cannot start",
        ),
        (
            vec!["--black", &gnu, "--white", &gnu, "--scorer", ""],
            "--scorer \"\": the command line is empty",
        ),
        (
            vec![
                "--black",
                &gnu,
                "--white",
                &gnu,
                "--scorer",
                &gnu,
                "--scorer-timeout",
                "0",
            ],
            "--scorer-timeout 0: the scorer needs at least one second",
        ),
    ] {
        let out = weiqi_match(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?} was accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn ctrl_c_keeps_the_finished_games() {
    // Game 1 is two passes; in game 2 White's first genmove (its second overall) takes a
    // minute, during which the match is interrupted.
    let fake = concat!(env!("CARGO_MANIFEST_DIR"), "/../arena/tests/data/fake_gtp.py");
    let black = format!("python3 {fake} --name fake-b --moves pass,pass,pass");
    let white = format!("python3 {fake} --name fake-w --moves pass --slow-at 2:60");
    let dir = scratch("ctrl-c");
    let child = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args([
            "match", "--black", &black, "--white", &white, "--size", "9", "--games", "3",
        ])
        .args(["--sgf-dir", &dir.display().to_string(), "--json"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("weiqi runs");
    // A wait on observable state: game 1's record, written as it ends.
    let first = dir.join("game-001.sgf");
    testkit::until("game 1's record", || first.exists());
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("weiqi ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted after 1 of 3 games"), "{stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("--json prints JSON");
    assert_eq!(json["games"], 1);
    assert_eq!(json["results"][0]["result"], "W+7.5");
    assert!(!dir.join("game-002.sgf").exists());
}

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../arena/tests/data/fake_gtp.py");

/// `weiqi match --json` of one game between fakes without `final_status_list` (Black
/// surrounds White's E5) and the scorer `scorer`: the JSON's one result and the record.
fn silent_engines_with_scorer(name: &str, scorer: &str) -> (serde_json::Value, String) {
    let dir = scratch(name);
    let black = format!("python3 {FAKE} --name fake-b --moves D5,F5,E4 --no-final-status");
    let white = format!("python3 {FAKE} --name fake-w --moves E5 --no-final-status");
    let out = weiqi_match(&[
        "--black",
        &black,
        "--white",
        &white,
        "--size",
        "9",
        "--scorer",
        scorer,
        "--sgf-dir",
        &dir.display().to_string(),
        "--json",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("--json prints JSON");
    let record = std::fs::read_to_string(dir.join("game-001.sgf")).expect("the record");
    (json["results"][0].clone(), record)
}

#[test]
fn the_scorer_names_the_dead_stones_when_neither_engine_can() {
    let scorer = format!("python3 {FAKE} --name fake-scorer --dead E5");
    let (game, record) = silent_engines_with_scorer("scorer", &scorer);
    assert_eq!(game["proposed_by"], "scorer fake-scorer", "{game}");
    assert_eq!(game["result"], "B+73.5", "{game}");
    assert!(
        record.contains("Dead stones proposed by the scorer fake-scorer."),
        "{record}"
    );
}

#[test]
fn a_scorer_that_cannot_start_leaves_the_dead_stones_to_the_builtin_proposal() {
    let (game, record) = silent_engines_with_scorer("scorer-missing", "/nonexistent/scorer --mode gtp");
    let by = game["proposed_by"].as_str().expect("proposed_by");
    assert!(by.starts_with("builtin (scorer failed: cannot start"), "{game}");
    // The built-in proposal reads White's lone stone in atari as dead.
    assert_eq!(game["result"], "B+73.5", "{game}");
    assert!(
        record.contains("Dead stones proposed by the built-in proposal (the scorer failed: cannot start"),
        "{record}"
    );
}

#[test]
fn the_summary_line_names_who_proposed_the_dead_stones() {
    let black = format!("python3 {FAKE} --name fake-b --moves D5,F5,E4 --no-final-status");
    let white = format!("python3 {FAKE} --name fake-w --moves E5 --no-final-status");
    let scorer = format!("python3 {FAKE} --name fake-scorer --dead E5");
    let out = weiqi_match(&["--black", &black, "--white", &white, "--size", "9", "--scorer", &scorer]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        text.lines().next(),
        Some("game 1: fake-b (B) – fake-w (W): B+73.5, 7 moves, dead stones proposed by the scorer fake-scorer"),
        "{text}"
    );
}
