//! Team events replayed from their record: the ranking of Art. 27 on crosstables computed by
//! hand, line-ups under each kind of Art. 25, Swiss pairing, withdrawals (Art. 28.4) and the
//! board standings.

use expect_test::{Expect, expect};
use rules::Color;
use teams::{Change, Match, TeamError, TeamEvent, board_standings};
use tournament::GameResult;

/// Replays the record: lines as [`Change`] encodes them (fields separated by `|`), with `p`
/// for a pairing asked for now ([`Change::Pair`]: the event's system pairs the round) and
/// `r ROUND TABLE RESULTS` as a shorthand for a match's results board by board (`H` the
/// first-named team wins the board, `A` the second, `D` a draw, `F`/`f` a forfeit won by
/// the first/second-named team).
fn replay(record: &str) -> Result<TeamEvent, TeamError> {
    let mut changes = Vec::new();
    for line in record.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if line == "p" {
            changes.push(Change::Pair);
        } else if let Some(rest) = line.strip_prefix("r ") {
            let f: Vec<&str> = rest.split_whitespace().collect();
            let (round, table): (u32, u32) = (f[0].parse().unwrap(), f[1].parse().unwrap());
            for (i, c) in f[2].chars().enumerate() {
                let board = i as u32 + 1;
                let home = Match::home_color(board);
                let result = match c {
                    'H' => GameResult::Win {
                        winner: home,
                        by: tournament::WinBy::Resignation,
                    },
                    'A' => GameResult::Win {
                        winner: home.opponent(),
                        by: tournament::WinBy::Resignation,
                    },
                    'F' => GameResult::forfeit(home),
                    'f' => GameResult::forfeit(home.opponent()),
                    'D' => GameResult::Draw,
                    _ => panic!("bad shorthand {c}"),
                };
                changes.push(Change::Result {
                    round,
                    table,
                    board,
                    result,
                });
            }
        } else {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            changes.push(Change::decode(&fields.join("\t")).unwrap());
        }
    }
    TeamEvent::replay(&changes)
}

fn standings_text(ev: &TeamEvent) -> String {
    let st = ev.standings();
    let mut out = format!("{}\n", st.criteria.join(" "));
    for r in &st.rows {
        out += &format!(
            "{} {} mp={} bp={} sos={} by_board={:?} w/d/l={}/{}/{}{}\n",
            r.place,
            ev.team(r.team).name,
            r.match_points,
            r.board_points,
            r.sos,
            r.by_board,
            r.won,
            r.drawn,
            r.lost,
            if r.withdrawn { " withdrawn" } else { "" }
        );
    }
    out
}

fn check(record: &str, expect: Expect) {
    let out = match replay(record) {
        Ok(ev) => standings_text(&ev),
        Err(e) => format!("error: {e}"),
    };
    expect.assert_eq(&out);
}

const FOUR_TEAMS: &str = "
    create | Cup | round-robin:1 | fixed-boards | 3 | 0 | 2 | 3
    team | A
    team | B
    team | C
    team | D
    player | A | a1 | 5d |  |  |  | 
    player | A | a2 | 4d |  |  |  | 
    player | A | a3 | 3d |  |  |  | 
    player | B | b1 | 5d |  |  |  | 
    player | B | b2 | 4d |  |  |  | 
    player | B | b3 | 3d |  |  |  | 
    player | C | c1 | 5d |  |  |  | 
    player | C | c2 | 4d |  |  |  | 
    player | C | c3 | 3d |  |  |  | 
    player | D | d1 | 5d |  |  |  | 
    player | D | d2 | 4d |  |  |  | 
    player | D | d3 | 3d |  |  |  | 
";

#[test]
fn round_robin_ranking_breaks_ties_on_board_one() {
    // Berger for 4: R1 A-D, B-C; R2 D-C, A-B; R3 B-D, C-A.
    // By hand: A 2+0+2 = 4 match points, 4+2+4 = 10 board points; B 0+2+0 = 2, 2+4+2 = 8;
    // C 2+1+0 = 3, 4+3+2 = 9; D 0+1+2 = 3, 2+3+4 = 9. C and D tie on both; board 1:
    // C lost R1 and R2 and won R3 (2), D lost R1 and won R2 and R3 (4): D before C.
    let record = format!(
        "{FOUR_TEAMS}
        p
        r 1 1 HHA
        r 1 2 HAA
        p
        r 2 1 HAD
        r 2 2 AHA
        p
        r 3 1 AAH
        r 3 2 HAA"
    );
    let ev = replay(&record).unwrap();
    let names: Vec<&str> = ev
        .rounds()
        .iter()
        .flat_map(|r| &r.matches)
        .map(|m| ev.team(m.home).name.as_str())
        .collect();
    assert_eq!(names, ["A", "B", "D", "A", "B", "C"]);
    let order: Vec<(u32, &str)> = ev
        .standings()
        .rows
        .iter()
        .map(|r| (r.place, ev.team(r.team).name.as_str()))
        .collect();
    assert_eq!(order, [(1, "A"), (2, "D"), (3, "C"), (4, "B")]);
    check(
        &record,
        expect![[r#"
            match-points board-points board-1 board-2 board-3
            1 A mp=4 bp=10 sos=8 by_board=[2, 6, 2] w/d/l=2/0/1
            2 D mp=3 bp=9 sos=9 by_board=[4, 2, 3] w/d/l=1/1/1
            3 C mp=3 bp=9 sos=9 by_board=[2, 4, 3] w/d/l=1/1/1
            4 B mp=2 bp=8 sos=10 by_board=[4, 0, 4] w/d/l=1/0/2
        "#]],
    );
}

/// Art. 26.2, 27: a team round robin's rest (轮休) is no match: a team created now rests for
/// nothing (not 2 match points and every board's points); a record made before, which kept
/// those values in its `create` line, replays with them. A team Swiss's bye keeps its value.
#[test]
fn a_team_round_robin_rest_scores_nothing() {
    use teams::{Kind, TeamSettings, TeamSystem};
    let rr = TeamSystem::RoundRobin { cycles: 1 };
    let settings = TeamSettings::for_system(rr, Kind::FixedBoards, 3);
    let create = Change::Create {
        name: "Cup".into(),
        system: rr,
        settings,
    };
    let line = create.encode().unwrap().replace('\t', " | ");
    assert_eq!(line, "create | Cup | round-robin:1 | fixed-boards | 3 | 0 | 0 | 0");
    // Three teams: Berger for four, round 1 pairs B-C and A rests.
    let three = |create: &str| {
        let teams: String = FOUR_TEAMS
            .lines()
            .filter(|l| !l.contains("| D"))
            .skip(2)
            .collect::<Vec<_>>()
            .join("\n");
        format!("{create}\n{teams}\np\nr 1 1 HHH")
    };
    let now = replay(&three(&line)).unwrap();
    assert_eq!(now.rounds()[0].bye.map(|t| now.team(t).name.as_str()), Some("A"));
    check(
        &three(&line),
        expect![[r#"
            match-points board-points board-1 board-2 board-3
            1 B mp=2 bp=6 sos=0 by_board=[2, 2, 2] w/d/l=1/0/0
            2 A mp=0 bp=0 sos=0 by_board=[0, 0, 0] w/d/l=0/0/0
            2 C mp=0 bp=0 sos=2 by_board=[0, 0, 0] w/d/l=0/0/1
        "#]],
    );
    check(
        &three("create | Cup | round-robin:1 | fixed-boards | 3 | 0 | 2 | 3"),
        expect![[r#"
            match-points board-points board-1 board-2 board-3
            1 B mp=2 bp=6 sos=0 by_board=[2, 2, 2] w/d/l=1/0/0
            2 A mp=2 bp=3 sos=0 by_board=[0, 0, 0] w/d/l=0/0/0
            3 C mp=0 bp=0 sos=2 by_board=[0, 0, 0] w/d/l=0/0/1
        "#]],
    );
    let swiss = TeamSettings::for_system(TeamSystem::Swiss { rounds: 3 }, Kind::FixedBoards, 3);
    assert_eq!((swiss.bye_match_points, swiss.bye_board_points), (2, 3));
}

#[test]
fn all_equal_is_a_shared_place() {
    // Two teams, double round robin, each match 1 board each and one draw: 1+1 match points,
    // 3+3 board points; board 1 and board 2 swap winners between the cycles: all equal.
    check(
        "
        create | Duel | round-robin:2 | line-up | 3 | 0 | 2 | 3
        team | East
        team | West
        player | East | e1 | 1d |  |  |  |
        player | East | e2 | 1d |  |  |  |
        player | East | e3 | 1d |  |  |  |
        player | West | w1 | 1d |  |  |  |
        player | West | w2 | 1d |  |  |  |
        player | West | w3 | 1d |  |  |  |
        p
        r 1 1 HAD
        p
        r 2 1 HAD
        ",
        expect![[r#"
            match-points board-points board-1 board-2 board-3
            1 East mp=2 bp=6 sos=4 by_board=[2, 2, 2] w/d/l=0/2/0
            1 West mp=2 bp=6 sos=4 by_board=[2, 2, 2] w/d/l=0/2/0
        "#]],
    );
}

#[test]
fn team_total_ranks_on_board_points_first() {
    // 队员总分制: C has fewer match points than D (3 against... ) but the same board points; A
    // 10 board points leads; B 8 is last. With board points equal C and D fall back to match
    // points (equal, 3) and then board 1 (D 4, C 2).
    let record = format!(
        "{}
        p
        r 1 1 HHA
        r 1 2 HAA
        p
        r 2 1 HAD
        r 2 2 AHA
        p
        r 3 1 AAH
        r 3 2 HAA",
        FOUR_TEAMS.replace("fixed-boards", "team-total")
    );
    check(
        &record,
        expect![[r#"
            board-points match-points board-1 board-2 board-3
            1 A mp=4 bp=10 sos=8 by_board=[2, 6, 2] w/d/l=2/0/1
            2 D mp=3 bp=9 sos=9 by_board=[4, 2, 3] w/d/l=1/1/1
            3 C mp=3 bp=9 sos=9 by_board=[2, 4, 3] w/d/l=1/1/1
            4 B mp=2 bp=8 sos=10 by_board=[4, 0, 4] w/d/l=1/0/2
        "#]],
    );
}

#[test]
fn swiss_pairs_by_match_points_without_rematch_and_ranks_by_sos() {
    // Five teams: a bye each round, 2 match points and 3 board points. Round 1: all equal,
    // so registration order; the bye to the last (E), then the top half against the bottom
    // half (A and C, B and D), as in the individual Swiss; nobody has been home or away, so
    // a lot names the home teams: C-A, B-D. After it: C 2 mp (6 bp), B 2 (4), E 2 (bye, 3),
    // D 0 (2), A 0 (0). Round 2: the bye to the lowest without one, fewest board points (A).
    // C, B and E have 2 match points and D none, so one of them meets D: not B (a rematch),
    // and C-B would have both teams home twice (a colour clash): C-D and B-E. Home is the
    // team with the lower home − away balance: D (−1) against C (+1), E (0, its bye) against
    // B (+1).
    let record = format!(
        "{FIVE_TEAMS}
        p
        r 1 1 HHH
        r 1 2 HHA
        p
        "
    );
    let ev = replay(&record).unwrap();
    let rounds = rounds_text(&ev);
    assert_eq!(rounds, ["C-A B-D bye E", "E-B D-C bye A"]);
    // Round 2: E beats B 4-2 on board points, D and C draw 3-3. Match points: E 2+2 = 4,
    // C 2+1 = 3, B 2, A 2 (bye), D 1. SOS: B met D (1) and E (4) = 5; A met C (3) = 3: B
    // before A.
    let record = format!("{record}\n r 2 1 HAH\n r 2 2 HAD");
    check(
        &record,
        expect![[r#"
            match-points sos board-points board-1 board-2 board-3
            1 E mp=4 bp=7 sos=2 by_board=[2, 0, 2] w/d/l=1/0/0
            2 C mp=3 bp=9 sos=3 by_board=[2, 4, 3] w/d/l=1/1/0
            3 B mp=2 bp=6 sos=5 by_board=[2, 4, 0] w/d/l=1/0/1
            4 A mp=2 bp=3 sos=3 by_board=[0, 0, 0] w/d/l=0/0/1
            5 D mp=1 bp=5 sos=5 by_board=[2, 0, 3] w/d/l=0/1/1
        "#]],
    );
}

#[test]
fn withdrawal_makes_the_rest_forfeits() {
    // Art. 28.4: B withdraws after round 1 (its loss to C stands); round 2 is A-B and round 3
    // B-D, every board a forfeit for B's opponent.
    let record = format!(
        "{FOUR_TEAMS}
        p
        r 1 1 HHA
        r 1 2 HAA
        withdraw | B
        p
        r 2 1 HAD
        p
        r 3 2 HAA"
    );
    let ev = replay(&record).unwrap();
    let ab = &ev.rounds()[1].matches[1];
    assert_eq!(
        ab.results,
        [
            Some(GameResult::forfeit(Color::Black)),
            Some(GameResult::forfeit(Color::White)),
            Some(GameResult::forfeit(Color::Black))
        ]
    );
    check(
        &record,
        expect![[r#"
            match-points board-points board-1 board-2 board-3
            1 A mp=6 bp=14 sos=6 by_board=[4, 6, 4] w/d/l=3/0/0
            2 D mp=3 bp=11 sos=9 by_board=[4, 2, 5] w/d/l=1/1/1
            3 C mp=3 bp=9 sos=9 by_board=[2, 4, 3] w/d/l=1/1/1
            4 B mp=0 bp=2 sos=12 by_board=[2, 0, 0] w/d/l=0/0/3 withdrawn
        "#]],
    );
    // Withdrawing twice is refused.
    let mut ev = ev;
    let b = ev.find("B").unwrap();
    assert_eq!(ev.withdraw(b), Err(TeamError::AlreadyWithdrawn("B".into())));
}

#[test]
fn lineups_follow_the_kind() {
    let base = "
        team | A
        team | B
        player | A | a1 | 3d |  |  |  |
        player | A | a2 | 2d |  |  |  |
        player | A | a3 | 1d |  |  |  |
        player | B | b1 | 3d |  |  |  |
        player | B | b2 | 2d |  |  |  |
        player | B | b3 | 1d |  |  |  |
        p";
    let try_lineup = |kind: &str, lineup: &str| -> String {
        let rec = format!("create | L | round-robin:1 | {kind} | 2 | 1 | 2 | 2\n{base}\nlineup | 1 | A | {lineup}");
        match replay(&rec) {
            Ok(ev) => {
                let m = &ev.rounds()[0].matches[0];
                (1..=2)
                    .map(|b| ev.board_players(m, b).0.name.clone())
                    .collect::<Vec<_>>()
                    .join(",")
            }
            Err(e) => e.to_string(),
        }
    };
    let out: Vec<String> = [
        ("fixed-boards", "a1 | a3"),
        ("fixed-boards", "a2 | a1"),
        ("fixed-order", "a1 | a3"),
        ("fixed-order", "a3 | a1"),
        ("line-up", "a3 | a1"),
        ("line-up", "a1 | a1"),
        ("line-up", "a1 | x"),
        ("team-total", "a1"),
    ]
    .iter()
    .map(|(k, l)| format!("{k} [{l}]: {}", try_lineup(k, l)))
    .collect();
    expect![[r#"
        fixed-boards [a1 | a3]: a1,a3
        fixed-boards [a2 | a1]: line-up refused: "a2" plays board 2 in 分台定人制, not board 1
        fixed-order [a1 | a3]: a1,a3
        fixed-order [a3 | a1]: line-up refused: 定台换人制 keeps the roster's board order
        line-up [a3 | a1]: a3,a1
        line-up [a1 | a1]: line-up refused: "a1" is named twice
        line-up [a1 | x]: team "A" has no player "x"
        team-total [a1]: line-up refused: team "A" names 1 players for 2 boards"#]]
    .assert_eq(&out.join("\n"));
}

#[test]
fn rotation_moves_down_the_roster_and_lineups_lock_at_the_first_result() {
    // 全队轮赛制 with 3 players on 2 boards: A fields a1,a2, then a3,a1 (sorted to roster
    // order: a1,a3), then a2,a3.
    let rec = "
        create | R | round-robin:3 | rotation | 2 | 1 | 2 | 2
        team | A
        team | B
        player | A | a1 | 3d |  |  |  |
        player | A | a2 | 2d |  |  |  |
        player | A | a3 | 1d |  |  |  |
        player | B | b1 | 3d |  |  |  |
        player | B | b2 | 2d |  |  |  |
        p
        r 1 1 HH
        p
        r 2 1 HH
        p
        r 3 1 H
        ";
    let ev = replay(rec).unwrap();
    let a = ev.find("A").unwrap();
    let fielded: Vec<Vec<&str>> = ev
        .rounds()
        .iter()
        .map(|r| {
            let m = &r.matches[0];
            let lu = if m.home == a { &m.home_lineup } else { &m.away_lineup };
            lu.iter().map(|&i| ev.team(a).roster[i].name.as_str()).collect()
        })
        .collect();
    assert_eq!(fielded, [vec!["a1", "a2"], vec!["a1", "a3"], vec!["a2", "a3"]]);
    let mut ev = ev;
    let err = ev.set_lineup(3, a, &["a1".into(), "a2".into()]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line-up refused: the match of \"A\" in round 3 has started"
    );
    // The round is unfinished: no next pairing.
    assert_eq!(ev.pair_next().unwrap_err(), TeamError::RoundUnfinished(3));
}

#[test]
fn board_standings_rank_each_board() {
    let record = format!(
        "{FOUR_TEAMS}
        p
        r 1 1 HHA
        r 1 2 HAA
        p
        r 2 1 HAD"
    );
    let ev = replay(&record).unwrap();
    let rows: Vec<String> = board_standings(&ev)
        .iter()
        .map(|r| {
            format!(
                "board {} place {} {} {}/{}/{} of {} = {}",
                r.board,
                r.place,
                ev.team(r.team).roster[r.player].name,
                r.wins,
                r.draws,
                r.losses,
                r.games,
                r.points
            )
        })
        .collect();
    expect![[r#"
        board 1 place 1 a1 1/0/0 of 1 = 2
        board 1 place 1 b1 1/0/0 of 1 = 2
        board 1 place 3 d1 1/0/1 of 2 = 2
        board 1 place 4 c1 0/0/2 of 2 = 0
        board 2 place 1 c2 2/0/0 of 2 = 4
        board 2 place 2 a2 1/0/0 of 1 = 2
        board 2 place 3 b2 0/0/1 of 1 = 0
        board 2 place 4 d2 0/0/2 of 2 = 0
        board 3 place 1 c3 1/1/0 of 2 = 3
        board 3 place 1 d3 1/1/0 of 2 = 3
        board 3 place 3 a3 0/0/1 of 1 = 0
        board 3 place 3 b3 0/0/1 of 1 = 0"#]]
    .assert_eq(&rows.join("\n"));
}

#[test]
fn record_lines_round_trip() {
    let record = format!("{FOUR_TEAMS}\npair\nr 1 1 HHA\nlineup | 1 | B | b1 | b2 | b3\nwithdraw | D");
    replay(&record).unwrap();
    for line in record
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("r "))
    {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let c = Change::decode(&fields.join("\t")).unwrap();
        assert_eq!(Change::decode(&c.encode().unwrap()).unwrap(), c);
    }
    let bad = Change::AddTeam("tab\there".into()).encode().unwrap_err();
    assert_eq!(
        bad.to_string(),
        "bad team-event record line: the field \"tab\\there\" holds a tab or a line break"
    );
}

/// Regression: reserves and bye points came unbounded from a record, and `boards + reserves`
/// or the bye sums could overflow; they are bounded when the event is made (a bye is worth at
/// most a match won, Art. 27: 2 match points and 2 board points per board).
#[test]
fn reserves_and_bye_points_are_bounded() {
    use teams::{Kind, TeamSettings, TeamSystem};
    let mut out = String::new();
    for (reserves, bye_match, bye_board) in [(u32::MAX, 2, 4), (2, 3, 4), (2, 2, 5), (64, 2, 4)] {
        let settings = TeamSettings {
            reserves,
            bye_match_points: bye_match,
            bye_board_points: bye_board,
            ..TeamSettings::new(Kind::FixedBoards, 2)
        };
        let r = TeamEvent::new("Cup", TeamSystem::RoundRobin { cycles: 1 }, settings);
        out += &format!("{:?}\n", r.map(|_| ()).map_err(|e| e.to_string()));
    }
    expect![[r#"
        Err("invalid team event settings: 4294967295 reserves (0 to 64)")
        Err("invalid team event settings: a bye worth 3 match points and 4 board points (at most 2 and 2 per board)")
        Err("invalid team event settings: a bye worth 2 match points and 5 board points (at most 2 and 2 per board)")
        Ok(())
    "#]]
    .assert_eq(&out);
}

/// Art. 10 leaves colours to the event and Art. 25 says nothing of a team match's colours:
/// ours alternate by board, the first-named team with Black on boards 1, 3, 5, … So Black
/// winning every board of a four-board match is a 2–2 draw on boards.
#[test]
fn board_colours_alternate_with_the_home_team_black_on_the_odd_boards() {
    assert_eq!(
        (1..=4).map(Match::home_color).collect::<Vec<_>>(),
        [Color::Black, Color::White, Color::Black, Color::White]
    );
    let mut ev = replay(
        "
        create | Duel | round-robin:1 | fixed-boards | 4 | 0 | 2 | 4
        team | H
        team | A
        player | H | h1 | 1d |  |  |  |
        player | H | h2 | 1d |  |  |  |
        player | H | h3 | 1d |  |  |  |
        player | H | h4 | 1d |  |  |  |
        player | A | a1 | 1d |  |  |  |
        player | A | a2 | 1d |  |  |  |
        player | A | a3 | 1d |  |  |  |
        player | A | a4 | 1d |  |  |  |
        p
        ",
    )
    .unwrap();
    let black_wins = GameResult::Win {
        winner: Color::Black,
        by: tournament::WinBy::Resignation,
    };
    for board in 1..=4 {
        ev.set_result(1, 1, board, black_wins).unwrap();
    }
    let m = &ev.rounds()[0].matches[0];
    assert_eq!(m.board_points(), (4, 4));
    assert_eq!(m.match_points(), Some((1, 1)));
}

/// Five teams of three, a team Swiss of two rounds (a bye worth 2 match points and 3 board
/// points).
const FIVE_TEAMS: &str = "
    create | Open | swiss:2 | line-up | 3 | 0 | 2 | 3
    team | A
    team | B
    team | C
    team | D
    team | E
    player | A | a1 | 1d |  |  |  |
    player | A | a2 | 1d |  |  |  |
    player | A | a3 | 1d |  |  |  |
    player | B | b1 | 1d |  |  |  |
    player | B | b2 | 1d |  |  |  |
    player | B | b3 | 1d |  |  |  |
    player | C | c1 | 1d |  |  |  |
    player | C | c2 | 1d |  |  |  |
    player | C | c3 | 1d |  |  |  |
    player | D | d1 | 1d |  |  |  |
    player | D | d2 | 1d |  |  |  |
    player | D | d3 | 1d |  |  |  |
    player | E | e1 | 1d |  |  |  |
    player | E | e2 | 1d |  |  |  |
    player | E | e3 | 1d |  |  |  |
";

/// The rounds as `HOME-AWAY … bye TEAM`, one string per round.
fn rounds_text(ev: &TeamEvent) -> Vec<String> {
    ev.rounds()
        .iter()
        .map(|r| {
            let mut s: Vec<String> = r
                .matches
                .iter()
                .map(|m| format!("{}-{}", ev.team(m.home).name, ev.team(m.away).name))
                .collect();
            s.push(format!("bye {}", r.bye.map_or("-", |b| ev.team(b).name.as_str())));
            s.join(" ")
        })
        .collect()
}

/// Regression: the `pair` line stored no pairs and replay paired again, so once the team Swiss
/// was paired by the exact matcher (round 1 C-A B-D), a record made before (round 1 A-B C-D)
/// replayed with other matches, and its `result` lines (by table) landed on the wrong match,
/// silently. A bare `pair` line now replays with the pairing of its time: this record, made
/// then, keeps its matches, and its standings are those computed by hand then: round 1 A-B
/// 6-0, C-D 4-2, bye E; round 2 (A 2 mp, C 2, E 2 by the bye, D 0, B 0; the bye to the
/// lowest without one, B) A-C 4-2 and E-D 3-3.
#[test]
fn a_record_made_before_pairings_were_written_replays_with_its_matches_and_results() {
    let record = format!(
        "{FIVE_TEAMS}
        pair
        r 1 1 HHH
        r 1 2 HHA
        pair
        r 2 1 HAH
        r 2 2 HAD"
    );
    let ev = replay(&record).unwrap();
    assert_eq!(rounds_text(&ev), ["A-B C-D bye E", "A-C E-D bye B"]);
    check(
        &record,
        expect![[r#"
            match-points sos board-points board-1 board-2 board-3
            1 A mp=4 bp=10 sos=4 by_board=[4, 2, 4] w/d/l=2/0/0
            2 E mp=3 bp=6 sos=1 by_board=[2, 0, 1] w/d/l=0/1/0
            3 C mp=2 bp=6 sos=5 by_board=[2, 4, 0] w/d/l=1/0/1
            4 B mp=2 bp=3 sos=4 by_board=[0, 0, 0] w/d/l=0/0/1
            5 D mp=1 bp=5 sos=5 by_board=[0, 2, 3] w/d/l=0/1/1
        "#]],
    );
    // Today's pairing of the same event is another one: that is why the record must say.
    let today = replay(&format!("{FIVE_TEAMS}\np")).unwrap();
    assert_eq!(rounds_text(&today), ["C-A B-D bye E"]);
    // A round robin's bare `pair` replays by its Berger table, as it always paired.
    let legacy = replay(&format!("{FOUR_TEAMS}\npair\nr 1 1 HHA\nr 1 2 HAA\npair")).unwrap();
    let now = replay(&format!("{FOUR_TEAMS}\np\nr 1 1 HHA\nr 1 2 HAA\np")).unwrap();
    assert_eq!(legacy, now);
}

/// A pairing asked for is recorded as the round it made (`pair ROUND BYE HOME AWAY …`), and
/// that line replays exactly those matches: also a round the system would pair otherwise.
#[test]
fn a_pairing_is_recorded_with_its_matches_and_replays_them_exactly() {
    let mut ev = replay(FIVE_TEAMS).unwrap();
    let mut lines = Vec::new();
    for c in ["p", "r 1 1 HHH", "r 1 2 HHA", "p", "r 2 1 HAH", "r 2 2 HAD"] {
        let changes = if c == "p" {
            vec![Change::Pair]
        } else {
            // The shorthand's changes, through the helper on an empty record.
            let f: Vec<&str> = c.split_whitespace().collect();
            let (round, table): (u32, u32) = (f[1].parse().unwrap(), f[2].parse().unwrap());
            f[3].chars()
                .enumerate()
                .map(|(i, r)| {
                    let home = Match::home_color(i as u32 + 1);
                    Change::Result {
                        round,
                        table,
                        board: i as u32 + 1,
                        result: GameResult::Win {
                            winner: if r == 'H' { home } else { home.opponent() },
                            by: tournament::WinBy::Resignation,
                        },
                    }
                })
                .collect::<Vec<_>>()
        };
        for c in changes {
            let recorded = c.apply(&mut ev).unwrap();
            lines.push(recorded.encode().unwrap());
        }
    }
    let pair_lines: Vec<&String> = lines.iter().filter(|l| l.starts_with("pair")).collect();
    expect![[r#"
        [
            "pair\t1\tE\tC\tA\tB\tD",
            "pair\t2\tA\tE\tB\tD\tC",
        ]
    "#]]
    .assert_debug_eq(&pair_lines);
    // The record replays to the same event.
    let mut record: Vec<Change> = FIVE_TEAMS
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| Change::decode(&l.split('|').map(str::trim).collect::<Vec<_>>().join("\t")).unwrap())
        .collect();
    record.extend(lines.iter().map(|l| Change::decode(l).unwrap()));
    assert_eq!(TeamEvent::replay(&record).unwrap(), ev);
    // A recorded round is restored as recorded, not paired again: A-B C-D with E's bye, and
    // the first result (table 1) is A-B's.
    let ev = replay(&format!(
        "{FIVE_TEAMS}\npair | 1 | E | A | B | C | D\nr 1 1 HHH\nr 1 2 HHA"
    ))
    .unwrap();
    assert_eq!(rounds_text(&ev), ["A-B C-D bye E"]);
    assert_eq!(ev.rounds()[0].matches[0].board_points(), (6, 0));
}

/// A recorded round that does not fit the event is refused with what is wrong, and a
/// request to pair is not a record line.
#[test]
fn a_recorded_pairing_that_does_not_fit_is_refused() {
    let mut out = String::new();
    for line in [
        "pair | 2 | E | A | B | C | D",
        "pair | 1 | E | A | B | C | A",
        "pair | 1 |  | A | B | C | D",
        "pair | 1 | E | A | B | C | F",
        "pair | 1 | D | A | B | C | E | D | E",
    ] {
        let text = match replay(&format!("{FIVE_TEAMS}\n{line}")) {
            Ok(_) => "accepted".to_string(),
            Err(e) => e.to_string(),
        };
        out += &format!("{line}: {text}\n");
    }
    let withdrawn = replay(&format!("{FIVE_TEAMS}\nwithdraw | E\npair | 1 | E | A | B | C | D"));
    out += &format!("E withdrawn: {}\n", withdrawn.unwrap_err());
    out += &format!("request: {}\n", Change::Pair.encode().unwrap_err());
    out += &format!("odd: {}\n", Change::decode("pair\t1\tE\tA\tB\tC").unwrap_err());
    expect![[r#"
        pair | 2 | E | A | B | C | D: the recorded pairing does not replay: the record pairs round 2 where round 1 is next
        pair | 1 | E | A | B | C | A: the recorded pairing does not replay: round 1 names team "A" twice
        pair | 1 |  | A | B | C | D: the recorded pairing does not replay: round 1 leaves out team "E"
        pair | 1 | E | A | B | C | F: no team "F" in the event
        pair | 1 | D | A | B | C | E | D | E: the recorded pairing does not replay: round 1 names team "E" twice
        E withdrawn: the recorded pairing does not replay: round 1 pairs team "E", which is not in the round (withdrawn, or not in the draw)
        request: bad team-event record line: a pairing is recorded as the round it paired (the change Change::apply returns), not as a request
        odd: bad team-event record line: "pair\t1\tE\tA\tB\tC": a pairing names teams two by two (home, away), none empty
    "#]].assert_eq(&out);
}
