//! What the web pages (the `web` crate) need beyond the core API: additive routes only.
//!
//! - `GET /api/games?event=&live=`: the games, with players and phase (home, event page,
//!   referee console).
//! - `GET /api/games/{id}/view`: the state with the settings, names by colour, the last move,
//!   who proposed the end, the marking's acceptances, the count and the log, and `you` (the
//!   colour the caller plays, by seat secret or account); `GET /api/games/{id}/sgf`.
//! - `GET /api/games/{id}/time-left?color=`: Art. 16, what a player who asks the time left
//!   is told (the clock crate's answer, now, in both languages).
//! - `POST /api/games/{id}/seats/{color}/link`: a fresh secret link for a seat, issued by an
//!   official of the game's event (organizer, chief referee, referee; outside an event, the
//!   game's creator); the old link stops working, and who did it is recorded.
//! - `GET /api/events/{id}/seat-links`: every seat link of the event's games issued again
//!   (game, round, board, seat, who, when), for its officials (the referee console).
//! - `GET /api/events/{id}/me`: the caller's roles in the event.
//! - `POST /api/events/{id}/players/csv`: registrations from a CSV or .xlsx file (the formats crate).
//! - `GET /api/events/{id}/print/form/{name}?lang=&round=`: a form of the print pack (formats::forms).
//! - `GET /api/events/{id}/proposal`, `POST /api/events/{id}/rounds/amended`: the proposed
//!   pairing and pairing it with the director's changes; `DELETE /api/events/{id}/rounds/{n}`:
//!   undo the last pairing (a 409 naming the round's live games while any is in play: a
//!   round is not taken from under its players; a game over is left, and counts for a board
//!   only if the board pairs its players again); `POST /api/events/{id}/withdrawals`.
//! - `GET /api/events/{id}/rounds/{n}/setup`: what the director's form to start a round's
//!   games starts from (the round's settings once a game of it started, else the event's
//!   time control and Art. 11's komi; each board's handicap in a McMahon event, proposed
//!   from the rank gap); `POST /api/events/{id}/rounds/{n}/games`: a live game for each
//!   board of a round with the director's time control, komi, handicaps (the weaker player
//!   takes Black and the stones) and Art. 22.5 choice, checked (the seat links are given
//!   here; only their digests are kept).
//! - `POST /api/events/{id}/collect`: the confirmed results of the event's live games
//!   (Art. 16.4: only a confirmed result is final) into the event (the game tasks write each
//!   when it becomes final; this catches up), mapped by `crate::results`, each onto a board
//!   that still pairs its game's players.
//! - `GET /api/events/{id}/print/crosstable`, `…/print/pairings/{n}`: the print views.

use crate::api::{AppState, Body, Caller, NewGame, SeatSecrets, new_game};
use crate::api::{Path, Query, SignedIn};
use crate::auth::{self, Role};
use crate::error::ApiError;
use crate::wire::{WEvent, WPlayer, WSettings};
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use referee::{Actor, ColourChoice, Referee};
use serde::Deserialize;
use serde_json::{Value, json};
use web::routes::{Route, delete, get, post};

/// The routes, for the API's list ([`crate::api::routes`]).
pub fn routes() -> Vec<Route<AppState>> {
    vec![
        get("/api/games", list_games),
        get("/api/games/{id}/view", view),
        get("/api/games/{id}/sgf", sgf),
        get("/api/games/{id}/time-left", time_left),
        post("/api/games/{id}/seats/{color}/link", reissue_link),
        get("/api/events/{id}/me", me),
        get("/api/events/{id}/seat-links", seat_links),
        post("/api/events/{id}/players/csv", import_csv),
        get("/api/events/{id}/proposal", proposal),
        post("/api/events/{id}/rounds/amended", pair_amended),
        delete("/api/events/{id}/rounds/{n}", unpair),
        get("/api/events/{id}/rounds/{n}/setup", round_setup),
        post("/api/events/{id}/rounds/{n}/games", start_games),
        post("/api/events/{id}/withdrawals", withdraw),
        post("/api/events/{id}/collect", collect),
        get("/api/events/{id}/print/crosstable", print_crosstable),
        get("/api/events/{id}/print/pairings/{n}", print_pairings),
        get("/api/events/{id}/print/form/{name}", print_form),
    ]
}

async fn store<R: Send + 'static>(
    st: &AppState,
    f: impl FnOnce(&mut storage::Store) -> Result<R, storage::StoreError> + Send + 'static,
) -> Result<R, ApiError> {
    crate::api::with_store(st, f).await
}

async fn read<R: Send + 'static>(
    st: &AppState,
    f: impl FnOnce(&mut storage::Store) -> Result<R, storage::StoreError> + Send + 'static,
) -> Result<R, ApiError> {
    crate::api::read_store(st, f).await
}

async fn roles_of(st: &AppState, c: &Caller, event: &str) -> Result<Vec<Role>, ApiError> {
    match &c.account {
        Some(a) => Ok(auth::roles(st.0.hub.db(), event.to_string(), a.id).await?),
        None => Ok(vec![]),
    }
}

async fn need(st: &AppState, c: &Caller, event: &str, allowed: &[Role]) -> Result<(), ApiError> {
    let Some(a) = &c.account else {
        return Err(ApiError::Unauthenticated("log in first".into()));
    };
    let held = roles_of(st, c, event).await?;
    if held.iter().any(|r| allowed.contains(r)) {
        Ok(())
    } else {
        let names: Vec<&str> = allowed.iter().map(|r| r.name()).collect();
        Err(ApiError::Forbidden(format!(
            "{} holds no role in event {event} that allows this; it needs one of: {}",
            a.name,
            names.join(", ")
        )))
    }
}

// ----- games -----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQ {
    #[serde(default)]
    event: Option<String>,
    #[serde(default)]
    live: Option<u8>,
}

async fn list_games(State(st): State<AppState>, Query(q): Query<ListQ>) -> Result<Json<Value>, ApiError> {
    let ev = q.event.clone();
    let rows = st.0.hub.db().list_games(ev).await?;
    let mut out = Vec::new();
    // The events' names, read once each (a spectator sees the name, not the id).
    let mut names: std::collections::BTreeMap<String, String> = std::collections::BTreeMap::new();
    for (_, event, _, _) in &rows {
        if let Some(e) = event
            && !names.contains_key(e)
        {
            let k = e.clone();
            let name = crate::api::read_store(&st, move |s| s.load_event(&k))
                .await
                .map_or(e.clone(), |ev| ev.name().to_string());
            names.insert(e.clone(), name);
        }
    }
    for (id, event, round, board) in rows {
        let Some(h) = st.0.hub.get(id).await? else { continue };
        let Some(s) = h.state().await else { continue };
        let phase = s["phase"].as_str().unwrap_or("").to_string();
        if q.live == Some(1) && phase == "final" {
            continue;
        }
        // The names by the colours played: the seats are the pairing's players, and Black
        // may sit in the second (a nigiri, a handicap game's weaker player).
        let p = &h.info.settings.players;
        let (black, moves) = match replayed(&st, id).await {
            Ok((_, r)) => (
                r.seat_of(rules::Color::Black).unwrap_or(referee::Seat::First),
                r.game().history().len(),
            ),
            Err(_) => (referee::Seat::First, 0),
        };
        out.push(json!({
            "game": id, "event": event, "round": round, "board": board,
            "event_name": event.as_ref().and_then(|e| names.get(e)),
            "moves": moves, "clock": s["clock"], "paused": s["paused"], "viewers": h.watchers(),
            "black": p[black.index()].name, "white": p[black.other().index()].name,
            "phase": phase, "seq": s["seq"],
            "stones": s["board"].as_array().map_or(0, |rows| rows
                .iter()
                .filter_map(Value::as_str)
                .map(|r| r.chars().filter(|&c| c != '.').count())
                .sum::<usize>()),
            "result": s["result"]["text"],
        }));
    }
    Ok(Json(Value::Array(out)))
}

/// The referee of game `id`, refolded from its record.
async fn replayed(st: &AppState, id: i64) -> Result<(crate::game::GameHandle, Referee), ApiError> {
    let h =
        st.0.hub
            .get(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("no game {id}")))?;
    let pushes = match h.since(0).await {
        Some(Ok(p)) => p,
        _ => return Err(ApiError::Internal("game task gone".into())),
    };
    let settings = h.info.settings.to_settings().map_err(ApiError::Internal)?;
    let size = settings.rules.size;
    let mut events = Vec::with_capacity(pushes.len());
    for p in pushes {
        let w: WEvent = serde_json::from_value(p["event"].clone()).map_err(|e| ApiError::Internal(e.to_string()))?;
        events.push(w.to_event(size).map_err(ApiError::Internal)?);
    }
    let r = Referee::restore(settings, &events).map_err(|e| ApiError::Internal(format!("{e:?}")))?;
    Ok((h, r))
}

async fn view(State(st): State<AppState>, caller: Caller, Path(id): Path<i64>) -> Result<Json<Value>, ApiError> {
    let (h, r) = replayed(&st, id).await?;
    let mut s = h
        .state()
        .await
        .ok_or_else(|| ApiError::Internal("game task gone".into()))?;
    // The state may be a push ahead of the replayed record: both come from the same task,
    // state second, so the extras can only lag; the page refreshes on every push.
    let extras = web::game_view(&r);
    if let (Some(obj), Value::Object(x)) = (s.as_object_mut(), extras) {
        obj.extend(x);
    }
    s["settings"] = serde_json::to_value(&h.info.settings).expect("settings serialise");
    s["event"] = json!(h.info.event_id);
    s["round"] = json!(h.info.round);
    s["board_no"] = json!(h.info.board);
    s["viewers"] = json!(h.watchers());
    s["you"] = Value::Null;
    if caller.secret.is_some() || caller.account.is_some() {
        // Only a player's own seat: an official's rights are not a colour.
        if let Ok((Actor::Player(c), _)) = crate::api::resolve_actor(&st, &h.info, &caller, None).await {
            s["you"] = json!(crate::wire::WColor::from(c).name());
        }
    }
    // A seat link an official has replaced (or never was one): the page says so.
    s["seat_link_invalid"] = json!(caller.secret.is_some() && s["you"].is_null());
    Ok(Json(s))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TimeQ {
    color: String,
}

/// Art. 16: in byo-yomi a player may ask the time left. The clock crate's answer for `color`
/// now ("读秒，还剩三次，本次还有二十五秒" / "byo-yomi, 3 periods left, 25 seconds left in
/// this one"); the clocks are public, so anyone may ask.
async fn time_left(
    State(st): State<AppState>,
    Path(id): Path<i64>,
    Query(q): Query<TimeQ>,
) -> Result<Json<Value>, ApiError> {
    let color = match q.color.as_str() {
        "black" => rules::Color::Black,
        "white" => rules::Color::White,
        c => return Err(ApiError::BadRequest(format!("color {c:?} must be black or white"))),
    };
    let (_, r) = replayed(&st, id).await?;
    let at = crate::game::now_at(st.0.hub.db().time(), &r);
    Ok(Json(json!({
        "game": id,
        "color": crate::wire::WColor::from(color).name(),
        "at": at.0,
        "zh": r.clock().answer(at, color, clock::Lang::Zh),
        "en": r.clock().answer(at, color, clock::Lang::En),
    })))
}

/// A fresh secret link for seat `color` of game `id`. Only the digest of a secret is kept, so
/// a link is shown once; when it is lost (or a tablet changes hands) an official of the
/// game's event issues another, and the old one stops working at once. Answers the link and
/// every link issued again for the game: the seat, who, when.
async fn reissue_link(
    State(st): State<AppState>,
    caller: Caller,
    Path((id, color)): Path<(i64, String)>,
) -> Result<Response, ApiError> {
    let color = match color.as_str() {
        "black" => rules::Color::Black,
        "white" => rules::Color::White,
        c => return Err(ApiError::BadRequest(format!("seat {c:?} must be black or white"))),
    };
    let h =
        st.0.hub
            .get(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("no game {id}")))?;
    let Some(account) = caller.account.clone() else {
        return Err(ApiError::Unauthenticated("log in first".into()));
    };
    match &h.info.event_id {
        Some(ev) => need(&st, &caller, ev, &[Role::Organizer, Role::ChiefReferee, Role::Referee]).await?,
        // A game outside any event: its creator officiates it.
        None if h.info.owner == Some(account.id) => {}
        None => {
            return Err(ApiError::Forbidden(format!(
                "{} did not create game {id}: only its creator issues its seat links",
                account.name
            )));
        }
    }
    let secret = auth::new_token();
    let at = st.0.hub.db().time().now_ms();
    let history =
        st.0.hub
            .reissue_seat(id, color, auth::digest(&secret), account.id, at)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("no game {id}")))?;
    let seat = crate::wire::WColor::from(color).name();
    tracing::info!(game = id, seat, by = %account.name, "seat link issued again");
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "game": id,
            "color": seat,
            "link": format!("/play/{id}#secret={secret}"),
            "by": account.name,
            "at": at,
            "history": history.iter().map(|(c, by, at)| json!({ "color": c, "by": by, "at": at })).collect::<Vec<_>>(),
        })),
    )
        .into_response())
}

/// Every seat link issued again for the games of event `id`, oldest first: the game, its
/// round and board, the seat, who issued it, when. For the event's officials, who issue them
/// (Art. 29–31); the links themselves are never kept, only who gave one and when.
async fn seat_links(
    State(st): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    need(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee, Role::Referee]).await?;
    let games = st.0.hub.db().list_games(Some(id.clone())).await?;
    let rows = st.0.hub.db().seat_links_of_event(id.clone()).await?;
    let links: Vec<Value> = rows
        .iter()
        .map(|(game, color, by, at)| {
            let g = games.iter().find(|g| g.0 == *game);
            json!({
                "game": game,
                "round": g.and_then(|g| g.2),
                "board": g.and_then(|g| g.3),
                "color": color,
                "by": by,
                "at": at,
            })
        })
        .collect();
    Ok(Json(json!({ "event": id, "links": links })))
}

async fn sgf(
    State(st): State<AppState>,
    Path(id): Path<i64>,
    headers: axum::http::HeaderMap,
) -> Result<Response, ApiError> {
    let (h, r) = replayed(&st, id).await?;
    // `EV` the event's name (its id when it cannot be read), `RO` the round and board, `PC`
    // the game's page, as online servers write it.
    let event = match h.info.event_id.clone() {
        Some(eid) => {
            let e = eid.clone();
            Some(
                crate::api::read_store(&st, move |s| s.load_event(&e))
                    .await
                    .map_or(eid, |ev| ev.name().to_string()),
            )
        }
        None => None,
    };
    let round = h.info.round.map(|n| match h.info.board {
        Some(b) => format!("{n} (board {b})"),
        None => n.to_string(),
    });
    let place = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .map(|host| format!("weiqi serve, http://{host}/play/{id}"));
    let meta = sgf::Meta {
        date: None,
        place,
        event,
        round,
    };
    let text = web::game_sgf(&r, &meta);
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-go-sgf; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"game-{id}.sgf\""),
            ),
        ],
        text,
    )
        .into_response())
}

// ----- events -----

async fn me(State(st): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let roles = roles_of(&st, &caller, &id).await?;
    Ok(Json(json!({
        "event": id,
        "account": caller.account.as_ref().map(|a| a.name.clone()),
        "roles": roles.iter().map(|r| r.name()).collect::<Vec<_>>(),
    })))
}

async fn import_csv(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Response, ApiError> {
    need(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    // An Excel workbook is a zip archive; anything else is read as CSV.
    let players = if body.starts_with(b"PK\x03\x04") {
        formats::xlsx::read_registrations(&body).map_err(|e| ApiError::BadRequest(format!("the Excel file: {e}")))?
    } else {
        formats::csv_io::read_registrations(&body).map_err(|e| ApiError::BadRequest(format!("the CSV file: {e}")))?
    };
    let n = players.len();
    let i = id.clone();
    // One transaction: a refused row (a name already registered, …) registers nobody.
    store(&st, move |s| s.add_players(&i, &players)).await?;
    Ok((StatusCode::CREATED, Json(json!({ "event": id, "added": n }))).into_response())
}

async fn proposal(State(st): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    need(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let i = id.clone();
    let (ev, p) = read(&st, move |s| {
        let p = s.propose(&i)?;
        Ok((s.load_event(&i)?, p))
    })
    .await?;
    let name = |p: tournament::PlayerId| ev.player(p).name.clone();
    Ok(Json(json!({
        "round": p.round,
        "games": p.games.iter().map(|g| json!({ "board": g.board, "black": name(g.black), "white": name(g.white) })).collect::<Vec<_>>(),
        "byes": p.byes.iter().map(|&x| name(x)).collect::<Vec<_>>(),
        "idle": p.idle.iter().map(|&x| name(x)).collect::<Vec<_>>(),
    })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AmendedReq {
    games: Vec<(String, String)>,
    #[serde(default)]
    byes: Vec<String>,
}

async fn pair_amended(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
    Body(r): Body<AmendedReq>,
) -> Result<Response, ApiError> {
    need(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let i = id.clone();
    let ev = store(&st, move |s| s.pair_amended(&i, &r.games, &r.byes)).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "event": id, "rounds": ev.rounds().len() })),
    )
        .into_response())
}

async fn unpair(
    State(st): State<AppState>,
    caller: Caller,
    Path((id, n)): Path<(String, u32)>,
) -> Result<Json<Value>, ApiError> {
    need(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    // A round whose games are being played is not taken from under its players: the games
    // in play must end first (a game over stays, and reaches the event only if the board it
    // names pairs its players again; one on a board paired otherwise is detached when that
    // board's game starts).
    let mut playing = Vec::new();
    for (gid, board) in board_games(&st, &id, n).await? {
        let Some(h) = st.0.hub.get(gid).await? else { continue };
        if h.state().await.is_some_and(|s| s["result"].is_null()) {
            playing.push(format!("game {gid} on board {board}"));
        }
    }
    if !playing.is_empty() {
        return Err(ApiError::Conflict(format!(
            "round {n} of event {id} has live games in play ({}): they must end before the round is unpaired \
             (a result, or the chief referee's ruling)",
            playing.join(", ")
        )));
    }
    let i = id.clone();
    let ev = store(&st, move |s| s.unpair(&i, n)).await?;
    Ok(Json(json!({ "event": id, "rounds": ev.rounds().len() })))
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
) -> Result<Json<Value>, ApiError> {
    need(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let i = id.clone();
    let name = r.name.clone();
    let (_, status) = store(&st, move |s| s.withdraw(&i, &r.name, &r.reason)).await?;
    Ok(Json(
        json!({ "event": id, "name": name, "status": crate::api::status_name(status),
            "withdrawn": crate::api::withdrawal_json(status) }),
    ))
}

/// How the director starts a round's games: the time control, the board, komi, the handicap
/// of each board (McMahon events), and whether a timeout in the last byo-yomi period may be
/// taken as a lost turn.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StartReq {
    /// The clock crate's spec: `1h+3x60s`, `10m+15/10m`, `none`.
    time: String,
    #[serde(default = "nineteen")]
    size: u8,
    /// Komi of the even games in half points (4 to a stone): Art. 11's 3¾ stones are 15.
    #[serde(default)]
    komi_half_points: Option<i32>,
    /// Art. 22.5: a timeout in the last byo-yomi period may be taken as a lost turn.
    #[serde(default)]
    lost_turn_on_timeout: bool,
    /// Handicap stones by board; boards not named are even.
    #[serde(default)]
    handicaps: Vec<BoardHandicap>,
    /// Komi of the handicap games in half points (0 unless given).
    #[serde(default)]
    handicap_komi_half_points: Option<i32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardHandicap {
    board: u32,
    stones: u32,
}

fn nineteen() -> u8 {
    19
}

/// Art. 11: Black gives 3¾ stones, 7½ points, 15 half points (the rules crate's).
const KOMI_HALF_POINTS: i32 = rules::Rules::CHINESE.komi.0;

/// The time control a round's form starts from when the event has none: an hour of basic
/// time, then three byo-yomi periods of 60 seconds.
const DEFAULT_TIME: &str = "1h+3x60s";

fn wire_rank(r: tournament::Rank) -> String {
    // The referee's ranks are written `5k`, `3d`, `2p`: exactly the tournament rank's text.
    r.to_string()
}

/// Whether the event's system plays handicap games: McMahon, where players of different
/// ranks meet (its score starts at the rank); the other systems of Art. 26 play even games.
fn plays_handicaps(ev: &tournament::Event) -> bool {
    matches!(ev.system(), tournament::System::McMahon { .. })
}

/// The handicap proposed for a board of a McMahon event: the tournament crate's, by the
/// event's handicap rule (`tournament::handicap`, the one proposal `weiqi event pair` shows
/// too). The director may change it.
fn suggested_handicap(ev: &tournament::Event, round: u32, g: &tournament::Game) -> u32 {
    if !plays_handicaps(ev) {
        return 0;
    }
    tournament::handicap::proposed(ev, round, g.black, g.white).stones
}

/// Who plays Black if board `g` is a handicap game, as a seat of its live game (the first seat
/// is the pairing's Black, the second its White): the weaker player, since the handicap
/// stones are Black's and go to the weaker. `None` when neither is weaker, so a handicap has
/// no one to go to.
///
/// The pairing gives Black to the weaker player of a handicap game (`tournament::handicap`),
/// so for a round the system paired this is the first seat and nothing is swapped. A round
/// paired before that, or by hand with the weaker player as White, keeps its colours: the
/// event's record cannot change a paired game's colours (pairings are history), and a live
/// game lists the pairing's players in its seats, its colours settled apart from them
/// (Art. 10), so its result reaches the event through the seat each colour played from
/// (`crate::results`) whichever seat takes Black.
fn handicap_black(ev: &tournament::Event, round: u32, g: &tournament::Game) -> Option<referee::Seat> {
    let weaker = tournament::handicap::proposed(ev, round, g.black, g.white).weaker?;
    Some(if weaker == g.black {
        referee::Seat::First
    } else {
        referee::Seat::Second
    })
}

/// A round's settings, checked.
struct RoundPlan {
    /// The canonical time control.
    time: String,
    size: u8,
    komi: i32,
    handicap_komi: i32,
    lost_turn_on_timeout: bool,
    /// Board → handicap stones (as vertices).
    stones: std::collections::HashMap<u32, Vec<String>>,
    /// Board → the seat that plays Black, for the handicap games (the weaker player); the
    /// other boards play the pairing's colours.
    black: std::collections::HashMap<u32, referee::Seat>,
}

/// What is wrong, in both languages of the pages: the text of `key` in `web::i18n`.
struct Said {
    key: &'static str,
    en: String,
    zh: String,
}

impl From<Said> for ApiError {
    fn from(s: Said) -> ApiError {
        ApiError::Invalid {
            key: s.key,
            en: s.en,
            zh: s.zh,
        }
    }
}

/// The text of `key` in both languages, its `{name}` places filled from `params` (given by
/// language, for a value that is itself a name the pages translate).
fn said(key: &'static str, params: impl Fn(web::Lang) -> Vec<(&'static str, String)>) -> Said {
    let [en, zh] = [web::Lang::En, web::Lang::Zh].map(|lang| {
        let mut text = web::i18n::text(lang, key).to_string();
        for (name, value) in params(lang) {
            text = text.replace(&format!("{{{name}}}"), &value);
        }
        text
    });
    Said { key, en, zh }
}

/// A time control the clock crate cannot read, in both languages: the clock's own English
/// (the spec quoted, the column, what is wrong), which the pages' strings repeat word for
/// word beside the Chinese.
fn time_error(e: &clock::SpecError) -> Said {
    use clock::{ControlError as C, SpecErrorKind as K};
    let key = match &e.kind {
        K::Empty => "time.err.empty",
        K::ExpectedNumber => "time.err.expected_number",
        K::ExpectedUnit => "time.err.expected_unit",
        K::UnitOrder => "time.err.unit_order",
        K::TooLarge => "time.err.too_large",
        K::AmbiguousOvertime => "time.err.ambiguous_overtime",
        K::ExpectedUnitOrOvertime => "time.err.expected_unit_or_overtime",
        K::ExpectedSlashWord => "time.err.expected_slash_word",
        K::ExpectedLeftover => "time.err.expected_leftover",
        K::ExpectedSlash => "time.err.expected_slash",
        K::Trailing => "time.err.trailing",
        K::Space => "time.err.space",
        K::FischerWithoutMain => "time.err.fischer_without_main",
        K::Invalid(C::ZeroMain) => "time.err.zero_main",
        K::Invalid(C::NoPeriods) => "time.err.no_periods",
        K::Invalid(C::PeriodTooShort) => "time.err.period_too_short",
        K::Invalid(C::ZeroPeriod) => "time.err.zero_period",
        K::Invalid(C::NoMoves) => "time.err.no_moves",
        K::Invalid(C::ZeroIncrement) => "time.err.zero_increment",
        K::Invalid(C::RegularCalls) => "time.err.regular_calls",
        K::Invalid(C::LastCalls) => "time.err.last_calls",
        K::Invalid(C::CountdownTooLong) => "time.err.countdown_too_long",
    };
    said(key, |_| {
        vec![("spec", format!("{:?}", e.spec)), ("column", e.column.to_string())]
    })
}

/// Checks what the director asked for against the event and round: every mistake is a 400
/// that names it, in both languages of the pages.
fn check_start(ev: &tournament::Event, id: &str, round: &tournament::Round, r: &StartReq) -> Result<RoundPlan, Said> {
    // Every refusal in both languages of the pages (the form shows it in the page's).
    let plain = |p: &[(&'static str, String)]| p.to_vec();
    let control: clock::TimeControl = r.time.trim().parse().map_err(|e| time_error(&e))?;
    let size = rules::BoardSize::new(r.size).map_err(|_| {
        let p = [
            ("size", r.size.to_string()),
            ("min", rules::MIN_SIZE.to_string()),
            ("max", rules::MAX_SIZE.to_string()),
        ];
        said("round.err.size", |_| plain(&p))
    })?;
    let n = i32::from(r.size);
    let komi = r.komi_half_points.unwrap_or(KOMI_HALF_POINTS);
    let handicap_komi = r.handicap_komi_half_points.unwrap_or(0);
    for (key, k) in [("round.err.komi", komi), ("round.err.handicap_komi", handicap_komi)] {
        // Art. 11: the core's one komi check of every game (a komi beyond the whole board is
        // never reached); said here in the page's language.
        if rules::check_komi(rules::HalfPoints(k), size).is_err() {
            let p = [
                ("points", (f64::from(k) / 2.0).to_string()),
                ("board_points", (n * n).to_string()),
                ("n", n.to_string()),
            ];
            return Err(said(key, |_| plain(&p)));
        }
    }
    // Art. 22.5: the lost turn replaces a timeout in the last byo-yomi period. The rule is the
    // clock's (the referee refuses the same games); here it is said in the page's language.
    if r.lost_turn_on_timeout && !control.allows_lost_turn() {
        let p = [("control", control.to_string())];
        return Err(said("round.err.lost_turn", |_| plain(&p)));
    }
    let mut stones = std::collections::HashMap::new();
    let mut black = std::collections::HashMap::new();
    for h in &r.handicaps {
        let board = ("board", h.board.to_string());
        let Some(game) = round.games.iter().find(|g| g.board == h.board) else {
            let p = [("round", round.number.to_string()), board];
            return Err(said("round.err.no_board", |_| plain(&p)));
        };
        if stones.contains_key(&h.board) {
            return Err(said("round.err.two_handicaps", |_| plain(std::slice::from_ref(&board))));
        }
        if h.stones == 0 {
            stones.insert(h.board, vec![]);
            continue;
        }
        if !plays_handicaps(ev) {
            // The pages' name for the system, in each language, not its settings.
            let system = format!("system.{}", crate::api::system_kind(ev.system()));
            return Err(said("round.err.even_games", |lang| {
                vec![
                    ("event", id.to_string()),
                    ("system", web::i18n::text(lang, &system).to_string()),
                ]
            }));
        }
        let count = ("stones", h.stones.to_string());
        if h.stones == 1 || h.stones > 9 {
            return Err(said("round.err.stones", |_| plain(&[board.clone(), count.clone()])));
        }
        // The handicap stones are Black's and go to the weaker player, who takes Black
        // whatever colour the pairing gave them.
        let Some(seat) = handicap_black(ev, round.number, game) else {
            let (b, w) = (ev.player(game.black), ev.player(game.white));
            let p = [
                board,
                ("black", b.name.clone()),
                ("black_rank", b.rank.to_string()),
                ("white", w.name.clone()),
                ("white_rank", w.rank.to_string()),
            ];
            return Err(said("round.err.equal_ranks", |_| plain(&p)));
        };
        let Some(points) = rules::fixed_handicap(size, h.stones) else {
            let p = [board, count, ("n", n.to_string())];
            return Err(said("round.err.no_places", |_| plain(&p)));
        };
        stones.insert(h.board, points.iter().map(|&p| size.gtp(p)).collect());
        black.insert(h.board, seat);
    }
    Ok(RoundPlan {
        time: control.to_string(),
        size: r.size,
        komi,
        handicap_komi,
        lost_turn_on_timeout: r.lost_turn_on_timeout,
        stones,
        black,
    })
}

/// The boards of round `n` that already have their live game.
async fn started_boards(st: &AppState, id: &str, n: u32) -> Result<Vec<u32>, ApiError> {
    Ok(board_games(st, id, n)
        .await?
        .into_iter()
        .map(|(_, board)| board)
        .collect())
}

/// The live games of round `n` that are its boards' games, with their boards: a game on a
/// board between the players the board pairs ([`storage::game_between`]); one started before
/// the round was paired again (by the server or `weiqi event unpair`) is not.
async fn board_games(st: &AppState, id: &str, n: u32) -> Result<Vec<(i64, u32)>, ApiError> {
    let i = id.to_string();
    let Some(ev) = store(st, move |s| match s.load_event(&i) {
        Ok(ev) => Ok(Some(ev)),
        Err(storage::StoreError::NoEvent(_)) => Ok(None),
        Err(e) => Err(e),
    })
    .await?
    else {
        return Ok(vec![]);
    };
    let mut games = Vec::new();
    for (gid, _, round, board) in st.0.hub.db().list_games(Some(id.to_string())).await? {
        let (Some(board), true) = (board, round == Some(n)) else {
            continue;
        };
        let Some(h) = st.0.hub.get(gid).await? else { continue };
        if storage::game_between(&ev, id, n, board, crate::game::players(&h.info)).is_ok() {
            games.push((gid, board));
        }
    }
    Ok(games)
}

/// `GET /api/events/{id}/rounds/{n}/setup`: what the director's form starts from — the
/// round's settings once one of its games has started (time control, board, komi, the
/// Art. 22.5 choice: the other boards play under the same), else the event's time control
/// (canonical when the clock crate reads it, else with the reason it does not; the default
/// [`DEFAULT_TIME`] when the event has none) and Art. 11's komi; and each board with its
/// players, whether its game has started, and (McMahon) the handicap proposed. The event page
/// also links each board not started to the clock-only page with these settings.
async fn round_setup(
    State(st): State<AppState>,
    caller: Caller,
    Path((id, n)): Path<(String, u32)>,
) -> Result<Json<Value>, ApiError> {
    need(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let i = id.clone();
    let ev = read(&st, move |s| s.load_event(&i)).await?;
    let round = ev
        .rounds()
        .iter()
        .find(|x| x.number == n)
        .ok_or_else(|| ApiError::NotFound(format!("event {id} has no round {n}")))?;
    let started = started_boards(&st, &id, n).await?;
    let written = ev.settings().time_control.trim();
    // An event need not set a time control: the form then starts from the default, and
    // nothing is wrong.
    let (time, time_error) = match written.parse::<clock::TimeControl>() {
        _ if written.is_empty() => (DEFAULT_TIME.to_string(), None),
        Ok(c) => (c.to_string(), None),
        Err(e) => (written.to_string(), Some(time_error(&e))),
    };
    // The round's settings, from the games already started (the first even game's komi, the
    // first handicap game's own komi).
    let mut chosen: Option<WSettings> = None;
    let (mut komi, mut handicap_komi) = (None, None);
    for (gid, _, r, _) in st.0.hub.db().list_games(Some(id.clone())).await? {
        if r != Some(n) {
            continue;
        }
        let Some(h) = st.0.hub.get(gid).await? else { continue };
        let s = &h.info.settings;
        if s.handicap.is_empty() {
            komi.get_or_insert(s.komi_half_points);
        } else {
            handicap_komi.get_or_insert(s.komi_half_points);
        }
        chosen.get_or_insert_with(|| s.clone());
    }
    let (time, time_error): (String, Option<Said>) = match &chosen {
        Some(s) => (s.time.clone(), None),
        None => (time, time_error),
    };
    let boards: Vec<Value> = round
        .games
        .iter()
        .map(|g| {
            json!({
                "board": g.board,
                "black": ev.player(g.black).name, "black_rank": ev.player(g.black).rank.to_string(),
                "white": ev.player(g.white).name, "white_rank": ev.player(g.white).rank.to_string(),
                "started": started.contains(&g.board),
                "result": g.result.map(|x| x.to_string()),
                "handicap": suggested_handicap(&ev, n, g),
                // Who takes Black (and the stones) if the board plays a handicap: the weaker
                // player, whatever colour the pairing gave them; null at equal ranks.
                "handicap_black": handicap_black(&ev, n, g).map(|seat| match seat {
                    referee::Seat::First => &ev.player(g.black).name,
                    referee::Seat::Second => &ev.player(g.white).name,
                }),
            })
        })
        .collect();
    Ok(Json(json!({
        "event": id,
        "round": n,
        "time": time,
        // Why the event's time control cannot be read, in both languages of the pages.
        "time_error": time_error.as_ref().map(|e| &e.en),
        "time_error_zh": time_error.as_ref().map(|e| &e.zh),
        "size": chosen.as_ref().map_or(19, |s| s.size),
        "komi_half_points": komi.unwrap_or(KOMI_HALF_POINTS),
        "handicap_komi_half_points": handicap_komi.unwrap_or(0),
        "lost_turn_on_timeout": chosen.as_ref().is_some_and(|s| s.lost_turn_on_timeout),
        "handicaps": plays_handicaps(&ev),
        "boards": boards,
    })))
}

async fn start_games(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path((id, n)): Path<(String, u32)>,
    Body(r): Body<StartReq>,
) -> Result<Response, ApiError> {
    need(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let account = caller.account.clone().expect("need() checked the account");
    let i = id.clone();
    let ev = read(&st, move |s| s.load_event(&i)).await?;
    let round = ev
        .rounds()
        .iter()
        .find(|x| x.number == n)
        .ok_or_else(|| ApiError::NotFound(format!("event {id} has no round {n}")))?
        .clone();
    let plan = check_start(&ev, &id, &round, &r)?;
    // Boards that already have a game are left alone.
    let existing = started_boards(&st, &id, n).await?;
    let mut made = Vec::new();
    for g in round
        .games
        .iter()
        .filter(|g| g.result.is_none() && !existing.contains(&g.board))
    {
        let player = |p: tournament::PlayerId| WPlayer {
            name: ev.player(p).name.clone(),
            rank: wire_rank(ev.player(p).rank),
        };
        let handicap = plan.stones.get(&g.board).cloned().unwrap_or_default();
        let settings = WSettings {
            players: [player(g.black), player(g.white)],
            size: plan.size,
            // Art. 11: the event's komi; a handicap game has its own.
            komi_half_points: if handicap.is_empty() {
                plan.komi
            } else {
                plan.handicap_komi
            },
            time: plan.time.clone(),
            handicap,
            lateness_limit_minutes: Some(u64::from(ev.settings().lateness_limit_minutes)),
            lost_turn_on_timeout: plan.lost_turn_on_timeout,
            cycle_policy: "forbid".into(),
        };
        // Art. 10: colours by the event's draw — the pairing gave Black to the first player;
        // a handicap game's Black is the weaker player, who takes the stones.
        let black = plan.black.get(&g.board).copied().unwrap_or(referee::Seat::First);
        let (black_name, white_name) = match black {
            referee::Seat::First => (&ev.player(g.black).name, &ev.player(g.white).name),
            referee::Seat::Second => (&ev.player(g.white).name, &ev.player(g.black).name),
        };
        let game = NewGame {
            settings,
            event_id: Some(id.clone()),
            round: Some(n),
            board: Some(g.board),
            colours: ColourChoice::Draw { black },
            start: true,
            owner: account.id,
        };
        let (h, secrets) = new_game(&st, game, SeatSecrets::Fresh).await??;
        let gid = h.info.id;
        // The seat links and names by the colours played (secrets are Black's then White's).
        made.push(json!({
            "game": gid, "board": g.board,
            "black": black_name, "white": white_name,
            "links": {
                "black": format!("/play/{gid}#secret={}", secrets[0]),
                "white": format!("/play/{gid}#secret={}", secrets[1]),
            },
        }));
    }
    Ok((
        StatusCode::CREATED,
        Json(json!({ "event": id, "round": n, "games": made })),
    )
        .into_response())
}

async fn collect(State(st): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    need(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee, Role::Referee]).await?;
    let ev_id = id.clone();
    let games: Vec<(i64, u32, u32)> = (st.0.hub.db().list_games(Some(ev_id)).await?.into_iter())
        .filter_map(|g| Some((g.0, g.2?, g.3?)))
        .collect();
    let i = id.clone();
    let ev = read(&st, move |s| s.load_event(&i)).await?;
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
        store(&st, move |s| {
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LangQ {
    #[serde(default)]
    lang: Option<String>,
}

fn lang(q: &LangQ) -> formats::csv_io::Lang {
    match q.lang.as_deref() {
        Some("en") => formats::csv_io::Lang::En,
        _ => formats::csv_io::Lang::Zh,
    }
}

fn html(body: String) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response()
}

async fn print_crosstable(
    State(st): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<LangQ>,
) -> Result<Response, ApiError> {
    let ev = read(&st, move |s| s.load_event(&id)).await?;
    Ok(html(formats::html::crosstable(&ev, lang(&q))))
}

async fn print_pairings(
    State(st): State<AppState>,
    Path((id, n)): Path<(String, u32)>,
    Query(q): Query<LangQ>,
) -> Result<Response, ApiError> {
    let i = id.clone();
    let ev = read(&st, move |s| s.load_event(&i)).await?;
    formats::html::pairing_sheet(&ev, n, lang(&q))
        .map(html)
        .ok_or_else(|| ApiError::NotFound(format!("event {id} has no round {n}")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FormQ {
    #[serde(default)]
    lang: Option<String>,
    #[serde(default)]
    round: Option<u32>,
}

/// A form of the print pack (formats::forms): A4 sheets, with the event's ratings and
/// promotions where the form shows them.
async fn print_form(
    State(st): State<AppState>,
    Path((id, name)): Path<(String, String)>,
    Query(q): Query<FormQ>,
) -> Result<Response, ApiError> {
    let form: formats::forms::Form = name
        .parse()
        .map_err(|e: formats::forms::UnknownForm| ApiError::NotFound(e.to_string()))?;
    let lang = lang(&LangQ { lang: q.lang.clone() });
    let i = id.clone();
    let (ev, extras) = read(&st, move |s| {
        let ev = s.load_event(&i)?;
        let extras = crate::api::extras_of(s, &i, &ev)?;
        Ok((ev, extras))
    })
    .await?;
    formats::forms::form(&ev, form, q.round, lang, &extras)
        .map(html)
        .map_err(|e| ApiError::NotFound(format!("event {id}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clock::{ControlError as C, SpecError, SpecErrorKind as K};

    /// Every way a time control can be unreadable: the pages' English is the clock crate's
    /// word for word, and the Chinese is filled in (no place left, no English key shown).
    #[test]
    fn every_time_control_error_is_said_in_both_languages_the_english_the_clocks() {
        let kinds = [
            K::Empty,
            K::ExpectedNumber,
            K::ExpectedUnit,
            K::UnitOrder,
            K::TooLarge,
            K::AmbiguousOvertime,
            K::ExpectedUnitOrOvertime,
            K::ExpectedSlashWord,
            K::ExpectedLeftover,
            K::ExpectedSlash,
            K::Trailing,
            K::Space,
            K::FischerWithoutMain,
            K::Invalid(C::ZeroMain),
            K::Invalid(C::NoPeriods),
            K::Invalid(C::PeriodTooShort),
            K::Invalid(C::ZeroPeriod),
            K::Invalid(C::NoMoves),
            K::Invalid(C::ZeroIncrement),
            K::Invalid(C::RegularCalls),
            K::Invalid(C::LastCalls),
            K::Invalid(C::CountdownTooLong),
        ];
        let mut keys = std::collections::HashSet::new();
        for kind in kinds {
            let e = SpecError {
                spec: "1h+\"3x".into(),
                column: 4,
                kind,
            };
            let s = time_error(&e);
            assert_eq!(s.en, e.to_string());
            assert!(s.zh.starts_with("用时\"1h+\\\"3x\"第4个字符："), "{}", s.zh);
            assert!(!s.zh.contains(['{', '}']) && s.zh != s.en, "{}", s.zh);
            assert!(keys.insert(s.key), "{} twice", s.key);
        }
        // A spec that really does not parse, as the form sends it.
        let e = "1h+3x".parse::<clock::TimeControl>().unwrap_err();
        let s = time_error(&e);
        assert_eq!(
            (s.en.as_str(), s.zh.as_str()),
            (
                "time control \"1h+3x\", column 6: expected a number",
                "用时\"1h+3x\"第6个字符：此处应为数字"
            )
        );
    }
}
