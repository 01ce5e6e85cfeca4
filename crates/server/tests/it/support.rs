//! A fresh server on a temporary database, and requests through `Router::oneshot`.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use tower::ServiceExt;

pub struct App {
    pub router: Router,
    pub server: Option<server::Server>,
    #[allow(dead_code)]
    pub dir: PathBuf,
}

static N: AtomicU32 = AtomicU32::new(0);

/// A fresh folder (numbered: one per call).
pub fn temp_dir() -> PathBuf {
    testkit::scratch("server-it", &N.fetch_add(1, Ordering::SeqCst).to_string())
}

pub async fn app_with_rate(rate: u32) -> App {
    app_with(|c| c.rate_limit = rate).await
}

/// A server on a fresh SQLite file, configured by `f` (rate limit 0 unless it says).
pub async fn app_with(f: impl FnOnce(&mut server::Config)) -> App {
    let dir = temp_dir();
    let mut config = server::Config {
        db: dir.join("weiqi.db"),
        database_url: None,
        rate_limit: 0,
        ..server::Config::default()
    };
    f(&mut config);
    let s = server::Server::open(&config).await.unwrap();
    App {
        router: s.router(),
        server: Some(s),
        dir,
    }
}

pub async fn app() -> App {
    app_with_rate(0).await
}

/// A request: method, path, headers, raw body (None: no body).
pub async fn raw(
    router: &Router,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<String>,
) -> (StatusCode, Value) {
    let mut b = Request::builder().method(method).uri(path);
    if body.is_some() {
        b = b.header("content-type", "application/json");
    }
    for (k, v) in headers {
        b = b.header(*k, *v);
    }
    let req = b.body(body.map_or(Body::empty(), Body::from)).unwrap();
    let resp = router.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()));
    (status, v)
}

pub async fn call(
    router: &Router,
    method: &str,
    path: &str,
    auth: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let bearer = auth.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = bearer.as_deref().map(|b| ("authorization", b)).into_iter().collect();
    raw(router, method, path, &headers, body.map(|b| b.to_string())).await
}

/// Registers `name` and logs in; the session token.
pub async fn login(router: &Router, name: &str) -> String {
    let creds = json!({ "name": name, "password": "correct horse" });
    let (s, _) = call(router, "POST", "/api/accounts", None, Some(creds.clone())).await;
    assert_eq!(s, StatusCode::CREATED);
    let (s, v) = call(router, "POST", "/api/sessions", None, Some(creds)).await;
    assert_eq!(s, StatusCode::OK);
    v["token"].as_str().unwrap().to_string()
}

pub fn settings(time: &str) -> Value {
    json!({ "players": [{ "name": "Li", "rank": "3d" }, { "name": "Wang", "rank": "2d" }], "size": 9, "time": time })
}

/// A casual game created by `token`'s account; (id, black secret, white secret).
pub async fn game(router: &Router, token: &str, time: &str) -> (i64, String, String) {
    let (s, v) = call(
        router,
        "POST",
        "/api/games",
        Some(token),
        Some(json!({ "settings": settings(time) })),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    (
        v["game"].as_i64().unwrap(),
        v["secrets"]["black"].as_str().unwrap().into(),
        v["secrets"]["white"].as_str().unwrap().into(),
    )
}

/// As [`game`], with seats open to the first accounts to join (`"seats": "open"`).
pub async fn open_game(router: &Router, token: &str, time: &str) -> (i64, String, String) {
    let body = json!({ "settings": settings(time), "seats": "open" });
    let (s, v) = call(router, "POST", "/api/games", Some(token), Some(body)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    (
        v["game"].as_i64().unwrap(),
        v["secrets"]["black"].as_str().unwrap().into(),
        v["secrets"]["white"].as_str().unwrap().into(),
    )
}

/// A casual game created with its clock not started (the colours drawn, no `Start`): a test
/// that must hear the clock's first call subscribes first, then starts it
/// ([`start_game`]). (id, black secret, white secret).
pub async fn game_not_started(router: &Router, token: &str, time: &str) -> (i64, String, String) {
    let body = json!({ "settings": settings(time), "start": false });
    let (s, v) = call(router, "POST", "/api/games", Some(token), Some(body)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    (
        v["game"].as_i64().unwrap(),
        v["secrets"]["black"].as_str().unwrap().into(),
        v["secrets"]["white"].as_str().unwrap().into(),
    )
}

/// Starts a game of [`game_not_started`]: its creator, who officiates it, records the start
/// (event 1); its clock runs from now.
pub async fn start_game(router: &Router, token: &str, game: i64) {
    let cmd = json!({ "seq": 1, "action": { "type": "start", "late": [] }, "as": "referee" });
    let (s, v) = call(
        router,
        "POST",
        &format!("/api/games/{game}/actions"),
        Some(token),
        Some(cmd),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
}

/// A player's action with a seat secret.
pub async fn act(router: &Router, game: i64, secret: &str, seq: u64, action: Value) -> (StatusCode, Value) {
    let body = json!({ "seq": seq, "action": action }).to_string();
    raw(
        router,
        "POST",
        &format!("/api/games/{game}/actions"),
        &[("x-seat-secret", secret)],
        Some(body),
    )
    .await
}

/// The PostgreSQL the tests use (checked once to answer: `testkit::pg::require`).
pub fn pg_base() -> String {
    testkit::pg::require()
}

/// A fresh schema for one test (`testkit::pg::Schema`), dropped (with everything in it) when
/// this goes out of scope.
pub struct PgSchema {
    pub name: String,
    /// The URL a server is given: the base with `search_path` set to the schema.
    pub url: String,
    _schema: testkit::pg::Schema,
}

/// A connection to the test database for setting up (and breaking) what a test needs.
pub async fn pg_admin() -> tokio_postgres::Client {
    let base = pg_base();
    let (client, conn) = tokio_postgres::connect(&base, tokio_postgres::NoTls)
        .await
        .unwrap_or_else(|e| {
            let e = testkit::pg::Unreachable {
                url: base.clone(),
                error: e.to_string(),
            };
            panic!("{e}")
        });
    tokio::spawn(conn);
    client
}

impl PgSchema {
    pub async fn new() -> PgSchema {
        let schema = testkit::pg::Schema::new("server_it");
        PgSchema {
            name: schema.name().to_string(),
            url: schema.url().to_string(),
            _schema: schema,
        }
    }

    /// A server on this schema, as `app()` gives one on a fresh SQLite file.
    pub async fn app(&self) -> App {
        self.app_with(|_| {}).await
    }

    /// A server on this schema, configured by `f`.
    pub async fn app_with(&self, f: impl FnOnce(&mut server::Config)) -> App {
        let dir = temp_dir();
        let mut config = server::Config {
            db: dir.join("unused.db"),
            database_url: Some(self.url.clone()),
            rate_limit: 0,
            ..server::Config::default()
        };
        f(&mut config);
        let s = server::Server::open(&config).await.unwrap();
        App {
            router: s.router(),
            server: Some(s),
            dir,
        }
    }
}

/// A response as one line of a test's transcript: `status error: message`, or `status ok`.
pub fn line(status: StatusCode, v: &Value) -> String {
    line_with(status, v, "")
}

/// As [`line`], with `ok_tail` after `ok` for a success.
pub fn line_with(status: StatusCode, v: &Value, ok_tail: &str) -> String {
    match v.get("error") {
        Some(e) => format!(
            "{} {}: {}",
            status.as_u16(),
            e.as_str().unwrap_or("?"),
            v["message"].as_str().unwrap_or("")
        ),
        None => format!("{} ok{ok_tail}", status.as_u16()),
    }
}

/// Creates event `id` of `system` (as the API takes it) with time control `time` (which the
/// API requires) and three rounds, and registers `players` (name, rank); each step must
/// succeed.
pub async fn event(r: &Router, token: &str, id: &str, system: Value, time: &str, players: &[(&str, &str)]) {
    let body = json!({ "id": id, "name": format!("{id} open"), "system": system, "rounds": 3, "time_control": time });
    let (s, v) = call(r, "POST", "/api/events", Some(token), Some(body)).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    for (name, rank) in players {
        let path = format!("/api/events/{id}/players");
        let (s, v) = call(
            r,
            "POST",
            &path,
            Some(token),
            Some(json!({ "name": name, "rank": rank })),
        )
        .await;
        assert_eq!(s.as_u16(), 201, "{v}");
    }
}
