//! An event's players: registration (one, or a CSV or Excel file), withdrawal (Art. 28), and
//! the account linked to a player (by an official, or by a one-time claim code), and the
//! organizer's edit of a player (`PUT /api/events/{id}/players/{name}`).

use crate::auth::{self, Role};
use crate::db::DbError;
use crate::error::ApiError;
use crate::http::extract::{Body, Caller, Path, SignedIn, require_role};
use crate::http::store::{read_store, with_store};
use crate::refusals;
use crate::state::AppState;
use crate::wire::events::{event_body, withdrawal};
use crate::wire::players as wire;
use crate::wire::{rank, status_name};
use crate::words::{said, say};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use web::routes::{Route, delete, post, put};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    let mut file = post("/api/events/{id}/players/csv", import_csv);
    // A registration file is larger than a command: taken up to the readers' own bound
    // (10,000 registrations are under 1 MB), which they check again before they read.
    file.service = file
        .service
        .layer(axum::extract::DefaultBodyLimit::max(formats::limits::MAX_FILE_BYTES));
    vec![
        post("/api/events/{id}/players", add_player),
        file,
        put("/api/events/{id}/players/{name}", edit_player),
        put("/api/events/{id}/players/{name}/account", link_player),
        delete("/api/events/{id}/players/{name}/account", unlink_player),
        post("/api/events/{id}/players/{name}/claim-code", claim_code),
        post("/api/events/{id}/claims", claim),
        post("/api/events/{id}/withdrawals", withdraw),
    ]
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
        Err(ApiError::NotFound(say!(
            "player.err.none",
            event = id,
            name = format!("{name:?}")
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
) -> Result<Json<wire::Linked>, ApiError> {
    let by = require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    registered(&st, &id, &name).await?;
    let (account, _) = auth::account_by_name(st.0.hub.db(), r.account.clone())
        .await?
        .ok_or_else(|| ApiError::NotFound(say!("account.err.none", name = format!("{:?}", r.account))))?;
    link(&st, &id, &name, account, &r.account, by.id).await?;
    tracing::info!(event = %id, player = %name, account = %r.account, by = %by.name, "player linked to account");
    Ok(Json(wire::Linked {
        event: id,
        player: name,
        account: r.account,
    }))
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
        Err(DbError::Conflict) => Err(ApiError::Conflict(say!(
            "player.err.account_taken",
            account = format!("{account_name:?}"),
            event = id
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
        return Err(ApiError::NotFound(say!(
            "player.err.no_account",
            name = format!("{name:?}"),
            event = id
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
    let code = crate::secret::new_token();
    st.0.hub
        .db()
        .issue_claim(
            crate::secret::digest(&code),
            id.clone(),
            name.clone(),
            by.id,
            st.0.hub.db().time().now_ms(),
        )
        .await?;
    tracing::info!(event = %id, player = %name, by = %by.name, "claim code issued");
    Ok((
        StatusCode::CREATED,
        Json(wire::ClaimCode {
            event: id,
            player: name,
            code,
        }),
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
) -> Result<Json<wire::Linked>, ApiError> {
    let account = caller.account()?.clone();
    let Some(player) =
        st.0.hub
            .db()
            .redeem_claim(crate::secret::digest(&r.code), id.clone())
            .await?
    else {
        tracing::warn!(event = %id, account = %account.name, "claim refused: unknown or used code");
        return Err(ApiError::Forbidden(say!("player.err.bad_code", event = id)));
    };
    link(&st, &id, &player, account.id, &account.name, account.id).await?;
    tracing::info!(event = %id, player = %player, account = %account.name, "player claimed by account");
    Ok(Json(wire::Linked {
        event: id,
        player,
        account: account.name,
    }))
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
    Ok((StatusCode::CREATED, Json(event_body(&id, &ev))).into_response())
}

/// `PUT /api/events/{id}/players/{name}`: the organizer changes what is registered of a
/// player (name, rank, rating, club, region; the birth date stays). Once the player is in a
/// paired round the name and rank stay as paired; the rest may change at any time. Every
/// refusal in both languages of the pages.
async fn edit_player(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path((id, name)): Path<(String, String)>,
    Body(r): Body<PlayerReq>,
) -> Result<Json<crate::wire::events::EventBody>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer]).await?;
    let new_rank = rank(&r.rank).map_err(|_| said("player.err.rank", |_| vec![("rank", format!("{:?}", r.rank))]))?;
    let new_name = r.name.trim().to_string();
    if new_name.is_empty() {
        return Err(said("player.err.name_empty", |_| vec![]).into());
    }
    let i = id.clone();
    let ev = read_store(&st, move |s| s.load_event(&i)).await?;
    let Ok(who) = ev.find(&name) else {
        return Err(ApiError::NotFound(say!(
            "player.err.none",
            event = id,
            name = format!("{name:?}")
        )));
    };
    if new_name != name && ev.find(&new_name).is_ok() {
        return Err(said("player.err.duplicate", |_| vec![("name", new_name.clone())]).into());
    }
    if let Some(rating) = r.rating
        && !tournament::limits::RATING_RANGE.contains(&rating)
    {
        let p = [
            ("name", new_name.clone()),
            ("rating", rating.to_string()),
            ("min", tournament::limits::RATING_RANGE.start().to_string()),
            ("max", tournament::limits::RATING_RANGE.end().to_string()),
        ];
        return Err(said("player.err.rating", |_| p.to_vec()).into());
    }
    let old = ev.player(who).clone();
    if (new_name != old.name || new_rank != old.rank) && ev.is_paired(who) {
        return Err(said("player.err.paired", |_| vec![("name", old.name.clone())]).into());
    }
    let blank = |x: Option<String>| x.map(|x| x.trim().to_string()).filter(|x| !x.is_empty());
    let p = tournament::Player {
        name: new_name.clone(),
        rank: new_rank,
        rating: r.rating,
        club: blank(r.club),
        region: blank(r.region),
        birth_date: old.birth_date,
    };
    let (i, n) = (id.clone(), name.clone());
    let ev = with_store(&st, move |s| s.edit_player(&i, &n, &p)).await?;
    if new_name != name {
        // The account linked to the player, and their claim codes, follow the name.
        st.0.hub
            .db()
            .rename_player(id.clone(), name.clone(), new_name.clone())
            .await?;
    }
    tracing::info!(event = %id, player = %name, to = %new_name, "player edited");
    Ok(Json(event_body(&id, &ev)))
}

async fn import_csv(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
    crate::http::extract::FileBody(body): crate::http::extract::FileBody,
) -> Result<Response, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    // An Excel workbook is a zip archive; anything else is read as CSV.
    let players = if body.starts_with(b"PK\x03\x04") {
        formats::xlsx::read_registrations(&body)
            .map_err(|e| ApiError::BadRequest(refusals::format(&e, ["the Excel file", "Excel文件"])))?
    } else {
        formats::csv_io::read_registrations(&body)
            .map_err(|e| ApiError::BadRequest(refusals::format(&e, ["the CSV file", "CSV文件"])))?
    };
    let n = players.len();
    let i = id.clone();
    // One transaction: a refused row (a name already registered, …) registers nobody.
    with_store(&st, move |s| s.add_players(&i, &players)).await?;
    Ok((StatusCode::CREATED, Json(wire::Registered { event: id, added: n })).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WithdrawReq {
    name: String,
    #[serde(default)]
    reason: String,
}

async fn withdraw(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
    Body(r): Body<WithdrawReq>,
) -> Result<Json<wire::Withdrawn>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let i = id.clone();
    let name = r.name.clone();
    let (_, status) = with_store(&st, move |s| s.withdraw(&i, &r.name, &r.reason)).await?;
    Ok(Json(wire::Withdrawn {
        event: id,
        name,
        status: status_name(status),
        withdrawn: withdrawal(status),
    }))
}
