//! The server's tests: the HTTP API in-process through `Router::oneshot`, the WebSocket over
//! a real socket on loopback. The game tests run on SQLite and (`…_on_postgres`) on PostgreSQL;
//! `postgres` runs two instances on one PostgreSQL database. Each PostgreSQL test has a fresh
//! schema, dropped afterwards (`support::PgSchema`).

mod api;
mod clock_port;
mod concurrency;
mod confirmations;
mod edits;
mod event_settings;
mod migrations;
mod modules;
mod names;
mod openapi;
mod postgres;
mod results;
mod round_links;
mod rounds;
mod scorer;
mod seat_links;
mod security;
mod sessions;
mod support;
mod transfer;
mod view;
mod ws;
