//! The PostgreSQL backend: one pipelined connection for the queries (the statements written
//! once in `db.rs`, translated by the storage crate), one for `LISTEN`, and a heartbeat per
//! instance (`server_instance`), which a starting instance watches to tell live instances
//! from dead ones. The tables are migrated by the storage crate's runner (`SCHEMA`),
//! on a connection of its own, before this one starts.
//!
//! Appends are group-committed by one task, as on SQLite: every append waiting goes into one
//! statement — `INSERT … ON CONFLICT DO NOTHING RETURNING` and `pg_notify` of `game:seq` for
//! each inserted row, in a CTE — so one commit (one WAL flush) serves the batch, each
//! notification goes out exactly when its event commits and never without it, and an append
//! whose slot another instance took is told `Conflict`.
//! The channel is `weiqi_events.<schema>`: instances on the same database and schema share
//! it, and separate schemas in one database (the tests use one each) do not hear each other.
//!
//! The statements on the path of every command — the append batch, the seat-secret check,
//! the session and the roles — are sent with their parameter types (`query_typed`): one round
//! trip each, where a statement given as text is prepared first (a round trip more, and a
//! close).

use super::model::{DbError, Idempotency, Note, SCHEMA, StoredGame, board_of};
use crate::time::Time;
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::{Arc, Weak};
use std::time::Duration;
use storage::sql::{Arg, Row};
use tokio::sync::{mpsc, oneshot};
use tokio_postgres::error::SqlState;
use tokio_postgres::types::Type;
use tokio_postgres::{AsyncMessage, Client, NoTls};

/// How often each instance writes its beat.
const BEAT_MS: u64 = 500;

/// A beat older than this is of a dead instance (this much clock skew between the machines
/// of the instances is tolerated). A younger one may be of a live instance: it is watched.
const FRESH_MS: u64 = 10_000;

/// How long a starting instance watches a younger beat for it to advance (five beats): an
/// instance that has not beaten in this time is dead.
const WATCH_MS: u64 = 5 * BEAT_MS;

/// The rows of instances dead for longer than this are deleted at a start.
const FORGET_MS: u64 = 24 * 3600 * 1000;

/// Runs a query on the query connection; if that connection was lost (the database
/// restarted, an administrator cut it), connects again and runs it once more. Running an
/// append twice is safe: if the first one committed, the second is a `Conflict`, and the
/// game task reads the slot and finds its own event there.
macro_rules! run {
    ($pg:expr, |$c:ident| $query:expr) => {{
        let pg: &Pg = $pg;
        let $c = pg.current();
        match $query.await {
            Err(e) if lost(&e, &$c) => {
                let $c = pg.reconnect(&$c, e).await?;
                $query.await.map_err(DbError::from)
            }
            r => r.map_err(DbError::from),
        }
    }};
}

impl From<tokio_postgres::Error> for DbError {
    fn from(e: tokio_postgres::Error) -> DbError {
        if e.code() == Some(&SqlState::UNIQUE_VIOLATION) {
            if e.as_db_error().and_then(|d| d.constraint()) == Some("server_game_board") {
                // The board is named by the caller, which knows the game it inserted.
                return DbError::BoardTaken {
                    event: String::new(),
                    round: 0,
                    board: 0,
                };
            }
            return DbError::Conflict;
        }
        match e.as_db_error() {
            Some(d) => DbError::Failed(format!("{}: {}", d.code().code(), d.message())),
            None => DbError::Failed(e.to_string()),
        }
    }
}

/// Whether `e` says that the connection `c` is lost (the database restarted, an
/// administrator cut it): the query may be run again on a fresh one.
fn lost(e: &tokio_postgres::Error, c: &Client) -> bool {
    e.is_closed() || c.is_closed() || e.code() == Some(&SqlState::ADMIN_SHUTDOWN)
}

/// The query connection, with the statements prepared on it (by their text as written, in
/// SQLite's dialect): they live and die with it.
struct Conn {
    client: Client,
    statements: std::sync::Mutex<HashMap<&'static str, tokio_postgres::Statement>>,
}

impl std::ops::Deref for Conn {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

impl Conn {
    fn new(client: Client) -> Arc<Conn> {
        Arc::new(Conn {
            client,
            statements: std::sync::Mutex::new(HashMap::new()),
        })
    }

    /// The statement `sql` (written once, in SQLite's dialect) prepared on this connection:
    /// one round trip the first time, none after.
    async fn prepared(&self, sql: &'static str) -> Result<tokio_postgres::Statement, tokio_postgres::Error> {
        if let Some(st) = self.statements.lock().expect("statements lock").get(sql) {
            return Ok(st.clone());
        }
        let st = self.client.prepare(&storage::sql::to_postgres(sql)).await?;
        self.statements.lock().expect("statements lock").insert(sql, st.clone());
        Ok(st)
    }

    /// Runs `sql` with `args`: its rows, or with `count` the number of rows it changed.
    async fn run(&self, sql: &'static str, args: &[Arg<'_>], count: bool) -> Result<Answer, Attempt> {
        let st = self.prepared(sql).await.map_err(|e| Attempt::of(e, self))?;
        let params = storage::sql::pg_params(&st, args).map_err(|e| Attempt::Failed(e.into()))?;
        let refs = storage::sql::pg_refs(&params);
        let answer = if count {
            self.client.execute(&st, &refs).await.map(Answer::Count)
        } else {
            self.client.query(&st, &refs).await.map(Answer::Rows)
        };
        answer.map_err(|e| Attempt::of(e, self))
    }
}

/// What a statement answered.
enum Answer {
    Rows(Vec<tokio_postgres::Row>),
    Count(u64),
}

/// Why a statement did not answer.
enum Attempt {
    /// The connection was lost: it may be run again on a fresh one.
    Lost(tokio_postgres::Error),
    /// It failed.
    Failed(DbError),
}

impl Attempt {
    fn of(e: tokio_postgres::Error, c: &Client) -> Attempt {
        if lost(&e, c) {
            Attempt::Lost(e)
        } else {
            Attempt::Failed(e.into())
        }
    }
}

/// The open database.
pub(crate) struct Pg {
    url: String,
    /// The connection for queries; replaced by a fresh one when it is lost.
    client: std::sync::Mutex<Arc<Conn>>,
    channel: String,
    /// The queue of the group-commit task.
    appends: mpsc::UnboundedSender<Append>,
    /// This instance's id in `server_instance`.
    instance: String,
    /// Where every instant written comes from.
    time: Time,
}

/// An event to append, and where to answer.
struct Append {
    game: i64,
    seq: u64,
    json: String,
    reply: oneshot::Sender<Result<(), DbError>>,
}

/// The most appends one statement takes.
const MAX_BATCH: usize = 4096;

/// Group commit, as on SQLite: takes every append waiting, writes them in one statement, and
/// only then answers each, so one commit's flush serves the whole batch.
async fn group_commit(pg: Weak<Pg>, mut queue: mpsc::UnboundedReceiver<Append>) {
    while let Some(first) = queue.recv().await {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(a) => batch.push(a),
                Err(_) => break,
            }
        }
        let Some(pg) = pg.upgrade() else { return };
        pg.write_batch(batch).await;
    }
}

async fn connect(url: &str) -> Result<Client, DbError> {
    let (client, conn) = tokio_postgres::connect(url, NoTls)
        .await
        .map_err(|e| DbError::Failed(format!("cannot connect to PostgreSQL: {e}")))?;
    tokio::spawn(async move {
        if let Err(e) = conn.await {
            tracing::error!(error = %e, "the PostgreSQL connection failed");
        }
    });
    Ok(client)
}

fn quote_ident(s: &str) -> String {
    format!("\"{}\"", s.replace('"', "\"\""))
}

impl Pg {
    pub(crate) async fn open(
        url: &str,
        time: Time,
    ) -> Result<(Arc<Pg>, Option<u64>, mpsc::UnboundedReceiver<Note>), DbError> {
        let client = connect(url).await?;
        let schema: Option<String> = client.query_one("SELECT current_schema()", &[]).await?.get(0);
        let schema = schema.ok_or_else(|| {
            DbError::Failed("the search_path names no existing schema: create it or fix the URL's options".into())
        })?;
        // The storage crate's runner, on a connection of its own (its client blocks).
        let migrating = url.to_string();
        tokio::task::spawn_blocking(move || storage::migrate_postgres(&migrating, &SCHEMA))
            .await
            .map_err(|e| DbError::Failed(format!("the migration stopped: {e}")))??;
        let instance = crate::secret::new_token()[..16].to_string();
        // Registered and beating before it looks at the others: an instance starting at the
        // same time watches this one's beat advance, as this one watches the older ones'.
        let started = time.now_ms();
        client
            .execute(
                "INSERT INTO server_instance (id, started, beat) VALUES ($1, $2, $2)",
                &[&instance, &(started as i64)],
            )
            .await?;
        let channel = format!("weiqi_events.{schema}");
        let (appends, queue) = mpsc::unbounded_channel();
        let pg = Arc::new(Pg {
            url: url.to_string(),
            client: std::sync::Mutex::new(Conn::new(client)),
            channel: channel.clone(),
            appends,
            instance,
            time,
        });
        tokio::spawn(beat(Arc::downgrade(&pg)));
        let heartbeat = observe_instances(&pg.current(), &pg.instance, started).await?;
        let (tx, rx) = mpsc::unbounded_channel();
        let first = listen_once(url, &channel, &tx).await?;
        tokio::spawn(keep_listening(url.to_string(), channel, tx, first));
        tokio::spawn(group_commit(Arc::downgrade(&pg), queue));
        Ok((pg, heartbeat, rx))
    }

    /// The query connection now.
    fn current(&self) -> Arc<Conn> {
        self.client.lock().expect("client lock").clone()
    }

    /// A fresh query connection in place of `lost` (unless another task replaced it already).
    async fn reconnect(&self, lost: &Arc<Conn>, e: tokio_postgres::Error) -> Result<Arc<Conn>, DbError> {
        tracing::warn!(error = %DbError::from(e), "the PostgreSQL connection was lost: connecting again");
        let fresh = Conn::new(connect(&self.url).await?);
        let mut current = self.client.lock().expect("client lock");
        if Arc::ptr_eq(&current, lost) {
            *current = fresh;
        }
        Ok(current.clone())
    }

    pub(crate) async fn append(&self, game: i64, seq: u64, json: String) -> Result<(), DbError> {
        let (reply, rx) = oneshot::channel();
        self.appends
            .send(Append { game, seq, json, reply })
            .map_err(|_| DbError::Failed("the append task has stopped".into()))?;
        rx.await
            .map_err(|_| DbError::Failed("the append task has stopped".into()))?
    }

    /// Writes a batch of appends in one statement (one commit, one WAL flush for all):
    /// inserts what it can, `NOTIFY`s each inserted (game, seq), and answers `Conflict` to
    /// the appends whose slot was taken.
    async fn write_batch(&self, batch: Vec<Append>) {
        let games: Vec<i64> = batch.iter().map(|a| a.game).collect();
        let seqs: Vec<i64> = batch.iter().map(|a| a.seq as i64).collect();
        let events: Vec<&str> = batch.iter().map(|a| a.json.as_str()).collect();
        let written = async {
            run!(self, |c| c.query_typed(
                "WITH ins AS (INSERT INTO server_game_event (game_id, seq, event) \
                 SELECT * FROM unnest($1::BIGINT[], $2::BIGINT[], $3::TEXT[]) ON CONFLICT DO NOTHING \
                 RETURNING game_id, seq) \
                 SELECT game_id, seq, pg_notify($4, game_id::TEXT || ':' || seq::TEXT) FROM ins",
                &[
                    (&games, Type::INT8_ARRAY),
                    (&seqs, Type::INT8_ARRAY),
                    (&events, Type::TEXT_ARRAY),
                    (&self.channel, Type::TEXT)
                ],
            ))
        };
        match written.await {
            Ok(rows) => {
                let landed: std::collections::HashSet<(i64, i64)> = rows.iter().map(|r| (r.get(0), r.get(1))).collect();
                for a in batch {
                    let r = if landed.contains(&(a.game, a.seq as i64)) {
                        Ok(())
                    } else {
                        Err(DbError::Conflict)
                    };
                    let _ = a.reply.send(r);
                }
            }
            Err(e) => {
                tracing::error!(error = %e, "group commit failed");
                for a in batch {
                    let _ = a.reply.send(Err(DbError::Failed(e.to_string())));
                }
            }
        }
    }

    pub(crate) async fn create_game(
        &self,
        g: &StoredGame,
        events: &[String],
        key: Option<&Idempotency>,
    ) -> Result<i64, DbError> {
        let seqs: Vec<i64> = (0..events.len() as i64).collect();
        let (k, d) = key.map(|k| (k.key.as_str(), k.digest.as_str())).unzip();
        let inserted = run!(self, |c| c.query_one(
            "WITH g AS (INSERT INTO server_game (event_id, round, board, settings, secret_black, secret_white, \
                 owner, created_at, idempotency_key, request_digest) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $11, $12) RETURNING id), \
                 e AS (INSERT INTO server_game_event (game_id, seq, event) \
                 SELECT g.id, x.seq, x.event FROM g, unnest($9::BIGINT[], $10::TEXT[]) AS x (seq, event)) \
                 SELECT id FROM g",
            &[
                &g.event_id,
                &g.round.map(i64::from),
                &g.board.map(i64::from),
                &g.settings,
                &g.secrets[0],
                &g.secrets[1],
                &g.owner,
                &(self.time.now_ms() as i64),
                &seqs,
                &events,
                &k,
                &d,
            ],
        ));
        match inserted {
            Ok(row) => Ok(row.get(0)),
            Err(DbError::BoardTaken { .. }) => Err(board_of(g).unwrap_or(DbError::Conflict)),
            Err(e) => Err(e),
        }
    }

    /// Runs a statement written once, in SQLite's dialect (translated by the storage crate),
    /// on the query connection; if that connection was lost, once more on a fresh one (as
    /// [`run!`]). Its rows, or with `count` the number of rows it changed.
    async fn statement(&self, sql: &'static str, args: &[Arg<'_>], count: bool) -> Result<Answer, DbError> {
        let c = self.current();
        match c.run(sql, args, count).await {
            Ok(a) => Ok(a),
            Err(Attempt::Lost(e)) => match self.reconnect(&c, e).await?.run(sql, args, count).await {
                Ok(a) => Ok(a),
                Err(Attempt::Lost(e)) => Err(e.into()),
                Err(Attempt::Failed(e)) => Err(e),
            },
            Err(Attempt::Failed(e)) => Err(e),
        }
    }

    /// Runs a statement written once; the rows it changed.
    pub(crate) async fn exec(&self, sql: &'static str, args: &[Arg<'_>]) -> Result<u64, DbError> {
        match self.statement(sql, args, true).await? {
            Answer::Count(n) => Ok(n),
            Answer::Rows(r) => Ok(r.len() as u64),
        }
    }

    /// Runs a query written once; its rows.
    pub(crate) async fn rows(&self, sql: &'static str, args: &[Arg<'_>]) -> Result<Vec<Row>, DbError> {
        match self.statement(sql, args, false).await? {
            Answer::Rows(rows) => Ok(rows.iter().map(storage::sql::pg_row).collect::<Result<_, _>>()?),
            Answer::Count(_) => Ok(Vec::new()),
        }
    }

    /// The new digest and its record in one statement (the record only if the game exists):
    /// whether the game exists.
    pub(crate) async fn reissue_seat(
        &self,
        id: i64,
        col: &str,
        seat: &str,
        digest: &str,
        account: i64,
        at: u64,
    ) -> Result<bool, DbError> {
        let sql = format!(
            "WITH g AS (UPDATE server_game SET {col} = $2 WHERE id = $1 RETURNING id) \
             INSERT INTO server_seat_link (game_id, color, account_id, at) SELECT id, $3, $4, $5 FROM g"
        );
        let at = at as i64;
        Ok(run!(self, |c| c.execute(sql.as_str(), &[&id, &digest, &seat, &account, &at]))? == 1)
    }
}

/// Opens a connection that `LISTEN`s on `channel` and a task that forwards its notifications;
/// the task ends when the connection does.
async fn listen_once(
    url: &str,
    channel: &str,
    tx: &mpsc::UnboundedSender<Note>,
) -> Result<(Client, tokio::task::JoinHandle<()>), DbError> {
    let (client, mut conn) = tokio_postgres::connect(url, NoTls)
        .await
        .map_err(|e| DbError::Failed(format!("cannot connect to PostgreSQL: {e}")))?;
    let tx = tx.clone();
    let pump = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| conn.poll_message(cx));
        while let Some(m) = messages.next().await {
            match m {
                Ok(AsyncMessage::Notification(n)) => {
                    let parsed = n
                        .payload()
                        .split_once(':')
                        .and_then(|(g, s)| Some((g.parse().ok()?, s.parse().ok()?)));
                    match parsed {
                        Some((game, seq)) => {
                            if tx.send(Note::Commit { game, seq }).is_err() {
                                return;
                            }
                        }
                        None => tracing::warn!(payload = n.payload(), "unreadable notification"),
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::error!(error = %e, "the PostgreSQL LISTEN connection failed");
                    return;
                }
            }
        }
    });
    client
        .batch_execute(&format!("LISTEN {}", quote_ident(channel)))
        .await?;
    Ok((client, pump))
}

/// Keeps a `LISTEN` connection open while the hub follows: when it fails, reconnects every
/// second until it can, then sends [`Note::Resync`] (what was committed meanwhile was not
/// heard, so every running game reads what it misses).
async fn keep_listening(
    url: String,
    channel: String,
    tx: mpsc::UnboundedSender<Note>,
    first: (Client, tokio::task::JoinHandle<()>),
) {
    let (mut client, mut pump) = first;
    loop {
        tokio::select! {
            _ = &mut pump => {}
            () = tx.closed() => return,
        }
        drop(client);
        loop {
            tokio::time::sleep(Duration::from_secs(1)).await;
            if tx.is_closed() {
                return;
            }
            match listen_once(&url, &channel, &tx).await {
                Ok((c, p)) => {
                    (client, pump) = (c, p);
                    tracing::info!("listening again");
                    let _ = tx.send(Note::Resync);
                    break;
                }
                Err(e) => tracing::warn!(error = %e, "cannot listen again yet"),
            }
        }
    }
}

/// Finds whether the other instances are alive, for this one (`me`, registered and beating
/// since `started`): the last instant an instance was known alive when none is (the time
/// since was nobody's: the hub records it as a system pause), `None` when one is (it kept the
/// clocks; nothing to recover), when another instance starting now recovers (see below), or
/// when there was none before.
///
/// Liveness is observed, not assumed: an older instance (by start, then id) whose beat is
/// recent is watched for [`WATCH_MS`], and only a row that is written again is a live
/// instance. (The instant a beat carries is not the sign of life: a clock stepped back, or a
/// test's held time, writes the same instant again.) A crashed instance restarted at once
/// leaves a recent beat that is never written again. Younger instances are not asked: when
/// several start together (each beating from its registration), the oldest recovers the games
/// and the others, seeing it beat, leave them to it. The last instant alive is the latest beat
/// of the older instances, all judged dead then: a younger one's row (registered a moment ago)
/// says nothing of the time nobody ran.
///
/// Two instances may both take the same instances for dead: one whose registration reached
/// the database after the other had read the rows, or whose clock is behind the other's, takes
/// itself for the older. So the recovery is claimed ([`claim`]): only the instance that
/// deletes the dead instances' rows records the pause; the other finds them gone.
async fn observe_instances(client: &Client, me: &str, started: u64) -> Result<Option<u64>, DbError> {
    let others = |rows: Vec<tokio_postgres::Row>| -> Vec<Instance> {
        rows.iter()
            .map(|r| Instance {
                id: r.get(0),
                started: r.get::<_, i64>(1) as u64,
                beat: r.get::<_, i64>(2) as u64,
                version: r.get(3),
            })
            .collect()
    };
    // `xmin`, the transaction that wrote the row last, changes at every beat.
    let read = "SELECT id, started, beat, xmin::text FROM server_instance WHERE id <> $1";
    let older: Vec<Instance> = others(client.query(read, &[&me]).await?)
        .into_iter()
        .filter(|o| (o.started, o.id.as_str()) < (started, me))
        .collect();
    let watched: Vec<&Instance> = older.iter().filter(|o| o.beat + FRESH_MS >= started).collect();
    let mut alive = None;
    let mut waited = 0;
    while !watched.is_empty() && waited < WATCH_MS {
        // Real time, not the server's source: it is another process that is watched.
        tokio::time::sleep(Duration::from_millis(BEAT_MS / 2)).await;
        waited += BEAT_MS / 2;
        let now = others(client.query(read, &[&me]).await?);
        alive = watched.iter().find_map(|w| {
            now.iter()
                .find(|o| o.id == w.id)
                .filter(|o| o.version != w.version)
                .map(|o| o.id.clone())
        });
        if alive.is_some() {
            break;
        }
    }
    let forget = async {
        client
            .execute(
                "DELETE FROM server_instance WHERE id <> $1 AND beat < $2",
                &[&me, &(started.saturating_sub(FORGET_MS) as i64)],
            )
            .await
    };
    if let Some(id) = alive {
        forget.await?;
        tracing::info!(
            instance = me,
            alive = id,
            "another instance is running: nobody was down"
        );
        return Ok(None);
    }
    if older.is_empty() {
        forget.await?;
        return Ok(None);
    }
    let older: Vec<&Instance> = older.iter().collect();
    let last_beat = claim(client, &older).await?;
    forget.await?;
    match last_beat {
        Some(_) if !watched.is_empty() => tracing::info!(
            instance = me,
            "the recent beats were not written again: their instances are dead, the games resume with a pause"
        ),
        Some(_) => {}
        None => tracing::info!(
            instance = me,
            "another instance claimed the recovery from the dead instances, or one of them beat again: nothing to recover"
        ),
    }
    Ok(last_beat)
}

/// A row of `server_instance` as read.
struct Instance {
    id: String,
    started: u64,
    beat: u64,
    /// The row's `xmin`: another value, and the row was written again.
    version: String,
}

/// Claims the recovery from the instances `dead` (as they were read): deletes their rows in
/// one statement, if every one is still as read. The last beat among them when they are
/// claimed; `None` when one is gone (another instance starting at the same time claimed
/// them) or was written again (it is alive after all), and then nothing is deleted.
async fn claim(client: &Client, dead: &[&Instance]) -> Result<Option<u64>, DbError> {
    let ids: Vec<&str> = dead.iter().map(|o| o.id.as_str()).collect();
    let versions: Vec<&str> = dead.iter().map(|o| o.version.as_str()).collect();
    // The rows are locked first: of two instances claiming together one waits for the
    // other's statement, then finds the rows gone.
    let rows = client
        .query(
            "WITH still AS (SELECT s.id FROM server_instance s \
                 JOIN unnest($1::TEXT[], $2::TEXT[]) AS d (id, version) \
                 ON s.id = d.id AND s.xmin::TEXT = d.version FOR UPDATE OF s) \
             DELETE FROM server_instance s USING still \
             WHERE s.id = still.id AND (SELECT count(*) FROM still) = $3 RETURNING s.beat",
            &[&ids, &versions, &(dead.len() as i64)],
        )
        .await?;
    Ok(rows.iter().map(|r| r.get::<_, i64>(0) as u64).max())
}

/// Writes this instance's beat every [`BEAT_MS`] while the database is open.
async fn beat(pg: Weak<Pg>) {
    loop {
        {
            let Some(pg) = pg.upgrade() else { return };
            let write = async {
                run!(&pg, |c| c.execute(
                    "INSERT INTO server_instance (id, started, beat) VALUES ($1, $2, $2) \
                     ON CONFLICT (id) DO UPDATE SET beat = GREATEST(server_instance.beat, $2)",
                    &[&pg.instance, &(pg.time.now_ms() as i64)],
                ))
            };
            let r: Result<u64, DbError> = write.await;
            if let Err(e) = r {
                tracing::warn!(error = %e, "heartbeat not written");
            }
        }
        // Real time: the others see this instance alive by its row being written again,
        // whatever instant the server's time source gives (a test may hold it still).
        tokio::time::sleep(Duration::from_millis(BEAT_MS)).await;
    }
}
