//! A live game's result in its event: the referee crate's mapping between the referee's
//! `Outcome` and the tournament's `GameResult` ([`referee::results`], the one mapping, which
//! `weiqi league` uses too), used by the game tasks' write-back, by
//! `POST /api/events/{id}/collect` and by a result entered by hand.

pub use referee::results::{event_result, final_result, outcome};
