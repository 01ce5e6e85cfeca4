//! Events (through the storage and tournament crates): `POST /api/events`, `GET /api/events`,
//! `GET /api/events/{id}`, its standings, and the caller's roles in it (`…/me`); the organizer
//! edits an event (`PUT /api/events/{id}`: the name always, the settings until the first
//! round is paired) and deletes one without games (`DELETE /api/events/{id}`).

use crate::auth::{self, Role};
use crate::error::ApiError;
use crate::http::extract::{Body, Caller, Path, SignedIn, require_role, roles_of};
use crate::http::store::{extras_of, gotha_standings_of, read_store, with_store};
use crate::state::AppState;
use crate::wire::events::{
    EventBody, Figures, ListedEvent, Me, RatingBody, StandingRow, StandingsBody, ZhEn, event_body,
};
use crate::wire::rank;
use crate::words::{Said, said, time_error};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use web::routes::{Route, delete, get, post, put};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![
        post("/api/events", create_event),
        get("/api/events", list_events),
        get("/api/events/{id}", show_event),
        put("/api/events/{id}", edit_event),
        delete("/api/events/{id}", delete_event),
        get("/api/events/{id}/standings", standings),
        get("/api/events/{id}/me", me),
    ]
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
enum WSystem {
    RoundRobin {
        #[serde(default = "one")]
        cycles: u32,
    },
    Knockout {
        #[serde(default = "one")]
        lives: u32,
        #[serde(default = "one")]
        best_of: u32,
        #[serde(default)]
        grand_final_reset: bool,
    },
    Swiss,
    SwissElimination {
        losses: u32,
    },
    McMahon {
        bar: String,
        floor: String,
    },
}

fn one() -> u32 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewEventReq {
    id: String,
    name: String,
    system: WSystem,
    rounds: u32,
    /// Art. 12; required, and refused when empty or unreadable (`none` for no clock).
    #[serde(default)]
    time_control: Option<String>,
    #[serde(default)]
    lots_seed: u64,
    #[serde(default)]
    lateness_limit_minutes: Option<u32>,
    /// McMahon: how handicaps are proposed; absent, the system's rule
    /// (`tournament::HandicapRule::for_system`: the McMahon bar as the handicap's bar).
    #[serde(default)]
    handicap: Option<WHandicap>,
    /// The categories' lower limits, strongest first (absent or empty: one category).
    #[serde(default)]
    categories: Option<Vec<String>>,
    /// Swiss-like events: pair inside the categories (absent: the system's default).
    #[serde(default)]
    pair_within_categories: Option<bool>,
    /// The tie-break chain by key (Art. 27; absent or empty: the system's default).
    #[serde(default)]
    tie_breaks: Option<Vec<String>>,
}

/// A handicap rule as the API takes it (OpenGotha's `HandicapParameterSet`): each field
/// absent is the system's default (`tournament::HandicapRule::for_system`) for a new event,
/// the event's rule as it is for an edit; a `bar` of `null` is no bar.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WHandicap {
    #[serde(default)]
    basis: Option<WBasis>,
    #[serde(default, deserialize_with = "present")]
    bar: Option<Option<String>>,
    #[serde(default)]
    correction: Option<u32>,
    #[serde(default)]
    ceiling: Option<u32>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum WBasis {
    Rank,
    Mms,
}

/// A field that is present, `null` included (`Some(None)`), as against absent (`None`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// The handicap rule `w` sets over `base` (ranks as people write them), checked by the event
/// (`tournament::Settings::checked`: Art. 11's ceiling of nine) when it is stored.
fn handicap_rule(w: WHandicap, base: tournament::HandicapRule) -> Result<tournament::HandicapRule, ApiError> {
    Ok(tournament::HandicapRule {
        basis: match w.basis {
            None => base.basis,
            Some(WBasis::Rank) => tournament::HandicapBasis::Rank,
            Some(WBasis::Mms) => tournament::HandicapBasis::Mms,
        },
        bar: match w.bar {
            None => base.bar,
            Some(None) => None,
            Some(Some(b)) if b.trim().is_empty() => None,
            Some(Some(b)) => Some(rank(&b)?),
        },
        correction: w.correction.unwrap_or(base.correction),
        ceiling: w.ceiling.unwrap_or(base.ceiling),
    })
}

/// The categories' lower limits as written (`3d`, `3段`), strongest first; their order is
/// checked by the event (`tournament::Categories::check`).
fn category_limits(written: &[String]) -> Result<Vec<tournament::Rank>, ApiError> {
    written
        .iter()
        .filter(|r| !r.trim().is_empty())
        .map(|r| Ok(rank(r)?))
        .collect()
}

/// A tie-break chain by key (`mms`, `sos`, `category`, …); a criterion named twice is refused
/// by the event (`tournament::Settings::checked`).
fn tie_break_chain(written: &[String]) -> Result<Vec<tournament::TieBreak>, ApiError> {
    written
        .iter()
        .map(|t| {
            t.parse::<tournament::TieBreak>().map_err(|_| {
                crate::words::say!(
                    "event.err.tie_break",
                    tie_break = t,
                    names = tournament::TieBreak::names()
                )
                .into()
            })
        })
        .collect()
}

async fn create_event(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Body(r): Body<NewEventReq>,
) -> Result<Response, ApiError> {
    let account = caller.account()?.clone();
    // Art. 12: the time control is part of the event; a request without one is refused,
    // naming the field, as the page's form requires it.
    let time_control = match &r.time_control {
        Some(t) => Some(checked_time_control(t)?),
        None => return Err(crate::words::say!("event.err.time_missing", field = "time_control").into()),
    };
    let system = match r.system {
        WSystem::RoundRobin { cycles } => tournament::System::RoundRobin { cycles },
        WSystem::Knockout {
            lives,
            best_of,
            grand_final_reset,
        } => tournament::System::Knockout {
            lives,
            best_of,
            grand_final_reset,
        },
        WSystem::Swiss => tournament::System::Swiss,
        WSystem::SwissElimination { losses } => tournament::System::SwissElimination { losses },
        WSystem::McMahon { bar, floor } => tournament::System::McMahon {
            bar: rank(&bar)?,
            floor: rank(&floor)?,
        },
    };
    // A McMahon event avoids pairing club and region mates by default, and its handicap's
    // bar is the McMahon bar (`tournament::Settings::defaults_for`).
    let defaults = tournament::Settings::defaults_for(system);
    let handicap = match r.handicap {
        Some(w) => handicap_rule(w, defaults.handicap)?,
        None => defaults.handicap,
    };
    let categories = tournament::Categories {
        lower_limits: category_limits(r.categories.as_deref().unwrap_or_default())?,
        pair_within: r.pair_within_categories.unwrap_or(defaults.categories.pair_within),
    };
    let settings = tournament::Settings {
        time_control,
        lots_seed: r.lots_seed,
        lateness_limit_minutes: r.lateness_limit_minutes.unwrap_or(60),
        handicap,
        categories,
        tie_breaks: tie_break_chain(r.tie_breaks.as_deref().unwrap_or_default())?,
        ..defaults
    };
    let new = storage::NewEvent {
        id: r.id.clone(),
        name: r.name,
        system,
        n_rounds: r.rounds,
        settings,
    };
    let ev = with_store(&st, move |s| s.create_event(&new)).await?;
    // Art. 29: the account that creates the event organises it.
    auth::grant(st.0.hub.db(), r.id.clone(), account.id, Role::Organizer, account.id).await?;
    Ok((StatusCode::CREATED, Json(event_body(&r.id, &ev))).into_response())
}

/// Art. 12: an event's time control as the clock crate reads it (canonical), or the
/// refusal in both languages. A field left empty is refused: the time control is part of the
/// event (an event stored without one, by the CLI or an import, has its round form start
/// from the default).
fn checked_time_control(written: &str) -> Result<String, Said> {
    let written = written.trim();
    if written.is_empty() {
        return Err(said("event.err.time_empty", |_| vec![]));
    }
    let control: clock::TimeControl = written.parse().map_err(|e| time_error(&e))?;
    Ok(control.to_string())
}

/// What the organizer changes of an event: each field given is changed, the others stay.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EditEventReq {
    #[serde(default)]
    name: Option<String>,
    /// The planned rounds (Art. 26.3: a Swiss event's may change while it runs).
    #[serde(default)]
    rounds: Option<u32>,
    #[serde(default)]
    time_control: Option<String>,
    #[serde(default)]
    lateness_limit_minutes: Option<u32>,
    /// McMahon: the handicap rule; each field absent stays as it is (`bar: null`: no bar).
    #[serde(default)]
    handicap: Option<WHandicap>,
    /// The categories' lower limits, strongest first (empty: one category).
    #[serde(default)]
    categories: Option<Vec<String>>,
    #[serde(default)]
    pair_within_categories: Option<bool>,
    /// The tie-break chain by key (empty: the system's default).
    #[serde(default)]
    tie_breaks: Option<Vec<String>>,
}

/// `PUT /api/events/{id}`: the organizer renames the event (at any time), changes its
/// planned rounds (within what the system allows) and, until the first round is paired, its
/// time control, lateness limit, handicap rule, categories and tie-break chain.
async fn edit_event(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
    Body(r): Body<EditEventReq>,
) -> Result<Json<EventBody>, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer]).await?;
    let i = id.clone();
    let ev = read_store(&st, move |s| s.load_event(&i)).await?;
    let name = match r.name.as_deref().map(str::trim) {
        Some("") => return Err(said("event.err.name_empty", |_| vec![]).into()),
        other => other.map(str::to_string),
    };
    let mut settings = ev.settings().clone();
    if let Some(t) = &r.time_control {
        settings.time_control = Some(checked_time_control(t)?);
    }
    if let Some(m) = r.lateness_limit_minutes {
        settings.lateness_limit_minutes = m;
    }
    if let Some(w) = r.handicap {
        settings.handicap = handicap_rule(w, settings.handicap)?;
    }
    if let Some(limits) = &r.categories {
        settings.categories.lower_limits = category_limits(limits)?;
    }
    if let Some(within) = r.pair_within_categories {
        settings.categories.pair_within = within;
    }
    if let Some(chain) = &r.tie_breaks {
        settings.tie_breaks = tie_break_chain(chain)?;
    }
    let settings_changed = &settings != ev.settings();
    if settings_changed && !ev.rounds().is_empty() {
        let p = [("event", id.clone()), ("rounds", ev.rounds().len().to_string())];
        return Err(said("event.err.settings_fixed", |_| p.to_vec()).into());
    }
    let rounds = r.rounds.filter(|&n| n != ev.planned_rounds());
    let i = id.clone();
    let ev = with_store(&st, move |s| {
        if let Some(n) = rounds {
            s.set_rounds(&i, n)?;
        }
        if settings_changed {
            s.set_settings(&i, &settings)?;
        }
        match name {
            Some(name) => s.rename_event(&i, &name),
            None => s.load_event(&i),
        }
    })
    .await?;
    Ok(Json(event_body(&id, &ev)))
}

/// `DELETE /api/events/{id}`: the organizer deletes an event without games (no round
/// paired, no live game), with its players and what the server kept of it (its officials,
/// linked accounts, claim codes).
async fn delete_event(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    require_role(&st, &caller, &id, &[Role::Organizer]).await?;
    let i = id.clone();
    let ev = read_store(&st, move |s| s.load_event(&i)).await?;
    let games = st.0.hub.db().list_games(Some(id.clone())).await?.len();
    if !ev.rounds().is_empty() || games > 0 {
        let p = [
            ("event", id.clone()),
            ("rounds", ev.rounds().len().to_string()),
            ("games", games.to_string()),
        ];
        return Err(said("event.err.has_games", |_| p.to_vec()).into());
    }
    let i = id.clone();
    with_store(&st, move |s| s.delete_event(&i)).await?;
    st.0.hub.db().forget_event(id.clone()).await?;
    tracing::info!(event = %id, "event deleted");
    Ok(StatusCode::NO_CONTENT.into_response())
}

async fn list_events(State(st): State<AppState>) -> Result<Json<Vec<ListedEvent>>, ApiError> {
    let list = read_store(&st, |s| s.events()).await?;
    Ok(Json(
        list.into_iter()
            .map(|e| ListedEvent {
                id: e.id,
                name: e.name,
                rounds: e.n_rounds,
                paired: e.n_paired,
                players: e.n_players,
            })
            .collect(),
    ))
}

async fn show_event(State(st): State<AppState>, Path(id): Path<String>) -> Result<Json<EventBody>, ApiError> {
    let i = id.clone();
    let ev = read_store(&st, move |s| s.load_event(&i)).await?;
    Ok(Json(event_body(&id, &ev)))
}

/// `GET /api/events/{id}/standings`: weiqi's standings by the event's tie-break chain
/// (Art. 27), or, for an event imported from OpenGotha (the file kept with it), the
/// standings as OpenGotha places them (`placement: "opengotha"`): its order, its shared
/// places, the file's criteria and their values as OpenGotha shows them, the one placement
/// `weiqi event standings` prints, so that the director sees the standings they know.
async fn standings(State(st): State<AppState>, Path(id): Path<String>) -> Result<Json<StandingsBody>, ApiError> {
    let i = id.clone();
    let (ev, extras, gotha) = read_store(&st, move |s| {
        let ev = s.load_event(&i)?;
        let extras = extras_of(s, &i, &ev)?;
        let gotha = gotha_standings_of(s, &i, &ev)?;
        Ok((ev, extras, gotha))
    })
    .await?;
    let s = ev.standings();
    // The ratings (before, after, change) and the promotion, when the event has them.
    let rating = |p: tournament::PlayerId| {
        extras.ratings.iter().find(|c| c.player == p).map(|c| RatingBody {
            before: c.before.value.round(),
            after: c.after.value.round(),
            change: (c.change() * 10.0).round() / 10.0,
            deviation_before: c.before.deviation.map(f64::round),
            deviation_after: c.after.deviation.map(f64::round),
        })
    };
    let promotion = |p: tournament::PlayerId| {
        extras
            .promotions
            .iter()
            .find(|x| x.player == p)
            .map(|x| x.to.to_string())
    };
    // weiqi's figures of a player (points, wins, losses, draws, withdrawn), by player.
    let mut row_of = vec![None; ev.players().len()];
    for r in &s.rows {
        row_of[r.player.0] = Some(r);
    }
    let figures = |p: tournament::PlayerId| {
        let r = row_of.get(p.0).copied().flatten();
        let stats = r.map(|r| r.stats.clone()).unwrap_or_default();
        Figures {
            name: ev.player(p).name.clone(),
            points: stats.points,
            wins: stats.wins,
            losses: stats.losses,
            draws: stats.draws,
            withdrawn: r.is_some_and(|r| r.withdrawn),
            rating: rating(p),
            promotion: promotion(p),
        }
    };
    use rules::Lang;
    let (placement, after_round, chain, names, rows) = match &gotha {
        // OpenGotha's placement: its rows in its order, each criterion by OpenGotha's name.
        Some(g) => (
            "opengotha",
            g.after_round,
            g.criteria.clone(),
            [Lang::Zh, Lang::En].map(|l| {
                g.criteria
                    .iter()
                    .map(|c| formats::opengotha::standings::criterion_name(c, l))
                    .collect::<Vec<_>>()
            }),
            g.rows
                .iter()
                .map(|r| StandingRow {
                    figures: figures(r.player),
                    place: r.place,
                    shared: Some(r.shared),
                    values: g.texts(r),
                })
                .collect::<Vec<_>>(),
        ),
        None => (
            "weiqi",
            s.after_round,
            s.chain.iter().map(|t| t.name().to_string()).collect(),
            // As people read them: the one table, the print view's.
            [Lang::Zh, Lang::En].map(|l| {
                s.chain
                    .iter()
                    .map(|&t| formats::html::tie_break_name(t, l).to_string())
                    .collect::<Vec<_>>()
            }),
            s.rows
                .iter()
                .map(|r| StandingRow {
                    figures: figures(r.player),
                    place: r.place,
                    shared: None,
                    values: r.values.iter().map(|v| v.to_string()).collect(),
                })
                .collect(),
        ),
    };
    let [zh, en] = names;
    Ok(Json(StandingsBody {
        event: id,
        after_round,
        placement,
        chain,
        chain_names: ZhEn { zh, en },
        rows,
        rated: !extras.ratings.is_empty(),
        promotion_rule: extras.promotion_rule,
    }))
}

async fn me(State(st): State<AppState>, caller: Caller, Path(id): Path<String>) -> Result<Json<Me>, ApiError> {
    let roles = roles_of(&st, &caller, &id).await?;
    Ok(Json(Me {
        event: id,
        account: caller.account.as_ref().map(|a| a.name.clone()),
        roles: roles.iter().map(|r| r.name()).collect(),
    }))
}
