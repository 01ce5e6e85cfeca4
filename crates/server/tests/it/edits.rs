//! Issue #16's director's edits: one colour for a McMahon handicap board in every view, a
//! changed pairing refused when it leaves a player out and confirmed when it repeats a game or
//! breaks the colours, events and players edited and deleted, the time control required.

use crate::support::*;
use serde_json::{Value, json};

/// `status key: message / zh` of a refusal said in both languages, `status` otherwise.
fn said(s: axum::http::StatusCode, v: &Value) -> String {
    match v["key"].as_str() {
        Some(key) => format!(
            "{} {key}: {} / {}",
            s.as_u16(),
            v["message"].as_str().unwrap(),
            v["zh"].as_str().unwrap()
        ),
        None => format!("{} {}", s.as_u16(), v["message"].as_str().unwrap_or("")),
    }
}

/// Issue #16 item 2: a 3k and a 5k on a McMahon board, two stones: the 5k is Black in the
/// proposal, the round, the start form, the printed sheet, the result entered and the
/// standings; typed the other way round by hand, the pairing still gives the 5k Black.
#[tokio::test]
async fn a_handicap_board_shows_the_weaker_player_as_black_everywhere() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    let mm = json!({ "kind": "mc_mahon", "bar": "1d", "floor": "20k" });
    event(r, &td, "mm", mm, "30m+3x30s", &[("Zhang", "3k"), ("Wu", "5k")]).await;
    let (_, p) = call(r, "GET", "/api/events/mm/proposal", Some(&td), None).await;
    assert_eq!(
        (
            &p["games"][0]["black"],
            &p["games"][0]["white"],
            &p["games"][0]["handicap"]
        ),
        (&json!("Wu"), &json!("Zhang"), &json!(2)),
        "{p}"
    );
    // By hand, the 3k typed as Black: paired with the 5k as Black all the same.
    let body = json!({ "games": [["Zhang", "Wu"]] });
    let (s, v) = call(r, "POST", "/api/events/mm/rounds/amended", Some(&td), Some(body)).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let (_, ev) = call(r, "GET", "/api/events/mm", None, None).await;
    let g = &ev["rounds"][0]["games"][0];
    assert_eq!((&g["black"], &g["white"]), (&json!("Wu"), &json!("Zhang")), "{g}");
    let (_, setup) = call(r, "GET", "/api/events/mm/rounds/1/setup", Some(&td), None).await;
    let b = &setup["boards"][0];
    assert_eq!(
        (&b["black"], &b["handicap"], &b["handicap_black"]),
        (&json!("Wu"), &json!(2), &json!("Wu")),
        "{setup}"
    );
    let (s, sheet) = call(r, "GET", "/api/events/mm/print/pairings/1?lang=en", Some(&td), None).await;
    assert_eq!(s.as_u16(), 200);
    let sheet = sheet.as_str().unwrap();
    let (wu, zhang) = (sheet.find("Wu").unwrap(), sheet.find("Zhang").unwrap());
    assert!(wu < zhang, "the sheet lists Black first: {sheet}");
    // The 5k, Black, wins on time: B+T is Wu's win.
    let body = json!({ "round": 1, "board": 1, "result": "B+T" });
    let (s, v) = call(r, "POST", "/api/events/mm/results", Some(&td), Some(body)).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    let (_, st) = call(r, "GET", "/api/events/mm/standings", None, None).await;
    let wu = st["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["name"] == "Wu")
        .unwrap();
    assert_eq!(wu["wins"], 1, "{st}");
    // The next proposal: the pair met, so the editor flags it.
    let (_, p) = call(r, "GET", "/api/events/mm/proposal", Some(&td), None).await;
    assert_eq!(p["games"][0]["met_in"], 1, "{p}");
    let wu = p["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["name"] == "Wu")
        .unwrap();
    assert_eq!(
        wu,
        &json!({ "name": "Wu", "rank": "5k", "score": wu["score"], "colours": ["black"], "met": ["Zhang"] })
    );
}

/// Issue #16 item 4: a board set to "—" left two players with neither a game nor a bye; the
/// director's pairing is refused naming them, in both languages. A repeat of an earlier game
/// and colours unbalanced by two are warnings: answered 409, paired once confirmed.
#[tokio::test]
async fn a_changed_pairing_is_refused_when_it_drops_players_and_confirmed_when_it_repeats() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    event(
        r,
        &td,
        "sw",
        json!({ "kind": "swiss" }),
        "30m+3x30s",
        &[("A", "1d"), ("B", "1d"), ("C", "1d"), ("D", "1d")],
    )
    .await;
    let (_, p) = call(r, "GET", "/api/events/sw/proposal", Some(&td), None).await;
    let g = |k: usize, c: &str| p["games"][k][c].as_str().unwrap().to_string();
    let body = json!({ "games": [[g(0, "black"), g(0, "white")]] });
    let (s, v) = call(r, "POST", "/api/events/sw/rounds/amended", Some(&td), Some(body)).await;
    let mut left = [g(1, "black"), g(1, "white")];
    left.sort();
    assert_eq!(
        said(s, &v),
        format!(
            "400 pairing.err.left_out: round 1: {}, {} would have neither a game nor a bye; give each a game or the bye (or mark them absent for the round) / 第1轮：{}、{}既无对局也未轮空；请为每人安排对局或轮空（或登记为本轮缺席）",
            g(1, "black"),
            g(1, "white"),
            g(1, "black"),
            g(1, "white")
        )
    );
    // As proposed: paired; results; then round 2 with round 1's games again, same colours.
    let round1 = json!({ "games": [[g(0, "black"), g(0, "white")], [g(1, "black"), g(1, "white")]] });
    let (s, v) = call(
        r,
        "POST",
        "/api/events/sw/rounds/amended",
        Some(&td),
        Some(round1.clone()),
    )
    .await;
    assert_eq!(s.as_u16(), 201, "{v}");
    for board in [1, 2] {
        let body = json!({ "round": 1, "board": board, "result": "B+R" });
        let (s, v) = call(r, "POST", "/api/events/sw/results", Some(&td), Some(body)).await;
        assert_eq!(s.as_u16(), 200, "{v}");
    }
    let (s, v) = call(
        r,
        "POST",
        "/api/events/sw/rounds/amended",
        Some(&td),
        Some(round1.clone()),
    )
    .await;
    assert_eq!(s.as_u16(), 409, "{v}");
    assert_eq!(v["key"], "pairing.confirm");
    let warnings: Vec<String> = v["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            format!(
                "{}: {} / {}",
                w["key"].as_str().unwrap(),
                w["en"].as_str().unwrap(),
                w["zh"].as_str().unwrap()
            )
        })
        .collect();
    let (b, w) = (g(0, "black"), g(0, "white"));
    assert_eq!(
        warnings[0],
        format!(
            "pairing.warn.repeat_exact: {b} and {w} played in round 1 with the same colours: an exact repeat / {b}与{w}已在第1轮以同样黑白对局：完全重复"
        )
    );
    assert!(warnings.contains(&format!(
        "pairing.warn.colours: {b} would have had Black 2 times and White 0 times / {b}将执黑2次、执白0次"
    )));
    assert_eq!(warnings.len(), 2 + 4, "{warnings:?}");
    assert!(v["zh"].as_str().unwrap().starts_with("此编排需要确认："));
    // Nothing was paired; confirmed, it is.
    let (_, ev) = call(r, "GET", "/api/events/sw", None, None).await;
    assert_eq!(ev["rounds"].as_array().unwrap().len(), 1);
    let mut confirmed = round1;
    confirmed["confirm"] = json!(true);
    let (s, v) = call(r, "POST", "/api/events/sw/rounds/amended", Some(&td), Some(confirmed)).await;
    assert_eq!((s.as_u16(), &v["rounds"]), (201, &json!(2)), "{v}");
}

/// Issue #16 item 6: the organizer edits an event (the name always, the settings until the
/// first round) and its players (the name and rank until they are paired), and deletes an
/// event without games; an empty time control is refused at creation, in both languages.
#[tokio::test]
async fn events_and_players_are_edited_and_an_event_without_games_deleted() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    let other = login(r, "other").await;
    let body = json!({ "id": "e", "name": "E", "system": { "kind": "swiss" }, "rounds": 3, "time_control": " " });
    let (s, v) = call(r, "POST", "/api/events", Some(&td), Some(body)).await;
    assert_eq!(
        said(s, &v),
        "400 event.err.time_empty: the event needs a time control (Art. 12): write e.g. 1h+3x60s, 10m+15/10m, 5m+10s/move, or none for no clock / 请填写比赛用时（第十二条）：如1h+3x60s、10m+15/10m、5m+10s/move，不计时请写none"
    );
    let body = json!({ "id": "e", "name": "E", "system": { "kind": "swiss" }, "rounds": 3, "time_control": "1h+3x" });
    let (s, v) = call(r, "POST", "/api/events", Some(&td), Some(body)).await;
    assert_eq!(
        said(s, &v),
        "400 time.err.expected_number: time control \"1h+3x\", column 6: expected a number / 用时\"1h+3x\"第6个字符：此处应为数字"
    );
    event(
        r,
        &td,
        "e",
        json!({ "kind": "swiss" }),
        "30m+3x30s",
        &[("Li", "2d"), ("Wang", "1d"), ("Zhao", "1k")],
    )
    .await;
    // Only the organizer.
    let (s, _) = call(r, "PUT", "/api/events/e", Some(&other), Some(json!({ "name": "X" }))).await;
    assert_eq!(s.as_u16(), 403);
    let edit = json!({ "name": "  春季赛 ", "time_control": "1h+3x60s", "lateness_limit_minutes": 15, "rounds": 4 });
    let (s, ev) = call(r, "PUT", "/api/events/e", Some(&td), Some(edit)).await;
    assert_eq!(s.as_u16(), 200, "{ev}");
    assert_eq!(
        (
            &ev["name"],
            &ev["time_control"],
            &ev["settings"]["lateness_limit_minutes"],
            &ev["planned_rounds"]
        ),
        (&json!("春季赛"), &json!("1h+3x60s"), &json!(15), &json!(4)),
        "{ev}"
    );
    let (s, v) = call(
        r,
        "PUT",
        "/api/events/e",
        Some(&td),
        Some(json!({ "time_control": "" })),
    )
    .await;
    assert!(said(s, &v).starts_with("400 event.err.time_empty"), "{v}");
    // A player: name, rank, club, region, rating.
    let li = json!({ "name": "Li Wei", "rank": "3d", "club": "Beijing", "region": "BJ", "rating": 2300 });
    let (s, ev) = call(r, "PUT", "/api/events/e/players/Li", Some(&td), Some(li)).await;
    assert_eq!(s.as_u16(), 200, "{ev}");
    let p = ev["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Li Wei")
        .unwrap();
    assert_eq!((&p["rank"], &p["club"]), (&json!("3d"), &json!("Beijing")), "{p}");
    let mut out = Vec::new();
    for body in [
        json!({ "name": "Wang", "rank": "3d" }),
        json!({ "name": "Li Wei", "rank": "3段位" }),
        json!({ "name": " ", "rank": "3d" }),
        json!({ "name": "Li Wei", "rank": "3d", "rating": 20000 }),
    ] {
        let (s, v) = call(r, "PUT", "/api/events/e/players/Li%20Wei", Some(&td), Some(body)).await;
        out.push(said(s, &v));
    }
    let (s, v) = call(
        r,
        "PUT",
        "/api/events/e/players/Nobody",
        Some(&td),
        Some(json!({ "name": "N", "rank": "1k" })),
    )
    .await;
    out.push(said(s, &v));
    expect_test::expect![[r#"
        400 player.err.duplicate: a player named Wang is registered already / 已有名为Wang的棋手报名
        400 player.err.rank: rank "3段位" is not a rank: write e.g. 5k, 3d or 2p / 段位"3段位"无法识别：请写如5k、3d或2p
        400 player.err.name_empty: a player needs a name / 请填写棋手姓名
        400 player.err.rating: the rating 20000 of Li Wei is out of range: -10000 to 10000 / Li Wei的等级分20000超出范围：-10000至10000
        404 player.err.none: event e has no registered player "Nobody" / 比赛e没有登记的棋手"Nobody""#]]
    .assert_eq(&out.join("\n"));
    // Paired: the settings stay, the name changes; a player's rank stays, the club changes.
    let (s, v) = call(r, "POST", "/api/events/e/rounds", Some(&td), None).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let (s, v) = call(
        r,
        "PUT",
        "/api/events/e",
        Some(&td),
        Some(json!({ "lateness_limit_minutes": 60 })),
    )
    .await;
    assert_eq!(
        said(s, &v),
        "400 event.err.settings_fixed: event e has 1 round(s) paired: its settings stay as they are; only its name may change / 比赛e已编排1轮：设置不能再改，只能改名称"
    );
    let (s, ev) = call(r, "PUT", "/api/events/e", Some(&td), Some(json!({ "name": "Spring" }))).await;
    assert_eq!((s.as_u16(), &ev["name"]), (200, &json!("Spring")));
    let (s, v) = call(
        r,
        "PUT",
        "/api/events/e/players/Wang",
        Some(&td),
        Some(json!({ "name": "Wang", "rank": "2d" })),
    )
    .await;
    assert_eq!(
        said(s, &v),
        "400 player.err.paired: Wang is in a paired round: the name and rank stay as paired (the club, region and rating may change) / Wang已编入对阵：姓名和段位不能再改（单位、地区和等级分可以改）"
    );
    let body = json!({ "name": "Wang", "rank": "1d", "club": "Shanghai" });
    let (s, v) = call(r, "PUT", "/api/events/e/players/Wang", Some(&td), Some(body)).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    // Deleting: not with a round paired; an event without games goes, with its roles.
    let (s, v) = call(r, "DELETE", "/api/events/e", Some(&td), None).await;
    assert_eq!(
        said(s, &v),
        "400 event.err.has_games: event e has 1 round(s) paired and 0 game(s) started: only an event without games can be deleted / 比赛e已编排1轮、开始0盘对局：只有没有对局的比赛才能删除"
    );
    event(r, &td, "dup", json!({ "kind": "swiss" }), "30m+3x30s", &[("Li", "2d")]).await;
    let (s, _) = call(r, "DELETE", "/api/events/dup", Some(&other), None).await;
    assert_eq!(s.as_u16(), 403);
    let (s, _) = call(r, "DELETE", "/api/events/dup", Some(&td), None).await;
    assert_eq!(s.as_u16(), 204);
    let (s, _) = call(r, "GET", "/api/events/dup", None, None).await;
    assert_eq!(s.as_u16(), 404);
    let (_, list) = call(r, "GET", "/api/events", None, None).await;
    assert!(list.as_array().unwrap().iter().all(|e| e["id"] != "dup"), "{list}");
    // Created again by another account: the first organizer holds no role in it.
    let body =
        json!({ "id": "dup", "name": "Dup", "system": { "kind": "swiss" }, "rounds": 3, "time_control": "none" });
    let (s, _) = call(r, "POST", "/api/events", Some(&other), Some(body)).await;
    assert_eq!(s.as_u16(), 201);
    let (_, me) = call(r, "GET", "/api/events/dup/me", Some(&td), None).await;
    assert_eq!(me["roles"], json!([]), "{me}");
}
