//! The JSON API: the router, the extractors (caller, strict JSON bodies), the rate limit, and
//! one handler per route. The OpenAPI document (`openapi.json` beside this file) lists them.

use crate::auth::{self, Account, Role};
use crate::db::{DbError, Idempotency};
use crate::error::ApiError;
use crate::game::{Entered, EventStore, GameHandle, GameInfo, Hub, SubmitError};
use crate::wire::{WAction, WColor, WEvent, WSeat, WSettings};
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use referee::{Action, Actor, ColourChoice, Event, Referee};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value as Json_, json};
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Instant as StdInstant;
use web::routes::{Route, delete, get, post, put};

/// The largest request body taken, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

/// Everything a handler needs.
#[derive(Clone)]
pub struct AppState(pub Arc<Inner>);

/// The shared state.
pub struct Inner {
    /// The live games.
    pub hub: Hub,
    /// The storage crate's store on the same database (events, players, pairing, results):
    /// the SQLite file, or the PostgreSQL schema of the server's own tables.
    pub store: EventStore,
    /// Requests per second per client (0: no limit), with a burst of twice that.
    pub rate: u32,
    /// How long sessions last.
    pub sessions: auth::SessionLimits,
    /// The bounds on logins and connections.
    pub limits: crate::limits::Limits,
    /// Responses carry HSTS (the server sits behind TLS).
    pub behind_tls: bool,
    /// Failed logins and account creations.
    pub throttle: crate::limits::Throttle,
    /// The password checks that may run at once.
    checks: Arc<tokio::sync::Semaphore>,
    /// The threads that run them, as many as the permits: each thread keeps the 19 MiB of
    /// argon2 memory it reuses for every check (`auth::with_blocks`), so a fixed few threads
    /// bound the memory (the runtime's blocking pool would use a fresh thread for each).
    hashers: std::sync::mpsc::Sender<Box<dyn FnOnce() + Send>>,
    buckets: Mutex<HashMap<IpAddr, (f64, StdInstant)>>,
}

impl AppState {
    /// The state over a hub and a store, configured by `config`.
    pub fn new(hub: Hub, store: EventStore, config: &crate::Config) -> AppState {
        let limits = config.limits;
        AppState(Arc::new(Inner {
            hub,
            store,
            rate: config.rate_limit,
            sessions: config.sessions,
            limits,
            behind_tls: config.behind_tls,
            throttle: crate::limits::Throttle::new(limits.free_failures),
            checks: Arc::new(tokio::sync::Semaphore::new(limits.password_checks.max(1))),
            hashers: hashers(limits.password_checks.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }))
    }
}

/// `n` threads that run the jobs sent, one at a time each.
fn hashers(n: usize) -> std::sync::mpsc::Sender<Box<dyn FnOnce() + Send>> {
    let (tx, rx) = std::sync::mpsc::channel::<Box<dyn FnOnce() + Send>>();
    let rx = Arc::new(Mutex::new(rx));
    for i in 0..n {
        let rx = rx.clone();
        let _ = std::thread::Builder::new()
            .name(format!("password-{i}"))
            .spawn(move || {
                loop {
                    let job = rx.lock().expect("hasher lock").recv();
                    match job {
                        Ok(job) => job(),
                        Err(_) => return,
                    }
                }
            });
    }
    tx
}

/// The client's address (unspecified when the router is called in-process, without one).
pub fn client_ip(ext: &axum::http::Extensions) -> IpAddr {
    ext.get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip())
}

/// Runs a password hash or check off the runtime, if one of the bounded permits is free
/// (else the 503 that says to retry).
async fn password_work<R: Send + 'static>(
    st: &AppState,
    f: impl FnOnce() -> R + Send + 'static,
) -> Result<R, ApiError> {
    let permit = st.0.checks.clone().try_acquire_owned().map_err(|_| {
        tracing::warn!("password checks at their bound: login refused with 503");
        ApiError::Busy { retry_after: 1 }
    })?;
    let (tx, rx) = tokio::sync::oneshot::channel();
    st.0.hashers
        .send(Box::new(move || {
            let _ = tx.send(f());
            drop(permit);
        }))
        .map_err(|_| ApiError::Internal("the password threads are gone".into()))?;
    rx.await
        .map_err(|_| ApiError::Internal("a password check failed".into()))
}

/// Every route the server serves: the API's, the pages' extra API (`web_api`) and the pages
/// themselves. The router is built from this list, and the OpenAPI document lists exactly
/// these (a test compares them both ways).
pub fn routes() -> Vec<Route<AppState>> {
    let mut all = vec![
        get("/healthz", || async { Json(json!({ "status": "ok" })) }),
        get("/api/openapi.json", openapi),
        post("/api/accounts", create_account),
        post("/api/sessions", login),
        delete("/api/sessions", logout),
        post("/api/events", create_event),
        get("/api/events", list_events),
        get("/api/events/{id}", show_event),
        put("/api/events/{id}/roles", grant_role),
        get("/api/events/{id}/roles", role_history),
        delete("/api/events/{id}/roles/{account}/{role}", revoke_role),
        put("/api/events/{id}/players/{name}/account", link_player),
        delete("/api/events/{id}/players/{name}/account", unlink_player),
        post("/api/events/{id}/players/{name}/claim-code", claim_code),
        post("/api/events/{id}/claims", claim),
        post("/api/events/{id}/players", add_player),
        post("/api/events/{id}/rounds", pair_round),
        post("/api/events/{id}/results", record_result),
        get("/api/events/{id}/standings", standings),
        post("/api/games", create_game),
        get("/api/games/{id}", show_game),
        get("/api/games/{id}/events", game_events),
        post("/api/games/{id}/join", join_game),
        post("/api/games/{id}/actions", act),
        get("/api/ws", crate::ws::upgrade),
    ];
    all.extend(crate::web_api::routes());
    all.extend(crate::challenges::routes());
    all.extend(web::routes());
    all
}

/// The router of the whole API.
pub fn router(state: AppState) -> Router {
    web::routes::build(routes())
        .fallback(|| async { ApiError::NotFound("no such route: see /api/openapi.json".into()) })
        .layer(axum::middleware::from_fn_with_state(state.clone(), rate_limit))
        .layer(axum::middleware::from_fn_with_state(state.clone(), security_headers))
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(state)
}

async fn openapi() -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        include_str!("openapi.json"),
    )
        .into_response()
}

/// The Content-Security-Policy of every response: scripts only from the server's own files
/// (no inline script, no `eval`), never framed by another page (clickjacking of the
/// director's console), connections (the API and the WebSocket) to the server only. Inline
/// styles stay allowed: the print views carry their stylesheet in the page.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
                       connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Headers on every response (pages, API, errors, the WebSocket's upgrade): the CSP, no MIME
/// sniffing, no `Referer` (a seat link's page must not leak its URL), no framing, and HSTS
/// when the server sits behind TLS.
async fn security_headers(State(st): State<AppState>, req: Request, next: Next) -> Response {
    use axum::http::header::{self, HeaderValue};
    let mut r = next.run(req).await;
    let h = r.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if st.0.behind_tls {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
    r
}

/// A simple token bucket per client address: `rate` requests a second, bursts of `2 × rate`.
async fn rate_limit(State(st): State<AppState>, req: Request, next: Next) -> Response {
    if !take_token(&st, client_ip(req.extensions())) {
        return ApiError::RateLimited.into_response();
    }
    next.run(req).await
}

/// Takes one request's token from `ip`'s bucket; false if it is empty (a 429). HTTP requests
/// and WebSocket messages draw from the same bucket.
pub fn take_token(st: &AppState, ip: IpAddr) -> bool {
    if st.0.rate == 0 {
        return true;
    }
    let rate = f64::from(st.0.rate);
    let now = StdInstant::now();
    let mut buckets = st.0.buckets.lock().expect("bucket lock");
    if buckets.len() >= 100_000 {
        // Forget the full buckets (idle clients) rather than grow without bound.
        buckets.retain(|_, (t, last)| *t + now.duration_since(*last).as_secs_f64() * rate < 2.0 * rate);
    }
    let (tokens, last) = buckets.entry(ip).or_insert((2.0 * rate, now));
    *tokens = (*tokens + now.duration_since(*last).as_secs_f64() * rate).min(2.0 * rate);
    *last = now;
    if *tokens < 1.0 {
        return false;
    }
    *tokens -= 1.0;
    true
}

/// The client's address, or the unspecified address for a router called in-process.
pub struct ConnectInfoOpt(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ConnectInfoOpt {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ConnectInfoOpt(client_ip(&parts.extensions)))
    }
}

/// A path's parameters, as axum's `Path`, but a parameter that does not parse (`/api/games/x`
/// where a number is meant) is the JSON error body: a 400 naming the path and the parameter.
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(v)) => Ok(Path(v)),
            Err(rej) => Err(ApiError::BadRequest(format!(
                "the path {}: {}",
                parts.uri.path(),
                rej.body_text()
            ))),
        }
    }
}

/// A query string, as axum's `Query`, but one that does not parse (`?since=x`) is the JSON
/// error body: a 400 with the parser's words.
pub struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(v)) => Ok(Query(v)),
            Err(rej) => Err(ApiError::BadRequest(format!("the query string: {}", rej.body_text()))),
        }
    }
}

/// A caller who sent credentials (a session token, or a seat's secret): anyone else is a
/// 401 before the request's body is read, so an anonymous caller learns nothing from the
/// body's checks. Handlers that take a body on a route for callers who logged in take this
/// before the body (axum runs extractors in order).
pub struct SignedIn(pub Caller);

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, st: &AppState) -> Result<SignedIn, ApiError> {
        let c = Caller::from_request_parts(parts, st).await?;
        if c.account.is_none() && c.secret.is_none() {
            return Err(ApiError::Unauthenticated(
                "log in first (POST /api/sessions) and send the token as Authorization: Bearer <token>".into(),
            ));
        }
        Ok(SignedIn(c))
    }
}

/// A JSON body read strictly: a syntax error, a wrong type, an unknown field or an oversized
/// body is a 4xx with the parser's words.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(rej) if rej.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(ApiError::TooLarge(format!(
                "the body is larger than {BODY_LIMIT} bytes"
            ))),
            Err(rej) => Err(ApiError::BadRequest(rej.body_text())),
        }
    }
}

/// Who is calling: the account of a session token (`Authorization: Bearer …`), and a seat
/// secret (`X-Seat-Secret`), either or both or neither (the public).
pub struct Caller {
    /// The logged-in account.
    pub account: Option<Account>,
    /// A seat's secret.
    pub secret: Option<String>,
    /// The session token the account was found by (a WebSocket checks it again before each
    /// command: the session may end while the socket is open).
    pub token: Option<String>,
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, st: &AppState) -> Result<Caller, ApiError> {
        let header = |name: &str| {
            parts
                .headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        // Never from the URL: a URL ends up in logs, in the browser's history and in a
        // `Referer`. A WebSocket from a browser sends them in its first message.
        let token = header("authorization").map(|h| h.strip_prefix("Bearer ").map(str::to_string).unwrap_or(h));
        let secret = header("x-seat-secret");
        caller(st, token.as_deref(), secret).await
    }
}

/// The caller for a token and a secret; an ended or unknown session is a 401 that says so.
pub async fn caller(st: &AppState, token: Option<&str>, secret: Option<String>) -> Result<Caller, ApiError> {
    let account = match token {
        Some(t) => Some(session_account(st, t).await?),
        None => None,
    };
    Ok(Caller {
        account,
        secret,
        token: token.map(str::to_string),
    })
}

/// The account of a live session, or the 401 for an ended or unknown one.
pub async fn session_account(st: &AppState, token: &str) -> Result<Account, ApiError> {
    match auth::session(st.0.hub.db(), token, st.0.sessions, st.0.hub.db().time().now_ms()).await? {
        auth::Session::Valid(a) => Ok(a),
        auth::Session::Expired(why) => Err(ApiError::Unauthenticated(format!(
            "{why}: log in again (POST /api/sessions)"
        ))),
        auth::Session::Unknown => Err(ApiError::Unauthenticated(
            "the session token is unknown (logged out, or never given): log in again (POST /api/sessions)".into(),
        )),
    }
}

impl Caller {
    pub(crate) fn account(&self) -> Result<&Account, ApiError> {
        self.account.as_ref().ok_or_else(|| {
            ApiError::Unauthenticated(
                "log in first (POST /api/sessions) and send the token as Authorization: Bearer <token>".into(),
            )
        })
    }
}

async fn require_role(st: &AppState, c: &Caller, event: &str, allowed: &[Role]) -> Result<Account, ApiError> {
    let a = c.account()?.clone();
    let held = auth::roles(st.0.hub.db(), event.to_string(), a.id).await?;
    if held.iter().any(|r| allowed.contains(r)) {
        Ok(a)
    } else {
        let names: Vec<&str> = allowed.iter().map(|r| r.name()).collect();
        Err(ApiError::Forbidden(format!(
            "{} holds no role in event {event} that allows this; it needs one of: {}",
            a.name,
            names.join(", ")
        )))
    }
}

/// Runs `f` on the storage crate's store, off the runtime (the store blocks while it waits
/// for its database, and on PostgreSQL must not run on a runtime thread).
pub async fn with_store<R: Send + 'static>(
    st: &AppState,
    f: impl FnOnce(&mut storage::Store) -> Result<R, storage::StoreError> + Send + 'static,
) -> Result<R, ApiError> {
    on_store(st, false, f).await
}

/// [`with_store`] for reads: on the store's connection for reads, which a write under way
/// (a long registration file) does not hold up.
pub async fn read_store<R: Send + 'static>(
    st: &AppState,
    f: impl FnOnce(&mut storage::Store) -> Result<R, storage::StoreError> + Send + 'static,
) -> Result<R, ApiError> {
    on_store(st, true, f).await
}

async fn on_store<R: Send + 'static>(
    st: &AppState,
    read: bool,
    f: impl FnOnce(&mut storage::Store) -> Result<R, storage::StoreError> + Send + 'static,
) -> Result<R, ApiError> {
    let store = st.0.store.clone();
    tokio::task::spawn_blocking(move || {
        let guard = if read { store.lock_read() } else { store.lock() };
        let mut store = guard.expect("store lock");
        f(&mut store).map_err(ApiError::from)
    })
    .await
    .map_err(|e| ApiError::Internal(e.to_string()))?
}

// ----- accounts -----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

async fn create_account(
    State(st): State<AppState>,
    ConnectInfoOpt(ip): ConnectInfoOpt,
    Body(c): Body<Credentials>,
) -> Result<Response, ApiError> {
    let name = crate::account_name::check(&c.name).map_err(|e| {
        let (key, params) = e.key_and_params();
        said(key, &params)
    })?;
    // One indexed lookup before the password is hashed (below); the unique index on the key
    // decides a race between two look-alikes created at once.
    let taken = |existing: String, name: &str| {
        if existing == name {
            ApiError::Conflict(format!("the account name {name:?} is taken: choose another"))
        } else {
            tracing::warn!(name = %name, existing = %existing, "account name refused: confusable");
            said(
                "account.err.confusable",
                &[("name", format!("{name:?}")), ("existing", format!("{existing:?}"))],
            )
        }
    };
    if c.password.chars().count() < 8 {
        return Err(ApiError::BadRequest("password: at least 8 characters".into()));
    }
    if !st
        .0
        .throttle
        .create(ip, st.0.limits.accounts_per_hour, StdInstant::now())
    {
        tracing::warn!(%ip, "account creation refused: too many from this address");
        return Err(ApiError::Throttled {
            retry_after: 3600,
            message: format!(
                "this address created {} accounts in the last hour: try again later",
                st.0.limits.accounts_per_hour
            ),
        });
    }
    // After the creation throttle, so that names are not probed faster than accounts made.
    if let Some(existing) = auth::confusable_account(st.0.hub.db(), &name).await? {
        return Err(taken(existing, &name));
    }
    let pw = c.password;
    let hash = password_work(&st, move || auth::hash_password(&pw))
        .await?
        .map_err(ApiError::Internal)?;
    match auth::create_account(st.0.hub.db(), name.clone(), hash).await {
        Ok(id) => Ok((StatusCode::CREATED, Json(json!({ "id": id, "name": name }))).into_response()),
        Err(crate::db::DbError::Conflict) => {
            // Taken meanwhile: say by which name.
            let existing = auth::confusable_account(st.0.hub.db(), &name).await?;
            Err(taken(existing.unwrap_or_else(|| name.clone()), &name))
        }
        Err(e) => Err(e.into()),
    }
}

/// A 400 in both languages of the pages: the text of `key` (`web::i18n`), its `{name}`
/// places filled from `params`.
fn said(key: &'static str, params: &[(&'static str, String)]) -> ApiError {
    let [en, zh] = [web::Lang::En, web::Lang::Zh].map(|lang| {
        let mut text = web::i18n::text(lang, key).to_string();
        for (name, value) in params {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    });
    ApiError::Invalid { key, en, zh }
}

/// `POST /api/sessions`. A name or address with too many failures is locked out for a growing
/// time (429, `Retry-After`) before any password is checked; an unknown name is checked
/// against a dummy hash, so that it answers in the time a known one does; the checks that
/// run at once are bounded (503, `Retry-After`).
async fn login(
    State(st): State<AppState>,
    ConnectInfoOpt(ip): ConnectInfoOpt,
    Body(c): Body<Credentials>,
) -> Result<Json<Json_>, ApiError> {
    let bad = || ApiError::Unauthenticated("wrong account name or password".into());
    // An account's failures are counted under its name's confusable key, so that another
    // spelling of the name (NFD, upper case, a look-alike letter) is throttled with it.
    let keys = [
        format!("account:{}", crate::account_name::key(&c.name)),
        format!("address:{ip}"),
    ];
    let now = StdInstant::now();
    for (key, what) in keys.iter().zip(["this account", "this address"]) {
        if let Some(wait) = st.0.throttle.locked(key, now) {
            let secs = wait.as_secs_f64().ceil() as u64;
            return Err(ApiError::Throttled {
                retry_after: secs.max(1),
                message: format!(
                    "too many failed logins for {what}: wait {} s and try again",
                    secs.max(1)
                ),
            });
        }
    }
    let found = auth::find_account(st.0.hub.db(), c.name.clone()).await?;
    let pw = c.password;
    let (id, hash, name) = match found {
        Some((id, hash, name)) => (Some(id), Some(hash), name),
        None => (None, None, c.name.clone()),
    };
    let ok = password_work(&st, move || {
        let ok = auth::verify_password(&pw, hash.as_deref().unwrap_or_else(|| auth::dummy_hash()));
        ok && hash.is_some()
    })
    .await?;
    let Some(id) = id.filter(|_| ok) else {
        let now = StdInstant::now();
        for key in &keys {
            st.0.throttle.fail(key, now);
        }
        tracing::warn!(account = %c.name, %ip, "login failed");
        return Err(bad());
    };
    st.0.throttle.succeed(&keys[0]);
    let now = st.0.hub.db().time().now_ms();
    let limits = st.0.sessions;
    let token = auth::create_session(st.0.hub.db(), id, limits, now).await?;
    Ok(Json(json!({
        "token": token,
        "account": { "id": id, "name": name },
        "idle_timeout_s": limits.idle.as_secs(),
        "expires_at": now.saturating_add(u64::try_from(limits.lifetime.as_millis()).unwrap_or(u64::MAX)),
    })))
}

/// `DELETE /api/sessions`: logs out the session whose token authorises the request.
async fn logout(State(st): State<AppState>, caller: Caller) -> Result<Response, ApiError> {
    caller.account()?;
    let token = caller.token.as_deref().unwrap_or_default();
    if auth::end_session(st.0.hub.db(), token).await? {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        // Logged out meanwhile (another request with the same token).
        Err(ApiError::Unauthenticated(
            "the session token is unknown (logged out, or never given): log in again (POST /api/sessions)".into(),
        ))
    }
}

// ----- events (through the storage and tournament crates) -----

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
enum WSystem {
    RoundRobin {
        #[serde(default = "one")]
        cycles: u32,
    },
    Knockout {
        #[serde(default = "one")]
        lives: u32,
        #[serde(default = "one")]
        best_of: u32,
        #[serde(default)]
        grand_final_reset: bool,
    },
    Swiss,
    SwissElimination {
        losses: u32,
    },
    McMahon {
        bar: String,
        floor: String,
    },
}

fn one() -> u32 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewEventReq {
    id: String,
    name: String,
    system: WSystem,
    rounds: u32,
    #[serde(default)]
    time_control: String,
    #[serde(default)]
    lots_seed: u64,
    #[serde(default)]
    lateness_limit_minutes: Option<u32>,
}

fn rank(s: &str) -> Result<tournament::Rank, ApiError> {
    s.parse()
        .map_err(|e: tournament::RankError| ApiError::BadRequest(e.to_string()))
}

async fn create_event(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Body(r): Body<NewEventReq>,
) -> Result<Response, ApiError> {
    let account = caller.account()?.clone();
    let system = match r.system {
        WSystem::RoundRobin { cycles } => tournament::System::RoundRobin { cycles },
        WSystem::Knockout {
            lives,
            best_of,
            grand_final_reset,
        } => tournament::System::Knockout {
            lives,
            best_of,
            grand_final_reset,
        },
        WSystem::Swiss => tournament::System::Swiss,
        WSystem::SwissElimination { losses } => tournament::System::SwissElimination { losses },
        WSystem::McMahon { bar, floor } => tournament::System::McMahon {
            bar: rank(&bar)?,
            floor: rank(&floor)?,
        },
    };
    let settings = tournament::Settings {
        time_control: r.time_control,
        lots_seed: r.lots_seed,
        lateness_limit_minutes: r.lateness_limit_minutes.unwrap_or(60),
        // A McMahon event avoids pairing club and region mates by default.
        ..tournament::Settings::defaults_for(system)
    };
    let new = storage::NewEvent {
        id: r.id.clone(),
        name: r.name,
        system,
        n_rounds: r.rounds,
        settings,
    };
    let ev = with_store(&st, move |s| s.create_event(&new)).await?;
    // Art. 29: the account that creates the event organises it.
    auth::grant(
        st.0.hub.db(),
        r.id.clone(),
        account.id,
        Role::Organizer,
        account.id,
        st.0.hub.db().time().now_ms(),
    )
    .await?;
    Ok((StatusCode::CREATED, Json(event_json(&r.id, &ev))).into_response())
}

async fn list_events(State(st): State<AppState>) -> Result<Json<Json_>, ApiError> {
    let list = read_store(&st, |s| s.events()).await?;
    Ok(Json(Json_::Array(
        list.iter()
            .map(|e| {
                json!({ "id": e.id, "name": e.name, "rounds": e.n_rounds, "paired": e.n_paired, "players": e.n_players })
            })
            .collect(),
    )))
}

async fn show_event(State(st): State<AppState>, Path(id): Path<String>) -> Result<Json<Json_>, ApiError> {
    let i = id.clone();
    let ev = read_store(&st, move |s| s.load_event(&i)).await?;
    Ok(Json(event_json(&id, &ev)))
}

fn event_json(id: &str, ev: &tournament::Event) -> Json_ {
    let name = |p: tournament::PlayerId| ev.player(p).name.clone();
    json!({
        "id": id,
        "name": ev.name(),
        // As `POST /api/events` takes it.
        "system": system_json(ev.system()),
        // The pages name the system in their language by this key.
        "system_kind": system_kind(ev.system()),
        "planned_rounds": ev.planned_rounds(),
        "time_control": ev.settings().time_control,
        "players": ev.players().iter().enumerate().map(|(i, p)| json!({
            "name": p.name,
            "rank": p.rank.to_string(),
            "status": status_name(ev.status(tournament::PlayerId(i))),
            "withdrawn": withdrawal_json(ev.status(tournament::PlayerId(i))),
        })).collect::<Vec<_>>(),
        "rounds": ev.rounds().iter().map(|r| json!({
            "number": r.number,
            "games": r.games.iter().map(|g| json!({
                "board": g.board,
                "black": name(g.black),
                "white": name(g.white),
                "result": g.result.map(|x| x.to_string()),
            })).collect::<Vec<_>>(),
            "byes": r.byes.iter().map(|&p| name(p)).collect::<Vec<_>>(),
            // Art. 26.2, 27.1: a round robin's player without a game rests (轮休), scoring
            // nothing; the pages say so rather than show a bye.
            "rests": if matches!(ev.system(), tournament::System::RoundRobin { .. }) {
                r.idle.iter().map(|&p| name(p)).collect::<Vec<_>>()
            } else {
                Vec::new()
            },
        })).collect::<Vec<_>>(),
    })
}

/// A system's `kind`, as `POST /api/events` names it (`WSystem`), and the pages' key for it.
pub fn system_kind(s: tournament::System) -> &'static str {
    s.kind().key()
}

/// A system as `POST /api/events` takes it: `{kind, …its settings}`.
fn system_json(s: tournament::System) -> Json_ {
    let kind = system_kind(s);
    match s {
        tournament::System::RoundRobin { cycles } => json!({ "kind": kind, "cycles": cycles }),
        tournament::System::Knockout {
            lives,
            best_of,
            grand_final_reset,
        } => json!({ "kind": kind, "lives": lives, "best_of": best_of, "grand_final_reset": grand_final_reset }),
        tournament::System::Swiss => json!({ "kind": kind }),
        tournament::System::SwissElimination { losses } => json!({ "kind": kind, "losses": losses }),
        tournament::System::McMahon { bar, floor } => {
            json!({ "kind": kind, "bar": bar.to_string(), "floor": floor.to_string() })
        }
    }
}

/// A withdrawal after some rounds (Art. 28): `{after_round, voided}`, the rounds paired when
/// the player withdrew and whether their results were voided (Art. 28.2); else null.
pub fn withdrawal_json(s: tournament::Status) -> Json_ {
    match s {
        tournament::Status::Withdrawn { after_round, voided } => {
            json!({ "after_round": after_round, "voided": voided })
        }
        _ => Json_::Null,
    }
}

/// A player's standing in the event (Art. 28): `active`, `withdrawn_before_start` (out of
/// the draw, Art. 28.1) or `withdrawn` (after some rounds).
pub fn status_name(s: tournament::Status) -> &'static str {
    match s {
        tournament::Status::Active => "active",
        tournament::Status::WithdrawnBeforeStart => "withdrawn_before_start",
        tournament::Status::Withdrawn { .. } => "withdrawn",
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RoleReq {
    account: String,
    role: String,
}

async fn grant_role(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
    Body(r): Body<RoleReq>,
) -> Result<Json<Json_>, ApiError> {
    // Art. 29: the organizer appoints the chief referee and the referees.
    let by = require_role(&st, &caller, &id, &[Role::Organizer]).await?;
    let role = Role::parse(&r.role).ok_or_else(|| {
        ApiError::BadRequest(format!("role {:?} must be organizer, chief_referee or referee", r.role))
    })?;
    let (account, _) = auth::account_by_name(st.0.hub.db(), r.account.clone())
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no account named {:?}", r.account)))?;
    auth::grant(
        st.0.hub.db(),
        id.clone(),
        account,
        role,
        by.id,
        st.0.hub.db().time().now_ms(),
    )
    .await?;
    tracing::info!(event = %id, account = %r.account, role = role.name(), by = %by.name, "role granted");
    Ok(Json(json!({ "event": id, "account": r.account, "role": role.name() })))
}

/// `DELETE /api/events/{id}/roles/{account}/{role}`: the organizer takes a role away; the
/// change is recorded with who and when, as a grant is. An organizer cannot take away their
/// own organizer role (the event would be left with nobody to appoint its officials).
async fn revoke_role(
    State(st): State<AppState>,
    caller: Caller,
    Path((id, name, role)): Path<(String, String, String)>,
) -> Result<Json<Json_>, ApiError> {
    // Art. 29: the organizer appoints (and so dismisses) the officials.
    let by = require_role(&st, &caller, &id, &[Role::Organizer]).await?;
    let role = Role::parse(&role)
        .ok_or_else(|| ApiError::BadRequest(format!("role {role:?} must be organizer, chief_referee or referee")))?;
    let (account, _) = auth::account_by_name(st.0.hub.db(), name.clone())
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no account named {name:?}")))?;
    if account == by.id && role == Role::Organizer {
        return Err(ApiError::Conflict(
            "an organizer cannot revoke their own organizer role: another organizer may".into(),
        ));
    }
    if !auth::revoke(
        st.0.hub.db(),
        id.clone(),
        account,
        role,
        by.id,
        st.0.hub.db().time().now_ms(),
    )
    .await?
    {
        return Err(ApiError::NotFound(format!(
            "{name:?} holds no {} role in event {id}",
            role.name()
        )));
    }
    tracing::info!(event = %id, account = %name, role = role.name(), by = %by.name, "role revoked");
    Ok(Json(
        json!({ "event": id, "account": name, "role": role.name(), "revoked": true }),
    ))
}

/// `GET /api/events/{id}/roles`: every role granted or revoked in the event, in order, with
/// who did it and when (the organizer's and the chief referee's to read).
async fn role_history(
    State(st): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<Json_>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let changes = st.0.hub.db().role_changes(id.clone()).await?;
    Ok(Json(json!({
        "event": id,
        "changes": changes.iter().map(|c| json!({
            "account": c.account, "role": c.role, "change": c.change, "by": c.by, "at": c.at,
        })).collect::<Vec<_>>(),
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LinkReq {
    account: String,
}

/// The registered player `name` of event `id` (404 if the event has none of that name).
async fn registered(st: &AppState, id: &str, name: &str) -> Result<(), ApiError> {
    let (i, n) = (id.to_string(), name.to_string());
    let found = read_store(st, move |s| Ok(s.load_event(&i)?.players().iter().any(|p| p.name == n))).await?;
    if found {
        Ok(())
    } else {
        Err(ApiError::NotFound(format!(
            "event {id} has no registered player {name:?}"
        )))
    }
}

/// `PUT /api/events/{id}/players/{name}/account`: an official links an account to a
/// registered player; that account may then take the player's seat in the event's games
/// (`POST /api/games/{game}/join`). One account is one player's in an event.
async fn link_player(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path((id, name)): Path<(String, String)>,
    Body(r): Body<LinkReq>,
) -> Result<Json<Json_>, ApiError> {
    let by = require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    registered(&st, &id, &name).await?;
    let (account, _) = auth::account_by_name(st.0.hub.db(), r.account.clone())
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no account named {:?}", r.account)))?;
    link(&st, &id, &name, account, &r.account, by.id).await?;
    tracing::info!(event = %id, player = %name, account = %r.account, by = %by.name, "player linked to account");
    Ok(Json(json!({ "event": id, "player": name, "account": r.account })))
}

async fn link(
    st: &AppState,
    id: &str,
    player: &str,
    account: i64,
    account_name: &str,
    by: i64,
) -> Result<(), ApiError> {
    match st
        .0
        .hub
        .db()
        .link_player(
            id.to_string(),
            player.to_string(),
            account,
            by,
            st.0.hub.db().time().now_ms(),
        )
        .await
    {
        Ok(()) => Ok(()),
        Err(DbError::Conflict) => Err(ApiError::Conflict(format!(
            "the account {account_name:?} is linked to another player of event {id} already: one account is one player's"
        ))),
        Err(e) => Err(e.into()),
    }
}

/// `DELETE /api/events/{id}/players/{name}/account`: an official unlinks the player's account.
async fn unlink_player(
    State(st): State<AppState>,
    caller: Caller,
    Path((id, name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let by = require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    if !st.0.hub.db().unlink_player(id.clone(), name.clone()).await? {
        return Err(ApiError::NotFound(format!(
            "player {name:?} of event {id} has no linked account"
        )));
    }
    tracing::info!(event = %id, player = %name, by = %by.name, "player unlinked from account");
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /api/events/{id}/players/{name}/claim-code`: an official issues a one-time code that
/// the player redeems from their own account (`POST /api/events/{id}/claims`). Only its
/// digest is kept.
async fn claim_code(
    State(st): State<AppState>,
    caller: Caller,
    Path((id, name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let by = require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    registered(&st, &id, &name).await?;
    let code = auth::new_token();
    st.0.hub
        .db()
        .issue_claim(
            auth::digest(&code),
            id.clone(),
            name.clone(),
            by.id,
            st.0.hub.db().time().now_ms(),
        )
        .await?;
    tracing::info!(event = %id, player = %name, by = %by.name, "claim code issued");
    Ok((
        StatusCode::CREATED,
        Json(json!({ "event": id, "player": name, "code": code })),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimReq {
    code: String,
}

/// `POST /api/events/{id}/claims`: a player's account redeems the one-time code an official
/// gave them, and is linked to that registered player.
async fn claim(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
    Body(r): Body<ClaimReq>,
) -> Result<Json<Json_>, ApiError> {
    let account = caller.account()?.clone();
    let Some(player) = st.0.hub.db().redeem_claim(auth::digest(&r.code), id.clone()).await? else {
        tracing::warn!(event = %id, account = %account.name, "claim refused: unknown or used code");
        return Err(ApiError::Forbidden(format!(
            "the code is not one of event {id}'s, or it was used already: ask the director for a new one"
        )));
    };
    link(&st, &id, &player, account.id, &account.name, account.id).await?;
    tracing::info!(event = %id, player = %player, account = %account.name, "player claimed by account");
    Ok(Json(json!({ "event": id, "player": player, "account": account.name })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerReq {
    name: String,
    rank: String,
    #[serde(default)]
    rating: Option<i32>,
    #[serde(default)]
    club: Option<String>,
    #[serde(default)]
    region: Option<String>,
}

async fn add_player(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
    Body(r): Body<PlayerReq>,
) -> Result<Response, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let p = tournament::Player {
        name: r.name,
        rank: rank(&r.rank)?,
        rating: r.rating,
        club: r.club,
        region: r.region,
        birth_date: None,
    };
    let i = id.clone();
    let ev = with_store(&st, move |s| s.add_player(&i, &p)).await?;
    Ok((StatusCode::CREATED, Json(event_json(&id, &ev))).into_response())
}

async fn pair_round(State(st): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Response, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let i = id.clone();
    let ev = with_store(&st, move |s| s.pair_next(&i)).await?;
    Ok((StatusCode::CREATED, Json(event_json(&id, &ev))).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultReq {
    round: u32,
    board: u32,
    result: String,
    #[serde(default)]
    correct: bool,
}

/// `POST /api/events/{id}/results`. A board with a live game (the one between the players
/// the board pairs, [`storage::game_between`]): the game is made to agree first — still in
/// play (or its result unconfirmed) with another result, it is ended by the chief referee's
/// adjudication (Art. 13.1: its clocks stop; the record names the official); final with
/// another result, the entry is a correction (`correct`, chief referee) recorded in the game
/// (Art. 16.4) and in the event. Then the event records the result; if that fails after the
/// game changed, the error body says so and carries `live_game` (sent again, the entry finds
/// the game agreeing and writes only the event).
async fn record_result(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
    Body(r): Body<ResultReq>,
) -> Result<Response, ApiError> {
    let need: &[Role] = if r.correct {
        &[Role::ChiefReferee]
    } else {
        &[Role::Organizer, Role::ChiefReferee, Role::Referee]
    };
    let account = require_role(&st, &caller, &id, need).await?;
    let result: tournament::GameResult = r
        .result
        .parse()
        .map_err(|e: tournament::ResultError| ApiError::BadRequest(e.to_string()))?;
    let (round, board, correct) = (r.round, r.board, r.correct);
    // The board must be there, and a different result needs `correct`, before the live
    // game is touched.
    let i = id.clone();
    let (held, paired) = read_store(&st, move |s| {
        let ev = s.load_event(&i)?;
        let g = storage::paired_game(&ev, &i, round, board)?;
        Ok((g.result, [g.black, g.white].map(|p| ev.player(p).name.clone())))
    })
    .await?;
    if let Some(h) = held
        && h != result
        && !correct
    {
        return Err(ApiError::Conflict(format!(
            "round {round} board {board} of event {id} has the result {h} already: a different one is a correction \
             (\"correct\": true, chief referee)"
        )));
    }
    // The board's live game: the one between the players the board pairs (a game started
    // before its round was paired again is not the board's: it is left alone).
    // One game per board at most (the index server_game_board).
    let mut live = None;
    if let Some(gid) = st.0.hub.db().game_on_board(id.clone(), round, board).await? {
        let h = game(&st, gid).await?;
        if crate::game::players(&h.info) == [paired[0].as_str(), paired[1].as_str()] {
            live = Some(h);
        }
    }
    let mut game_json = Json_::Null;
    let mut written_by_game = None;
    let mut changed = None;
    if let Some(h) = live {
        let gid = h.info.id;
        let chief = auth::roles(st.0.hub.db(), id.clone(), account.id)
            .await?
            .contains(&Role::ChiefReferee);
        let by = format!("account:{}", account.name);
        let (entered, written) = h.enter_result(result, correct, chief, by).await.map_err(|e| match e {
            SubmitError::Refused(referee::RefereeError::Confirmed) => ApiError::Conflict(format!(
                "game {gid} on round {round} board {board} is final with another result: a different result \
                 corrects it (\"correct\": true, chief referee; Art. 16.4)"
            )),
            SubmitError::Refused(referee::RefereeError::NotPermitted { .. }) => ApiError::Forbidden(format!(
                "game {gid} on round {round} board {board} has another result or none yet: only the chief referee \
                 may end it or correct it with this one (Art. 13.1, 16.4, 30)"
            )),
            e => e.into(),
        })?;
        written_by_game = written;
        let ended = match entered {
            Entered::Agrees => "agrees",
            Entered::Adjudicated => "adjudicated",
            Entered::Corrected => "corrected",
        };
        game_json = json!({ "id": gid, "game": ended, "state": h.state().await });
        if entered != Entered::Agrees {
            changed = Some((gid, ended));
        }
    }
    let i = id.clone();
    let written = with_store(&st, move |s| s.record_result(&i, round, board, result, correct)).await;
    let (ev, recorded) = match (written, changed) {
        (Ok(w), _) => w,
        (Err(e), Some((gid, ended))) => {
            // The live game was changed and the event was not: say so, so that the official
            // sends the entry again (the game agrees then, and only the event is written).
            let (status, mut body) = e.status_and_body();
            body["message"] = json!(format!(
                "{}; the live game {gid} was {ended} already (live_game), but the event was not written: send the \
                 same request again to write it",
                body["message"].as_str().unwrap_or("the event was not written")
            ));
            body["live_game"] = game_json;
            return Ok((status, Json(body)).into_response());
        }
        (Err(e), None) => return Err(e),
    };
    // The game's task may have written the change already (the correction of a final game).
    let recorded = match (recorded, written_by_game) {
        (storage::Recorded::Unchanged, Some(w)) => w,
        (r, _) => r,
    };
    Ok(Json(json!({
        "recorded": match recorded {
            storage::Recorded::New => "new",
            storage::Recorded::Unchanged => "unchanged",
            storage::Recorded::Corrected => "corrected",
        },
        "live_game": game_json,
        "event": event_json(&id, &ev),
    }))
    .into_response())
}

/// The ratings before and after and the promotions of `ev`, from the texts kept with it
/// (`weiqi event ratings`, `weiqi event promotion`); a text that does not read is a corrupt
/// store.
pub(crate) fn extras_of(
    s: &mut storage::Store,
    id: &str,
    ev: &tournament::Event,
) -> Result<formats::ratings::Extras, storage::StoreError> {
    use formats::ratings as r;
    let frozen = s.attachment(id, r::RATINGS_ATTACHMENT)?;
    let rule = s.attachment(id, r::PROMOTION_ATTACHMENT)?;
    let kept = match frozen {
        Some(_) => s.attachment(id, r::OPENGOTHA_ATTACHMENT)?,
        None => None,
    };
    r::extras(ev, frozen.as_deref(), rule.as_deref(), kept.as_deref())
        .map_err(|e| storage::StoreError::Corrupt(format!("event {id:?}: the ratings or promotion rule kept: {e}")))
}

async fn standings(State(st): State<AppState>, Path(id): Path<String>) -> Result<Json<Json_>, ApiError> {
    let i = id.clone();
    let (ev, extras) = read_store(&st, move |s| {
        let ev = s.load_event(&i)?;
        let extras = extras_of(s, &i, &ev)?;
        Ok((ev, extras))
    })
    .await?;
    let s = ev.standings();
    // The ratings (before, after, change) and the promotion, when the event has them.
    let rating = |p: tournament::PlayerId| {
        extras.ratings.iter().find(|c| c.player == p).map(|c| {
            json!({ "before": c.before.value.round(), "after": c.after.value.round(),
                    "change": (c.change() * 10.0).round() / 10.0,
                    "deviation_before": c.before.deviation.map(f64::round),
                    "deviation_after": c.after.deviation.map(f64::round) })
        })
    };
    let promotion = |p: tournament::PlayerId| {
        extras
            .promotions
            .iter()
            .find(|x| x.player == p)
            .map(|x| x.to.to_string())
    };
    Ok(Json(json!({
        "event": id,
        "after_round": s.after_round,
        "chain": s.chain.iter().map(|t| t.name()).collect::<Vec<_>>(),
        // As people read them: the one table, the print view's.
        "chain_names": {
            "zh": s.chain.iter().map(|&t| formats::html::tie_break_name(t, formats::csv_io::Lang::Zh)).collect::<Vec<_>>(),
            "en": s.chain.iter().map(|&t| formats::html::tie_break_name(t, formats::csv_io::Lang::En)).collect::<Vec<_>>(),
        },
        "rows": s.rows.iter().map(|r| json!({
            "place": r.place,
            "name": ev.player(r.player).name,
            "points": r.stats.points,
            "wins": r.stats.wins,
            "losses": r.stats.losses,
            "draws": r.stats.draws,
            "values": r.values.iter().map(|v| v.to_string()).collect::<Vec<_>>(),
            "withdrawn": r.withdrawn,
            "rating": rating(r.player),
            "promotion": promotion(r.player),
        })).collect::<Vec<_>>(),
        "rated": !extras.ratings.is_empty(),
        "promotion_rule": extras.promotion_rule,
    })))
}

// ----- games -----

#[derive(Deserialize, Serialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum WColours {
    /// The event's draw gave Black to this seat.
    Draw(WSeat),
    /// Seeded nigiri.
    Nigiri(u64),
}

/// `POST /api/games`. Serialised (defaults filled in) for the digest that tells a retry with
/// the same `Idempotency-Key` from another request.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct NewGameReq {
    settings: WSettings,
    #[serde(default)]
    event: Option<String>,
    #[serde(default)]
    round: Option<u32>,
    #[serde(default)]
    board: Option<u32>,
    #[serde(default)]
    colours: Option<WColours>,
    #[serde(default = "yes")]
    start: bool,
    /// A free game's seats: `invited` (the default: played through the seat links the
    /// creator hands out) or `open` (the first account to join a seat takes it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seats: Option<WSeats>,
}

/// Who may take a free game's seats.
#[derive(Clone, Copy, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum WSeats {
    /// Only through the seat links.
    Invited,
    /// The first account to join a seat.
    Open,
}

fn yes() -> bool {
    true
}

/// The longest `Idempotency-Key` taken.
const MAX_KEY: usize = 255;

/// The `Idempotency-Key` header, if given: 1 to 255 visible ASCII characters.
fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(v) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let bad = || {
        ApiError::BadRequest(format!(
            "the Idempotency-Key header must be 1 to {MAX_KEY} visible ASCII characters (a UUID, say)"
        ))
    };
    let k = v.to_str().map_err(|_| bad())?;
    if k.is_empty() || k.len() > MAX_KEY || !k.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad());
    }
    Ok(Some(k.to_string()))
}

/// `POST /api/games`. With an `Idempotency-Key`, a retry (a timeout, a lost answer) of the
/// same request answers with the game the first one created instead of creating another; the
/// key used for a different request is a 409. The seat secrets of a keyed game are derived
/// from the session token and the key ([`auth::seat_secret`]), so the retry can give them again
/// though only their digests are stored. A game of an event is for a board of its pairing,
/// its players the board's, Black first ([`check_board`]); the board's one live game (a
/// second is [`DbError::BoardTaken`], a 409).
async fn create_game(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    headers: HeaderMap,
    Body(r): Body<NewGameReq>,
) -> Result<Response, ApiError> {
    let account = match &r.event {
        Some(ev) => require_role(&st, &caller, ev, &[Role::Organizer, Role::ChiefReferee]).await?,
        None => caller.account()?.clone(),
    };
    let token = caller.token.clone().unwrap_or_default();
    let key = idempotency_key(&headers)?;
    let digest = auth::digest(&serde_json::to_string(&r).expect("requests serialise"));
    if let Some(k) = &key
        && let Some(first) = st.0.hub.db().game_by_key(account.id, k.clone()).await?
    {
        return replay_created(&st, first, &digest, k, &token).await;
    }
    let open = r.seats == Some(WSeats::Open);
    if open && r.event.is_some() {
        return Err(ApiError::BadRequest(
            "seats: a game of an event is its players': its seats cannot be open".into(),
        ));
    }
    check_board(&st, &r).await?;
    let colours = match r.colours {
        None => ColourChoice::Draw {
            black: referee::Seat::First,
        },
        Some(WColours::Draw(s)) => ColourChoice::Draw { black: s.into() },
        Some(WColours::Nigiri(seed)) => ColourChoice::Nigiri { seed },
    };
    let seats = match &key {
        Some(k) => SeatSecrets::Keyed {
            token: token.clone(),
            key: Idempotency {
                key: k.clone(),
                digest: digest.clone(),
            },
        },
        None => SeatSecrets::Fresh,
    };
    let game = NewGame {
        settings: r.settings,
        event_id: r.event,
        round: r.round,
        board: r.board,
        colours,
        start: r.start,
        owner: account.id,
    };
    let (h, secrets) = match new_game(&st, game, seats).await? {
        Ok(made) => made,
        Err(e @ (DbError::Conflict | DbError::BoardTaken { .. })) => {
            // The same key at the same time: the other request created the game.
            if let Some(k) = &key
                && let Some(first) = st.0.hub.db().game_by_key(account.id, k.clone()).await?
            {
                return replay_created(&st, first, &digest, k, &token).await;
            }
            return Err(match e {
                DbError::Conflict => {
                    ApiError::Internal(format!("creating a game: a conflict, and no game has the key {key:?}"))
                }
                // The board has its game already (409).
                e => e.into(),
            });
        }
        Err(e) => return Err(e.into()),
    };
    let id = h.info.id;
    if open {
        st.0.hub.db().open_seats(id).await?;
    }
    let state = h.state().await.unwrap_or(Json_::Null);
    Ok((
        StatusCode::CREATED,
        Json(created_json(id, Some(&secrets), state, false)),
    )
        .into_response())
}

/// A live game to create, checked by [`new_game`]: `POST /api/games` and the start of a
/// round's games (`web_api`) both make their games through it.
pub struct NewGame {
    /// The players, board, komi, time and the rest.
    pub settings: WSettings,
    /// The event, round and board the game is played for, if any.
    pub event_id: Option<String>,
    /// The round (with the event).
    pub round: Option<u32>,
    /// The board (with the event).
    pub board: Option<u32>,
    /// How the colours are settled (Art. 10): the event's draw, or a seeded nigiri.
    pub colours: ColourChoice,
    /// Whether the game starts at once (else at the referee's start).
    pub start: bool,
    /// The account that creates it (it officiates a game outside any event).
    pub owner: i64,
}

/// Where a new game's seat secrets come from.
pub enum SeatSecrets {
    /// Fresh random ones.
    Fresh,
    /// Derived from the creator's session token and the request's `Idempotency-Key`
    /// ([`auth::seat_secret`]), so that a retry can give them again; the key is stored with
    /// the game.
    Keyed {
        /// The creator's session token.
        token: String,
        /// The key and the digest of the request.
        key: Idempotency,
    },
}

/// Creates a live game: its settings and opening (the colours, and the start if asked) must
/// stand under the rules before anything is stored (a 400 naming what is wrong, in the outer
/// result); then its seat secrets are made (only their digests are kept), and the game is
/// stored with its opening and its task started. The inner result is the database's answer:
/// the game and its seat secrets (Black's, White's), or `Conflict` (the idempotency key is
/// taken) or `BoardTaken` (the board has its game), which the caller answers.
pub async fn new_game(
    st: &AppState,
    g: NewGame,
    seats: SeatSecrets,
) -> Result<Result<(GameHandle, [String; 2]), DbError>, ApiError> {
    let settings = g.settings.to_settings().map_err(ApiError::BadRequest)?;
    let size = settings.rules.size;
    let now = clock::Instant(st.0.hub.db().time().now_ms());
    let mut opening = vec![Event::new(now, Actor::System, Action::Colours(g.colours))];
    if g.start {
        opening.push(Event::new(now, Actor::System, Action::Start { late: vec![] }));
    }
    // The settings pass the referee's checks too (Art. 22.5: a lost turn on timeout only with
    // byo-yomi).
    Referee::replay(settings, &opening).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let (secrets, key) = match seats {
        SeatSecrets::Fresh => ([auth::new_token(), auth::new_token()], None),
        SeatSecrets::Keyed { token, key } => (
            [WColor::Black, WColor::White].map(|c| auth::seat_secret(&token, &key.key, c.name())),
            Some(key),
        ),
    };
    let info = GameInfo {
        id: 0,
        event_id: g.event_id,
        round: g.round,
        board: g.board,
        settings: g.settings,
        secrets: [auth::digest(&secrets[0]), auth::digest(&secrets[1])],
        owner: Some(g.owner),
        accounts: [None, None],
    };
    let wire: Vec<WEvent> = opening.iter().map(|e| WEvent::from_event(e, size, "system")).collect();
    Ok(st.0.hub.create_keyed(info, wire, key).await.map(|h| (h, secrets)))
}

/// A game of an event is for one of its boards: the round and board must be given and exist,
/// and the players must be the pairing's, Black first (the event's result names the pairing's
/// colours, and a result is mapped through the seat each played from). Each mistake is a 400
/// naming what differs. Round and board without an event name nothing.
async fn check_board(st: &AppState, r: &NewGameReq) -> Result<(), ApiError> {
    let Some(event) = r.event.clone() else {
        if r.round.is_some() || r.board.is_some() {
            return Err(ApiError::BadRequest(
                "round and board name a board of an event: give the event too".into(),
            ));
        }
        return Ok(());
    };
    let (Some(round), Some(board)) = (r.round, r.board) else {
        return Err(ApiError::BadRequest(format!(
            "a game of event {event} is for one of its boards: give its round and board"
        )));
    };
    let p = &r.settings.players;
    let players = [p[0].name.clone(), p[1].name.clone()];
    let checked = read_store(st, move |s| {
        let ev = s.load_event(&event)?;
        let names = [players[0].as_str(), players[1].as_str()];
        Ok(storage::game_between(&ev, &event, round, board, names).map(|_| ()))
    })
    .await?;
    // The body names a board that is not there, or other players: the request is wrong.
    checked.map_err(|e| {
        ApiError::BadRequest(match e {
            storage::StoreError::OtherPlayers { .. } => {
                format!("{e}: list the pairing's Black first, then its White")
            }
            e => e.to_string(),
        })
    })
}

fn created_json(id: i64, secrets: Option<&[String; 2]>, state: Json_, replayed: bool) -> Json_ {
    let mut v = json!({ "game": id, "state": state, "replayed": replayed });
    match secrets {
        Some(s) => {
            v["secrets"] = json!({ "black": s[0], "white": s[1] });
            v["links"] = json!({
                "black": format!("/play/{id}#secret={}", s[0]),
                "white": format!("/play/{id}#secret={}", s[1]),
            });
        }
        None => {
            v["secrets"] = Json_::Null;
            v["message"] = json!(format!(
                "the seat secrets were given to the session that created the game: retry with that session's token \
                 (unless both seats' links were issued again since, POST /api/games/{id}/seats/{{color}}/link)"
            ));
        }
    }
    v
}

/// The answer to a retry of a keyed request that created game `first`: the game again (same
/// status, `replayed: true`) if the request is the same, else a 409. Each seat's secret is
/// given again if it is still the seat's (the database's digests: an official may have
/// issued the seat a new link since, through any instance); a seat issued again is `null`,
/// and the message says so.
async fn replay_created(
    st: &AppState,
    (id, first_digest): (i64, String),
    digest: &str,
    key: &str,
    token: &str,
) -> Result<Response, ApiError> {
    if first_digest != digest {
        return Err(ApiError::Conflict(format!(
            "Idempotency-Key {key:?} was used for another request (it created game {id}): \
             send a fresh key for a new game, or the same request to retry"
        )));
    }
    let h = game(st, id).await?;
    let stored =
        st.0.hub
            .db()
            .load_game(id)
            .await?
            .ok_or_else(|| ApiError::Internal(format!("game {id} has a key and no row")))?;
    let derived = [WColor::Black, WColor::White].map(|c| auth::seat_secret(token, key, c.name()));
    let current = [0, 1].map(|i| auth::digest(&derived[i]) == stored.secrets[i]);
    let state = h.state().await.unwrap_or(Json_::Null);
    let mut body = created_json(id, current.contains(&true).then_some(&derived), state, true);
    if current.contains(&true) && current.contains(&false) {
        let mut reissued = Vec::new();
        for (i, color) in [WColor::Black, WColor::White].into_iter().enumerate() {
            if !current[i] {
                body["secrets"][color.name()] = Json_::Null;
                body["links"][color.name()] = Json_::Null;
                reissued.push(color.name());
            }
        }
        body["message"] = json!(format!(
            "the {} seat's link was issued again since the game was created (POST /api/games/{id}/seats/{{color}}/link): \
             the old one no longer works, and the new one is with whoever issued it",
            reissued.join(" and ")
        ));
    }
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

async fn game(st: &AppState, id: i64) -> Result<GameHandle, ApiError> {
    st.0.hub
        .get(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no game {id}")))
}

async fn show_game(State(st): State<AppState>, Path(id): Path<i64>) -> Result<Json<Json_>, ApiError> {
    let h = game(&st, id).await?;
    let mut s = h
        .state()
        .await
        .ok_or_else(|| ApiError::Internal("game task gone".into()))?;
    s["settings"] = serde_json::to_value(&h.info.settings).expect("settings serialise");
    s["event"] = json!(h.info.event_id);
    Ok(Json(s))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Since {
    #[serde(default)]
    since: u64,
}

async fn game_events(
    State(st): State<AppState>,
    Path(id): Path<i64>,
    Query(q): Query<Since>,
) -> Result<Json<Json_>, ApiError> {
    let h = game(&st, id).await?;
    match h.since(q.since).await {
        Some(Ok(events)) => Ok(Json(json!({ "game": id, "events": events }))),
        Some(Err(state)) => Err(ApiError::BadRequest(format!(
            "since={} is beyond the record ({} events)",
            q.since, state["seq"]
        ))),
        None => Err(ApiError::Internal("game task gone".into())),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinReq {
    color: WColor,
}

async fn join_game(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<i64>,
    Body(r): Body<JoinReq>,
) -> Result<Json<Json_>, ApiError> {
    let account = caller.account()?.clone();
    let h = game(&st, id).await?;
    let color: rules::Color = r.color.into();
    let seat = r.color.name();
    let refuse = |why: &str| {
        tracing::warn!(game = id, seat, account = %account.name, why, "join refused");
    };
    let exclusive = match &h.info.event_id {
        Some(event) => {
            // A seat of an event's game is its registered player's: only the account an
            // official linked to that player (or that claimed it with a code) takes it.
            let player = crate::game::players(&h.info)[color.index()].to_string();
            let linked = st.0.hub.db().player_account(event.clone(), player.clone()).await?;
            if linked != Some(account.id) {
                refuse("not the player's account");
                return Err(ApiError::Forbidden(format!(
                    "the {seat} seat of game {id} is {player}'s: play it through its seat link, or have an official link your account to {player} in event {event} (or redeem the code they give you)"
                )));
            }
            true
        }
        None => {
            if !st.0.hub.db().seats_open(id).await? {
                refuse("invited seats");
                return Err(ApiError::Forbidden(format!(
                    "the seats of game {id} are by invitation: play through the seat link its creator gave you"
                )));
            }
            false
        }
    };
    if st.0.hub.join(id, color, account.id, exclusive).await? {
        tracing::info!(game = id, seat, account = %account.name, "seat joined");
        Ok(Json(json!({ "game": id, "color": r.color, "account": account.name })))
    } else {
        refuse("taken");
        Err(ApiError::Conflict(format!(
            "the {seat} seat of game {id} is taken (one account never holds both seats of an event's game)"
        )))
    }
}

/// A command for a game: the sequence number the client has seen, the action, and (for an
/// account with several rights in the game) the capacity it acts in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActReq {
    /// The number of events the client has seen: the command is for that slot.
    pub seq: u64,
    /// What to do.
    pub action: WAction,
    /// `black`, `white`, `referee` or `chief_referee`.
    #[serde(default, rename = "as")]
    pub as_: Option<String>,
}

/// Who acts, in the referee's terms, for this caller in this game; and how the record names
/// the submitter.
pub async fn resolve_actor(
    st: &AppState,
    info: &GameInfo,
    caller: &Caller,
    as_: Option<&str>,
) -> Result<(Actor, String), ApiError> {
    if let Some(secret) = &caller.secret {
        let d = auth::digest(secret);
        let mut secrets = info.secrets.clone();
        if st.0.hub.db().is_shared()
            && let Some(valid) = st.0.hub.db().seat_secrets(info.id).await?
        {
            // Another instance may have issued a seat a new link: the database says which
            // secrets are valid.
            secrets = valid;
        }
        let color = if d == secrets[0] {
            rules::Color::Black
        } else if d == secrets[1] {
            rules::Color::White
        } else {
            return Err(ApiError::Forbidden(format!(
                "the seat secret is not one of game {}'s: use the link given for your seat",
                info.id
            )));
        };
        return Ok((Actor::Player(color), format!("seat:{}", WColor::from(color).name())));
    }
    let account = caller.account()?;
    let mut accounts = info.accounts;
    if st.0.hub.db().is_shared() && !accounts.contains(&Some(account.id)) {
        // The seat may have been joined through another instance.
        if let Some(g) = st.0.hub.db().load_game(info.id).await? {
            accounts = g.accounts;
        }
    }
    let mut can: Vec<(&str, Actor)> = Vec::new();
    for color in [rules::Color::Black, rules::Color::White] {
        if accounts[color.index()] == Some(account.id) {
            can.push((WColor::from(color).name(), Actor::Player(color)));
        }
    }
    // A player acting from their seat (the first capacity, or the one named) needs no role:
    // the roles are read only for the other capacities, not on every move.
    if let Some((_, actor)) = can.iter().find(|(n, _)| as_.is_none_or(|a| a == *n)) {
        return Ok((*actor, format!("account:{}", account.name)));
    }
    let roles = match &info.event_id {
        Some(ev) => auth::roles(st.0.hub.db(), ev.clone(), account.id).await?,
        // A game outside any event: its creator officiates it.
        None if info.owner == Some(account.id) => vec![Role::ChiefReferee],
        None => vec![],
    };
    if roles.contains(&Role::ChiefReferee) {
        can.push(("chief_referee", Actor::ChiefReferee));
    }
    if roles.contains(&Role::Referee) || roles.contains(&Role::ChiefReferee) {
        can.push(("referee", Actor::Referee));
    }
    let pick = match as_ {
        Some(a) => can.iter().find(|(n, _)| *n == a),
        None => can.first(),
    };
    match pick {
        Some((_, actor)) => Ok((*actor, format!("account:{}", account.name))),
        None => Err(ApiError::Forbidden(format!(
            "{} has no seat in game {} and no referee role{}: join a seat or ask the organizer for a role",
            account.name,
            info.id,
            as_.map(|a| format!(" as {a}")).unwrap_or_default()
        ))),
    }
}

async fn act(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<i64>,
    Body(r): Body<ActReq>,
) -> Result<Json<Json_>, ApiError> {
    let h = game(&st, id).await?;
    let (ack, _) = submit(&st, &h, &caller, r).await?;
    Ok(Json(ack))
}

/// Resolves the actor and submits; the acknowledgement as JSON.
pub async fn submit(st: &AppState, h: &GameHandle, caller: &Caller, r: ActReq) -> Result<(Json_, u64), ApiError> {
    let info = h.info.clone();
    let (actor, by) = resolve_actor(st, &info, caller, r.as_.as_deref()).await?;
    let size = rules::BoardSize::new(info.settings.size).map_err(|e| ApiError::Internal(e.to_string()))?;
    let action = r.action.to_action(size).map_err(ApiError::BadRequest)?;
    let ack = h.submit(r.seq, actor, by, action).await?;
    Ok((
        json!({ "game": info.id, "seq": ack.seq + 1, "index": ack.seq, "duplicate": ack.duplicate, "state": ack.state }),
        ack.seq,
    ))
}

impl WColor {
    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            WColor::Black => "black",
            WColor::White => "white",
        }
    }
}
