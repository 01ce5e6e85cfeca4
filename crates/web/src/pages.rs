//! The router: page shells in the chosen language and the embedded assets. The clock-only
//! mode's `POST /clock/plan` is the server's (it says refusals in both languages), computed
//! by [`crate::plan`].

use crate::i18n;
use crate::routes::{Route, get};
use axum::Router;
use axum::extract::{Path, Query};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rules::Lang;
use serde::Deserialize;

/// The pages' script: ES modules the browser loads as they are (no build step), each served at
/// `/static/` and its path here. `app.js` is the one the shell loads; it imports the others.
/// The modules without a DOM (`clock.js` and the other pure helpers) are tested with
/// `node --test` (`tests/js/`).
pub(crate) const SCRIPTS: &[(&str, &str)] = &[
    ("app.js", include_str!("../assets/app.js")),
    ("env.js", include_str!("../assets/env.js")),
    ("dom.js", include_str!("../assets/dom.js")),
    ("api.js", include_str!("../assets/api.js")),
    ("board.js", include_str!("../assets/board.js")),
    ("clockface.js", include_str!("../assets/clockface.js")),
    ("voice.js", include_str!("../assets/voice.js")),
    ("seats.js", include_str!("../assets/seats.js")),
    ("standings.js", include_str!("../assets/standings.js")),
    ("transfer.js", include_str!("../assets/transfer.js")),
    ("settings.js", include_str!("../assets/settings.js")),
    ("clock.js", include_str!("../assets/clock.js")),
    ("text.js", include_str!("../assets/text.js")),
    ("format.js", include_str!("../assets/format.js")),
    ("goban.js", include_str!("../assets/goban.js")),
    ("gameview.js", include_str!("../assets/gameview.js")),
    ("actions.js", include_str!("../assets/actions.js")),
    ("urls.js", include_str!("../assets/urls.js")),
    ("pairing.js", include_str!("../assets/pairing.js")),
    ("clockboards.js", include_str!("../assets/clockboards.js")),
    ("pages/login.js", include_str!("../assets/pages/login.js")),
    ("pages/home.js", include_str!("../assets/pages/home.js")),
    ("pages/event.js", include_str!("../assets/pages/event.js")),
    ("pages/edits.js", include_str!("../assets/pages/edits.js")),
    ("pages/game.js", include_str!("../assets/pages/game.js")),
    ("pages/clock.js", include_str!("../assets/pages/clock.js")),
    ("pages/referee.js", include_str!("../assets/pages/referee.js")),
    ("pages/hall.js", include_str!("../assets/pages/hall.js")),
    ("pages/wall.js", include_str!("../assets/pages/wall.js")),
    ("pages/challenge.js", include_str!("../assets/pages/challenge.js")),
    ("pages/slips.js", include_str!("../assets/pages/slips.js")),
];

const STYLE_CSS: &str = include_str!("../assets/style.css");
const FAVICON: &str = include_str!("../assets/favicon.svg");

/// Every page and asset, for any router state (the pages read nothing but the request: their
/// data comes from the JSON API in the browser).
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    crate::routes::build(routes())
}

/// The pages' routes, from which [`router`] is built.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Vec<Route<S>> {
    // The pages of no event, then an event's or a match's pages by its id: the one script
    // reads the page's name and the id.
    let plain = [("/", "home"), ("/login", "login"), ("/clock", "clock")];
    let by_id = [
        ("/events/{id}", "event"),
        ("/events/{id}/hall", "hall"),
        ("/events/{id}/wall", "wall"),
        ("/referee/{id}", "referee"),
        ("/challenges/{id}", "challenge"),
    ];
    let mut routes: Vec<Route<S>> = plain
        .into_iter()
        .map(|(path, name)| {
            get(path, move |q: Query<LangQ>, h: HeaderMap| async move {
                page(&q, &h, name, "")
            })
        })
        .collect();
    routes.extend(by_id.into_iter().map(|(path, name)| {
        get(
            path,
            move |Path(id): Path<String>, q: Query<LangQ>, h: HeaderMap| async move { page(&q, &h, name, &id) },
        )
    }));
    routes.extend([
        get(
            "/events/{id}/rounds/{n}/slips",
            |Path((id, n)): Path<(String, u32)>, q: Query<LangQ>, h: HeaderMap| async move {
                page(&q, &h, "slips", &format!("{id}/{n}"))
            },
        ),
        get(
            "/play/{id}",
            |Path(id): Path<String>, q: Query<LangQ>, h: HeaderMap| async move { game_page(&q, &h, &id) },
        ),
        get(
            "/static/{file}",
            |Path(file): Path<String>| async move { script(&file) },
        ),
        get("/static/pages/{file}", |Path(file): Path<String>| async move {
            script(&format!("pages/{file}"))
        }),
        get("/static/style.css", || async {
            asset("text/css; charset=utf-8", STYLE_CSS)
        }),
        get("/favicon.ico", || async { asset("image/svg+xml", FAVICON) }),
        get("/static/favicon.svg", || async { asset("image/svg+xml", FAVICON) }),
    ]);
    routes
}

/// `?lang=zh|en` on any page: switches, and is remembered in a cookie.
#[derive(Deserialize)]
struct LangQ {
    lang: Option<String>,
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        body,
    )
        .into_response()
}

/// The script module at `path` (under `/static/`), or the API's JSON error body when there is
/// none.
fn script(path: &str) -> Response {
    match SCRIPTS.iter().find(|(p, _)| *p == path) {
        Some((_, body)) => asset("text/javascript; charset=utf-8", body),
        None => {
            let body = serde_json::json!({
                "error": "not_found",
                "message": format!("no script /static/{path}"),
            });
            (StatusCode::NOT_FOUND, axum::Json(body)).into_response()
        }
    }
}

/// The language of a request: `?lang=`, else the `lang` cookie, else `Accept-Language`.
pub fn choose(query: Option<&str>, headers: &HeaderMap) -> (Lang, bool) {
    if let Some(l) = query.and_then(|q| q.parse::<Lang>().ok()) {
        return (l, true);
    }
    let cookie = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|kv| kv.trim().strip_prefix("lang=").and_then(|v| v.parse::<Lang>().ok()));
    if let Some(l) = cookie {
        return (l, false);
    }
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    (i18n::from_accept_language(accept), false)
}

/// A game's page: its id is a game number; anything else is the API's JSON error body (a 400
/// naming the path, as the API answers a path that does not parse), not the router's plain
/// text.
fn game_page(q: &LangQ, headers: &HeaderMap, id: &str) -> Response {
    match id.parse::<i64>() {
        Ok(n) => page(q, headers, "game", &n.to_string()),
        Err(_) => {
            let body = serde_json::json!({
                "error": "bad_request",
                "message": format!("the path /play/{id}: a game is a number, as in /play/7"),
                "article": null,
            });
            (StatusCode::BAD_REQUEST, axum::Json(body)).into_response()
        }
    }
}

fn page(q: &LangQ, headers: &HeaderMap, kind: &str, id: &str) -> Response {
    let (lang, set) = choose(q.lang.as_deref(), headers);
    let mut resp = (StatusCode::OK, axum::response::Html(shell(lang, kind, id))).into_response();
    if set {
        let cookie = format!("lang={lang}; Path=/; Max-Age=31536000; SameSite=Lax");
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            resp.headers_mut().insert(header::SET_COOKIE, v);
        }
    }
    resp.headers_mut()
        .insert(header::VARY, HeaderValue::from_static("Accept-Language, Cookie"));
    resp
}

/// Escapes text for HTML.
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// The HTML shell of page `kind` for object `id`: header, navigation, language switch, an
/// empty main that the script fills, and the strings of `lang` for the script.
pub fn shell(lang: Lang, kind: &str, id: &str) -> String {
    let t = |k: &str| esc(i18n::text(lang, k));
    let title = match kind {
        "home" => t("title.home"),
        "login" => t("title.login"),
        "clock" => t("title.clock"),
        "event" => format!("{} {}", t("title.event"), esc(id)),
        "referee" => format!("{} {}", t("title.referee"), esc(id)),
        "hall" => format!("{} {}", t("title.hall"), esc(id)),
        "wall" => format!("{} {}", t("title.wall"), esc(id)),
        "challenge" => format!("{} {}", t("title.challenge"), esc(id)),
        "slips" => format!("{} {}", t("title.slips"), esc(id)),
        "game" => format!("{} {}", t("title.game"), esc(id)),
        _ => t("title.home"),
    };
    let other = lang.other();
    let geometry = serde_json::json!({
        "cell_w": crate::BOARD_GEOMETRY.cell_w,
        "cell_h": crate::BOARD_GEOMETRY.cell_h,
        "stone_r": crate::BOARD_GEOMETRY.stone_r,
        "star_r": crate::BOARD_GEOMETRY.star_r,
        "margin": crate::BOARD_GEOMETRY.margin,
        "stars": (2..=25u8).map(|n| (n.to_string(), serde_json::json!(crate::star_points(n)))).collect::<serde_json::Map<_, _>>(),
    });
    // Every module the entry imports, asked for at once rather than as each import is found,
    // so a page loads in one round of requests.
    let preload: String = SCRIPTS
        .iter()
        .filter(|(path, _)| *path != "app.js")
        .map(|(path, _)| format!("<link rel=\"modulepreload\" href=\"/static/{path}\">\n"))
        .collect();
    // `</` cannot end the script element early: the JSON escapes every `<`.
    let data = serde_json::json!({ "lang": lang.to_string(), "strings": i18n::table(lang), "board": geometry })
        .to_string()
        .replace('<', "\\u003c");
    format!(
        r##"<!doctype html>
<html lang="{html_lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · weiqi</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">
{preload}</head>
<body data-page="{kind}" data-id="{id}">
<a class="skip" href="#main">{skip}</a>
<header class="top">
<nav aria-label="{nav}">
<a href="/" class="brand">{brand}</a>
<a href="/clock">{clock}</a>
<a href="/login" id="login-link">{login}</a>
<span id="who" aria-live="polite"></span>
<a href="?lang={other}" id="lang-switch" lang="{other_html}" hreflang="{other_html}">{other_name}</a>
</nav>
</header>
<main id="main" tabindex="-1">
<h1 id="page-title">{title}</h1>
<p class="loading">{loading}</p>
<noscript><p>{noscript}</p></noscript>
</main>
<div id="toast" role="status" aria-live="polite"></div>
<script id="app-data" type="application/json">{data}</script>
<script type="module" src="/static/app.js"></script>
</body>
</html>
"##,
        html_lang = i18n::html_lang(lang),
        kind = esc(kind),
        id = esc(id),
        skip = t("nav.skip"),
        nav = t("nav.label"),
        brand = t("nav.brand"),
        clock = t("nav.clock"),
        login = t("nav.login"),
        other_html = i18n::html_lang(other),
        other_name = esc(i18n::lang_name(other)),
        loading = t("loading"),
        noscript = t("noscript"),
    )
}

#[cfg(test)]
mod tests {
    use super::SCRIPTS;

    /// Every script of `assets/` (and `assets/pages/`) is served, and nothing else is: a module
    /// added without its line in [`SCRIPTS`] would be a 404 to the browser that imports it.
    #[test]
    fn every_script_module_is_served() {
        let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let mut on_disk = Vec::new();
        for dir in ["", "pages/"] {
            for entry in std::fs::read_dir(assets.join(dir)).expect("the assets folder") {
                let name = entry.expect("an asset").file_name().to_string_lossy().into_owned();
                if name.ends_with(".js") {
                    on_disk.push(format!("{dir}{name}"));
                }
            }
        }
        on_disk.sort();
        let mut served: Vec<String> = SCRIPTS.iter().map(|(path, _)| path.to_string()).collect();
        served.sort();
        assert_eq!(served, on_disk);
        for (path, body) in SCRIPTS {
            let file = std::fs::read_to_string(assets.join(path)).expect("a served script");
            assert!(file == *body, "{path} is served as it is");
        }
    }

    /// The shell loads the entry and asks for every module it imports at once.
    #[test]
    fn the_shell_loads_the_entry_and_preloads_every_module() {
        let html = super::shell(rules::Lang::En, "game", "7");
        assert!(html.contains(r#"<script type="module" src="/static/app.js"></script>"#));
        for (path, _) in SCRIPTS.iter().filter(|(path, _)| *path != "app.js") {
            let link = format!(r#"<link rel="modulepreload" href="/static/{path}">"#);
            assert!(html.contains(&link), "{link}");
        }
        assert_eq!(html.matches("modulepreload").count(), SCRIPTS.len() - 1);
    }
}
