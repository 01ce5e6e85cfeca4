//! Live games: created (`POST /api/games`, idempotent with a key), listed, shown, their
//! record, view and SGF, a seat joined, a command sent, a seat's link issued again, the time
//! left asked (Art. 16); the WebSocket (`ws`) serves the same games.

pub mod ws;

use crate::auth::{self, Role};
use crate::db::{DbError, Idempotency};
use crate::error::ApiError;
use crate::game::{GameHandle, GameInfo};
use crate::http::extract::{Body, Caller, Path, Query, SignedIn, require_role};
use crate::http::store::read_store;
use crate::refusals;
use crate::state::AppState;
use crate::wire::games as wire;
use crate::wire::{WAction, WColor, WEvent, WSeat, WSettings};
use crate::words::say;
use crate::words::{said, seat_name};
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use referee::{Action, Actor, ColourChoice, Event, Referee};
use serde::{Deserialize, Serialize};
use serde_json::{Value as Json_, Value};
use web::routes::{Route, get, post};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![
        post("/api/games", create_game),
        get("/api/games", list_games),
        get("/api/games/{id}", show_game),
        get("/api/games/{id}/events", game_events),
        get("/api/games/{id}/view", view),
        get("/api/games/{id}/sgf", sgf),
        get("/api/games/{id}/time-left", time_left),
        post("/api/games/{id}/join", join_game),
        post("/api/games/{id}/actions", act),
        post("/api/games/{id}/seats/{color}/link", reissue_link),
        get("/api/games/{id}/links", show_links),
        post("/api/games/{id}/start", start_clock),
        get("/api/events/{id}/seat-links", seat_links),
    ]
}

#[derive(Deserialize, Serialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum WColours {
    /// The event's draw gave Black to this seat.
    Draw(WSeat),
    /// Seeded nigiri.
    Nigiri(u64),
}

/// `POST /api/games`. Serialised (defaults filled in) for the digest that tells a retry with
/// the same `Idempotency-Key` from another request.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct NewGameReq {
    settings: WSettings,
    #[serde(default)]
    event: Option<String>,
    #[serde(default)]
    round: Option<u32>,
    #[serde(default)]
    board: Option<u32>,
    #[serde(default)]
    colours: Option<WColours>,
    #[serde(default = "yes")]
    start: bool,
    /// A free game's seats: `invited` (the default: played through the seat links the
    /// creator hands out) or `open` (the first account to join a seat takes it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seats: Option<WSeats>,
}

/// Who may take a free game's seats.
#[derive(Clone, Copy, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum WSeats {
    /// Only through the seat links.
    Invited,
    /// The first account to join a seat.
    Open,
}

fn yes() -> bool {
    true
}

/// The longest `Idempotency-Key` taken.
const MAX_KEY: usize = 255;

/// The `Idempotency-Key` header, if given: 1 to 255 visible ASCII characters.
fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(v) = headers.get("idempotency-key") else {
        return Ok(None);
    };
    let bad = || ApiError::BadRequest(say!("game.err.idempotency_key", max = MAX_KEY));
    let k = v.to_str().map_err(|_| bad())?;
    if k.is_empty() || k.len() > MAX_KEY || !k.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad());
    }
    Ok(Some(k.to_string()))
}

/// `POST /api/games`. With an `Idempotency-Key`, a retry (a timeout, a lost answer) of the
/// same request answers with the game the first one created instead of creating another; the
/// key used for a different request is a 409. The seat secrets of a keyed game are derived
/// from the session token and the key ([`crate::secret::seat_secret`]), so the retry can give them again
/// though only their digests are stored. A game of an event is for a board of its pairing,
/// its players the board's, Black first ([`check_board`]); the board's one live game (a
/// second is [`DbError::BoardTaken`], a 409).
async fn create_game(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    headers: HeaderMap,
    Body(r): Body<NewGameReq>,
) -> Result<Response, ApiError> {
    let account = match &r.event {
        Some(ev) => require_role(&st, &caller, ev, &[Role::Organizer, Role::ChiefReferee]).await?,
        None => caller.account()?.clone(),
    };
    let token = caller.token.clone().unwrap_or_default();
    let key = idempotency_key(&headers)?;
    let digest = crate::secret::digest(&serde_json::to_string(&r).expect("requests serialise"));
    if let Some(k) = &key
        && let Some(first) = st.0.hub.db().game_by_key(account.id, k.clone()).await?
    {
        return replay_created(&st, first, &digest, k, &token).await;
    }
    let open = r.seats == Some(WSeats::Open);
    if open && r.event.is_some() {
        return Err(ApiError::BadRequest(say!("game.err.event_seats_open")));
    }
    check_board(&st, &r).await?;
    let colours = match r.colours {
        None => ColourChoice::Draw {
            black: referee::Seat::First,
        },
        Some(WColours::Draw(s)) => ColourChoice::Draw { black: s.into() },
        Some(WColours::Nigiri(seed)) => ColourChoice::Nigiri { seed },
    };
    let seats = match &key {
        Some(k) => SeatSecrets::Keyed {
            key: Idempotency {
                key: k.clone(),
                digest: digest.clone(),
            },
        },
        None => SeatSecrets::Fresh,
    };
    let game = NewGame {
        settings: r.settings,
        event_id: r.event,
        round: r.round,
        board: r.board,
        colours,
        start: r.start,
        owner: account.id,
    };
    let (h, secrets) = match new_game(&st, game, seats).await? {
        Ok(made) => made,
        Err(e @ (DbError::Conflict | DbError::BoardTaken { .. })) => {
            // The same key at the same time: the other request created the game.
            if let Some(k) = &key
                && let Some(first) = st.0.hub.db().game_by_key(account.id, k.clone()).await?
            {
                return replay_created(&st, first, &digest, k, &token).await;
            }
            return Err(match e {
                DbError::Conflict => {
                    ApiError::Internal(format!("creating a game: a conflict, and no game has the key {key:?}"))
                }
                // The board has its game already (409).
                e => e.into(),
            });
        }
        Err(e) => return Err(e.into()),
    };
    let id = h.info.id;
    if open {
        st.0.hub.db().open_seats(id).await?;
    }
    let state = h.state().await.unwrap_or(Json_::Null);
    Ok((
        StatusCode::CREATED,
        Json(created(id, Some(secrets.map(Some)), state, false)),
    )
        .into_response())
}

/// A live game to create, checked by [`new_game`]: `POST /api/games` and the start of a
/// round's games (`http/rounds.rs`) both make their games through it.
pub struct NewGame {
    /// The players, board, komi, time and the rest.
    pub settings: WSettings,
    /// The event, round and board the game is played for, if any.
    pub event_id: Option<String>,
    /// The round (with the event).
    pub round: Option<u32>,
    /// The board (with the event).
    pub board: Option<u32>,
    /// How the colours are settled (Art. 10): the event's draw, or a seeded nigiri.
    pub colours: ColourChoice,
    /// Whether the game starts at once (else at the referee's start).
    pub start: bool,
    /// The account that creates it (it officiates a game outside any event).
    pub owner: i64,
}

/// Where a new game's seat secrets come from.
pub enum SeatSecrets {
    /// No key: a game made once.
    Fresh,
    /// The request's `Idempotency-Key`, stored with the game, so that a retry finds it and
    /// gives its links again.
    Keyed {
        /// The key and the digest of the request.
        key: Idempotency,
    },
}

/// Creates a live game: its settings and opening (the colours, and the start if asked) must
/// stand under the rules before anything is stored (a 400 naming what is wrong, in the outer
/// result); then its seat secrets are made (only their digests are kept), and the game is
/// stored with its opening and its task started. The inner result is the database's answer:
/// the game and its seat secrets (Black's, White's), or `Conflict` (the idempotency key is
/// taken) or `BoardTaken` (the board has its game), which the caller answers.
pub async fn new_game(
    st: &AppState,
    mut g: NewGame,
    seats: SeatSecrets,
) -> Result<Result<(GameHandle, [String; 2]), DbError>, ApiError> {
    // Art. 16.4: who confirms the result is the server's to say, not the request's: a free
    // game has no referee, an event's game as the event chose.
    let agreement = match g.event_id.clone() {
        Some(ev) => read_store(st, move |s| s.players_agreement(&ev)).await?,
        None => false,
    };
    g.settings = g.settings.with_confirmation(g.event_id.is_some(), agreement);
    let settings = g.settings.to_settings()?;
    let size = settings.rules.size;
    let now = clock::Instant(st.0.hub.db().time().now_ms());
    let mut opening = vec![Event::new(now, Actor::System, Action::Colours(g.colours))];
    if g.start {
        opening.push(Event::new(now, Actor::System, Action::Start { late: vec![] }));
    }
    // The settings pass the referee's checks too (Art. 22.5: a lost turn on timeout only with
    // byo-yomi).
    Referee::replay(settings, &opening).map_err(|e| {
        let said = refusals::referee(&e.error);
        ApiError::BadRequest(crate::words::Said {
            en: e.to_string(),
            ..said
        })
    })?;
    let key = match seats {
        SeatSecrets::Fresh => None,
        SeatSecrets::Keyed { key } => Some(key),
    };
    let info = GameInfo {
        id: 0,
        event_id: g.event_id,
        round: g.round,
        board: g.board,
        settings: g.settings,
        // Placeholders no link opens: the hub derives the seats' secrets once the game has
        // its id (`crate::game::seat_links`).
        secrets: [0, 1].map(|_| crate::secret::digest(&crate::secret::new_token())),
        owner: Some(g.owner),
        accounts: [None, None],
    };
    let wire: Vec<WEvent> = opening.iter().map(|e| WEvent::from_event(e, size, "system")).collect();
    Ok(st.0.hub.create_keyed(info, wire, key).await.map(|h| {
        let secrets = crate::game::seat_links(st.0.hub.db(), h.info.id, [0, 0]);
        (h, secrets)
    }))
}

/// A game of an event is for one of its boards: the round and board must be given and exist,
/// and the players must be the pairing's, Black first (the event's result names the pairing's
/// colours, and a result is mapped through the seat each played from). Each mistake is a 400
/// naming what differs. Round and board without an event name nothing.
async fn check_board(st: &AppState, r: &NewGameReq) -> Result<(), ApiError> {
    let Some(event) = r.event.clone() else {
        if r.round.is_some() || r.board.is_some() {
            return Err(ApiError::BadRequest(say!("game.err.board_without_event")));
        }
        return Ok(());
    };
    let (Some(round), Some(board)) = (r.round, r.board) else {
        return Err(ApiError::BadRequest(say!(
            "game.err.event_without_board",
            event = event
        )));
    };
    let p = &r.settings.players;
    let players = [p[0].name.clone(), p[1].name.clone()];
    let checked = read_store(st, move |s| {
        let ev = s.load_event(&event)?;
        let names = [players[0].as_str(), players[1].as_str()];
        Ok(storage::game_between(&ev, &event, round, board, names).map(|_| ()))
    })
    .await?;
    // The body names a board that is not there, or other players: the request is wrong.
    checked.map_err(|e| {
        let said = refusals::store(&e);
        ApiError::BadRequest(match e {
            storage::StoreError::OtherPlayers { .. } => crate::words::Said {
                en: format!("{}: list the pairing's Black first, then its White", said.en),
                zh: format!("{}：请先列出编排的黑方，再列白方", said.zh),
                ..said
            },
            _ => said,
        })
    })
}

/// The answer to `POST /api/games`: the game, its state, and each seat's secret and link
/// (`None` for a seat whose secret is not given again); with no secret at all, the message
/// says why.
fn created(id: i64, secrets: Option<[Option<String>; 2]>, state: Json_, replayed: bool) -> wire::Created {
    let pair = |[black, white]: [Option<String>; 2]| wire::BlackWhite { black, white };
    match secrets {
        Some(s) => wire::Created {
            game: id,
            state,
            replayed,
            links: Some(pair(s.clone().map(|s| s.map(|s| format!("/play/{id}#secret={s}"))))),
            secrets: Some(pair(s)),
            message: None,
        },
        None => wire::Created {
            game: id,
            state,
            replayed,
            secrets: None,
            links: None,
            message: Some(format!(
                "the seat secrets were given to the session that created the game: retry with that session's token \
                 (unless both seats' links were issued again since, POST /api/games/{id}/seats/{{color}}/link)"
            )),
        },
    }
}

/// The answer to a retry of a keyed request that created game `first`: the game again (same
/// status, `replayed: true`) if the request is the same, else a 409. Each seat's secret is
/// given again if it is still the seat's (the database's digests: an official may have
/// issued the seat a new link since, through any instance); a seat issued again is `null`,
/// and the message says so.
async fn replay_created(
    st: &AppState,
    (id, first_digest): (i64, String),
    digest: &str,
    key: &str,
    token: &str,
) -> Result<Response, ApiError> {
    if first_digest != digest {
        return Err(ApiError::Conflict(say!(
            "game.err.idempotency_reused",
            key = format!("{key:?}"),
            id = id
        )));
    }
    let h = game(st, id).await?;
    let stored =
        st.0.hub
            .db()
            .load_game(id)
            .await?
            .ok_or_else(|| ApiError::Internal(format!("game {id} has a key and no row")))?;
    // The seats' first secrets: derived under the server's key, or (a game made before) from
    // the creating session's token and the key.
    let mut derived = crate::game::seat_links(st.0.hub.db(), id, [0, 0]);
    for (i, color) in [WColor::Black, WColor::White].into_iter().enumerate() {
        if crate::secret::digest(&derived[i]) != stored.secrets[i] {
            derived[i] = crate::secret::seat_secret(token, key, color.name());
        }
    }
    let current = [0, 1].map(|i| crate::secret::digest(&derived[i]) == stored.secrets[i]);
    let state = h.state().await.unwrap_or(Json_::Null);
    // A seat issued again since is `null`, and the message says so.
    let given = [0, 1].map(|i| current[i].then(|| derived[i].clone()));
    let mut body = created(id, current.contains(&true).then_some(given), state, true);
    if current.contains(&true) && current.contains(&false) {
        let reissued: Vec<&str> = [WColor::Black, WColor::White]
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| !current[i])
            .map(|(_, color)| color.name())
            .collect();
        body.message = Some(format!(
            "the {} seat's link was issued again since the game was created (POST /api/games/{id}/seats/{{color}}/link): \
             the old one no longer works, and the new one is with whoever issued it",
            reissued.join(" and ")
        ));
    }
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

pub(super) async fn game(st: &AppState, id: i64) -> Result<GameHandle, ApiError> {
    st.0.hub
        .get(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(say!("game.err.none", id = id)))
}

async fn show_game(State(st): State<AppState>, Path(id): Path<i64>) -> Result<Json<wire::GameShown>, ApiError> {
    let h = game(&st, id).await?;
    let state = state_object(h.state().await)?;
    Ok(Json(wire::GameShown {
        state,
        settings: h.info.settings.clone(),
        event: h.info.event_id.clone(),
    }))
}

/// A game's state as the object a body adds its fields to; a task gone (or a state that is
/// no object) is the server's failure.
fn state_object(state: Option<Json_>) -> Result<wire::State, ApiError> {
    match state {
        Some(Json_::Object(m)) => Ok(m),
        Some(_) => Err(ApiError::Internal("a game's state is not an object".into())),
        None => Err(ApiError::Internal("game task gone".into())),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Since {
    #[serde(default)]
    since: u64,
}

async fn game_events(
    State(st): State<AppState>,
    Path(id): Path<i64>,
    Query(q): Query<Since>,
) -> Result<Json<wire::Events>, ApiError> {
    let h = game(&st, id).await?;
    match h.since(q.since).await {
        Some(Ok(events)) => Ok(Json(wire::Events { game: id, events })),
        Some(Err(state)) => Err(ApiError::BadRequest(say!(
            "game.err.since",
            since = q.since,
            events = state["seq"]
        ))),
        None => Err(ApiError::Internal("game task gone".into())),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinReq {
    color: WColor,
}

async fn join_game(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<i64>,
    Body(r): Body<JoinReq>,
) -> Result<Json<wire::Joined>, ApiError> {
    let account = caller.account()?.clone();
    let h = game(&st, id).await?;
    let color: rules::Color = r.color.into();
    let seat = r.color.name();
    let refuse = |why: &str| {
        tracing::warn!(game = id, seat, account = %account.name, why, "join refused");
    };
    let exclusive = match &h.info.event_id {
        Some(event) => {
            // A seat of an event's game is its registered player's: only the account an
            // official linked to that player (or that claimed it with a code) takes it.
            let player = crate::game::players(&h.info)[color.index()].to_string();
            let linked = st.0.hub.db().player_account(event.clone(), player.clone()).await?;
            if linked != Some(account.id) {
                refuse("not the player's account");
                return Err(ApiError::Forbidden(said("game.err.seat_of_player", |l| {
                    vec![
                        ("seat", seat_name(l, color)),
                        ("id", id.to_string()),
                        ("player", player.clone()),
                        ("event", event.clone()),
                    ]
                })));
            }
            true
        }
        None => {
            if !st.0.hub.db().seats_open(id).await? {
                refuse("invited seats");
                return Err(ApiError::Forbidden(say!("game.err.invited_seats", id = id)));
            }
            false
        }
    };
    if st.0.hub.join(id, color, account.id, exclusive).await? {
        tracing::info!(game = id, seat, account = %account.name, "seat joined");
        seated(&st, &h, color, false).await?;
        Ok(Json(wire::Joined {
            game: id,
            color: r.color,
            account: account.name,
        }))
    } else {
        refuse("taken");
        Err(ApiError::Conflict(said("game.err.seat_taken", |l| {
            vec![("seat", seat_name(l, color)), ("id", id.to_string())]
        })))
    }
}

/// A command for a game: the sequence number the client has seen, the action, and (for an
/// account with several rights in the game) the capacity it acts in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActReq {
    /// The number of events the client has seen: the command is for that slot.
    pub seq: u64,
    /// What to do.
    pub action: WAction,
    /// `black`, `white`, `referee` or `chief_referee`.
    #[serde(default, rename = "as")]
    pub as_: Option<String>,
}

/// Who acts, in the referee's terms, for this caller in this game; and how the record names
/// the submitter.
pub async fn resolve_actor(
    st: &AppState,
    info: &GameInfo,
    caller: &Caller,
    as_: Option<&str>,
) -> Result<(Actor, String), ApiError> {
    if let Some(secret) = &caller.secret {
        let d = crate::secret::digest(secret);
        let mut secrets = info.secrets.clone();
        if st.0.hub.db().is_shared()
            && let Some(valid) = st.0.hub.db().seat_secrets(info.id).await?
        {
            // Another instance may have issued a seat a new link: the database says which
            // secrets are valid.
            secrets = valid;
        }
        let color = if d == secrets[0] {
            rules::Color::Black
        } else if d == secrets[1] {
            rules::Color::White
        } else {
            return Err(ApiError::Forbidden(say!("game.err.bad_secret", id = info.id)));
        };
        return Ok((Actor::Player(color), format!("seat:{}", WColor::from(color).name())));
    }
    let account = caller.account()?;
    let mut accounts = info.accounts;
    if st.0.hub.db().is_shared() && !accounts.contains(&Some(account.id)) {
        // The seat may have been joined through another instance.
        if let Some(g) = st.0.hub.db().load_game(info.id).await? {
            accounts = g.accounts;
        }
    }
    let mut can: Vec<(&str, Actor)> = Vec::new();
    for color in [rules::Color::Black, rules::Color::White] {
        if accounts[color.index()] == Some(account.id) {
            can.push((WColor::from(color).name(), Actor::Player(color)));
        }
    }
    // A player acting from their seat (the first capacity, or the one named) needs no role:
    // the roles are read only for the other capacities, not on every move.
    if let Some((_, actor)) = can.iter().find(|(n, _)| as_.is_none_or(|a| a == *n)) {
        return Ok((*actor, format!("account:{}", account.name)));
    }
    let roles = match &info.event_id {
        Some(ev) => auth::roles(st.0.hub.db(), ev.clone(), account.id).await?,
        // A game outside any event: its creator officiates it.
        None if info.owner == Some(account.id) => vec![Role::ChiefReferee],
        None => vec![],
    };
    if roles.contains(&Role::ChiefReferee) {
        can.push(("chief_referee", Actor::ChiefReferee));
    }
    if roles.contains(&Role::Referee) || roles.contains(&Role::ChiefReferee) {
        can.push(("referee", Actor::Referee));
    }
    let pick = match as_ {
        Some(a) => can.iter().find(|(n, _)| *n == a),
        None => can.first(),
    };
    match pick {
        Some((_, actor)) => Ok((*actor, format!("account:{}", account.name))),
        // Each refusal in both languages; an organizer is never told to ask the organizer.
        None => {
            let (game, name) = (info.id.to_string(), account.name.clone());
            let said = match &info.event_id {
                Some(ev) if roles.contains(&Role::Organizer) => {
                    crate::words::said("game.err.organizer_not_referee", |_| {
                        vec![("account", name.clone()), ("event", ev.clone())]
                    })
                }
                Some(_) => crate::words::said("game.err.no_role", |_| {
                    vec![("account", name.clone()), ("game", game.clone())]
                }),
                None => crate::words::said("game.err.no_official", |_| {
                    vec![("account", name.clone()), ("game", game.clone())]
                }),
            };
            Err(ApiError::Forbidden(said))
        }
    }
}

async fn act(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<i64>,
    Body(r): Body<ActReq>,
) -> Result<Json<wire::Ack>, ApiError> {
    let h = game(&st, id).await?;
    let (ack, _) = submit(&st, &h, &caller, r).await?;
    Ok(Json(ack))
}

/// Resolves the actor and submits; the acknowledgement, and the index of the event recorded.
pub async fn submit(st: &AppState, h: &GameHandle, caller: &Caller, r: ActReq) -> Result<(wire::Ack, u64), ApiError> {
    let info = h.info.clone();
    let (actor, by) = resolve_actor(st, &info, caller, r.as_.as_deref()).await?;
    let size = rules::BoardSize::new(info.settings.size).map_err(|e| ApiError::Internal(e.to_string()))?;
    let action = r.action.to_action(size)?;
    let ack = h.submit(r.seq, actor, by, action).await?;
    Ok((
        wire::Ack {
            game: info.id,
            seq: ack.seq + 1,
            index: ack.seq,
            duplicate: ack.duplicate,
            state: ack.state,
        },
        ack.seq,
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQ {
    #[serde(default)]
    event: Option<String>,
    #[serde(default)]
    live: Option<u8>,
}

async fn list_games(State(st): State<AppState>, Query(q): Query<ListQ>) -> Result<Json<Vec<wire::Listed>>, ApiError> {
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
            let name = read_store(&st, move |s| s.load_event(&k))
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
        out.push(wire::Listed {
            game: id,
            event_name: event.as_ref().and_then(|e| names.get(e)).cloned(),
            event,
            round,
            board,
            moves,
            clock: s["clock"].clone(),
            paused: s["paused"].clone(),
            viewers: h.watchers(),
            black: p[black.index()].name.clone(),
            white: p[black.other().index()].name.clone(),
            phase,
            seq: s["seq"].clone(),
            stones: s["board"].as_array().map_or(0, |rows| {
                rows.iter()
                    .filter_map(Value::as_str)
                    .map(|r| r.chars().filter(|&c| c != '.').count())
                    .sum::<usize>()
            }),
            result: s["result"]["text"].clone(),
        });
    }
    Ok(Json(out))
}

/// The referee of game `id`, refolded from its record.
async fn replayed(st: &AppState, id: i64) -> Result<(crate::game::GameHandle, Referee), ApiError> {
    let h =
        st.0.hub
            .get(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(say!("game.err.none", id = id)))?;
    let pushes = match h.since(0).await {
        Some(Ok(p)) => p,
        _ => return Err(ApiError::Internal("game task gone".into())),
    };
    let settings = h.info.settings.to_settings().map_err(|e| ApiError::Internal(e.en))?;
    let size = settings.rules.size;
    let mut events = Vec::with_capacity(pushes.len());
    for p in pushes {
        let w: WEvent = serde_json::from_value(p["event"].clone()).map_err(|e| ApiError::Internal(e.to_string()))?;
        events.push(w.to_event(size).map_err(|e| ApiError::Internal(e.en))?);
    }
    let r = Referee::restore(settings, &events).map_err(|e| ApiError::Internal(format!("{e:?}")))?;
    Ok((h, r))
}

async fn view(
    State(st): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> Result<Json<wire::GameView>, ApiError> {
    let (h, r) = replayed(&st, id).await?;
    // The state may be a push ahead of the replayed record: both come from the same task,
    // state second, so the extras can only lag; the page refreshes on every push.
    let scoring = st.0.hub.scoring();
    let proposals = st.0.hub.proposals();
    let with_extras = |mut s: wire::State, r: &Referee| {
        // While counting, the scorer's answer so far (its first look asks it).
        let answer = (r.phase() == referee::Phase::Counting)
            .then(|| scoring.answer(id, r.game(), h.proposal_told(r.events().len())))
            .flatten();
        if let Value::Object(x) = crate::view::game_view(r, answer.as_ref(), proposals, id) {
            s.extend(x);
        }
        s
    };
    let mut state = with_extras(state_object(h.state().await)?, &r);
    let mut you = None;
    if caller.secret.is_some() || caller.account.is_some() {
        // Only a player's own seat: an official's rights are not a colour.
        if let Ok((Actor::Player(c), _)) = resolve_actor(&st, &h.info, &caller, None).await {
            you = Some(crate::wire::WColor::from(c).name());
            // Only a seat that may change something is looked up: a board waiting for its
            // players, or a player the start found absent (the common view, of a player in
            // play, reads no database).
            let absent = r.is_absent(c);
            if (matches!(r.phase(), referee::Phase::Setup) || absent) && seated(&st, &h, c, absent).await? {
                // The clock started (or the arrival was recorded): the view shows it.
                let (_, fresh) = replayed(&st, id).await?;
                state = with_extras(state_object(h.state().await)?, &fresh);
            }
        }
    }
    Ok(Json(wire::GameView {
        state,
        settings: h.info.settings.clone(),
        event: h.info.event_id.clone(),
        round: h.info.round,
        board_no: h.info.board,
        viewers: h.watchers(),
        you,
        // A seat link an official has replaced (or never was one): the page says so.
        seat_link_invalid: caller.secret.is_some() && you.is_none(),
    }))
}

/// Player `color` of game `h` took their seat (opened their link, or joined it); `absent`:
/// the referee has them absent since the start. On a board started to wait for its players
/// ([`WSettings::scheduled_start_ms`]), the first time a seat is taken is recorded; when both
/// are, the clock starts. Art. 22.1: a player who sat down after the round's scheduled start
/// is late by that much (charged twice, or a forfeit beyond the limit): the system starts the
/// game with them absent and records their arrival at the instant they sat down. A player the
/// official's start found absent arrives now. True if the record changed.
pub async fn seated(st: &AppState, h: &GameHandle, color: rules::Color, absent: bool) -> Result<bool, ApiError> {
    let Some(scheduled) = h.info.settings.scheduled_start_ms else {
        return Ok(false);
    };
    let db = st.0.hub.db();
    let mut arrived = db.arrivals(h.info.id).await?;
    let first = arrived[color.index()].is_none();
    if first {
        arrived = db.arrive(h.info.id, color.index(), db.time().now_ms()).await?;
    }
    let Some(state) = h.state().await else { return Ok(first) };
    let seq = state["seq"].as_u64().unwrap_or(0);
    match state["phase"].as_str() {
        Some("setup") => {
            let [Some(b), Some(w)] = arrived else { return Ok(first) };
            // Art. 22.1: late are those who sat down after the scheduled start, the earlier
            // first.
            let mut late: Vec<(rules::Color, u64)> = [(rules::Color::Black, b), (rules::Color::White, w)]
                .into_iter()
                .filter(|&(_, at)| at > scheduled)
                .collect();
            late.sort_by_key(|&(_, at)| at);
            let start = Action::Start {
                late: late.iter().map(|&(c, _)| c).collect(),
            };
            // Refused (another instance started the game first): nothing more to do.
            let mut seq = match h.submit(seq, Actor::System, "system".into(), start).await {
                Ok(ack) => ack.state["seq"].as_u64().unwrap_or(seq + 1),
                Err(e) => {
                    tracing::debug!(game = h.info.id, error = ?e, "seated: nothing recorded");
                    return Ok(first);
                }
            };
            for (side, at) in late {
                let arrive = Action::Arrive {
                    side,
                    seated: Some(clock::Instant(at)),
                };
                match h.submit(seq, Actor::System, "system".into(), arrive).await {
                    Ok(ack) => seq = ack.state["seq"].as_u64().unwrap_or(seq + 1),
                    // The game ended at the first arrival (a forfeit), or another instance
                    // recorded it.
                    Err(e) => tracing::debug!(game = h.info.id, error = ?e, "seated: arrival not recorded"),
                }
            }
            Ok(true)
        }
        // Art. 22.1: the late player sits down.
        Some("play" | "counting") if absent => {
            let by = format!("seat:{}", WColor::from(color).name());
            let arrive = Action::Arrive {
                side: color,
                seated: None,
            };
            match h.submit(seq, Actor::Player(color), by, arrive).await {
                Ok(_) => Ok(true),
                Err(e) => {
                    tracing::debug!(game = h.info.id, error = ?e, "seated: nothing recorded");
                    Ok(first)
                }
            }
        }
        _ => Ok(first),
    }
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
) -> Result<Json<wire::TimeLeft>, ApiError> {
    let color = match q.color.as_str() {
        "black" => rules::Color::Black,
        "white" => rules::Color::White,
        c => return Err(ApiError::BadRequest(say!("game.err.color", color = format!("{c:?}")))),
    };
    let (_, r) = replayed(&st, id).await?;
    let at = crate::game::now_at(st.0.hub.db().time(), &r);
    Ok(Json(wire::TimeLeft {
        game: id,
        color: crate::wire::WColor::from(color).name(),
        at: at.0,
        zh: r.clock().answer(at, color, rules::Lang::Zh),
        en: r.clock().answer(at, color, rules::Lang::En),
    }))
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
        c => return Err(ApiError::BadRequest(say!("game.err.seat", seat = format!("{c:?}")))),
    };
    let h = game(&st, id).await?;
    let account = require_official(&st, &caller, &h).await?;
    // Art. 29–31: the official issues the seat its next generation's secret; the old one
    // stops working at once, and this one can be shown again like the first.
    let generations = st.0.hub.db().seat_generations(id).await?;
    let next = generations[color.index()].saturating_add(1);
    let secret = crate::secret::seat_link_secret(
        st.0.hub.db().seat_key(),
        id,
        crate::wire::WColor::from(color).name(),
        next,
    );
    let at = st.0.hub.db().time().now_ms();
    let history =
        st.0.hub
            .reissue_seat(id, color, crate::secret::digest(&secret), account.id, at)
            .await?
            .ok_or_else(|| ApiError::NotFound(say!("game.err.none", id = id)))?;
    let seat = crate::wire::WColor::from(color).name();
    tracing::info!(game = id, seat, by = %account.name, "seat link issued again");
    Ok((
        StatusCode::CREATED,
        Json(wire::LinkIssued {
            game: id,
            color: seat,
            link: format!("/play/{id}#secret={secret}"),
            by: account.name,
            at,
            history: history
                .into_iter()
                .map(|(color, by, at)| wire::Reissue { color, by, at })
                .collect(),
        }),
    )
        .into_response())
}

/// The account of `caller` if it officiates game `h`: an organizer, chief referee or referee
/// of its event; for a game outside any event, its creator.
async fn require_official(st: &AppState, caller: &Caller, h: &GameHandle) -> Result<auth::Account, ApiError> {
    let Some(account) = caller.account.clone() else {
        return Err(ApiError::Unauthenticated(say!("session.err.log_in")));
    };
    match &h.info.event_id {
        Some(ev) => {
            require_role(st, caller, ev, &[Role::Organizer, Role::ChiefReferee, Role::Referee]).await?;
        }
        // A game outside any event: its creator officiates it.
        None if h.info.owner == Some(account.id) => {}
        None => {
            return Err(ApiError::Forbidden(say!(
                "game.err.not_creator",
                name = account.name,
                id = h.info.id
            )));
        }
    }
    Ok(account)
}

/// The current secrets of game `id`'s seats (Black's, White's), derived again under the
/// server's key at each seat's generation and checked against the stored digests; `None` for
/// a seat whose secret cannot be derived (a game made before the links were derived: an
/// official issues it a new link, which can be).
pub async fn current_secrets(st: &AppState, id: i64) -> Result<[Option<String>; 2], ApiError> {
    let db = st.0.hub.db();
    let stored = db
        .seat_secrets(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(say!("game.err.none", id = id)))?;
    let generations = db.seat_generations(id).await?;
    Ok([0, 1].map(|i| {
        // The generation is the count of new links recorded; two issued at once count two
        // and give one secret, so the earlier generations are tried too.
        (0..=generations[i])
            .rev()
            .map(|g| crate::secret::seat_link_secret(db.seat_key(), id, ["black", "white"][i], g))
            .find(|s| crate::secret::digest(s) == stored[i])
    }))
}

/// Where the pages are served from, for the links' full URLs (a QR code needs one): the
/// request's `Host`, over HTTPS when the server sits behind TLS.
pub fn origin(st: &AppState, headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("localhost");
    let scheme = if st.0.behind_tls { "https" } else { "http" };
    format!("{scheme}://{host}")
}

/// Game `h`'s seats as an official is shown them: for Black and White, the player, the link
/// (its path, its full URL and the URL's QR code as SVG; `null` if it cannot be shown again),
/// and when the player first opened it or joined the seat. With the board's place and the
/// game's phase (`setup` while its clock waits).
pub async fn seats(st: &AppState, h: &GameHandle, origin: &str) -> Result<wire::Seats, ApiError> {
    let id = h.info.id;
    let secrets = current_secrets(st, id).await?;
    let arrived = st.0.hub.db().arrivals(id).await?;
    let black = match replayed(st, id).await {
        Ok((_, r)) => r.seat_of(rules::Color::Black).unwrap_or(referee::Seat::First),
        Err(_) => referee::Seat::First,
    };
    let phase = h.state().await.map_or(Value::Null, |s| s["phase"].clone());
    let p = &h.info.settings.players;
    let names = [&p[black.index()], &p[black.other().index()]];
    let seat = |i: usize| {
        let link = secrets[i].as_ref().map(|s| {
            let path = format!("/play/{id}#secret={s}");
            let url = format!("{origin}{path}");
            wire::SeatLink {
                qr: crate::qr::svg(&url),
                path,
                url,
            }
        });
        wire::Seat {
            player: names[i].name.clone(),
            rank: names[i].rank.clone(),
            link,
            seated_at: arrived[i],
        }
    };
    Ok(wire::Seats {
        game: id,
        event: h.info.event_id.clone(),
        round: h.info.round,
        board: h.info.board,
        phase,
        seats: wire::BlackWhite {
            black: seat(0),
            white: seat(1),
        },
    })
}

/// `POST /api/games/{id}/start`: an official starts the clock of a board waiting for its
/// players (started "when seated"). Art. 22.1: the players who have not taken their seats are
/// recorded absent; each arrives when they open their link (`seated`), and the referee
/// charges their lateness or rules the forfeit.
async fn start_clock(
    State(st): State<AppState>,
    caller: Caller,
    Path(id): Path<i64>,
) -> Result<Json<wire::ClockStarted>, ApiError> {
    let h = game(&st, id).await?;
    let account = require_official(&st, &caller, &h).await?;
    let arrived = st.0.hub.db().arrivals(id).await?;
    let late: Vec<rules::Color> = [rules::Color::Black, rules::Color::White]
        .into_iter()
        .filter(|c| arrived[c.index()].is_none())
        .collect();
    let state = h
        .state()
        .await
        .ok_or_else(|| ApiError::Internal("game task gone".into()))?;
    let seq = state["seq"].as_u64().unwrap_or(0);
    let by = format!("account:{}", account.name);
    let ack = h
        .submit(seq, Actor::Referee, by, Action::Start { late: late.clone() })
        .await?;
    Ok(Json(wire::ClockStarted {
        game: id,
        late: late.iter().map(|&c| WColor::from(c).name()).collect(),
        state: ack.state,
    }))
}

/// `GET /api/games/{id}/links`: the game's seat links again, for its officials (the links are
/// derived, not kept: any official may show or print them at any time).
async fn show_links(
    State(st): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> Result<Json<wire::Seats>, ApiError> {
    let h = game(&st, id).await?;
    require_official(&st, &caller, &h).await?;
    Ok(Json(seats(&st, &h, &origin(&st, &headers)).await?))
}

/// Every seat link issued again for the games of event `id`, oldest first: the game, its
/// round and board, the seat, who issued it, when. For the event's officials, who issue them
/// (Art. 29–31); the links themselves are never kept, only who gave one and when.
async fn seat_links(
    State(st): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<wire::EventSeatLinks>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee, Role::Referee]).await?;
    let games = st.0.hub.db().list_games(Some(id.clone())).await?;
    let rows = st.0.hub.db().seat_links_of_event(id.clone()).await?;
    let links = rows
        .into_iter()
        .map(|(game, color, by, at)| {
            let g = games.iter().find(|g| g.0 == game);
            wire::EventSeatLink {
                game,
                round: g.and_then(|g| g.2),
                board: g.and_then(|g| g.3),
                color,
                by,
                at,
            }
        })
        .collect();
    Ok(Json(wire::EventSeatLinks { event: id, links }))
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
                read_store(&st, move |s| s.load_event(&e))
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
    // A counted game's record says who proposed its dead stones (Art. 8: the players decided).
    let scoring = st.0.hub.scoring();
    let note = r
        .count()
        .and_then(|_| crate::view::proposer_note(scoring.is_some(), scoring.known(id, r.game()).as_ref()));
    let text = crate::view::game_sgf(&r, &meta, note.as_deref());
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
