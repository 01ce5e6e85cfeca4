//! Results that end (Art. 16.4): a free game (no referee) is final once both players confirm;
//! a game of an event waits for a referee's confirmation too, says who has still to confirm,
//! and stands in the referee console's queue until one click confirms it; an event may record
//! that its players' agreement stands (a club event). The organizer is the chief referee of
//! their own event until they appoint one, and is never told to ask the organizer. Each
//! official's event is pushed as a ruling the players' pages show.

use crate::support::*;
use serde_json::{Value, json};

/// The event `club` (Swiss, Li and Wang, 3d) created by the organizer `org`, round 1 paired;
/// the organizer's token.
async fn club(r: &axum::Router) -> String {
    let org = login(r, "org").await;
    let event =
        json!({ "id": "club", "name": "Club", "system": { "kind": "swiss" }, "rounds": 2, "time_control": "1h" });
    assert_eq!(
        call(r, "POST", "/api/events", Some(&org), Some(event)).await.0.as_u16(),
        201
    );
    for name in ["Li", "Wang"] {
        let body = json!({ "name": name, "rank": "3d" });
        assert_eq!(
            call(r, "POST", "/api/events/club/players", Some(&org), Some(body))
                .await
                .0
                .as_u16(),
            201
        );
    }
    let (s, v) = call(r, "POST", "/api/events/club/rounds", Some(&org), None).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    org
}

/// Round 1's board 1 started by `token`: (game, Black's secret, White's secret).
async fn board_one(r: &axum::Router, token: &str) -> (i64, String, String) {
    let (s, v) = call(
        r,
        "POST",
        "/api/events/club/rounds/1/games",
        Some(token),
        Some(json!({ "time": "1h", "size": 9 })),
    )
    .await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let (game, links) = (&v["games"][0]["game"], &v["games"][0]["links"]);
    let secret = |c: &str| links[c].as_str().unwrap().split_once("#secret=").unwrap().1.to_string();
    (game.as_i64().unwrap(), secret("black"), secret("white"))
}

/// Black resigns and both players confirm; the game's state after.
async fn resign_and_players_confirm(r: &axum::Router, game: i64, black: &str, white: &str) -> Value {
    let (_, s) = call(r, "GET", &format!("/api/games/{game}"), None, None).await;
    let seq = s["seq"].as_u64().unwrap();
    assert_eq!(
        act(r, game, black, seq, json!({ "type": "resign" })).await.0.as_u16(),
        200
    );
    let (_, s) = call(r, "GET", &format!("/api/games/{game}"), None, None).await;
    let referee = s["settings"]["confirmation"] == "players_and_referee";
    let mut who = vec!["black", "white"];
    who.extend(referee.then_some("referee"));
    assert_eq!(s["awaiting"], json!(who), "{s}");
    assert_eq!(
        act(r, game, white, seq + 1, json!({ "type": "confirm" }))
            .await
            .0
            .as_u16(),
        200
    );
    let (st, v) = act(r, game, black, seq + 2, json!({ "type": "confirm" })).await;
    assert_eq!(st.as_u16(), 200, "{v}");
    v["state"].clone()
}

#[tokio::test]
async fn a_free_game_is_final_once_both_players_confirm() {
    let a = app().await;
    let r = &a.router;
    let owner = login(r, "owner").await;
    let (game, black, white) = game(r, &owner, "1h").await;
    let (_, s) = call(r, "GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(s["settings"]["confirmation"], json!("players"), "{s}");
    let state = resign_and_players_confirm(r, game, &black, &white).await;
    assert_eq!(
        (&state["phase"], &state["final"], &state["awaiting"]),
        (&json!("final"), &json!(true), &json!([])),
        "{state}"
    );
}

#[tokio::test]
async fn an_event_game_waits_for_the_referee_in_the_queue_then_one_confirmation_ends_it() {
    let a = app().await;
    let r = &a.router;
    let org = club(r).await;
    let referee = login(r, "ref").await;
    let body = json!({ "account": "ref", "role": "referee" });
    assert_eq!(
        call(r, "PUT", "/api/events/club/roles", Some(&org), Some(body))
            .await
            .0
            .as_u16(),
        200
    );
    let (game, black, white) = board_one(r, &org).await;
    let state = resign_and_players_confirm(r, game, &black, &white).await;
    assert_eq!(
        (&state["phase"], &state["awaiting"]),
        (&json!("decided"), &json!(["referee"])),
        "{state}"
    );
    assert_eq!(
        state["confirmed_by"],
        json!({ "black": true, "white": true, "referee": false })
    );

    // The queue: the game, its board, who has still to confirm. Not for the public.
    assert_eq!(
        call(r, "GET", "/api/events/club/confirmations", None, None)
            .await
            .0
            .as_u16(),
        401
    );
    let (s, q) = call(r, "GET", "/api/events/club/confirmations", Some(&referee), None).await;
    assert_eq!(s.as_u16(), 200, "{q}");
    assert_eq!(
        (&q["current_round"], &q["players_agreement"]),
        (&json!(1), &json!(false))
    );
    let w = &q["waiting"][0];
    assert_eq!(
        (&w["game"], &w["round"], &w["board"], &w["awaiting"]),
        (&json!(game), &json!(1), &json!(1), &json!(["referee"])),
        "{q}"
    );

    // One click: the referee confirms, the result is final and in the event; the queue is empty.
    let cmd = json!({ "seq": w["seq"], "action": { "type": "confirm" }, "as": "referee" });
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{game}/actions"),
        Some(&referee),
        Some(cmd),
    )
    .await;
    assert_eq!(s.as_u16(), 200, "{v}");
    assert_eq!(v["state"]["phase"], json!("final"));
    let (_, q) = call(r, "GET", "/api/events/club/confirmations", Some(&referee), None).await;
    assert_eq!(q["waiting"], json!([]));
    let (_, ev) = call(r, "GET", "/api/events/club", None, None).await;
    assert!(ev["rounds"][0]["games"][0]["result"].is_string(), "{ev}");
    // The referee's confirmation is pushed as an official's event: a notice to the players.
    let (_, evs) = call(r, "GET", &format!("/api/games/{game}/events"), None, None).await;
    let events = evs["events"].as_array().unwrap();
    let last = events.last().unwrap();
    assert_eq!(
        (&last["ruling"], &last["event"]["actor"]),
        (&json!(true), &json!("referee")),
        "{last}"
    );
    assert!(
        events
            .iter()
            .filter(|e| e["event"]["actor"] != "referee")
            .all(|e| e["ruling"] == false)
    );
}

async fn club_setting(r: &axum::Router) {
    let org = club(r).await;
    let other = login(r, "other").await;
    let (_, v) = call(r, "GET", "/api/events/club/confirmation", None, None).await;
    assert_eq!(v, json!({ "event": "club", "players_agreement": false }));
    // Only the organizer records it.
    let on = json!({ "players_agreement": true });
    assert_eq!(
        call(
            r,
            "PUT",
            "/api/events/club/confirmation",
            Some(&other),
            Some(on.clone())
        )
        .await
        .0
        .as_u16(),
        403
    );
    assert_eq!(
        call(r, "PUT", "/api/events/nope/confirmation", Some(&org), Some(on.clone()))
            .await
            .0
            .as_u16(),
        403
    );
    let (s, v) = call(r, "PUT", "/api/events/club/confirmation", Some(&org), Some(on)).await;
    assert_eq!((s.as_u16(), &v["players_agreement"]), (200, &json!(true)), "{v}");
    let (_, v) = call(r, "GET", "/api/events/club/confirmation", None, None).await;
    assert_eq!(v["players_agreement"], json!(true));
    // A game started after it: both players' confirmations make it final, into the event.
    let (game, black, white) = board_one(r, &org).await;
    let (_, s) = call(r, "GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(s["settings"]["confirmation"], json!("players"), "{s}");
    let state = resign_and_players_confirm(r, game, &black, &white).await;
    assert_eq!(state["phase"], json!("final"), "{state}");
    let (_, ev) = call(r, "GET", "/api/events/club", None, None).await;
    assert!(ev["rounds"][0]["games"][0]["result"].is_string(), "{ev}");
}

#[tokio::test]
async fn a_club_event_lets_the_players_agreement_stand() {
    let a = app().await;
    club_setting(&a.router).await;
}

#[tokio::test]
async fn a_club_event_lets_the_players_agreement_stand_on_postgres() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    club_setting(&a.router).await;
}

#[tokio::test]
async fn the_organizer_is_chief_referee_until_they_appoint_one_and_is_never_told_to_ask_the_organizer() {
    let a = app().await;
    let r = &a.router;
    let org = club(r).await;
    let roles = |v: &Value| v["roles"].clone();
    let (_, me) = call(r, "GET", "/api/events/club/me", Some(&org), None).await;
    assert_eq!(roles(&me), json!(["organizer", "chief_referee"]));
    let (_, officials) = call(r, "GET", "/api/events/club/officials", None, None).await;
    assert_eq!(officials["chief_referee"], json!(["org"]), "{officials}");
    // As chief referee the organizer adjudicates a game of the event.
    let (game, _, _) = board_one(r, &org).await;
    let (_, s) = call(r, "GET", &format!("/api/games/{game}"), None, None).await;
    let adjudicate = json!({ "seq": s["seq"], "as": "chief_referee", "action": { "type": "pause" } });
    let (st, v) = call(
        r,
        "POST",
        &format!("/api/games/{game}/actions"),
        Some(&org),
        Some(adjudicate),
    )
    .await;
    assert_eq!(st.as_u16(), 200, "{v}");
    // Once a chief referee is appointed, the organizer is not one, and is told so.
    login(r, "chief").await;
    let body = json!({ "account": "chief", "role": "chief_referee" });
    assert_eq!(
        call(r, "PUT", "/api/events/club/roles", Some(&org), Some(body))
            .await
            .0
            .as_u16(),
        200
    );
    let (_, me) = call(r, "GET", "/api/events/club/me", Some(&org), None).await;
    assert_eq!(roles(&me), json!(["organizer"]));
    let (_, officials) = call(r, "GET", "/api/events/club/officials", None, None).await;
    assert_eq!(officials["chief_referee"], json!(["chief"]), "{officials}");
    let resume = json!({ "seq": v["seq"], "action": { "type": "resume" } });
    let (st, v) = call(
        r,
        "POST",
        &format!("/api/games/{game}/actions"),
        Some(&org),
        Some(resume),
    )
    .await;
    assert_eq!(
        (st.as_u16(), &v["key"]),
        (403, &json!("game.err.organizer_not_referee")),
        "{v}"
    );
    let said = format!("{} {}", v["message"], v["zh"]);
    assert!(!said.contains("ask the organizer") && said.contains("组织者"), "{said}");
    // Anyone else with no role is told in both languages.
    let nobody = login(r, "nobody").await;
    let resume = json!({ "seq": 0, "action": { "type": "resume" } });
    let (st, v) = call(
        r,
        "POST",
        &format!("/api/games/{game}/actions"),
        Some(&nobody),
        Some(resume),
    )
    .await;
    assert_eq!((st.as_u16(), &v["key"]), (403, &json!("game.err.no_role")), "{v}");
    assert!(v["zh"].as_str().is_some_and(|z| z.contains("裁判")), "{v}");
}
