//! What a server facing the internet must refuse: seats taken by strangers, roles kept for
//! ever, and the other holes of a public server.

use crate::support::*;
use expect_test::expect;
use serde_json::json;

/// The Swiss event `open` of Li and Wang, organised by `org`, round 1 paired, and its board
/// 1's live game: (organizer's token, game id, Black's name, White's name).
async fn event_game(r: &axum::Router) -> (String, i64, String, String) {
    let org = login(r, "organizer").await;
    let event =
        json!({ "id": "open", "name": "Open", "system": { "kind": "swiss" }, "rounds": 1, "time_control": "30m" });
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
    let event = json!({ "id": "x", "name": "X", "system": { "kind": "swiss" }, "rounds": 1, "time_control": "30m" });
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
    let event = json!({ "id": "e", "name": "E", "system": { "kind": "swiss" }, "rounds": 1, "time_control": "30m" });
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

async fn try_login(r: &axum::Router, name: &str, password: &str) -> (axum::http::StatusCode, serde_json::Value) {
    call(
        r,
        "POST",
        "/api/sessions",
        None,
        Some(json!({ "name": name, "password": password })),
    )
    .await
}

#[tokio::test]
async fn failed_logins_lock_the_account_and_the_address_out_for_a_growing_time() {
    let a = app().await;
    let r = &a.router;
    login(r, "li").await;
    login(r, "wang").await;
    let mut out = Vec::new();
    for _ in 0..6 {
        let (s, v) = try_login(r, "li", "wrong password").await;
        out.push(line(s, &v));
    }
    let (s, v) = try_login(r, "li", "correct horse").await;
    out.push(format!("{} retry_after={}", line(s, &v), v["retry_after"]));
    // Another account from the same address: the address is locked out too.
    let (s, v) = try_login(r, "wang", "correct horse").await;
    out.push(line(s, &v));
    expect![[r#"
        401 unauthenticated: wrong account name or password
        401 unauthenticated: wrong account name or password
        401 unauthenticated: wrong account name or password
        401 unauthenticated: wrong account name or password
        401 unauthenticated: wrong account name or password
        401 unauthenticated: wrong account name or password
        429 throttled: too many failed logins for this account: wait 1 s and try again retry_after=1
        429 throttled: too many failed logins for this address: wait 1 s and try again"#]]
    .assert_eq(&out.join("\n"));
}

#[tokio::test]
async fn password_checks_are_bounded_and_an_unknown_account_is_checked_too() {
    let a = app_with(|c| {
        c.limits.password_checks = 1;
        c.limits.free_failures = 1000;
    })
    .await;
    let r = &a.router;
    // Eight logins at once for a name nobody has: each is checked against the dummy hash, so
    // one holds the only permit while the others are told to retry.
    let answers = futures_util::future::join_all((0..8).map(|_| try_login(r, "nobody", "some password"))).await;
    let mut statuses: Vec<u16> = answers.iter().map(|(s, _)| s.as_u16()).collect();
    statuses.sort();
    statuses.dedup();
    assert_eq!(statuses, [401, 503], "{answers:?}");
    let busy = answers.iter().find(|(s, _)| s.as_u16() == 503).unwrap();
    assert_eq!(busy.1["retry_after"], 1, "{}", busy.1);
}

#[tokio::test]
async fn accounts_are_created_at_a_bounded_rate_per_address() {
    let a = app_with(|c| c.limits.accounts_per_hour = 2).await;
    let r = &a.router;
    let mut out = Vec::new();
    for name in ["a1", "a2", "a3"] {
        let creds = json!({ "name": name, "password": "correct horse" });
        let (s, v) = call(r, "POST", "/api/accounts", None, Some(creds)).await;
        out.push(line(s, &v));
    }
    expect![[r#"
        201 ok
        201 ok
        429 throttled: this address created 2 accounts in the last hour: try again later"#]]
    .assert_eq(&out.join("\n"));
}

// ----- connection limits, against the real server on loopback -----

use crate::ws::{connect, next, send, serve};
use futures_util::StreamExt;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A server configured by `f`, listening; its address (`127.0.0.1:port`).
async fn listening(f: impl FnOnce(&mut server::Config)) -> (App, String) {
    let mut a = app_with(f).await;
    let url = serve(&mut a).await;
    let addr = url.trim_start_matches("ws://").trim_end_matches("/api/ws").to_string();
    (a, addr)
}

/// Reads until the server closes the connection; what it sent meanwhile. A server that never
/// closes fails the test after 20 s (the limits under test are far shorter).
async fn until_closed(s: &mut TcpStream) -> String {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = tokio::time::timeout(Duration::from_secs(20), s.read(&mut buf))
            .await
            .expect("the server closes the connection")
            .unwrap_or(0);
        if n == 0 {
            return String::from_utf8_lossy(&got).into_owned();
        }
        got.extend_from_slice(&buf[..n]);
    }
}

const HEALTHZ: &[u8] = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";

#[tokio::test]
async fn a_request_whose_headers_never_end_is_closed_after_the_header_timeout() {
    let (_a, addr) = listening(|c| c.limits.header_timeout = Duration::from_millis(200)).await;
    let mut s = TcpStream::connect(&addr).await.unwrap();
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let got = until_closed(&mut s).await;
    assert!(!got.contains("200 OK"), "{got}");
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_the_idle_timeout() {
    let (_a, addr) = listening(|c| c.limits.idle_timeout = Duration::from_millis(300)).await;
    let mut s = TcpStream::connect(&addr).await.unwrap();
    s.write_all(HEALTHZ).await.unwrap();
    let got = until_closed(&mut s).await;
    assert!(got.starts_with("HTTP/1.1 200 OK"), "{got}");
}

#[tokio::test]
async fn connections_beyond_the_caps_are_closed_as_they_come() {
    let (_a, addr) = listening(|c| c.limits.max_connections_per_address = 2).await;
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut s = TcpStream::connect(&addr).await.unwrap();
        s.write_all(HEALTHZ).await.unwrap();
        let mut buf = [0u8; 64];
        let n = s.read(&mut buf).await.unwrap();
        assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
        held.push(s);
    }
    let mut third = TcpStream::connect(&addr).await.unwrap();
    let _ = third.write_all(HEALTHZ).await;
    assert_eq!(until_closed(&mut third).await, "");
    // One closes: a new one is served.
    held.pop();
    let mut s = loop {
        let mut s = TcpStream::connect(&addr).await.unwrap();
        let _ = s.write_all(HEALTHZ).await;
        let mut buf = [0u8; 64];
        match s.read(&mut buf).await {
            Ok(n) if n > 0 => break (s, buf[..n].to_vec()),
            // The server may not have seen the close yet: the slot frees when it does.
            _ => tokio::task::yield_now().await,
        }
    };
    assert!(s.1.starts_with(b"HTTP/1.1 200"));
    s.0.shutdown().await.unwrap();

    let (_b, addr) = listening(|c| c.limits.max_connections = 1).await;
    let mut first = TcpStream::connect(&addr).await.unwrap();
    first.write_all(HEALTHZ).await.unwrap();
    let mut buf = [0u8; 64];
    assert!(first.read(&mut buf).await.unwrap() > 0);
    let mut second = TcpStream::connect(&addr).await.unwrap();
    let _ = second.write_all(HEALTHZ).await;
    assert_eq!(until_closed(&mut second).await, "");
}

#[tokio::test]
async fn a_websocket_is_pinged_and_closed_when_silent() {
    let (_a, addr) = listening(|c| c.limits.ws_ping = Duration::from_millis(100)).await;
    let mut ws = connect(&format!("ws://{addr}/api/ws")).await;
    let first = tokio::time::timeout(Duration::from_secs(20), ws.next()).await.unwrap();
    assert!(
        matches!(first, Some(Ok(tokio_tungstenite::tungstenite::Message::Ping(_)))),
        "{first:?}"
    );
    let (_b, addr) = listening(|c| c.limits.ws_idle = Duration::from_millis(300)).await;
    let mut ws = connect(&format!("ws://{addr}/api/ws")).await;
    loop {
        let m = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("the server closes a silent socket");
        match m {
            None | Some(Err(_)) | Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_))) => break,
            Some(Ok(_)) => {}
        }
    }
}

#[tokio::test]
async fn a_websocket_follows_each_game_once_up_to_its_cap_within_the_rate_limit() {
    let (a, addr) = listening(|c| c.limits.ws_subscriptions = 2).await;
    let r = &a.router;
    let li = login(r, "li").await;
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(game(r, &li, "none").await);
    }
    let mut ws = connect(&format!("ws://{addr}/api/ws")).await;
    let mut out = Vec::new();
    for (id, _, _) in &games[..2] {
        send(&mut ws, json!({ "type": "subscribe", "game": id })).await;
        out.push(format!("{} {}", next(&mut ws).await["type"], id));
    }
    send(&mut ws, json!({ "type": "subscribe", "game": games[2].0 })).await;
    let v = next(&mut ws).await;
    out.push(format!("{} {}: {}", v["status"], v["game"], v["message"]));
    // Again to game 1: replaced, not doubled.
    send(&mut ws, json!({ "type": "subscribe", "game": games[0].0 })).await;
    out.push(format!("{} {}", next(&mut ws).await["type"], games[0].0));
    let (s, _) = act(r, games[0].0, &games[0].1, 2, json!({ "type": "play", "point": "E5" })).await;
    assert_eq!(s, 200);
    // The push, then the answer to a state request: no second copy of the push between.
    send(&mut ws, json!({ "type": "state", "game": games[1].0 })).await;
    for _ in 0..2 {
        let v = next(&mut ws).await;
        out.push(format!("{} {}", v["type"], v["game"]));
    }
    expect![[r#"
        "state" 1
        "state" 2
        409 3: "this socket follows 2 games, the most one may: open another socket"
        "state" 1
        "event" 1
        "state" 2"#]]
    .assert_eq(&out.join("\n"));

    let (_b, addr) = listening(|c| c.rate_limit = 1).await;
    let mut ws = connect(&format!("ws://{addr}/api/ws")).await;
    for _ in 0..4 {
        send(&mut ws, json!({ "type": "state", "game": 99 })).await;
    }
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(next(&mut ws).await["status"].as_u64().unwrap());
    }
    // The upgrade took one token of the burst of two, the first message the other; the
    // next ones find the bucket empty (unless a second passed meanwhile on a busy machine).
    assert_eq!(statuses[0], 404, "{statuses:?}");
    assert!(statuses.contains(&429), "{statuses:?}");
}

// ----- headers -----

/// The security headers of `GET path`, one `name: value` a line.
async fn headers_of(r: &axum::Router, path: &str) -> String {
    use tower::ServiceExt;
    let req = axum::http::Request::get(path).body(axum::body::Body::empty()).unwrap();
    let resp = r.clone().oneshot(req).await.unwrap();
    let mut out = vec![format!("{path} {}", resp.status().as_u16())];
    for name in [
        "content-security-policy",
        "x-content-type-options",
        "referrer-policy",
        "x-frame-options",
        "strict-transport-security",
    ] {
        if let Some(v) = resp.headers().get(name) {
            out.push(format!("  {name}: {}", v.to_str().unwrap()));
        }
    }
    out.join("\n")
}

#[tokio::test]
async fn every_response_carries_the_security_headers_and_hsts_behind_tls() {
    let a = app().await;
    let mut out = Vec::new();
    for path in ["/", "/static/app.js", "/api/events", "/api/nothing", "/healthz"] {
        out.push(headers_of(&a.router, path).await);
    }
    let tls = app_with(|c| c.behind_tls = true).await;
    out.push(headers_of(&tls.router, "/api/games/7").await);
    expect![[r#"
        / 200
          content-security-policy: default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'
          x-content-type-options: nosniff
          referrer-policy: no-referrer
          x-frame-options: DENY
        /static/app.js 200
          content-security-policy: default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'
          x-content-type-options: nosniff
          referrer-policy: no-referrer
          x-frame-options: DENY
        /api/events 200
          content-security-policy: default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'
          x-content-type-options: nosniff
          referrer-policy: no-referrer
          x-frame-options: DENY
        /api/nothing 404
          content-security-policy: default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'
          x-content-type-options: nosniff
          referrer-policy: no-referrer
          x-frame-options: DENY
        /healthz 200
          content-security-policy: default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'
          x-content-type-options: nosniff
          referrer-policy: no-referrer
          x-frame-options: DENY
        /api/games/7 404
          content-security-policy: default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'
          x-content-type-options: nosniff
          referrer-policy: no-referrer
          x-frame-options: DENY
          strict-transport-security: max-age=31536000; includeSubDomains"#]]
    .assert_eq(&out.join("\n"));
}

#[tokio::test]
async fn a_session_token_or_seat_secret_in_the_url_is_not_taken() {
    let a = app().await;
    let r = &a.router;
    let li = login(r, "li").await;
    let (id, black, _) = game(r, &li, "none").await;
    let (s, v) = call(r, "DELETE", &format!("/api/sessions?token={li}"), None, None).await;
    let mut out = vec![line(s, &v)];
    let body = json!({ "seq": 2, "action": { "type": "play", "point": "E5" } });
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{id}/actions?secret={black}"),
        None,
        Some(body),
    )
    .await;
    out.push(line(s, &v));
    expect![[r#"
        401 unauthenticated: log in first (POST /api/sessions) and send the token as Authorization: Bearer <token>
        401 unauthenticated: log in first (POST /api/sessions) and send the token as Authorization: Bearer <token>"#]]
    .assert_eq(&out.join("\n"));
}

/// A referee's role revoked stops working at once in the games of the event (the roles are
/// read at each command), and the history says who granted and revoked it and when: the
/// instants of the server's time source, held by the test.
#[tokio::test]
async fn a_revoked_referee_is_refused_at_once_and_the_history_says_who_and_when() {
    const T0: u64 = 1_800_000_000_000;
    let time = server::time::Time::held(T0);
    let a = app_with(|c| c.time = time.clone()).await;
    let r = &a.router;
    let (org, id, _, _) = event_game(r).await;
    let referee = login(r, "ref").await;
    let grant = json!({ "account": "ref", "role": "referee" });
    assert_eq!(
        call(r, "PUT", "/api/events/open/roles", Some(&org), Some(grant))
            .await
            .0,
        200
    );
    let path = format!("/api/games/{id}/actions");
    let (_, state) = call(r, "GET", &format!("/api/games/{id}"), None, None).await;
    let seq = state["seq"].as_u64().unwrap();
    let pause = |seq: u64, kind: &str| json!({ "seq": seq, "as": "referee", "action": { "type": kind } });
    let mut out = Vec::new();
    let (s, v) = call(r, "POST", &path, Some(&referee), Some(pause(seq, "pause"))).await;
    out.push(format!("referee pauses: {}", line(s, &v)));
    time.advance(std::time::Duration::from_secs(5));
    let (s, v) = call(r, "DELETE", "/api/events/open/roles/ref/referee", Some(&org), None).await;
    out.push(format!("organizer revokes: {}", line(s, &v)));
    let (s, v) = call(r, "POST", &path, Some(&referee), Some(pause(seq + 1, "resume"))).await;
    out.push(format!("revoked referee resumes: {}", line(s, &v)));
    let (_, v) = call(r, "GET", "/api/events/open/roles", Some(&org), None).await;
    for c in v["changes"].as_array().unwrap() {
        out.push(format!(
            "{} {} {} by {} at T0+{} ms",
            c["change"],
            c["role"],
            c["account"],
            c["by"],
            c["at"].as_u64().unwrap() - T0
        ));
    }
    expect![[r#"
        referee pauses: 200 ok
        organizer revokes: 200 ok
        revoked referee resumes: 403 forbidden: ref has no seat in game 1 and no referee role in its event: play through your seat link, or ask the event's organizer to appoint you
        "grant" "organizer" "organizer" by "organizer" at T0+0 ms
        "grant" "referee" "ref" by "organizer" at T0+0 ms
        "revoke" "referee" "ref" by "organizer" at T0+5000 ms"#]].assert_eq(&out.join("\n"));
}

/// Creates the account `name` (password "correct horse") and says how it went: `201 "name"`
/// with the name kept, or the refusal (with its Chinese, for a 400 said in both languages).
async fn create(r: &axum::Router, name: &str) -> String {
    let creds = json!({ "name": name, "password": "correct horse" });
    let (s, v) = call(r, "POST", "/api/accounts", None, Some(creds)).await;
    match v["name"].as_str() {
        Some(kept) if s == 201 => format!("{name:?}: 201 {kept:?}"),
        _ => match v["zh"].as_str() {
            Some(zh) => format!("{name:?}: {} [{}] {zh}", line(s, &v), v["key"].as_str().unwrap_or("")),
            None => format!("{name:?}: {}", line(s, &v)),
        },
    }
}

/// The names of the issue's report, and what a careful operator refuses beside them.
async fn names_people_can_trust(r: &axum::Router) -> String {
    let mut out = Vec::new();
    for name in [
        "Li Wei",
        "admin",
        "Jos\u{e9}",
        // Cyrillic і in each: look-alikes of the two above.
        "L\u{456} Wei",
        "adm\u{456}n",
        "ADMIN",
        // José in NFD: the same name, not a second one.
        "Jose\u{301}",
        "Li\u{7}Wei",
        "Li\u{200b} Wei",
        "\u{202e}ieW iL",
        " Wang",
        "Wang ",
        "Wang  Fang",
        "Wang\u{3000}Fang",
        &"x".repeat(33),
        &"x".repeat(10_000),
        "",
        &"y".repeat(32),
        "王芳",
    ] {
        let shown = if name.len() > 40 {
            format!("{} × x", name.len())
        } else {
            name.to_string()
        };
        out.push(
            create(r, name)
                .await
                .replacen(&format!("{name:?}"), &format!("{shown:?}"), 1),
        );
    }
    // The NFD spelling logs in to the account kept in NFC.
    let creds = json!({ "name": "Jose\u{301}", "password": "correct horse" });
    let (s, v) = call(r, "POST", "/api/sessions", None, Some(creds)).await;
    let kept = v["account"]["name"].as_str().unwrap_or_default();
    let nfc = if kept == "Jos\u{e9}" {
        "the account José, kept in NFC"
    } else {
        kept
    };
    out.push(format!("login \"Jose\\u{{301}}\": {} as {nfc}", line(s, &v)));
    out.join("\n")
}

const NAMES: expect_test::Expect = expect![[r#"
    "Li Wei": 201 "Li Wei"
    "admin": 201 "admin"
    "José": 201 "José"
    "Lі Wei": 400 bad_request: the account name "Lі Wei" looks like the existing account "Li Wei": choose a name that cannot be mistaken for it [account.err.confusable] 账号名"Lі Wei"与已有账号"Li Wei"容易混淆：请换一个不会被认错的名字
    "admіn": 400 bad_request: the account name "admіn" looks like the existing account "admin": choose a name that cannot be mistaken for it [account.err.confusable] 账号名"admіn"与已有账号"admin"容易混淆：请换一个不会被认错的名字
    "ADMIN": 400 bad_request: the account name "ADMIN" looks like the existing account "admin": choose a name that cannot be mistaken for it [account.err.confusable] 账号名"ADMIN"与已有账号"admin"容易混淆：请换一个不会被认错的名字
    "Jose\u{301}": 409 conflict: the account name "José" is taken: choose another [account.err.taken] 账号名"José"已被使用：请另选一个
    "Li\u{7}Wei": 400 bad_request: the account name's character 3 (U+0007) is a control, invisible or special space character: use letters, digits, marks and plain spaces [account.err.invisible] 账号名第3个字符（U+0007）是控制字符、不可见字符或特殊空格：请只用文字、数字、符号和普通空格
    "Li\u{200b} Wei": 400 bad_request: the account name's character 3 (U+200B) is a control, invisible or special space character: use letters, digits, marks and plain spaces [account.err.invisible] 账号名第3个字符（U+200B）是控制字符、不可见字符或特殊空格：请只用文字、数字、符号和普通空格
    "\u{202e}ieW iL": 400 bad_request: the account name's character 1 (U+202E) is a control, invisible or special space character: use letters, digits, marks and plain spaces [account.err.invisible] 账号名第1个字符（U+202E）是控制字符、不可见字符或特殊空格：请只用文字、数字、符号和普通空格
    " Wang": 400 bad_request: the account name starts or ends with a space: remove it [account.err.edge_space] 账号名以空格开头或结尾：请删去
    "Wang ": 400 bad_request: the account name starts or ends with a space: remove it [account.err.edge_space] 账号名以空格开头或结尾：请删去
    "Wang  Fang": 400 bad_request: the account name has two spaces in a row (character 6): use one [account.err.double_space] 账号名中有连续两个空格（第6个字符）：请只用一个
    "Wang\u{3000}Fang": 400 bad_request: the account name's character 5 (U+3000) is a control, invisible or special space character: use letters, digits, marks and plain spaces [account.err.invisible] 账号名第5个字符（U+3000）是控制字符、不可见字符或特殊空格：请只用文字、数字、符号和普通空格
    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx": 400 bad_request: the account name has 33 characters: at most 32 [account.err.too_long] 账号名有33个字符：最多32个
    "10000 × x": 400 bad_request: the account name has 10000 characters: at most 32 [account.err.too_long] 账号名有10000个字符：最多32个
    "": 400 bad_request: an account name is needed: 1 to 32 characters [account.err.empty] 请填写账号名：1至32个字符
    "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy": 201 "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
    "王芳": 201 "王芳"
    login "Jose\u{301}": 200 ok as the account José, kept in NFC"#]];

#[tokio::test]
async fn account_names_are_nfc_visible_bounded_and_not_confusable() {
    let a = app().await;
    NAMES.assert_eq(&names_people_can_trust(&a.router).await);
}

#[tokio::test]
async fn account_names_are_nfc_visible_bounded_and_not_confusable_on_postgres() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    NAMES.assert_eq(&names_people_can_trust(&a.router).await);
}

/// Accounts made before names were checked: the migration gives each its key (the older of
/// two look-alikes takes it), every one still logs in by its exact name, and a new name like
/// any of them is refused.
async fn accounts_kept_from_before(a: App, sql: impl AsyncFn(&str), reopen: impl AsyncFn() -> App) -> String {
    let r = &a.router;
    login(r, "organizer").await;
    drop(a);
    // Back to the tables as they were before the key, with the names the issue found (the
    // migration after the key's creates its tables only if they are not there).
    sql("DROP INDEX server_account_skeleton;
        ALTER TABLE server_account DROP COLUMN skeleton;
        DELETE FROM server_schema_version WHERE version >= (SELECT MAX(version) FROM server_schema_version) - 1;
        INSERT INTO server_account (name, password_hash, created_at)
            SELECT n, password_hash, 0 FROM server_account,
                (SELECT 'admin' AS n UNION ALL SELECT 'Admin' UNION ALL SELECT ' li '
                 UNION ALL SELECT 'wang' || char(8203)) AS legacy
            WHERE name = 'organizer';")
    .await;
    let a = reopen().await;
    let r = &a.router;
    let mut out = Vec::new();
    for name in ["admin", "Admin", " li ", "wang\u{200b}", "organizer"] {
        let creds = json!({ "name": name, "password": "correct horse" });
        let (s, v) = call(r, "POST", "/api/sessions", None, Some(creds)).await;
        out.push(format!("login {name:?}: {}", line(s, &v)));
    }
    for name in ["adm\u{456}n", "li", "Wang", "organ\u{456}zer", "zhao"] {
        out.push(create(r, name).await.split(" [").next().unwrap_or_default().to_string());
    }
    out.join("\n")
}

const KEPT: expect_test::Expect = expect![[r#"
    login "admin": 200 ok
    login "Admin": 200 ok
    login " li ": 200 ok
    login "wang\u{200b}": 200 ok
    login "organizer": 200 ok
    "admіn": 400 bad_request: the account name "admіn" looks like the existing account "admin": choose a name that cannot be mistaken for it
    "li": 400 bad_request: the account name "li" looks like the existing account " li ": choose a name that cannot be mistaken for it
    "Wang": 400 bad_request: the account name "Wang" looks like the existing account "wang\u{200b}": choose a name that cannot be mistaken for it
    "organіzer": 400 bad_request: the account name "organіzer" looks like the existing account "organizer": choose a name that cannot be mistaken for it
    "zhao": 201 "zhao""#]];

#[tokio::test]
async fn accounts_made_before_names_were_checked_keep_working() {
    let a = app().await;
    let file = a.dir.join("weiqi.db");
    let sql = async |s: &str| {
        rusqlite::Connection::open(&file).unwrap().execute_batch(s).unwrap();
    };
    let reopen = async || {
        let s = server::Server::open(&server::Config {
            db: file.clone(),
            rate_limit: 0,
            ..server::Config::default()
        })
        .await
        .unwrap();
        App {
            router: s.router(),
            server: Some(s),
            dir: file.parent().unwrap().to_path_buf(),
        }
    };
    KEPT.assert_eq(&accounts_kept_from_before(a, sql, reopen).await);
}

#[tokio::test]
async fn accounts_made_before_names_were_checked_keep_working_on_postgres() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    let sql = async |s: &str| {
        let s = s.replace("char(8203)", "chr(8203)");
        pg_admin()
            .await
            .batch_execute(&format!("SET search_path = {}; {s}", db.name))
            .await
            .unwrap();
    };
    let reopen = async || db.app().await;
    KEPT.assert_eq(&accounts_kept_from_before(a, sql, reopen).await);
}

/// Issue 15: a 64 KiB event name was accepted, as were any number of rounds and any player
/// name. The server refuses what the tournament crate's limits refuse (the CLI and the
/// imports refuse the same), a registrations file with a cell or rating beyond the readers'
/// bounds, and a game's komi beyond the board (the rules crate's one check).
#[tokio::test]
async fn names_rounds_ratings_and_komi_beyond_the_limits_are_refused() {
    let a = app().await;
    let r = &a.router;
    let org = login(r, "organizer").await;
    let mut out = Vec::new();
    let event = |name: String, rounds: u64| json!({ "id": "open", "name": name, "system": { "kind": "swiss" }, "rounds": rounds, "time_control": "30m" });
    for body in [
        event("x".repeat(10_000), 3),
        event("Open".into(), 4_000_000_000),
        event("Open".into(), 1001),
        event("赛".repeat(200), 1000),
    ] {
        let (s, v) = call(r, "POST", "/api/events", Some(&org), Some(body)).await;
        out.push(line(s, &v));
    }
    for p in [
        json!({ "name": "名".repeat(101), "rank": "3d" }),
        json!({ "name": "Li", "rank": "3d", "club": "c".repeat(101) }),
        json!({ "name": "Li", "rank": "3d", "rating": 2_000_000_000 }),
    ] {
        let (s, v) = call(r, "POST", "/api/events/open/players", Some(&org), Some(p)).await;
        out.push(line(s, &v));
    }
    let bearer = format!("Bearer {org}");
    for csv in ["name,rank,rating\nLi,3d,NaN\n", "name,rank,rating\nLi,3d,1e30\n"] {
        let (s, v) = raw(
            r,
            "POST",
            "/api/events/open/players/csv",
            &[("authorization", &bearer)],
            Some(csv.into()),
        )
        .await;
        out.push(line(s, &v));
    }
    let mut game = settings("none");
    game["komi_half_points"] = json!(163);
    let (s, v) = call(r, "POST", "/api/games", Some(&org), Some(json!({ "settings": game }))).await;
    out.push(line(s, &v));
    expect![[r#"
        422 refused: event "open": the event name has 10000 characters: at most 200
        422 refused: event "open": invalid number of rounds 4000000000: 1 to 1000 (and not fewer than the rounds paired)
        422 refused: event "open": invalid number of rounds 1001: 1 to 1000 (and not fewer than the rounds paired)
        201 ok
        422 refused: event "open": the player name has 101 characters: at most 100
        422 refused: event "open": the club has 101 characters: at most 100
        422 refused: event "open": "Li": rating 2000000000 is outside -10000..=10000
        400 bad_request: the CSV file: line 2: Li: rating "NaN" is not a number
        400 bad_request: the CSV file: line 2: Li: rating 1e30 is outside -10000..=10000
        400 bad_request: komi_half_points 163: 81.5 points is more than the 81 points of a 9×9 board"#]]
    .assert_eq(&out.join("\n"));
}
