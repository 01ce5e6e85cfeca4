//! The print views of an event (formats::html, formats::forms): the crosstable, a round's
//! pairings and the forms of the print pack, in Chinese or English. The standings they print
//! are the event page's: OpenGotha's placement for an event imported from OpenGotha.

use crate::error::ApiError;
use crate::http::extract::{Path, Query};
use crate::http::store::{extras_of, gotha_standings_of, read_store};
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use web::routes::{Route, get};

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    vec![
        get("/api/events/{id}/print/crosstable", print_crosstable),
        get("/api/events/{id}/print/pairings/{n}", print_pairings),
        get("/api/events/{id}/print/form/{name}", print_form),
    ]
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LangQ {
    #[serde(default)]
    lang: Option<String>,
}

fn lang(q: &LangQ) -> rules::Lang {
    q.lang
        .as_deref()
        .and_then(|l| l.parse().ok())
        .unwrap_or(rules::Lang::Zh)
}

fn html(body: String) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response()
}

async fn print_crosstable(
    State(st): State<AppState>,
    Path(id): Path<String>,
    Query(q): Query<LangQ>,
) -> Result<Response, ApiError> {
    let (ev, shown) = read_store(&st, move |s| {
        let ev = s.load_event(&id)?;
        let shown = shown_of(s, &id, &ev)?;
        Ok((ev, shown))
    })
    .await?;
    Ok(html(formats::html::crosstable_of(&ev, &shown, lang(&q))))
}

/// The standings the print views show: OpenGotha's placement for an event imported from
/// OpenGotha (the event page's), else weiqi's chain.
fn shown_of(
    s: &mut storage::Store,
    id: &str,
    ev: &tournament::Event,
) -> Result<formats::shown::Shown, storage::StoreError> {
    Ok(match gotha_standings_of(s, id, ev)? {
        Some(g) => formats::shown::Shown::opengotha(ev, &g),
        None => formats::shown::Shown::weiqi(ev),
    })
}

async fn print_pairings(
    State(st): State<AppState>,
    Path((id, n)): Path<(String, u32)>,
    Query(q): Query<LangQ>,
) -> Result<Response, ApiError> {
    let i = id.clone();
    let ev = read_store(&st, move |s| s.load_event(&i)).await?;
    formats::html::pairing_sheet(&ev, n, lang(&q))
        .map(html)
        .ok_or_else(|| ApiError::NotFound(crate::words::say!("round.err.none", event = id, round = n)))
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
    let form: formats::forms::Form = name.parse().map_err(|e: formats::forms::UnknownForm| {
        ApiError::NotFound(crate::words::say!(
            "print.err.form",
            form = format!("{:?}", e.0),
            forms = formats::forms::FORM_NAMES.join(", ")
        ))
    })?;
    let lang = lang(&LangQ { lang: q.lang.clone() });
    let i = id.clone();
    let (ev, extras, shown) = read_store(&st, move |s| {
        let ev = s.load_event(&i)?;
        let extras = extras_of(s, &i, &ev)?;
        let shown = shown_of(s, &i, &ev)?;
        Ok((ev, extras, shown))
    })
    .await?;
    formats::forms::form_of(&ev, &shown, form, q.round, lang, &extras)
        .map(html)
        .map_err(|e| {
            let formats::forms::FormError::NoRound(n) = e;
            ApiError::NotFound(if n == 0 {
                crate::words::say!("print.err.no_round_yet", event = id)
            } else {
                crate::words::say!("print.err.no_round", event = id, round = n)
            })
        })
}
