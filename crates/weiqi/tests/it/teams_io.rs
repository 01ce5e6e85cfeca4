//! `weiqi event import`, `weiqi event export` and `weiqi event team`, run as a director runs
//! them on temporary databases.

use serde_json::Value;

use super::support::Db;

const OPENGOTHA: &str = include_str!("../../../formats/tests/it/data/mcmahon.xml");

#[test]
fn opengotha_import_export_import_gives_the_same_event() {
    let db = Db::new("og");
    let f = db.file("spring.xml", OPENGOTHA.as_bytes());
    assert_eq!(
        db.ok(&["import", "--from", "opengotha", &f, "--id", "spring"]),
        "event \"spring\" imported from OpenGotha: 5 players, 3 rounds paired of 3\n"
    );
    let xml1 = db.ok(&["export", "--event", "spring", "--to", "opengotha"]);
    let f2 = db.file("again.xml", xml1.as_bytes());
    db.ok(&["import", "--from", "opengotha", &f2, "--id", "again"]);
    let xml2 = db.ok(&["export", "--event", "again", "--to", "opengotha"]);
    assert_eq!(xml1, xml2);
    // The same event: players, rounds and results.
    let show = |id: &str| {
        let mut v: Value = serde_json::from_str(&db.ok(&["show", "--event", id, "--json"])).unwrap();
        v.as_object_mut().unwrap().remove("id");
        v.as_object_mut().unwrap().remove("event");
        v
    };
    assert_eq!(show("spring"), show("again"));
    // The h9 is OpenGotha's, with the handicaps and by-default marks the event does not keep.
    let h9 = db.ok(&["export", "--event", "again", "--to", "h9"]);
    assert!(
        h9.contains("\n1 Wang Lei 3p CN Bjng 34.5 96.5 264.5 4+/w0 2=/b0 0+\n"),
        "{h9}"
    );
    assert!(
        h9.contains("\n4 Dupont Jean 5d FR Pari 32 70 276 1-/b0 5-/b9 2-/w0 |12345678\n"),
        "{h9}"
    );
    // The CSV standings too are OpenGotha's placement.
    let csv = db.ok(&["export", "--event", "again", "--to", "csv", "--lang", "en"]);
    assert_eq!(
        csv.lines().take(3).collect::<Vec<_>>(),
        [
            "place,name,rank,country,club,MMS,SOSM,SOSOSM",
            "1,Wang Lei,3p,CN,Bjng,34.5,96.5,264.5",
            "2,张 三,2d,CN,上海,32.5,98.5,243"
        ]
    );
    let err = db.fail(&["export", "--event", "spring", "--to", "h9", "--latin1"], 2);
    assert!(
        err.contains(
            r#"do not fit Latin-1, which the EGD needs: player "张 三": family name "张", first name "三", club "上海""#
        ),
        "{err}"
    );
    // A file that cannot be imported leaves nothing behind, and an id in use is refused.
    let bad = db.file(
        "bad.xml",
        OPENGOTHA.replace("name=\"SOSOSM\"", "name=\"SOSOS\"").as_bytes(),
    );
    let err = db.fail(&["import", "--from", "opengotha", &bad, "--id", "bad"], 2);
    assert!(
        err.starts_with("weiqi event: invalid OpenGotha file: unknown placement criterion \"SOSOS\": OpenGotha's are NULL, CAT, NBW,"),
        "{err}"
    );
    db.fail(&["show", "--event", "bad"], 2);
    db.fail(&["import", "--from", "opengotha", &f, "--id", "spring"], 2);
}

/// The fields of a row of `weiqi event standings --json` for an event from OpenGotha.
const FIELDS: [&str; 12] = [
    "place",
    "name",
    "points",
    "wins",
    "draws",
    "losses",
    "sos",
    "sodos",
    "sosos",
    "cumulative",
    "warnings",
    "criteria",
];

/// The player lines of an h9 file.
fn h9_lines(h9: &str) -> Vec<&str> {
    h9.lines()
        .filter(|l| !l.starts_with(';') && !l.trim().is_empty())
        .collect()
}

/// JSON numbers as the h9 writes them (`34`, `96.5`).
fn number_text(v: &Value) -> String {
    match v.as_i64() {
        Some(i) => i.to_string(),
        None => v.as_f64().unwrap().to_string(),
    }
}

/// Imports `xml` (rounds 1-2 of the McMahon file, round 3 paired and played in weiqi), and
/// checks that `weiqi event standings` (JSON and text) places the players as the h9 export does,
/// with the same criteria values; returns the names in order.
fn standings_agree_with_h9(db: &Db, id: &str, xml: &str) -> Vec<String> {
    let cut: String = xml
        .lines()
        .filter(|l| !l.contains("roundNumber=\"3\""))
        .map(|l| format!("{l}\n"))
        .collect();
    let f = db.file(&format!("{id}.xml"), cut.as_bytes());
    db.ok(&["import", "--from", "opengotha", &f, "--id", id]);
    db.ok(&[
        "pair",
        "--event",
        id,
        "--manual",
        "--game",
        "张 三",
        "Dupont Jean",
        "--game",
        "Smith & Son Bob",
        "Müller Anna",
        "--bye",
        "Wang Lei",
    ]);
    db.ok(&[
        "result", "--event", id, "--round", "3", "--board", "1", "--result", "B+R",
    ]);
    db.ok(&[
        "result", "--event", id, "--round", "3", "--board", "2", "--result", "W+R",
    ]);
    let raw = db.ok(&["standings", "--event", id, "--json"]);
    let st: Value = serde_json::from_str(&raw).unwrap();
    assert_eq!(st["after_round"], 3);
    let criteria: Vec<&str> = st["criteria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    // The fields in the documented order, the criteria in the placement's order.
    assert!(raw.contains(r#""rows":[{"place":"#), "{raw}");
    assert!(
        raw.contains(&format!(r#","warnings":0,"criteria":{{"{}":"#, criteria[0])),
        "{raw}"
    );
    let h9 = db.ok(&["export", "--event", id, "--to", "h9"]);
    assert!(
        h9.contains(&format!("; Num Name Rk Co Club {}\n", criteria.join(" "))),
        "{h9}"
    );
    let lines = h9_lines(&h9);
    let rows = st["rows"].as_array().unwrap();
    assert_eq!(rows.len(), lines.len());
    let mut names = Vec::new();
    for (row, line) in rows.iter().zip(&lines) {
        // The fields of every event's standings are all there, then OpenGotha's criteria.
        let mut keys: Vec<&str> = row.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        let mut fields = FIELDS.to_vec();
        fields.sort_unstable();
        assert_eq!(keys, fields);
        let name = row["name"].as_str().unwrap();
        let values: Vec<String> = criteria.iter().map(|c| number_text(&row["criteria"][*c])).collect();
        let expected = format!("{} {} ", row["place"], name);
        assert!(line.replace('_', " ").starts_with(&expected), "{line:?} for {row}");
        assert!(line.contains(&format!(" {} ", values.join(" "))), "{line:?} for {row}");
        names.push(name.to_string());
    }
    // The text standings: the same order, by the same criteria.
    let text = db.ok(&["standings", "--event", id]);
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with(&format!("placed as OpenGotha places it, by {}", criteria.join(", "))),
        "{text}"
    );
    let at: Vec<usize> = names.iter().map(|n| text.find(n.as_str()).unwrap()).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
    // `weiqi event show` names the placement the event is ranked by.
    let show = db.ok(&["show", "--event", id]);
    let line = format!(
        "\n  placement:      as OpenGotha places it, by {}\n",
        criteria.join(", ")
    );
    assert!(show.contains(&line), "{show}");
    let show: Value = serde_json::from_str(&db.ok(&["show", "--event", id, "--json"])).unwrap();
    assert_eq!(show["opengotha_placement"], st["criteria"]);
    names
}

#[test]
fn standings_of_an_opengotha_event_are_placed_as_its_h9() {
    let db = Db::new("og-standings");
    let as_filed = standings_agree_with_h9(&db, "filed", OPENGOTHA);
    // The director's criteria decide: SOSOSM before SOSM reorders the players on equal MMS.
    let swapped = OPENGOTHA
        .replace("name=\"SOSM\" number=\"2\"", "name=\"SOSM\" number=\"3\"")
        .replace("name=\"SOSOSM\" number=\"3\"", "name=\"SOSOSM\" number=\"2\"");
    let reordered = standings_agree_with_h9(&db, "swapped", &swapped);
    assert_ne!(as_filed, reordered);
    let mut a = as_filed.clone();
    let mut b = reordered.clone();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    // An event not from OpenGotha keeps weiqi's own standings.
    let csv = db.file("players.csv", "name,rank\nAnn,3d\nBo,2d\n".as_bytes());
    db.ok(&["import", "--from", "csv", &csv, "--id", "club"]);
    let st: Value = serde_json::from_str(&db.ok(&["standings", "--event", "club", "--json"])).unwrap();
    assert!(
        st.get("criteria").is_none() && st["rows"][0].get("criteria").is_none(),
        "{st}"
    );
    let show: Value = serde_json::from_str(&db.ok(&["show", "--event", "club", "--json"])).unwrap();
    assert!(show.get("opengotha_placement").is_none(), "{show}");
    assert!(!db.ok(&["show", "--event", "club"]).contains("placement:"));
}

#[test]
fn an_import_failing_at_its_last_write_leaves_the_database_as_it_was() {
    let db = Db::new("og-tx");
    let f = db.file("spring.xml", OPENGOTHA.as_bytes());
    db.ok(&["import", "--from", "opengotha", &f, "--id", "first"]);
    let path = db.dir.join("event.db");
    // The OpenGotha file is attached last, after the event, its players, rounds and results.
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch(
            "CREATE TRIGGER fail AFTER INSERT ON event_attachment BEGIN SELECT RAISE(ABORT, 'injected'); END",
        )
        .unwrap();
    let dump = || storage::Store::open(&path).unwrap().dump().unwrap();
    let before = dump();
    let err = db.fail(&["import", "--from", "opengotha", &f, "--id", "second"], 1);
    assert!(err.contains("injected"), "{err}");
    assert_eq!(dump(), before);
    db.fail(&["show", "--event", "second"], 2);
    let list = db.ok(&["list"]);
    assert!(list.contains("first") && !list.contains("second"), "{list}");
}

#[test]
fn results_entered_in_weiqi_reach_the_opengotha_file() {
    let db = Db::new("og-mid");
    // The file stops after round 2; weiqi pairs round 3 by hand and takes its results.
    let cut: String = OPENGOTHA
        .lines()
        .filter(|l| !l.contains("roundNumber=\"3\""))
        .map(|l| format!("{l}\n"))
        .collect();
    let f = db.file("mid.xml", cut.as_bytes());
    db.ok(&["import", "--from", "opengotha", &f, "--id", "mid"]);
    db.ok(&[
        "pair",
        "--event",
        "mid",
        "--manual",
        "--game",
        "张 三",
        "Dupont Jean",
        "--game",
        "Smith & Son Bob",
        "Müller Anna",
        "--bye",
        "Wang Lei",
    ]);
    db.ok(&[
        "result", "--event", "mid", "--round", "3", "--board", "1", "--result", "B+R",
    ]);
    let xml = db.ok(&["export", "--event", "mid", "--to", "opengotha"]);
    assert!(xml.contains("<Game roundNumber=\"3\" tableNumber=\"1\" blackPlayer=\"张三\" whitePlayer=\"DUPONTJEAN\" handicap=\"0\" knownColor=\"true\" result=\"RESULT_BLACKWINS\"/>"), "{xml}");
    assert!(xml.contains("result=\"RESULT_UNKNOWN\""));
    assert!(xml.contains("<ByePlayer player=\"WANGLEI\" roundNumber=\"3\"/>"));
    // Round 2's handicap 9 is still there.
    assert!(xml.contains("handicap=\"9\""));
}

#[test]
fn csv_registrations_in_gbk_and_exports_to_files() {
    let db = Db::new("csv");
    let text = "姓名,段位,等级分,单位\n张三,5段,2450,上海\n李四,3段,,北京\n王五,1级,,\n";
    let (gbk, _, _) = encoding_rs::GBK.encode(text);
    let f = db.file("reg.csv", &gbk);
    assert_eq!(
        db.ok(&["import", "--from", "csv", &f, "--id", "club", "--rounds", "2"]),
        "event \"club\" created with 3 players from CSV\n"
    );
    let players: Value = serde_json::from_str(&db.ok(&["player", "list", "--event", "club", "--json"])).unwrap();
    let names: Vec<&str> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["张三", "李四", "王五"]);
    db.ok(&["pair", "--event", "club"]);
    let csv = db.ok(&[
        "export", "--event", "club", "--to", "csv", "--what", "pairings", "--lang", "en",
    ]);
    assert!(
        csv.starts_with("round,board,black,black_rank,white,white_rank,result\n1,1,"),
        "{csv}"
    );
    let out = db.dir.join("wall.html");
    let msg = db.ok(&[
        "export",
        "--event",
        "club",
        "--to",
        "html",
        "--what",
        "pairings",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(msg.starts_with("event \"club\" written to "));
    let page = std::fs::read_to_string(&out).unwrap();
    assert!(page.contains("第1轮对阵表") && page.contains("@media print"));
    let cross = db.ok(&["export", "--event", "club", "--to", "html"]);
    assert!(cross.contains("成绩表"));
    let err = db.fail(&["export", "--event", "club", "--to", "pdf"], 2);
    assert_eq!(
        err,
        "weiqi event: unknown export format \"pdf\": opengotha, h9, csv, xlsx or html\n"
    );
    let bad = db.file("bad.csv", "name,rank\nA,5x\n".as_bytes());
    let err = db.fail(&["import", "--from", "csv", &bad, "--id", "x"], 2);
    assert_eq!(
        err,
        "weiqi event: line 2: A: rank \"5x\" is not like 5d, 3k, 2p, 5段, 3级 or 职业九段\n"
    );
}

#[test]
fn a_team_round_robin_from_the_command_line() {
    let db = Db::new("team");
    db.ok(&[
        "team",
        "new",
        "--id",
        "league",
        "--system",
        "round-robin",
        "--kind",
        "fixed-order",
        "--boards",
        "2",
        "--reserves",
        "1",
    ]);
    for (t, players) in [
        ("Red", ["r1", "r2", "r3"]),
        ("Blue", ["b1", "b2", "b3"]),
        ("Gold", ["g1", "g2", "g3"]),
    ] {
        db.ok(&["team", "add", "--event", "league", "--team", t]);
        for p in players {
            db.ok(&[
                "team", "player", "--event", "league", "--team", t, "--name", p, "--rank", "3d",
            ]);
        }
    }
    // Berger for 3 (raised to 4): round 1 is 1-4 (Red rests, 轮休) and 2-3 (Blue-Gold).
    let r1: Value = serde_json::from_str(&db.ok(&["team", "pair", "--event", "league", "--json"])).unwrap();
    assert_eq!(
        (r1["matches"][0]["home"].as_str(), r1["matches"][0]["away"].as_str()),
        (Some("Blue"), Some("Gold"))
    );
    assert_eq!((&r1["rest"], &r1["bye"]), (&serde_json::json!("Red"), &Value::Null));
    // 定台换人制: the roster order holds; b3 stands in for b2.
    let err = db.fail(
        &[
            "team", "lineup", "--event", "league", "--round", "1", "--team", "Blue", "b3", "b1",
        ],
        1,
    );
    assert_eq!(
        err,
        "weiqi event: line-up refused: 定台换人制 keeps the roster's board order\n"
    );
    db.ok(&[
        "team", "lineup", "--event", "league", "--round", "1", "--team", "Blue", "b1", "b3",
    ]);
    // Board 1: Blue (first named) has Black; board 2: Gold has Black.
    let shown: Value = serde_json::from_str(&db.ok(&["team", "show", "--event", "league", "--json"])).unwrap();
    let boards = &shown["rounds"][0]["matches"][0]["boards"];
    assert_eq!(
        (boards[0]["black"].as_str(), boards[1]["black"].as_str()),
        (Some("b1"), Some("g2"))
    );
    assert_eq!(boards[1]["white"], "b3");
    db.ok(&[
        "team", "result", "--event", "league", "--round", "1", "--table", "1", "--board", "1", "--result", "B+R",
    ]);
    let msg = db.ok(&[
        "team", "result", "--event", "league", "--round", "1", "--table", "1", "--board", "2", "--result", "W+2.5",
    ]);
    assert_eq!(msg, "round 1 table 1 board 2: W+2.5; Blue 4 - 0 Gold\n");
    // Blue withdraws: its remaining matches are forfeits (Art. 28.4). Round 2 is Red-Blue
    // (all boards to Red) and Gold rests.
    db.ok(&["team", "withdraw", "--event", "league", "--team", "Blue"]);
    db.ok(&["team", "pair", "--event", "league"]);
    let st: Value = serde_json::from_str(&db.ok(&["team", "standings", "--event", "league", "--json"])).unwrap();
    let rows: Vec<(u64, &str, u64, u64)> = st["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["place"].as_u64().unwrap(),
                r["team"].as_str().unwrap(),
                r["match_points"].as_u64().unwrap(),
                r["board_points"].as_u64().unwrap(),
            )
        })
        .collect();
    // By hand: a rest scores nothing (Art. 26.2, 27). Red rests then wins by forfeit (2, 4);
    // Blue won round 1 (2, 4) and lost round 2; Gold lost round 1 and rests (0, 0). Red and
    // Blue are equal on every board (2 each on both): a shared place.
    assert_eq!(rows, [(1, "Red", 2, 4), (1, "Blue", 2, 4), (3, "Gold", 0, 0)]);
    let shown = db.ok(&["team", "show", "--event", "league"]);
    assert!(shown.contains("  rest (轮休): Gold\n"), "{shown}");
    assert_eq!(
        st["criteria"],
        serde_json::json!(["match-points", "board-points", "board-1", "board-2"])
    );
    // Board 1: r1 2 points in 1 game (a forfeit win), b1 2 points in 2 games (a win, then
    // the forfeit loss), g1 nothing: fewer games ranks first.
    let b1: Vec<(&str, u64)> = st["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["board"] == 1)
        .map(|b| (b["player"].as_str().unwrap(), b["place"].as_u64().unwrap()))
        .collect();
    assert_eq!(b1, [("r1", 1), ("b1", 2), ("g1", 3)]);
    let err = db.fail(&["team", "add", "--event", "nope", "--team", "X"], 2);
    assert_eq!(err, "weiqi event: no event \"nope\"\n");
}

/// Regression: `weiqi event team pair` stored a bare `pair` line and every load paired the
/// round again, so a team Swiss stored before the pairing program changed replayed with
/// other matches, and its results (kept by table) moved to them silently. Now the stored
/// line names the matches; and a record stored before, with its bare `pair` lines, still
/// shows the matches it was played with (round 1 A-B, C-D, bye E; A won table 1).
#[test]
fn a_stored_team_swiss_keeps_its_pairings() {
    let db = Db::new("team-swiss");
    let new = |id: &str| {
        db.ok(&[
            "team", "new", "--id", id, "--system", "swiss", "--rounds", "2", "--kind", "line-up", "--boards", "1",
        ]);
        for t in ["A", "B", "C", "D", "E"] {
            db.ok(&["team", "add", "--event", id, "--team", t]);
            let name = format!("{}1", t.to_lowercase());
            db.ok(&[
                "team", "player", "--event", id, "--team", t, "--name", &name, "--rank", "1d",
            ]);
        }
    };
    new("now");
    db.ok(&["team", "pair", "--event", "now"]);
    let mut store = storage::Store::open(&db.dir.join("event.db")).unwrap();
    let lines = store.team_changes("now").unwrap();
    assert_eq!(lines.last().unwrap(), "pair\t1\tE\tC\tA\tD\tB");
    // A record written before the pairs were stored: the same event, a bare `pair`, and the
    // result of table 1.
    new("then");
    let seen = store.team_changes("then").unwrap().len();
    store.append_team_change("then", seen, "pair").unwrap();
    store
        .append_team_change("then", seen + 1, "result\t1\t1\t1\tB+R")
        .unwrap();
    drop(store);
    let shown: Value = serde_json::from_str(&db.ok(&["team", "show", "--event", "then", "--json"])).unwrap();
    let matches: Vec<(&str, &str)> = shown["rounds"][0]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["home"].as_str().unwrap(), m["away"].as_str().unwrap()))
        .collect();
    assert_eq!(matches, [("A", "B"), ("C", "D")]);
    assert_eq!(shown["rounds"][0]["bye"], "E");
    assert_eq!(
        shown["rounds"][0]["matches"][0]["board_points"],
        serde_json::json!([2, 0])
    );
}

/// Regression: a file with a game still without a result in a round before the last was
/// refused ("round 3 is paired but round 2 has a game without a result"). OpenGotha keeps
/// such a game open; so does the import, through the store, and its result is entered later.
#[test]
fn an_open_game_of_an_earlier_round_is_imported_open_and_entered_later() {
    let db = Db::new("og-open");
    let open = OPENGOTHA.replace(
        "result=\"RESULT_EQUAL\" roundNumber=\"2\"",
        "result=\"RESULT_UNKNOWN\" roundNumber=\"2\"",
    );
    let f = db.file("open.xml", open.as_bytes());
    assert_eq!(
        db.ok(&["import", "--from", "opengotha", &f, "--id", "open"]),
        "event \"open\" imported from OpenGotha: 5 players, 3 rounds paired of 3\n"
    );
    let show: Value = serde_json::from_str(&db.ok(&["show", "--event", "open", "--json"])).unwrap();
    let rounds = show["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3, "{show}");
    assert_eq!(rounds[2]["origin"], "imported", "{show}");
    let st: Value = serde_json::from_str(&db.ok(&["standings", "--event", "open", "--json"])).unwrap();
    assert_eq!(st["after_round"], 1, "{st}");
    db.ok(&[
        "result", "--event", "open", "--round", "2", "--board", "1", "--result", "0",
    ]);
    let st: Value = serde_json::from_str(&db.ok(&["standings", "--event", "open", "--json"])).unwrap();
    assert_eq!(st["after_round"], 3, "{st}");
}

/// A challenge match (擂台赛, Art. 26.6) run from the command line: created with both teams'
/// orders, each bout's game entered (the winner stays on), a withdrawal (Art. 28.4: the bout
/// not played is a forfeit), the record and the result shown, refusals with their status.
#[test]
fn a_challenge_match_from_the_command_line() {
    let db = Db::new("challenge");
    let out = db.ok(&[
        "challenge",
        "new",
        "--id",
        "leitai",
        "--name",
        "擂台赛",
        "--team",
        "Red",
        "--order",
        "r1,r2,r3",
        "--team",
        "Blue",
        "--order",
        "b1,b2",
    ]);
    assert!(
        out.contains("  Red: r1, r2, r3\n  Blue: b1, b2\n  next: r1 - b1\n"),
        "{out}"
    );
    let out = db.ok(&[
        "challenge",
        "result",
        "--event",
        "leitai",
        "--black",
        "r1",
        "--result",
        "B+R",
    ]);
    assert_eq!(out, "bout 1: r1 - b1 B+R: Red wins and stays on\n");
    // b1 is out: Black must be on stage (1), an unknown player is wrong input (2).
    let err = db.fail(
        &[
            "challenge",
            "result",
            "--event",
            "leitai",
            "--black",
            "b1",
            "--result",
            "B+R",
        ],
        1,
    );
    assert_eq!(err, "weiqi event: \"b1\" is not on stage for the next bout\n");
    db.fail(
        &[
            "challenge",
            "result",
            "--event",
            "leitai",
            "--black",
            "zz",
            "--result",
            "B+R",
        ],
        2,
    );
    db.fail(
        &[
            "challenge",
            "result",
            "--event",
            "leitai",
            "--black",
            "r1",
            "--result",
            "B+X",
        ],
        2,
    );
    // b2 withdraws before playing: r1 wins the bout by forfeit and Red wins the match.
    db.ok(&["challenge", "withdraw", "--event", "leitai", "--name", "b2"]);
    let shown = db.ok(&["challenge", "show", "--event", "leitai"]);
    expect_test::expect![[r#"
        擂台赛 (擂台赛)
          Red: r1, r2, r3
          Blue: b1, b2 (withdrew)
          bout 1: r1 - b1: r1 Black, B+R; Red wins and stays on
          bout 2: r1 - b2: not played (Art. 28.4); Red wins by forfeit and stays on
          result: Red wins
    "#]]
    .assert_eq(&shown);
    let v: Value = serde_json::from_str(&db.ok(&["challenge", "show", "--event", "leitai", "--json"])).unwrap();
    assert_eq!((&v["over"], &v["winner"]), (&Value::Bool(true), &Value::from("Red")));
    assert_eq!(v["bouts"][1]["outcome"], "forfeit");
    assert_eq!(v["teams"][0]["wins"], serde_json::json!([1, 0, 0]));
    let err = db.fail(
        &[
            "challenge",
            "result",
            "--event",
            "leitai",
            "--black",
            "r1",
            "--result",
            "B+R",
        ],
        1,
    );
    assert_eq!(err, "weiqi event: the challenge match is over\n");
    // The id is shared with events; a team event's commands refuse a challenge match.
    db.fail(
        &[
            "challenge",
            "new",
            "--id",
            "leitai",
            "--team",
            "A",
            "--order",
            "a",
            "--team",
            "B",
            "--order",
            "b",
        ],
        2,
    );
    let err = db.fail(&["team", "show", "--event", "leitai"], 2);
    assert_eq!(
        err,
        "weiqi event: event \"leitai\" is a challenge match, not a team event\n"
    );
    db.fail(
        &[
            "challenge",
            "new",
            "--id",
            "x",
            "--team",
            "A",
            "--order",
            "a,a",
            "--team",
            "B",
            "--order",
            "b",
        ],
        2,
    );
}

/// The defender (守擂, the last bout's winner) and the challenger are named; a defender who
/// withdraws loses the bout on stage by forfeit (Art. 28.4), and so does the next.
#[test]
fn a_challenge_match_shows_the_defender_and_the_challenger() {
    let db = Db::new("challenge-defender");
    db.ok(&[
        "challenge",
        "new",
        "--id",
        "c",
        "--team",
        "A",
        "--order",
        "a1,a2",
        "--team",
        "B",
        "--order",
        "b1,b2",
    ]);
    db.ok(&[
        "challenge",
        "result",
        "--event",
        "c",
        "--black",
        "b1",
        "--result",
        "W+1.5",
    ]);
    let v: Value = serde_json::from_str(&db.ok(&["challenge", "show", "--event", "c", "--json"])).unwrap();
    assert_eq!(
        (&v["defender"], &v["challenger"]),
        (&Value::from("a1"), &Value::from("b2"))
    );
    db.ok(&["challenge", "withdraw", "--event", "c", "--name", "a1"]);
    db.ok(&["challenge", "withdraw", "--event", "c", "--name", "b2"]);
    let shown = db.ok(&["challenge", "show", "--event", "c"]);
    assert!(
        shown
            .ends_with("  bout 3: a2 - b2: not played (Art. 28.4); A wins by forfeit and stays on\n  result: A wins\n"),
        "{shown}"
    );
}

/// An OpenGotha file's per-round participation (`participating`) for the rounds it has not
/// paired, and its pre-registered players (`registeringStatus="PRE"`), come in with the
/// import, and the next round's pairing honours them (OpenGotha pairs neither).
#[test]
fn an_imported_files_absences_and_preregistrations_are_honoured_by_the_next_pairing() {
    let db = Db::new("og-participation");
    let xml = OPENGOTHA
        .replace(r#"numberOfRounds="3""#, r#"numberOfRounds="4""#)
        .replace(
            r#"name="Dupont" participating="11111111111111111111""#,
            r#"name="Dupont" participating="11101111111111111111""#,
        );
    let f = db.file("four.xml", xml.as_bytes());
    db.ok(&["import", "--from", "opengotha", &f, "--id", "four"]);
    let players: Value = serde_json::from_str(&db.ok(&["player", "list", "--event", "four", "--json"])).unwrap();
    let status = |name: &str| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .map(|p| p["status"].as_str().unwrap().to_string())
            .unwrap()
    };
    assert_eq!(status("Dupont Jean"), "active, absent from round 4");
    assert_eq!(status("张 三"), "active, pre-registered");
    let p: Value = serde_json::from_str(&db.ok(&["pair", "--event", "four", "--json"])).unwrap();
    let text = p.to_string();
    assert!(!text.contains("Dupont") && !text.contains("张 三"), "{text}");
}

/// The Excel exports of an imported event are placed as OpenGotha places it, as its CSV
/// standings, `weiqi event standings` and the server's pages are (issue #18): the standings
/// sheet holds the CSV's cells, the crosstable lists the players in the same order under the
/// file's criteria, without weiqi's points.
#[test]
fn an_imported_events_excel_exports_are_placed_as_opengotha_places_it() {
    use calamine::{Reader, Xlsx};
    let db = Db::new("og-xlsx");
    let f = db.file(
        "rules.xml",
        include_str!("../../../formats/tests/it/data/og_mcmahon_rules.xml").as_bytes(),
    );
    db.ok(&["import", "--from", "opengotha", &f, "--id", "og"]);
    let csv = db.ok(&["export", "--event", "og", "--to", "csv", "--lang", "zh"]);
    let csv: Vec<Vec<String>> = csv
        .trim_start_matches('\u{feff}')
        .lines()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect();
    let sheet = |what: &str| -> Vec<Vec<String>> {
        let path = db.dir.join(format!("{what}.xlsx"));
        db.ok(&[
            "export",
            "--event",
            "og",
            "--to",
            "xlsx",
            "--what",
            what,
            "--out",
            path.to_str().unwrap(),
            "--lang",
            "zh",
        ]);
        let mut wb: Xlsx<_> = calamine::open_workbook(&path).unwrap();
        let name = wb.sheet_names()[0].clone();
        let range = wb.worksheet_range(&name).unwrap();
        range
            .rows()
            .map(|r| r.iter().map(|c| c.to_string()).collect())
            .collect()
    };
    assert_eq!(sheet("standings"), csv);
    let cross = sheet("crosstable");
    assert_eq!(
        cross[0][cross[0].len() - 6..],
        [
            "组别",
            "麦克马洪分",
            "对手麦克马洪分之和",
            "所胜对手麦克马洪分之和",
            "对手的对手麦克马洪分之和",
            "对手麦克马洪分之和（去最低一人）"
        ]
    );
    assert!(!cross[0].contains(&"积分".to_string()), "{:?}", cross[0]);
    let names = |rows: &[Vec<String>]| rows.iter().skip(1).map(|r| r[1].clone()).collect::<Vec<_>>();
    assert_eq!(names(&cross), names(&csv));
}
