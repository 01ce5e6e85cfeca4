//! The names the API answers with are its own, fixed in `openapi.json`: never a Rust type's
//! `Debug` text (which changes when a variant gains a field).

use crate::support::*;
use serde_json::{Value, json};

#[tokio::test]
async fn an_event_and_a_game_answer_with_the_api_s_own_names() {
    let a = app().await;
    let r = &a.router;
    let org = login(r, "organizer").await;
    let event = json!({ "id": "cup", "name": "Cup", "rounds": 3, "time_control": "30m",
        "system": { "kind": "mc_mahon", "bar": "3d", "floor": "10k" } });
    let (s, _) = call(r, "POST", "/api/events", Some(&org), Some(event)).await;
    assert_eq!(s.as_u16(), 201);
    for (name, rank) in [
        ("Li", "3d"),
        ("Wang", "2d"),
        ("Zhao", "1d"),
        ("Sun", "1k"),
        ("Qian", "2k"),
    ] {
        let p = json!({ "name": name, "rank": rank });
        let (s, v) = call(r, "POST", "/api/events/cup/players", Some(&org), Some(p)).await;
        assert_eq!(s.as_u16(), 201, "{v}");
    }
    let withdraw = |name: &str| json!({ "name": name, "reason": "ill" });
    let mut out = Vec::new();
    // Art. 28.1: before the first round; then after it.
    let (_, v) = call(
        r,
        "POST",
        "/api/events/cup/withdrawals",
        Some(&org),
        Some(withdraw("Qian")),
    )
    .await;
    out.push(format!("withdrawal: {v}"));
    let (s, _) = call(r, "POST", "/api/events/cup/rounds", Some(&org), None).await;
    assert_eq!(s.as_u16(), 201);
    let (_, v) = call(
        r,
        "POST",
        "/api/events/cup/withdrawals",
        Some(&org),
        Some(withdraw("Sun")),
    )
    .await;
    out.push(format!("withdrawal: {v}"));
    let (_, ev) = call(r, "GET", "/api/events/cup", None, None).await;
    out.push(format!("system: {} ({})", ev["system"], ev["system_kind"]));
    for p in ev["players"].as_array().unwrap() {
        out.push(format!("{}: {} {}", p["name"], p["status"], p["withdrawn"]));
    }
    // Every phase of a game, as it answers them: one not started yet, then one played out.
    let later = json!({ "settings": settings("none"), "start": false });
    let (_, v) = call(r, "POST", "/api/games", Some(&org), Some(later)).await;
    let phase = |v: &Value| v["state"]["phase"].to_string();
    let mut phases = vec![phase(&v)];
    let (id, black, white) = game(r, &org, "none").await;
    let (_, v) = call(r, "GET", &format!("/api/games/{id}"), None, None).await;
    phases.push(v["phase"].to_string());
    let steps = [
        (&black, json!({ "type": "pass" })),
        (&white, json!({ "type": "pass" })),
        (&black, json!({ "type": "accept_marking" })),
        (&white, json!({ "type": "accept_marking" })),
        (&black, json!({ "type": "confirm" })),
        (&white, json!({ "type": "confirm" })),
    ];
    for (i, (secret, action)) in steps.into_iter().enumerate() {
        let (s, v) = act(r, id, secret, 2 + i as u64, action).await;
        assert_eq!(s.as_u16(), 200, "{v}");
        phases.push(phase(&v));
    }
    // Art. 16.4: a free game has no referee: both players' confirmations make it final.
    phases.dedup();
    out.push(format!("phases: {}", phases.join(" → ")));
    expect_test::expect![[r#"
        withdrawal: {"event":"cup","name":"Qian","status":"withdrawn_before_start","withdrawn":null}
        withdrawal: {"event":"cup","name":"Sun","status":"withdrawn","withdrawn":{"after_round":1,"voided":false}}
        system: {"bar":"3d","floor":"10k","kind":"mc_mahon"} ("mc_mahon")
        "Li": "active" null
        "Wang": "active" null
        "Zhao": "active" null
        "Sun": "withdrawn" {"after_round":1,"voided":false}
        "Qian": "withdrawn_before_start" null
        phases: "setup" → "play" → "counting" → "decided" → "final"
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}
