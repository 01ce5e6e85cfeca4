//! `weiqi event` on PostgreSQL (`--database-url URL`, else `$WEIQI_DATABASE_URL`): the database
//! `weiqi serve --database-url` uses, here a fresh schema of `$WEIQI_TEST_PG` (else the local
//! server's `test` database) dropped afterwards. The same commands give the same answers as on
//! a SQLite file; a refused command changes nothing; a database that cannot be reached is a
//! database failure (status 1) that says what to check.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

/// A connection to the tests' PostgreSQL (checked once to answer: `testkit::pg::require`).
fn admin() -> testkit::pg::Client {
    testkit::pg::connect(&testkit::pg::require()).unwrap_or_else(|e| panic!("{e}"))
}

static N: AtomicUsize = AtomicUsize::new(0);

/// Where the commands go: a fresh PostgreSQL schema, or a SQLite file to compare with.
struct Place {
    /// The directory the commands run in (and the SQLite file's).
    dir: PathBuf,
    /// The PostgreSQL schema, if on PostgreSQL (dropped with the place).
    schema: Option<testkit::pg::Schema>,
}

#[derive(Clone, Copy, PartialEq)]
enum Via {
    /// `--database-url URL`.
    Option,
    /// `$WEIQI_DATABASE_URL`, no option.
    Env,
}

impl Place {
    fn new(test: &str, postgres: bool) -> Place {
        let n = N.fetch_add(1, Ordering::SeqCst);
        let dir = testkit::scratch("event-pg", &format!("{test}-{n}"));
        let schema = postgres.then(|| testkit::pg::Schema::new(&format!("cli_{test}")));
        Place { dir, schema }
    }

    fn url(&self) -> String {
        self.schema.as_ref().expect("a place on PostgreSQL").url().to_string()
    }

    fn run_via(&self, via: Via, args: &[&str]) -> Output {
        let mut c = Command::new(env!("CARGO_BIN_EXE_weiqi"));
        c.current_dir(&self.dir)
            .env_remove("WEIQI_DB")
            .env_remove("WEIQI_DATABASE_URL")
            .arg("event")
            .args(args);
        match (&self.schema, via) {
            (None, _) => c.arg("--db").arg(self.dir.join("event.db")),
            (Some(_), Via::Option) => c.arg("--database-url").arg(self.url()),
            (Some(_), Via::Env) => c.env("WEIQI_DATABASE_URL", self.url()),
        };
        c.output().unwrap()
    }

    fn ok_via(&self, via: Via, args: &[&str]) -> String {
        let out = self.run_via(via, args);
        assert!(
            out.status.success(),
            "weiqi event {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        self.ok_via(Via::Option, args)
    }

    fn json(&self, args: &[&str]) -> Value {
        let mut a = args.to_vec();
        a.push("--json");
        serde_json::from_str(&self.ok(&a)).unwrap()
    }

    /// Every row of every table, through the store.
    fn dump(&self) -> String {
        match &self.schema {
            Some(_) => storage::Store::open_postgres(&self.url()).unwrap().dump().unwrap(),
            None => storage::Store::open(&self.dir.join("event.db"))
                .unwrap()
                .dump()
                .unwrap(),
        }
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        // The schema drops itself.
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A small Swiss event run to its standings; returns what the director saw.
fn run_event(p: &Place) -> Vec<Value> {
    p.ok(&["new", "--id", "cup", "--system", "swiss", "--rounds", "2"]);
    for (name, rank) in [("Ann", "3d"), ("Bo", "2d"), ("Cy", "1d"), ("Di", "1k"), ("Ed", "2k")] {
        p.ok(&["player", "add", "--event", "cup", "--name", name, "--rank", rank]);
    }
    let mut seen = vec![p.json(&["pair", "--event", "cup"])];
    p.ok(&[
        "result", "--event", "cup", "--round", "1", "--board", "1", "--result", "B+R",
    ]);
    p.ok(&[
        "result", "--event", "cup", "--round", "1", "--board", "2", "--result", "W+3.5",
    ]);
    let black = seen[0]["games"][0]["black"].as_str().unwrap().to_string();
    p.ok(&[
        "warn", "--event", "cup", "--round", "1", "--board", "1", "--name", &black,
    ]);
    seen.push(p.json(&["pair", "--event", "cup"]));
    p.ok(&["withdraw", "--event", "cup", "--name", "Ed"]);
    seen.push(p.json(&["show", "--event", "cup"]));
    seen.push(p.json(&["standings", "--event", "cup"]));
    seen.push(p.json(&["list"]));
    seen
}

#[test]
fn event_commands_run_on_postgres_as_on_a_file() {
    let pg = Place::new("same", true);
    let file = Place::new("same", false);
    assert_eq!(run_event(&pg), run_event(&file));
    // The event is in the schema the URL names, in the store's own tables.
    let n: i64 = admin()
        .query_one(
            &format!(
                "SELECT COUNT(*) FROM {}.player WHERE event_id = 'cup'",
                pg.schema.as_ref().unwrap().name()
            ),
            &[],
        )
        .unwrap()
        .get(0);
    assert_eq!(n, 5);
    // Nothing was written to the default SQLite file.
    assert!(!pg.dir.join("weiqi.db").exists());

    // $WEIQI_DATABASE_URL names the same database without the option.
    let shown: Value = serde_json::from_str(&pg.ok_via(Via::Env, &["show", "--event", "cup", "--json"])).unwrap();
    assert_eq!(shown, pg.json(&["show", "--event", "cup"]));

    // A refused command exits 1 and leaves the database as it was.
    let before = pg.dump();
    let out = pg.run_via(Via::Env, &["pair", "--event", "cup"]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("has no result yet"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(pg.dump(), before);
}

#[test]
fn an_unreachable_database_is_a_database_failure_that_says_what_to_check() {
    let dir = std::env::temp_dir().join(format!("weiqi-event-pg-{}-unreachable", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .current_dir(&dir)
        .env_remove("WEIQI_DB")
        .env_remove("WEIQI_DATABASE_URL")
        .args([
            "event",
            "list",
            "--database-url",
            "postgres://postgres:secret@127.0.0.1:1/test",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("weiqi event: database error: cannot connect to PostgreSQL (postgres@127.0.0.1:1/test): "),
        "{stderr}"
    );
    assert!(stderr.contains("check that the server is running"), "{stderr}");
    assert!(!stderr.contains("secret"), "{stderr}");
    assert!(!dir.join("weiqi.db").exists());
    // --db and --database-url together are a usage error.
    let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .current_dir(&dir)
        .args(["event", "list", "--db", "x.db", "--database-url", "postgres://h/db"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
