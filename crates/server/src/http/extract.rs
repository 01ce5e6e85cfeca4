//! The extractors every handler shares: the caller (session token, seat secret), the one
//! role check, the JSON body read strictly, and path and query parameters whose errors are
//! the JSON error body.

use crate::auth::{self, Account, Role};
use crate::error::ApiError;
use crate::state::{AppState, client_ip};
use axum::Json;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use std::net::IpAddr;

/// The largest request body taken, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

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
            Err(rej) => Err(ApiError::BadRequest(crate::words::say!(
                "api.err.path",
                path = parts.uri.path(),
                why = rej.body_text()
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
            Err(rej) => Err(ApiError::BadRequest(crate::words::say!(
                "api.err.query",
                why = rej.body_text()
            ))),
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
            return Err(ApiError::Unauthenticated(crate::words::say!("session.err.needed")));
        }
        Ok(SignedIn(c))
    }
}

/// A file sent as the body (an upload: OpenGotha XML, CSV, Excel), up to the route's body
/// limit (`formats::limits::MAX_FILE_BYTES` where files are taken): a larger one is refused in
/// both languages, as the readers refuse one, never the framework's plain text.
pub struct FileBody(pub axum::body::Bytes);

impl<S: Send + Sync> FromRequest<S> for FileBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match axum::body::Bytes::from_request(req, state).await {
            Ok(b) => Ok(FileBody(b)),
            Err(rej) if rej.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(crate::words::said("import.err.body", |_| {
                    vec![("max", (formats::limits::MAX_FILE_BYTES >> 20).to_string())]
                })
                .into())
            }
            Err(rej) => Err(ApiError::BadRequest(crate::words::say!(
                "api.err.body",
                why = rej.body_text()
            ))),
        }
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
            Err(rej) if rej.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(ApiError::TooLarge(crate::words::say!(
                "api.err.too_large",
                bytes = BODY_LIMIT
            ))),
            Err(rej) => Err(ApiError::BadRequest(crate::words::say!(
                "api.err.body",
                why = rej.body_text()
            ))),
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
        auth::Session::Expired(said) => Err(ApiError::Unauthenticated(said)),
        auth::Session::Unknown => Err(ApiError::Unauthenticated(crate::words::say!("session.err.unknown"))),
    }
}

impl Caller {
    pub(crate) fn account(&self) -> Result<&Account, ApiError> {
        self.account
            .as_ref()
            .ok_or_else(|| ApiError::Unauthenticated(crate::words::say!("session.err.needed")))
    }
}

/// The one role check: the caller's account, if it holds one of `allowed` in event `event`;
/// else the 401 of an anonymous caller or the 403 that names the roles it needs.
pub(crate) async fn require_role(
    st: &AppState,
    c: &Caller,
    event: &str,
    allowed: &[Role],
) -> Result<Account, ApiError> {
    require_role_in(st, c, "event", event, allowed).await
}

/// [`require_role`] for what the roles are held in (`event`, `challenge match`), which the
/// refusal names.
pub(crate) async fn require_role_in(
    st: &AppState,
    c: &Caller,
    what: &str,
    id: &str,
    allowed: &[Role],
) -> Result<Account, ApiError> {
    let a = c.account()?.clone();
    let held = auth::roles(st.0.hub.db(), id.to_string(), a.id).await?;
    if held.iter().any(|r| allowed.contains(r)) {
        Ok(a)
    } else {
        Err(ApiError::Forbidden(crate::words::said("role.err.missing", |l| {
            let roles: Vec<String> = allowed
                .iter()
                .map(|r| match l {
                    rules::Lang::En => r.name().to_string(),
                    rules::Lang::Zh => crate::words::text(l, &format!("role.{}", r.name())).to_string(),
                })
                .collect();
            let scope = match (l, what) {
                (rules::Lang::Zh, "event") => "比赛",
                (rules::Lang::Zh, "challenge match") => "擂台赛",
                _ => what,
            };
            vec![
                ("name", a.name.clone()),
                ("what", scope.to_string()),
                ("id", id.to_string()),
                ("roles", roles.join(if l == rules::Lang::Zh { "、" } else { ", " })),
            ]
        })))
    }
}

/// The caller's roles in event `event` (none for the public).
pub(crate) async fn roles_of(st: &AppState, c: &Caller, event: &str) -> Result<Vec<Role>, ApiError> {
    match &c.account {
        Some(a) => Ok(auth::roles(st.0.hub.db(), event.to_string(), a.id).await?),
        None => Ok(vec![]),
    }
}
