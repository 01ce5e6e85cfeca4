//! `weiqi event ratings`, `weiqi event promotion` and the .xlsx import and export, run as a
//! director runs them on temporary databases.

use calamine::{Data, Reader, Xlsx};
use serde_json::Value;

use super::support::Db;

fn six_players(db: &Db) {
    db.ok(&["new", "--id", "e", "--system", "swiss", "--rounds", "3"]);
    for (n, r) in [
        ("A", "3d"),
        ("B", "2d"),
        ("C", "2d"),
        ("D", "1d"),
        ("E", "5k"),
        ("F", "5k"),
    ] {
        db.ok(&["player", "add", "--event", "e", "--name", n, "--rank", r]);
    }
}

fn row<'a>(st: &'a Value, name: &str) -> &'a Value {
    st["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name)
        .unwrap()
}

#[test]
fn ratings_frozen_by_a_date_seed_the_event_and_show_before_after_and_change() {
    let db = Db::new("freeze");
    six_players(&db);
    // A's rating of December is after the freeze date: November's counts. B and C are both
    // 2 dan; C's higher rating seeds C above B.
    let list = db.file(
        "list.csv",
        b"name,rating,date\nA,2310,2026-10-01\nA,2350,2026-12-05\nB,2190,2026-11-01\nC,2230,2026-11-01\nD,2080,2026-11-20\nE,1500,2026-01-01\n",
    );
    let out = db.ok(&[
        "ratings",
        "--event",
        "e",
        "--system",
        "gor",
        "--as-of",
        "2026-11-30",
        "--list",
        &list,
    ]);
    assert!(out.contains("5 of 6 players rated"), "{out}");
    let players: Value = serde_json::from_str(&db.ok(&["player", "list", "--event", "e", "--json"])).unwrap();
    let rating = |n: &str| players.as_array().unwrap().iter().find(|p| p["name"] == n).unwrap()["rating"].clone();
    assert_eq!(rating("A"), 2310);
    assert_eq!(rating("F"), Value::Null);
    db.ok(&["pair", "--event", "e"]);
    let show: Value = serde_json::from_str(&db.ok(&["show", "--event", "e", "--json"])).unwrap();
    let games = show["rounds"][0]["games"].as_array().unwrap();
    let pairs: Vec<(String, String)> = games
        .iter()
        .map(|g| (g["black"].as_str().unwrap().into(), g["white"].as_str().unwrap().into()))
        .collect();
    // Top half A, C, B (C above B by rating) against D, E, F.
    assert!(
        pairs
            .iter()
            .any(|(b, w)| [b.as_str(), w.as_str()] == ["C", "E"] || [b.as_str(), w.as_str()] == ["E", "C"]),
        "{pairs:?}"
    );
    for (board, g) in games.iter().enumerate() {
        // Black wins every game.
        let _ = g;
        db.ok(&[
            "result",
            "--event",
            "e",
            "--round",
            "1",
            "--board",
            &(board + 1).to_string(),
            "--result",
            "B+R",
        ]);
    }
    let st: Value = serde_json::from_str(&db.ok(&["standings", "--event", "e", "--json"])).unwrap();
    for (b, w) in &pairs {
        let (rb, rw) = (row(&st, b), row(&st, w));
        if rb["rating_before"].is_null() || rw["rating_before"].is_null() {
            // A game against an unrated player rates nothing.
            for r in [rb, rw] {
                if !r["rating_before"].is_null() {
                    assert_eq!(r["rating_change"], 0.0);
                }
            }
            continue;
        }
        // GoR of one game each, from the frozen ratings (a weak loser may still gain: the
        // bonus against deflation can outweigh an expected loss).
        for (me, opp, score) in [(rb, rw, 1.0), (rw, rb, 0.0)] {
            let before = me["rating_before"].as_f64().unwrap();
            let expect = tournament::rating::gor_update(
                before,
                &[tournament::rating::RatedGame {
                    opponent: tournament::rating::Rating::new(opp["rating_before"].as_f64().unwrap()),
                    score,
                    handicap: 0,
                }],
            );
            assert!((me["rating_after"].as_f64().unwrap() - expect).abs() < 1e-9, "{me}");
            assert!(
                (me["rating_change"].as_f64().unwrap() - (expect - before)).abs() < 1e-9,
                "{me}"
            );
        }
        assert!(rb["rating_change"].as_f64().unwrap() > 0.0, "{rb}");
    }
    let table = db.ok(&["standings", "--event", "e"]);
    assert!(table.contains("rating before  rating after  change"), "{table}");
    let csv = db.ok(&["export", "--event", "e", "--to", "csv", "--lang", "zh"]);
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with("赛前等级分,赛后等级分,等级分变化"),
        "{csv}"
    );
    let shown = db.ok(&["ratings", "--event", "e"]);
    assert!(shown.contains("gor as of 2026-11-30, after round 1"), "{shown}");
    // Once round 1 is paired the freeze is refused, and nothing changes.
    let err = db.fail_unchanged(
        &[
            "ratings",
            "--event",
            "e",
            "--system",
            "elo:16:400",
            "--as-of",
            "2026-11-30",
        ],
        2,
    );
    assert!(err.contains("before round 1 is paired"), "{err}");
}

#[test]
fn a_wrong_rating_list_or_system_is_refused_naming_the_line() {
    let db = Db::new("bad-list");
    six_players(&db);
    let list = db.file("list.csv", b"name,rating,date\nA,strong,2026-10-01\n");
    let err = db.fail_unchanged(
        &[
            "ratings",
            "--event",
            "e",
            "--system",
            "gor",
            "--as-of",
            "2026-11-30",
            "--list",
            &list,
        ],
        2,
    );
    assert!(err.contains("line 2: A: rating \"strong\" is not a number"), "{err}");
    let err = db.fail_unchanged(
        &["ratings", "--event", "e", "--system", "fide", "--as-of", "2026-11-30"],
        2,
    );
    assert!(err.contains("rating system \"fide\""), "{err}");
    let err = db.fail_unchanged(&["ratings", "--event", "e"], 2);
    assert!(err.contains("no frozen ratings"), "{err}");
}

#[test]
fn the_promotion_list_is_computed_with_the_standings_and_exported() {
    let db = Db::new("promotion");
    six_players(&db);
    let err = db.fail_unchanged(&["promotion", "--event", "e", "--rule", "dan=9:10"], 2);
    assert!(err.contains("dan grade"), "{err}");
    db.ok(&[
        "promotion",
        "--event",
        "e",
        "--rule",
        "dan=2:50,1:30 kyu=50 min-games=1",
    ]);
    db.ok(&["pair", "--event", "e"]);
    for board in 1..=3 {
        db.ok(&[
            "result",
            "--event",
            "e",
            "--round",
            "1",
            "--board",
            &board.to_string(),
            "--result",
            "W+R",
        ]);
    }
    let st: Value = serde_json::from_str(&db.ok(&["standings", "--event", "e", "--json"])).unwrap();
    let promoted: Vec<(String, String)> = st["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| !r["promotion"].is_null())
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["promotion"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // Whites won: for each group the winners by the quota; the list names each winner once.
    let list = db.ok(&["promotion", "--event", "e"]);
    assert!(list.contains(&format!("): {}", promoted.len())), "{list}");
    for (name, to) in &promoted {
        assert!(
            list.lines()
                .any(|l| l.starts_with(name.as_str()) && l.contains(to.as_str())),
            "{list}"
        );
        let w = row(&st, name);
        assert_eq!(w["wins"], 1, "{name} promoted without a win");
    }
    assert!(!promoted.is_empty());
    let csv = db.ok(&["export", "--event", "e", "--to", "csv", "--lang", "en"]);
    assert!(csv.lines().next().unwrap().ends_with(",promotion"), "{csv}");
    let xlsx = db.dir.join("st.xlsx");
    db.ok(&[
        "export",
        "--event",
        "e",
        "--to",
        "xlsx",
        "--out",
        xlsx.to_str().unwrap(),
        "--lang",
        "zh",
    ]);
    let mut wb: Xlsx<_> = calamine::open_workbook(&xlsx).unwrap();
    assert_eq!(wb.sheet_names(), vec!["名次表", "升段升级名单"]);
    let sheet = wb.worksheet_range("升段升级名单").unwrap();
    assert_eq!(sheet.rows().count(), promoted.len() + 1);
}

fn workbook(rows: &[Vec<&str>], birth_dates: bool) -> Vec<u8> {
    let mut wb = rust_xlsxwriter::Workbook::new();
    let ws = wb.add_worksheet();
    for (r, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let (r, c) = (r as u32, c as u16);
            if let Ok(n) = v.parse::<f64>() {
                ws.write_number(r, c, n).unwrap();
            } else if birth_dates && r > 0 && v.len() == 10 && v.as_bytes()[4] == b'-' {
                // A date typed into Excel: a date cell, not a text.
                let d = rust_xlsxwriter::ExcelDateTime::parse_from_str(v).unwrap();
                let f = rust_xlsxwriter::Format::new().set_num_format("yyyy-mm-dd");
                ws.write_datetime_with_format(r, c, &d, &f).unwrap();
            } else {
                ws.write_string(r, c, *v).unwrap();
            }
        }
    }
    wb.save_to_buffer().unwrap()
}

#[test]
fn registrations_come_from_an_excel_workbook_with_chinese_headers() {
    let db = Db::new("xlsx-in");
    let book = workbook(
        &[
            vec!["姓名", "段位", "等级分", "单位", "出生日期"],
            vec!["张三", "业余5段", "2450", "北京", "1990-05-01"],
            vec!["李四", "3级", "", "上海", ""],
            vec!["=HYPERLINK()", "1d", "2100.4", "", ""],
        ],
        true,
    );
    let path = db.file("reg.xlsx", &book);
    let out = db.ok(&["import", "--from", "xlsx", &path, "--id", "x", "--rounds", "3"]);
    assert!(out.contains("3 players from Excel"), "{out}");
    let players: Value = serde_json::from_str(&db.ok(&["player", "list", "--event", "x", "--json"])).unwrap();
    let p = players.as_array().unwrap();
    assert_eq!(p[0]["name"], "张三");
    assert_eq!(p[0]["rank"], "5d");
    assert_eq!(p[0]["rating"], 2450);
    assert_eq!(p[0]["club"], "北京");
    assert_eq!(p[0]["born"], "1990-05-01");
    assert_eq!(p[1]["rank"], "3k");
    assert_eq!(p[1]["rating"], Value::Null);
    assert_eq!(p[2]["name"], "=HYPERLINK()");
    assert_eq!(p[2]["rating"], 2100);
    // English headers, a bad rank: refused naming the row, and nothing is created.
    let bad = db.file(
        "bad.xlsx",
        &workbook(&[vec!["Name", "Rank"], vec!["Ann", "5d"], vec!["Bob", "strong"]], false),
    );
    let err = db.fail_unchanged(&["import", "--from", "xlsx", &bad, "--id", "y"], 2);
    assert!(err.contains("line 3: Bob: rank \"strong\""), "{err}");
    let err = db.fail_unchanged(
        &[
            "import",
            "--from",
            "xlsx",
            &db.file("not.xlsx", b"name,rank\n"),
            "--id",
            "z",
        ],
        2,
    );
    assert!(err.contains("not an .xlsx workbook"), "{err}");
}

#[test]
fn standings_crosstable_and_pairings_go_out_as_excel_workbooks() {
    let db = Db::new("xlsx-out");
    six_players(&db);
    db.ok(&["pair", "--event", "e"]);
    for board in 1..=3 {
        db.ok(&[
            "result",
            "--event",
            "e",
            "--round",
            "1",
            "--board",
            &board.to_string(),
            "--result",
            "B+2.5",
        ]);
    }
    db.ok(&["pair", "--event", "e"]);
    let read = |what: &str, lang: &str| -> Vec<Vec<String>> {
        let out = db.dir.join(format!("{what}-{lang}.xlsx"));
        db.ok(&[
            "export",
            "--event",
            "e",
            "--to",
            "xlsx",
            "--what",
            what,
            "--lang",
            lang,
            "--out",
            out.to_str().unwrap(),
        ]);
        let mut wb: Xlsx<_> = calamine::open_workbook(&out).unwrap();
        let range = wb.worksheet_range_at(0).unwrap().unwrap();
        range
            .rows()
            .map(|r| {
                r.iter()
                    .map(|c| match c {
                        Data::Float(f) => f.to_string(),
                        other => other.to_string(),
                    })
                    .collect()
            })
            .collect()
    };
    let st = read("standings", "en");
    assert_eq!(&st[0][..5], ["place", "name", "rank", "club", "points"]);
    assert_eq!(st.len(), 7);
    let json: Value = serde_json::from_str(&db.ok(&["standings", "--event", "e", "--json"])).unwrap();
    for (i, r) in json["rows"].as_array().unwrap().iter().enumerate() {
        assert_eq!(st[i + 1][1], r["name"].as_str().unwrap());
        assert_eq!(st[i + 1][4], r["points"].to_string());
    }
    let ct = read("crosstable", "zh");
    assert_eq!(&ct[0][..6], ["名次", "姓名", "段位", "单位", "第1轮", "第2轮"]);
    assert!(ct[1][4].ends_with("+/b") || ct[1][4].ends_with("+/w"), "{:?}", ct[1]);
    let pr = read("pairings", "zh");
    assert_eq!(pr[0], ["轮次", "台次", "黑方", "黑方段位", "白方", "白方段位", "结果"]);
    assert_eq!(pr.len(), 7, "two rounds of three boards");
    assert_eq!(pr[1][6], "B+2.5");
    assert_eq!(pr[6][6], "");
}

#[test]
fn check_egd_says_what_the_egd_would_refuse_before_the_file_is_sent() {
    let db = Db::new("check-egd");
    six_players(&db);
    db.ok(&["pair", "--event", "e"]);
    // Nothing to rate yet, no time control, no place or dates: refused, exit 1.
    let err = db.fail_unchanged(&["check-egd", "--event", "e"], 1);
    assert!(
        err.contains("the EGD would refuse the h9 of event \"e\" (rounds 1-0)"),
        "{err}"
    );
    assert!(err.contains("refused: no round is complete"), "{err}");
    assert!(err.contains("refused: the tournament has no basic time"), "{err}");
    assert!(err.contains("warning: player \"A\" has no EGD pin"), "{err}");
    // The h9 holds only the rounds of the standings: round 1 is not complete, so no round.
    for board in 1..=3 {
        db.ok(&[
            "result",
            "--event",
            "e",
            "--round",
            "1",
            "--board",
            &board.to_string(),
            "--result",
            "B+R",
        ]);
    }
    db.ok(&["pair", "--event", "e"]);
    let h9 = db.ok(&["export", "--event", "e", "--to", "h9"]);
    let line = h9.lines().find(|l| l.starts_with("1 ")).unwrap();
    assert_eq!(
        line.matches('/').count(),
        1,
        "only round 1, the standings' round: {line}"
    );
}
