//! Scripted engines (`tests/data/fake_gtp.py`) that play illegal moves, crash, hang, run
//! out of time, print garbage and dispute the dead stones: each game must end as the issue
//! and the rules say, and the match must go on.
//!
//! Every match here runs on held time (`Time::held`): its instants stand at zero until a
//! test moves them, so a fake engine that starts slowly on a busy machine neither uses its
//! clock nor hangs, and a test that needs time to pass says how much, and when.

use arena::scorer::Scorer;
use arena::{Limits, MatchReport, MatchSettings, Time, run_match};
use expect_test::{Expect, expect};
use rules::{BoardSize, Rules};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn fake(args: &[&str]) -> Vec<String> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fake_gtp.py");
    let mut argv = vec!["python3".to_string(), script.to_string()];
    argv.extend(args.iter().map(|a| a.to_string()));
    argv
}

/// A fresh directory under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    testkit::scratch("arena", name)
}

struct Case<'a> {
    name: &'a str,
    games: u32,
    time: &'a str,
    grace: Duration,
    black: Vec<String>,
    white: Vec<String>,
    /// The match's time: held at zero.
    time_source: Time,
    /// The external scorer, if any.
    scorer: Option<Scorer>,
    /// The match's interrupt (Ctrl-C), for a test to raise.
    stop: AtomicBool,
}

impl<'a> Case<'a> {
    fn new(name: &'a str, black: &[&str], white: &[&str]) -> Case<'a> {
        let mut b = vec!["--name", "fake-b"];
        b.extend_from_slice(black);
        let mut w = vec!["--name", "fake-w"];
        w.extend_from_slice(white);
        Case {
            name,
            games: 1,
            time: "none",
            grace: Duration::from_secs(2),
            black: fake(&b),
            white: fake(&w),
            time_source: Time::held(clock::Instant(0)),
            scorer: None,
            stop: AtomicBool::new(false),
        }
    }

    /// Runs the match while `meanwhile` (given the match's held time) runs on this thread.
    fn run_while(&self, meanwhile: impl FnOnce(&Time)) -> (MatchReport, PathBuf) {
        std::thread::scope(|scope| {
            let running = scope.spawn(|| self.run());
            meanwhile(&self.time_source);
            running.join().expect("the match runs")
        })
    }

    fn run(&self) -> (MatchReport, PathBuf) {
        let dir = scratch(self.name);
        let settings = MatchSettings {
            engines: [self.black.clone(), self.white.clone()],
            rules: Rules {
                size: BoardSize::new(9).unwrap(),
                ..Rules::CHINESE
            },
            time: self.time.parse().expect("time spec"),
            games: self.games,
            alternate: false,
            parallel: 1,
            sgf_dir: Some(dir.clone()),
            limits: Limits {
                grace: self.grace,
                hang_after: Duration::from_secs(5),
                max_moves: 200,
            },
            event: "test".to_string(),
            time_source: self.time_source.clone(),
            scorer: self.scorer.clone(),
        };
        let report = run_match(&settings, &self.stop, &mut |_| {}, &mut |_, _| {}).expect("the match runs");
        (report, dir)
    }
}

/// Waits until a fake's `--log` shows that it received `command` the `n`-th time: a wait on
/// observable state, the log read again until it shows the command.
fn until_logged(log: &Path, command: &str, n: usize) {
    testkit::until(&format!("{command:?} {n} times in {}", log.display()), || {
        let text = std::fs::read_to_string(log).unwrap_or_default();
        text.lines().filter(|l| *l == command).count() >= n
    });
}

/// Runs the case and describes every game: result, moves, why, and the record's main line
/// (moves, referee notes, comments), which must also be the file written.
fn check(case: Case, expect: Expect) {
    check_report(case.run().0, expect);
}

/// [`check`] of a match already run.
fn check_report(report: MatchReport, expect: Expect) {
    let mut out = String::new();
    for g in &report.games {
        out += &format!(
            "game {}: {} ({}), {} moves\n",
            g.number,
            g.outcome.sgf().as_deref().unwrap_or("no RE"),
            g.outcome,
            g.moves
        );
        if let Some(r) = &g.reason {
            out += &format!("  reason: {r}\n");
        }
        if let Some(by) = &g.game.dead_by {
            out += &format!("  dead stones: {}\n", by.describe());
        }
        let record = &g.game.record;
        let path = g.sgf.as_ref().expect("a record was written");
        let text = std::fs::read_to_string(path).expect("the record is readable");
        let read = sgf::parse(text.as_bytes()).expect("the record parses");
        assert_eq!(read.moves(), record.moves(), "{}", path.display());
        assert_eq!(read.info.result, record.info.result);
        // The record replays under the rules, void moves and lost turns included.
        let replay = read.replay(read.rules(), None);
        assert_eq!(replay.problem, None, "{text}");
        let size = record.size;
        let mut line = Vec::new();
        for id in record.main_line().into_iter().skip(1) {
            let node = record.node(id);
            let mut s = String::new();
            if let Some((c, m)) = node.mv {
                s += &format!("{} {}", c.letter(), m.gtp(size));
            }
            if let Some(c) = node.to_play {
                s += &format!("PL[{}]", c.letter());
            }
            for n in &node.notes {
                s += &format!(" {{{}}}", n.describe(size));
            }
            if let Some(c) = &node.comment {
                s += &format!(" <{c}>");
            }
            line.push(s.trim().to_string());
        }
        out += &format!("  {}\n", line.join("; "));
    }
    expect.assert_eq(&out);
}

#[test]
fn three_forbidden_points_forfeit_the_game() {
    // Art. 19: each is void and costs the turn; the third forfeits.
    check(
        Case::new("suicide", &["--moves", "A2,B1,E5,E6"], &["--moves", "J9,A1,A1,A1"]),
        expect![[r#"
            game 1: B+F (black wins by forfeit), 5 moves
              reason: White (fake-w) made 3 void moves in one game
              B A2; W J9; B B1; {Referee: void move by White at A1 (Art. 19), by the referee} {Referee: White loses a turn (Art. 19), by the referee}; B E5; {Referee: void move by White at A1 (Art. 19), by the referee} {Referee: White loses a turn (Art. 19), by the referee}; B E6; {Referee: void move by White at A1 (Art. 19), by the referee} {Referee: White loses a turn (Art. 19), by the referee} {Referee: adjudication against White (Art. 19), by the chief referee: White (fake-w) made 3 void moves in one game} <Result: B+F (black wins by forfeit).>
        "#]],
    );
}

#[test]
fn a_ko_retaken_at_once_is_void_with_a_warning_and_the_second_warning_loses() {
    // Art. 18.3: void, a lost turn and a warning; Art. 24.2: the second warning loses.
    check(
        Case::new(
            "ko",
            &["--moves", "C4,B3,C2,J9,D3,J8,J7,D3"],
            &["--moves", "D4,E3,D2,C3,C3,C3,J6,C3"],
        ),
        expect![[r#"
            game 1: B+F (black wins by the opponent's second warning), 14 moves
              B C4; W D4; B B3; W E3; B C2; W D2; B J9; W C3; B D3; {Referee: void move by White at C3 (Art. 18.3), by the referee} {Referee: White loses a turn (Art. 18.3), by the referee} {Referee: warning to White (Art. 18.3), by the referee: warning 1 in this game}; B J8; W C3; B J7; W J6; B D3; {Referee: void move by White at C3 (Art. 18.3), by the referee} {Referee: White loses a turn (Art. 18.3), by the referee} {Referee: warning to White (Art. 18.3), by the referee: warning 2 in this game} <Result: B+F (black wins by the opponent's second warning).>
        "#]],
    );
}

#[test]
fn an_engine_that_crashes_forfeits_and_is_restarted_for_the_next_game() {
    let dir = scratch("crash-flag");
    let flag = dir.join("crashed").display().to_string();
    let mut case = Case::new(
        "crash",
        &["--moves", "E5,C3"],
        &["--moves", "G7,pass", "--crash-at", "2", "--crash-once", &flag],
    );
    case.games = 2;
    check(
        case,
        expect![[r#"
            game 1: B+F (black wins by forfeit), 3 moves
              reason: White (fake-w) crashed: the engine exited while answering "genmove w"
              B E5; W G7; B C3 {Referee: adjudication against White (Art. 13.1), by the chief referee: White (fake-w) crashed: the engine exited while answering "genmove w"} <Result: B+F (black wins by forfeit).>
            game 2: W+88.5 (white wins by 44¼ stones (88.5 points)), 4 moves
              dead stones: engines
              B pass; W G7; B pass; W pass <Both engines name the same dead stones (Art. 8).
            The system marks dead: — (Art. 8).
            Result: W+88.5 (white wins by 44¼ stones (88.5 points)). Count (Art. 9, 11): Black 0 stones, White 81 stones (area 0 and 81, dame 0); dead: [].>
        "#]],
    );
}

#[test]
fn an_engine_that_hangs_past_its_flag_forfeits() {
    let log = scratch("hang-log").join("w.log");
    let log_arg = log.display().to_string();
    let mut case = Case::new("hang", &["--moves", "E5"], &["--hang-at", "1", "--log", &log_arg]);
    case.time = "2s";
    case.grace = Duration::from_millis(300);
    // White hangs on its first genmove: its flag falls at 2 s and the grace ends at 2.3 s.
    let (report, _) = case.run_while(|time| {
        until_logged(&log, "genmove w", 1);
        time.advance(Duration::from_millis(2_300));
    });
    check_report(
        report,
        expect![[r#"
            game 1: B+F (black wins by forfeit), 1 moves
              reason: White (fake-w) gave no move within 0.3 s after its flag fell: the engine hangs
              B E5 {Referee: adjudication against White (Art. 22.5), by the chief referee: White (fake-w) gave no move within 0.3 s after its flag fell: the engine hangs} <Result: B+F (black wins by forfeit).>
        "#]],
    );
}

#[test]
fn an_engine_that_answers_after_its_flag_loses_on_time() {
    let dir = scratch("late-files");
    let (log, answer) = (dir.join("w.log"), dir.join("answer"));
    let (log_arg, answer_arg) = (log.display().to_string(), answer.display().to_string());
    let answer_when = format!("2:{answer_arg}");
    let mut case = Case::new(
        "late",
        &["--moves", "E5,C3"],
        &["--moves", "G7", "--log", &log_arg, "--answer-when", &answer_when],
    );
    case.time = "1s";
    // White thinks 1.5 s over its second move, past its flag at 1 s (within the grace): the
    // test moves time while White waits for the file that lets it answer.
    let (report, _) = case.run_while(|time| {
        until_logged(&log, "genmove w", 2);
        time.advance(Duration::from_millis(1_500));
        std::fs::write(&answer, "").expect("the answer file");
    });
    check_report(
        report,
        expect![[r#"
        game 1: B+T (black wins on time), 3 moves
          B E5; W G7; B C3 <White's time ran out; result: black wins on time (Art. 22.5).
        Result: B+T (black wins on time).>
    "#]],
    );
}

#[test]
fn answers_that_are_not_gtp_or_not_a_move_forfeit() {
    check(
        Case::new("garbage", &["--moves", "E5"], &["--garbage-at", "1:hello world"]),
        expect![[r#"
            game 1: B+F (black wins by forfeit), 1 moves
              reason: White (fake-w) answered "genmove w" with garbage: "hello world"
              B E5 {Referee: adjudication against White (Art. 13.1), by the chief referee: White (fake-w) answered "genmove w" with garbage: "hello world"} <Result: B+F (black wins by forfeit).>
        "#]],
    );
    check(
        Case::new("not-a-vertex", &["--moves", "E5"], &["--garbage-at", "1:= Z99"]),
        expect![[r#"
            game 1: B+F (black wins by forfeit), 1 moves
              reason: White (fake-w) answered "genmove w" with garbage: "Z99"
              B E5 {Referee: adjudication against White (Art. 13.1), by the chief referee: White (fake-w) answered "genmove w" with garbage: "Z99"} <Result: B+F (black wins by forfeit).>
        "#]],
    );
    check(
        Case::new("occupied", &["--moves", "E5"], &["--moves", "E5"]),
        expect![[r#"
            game 1: B+F (black wins by forfeit), 1 moves
              reason: White (fake-w) played E5: occupied point
              B E5 {Referee: adjudication against White (Art. 13.1), by the chief referee: White (fake-w) played E5: occupied point} <Result: B+F (black wins by forfeit).>
        "#]],
    );
}

#[test]
fn a_dispute_is_settled_by_play_with_the_claimant_first() {
    // Black calls White's stone dead, White does not: Art. 21.4, Black moves first (with
    // kgs-genmove_cleanup) and captures it; then both agree and the game is counted.
    let dir = scratch("dispute-log");
    let log = dir.join("black.log");
    let log_arg = log.display().to_string();
    check(
        Case::new(
            "dispute",
            &[
                "--moves",
                "D5,F5,E4,pass,E6,pass",
                "--dead",
                "E5",
                "--cleanup",
                "--log",
                &log_arg,
            ],
            &["--moves", "E5,pass,pass,pass,pass"],
        ),
        expect![[r#"
            game 1: B+73.5 (black wins by 36¾ stones (73.5 points)), 10 moves
              dead stones: engines
              B D5; W E5; B F5; W pass; B E4; W pass; B pass; PL[B] <Dispute over life and death (Art. 21.4): Black alone calls dead [E5], White alone calls dead []; play resumes with Black (fake-b), who claims dead.
            Life and death disputed: play resumes, black (who claims dead) first (Art. 21.4).>; B E6; W pass; B pass <Both engines name the same dead stones (Art. 8).
            The system marks dead: — (Art. 8).
            Result: B+73.5 (black wins by 36¾ stones (73.5 points)). Count (Art. 9, 11): Black 81 stones, White 0 stones (area 81 and 0, dame 0); dead: [].>
        "#]],
    );
    let commands = std::fs::read_to_string(&log).expect("the fake logs");
    assert!(commands.contains("kgs-genmove_cleanup b"), "{commands}");
}

#[test]
fn a_dispute_that_stands_is_counted_with_every_stone_alive() {
    check(
        Case::new(
            "dispute-stands",
            &["--moves", "D5,F5,E4,pass,pass", "--dead", "E5"],
            &["--moves", "E5,pass,pass,pass"],
        ),
        expect![[r#"
            game 1: W+5.5 (white wins by 2¾ stones (5.5 points)), 9 moves
              reason: the dispute over life and death stands after play resumed (Art. 21.4): Black alone calls dead [E5], White alone calls dead []; every stone on the board is counted alive
              dead stones: none
              B D5; W E5; B F5; W pass; B E4; W pass; B pass; PL[B] <Dispute over life and death (Art. 21.4): Black alone calls dead [E5], White alone calls dead []; play resumes with Black (fake-b), who claims dead.
            Life and death disputed: play resumes, black (who claims dead) first (Art. 21.4).>; B pass; W pass <The dispute over life and death stands after play resumed (Art. 21.4): Black alone calls dead [E5], White alone calls dead []; every stone on the board is counted alive.
            The system marks dead: — (Art. 8).
            Result: W+5.5 (white wins by 2¾ stones (5.5 points)). Count (Art. 9, 11): Black 41.5 stones, White 39.5 stones (area 3 and 1, dame 77); dead: [].>
        "#]],
    );
}

#[test]
fn time_settings_and_time_left_reach_the_engines() {
    let dir = scratch("time-log");
    let (b, w) = (dir.join("b.log"), dir.join("w.log"));
    let (b_arg, w_arg) = (b.display().to_string(), w.display().to_string());
    let mut case = Case::new(
        "time",
        &["--moves", "E5", "--kgs-time", "--log", &b_arg],
        &["--moves", "C3", "--log", &w_arg],
    );
    case.time = "10m+5x30s";
    let (report, _) = case.run();
    let black = std::fs::read_to_string(&b).unwrap();
    let white = std::fs::read_to_string(&w).unwrap();
    assert!(black.contains("kgs-time_settings byoyomi 600 30 5\n"), "{black}");
    assert!(white.contains("time_settings 600 30 1\n"), "{white}");
    // Time is held at the start, however long the engines took to start: Black's first time
    // left is exactly ten minutes, and each genmove comes right after the time left.
    let black_left: Vec<u64> = black
        .lines()
        .filter_map(|l| l.strip_prefix("time_left B ")?.strip_suffix(" 0")?.parse().ok())
        .collect();
    assert_eq!(black_left.first(), Some(&600), "{black}");
    assert!(black.contains("time_left B 600 0\ngenmove b"), "{black}");
    // White's clock runs from Black's move, at the same held instant: ten minutes left, twice.
    let left: Vec<u64> = white
        .lines()
        .filter_map(|l| l.strip_prefix("time_left W ")?.strip_suffix(" 0")?.parse().ok())
        .collect();
    assert_eq!(left, [600, 600], "{white}");
    // Each move's node says the time left after it.
    let record = &report.games[0].game.record;
    let first = record.node(record.main_line()[1]);
    assert_eq!(first.time_left[0], Some(600.0), "{first:?}");
}

#[test]
fn a_resignation_ends_the_game() {
    check(
        Case::new("resign", &["--moves", "E5,resign"], &["--moves", "C3"]),
        expect![[r#"
            game 1: W+R (white wins by resignation), 2 moves
              B E5; W C3 <Black resigns; result: white wins by resignation (Art. 7.2).
            Result: W+R (white wins by resignation).>
        "#]],
    );
}

#[test]
fn an_engine_without_undo_is_given_the_game_again_after_a_void_move() {
    let dir = scratch("no-undo-log");
    let log = dir.join("white.log");
    let log_arg = log.display().to_string();
    check(
        Case::new(
            "no-undo",
            &["--moves", "A2,B1,E5"],
            &["--moves", "J9,A1,pass,pass", "--no-undo", "--log", &log_arg],
        ),
        expect![[r#"
            game 1: W+4.5 (white wins by 2¼ stones (4.5 points)), 6 moves
              dead stones: engines
              B A2; W J9; B B1; {Referee: void move by White at A1 (Art. 19), by the referee} {Referee: White loses a turn (Art. 19), by the referee}; B E5; W pass; B pass <Both engines name the same dead stones (Art. 8).
            The system marks dead: — (Art. 8).
            Result: W+4.5 (white wins by 2¼ stones (4.5 points)). Count (Art. 9, 11): Black 42 stones, White 39 stones (area 4 and 1, dame 76); dead: [].>
        "#]],
    );
    let commands = std::fs::read_to_string(&log).expect("the fake logs");
    assert!(
        commands.contains("genmove w\nundo\nclear_board\nplay b A2\nplay w J9\nplay b B1\nplay b E5\n"),
        "{commands}"
    );
}

#[test]
fn an_engine_without_final_status_list_claims_nothing() {
    // White cannot name dead stones: Black's list is the marking.
    check(
        Case::new(
            "no-final-status",
            &["--moves", "D5,F5,E4,pass", "--dead", "E5"],
            &["--moves", "E5,pass,pass", "--no-final-status"],
        ),
        expect![[r#"
            game 1: B+73.5 (black wins by 36¾ stones (73.5 points)), 7 moves
              dead stones: engines
              B D5; W E5; B F5; W pass; B E4; W pass; B pass <Black (fake-b) names the dead stones; White (fake-w) cannot name any (Art. 8).
            The system marks dead: E5 (Art. 8).
            Result: B+73.5 (black wins by 36¾ stones (73.5 points)). Count (Art. 9, 11): Black 81 stones, White 0 stones (area 81 and 0, dame 0); dead: [E5].>
        "#]],
    );
}

/// A fake scorer (`final_status_list dead` answered with `dead`), named `fake-scorer`.
fn scorer(args: &[&str], timeout: Duration) -> Option<Scorer> {
    let mut a = vec!["--name", "fake-scorer"];
    a.extend_from_slice(args);
    Some(Scorer {
        command: fake(&a),
        timeout,
    })
}

#[test]
fn when_neither_engine_names_dead_stones_the_scorer_proposes_them() {
    let mut case = Case::new(
        "scorer",
        &["--moves", "D5,F5,E4,pass", "--no-final-status"],
        &["--moves", "E5,pass,pass", "--no-final-status"],
    );
    case.scorer = scorer(&["--dead", "E5"], Duration::from_secs(3));
    check(
        case,
        expect![[r#"
            game 1: B+73.5 (black wins by 36¾ stones (73.5 points)), 7 moves
              dead stones: scorer fake-scorer
              B D5; W E5; B F5; W pass; B E4; W pass; B pass <Neither engine can name dead stones.
            Dead stones proposed by the scorer fake-scorer.
            The system marks dead: E5 (Art. 8).
            Result: B+73.5 (black wins by 36¾ stones (73.5 points)). Count (Art. 9, 11): Black 81 stones, White 0 stones (area 81 and 0, dame 0); dead: [E5].>
        "#]],
    );
}

#[test]
fn without_a_scorer_silent_engines_leave_every_stone_alive() {
    check(
        Case::new(
            "no-scorer",
            &["--moves", "D5,F5,E4,pass", "--no-final-status"],
            &["--moves", "E5,pass,pass", "--no-final-status"],
        ),
        expect![[r#"
            game 1: W+5.5 (white wins by 2¾ stones (5.5 points)), 7 moves
              dead stones: none
              B D5; W E5; B F5; W pass; B E4; W pass; B pass <Neither engine can name dead stones: every stone on the board is counted alive.
            The system marks dead: — (Art. 8).
            Result: W+5.5 (white wins by 2¾ stones (5.5 points)). Count (Art. 9, 11): Black 41.5 stones, White 39.5 stones (area 3 and 1, dame 77); dead: [].>
        "#]],
    );
}

#[test]
fn a_scorer_that_hangs_falls_back_to_the_builtin_proposal_at_its_deadline() {
    let log = scratch("scorer-hang-log").join("scorer.log");
    let log_arg = log.display().to_string();
    let mut case = Case::new(
        "scorer-hang",
        &["--moves", "D5,F5,E4,pass", "--no-final-status"],
        &["--moves", "E5,pass,pass", "--no-final-status"],
    );
    case.scorer = scorer(
        &["--hang-on", "final_status_list", "--log", &log_arg],
        Duration::from_secs(3),
    );
    // The scorer is asked and never answers: once it has the question, its 3 s pass.
    let (report, _) = case.run_while(|time| {
        until_logged(&log, "final_status_list dead", 1);
        time.advance(Duration::from_secs(3));
    });
    check_report(
        report,
        expect![[r#"
        game 1: B+73.5 (black wins by 36¾ stones (73.5 points)), 7 moves
          dead stones: builtin (scorer failed: no answer to "final_status_list dead" within 3.0 s)
          B D5; W E5; B F5; W pass; B E4; W pass; B pass <Neither engine can name dead stones.
        Dead stones proposed by the built-in proposal (the scorer failed: no answer to "final_status_list dead" within 3.0 s).
        The system marks dead: E5 (Art. 8).
        Result: B+73.5 (black wins by 36¾ stones (73.5 points)). Count (Art. 9, 11): Black 81 stones, White 0 stones (area 81 and 0, dame 0); dead: [E5].>
    "#]],
    );
}

#[test]
fn the_engines_agreement_stands_and_the_scorer_is_not_asked() {
    let log = scratch("scorer-unasked-log").join("scorer.log");
    let log_arg = log.display().to_string();
    let mut case = Case::new(
        "scorer-unasked",
        &["--moves", "D5,F5,E4,pass", "--dead", "E5"],
        &["--moves", "E5,pass,pass", "--dead", "E5"],
    );
    // The scorer would call Black's D5 dead; it is never started.
    case.scorer = scorer(&["--dead", "D5", "--log", &log_arg], Duration::from_secs(3));
    check(
        case,
        expect![[r#"
        game 1: B+73.5 (black wins by 36¾ stones (73.5 points)), 7 moves
          dead stones: engines
          B D5; W E5; B F5; W pass; B E4; W pass; B pass <Both engines name the same dead stones (Art. 8).
        The system marks dead: E5 (Art. 8).
        Result: B+73.5 (black wins by 36¾ stones (73.5 points)). Count (Art. 9, 11): Black 81 stones, White 0 stones (area 81 and 0, dame 0); dead: [E5].>
    "#]],
    );
    assert!(!log.exists(), "the scorer was started");
}

#[test]
fn a_dispute_that_stands_is_counted_with_the_scorers_proposal() {
    let mut case = Case::new(
        "scorer-dispute",
        &["--moves", "D5,F5,E4,pass,pass", "--dead", "E5"],
        &["--moves", "E5,pass,pass,pass"],
    );
    case.scorer = scorer(&["--dead", "E5"], Duration::from_secs(3));
    check(
        case,
        expect![[r#"
        game 1: B+73.5 (black wins by 36¾ stones (73.5 points)), 9 moves
          reason: the dispute over life and death stands after play resumed (Art. 21.4): Black alone calls dead [E5], White alone calls dead []; the dead stones are proposed in the engines' place
          dead stones: scorer fake-scorer
          B D5; W E5; B F5; W pass; B E4; W pass; B pass; PL[B] <Dispute over life and death (Art. 21.4): Black alone calls dead [E5], White alone calls dead []; play resumes with Black (fake-b), who claims dead.
        Life and death disputed: play resumes, black (who claims dead) first (Art. 21.4).>; B pass; W pass <The dispute over life and death stands after play resumed (Art. 21.4): Black alone calls dead [E5], White alone calls dead []; the dead stones are proposed in the engines' place.
        Dead stones proposed by the scorer fake-scorer.
        The system marks dead: E5 (Art. 8).
        Result: B+73.5 (black wins by 36¾ stones (73.5 points)). Count (Art. 9, 11): Black 81 stones, White 0 stones (area 81 and 0, dame 0); dead: [E5].>
    "#]],
    );
}

#[test]
fn an_interrupt_while_an_engine_sets_up_the_game_drops_it_and_forfeits_nothing() {
    // Regression: an interrupt that came while White was being told the komi was taken for
    // White's failure to set up the game, which it then lost by forfeit.
    let log = scratch("interrupt-setup-log").join("w.log");
    let log_arg = log.display().to_string();
    let case = Case::new("interrupt-setup", &[], &["--hang-on", "komi", "--log", &log_arg]);
    let (report, _) = case.run_while(|_| {
        until_logged(&log, "komi 7.5", 1);
        case.stop.store(true, std::sync::atomic::Ordering::SeqCst);
    });
    assert!(report.games.is_empty(), "{:?}", report.games);
    assert!(report.interrupted);
}
