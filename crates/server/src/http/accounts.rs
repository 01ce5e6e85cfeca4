//! `POST /api/accounts`: an account is made with a name checked by `account_name` and a
//! password kept as its argon2 hash.

use crate::auth;
use crate::error::ApiError;
use crate::http::extract::{Body, ConnectInfoOpt};
use crate::state::{AppState, password_work};
use crate::wire::accounts as wire;
use crate::words::said;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use std::time::Instant as StdInstant;
use web::routes::{Route, post};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![post("/api/accounts", create_account)]
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Credentials {
    pub(super) name: String,
    pub(super) password: String,
}

async fn create_account(
    State(st): State<AppState>,
    ConnectInfoOpt(ip): ConnectInfoOpt,
    Body(c): Body<Credentials>,
) -> Result<Response, ApiError> {
    let name = crate::account_name::check(&c.name).map_err(|e| {
        let (key, params) = e.key_and_params();
        ApiError::from(said(key, |_| params.clone()))
    })?;
    // One indexed lookup before the password is hashed (below); the unique index on the key
    // decides a race between two look-alikes created at once.
    let taken = |existing: String, name: &str| {
        if existing == name {
            ApiError::Conflict(crate::words::say!("account.err.taken", name = format!("{name:?}")))
        } else {
            tracing::warn!(name = %name, existing = %existing, "account name refused: confusable");
            let params = [("name", format!("{name:?}")), ("existing", format!("{existing:?}"))];
            ApiError::from(said("account.err.confusable", |_| params.to_vec()))
        }
    };
    if c.password.chars().count() < 8 {
        return Err(ApiError::BadRequest(crate::words::say!("account.err.password")));
    }
    if !st
        .0
        .throttle
        .create(ip, st.0.limits.accounts_per_hour, StdInstant::now())
    {
        tracing::warn!(%ip, "account creation refused: too many from this address");
        return Err(ApiError::Throttled {
            retry_after: 3600,
            said: crate::words::say!("account.err.too_many", n = st.0.limits.accounts_per_hour),
        });
    }
    // After the creation throttle, so that names are not probed faster than accounts made.
    if let Some(existing) = auth::confusable_account(st.0.hub.db(), &name).await? {
        return Err(taken(existing, &name));
    }
    let pw = c.password;
    let hash = password_work(&st, move || auth::hash_password(&pw))
        .await?
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    match auth::create_account(st.0.hub.db(), name.clone(), hash).await {
        Ok(id) => Ok((StatusCode::CREATED, Json(wire::Account { id, name: name.clone() })).into_response()),
        Err(crate::db::DbError::Conflict) => {
            // Taken meanwhile: say by which name.
            let existing = auth::confusable_account(st.0.hub.db(), &name).await?;
            Err(taken(existing.unwrap_or_else(|| name.clone()), &name))
        }
        Err(e) => Err(e.into()),
    }
}
