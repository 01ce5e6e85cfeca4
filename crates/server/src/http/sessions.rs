//! `POST /api/sessions` (log in) and `DELETE /api/sessions` (log out).

use crate::auth;
use crate::error::ApiError;
use crate::http::accounts::Credentials;
use crate::http::extract::{Body, Caller, ConnectInfoOpt};
use crate::state::{AppState, password_work};
use crate::wire::accounts as wire;
use crate::words::said;
use crate::words::say;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use std::time::Instant as StdInstant;
use web::routes::{Route, delete, post};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![post("/api/sessions", login), delete("/api/sessions", logout)]
}

/// `POST /api/sessions`. A name or address with too many failures is locked out for a growing
/// time (429, `Retry-After`) before any password is checked; an unknown name is checked
/// against a dummy hash, so that it answers in the time a known one does; the checks that
/// run at once are bounded (503, `Retry-After`).
async fn login(
    State(st): State<AppState>,
    ConnectInfoOpt(ip): ConnectInfoOpt,
    Body(c): Body<Credentials>,
) -> Result<Json<wire::Session>, ApiError> {
    let bad = || ApiError::Unauthenticated(say!("session.err.wrong_password"));
    // An account's failures are counted under its name's confusable key, so that another
    // spelling of the name (NFD, upper case, a look-alike letter) is throttled with it.
    let keys = [
        format!("account:{}", crate::account_name::key(&c.name)),
        format!("address:{ip}"),
    ];
    let now = StdInstant::now();
    for (key, what) in keys
        .iter()
        .zip(["session.err.throttled_account", "session.err.throttled_address"])
    {
        if let Some(wait) = st.0.throttle.locked(key, now) {
            let secs = wait.as_secs_f64().ceil() as u64;
            let seconds = secs.max(1).to_string();
            return Err(ApiError::Throttled {
                retry_after: secs.max(1),
                said: said(what, |_| vec![("seconds", seconds.clone())]),
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
    Ok(Json(wire::Session {
        token,
        account: wire::Account { id, name },
        idle_timeout_s: limits.idle.as_secs(),
        expires_at: now.saturating_add(u64::try_from(limits.lifetime.as_millis()).unwrap_or(u64::MAX)),
    }))
}

/// `DELETE /api/sessions`: logs out the session whose token authorises the request.
async fn logout(State(st): State<AppState>, caller: Caller) -> Result<Response, ApiError> {
    caller.account()?;
    let token = caller.token.as_deref().unwrap_or_default();
    if auth::end_session(st.0.hub.db(), token).await? {
        Ok(StatusCode::NO_CONTENT.into_response())
    } else {
        // Logged out meanwhile (another request with the same token).
        Err(ApiError::Unauthenticated(say!("session.err.unknown")))
    }
}
