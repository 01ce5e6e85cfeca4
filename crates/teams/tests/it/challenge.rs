//! The challenge match (擂台赛, Art. 26.6): the order of bouts, who stays on, and the end.

use expect_test::expect;
use teams::{Challenge, ChallengeBout, ChallengeError, Side};

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// Plays the bouts given as `A` (A's player wins), `B`, `=` (both out), `v` (void, replayed)
/// and prints each bout and the end.
fn run(a: &[&str], b: &[&str], bouts: &str) -> String {
    let mut c = Challenge::new(&names(a), &names(b)).unwrap();
    let mut out = Vec::new();
    for ch in bouts.chars() {
        let Some((i, j)) = c.next_bout() else {
            out.push(format!("{ch}: {}", c.record(ChallengeBout::BothOut).unwrap_err()));
            continue;
        };
        let bout = match ch {
            'A' => ChallengeBout::Won(Side::A),
            'B' => ChallengeBout::Won(Side::B),
            '=' => ChallengeBout::BothOut,
            _ => ChallengeBout::Replay,
        };
        c.record(bout).unwrap();
        out.push(format!("{} v {} {ch}", c.order(Side::A)[i], c.order(Side::B)[j]));
    }
    out.push(format!(
        "over={} winner={:?} wins A {:?} B {:?}",
        c.is_over(),
        c.winner(),
        c.wins(Side::A),
        c.wins(Side::B)
    ));
    out.join("\n")
}

#[test]
fn winner_stays_on_until_beaten() {
    // Nie Weiping style: A's third player beats B's remaining four.
    expect![[r#"
        a1 v b1 B
        a2 v b1 B
        a3 v b1 A
        a3 v b2 A
        a3 v b3 A
        a3 v b4 A
        over=true winner=Some(A) wins A [0, 0, 4] B [2, 0, 0, 0]"#]]
    .assert_eq(&run(&["a1", "a2", "a3"], &["b1", "b2", "b3", "b4"], "BBAAAA"));
}

#[test]
fn draws_put_both_out_and_voids_are_replayed() {
    expect![[r#"
        a1 v b1 =
        a2 v b2 v
        a2 v b2 B
        x: the challenge match is over
        over=true winner=Some(B) wins A [0, 0] B [0, 1]"#]]
    .assert_eq(&run(&["a1", "a2"], &["b1", "b2"], "=vBx"));
    // Both sides run out in one bout: no winner.
    expect![[r#"
        a1 v b1 =
        over=true winner=None wins A [0] B [0]"#]]
    .assert_eq(&run(&["a1"], &["b1"], "="));
    // Unfinished: nobody has won yet.
    expect![[r#"
        a1 v b1 A
        over=false winner=None wins A [1] B [0, 0]"#]]
    .assert_eq(&run(&["a1"], &["b1", "b2"], "A"));
}

#[test]
fn orders_must_be_agreed_and_distinct() {
    assert_eq!(Challenge::new(&[], &names(&["b"])), Err(ChallengeError::EmptySide));
    assert_eq!(
        Challenge::new(&names(&["x", "y"]), &names(&["x"])),
        Err(ChallengeError::DuplicatePlayer("x".into()))
    );
}
