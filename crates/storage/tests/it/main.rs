//! Storage tests: migrations, transactions that roll back on injected failures, round trips
//! of every kind of record, replayed events equal to the same events built in memory, and two
//! writers at once. Every test runs on both backends (the `both!` macro makes a `sqlite::` and
//! a `postgres::` test of each): SQLite in a fresh file, PostgreSQL in a fresh schema of the
//! database `$WEIQI_TEST_PG` (else the local server's `test` database), dropped afterwards.

/// Makes a test on each backend of each function named: `fn name(backend: Backend)`.
macro_rules! both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[test] fn $name() { super::$name($crate::Backend::Sqlite) })*
        }
        mod postgres {
            $(#[test] fn $name() { super::$name($crate::Backend::Postgres) })*
        }
    };
}

mod concurrency;
mod connection;
mod edits;
mod import;
mod migrations;
mod replay;
mod roundtrip;
mod transactions;

use std::path::{Path, PathBuf};

use storage::{NewEvent, Store, StoreError};
use tournament::{Player, Rank, Settings, System};

/// Which database a test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The PostgreSQL the tests use (checked once to answer: `testkit::pg::require`).
pub fn pg_base() -> String {
    testkit::pg::require()
}

/// A plain PostgreSQL connection to `url`.
pub fn pg_client(url: &str) -> testkit::pg::Client {
    testkit::pg::connect(url).unwrap_or_else(|e| panic!("{e}"))
}

/// A fresh database for one test: a file in a fresh directory, or a fresh PostgreSQL schema;
/// removed (dropped) at the end.
pub struct TestDb {
    pub backend: Backend,
    place: Place,
}

/// Where a test's database is.
enum Place {
    /// The SQLite file's directory.
    Dir(PathBuf),
    /// The PostgreSQL schema.
    Schema(testkit::pg::Schema),
}

impl TestDb {
    pub fn new(backend: Backend, name: &str) -> TestDb {
        match backend {
            Backend::Sqlite => {
                let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("storage-{name}-{}", std::process::id()));
                let _ = std::fs::remove_dir_all(&dir);
                std::fs::create_dir_all(&dir).expect("create temp dir");
                TestDb {
                    backend,
                    place: Place::Dir(dir),
                }
            }
            Backend::Postgres => TestDb {
                backend,
                place: Place::Schema(testkit::pg::Schema::new(&format!("storage_{name}"))),
            },
        }
    }

    /// The SQLite file.
    pub fn path(&self) -> PathBuf {
        match &self.place {
            Place::Dir(dir) => dir.join("weiqi.db"),
            Place::Schema(_) => panic!("a PostgreSQL test has no SQLite file"),
        }
    }

    /// The PostgreSQL schema.
    pub fn schema(&self) -> &str {
        self.pg().name()
    }

    /// The URL of the PostgreSQL schema, as a server or the CLI is given it.
    pub fn url(&self) -> String {
        self.pg().url().to_string()
    }

    fn pg(&self) -> &testkit::pg::Schema {
        match &self.place {
            Place::Schema(s) => s,
            Place::Dir(_) => panic!("a SQLite test has no PostgreSQL schema"),
        }
    }

    pub fn try_open(&self) -> Result<Store, StoreError> {
        match self.backend {
            Backend::Sqlite => Store::open(&self.path()),
            Backend::Postgres => Store::open_postgres(&self.url()),
        }
    }

    pub fn open(&self) -> Store {
        self.try_open().expect("open store")
    }

    /// Runs statements on a plain connection beside the store's, below the API.
    pub fn exec(&self, sql: &str) {
        match self.backend {
            Backend::Sqlite => rusqlite::Connection::open(self.path())
                .unwrap()
                .execute_batch(sql)
                .unwrap_or_else(|e| panic!("{sql}: {e}")),
            Backend::Postgres => pg_client(&self.url())
                .batch_execute(sql)
                .unwrap_or_else(|e| panic!("{sql}: {e:?}")),
        }
    }

    /// The first column of each row of a query, as text (NULL as "NULL"), on a plain
    /// connection.
    pub fn strings(&self, sql: &str) -> Vec<String> {
        match self.backend {
            Backend::Sqlite => {
                let c = rusqlite::Connection::open(self.path()).unwrap();
                let mut st = c.prepare(sql).unwrap();
                st.query_map([], |r| {
                    Ok(match r.get_ref(0)? {
                        rusqlite::types::ValueRef::Null => "NULL".to_string(),
                        rusqlite::types::ValueRef::Integer(i) => i.to_string(),
                        rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
                        v => format!("{v:?}"),
                    })
                })
                .unwrap()
                .map(Result::unwrap)
                .collect()
            }
            // The simple-query protocol answers every value as text.
            Backend::Postgres => pg_client(&self.url())
                .simple_query(sql)
                .unwrap_or_else(|e| panic!("{sql}: {e:?}"))
                .iter()
                .filter_map(|m| match m {
                    testkit::pg::SimpleQueryMessage::Row(r) => Some(r.get(0).unwrap_or("NULL").to_string()),
                    _ => None,
                })
                .collect(),
        }
    }

    /// The one integer a query answers.
    pub fn int(&self, sql: &str) -> i64 {
        let v = self.strings(sql);
        assert_eq!(v.len(), 1, "{sql}: {v:?}");
        v[0].parse().unwrap_or_else(|e| panic!("{sql}: {v:?}: {e}"))
    }

    /// Installs the trigger `fail` on `table` at `timing` (e.g. `BEFORE INSERT`), optionally
    /// only `when` a condition on `NEW` holds, which aborts the statement with the error
    /// "injected".
    pub fn inject_failure(&self, table: &str, timing: &str, when: Option<&str>) {
        let sql = match self.backend {
            Backend::Sqlite => {
                let when = when.map(|w| format!("WHEN {w}")).unwrap_or_default();
                format!("CREATE TRIGGER fail {timing} ON {table} {when} BEGIN SELECT RAISE(ABORT, 'injected'); END")
            }
            Backend::Postgres => {
                let when = when.map(|w| format!("WHEN ({w})")).unwrap_or_default();
                format!(
                    "CREATE OR REPLACE FUNCTION fail() RETURNS trigger LANGUAGE plpgsql AS
                         $$ BEGIN RAISE EXCEPTION 'injected'; END $$;
                     CREATE TRIGGER fail {timing} ON {table} FOR EACH ROW {when} EXECUTE FUNCTION fail()"
                )
            }
        };
        self.exec(&sql);
    }

    /// Removes the trigger of [`TestDb::inject_failure`].
    pub fn remove_failure(&self, table: &str) {
        self.exec(&match self.backend {
            Backend::Sqlite => "DROP TRIGGER fail".to_string(),
            Backend::Postgres => format!("DROP TRIGGER fail ON {table}"),
        });
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        // The schema drops itself.
        if let Place::Dir(dir) = &self.place {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

pub fn new_event(id: &str, system: System, n_rounds: u32) -> NewEvent {
    NewEvent {
        id: id.into(),
        name: format!("The {id} open"),
        system,
        n_rounds,
        settings: Settings::default(),
    }
}

pub fn player(name: &str, rank: &str) -> Player {
    Player::new(name, rank.parse::<Rank>().expect("rank"))
}

pub fn names(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(b, w)| (b.to_string(), w.to_string())).collect()
}

/// A Swiss event "e" of three rounds with players A..=F (ranks 6d down to 1d).
pub fn six_players(store: &mut Store) {
    store.create_event(&new_event("e", System::Swiss, 3)).unwrap();
    for (i, name) in ["A", "B", "C", "D", "E", "F"].iter().enumerate() {
        store.add_player("e", &player(name, &format!("{}d", 6 - i))).unwrap();
    }
}
