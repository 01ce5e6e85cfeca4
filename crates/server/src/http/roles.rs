//! The officials of an event (Art. 29): `PUT`, `GET /api/events/{id}/roles` and
//! `DELETE /api/events/{id}/roles/{account}/{role}`, each change recorded with who and when.

use crate::auth::{self, Role};
use crate::error::ApiError;
use crate::http::extract::{Body, Caller, Path, SignedIn, require_role};
use crate::state::AppState;
use crate::wire::roles as wire;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use web::routes::{Route, delete, get, put};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![
        put("/api/events/{id}/roles", grant_role),
        get("/api/events/{id}/roles", role_history),
        delete("/api/events/{id}/roles/{account}/{role}", revoke_role),
    ]
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
) -> Result<Json<wire::Granted>, ApiError> {
    // Art. 29: the organizer appoints the chief referee and the referees.
    let by = require_role(&st, &caller, &id, &[Role::Organizer]).await?;
    let (role, account) = role_and_account(&st, &r.role, &r.account).await?;
    auth::grant(st.0.hub.db(), id.clone(), account, role, by.id).await?;
    tracing::info!(event = %id, account = %r.account, role = role.name(), by = %by.name, "role granted");
    Ok(Json(wire::Granted {
        event: id,
        account: r.account,
        role: role.name(),
    }))
}

/// The role named `role` and the id of the account named `name`, as a grant or a revocation
/// names them: 400 for a role that is none, 404 for an account that does not exist.
async fn role_and_account(st: &AppState, role: &str, name: &str) -> Result<(Role, i64), ApiError> {
    let role = Role::parse(role)
        .ok_or_else(|| ApiError::BadRequest(crate::words::say!("role.err.unknown", role = format!("{role:?}"))))?;
    let (account, _) = auth::account_by_name(st.0.hub.db(), name.to_string())
        .await?
        .ok_or_else(|| ApiError::NotFound(crate::words::say!("account.err.none", name = format!("{name:?}"))))?;
    Ok((role, account))
}

/// `DELETE /api/events/{id}/roles/{account}/{role}`: the organizer takes a role away; the
/// change is recorded with who and when, as a grant is. An organizer cannot take away their
/// own organizer role (the event would be left with nobody to appoint its officials).
async fn revoke_role(
    State(st): State<AppState>,
    caller: Caller,
    Path((id, name, role)): Path<(String, String, String)>,
) -> Result<Json<wire::Revoked>, ApiError> {
    // Art. 29: the organizer appoints (and so dismisses) the officials.
    let by = require_role(&st, &caller, &id, &[Role::Organizer]).await?;
    let (role, account) = role_and_account(&st, &role, &name).await?;
    if account == by.id && role == Role::Organizer {
        return Err(ApiError::Conflict(crate::words::say!("role.err.own_organizer")));
    }
    if !auth::revoke(st.0.hub.db(), id.clone(), account, role, by.id).await? {
        return Err(ApiError::NotFound(crate::words::said("role.err.not_held", |l| {
            vec![
                ("name", format!("{name:?}")),
                (
                    "role",
                    match l {
                        rules::Lang::En => role.name().to_string(),
                        rules::Lang::Zh => crate::words::text(l, &format!("role.{}", role.name())).to_string(),
                    },
                ),
                ("event", id.to_string()),
            ]
        })));
    }
    tracing::info!(event = %id, account = %name, role = role.name(), by = %by.name, "role revoked");
    Ok(Json(wire::Revoked {
        event: id,
        account: name,
        role: role.name(),
        revoked: true,
    }))
}

/// `GET /api/events/{id}/roles`: every role granted or revoked in the event, in order, with
/// who did it and when (the organizer's and the chief referee's to read).
async fn role_history(
    State(st): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<wire::RoleHistory>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let changes = st.0.hub.db().role_changes(id.clone()).await?;
    Ok(Json(wire::RoleHistory { event: id, changes }))
}
