//! An event's rounds: pairing the next (`POST /api/events/{id}/rounds`), the proposal and
//! pairing it with the director's changes, undoing the last, and starting a round's live
//! games with the director's settings (`…/rounds/{n}/setup`, `…/rounds/{n}/games`).

use crate::auth::Role;
use crate::error::ApiError;
use crate::http::extract::{Body, Caller, Path, SignedIn, require_role};
use crate::http::games::{NewGame, SeatSecrets, new_game};
use crate::http::store::{read_store, with_store};
use crate::state::AppState;
use crate::wire::events::event_body;
use crate::wire::rounds as wire;
use crate::wire::{WPlayer, WSettings, system_kind};
use crate::words::say;
use crate::words::{Said, said, time_error};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use referee::ColourChoice;
use serde::Deserialize;
use web::routes::{Route, delete, get, post};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![
        post("/api/events/{id}/rounds", pair_round),
        get("/api/events/{id}/proposal", proposal),
        post("/api/events/{id}/rounds/amended", pair_amended),
        delete("/api/events/{id}/rounds/{n}", unpair),
        get("/api/events/{id}/rounds/{n}/setup", round_setup),
        post("/api/events/{id}/rounds/{n}/games", start_games),
        get("/api/events/{id}/rounds/{n}/links", round_links),
    ]
}

async fn pair_round(State(st): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Response, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let i = id.clone();
    let ev = with_store(&st, move |s| s.pair_next(&i)).await?;
    Ok((StatusCode::CREATED, Json(event_body(&id, &ev))).into_response())
}

async fn proposal(
    State(st): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<wire::Proposal>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let i = id.clone();
    let (ev, p) = read_store(&st, move |s| {
        let p = s.propose(&i)?;
        Ok((s.load_event(&i)?, p))
    })
    .await?;
    let name = |p: tournament::PlayerId| ev.player(p).name.clone();
    let handicaps = tournament::handicap::for_round(&ev, p.round);
    // The round two players last met in, if they did.
    let met = |a: tournament::PlayerId, b: tournament::PlayerId| {
        ev.rounds()
            .iter()
            .rev()
            .find(|r| {
                r.games
                    .iter()
                    .any(|g| !g.void && g.color_of(a).is_some() && g.color_of(b).is_some())
            })
            .map(|r| r.number)
    };
    Ok(Json(wire::Proposal {
        round: p.round,
        games: p
            .games
            .iter()
            .map(|g| wire::ProposedGame {
                board: g.board,
                black: name(g.black),
                white: name(g.white),
                // Art. 11: the stones of a McMahon handicap game (Black is the weaker player).
                handicap: handicaps.of(g.black, g.white).stones,
                met_in: met(g.black, g.white),
            })
            .collect(),
        byes: p.byes.iter().map(|&x| name(x)).collect(),
        idle: p.idle.iter().map(|&x| name(x)).collect(),
        players: editor_players(&ev),
    }))
}

/// What the proposal editor shows of each active player: rank, score (the McMahon score in
/// a McMahon event, else the points; a win is 2), the colours of each round so far
/// (`black`, `white`, `bye` or null) and the players met, so the page flags a repeat as the
/// director picks a pair.
fn editor_players(ev: &tournament::Event) -> Vec<wire::EditorPlayer> {
    let stats = tournament::player_stats(ev);
    (0..ev.players().len())
        .map(tournament::PlayerId)
        .filter(|&p| ev.is_active(p))
        .map(|p| {
            let score = i64::from(stats[p.0].points)
                + if plays_handicaps(ev) {
                    tournament::mcmahon_base(ev, p)
                } else {
                    0
                };
            let colours: Vec<Option<&'static str>> = ev
                .rounds()
                .iter()
                .map(|r| {
                    if r.byes.contains(&p) {
                        return Some("bye");
                    }
                    r.games.iter().find_map(|g| match g.color_of(p) {
                        Some(rules::Color::Black) => Some("black"),
                        Some(rules::Color::White) => Some("white"),
                        None => None,
                    })
                })
                .collect();
            let met: Vec<String> = ev
                .rounds()
                .iter()
                .flat_map(|r| r.games.iter())
                .filter(|g| !g.void)
                .filter_map(|g| match g.color_of(p) {
                    Some(rules::Color::Black) => Some(ev.player(g.white).name.clone()),
                    Some(rules::Color::White) => Some(ev.player(g.black).name.clone()),
                    None => None,
                })
                .collect();
            wire::EditorPlayer {
                name: ev.player(p).name.clone(),
                rank: ev.player(p).rank.to_string(),
                score,
                colours,
                met,
            }
        })
        .collect()
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct AmendedReq {
    games: Vec<(String, String)>,
    #[serde(default)]
    byes: Vec<String>,
    /// The director saw the warnings (a repeat, a colour breach) and pairs anyway.
    #[serde(default)]
    confirm: bool,
}

async fn pair_amended(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
    Body(r): Body<AmendedReq>,
) -> Result<Response, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let (i, games, byes) = (id.clone(), r.games.clone(), r.byes.clone());
    let (ev, review) = read_store(&st, move |s| s.review_amended(&i, &games, &byes)).await?;
    let round = ev.rounds().len() + 1;
    let name = |p: tournament::PlayerId| ev.player(p).name.clone();
    // Art. 26: everyone the system pairs for the round has a game or the bye.
    if !review.left_out.is_empty() {
        let names: Vec<String> = review.left_out.iter().map(|&p| name(p)).collect();
        return Err(said("pairing.err.left_out", |lang| {
            vec![("round", round.to_string()), ("names", list(lang, &names))]
        })
        .into());
    }
    if review.has_warnings() && !r.confirm {
        return Ok(confirm_first(&ev, &review));
    }
    let i = id.clone();
    let ev = with_store(&st, move |s| s.pair_amended(&i, &r.games, &r.byes)).await?;
    Ok((
        StatusCode::CREATED,
        Json(wire::Paired {
            event: id,
            rounds: ev.rounds().len(),
        }),
    )
        .into_response())
}

/// Names as a list in the page's language.
fn list(lang: rules::Lang, names: &[String]) -> String {
    names.join(if lang == rules::Lang::Zh { "、" } else { ", " })
}

/// The answer to a changed pairing that needs the director's confirmation: a 409 whose
/// `warnings` say each repeat (Art. 26.3) and colour breach (Art. 10) in both languages,
/// `message`/`zh` all of them; sent again with `confirm: true`, the round is paired.
fn confirm_first(ev: &tournament::Event, review: &tournament::review::Review) -> Response {
    let name = |p: tournament::PlayerId| ev.player(p).name.clone();
    let mut warnings: Vec<Said> = Vec::new();
    for x in &review.repeats {
        let key = if x.same_colours {
            "pairing.warn.repeat_exact"
        } else {
            "pairing.warn.repeat"
        };
        let p = [
            ("black", name(x.black)),
            ("white", name(x.white)),
            ("round", x.round.to_string()),
        ];
        warnings.push(said(key, |_| p.to_vec()));
    }
    for x in &review.colours {
        let p = [
            ("name", name(x.player)),
            ("blacks", x.blacks.to_string()),
            ("whites", x.whites.to_string()),
        ];
        warnings.push(said("pairing.warn.colours", |_| p.to_vec()));
    }
    let all = said("pairing.confirm", |lang| {
        let each: Vec<String> = warnings
            .iter()
            .map(|w| {
                if lang == rules::Lang::Zh {
                    w.zh.clone()
                } else {
                    w.en.clone()
                }
            })
            .collect();
        vec![("warnings", each.join(if lang == rules::Lang::Zh { "；" } else { "; " }))]
    });
    (
        StatusCode::CONFLICT,
        Json(wire::ConfirmFirst {
            error: "confirm",
            key: all.key,
            message: all.en,
            zh: all.zh,
            warnings: warnings
                .into_iter()
                .map(|w| wire::Warning {
                    key: w.key,
                    en: w.en,
                    zh: w.zh,
                })
                .collect(),
        }),
    )
        .into_response()
}

async fn unpair(
    State(st): State<AppState>,
    caller: Caller,
    Path((id, n)): Path<(String, u32)>,
) -> Result<Json<wire::Paired>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
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
        return Err(ApiError::Conflict(say!(
            "round.err.live_games",
            round = n,
            event = id,
            boards = playing.join(", ")
        )));
    }
    let i = id.clone();
    let ev = with_store(&st, move |s| s.unpair(&i, n)).await?;
    Ok(Json(wire::Paired {
        event: id,
        rounds: ev.rounds().len(),
    }))
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
    /// The boards to start (the others run over the board, or start later); all the boards
    /// not started yet unless given.
    #[serde(default)]
    boards: Option<Vec<u32>>,
    /// When the boards' clocks start: `now`, or `seated` (when both players have opened
    /// their links or joined, or an official starts the board's clock).
    #[serde(default)]
    clocks: Clocks,
    /// Art. 22.1: the round's scheduled start (milliseconds since the epoch), which the
    /// lateness of a board waiting for its players counts from; now unless given.
    #[serde(default)]
    scheduled_start_ms: Option<u64>,
}

/// When a started board's clock runs.
#[derive(Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum Clocks {
    /// At once.
    #[default]
    Now,
    /// When both players are seated, or an official starts it.
    Seated,
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
            let system = format!("system.{}", system_kind(ev.system()));
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

/// The boards a start names, checked: each a board of the round, without a result, not
/// started. None named: every board without a result not started yet, and at least one. A
/// repeated start is a 409 that never touches the games (and links) made before.
fn chosen_boards(round: &tournament::Round, existing: &[u32], named: Option<&[u32]>) -> Result<Vec<u32>, ApiError> {
    let n = ("round", round.number.to_string());
    let Some(named) = named else {
        let open: Vec<u32> = round
            .games
            .iter()
            .filter(|g| g.result.is_none() && !existing.contains(&g.board))
            .map(|g| g.board)
            .collect();
        if open.is_empty() {
            return Err(ApiError::Conflict(said("round.err.started", |_| vec![n.clone()])));
        }
        return Ok(open);
    };
    for &b in named {
        let p = vec![n.clone(), ("board", b.to_string())];
        let Some(g) = round.games.iter().find(|g| g.board == b) else {
            return Err(said("round.err.no_board", |_| p.clone()).into());
        };
        if existing.contains(&b) {
            return Err(ApiError::Conflict(said("round.err.board_started", |_| p.clone())));
        }
        if g.result.is_some() {
            return Err(ApiError::Conflict(said("round.err.board_result", |_| p.clone())));
        }
    }
    Ok(named.to_vec())
}

/// `GET /api/events/{id}/rounds/{n}/links`: every started board of round `n` with its seat
/// links (path, URL, QR code), its players by colour, and when each took their seat; for the
/// event's officials, who show or print them again at any time (the seat slips).
async fn round_links(
    State(st): State<AppState>,
    caller: Caller,
    headers: axum::http::HeaderMap,
    Path((id, n)): Path<(String, u32)>,
) -> Result<Json<wire::RoundLinks>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee, Role::Referee]).await?;
    let i = id.clone();
    let ev = read_store(&st, move |s| s.load_event(&i)).await?;
    if !ev.rounds().iter().any(|x| x.number == n) {
        return Err(ApiError::NotFound(say!("round.err.none", event = id, round = n)));
    }
    let origin = crate::http::games::origin(&st, &headers);
    let mut games = board_games(&st, &id, n).await?;
    games.sort_by_key(|&(_, board)| board);
    let mut boards = Vec::new();
    for (gid, _) in games {
        let Some(h) = st.0.hub.get(gid).await? else { continue };
        boards.push(crate::http::games::seats(&st, &h, &origin).await?);
    }
    Ok(Json(wire::RoundLinks {
        event: id,
        name: ev.name().to_string(),
        round: n,
        boards,
    }))
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
    let Some(ev) = with_store(st, move |s| match s.load_event(&i) {
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
) -> Result<Json<wire::RoundSetup>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let i = id.clone();
    let ev = read_store(&st, move |s| s.load_event(&i)).await?;
    let round = ev
        .rounds()
        .iter()
        .find(|x| x.number == n)
        .ok_or_else(|| ApiError::NotFound(say!("round.err.none", event = id, round = n)))?;
    let games = board_games(&st, &id, n).await?;
    let started: Vec<u32> = games.iter().map(|x| x.1).collect();
    let written = ev.settings().time_control.as_deref().unwrap_or("").trim();
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
    let boards = round
        .games
        .iter()
        .map(|g| wire::SetupBoard {
            board: g.board,
            black: ev.player(g.black).name.clone(),
            black_rank: ev.player(g.black).rank.to_string(),
            white: ev.player(g.white).name.clone(),
            white_rank: ev.player(g.white).rank.to_string(),
            started: started.contains(&g.board),
            game: games.iter().find(|x| x.1 == g.board).map(|x| x.0),
            result: g.result.map(|x| x.to_string()),
            handicap: suggested_handicap(&ev, n, g),
            // Who takes Black (and the stones) if the board plays a handicap: the weaker
            // player, whatever colour the pairing gave them; null at equal ranks.
            handicap_black: handicap_black(&ev, n, g).map(|seat| match seat {
                referee::Seat::First => ev.player(g.black).name.clone(),
                referee::Seat::Second => ev.player(g.white).name.clone(),
            }),
        })
        .collect();
    Ok(Json(wire::RoundSetup {
        event: id,
        round: n,
        time,
        // Why the event's time control cannot be read, in both languages of the pages.
        time_error: time_error.as_ref().map(|e| e.en.clone()),
        time_error_zh: time_error.map(|e| e.zh),
        size: chosen.as_ref().map_or(19, |s| s.size),
        komi_half_points: komi.unwrap_or(KOMI_HALF_POINTS),
        handicap_komi_half_points: handicap_komi.unwrap_or(0),
        lost_turn_on_timeout: chosen.as_ref().is_some_and(|s| s.lost_turn_on_timeout),
        handicaps: plays_handicaps(&ev),
        boards,
    }))
}

async fn start_games(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path((id, n)): Path<(String, u32)>,
    Body(r): Body<StartReq>,
) -> Result<Response, ApiError> {
    let account = require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee]).await?;
    let i = id.clone();
    let ev = read_store(&st, move |s| s.load_event(&i)).await?;
    let round = ev
        .rounds()
        .iter()
        .find(|x| x.number == n)
        .ok_or_else(|| ApiError::NotFound(say!("round.err.none", event = id, round = n)))?
        .clone();
    let plan = check_start(&ev, &id, &round, &r)?;
    let existing = started_boards(&st, &id, n).await?;
    let chosen = chosen_boards(&round, &existing, r.boards.as_deref())?;
    let when_seated =
        (r.clocks == Clocks::Seated).then(|| r.scheduled_start_ms.unwrap_or_else(|| st.0.hub.db().time().now_ms()));
    let mut made = Vec::new();
    for g in round.games.iter().filter(|g| chosen.contains(&g.board)) {
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
            // Art. 16.4: set by `new_game` from the event's choice.
            confirmation: None,
            scheduled_start_ms: when_seated,
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
            // A board started "when seated" waits for its players (`games::seated`).
            start: when_seated.is_none(),
            owner: account.id,
        };
        let (h, secrets) = new_game(&st, game, SeatSecrets::Fresh).await??;
        let gid = h.info.id;
        // The seat links and names by the colours played (secrets are Black's then White's).
        made.push(wire::StartedGame {
            game: gid,
            board: g.board,
            black: black_name.clone(),
            white: white_name.clone(),
            links: crate::wire::games::BlackWhite {
                black: format!("/play/{gid}#secret={}", secrets[0]),
                white: format!("/play/{gid}#secret={}", secrets[1]),
            },
        });
    }
    Ok((
        StatusCode::CREATED,
        Json(wire::GamesStarted {
            event: id,
            round: n,
            games: made,
        }),
    )
        .into_response())
}
