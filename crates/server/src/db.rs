//! The server's database: its own tables (games and their event records, accounts, sessions,
//! roles, the heartbeat) beside the storage crate's event tables in the same SQLite file.
//!
//! One thread owns one connection and does every read and write of these tables, so tokio
//! never blocks on SQLite. Appends of game events are **group-committed**: the thread takes
//! every append waiting in its queue, writes them in one transaction, commits, and only then
//! answers each. With `synchronous = FULL` in WAL mode the commit has reached the disk
//! (fsync of the WAL) before any of them is acknowledged, and one fsync serves the whole
//! batch, which is what lets a thousand moves a second be durable on an ordinary disk.
//! (`NORMAL` would be enough against a killed process, but can lose the last commits on a
//! power cut, and an acknowledged move must survive both.)

use rusqlite::{Connection, ErrorCode, OptionalExtension, TransactionBehavior, params};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::oneshot;

/// The server's migrations, applied in order and recorded in `server_schema_version` (apart
/// from the storage crate's `schema_version`, so each crate migrates its own tables).
const MIGRATIONS: &[(u32, &str)] = &[(
    1,
    "CREATE TABLE server_game (
        id            INTEGER PRIMARY KEY,
        event_id      TEXT,
        round         INTEGER,
        board         INTEGER,
        settings      TEXT NOT NULL,
        secret_black  TEXT NOT NULL,
        secret_white  TEXT NOT NULL,
        owner         INTEGER,
        account_black INTEGER,
        account_white INTEGER,
        created_at    INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE server_game_event (
        game_id INTEGER NOT NULL REFERENCES server_game (id),
        seq     INTEGER NOT NULL,
        event   TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE server_account (
        id            INTEGER PRIMARY KEY,
        name          TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at    INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE server_session (
        token_hash TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES server_account (id),
        created_at INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE server_role (
        event_id   TEXT NOT NULL,
        account_id INTEGER NOT NULL REFERENCES server_account (id),
        role       TEXT NOT NULL,
        PRIMARY KEY (event_id, account_id, role)
    ) STRICT;
    CREATE TABLE server_heartbeat (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        at INTEGER NOT NULL
    ) STRICT;",
)];

/// Why a database call failed.
#[derive(Debug)]
pub enum DbError {
    /// The (game, seq) slot is taken: another command landed first.
    Conflict,
    /// The database failed (the text is for the log, never for a client).
    Failed(String),
}

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> DbError {
        if let rusqlite::Error::SqliteFailure(f, _) = &e
            && f.code == ErrorCode::ConstraintViolation
        {
            return DbError::Conflict;
        }
        DbError::Failed(e.to_string())
    }
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbError::Conflict => f.write_str("the slot is taken"),
            DbError::Failed(e) => write!(f, "database failure: {e}"),
        }
    }
}

type Call = Box<dyn FnOnce(&mut Connection) + Send>;
type Reply = oneshot::Sender<Result<(), DbError>>;

enum Job {
    Append {
        game: i64,
        seq: u64,
        json: String,
        reply: Reply,
    },
    Call(Call),
}

/// A handle on the database thread. Cheap to clone.
#[derive(Clone)]
pub struct Db {
    jobs: mpsc::Sender<Job>,
}

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

impl Db {
    /// Opens (creating) the SQLite file, migrates the server's tables, and starts the thread.
    /// Returns the heartbeat found: the last instant the previous run knew it was alive.
    pub fn open_sqlite(path: &Path) -> Result<(Db, Option<u64>), DbError> {
        let mut conn = Connection::open(path).map_err(|e| DbError::Failed(format!("{}: {e}", path.display())))?;
        conn.busy_timeout(Duration::from_secs(10))?;
        let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(DbError::Failed(format!("cannot switch to WAL (journal mode {mode})")));
        }
        conn.execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")?;
        migrate(&mut conn)?;
        let heartbeat: Option<i64> = conn
            .query_row("SELECT at FROM server_heartbeat WHERE id = 1", [], |r| r.get(0))
            .optional()?;
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("weiqi-db".into())
            .spawn(move || run(conn, rx))
            .map_err(|e| DbError::Failed(e.to_string()))?;
        Ok((Db { jobs: tx }, heartbeat.map(|h| h as u64)))
    }

    /// Appends event `seq` of `game`, durably; `Conflict` if that slot is taken.
    pub async fn append(&self, game: i64, seq: u64, json: String) -> Result<(), DbError> {
        let (reply, rx) = oneshot::channel();
        self.jobs
            .send(Job::Append { game, seq, json, reply })
            .map_err(|_| DbError::Failed("the database thread has stopped".into()))?;
        rx.await
            .map_err(|_| DbError::Failed("the database thread has stopped".into()))?
    }

    /// Runs `f` on the database thread (its own transaction, if it needs one).
    pub async fn call<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<R, DbError> + Send + 'static,
    ) -> Result<R, DbError> {
        let (reply, rx) = oneshot::channel();
        let job: Call = Box::new(move |c| {
            let _ = reply.send(f(c));
        });
        self.jobs
            .send(Job::Call(job))
            .map_err(|_| DbError::Failed("the database thread has stopped".into()))?;
        rx.await
            .map_err(|_| DbError::Failed("the database thread has stopped".into()))?
    }
}

fn migrate(conn: &mut Connection) -> Result<(), DbError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch(
        "CREATE TABLE IF NOT EXISTS server_schema_version (
            version    INTEGER PRIMARY KEY,
            applied_at INTEGER NOT NULL
        ) STRICT",
    )?;
    let found: u32 = tx.query_row("SELECT COALESCE(MAX(version), 0) FROM server_schema_version", [], |r| {
        r.get(0)
    })?;
    let known = MIGRATIONS.last().map_or(0, |m| m.0);
    if found > known {
        return Err(DbError::Failed(format!(
            "the server tables are at version {found}, newer than this weiqi knows ({known})"
        )));
    }
    for (version, sql) in MIGRATIONS.iter().filter(|m| m.0 > found) {
        tx.execute_batch(sql)?;
        tx.execute(
            "INSERT INTO server_schema_version (version, applied_at) VALUES (?1, ?2)",
            params![version, now_ms() as i64],
        )?;
    }
    tx.commit()?;
    Ok(())
}

/// The most appends one transaction takes.
const MAX_BATCH: usize = 4096;

fn run(mut conn: Connection, rx: mpsc::Receiver<Job>) {
    let mut last_beat = 0u64;
    loop {
        let first = match rx.recv_timeout(Duration::from_millis(500)) {
            Ok(job) => Some(job),
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        };
        let mut appends = Vec::new();
        let mut calls = Vec::new();
        if let Some(job) = first {
            match job {
                Job::Append { .. } => appends.push(job),
                Job::Call(c) => calls.push(c),
            }
            while appends.len() < MAX_BATCH {
                match rx.try_recv() {
                    Ok(job @ Job::Append { .. }) => appends.push(job),
                    Ok(Job::Call(c)) => calls.push(c),
                    Err(_) => break,
                }
            }
        }
        let now = now_ms();
        let beat = now >= last_beat + 500;
        if !appends.is_empty() || beat {
            write_batch(&mut conn, appends, beat.then_some(now));
            if beat {
                last_beat = now;
            }
        }
        for c in calls {
            c(&mut conn);
        }
    }
}

/// Writes the appends (and the heartbeat) in one transaction and answers each after the
/// commit: an append whose slot is taken gets `Conflict`, the others succeed together.
fn write_batch(conn: &mut Connection, appends: Vec<Job>, beat: Option<u64>) {
    let mut outcomes: Vec<(Reply, Result<(), DbError>)> = Vec::new();
    let result = (|| -> Result<(), rusqlite::Error> {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        {
            let mut insert =
                tx.prepare_cached("INSERT INTO server_game_event (game_id, seq, event) VALUES (?1, ?2, ?3)")?;
            for job in appends {
                let Job::Append { game, seq, json, reply } = job else {
                    continue;
                };
                // A failed INSERT aborts only itself: the transaction goes on.
                let r = insert
                    .execute(params![game, seq as i64, json])
                    .map(|_| ())
                    .map_err(DbError::from);
                outcomes.push((reply, r));
            }
        }
        if let Some(at) = beat {
            tx.execute(
                "INSERT INTO server_heartbeat (id, at) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET at = ?1",
                [at as i64],
            )?;
        }
        tx.commit()
    })();
    match result {
        Ok(()) => {
            for (reply, r) in outcomes {
                let _ = reply.send(r);
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "group commit failed");
            for (reply, _) in outcomes {
                let _ = reply.send(Err(DbError::Failed(e.to_string())));
            }
        }
    }
}
