//! The two databases behind the [`Store`](crate::Store): an embedded SQLite file (rusqlite) and a
//! PostgreSQL server (`tokio-postgres`, driven synchronously). The domain code is written once, in
//! SQLite's dialect, against [`Tx`]: statements with `?1`-style parameters, [`Arg`] values in and
//! [`Row`]s of [`Cell`]s out. The dialect differences are translated here and nowhere else
//! ([`to_postgres`]): the placeholders, and the one timestamp expression the domain code uses.
//!
//! A transaction is either a read (a consistent snapshot) or a write (serialised with every
//! other writer of the same database, whichever process it is in):
//! - SQLite: `BEGIN DEFERRED` for reads (WAL: a snapshot, never blocked), `BEGIN IMMEDIATE` for
//!   writes (the database's one write lock, waited for up to ten seconds).
//! - PostgreSQL: `REPEATABLE READ, READ ONLY` for reads (one snapshot for every statement);
//!   writes are `READ COMMITTED` and first take a transaction-scoped advisory lock named after
//!   the schema ([`Pg::write_begin`]). Why a lock rather than `SERIALIZABLE` with retries: every
//!   write reads the whole event, checks the change through the tournament crate and writes
//!   rows, so under `SERIALIZABLE` two writers of one event would conflict nearly always, and
//!   the loser would have to run the whole domain operation again; the lock gives the same
//!   one-writer-at-a-time behaviour as SQLite's `BEGIN IMMEDIATE`, without retries, and
//!   readers are never blocked. The isolation is named (`READ COMMITTED`) so that a
//!   `default_transaction_isolation` in the URL cannot make the writer's snapshot older than
//!   the lock: each statement after the lock sees every change committed before it.
//!
//! A transaction that is dropped without [`Tx::commit`] rolls back.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use tokio_postgres::error::SqlState;
use tokio_postgres::types::{ToSql, Type};

use crate::StoreError;

type Result<T> = std::result::Result<T, StoreError>;

/// How long a writer waits for another writer's lock before giving up.
pub(crate) const LOCK_WAIT: Duration = Duration::from_secs(10);

/// The timestamp the schema stores (`2024-05-01T09:30:00Z`, UTC), in SQLite's dialect…
pub(crate) const NOW_SQLITE: &str = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')";
/// …and in PostgreSQL's.
pub(crate) const NOW_PG: &str = "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')";

/// The first key of the advisory locks of the store's write transactions ("wqst"); the second
/// is a hash of the schema's name, so that stores in different schemas of one database (the
/// tests use one each) do not wait for each other.
const LOCK_CLASS: i32 = 0x7771_7374;

/// Opens (creating) the SQLite file at `path` as every weiqi connection to it is opened: the
/// store's, `weiqi event`'s and the server's database thread. One durability policy for the
/// shared file ([`set_up_sqlite`]), so no connection commits less durably than another.
pub fn open_sqlite(path: &std::path::Path) -> Result<rusqlite::Connection> {
    let conn = rusqlite::Connection::open(path)
        .map_err(|e| StoreError::Database(format!("cannot open {}: {e}", path.display())))?;
    set_up_sqlite(&conn, true)?;
    Ok(conn)
}

/// The settings of every SQLite connection (`wal`: a file; an in-memory database has no WAL).
///
/// The durability policy: WAL with `synchronous = FULL`. In WAL mode a commit appends to the
/// WAL; with `FULL` the WAL is fsynced at every commit, so a transaction that has committed
/// survives a power cut. With `NORMAL` the WAL is fsynced only at checkpoints: the database
/// stays consistent, but the last commits before a power cut may be lost, although the
/// process was told they were made. Every commit here is acknowledged to someone (a move to
/// the players, a result to the director), so each must be on the disk before it returns.
/// The cost is one fsync per commit; the server's database thread group-commits its moves,
/// so one fsync serves a batch of them.
pub(crate) fn set_up_sqlite(conn: &rusqlite::Connection, wal: bool) -> Result<()> {
    // Another weiqi process may hold the write lock for a moment: wait rather than fail.
    conn.busy_timeout(LOCK_WAIT).map_err(sqlite_error)?;
    if wal {
        let mode = wal_mode(conn)?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::Database(format!(
                "cannot switch to WAL mode (journal mode is {mode})"
            )));
        }
    }
    conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;")
        .map_err(sqlite_error)
}

/// Switches `conn` to WAL and answers the journal mode it is in. Several processes opening a
/// new database at once all switch it: the switch takes an exclusive lock from a shared one,
/// and SQLite answers one of two such upgrades "busy" at once, without the busy handler (it
/// would wait on the other forever). So the switch is tried again, for as long as a lock is
/// waited for, until the other has switched (and this one finds WAL already set).
fn wal_mode(conn: &rusqlite::Connection) -> Result<String> {
    let start = std::time::Instant::now();
    loop {
        match conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)) {
            Err(rusqlite::Error::SqliteFailure(f, _))
                if f.code == rusqlite::ErrorCode::DatabaseBusy && start.elapsed() < LOCK_WAIT =>
            {
                std::thread::sleep(Duration::from_millis(5));
            }
            r => return r.map_err(sqlite_error),
        }
    }
}

/// Which SQL dialect a connection speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    Sqlite,
    Postgres,
}

/// A parameter of a statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<'a> {
    /// NULL.
    Null,
    /// An integer (PostgreSQL: of the parameter's width, checked).
    Int(i64),
    /// A text.
    Text(Cow<'a, str>),
    /// A boolean (SQLite: 0 or 1).
    Bool(bool),
}

impl From<i64> for Arg<'_> {
    fn from(v: i64) -> Self {
        Arg::Int(v)
    }
}

impl From<i32> for Arg<'_> {
    fn from(v: i32) -> Self {
        Arg::Int(v.into())
    }
}

impl From<u32> for Arg<'_> {
    fn from(v: u32) -> Self {
        Arg::Int(v.into())
    }
}

impl From<bool> for Arg<'_> {
    fn from(v: bool) -> Self {
        Arg::Bool(v)
    }
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(v: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(v))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(v: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(v))
    }
}

impl From<String> for Arg<'_> {
    fn from(v: String) -> Self {
        Arg::Text(Cow::Owned(v))
    }
}

impl<'a, T: Into<Arg<'a>>> From<Option<T>> for Arg<'a> {
    fn from(v: Option<T>) -> Self {
        v.map_or(Arg::Null, Into::into)
    }
}

/// The parameters of a statement: `args![event, seq, p.rating]`.
macro_rules! args {
    ($($a:expr),* $(,)?) => {
        &[$($crate::backend::Arg::from($a)),*]
    };
}
pub(crate) use args;

/// One value read from the database.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// NULL.
    Null,
    /// An integer of any width.
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// A text.
    Text(String),
    /// A boolean (PostgreSQL's; SQLite has integers).
    Bool(bool),
    /// Bytes.
    Blob(Vec<u8>),
}

impl fmt::Display for Cell {
    /// As [`Store::dump`](crate::Store::dump) writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Null => f.write_str("NULL"),
            Cell::Int(i) => write!(f, "{i}"),
            Cell::Real(x) => write!(f, "{x}"),
            Cell::Text(t) => write!(f, "{t:?}"),
            Cell::Bool(b) => write!(f, "{b}"),
            Cell::Blob(b) => write!(f, "blob({})", b.len()),
        }
    }
}

/// A Rust value a [`Cell`] converts to.
pub trait FromCell: Sized {
    /// The value of `c`, or what was found instead.
    fn from_cell(c: &Cell) -> std::result::Result<Self, String>;
}

fn mismatch(want: &str, c: &Cell) -> String {
    format!("expected {want}, found {c}")
}

impl FromCell for i64 {
    fn from_cell(c: &Cell) -> std::result::Result<Self, String> {
        match c {
            Cell::Int(i) => Ok(*i),
            Cell::Bool(b) => Ok(i64::from(*b)),
            c => Err(mismatch("an integer", c)),
        }
    }
}

macro_rules! narrow_int {
    ($($t:ty),*) => {$(
        impl FromCell for $t {
            fn from_cell(c: &Cell) -> std::result::Result<Self, String> {
                let i = i64::from_cell(c)?;
                <$t>::try_from(i).map_err(|_| format!("{i} is out of range for {}", stringify!($t)))
            }
        }
    )*};
}
narrow_int!(i32, u32, u64);

impl FromCell for bool {
    fn from_cell(c: &Cell) -> std::result::Result<Self, String> {
        match c {
            Cell::Bool(b) => Ok(*b),
            Cell::Int(i) => Ok(*i != 0),
            c => Err(mismatch("a boolean", c)),
        }
    }
}

impl FromCell for String {
    fn from_cell(c: &Cell) -> std::result::Result<Self, String> {
        match c {
            Cell::Text(t) => Ok(t.clone()),
            c => Err(mismatch("text", c)),
        }
    }
}

impl FromCell for Cell {
    fn from_cell(c: &Cell) -> std::result::Result<Self, String> {
        Ok(c.clone())
    }
}

impl<T: FromCell> FromCell for Option<T> {
    fn from_cell(c: &Cell) -> std::result::Result<Self, String> {
        match c {
            Cell::Null => Ok(None),
            c => T::from_cell(c).map(Some),
        }
    }
}

/// One row of a query's answer.
#[derive(Debug)]
pub struct Row(Vec<Cell>);

impl Row {
    /// Column `i` (from 0) as a `T`.
    pub fn get<T: FromCell>(&self, i: usize) -> Result<T> {
        let c = self
            .0
            .get(i)
            .ok_or_else(|| StoreError::Database(format!("a query has no column {i}")))?;
        T::from_cell(c).map_err(|e| StoreError::Database(format!("column {i}: {e}")))
    }

    /// Every column.
    pub fn cells(&self) -> &[Cell] {
        &self.0
    }
}

/// An open database connection.
pub(crate) enum Conn {
    Sqlite(rusqlite::Connection),
    /// In a `RefCell` because the client's every call needs it mutably, while transactions
    /// (like SQLite's) are used through shared references.
    Pg(Box<RefCell<Pg>>),
}

impl Conn {
    /// Starts a read transaction (a consistent snapshot) or a write transaction (serialised
    /// with every other writer of the database).
    pub(crate) fn begin(&self, write: bool) -> Result<Tx<'_>> {
        match self {
            Conn::Sqlite(c) => {
                c.execute_batch(if write { "BEGIN IMMEDIATE" } else { "BEGIN DEFERRED" })
                    .map_err(sqlite_error)?;
            }
            Conn::Pg(pg) => pg.borrow_mut().begin(write)?,
        }
        Ok(Tx { conn: self, open: true })
    }
}

/// A transaction; dropped without [`Tx::commit`], it rolls back. Outside this crate, one is
/// lent to a migration's step written in Rust ([`Migration::then`](crate::Migration::then)).
pub struct Tx<'a> {
    conn: &'a Conn,
    open: bool,
}

impl Tx<'_> {
    /// The dialect of the database, for the few statements that differ (migrations, the
    /// catalogue).
    pub(crate) fn dialect(&self) -> Dialect {
        match self.conn {
            Conn::Sqlite(_) => Dialect::Sqlite,
            Conn::Pg(_) => Dialect::Postgres,
        }
    }

    /// Runs a statement (SQLite's dialect); returns the number of rows it changed.
    pub fn exec(&self, sql: &str, args: &[Arg<'_>]) -> Result<u64> {
        match self.conn {
            Conn::Sqlite(c) => {
                let mut st = c.prepare_cached(sql).map_err(sqlite_error)?;
                let n = st
                    .execute(rusqlite::params_from_iter(args.iter()))
                    .map_err(sqlite_error)?;
                Ok(n as u64)
            }
            Conn::Pg(pg) => pg.borrow_mut().exec(sql, args),
        }
    }

    /// Runs a query (SQLite's dialect); returns every row.
    pub fn query(&self, sql: &str, args: &[Arg<'_>]) -> Result<Vec<Row>> {
        self.query_with(sql, args, true)
    }

    /// Runs a query made for the occasion (a `SELECT *` of a table found in the catalogue),
    /// without keeping its prepared statement: a later change to the table's columns would
    /// make a kept one fail.
    pub(crate) fn query_once(&self, sql: &str) -> Result<Vec<Row>> {
        self.query_with(sql, &[], false)
    }

    fn query_with(&self, sql: &str, args: &[Arg<'_>], keep: bool) -> Result<Vec<Row>> {
        match self.conn {
            Conn::Sqlite(c) if keep => sqlite_rows(&mut *c.prepare_cached(sql).map_err(sqlite_error)?, args),
            Conn::Sqlite(c) => sqlite_rows(&mut c.prepare(sql).map_err(sqlite_error)?, args),
            Conn::Pg(pg) => pg.borrow_mut().query(sql, args, keep),
        }
    }

    /// The first row of a query's answer, if any.
    pub(crate) fn query_opt(&self, sql: &str, args: &[Arg<'_>]) -> Result<Option<Row>> {
        Ok(self.query(sql, args)?.into_iter().next())
    }

    /// The first column of the first row of a query's answer, which must have one.
    pub(crate) fn scalar<T: FromCell>(&self, sql: &str, args: &[Arg<'_>]) -> Result<T> {
        self.query_opt(sql, args)?
            .ok_or_else(|| StoreError::Database(format!("no row for: {}", first_line(sql))))?
            .get(0)
    }

    /// Runs several statements of the database's own dialect (no parameters, no translation):
    /// migrations and the catalogue.
    pub(crate) fn batch(&self, sql: &str) -> Result<()> {
        match self.conn {
            Conn::Sqlite(c) => c.execute_batch(sql).map_err(sqlite_error),
            Conn::Pg(pg) => pg.borrow_mut().batch(sql),
        }
    }

    /// Commits. If the commit fails, the transaction is over either way: nothing of it was
    /// kept, and the connection is ready for the next one.
    pub(crate) fn commit(mut self) -> Result<()> {
        self.open = false;
        match self.conn {
            Conn::Sqlite(c) => c.execute_batch("COMMIT").map_err(|e| {
                // A COMMIT that fails (busy, a deferred constraint, a full disk) can leave
                // the transaction open: roll it back, or the next BEGIN would fail.
                if !c.is_autocommit() {
                    let _ = c.execute_batch("ROLLBACK");
                }
                sqlite_error(e)
            }),
            Conn::Pg(pg) => pg.borrow_mut().commit(),
        }
    }
}

impl Drop for Tx<'_> {
    fn drop(&mut self) {
        if self.open {
            // Nothing to do if this fails: a lost connection takes its transaction with it.
            match self.conn {
                Conn::Sqlite(c) => {
                    let _ = c.execute_batch("ROLLBACK");
                }
                Conn::Pg(pg) => pg.borrow_mut().rollback(),
            }
        }
    }
}

/// Every row a SQLite statement answers.
pub fn sqlite_rows(st: &mut rusqlite::Statement<'_>, args: &[Arg<'_>]) -> Result<Vec<Row>> {
    let n = st.column_count();
    let mut rows = st
        .query(rusqlite::params_from_iter(args.iter()))
        .map_err(sqlite_error)?;
    let mut out = Vec::new();
    while let Some(r) = rows.next().map_err(sqlite_error)? {
        let mut cells = Vec::with_capacity(n);
        for i in 0..n {
            use rusqlite::types::ValueRef as V;
            cells.push(match r.get_ref(i).map_err(sqlite_error)? {
                V::Null => Cell::Null,
                V::Integer(i) => Cell::Int(i),
                V::Real(x) => Cell::Real(x),
                V::Text(t) => Cell::Text(String::from_utf8_lossy(t).into_owned()),
                V::Blob(b) => Cell::Blob(b.to_vec()),
            });
        }
        out.push(Row(cells));
    }
    Ok(out)
}

fn first_line(sql: &str) -> &str {
    sql.trim().lines().next().unwrap_or("")
}

impl rusqlite::ToSql for Arg<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, Value};
        Ok(match self {
            Arg::Null => ToSqlOutput::Owned(Value::Null),
            Arg::Int(i) => ToSqlOutput::from(*i),
            Arg::Text(t) => ToSqlOutput::from(t.as_ref()),
            Arg::Bool(b) => ToSqlOutput::from(*b),
        })
    }
}

/// An SQLite error as [`StoreError::Database`].
pub(crate) fn sqlite_error(e: rusqlite::Error) -> StoreError {
    StoreError::Database(match e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::DatabaseBusy => format!(
            "another weiqi has held the write lock of this database for over {} s ({f}); try again",
            LOCK_WAIT.as_secs()
        ),
        // Leave out the SQL text the binding appends to syntax errors.
        rusqlite::Error::SqlInputError { msg, offset, .. } => format!("{msg} (at byte {offset})"),
        e => e.to_string(),
    })
}

/// Rewrites a statement of SQLite's dialect for PostgreSQL: `?N` placeholders become `$N`
/// (outside quoted text and comments: a `?1` in `'…'`, `"…"`, `-- …` or `/* … */` is kept as
/// written) and the schema's timestamp expression becomes PostgreSQL's.
pub fn to_postgres(sql: &str) -> String {
    let sql = sql.replace(NOW_SQLITE, NOW_PG);
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        match c {
            '\'' | '"' => {
                // To the closing quote (a doubled quote closes and opens again).
                for d in chars.by_ref() {
                    out.push(d);
                    if d == c {
                        break;
                    }
                }
            }
            '-' if chars.peek() == Some(&'-') => {
                // A line comment: to the end of the line.
                for d in chars.by_ref() {
                    out.push(d);
                    if d == '\n' {
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                // A block comment; PostgreSQL's nest.
                out.push(chars.next().expect("peeked"));
                let mut depth = 1;
                while depth > 0 {
                    let Some(d) = chars.next() else { break };
                    out.push(d);
                    if d == '*' && chars.peek() == Some(&'/') {
                        out.push(chars.next().expect("peeked"));
                        depth -= 1;
                    } else if d == '/' && chars.peek() == Some(&'*') {
                        out.push(chars.next().expect("peeked"));
                        depth += 1;
                    }
                }
            }
            '?' if chars.peek().is_some_and(char::is_ascii_digit) => {
                out.pop();
                out.push('$');
            }
            _ => {}
        }
    }
    out
}

/// The PostgreSQL connection of a store: the client, what is needed to connect again, and the
/// prepared statements (by their SQLite text).
///
/// The client is `tokio-postgres`, the workspace's one PostgreSQL client (the server's
/// too). The store's API is synchronous, so the connection has a small runtime of its own
/// (one thread, the caller's): each call blocks on its answer, and the connection's task runs
/// while it does. The server calls the store off its runtime (`spawn_blocking`), where that
/// is allowed.
pub(crate) struct Pg {
    /// `None` only while the store is dropped.
    runtime: Option<tokio::runtime::Runtime>,
    /// `None` only while the store is dropped.
    client: Option<tokio_postgres::Client>,
    config: tokio_postgres::Config,
    /// Where, for messages (no password).
    target: String,
    statements: HashMap<String, tokio_postgres::Statement>,
    /// What starts a write transaction: `BEGIN`, the lock wait, the advisory lock.
    write_begin: String,
}

impl Pg {
    /// Connects (the URL is a libpq URL or key=value string; no TLS), and checks that the
    /// `search_path` names a schema to work in.
    pub(crate) fn connect(url: &str) -> Result<Pg> {
        let mut config = tokio_postgres::Config::from_str(url)
            .map_err(|e| StoreError::Invalid(format!("not a PostgreSQL URL ({e}): {}", redact(url))))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(LOCK_WAIT);
        }
        let target = describe(&config);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| StoreError::Database(format!("cannot start the PostgreSQL client's runtime: {e}")))?;
        let client = open_client(&runtime, &config).map_err(|e| {
            StoreError::Database(format!(
                "cannot connect to PostgreSQL ({target}): {}; check that the server is running and the URL's \
                 host, port, user, password and database",
                pg_message(&e)
            ))
        })?;
        let mut pg = Pg {
            runtime: Some(runtime),
            client: Some(client),
            config,
            target,
            statements: HashMap::new(),
            write_begin: String::new(),
        };
        let row = pg
            .wait(
                pg.client()
                    .query_one("SELECT current_schema(), hashtext(current_schema())", &[]),
            )
            .map_err(|e| pg.error(e))?;
        let (schema, key): (Option<String>, Option<i32>) = (row.get(0), row.get(1));
        let (Some(_), Some(key)) = (schema, key) else {
            return Err(StoreError::Database(format!(
                "PostgreSQL ({}): the search_path names no existing schema; create the schema or fix the URL's \
                 options (e.g. options=-csearch_path%3Dweiqi)",
                pg.target
            )));
        };
        pg.write_begin = format!(
            "BEGIN ISOLATION LEVEL READ COMMITTED; SET LOCAL lock_timeout = '{}s'; \
             SELECT pg_advisory_xact_lock({LOCK_CLASS}, {key})",
            LOCK_WAIT.as_secs()
        );
        Ok(pg)
    }

    fn client(&self) -> &tokio_postgres::Client {
        self.client
            .as_ref()
            .expect("the client is there until the store is dropped")
    }

    /// Blocks on `call` (a call of the client), running the connection meanwhile.
    fn wait<T>(&self, call: impl Future<Output = T>) -> T {
        self.runtime
            .as_ref()
            .expect("the runtime is there until the store is dropped")
            .block_on(call)
    }

    fn closed(&self) -> bool {
        self.client.as_ref().is_none_or(tokio_postgres::Client::is_closed)
    }

    /// Whether `e` says the connection is gone (the client found it closed, or the server
    /// said it is ending it).
    fn lost(&self, e: &tokio_postgres::Error) -> bool {
        self.closed()
            || e.is_closed()
            || [
                SqlState::ADMIN_SHUTDOWN,
                SqlState::CRASH_SHUTDOWN,
                SqlState::CANNOT_CONNECT_NOW,
            ]
            .iter()
            .any(|c| e.code() == Some(c))
    }

    /// Connects again (the database restarted, an administrator cut the connection): only
    /// between transactions, so nothing is lost.
    fn reconnect(&mut self) -> Result<()> {
        let runtime = self
            .runtime
            .as_ref()
            .expect("the runtime is there until the store is dropped");
        let client = open_client(runtime, &self.config).map_err(|e| {
            StoreError::Database(format!(
                "lost the connection to PostgreSQL ({}) and cannot connect again: {}; check that the server is running",
                self.target,
                pg_message(&e)
            ))
        })?;
        self.statements.clear();
        // The old client is closed already; dropping it only frees it.
        self.client = Some(client);
        Ok(())
    }

    fn begin(&mut self, write: bool) -> Result<()> {
        if self.closed() {
            self.reconnect()?;
        }
        let sql = if write {
            self.write_begin.clone()
        } else {
            "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY".to_string()
        };
        match self.wait(self.client().batch_execute(&sql)) {
            Ok(()) => Ok(()),
            // The connection was found lost by this very statement (it is only polled while in
            // use): nothing was done, so connect again and start once more.
            Err(e) if self.lost(&e) => {
                self.reconnect()?;
                self.wait(self.client().batch_execute(&sql))
                    .map_err(|e| self.refused_begin(e))
            }
            Err(e) => Err(self.refused_begin(e)),
        }
    }

    /// The error of a `BEGIN …` that failed part-way (waiting for the lock, say): the
    /// transaction it may have opened is closed, since no [`Tx`] will do it.
    fn refused_begin(&mut self, e: tokio_postgres::Error) -> StoreError {
        let err = self.error(e);
        self.rollback();
        err
    }

    fn commit(&mut self) -> Result<()> {
        self.wait(self.client().batch_execute("COMMIT")).map_err(|e| {
            if self.lost(&e) {
                StoreError::Database(format!(
                    "lost the connection to PostgreSQL ({}) while committing ({}): the change may or may not have \
                     been made; look before making it again",
                    self.target,
                    pg_message(&e)
                ))
            } else {
                self.error(e)
            }
        })
    }

    fn rollback(&mut self) {
        if !self.closed() {
            let _ = self.wait(self.client().batch_execute("ROLLBACK"));
        }
    }

    fn batch(&mut self, sql: &str) -> Result<()> {
        self.wait(self.client().batch_execute(sql)).map_err(|e| self.error(e))
    }

    /// The prepared statement for `sql` (SQLite's dialect), kept for the connection's life if
    /// `keep`.
    fn statement(&mut self, sql: &str, keep: bool) -> Result<tokio_postgres::Statement> {
        if let Some(st) = self.statements.get(sql) {
            return Ok(st.clone());
        }
        let st = self
            .wait(self.client().prepare(&to_postgres(sql)))
            .map_err(|e| self.error(e))?;
        if keep {
            self.statements.insert(sql.to_string(), st.clone());
        }
        Ok(st)
    }

    fn exec(&mut self, sql: &str, args: &[Arg<'_>]) -> Result<u64> {
        let st = self.statement(sql, true)?;
        let params = pg_params(&st, args)?;
        let refs = pg_refs(&params);
        self.wait(self.client().execute(&st, &refs)).map_err(|e| self.error(e))
    }

    fn query(&mut self, sql: &str, args: &[Arg<'_>], keep: bool) -> Result<Vec<Row>> {
        let st = self.statement(sql, keep)?;
        let params = pg_params(&st, args)?;
        let refs = pg_refs(&params);
        let rows = self.wait(self.client().query(&st, &refs)).map_err(|e| self.error(e))?;
        rows.iter().map(pg_row).collect()
    }

    /// A PostgreSQL error as [`StoreError::Database`], worded for the person who reads it.
    fn error(&self, e: tokio_postgres::Error) -> StoreError {
        if self.lost(&e) {
            return StoreError::Database(format!(
                "lost the connection to PostgreSQL ({}): {}; nothing was changed, and the next operation connects \
                 again",
                self.target,
                pg_message(&e)
            ));
        }
        if e.code() == Some(&SqlState::LOCK_NOT_AVAILABLE) {
            return StoreError::Database(format!(
                "another weiqi has held the write lock of this database for over {} s ({}); try again",
                LOCK_WAIT.as_secs(),
                pg_message(&e)
            ));
        }
        StoreError::Database(pg_message(&e))
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        // Dropping the connection's runtime panics on a thread that is driving another
        // runtime, such as the server's. So it is dropped, with the client, on a thread of
        // its own.
        let (client, runtime) = (self.client.take(), self.runtime.take());
        let _ = std::thread::spawn(move || drop((client, runtime))).join();
    }
}

/// Connects with `config` on `runtime`, where the connection's task then runs (whenever the
/// store waits on the client).
fn open_client(
    runtime: &tokio::runtime::Runtime,
    config: &tokio_postgres::Config,
) -> std::result::Result<tokio_postgres::Client, tokio_postgres::Error> {
    let (client, connection) = runtime.block_on(config.connect(tokio_postgres::NoTls))?;
    // Ends when the client is dropped or the connection is lost (which the client then says).
    runtime.spawn(async move {
        let _ = connection.await;
    });
    Ok(client)
}

/// The server's message (with its detail and hint), or the client's.
fn pg_message(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(d) => {
            let mut m = d.message().to_string();
            if let Some(detail) = d.detail() {
                m.push_str(&format!(" ({detail})"));
            }
            if let Some(hint) = d.hint() {
                m.push_str(&format!(" (hint: {hint})"));
            }
            m
        }
        // The client's own errors name their kind ("error connecting to server"), and their
        // sources the cause.
        None => {
            let mut m = e.to_string();
            let mut source = std::error::Error::source(e);
            while let Some(cause) = source {
                let text = cause.to_string();
                if !m.contains(&text) {
                    m.push_str(": ");
                    m.push_str(&text);
                }
                source = cause.source();
            }
            m
        }
    }
}

/// `user@host:port/database`, for messages.
fn describe(c: &tokio_postgres::Config) -> String {
    let hosts: Vec<String> = c
        .get_hosts()
        .iter()
        .map(|h| match h {
            tokio_postgres::config::Host::Tcp(h) => h.clone(),
            tokio_postgres::config::Host::Unix(p) => p.display().to_string(),
        })
        .collect();
    let ports: Vec<String> = c.get_ports().iter().map(u16::to_string).collect();
    format!(
        "{}@{}:{}/{}",
        c.get_user().unwrap_or("?"),
        if hosts.is_empty() {
            "localhost".into()
        } else {
            hosts.join(",")
        },
        if ports.is_empty() {
            "5432".into()
        } else {
            ports.join(",")
        },
        c.get_dbname().or(c.get_user()).unwrap_or("?")
    )
}

/// The URL without its password, for messages.
fn redact(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => {
            // postgres://user:password@host/…: the client takes the credentials up to an `@`,
            // and a password may hold one, so everything from the first ':' to the last '@'
            // goes (more than the password only when the rest holds an '@' too).
            let rest = match rest.rsplit_once('@') {
                Some((auth, host)) if let Some((user, _)) = auth.split_once(':') => format!("{user}:…@{host}"),
                _ => rest.to_string(),
            };
            // …?password=secret&…: to the next parameter.
            let mut out = format!("{scheme}://");
            let mut rest = rest.as_str();
            while let Some(at) = rest.find("password=") {
                let (before, after) = rest.split_at(at + "password=".len());
                out.push_str(before);
                out.push('…');
                rest = &after[after.find('&').unwrap_or(after.len())..];
            }
            out.push_str(rest);
            out
        }
        None => redact_key_values(url),
    }
}

/// A `key=value` connection string without its password: `password=secret`, `password =
/// 'a quoted secret'`, with the client's backslash escapes.
fn redact_key_values(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find("password") {
        let (before, after) = rest.split_at(at + "password".len());
        out.push_str(before);
        let value = after.trim_start();
        let Some(value) = value.strip_prefix('=') else {
            rest = after;
            continue;
        };
        let value = value.trim_start();
        out.push_str(&after[..after.len() - value.len()]);
        let mut chars = value.char_indices();
        let end = if value.starts_with('\'') {
            chars.next();
            out.push_str("'…'");
            // To the closing quote; a backslash escapes the next character.
            loop {
                match chars.next() {
                    Some((_, '\\')) => {
                        chars.next();
                    }
                    Some((i, '\'')) => break i + 1,
                    Some(_) => {}
                    None => break value.len(),
                }
            }
        } else {
            out.push('…');
            loop {
                match chars.next() {
                    Some((_, '\\')) => {
                        chars.next();
                    }
                    Some((i, c)) if c.is_whitespace() => break i,
                    Some(_) => {}
                    None => break value.len(),
                }
            }
        };
        rest = &value[end..];
    }
    out.push_str(rest);
    out
}

/// What kind of value a PostgreSQL type holds, for the types the store uses.
#[derive(Clone, Copy)]
enum Kind {
    I64,
    I32,
    I16,
    Bool,
    Text,
    F64,
    F32,
    Bytes,
}

fn kind(ty: &Type) -> Option<Kind> {
    Some(if *ty == Type::INT8 {
        Kind::I64
    } else if *ty == Type::INT4 {
        Kind::I32
    } else if *ty == Type::INT2 {
        Kind::I16
    } else if *ty == Type::BOOL {
        Kind::Bool
    } else if [Type::TEXT, Type::VARCHAR, Type::BPCHAR, Type::NAME, Type::UNKNOWN].contains(ty) {
        Kind::Text
    } else if *ty == Type::FLOAT8 {
        Kind::F64
    } else if *ty == Type::FLOAT4 {
        Kind::F32
    } else if *ty == Type::BYTEA {
        Kind::Bytes
    } else {
        return None;
    })
}

/// A parameter as PostgreSQL's client takes it.
pub type Param<'b> = Box<dyn ToSql + Sync + Send + 'b>;

/// The parameters as the client's calls take them.
pub fn pg_refs<'a>(params: &'a [Param<'_>]) -> Vec<&'a (dyn ToSql + Sync)> {
    params.iter().map(|p| p.as_ref() as &(dyn ToSql + Sync)).collect()
}

/// The arguments as the Rust types of the statement's parameters, as PostgreSQL inferred them.
pub fn pg_params<'b>(st: &tokio_postgres::Statement, args: &'b [Arg<'b>]) -> Result<Vec<Param<'b>>> {
    if st.params().len() != args.len() {
        return Err(StoreError::Database(format!(
            "a statement takes {} parameters, given {}",
            st.params().len(),
            args.len()
        )));
    }
    st.params()
        .iter()
        .zip(args)
        .enumerate()
        .map(|(i, (ty, a))| {
            let bad = || StoreError::Database(format!("parameter ${}: {a:?} cannot be a {ty}", i + 1));
            let k = kind(ty).ok_or_else(bad)?;
            let int = |v: i64| -> Result<Param<'b>> {
                Ok(match k {
                    Kind::I64 => Box::new(v),
                    Kind::I32 => Box::new(i32::try_from(v).map_err(|_| bad())?),
                    Kind::I16 => Box::new(i16::try_from(v).map_err(|_| bad())?),
                    _ => return Err(bad()),
                })
            };
            let p: Param<'b> = match a {
                Arg::Null => match k {
                    Kind::I64 => Box::new(None::<i64>),
                    Kind::I32 => Box::new(None::<i32>),
                    Kind::I16 => Box::new(None::<i16>),
                    Kind::Bool => Box::new(None::<bool>),
                    Kind::Text => Box::new(None::<&str>),
                    Kind::F64 => Box::new(None::<f64>),
                    Kind::F32 => Box::new(None::<f32>),
                    Kind::Bytes => Box::new(None::<&[u8]>),
                },
                Arg::Int(v) => int(*v)?,
                Arg::Bool(b) => match k {
                    Kind::Bool => Box::new(*b),
                    _ => int(i64::from(*b))?,
                },
                Arg::Text(t) => match k {
                    Kind::Text => Box::new(t.as_ref()),
                    _ => return Err(bad()),
                },
            };
            Ok(p)
        })
        .collect()
}

/// A row as PostgreSQL's client answers it, as [`Cell`]s.
pub fn pg_row(r: &tokio_postgres::Row) -> Result<Row> {
    let mut cells = Vec::with_capacity(r.len());
    for (i, col) in r.columns().iter().enumerate() {
        let ty = col.type_();
        let k = kind(ty).ok_or_else(|| {
            StoreError::Database(format!(
                "column {:?} has the type {ty}, which the store does not read",
                col.name()
            ))
        })?;
        let e = |e: tokio_postgres::Error| StoreError::Database(format!("column {:?}: {e}", col.name()));
        let cell = match k {
            Kind::I64 => r.try_get::<_, Option<i64>>(i).map_err(e)?.map(Cell::Int),
            Kind::I32 => r.try_get::<_, Option<i32>>(i).map_err(e)?.map(|v| Cell::Int(v.into())),
            Kind::I16 => r.try_get::<_, Option<i16>>(i).map_err(e)?.map(|v| Cell::Int(v.into())),
            Kind::Bool => r.try_get::<_, Option<bool>>(i).map_err(e)?.map(Cell::Bool),
            Kind::Text => r.try_get::<_, Option<String>>(i).map_err(e)?.map(Cell::Text),
            Kind::F64 => r.try_get::<_, Option<f64>>(i).map_err(e)?.map(Cell::Real),
            Kind::F32 => r.try_get::<_, Option<f32>>(i).map_err(e)?.map(|v| Cell::Real(v.into())),
            Kind::Bytes => r.try_get::<_, Option<Vec<u8>>>(i).map_err(e)?.map(Cell::Blob),
        };
        cells.push(cell.unwrap_or(Cell::Null));
    }
    Ok(Row(cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_and_the_timestamp_are_translated_outside_quotes() {
        assert_eq!(
            to_postgres("SELECT a FROM t WHERE b = ?1 AND c = '?2' AND d = ?12 AND e = \"?3\" AND f = ?"),
            "SELECT a FROM t WHERE b = $1 AND c = '?2' AND d = $12 AND e = \"?3\" AND f = ?"
        );
        // Comments are left as written: a `?1` in one is not a parameter.
        assert_eq!(
            to_postgres("SELECT ?1 -- is ?2 a 'quote?\n, ?3 /* ?4 /* nested ?5 */ ?6 */ , '--?7', \"/*\" || ?8"),
            "SELECT $1 -- is ?2 a 'quote?\n, $3 /* ?4 /* nested ?5 */ ?6 */ , '--?7', \"/*\" || $8"
        );
        assert_eq!(
            to_postgres("SELECT 1 - -?1, 2/?2, ?3 -- ?4"),
            "SELECT 1 - -$1, 2/$2, $3 -- ?4"
        );
        assert_eq!(
            to_postgres(&format!("UPDATE t SET at = {NOW_SQLITE} WHERE id = ?1")),
            format!("UPDATE t SET at = {NOW_PG} WHERE id = $1")
        );
    }

    #[test]
    fn a_commit_that_fails_on_sqlite_leaves_no_transaction_open() {
        // A deferred foreign key fails at COMMIT, and SQLite keeps the transaction open then.
        let c = rusqlite::Connection::open_in_memory().unwrap();
        c.execute_batch(
            "PRAGMA foreign_keys = ON;
             CREATE TABLE parent (id INTEGER PRIMARY KEY);
             CREATE TABLE child (parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);",
        )
        .unwrap();
        let conn = Conn::Sqlite(c);
        let tx = conn.begin(true).unwrap();
        tx.exec("INSERT INTO child (parent) VALUES (?1)", &[Arg::Int(7)])
            .unwrap();
        let e = tx.commit().unwrap_err();
        assert!(e.to_string().contains("FOREIGN KEY"), "{e}");
        // The next transaction starts, and the failed one left nothing.
        let tx = conn.begin(true).unwrap();
        let n: i64 = tx.scalar("SELECT count(*) FROM child", &[]).unwrap();
        assert_eq!(n, 0);
        tx.commit().unwrap();
    }

    #[test]
    fn the_password_is_left_out_of_messages() {
        assert_eq!(redact("postgres://ann:secret@db:5432/x"), "postgres://ann:…@db:5432/x");
        assert_eq!(redact("postgres://ann@db/x"), "postgres://ann@db/x");
        assert_eq!(
            redact("postgres://db/x?user=ann&password=secret&port=5"),
            "postgres://db/x?user=ann&password=…&port=5"
        );
        assert_eq!(
            redact("host=db password=secret user=ann"),
            "host=db password=… user=ann"
        );
        // A password holding an '@', and quoted or escaped key=value passwords.
        assert_eq!(
            redact("postgres://ann:se@cr@et@db:5432/x"),
            "postgres://ann:…@db:5432/x"
        );
        assert_eq!(
            redact("host=db password='a secret with spaces' user=ann"),
            "host=db password='…' user=ann"
        );
        assert_eq!(redact(r"password = 'it\'s secret' user=ann"), "password = '…' user=ann");
        assert_eq!(redact(r"password=one\ two user=ann"), "password=… user=ann");
        assert_eq!(redact("user=ann password='unterminated"), "user=ann password='…'");
        assert_eq!(redact("dbname=passwordless user=ann"), "dbname=passwordless user=ann");
        assert_eq!(
            describe(&tokio_postgres::Config::from_str("postgres://ann:secret@db:6000/x").unwrap()),
            "ann@db:6000/x"
        );
    }
}
