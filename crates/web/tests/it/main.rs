//! The web pages' plain functions: the board's geometry, the texts, the game view and its
//! record, the clock-only page's plan, the clock the pages show. The pages in a real browser are
//! tested from the binary's crate, against the `weiqi serve` cargo built
//! (`crates/weiqi/tests/browser/`).

mod clock_port;
mod pure;
