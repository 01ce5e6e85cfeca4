//! Challenge matches (擂台赛, Art. 26.6) for the pages: created with both teams' orders, each
//! bout's game entered by an official (who had Black, the result; the winner stays on), a
//! player withdrawn (Art. 28.4), and the match read back (the orders, the record, the defender
//! and the challenger, the result). The match is the teams crate's `ChallengeMatch`, kept by
//! the store as its record of lines; every write replays the record, applies the line
//! through the teams crate (which refuses what the rules refuse) and appends it only then.

use crate::api::{AppState, Body, Caller, with_store};
use crate::auth::{self, Role};
use crate::error::ApiError;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value as Json_, json};
use teams::{ChallengeBout, ChallengeError, ChallengeLine, ChallengeMatch, Side};
use web::routes::{Route, get, post};

/// The routes, to merge into the API router.
pub fn routes() -> Vec<Route<AppState>> {
    vec![
        post("/api/challenges", create),
        get("/api/challenges/{id}", show),
        post("/api/challenges/{id}/games", game),
        post("/api/challenges/{id}/withdrawals", withdraw),
    ]
}

/// The match as JSON: `GET /api/challenges/{id}` and `weiqi event challenge show --json`.
pub fn to_json(id: &str, m: &ChallengeMatch) -> Json_ {
    let c = m.challenge();
    let side = |s: Side| if s == Side::A { "a" } else { "b" };
    let order = |s: Side| -> Json_ {
        json!({
            "name": m.team(s),
            "order": c.order(s).iter().enumerate().map(|(i, p)| json!({
                "name": p, "withdrawn": m.withdrawn(s, i),
            })).collect::<Vec<_>>(),
            "wins": c.wins(s),
        })
    };
    let bouts: Vec<Json_> = m
        .bouts()
        .iter()
        .map(|b| {
            let (outcome, winner) = match b.outcome {
                ChallengeBout::Won(s) => ("won", Some(side(s))),
                ChallengeBout::Forfeit(s) => ("forfeit", Some(side(s))),
                ChallengeBout::BothOut => ("both_out", None),
                ChallengeBout::Replay => ("replay", None),
            };
            json!({
                "bout": b.number, "a": b.a, "b": b.b,
                "black": b.black.map(|s| if s == Side::A { b.a } else { b.b }),
                "result": b.result.map(|r| r.to_string()),
                "outcome": outcome, "winner": winner,
            })
        })
        .collect();
    let (defender, challenger) = match (m.on_stage(), m.defender()) {
        (Some((a, b)), Some(d)) => {
            if d == Side::A {
                (Some(a), Some(b))
            } else {
                (Some(b), Some(a))
            }
        }
        _ => (None, None),
    };
    json!({
        "id": id,
        "name": m.name(),
        "teams": [order(Side::A), order(Side::B)],
        "bouts": bouts,
        "on_stage": m.on_stage().map(|(a, b)| [a, b]),
        "defender": defender,
        "challenger": challenger,
        "over": c.is_over(),
        "winner": c.winner().map(|s| m.team(s)),
    })
}

fn refused(e: ChallengeError) -> ApiError {
    match e {
        ChallengeError::UnknownPlayer(_)
        | ChallengeError::BadRecord(_)
        | ChallengeError::EmptySide
        | ChallengeError::DuplicatePlayer(_) => ApiError::BadRequest(e.to_string()),
        ChallengeError::Over | ChallengeError::NotOnStage(_) | ChallengeError::AlreadyOut(_) => ApiError::Refused {
            message: e.to_string(),
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
    let account = c.account()?;
    let held = auth::roles(st.0.hub.db(), id.to_string(), account.id).await?;
    if held
        .iter()
        .any(|r| matches!(r, Role::Organizer | Role::ChiefReferee | Role::Referee))
    {
        Ok(())
    } else {
        Err(ApiError::Forbidden(format!(
            "{} holds no role in challenge match {id} that allows this; it needs one of: organizer, chief_referee, referee",
            account.name
        )))
    }
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
    auth::grant(
        st.0.hub.db(),
        r.id.clone(),
        account.id,
        Role::Organizer,
        account.id,
        st.0.hub.db().time().now_ms(),
    )
    .await?;
    Ok((StatusCode::CREATED, Json(to_json(&r.id, &m))).into_response())
}

async fn show(State(st): State<AppState>, Path(id): Path<String>) -> Result<Json<Json_>, ApiError> {
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
) -> Result<Json<Json_>, ApiError> {
    need(&st, &caller, &id).await?;
    let result: tournament::GameResult = r
        .result
        .parse()
        .map_err(|e: tournament::ResultError| ApiError::BadRequest(e.to_string()))?;
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
) -> Result<Json<Json_>, ApiError> {
    need(&st, &caller, &id).await?;
    let m = change(&st, &id, ChallengeLine::Withdraw(r.name)).await?;
    Ok(Json(to_json(&id, &m)))
}
