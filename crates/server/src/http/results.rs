//! An event's results: one entered by hand (`POST /api/events/{id}/results`, made to agree
//! with the board's live game first) and the confirmed results of the live games collected
//! (`POST /api/events/{id}/collect`).

use crate::auth::{self, Role};
use crate::error::ApiError;
use crate::game::{Entered, SubmitError};
use crate::http::extract::{Body, Caller, Path, SignedIn, require_role};
use crate::http::games::game;
use crate::http::store::{read_store, with_store};
use crate::state::AppState;
use crate::wire::event_json;
use axum::Json;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value as Json_, json};
use web::routes::{Route, post};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![
        post("/api/events/{id}/results", record_result),
        post("/api/events/{id}/collect", collect),
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

async fn collect(State(st): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Json<Json_>, ApiError> {
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
        recorded.push(json!({ "game": gid, "round": round, "board": board, "result": result.to_string() }));
    }
    Ok(Json(
        json!({ "event": id, "recorded": recorded, "awaiting_confirmation": waiting }),
    ))
}
