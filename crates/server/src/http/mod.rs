//! The HTTP API, one module per resource: each owns its routes, request types and handlers;
//! this module merges their routes into the router, with the middleware every response
//! passes (the rate limit, the security headers, the body limit). The OpenAPI document
//! (`openapi.json` beside `lib.rs`) lists the routes.

mod accounts;
mod challenges;
mod clock;
mod events;
mod extract;
mod games;
mod hall;
mod players;
mod print;
mod results;
mod roles;
mod rounds;
mod sessions;
mod store;
mod transfer;

pub use extract::BODY_LIMIT;

use crate::error::ApiError;
use crate::state::{AppState, client_ip, take_token};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use web::routes::Route;

/// Every route the server serves: each resource's and the pages'. The router is built from
/// this list, and the OpenAPI document lists exactly these (a test compares them both ways).
pub fn routes() -> Vec<Route<AppState>> {
    let mut all = vec![
        web::routes::get("/healthz", || async { Json(crate::wire::Health { status: "ok" }) }),
        web::routes::get("/api/openapi.json", openapi),
    ];
    for resource in [
        accounts::routes(),
        sessions::routes(),
        events::routes(),
        roles::routes(),
        players::routes(),
        rounds::routes(),
        results::routes(),
        games::routes(),
        games::ws::routes(),
        print::routes(),
        hall::routes(),
        transfer::routes(),
        challenges::routes(),
        clock::routes(),
        web::routes(),
    ] {
        all.extend(resource);
    }
    all
}

/// The router of the whole API.
pub fn router(state: AppState) -> Router {
    web::routes::build(routes())
        .fallback(|| async { ApiError::NotFound(crate::words::say!("api.err.no_route")) })
        .layer(axum::middleware::from_fn_with_state(state.clone(), rate_limit))
        .layer(axum::middleware::from_fn_with_state(state.clone(), security_headers))
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(state)
}

async fn openapi() -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        include_str!("../openapi.json"),
    )
        .into_response()
}

/// The Content-Security-Policy of every response: scripts only from the server's own files
/// (no inline script, no `eval`), never framed by another page (clickjacking of the
/// director's console), connections (the API and the WebSocket) to the server only. Inline
/// styles stay allowed: the print views carry their stylesheet in the page.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
                       connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Headers on every response (pages, API, errors, the WebSocket's upgrade): the CSP, no MIME
/// sniffing, no `Referer` (a seat link's page must not leak its URL), no framing, and HSTS
/// when the server sits behind TLS.
async fn security_headers(State(st): State<AppState>, req: Request, next: Next) -> Response {
    use axum::http::header::{self, HeaderValue};
    let mut r = next.run(req).await;
    let h = r.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if st.0.behind_tls {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
    r
}

/// A simple token bucket per client address: `rate` requests a second, bursts of `2 × rate`.
/// The pages' own files are not counted: they are embedded in the program and cost no
/// database work, and one page load fetches some twenty script modules, so players behind
/// one venue's router would otherwise use up their address's share on opening the page.
async fn rate_limit(State(st): State<AppState>, req: Request, next: Next) -> Response {
    if req.uri().path().starts_with("/static/") {
        return next.run(req).await;
    }
    if !take_token(&st, client_ip(req.extensions())) {
        return ApiError::RateLimited.into_response();
    }
    next.run(req).await
}
