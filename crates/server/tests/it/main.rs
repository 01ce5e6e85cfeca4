//! The server's tests: the HTTP API in-process through `Router::oneshot`, the WebSocket over
//! a real socket on loopback; and the same on PostgreSQL with two instances on one database.

mod api;
mod concurrency;
mod postgres;
mod support;
mod ws;
