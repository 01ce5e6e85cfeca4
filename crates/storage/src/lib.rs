//! The weiqi database: the record of every event — its system and settings, its players, the
//! pairing of each round, the results, withdrawals and warnings — in an embedded SQLite file
//! that the command line and (later) the server share.
//!
//! # Main types
//! - [`Store`]: an open database, with one method per domain operation: [`Store::create_event`],
//!   [`Store::add_player`], [`Store::save_round`], [`Store::record_result`],
//!   [`Store::withdraw`], [`Store::add_warning`], [`Store::load_event`], …
//! - [`Event`]: the whole record of one event as loaded, holding the tournament crate's
//!   [`Player`](tournament::player::Player) and [`GameResult`](tournament::result::GameResult),
//!   the rules crate's [`CyclePolicy`](rules::CyclePolicy) and the clock crate's
//!   [`TimeControl`](clock::TimeControl).
//! - [`StoreError`]: why an operation was refused or failed, naming the event, player, round or
//!   board.
//!
//! # Design decisions
//! - **Every change is one transaction.** Each method that writes opens an immediate (write-
//!   locked) transaction, checks its preconditions inside it and commits at the end; any
//!   error drops the transaction, which rolls back. A failed command therefore leaves the
//!   database exactly as it was, and two processes writing at once are serialised by SQLite
//!   (each waits up to five seconds for the lock).
//! - **The API speaks the domain, not SQL.** No type of the SQLite binding appears in a
//!   signature, so a PostgreSQL backend for the server can later sit behind the same methods.
//!   Players are named by their name, unique in an event; rounds and boards by number.
//! - **Versioned migrations.** The schema is the SQL files in `migrations/`, applied in order
//!   and recorded in the `schema_version` table; opening an older database migrates it (in one
//!   transaction), and a database from a newer weiqi is refused rather than misread.
//! - **History is kept.** Results are appended, never overwritten: a correction is a new row
//!   marked as such. Changes the director makes to a proposed pairing are flagged on the
//!   games and described in a log.
//! - **Computation lives elsewhere.** The store records what was decided and what happened;
//!   pairing and standings are computed by the tournament crate from a loaded [`Event`].
//!
//! The file is opened in WAL mode (readers never block the writer) with foreign keys on.

#![deny(missing_docs)]

mod error;
mod migrate;
mod model;
mod store;

pub use error::StoreError;
pub use migrate::SCHEMA_VERSION;
pub use model::{
    ByeValue, Entry, Event, EventSummary, Game, NewEvent, NewGame, NewRound, PairingEdit, Round, Settings, System,
    TieBreak, Warning,
};
pub use store::{Recorded, Store};
