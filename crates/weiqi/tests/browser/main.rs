//! The web pages in a real browser: Debian's chromium driven over WebDriver against the real
//! `weiqi serve` (the binary cargo built for this test, `CARGO_BIN_EXE_weiqi`), a fresh
//! database, every server on a port of its own choosing (`--listen 127.0.0.1:0`). Screenshots
//! of every page go to `target/web-artefacts/`. The pages' plain functions are tested in the
//! `web` crate (`crates/web/tests/it/`).

mod board;
mod browser;
mod challenges;
mod clock_boards;
mod clock_faces;
mod clock_rights;
mod comforts;
mod confirmations;
mod day;
mod director;
mod edits;
mod event_settings;
mod game_sizes;
mod hall;
mod harness;
mod keyboard;
mod kit;
mod layout;
mod opengotha_standings;
mod print_pack;
mod proposal;
mod referee;
mod rounds;
mod seat_slips;
mod seats;
mod security;
mod stale;
mod support;
mod words;
