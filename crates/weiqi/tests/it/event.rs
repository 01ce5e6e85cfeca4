//! `weiqi event`, run as a director runs it, on temporary databases: whole events of every
//! kind of system, standings checked against an independent computation by hand, withdrawals,
//! and wrong input that must fail with the right status and leave the database unchanged.

use std::collections::HashMap;
use std::process::Command;

use expect_test::expect;
use serde_json::Value;

use super::support::Db;

/// One game as paired and played: black, white, result.
#[derive(Clone, Debug)]
struct Played {
    black: String,
    white: String,
    result: String,
}

/// What a round was: its games and byes.
#[derive(Clone, Debug, Default)]
struct RoundRecord {
    games: Vec<Played>,
    byes: Vec<String>,
}

/// Standings computed by hand from the rounds, by the rules as the tournament crate documents
/// them: win 2, draw 1, loss 0 (forfeits count as wins and losses, both-lose as two losses,
/// Void as nothing); a bye scores `bye` points; SOS is the sum of the final points of every
/// opponent paired against; SODOS the points of the opponents beaten plus half those drawn;
/// SOSOS the sum of the opponents' SOS; cumulative the sum of the running points after each
/// round.
#[derive(Clone, Debug, Default, PartialEq)]
struct Hand {
    points: i64,
    wins: i64,
    draws: i64,
    losses: i64,
    sos: i64,
    sodos: f64,
    sosos: i64,
    cumulative: i64,
    warnings: i64,
}

fn by_hand(players: &[&str], rounds: &[RoundRecord], bye: i64, warnings: &[(&str, i64)]) -> HashMap<String, Hand> {
    let mut h: HashMap<String, Hand> = players.iter().map(|p| (p.to_string(), Hand::default())).collect();
    // (player, opponent, points scored) for every game.
    let mut games: Vec<(String, String, i64)> = Vec::new();
    for r in rounds {
        for g in &r.games {
            let (b, w) = match g.result.as_str() {
                "0" => (1, 1),
                "Void" | "both-lose" => (0, 0),
                res if res.starts_with("B+") => (2, 0),
                res if res.starts_with("W+") => (0, 2),
                res => panic!("unexpected result {res}"),
            };
            for (me, other, pts) in [(&g.black, &g.white, b), (&g.white, &g.black, w)] {
                let x = h.get_mut(me).unwrap();
                x.points += pts;
                match (pts, g.result.as_str()) {
                    (2, _) => x.wins += 1,
                    (1, _) => x.draws += 1,
                    (_, "Void") => {}
                    _ => x.losses += 1,
                }
                games.push((me.clone(), other.clone(), pts));
            }
        }
        for b in &r.byes {
            h.get_mut(b).unwrap().points += bye;
        }
        for x in h.values_mut() {
            x.cumulative += x.points;
        }
    }
    let points: HashMap<String, i64> = h.iter().map(|(k, v)| (k.clone(), v.points)).collect();
    for (me, other, pts) in &games {
        let x = h.get_mut(me).unwrap();
        x.sos += points[other];
        x.sodos += match pts {
            2 => points[other] as f64,
            1 => points[other] as f64 / 2.0,
            _ => 0.0,
        };
    }
    let sos: HashMap<String, i64> = h.iter().map(|(k, v)| (k.clone(), v.sos)).collect();
    for (me, other, _) in &games {
        h.get_mut(me).unwrap().sosos += sos[other];
    }
    for (p, n) in warnings {
        h.get_mut(*p).unwrap().warnings = *n;
    }
    h
}

/// The standings rows as `Hand`s, by name, and the names in order with their places.
fn rows(standings: &Value) -> (HashMap<String, Hand>, Vec<(u64, String)>) {
    let mut by_name = HashMap::new();
    let mut order = Vec::new();
    for r in standings["rows"].as_array().unwrap() {
        let n = |k: &str| r[k].as_i64().unwrap_or_else(|| panic!("{k} in {r}"));
        let name = r["name"].as_str().unwrap().to_string();
        by_name.insert(
            name.clone(),
            Hand {
                points: n("points"),
                wins: n("wins"),
                draws: n("draws"),
                losses: n("losses"),
                sos: n("sos"),
                sodos: r["sodos"].as_f64().unwrap(),
                sosos: n("sosos"),
                cumulative: n("cumulative"),
                warnings: n("warnings"),
            },
        );
        order.push((r["place"].as_u64().unwrap(), name));
    }
    (by_name, order)
}

/// The games and byes of a `pair --json` answer, after checking its shape.
fn paired(db: &Db, event: &str, round: u64) -> (Vec<(u64, String, String)>, Vec<String>) {
    let p = db.json(&["pair", "--event", event]);
    assert_eq!(p["event"], event);
    assert_eq!(p["round"], round);
    let games = p["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["board"].as_u64().unwrap(),
                g["black"].as_str().unwrap().to_string(),
                g["white"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let byes = p["byes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap().to_string())
        .collect();
    (games, byes)
}

fn add_players(db: &Db, event: &str, players: &[(&str, &str)]) {
    for (name, rank) in players {
        db.ok(&["player", "add", "--event", event, "--name", name, "--rank", rank]);
    }
}

/// Ranks: the stronger player wins unless the test says otherwise.
fn strength(rank: &str) -> i32 {
    let n: i32 = rank[..rank.len() - 1].parse().unwrap();
    match rank.chars().last().unwrap() {
        'k' => -n,
        'd' => n,
        _ => 100 + n,
    }
}

const TEN: [(&str, &str); 10] = [
    ("Ann", "6d"),
    ("Bo", "5d"),
    ("Cy", "4d"),
    ("Di", "3d"),
    ("Ed", "2d"),
    ("Fay", "1d"),
    ("Gus", "1k"),
    ("Hal", "2k"),
    ("Ivy", "3k"),
    ("Jo", "4k"),
];

#[test]
fn a_swiss_event_of_ten_players_over_four_rounds() {
    let db = Db::new("swiss");
    db.ok(&[
        "new",
        "--id",
        "open",
        "--system",
        "swiss",
        "--rounds",
        "4",
        "--name",
        "Autumn open",
    ]);
    add_players(&db, "open", &TEN);
    let rank: HashMap<&str, &str> = TEN.iter().copied().collect();
    let names: Vec<&str> = TEN.iter().map(|p| p.0).collect();
    let mut rounds: Vec<RoundRecord> = Vec::new();
    let mut met: Vec<(String, String)> = Vec::new();
    for round in 1..=4u64 {
        let (games, byes) = paired(&db, "open", round);
        assert!(byes.is_empty(), "an even field has no bye");
        // Everyone is paired once; nobody meets an earlier opponent again.
        let mut seen: Vec<&str> = games.iter().flat_map(|(_, b, w)| [b.as_str(), w.as_str()]).collect();
        seen.sort();
        let mut all = names.clone();
        all.sort();
        assert_eq!(seen, all, "round {round}");
        let mut record = RoundRecord::default();
        for (board, black, white) in games {
            assert!(!met.contains(&(black.clone(), white.clone())) && !met.contains(&(white.clone(), black.clone())));
            met.push((black.clone(), white.clone()));
            // The stronger wins, except: a draw on board 2 of round 1, an upset on board 1 of
            // round 2, a forfeit on board 3 of round 3, and no result on board 5 of round 4.
            let result = match (round, board) {
                (1, 2) => "0".to_string(),
                (3, 3) => "W+F".to_string(),
                (4, 5) => "Void".to_string(),
                _ => {
                    let black_wins = strength(rank[black.as_str()]) > strength(rank[white.as_str()]);
                    let black_wins = if (round, board) == (2, 1) {
                        !black_wins
                    } else {
                        black_wins
                    };
                    if black_wins { "B+R".into() } else { "W+2.5".into() }
                }
            };
            db.ok(&[
                "result",
                "--event",
                "open",
                "--round",
                &round.to_string(),
                "--board",
                &board.to_string(),
                "--result",
                &result,
            ]);
            record.games.push(Played { black, white, result });
        }
        rounds.push(record);
        if round == 2 {
            let g = &rounds[1].games[0];
            db.ok(&[
                "warn",
                "--event",
                "open",
                "--round",
                "2",
                "--board",
                "1",
                "--name",
                &g.white.clone(),
                "--note",
                "phone",
            ]);
        }
    }
    let warned = rounds[1].games[0].white.clone();
    let hand = by_hand(&names, &rounds, 2, &[(warned.as_str(), 1)]);
    let standings = db.json(&["standings", "--event", "open"]);
    assert_eq!(standings["event"], "open");
    assert_eq!(standings["after_round"], 4);
    let (got, order) = rows(&standings);
    assert_eq!(got, hand);
    // Sorted by points, then SOS, then fewer warnings; lots last, so every place is its own.
    for w in order.windows(2) {
        let (a, b) = (&hand[&w[0].1], &hand[&w[1].1]);
        assert!(
            (a.points, a.sos, -a.warnings) >= (b.points, b.sos, -b.warnings),
            "{order:?}"
        );
    }
    assert_eq!(
        order.iter().map(|o| o.0).collect::<Vec<_>>(),
        (1..=10).collect::<Vec<u64>>()
    );
    // Pairing a fifth round is refused: the event has four.
    let err = db.fails(&["pair", "--event", "open"], 1);
    expect![[r#"
        weiqi event: event "open": the event is finished: every round has been paired
    "#]]
    .assert_eq(&err);
    // Art. 26.3: a round can be added.
    db.ok(&["rounds", "--event", "open", "--rounds", "5"]);
    paired(&db, "open", 5);
}

#[test]
fn a_swiss_round_of_an_odd_field_gives_the_bye_to_the_lowest() {
    let db = Db::new("swiss-bye");
    db.ok(&[
        "new",
        "--id",
        "s",
        "--system",
        "swiss",
        "--rounds",
        "3",
        "--bye",
        "draw",
        "--tie-breaks",
        "points",
    ]);
    add_players(&db, "s", &TEN[..9]);
    let (games, byes) = paired(&db, "s", 1);
    // The weakest takes the bye; the top half meets the bottom half.
    assert_eq!(byes, ["Ivy"]);
    let pairs: Vec<(String, String)> = games
        .iter()
        .map(|(_, b, w)| {
            if b < w {
                (b.clone(), w.clone())
            } else {
                (w.clone(), b.clone())
            }
        })
        .collect();
    expect![[r#"
        [
            (
                "Ann",
                "Ed",
            ),
            (
                "Bo",
                "Fay",
            ),
            (
                "Cy",
                "Gus",
            ),
            (
                "Di",
                "Hal",
            ),
        ]
    "#]]
    .assert_debug_eq(&pairs);
    for (board, _, _) in &games {
        db.ok(&[
            "result",
            "--event",
            "s",
            "--round",
            "1",
            "--board",
            &board.to_string(),
            "--result",
            "0",
        ]);
    }
    // Everyone drew and the bye is worth a draw: nine players share first place.
    let s = db.json(&["standings", "--event", "s"]);
    let places: Vec<u64> = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["place"].as_u64().unwrap())
        .collect();
    assert_eq!(places, [1; 9]);
    let table = db.ok(&["standings", "--event", "s"]);
    assert!(table.lines().nth(3).unwrap().starts_with("   1="), "{table}");
}

#[test]
fn a_round_robin_of_four_players_checked_against_a_crosstable_by_hand() {
    let db = Db::new("rr");
    db.ok(&[
        "new",
        "--id",
        "rr",
        "--system",
        "round-robin",
        "--rounds",
        "3",
        "--lots-seed",
        "7",
    ]);
    add_players(&db, "rr", &[("A", "5d"), ("B", "4d"), ("C", "3d"), ("D", "2d")]);
    // The crosstable: A beats everyone; B beats C and draws with D; C beats D.
    let winner = |x: &str, y: &str| -> Option<String> {
        let mut p = [x, y];
        p.sort();
        match p {
            ["B", "D"] => None,
            _ => Some(p[0].to_string()),
        }
    };
    let mut rounds = Vec::new();
    let mut met = Vec::new();
    for round in 1..=3u64 {
        let (games, byes) = paired(&db, "rr", round);
        assert!(byes.is_empty());
        let mut record = RoundRecord::default();
        for (board, black, white) in games {
            let result = match winner(&black, &white) {
                None => "0".to_string(),
                Some(w) if w == black => "B+R".to_string(),
                Some(_) => "W+R".to_string(),
            };
            let mut pair = [black.clone(), white.clone()];
            pair.sort();
            met.push(pair);
            db.ok(&[
                "result",
                "--event",
                "rr",
                "--round",
                &round.to_string(),
                "--board",
                &board.to_string(),
                "--result",
                &result,
            ]);
            record.games.push(Played { black, white, result });
        }
        rounds.push(record);
    }
    met.sort();
    // Berger tables: every pair meets exactly once.
    assert_eq!(met.len(), 6);
    met.dedup();
    assert_eq!(met.len(), 6);
    let s = db.json(&["standings", "--event", "rr"]);
    let (got, order) = rows(&s);
    // By hand: points A 6, B 3, C 2, D 1; SOS A 3+2+1, B 6+2+1, C 6+3+1, D 6+3+2; SODOS A 3+2+1,
    // B 2 (beat C) + 1/2 (drew D), C 1 (beat D), D 3/2 (drew B); SOSOS the opponents' SOS,
    // A 9+10+11, B 6+10+11, C 6+9+11, D 6+9+10. Cumulative depends on the order of the
    // rounds, which the draw decides: computed.
    let cumulative = by_hand(&["A", "B", "C", "D"], &rounds, 2, &[]);
    let want = |points, wins, draws, losses, sos, sodos, sosos, p: &str| Hand {
        points,
        wins,
        draws,
        losses,
        sos,
        sodos,
        sosos,
        cumulative: cumulative[p].cumulative,
        warnings: 0,
    };
    let mut hand = HashMap::new();
    hand.insert("A".to_string(), want(6, 3, 0, 0, 6, 6.0, 30, "A"));
    hand.insert("B".to_string(), want(3, 1, 1, 1, 9, 2.5, 27, "B"));
    hand.insert("C".to_string(), want(2, 1, 0, 2, 10, 1.0, 26, "C"));
    hand.insert("D".to_string(), want(1, 0, 1, 2, 11, 1.5, 25, "D"));
    assert_eq!(got, hand);
    assert_eq!(
        got, cumulative,
        "the by-hand computation agrees with the literal crosstable"
    );
    // Round robin ranks by points, then 胜者小分 (SODOS).
    assert_eq!(
        order,
        [(1, "A".into()), (2, "B".into()), (3, "C".into()), (4, "D".into())]
    );
    db.fails(&["pair", "--event", "rr"], 1);
}

#[test]
fn a_double_round_robin_swaps_colors_in_the_second_cycle_and_an_odd_field_rests_in_turn() {
    let db = Db::new("drr");
    db.ok(&["new", "--id", "d", "--system", "double-round-robin", "--rounds", "10"]);
    add_players(
        &db,
        "d",
        &[("A", "5d"), ("B", "4d"), ("C", "3d"), ("D", "2d"), ("E", "1d")],
    );
    let mut colored = Vec::new();
    let mut byes_of: HashMap<String, u32> = HashMap::new();
    let mut round = 1;
    loop {
        let out = db.run(&["pair", "--event", "d", "--json"]);
        if out.status.code() == Some(1) {
            break;
        }
        let p: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(p["round"], round);
        // Art. 26.2, 27.1: the odd player rests (轮休): no game, no bye, no points.
        assert_eq!(p["byes"], serde_json::json!([]), "round {round}");
        for b in p["rests"].as_array().unwrap() {
            *byes_of.entry(b.as_str().unwrap().to_string()).or_default() += 1;
        }
        for g in p["games"].as_array().unwrap() {
            let (b, w) = (
                g["black"].as_str().unwrap().to_string(),
                g["white"].as_str().unwrap().to_string(),
            );
            let board = g["board"].to_string();
            db.ok(&[
                "result",
                "--event",
                "d",
                "--round",
                &round.to_string(),
                "--board",
                &board,
                "--result",
                "B+R",
            ]);
            colored.push((b, w));
        }
        if round == 1 {
            // After round 1 the player resting has nothing, below both winners.
            let resting = p["rests"][0].as_str().unwrap();
            let st = db.json(&["standings", "--event", "d"]);
            let rows = st["rows"].as_array().unwrap();
            let at = rows.iter().position(|r| r["name"] == resting).unwrap();
            assert_eq!(rows[at]["points"], 0);
            assert!(at >= 2 && rows[..2].iter().all(|r| r["points"] == 2), "{st}");
            let shown = db.ok(&["show", "--event", "d"]);
            assert!(
                shown.contains(&format!("rest (轮休, no game, no points): {resting}\n")),
                "{shown}"
            );
        }
        round += 1;
    }
    // Five players: 2 × 5 rounds, each player resting once per cycle, each pair meeting twice
    // with each color once.
    assert_eq!(round - 1, 10);
    assert!(byes_of.values().all(|&n| n == 2) && byes_of.len() == 5, "{byes_of:?}");
    assert_eq!(colored.len(), 20);
    for (b, w) in &colored {
        assert_eq!(
            colored.iter().filter(|g| g == &&(w.clone(), b.clone())).count(),
            1,
            "{b}-{w}"
        );
    }
}

#[test]
fn a_knockout_of_eight_seeds_one_against_eight_and_ends_with_the_final() {
    let db = Db::new("ko");
    db.ok(&["new", "--id", "ko", "--system", "knockout", "--rounds", "3"]);
    let players = [
        ("S1", "9p"),
        ("S2", "8p"),
        ("S3", "7p"),
        ("S4", "6p"),
        ("S5", "5p"),
        ("S6", "4p"),
        ("S7", "3p"),
        ("S8", "2p"),
    ];
    add_players(&db, "ko", &players);
    let mut meetings = Vec::new();
    for round in 1..=3u64 {
        let (games, byes) = paired(&db, "ko", round);
        assert!(byes.is_empty());
        let mut r = Vec::new();
        for (board, black, white) in games {
            // The better seed wins.
            let result = if black < white { "B+R" } else { "W+R" };
            db.ok(&[
                "result",
                "--event",
                "ko",
                "--round",
                &round.to_string(),
                "--board",
                &board.to_string(),
                "--result",
                result,
            ]);
            let mut pair = [black, white];
            pair.sort();
            r.push(pair.join("-"));
        }
        r.sort();
        meetings.push(r);
    }
    // 1 v 8, 4 v 5, 2 v 7, 3 v 6; then 1 v 4 and 2 v 3; seeds 1 and 2 meet in the final.
    expect![[r#"
        [
            [
                "S1-S8",
                "S2-S7",
                "S3-S6",
                "S4-S5",
            ],
            [
                "S1-S4",
                "S2-S3",
            ],
            [
                "S1-S2",
            ],
        ]
    "#]]
    .assert_debug_eq(&meetings);
    db.fails(&["pair", "--event", "ko"], 1);
    let (_, order) = rows(&db.json(&["standings", "--event", "ko"]));
    assert_eq!(order[0], (1, "S1".into()));
    assert_eq!(order[1], (2, "S2".into()));
}

#[test]
fn a_knockout_of_six_gives_the_byes_to_the_top_seeds() {
    let db = Db::new("ko6");
    db.ok(&["new", "--id", "k", "--system", "knockout", "--rounds", "3"]);
    add_players(
        &db,
        "k",
        &[
            ("S1", "6d"),
            ("S2", "5d"),
            ("S3", "4d"),
            ("S4", "3d"),
            ("S5", "2d"),
            ("S6", "1d"),
        ],
    );
    let (games, byes) = paired(&db, "k", 1);
    // The top seeds advance to round 2 without a game: the byes of round 1, in the JSON's
    // `byes`, scored with the event's bye value.
    assert_eq!(byes, ["S1", "S2"]);
    let show = db.json(&["show", "--event", "k"]);
    assert_eq!(show["rounds"][0]["byes"], serde_json::json!(["S1", "S2"]));
    assert_eq!(show["rounds"][0]["idle"], serde_json::json!([]));
    let text = db.ok(&["show", "--event", "k"]);
    assert!(text.contains("bye (advances without playing): S1\n"), "{text}");
    let mut pairs: Vec<String> = games
        .iter()
        .map(|(_, b, w)| if b < w { format!("{b}-{w}") } else { format!("{w}-{b}") })
        .collect();
    pairs.sort();
    assert_eq!(pairs, ["S3-S6", "S4-S5"]);
}

#[test]
fn withdrawals_stop_the_pairing_or_void_the_results() {
    // Swiss (Art. 28): results stand, no further pairing.
    let db = Db::new("withdraw");
    db.ok(&["new", "--id", "s", "--system", "swiss", "--rounds", "3"]);
    add_players(&db, "s", &TEN[..6]);
    let (games, _) = paired(&db, "s", 1);
    for (board, _, _) in &games {
        db.ok(&[
            "result",
            "--event",
            "s",
            "--round",
            "1",
            "--board",
            &board.to_string(),
            "--result",
            "B+R",
        ]);
    }
    let out = db.ok(&["withdraw", "--event", "s", "--name", "Fay", "--reason", "ill"]);
    expect![[r#"
        Fay withdrew from event "s" after round 1: results stand, no further pairing (Art. 28)
    "#]]
    .assert_eq(&out);
    let (games, byes) = paired(&db, "s", 2);
    let in_round2: Vec<&str> = games
        .iter()
        .flat_map(|(_, b, w)| [b.as_str(), w.as_str()])
        .chain(byes.iter().map(String::as_str))
        .collect();
    assert_eq!(in_round2.len(), 5);
    assert!(!in_round2.contains(&"Fay"));
    let (table, _) = rows(&db.json(&["standings", "--event", "s"]));
    assert_eq!(table["Fay"].wins + table["Fay"].losses, 1, "Fay's round-1 game stands");
    let players = db.json(&["player", "list", "--event", "s"]);
    assert_eq!(players[5]["status"], "withdrew after round 1");

    // Round robin (Art. 28.2): under half the rounds played, all results void.
    let db = Db::new("withdraw-rr");
    db.ok(&["new", "--id", "rr", "--system", "round-robin", "--rounds", "5"]);
    add_players(&db, "rr", &TEN[..6]);
    let (games, _) = paired(&db, "rr", 1);
    for (board, _, _) in &games {
        db.ok(&[
            "result",
            "--event",
            "rr",
            "--round",
            "1",
            "--board",
            &board.to_string(),
            "--result",
            "W+R",
        ]);
    }
    let out = db.ok(&["withdraw", "--event", "rr", "--name", "Ann"]);
    expect![[r#"
        Ann withdrew from event "rr" after round 1, fewer than half the rounds played: all results void (Art. 28.2)
    "#]]
    .assert_eq(&out);
    let show = db.json(&["show", "--event", "rr"]);
    let ann_game = show["rounds"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["black"] == "Ann" || g["white"] == "Ann")
        .unwrap()
        .clone();
    assert_eq!(ann_game["void"], true);
    let (table, _) = rows(&db.json(&["standings", "--event", "rr"]));
    let opponent = if ann_game["black"] == "Ann" {
        ann_game["white"].as_str().unwrap()
    } else {
        ann_game["black"].as_str().unwrap()
    };
    assert_eq!(
        (table[opponent].points, table[opponent].wins + table[opponent].losses),
        (0, 0),
        "the voided game counts for nobody"
    );
    // A result on the voided game is refused.
    let board = ann_game["board"].to_string();
    let err = db.fails(
        &[
            "result",
            "--event",
            "rr",
            "--round",
            "1",
            "--board",
            &board,
            "--result",
            "B+R",
            "--correct",
        ],
        1,
    );
    assert!(err.contains("voided by a withdrawal (Art. 28.2)"), "{err}");
}

#[test]
fn standings_after_round_leave_out_a_round_paired_but_unfinished() {
    // Round 1 complete, round 2 paired with a bye and one result in: the standings, JSON and
    // table, are still those after round 1 — the round-2 bye player has no more points.
    let db = Db::new("unfinished");
    db.ok(&["new", "--id", "s", "--system", "swiss", "--rounds", "3"]);
    add_players(&db, "s", &TEN[..5]);
    let (games, _) = paired(&db, "s", 1);
    for (board, black, white) in &games {
        let result = if strength(TEN.iter().find(|p| p.0 == black).unwrap().1)
            > strength(TEN.iter().find(|p| p.0 == white).unwrap().1)
        {
            "B+R"
        } else {
            "W+R"
        };
        db.ok(&[
            "result",
            "--event",
            "s",
            "--round",
            "1",
            "--board",
            &board.to_string(),
            "--result",
            result,
        ]);
    }
    let after_one = db.json(&["standings", "--event", "s"]);
    assert_eq!(after_one["after_round"], 1);
    let table_one = db.ok(&["standings", "--event", "s"]);
    let (games, byes) = paired(&db, "s", 2);
    assert_eq!(byes.len(), 1);
    assert_eq!(
        db.json(&["standings", "--event", "s"]),
        after_one,
        "a paired round changes nothing"
    );
    db.ok(&[
        "result", "--event", "s", "--round", "2", "--board", "1", "--result", "B+R",
    ]);
    assert_eq!(
        db.json(&["standings", "--event", "s"]),
        after_one,
        "a partial round changes nothing"
    );
    assert_eq!(db.ok(&["standings", "--event", "s"]), table_one);
    for (board, _, _) in &games[1..] {
        db.ok(&[
            "result",
            "--event",
            "s",
            "--round",
            "2",
            "--board",
            &board.to_string(),
            "--result",
            "W+R",
        ]);
    }
    let after_two = db.json(&["standings", "--event", "s"]);
    assert_eq!(after_two["after_round"], 2);
    let points = |s: &Value, who: &str| {
        s["rows"].as_array().unwrap().iter().find(|r| r["name"] == who).unwrap()["points"]
            .as_i64()
            .unwrap()
    };
    assert_eq!(points(&after_two, &byes[0]), points(&after_one, &byes[0]) + 2);
}

#[test]
fn a_round_past_the_planned_rounds_is_refused_even_by_hand() {
    let db = Db::new("past-planned");
    db.ok(&["new", "--id", "s", "--system", "swiss", "--rounds", "1"]);
    add_players(&db, "s", &TEN[..4]);
    db.ok(&[
        "pair", "--event", "s", "--manual", "--game", "Ann", "Bo", "--game", "Cy", "Di",
    ]);
    for board in ["1", "2"] {
        db.ok(&[
            "result", "--event", "s", "--round", "1", "--board", board, "--result", "B+R",
        ]);
    }
    let manual = [
        "pair", "--event", "s", "--manual", "--game", "Ann", "Cy", "--game", "Bo", "Di",
    ];
    let e = db.fails(&manual, 1);
    assert!(e.contains("round 2 is past the 1 round(s) planned"), "{e}");
    db.fails(
        &["pair", "--event", "s", "--game", "Ann", "Cy", "--game", "Bo", "Di"],
        1,
    );
    db.fails(&["pair", "--event", "s"], 1);
    // The director adds a round (Art. 26.3): now it can be paired by hand.
    db.ok(&["rounds", "--event", "s", "--rounds", "2"]);
    db.ok(&manual);
}

/// Pairs round `round` through `pair --json` and records the stronger player (by `players`'
/// ranks) as the winner of every game; returns the games and byes.
fn play_round(db: &Db, event: &str, round: u64, players: &[(&str, &str)]) -> (Vec<(u64, String, String)>, Vec<String>) {
    let rank = |n: &str| strength(players.iter().find(|p| p.0 == n).unwrap().1);
    let (games, byes) = paired(db, event, round);
    for (board, black, white) in &games {
        let result = if rank(black) > rank(white) { "B+R" } else { "W+R" };
        db.ok(&[
            "result",
            "--event",
            event,
            "--round",
            &round.to_string(),
            "--board",
            &board.to_string(),
            "--result",
            result,
        ]);
    }
    (games, byes)
}

#[test]
fn a_mcmahon_event_starts_each_player_at_the_rank_between_bar_and_floor() {
    let db = Db::new("mcmahon");
    db.ok(&[
        "new", "--id", "m", "--system", "mcmahon", "--rounds", "2", "--bar", "2d", "--floor", "2k",
    ]);
    let players = [
        ("Ann", "5d"),
        ("Bo", "3d"),
        ("Cy", "2d"),
        ("Di", "1d"),
        ("Ed", "1k"),
        ("Fay", "2k"),
        ("Gus", "5k"),
        ("Hal", "10k"),
    ];
    add_players(&db, "m", &players);
    // The McMahon start, in points (a win is 2): two per grade above the floor, everyone at or
    // above the bar (2d) as the bar, everyone at or below the floor (2k) as the floor.
    let start: HashMap<&str, i64> = [
        ("Ann", 6),
        ("Bo", 6),
        ("Cy", 6),
        ("Di", 4),
        ("Ed", 2),
        ("Fay", 0),
        ("Gus", 0),
        ("Hal", 0),
    ]
    .into_iter()
    .collect();
    let (games, byes) = play_round(&db, "m", 1, &players);
    assert!(byes.is_empty());
    // Close McMahon scores meet: never more than one grade apart in round 1.
    for (_, b, w) in &games {
        assert!((start[b.as_str()] - start[w.as_str()]).abs() <= 2, "{b} v {w}");
    }
    // SOS on the McMahon score: each opponent's start plus points.
    let s = db.json(&["standings", "--event", "m"]);
    let (got, _) = rows(&s);
    let opponent: HashMap<String, String> = games
        .iter()
        .flat_map(|(_, b, w)| [(b.clone(), w.clone()), (w.clone(), b.clone())])
        .collect();
    for (name, h) in &got {
        let o = &opponent[name];
        assert_eq!(h.sos, start[o.as_str()] + got[o].points, "{name}'s SOS");
    }
}

#[test]
fn a_swiss_elimination_drops_players_after_their_losses() {
    let db = Db::new("swiss-elim");
    db.ok(&[
        "new",
        "--id",
        "e",
        "--system",
        "swiss-elimination",
        "--losses",
        "1",
        "--rounds",
        "5",
    ]);
    let players = &TEN[..8];
    add_players(&db, "e", players);
    let mut out: Vec<String> = Vec::new();
    let mut fields = Vec::new();
    for round in 1..=3 {
        let (games, byes) = play_round(&db, "e", round, players);
        assert!(byes.is_empty(), "Art. 26.4 keeps the field even");
        let mut field = Vec::new();
        for (_, b, w) in &games {
            assert!(
                !out.contains(b) && !out.contains(w),
                "round {round}: {b} v {w} after a loss"
            );
            field.extend([b.clone(), w.clone()]);
            let rank = |n: &str| strength(players.iter().find(|p| p.0 == n).unwrap().1);
            out.push(if rank(b) > rank(w) { w.clone() } else { b.clone() });
        }
        fields.push(field.len());
    }
    assert_eq!(fields, [8, 4, 2]);
    // One player left: nothing more to pair.
    db.fails(&["pair", "--event", "e"], 1);
    let (_, order) = rows(&db.json(&["standings", "--event", "e"]));
    assert_eq!(order[0], (1, "Ann".into()));
}

#[test]
fn a_double_elimination_of_three_lists_the_bracket_byes() {
    let db = Db::new("double-elim");
    db.ok(&["new", "--id", "d", "--system", "double-elimination", "--rounds", "4"]);
    let players = [("S1", "3d"), ("S2", "2d"), ("S3", "1d")];
    add_players(&db, "d", &players);
    let mut rounds = Vec::new();
    // The stronger wins, except S2 over S1 in the winner final (round 2).
    for round in 1..=4u64 {
        let (games, byes) = paired(&db, "d", round);
        for (board, black, white) in &games {
            let rank = |n: &str| strength(players.iter().find(|p| p.0 == n).unwrap().1);
            let black_wins = if round == 2 {
                black == "S2"
            } else {
                rank(black) > rank(white)
            };
            let result = if black_wins { "B+R" } else { "W+R" };
            db.ok(&[
                "result",
                "--event",
                "d",
                "--round",
                &round.to_string(),
                "--board",
                &board.to_string(),
                "--result",
                result,
            ]);
        }
        let mut games: Vec<String> = games.iter().map(|(_, b, w)| format!("{b}-{w}")).collect();
        games.sort();
        rounds.push(format!("{} bye {}", games.join(" "), byes.join(",")));
    }
    // Round 1: S1 has the bye of the bracket (no fourth player). Round 2: the winner final;
    // S3, loser of round 1, has the loser bracket's bye. Round 3: the loser-bracket final
    // (S2 waits for the grand final: idle, not a bye). Round 4: the grand final.
    expect![[r#"
        [
            "S3-S2 bye S1",
            "S1-S2 bye S3",
            "S1-S3 bye ",
            "S1-S2 bye ",
        ]
    "#]]
    .assert_debug_eq(&rounds);
    db.fails(&["pair", "--event", "d"], 1);
    let (_, order) = rows(&db.json(&["standings", "--event", "d"]));
    let names: Vec<&str> = order.iter().map(|(_, n)| n.as_str()).collect();
    // S1 came back through the loser bracket and won the grand final (no reset): S2 is out
    // after one loss, second.
    assert_eq!(names, ["S1", "S2", "S3"]);
}

#[test]
fn director_changes_are_recorded_as_such() {
    let db = Db::new("director");
    db.ok(&["new", "--id", "s", "--system", "swiss", "--rounds", "3"]);
    add_players(&db, "s", &TEN[..4]);
    let proposal = db.json(&["pair", "--event", "s", "--dry-run"]);
    assert_eq!(proposal["round"], 1);
    // The dry run saved nothing.
    assert_eq!(db.json(&["show", "--event", "s"])["rounds"], serde_json::json!([]));
    let out = db.ok(&["pair", "--event", "s", "--game", "Ann", "Bo", "--game", "Cy", "Di"]);
    assert!(
        out.starts_with("round 1: amended by the director (the proposal is kept)\n"),
        "{out}"
    );
    assert!(out.contains("proposed: "), "{out}");
    let show = db.json(&["show", "--event", "s"]);
    assert_eq!(show["rounds"][0]["origin"], "amended");
    // Unpair it and pair by hand.
    db.ok(&["unpair", "--event", "s", "--round", "1"]);
    db.ok(&["pair", "--event", "s", "--manual", "--game", "Di", "Ann", "--bye", "Bo"]);
    let show = db.json(&["show", "--event", "s"]);
    assert_eq!(show["rounds"][0]["origin"], "manual");
    assert_eq!(show["rounds"][0]["idle"], serde_json::json!(["Cy"]));
}

/// An amended round is reviewed as the pages review it: a player the system pairs left
/// with neither a game nor a bye is refused (Art. 26); a repeat of an earlier game (Art.
/// 26.3) is refused until the director passes --confirm; nothing is paired before.
#[test]
fn an_amended_round_that_drops_a_player_is_refused_and_a_repeat_needs_confirm() {
    let db = Db::new("review");
    db.ok(&["new", "--id", "s", "--system", "swiss", "--rounds", "3"]);
    add_players(&db, "s", &TEN[..4]);
    db.ok(&[
        "pair",
        "--event",
        "s",
        "--game",
        "Ann",
        "Bo",
        "--game",
        "Cy",
        "Di",
        "--confirm",
    ]);
    for board in ["1", "2"] {
        db.ok(&[
            "result", "--event", "s", "--round", "1", "--board", board, "--result", "B+R",
        ]);
    }
    let e = db.fails(&["pair", "--event", "s", "--game", "Ann", "Cy"], 2);
    assert!(e.contains("round 2: Di, Bo would have neither a game nor a bye"), "{e}");
    let repeat = ["pair", "--event", "s", "--game", "Ann", "Bo", "--game", "Cy", "Di"];
    let e = db.fails(&repeat, 2);
    assert!(
        e.contains("Ann and Bo met in round 1 with the same colours (Art. 26.3)")
            && e.contains("Cy and Di met in round 1")
            && e.contains("pass --confirm"),
        "{e}"
    );
    assert_eq!(
        db.json(&["show", "--event", "s"])["rounds"].as_array().unwrap().len(),
        1
    );
    let mut confirmed = repeat.to_vec();
    confirmed.push("--confirm");
    db.ok(&confirmed);
    assert_eq!(
        db.json(&["show", "--event", "s"])["rounds"].as_array().unwrap().len(),
        2
    );
}

#[test]
fn wrong_input_fails_with_status_2_and_changes_nothing() {
    let db = Db::new("errors");
    db.ok(&["new", "--id", "e", "--system", "swiss", "--rounds", "2"]);
    add_players(&db, "e", &TEN[..4]);
    let cases: &[(&[&str], i32)] = &[
        (&["new", "--id", "e", "--system", "swiss", "--rounds", "2"], 2),
        (&["new", "--id", "x", "--system", "monrad", "--rounds", "2"], 2),
        (
            &[
                "new",
                "--id",
                "x",
                "--system",
                "knockout",
                "--best-of",
                "4",
                "--rounds",
                "2",
            ],
            2,
        ),
        (
            &[
                "new",
                "--id",
                "x",
                "--system",
                "swiss",
                "--rounds",
                "2",
                "--tie-breaks",
                "points,sos,points",
            ],
            2,
        ),
        (
            &[
                "new",
                "--id",
                "x",
                "--system",
                "swiss",
                "--rounds",
                "2",
                "--time-control",
                "5m+10s",
            ],
            2,
        ),
        (&["new", "--id", "x", "--system", "swiss"], 2),
        (&["player", "add", "--event", "nope", "--name", "Z", "--rank", "1d"], 2),
        (&["player", "add", "--event", "e", "--name", "Ann", "--rank", "1d"], 2),
        (&["player", "add", "--event", "e", "--name", "Z", "--rank", "8d"], 2),
        (
            &[
                "player",
                "add",
                "--event",
                "e",
                "--name",
                "Z",
                "--rank",
                "1d",
                "--born",
                "2001-02-30",
            ],
            2,
        ),
        (
            &[
                "result", "--event", "e", "--round", "1", "--board", "1", "--result", "B+R",
            ],
            2,
        ),
        (&["withdraw", "--event", "e", "--name", "Zed"], 2),
        (&["pair", "--event", "e", "--game", "Ann", "Zed"], 2),
        (&["pair", "--event", "e", "--game", "Ann", "Ann"], 2),
        (&["standings", "--event", "nope"], 2),
    ];
    let mut messages = String::new();
    for (args, code) in cases {
        messages += &db.fails(args, *code);
    }
    db.ok(&["pair", "--event", "e"]);
    let cases: &[(&[&str], i32)] = &[
        (
            &[
                "result", "--event", "e", "--round", "1", "--board", "3", "--result", "B+R",
            ],
            2,
        ),
        (
            &[
                "result", "--event", "e", "--round", "2", "--board", "1", "--result", "B+R",
            ],
            2,
        ),
        (
            &[
                "result", "--event", "e", "--round", "1", "--board", "1", "--result", "B+X",
            ],
            2,
        ),
        (
            &["warn", "--event", "e", "--round", "1", "--board", "1", "--name", "Zed"],
            2,
        ),
        (&["pair", "--event", "e"], 1),
    ];
    for (args, code) in cases {
        messages += &db.fails(args, *code);
    }
    db.ok(&[
        "result", "--event", "e", "--round", "1", "--board", "1", "--result", "B+R",
    ]);
    db.ok(&[
        "result", "--event", "e", "--round", "1", "--board", "1", "--result", "B+R",
    ]);
    messages += &db.fails(
        &[
            "result", "--event", "e", "--round", "1", "--board", "1", "--result", "W+R",
        ],
        1,
    );
    messages += &db.fails(&["unpair", "--event", "e", "--round", "1"], 1);
    db.ok(&["withdraw", "--event", "e", "--name", "Di"]);
    messages += &db.fails(&["withdraw", "--event", "e", "--name", "Di"], 1);
    // Strip clap's usage hints, which name the binary's path.
    let messages: String = messages
        .lines()
        .filter(|l| l.starts_with("weiqi") || l.starts_with("error"))
        .map(|l| format!("{l}\n"))
        .collect();
    expect![[r#"
        weiqi event: event "e" already exists
        weiqi event: unknown system "monrad": expected swiss, mcmahon, round-robin, double-round-robin, knockout, double-elimination or swiss-elimination
        weiqi event: event "x": invalid system: best of 4: a match is 1 game or best of 3, 5 or 7 (Art. 26.5)
        weiqi event: event "x": the tie-break points appears twice in the chain (Art. 27: each criterion once)
        weiqi event: event "x": invalid time control "5m+10s", column 7: a duration alone after +: write 1x10s for byo-yomi or 10s/move for a fischer increment (Art. 12)
        error: the following required arguments were not provided:
        weiqi event: no event "nope"
        weiqi event: event "e": a player named "Ann" is already registered
        weiqi event: --rank: rank "8d" is out of range (kyu 30k-1k, amateur 1d-7d, professional 1p-9p; Art. 25.3)
        weiqi event: --born: date "2001-02-30" is not a real day written YYYY-MM-DD
        weiqi event: round 1 of event "e" is not paired (0 round(s) paired so far)
        weiqi event: event "e": no player named "Zed"
        weiqi event: event "e": no player named "Zed"
        weiqi event: event "e": invalid pairing: Ann appears twice
        weiqi event: no event "nope"
        weiqi event: round 1 of event "e" has no board 3 (boards 1 to 2)
        weiqi event: round 2 of event "e" is not paired (1 round(s) paired so far)
        weiqi event: --result: result "B+X" is not one of B+R, W+1.5, B+T, B+F, B+, 0, Draw, Void, both-lose, 黑中盘胜, 白胜3又3/4子
        weiqi event: event "e": no player named "Zed"
        weiqi event: event "e": round 1 board 1 has no result yet
        weiqi event: board 1 of round 1 of event "e" already has the result B+R; pass --correct to replace it
        weiqi event: round 1 of event "e" cannot be unpaired: results, withdrawals or warnings were recorded after it
        weiqi event: event "e": "Di" has already withdrawn
    "#]]
    .assert_eq(&messages);
}

#[test]
fn a_result_that_contradicts_the_game_record_is_refused() {
    let db = Db::new("sgf");
    db.ok(&["new", "--id", "s", "--system", "swiss", "--rounds", "2"]);
    add_players(&db, "s", &TEN[..4]);
    let (games, _) = paired(&db, "s", 1);
    let (_, black, white) = &games[0];
    let record = |pb: &str, re: &str| {
        let path = db.dir.join(format!("{pb}-{re}.sgf"));
        std::fs::write(&path, format!("(;FF[4]SZ[19]PB[{pb}]PW[{white}]RE[{re}];B[pd];W[dd])")).unwrap();
        path.to_str().unwrap().to_string()
    };
    let good = record(black, "W+3.5");
    let err = db.fails(
        &[
            "result", "--event", "s", "--round", "1", "--board", "1", "--sgf", &good, "--result", "B+R",
        ],
        2,
    );
    assert!(err.contains("the result B+R contradicts the record"), "{err}");
    let wrong = record("Somebody", "W+3.5");
    let err = db.fails(
        &[
            "result", "--event", "s", "--round", "1", "--board", "1", "--sgf", &wrong,
        ],
        2,
    );
    assert!(
        err.contains(&format!(
            "has \"Somebody\" as Black, but Black on board 1 of round 1 of event \"s\" is \"{black}\""
        )),
        "{err}"
    );
    // The record's RE stands for --result.
    let out = db.ok(&["result", "--event", "s", "--round", "1", "--board", "1", "--sgf", &good]);
    assert!(out.ends_with("W+3.5 recorded\n"), "{out}");
    db.ok(&[
        "result", "--event", "s", "--round", "1", "--board", "1", "--sgf", &good, "--result", "W+3.5",
    ]);
}

#[test]
fn results_entered_at_once_by_many_processes_are_all_kept() {
    let db = Db::new("concurrent");
    db.ok(&["new", "--id", "c", "--system", "swiss", "--rounds", "2"]);
    let players: Vec<(String, String)> = (0..20).map(|i| (format!("P{i:02}"), format!("{}k", i + 1))).collect();
    let refs: Vec<(&str, &str)> = players.iter().map(|(n, r)| (n.as_str(), r.as_str())).collect();
    add_players(&db, "c", &refs);
    let (games, _) = paired(&db, "c", 1);
    // Ten referees send their results at the same moment; each write waits for the lock.
    let children: Vec<_> = games
        .iter()
        .map(|(board, _, _)| {
            Command::new(env!("CARGO_BIN_EXE_weiqi"))
                .args([
                    "event",
                    "result",
                    "--event",
                    "c",
                    "--round",
                    "1",
                    "--board",
                    &board.to_string(),
                ])
                .args(["--result", "B+R", "--db"])
                .arg(db.path())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let (table, _) = rows(&db.json(&["standings", "--event", "c"]));
    assert_eq!(table.values().map(|h| h.wins).sum::<i64>(), 10);
    paired(&db, "c", 2);
}

#[test]
fn the_database_is_db_else_weiqi_db_else_the_current_folder() {
    let db = Db::new("where");
    let bin = env!("CARGO_BIN_EXE_weiqi");
    let run = |env: Option<&str>, args: &[&str]| {
        let mut c = Command::new(bin);
        c.current_dir(&db.dir).env_remove("WEIQI_DB").arg("event").args(args);
        if let Some(e) = env {
            c.env("WEIQI_DB", e);
        }
        let out = c.output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    };
    run(None, &["new", "--id", "here", "--system", "swiss", "--rounds", "1"]);
    run(
        Some("env.db"),
        &["new", "--id", "env", "--system", "swiss", "--rounds", "1"],
    );
    run(
        Some("env.db"),
        &[
            "--db", "flag.db", "new", "--id", "flag", "--system", "swiss", "--rounds", "1",
        ],
    );
    let ids = |file: &str| -> Vec<String> {
        let mut s = storage::Store::open(&db.dir.join(file)).unwrap();
        s.events().unwrap().into_iter().map(|e| e.id).collect()
    };
    assert_eq!(ids("weiqi.db"), ["here"]);
    assert_eq!(ids("env.db"), ["env"]);
    assert_eq!(ids("flag.db"), ["flag"]);
}

/// Art. 10, 11 (McMahon): `weiqi event pair` proposes each board's handicap by the event's
/// rule (recorded with it and shown by `show`), and the weaker player of a handicap game is
/// Black in the pairing itself, so the table, the JSON and the live game agree.
#[test]
fn a_mcmahon_pairing_shows_the_handicap_and_gives_the_weaker_black() {
    let db = Db::new("mm-handicap");
    let out = db.ok(&[
        "new",
        "--id",
        "mm",
        "--system",
        "mcmahon",
        "--rounds",
        "3",
        "--handicap-bar",
        "1d",
        "--handicap-correction",
        "1",
        "--handicap-ceiling",
        "4",
    ]);
    assert!(
        out.contains("  handicap:       from the rank difference, ranks from 1d up count as 1d, less 1, at most 4 stones (Art. 11)\n"),
        "{out}"
    );
    add_players(
        &db,
        "mm",
        &[("Dan", "3d"), ("Kyu", "6k"), ("Mid", "2k"), ("Low", "12k")],
    );
    let p: Value = serde_json::from_str(&db.ok(&["pair", "--event", "mm", "--json", "--dry-run"])).unwrap();
    for g in p["games"].as_array().unwrap() {
        let rank =
            |n: &Value| ["3d", "6k", "2k", "12k"][["Dan", "Kyu", "Mid", "Low"].iter().position(|x| n == x).unwrap()];
        let (b, w) = (rank(&g["black"]), rank(&g["white"]));
        let grade = |r: &str| -> i64 {
            let n: i64 = r[..r.len() - 1].parse().unwrap();
            if r.ends_with('d') { (n - 1).min(0) } else { -n }
        };
        // By hand: ranks from 1d count as 1d (0); grades less one, two or more, at most four.
        let stones = ((grade(w) - grade(b)).abs() - 1).clamp(0, 4);
        let stones = if stones >= 2 { stones } else { 0 };
        assert_eq!(g["handicap"], stones, "{g}");
        if stones > 0 {
            assert!(grade(b) < grade(w), "the weaker holds Black: {g}");
        }
    }
    let table = db.ok(&["pair", "--event", "mm"]);
    assert!(table.contains("handicap"), "{table}");
    assert!(table.contains("stones") || table.contains("even"), "{table}");
    db.fails(
        &[
            "new",
            "--id",
            "x",
            "--system",
            "mcmahon",
            "--rounds",
            "3",
            "--handicap-ceiling",
            "10",
        ],
        2,
    );
}

/// Club and region (country) avoidance is an event option, on by default for a new McMahon
/// event (as McMahon directors expect) and off for the others; either can be turned off or on.
#[test]
fn club_and_region_avoidance_is_on_by_default_for_mcmahon() {
    let db = Db::new("avoid");
    let avoid = |id: &str| {
        let v = db.json(&["show", "--event", id]);
        (
            v["settings"]["avoid_same_club"].as_bool().unwrap(),
            v["settings"]["avoid_same_region"].as_bool().unwrap(),
        )
    };
    db.ok(&["new", "--id", "mm", "--system", "mcmahon", "--rounds", "3"]);
    assert_eq!(avoid("mm"), (true, true));
    db.ok(&["new", "--id", "sw", "--system", "swiss", "--rounds", "3"]);
    assert_eq!(avoid("sw"), (false, false));
    db.ok(&[
        "new",
        "--id",
        "mm2",
        "--system",
        "mcmahon",
        "--rounds",
        "3",
        "--avoid-same-club",
        "false",
    ]);
    assert_eq!(avoid("mm2"), (false, true));
    db.ok(&["settings", "--event", "sw", "--avoid-same-region"]);
    assert_eq!(avoid("sw"), (false, true));
}

/// Per-round participation and pre-registration from the command line: a player absent from
/// the next round, or only pre-registered, is not paired in it (and the list says so);
/// present again and confirmed, they are paired; a round already paired refuses it.
#[test]
fn absent_and_preregistered_players_are_not_paired() {
    let db = Db::new("participation");
    db.ok(&["new", "--id", "s", "--system", "swiss", "--rounds", "3"]);
    add_players(
        &db,
        "s",
        &[("A", "5d"), ("B", "4d"), ("C", "3d"), ("D", "2d"), ("E", "1d")],
    );
    assert_eq!(
        db.ok(&["player", "absent", "--event", "s", "--name", "C", "--round", "1"]),
        "C does not take part in round 1\n"
    );
    db.ok(&["player", "pre", "--event", "s", "--name", "E"]);
    let players = db.json(&["player", "list", "--event", "s"]);
    assert_eq!(players[2]["status"], "active, absent from round 1");
    assert_eq!(players[4]["status"], "active, pre-registered");
    let p: Value = serde_json::from_str(&db.ok(&["pair", "--event", "s", "--json"])).unwrap();
    let paired: Vec<&str> = p["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| [g["black"].as_str().unwrap(), g["white"].as_str().unwrap()])
        .chain(p["byes"].as_array().unwrap().iter().map(|b| b.as_str().unwrap()))
        .collect();
    assert!(
        !paired.contains(&"C") && !paired.contains(&"E") && paired.len() == 3,
        "{p}"
    );
    db.fails(&["player", "present", "--event", "s", "--name", "C", "--round", "1"], 2);
    db.ok(&["player", "confirm", "--event", "s", "--name", "E"]);
    let players = db.json(&["player", "list", "--event", "s"]);
    assert_eq!(
        (&players[2]["status"], &players[4]["status"]),
        (&Value::from("active"), &Value::from("active"))
    );
}

/// Issue 18 (OpenGotha's categories) from the command line: `--categories 1d` splits the field
/// at 1 dan; a Swiss event pairs inside the categories, `weiqi event show` says so, and the
/// tie-break `category` ranks each category apart in the standings.
#[test]
fn a_swiss_with_categories_pairs_and_ranks_them_apart() {
    let db = Db::new("categories");
    db.ok(&[
        "new",
        "--id",
        "c",
        "--system",
        "swiss",
        "--rounds",
        "2",
        "--categories",
        "1d",
        "--tie-breaks",
        "category,points,sos,lots",
    ]);
    add_players(
        &db,
        "c",
        &[
            ("D1", "4d"),
            ("D2", "3d"),
            ("D3", "2d"),
            ("D4", "1d"),
            ("K1", "1k"),
            ("K2", "2k"),
            ("K3", "3k"),
            ("K4", "4k"),
        ],
    );
    let v = db.json(&["show", "--event", "c"]);
    assert_eq!(v["settings"]["categories"]["lower_limits"], serde_json::json!(["1d"]));
    assert_eq!(v["settings"]["categories"]["pair_within"], true);
    assert!(
        db.ok(&["show", "--event", "c"])
            .contains("categories:     2 from 1d, paired within"),
        "the settings name the categories"
    );
    let p: Value = serde_json::from_str(&db.ok(&["pair", "--event", "c", "--json"])).unwrap();
    for g in p["games"].as_array().unwrap() {
        let (b, w) = (g["black"].as_str().unwrap(), g["white"].as_str().unwrap());
        assert_eq!(
            b.as_bytes()[0],
            w.as_bytes()[0],
            "{b} against {w}: across the categories"
        );
    }
    for board in 1..=4 {
        db.ok(&[
            "result",
            "--event",
            "c",
            "--round",
            "1",
            "--board",
            &board.to_string(),
            "--result",
            "W+R",
        ]);
    }
    let st = db.json(&["standings", "--event", "c"]);
    let order: Vec<String> = st["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    assert!(order[..4].iter().all(|n| n.starts_with('D')), "{order:?}");
    let refused = db.fails(
        &[
            "new",
            "--id",
            "bad",
            "--system",
            "swiss",
            "--rounds",
            "2",
            "--categories",
            "10k,1d",
        ],
        2,
    );
    assert!(
        refused.contains("each limit must be weaker than the one before"),
        "{refused}"
    );
}
