//! Issues #16 item 6 and #18 item 4: the settings a McMahon director sets through the API
//! (`POST`/`PUT /api/events`): the handicap rule (the McMahon bar as its bar unless told),
//! the categories and the tie-break chain, checked by the tournament crate, refused in both
//! languages, fixed once the first round is paired.

use crate::support::*;
use expect_test::expect;
use serde_json::{Value, json};

/// `status key: message / zh` of a refusal, `status` and the event's settings otherwise.
fn said(s: axum::http::StatusCode, v: &Value) -> String {
    match v["key"].as_str() {
        Some(key) => format!(
            "{} {key}: {} / {}",
            s.as_u16(),
            v["message"].as_str().unwrap(),
            v["zh"].as_str().unwrap()
        ),
        None => format!(
            "{} handicap {} categories {} chain {}",
            s.as_u16(),
            v["settings"]["handicap"],
            v["settings"]["categories"],
            v["settings"]["tie_breaks"]
        ),
    }
}

fn mcmahon(id: &str) -> Value {
    json!({ "id": id, "name": id, "rounds": 3, "time_control": "30m",
            "system": { "kind": "mc_mahon", "bar": "3d", "floor": "20k" } })
}

/// A McMahon event created without a handicap rule has the McMahon bar as the handicap's
/// bar (the rest as the default: rank difference, no correction, nine stones at most); one
/// given keeps what it was given, ranks as people write them, fields left out the default;
/// a ceiling past nine, a rank that is none, and categories out of order are refused in both
/// languages, and nothing is made.
#[tokio::test]
async fn a_mcmahon_event_takes_its_bar_as_the_handicap_bar_unless_told() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    let mut out = Vec::new();
    let with = |id: &str, extra: Value| {
        let mut body = mcmahon(id);
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    for body in [
        with("plain", json!({})),
        with(
            "told",
            json!({ "handicap": { "basis": "mms", "bar": "5段", "correction": 1, "ceiling": 5 } }),
        ),
        with("nobar", json!({ "handicap": { "bar": null, "ceiling": 3 } })),
        with("ceiling", json!({ "handicap": { "ceiling": 10 } })),
        with("badbar", json!({ "handicap": { "bar": "top" } })),
        with("order", json!({ "categories": ["5k", "3d"] })),
        with("tie", json!({ "tie_breaks": ["category", "mms", "nothing"] })),
        with("twice", json!({ "tie_breaks": ["mms", "mms"] })),
    ] {
        let (s, v) = call(r, "POST", "/api/events", Some(&td), Some(body)).await;
        out.push(said(s, &v));
    }
    // A Swiss event plays even games: its rule is the default, no bar.
    let swiss = json!({ "id": "sw", "name": "sw", "rounds": 3, "time_control": "30m", "system": { "kind": "swiss" } });
    let (s, v) = call(r, "POST", "/api/events", Some(&td), Some(swiss)).await;
    out.push(said(s, &v));
    let (_, list) = call(r, "GET", "/api/events", None, None).await;
    let ids: Vec<_> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap().to_string())
        .collect();
    out.push(format!("made: {ids:?}"));
    expect![[r#"
        201 handicap {"bar":"3d","basis":"rank","ceiling":9,"correction":0} categories {"limits":[],"pair_within":false} chain ["mms","sos","warnings","lots"]
        201 handicap {"bar":"5d","basis":"mms","ceiling":5,"correction":1} categories {"limits":[],"pair_within":false} chain ["mms","sos","warnings","lots"]
        201 handicap {"bar":null,"basis":"rank","ceiling":3,"correction":0} categories {"limits":[],"pair_within":false} chain ["mms","sos","warnings","lots"]
        422 event.err.bad_system: event "ceiling": invalid system: a handicap ceiling of 10 stones: at most 9 (Art. 11) / 比赛“ceiling”：赛制无效：让子上限10子：最多9子（第11条）
        400 rank.err.syntax: rank "top" is not like 10k, 5d, 3p, 5段 or 3级 / 段位“top”应写作5段、3级、职业九段或10k、5d、3p
        422 event.err.bad_system: event "order": invalid system: category limits 5k then 3d: each limit must be weaker than the one before / 比赛“order”：赛制无效：组别界限5级之后是3段：每个界限须弱于前一个
        400 event.err.tie_break: unknown tie-break nothing: one of points, mms, sos, sodos, sosos, cumulative, direct, warnings, total, elimination, lots, category / 没有名为nothing的破同分方法：可用points, mms, sos, sodos, sosos, cumulative, direct, warnings, total, elimination, lots, category
        422 event.err.duplicate_tie_break: event "twice": the tie-break mms appears twice in the chain (Art. 27: each criterion once) / 比赛“twice”：破同分方法mms在顺序中出现了两次（第27条：每项只用一次）
        201 handicap {"bar":null,"basis":"rank","ceiling":9,"correction":0} categories {"limits":[],"pair_within":true} chain ["points","sos","warnings","lots"]
        made: ["nobar", "plain", "sw", "told"]
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}

/// Issue #16 item 6: in a McMahon event with bar 3段 and no rule given, a 5段 and a 7段 play
/// an even game (both at or above the bar), while a 1级 and a 3级 below it get their two
/// stones, in the proposal and on the round's start form.
#[tokio::test]
async fn players_at_or_above_the_bar_play_even_games_below_it_get_their_stones() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    let mm = json!({ "kind": "mc_mahon", "bar": "3d", "floor": "20k" });
    let players = [("Seven", "7段"), ("Five", "5段"), ("One", "1级"), ("Three", "3级")];
    event(r, &td, "mm", mm, "30m", &players).await;
    let (s, v) = call(r, "POST", "/api/events/mm/rounds", Some(&td), None).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let (_, setup) = call(r, "GET", "/api/events/mm/rounds/1/setup", Some(&td), None).await;
    let boards: Vec<String> = setup["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| format!("{} {}–{} {}", b["board"], b["black"], b["white"], b["handicap"]))
        .collect();
    expect![[r#"
        1 "Five"–"Seven" 0
        2 "Three"–"One" 2
    "#]]
    .assert_eq(&(boards.join("\n") + "\n"));
}

/// The categories and the tie-break chain round-trip through `POST` and `PUT` (ranks as
/// people write them, kept as the store writes them), a handicap field left out of a `PUT`
/// stays as it was; the standings rank by CAT when the
/// chain has it; every setting is fixed once round 1 is paired (a change refused in both
/// languages; the same values again, and the name, still accepted).
#[tokio::test]
async fn categories_and_the_chain_round_trip_and_settings_are_fixed_after_round_one() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    let mut out = Vec::new();
    let mut body = mcmahon("cup");
    body["categories"] = json!(["3段", "5k"]);
    body["handicap"] = json!({ "basis": "mms" });
    let (s, v) = call(r, "POST", "/api/events", Some(&td), Some(body)).await;
    out.push(said(s, &v));
    let edit = json!({ "categories": ["1d", "10级"], "pair_within_categories": true,
                       "tie_breaks": ["category", "mms", "sos"], "handicap": { "ceiling": 4 } });
    let (s, v) = call(r, "PUT", "/api/events/cup", Some(&td), Some(edit.clone())).await;
    out.push(said(s, &v));
    let (_, v) = call(r, "GET", "/api/events/cup", None, None).await;
    out.push(said(axum::http::StatusCode::OK, &v));
    for (name, rank) in [("Li", "2d"), ("Wang", "3k"), ("Zhao", "12k"), ("Sun", "15k")] {
        let (s, v) = call(
            r,
            "POST",
            "/api/events/cup/players",
            Some(&td),
            Some(json!({ "name": name, "rank": rank })),
        )
        .await;
        assert_eq!(s.as_u16(), 201, "{v}");
    }
    let (s, v) = call(r, "POST", "/api/events/cup/rounds", Some(&td), None).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let (_, st) = call(r, "GET", "/api/events/cup/standings", None, None).await;
    out.push(format!("standings chain {} {}", st["chain"], st["chain_names"]["zh"]));
    let (s, v) = call(
        r,
        "PUT",
        "/api/events/cup",
        Some(&td),
        Some(json!({ "handicap": { "ceiling": 9 } })),
    )
    .await;
    out.push(said(s, &v));
    let (s, v) = call(
        r,
        "PUT",
        "/api/events/cup",
        Some(&td),
        Some(json!({ "categories": [] })),
    )
    .await;
    out.push(said(s, &v));
    let (s, v) = call(
        r,
        "PUT",
        "/api/events/cup",
        Some(&td),
        Some(json!({ "tie_breaks": [] })),
    )
    .await;
    out.push(said(s, &v));
    let mut same = edit;
    same["name"] = json!("Cup 杯");
    let (s, v) = call(r, "PUT", "/api/events/cup", Some(&td), Some(same)).await;
    out.push(format!("{} {}", said(s, &v), v["name"]));
    expect![[r#"
        201 handicap {"bar":"3d","basis":"mms","ceiling":9,"correction":0} categories {"limits":["3d","5k"],"pair_within":false} chain ["mms","sos","warnings","lots"]
        200 handicap {"bar":"3d","basis":"mms","ceiling":4,"correction":0} categories {"limits":["1d","10k"],"pair_within":true} chain ["category","mms","sos"]
        200 handicap {"bar":"3d","basis":"mms","ceiling":4,"correction":0} categories {"limits":["1d","10k"],"pair_within":true} chain ["category","mms","sos"]
        standings chain ["category","mms","sos"] ["组别","麦克马洪分","对手分"]
        400 event.err.settings_fixed: event cup has 1 round(s) paired: its settings stay as they are; only its name may change / 比赛cup已编排1轮：设置不能再改，只能改名称
        400 event.err.settings_fixed: event cup has 1 round(s) paired: its settings stay as they are; only its name may change / 比赛cup已编排1轮：设置不能再改，只能改名称
        400 event.err.settings_fixed: event cup has 1 round(s) paired: its settings stay as they are; only its name may change / 比赛cup已编排1轮：设置不能再改，只能改名称
        200 handicap {"bar":"3d","basis":"mms","ceiling":4,"correction":0} categories {"limits":["1d","10k"],"pair_within":true} chain ["category","mms","sos"] "Cup 杯"
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}
