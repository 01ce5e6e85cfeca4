//! The weiqi database: the record of every event — its system and settings, its players, the
//! pairing of each round, the results, withdrawals and warnings — in an embedded SQLite file
//! or in PostgreSQL, which the command line and the server share.
//!
//! # Main types
//! - [`Store`]: an open database ([`Store::open`] a SQLite file, [`Store::open_postgres`] a
//!   PostgreSQL database, [`Store::open_in_memory`]), with one method per domain operation:
//!   [`Store::create_event`], [`Store::add_player`], [`Store::pair_next`],
//!   [`Store::pair_amended`], [`Store::pair_manual`], [`Store::record_result`] (and
//!   [`Store::record_result_between`] for a live game, checked against the board's players),
//!   [`Store::withdraw`], [`Store::add_warning`], [`Store::load_event`], …
//! - The tournament crate's [`Event`](tournament::Event) is what the store loads and
//!   returns: the store has no event type of its own.
//! - [`StoreError`]: why an operation was refused or failed, naming the event, player, round or
//!   board; a refusal by the tournament rules carries the tournament crate's
//!   [`EventError`](tournament::EventError).
//!
//! # Design decisions
//! - **Every change is one transaction, checked by the tournament crate.** Each method that
//!   writes opens a write transaction, loads the event, applies the change to it through the
//!   tournament crate (which refuses what the rules refuse), writes the rows and commits; any
//!   error drops the transaction, which rolls back. A failed command therefore leaves the
//!   database exactly as it was. Two writers at once (two processes, two server instances,
//!   the CLI beside a server) are serialised, each waiting up to ten seconds for the other:
//!   on SQLite by `BEGIN IMMEDIATE`, on PostgreSQL by a transaction-scoped advisory lock
//!   named after the schema (why a lock rather than `SERIALIZABLE` with retries: see the
//!   `backend` module). Reads are one snapshot each and never wait for a writer.
//! - **The API speaks the domain, not SQL.** No type of a database binding appears in a
//!   signature. Players are named by their name, unique in an event; rounds and boards by
//!   number. Pairing and standings are the tournament crate's; the store only keeps the record.
//! - **One domain code, two databases.** The operations are written once, in SQLite's
//!   dialect, against a small internal layer (`backend`: statements with `?1` parameters, a
//!   value type in and out) that runs them on rusqlite or on `tokio-postgres` (blocked on by
//!   a one-thread runtime of the connection's own) and translates the dialect for PostgreSQL in one place (placeholders, the
//!   timestamp expression). Only the migrations and the catalogue queries exist twice.
//! - **Versioned migrations.** The schema is the SQL files in `migrations/` (SQLite) and
//!   `migrations/pg/` (PostgreSQL: the same versions, tables and columns in its dialect),
//!   applied in order and recorded in the `schema_version` table; opening an older database
//!   migrates it (in one write transaction, so instances starting together migrate once), and
//!   a database from a newer weiqi is refused rather than misread. Timestamps are UTC text
//!   (`2024-05-01T09:30:00Z`) on both. The runner takes any list of migrations and version
//!   table ([`Schema`]): the server's tables are migrated by it too ([`migrate_sqlite`],
//!   [`migrate_postgres`]), recorded in their own table, `server_schema_version`.
//! - **History is kept.** Results are appended, never overwritten: a correction is a new row
//!   marked as such. Changes the director makes to a proposed pairing are flagged on the
//!   games and described in a log.
//! - **The record is replayed, not recomputed.** Every change takes the next number of the
//!   event's sequence; loading replays the changes in that order (players, rounds, results,
//!   withdrawals, warnings, changes to the number of rounds) into a fresh tournament `Event`.
//!   Rounds are restored game by game as they were paired, never paired again, so a newer
//!   pairing program cannot rewrite a past round. Derived facts (forfeits after a
//!   withdrawal, results voided by Art. 28.2) are recomputed by the same rules on replay.
//!
//! - **Team events are their record.** A team event (the `teams` crate) is kept as its list
//!   of changes, one line of text each, replayed by the caller ([`Store::create_team_event`],
//!   [`Store::append_team_change`], [`Store::team_changes`]); so is a challenge match
//!   (擂台赛, [`Store::create_challenge`], [`Store::append_challenge_change`],
//!   [`Store::challenge_changes`]), in the same tables under its own kind. The store does not
//!   interpret them, so it needs no dependency on the teams crate.
//! - **An import is one transaction too.** [`Store::import_event`] creates an event with its
//!   players, rounds, results and attachments through the same checked steps as the single
//!   operations, all in one transaction, so a file that fails half-way leaves nothing.
//! - **Attachments** ([`Store::set_attachment`]) keep what an import from another program
//!   knows that the event does not (OpenGotha's handicaps and parameters), by name.
//!
//! - **PostgreSQL beside the server.** The store's tables go in the schema the URL's
//!   `search_path` names; none of their names begins with `server_`, so they share that schema
//!   with `weiqi serve`'s own tables. The client is `tokio-postgres`, the workspace's one
//!   PostgreSQL client (the server's too), but the store's API is synchronous: call it from
//!   `spawn_blocking`, never on a thread that drives a tokio runtime (see
//!   [`Store::open_postgres`]). A lost connection fails the operation under way (which changes
//!   nothing) and the next one connects again; a refused login or an unreachable server is a
//!   [`StoreError::Database`] that says what to check.
//!
//! The SQLite file is opened in WAL mode (readers never block the writer) with foreign keys on
//! and `synchronous = FULL`: a commit is on the disk before it returns ([`open_sqlite`], the one
//! way every weiqi connection opens the file, the server's too, says why).

#![deny(missing_docs)]

mod agreement;
mod backend;
mod error;
mod extra;
mod import;
mod migrate;
mod model;
mod store;

pub use backend::open_sqlite;

/// The statement layer the store is written on, which the server's own tables use too:
/// statements written once in SQLite's dialect (`?1` parameters), [`Arg`](sql::Arg)s in,
/// [`Row`](sql::Row)s of [`Cell`](sql::Cell)s out, the dialect translated in one place
/// ([`to_postgres`](sql::to_postgres)), and each client's values converted by one function
/// ([`sqlite_rows`](sql::sqlite_rows); [`pg_params`](sql::pg_params), [`pg_refs`](sql::pg_refs),
/// [`pg_row`](sql::pg_row)).
pub mod sql {
    pub use crate::backend::{
        Arg, Cell, FromCell, Param, Row, Tx, pg_params, pg_refs, pg_row, sqlite_rows, to_postgres,
    };
}
pub use error::StoreError;
pub use import::{ImportRound, ImportedEvent};
pub use migrate::{Legacy, Migration, SCHEMA_VERSION, Schema, Step, migrate_postgres, migrate_sqlite};
pub use model::{EventSummary, NewEvent, Recorded, WriteBack};
pub use store::{Store, game_between, paired_game};
