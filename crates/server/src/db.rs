//! The server's database: its own tables (games and their event records, accounts, sessions,
//! roles, the heartbeat), in SQLite beside the storage crate's event tables in the same file,
//! or in PostgreSQL (`pg`).
//!
//! [`Db`] is one enum of the two backends behind typed calls (append an event, create a game,
//! load a record, the account and role queries), so the game tasks and handlers never see SQL.
//!
//! One database layer, as the storage crate's: the tables are SQL files with PostgreSQL twins
//! (`migrations/`, `migrations/pg/`, the same versions), applied by the storage crate's
//! migration runner and recorded in `server_schema_version` ([`SCHEMA`]); the statements are
//! written once, in SQLite's dialect, over `storage::sql` (see the `impl Db` of `exec` and
//! `rows`), and so is the one migration step in Rust (`fill_name_keys`). Two things stay
//! written per backend, because they differ by nature and not by dialect:
//! - **The group commit and what goes with it.** On SQLite one thread owns the connection
//!   and writes a batch of appends with the heartbeat in one transaction; on PostgreSQL a task
//!   writes a batch as one statement that also `NOTIFY`s the other instances, which `LISTEN`,
//!   and each instance keeps a heartbeat row of its own. A shared database needs the
//!   notifications and the per-instance liveness; a file with one server needs neither.
//! - **The writes that must be atomic over several statements** (a game with its opening
//!   events, a seat's new digest with its record). On SQLite they are one transaction in the
//!   thread. PostgreSQL's query connection is shared by every task and pipelined, so it cannot
//!   hold a transaction open; there each is one statement with data-modifying CTEs, which
//!   SQLite does not have.
//!
//! SQLite: one thread owns one connection and does every read and write of these tables, so
//! tokio never blocks on SQLite. Appends of game events are **group-committed**: the thread
//! takes every append waiting in its queue, writes them in one transaction, commits, and only
//! then answers each. The file is opened by the storage crate's `open_sqlite`, the one
//! durability policy of the file (WAL, `synchronous = FULL`): the commit has reached the disk
//! (fsync of the WAL) before any of them is acknowledged, and one fsync serves the whole
//! batch, which is what lets a thousand moves a second be durable on an ordinary disk.
//! (`NORMAL` would be enough against a killed process, but can lose the last commits on a
//! power cut, and an acknowledged move must survive both.) A read queued behind a commit
//! waits for its fsync, so what every command reads is kept in memory: the games in the hub,
//! and the sessions read so far (exact: this server is their only writer, and the thread
//! changes the copy with the row).
//!
//! PostgreSQL: several `weiqi serve` instances may share one database. Each append is one
//! statement that inserts the event and, in the same transaction, `NOTIFY`s the database's
//! channel with `game:seq`; every instance `LISTEN`s and hands those to its hub, which has
//! the games it runs reload what they miss. The unique (game, seq) key serialises a game's
//! commands across instances: the second writer of a slot gets [`DbError::Conflict`].

mod model;
mod pg;

pub use model::{DbError, Idempotency, Note, StoredGame};
pub(crate) use model::{SCHEMA, board_of};

use rusqlite::{Connection, ErrorCode, OptionalExtension, TransactionBehavior, params};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use crate::time::Time;
use storage::sql::{Arg, Row};
use tokio::sync::oneshot;

/// The parameters of a statement, owned: they travel to the database thread or task.
type Args = Vec<Arg<'static>>;

/// The parameters of a statement: `args![game, seq]`.
macro_rules! args {
    ($($a:expr),* $(,)?) => {
        vec![$(Arg::from($a)),*]
    };
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

/// A handle on the database, SQLite or PostgreSQL, with the server's time source (every
/// instant written, and every instant a game task records, is read from it). Cheap to clone.
#[derive(Clone)]
pub struct Db(Backend, Option<Sessions>, Time, SeatKey);

/// The server's key for seat secrets (`server_secret`), as read at the start.
type SeatKey = std::sync::Arc<str>;

/// The statement that makes the server's key the first time (a second instance starting at
/// once keeps the first's), and the one that reads it.
const MAKE_KEY: &str = "INSERT INTO server_secret (id, key) VALUES (1, ?1) ON CONFLICT (id) DO NOTHING";
const READ_KEY: &str = "SELECT key FROM server_secret WHERE id = 1";

/// On SQLite, the sessions read so far, by token digest: the one server on the file is the
/// only writer of its sessions, so the database thread keeps this copy exact (it fills and
/// changes it in the same job as the row: a read, a use, a logout, the forgetting at a login),
/// and a command's session check reads memory instead of queueing behind the group commit's
/// fsync. Not on PostgreSQL, where another instance may log a session out.
type Sessions = std::sync::Arc<std::sync::Mutex<std::collections::HashMap<String, StoredSession>>>;

#[derive(Clone)]
enum Backend {
    Sqlite(mpsc::Sender<Job>),
    Postgres(std::sync::Arc<pg::Pg>),
}

/// A stored session: its account and times (milliseconds since the Unix epoch).
#[derive(Clone, Debug)]
pub struct StoredSession {
    /// The account's id.
    pub account: i64,
    /// The account's name.
    pub name: String,
    /// When it was created (the login).
    pub created_at: u64,
    /// When it was last used.
    pub last_used: u64,
}

/// Sessions created before `created` or last used before `last_used` have ended.
#[derive(Clone, Copy, Debug)]
pub struct SessionEnds {
    /// The earliest login still alive.
    pub created: u64,
    /// The earliest last use still alive.
    pub last_used: u64,
}

/// A game in a listing: id, event, round, board.
pub type GameRow = (i64, Option<String>, Option<u32>, Option<u32>);

/// A seat link issued again: the game, the seat (`black`, `white`), who (account name), when.
pub type SeatLinkRow = (i64, String, String, u64);

fn stopped() -> DbError {
    DbError::Failed("the database thread has stopped".into())
}

impl Db {
    /// Opens (creating) the SQLite file, migrates the server's tables, and starts the thread.
    /// Returns the heartbeat found: the last instant the previous run knew it was alive.
    pub fn open_sqlite(path: &Path, time: Time) -> Result<(Db, Option<u64>), DbError> {
        // The one durability policy of the shared file (WAL, `synchronous = FULL`): the
        // storage crate's, which `weiqi event` opens it with too.
        let conn = storage::open_sqlite(path)?;
        let conn = storage::migrate_sqlite(conn, &SCHEMA)?;
        conn.execute(MAKE_KEY, params![crate::secret::new_token()])?;
        let key: String = conn.query_row(READ_KEY, [], |r| r.get(0))?;
        let heartbeat: Option<i64> = conn
            .query_row("SELECT at FROM server_heartbeat WHERE id = 1", [], |r| r.get(0))
            .optional()?;
        let (tx, rx) = mpsc::channel();
        let beats = time.clone();
        std::thread::Builder::new()
            .name("weiqi-db".into())
            .spawn(move || run(conn, rx, beats))
            .map_err(|e| DbError::Failed(e.to_string()))?;
        Ok((
            Db(Backend::Sqlite(tx), Some(Sessions::default()), time, key.into()),
            heartbeat.map(|h| h as u64),
        ))
    }

    /// Connects to PostgreSQL at `url`, migrates the server's tables, registers this instance
    /// and starts its heartbeat, and listens on the database's channel. Returns the last
    /// instant an instance was alive if none is now (`None` when another instance is running,
    /// so nobody was down, or there was none; an instance whose beat is recent is watched
    /// for a few beats to see whether it is alive), and the receiver of the notifications of
    /// every instance's commits.
    pub async fn open_postgres(
        url: &str,
        time: Time,
    ) -> Result<(Db, Option<u64>, tokio::sync::mpsc::UnboundedReceiver<Note>), DbError> {
        let (pg, heartbeat, rx) = pg::Pg::open(url, time.clone()).await?;
        pg.exec(MAKE_KEY, &[Arg::from(crate::secret::new_token())]).await?;
        let key: String = pg
            .rows(READ_KEY, &[])
            .await?
            .first()
            .ok_or_else(|| DbError::Failed("server_secret has no key".into()))?
            .get(0)?;
        Ok((Db(Backend::Postgres(pg), None, time, key.into()), heartbeat, rx))
    }

    /// The server's key for seat secrets ([`crate::secret::seat_link_secret`]).
    pub fn seat_key(&self) -> &str {
        &self.3
    }

    /// The server's time source.
    pub fn time(&self) -> &Time {
        &self.2
    }

    /// Whether several instances may share this database (PostgreSQL).
    pub fn is_shared(&self) -> bool {
        matches!(self.0, Backend::Postgres(_))
    }

    /// Appends event `seq` of `game`, durably; `Conflict` if that slot is taken.
    pub async fn append(&self, game: i64, seq: u64, json: String) -> Result<(), DbError> {
        match &self.0 {
            Backend::Sqlite(jobs) => {
                let (reply, rx) = oneshot::channel();
                jobs.send(Job::Append { game, seq, json, reply })
                    .map_err(|_| stopped())?;
                rx.await.map_err(|_| stopped())?
            }
            Backend::Postgres(pg) => pg.append(game, seq, json).await,
        }
    }

    /// Runs `f` on the SQLite thread (its own transaction, if it needs one).
    async fn call<R: Send + 'static>(
        jobs: &mpsc::Sender<Job>,
        f: impl FnOnce(&mut Connection) -> Result<R, DbError> + Send + 'static,
    ) -> Result<R, DbError> {
        let (reply, rx) = oneshot::channel();
        let job: Call = Box::new(move |c| {
            let _ = reply.send(f(c));
        });
        jobs.send(Job::Call(job)).map_err(|_| stopped())?;
        rx.await.map_err(|_| stopped())?
    }

    /// Stores a new game with its opening events (JSON texts) in one transaction; its id.
    /// With an idempotency key: `Conflict` if the owner has a game with that key already.
    pub async fn create_game(
        &self,
        g: StoredGame,
        events: Vec<String>,
        key: Option<Idempotency>,
    ) -> Result<i64, DbError> {
        match &self.0 {
            Backend::Postgres(pg) => pg.create_game(&g, &events, key.as_ref()).await,
            Backend::Sqlite(jobs) => {
                let board = board_of(&g);
                let now = self.2.now_ms();
                Db::call(jobs, move |c| {
                    let tx = c.transaction()?;
                    let (k, d) = key.map(|k| (k.key, k.digest)).unzip();
                    tx.execute(
                        "INSERT INTO server_game (event_id, round, board, settings, secret_black, secret_white, \
                         owner, created_at, idempotency_key, request_digest) \
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                        params![
                            g.event_id,
                            g.round,
                            g.board,
                            g.settings,
                            g.secrets[0],
                            g.secrets[1],
                            g.owner,
                            now as i64,
                            k,
                            d
                        ],
                    )
                    .map_err(|e| match (&e, board) {
                        (rusqlite::Error::SqliteFailure(f, Some(m)), Some(b))
                            if f.code == ErrorCode::ConstraintViolation && m.contains("server_game.board") =>
                        {
                            b
                        }
                        _ => DbError::from(e),
                    })?;
                    let id = tx.last_insert_rowid();
                    for (seq, e) in events.iter().enumerate() {
                        tx.execute(
                            "INSERT INTO server_game_event (game_id, seq, event) VALUES (?1, ?2, ?3)",
                            params![id, seq as i64, e],
                        )?;
                    }
                    tx.commit()?;
                    Ok(id)
                })
                .await
            }
        }
    }

    /// The game `owner` created with idempotency key `key`, and the digest of its request.
    pub async fn game_by_key(&self, owner: i64, key: String) -> Result<Option<(i64, String)>, DbError> {
        let row = self
            .row(
                "SELECT id, request_digest FROM server_game WHERE owner = ?1 AND idempotency_key = ?2",
                args![owner, key],
            )
            .await?;
        row.map(|r| Ok((r.get(0)?, r.get(1)?))).transpose()
    }

    /// The live game on `board` of `round` of `event`, if there is one (at most one: the
    /// unique index `server_game_board`).
    pub async fn game_on_board(&self, event: String, round: u32, board: u32) -> Result<Option<i64>, DbError> {
        let row = self
            .row(
                "SELECT id FROM server_game WHERE event_id = ?1 AND round = ?2 AND board = ?3",
                args![event, round, board],
            )
            .await?;
        Ok(row.map(|r| r.get(0)).transpose()?)
    }

    /// Detaches game `id` from its event's board (round and board NULL; it stays the event's
    /// game, and goes on): it is not that board's game any more. True if it was on a board.
    pub async fn detach(&self, id: i64) -> Result<bool, DbError> {
        let sql = "UPDATE server_game SET round = NULL, board = NULL WHERE id = ?1 AND board IS NOT NULL";
        Ok(self.exec(sql, args![id]).await? == 1)
    }

    /// Binds `account` to seat `color` (0 Black, 1 White) of game `id`; false if the seat is
    /// taken by someone else.
    pub async fn join(&self, id: i64, color: usize, account: i64) -> Result<bool, DbError> {
        let sql = if color == 0 {
            "UPDATE server_game SET account_black = ?1 WHERE id = ?2 AND (account_black IS NULL OR account_black = ?1)"
        } else {
            "UPDATE server_game SET account_white = ?1 WHERE id = ?2 AND (account_white IS NULL OR account_white = ?1)"
        };
        Ok(self.exec(sql, args![account, id]).await? == 1)
    }

    /// The digests of game `id`'s seat secrets (Black's, White's), if there is such a game:
    /// on a shared database the valid ones, which another instance may have replaced.
    pub async fn seat_secrets(&self, id: i64) -> Result<Option<[String; 2]>, DbError> {
        let row = self
            .row(
                "SELECT secret_black, secret_white FROM server_game WHERE id = ?1",
                args![id],
            )
            .await?;
        row.map(|r| Ok([r.get(0)?, r.get(1)?])).transpose()
    }

    /// The stored game `id`, if there is one.
    pub async fn load_game(&self, id: i64) -> Result<Option<StoredGame>, DbError> {
        let row = self
            .row(
                "SELECT event_id, round, board, settings, secret_black, secret_white, owner, account_black, \
                 account_white FROM server_game WHERE id = ?1",
                args![id],
            )
            .await?;
        let game = |r: Row| -> Result<StoredGame, DbError> {
            Ok(StoredGame {
                event_id: r.get(0)?,
                round: r.get(1)?,
                board: r.get(2)?,
                settings: r.get(3)?,
                secrets: [r.get(4)?, r.get(5)?],
                owner: r.get(6)?,
                accounts: [r.get(7)?, r.get(8)?],
            })
        };
        row.map(game).transpose()
    }

    /// The events of game `id` from index `from` on, in order: (seq, JSON text).
    pub async fn events_from(&self, id: i64, from: u64) -> Result<Vec<(u64, String)>, DbError> {
        let rows = self
            .rows(
                "SELECT seq, event FROM server_game_event WHERE game_id = ?1 AND seq >= ?2 ORDER BY seq",
                args![id, from as i64],
            )
            .await?;
        rows.iter().map(|r| Ok((r.get(0)?, r.get(1)?))).collect()
    }

    /// The games, in id order, of `event` if given, else all.
    pub async fn list_games(&self, event: Option<String>) -> Result<Vec<GameRow>, DbError> {
        let rows = match event {
            Some(event) => {
                let sql = "SELECT id, event_id, round, board FROM server_game WHERE event_id = ?1 ORDER BY id";
                self.rows(sql, args![event]).await?
            }
            None => {
                self.rows(
                    "SELECT id, event_id, round, board FROM server_game ORDER BY id",
                    args![],
                )
                .await?
            }
        };
        rows.iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .collect()
    }

    /// Every seat link issued again for the games of event `event`, in order: the game, the
    /// seat (`black`, `white`), the account's name, when.
    pub async fn seat_links_of_event(&self, event: String) -> Result<Vec<SeatLinkRow>, DbError> {
        let rows = self
            .rows(
                "SELECT l.game_id, l.color, a.name, l.at FROM server_seat_link l \
                 JOIN server_account a ON a.id = l.account_id JOIN server_game g ON g.id = l.game_id \
                 WHERE g.event_id = ?1 ORDER BY l.id",
                args![event],
            )
            .await?;
        rows.iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .collect()
    }

    /// Creates an account whose name has the confusable key `key` (`account_name::key`);
    /// `Conflict` if the name or the key is taken.
    pub async fn create_account(&self, name: String, key: String, hash: String) -> Result<i64, DbError> {
        let now = self.2.now_ms() as i64;
        let row = self
            .row(
                "INSERT INTO server_account (name, skeleton, password_hash, created_at) VALUES (?1, ?2, ?3, ?4) \
                 RETURNING id",
                args![name, key, hash, now],
            )
            .await?;
        Ok(row
            .ok_or_else(|| DbError::Failed("an insert returned no id".into()))?
            .get(0)?)
    }

    /// The name of the account whose name has the confusable key `key`, if any: one lookup
    /// in the unique index `server_account_skeleton`.
    pub async fn account_name_by_key(&self, key: String) -> Result<Option<String>, DbError> {
        let row = self
            .row("SELECT name FROM server_account WHERE skeleton = ?1", args![key])
            .await?;
        Ok(row.map(|r| r.get(0)).transpose()?)
    }

    /// The id and password hash of the account `name`.
    pub async fn account_by_name(&self, name: String) -> Result<Option<(i64, String)>, DbError> {
        let row = self
            .row(
                "SELECT id, password_hash FROM server_account WHERE name = ?1",
                args![name],
            )
            .await?;
        row.map(|r| Ok((r.get(0)?, r.get(1)?))).transpose()
    }

    /// Records a session (the digest of its token) for `account`, created and last used at
    /// `now`; and forgets the sessions that ended before `forget_before` (expired long ago).
    pub async fn create_session(
        &self,
        token_hash: String,
        account: i64,
        now: u64,
        forget_before: SessionEnds,
    ) -> Result<(), DbError> {
        // Two statements, not one transaction: forgetting the sessions that ended is
        // housekeeping, as good done if the insert then fails.
        let cache = self.1.clone();
        self.exec_then(
            "DELETE FROM server_session WHERE created_at < ?1 OR last_used < ?2",
            args![forget_before.created as i64, forget_before.last_used as i64],
            move |_| {
                if let Some(cache) = cache {
                    cache
                        .lock()
                        .expect("sessions lock")
                        .retain(|_, s| s.created_at >= forget_before.created && s.last_used >= forget_before.last_used);
                }
            },
        )
        .await?;
        self.exec(
            "INSERT INTO server_session (token_hash, account_id, created_at, last_used) VALUES (?1, ?2, ?3, ?3)",
            args![token_hash, account, now as i64],
        )
        .await
        .map(drop)
    }

    /// The session with this token digest, if there is one: its account and times.
    pub async fn session(&self, token_hash: String) -> Result<Option<StoredSession>, DbError> {
        let cache = self.1.clone();
        if let Some(s) = cache
            .as_ref()
            .and_then(|m| m.lock().expect("sessions lock").get(&token_hash).cloned())
        {
            return Ok(Some(s));
        }
        let stored = |r: &Row| -> Result<StoredSession, DbError> {
            Ok(StoredSession {
                account: r.get(0)?,
                name: r.get(1)?,
                created_at: r.get(2)?,
                last_used: r.get(3)?,
            })
        };
        let key = token_hash.clone();
        let rows = self
            .rows_then(
                "SELECT a.id, a.name, s.created_at, s.last_used FROM server_session s \
                 JOIN server_account a ON a.id = s.account_id WHERE s.token_hash = ?1",
                args![token_hash],
                move |rows| {
                    if let (Some(cache), Some(Ok(s))) = (cache, rows.first().map(stored)) {
                        cache.lock().expect("sessions lock").insert(key, s);
                    }
                },
            )
            .await?;
        rows.first().map(stored).transpose()
    }

    /// Marks the session used at `now` (the idle time runs from there).
    pub async fn touch_session(&self, token_hash: String, now: u64) -> Result<(), DbError> {
        let cache = self.1.clone();
        let key = token_hash.clone();
        self.exec_then(
            "UPDATE server_session SET last_used = CASE WHEN last_used > ?2 THEN last_used ELSE ?2 END \
             WHERE token_hash = ?1",
            args![token_hash, now as i64],
            move |_| {
                if let Some(cache) = cache
                    && let Some(s) = cache.lock().expect("sessions lock").get_mut(&key)
                {
                    s.last_used = s.last_used.max(now);
                }
            },
        )
        .await
        .map(drop)
    }

    /// Ends the session (log out); false if there was none.
    pub async fn delete_session(&self, token_hash: String) -> Result<bool, DbError> {
        let cache = self.1.clone();
        let key = token_hash.clone();
        let deleted = self
            .exec_then(
                "DELETE FROM server_session WHERE token_hash = ?1",
                args![token_hash],
                move |_| {
                    if let Some(cache) = cache {
                        cache.lock().expect("sessions lock").remove(&key);
                    }
                },
            )
            .await?;
        Ok(deleted == 1)
    }

    /// The names of the roles `account` holds in `event`.
    pub async fn roles(&self, event: String, account: i64) -> Result<Vec<String>, DbError> {
        let rows = self
            .rows(
                "SELECT role FROM server_role WHERE event_id = ?1 AND account_id = ?2",
                args![event, account],
            )
            .await?;
        rows.iter().map(|r| Ok(r.get(0)?)).collect()
    }

    /// Whether anyone holds the role named `role` in `event`.
    pub async fn role_held(&self, event: String, role: &'static str) -> Result<bool, DbError> {
        Ok(!self
            .rows(
                "SELECT account_id FROM server_role WHERE event_id = ?1 AND role = ?2 LIMIT 1",
                args![event, role],
            )
            .await?
            .is_empty())
    }

    /// Gives `account` the role named `role` in `event` (idempotent).
    pub async fn grant(&self, event: String, account: i64, role: &'static str) -> Result<(), DbError> {
        self.exec(
            "INSERT INTO server_role (event_id, account_id, role) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
            args![event, account, role],
        )
        .await
        .map(drop)
    }

    /// Replaces the digest of seat `color`'s secret (0 Black, 1 White) of game `id` with
    /// `digest`, and records that `account` did it `at`; then every seat link issued again
    /// for the game, in order: the seat (`black`, `white`), the account's name, when. `None`
    /// if there is no game `id`.
    pub async fn reissue_seat(
        &self,
        id: i64,
        color: usize,
        digest: String,
        account: i64,
        at: u64,
    ) -> Result<Option<Vec<(String, String, u64)>>, DbError> {
        let (col, seat) = if color == 0 {
            ("secret_black", "black")
        } else {
            ("secret_white", "white")
        };
        // The new digest and its record in one transaction, as each backend can: one
        // statement on PostgreSQL (see `pg`), one transaction in the thread on SQLite.
        let reissued = match &self.0 {
            Backend::Postgres(pg) => pg.reissue_seat(id, col, seat, &digest, account, at).await?,
            Backend::Sqlite(jobs) => {
                let sql = format!("UPDATE server_game SET {col} = ?1 WHERE id = ?2");
                Db::call(jobs, move |c| {
                    let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
                    if tx.execute(&sql, params![digest, id])? == 0 {
                        return Ok(false);
                    }
                    tx.execute(
                        "INSERT INTO server_seat_link (game_id, color, account_id, at) VALUES (?1, ?2, ?3, ?4)",
                        params![id, seat, account, at as i64],
                    )?;
                    tx.commit()?;
                    Ok(true)
                })
                .await?
            }
        };
        if !reissued {
            return Ok(None);
        }
        let rows = self
            .rows(
                "SELECT l.color, a.name, l.at FROM server_seat_link l \
                 JOIN server_account a ON a.id = l.account_id WHERE l.game_id = ?1 ORDER BY l.id",
                args![id],
            )
            .await?;
        let history = rows
            .iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .collect::<Result<_, DbError>>()?;
        Ok(Some(history))
    }
}

/// A role granted or revoked: the account's name, the role, `grant` or `revoke`, who did it
/// (an account's name; none for the event's creation) and when. The API answers it as it is
/// (`wire::RoleHistory`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct RoleChange {
    /// The account the role is (or was) held by.
    pub account: String,
    /// The role's API name.
    pub role: String,
    /// `grant` or `revoke`.
    pub change: String,
    /// Who did it.
    pub by: Option<String>,
    /// When (milliseconds since the epoch).
    pub at: u64,
}

/// Statements written once, in SQLite's dialect (`?1` parameters), over the storage crate's
/// statement layer (`storage::sql`): its values in and out, its one translation for
/// PostgreSQL. Run on SQLite in the database thread, on PostgreSQL on the query connection.
impl Db {
    /// Runs a statement; the rows it changed.
    async fn exec(&self, sql: &'static str, args: Args) -> Result<u64, DbError> {
        self.exec_then(sql, args, |_| ()).await
    }

    /// Runs a statement; the rows it changed. On SQLite `then` is given that number in the
    /// database thread, in the same job (so a copy kept in memory changes with the row).
    async fn exec_then(
        &self,
        sql: &'static str,
        args: Args,
        then: impl FnOnce(u64) + Send + 'static,
    ) -> Result<u64, DbError> {
        match &self.0 {
            Backend::Postgres(pg) => pg.exec(sql, &args).await,
            Backend::Sqlite(jobs) => {
                Db::call(jobs, move |c| {
                    let n = c
                        .prepare_cached(sql)?
                        .execute(rusqlite::params_from_iter(args.iter()))? as u64;
                    then(n);
                    Ok(n)
                })
                .await
            }
        }
    }

    /// Runs a query; its rows.
    async fn rows(&self, sql: &'static str, args: Args) -> Result<Vec<Row>, DbError> {
        self.rows_then(sql, args, |_| ()).await
    }

    /// Runs a query; its first row, if any.
    async fn row(&self, sql: &'static str, args: Args) -> Result<Option<Row>, DbError> {
        Ok(self.rows(sql, args).await?.into_iter().next())
    }

    /// Runs a query; its rows. On SQLite `then` is given them in the database thread, in the
    /// same job.
    async fn rows_then(
        &self,
        sql: &'static str,
        args: Args,
        then: impl FnOnce(&[Row]) + Send + 'static,
    ) -> Result<Vec<Row>, DbError> {
        match &self.0 {
            Backend::Postgres(pg) => pg.rows(sql, &args).await,
            Backend::Sqlite(jobs) => {
                Db::call(jobs, move |c| {
                    let rows = storage::sql::sqlite_rows(&mut *c.prepare_cached(sql)?, &args)?;
                    then(&rows);
                    Ok(rows)
                })
                .await
            }
        }
    }

    /// Opens both seats of free game `id` to the first accounts to join.
    pub async fn open_seats(&self, id: i64) -> Result<(), DbError> {
        self.exec(
            "INSERT INTO server_open_game (game_id) VALUES (?1) ON CONFLICT DO NOTHING",
            args![id],
        )
        .await
        .map(drop)
    }

    /// Whether free game `id`'s seats are open to any account (else only its seat links).
    pub async fn seats_open(&self, id: i64) -> Result<bool, DbError> {
        Ok(!self
            .rows("SELECT game_id FROM server_open_game WHERE game_id = ?1", args![id])
            .await?
            .is_empty())
    }

    /// Sets the digests of game `id`'s seat secrets (Black's, White's): a new game's, derived
    /// once its id is known.
    pub async fn set_seat_digests(&self, id: i64, digests: [String; 2]) -> Result<(), DbError> {
        let [b, w] = digests;
        self.exec(
            "UPDATE server_game SET secret_black = ?1, secret_white = ?2 WHERE id = ?3",
            args![b, w, id],
        )
        .await
        .map(drop)
    }

    /// How many times each seat of game `id` (Black's, White's) was issued a new link: the
    /// generation its current secret was derived at.
    pub async fn seat_generations(&self, id: i64) -> Result<[u32; 2], DbError> {
        let rows = self
            .rows(
                "SELECT color, COUNT(*) FROM server_seat_link WHERE game_id = ?1 GROUP BY color",
                args![id],
            )
            .await?;
        let mut out = [0, 0];
        for r in &rows {
            let color: String = r.get(0)?;
            let n: i64 = r.get(1)?;
            out[usize::from(color == "white")] = u32::try_from(n).unwrap_or(u32::MAX);
        }
        Ok(out)
    }

    /// Records that seat `color` (0 Black, 1 White) of game `id` was taken at `at` (its link
    /// opened, or its account joined), unless it was before; when each seat first was.
    pub async fn arrive(&self, id: i64, color: usize, at: u64) -> Result<[Option<u64>; 2], DbError> {
        let seat = if color == 0 { "black" } else { "white" };
        self.exec(
            "INSERT INTO server_seat_arrival (game_id, color, at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
            args![id, seat, at as i64],
        )
        .await?;
        self.arrivals(id).await
    }

    /// When each seat of game `id` (Black's, White's) was first taken, if it was.
    pub async fn arrivals(&self, id: i64) -> Result<[Option<u64>; 2], DbError> {
        let rows = self
            .rows(
                "SELECT color, at FROM server_seat_arrival WHERE game_id = ?1",
                args![id],
            )
            .await?;
        let mut out = [None, None];
        for r in &rows {
            let color: String = r.get(0)?;
            out[usize::from(color == "white")] = Some(r.get(1)?);
        }
        Ok(out)
    }

    /// The account linked to registered player `player` of `event`, if any.
    pub async fn player_account(&self, event: String, player: String) -> Result<Option<i64>, DbError> {
        let rows = self
            .rows(
                "SELECT account_id FROM server_player_account WHERE event_id = ?1 AND player = ?2",
                args![event, player],
            )
            .await?;
        rows.first().map(|r| Ok(r.get(0)?)).transpose()
    }

    /// Links `account` to registered player `player` of `event` (replacing any account linked
    /// before), as done by `by` at `at`; `Conflict` if the account is another player's in the
    /// event.
    pub async fn link_player(
        &self,
        event: String,
        player: String,
        account: i64,
        by: i64,
        at: u64,
    ) -> Result<(), DbError> {
        self.exec(
            "INSERT INTO server_player_account (event_id, player, account_id, linked_by, at) VALUES (?1, ?2, ?3, ?4, ?5) \
             ON CONFLICT (event_id, player) DO UPDATE SET account_id = excluded.account_id, \
             linked_by = excluded.linked_by, at = excluded.at",
            args![event, player, account, by, at as i64],
        )
        .await
        .map(drop)
    }

    /// Unlinks registered player `player` of `event` from its account; false if none was.
    pub async fn unlink_player(&self, event: String, player: String) -> Result<bool, DbError> {
        Ok(self
            .exec(
                "DELETE FROM server_player_account WHERE event_id = ?1 AND player = ?2",
                args![event, player],
            )
            .await?
            == 1)
    }

    /// Follows a registered player's new name: the account linked to them and their claim
    /// codes name them by it.
    pub async fn rename_player(&self, event: String, from: String, to: String) -> Result<(), DbError> {
        self.exec(
            "UPDATE server_player_account SET player = ?3 WHERE event_id = ?1 AND player = ?2",
            args![event.clone(), from.clone(), to.clone()],
        )
        .await?;
        self.exec(
            "UPDATE server_claim_code SET player = ?3 WHERE event_id = ?1 AND player = ?2",
            args![event, from, to],
        )
        .await
        .map(drop)
    }

    /// Forgets what the server kept of a deleted event (it had no games): its officials and
    /// their history, the accounts linked to its players, their claim codes. An event created
    /// later under the same id starts with none of them.
    pub async fn forget_event(&self, event: String) -> Result<(), DbError> {
        for sql in [
            "DELETE FROM server_role WHERE event_id = ?1",
            "DELETE FROM server_role_change WHERE event_id = ?1",
            "DELETE FROM server_player_account WHERE event_id = ?1",
            "DELETE FROM server_claim_code WHERE event_id = ?1",
        ] {
            self.exec(sql, args![event.clone()]).await?;
        }
        Ok(())
    }

    /// Keeps the digest of a one-time claim code for `player` of `event`, issued by `by`.
    pub async fn issue_claim(
        &self,
        hash: String,
        event: String,
        player: String,
        by: i64,
        at: u64,
    ) -> Result<(), DbError> {
        self.exec(
            "INSERT INTO server_claim_code (code_hash, event_id, player, issued_by, at) VALUES (?1, ?2, ?3, ?4, ?5)",
            args![hash, event, player, by, at as i64],
        )
        .await
        .map(drop)
    }

    /// Uses up the claim code of digest `hash` for `event`: the player it names, once.
    pub async fn redeem_claim(&self, hash: String, event: String) -> Result<Option<String>, DbError> {
        let rows = self
            .rows(
                "DELETE FROM server_claim_code WHERE code_hash = ?1 AND event_id = ?2 RETURNING player",
                args![hash, event],
            )
            .await?;
        rows.first().map(|r| Ok(r.get(0)?)).transpose()
    }

    /// Binds `account` to seat `color` (0 Black, 1 White) of game `id` unless the account holds
    /// the other seat; false if the seat is someone else's or the other seat is the account's.
    pub async fn join_one_seat(&self, id: i64, color: usize, account: i64) -> Result<bool, DbError> {
        let sql = if color == 0 {
            "UPDATE server_game SET account_black = ?1 WHERE id = ?2 AND (account_black IS NULL OR account_black = ?1) \
             AND (account_white IS NULL OR account_white <> ?1)"
        } else {
            "UPDATE server_game SET account_white = ?1 WHERE id = ?2 AND (account_white IS NULL OR account_white = ?1) \
             AND (account_black IS NULL OR account_black <> ?1)"
        };
        Ok(self.exec(sql, args![account, id]).await? == 1)
    }

    /// Records that `by` granted or revoked (`change`) `role` of `account` in `event` at `at`.
    pub async fn record_role_change(
        &self,
        event: String,
        account: i64,
        role: &'static str,
        change: &'static str,
        by: Option<i64>,
        at: u64,
    ) -> Result<(), DbError> {
        self.exec(
            "INSERT INTO server_role_change (event_id, account_id, role, change, by_account, at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            args![event, account, role, change, by, at as i64,],
        )
        .await
        .map(drop)
    }

    /// Takes `role` of `account` in `event` away; false if it was not held.
    pub async fn revoke(&self, event: String, account: i64, role: &'static str) -> Result<bool, DbError> {
        Ok(self
            .exec(
                "DELETE FROM server_role WHERE event_id = ?1 AND account_id = ?2 AND role = ?3",
                args![event, account, role],
            )
            .await?
            == 1)
    }

    /// Every role granted or revoked in `event`, in order.
    pub async fn role_changes(&self, event: String) -> Result<Vec<RoleChange>, DbError> {
        let rows = self
            .rows(
                "SELECT a.name, c.role, c.change, b.name, c.at FROM server_role_change c \
                 JOIN server_account a ON a.id = c.account_id LEFT JOIN server_account b ON b.id = c.by_account \
                 WHERE c.event_id = ?1 ORDER BY c.id",
                args![event],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(RoleChange {
                    account: r.get(0)?,
                    role: r.get(1)?,
                    change: r.get(2)?,
                    by: r.get(3)?,
                    at: r.get(4)?,
                })
            })
            .collect()
    }
}

/// The most appends one transaction takes.
const MAX_BATCH: usize = 4096;

fn run(mut conn: Connection, rx: mpsc::Receiver<Job>, time: Time) {
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
        let now = time.now_ms();
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
