//! What the hall sees: a round's boards with their live games in one answer (the projector's
//! hall view and the public results wall draw from it, then follow the games over the
//! WebSocket), and the event's officials as they stand (Art. 29–31). Both public: a
//! spectator needs no login to read what the hall shows on its walls.

use crate::error::ApiError;
use crate::http::extract::{Path, Query};
use crate::http::store::read_store;
use crate::state::AppState;
use crate::wire::hall as wire;
use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use web::routes::{Route, get};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![
        get("/api/events/{id}/hall", hall),
        get("/api/events/{id}/officials", officials),
    ]
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HallQ {
    #[serde(default)]
    round: Option<u32>,
}

/// `GET /api/events/{id}/hall?round=N`: round N (by default the last paired) as the hall sees
/// it: each board with its players (name, rank, club) by the colours they play, the result the
/// event holds, and its live game's phase, clocks (the clock crate's reading, which the page
/// moves on by the crate's rule), result and whether it is final. The game's own state, not a
/// replay: one message to each game's task, so a 100-board round is one cheap answer.
async fn hall(
    State(st): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<HallQ>,
) -> Result<Json<wire::Hall>, ApiError> {
    let i = id.clone();
    let ev = read_store(&st, move |s| s.load_event(&i)).await?;
    let n = q.round.unwrap_or(ev.rounds().len() as u32);
    let round = ev.rounds().iter().find(|r| r.number == n);
    if round.is_none() && n != 0 {
        return Err(ApiError::NotFound(crate::words::say!(
            "round.err.none",
            event = id,
            round = n
        )));
    }
    // The round's live games by board: only a game that its board still pairs
    // (`storage::game_between`); a game left from a pairing undone is not the board's.
    let mut live = std::collections::BTreeMap::new();
    if round.is_some() {
        for (gid, _, r, board) in st.0.hub.db().list_games(Some(id.clone())).await? {
            let (Some(board), true) = (board, r == Some(n)) else {
                continue;
            };
            let Some(h) = st.0.hub.get(gid).await? else { continue };
            if storage::game_between(&ev, &id, n, board, crate::game::players(&h.info)).is_err() {
                continue;
            }
            // Art. 10, 11: a handicap game's Black is the weaker player, from either seat.
            let swapped = !h.info.settings.handicap.is_empty()
                && {
                    let [a, b] = &h.info.settings.players;
                    matches!((a.rank.parse::<tournament::Rank>(), b.rank.parse::<tournament::Rank>()), (Ok(x), Ok(y)) if x > y)
                };
            if let Some(s) = h.state().await {
                // Art. 11: the game's own komi and handicap stones, as the round started it.
                let komi_and_stones = (h.info.settings.komi_half_points, h.info.settings.handicap.len());
                live.insert(board, (gid, swapped, s, komi_and_stones));
            }
        }
    }
    let person = |p: tournament::PlayerId| {
        let x = ev.player(p);
        wire::Person {
            name: x.name.clone(),
            rank: x.rank.to_string(),
            club: x.club.clone(),
        }
    };
    let boards = round
        .map(|r| r.games.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|g| {
            let game = live.get(&g.board);
            let (black, white) = match game {
                Some((_, true, _, _)) => (g.white, g.black),
                _ => (g.black, g.white),
            };
            let of = |k: &str| game.map(|(_, _, s, _)| s[k].clone());
            wire::HallBoard {
                board: g.board,
                black: person(black),
                white: person(white),
                result: g.result.map(|x| x.to_string()),
                game: game.map(|&(gid, ..)| gid),
                phase: of("phase"),
                paused: of("paused"),
                to_move: of("to_move"),
                clock: of("clock"),
                live_result: of("result"),
                r#final: of("final"),
                seq: of("seq"),
                komi_half_points: game.map(|&(.., (komi, _))| komi),
                handicap: game.map(|&(.., (_, stones))| stones),
            }
        })
        .collect();
    let byes: Vec<String> = round
        .map(|r| r.byes.iter().map(|&p| ev.player(p).name.clone()).collect())
        .unwrap_or_default();
    Ok(Json(wire::Hall {
        name: ev.name().to_string(),
        event: id,
        round: n,
        paired_rounds: ev.rounds().len(),
        planned_rounds: ev.planned_rounds(),
        boards,
        byes,
    }))
}

/// `GET /api/events/{id}/officials`: who holds each role now (Art. 29: the organizer; Art. 30:
/// the chief referee, the organizer until one is appointed; Art. 31: the referees), from the
/// record of grants and revocations.
async fn officials(State(st): State<AppState>, Path(id): Path<String>) -> Result<Json<wire::Officials>, ApiError> {
    let i = id.clone();
    read_store(&st, move |s| s.load_event(&i).map(drop)).await?;
    let changes = st.0.hub.db().role_changes(id.clone()).await?;
    let mut held: Vec<(String, String)> = Vec::new();
    for c in changes {
        let key = (c.role, c.account);
        held.retain(|k| *k != key);
        if c.change == "grant" {
            held.push(key);
        }
    }
    let of = |role: &str| {
        held.iter()
            .filter(|(r, _)| r == role)
            .map(|(_, a)| a.clone())
            .collect::<Vec<_>>()
    };
    // Art. 29–30: the organizer is the chief referee until they appoint one (`auth::roles`).
    let chief = match of("chief_referee") {
        c if c.is_empty() => of("organizer"),
        c => c,
    };
    Ok(Json(wire::Officials {
        event: id,
        organizer: of("organizer"),
        chief_referee: chief,
        referee: of("referee"),
    }))
}
