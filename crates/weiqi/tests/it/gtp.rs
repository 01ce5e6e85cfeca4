//! `weiqi gtp` as a controller sees it: a child process spoken to over pipes, by this test
//! and by GNU Go through a small referee loop.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A GTP engine running as a child process.
struct Engine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn spawn(program: &str, args: &[&str]) -> Engine {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        Engine {
            name: program.rsplit('/').next().unwrap_or(program).to_string(),
            child,
            stdin,
            stdout,
        }
    }

    fn weiqi(args: &[&str]) -> Engine {
        let mut all = vec!["gtp"];
        all.extend_from_slice(args);
        Engine::spawn(env!("CARGO_BIN_EXE_weiqi"), &all)
    }

    /// Sends raw bytes and reads one reply: everything up to and including the empty line.
    fn raw(&mut self, line: &str) -> String {
        self.stdin.write_all(line.as_bytes()).expect("engine reads stdin");
        self.stdin.flush().expect("engine reads stdin");
        self.read_reply()
    }

    fn read_reply(&mut self) -> String {
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("engine writes stdout");
            assert!(
                n > 0,
                "{} closed its output in the middle of a reply: {reply:?}",
                self.name
            );
            reply.push_str(&line);
            if line == "\n" && reply.len() > 1 {
                return reply;
            }
        }
    }

    /// Sends a command and returns the reply text, or the error message.
    fn send(&mut self, command: &str) -> Result<String, String> {
        let reply = self.raw(&format!("{command}\n"));
        let text = reply[1..].trim().to_string();
        match reply.as_bytes()[0] {
            b'=' => Ok(text),
            b'?' => Err(text),
            _ => panic!("{}: {command:?} got a reply that is not GTP: {reply:?}", self.name),
        }
    }

    fn ok(&mut self, command: &str) -> String {
        self.send(command)
            .unwrap_or_else(|e| panic!("{}: {command:?} failed: {e}", self.name))
    }

    /// Sends `quit` and waits for the process to end; returns its exit status.
    fn quit(mut self) -> std::process::ExitStatus {
        self.ok("quit");
        self.child.wait().expect("engine exits")
    }
}

#[test]
fn weiqi_gtp_talks_gtp_over_pipes() {
    let mut e = Engine::weiqi(&[
        "--size",
        "9",
        "--komi",
        "6.5",
        "--ko",
        "positional",
        "--cycle",
        "draw",
        "--seed",
        "4",
    ]);
    assert_eq!(e.raw("1 protocol_version\r\n"), "=1 2\n\n");
    assert_eq!(
        e.raw("# a comment, then an empty line, get no reply\n\n2 name\n"),
        "=2 weiqi (sparring partner: a plain legal player, not an AI)\n\n"
    );
    assert_eq!(e.raw("not gtp at all\n"), "? unknown command\n\n");
    assert_eq!(e.raw("\u{1}\t3 play b E5\n"), "=3\n\n");
    assert_eq!(e.send("play w E5"), Err("illegal move: occupied point".to_string()));
    let board = e.ok("showboard");
    assert!(
        board.starts_with("9x9, komi 6.5, ko positional, cycles draw, handicap 0; move 1, white to move"),
        "{board}"
    );
    // The seed makes the sparring partner repeatable: two engines, the same moves.
    let mut twin = Engine::weiqi(&["--size", "9", "--seed", "4"]);
    twin.ok("play b E5");
    for color in ["w", "b", "w", "b"] {
        let mv = e.ok(&format!("genmove {color}"));
        assert_eq!(twin.ok(&format!("genmove {color}")), mv);
    }
    assert!(e.quit().success());
    assert!(twin.quit().success());
}

#[test]
fn weiqi_gtp_ends_at_the_end_of_input() {
    let mut e = Engine::weiqi(&[]);
    assert_eq!(e.ok("boardsize 13"), "");
    drop(e.stdin);
    let status = e.child.wait().expect("engine exits");
    assert!(status.success());
}

#[test]
fn weiqi_gtp_rejects_bad_flags() {
    for args in [
        ["--size", "26"],
        ["--komi", "7.25"],
        ["--ko", "japanese"],
        ["--cycle", "maybe"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
            .arg("gtp")
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("weiqi runs");
        assert!(!out.status.success(), "{args:?} was accepted");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(args[0]) || err.contains(args[1]), "{args:?}: {err}");
    }
}

/// Art. 11: `weiqi gtp` refuses a komi beyond the board's N² points, from the flag and from
/// the `komi` command, as the server and the referee refuse it.
#[test]
fn weiqi_gtp_refuses_a_komi_beyond_the_board() {
    let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(["gtp", "--size", "9", "--komi", "82"])
        .stdin(Stdio::null())
        .output()
        .expect("weiqi runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--komi: komi of 82 points is beyond the 81 points of a 9×9 board (Art. 11)"),
        "{err}"
    );
    let mut e = Engine::weiqi(&["--size", "9"]);
    let replies = [
        e.send("komi 81"),
        e.send("komi 81.5"),
        e.send("komi -1e4"),
        e.send("boardsize 5"),
        e.send("komi 0"),
        e.send("boardsize 5"),
    ];
    assert_eq!(
        replies,
        [
            Ok(String::new()),
            Err("komi too large: komi of 81.5 points is beyond the 81 points of a 9×9 board (Art. 11)".into()),
            Err("komi too large: komi of -10000 points is beyond the 81 points of a 9×9 board (Art. 11)".into()),
            Err("unacceptable size: komi of 81 points is beyond the 25 points of a 5×5 board (Art. 11): send a smaller komi first".into()),
            Ok(String::new()),
            Ok(String::new()),
        ]
    );
    assert!(e.quit().success());
}

const GNUGO: &str = "/usr/games/gnugo";

/// Plays a whole game between `black` and `white` (genmove on one side, play on the
/// other) until two passes in a row; returns the moves. Any refusal fails the test.
fn referee(black: &mut Engine, white: &mut Engine, limit: usize) -> Vec<String> {
    let mut moves = Vec::new();
    let mut passes = 0;
    let mut color = "b";
    while passes < 2 {
        assert!(moves.len() < limit, "no end after {limit} moves: {moves:?}");
        let (mover, other) = if color == "b" {
            (&mut *black, &mut *white)
        } else {
            (&mut *white, &mut *black)
        };
        let mv = mover.ok(&format!("genmove {color}")).to_ascii_uppercase();
        assert_ne!(mv, "RESIGN", "{} resigned", mover.name);
        if let Err(e) = other.send(&format!("play {color} {mv}")) {
            panic!(
                "{} refused {}'s move {} {mv} after {moves:?}: {e}",
                other.name, mover.name, color
            );
        }
        passes = if mv == "PASS" { passes + 1 } else { 0 };
        moves.push(format!("{color} {mv}"));
        color = if color == "b" { "w" } else { "b" };
    }
    moves
}

fn gnugo(seed: &str) -> Engine {
    assert!(
        std::path::Path::new(GNUGO).exists(),
        "GNU Go is needed: apt-get install -y --no-install-recommends gnugo (cargo xtask setup does it)"
    );
    Engine::spawn(
        GNUGO,
        &[
            "--mode",
            "gtp",
            "--chinese-rules",
            "--situational-superko",
            "--never-resign",
            "--level",
            "0",
            "--seed",
            seed,
        ],
    )
}

#[test]
fn gnu_go_plays_full_games_against_weiqi_gtp() {
    for (seed, weiqi_black) in [("1", true), ("2", false), ("3", true), ("4", false)] {
        let mut weiqi = Engine::weiqi(&["--size", "9", "--seed", seed]);
        let mut gnu = gnugo(seed);
        for e in [&mut weiqi, &mut gnu] {
            e.ok("boardsize 9");
            e.ok("clear_board");
            e.ok("komi 7.5");
        }
        let moves = if weiqi_black {
            referee(&mut weiqi, &mut gnu, 1000)
        } else {
            referee(&mut gnu, &mut weiqi, 1000)
        };
        assert!(moves.len() >= 2);
        // Both count the final position. Play stops only when the sparring partner has
        // no move left but its own eyes, so the board is settled and the counts must agree.
        let mut scores = Vec::new();
        for e in [&mut weiqi, &mut gnu] {
            let score = e.ok("final_score");
            assert!(
                score == "0" || score.starts_with("B+") || score.starts_with("W+"),
                "{}: final_score {score:?}",
                e.name
            );
            scores.push(score);
        }
        assert_eq!(
            scores[0], scores[1],
            "weiqi and GNU Go count differently after {moves:?}"
        );
        assert!(weiqi.quit().success());
        assert!(gnu.quit().success());
    }
}
