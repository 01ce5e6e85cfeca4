//! Sessions: logging out ends one, an unused one expires after the idle time (which every use
//! starts again), and any one expires a lifetime after the login; an ended or unknown session
//! is a 401 that says which, on HTTP and on an open WebSocket.

use crate::support::*;
use crate::ws::{connect, next, send, serve};
use expect_test::expect;
use serde_json::{Value, json};
use server::auth::{self, Session, SessionLimits};
use server::time::Time;
use std::time::Duration;

fn line(status: axum::http::StatusCode, v: &Value) -> String {
    line_with(status, v, &format!(" {}", v["account"]))
}

#[tokio::test]
async fn logging_out_ends_the_session() {
    logging_out_ends_the_session_on(app().await).await;
}

#[tokio::test]
async fn logging_out_ends_the_session_on_postgres() {
    let db = PgSchema::new().await;
    logging_out_ends_the_session_on(db.app().await).await;
}

async fn logging_out_ends_the_session_on(mut a: App) {
    let r = a.router.clone();
    let li = login(&r, "li").await;
    let (id, _, _) = game(&r, &li, "none").await;
    let url = serve(&mut a).await;
    // A socket opened with the session, before the logout.
    let mut ws = connect(&url).await;
    send(&mut ws, json!({ "type": "auth", "token": li })).await;
    assert_eq!(next(&mut ws).await["account"], "li");
    // A second session of the same account lives on after the first logs out.
    let creds = json!({ "name": "li", "password": "correct horse" });
    let (_, v) = call(&r, "POST", "/api/sessions", None, Some(creds)).await;
    let other = v["token"].as_str().unwrap().to_string();
    let mut out = Vec::new();
    for (method, path, token) in [
        ("GET", "/api/events/any/me", Some(&li)),
        ("DELETE", "/api/sessions", None),
        ("DELETE", "/api/sessions", Some(&li)),
        ("GET", "/api/events/any/me", Some(&li)),
        ("DELETE", "/api/sessions", Some(&li)),
        ("GET", "/api/events/any/me", Some(&other)),
    ] {
        let (s, v) = call(&r, method, path, token.map(String::as_str), None).await;
        out.push(format!("{method} {path}: {}", line(s, &v)));
    }
    // The socket's commands are refused from the logout on.
    send(
        &mut ws,
        json!({ "type": "command", "game": id, "seq": 2, "as": "referee", "action": { "type": "pause" } }),
    )
    .await;
    let m = next(&mut ws).await;
    out.push(format!("ws: {} {}", m["status"], m["message"].as_str().unwrap()));
    expect![[r#"
        GET /api/events/any/me: 200 ok "li"
        DELETE /api/sessions: 401 unauthenticated: log in first (POST /api/sessions) and send the token as Authorization: Bearer <token>
        DELETE /api/sessions: 204 ok null
        GET /api/events/any/me: 401 unauthenticated: the session token is unknown (logged out, or never given): log in again (POST /api/sessions)
        DELETE /api/sessions: 401 unauthenticated: the session token is unknown (logged out, or never given): log in again (POST /api/sessions)
        GET /api/events/any/me: 200 ok "li"
        ws: 401 the session token is unknown (logged out, or never given): log in again (POST /api/sessions)
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}

/// The expiry rules with explicit instants, on the database itself (no waiting).
async fn sessions_expire_when_idle_and_after_their_lifetime_on(db: server::db::Db) {
    let limits = SessionLimits {
        idle: Duration::from_secs(3600),
        lifetime: Duration::from_secs(4 * 3600),
    };
    let id = auth::create_account(&db, "li".into(), "unused hash".into())
        .await
        .unwrap();
    let t0 = 1_000_000_000_000u64;
    let min = 60_000;
    let token = auth::create_session(&db, id, limits, t0).await.unwrap();
    let mut out = Vec::new();
    let mut at = |label: &str, s: Session| {
        out.push(match s {
            Session::Valid(a) => format!("{label}: valid ({})", a.name),
            Session::Expired(why) => format!("{label}: expired: {why}"),
            Session::Unknown => format!("{label}: unknown"),
        })
    };
    // Used every 59 minutes: the idle time slides, up to the lifetime.
    for k in 1..=4 {
        let t = t0 + k * 59 * min;
        at(
            &format!("+{}m", k * 59),
            auth::session(&db, &token, limits, t).await.unwrap(),
        );
    }
    at(
        "+240m",
        auth::session(&db, &token, limits, t0 + 240 * min).await.unwrap(),
    );
    // Another session, left alone for an hour.
    let idle = auth::create_session(&db, id, limits, t0).await.unwrap();
    at(
        "idle +59m59s",
        auth::session(&db, &idle, limits, t0 + 60 * min - 1000).await.unwrap(),
    );
    let idle2 = auth::create_session(&db, id, limits, t0).await.unwrap();
    at(
        "other +60m",
        auth::session(&db, &idle2, limits, t0 + 60 * min).await.unwrap(),
    );
    at("never given", auth::session(&db, "nope", limits, t0).await.unwrap());
    // A login a day after both ended forgets them: their tokens are unknown from then on.
    let day = 24 * 60 * min;
    auth::create_session(&db, id, limits, t0 + 240 * min + day + 1)
        .await
        .unwrap();
    at(
        "+1 day, ended",
        auth::session(&db, &token, limits, t0 + 240 * min + day + 2)
            .await
            .unwrap(),
    );
    expect![[r#"
        +59m: valid (li)
        +118m: valid (li)
        +177m: valid (li)
        +236m: valid (li)
        +240m: expired: the session has expired: sessions last 4h from the login: log in again (POST /api/sessions)
        idle +59m59s: valid (li)
        other +60m: expired: the session has expired: it was not used for 1h: log in again (POST /api/sessions)
        never given: unknown
        +1 day, ended: unknown
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}

#[tokio::test]
async fn sessions_expire_when_idle_and_after_their_lifetime() {
    let dir = temp_dir();
    let (db, _) = server::db::Db::open_sqlite(&dir.join("weiqi.db"), Time::system()).unwrap();
    sessions_expire_when_idle_and_after_their_lifetime_on(db).await;
}

#[tokio::test]
async fn sessions_expire_when_idle_and_after_their_lifetime_on_postgres() {
    let schema = PgSchema::new().await;
    let (db, _, _) = server::db::Db::open_postgres(&schema.url, Time::system())
        .await
        .unwrap();
    sessions_expire_when_idle_and_after_their_lifetime_on(db).await;
}

/// The server's time is held: the session is used at the login's instant and an hour later
/// (its idle limit), with no sleep between.
#[tokio::test]
async fn an_expired_session_is_a_401_that_says_so() {
    let time = Time::held(1_700_000_000_000);
    let a = app_with(|c| {
        c.sessions = SessionLimits {
            idle: Duration::from_secs(3600),
            lifetime: Duration::from_secs(7 * 24 * 3600),
        };
        c.time = time.clone();
    })
    .await;
    let r = &a.router;
    let li = login(r, "li").await;
    time.advance(Duration::from_secs(3599));
    let (s, v) = call(r, "GET", "/api/events/any/me", Some(&li), None).await;
    assert_ne!(s, axum::http::StatusCode::UNAUTHORIZED, "used within the hour: {v}");
    time.advance(Duration::from_secs(3600));
    let (s, v) = call(r, "GET", "/api/events/any/me", Some(&li), None).await;
    expect!["401 unauthenticated: the session has expired: it was not used for 1h: log in again (POST /api/sessions)"]
        .assert_eq(&line(s, &v));
}

#[test]
fn session_durations_read_as_a_person_writes_them() {
    let mut out = Vec::new();
    for s in ["90s", "30m", "12h", "7d", "0h", "12", "h", "3w", "99999999999999999d"] {
        out.push(match auth::parse_duration(s) {
            Ok(d) => format!("{s}: {} s = {}", d.as_secs(), auth::duration_text(d)),
            Err(e) => format!("{s}: {e}"),
        });
    }
    expect![[r#"
        90s: 90 s = 90s
        30m: 1800 s = 30m
        12h: 43200 s = 12h
        7d: 604800 s = 7d
        0h: "0h": a session must last more than no time
        12: "12" is not a duration like 90s, 30m, 12h or 7d
        h: "h" is not a duration like 90s, 30m, 12h or 7d
        3w: "3w" is not a duration like 90s, 30m, 12h or 7d
        99999999999999999d: "99999999999999999d" is not a duration like 90s, 30m, 12h or 7d
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}
