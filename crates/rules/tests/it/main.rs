//! The rules crate's one integration-test binary.
//!
//! - `script`: the data-driven `check` helper (a board and moves in, a transcript out).
//! - `play`: the rules of play, case by case, each citing its article.
//! - `counting`: Art. 9, 11, 24 and handicap compensation on real positions.
//! - `life`: the dead-stone proposal (Art. 8), Benson, seki, ownership, GNU Go's opinion.
//! - `coords`: GTP and SGF coordinates, star points, fixed handicap placement.
//! - `gnugo`: GNU Go 3.8 as a second opinion on every move of random games, on constructed
//!   cycles and on the score of settled positions.
//! - `reference`: a naive, obviously-correct implementation of the rules of play.
//! - `properties`: random games checking invariants, and the differential test against
//!   `reference`.

mod coords;
mod counting;
mod gnugo;
mod life;
mod play;
mod properties;
mod reference;
mod script;
