//! What a server facing the internet must refuse: seats taken by strangers, roles kept for
//! ever, and the other holes of a public server.

use crate::support::*;
use expect_test::expect;
use serde_json::json;

/// The Swiss event `open` of Li and Wang, organised by `org`, round 1 paired, and its board
/// 1's live game: (organizer's token, game id, Black's name, White's name).
async fn event_game(r: &axum::Router) -> (String, i64, String, String) {
    let org = login(r, "organizer").await;
    let event = json!({ "id": "open", "name": "Open", "system": { "kind": "swiss" }, "rounds": 1 });
    assert_eq!(call(r, "POST", "/api/events", Some(&org), Some(event)).await.0, 201);
    for name in ["Li", "Wang"] {
        let body = json!({ "name": name, "rank": "3d" });
        assert_eq!(
            call(r, "POST", "/api/events/open/players", Some(&org), Some(body))
                .await
                .0,
            201
        );
    }
    assert_eq!(
        call(r, "POST", "/api/events/open/rounds", Some(&org), None).await.0,
        201
    );
    let (_, ev) = call(r, "GET", "/api/events/open", None, None).await;
    let g = &ev["rounds"][0]["games"][0];
    let (black, white) = (
        g["black"].as_str().unwrap().to_string(),
        g["white"].as_str().unwrap().to_string(),
    );
    let settings = json!({ "players": [{ "name": black, "rank": "3d" }, { "name": white, "rank": "3d" }],
        "size": 9, "time": "1h" });
    let body = json!({ "settings": settings, "event": "open", "round": 1, "board": 1 });
    let (s, v) = call(r, "POST", "/api/games", Some(&org), Some(body)).await;
    assert_eq!(s, 201, "{v}");
    (org, v["game"].as_i64().unwrap(), black, white)
}

async fn join(r: &axum::Router, token: &str, game: i64, color: &str) -> String {
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{game}/join"),
        Some(token),
        Some(json!({ "color": color })),
    )
    .await;
    line(s, &v)
}

#[tokio::test]
async fn a_seat_of_an_event_game_is_taken_only_by_its_players_account() {
    let a = app().await;
    let r = &a.router;
    let (org, id, black, white) = event_game(r).await;
    let stranger = login(r, "stranger").await;
    let player = login(r, "player").await;
    let mut out = vec![
        format!("stranger black: {}", join(r, &stranger, id, "black").await),
        format!("stranger white: {}", join(r, &stranger, id, "white").await),
    ];
    // The organizer links `player` to Black's registered player.
    let path = format!("/api/events/open/players/{black}/account");
    let (s, v) = call(r, "PUT", &path, Some(&org), Some(json!({ "account": "player" }))).await;
    out.push(format!("link: {}", line(s, &v)));
    out.push(format!("player white: {}", join(r, &player, id, "white").await));
    out.push(format!("player black: {}", join(r, &player, id, "black").await));
    // White's registered player claims it with a one-time code the director hands out.
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/events/open/players/{white}/claim-code"),
        Some(&org),
        None,
    )
    .await;
    out.push(format!("code: {}", line(s, &v)));
    let code = v["code"].as_str().unwrap().to_string();
    let claim = json!({ "code": code });
    let (s, v) = call(r, "POST", "/api/events/open/claims", Some(&player), Some(claim.clone())).await;
    out.push(format!("player claims white (is black's): {}", line(s, &v)));
    let (s, v) = call(
        r,
        "POST",
        "/api/events/open/claims",
        Some(&stranger),
        Some(claim.clone()),
    )
    .await;
    out.push(format!("code used once: {}", line(s, &v)));
    let (_, v) = call(
        r,
        "POST",
        &format!("/api/events/open/players/{white}/claim-code"),
        Some(&org),
        None,
    )
    .await;
    let claim = json!({ "code": v["code"] });
    let (s, v) = call(r, "POST", "/api/events/open/claims", Some(&stranger), Some(claim)).await;
    out.push(format!("stranger claims white: {}", line(s, &v)));
    out.push(format!("stranger white: {}", join(r, &stranger, id, "white").await));
    out.push(format!("stranger black: {}", join(r, &stranger, id, "black").await));
    let (s, v) = call(r, "GET", &format!("/api/games/{id}"), None, None).await;
    out.push(format!("{} {}", s.as_u16(), v["phase"]));
    let out = out.join("\n").replace(&black, "BLACK").replace(&white, "WHITE");
    expect![[r#"
        stranger black: 403 forbidden: the black seat of game 1 is BLACK's: play it through its seat link, or have an official link your account to BLACK in event open (or redeem the code they give you)
        stranger white: 403 forbidden: the white seat of game 1 is WHITE's: play it through its seat link, or have an official link your account to WHITE in event open (or redeem the code they give you)
        link: 200 ok
        player white: 403 forbidden: the white seat of game 1 is WHITE's: play it through its seat link, or have an official link your account to WHITE in event open (or redeem the code they give you)
        player black: 200 ok
        code: 201 ok
        player claims white (is black's): 409 conflict: the account "player" is linked to another player of event open already: one account is one player's
        code used once: 403 forbidden: the code is not one of event open's, or it was used already: ask the director for a new one
        stranger claims white: 200 ok
        stranger white: 200 ok
        stranger black: 403 forbidden: the black seat of game 1 is BLACK's: play it through its seat link, or have an official link your account to BLACK in event open (or redeem the code they give you)
        200 "play""#]]
    .assert_eq(&out);
}

#[tokio::test]
async fn a_free_games_seats_are_invited_unless_its_creator_opens_them() {
    let a = app().await;
    let r = &a.router;
    let li = login(r, "li").await;
    let wang = login(r, "wang").await;
    let (invited, _, _) = game(r, &li, "none").await;
    let body = json!({ "settings": settings("none"), "seats": "open" });
    let (s, v) = call(r, "POST", "/api/games", Some(&li), Some(body)).await;
    assert_eq!(s, 201, "{v}");
    let open = v["game"].as_i64().unwrap();
    let event = json!({ "id": "x", "name": "X", "system": { "kind": "swiss" }, "rounds": 1 });
    assert_eq!(call(r, "POST", "/api/events", Some(&li), Some(event)).await.0, 201);
    let body = json!({ "settings": settings("none"), "seats": "open", "event": "x", "round": 1, "board": 1 });
    let (s, v) = call(r, "POST", "/api/games", Some(&li), Some(body)).await;
    let out = [
        format!("invited: {}", join(r, &wang, invited, "white").await),
        format!("open: {}", join(r, &wang, open, "white").await),
        format!("open, taken: {}", join(r, &li, open, "white").await),
        format!("open event game: {}", line(s, &v)),
    ];
    expect![[r#"
        invited: 403 forbidden: the seats of game 1 are by invitation: play through the seat link its creator gave you
        open: 200 ok
        open, taken: 409 conflict: the white seat of game 2 is taken (one account never holds both seats of an event's game)
        open event game: 400 bad_request: seats: a game of an event is its players': its seats cannot be open"#]]
    .assert_eq(&out.join("\n"));
}

#[tokio::test]
async fn a_role_can_be_revoked_and_both_changes_are_recorded() {
    let a = app().await;
    let r = &a.router;
    let org = login(r, "org").await;
    let chief = login(r, "chief").await;
    let event = json!({ "id": "e", "name": "E", "system": { "kind": "swiss" }, "rounds": 1 });
    assert_eq!(call(r, "POST", "/api/events", Some(&org), Some(event)).await.0, 201);
    let grant = json!({ "account": "chief", "role": "chief_referee" });
    assert_eq!(
        call(r, "PUT", "/api/events/e/roles", Some(&org), Some(grant)).await.0,
        200
    );
    let add = json!({ "name": "Li", "rank": "1d" });
    let mut out = Vec::new();
    let (s, v) = call(r, "POST", "/api/events/e/players", Some(&chief), Some(add.clone())).await;
    out.push(format!("chief adds: {}", line(s, &v)));
    let (s, v) = call(
        r,
        "DELETE",
        "/api/events/e/roles/chief/chief_referee",
        Some(&chief),
        None,
    )
    .await;
    out.push(format!("chief revokes: {}", line(s, &v)));
    let (s, v) = call(r, "DELETE", "/api/events/e/roles/chief/chief_referee", Some(&org), None).await;
    out.push(format!("organizer revokes: {}", line(s, &v)));
    let (s, v) = call(r, "DELETE", "/api/events/e/roles/chief/chief_referee", Some(&org), None).await;
    out.push(format!("again: {}", line(s, &v)));
    let (s, v) = call(r, "DELETE", "/api/events/e/roles/org/organizer", Some(&org), None).await;
    out.push(format!("own organizer role: {}", line(s, &v)));
    let add = json!({ "name": "Wang", "rank": "1d" });
    let (s, v) = call(r, "POST", "/api/events/e/players", Some(&chief), Some(add)).await;
    out.push(format!("chief adds: {}", line(s, &v)));
    let (_, v) = call(r, "GET", "/api/events/e/roles", Some(&org), None).await;
    for c in v["changes"].as_array().unwrap() {
        out.push(format!(
            "{} {} {} by {} at>0={}",
            c["change"],
            c["role"],
            c["account"],
            c["by"],
            c["at"].as_u64().unwrap() > 0
        ));
    }
    expect![[r#"
        chief adds: 201 ok
        chief revokes: 403 forbidden: chief holds no role in event e that allows this; it needs one of: organizer
        organizer revokes: 200 ok
        again: 404 not_found: "chief" holds no chief_referee role in event e
        own organizer role: 409 conflict: an organizer cannot revoke their own organizer role: another organizer may
        chief adds: 403 forbidden: chief holds no role in event e that allows this; it needs one of: organizer, chief_referee
        "grant" "organizer" "org" by "org" at>0=true
        "grant" "chief_referee" "chief" by "org" at>0=true
        "revoke" "chief_referee" "chief" by "org" at>0=true"#]]
    .assert_eq(&out.join("\n"));
}
