//! The referee record of the Chinese Go Competition Rules (中国围棋竞赛规则, 2002), Chapters
//! 2 and 3: a game as an append-only list of events, folded into its state.
//!
//! A game under these rules is more than its moves. Colours are drawn or settled by nigiri
//! (Art. 10); the clock runs (Art. 12, 14, 22); the end is declared and answered (Art. 13,
//! 21), the dead stones agreed (Art. 8) and the board counted (Art. 9) with a stone off per
//! warning (Art. 24); referees void moves, take away turns and warn (Art. 17–19, 23); the
//! result is confirmed and then final (Art. 16.4). This crate keeps all of it.
//!
//! Main types:
//! - [`Event`]: who ([`Actor`]: a player for their own colour, the referee, the chief
//!   referee, the system), when ([`clock::Instant`]), and what ([`Action`], with the rulings
//!   of Ch. 3 in [`Ruling`]).
//! - [`Referee`]: the settings ([`Settings`]), the record, and the state it folds into: the
//!   [`rules::Game`], the [`clock::Clock`], warnings, the marking of dead stones, the
//!   [`Outcome`], the [`Phase`]. [`Referee::apply`] takes one event and returns its
//!   [`Effect`]s, or refuses it with a [`RefereeError`] naming the rule, and then nothing
//!   changes and nothing is recorded. [`Referee::replay`] rebuilds a game from its record.
//! - [`summary()`]: each event told in Chinese and English with its [`Article`], for SGF
//!   comments and consoles.
//! - [`results`]: a game's result in its event, the one mapping between [`Outcome`] and the
//!   workspace's one [`rules::GameResult`] (both ways, through the seats).
//!
//! Key design decision: the state is only ever a fold of the record. Nothing is edited: a
//! wrong ruling is set aside by a new event ([`Action::Overrule`], which refolds the record
//! without it), and a confirmed result is corrected by a new event ([`Action::Correct`]),
//! never changed. So any game can be replayed, audited and restored from its events alone,
//! and a refused event can change nothing because it never enters the record. Time is
//! always an argument (each event carries its instant): the crate never reads a clock, does
//! no I/O and is deterministic, nigiri included (drawn from a recorded seed).
//!
//! How over-the-board violations are recorded: the record holds the position as it should
//! be, and a referee's [`Ruling`] holds what happened. A move the rules forbid (a ko retaken
//! at once, Art. 18.3; a forbidden point, Art. 19; another repetition, Art. 20) is refused
//! if a player submits it ([`RefereeError::Illegal`]: online play never lets it land); over
//! the board the referee records [`Ruling::VoidMove`]: the stone is not placed, the side
//! loses its turn (a pass in the game's history that never counts toward two passes), with
//! a warning for the ko (Art. 18.3). Likewise a second move in a row (Art. 17.2) is a
//! ruling that voids it, a take-back (17.3) a ruling that keeps the first stone; in both the
//! record's board is already right and the ruling adds the warning.
//!
//! ```
//! use clock::{Instant, TimeControl};
//! use referee::*;
//! use rules::{Color, Move, Point};
//!
//! let player = |name: &str| Player { name: name.into(), rank: Rank::Dan(3), born: None };
//! let mut game = Referee::new(Settings::new([player("Li"), player("Wang")], TimeControl::None)).unwrap();
//! let black = Actor::Player(Color::Black);
//! game.apply(Event::new(Instant(0), Actor::System, Action::Colours(ColourChoice::Nigiri { seed: 7 }))).unwrap();
//! game.apply(Event::new(Instant(0), Actor::System, Action::Start { late: vec![] })).unwrap();
//! game.apply(Event::new(Instant(5_000), black, Action::Play(Move::Play(Point::new(15, 3))))).unwrap();
//! // Black may not move twice in a row: refused, and nothing is recorded.
//! let again = Event::new(Instant(6_000), black, Action::Play(Move::Play(Point::new(3, 3))));
//! assert_eq!(game.apply(again), Err(RefereeError::NotYourTurn { side: Color::Black }));
//! // A referee's warning (Art. 17.4), then the record replays to the same state.
//! let warning = Action::Ruling(Ruling::ClockPressedEarly { side: Color::Black });
//! game.apply(Event::new(Instant(7_000), Actor::Referee, warning)).unwrap();
//! assert_eq!(game.warnings(), [1, 0]);
//! let replayed = Referee::replay(game.settings().clone(), game.events()).unwrap();
//! assert_eq!(replayed.warnings(), [1, 0]);
//! assert_eq!(game.summary(3).unwrap().article, Some(Article::new(17, 4)));
//! ```
//!
//! Roles: players act only for their own colour; only a referee (or the chief referee)
//! gives rulings and warnings; only the chief referee adjudicates, overrules and corrects;
//! the system may do what software does unattended (a seeded nigiri, the start, a fallen
//! flag, a lateness forfeit, the machine's dead-stone proposal).

#![deny(missing_docs)]

mod article;
mod effect;
mod error;
mod event;
mod outcome;
mod referee;
pub mod results;
mod settings;
mod summary;

pub use article::{Article, art};
pub use effect::Effect;
pub use error::RefereeError;
pub use event::{Action, Actor, ClockFix, ColourChoice, Event, Offence, Penalty, Ruling};
pub use outcome::{Outcome, WinBy};
pub use referee::{Phase, Referee, ReplayError, permit};
pub use settings::{Confirmation, Lateness, Player, Seat, Settings};
pub use summary::{Summary, summary};
/// The tournament crate's types that this crate's API carries: the players' rank and date of
/// birth, and the nigiri of Art. 10 (one implementation, `tournament::nigiri`).
pub use tournament::nigiri::{MAX_HELD, Nigiri, Parity};
pub use tournament::{Date, Rank};
