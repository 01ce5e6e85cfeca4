//! Versioned migrations. Each migration is a SQL file in `migrations/`, applied once, in
//! order, and recorded in the `schema_version` table; opening a database applies those it
//! lacks, all in one transaction, so a migration that fails leaves the database at its old
//! version.

use crate::error::Db;
use rusqlite::{Connection, TransactionBehavior};

use crate::StoreError;

/// A schema migration: its version, a short name, and its SQL.
pub(crate) struct Migration {
    pub version: u32,
    pub name: &'static str,
    pub sql: &'static str,
}

/// Every migration, oldest first. Never edit a migration that has shipped: add a new one.
pub(crate) const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "events",
        sql: include_str!("../migrations/0001_events.sql"),
    },
    Migration {
        version: 2,
        name: "warnings_and_amendments",
        sql: include_str!("../migrations/0002_warnings_and_amendments.sql"),
    },
    Migration {
        version: 3,
        name: "teams_and_attachments",
        sql: include_str!("../migrations/0003_teams_and_attachments.sql"),
    },
    Migration {
        version: 4,
        name: "draw",
        sql: include_str!("../migrations/0004_draw.sql"),
    },
];

/// The schema version this build writes: the last migration's.
pub const SCHEMA_VERSION: u32 = MIGRATIONS[MIGRATIONS.len() - 1].version;

const CREATE_VERSION_TABLE: &str = "CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT";

/// The version of the schema in `conn` (0 for an empty database).
pub(crate) fn version(conn: &Connection) -> Result<u32, StoreError> {
    let has_table: bool = conn
        .query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version')",
            [],
            |r| r.get(0),
        )
        .db()?;
    if !has_table {
        return Ok(0);
    }
    let v: Option<u32> = conn
        .query_row("SELECT MAX(version) FROM schema_version", [], |r| r.get(0))
        .db()?;
    Ok(v.unwrap_or(0))
}

/// Brings the schema up to [`SCHEMA_VERSION`]; returns the version found before.
pub(crate) fn migrate(conn: &mut Connection) -> Result<u32, StoreError> {
    let before = version(conn)?;
    if before > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found: before,
            known: SCHEMA_VERSION,
        });
    }
    if before == SCHEMA_VERSION {
        return Ok(before);
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).db()?;
    tx.execute_batch(CREATE_VERSION_TABLE).db()?;
    // Read again inside the write lock: another process may have migrated meanwhile.
    let found = version(&tx)?;
    for m in MIGRATIONS.iter().filter(|m| m.version > found) {
        tx.execute_batch(m.sql).map_err(|e| {
            // Name the migration; leave out the SQL text the binding appends to syntax errors.
            let why = match e {
                rusqlite::Error::SqlInputError { msg, offset, .. } => format!("{msg} (at byte {offset})"),
                e => e.to_string(),
            };
            StoreError::Database(format!("migration {} ({}): {why}", m.version, m.name))
        })?;
        tx.execute(
            "INSERT INTO schema_version (version, name) VALUES (?1, ?2)",
            (m.version, m.name),
        )
        .db()?;
    }
    tx.commit().db()?;
    Ok(before)
}
