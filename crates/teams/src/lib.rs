//! Team events under the Chinese Go Competition Rules (2002): the five kinds of Art. 25, team
//! round robin and team Swiss (Art. 26), board points, match points and the team ranking of
//! Art. 27, withdrawals (Art. 28.4), and the challenge match (擂台赛, Art. 26.6).
//!
//! Main types:
//! - [`TeamEvent`]: teams with their rosters, the [`TeamSystem`], the [`TeamSettings`] (the
//!   [`Kind`] of Art. 25, the number of boards, the substitute rules, what a bye is worth) and
//!   the [`TeamRound`]s of [`Match`]es. A match holds both teams' line-ups and one result per
//!   board; board `i` plays board `i`, and the colors alternate by board (the first-named team
//!   has Black on the odd boards).
//! - [`TeamStandings`] with one [`TeamRow`] per team, and [`BoardRow`]s for the individual
//!   board standings.
//! - [`Challenge`]: the challenge match, where the winner stays on until beaten, and
//!   [`ChallengeMatch`]: one as an event (teams, orders, each bout's game, withdrawals),
//!   kept as its record of [`ChallengeLine`]s.
//! - [`Change`]: one change to a team event as a line of text, so that an adapter can keep the
//!   record and replay it ([`TeamEvent::replay`]). A round is recorded with its matches
//!   ([`Change::Paired`]) and replayed as recorded, never paired again: a stored event keeps its
//!   matches when the pairing program changes.
//!
//! Key design decision: a team event is its own type over the tournament crate's [`Player`]
//! and [`GameResult`], not an individual [`tournament::Event`] with teams bolted on. A team
//! round pairs teams, not players, and the line-ups are chosen after the pairing (Art. 25:
//! "the coach names the line-up before the match"), so the games exist only once both
//! line-ups do. Keeping the match as the unit makes the rules of Art. 27 (a match is won on
//! board points) a direct computation instead of a reconstruction from individual games.
//!
//! Team Swiss rounds are paired by the tournament crate's matcher ([`tournament::swiss::pair`]):
//! one exact minimum-cost perfect matching over the teams, with match points as the score,
//! board points as the strength and home/away as the colour balance, proven optimal by its
//! dual certificate. So the teams are paired by the same rule as the players of an individual
//! Swiss (Art. 27: team Swiss "as the individual Swiss"), and a round where every pairing
//! repeats a match gets the fewest rematches in polynomial time.
//!
//! The home team of a Swiss match is chosen as Black is in the individual Swiss
//! ([`tournament::swiss::colours`]): the lower home − away balance (the balance the matcher
//! weighed), then the team that was away last, then a lot.
//!
//! This crate is pure: no I/O, no clock; Swiss pairing is deterministic (registration order
//! breaks ties, and the lot for home is seeded by the event's name).
//!
//! [`Player`]: tournament::Player
//! [`GameResult`]: tournament::GameResult

#![deny(missing_docs)]

mod challenge;
mod change;
mod event;
mod standings;

pub use challenge::{BoutView, Challenge, ChallengeBout, ChallengeError, ChallengeLine, ChallengeMatch, Side};
pub use change::{Change, ChangeError};
pub use event::{Kind, Match, Team, TeamError, TeamEvent, TeamId, TeamRound, TeamSettings, TeamSystem, match_points};
pub use standings::{BoardRow, TeamRow, TeamStandings, board_standings};
