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

/// A challenge match as an event (Art. 26.6): each bout's game as the director enters it
/// (who had Black, the result), the winner staying on, the defender (守擂) and the next
/// challenger, withdrawals under Art. 28.4 (the bouts played stand, the rest are forfeits),
/// and its record of lines replaying to the same match.
#[test]
fn a_challenge_match_as_an_event_with_games_forfeits_and_withdrawals() {
    use teams::{ChallengeLine, ChallengeMatch};
    use tournament::GameResult;
    let create = ChallengeLine::Create {
        name: "中日擂台".into(),
        teams: ["China".into(), "Japan".into()],
        orders: [names(&["c1", "c2", "c3"]), names(&["j1", "j2", "j3"])],
    };
    let mut lines = vec![create.clone()];
    let mut m = ChallengeMatch::replay(&lines).unwrap();
    assert_eq!((m.on_stage(), m.defender()), (Some(("c1", "j1")), None));
    let game = |black: &str, re: &str| ChallengeLine::Game {
        black: black.into(),
        result: re.parse::<GameResult>().unwrap(),
    };
    // j1 (White) wins: c1 is out, j1 stays on against c2.
    for l in [game("c1", "W+R"), game("j1", "Void"), game("j1", "B+2.5")] {
        m.apply(&l).unwrap();
        lines.push(l);
    }
    assert_eq!((m.on_stage(), m.defender()), (Some(("c3", "j1")), Some(Side::B)));
    // Black must be one of the two on stage.
    assert_eq!(
        m.record_game("c1", GameResult::Draw),
        Err(ChallengeError::NotOnStage("c1".into()))
    );
    assert_eq!(
        m.record_game("x", GameResult::Draw),
        Err(ChallengeError::UnknownPlayer("x".into()))
    );
    // j2 withdraws before playing (Art. 28.4); c3 beats j1, then wins j2's bout by forfeit
    // and stays on against j3.
    for l in [ChallengeLine::Withdraw("j2".into()), game("c3", "B+R")] {
        m.apply(&l).unwrap();
        lines.push(l);
    }
    assert_eq!(m.withdraw("c1"), Err(ChallengeError::AlreadyOut("c1".into())));
    let record: Vec<String> = m
        .bouts()
        .iter()
        .map(|b| {
            let black = b.black.map_or("-", |s| if s == Side::A { b.a } else { b.b });
            let result = b.result.map_or("-".to_string(), |r| r.to_string());
            format!("{} {} v {} black {black} {result} {:?}", b.number, b.a, b.b, b.outcome)
        })
        .collect();
    expect![[r#"
        1 c1 v j1 black c1 W+R Won(B)
        2 c2 v j1 black j1 Void Replay
        3 c2 v j1 black j1 B+2.5 Won(B)
        4 c3 v j1 black c3 B+R Won(A)
        5 c3 v j2 black - - Forfeit(A)"#]]
    .assert_eq(&record.join("\n"));
    assert_eq!((m.on_stage(), m.defender()), (Some(("c3", "j3")), Some(Side::A)));
    // A forfeit of the game itself (lateness, Art. 22) puts the player out the same way.
    let l = game("j3", "W+F");
    m.apply(&l).unwrap();
    lines.push(l);
    assert!(m.challenge().is_over());
    assert_eq!(m.challenge().winner(), Some(Side::A));
    // Forfeits are not games won over the board.
    assert_eq!(m.challenge().wins(Side::A), vec![0, 0, 1]);
    // The record, as text and back, replays to the same match.
    let text: Vec<String> = lines.iter().map(|l| l.encode().unwrap()).collect();
    assert_eq!(text[0], "challenge\t中日擂台\tChina\t3\tc1\tc2\tc3\tJapan\tj1\tj2\tj3");
    let back: Vec<ChallengeLine> = text.iter().map(|t| ChallengeLine::decode(t).unwrap()).collect();
    assert_eq!(ChallengeMatch::replay(&back).unwrap(), m);
    assert_eq!(m.record_game("c3", GameResult::Draw), Err(ChallengeError::Over));
    assert!(ChallengeLine::decode("challenge\tx\tA\t5\ta").is_err());
}
