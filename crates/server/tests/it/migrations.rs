//! The server's tables in a database that an older weiqi migrated, when the server's
//! migrations were inline SQL, numbered apart on SQLite and PostgreSQL (PostgreSQL had one
//! more, the heartbeat per instance, as its version 4), and recorded in a version table of
//! another layout (`version`, `applied_at` in milliseconds): the database opens, keeps its
//! data and when each version was applied, and applies only what it lacks.

use crate::support::*;
use expect_test::{Expect, expect};

/// A database for the old tables: a SQLite file, or a PostgreSQL schema.
enum Old {
    Sqlite(std::path::PathBuf),
    Postgres(PgSchema),
}

/// The old version table.
const OLD_TABLE_SQLITE: &str =
    "CREATE TABLE server_schema_version (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT;";
const OLD_TABLE_PG: &str =
    "CREATE TABLE server_schema_version (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL);";

/// The old migrations of each dialect, by their old numbers: the same SQL as today's files,
/// which were made of it (SQLite had no version for PostgreSQL's heartbeat per instance).
const OLD_SQLITE: &[&str] = &[
    include_str!("../../migrations/0001_games.sql"),
    include_str!("../../migrations/0002_session_expiry.sql"),
    include_str!("../../migrations/0003_idempotency.sql"),
    include_str!("../../migrations/0005_seat_links.sql"),
    include_str!("../../migrations/0006_one_game_per_board.sql"),
    include_str!("../../migrations/0007_seats_and_roles.sql"),
    include_str!("../../migrations/0008_name_keys.sql"),
    include_str!("../../migrations/0009_seat_secret_and_arrival.sql"),
];
const OLD_PG: &[&str] = &[
    include_str!("../../migrations/pg/0001_games.sql"),
    include_str!("../../migrations/pg/0002_session_expiry.sql"),
    include_str!("../../migrations/pg/0003_idempotency.sql"),
    include_str!("../../migrations/pg/0004_instances.sql"),
    include_str!("../../migrations/pg/0005_seat_links.sql"),
    include_str!("../../migrations/pg/0006_one_game_per_board.sql"),
    include_str!("../../migrations/pg/0007_seats_and_roles.sql"),
    include_str!("../../migrations/pg/0008_name_keys.sql"),
    include_str!("../../migrations/pg/0009_seat_secret_and_arrival.sql"),
];

/// When the old code applied its version `v` (milliseconds): a day apart, from 2023-11-15.
fn old_ms(v: usize) -> i64 {
    1_700_000_000_000 + v as i64 * 86_400_000
}

impl Old {
    async fn sql(&self, sql: &str) {
        match self {
            Old::Sqlite(file) => rusqlite::Connection::open(file).unwrap().execute_batch(sql).unwrap(),
            Old::Postgres(db) => pg_admin()
                .await
                .batch_execute(&format!("SET search_path = {}; {sql}", db.name))
                .await
                .unwrap(),
        }
    }

    /// The first column of every row, as text.
    async fn strings(&self, sql: &str) -> Vec<String> {
        match self {
            Old::Sqlite(file) => {
                let c = rusqlite::Connection::open(file).unwrap();
                let mut st = c.prepare(sql).unwrap();
                st.query_map([], |r| r.get::<_, String>(0))
                    .unwrap()
                    .collect::<Result<_, _>>()
                    .unwrap()
            }
            Old::Postgres(db) => {
                let c = pg_admin().await;
                c.batch_execute(&format!("SET search_path = {}", db.name))
                    .await
                    .unwrap();
                c.query(sql, &[]).await.unwrap().iter().map(|r| r.get(0)).collect()
            }
        }
    }

    /// The server's tables as the old code left them at its version `sqlite` on SQLite, `pg`
    /// on PostgreSQL (its numbers, counted apart).
    async fn migrated_by_the_old_code(&self, sqlite: usize, pg: usize) {
        let (table, list, upto) = match self {
            Old::Sqlite(_) => (OLD_TABLE_SQLITE, OLD_SQLITE, sqlite),
            Old::Postgres(_) => (OLD_TABLE_PG, OLD_PG, pg),
        };
        self.sql(table).await;
        for (i, sql) in list[..upto].iter().enumerate() {
            self.sql(sql).await;
            let v = i + 1;
            self.sql(&format!(
                "INSERT INTO server_schema_version (version, applied_at) VALUES ({v}, {})",
                old_ms(v)
            ))
            .await;
        }
    }

    /// A server opened on the database.
    async fn open(&self) -> App {
        match self {
            Old::Sqlite(file) => app_with(|c| c.db = file.clone()).await,
            Old::Postgres(db) => db.app().await,
        }
    }

    /// The versions recorded, and the day each was applied (`now` if by this test's server).
    async fn versions(&self) -> String {
        let rows = self
            .strings("SELECT version || ' ' || name || ' ' || applied_at FROM server_schema_version ORDER BY version")
            .await;
        let (mut names, mut days) = (Vec::new(), Vec::new());
        for row in &rows {
            let (head, at) = row.rsplit_once(' ').unwrap_or((row, ""));
            names.push(head.to_string());
            days.push(match at.strip_prefix("2023-") {
                Some(day) => day[..5].to_string(),
                None => "now".to_string(),
            });
        }
        format!("versions: {}\napplied: {}", names.join(", "), days.join(" "))
    }

    /// The accounts, with whether each has its name's key.
    async fn accounts(&self) -> String {
        self.strings(
            "SELECT name || CASE WHEN skeleton IS NULL THEN ' (no key)' ELSE ' (key)' END FROM server_account ORDER BY id",
        )
        .await
        .join(", ")
    }
}

async fn sqlite() -> Old {
    Old::Sqlite(temp_dir().join("weiqi.db"))
}

async fn postgres() -> Old {
    Old::Postgres(PgSchema::new().await)
}

/// Before the account names' keys (the old SQLite version 6, PostgreSQL's 7): the versions
/// the old code recorded are kept under today's numbers with their times, the key's migration
/// and the one after it are applied, and the accounts made before get their keys (the older of
/// two look-alikes takes it). Opened again, nothing changes.
async fn before_the_name_keys(old: Old, expected: Expect) {
    old.migrated_by_the_old_code(6, 7).await;
    old.sql(
        "INSERT INTO server_account (name, password_hash, created_at) VALUES ('admin', 'x', 0);
         INSERT INTO server_account (name, password_hash, created_at) VALUES ('Admin', 'x', 0);",
    )
    .await;
    let a = old.open().await;
    drop(a);
    let first = format!("{}\naccounts: {}", old.versions().await, old.accounts().await);
    let a = old.open().await;
    drop(a);
    let again = format!("{}\naccounts: {}", old.versions().await, old.accounts().await);
    assert_eq!(again, first, "opened again");
    expected.assert_eq(&first);
}

/// At the old code's last version (SQLite's 8, PostgreSQL's 9): nothing is applied again (an
/// account left without a key keeps none: the key's filling does not run twice), the server's
/// key is kept, and every version keeps its time.
async fn at_the_last_old_version(old: Old, expected: Expect) {
    old.migrated_by_the_old_code(8, 9).await;
    old.sql(
        "INSERT INTO server_account (name, password_hash, created_at) VALUES ('admin', 'x', 0);
         INSERT INTO server_secret (id, key) VALUES (1, 'the old key');",
    )
    .await;
    let a = old.open().await;
    drop(a);
    let key = old.strings("SELECT key FROM server_secret").await.join(", ");
    expected.assert_eq(&format!(
        "{}\naccounts: {}\nkey: {key}",
        old.versions().await,
        old.accounts().await
    ));
}

const BEFORE_KEYS_SQLITE: Expect = expect![[r#"
    versions: 1 games, 2 session_expiry, 3 idempotency, 4 instances, 5 seat_links, 6 one_game_per_board, 7 seats_and_roles, 8 name_keys, 9 seat_secret_and_arrival
    applied: 11-15 11-16 11-17 now 11-18 11-19 11-20 now now
    accounts: admin (key), Admin (no key)"#]];
const BEFORE_KEYS_PG: Expect = expect![[r#"
    versions: 1 games, 2 session_expiry, 3 idempotency, 4 instances, 5 seat_links, 6 one_game_per_board, 7 seats_and_roles, 8 name_keys, 9 seat_secret_and_arrival
    applied: 11-15 11-16 11-17 11-18 11-19 11-20 11-21 now now
    accounts: admin (key), Admin (no key)"#]];

#[tokio::test]
async fn a_database_migrated_before_the_name_keys_opens_and_applies_the_rest() {
    before_the_name_keys(sqlite().await, BEFORE_KEYS_SQLITE).await;
}

#[tokio::test]
async fn a_database_migrated_before_the_name_keys_opens_and_applies_the_rest_on_postgres() {
    before_the_name_keys(postgres().await, BEFORE_KEYS_PG).await;
}

#[tokio::test]
async fn a_database_at_the_last_old_version_opens_without_migrating_again() {
    at_the_last_old_version(sqlite().await, expect![[r#"
        versions: 1 games, 2 session_expiry, 3 idempotency, 4 instances, 5 seat_links, 6 one_game_per_board, 7 seats_and_roles, 8 name_keys, 9 seat_secret_and_arrival
        applied: 11-15 11-16 11-17 now 11-18 11-19 11-20 11-21 11-22
        accounts: admin (no key)
        key: the old key"#]]).await;
}

#[tokio::test]
async fn a_database_at_the_last_old_version_opens_without_migrating_again_on_postgres() {
    at_the_last_old_version(postgres().await, expect![[r#"
        versions: 1 games, 2 session_expiry, 3 idempotency, 4 instances, 5 seat_links, 6 one_game_per_board, 7 seats_and_roles, 8 name_keys, 9 seat_secret_and_arrival
        applied: 11-15 11-16 11-17 11-18 11-19 11-20 11-21 11-22 11-23
        accounts: admin (no key)
        key: the old key"#]]).await;
}
