//! PostgreSQL for tests: the server they use ([`base_url`]), one check that it answers
//! ([`require`]), and a fresh schema per test ([`Schema`]), dropped with everything in it.
//!
//! [`Client`] is the workspace's one PostgreSQL client (`tokio-postgres`) made to block, for
//! tests that look below the store's API. The functions here run it on a thread of their own,
//! so they work from `#[tokio::test]`s too (blocking inside a runtime would panic).

use std::fmt;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The PostgreSQL the tests use when `$WEIQI_TEST_PG` names none: the local server's `test`
/// database, trust auth.
pub const DEFAULT_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

/// The PostgreSQL the tests use: `$WEIQI_TEST_PG`, else [`DEFAULT_URL`].
pub fn base_url() -> String {
    std::env::var("WEIQI_TEST_PG").unwrap_or_else(|_| DEFAULT_URL.to_string())
}

/// No PostgreSQL answered: what the tests need, where they looked and what they were told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreachable {
    /// The URL tried.
    pub url: String,
    /// The client's error.
    pub error: String,
}

impl fmt::Display for Unreachable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "PostgreSQL tests need a server at 127.0.0.1:5432 with trust auth and a database `test` \
             (or WEIQI_TEST_PG=URL); none answered at {}: {}",
            self.url, self.error
        )
    }
}

impl std::error::Error for Unreachable {}

pub use tokio_postgres::{Error, Row, SimpleQueryMessage};

/// A connection that blocks on each call: `tokio-postgres` on a one-thread runtime of its own,
/// which runs the connection while a call waits. Not for a thread that drives a runtime.
pub struct Client {
    runtime: tokio::runtime::Runtime,
    client: tokio_postgres::Client,
}

impl Client {
    /// Runs `sql` (one or more statements, no parameters).
    pub fn batch_execute(&mut self, sql: &str) -> Result<(), Error> {
        self.runtime.block_on(self.client.batch_execute(sql))
    }

    /// Runs `sql` by the simple-query protocol, which answers every value as text.
    pub fn simple_query(&mut self, sql: &str) -> Result<Vec<SimpleQueryMessage>, Error> {
        self.runtime.block_on(self.client.simple_query(sql))
    }

    /// The one row `sql` answers.
    pub fn query_one(
        &mut self,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<Row, Error> {
        self.runtime.block_on(self.client.query_one(sql, params))
    }
}

/// A connection to `url`, or what the tests need if none answers.
pub fn connect(url: &str) -> Result<Client, Unreachable> {
    let url = url.to_string();
    off_runtime(move || {
        let unreachable = |e: &dyn std::error::Error| Unreachable {
            error: with_causes(e),
            url: url.clone(),
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| unreachable(&e))?;
        let (client, connection) = runtime
            .block_on(tokio_postgres::connect(&url, tokio_postgres::NoTls))
            .map_err(|e| unreachable(&e))?;
        runtime.spawn(connection);
        Ok(Client { runtime, client })
    })
}

/// Checks, once per test process, that the tests' PostgreSQL answers, and returns its URL.
/// Panics with [`Unreachable`]'s message when it does not: every PostgreSQL test starts here,
/// so a missing server is that one clear sentence, not a connection error deep in a test.
pub fn require() -> String {
    static CHECKED: OnceLock<Result<(), Unreachable>> = OnceLock::new();
    let url = base_url();
    let checked = CHECKED.get_or_init(|| {
        let url = url.clone();
        off_runtime(move || connect(&url).map(|_| ()))
    });
    if let Err(e) = checked {
        panic!("{e}");
    }
    url
}

/// Runs `sql` (one or more statements) on the tests' PostgreSQL. The error is a `String`, not
/// an enum: a test only prints it when it fails, and never matches on it.
pub fn execute(sql: &str) -> Result<(), String> {
    let url = require();
    let sql = sql.to_string();
    off_runtime(move || {
        let mut client = connect(&url).map_err(|e| e.to_string())?;
        client.batch_execute(&sql).map_err(|e| format!("{sql}: {e}"))
    })
}

/// A fresh schema for one test on the tests' PostgreSQL, dropped (with everything in it) when
/// this goes out of scope.
#[derive(Debug)]
pub struct Schema {
    name: String,
    url: String,
}

impl Schema {
    /// A new schema `weiqi_{tag}_{process}_{n}` (`tag` kept to letters, digits and `_`).
    pub fn new(tag: &str) -> Schema {
        static N: AtomicUsize = AtomicUsize::new(0);
        let base = require();
        let tag: String = tag
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        let name = format!(
            "weiqi_{tag}_{}_{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        );
        execute(&format!("DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}"))
            .unwrap_or_else(|e| panic!("cannot create the test schema: {e}"));
        let sep = if base.contains('?') { '&' } else { '?' };
        // The application name lets a test find (and cut, or wait out) the connections of the
        // servers it started on this schema.
        let url = format!("{base}{sep}options=-csearch_path%3D{name}&application_name={name}");
        Schema { name, url }
    }

    /// The schema's name (also the connections' `application_name`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The URL a server, the CLI or the store is given: the base with `search_path` set to the
    /// schema.
    pub fn url(&self) -> &str {
        &self.url
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        if let Err(e) = execute(&format!("DROP SCHEMA IF EXISTS {} CASCADE", self.name)) {
            eprintln!("could not drop the test schema {}: {e}", self.name);
        }
    }
}

/// `e` and every error under it, `: `-separated ("error connecting to server: Connection
/// refused (os error 111)"): the client's own words name no cause.
fn with_causes(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(&format!(": {c}"));
        cause = c.source();
    }
    text
}

/// Runs `f` on a thread of its own: [`Client`] blocks, which inside an async test's
/// runtime would panic.
fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| s.spawn(f).join()).unwrap_or_else(|p| std::panic::resume_unwind(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unreachable_server_is_one_sentence_saying_what_the_tests_need() {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let url = "postgres://postgres@127.0.0.1:1/test";
        let e = connect(url).err().expect("nothing answers on port 1");
        assert_eq!(e.url, url);
        let message = e.to_string();
        assert!(
            message.starts_with(
                "PostgreSQL tests need a server at 127.0.0.1:5432 with trust auth and a database `test` \
                 (or WEIQI_TEST_PG=URL); none answered at postgres://postgres@127.0.0.1:1/test: "
            ),
            "{message}"
        );
        assert!(
            message.ends_with("error connecting to server: Connection refused (os error 111)"),
            "the client's error and its cause follow: {message}"
        );
    }

    #[test]
    fn a_schema_is_made_fresh_with_its_search_path_and_dropped_after() {
        let exists = |name: &str| -> bool {
            let name = name.to_string();
            off_runtime(move || {
                let mut c = connect(&require()).unwrap();
                let row = c
                    .query_one("SELECT count(*) FROM pg_namespace WHERE nspname = $1", &[&name])
                    .unwrap();
                row.get::<_, i64>(0) == 1
            })
        };
        let name = {
            let schema = Schema::new("testkit Check");
            assert!(schema.name().starts_with("weiqi_testkit_check_"), "{}", schema.name());
            assert!(exists(schema.name()));
            let url = schema.url().to_string();
            let search_path: String = off_runtime(move || {
                let mut c = connect(&url).unwrap();
                c.query_one("SHOW search_path", &[]).unwrap().get(0)
            });
            assert_eq!(search_path, schema.name());
            schema.name().to_string()
        };
        assert!(!exists(&name), "dropped with the value");
    }
}
