//! The print views of an event (formats::html, formats::forms): the crosstable, a round's
//! pairings and the forms of the print pack, in Chinese or English.

use crate::error::ApiError;
use crate::http::extract::{Path, Query};
use crate::http::store::{extras_of, read_store};
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
    let ev = read_store(&st, move |s| s.load_event(&id)).await?;
    Ok(html(formats::html::crosstable(&ev, lang(&q))))
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
    let (ev, extras) = read_store(&st, move |s| {
        let ev = s.load_event(&i)?;
        let extras = extras_of(s, &i, &ev)?;
        Ok((ev, extras))
    })
    .await?;
    formats::forms::form(&ev, form, q.round, lang, &extras)
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
