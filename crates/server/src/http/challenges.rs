//! Challenge matches (擂台赛, Art. 26.6) for the pages: created with both teams' orders, each
//! bout's game entered by an official (who had Black, the result; the winner stays on), a
//! player withdrawn (Art. 28.4), and the match read back (the orders, the record, the defender
//! and the challenger, the result). The match is the teams crate's `ChallengeMatch`, kept by
//! the store as its record of lines; every write replays the record, applies the line
//! through the teams crate (which refuses what the rules refuse) and appends it only then.

use crate::auth::{self, Role};
use crate::error::ApiError;
use crate::http::extract::{Body, Caller, require_role_in};
use crate::http::store::with_store;
use crate::refusals;
use crate::state::AppState;
use crate::wire::challenges::{Challenge, challenge_body as to_json};
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use teams::{ChallengeError, ChallengeLine, ChallengeMatch};
use web::routes::{Route, get, post};

/// The routes, to merge into the API router.
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![
        post("/api/challenges", create),
        get("/api/challenges/{id}", show),
        post("/api/challenges/{id}/games", game),
        post("/api/challenges/{id}/withdrawals", withdraw),
    ]
}

fn refused(e: ChallengeError) -> ApiError {
    match e {
        ChallengeError::UnknownPlayer(_)
        | ChallengeError::BadRecord(_)
        | ChallengeError::EmptySide
        | ChallengeError::DuplicatePlayer(_) => ApiError::BadRequest(refusals::challenge(&e)),
        ChallengeError::Over | ChallengeError::NotOnStage(_) | ChallengeError::AlreadyOut(_) => ApiError::Refused {
            said: refusals::challenge(&e),
            article: Some("26.6".into()),
        },
    }
}

/// The match replayed from the store, and the number of lines seen.
fn load(s: &mut storage::Store, id: &str) -> Result<Result<(ChallengeMatch, usize), ApiError>, storage::StoreError> {
    let lines = s.challenge_changes(id)?;
    let parsed: Result<Vec<ChallengeLine>, _> = lines.iter().map(|l| ChallengeLine::decode(l)).collect();
    Ok(parsed
        .and_then(|p| ChallengeMatch::replay(&p))
        .map(|m| (m, lines.len()))
        .map_err(|e| ApiError::Internal(format!("challenge match {id} does not replay: {e}"))))
}

/// Applies `line` to the stored match and appends it, in one call to the store.
async fn change(st: &AppState, id: &str, line: ChallengeLine) -> Result<ChallengeMatch, ApiError> {
    let i = id.to_string();
    with_store(st, move |s| {
        let (mut m, seen) = match load(s, &i)? {
            Ok(x) => x,
            Err(e) => return Ok(Err(e)),
        };
        if let Err(e) = m.apply(&line) {
            return Ok(Err(refused(e)));
        }
        let text = match line.encode() {
            Ok(t) => t,
            Err(e) => return Ok(Err(refused(e))),
        };
        s.append_challenge_change(&i, seen, &text)?;
        Ok(Ok(m))
    })
    .await?
}

async fn need(st: &AppState, c: &Caller, id: &str) -> Result<(), ApiError> {
    let allowed = [Role::Organizer, Role::ChiefReferee, Role::Referee];
    require_role_in(st, c, "challenge match", id, &allowed)
        .await
        .map(|_| ())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TeamReq {
    name: String,
    order: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewReq {
    id: String,
    name: String,
    teams: [TeamReq; 2],
}

/// Creates a challenge match; the account that creates it organises it (Art. 29).
async fn create(State(st): State<AppState>, caller: Caller, Body(r): Body<NewReq>) -> Result<Response, ApiError> {
    let account = caller.account()?.clone();
    let [a, b] = r.teams;
    let line = ChallengeLine::Create {
        name: r.name,
        teams: [a.name, b.name],
        orders: [a.order, b.order],
    };
    let m = ChallengeMatch::replay(std::slice::from_ref(&line)).map_err(refused)?;
    let text = line.encode().map_err(refused)?;
    let i = r.id.clone();
    with_store(&st, move |s| s.create_challenge(&i, &text)).await?;
    auth::grant(st.0.hub.db(), r.id.clone(), account.id, Role::Organizer, account.id).await?;
    Ok((StatusCode::CREATED, Json(to_json(&r.id, &m))).into_response())
}

async fn show(State(st): State<AppState>, Path(id): Path<String>) -> Result<Json<Challenge>, ApiError> {
    let i = id.clone();
    let (m, _) = with_store(&st, move |s| load(s, &i)).await??;
    Ok(Json(to_json(&id, &m)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameReq {
    /// Black's name: one of the two on stage.
    black: String,
    /// An SGF RE value or both-lose.
    result: String,
}

/// An official enters the next bout's game.
async fn game(
    State(st): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    Body(r): Body<GameReq>,
) -> Result<Json<Challenge>, ApiError> {
    need(&st, &caller, &id).await?;
    let result: tournament::GameResult = r
        .result
        .parse()
        .map_err(|e: tournament::ResultError| ApiError::BadRequest(refusals::result(&e)))?;
    let m = change(&st, &id, ChallengeLine::Game { black: r.black, result }).await?;
    Ok(Json(to_json(&id, &m)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WithdrawReq {
    name: String,
}

/// A player withdraws (Art. 28.4).
async fn withdraw(
    State(st): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    Body(r): Body<WithdrawReq>,
) -> Result<Json<Challenge>, ApiError> {
    need(&st, &caller, &id).await?;
    let m = change(&st, &id, ChallengeLine::Withdraw(r.name)).await?;
    Ok(Json(to_json(&id, &m)))
}
