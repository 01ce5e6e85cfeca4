//! Integration tests of the `weiqi` binary, run as a subprocess as users run it.

mod download;
mod event;
mod event_pg;
mod gtp;
mod league;
mod match_cmd;
mod ratings_io;
mod records;
mod serve;
mod support;
mod teams_io;
