//! Versioned migrations. Each migration is a SQL file in `migrations/` (SQLite) with its twin in
//! `migrations/pg/` (PostgreSQL, the same version number), applied once, in order, and recorded
//! in a version table; opening a database applies those it lacks, all in one write
//! transaction, so a migration that fails leaves the database at its old version. The write
//! transaction is the store's usual one (SQLite's write lock, PostgreSQL's advisory lock), so
//! two processes opening one database together do not both migrate it: the second finds the
//! work done.
//!
//! The runner takes a [`Schema`]: the migrations and the name of their version table. The
//! store's own tables are [`STORE`] (recorded in `schema_version`); the server's tables are
//! another schema of the same kind (`server_schema_version`), migrated by the same runner
//! ([`migrate_sqlite`], [`migrate_postgres`]), so both crates keep their tables the same way.

use crate::StoreError;
use std::cell::RefCell;

use crate::backend::{Conn, Dialect, NOW_PG, NOW_SQLITE, Pg, Tx, args};

/// A schema migration: its version, a short name, and its SQL in each dialect.
pub struct Migration {
    /// Its version: one more than the migration before.
    pub version: u32,
    /// A short name, recorded beside the version.
    pub name: &'static str,
    /// Its SQL in SQLite's dialect (several statements; no parameters).
    pub sqlite: &'static str,
    /// Its SQL in PostgreSQL's dialect: the same tables and columns.
    pub pg: &'static str,
    /// What SQL alone cannot do, run after it in the same transaction: filling a new column
    /// with values computed in Rust, say. Written once, in SQLite's dialect, on [`Tx`].
    pub then: Option<Step>,
}

/// A migration's step written in Rust, given the migration's transaction.
pub type Step = fn(&Tx<'_>) -> Result<(), StoreError>;

/// The tables of one crate as a list of migrations, and the table that records which of them
/// a database has.
pub struct Schema {
    /// The version table (created by the runner: version, name, when applied).
    pub table: &'static str,
    /// Every migration, oldest first, numbered from 1. Never edit a migration that has
    /// shipped: add a new one.
    pub migrations: &'static [Migration],
    /// The older bookkeeping of these tables that a database may still have, if any.
    pub legacy: Option<Legacy>,
}

/// An older bookkeeping of a schema's migrations: a version table of the same name without the
/// `name` column (`version`, `applied_at` in milliseconds since the Unix epoch), whose
/// versions were counted apart in each dialect. The first run of the runner on such a database
/// rewrites the table in today's layout, each recorded version under today's number, with its
/// time, and applies nothing it records.
pub struct Legacy {
    /// Today's version of each version recorded on SQLite: `sqlite[v - 1]` for version `v`.
    pub sqlite: &'static [u32],
    /// The same for PostgreSQL.
    pub pg: &'static [u32],
}

/// The store's tables.
pub(crate) const STORE: Schema = Schema {
    table: "schema_version",
    migrations: MIGRATIONS,
    legacy: None,
};

/// Every migration of the store's tables, oldest first.
const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "events",
        sqlite: include_str!("../migrations/0001_events.sql"),
        pg: include_str!("../migrations/pg/0001_events.sql"),
        then: None,
    },
    Migration {
        version: 2,
        name: "warnings_and_amendments",
        sqlite: include_str!("../migrations/0002_warnings_and_amendments.sql"),
        pg: include_str!("../migrations/pg/0002_warnings_and_amendments.sql"),
        then: None,
    },
    Migration {
        version: 3,
        name: "teams_and_attachments",
        sqlite: include_str!("../migrations/0003_teams_and_attachments.sql"),
        pg: include_str!("../migrations/pg/0003_teams_and_attachments.sql"),
        then: None,
    },
    Migration {
        version: 4,
        name: "draw",
        sqlite: include_str!("../migrations/0004_draw.sql"),
        pg: include_str!("../migrations/pg/0004_draw.sql"),
        then: None,
    },
    Migration {
        version: 5,
        name: "handicap_rule_and_challenges",
        sqlite: include_str!("../migrations/0005_handicap_rule_and_challenges.sql"),
        pg: include_str!("../migrations/pg/0005_handicap_rule_and_challenges.sql"),
        then: None,
    },
    Migration {
        version: 6,
        name: "participation",
        sqlite: include_str!("../migrations/0006_participation.sql"),
        pg: include_str!("../migrations/pg/0006_participation.sql"),
        then: None,
    },
    Migration {
        version: 7,
        name: "categories",
        sqlite: include_str!("../migrations/0007_categories.sql"),
        pg: include_str!("../migrations/pg/0007_categories.sql"),
        then: None,
    },
    Migration {
        version: 8,
        name: "players_agreement",
        sqlite: include_str!("../migrations/0008_players_agreement.sql"),
        pg: include_str!("../migrations/pg/0008_players_agreement.sql"),
        then: None,
    },
    Migration {
        version: 9,
        name: "lots",
        sqlite: include_str!("../migrations/0009_lots.sql"),
        pg: include_str!("../migrations/pg/0009_lots.sql"),
        then: None,
    },
    Migration {
        version: 10,
        name: "draw_ups",
        sqlite: include_str!("../migrations/0010_draw_ups.sql"),
        pg: include_str!("../migrations/pg/0010_draw_ups.sql"),
        then: None,
    },
];

/// The schema version this build writes: the last migration's.
pub const SCHEMA_VERSION: u32 = MIGRATIONS[MIGRATIONS.len() - 1].version;

/// The version table in SQLite's dialect.
fn create_version_table_sqlite(table: &str) -> String {
    format!(
        "CREATE TABLE IF NOT EXISTS {table} (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            applied_at TEXT NOT NULL DEFAULT ({NOW_SQLITE})
        ) STRICT"
    )
}

/// The version table in PostgreSQL's dialect; created in the schema the `search_path` names.
fn create_version_table_pg(table: &str) -> String {
    format!(
        "SET LOCAL client_min_messages = warning;
         CREATE TABLE IF NOT EXISTS {table} (
            version    INTEGER PRIMARY KEY,
            name       TEXT NOT NULL,
            applied_at TEXT NOT NULL DEFAULT ({NOW_PG})
         )"
    )
}

/// The version of the store's schema (0 for an empty database).
pub(crate) fn version(tx: &Tx<'_>) -> Result<u32, StoreError> {
    Ok(recorded(tx, &STORE)?.0)
}

/// Whether the table `table` exists (in the schema the `search_path` names, on PostgreSQL).
fn table_exists(tx: &Tx<'_>, table: &str) -> Result<bool, StoreError> {
    let exists = match tx.dialect() {
        Dialect::Sqlite => "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
        Dialect::Postgres => {
            "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_tables
                            WHERE schemaname = current_schema() AND tablename = ?1)"
        }
    };
    tx.scalar::<bool>(exists, args![table])
}

/// Whether `schema`'s version table is in the layout of its [`Legacy`] bookkeeping (it has no
/// `name` column).
fn is_legacy(tx: &Tx<'_>, schema: &Schema) -> Result<bool, StoreError> {
    if schema.legacy.is_none() {
        return Ok(false);
    }
    let named = match tx.dialect() {
        Dialect::Sqlite => "SELECT EXISTS (SELECT 1 FROM pragma_table_info(?1) WHERE name = 'name')",
        Dialect::Postgres => {
            "SELECT EXISTS (SELECT 1 FROM information_schema.columns
                            WHERE table_schema = current_schema() AND table_name = ?1 AND column_name = 'name')"
        }
    };
    Ok(!tx.scalar::<bool>(named, args![schema.table])?)
}

/// Today's number of version `old` recorded by `schema`'s legacy bookkeeping.
fn renumbered(tx: &Tx<'_>, schema: &Schema, old: u32) -> Result<u32, StoreError> {
    let map = match (&schema.legacy, tx.dialect()) {
        (Some(l), Dialect::Sqlite) => l.sqlite,
        (Some(l), Dialect::Postgres) => l.pg,
        (None, _) => &[],
    };
    match old.checked_sub(1).and_then(|i| map.get(i as usize)) {
        Some(v) => Ok(*v),
        None if old == 0 => Ok(0),
        None => Err(StoreError::NewerSchema {
            found: old,
            known: map.len() as u32,
        }),
    }
}

/// The version of `schema`'s tables (0 for an empty database), in today's numbering, and
/// whether its version table is still in the legacy layout.
fn recorded(tx: &Tx<'_>, schema: &Schema) -> Result<(u32, bool), StoreError> {
    if !table_exists(tx, schema.table)? {
        return Ok((0, false));
    }
    let v: Option<u32> = tx.scalar(&format!("SELECT MAX(version) FROM {}", schema.table), args![])?;
    let v = v.unwrap_or(0);
    if is_legacy(tx, schema)? {
        return Ok((renumbered(tx, schema, v)?, true));
    }
    Ok((v, false))
}

/// The last version `schema` knows.
fn latest(schema: &Schema) -> u32 {
    schema.migrations.last().map_or(0, |m| m.version)
}

fn check_known(schema: &Schema, found: u32) -> Result<(), StoreError> {
    let known = latest(schema);
    if found > known {
        return Err(StoreError::NewerSchema { found, known });
    }
    Ok(())
}

/// Rewrites `schema`'s version table from its legacy layout to today's: every version it
/// recorded under today's number, with the time it was applied; a version today's numbering
/// has that the old one had not (a migration of one dialect only) is recorded as applied now,
/// if a later one was. Inside the migration's write transaction.
fn adopt_legacy(tx: &Tx<'_>, schema: &Schema, found: u32) -> Result<(), StoreError> {
    let table = schema.table;
    let old = tx.query_once(&format!("SELECT version, applied_at FROM {table} ORDER BY version"))?;
    tx.batch(&format!("DROP TABLE {table}"))?;
    create_version_table(tx, table)?;
    // The old time (milliseconds) as the text every version table holds.
    let at = match tx.dialect() {
        Dialect::Sqlite => "strftime('%Y-%m-%dT%H:%M:%SZ', CAST(?3 AS BIGINT) / 1000, 'unixepoch')",
        Dialect::Postgres => {
            "to_char(to_timestamp(CAST(?3 AS BIGINT) / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
        }
    };
    let mut kept = Vec::new();
    for r in &old {
        let (v, ms): (u32, i64) = (r.get(0)?, r.get(1)?);
        let v = renumbered(tx, schema, v)?;
        let name = schema.migrations.iter().find(|m| m.version == v).map_or("", |m| m.name);
        tx.exec(
            &format!("INSERT INTO {table} (version, name, applied_at) VALUES (?1, ?2, {at})"),
            args![v, name, ms],
        )?;
        kept.push(v);
    }
    for m in schema
        .migrations
        .iter()
        .filter(|m| m.version <= found && !kept.contains(&m.version))
    {
        tx.exec(
            &format!("INSERT INTO {table} (version, name) VALUES (?1, ?2)"),
            args![m.version, m.name],
        )?;
    }
    Ok(())
}

fn create_version_table(tx: &Tx<'_>, table: &str) -> Result<(), StoreError> {
    match tx.dialect() {
        Dialect::Sqlite => tx.batch(&create_version_table_sqlite(table)),
        Dialect::Postgres => tx.batch(&create_version_table_pg(table)),
    }
}

/// Brings the store's schema up to [`SCHEMA_VERSION`]; returns the version found before. A
/// database from a newer weiqi is refused untouched.
pub(crate) fn migrate(conn: &Conn) -> Result<u32, StoreError> {
    migrate_schema(conn, &STORE)
}

/// Brings `schema`'s tables up to its last version; returns the version found before. A
/// database from a newer weiqi is refused untouched.
fn migrate_schema(conn: &Conn, schema: &Schema) -> Result<u32, StoreError> {
    let (before, legacy) = {
        let tx = conn.begin(false)?;
        let v = recorded(&tx, schema)?;
        tx.commit()?;
        v
    };
    check_known(schema, before)?;
    if before == latest(schema) && !legacy {
        return Ok(before);
    }
    let tx = conn.begin(true)?;
    // Read again inside the write lock: another process may have migrated meanwhile.
    let (found, legacy) = recorded(&tx, schema)?;
    check_known(schema, found)?;
    if legacy {
        adopt_legacy(&tx, schema, found)?;
    } else {
        create_version_table(&tx, schema.table)?;
    }
    for m in schema.migrations.iter().filter(|m| m.version > found) {
        let sql = match tx.dialect() {
            Dialect::Sqlite => m.sqlite,
            Dialect::Postgres => m.pg,
        };
        let applied = tx.batch(sql).and_then(|()| m.then.map_or(Ok(()), |then| then(&tx)));
        applied.map_err(|e| {
            let why = match e {
                StoreError::Database(m) => m,
                e => e.to_string(),
            };
            StoreError::Database(format!("migration {} ({}): {why}", m.version, m.name))
        })?;
        tx.exec(
            &format!("INSERT INTO {} (version, name) VALUES (?1, ?2)", schema.table),
            args![m.version, m.name],
        )?;
    }
    tx.commit()?;
    Ok(before)
}

/// Brings `schema`'s tables up to date in the SQLite file `conn` is open on (as
/// [`open_sqlite`](crate::open_sqlite) opens it), and gives the connection back.
pub fn migrate_sqlite(conn: rusqlite::Connection, schema: &Schema) -> Result<rusqlite::Connection, StoreError> {
    let conn = Conn::Sqlite(conn);
    migrate_schema(&conn, schema)?;
    match conn {
        Conn::Sqlite(c) => Ok(c),
        Conn::Pg(_) => Err(StoreError::Database("a SQLite connection became another".into())),
    }
}

/// Brings `schema`'s tables up to date in the PostgreSQL database at `url` (the schema its
/// `search_path` names), on a connection of its own, closed after. It blocks, as the store's
/// calls do: from async code, call it in `tokio::task::spawn_blocking`.
pub fn migrate_postgres(url: &str, schema: &Schema) -> Result<(), StoreError> {
    let conn = Conn::Pg(Box::new(RefCell::new(Pg::connect(url)?)));
    migrate_schema(&conn, schema).map(drop)
}
