//! Engine matches under the Chinese Go Competition Rules (2002): two GTP programs play a
//! series of games with the referee as the only authority on legality, clocks that really
//! run, and the dead stones settled as Art. 8 and 21 say. `weiqi match` is a thin layer over
//! this crate.
//!
//! Main types:
//! - [`Engine`]: a GTP engine as a child process (no shell): one command out, one response
//!   back, each with a deadline; a crash, a silence past the deadline or an answer that is
//!   not GTP is a [`GtpError`], after which the process is killed.
//! - [`play_game`]: one game, as a [`referee::Referee`] record of events plus an SGF
//!   [`sgf::Record`] ([`FinishedGame`]). The engine to move is sent `time_left` and
//!   `genmove`; its answer is judged by the rules engine: a legal move is played and told to
//!   the opponent; a ko retaken at once, a forbidden point or a repetition is void and the
//!   engine loses its turn (Art. 18.3, 19, 20) and takes its stone back (`undo`, else
//!   `clear_board` and the moves again); the third void move in a game forfeits it. Two
//!   passes end play; both engines name the dead stones (`final_status_list dead`); agreed,
//!   the game is counted (Art. 9, 11); disputed, play resumes with the side claiming "dead"
//!   (Art. 21.4, `kgs-genmove_cleanup` where the engine has it) until two passes again. When
//!   neither engine can name dead stones, or a dispute still stands, the match's external
//!   scorer ([`scorer::Scorer`], [`GameSetup::scorer`]) proposes them within its deadline, the
//!   built-in proposal its fall-back; without a scorer every stone is counted alive. The
//!   record's last comment and [`FinishedGame::dead_by`] ([`DeadBy`]) say who named them.
//! - [`run_match`]: the match ([`MatchSettings`] in, [`MatchReport`] out): games handed out
//!   to `parallel` worker threads, each with its own pair of engine processes; an engine that
//!   failed is restarted for its next game; each record is written as its game ends; an
//!   interrupt drops only the games under way.
//! - [`play_pairing`]: one game between two engines started for it, for tournaments
//!   (`weiqi league`), where each game has its own pairing.
//! - [`league`]: an engine league, an event of the store (`weiqi league`): each round paired
//!   by the tournament crate, its games played by [`play_pairing`], the results recorded.
//! - [`elo()`]: the Elo difference of a score, with a 95 % interval.
//!
//! Key design decision: time is read from one source, a [`Time`] (the system clock from the
//! match's start, or a test's held time), in one place for a game's instants ([`play_game`]'s
//! table) and passed to the pure referee and clock as [`clock::Instant`]s, so every ruling on
//! time is the clock crate's, made on the same instants the record keeps; the engines'
//! deadlines are instants of the same source. The deadline of a `genmove` is the side's flag instant plus a
//! grace ([`Limits::grace`]): an answer within the grace is judged by the clock (a loss on
//! time, `B+T`/`W+T`); none at all means the engine hangs and forfeits (`+F`), so a match
//! never waits on a dead process.
//!
//! A second decision: an engine failure loses only the game it happens in. The process is
//! killed at once (after a timeout its output can no longer be trusted to line up with our
//! commands) and a new one is started for the next game.
//!
//! This crate does I/O (processes, pipes, files): it is an adapter around the pure cores.

#![deny(missing_docs)]

mod client;
mod elo;
mod game;
pub mod league;
mod runner;
pub mod scorer;
pub mod time;

pub use client::{Engine, GtpError};
pub use elo::{Elo, elo, elo_of_score, format_elo};
pub use game::{Abort, DeadBy, FinishedGame, GameSetup, Limits, MAX_VOID_MOVES, forfeit_unstarted, play_game};
pub use runner::{ArenaError, GameReport, MatchReport, MatchSettings, Tally, play_pairing, run_match};
pub use time::Time;
