//! The web pages' plain functions: the board's geometry and the texts. (The game view, its
//! record, the clock-only page's plan and the clock JSON are the API's: the server crate's
//! tests.) The pages in a real browser are
//! tested from the binary's crate, against the `weiqi serve` cargo built
//! (`crates/weiqi/tests/browser/`).

mod pure;
