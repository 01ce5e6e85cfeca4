//! An event's results: one entered by hand (`POST /api/events/{id}/results`, made to agree
//! with the board's live game first), the confirmed results of the live games collected
//! (`POST /api/events/{id}/collect`), the results waiting for a referee's confirmation
//! (`GET /api/events/{id}/confirmations`, the referee console's queue, Art. 16.4) and the
//! event's choice to let its players' agreement stand (`GET`, `PUT
//! /api/events/{id}/confirmation`).

use crate::auth::{self, Role};
use crate::error::ApiError;
use crate::game::{Entered, SubmitError};
use crate::http::extract::{Body, Caller, Path, SignedIn, require_role};
use crate::http::games::game;
use crate::http::store::{read_store, with_store};
use crate::refusals;
use crate::state::AppState;
use crate::wire::events::event_body;
use crate::wire::results as wire;
use crate::words::say;
use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use web::routes::{Route, get, post, put};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![
        post("/api/events/{id}/results", record_result),
        post("/api/events/{id}/collect", collect),
        get("/api/events/{id}/confirmations", confirmations),
        get("/api/events/{id}/confirmation", confirmation_rule),
        put("/api/events/{id}/confirmation", set_confirmation_rule),
    ]
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
        .map_err(|e: tournament::ResultError| ApiError::BadRequest(refusals::result(&e)))?;
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
        return Err(ApiError::Conflict(say!(
            "result.err.recorded",
            round = round,
            board = board,
            event = id,
            result = h
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
    let mut live_game = None;
    let mut written_by_game = None;
    let mut changed = false;
    if let Some(h) = live {
        let gid = h.info.id;
        let chief = auth::roles(st.0.hub.db(), id.clone(), account.id)
            .await?
            .contains(&Role::ChiefReferee);
        let by = format!("account:{}", account.name);
        let (entered, written) = h.enter_result(result, correct, chief, by).await.map_err(|e| match e {
            SubmitError::Refused(referee::RefereeError::Confirmed) => {
                ApiError::Conflict(say!("result.err.final", game = gid, round = round, board = board))
            }
            SubmitError::Refused(referee::RefereeError::NotPermitted { .. }) => {
                ApiError::Forbidden(say!("result.err.chief_only", game = gid, round = round, board = board))
            }
            e => e.into(),
        })?;
        written_by_game = written;
        let ended = match entered {
            Entered::Agrees => "agrees",
            Entered::Adjudicated => "adjudicated",
            Entered::Corrected => "corrected",
        };
        live_game = Some(wire::LiveGame {
            id: gid,
            game: ended,
            state: h.state().await,
        });
        changed = entered != Entered::Agrees;
    }
    let i = id.clone();
    let written = with_store(&st, move |s| s.record_result(&i, round, board, result, correct)).await;
    let (ev, recorded) = match written {
        Ok(w) => w,
        Err(e) => {
            let Some(game) = live_game.filter(|_| changed) else {
                return Err(e);
            };
            // The live game was changed and the event was not: say so, so that the official
            // sends the entry again (the game agrees then, and only the event is written).
            let (status, mut body) = e.status_and_body();
            body.message = format!(
                "{}; the live game {} was {} already (live_game), but the event was not written: send the \
                 same request again to write it",
                body.message, game.id, game.game,
            );
            let body = wire::EventNotWritten { body, live_game: game };
            return Ok((status, Json(body)).into_response());
        }
    };
    // The game's task may have written the change already (the correction of a final game).
    let recorded = match (recorded, written_by_game) {
        (storage::Recorded::Unchanged, Some(w)) => w,
        (r, _) => r,
    };
    Ok(Json(wire::Recorded {
        recorded: match recorded {
            storage::Recorded::New => "new",
            storage::Recorded::Unchanged => "unchanged",
            storage::Recorded::Corrected => "corrected",
        },
        live_game,
        event: event_body(&id, &ev),
    })
    .into_response())
}

async fn collect(
    State(st): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<wire::Collected>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee, Role::Referee]).await?;
    let ev_id = id.clone();
    let games: Vec<(i64, u32, u32)> = (st.0.hub.db().list_games(Some(ev_id)).await?.into_iter())
        .filter_map(|g| Some((g.0, g.2?, g.3?)))
        .collect();
    let i = id.clone();
    let ev = read_store(&st, move |s| s.load_event(&i)).await?;
    let mut recorded = Vec::new();
    let mut waiting = Vec::new();
    for (gid, round, board) in games {
        let Some(h) = st.0.hub.get(gid).await? else { continue };
        // Only a board that pairs the game's players takes its result, once.
        let players = crate::game::players(&h.info);
        let open = storage::game_between(&ev, &id, round, board, players).is_ok_and(|g| g.result.is_none());
        if !open {
            continue;
        }
        // Art. 16.4: a result is final once both players and a referee confirmed it (the
        // game's task writes it into the event then; this catches up on any it could not).
        let Some(crate::game::Final { result, .. }) = h.final_result().await else {
            let Some(s) = h.state().await else { continue };
            if !s["result"].is_null() {
                waiting.push(gid);
            }
            continue;
        };
        let (i, names) = (id.clone(), players.map(str::to_string));
        with_store(&st, move |s| {
            let names = [names[0].as_str(), names[1].as_str()];
            s.record_result_between(&i, round, board, names, result, false)
        })
        .await?;
        recorded.push(wire::CollectedResult {
            game: gid,
            round,
            board,
            result: result.to_string(),
        });
    }
    Ok(Json(wire::Collected {
        event: id,
        recorded,
        awaiting_confirmation: waiting,
    }))
}

/// `GET /api/events/{id}/confirmations`: the event's decided results that wait for a
/// referee's confirmation (Art. 16.4), the current round's first (then the earlier rounds',
/// latest first), each with who confirmed it and who has still to: the referee console's
/// queue, one click each. For the event's officials.
async fn confirmations(
    State(st): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<wire::Confirmations>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee, Role::Referee]).await?;
    let i = id.clone();
    let (current, agreement) = read_store(&st, move |s| {
        let ev = s.load_event(&i)?;
        Ok((ev.rounds().len() as u32, s.players_agreement(&i)?))
    })
    .await?;
    let mut waiting = Vec::new();
    for (gid, _, round, board) in st.0.hub.db().list_games(Some(id.clone())).await? {
        let Some(h) = st.0.hub.get(gid).await? else { continue };
        let Some(s) = h.state().await else { continue };
        let awaits_referee = s["awaiting"]
            .as_array()
            .is_some_and(|a| a.iter().any(|w| w == "referee"));
        if !awaits_referee {
            continue;
        }
        let names = crate::game::players(&h.info);
        waiting.push(wire::Waiting {
            game: gid,
            round,
            board,
            players: names.map(str::to_string),
            seq: s["seq"].clone(),
            result: s["result"].clone(),
            confirmed_by: s["confirmed_by"].clone(),
            awaiting: s["awaiting"].clone(),
        });
    }
    // The current round first, then the latest rounds; by board within a round.
    let key = |w: &wire::Waiting| {
        let round = w.round.unwrap_or(0);
        (round != current, std::cmp::Reverse(round), w.board.unwrap_or(0))
    };
    waiting.sort_by_key(key);
    Ok(Json(wire::Confirmations {
        event: id,
        current_round: current,
        players_agreement: agreement,
        waiting,
    }))
}

/// `GET /api/events/{id}/confirmation`: whether the event lets its players' agreement on a
/// result stand without a referee's confirmation (Art. 16.4; off unless the organizer set it).
async fn confirmation_rule(
    State(st): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<wire::ConfirmationRule>, ApiError> {
    let i = id.clone();
    let agreement = read_store(&st, move |s| s.players_agreement(&i)).await?;
    Ok(Json(wire::ConfirmationRule {
        event: id,
        players_agreement: agreement,
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfirmationReq {
    players_agreement: bool,
}

/// `PUT /api/events/{id}/confirmation`: the organizer records whether the players'
/// agreement stands without a referee (a club event). It applies to the games started after
/// it: a game keeps the rule it started with (its settings), so no result changes under it.
async fn set_confirmation_rule(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
    Body(r): Body<ConfirmationReq>,
) -> Result<Json<wire::ConfirmationRule>, ApiError> {
    // Art. 29: the organizer sets how the event is run.
    let by = require_role(&st, &caller, &id, &[Role::Organizer]).await?;
    let (i, stands) = (id.clone(), r.players_agreement);
    with_store(&st, move |s| s.set_players_agreement(&i, stands)).await?;
    tracing::info!(event = %id, players_agreement = stands, by = %by.name, "confirmation rule set");
    Ok(Json(wire::ConfirmationRule {
        event: id,
        players_agreement: stands,
    }))
}
