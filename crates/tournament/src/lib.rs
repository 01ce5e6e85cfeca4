//! The tournament director's core under the Chinese Go Competition Rules (2002), Art. 25–28:
//! players, events, pairing under every system of Art. 26, scoring and ranking (Art. 27),
//! withdrawals (Art. 28).
//!
//! Main types:
//! - [`Player`] with its [`Rank`] (`5d`, `3p`, `10k`; Art. 25.3) and [`Date`] of birth, and
//!   the [`nigiri`] of Art. 10 (who holds the stones, a draw from a recorded seed), which the
//!   referee's games use too;
//! - [`Event`]: the [`System`], the [`Settings`] (bye value, lateness limit, cycle policy,
//!   time control, tie-break chain, lots seed), the players, the [`Round`]s of [`Game`]s and
//!   the director's [`LogEntry`] log. [`Event::propose`] computes the next round without
//!   changing anything; the director accepts it as it is, amends it, or pairs by hand, and
//!   the round records which ([`PairingOrigin`]);
//! - [`GameResult`] (an SGF `RE` value, or both-lose) and [`Standings`] under a chain of
//!   [`TieBreak`]s;
//! - [`rating`]: the EGF's GoR, Glicko-2 and a configurable Elo (等级分), ratings frozen by a
//!   date and an event's ratings before and after its games; [`promotion`]: who goes up a
//!   grade (升段/升级) by quota within a dan group or by a kyu win rate.
//!
//! The systems: round robin from the FIDE Berger tables ([`berger`]); knockout brackets
//! with seeds, byes, a loser bracket and a grand final ([`knockout`]), best-of-N matches;
//! Swiss, Swiss with elimination, McMahon and multiple elimination through one optimal
//! matching over the whole field ([`swiss`]) computed by Edmonds' blossom algorithm
//! ([`matching`]). A McMahon game's handicap is proposed by the event's rule in one place
//! ([`handicap`]), and the pairing gives the weaker player of a handicap game Black. An event
//! may split its field into categories by rank ([`category`], OpenGotha's), ranked apart and,
//! where it asks, paired apart.
//!
//! Key design decision: a Swiss round is one minimum-cost perfect matching of the whole
//! field under a lexicographic cost (no rematch, then the sum of squared score differences,
//! then colors, then the top-half/bottom-half split, then club and region), not the
//! score-group-by-score-group search of OpenGotha or the FIDE Dutch rules. The global
//! optimum is what "pair equal or close scores" (Art. 26.3) asks for, it is defined by a
//! single objective that a director can read off each pair ([`PairCost`]), and the dual
//! solution of the matching proves it optimal, even when it is computed on a sparse graph.
//!
//! Speed (`cargo bench -p tournament`): the matching is solved on a sparse candidate graph,
//! then the dual solution is checked against all n² pairs and the few edges that break it are
//! added before solving again from the earlier solution, until the certificate holds. One round
//! of 2,000 players takes about 1.4 s here on a field paired by score-group folding, but
//! 5–7 s on fields whose history was paired by this crate (colors then force long-range pairs
//! inside the score groups, and the certificate needs several solves).
//!
//! This crate is pure: no I/O, no clock, no randomness but lots drawn from the seed recorded
//! in the event's settings, so a replay gives the same event.

#![deny(missing_docs)]

pub mod berger;
pub mod category;
mod event;
pub mod handicap;
pub mod knockout;
pub mod limits;
pub mod matching;
pub mod nigiri;
mod player;
pub mod promotion;
pub mod rating;
// The result type is the rules crate's, shared with SGF and the referee; the tournament
// names it as its own so that its users need no second path.
use rules::result;
pub mod review;
mod standings;
pub mod swiss;

pub use category::Categories;
pub use event::{
    ByeValue, Event, EventError, Game, LogEntry, PairingOrigin, PairingProblem, PlayerId, Proposal, Round, Settings,
    Status, System, SystemKind, SystemProblem, TotalScoreDivisor, UnknownSystem,
};
pub use handicap::{Handicap, HandicapBasis, HandicapRule};
pub use player::{Date, DateError, Player, Rank, RankError};
pub use result::{DRAW, GameResult, LOSS, Outcome, ResultError, WIN, WinBy};
pub use standings::{PlayerStats, Row, Standings, TieBreak, TieBreakError, Value, mcmahon_base, player_stats, shown};
pub use swiss::PairCost;
