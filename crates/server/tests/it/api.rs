//! The HTTP API: bad input, roles, the event API, idempotence. Each case prints as
//! `STATUS error: message`, checked against a snapshot.

use crate::support::*;
use expect_test::{Expect, expect};
use serde_json::{Value, json};

fn check(lines: &[String], expect: Expect) {
    expect.assert_eq(&(lines.join("\n") + "\n"));
}

#[tokio::test]
async fn bad_input_is_a_clear_4xx() {
    bad_input_is_a_clear_4xx_on(app().await).await;
}

#[tokio::test]
async fn bad_input_is_a_clear_4xx_on_postgres() {
    let db = PgSchema::new().await;
    bad_input_is_a_clear_4xx_on(db.app().await).await;
}

async fn bad_input_is_a_clear_4xx_on(a: App) {
    let r = &a.router;
    let token = login(r, "li").await;
    let (id, black, _) = game(r, &token, "none").await;
    let path = format!("/api/games/{id}/actions");
    let sec = [("x-seat-secret", black.as_str())];
    let mut out = Vec::new();
    for (p, h, body) in [
        (path.as_str(), &sec[..], Some("{not json".to_string())),
        (
            path.as_str(),
            &sec[..],
            Some(r#"{"seq":"two","action":{"type":"pass"}}"#.to_string()),
        ),
        (
            path.as_str(),
            &sec[..],
            Some(r#"{"seq":2,"action":{"type":"pass"},"extra":1}"#.to_string()),
        ),
        (
            path.as_str(),
            &sec[..],
            Some(r#"{"seq":2,"action":{"type":"fly"}}"#.to_string()),
        ),
        (
            path.as_str(),
            &sec[..],
            Some(r#"{"seq":2,"action":{"type":"play","point":"Z99"}}"#.to_string()),
        ),
        (
            path.as_str(),
            &sec[..],
            Some(format!(
                r#"{{"seq":2,"action":{{"type":"mark_dead","points":["{}"]}}}}"#,
                "A1".repeat(40_000)
            )),
        ),
        (
            "/api/games/999/actions",
            &sec[..],
            Some(r#"{"seq":2,"action":{"type":"pass"}}"#.to_string()),
        ),
        (
            path.as_str(),
            &[("x-seat-secret", "forged")][..],
            Some(r#"{"seq":2,"action":{"type":"pass"}}"#.to_string()),
        ),
        (
            path.as_str(),
            &[][..],
            Some(r#"{"seq":2,"action":{"type":"pass"}}"#.to_string()),
        ),
        (
            path.as_str(),
            &[("authorization", "Bearer nope")][..],
            Some(r#"{"seq":2,"action":{"type":"pass"}}"#.to_string()),
        ),
        (
            path.as_str(),
            &sec[..],
            Some(r#"{"seq":2,"action":{"type":"flag","side":"white"}}"#.to_string()),
        ),
        ("/api/nowhere", &[][..], None),
    ] {
        let (s, v) = raw(r, "POST", p, h, body).await;
        out.push(line(s, &v));
    }
    check(
        &out,
        expect![[r#"
            400 bad_request: Failed to parse the request body as JSON: key must be a string at line 1 column 2
            400 bad_request: Failed to deserialize the JSON body into the target type: seq: invalid type: string "two", expected u64 at line 1 column 12
            400 bad_request: Failed to deserialize the JSON body into the target type: extra: unknown field `extra`, expected one of `seq`, `action`, `as` at line 1 column 41
            400 bad_request: Failed to deserialize the JSON body into the target type: action.type: unknown variant `fly`, expected one of `colours_draw`, `nigiri`, `nigiri_counted`, `start`, `arrive`, `late_forfeit`, `play`, `pass`, `propose_end`, `accept_end`, `resign`, `request_lost_turn`, `mark_dead`, `accept_marking`, `dispute`, `request_recount`, `record_recount`, `confirm`, `pause`, `resume`, `flag`, `ruling`, `adjudicate`, `overrule`, `correct`, `clock_correction` at line 1 column 31
            400 bad_request: point "Z99" is not a vertex of the 9x9 board: coordinate "Z99" is off the 9x9 board
            413 too_large: the body is larger than 65536 bytes
            404 not_found: no game 999
            403 forbidden: the seat secret is not one of game 1's: use the link given for your seat
            401 unauthenticated: log in first (POST /api/sessions) and send the token as Authorization: Bearer <token>
            401 unauthenticated: the session token is unknown (logged out, or never given): log in again (POST /api/sessions)
            403 forbidden: black may not record a flag: only a referee or the system may (Art. 22.5)
            404 not_found: no such route: see /api/openapi.json
        "#]],
    );
    // Nothing above changed the game: it is still at its two opening events.
    let (_, v) = call(r, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(v["seq"], 2);
}

#[tokio::test]
async fn roles_are_checked_on_every_write_and_a_refused_write_changes_nothing() {
    let a = app().await;
    let r = &a.router;
    let org = login(r, "organizer").await;
    let chief = login(r, "chief").await;
    let someone = login(r, "someone").await;
    let mut out = Vec::new();
    let event =
        json!({ "id": "open-2026", "name": "Open", "system": { "kind": "swiss" }, "rounds": 3, "time_control": "30m" });
    let (s, v) = call(r, "POST", "/api/events", None, Some(event.clone())).await;
    out.push(line(s, &v));
    let (s, v) = call(r, "POST", "/api/events", Some(&org), Some(event)).await;
    out.push(line(s, &v));
    let appoint = json!({ "account": "chief", "role": "chief_referee" });
    let (s, v) = call(
        r,
        "PUT",
        "/api/events/open-2026/roles",
        Some(&someone),
        Some(appoint.clone()),
    )
    .await;
    out.push(line(s, &v));
    let (s, v) = call(r, "PUT", "/api/events/open-2026/roles", Some(&org), Some(appoint)).await;
    out.push(line(s, &v));
    for (who, name) in [(&someone, "Zhao"), (&chief, "Li"), (&org, "Wang")] {
        let (s, v) = call(
            r,
            "POST",
            "/api/events/open-2026/players",
            Some(who),
            Some(json!({ "name": name, "rank": "3d" })),
        )
        .await;
        out.push(line(s, &v));
    }
    let (s, v) = call(r, "POST", "/api/events/open-2026/rounds", Some(&chief), None).await;
    out.push(line(s, &v));
    let result = json!({ "round": 1, "board": 1, "result": "B+R" });
    let (s, v) = call(
        r,
        "POST",
        "/api/events/open-2026/results",
        Some(&someone),
        Some(result.clone()),
    )
    .await;
    out.push(line(s, &v));
    let (s, v) = call(r, "POST", "/api/events/open-2026/results", Some(&chief), Some(result)).await;
    out.push(line(s, &v));
    let (s, v) = call(r, "GET", "/api/events/open-2026/standings", None, None).await;
    out.push(line(s, &v));
    let players: Vec<_> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{} {}", r["name"], r["points"]))
        .collect();
    out.push(players.join(", "));
    // A game of the event (board 1's players, Black first): the chief referee rules, a
    // player may not.
    let (_, ev) = call(r, "GET", "/api/events/open-2026", None, None).await;
    let board = &ev["rounds"][0]["games"][0];
    let mut board_settings = settings("none");
    board_settings["players"] =
        json!([{ "name": board["black"], "rank": "3d" }, { "name": board["white"], "rank": "3d" }]);
    let (s, v) = call(
        r,
        "POST",
        "/api/games",
        Some(&chief),
        Some(json!({ "settings": board_settings, "event": "open-2026", "round": 1, "board": 1 })),
    )
    .await;
    out.push(line(s, &v));
    let id = v["game"].as_i64().unwrap_or_else(|| panic!("{}", out.join("\n")));
    let black = v["secrets"]["black"].as_str().unwrap().to_string();
    let warn = json!({ "type": "ruling", "ruling": "clock_pressed_early", "side": "white" });
    let (s, v) = act(r, id, &black, 2, warn.clone()).await;
    out.push(line(s, &v));
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(&someone),
        Some(json!({ "seq": 2, "action": warn })),
    )
    .await;
    out.push(line(s, &v));
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(&chief),
        Some(json!({ "seq": 2, "action": warn, "as": "referee" })),
    )
    .await;
    out.push(line(s, &v));
    let adjudicate = json!({ "type": "adjudicate", "outcome": { "result": "both_lose" }, "article": "17.5" });
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(&chief),
        Some(json!({ "seq": 3, "action": adjudicate, "as": "referee" })),
    )
    .await;
    out.push(line(s, &v));
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(&chief),
        Some(json!({ "seq": 3, "action": adjudicate })),
    )
    .await;
    out.push(line(s, &v));
    let (_, v) = call(r, "GET", &format!("/api/games/{id}/events?since=3"), None, None).await;
    for e in v["events"].as_array().unwrap() {
        out.push(format!("{} by {}: {}", e["index"], e["event"]["by"], e["en"]));
    }
    check(
        &out,
        expect![[r#"
            401 unauthenticated: log in first (POST /api/sessions) and send the token as Authorization: Bearer <token>
            201 ok
            403 forbidden: someone holds no role in event open-2026 that allows this; it needs one of: organizer
            200 ok
            403 forbidden: someone holds no role in event open-2026 that allows this; it needs one of: organizer, chief_referee
            201 ok
            201 ok
            201 ok
            403 forbidden: someone holds no role in event open-2026 that allows this; it needs one of: organizer, chief_referee, referee
            200 ok
            200 ok
            "Wang" 2, "Li" 0
            201 ok
            403 forbidden: black may not give a ruling: only a referee may (Art. 31)
            403 forbidden: someone has no seat in game 1 and no referee role in its event: play through your seat link, or ask the event's organizer to appoint you
            200 ok
            403 forbidden: the referee may not adjudicate: only the chief referee may (Art. 30)
            200 ok
            3 by "account:chief": "The chief referee adjudicates: both lose (Art. 17.5)"
        "#]],
    );
}

#[tokio::test]
async fn a_repeated_command_lands_once_and_a_stale_one_gets_the_state() {
    a_repeated_command_lands_once_and_a_stale_one_gets_the_state_on(app().await).await;
}

#[tokio::test]
async fn a_repeated_command_lands_once_and_a_stale_one_gets_the_state_on_postgres() {
    let db = PgSchema::new().await;
    a_repeated_command_lands_once_and_a_stale_one_gets_the_state_on(db.app().await).await;
}

async fn a_repeated_command_lands_once_and_a_stale_one_gets_the_state_on(a: App) {
    let r = &a.router;
    let token = login(r, "li").await;
    let (id, black, white) = game(r, &token, "none").await;
    let mut out = Vec::new();
    for (secret, seq, point) in [
        (&black, 2, "E5"),
        (&black, 2, "E5"),
        (&white, 2, "C3"),
        (&white, 3, "C3"),
        (&white, 5, "D4"),
    ] {
        let (s, v) = act(r, id, secret, seq, json!({ "type": "play", "point": point })).await;
        out.push(format!(
            "{} duplicate={} seq={}",
            line(s, &v),
            v["duplicate"],
            v["seq"].as_u64().or(v["state"]["seq"].as_u64()).unwrap()
        ));
    }
    check(
        &out,
        expect![[r#"
            200 ok duplicate=false seq=3
            200 ok duplicate=true seq=3
            409 stale: sequence number 2 is not the game's next (3): reload the game and send again duplicate=null seq=3
            200 ok duplicate=false seq=4
            409 stale: sequence number 5 is not the game's next (4): reload the game and send again duplicate=null seq=4
        "#]],
    );
}

#[tokio::test]
async fn health_openapi_and_the_rate_limit() {
    let a = app_with_rate(2).await;
    let r = &a.router;
    let (s, v) = call(r, "GET", "/healthz", None, None).await;
    assert_eq!((s.as_u16(), v["status"].as_str()), (200, Some("ok")));
    let (s, v) = call(r, "GET", "/api/openapi.json", None, None).await;
    assert_eq!(s.as_u16(), 200);
    assert!(v["paths"]["/api/games/{id}/actions"]["post"].is_object(), "{v}");
    // Bursts of twice the rate, then 429.
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(call(r, "GET", "/healthz", None, None).await.0.as_u16());
    }
    assert_eq!(statuses, [200, 200, 429, 429]);
    // The pages' embedded files are not counted: a page load fetches twenty modules.
    for _ in 0..30 {
        assert_eq!(call(r, "GET", "/static/app.js", None, None).await.0.as_u16(), 200);
    }
    assert_eq!(call(r, "GET", "/healthz", None, None).await.0.as_u16(), 429);
}

/// Regression: a rank ending in a non-ASCII character (here the Japanese 級, where Chinese
/// writes 级) was split inside the character (a
/// panic), and komi `i32::MIN` overflowed its range check; both are a clear 400 now.
#[tokio::test]
async fn a_non_ascii_rank_and_an_extreme_komi_are_a_clear_400() {
    let a = app().await;
    let r = &a.router;
    let token = login(r, "li").await;
    let mut out = Vec::new();
    for settings in [
        json!({ "players": [{ "name": "Li", "rank": "3級" }, { "name": "Wang", "rank": "2d" }], "size": 9 }),
        json!({ "players": [{ "name": "Li", "rank": "3d" }, { "name": "Wang", "rank": "2d" }], "size": 9,
                "komi_half_points": i32::MIN }),
    ] {
        let (s, v) = call(
            r,
            "POST",
            "/api/games",
            Some(&token),
            Some(json!({ "settings": settings })),
        )
        .await;
        out.push(line(s, &v));
    }
    check(
        &out,
        expect![[r#"
            400 bad_request: rank "3級" is not like 10k, 5d, 3p, 5段 or 3级
            400 bad_request: komi_half_points -2147483648: -1073741824 points is more than the 81 points of a 9×9 board
        "#]],
    );
}

/// Regression: Art. 22.5's lost turn replaces a timeout in the last byo-yomi period, and only
/// the round form checked it; `POST /api/games` took `lost_turn_on_timeout` with Fischer or
/// absolute time. The referee's settings check refuses it on this path too, naming the time
/// control; with byo-yomi the game is made.
#[tokio::test]
async fn a_lost_turn_on_timeout_without_byo_yomi_is_a_clear_400() {
    let a = app().await;
    let r = &a.router;
    let token = login(r, "li").await;
    let mut out = Vec::new();
    for time in ["10m+10s/move", "30m", "10m+3x30s"] {
        let settings = json!({
            "players": [{ "name": "Li", "rank": "3d" }, { "name": "Wang", "rank": "2d" }],
            "time": time,
            "lost_turn_on_timeout": true,
        });
        let (s, v) = call(
            r,
            "POST",
            "/api/games",
            Some(&token),
            Some(json!({ "settings": settings })),
        )
        .await;
        out.push(if s.is_success() {
            format!("{time}: {s}")
        } else {
            line(s, &v)
        });
    }
    check(
        &out,
        expect![[r#"
        400 bad_request: the game's settings: a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control 10m+10s/move has none
        400 bad_request: the game's settings: a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control 30m has none
        10m+3x30s: 201 Created
    "#]],
    );
}

#[tokio::test]
async fn a_retried_create_with_an_idempotency_key_stores_one_game() {
    a_retried_create_with_an_idempotency_key_stores_one_game_on(app().await).await;
}

#[tokio::test]
async fn a_retried_create_with_an_idempotency_key_stores_one_game_on_postgres() {
    let db = PgSchema::new().await;
    a_retried_create_with_an_idempotency_key_stores_one_game_on(db.app().await).await;
}

async fn a_retried_create_with_an_idempotency_key_stores_one_game_on(a: App) {
    let r = &a.router;
    let li = login(r, "li").await;
    let wang = login(r, "wang").await;
    let create = |token: &str, key: &str, body: String| {
        let bearer = format!("Bearer {token}");
        let key = key.to_string();
        async move {
            let mut headers = vec![("authorization", bearer.as_str())];
            if !key.is_empty() {
                headers.push(("idempotency-key", key.as_str()));
            }
            raw(r, "POST", "/api/games", &headers, Some(body)).await
        }
    };
    let body = json!({ "settings": settings("none") }).to_string();
    // The same request, its fields in another order and with the defaults written out.
    let same = json!({ "start": true, "settings": settings("none") }).to_string();
    let other = json!({ "settings": settings("1h") }).to_string();
    let mut out = Vec::new();
    let mut first_secrets = Value::Null;
    let show = |first: &mut Value, label: &str, (s, v): (axum::http::StatusCode, Value)| {
        if v.get("error").is_some() {
            return format!("{label}: {}", line(s, &v));
        }
        if first.is_null() {
            *first = v["secrets"].clone();
        }
        let secrets = if v["secrets"].is_null() {
            format!("no secrets: {}", v["message"].as_str().unwrap())
        } else if v["secrets"] == *first {
            "the first secrets".to_string()
        } else {
            "new secrets".to_string()
        };
        format!(
            "{label}: {} game {} replayed={} {secrets}",
            s.as_u16(),
            v["game"],
            v["replayed"]
        )
    };
    out.push(show(
        &mut first_secrets,
        "first",
        create(&li, "k-1", body.clone()).await,
    ));
    out.push(show(
        &mut first_secrets,
        "retry",
        create(&li, "k-1", body.clone()).await,
    ));
    out.push(show(
        &mut first_secrets,
        "retry, reordered",
        create(&li, "k-1", same).await,
    ));
    out.push(show(
        &mut first_secrets,
        "another request, same key",
        create(&li, "k-1", other.clone()).await,
    ));
    out.push(show(
        &mut first_secrets,
        "another account, same key",
        create(&wang, "k-1", body.clone()).await,
    ));
    out.push(show(&mut first_secrets, "no key", create(&li, "", body.clone()).await));
    out.push(show(
        &mut first_secrets,
        "no key again",
        create(&li, "", body.clone()).await,
    ));
    out.push(show(
        &mut first_secrets,
        "an empty key",
        create(&li, " ", body.clone()).await,
    ));
    // Sent twice at once: one game.
    let (x, y) = tokio::join!(create(&li, "k-2", other.clone()), create(&li, "k-2", other.clone()));
    out.push(format!(
        "twice at once: same game {}, one replayed {}",
        x.1["game"] == y.1["game"],
        x.1["replayed"] != y.1["replayed"]
    ));
    // After logging in again the retry still finds the game, and its links: they are derived
    // under the server's key, and the creator may be shown them at any time.
    let creds = json!({ "name": "li", "password": "correct horse" });
    let (_, v) = call(r, "POST", "/api/sessions", None, Some(creds)).await;
    let li2 = v["token"].as_str().unwrap().to_string();
    out.push(show(
        &mut first_secrets,
        "retry from a new session",
        create(&li2, "k-1", body.clone()).await,
    ));
    let (_, games) = call(r, "GET", "/api/games", None, None).await;
    out.push(format!("{} games stored", games.as_array().unwrap().len()));
    // The secrets given twice are the seat's.
    let id = 1;
    let black = first_secrets["black"].as_str().unwrap();
    let (s, v) = act(r, id, black, 2, json!({ "type": "play", "point": "E5" })).await;
    out.push(format!("black plays with the first secret: {}", line(s, &v)));
    check(
        &out,
        expect![[r#"
            first: 201 game 1 replayed=false the first secrets
            retry: 201 game 1 replayed=true the first secrets
            retry, reordered: 201 game 1 replayed=true the first secrets
            another request, same key: 409 conflict: Idempotency-Key "k-1" was used for another request (it created game 1): send a fresh key for a new game, or the same request to retry
            another account, same key: 201 game 2 replayed=false new secrets
            no key: 201 game 3 replayed=false new secrets
            no key again: 201 game 4 replayed=false new secrets
            an empty key: 400 bad_request: the Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID, say)
            twice at once: same game true, one replayed true
            retry from a new session: 201 game 1 replayed=true the first secrets
            5 games stored
            black plays with the first secret: 200 ok
        "#]],
    );
}

#[tokio::test]
async fn a_retried_create_gives_again_only_the_seat_links_still_valid() {
    let a = app().await;
    a_retried_create_gives_again_only_the_seat_links_still_valid_on(&a.router, &a.router).await;
}

/// On PostgreSQL the seat's link is issued again through another instance than the one the
/// retry reaches: that one's memory still holds the old digest, the database the new.
#[tokio::test]
async fn a_retried_create_gives_again_only_the_seat_links_still_valid_on_postgres() {
    let db = PgSchema::new().await;
    let (a, b) = (db.app().await, db.app().await);
    a_retried_create_gives_again_only_the_seat_links_still_valid_on(&a.router, &b.router).await;
}

/// A keyed create (created through `r`); an official issues Black's seat a new link (through
/// `other`); the retry of the create (through `r`) gives White's secret again, and for Black
/// none — the old link is dead — saying why.
async fn a_retried_create_gives_again_only_the_seat_links_still_valid_on(r: &axum::Router, other: &axum::Router) {
    let li = login(r, "li").await;
    let bearer = format!("Bearer {li}");
    let headers = [("authorization", bearer.as_str()), ("idempotency-key", "k-1")];
    let body = json!({ "settings": settings("none") }).to_string();
    let (s, first) = raw(r, "POST", "/api/games", &headers, Some(body.clone())).await;
    assert_eq!(s.as_u16(), 201, "{first}");
    let id = first["game"].as_i64().unwrap();
    // Through the other instance, which runs the game too.
    let (s, v) = call(
        other,
        "POST",
        &format!("/api/games/{id}/seats/black/link"),
        Some(&li),
        None,
    )
    .await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let (s, retry) = raw(r, "POST", "/api/games", &headers, Some(body)).await;
    let mut out = vec![format!("retry: {} replayed={}", s.as_u16(), retry["replayed"])];
    for color in ["black", "white"] {
        let secret = &retry["secrets"][color];
        let same = *secret == first["secrets"][color];
        out.push(format!(
            "{color}: {} (the first: {same}), link {}",
            secret.is_string(),
            retry["links"][color].is_string()
        ));
        if let Some(secret) = secret.as_str() {
            let (s, v) = act(r, id, secret, 2, json!({ "type": "pass" })).await;
            out.push(format!("  it acts: {}", s.as_u16()));
            assert_ne!(s.as_u16(), 403, "{v}");
        }
    }
    out.push(format!("message: {}", retry["message"]));
    expect![[r#"
        retry: 201 replayed=true
        black: false (the first: false), link false
        white: true (the first: true), link true
          it acts: 422
        message: "the black seat's link was issued again since the game was created (POST /api/games/1/seats/{color}/link): the old one no longer works, and the new one is with whoever issued it"
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}

/// A challenge match (擂台赛, Art. 26.6) through the API: created with both orders (its
/// creator organises it), each bout's game entered by an official (the winner stays on, the
/// defender and challenger named), a withdrawal (Art. 28.4: the bout not played is a
/// forfeit), refusals naming what is wrong, and the match read by anyone.
#[tokio::test]
async fn a_challenge_match_is_run_through_the_api() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    let other = login(r, "stranger").await;
    let body = json!({ "id": "leitai", "name": "擂台赛", "teams": [
        { "name": "Red", "order": ["r1", "r2"] }, { "name": "Blue", "order": ["b1", "b2", "b3"] } ] });
    let (s, v) = call(r, "POST", "/api/challenges", Some(&td), Some(body.clone())).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    assert_eq!(v["on_stage"], json!(["r1", "b1"]));
    let (s, _) = call(r, "POST", "/api/challenges", Some(&td), Some(body)).await;
    assert_eq!(s.as_u16(), 409, "the id is taken");
    let game = |black: &str, result: &str| json!({ "black": black, "result": result });
    let (s, _) = call(r, "POST", "/api/challenges/leitai/games", None, Some(game("r1", "B+R"))).await;
    assert_eq!(s.as_u16(), 401);
    let (s, _) = call(
        r,
        "POST",
        "/api/challenges/leitai/games",
        Some(&other),
        Some(game("r1", "B+R")),
    )
    .await;
    assert_eq!(s.as_u16(), 403);
    // b1 (White) wins: r1 is out, b1 defends against r2.
    let (s, v) = call(
        r,
        "POST",
        "/api/challenges/leitai/games",
        Some(&td),
        Some(game("r1", "W+R")),
    )
    .await;
    assert_eq!(s.as_u16(), 200, "{v}");
    assert_eq!((&v["defender"], &v["challenger"]), (&json!("b1"), &json!("r2")));
    let (s, v) = call(
        r,
        "POST",
        "/api/challenges/leitai/games",
        Some(&td),
        Some(game("r1", "B+R")),
    )
    .await;
    assert_eq!(line(s, &v), "422 refused: \"r1\" is not on stage for the next bout");
    let (s, v) = call(
        r,
        "POST",
        "/api/challenges/leitai/games",
        Some(&td),
        Some(game("r2", "B+X")),
    )
    .await;
    assert_eq!(s.as_u16(), 400, "{v}");
    // r2 withdraws on stage: b1 wins by forfeit, and Blue wins the match.
    let (s, v) = call(
        r,
        "POST",
        "/api/challenges/leitai/withdrawals",
        Some(&td),
        Some(json!({ "name": "r2" })),
    )
    .await;
    assert_eq!(s.as_u16(), 200, "{v}");
    let (s, v) = call(r, "GET", "/api/challenges/leitai", None, None).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    assert_eq!((&v["over"], &v["winner"]), (&json!(true), &json!("Blue")));
    let outcomes: Vec<&str> = v["bouts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["won", "forfeit"]);
    assert_eq!(v["teams"][0]["order"][1], json!({ "name": "r2", "withdrawn": true }));
    let (s, _) = call(r, "GET", "/api/challenges/nope", None, None).await;
    assert_eq!(s.as_u16(), 404);
    // The match's page: a shell the script draws from this API, in the page's language.
    let (s, page) = raw(r, "GET", "/challenges/leitai?lang=zh", &[], None).await;
    assert_eq!(s.as_u16(), 200);
    let page = page.as_str().unwrap();
    assert!(
        page.contains(r#"data-page="challenge" data-id="leitai""#) && page.contains("擂台赛 leitai"),
        "{page}"
    );
}
