//! What the hall sees (`/api/events/{id}/hall`, `…/officials`) and an event to and from files
//! from the pages (`/api/imports/opengotha`, `…/export/{format}`): public where it is public
//! data, the officials' where it is the director's working file, every refusal said in both
//! languages and naming where the file is wrong.

use crate::support::*;
use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

const MCMAHON: &str = include_str!("../../../formats/tests/it/data/mcmahon.xml");

/// A request with a raw body; the status, the headers named, and the body as text.
async fn send(
    r: &axum::Router,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> (u16, String, String, String) {
    let mut b = Request::builder().method(method).uri(path);
    if let Some(t) = token {
        b = b.header("authorization", format!("Bearer {t}"));
    }
    let resp = r
        .clone()
        .oneshot(b.body(Body::from(body.to_string())).unwrap())
        .await
        .unwrap();
    let header = |n: &str| {
        resp.headers()
            .get(n)
            .map_or(String::new(), |v| v.to_str().unwrap().to_string())
    };
    let (ct, cd) = (header("content-type"), header("content-disposition"));
    let status = resp.status().as_u16();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (status, ct, cd, String::from_utf8_lossy(&bytes).into_owned())
}

#[tokio::test]
async fn an_opengotha_file_makes_an_event_that_exports_to_every_format() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "td").await;
    let (s, _, _, body) = send(r, "POST", "/api/imports/opengotha?id=paris", Some(&td), MCMAHON).await;
    assert_eq!(s, 201, "{body}");
    let ev: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(ev["system_kind"], "mc_mahon");
    let dupont = ev["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"].as_str().unwrap().contains("Dupont"))
        .unwrap();
    assert_eq!(
        (dupont["club"].as_str(), dupont["rating"].as_i64()),
        (Some("Pari"), Some(2450)),
        "{dupont}"
    );
    assert!(
        ev["settings"]["tie_breaks"].as_array().is_some_and(|c| !c.is_empty()),
        "{}",
        ev["settings"]
    );
    // The caller organises the event it imported (Art. 29), and anyone may read who does.
    let (_, officials) = call(r, "GET", "/api/events/paris/officials", None, None).await;
    assert_eq!(officials["organizer"], json!(["td"]), "{officials}");
    // The same id again is refused, in both languages; so is an anonymous import.
    let (s, _, _, body) = send(r, "POST", "/api/imports/opengotha?id=paris", Some(&td), MCMAHON).await;
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!((s, v["key"].as_str()), (400, Some("import.err.exists")), "{v}");
    assert!(v["zh"].as_str().unwrap().contains("已存在"), "{v}");
    let (s, _, _, _) = send(r, "POST", "/api/imports/opengotha?id=other", None, MCMAHON).await;
    assert_eq!(s, 401);

    let mut out = Vec::new();
    for (path, token) in [
        ("/api/events/paris/export/opengotha", Some(td.as_str())),
        ("/api/events/paris/export/h9", Some(td.as_str())),
        ("/api/events/paris/export/csv?lang=en", None),
        ("/api/events/paris/export/csv?what=pairings&lang=zh", None),
        ("/api/events/paris/export/html?lang=en", None),
        ("/api/events/paris/export/opengotha", None),
        ("/api/events/paris/export/pdf", None),
    ] {
        let (s, ct, cd, body) = send(r, "GET", path, token, "").await;
        out.push(format!("{path}: {s} {ct} {cd}"));
        match s {
            200 if path.contains("opengotha") => {
                assert!(body.contains("<Tournament") && body.contains("Dupont"), "{body}")
            }
            200 if path.contains("h9") => assert!(body.contains("Dupont"), "{body}"),
            200 if path.contains("pairings") => assert!(body.contains("台"), "{body}"),
            200 if path.contains("csv") => assert!(body.contains("Dupont") && body.lines().count() > 5, "{body}"),
            200 => assert!(body.contains("<table") && body.contains("Dupont"), "{body}"),
            _ => {}
        }
    }
    expect_test::expect![[r#"
        /api/events/paris/export/opengotha: 200 application/xml; charset=utf-8 attachment; filename="paris.xml"
        /api/events/paris/export/h9: 200 text/plain; charset=utf-8 attachment; filename="paris.h9"
        /api/events/paris/export/csv?lang=en: 200 text/csv; charset=utf-8 attachment; filename="paris-standings.csv"
        /api/events/paris/export/csv?what=pairings&lang=zh: 200 text/csv; charset=utf-8 attachment; filename="paris-pairings.csv"
        /api/events/paris/export/html?lang=en: 200 text/html; charset=utf-8 attachment; filename="paris-crosstable.html"
        /api/events/paris/export/opengotha: 401 application/json 
        /api/events/paris/export/pdf: 400 application/json "#]]
    .assert_eq(&out.join("\n"));
}

#[tokio::test]
async fn a_file_that_cannot_be_imported_is_refused_in_both_languages_naming_where() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "td").await;
    let mut out = Vec::new();
    for (path, body) in [
        ("/api/imports/opengotha?id=x", "<Tournament><Players>".to_string()),
        (
            "/api/imports/opengotha?id=x",
            MCMAHON.replacen("numberOfRounds=\"3\"", "numberOfRounds=\"5000\"", 1),
        ),
        ("/api/imports/opengotha?id=a%20b", MCMAHON.to_string()),
    ] {
        let (s, _, _, b) = send(r, "POST", path, Some(&td), &body).await;
        let v: Value = serde_json::from_str(&b).unwrap();
        out.push(format!("{s} {}\n  {}\n  {}", v["key"], v["message"], v["zh"]));
    }
    // Nothing was made of the files refused.
    let (_, events) = call(r, "GET", "/api/events", None, None).await;
    assert_eq!(events, json!([]));
    // A registration file with a bad line: the line, in both languages.
    let event =
        json!({ "id": "cup", "name": "Cup", "system": { "kind": "swiss" }, "rounds": 3, "time_control": "30m" });
    assert_eq!(call(r, "POST", "/api/events", Some(&td), Some(event)).await.0, 201);
    let (s, _, _, b) = send(
        r,
        "POST",
        "/api/events/cup/players/csv",
        Some(&td),
        "name,rank\nAnn,2d\nBo,9x\n",
    )
    .await;
    let v: Value = serde_json::from_str(&b).unwrap();
    out.push(format!("{s} {}\n  {}\n  {}", v["key"], v["message"], v["zh"]));
    expect_test::expect![[r#"
        400 "format.err.xml"
          "the OpenGotha file: not well-formed XML: <Players> is not closed"
          "OpenGotha文件：不是格式正确的XML：<Players>没有结束标记"
        400 "format.err.invalid"
          "the OpenGotha file: invalid OpenGotha file: GeneralParameterSet numberOfRounds=5000: a tournament has 1 to 1000 rounds"
          "OpenGotha文件：内容无效：GeneralParameterSet的numberOfRounds=5000：比赛应有1至1000轮"
        400 "import.err.id"
          "the event id \"a b\" must be 1 to 64 letters, digits, dots, dashes or underscores"
          "比赛编号\"a b\"须为1至64个字母、数字、点、连字符或下划线"
        400 "format.err.line"
          "the CSV file: line 3: Bo: rank \"9x\" is not like 5d, 3k, 2p, 5段, 3级 or 职业九段"
          "CSV文件：第3行：Bo：段位“9x”应写作5段、3级、职业九段或5d、3k、2p""#]].assert_eq(&out.join("\n"));
}

#[tokio::test]
async fn the_hall_shows_every_board_with_its_live_game_to_anyone() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "td").await;
    let event =
        json!({ "id": "cup", "name": "Cup", "system": { "kind": "swiss" }, "rounds": 3, "time_control": "30m+3x30s" });
    assert_eq!(call(r, "POST", "/api/events", Some(&td), Some(event)).await.0, 201);
    for (name, rank) in [("Li", "3d"), ("Wang", "2d"), ("Zhao", "1d"), ("Sun", "1k")] {
        let p = json!({ "name": name, "rank": rank, "club": "Club " });
        assert_eq!(
            call(r, "POST", "/api/events/cup/players", Some(&td), Some(p)).await.0,
            201
        );
    }
    // Before any pairing: round 0, no boards.
    let (s, v) = call(r, "GET", "/api/events/cup/hall", None, None).await;
    assert_eq!(
        (s.as_u16(), v["round"].as_u64(), v["boards"].as_array().map(Vec::len)),
        (200, Some(0), Some(0)),
        "{v}"
    );
    let pair = json!({ "games": [["Li", "Wang"], ["Zhao", "Sun"]] });
    assert_eq!(
        call(r, "POST", "/api/events/cup/rounds/amended", Some(&td), Some(pair))
            .await
            .0,
        201
    );
    // Board 2's result entered by hand, board 1 played live.
    let (s, v) = call(
        r,
        "POST",
        "/api/events/cup/results",
        Some(&td),
        Some(json!({ "round": 1, "board": 2, "result": "B+R" })),
    )
    .await;
    assert!(s.is_success(), "{v}");
    let start = json!({ "time": "30m+3x30s", "size": 19, "komi_half_points": 15, "lost_turn_on_timeout": false,
        "handicaps": [] });
    let (s, v) = call(r, "POST", "/api/events/cup/rounds/1/games", Some(&td), Some(start)).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let (s, v) = call(r, "GET", "/api/events/cup/hall", None, None).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    let b = &v["boards"];
    let line = |b: &Value| {
        format!(
            "{} {} {} v {} {}: game {} {} {} running {} result {} komi {} handicap {}",
            b["board"],
            b["black"]["name"],
            b["black"]["rank"],
            b["white"]["name"],
            b["white"]["rank"],
            b["game"].is_i64(),
            b["phase"],
            b["clock"]["control"]["kind"],
            b["clock"]["running"],
            b["result"],
            b["komi_half_points"],
            b["handicap"],
        )
    };
    expect_test::expect![[r#"
        round 1
        1 "Li" "3d" v "Wang" "2d": game true "play" "byoyomi" running "black" result null komi 15 handicap 0
        2 "Zhao" "1d" v "Sun" "1k": game false null null running null result "B+R" komi null handicap null"#]]
    .assert_eq(&format!("round {}\n{}\n{}", v["round"], line(&b[0]), line(&b[1])));
    let (s, _) = call(r, "GET", "/api/events/cup/hall?round=7", None, None).await;
    assert_eq!(s.as_u16(), 404);
    let (s, _) = call(r, "GET", "/api/events/nope/officials", None, None).await;
    assert_eq!(s.as_u16(), 404);
}

/// A registration file larger than a command's body (64 KiB) is taken whole; a file beyond
/// what the readers read (16 MiB) is refused, in both languages, before it is read.
#[tokio::test]
async fn files_are_taken_up_to_the_readers_bound_and_refused_beyond_it() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "td").await;
    let event =
        json!({ "id": "big", "name": "Big", "system": { "kind": "swiss" }, "rounds": 5, "time_control": "30m" });
    assert_eq!(call(r, "POST", "/api/events", Some(&td), Some(event)).await.0, 201);
    let mut csv = String::from("name,rank,club\n");
    for i in 0..2500 {
        csv.push_str(&format!(
            "Player number {i:05},{}k,Club of the city {}\n",
            i % 30 + 1,
            i % 40
        ));
    }
    assert!(csv.len() > 64 * 1024, "{}", csv.len());
    let (s, _, _, body) = send(r, "POST", "/api/events/big/players/csv", Some(&td), &csv).await;
    assert_eq!(s, 201, "{body}");
    assert!(body.contains("\"added\":2500"), "{body}");
    let huge = "x".repeat(formats::limits::MAX_FILE_BYTES + 1);
    for path in ["/api/events/big/players/csv", "/api/imports/opengotha?id=huge"] {
        let (s, _, _, body) = send(r, "POST", path, Some(&td), &huge).await;
        let v: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
        assert_eq!((s, v["key"].as_str()), (400, Some("import.err.body")), "{path}: {body}");
        assert!(v["zh"].as_str().unwrap().contains("16 MiB"), "{v}");
    }
}

/// A row OpenGotha printed: place, player key, values as OpenGotha keeps them.
type PrintedRow = (u32, String, Vec<i64>);

/// OpenGotha's own placement of a file (`*.opengotha.tsv`, printed by OpenGotha 3.51): for
/// `round`, each row's place, player key and criterion values as OpenGotha keeps them.
fn opengotha_printed(tsv: &str, round: u32) -> (Vec<String>, Vec<PrintedRow>) {
    let mut lines = tsv.lines();
    // `#FILE`, the file, `OK`, then counts, then the criteria's names.
    let criteria = lines
        .next()
        .unwrap()
        .split('\t')
        .skip(3)
        .filter(|f| f.parse::<i64>().is_err())
        .map(str::to_string)
        .collect();
    let rows = lines
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| f[0] == round.to_string())
        .map(|f| {
            let values = f[3..].iter().map(|v| v.parse().unwrap()).collect();
            (f[1].parse().unwrap(), f[2].to_string(), values)
        })
        .collect();
    (criteria, rows)
}

/// Issue #18: the standings of an imported event (`/api/events/{id}/standings`, which the
/// event page, the results wall and the printed standings show) are OpenGotha's placement:
/// its order, its places, the file's criteria and every value as OpenGotha shows it, equal
/// to what OpenGotha 3.51 printed for the same files.
#[tokio::test]
async fn an_imported_events_standings_are_opengothas_placement_row_for_row() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "td").await;
    let data = |f: &str| {
        std::fs::read_to_string(format!("{}/../formats/tests/it/data/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap()
    };
    for name in [
        "og_mcmahon_rules",
        "og_mcmahon_more",
        "og_swiss_rules",
        "og_swiss_more",
        "og_direct",
        "mcmahon",
    ] {
        let id = name.replace('_', "-");
        let (s, _, _, body) = send(
            r,
            "POST",
            &format!("/api/imports/opengotha?id={id}"),
            Some(&td),
            &data(&format!("{name}.xml")),
        )
        .await;
        assert_eq!(s, 201, "{name}: {body}");
        let (s, st) = call(r, "GET", &format!("/api/events/{id}/standings"), None, None).await;
        assert_eq!(s, 200, "{name}: {st}");
        assert_eq!(st["placement"], "opengotha", "{name}: {st}");
        let after = st["after_round"].as_u64().unwrap() as u32;
        assert!(after > 0, "{name}: {st}");
        let (criteria, want) = opengotha_printed(&data(&format!("{name}.opengotha.tsv")), after);
        assert_eq!(st["chain"], json!(criteria), "{name}");
        // A player's key in the file: the name as written, without spaces, upper case.
        let got: Vec<(u32, String, Vec<String>)> = st["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| {
                let key = row["name"].as_str().unwrap().replace(' ', "").to_uppercase();
                let values = row["values"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_str().unwrap().to_string())
                    .collect();
                (row["place"].as_u64().unwrap() as u32, key, values)
            })
            .collect();
        let want: Vec<(u32, String, Vec<String>)> = want
            .into_iter()
            .map(|(place, key, values)| {
                let texts = criteria
                    .iter()
                    .zip(values)
                    .map(|(c, v)| formats::opengotha::value_text(c, v))
                    .collect();
                (place, key, texts)
            })
            .collect();
        assert_eq!(got, want, "{name} after round {after}");
        // Each criterion is named in both languages, the Chinese without Latin letters.
        let zh = st["chain_names"]["zh"].as_array().unwrap();
        assert_eq!(zh.len(), criteria.len(), "{name}");
        assert!(
            zh.iter()
                .all(|n| !n.as_str().unwrap().chars().any(|c| c.is_ascii_alphabetic())),
            "{name}: {zh:?}"
        );
    }
}

/// An event created in weiqi keeps weiqi's own standings (Art. 27 chain), said so.
#[tokio::test]
async fn a_native_events_standings_are_weiqis_chain() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "td").await;
    let event = json!({ "id": "n", "name": "N", "system": { "kind": "swiss" }, "rounds": 3, "time_control": "30m" });
    assert_eq!(call(r, "POST", "/api/events", Some(&td), Some(event)).await.0, 201);
    let (s, st) = call(r, "GET", "/api/events/n/standings", None, None).await;
    assert_eq!(s, 200, "{st}");
    assert_eq!(st["placement"], "weiqi", "{st}");
    assert_eq!(st["chain"], json!(["points", "sos", "warnings", "lots"]), "{st}");
    assert_eq!(
        st["chain_names"]["zh"],
        json!(["积分", "对手分", "警告少者", "抽签"]),
        "{st}"
    );
}

/// Issue #18: the printed standings of an imported event (the crosstable, the print pack's
/// 名次表, 个人成绩表 and 成绩公告, the HTML export) are the event page's, OpenGotha's: its
/// order, its criteria by their Chinese names, and no weiqi points beside its own score.
#[tokio::test]
async fn an_imported_events_printed_standings_are_opengothas() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "td").await;
    let xml = include_str!("../../../formats/tests/it/data/og_mcmahon_rules.xml");
    let (s, _, _, body) = send(r, "POST", "/api/imports/opengotha?id=og", Some(&td), xml).await;
    assert_eq!(s, 201, "{body}");
    let (_, st) = call(r, "GET", "/api/events/og/standings", None, None).await;
    let names: Vec<String> = st["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names.len(), 8);
    for path in [
        "/api/events/og/print/crosstable?lang=zh",
        "/api/events/og/print/form/ranking?lang=zh",
        "/api/events/og/print/form/crosstable?lang=zh",
        "/api/events/og/print/form/final?lang=zh",
        "/api/events/og/export/html?lang=zh",
    ] {
        let (s, _, _, page) = send(r, "GET", path, None, "").await;
        assert_eq!(s, 200, "{path}: {page}");
        // The players in OpenGotha's order (the final result lists them all: eight places).
        let at: Vec<usize> = names
            .iter()
            .map(|n| {
                page.find(&format!(">{n}<"))
                    .unwrap_or_else(|| panic!("{path}: {n} missing"))
            })
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{path}: {names:?} at {at:?}");
        assert!(page.contains("<th>麦克马洪分</th>"), "{path}");
        assert!(!page.contains("<th>积分</th>"), "{path}");
        if !path.contains("final") {
            assert!(
                page.contains("<th>对手麦克马洪分之和</th>") && page.contains("<th>组别</th>"),
                "{path}"
            );
        }
    }
}

/// The CSV standings of an imported event are the event page's, a round being played
/// included: placed after the last complete round (a round paired without its results yet
/// counts for nothing), the same rows, places and values as `/api/events/{id}/standings`.
#[tokio::test]
async fn an_imported_events_csv_standings_are_the_pages_while_a_round_is_played() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "td").await;
    let xml = include_str!("../../../formats/tests/it/data/og_mcmahon_rules.xml");
    let (s, _, _, body) = send(r, "POST", "/api/imports/opengotha?id=og", Some(&td), xml).await;
    assert_eq!(s, 201, "{body}");
    // Round 5 paired, none of its results in.
    let (s, v) = call(r, "POST", "/api/events/og/rounds", Some(&td), None).await;
    assert_eq!(s, 201, "{v}");
    let (_, st) = call(r, "GET", "/api/events/og/standings", None, None).await;
    assert_eq!(st["after_round"], 4, "{st}");
    let page: Vec<String> = st["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let values: Vec<&str> = row["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            format!(
                "{} {} {}",
                row["place"],
                row["name"].as_str().unwrap(),
                values.join(" ")
            )
        })
        .collect();
    let (s, _, _, csv) = send(r, "GET", "/api/events/og/export/csv?lang=en", None, "").await;
    assert_eq!(s, 200, "{csv}");
    // place, name, rank, country, club, then the criteria.
    let file: Vec<String> = csv
        .trim_start_matches('\u{feff}')
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            format!("{} {} {}", f[0], f[1], f[5..].join(" "))
        })
        .collect();
    assert_eq!(file, page);
}
