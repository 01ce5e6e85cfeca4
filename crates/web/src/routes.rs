//! Routes as a list: each a method, a path and what serves it, so that the router is built
//! from the list and the list can be read (the server's test compares it with its OpenAPI
//! document, both ways). The method is named once: [`get`] and the others make the method
//! router for it.

use axum::Router;
use axum::handler::Handler;
use axum::routing::{MethodFilter, MethodRouter, on};

/// One route: its method (`GET`, `POST`, `PUT`, `DELETE`), its path and what serves it.
pub struct Route<S> {
    /// The HTTP method, upper case.
    pub method: &'static str,
    /// The path, with `{name}` for a parameter (axum's syntax, OpenAPI's too).
    pub path: &'static str,
    /// What serves it (for this one method only).
    pub service: MethodRouter<S>,
}

fn route<H, T, S>(method: &'static str, filter: MethodFilter, path: &'static str, handler: H) -> Route<S>
where
    H: Handler<T, S>,
    T: 'static,
    S: Clone + Send + Sync + 'static,
{
    Route {
        method,
        path,
        service: on(filter, handler),
    }
}

/// `GET path` (and `HEAD`, as axum's `get`).
pub fn get<H: Handler<T, S>, T: 'static, S: Clone + Send + Sync + 'static>(path: &'static str, h: H) -> Route<S> {
    route("GET", MethodFilter::GET, path, h)
}

/// `POST path`.
pub fn post<H: Handler<T, S>, T: 'static, S: Clone + Send + Sync + 'static>(path: &'static str, h: H) -> Route<S> {
    route("POST", MethodFilter::POST, path, h)
}

/// `PUT path`.
pub fn put<H: Handler<T, S>, T: 'static, S: Clone + Send + Sync + 'static>(path: &'static str, h: H) -> Route<S> {
    route("PUT", MethodFilter::PUT, path, h)
}

/// `DELETE path`.
pub fn delete<H: Handler<T, S>, T: 'static, S: Clone + Send + Sync + 'static>(path: &'static str, h: H) -> Route<S> {
    route("DELETE", MethodFilter::DELETE, path, h)
}

/// The router serving exactly `routes` (two methods on one path are merged).
pub fn build<S: Clone + Send + Sync + 'static>(routes: Vec<Route<S>>) -> Router<S> {
    routes
        .into_iter()
        .fold(Router::new(), |r, route| r.route(route.path, route.service))
}
