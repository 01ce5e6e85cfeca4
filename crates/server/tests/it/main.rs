//! The server's tests: the HTTP API in-process through `Router::oneshot`, the WebSocket over
//! a real socket on loopback.

mod api;
mod concurrency;
mod support;
mod ws;
