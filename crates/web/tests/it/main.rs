//! The web pages: the plain functions behind them, and the pages in a real browser (Debian's
//! chromium driven over WebDriver against the real `weiqi serve`, a fresh database on a free
//! loopback port). Screenshots of every page go to `target/web-artefacts/`.

mod board;
mod browser;
mod clock_rights;
mod director;
mod harness;
mod keyboard;
mod kit;
mod layout;
mod pure;
mod referee;
mod rounds;
mod seats;
mod stale;
mod support;
