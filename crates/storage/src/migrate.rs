//! Versioned migrations. Each migration is a SQL file in `migrations/` (SQLite) with its twin in
//! `migrations/pg/` (PostgreSQL, the same version number), applied once, in order, and recorded
//! in the `schema_version` table; opening a database applies those it lacks, all in one write
//! transaction, so a migration that fails leaves the database at its old version. The write
//! transaction is the store's usual one (SQLite's write lock, PostgreSQL's advisory lock), so
//! two processes opening one database together do not both migrate it: the second finds the
//! work done.

use crate::StoreError;
use crate::backend::{Conn, Dialect, NOW_PG, Tx, args};

/// A schema migration: its version, a short name, and its SQL in each dialect.
pub(crate) struct Migration {
    pub version: u32,
    pub name: &'static str,
    pub sqlite: &'static str,
    pub pg: &'static str,
}

/// Every migration, oldest first. Never edit a migration that has shipped: add a new one.
pub(crate) const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "events",
        sqlite: include_str!("../migrations/0001_events.sql"),
        pg: include_str!("../migrations/pg/0001_events.sql"),
    },
    Migration {
        version: 2,
        name: "warnings_and_amendments",
        sqlite: include_str!("../migrations/0002_warnings_and_amendments.sql"),
        pg: include_str!("../migrations/pg/0002_warnings_and_amendments.sql"),
    },
    Migration {
        version: 3,
        name: "teams_and_attachments",
        sqlite: include_str!("../migrations/0003_teams_and_attachments.sql"),
        pg: include_str!("../migrations/pg/0003_teams_and_attachments.sql"),
    },
    Migration {
        version: 4,
        name: "draw",
        sqlite: include_str!("../migrations/0004_draw.sql"),
        pg: include_str!("../migrations/pg/0004_draw.sql"),
    },
    Migration {
        version: 5,
        name: "handicap_rule_and_challenges",
        sqlite: include_str!("../migrations/0005_handicap_rule_and_challenges.sql"),
        pg: include_str!("../migrations/pg/0005_handicap_rule_and_challenges.sql"),
    },
    Migration {
        version: 6,
        name: "participation",
        sqlite: include_str!("../migrations/0006_participation.sql"),
        pg: include_str!("../migrations/pg/0006_participation.sql"),
    },
    Migration {
        version: 7,
        name: "categories",
        sqlite: include_str!("../migrations/0007_categories.sql"),
        pg: include_str!("../migrations/pg/0007_categories.sql"),
    },
    Migration {
        version: 8,
        name: "players_agreement",
        sqlite: include_str!("../migrations/0008_players_agreement.sql"),
        pg: include_str!("../migrations/pg/0008_players_agreement.sql"),
    },
    Migration {
        version: 9,
        name: "lots",
        sqlite: include_str!("../migrations/0009_lots.sql"),
        pg: include_str!("../migrations/pg/0009_lots.sql"),
    },
    Migration {
        version: 10,
        name: "draw_ups",
        sqlite: include_str!("../migrations/0010_draw_ups.sql"),
        pg: include_str!("../migrations/pg/0010_draw_ups.sql"),
    },
];

/// The schema version this build writes: the last migration's.
pub const SCHEMA_VERSION: u32 = MIGRATIONS[MIGRATIONS.len() - 1].version;

const CREATE_VERSION_TABLE: &str = "CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT";

/// The version table in PostgreSQL's dialect; created in the schema the `search_path` names.
fn create_version_table_pg() -> String {
    format!(
        "SET LOCAL client_min_messages = warning;
         CREATE TABLE IF NOT EXISTS schema_version (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            applied_at TEXT NOT NULL DEFAULT ({NOW_PG})
         )"
    )
}

/// The version of the schema (0 for an empty database).
pub(crate) fn version(tx: &Tx<'_>) -> Result<u32, StoreError> {
    let exists = match tx.dialect() {
        Dialect::Sqlite => {
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version')"
        }
        Dialect::Postgres => {
            "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_tables
                            WHERE schemaname = current_schema() AND tablename = 'schema_version')"
        }
    };
    if !tx.scalar::<bool>(exists, args![])? {
        return Ok(0);
    }
    let v: Option<u32> = tx.scalar("SELECT MAX(version) FROM schema_version", args![])?;
    Ok(v.unwrap_or(0))
}

fn check_known(found: u32) -> Result<(), StoreError> {
    if found > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found,
            known: SCHEMA_VERSION,
        });
    }
    Ok(())
}

/// Brings the schema up to [`SCHEMA_VERSION`]; returns the version found before. A database
/// from a newer weiqi is refused untouched.
pub(crate) fn migrate(conn: &Conn) -> Result<u32, StoreError> {
    let before = {
        let tx = conn.begin(false)?;
        let v = version(&tx)?;
        tx.commit()?;
        v
    };
    check_known(before)?;
    if before == SCHEMA_VERSION {
        return Ok(before);
    }
    let tx = conn.begin(true)?;
    match tx.dialect() {
        Dialect::Sqlite => tx.batch(CREATE_VERSION_TABLE)?,
        Dialect::Postgres => tx.batch(&create_version_table_pg())?,
    }
    // Read again inside the write lock: another process may have migrated meanwhile.
    let found = version(&tx)?;
    check_known(found)?;
    for m in MIGRATIONS.iter().filter(|m| m.version > found) {
        let sql = match tx.dialect() {
            Dialect::Sqlite => m.sqlite,
            Dialect::Postgres => m.pg,
        };
        tx.batch(sql).map_err(|e| {
            let why = match e {
                StoreError::Database(m) => m,
                e => e.to_string(),
            };
            StoreError::Database(format!("migration {} ({}): {why}", m.version, m.name))
        })?;
        tx.exec(
            "INSERT INTO schema_version (version, name) VALUES (?1, ?2)",
            args![m.version, m.name],
        )?;
    }
    tx.commit()?;
    Ok(before)
}
