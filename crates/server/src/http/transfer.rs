//! An event to and from the files directors already use (the `formats` crate), from the
//! pages: an event created from an OpenGotha XML file (`POST /api/imports/opengotha?id=`,
//! the file as the body, kept with the event as `weiqi event import` keeps it), and the event
//! written as OpenGotha XML, EGD h9, CSV or printable HTML (`GET /api/events/{id}/export/…`),
//! answered as a file to save: its name and content type. What the CLI's
//! `weiqi event import/export` does, through the same crates, so a file made one way reads
//! the other.

use crate::auth::{self, Role};
use crate::error::ApiError;
use crate::http::extract::{Caller, FileBody, Path, Query, SignedIn, require_role};
use crate::http::store::{extras_of, read_store, with_store};
use crate::refusals;
use crate::state::AppState;
use crate::wire::events::{Imported, event_body};
use crate::words::said;
use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use formats::{h9, html, opengotha};
use rules::Lang;
use serde::Deserialize;
use web::routes::{Route, get, post};

/// The attachment under which an imported OpenGotha tournament is kept (as the CLI keeps it).
const OPENGOTHA: &str = formats::ratings::OPENGOTHA_ATTACHMENT;

/// The routes of this resource, for the router ([`crate::http::routes`]).
pub(super) fn routes() -> Vec<Route<AppState>> {
    let mut import = post("/api/imports/opengotha", import_opengotha);
    // A file is larger than a command: taken up to the readers' own bound (an OpenGotha
    // file of 2,000 players is about 2 MB), which they check again before they read.
    import.service = import
        .service
        .layer(DefaultBodyLimit::max(formats::limits::MAX_FILE_BYTES));
    vec![import, get("/api/events/{id}/export/{format}", export)]
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ImportQ {
    id: String,
}

/// `POST /api/imports/opengotha?id=ID`: creates event ID from the OpenGotha file in the body
/// (UTF-8 or GBK): its system, players, rounds, results and byes, in one transaction (a file
/// that cannot be imported leaves nothing behind); the file is kept with the event, so that
/// the export gives back what weiqi does not model. The caller organises the event (Art. 29).
async fn import_opengotha(
    State(st): State<AppState>,
    SignedIn(caller): SignedIn,
    Query(q): Query<ImportQ>,
    FileBody(body): FileBody,
) -> Result<Response, ApiError> {
    let account = caller.account()?.clone();
    let id = q.id.trim().to_string();
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b)) {
        return Err(said("import.err.id", |_| vec![("id", format!("{id:?}"))]).into());
    }
    let file =
        |e: formats::FormatError| ApiError::BadRequest(refusals::format(&e, ["the OpenGotha file", "OpenGotha文件"]));
    formats::limits::check_file("the file", body.len()).map_err(file)?;
    let read = crate::imports::read_opengotha(&body).map_err(file)?;
    let new = read.event(&id);
    let warnings = read.warnings;
    let ev = with_store(&st, move |s| s.import_event(&new))
        .await
        .map_err(|e| match e {
            // The tournament crate refused a player, a round or a result of the file.
            ApiError::BadRequest(m) | ApiError::Refused { said: m, .. } => said("import.err.refused", |l| {
                vec![(
                    "detail",
                    match l {
                        rules::Lang::En => m.en.clone(),
                        rules::Lang::Zh => m.zh.clone(),
                    },
                )]
            })
            .into(),
            ApiError::Conflict(_) => said("import.err.exists", |_| vec![("id", id.clone())]).into(),
            e => e,
        })?;
    // Art. 29: the account that creates the event organises it.
    auth::grant(st.0.hub.db(), id.clone(), account.id, Role::Organizer, account.id).await?;
    tracing::info!(event = %id, by = %account.name, players = ev.players().len(), "event imported from OpenGotha");
    let body = Imported {
        event: event_body(&id, &ev),
        warnings,
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExportQ {
    #[serde(default)]
    lang: Option<String>,
    /// csv: `standings` (the default) or `pairings`.
    #[serde(default)]
    what: Option<String>,
    /// csv pairings: the round (default every round).
    #[serde(default)]
    round: Option<u32>,
}

/// `GET /api/events/{id}/export/{format}`: the event as a file — `opengotha` (XML, the file
/// it was imported from brought up to date, or a new one), `h9` (the EGD's results of the
/// rounds the standings count), `csv` (`?what=standings|pairings`) or `html` (the printable
/// crosstable), in `?lang=zh|en`. The CSV and the HTML are the standings the event page
/// shows to anyone; the OpenGotha and h9 files, the director's working files, are the
/// officials'.
async fn export(
    State(st): State<AppState>,
    caller: Caller,
    Path((id, format)): Path<(String, String)>,
    Query(q): Query<ExportQ>,
) -> Result<Response, ApiError> {
    let lang = q.lang.as_deref().and_then(|l| l.parse().ok()).unwrap_or(Lang::Zh);
    if !["opengotha", "h9", "csv", "html"].contains(&format.as_str()) {
        return Err(said("export.err.format", |_| vec![("format", format!("{format:?}"))]).into());
    }
    if matches!(format.as_str(), "opengotha" | "h9") {
        require_role(&st, &caller, &id, &[Role::Organizer, Role::ChiefReferee, Role::Referee]).await?;
    }
    let i = id.clone();
    let (ev, kept, extras) = read_store(&st, move |s| {
        let ev = s.load_event(&i)?;
        let kept = s.attachment(&i, OPENGOTHA)?;
        let extras = extras_of(s, &i, &ev)?;
        Ok((ev, kept, extras))
    })
    .await?;
    let base = match kept {
        Some(xml) => Some(
            opengotha::parse(&xml)
                .map_err(|e| ApiError::Internal(format!("event {id}: the OpenGotha file kept: {e}")))?,
        ),
        None => None,
    };
    let exported =
        |e: formats::FormatError| ApiError::from(said("export.err.write", |_| vec![("detail", e.to_string())]));
    let (bytes, kind, ext): (Vec<u8>, &str, &str) = match format.as_str() {
        "opengotha" => (
            opengotha::write(&opengotha::merge(base.as_ref(), &ev)).into_bytes(),
            "application/xml; charset=utf-8",
            "xml",
        ),
        "h9" => {
            // Only the rounds of the standings: a round still being played is left out.
            let t = opengotha::merge(base.as_ref(), &ev);
            let rounds = ev.standings().after_round;
            let b = h9::write_rounds(&t, rounds, h9::Encoding::Utf8).map_err(exported)?;
            (b, "text/plain; charset=utf-8", "h9")
        }
        "csv" => {
            let text = match q.what.as_deref().unwrap_or("standings") {
                // An imported OpenGotha tournament is placed as OpenGotha places it.
                "standings" => match &base {
                    Some(b) => formats::csv_io::opengotha_standings(b, &ev, lang).map_err(exported)?,
                    None => formats::csv_io::standings_with(&ev, lang, &extras),
                },
                "pairings" => formats::csv_io::pairings(&ev, q.round, lang),
                other => {
                    return Err(said("export.err.what", |_| vec![("what", format!("{other:?}"))]).into());
                }
            };
            (text.into_bytes(), "text/csv; charset=utf-8", "csv")
        }
        _ => (
            // The crosstable of the standings the event page shows.
            match &base {
                Some(b) => {
                    let g = opengotha::standings::standings(b, &ev).map_err(exported)?;
                    html::crosstable_of(&ev, &formats::shown::Shown::opengotha(&ev, &g), lang)
                }
                None => html::crosstable(&ev, lang),
            }
            .into_bytes(),
            "text/html; charset=utf-8",
            "html",
        ),
    };
    let what = match (format.as_str(), q.what.as_deref()) {
        ("csv", Some("pairings")) => "-pairings",
        ("csv", _) => "-standings",
        ("html", _) => "-crosstable",
        _ => "",
    };
    let name = format!("{}{what}.{ext}", file_name(&id));
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response())
}

/// An event id as a file name: the characters a file name and a header take everywhere.
fn file_name(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.trim_matches(['.', '_']).is_empty() {
        "event".into()
    } else {
        s
    }
}
