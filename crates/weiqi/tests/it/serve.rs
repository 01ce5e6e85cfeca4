//! `weiqi serve` as a process: killed with SIGKILL in the middle of many live games, started
//! again on the same database (the SQLite file, or a PostgreSQL schema of its own); every
//! acknowledged move is there, and the clocks resume with the time the server was down
//! recorded as a system pause, charged to nobody — unless another instance on the same
//! PostgreSQL database kept serving, and then nobody was down.

use super::support::listening;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

/// Per game, the acknowledged moves: (index in the record, point).
type Acked = Vec<Vec<(u64, String)>>;

/// Where a server keeps its data.
#[derive(Clone)]
enum Db {
    Sqlite(std::path::PathBuf),
    Postgres(Schema),
}

impl Db {
    fn args(&self) -> Vec<String> {
        match self {
            Db::Sqlite(p) => vec!["--db".into(), p.display().to_string()],
            Db::Postgres(s) => vec!["--database-url".into(), s.url()],
        }
    }
}

/// A fresh PostgreSQL schema for one test (`testkit::pg::Schema`), dropped with everything in
/// it when the last copy goes.
#[derive(Clone)]
struct Schema(Arc<testkit::pg::Schema>);

impl Schema {
    fn new(tag: &str) -> Schema {
        Schema(Arc::new(testkit::pg::Schema::new(&format!("serve_{tag}"))))
    }

    fn name(&self) -> &str {
        self.0.name()
    }

    /// The URL, whose application name (the schema's) lets a test see whether a killed
    /// server's connections are gone.
    fn url(&self) -> String {
        self.0.url().to_string()
    }

    /// Waits until no connection of a server on this schema is left: a killed server's last
    /// statements (a beat under way) have landed or been dropped, and nothing more comes.
    fn wait_until_no_server_is_connected(&self) {
        let sql = format!(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = '{}'",
            self.name()
        );
        testkit::until("the killed server's connections to close", || psql_value(&sql) == "0");
    }
}

fn start(db: &Db) -> (Child, String) {
    let mut child = spawn(db);
    let addr = listening(&mut child);
    (child, addr)
}

/// One HTTP/1.1 request on a fresh connection; (status, JSON body), or None if the server is
/// gone.
fn http(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&Value>) -> Option<(u16, Value)> {
    let (status, text) = super::support::http(addr, method, path, headers, body)?;
    Some((status, serde_json::from_str(&text).ok()?))
}

#[test]
fn sigkill_mid_play_loses_no_acknowledged_move_and_the_downtime_is_a_system_pause() {
    let dir = std::env::temp_dir().join(format!("weiqi-serve-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = Db::Sqlite(dir.join("weiqi.db"));
    sigkill_mid_play(&db);
    let _ = std::fs::remove_dir_all(&dir);
}

/// On PostgreSQL, and started again at once: the beat the killed server left is recent, but
/// it never advances, so the new one knows nobody was serving.
#[test]
fn sigkill_mid_play_on_postgres_and_a_restart_at_once_records_the_system_pause() {
    sigkill_mid_play(&Db::Postgres(Schema::new("kill")));
}

/// Plays many games on a server, kills it (SIGKILL) in the middle, starts it again on the
/// same database and checks every game: each acknowledged move is there, the record ends with
/// the system's pause and resume, which hold the instant of the kill between them, the
/// downtime is charged to nobody, and play goes on.
fn sigkill_mid_play(db: &Db) {
    let (mut child, addr) = start(db);
    let creds = json!({ "name": "td", "password": "tournament director" });
    assert_eq!(http(&addr, "POST", "/api/accounts", &[], Some(&creds)).unwrap().0, 201);
    let token = http(&addr, "POST", "/api/sessions", &[], Some(&creds)).unwrap().1["token"]
        .as_str()
        .unwrap()
        .to_string();
    let bearer = format!("Bearer {token}");
    const GAMES: usize = 16;
    let mut games = Vec::new();
    for _ in 0..GAMES {
        let body = json!({ "settings": { "players": [{ "name": "A", "rank": "1d" }, { "name": "B", "rank": "1d" }],
            "size": 9, "time": "1h+3x60s" } });
        let (s, v) = http(&addr, "POST", "/api/games", &[("authorization", &bearer)], Some(&body)).unwrap();
        assert_eq!(s, 201);
        games.push((
            v["game"].as_i64().unwrap(),
            [
                v["secrets"]["black"].as_str().unwrap().to_string(),
                v["secrets"]["white"].as_str().unwrap().to_string(),
            ],
        ));
    }
    // Each game: a thread plays moves one after the other until the server dies, keeping
    // every acknowledged one (its index and point).
    let acked: Arc<Mutex<Acked>> = Arc::new(Mutex::new(vec![Vec::new(); GAMES]));
    let mut threads = Vec::new();
    for (g, (id, secrets)) in games.iter().cloned().enumerate() {
        let acked = acked.clone();
        let addr = addr.clone();
        threads.push(std::thread::spawn(move || {
            let mut seq = 2u64;
            for i in 0.. {
                // A spiral of distinct points, all legal on an empty-ish 9x9 board.
                let col = b"ABCDEFGHJ"[(i * 7 + g) % 9] as char;
                let point = format!("{col}{}", (i * 5 + g) % 9 + 1);
                let secret = &secrets[(seq % 2) as usize];
                let body = json!({ "seq": seq, "action": { "type": "play", "point": point } });
                match http(
                    &addr,
                    "POST",
                    &format!("/api/games/{id}/actions"),
                    &[("x-seat-secret", secret)],
                    Some(&body),
                ) {
                    Some((200, _)) => {
                        acked.lock().unwrap()[g].push((seq, point));
                        seq += 1;
                    }
                    Some((422 | 409, _)) => {} // an occupied point or a suicide: try the next
                    _ => return,
                }
            }
        }));
    }
    // Killed in the middle of play: once every game has two acknowledged moves, while the
    // threads go on sending.
    testkit::until("two acknowledged moves in every game", || {
        acked.lock().unwrap().iter().all(|a| a.len() >= 2)
    });
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let killed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64;
    for t in threads {
        t.join().unwrap();
    }
    let acked = acked.lock().unwrap().clone();

    let (mut child, addr) = start(db);
    for (g, (id, _)) in games.iter().enumerate() {
        let (s, v) = http(&addr, "GET", &format!("/api/games/{id}/events"), &[], None).unwrap();
        assert_eq!(s, 200);
        let events = v["events"].as_array().unwrap();
        for (seq, point) in &acked[g] {
            assert_eq!(
                events[*seq as usize]["event"]["action"]["point"].as_str(),
                Some(point.as_str()),
                "game {id} event {seq}"
            );
        }
        // The record ends with the system's pause at the last durable instant and the resume
        // at the restart: the kill is between them.
        let n = events.len();
        let pause = &events[n - 2]["event"];
        let resume = &events[n - 1]["event"];
        assert_eq!(
            (pause["action"]["type"].as_str(), pause["actor"].as_str()),
            (Some("pause"), Some("system")),
            "game {id}"
        );
        assert_eq!(
            (resume["action"]["type"].as_str(), resume["actor"].as_str()),
            (Some("resume"), Some("system"))
        );
        let (paused, resumed) = (pause["at"].as_u64().unwrap(), resume["at"].as_u64().unwrap());
        assert!(
            paused <= killed && killed <= resumed,
            "game {id}: paused at {paused}, killed at {killed}, resumed at {resumed}"
        );
        let paused_ms = resumed - paused;
        // The clock runs again for the side to move, and the downtime is charged to nobody:
        // the used times add up to the time since the start less the pause (Art. 14).
        let (_, state) = http(&addr, "GET", &format!("/api/games/{id}"), &[], None).unwrap();
        assert_eq!(state["paused"], false);
        let side = state["to_move"].as_str().unwrap();
        assert_eq!(state["clock"]["running"].as_str(), Some(side));
        let used =
            state["clock"]["black"]["used_ms"].as_u64().unwrap() + state["clock"]["white"]["used_ms"].as_u64().unwrap();
        let since_start = state["clock"]["at"].as_u64().unwrap() - events[1]["event"]["at"].as_u64().unwrap();
        assert_eq!(used, since_start - paused_ms, "game {id}");
        // A move after the restart lands at the next index.
        let secret = &games[g].1[if side == "black" { 0 } else { 1 }];
        let body = json!({ "seq": n, "action": { "type": "pass" } });
        let (s, v) = http(
            &addr,
            "POST",
            &format!("/api/games/{id}/actions"),
            &[("x-seat-secret", secret)],
            Some(&body),
        )
        .unwrap();
        assert_eq!((s, v["index"].as_u64()), (200, Some(n as u64)), "{v}");
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Two instances on one PostgreSQL database; one is killed and started again at once. The
/// other kept serving (its beat advances), so nobody was down: no system pause is recorded,
/// and the clocks ran on.
#[test]
fn on_postgres_an_instance_killed_beside_a_live_one_records_no_pause() {
    let db = Db::Postgres(Schema::new("two"));
    let (mut a, addr_a) = start(&db);
    let (b, addr_b) = start(&db);
    let creds = json!({ "name": "td", "password": "tournament director" });
    assert_eq!(
        http(&addr_a, "POST", "/api/accounts", &[], Some(&creds)).unwrap().0,
        201
    );
    let token = http(&addr_a, "POST", "/api/sessions", &[], Some(&creds)).unwrap().1["token"]
        .as_str()
        .unwrap()
        .to_string();
    let bearer = format!("Bearer {token}");
    let body = json!({ "settings": { "players": [{ "name": "A", "rank": "1d" }, { "name": "B", "rank": "1d" }],
        "size": 9, "time": "1h+3x60s" } });
    let (s, v) = http(
        &addr_a,
        "POST",
        "/api/games",
        &[("authorization", &bearer)],
        Some(&body),
    )
    .unwrap();
    assert_eq!(s, 201);
    let id = v["game"].as_i64().unwrap();
    let secrets = [
        v["secrets"]["black"].as_str().unwrap().to_string(),
        v["secrets"]["white"].as_str().unwrap().to_string(),
    ];
    let play = |addr: &str, seq: u64, point: &str| {
        let body = json!({ "seq": seq, "action": { "type": "play", "point": point } });
        let secret = &secrets[(seq % 2) as usize];
        http(
            addr,
            "POST",
            &format!("/api/games/{id}/actions"),
            &[("x-seat-secret", secret)],
            Some(&body),
        )
        .unwrap()
    };
    assert_eq!(play(&addr_a, 2, "E5").0, 200);
    // B runs the game too.
    assert_eq!(
        http(&addr_b, "GET", &format!("/api/games/{id}"), &[], None).unwrap().0,
        200
    );
    a.kill().unwrap(); // SIGKILL
    a.wait().unwrap();
    let (a, addr_a) = start(&db);
    assert_eq!(play(&addr_b, 3, "C3").0, 200);
    assert_eq!(play(&addr_a, 4, "G7").0, 200);
    let (_, v) = http(&addr_a, "GET", &format!("/api/games/{id}/events"), &[], None).unwrap();
    let kinds: Vec<String> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            format!(
                "{} by {}",
                e["event"]["action"]["type"].as_str().unwrap(),
                e["event"]["actor"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "colours_draw by system",
            "start by system",
            "play by black",
            "play by white",
            "play by black"
        ],
        "{v}"
    );
    let (_, state) = http(&addr_b, "GET", &format!("/api/games/{id}"), &[], None).unwrap();
    assert_eq!(
        (state["seq"].as_u64(), state["paused"].as_bool()),
        (Some(5), Some(false)),
        "{state}"
    );
    for mut c in [a, b] {
        c.kill().unwrap();
        c.wait().unwrap();
    }
}

/// `WEIQI_DB=""` is no file name: `weiqi serve` takes `./weiqi.db`, as `weiqi event` does
/// (one rule, `event::db_path`).
#[test]
fn an_empty_weiqi_db_serves_the_default_file_as_weiqi_event_does() {
    let dir = std::env::temp_dir().join(format!("weiqi-serve-empty-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .current_dir(&dir)
        .env("WEIQI_DB", "")
        .env_remove("WEIQI_DATABASE_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    assert!(
        line.contains("(database weiqi.db)"),
        "{line:?}; stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("weiqi.db").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Servers killed (SIGKILL) when this goes, also when a test fails half-way.
struct Servers(Vec<Child>);

impl Drop for Servers {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Starts `weiqi serve` without waiting for it: [`listening`] reads its address.
fn spawn(db: &Db) -> Child {
    Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(["serve", "--listen", "127.0.0.1:0", "--rate-limit", "0"])
        .args(db.args())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// The one value a query answers (psql, unaligned).
fn psql_value(sql: &str) -> String {
    let out = Command::new("psql")
        .args([&testkit::pg::require(), "-v", "ON_ERROR_STOP=1", "-Atq", "-c", sql])
        .output()
        .unwrap_or_else(|e| panic!("psql runs (these tests need PostgreSQL's client): {e}"));
    assert!(out.status.success(), "{sql}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// An instance is killed (SIGKILL), and two start at once on its database. Each beats from
/// its registration, so the younger sees the older alive and leaves the games to it; the
/// older finds only the dead instance older than itself. The game records exactly one system
/// pause, from the dead instance's last beat (not from the moment the other one started,
/// which would charge the downtime to the side to move), and one resume.
#[test]
fn on_postgres_two_instances_started_at_once_after_a_crash_record_one_pause_from_its_last_beat() {
    let schema = Schema::new("together");
    let db = Db::Postgres(schema.clone());
    let (dead, addr) = start(&db);
    let mut dead = Servers(vec![dead]);
    let creds = json!({ "name": "td", "password": "tournament director" });
    assert_eq!(http(&addr, "POST", "/api/accounts", &[], Some(&creds)).unwrap().0, 201);
    let token = http(&addr, "POST", "/api/sessions", &[], Some(&creds)).unwrap().1["token"]
        .as_str()
        .unwrap()
        .to_string();
    let body = json!({ "settings": { "players": [{ "name": "A", "rank": "1d" }, { "name": "B", "rank": "1d" }],
        "size": 9, "time": "1h+3x60s" } });
    let bearer = format!("Bearer {token}");
    let (s, v) = http(&addr, "POST", "/api/games", &[("authorization", &bearer)], Some(&body)).unwrap();
    assert_eq!(s, 201);
    let id = v["game"].as_i64().unwrap();
    let started = http(&addr, "GET", &format!("/api/games/{id}/events"), &[], None)
        .unwrap()
        .1["events"][1]["event"]["at"]
        .as_u64()
        .unwrap();
    // Beats after the game's start, so the pause's start tells the last beat from the start.
    let beat = || {
        psql_value(&format!(
            "SELECT COALESCE(MAX(beat), 0) FROM {}.server_instance",
            schema.name()
        ))
        .parse::<u64>()
        .unwrap()
    };
    testkit::until("a beat after the game's start", || beat() > started);
    drop(std::mem::replace(&mut dead, Servers(vec![]))); // SIGKILL
    // The killed instance's last beat, read once its connections are gone (a beat under way
    // when it died has landed). The instance that recovers deletes its row.
    schema.wait_until_no_server_is_connected();
    let last_beat = beat();
    let mut both = Servers(vec![spawn(&db), spawn(&db)]);
    let addrs: Vec<String> = both.0.iter_mut().map(listening).collect();
    // The instance that recovers the game records the pause as its task starts, after it
    // listens; the other reads it from the database. Read each until it has the resume.
    let events = |addr: &str| {
        http(addr, "GET", &format!("/api/games/{id}/events"), &[], None)
            .unwrap()
            .1
    };
    let resumed = |v: &Value| {
        v["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["event"]["action"]["type"] == "resume")
    };
    for addr in &addrs {
        testkit::until(&format!("{addr} to show the resume"), || resumed(&events(addr)));
    }
    let v = events(&addrs[0]);
    assert_eq!(v, events(&addrs[1]));
    let system: Vec<(String, u64)> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"]["actor"] == "system")
        .map(|e| {
            (
                e["event"]["action"]["type"].as_str().unwrap().to_string(),
                e["event"]["at"].as_u64().unwrap(),
            )
        })
        .collect();
    let kinds: Vec<&str> = system.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(kinds, ["colours_draw", "start", "pause", "resume"], "{v}");
    assert_eq!(
        system[2].1, last_beat,
        "the pause starts at the dead instance's last beat: {v}"
    );
    // Both instances agree, and the clock runs for Black.
    let (_, state) = http(&addrs[1], "GET", &format!("/api/games/{id}"), &[], None).unwrap();
    assert_eq!(
        (state["seq"].as_u64(), state["paused"].as_bool()),
        (Some(4), Some(false)),
        "{state}"
    );
    drop(both);
}

/// The results of round 1 of `cup` as the event holds them, on `addr`: "board: result, …".
fn round_one(addr: &str) -> String {
    let (_, ev) = http(addr, "GET", "/api/events/cup", &[], None).unwrap();
    ev["rounds"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| format!("{}: {}", g["board"], g["result"]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads round 1 again until it is `want` (the game's task writes into the event after the
/// game's commit): a wait on observable state.
fn await_round_one(addr: &str, want: &str) {
    testkit::until(&format!("round 1 to read {want:?}"), || round_one(addr) == want);
}

/// Item: history wins over the write-back. Two boards finish on the server (Black resigns,
/// both players and a referee confirm, Art. 16.4); on board 2 the chief referee then corrects
/// the confirmed result in the game (B+R), which reaches the event. The server stops; with
/// the server down, the director corrects both boards in the event with `weiqi event result
/// --correct` (board 2 back to W+R, a result the game once had). At the next start the
/// server's write-back of missed results (`write_back_missing`) leaves both corrections as
/// they are.
#[test]
fn a_correction_made_with_the_cli_while_the_server_was_stopped_stands_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("weiqi-serve-history-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("weiqi.db");
    let db = Db::Sqlite(file.clone());
    let mut servers = Servers(Vec::new());
    let (child, addr) = start(&db);
    servers.0.push(child);
    let token = |name: &str| {
        let creds = json!({ "name": name, "password": "tournament director" });
        assert_eq!(http(&addr, "POST", "/api/accounts", &[], Some(&creds)).unwrap().0, 201);
        let (_, v) = http(&addr, "POST", "/api/sessions", &[], Some(&creds)).unwrap();
        format!("Bearer {}", v["token"].as_str().unwrap())
    };
    let (org, chief) = (token("org"), token("chief"));
    let post = |who: &str, path: &str, body: Value| {
        let (s, v) = http(&addr, "POST", path, &[("authorization", who)], Some(&body)).unwrap();
        assert!(s == 200 || s == 201, "POST {path}: {s} {v}");
        v
    };
    post(
        &org,
        "/api/events",
        json!({ "id": "cup", "name": "Cup", "system": { "kind": "swiss" }, "rounds": 1, "time_control": "30m" }),
    );
    let (s, _) = http(
        &addr,
        "PUT",
        "/api/events/cup/roles",
        &[("authorization", &org)],
        Some(&json!({ "account": "chief", "role": "chief_referee" })),
    )
    .unwrap();
    assert_eq!(s, 200);
    for name in ["Li", "Wang", "Zhao", "Sun"] {
        post(&org, "/api/events/cup/players", json!({ "name": name, "rank": "3d" }));
    }
    let (s, _) = http(
        &addr,
        "POST",
        "/api/events/cup/rounds",
        &[("authorization", &org)],
        None,
    )
    .unwrap();
    assert_eq!(s, 201);
    let (_, ev) = http(&addr, "GET", "/api/events/cup", &[], None).unwrap();
    for board in [1, 2] {
        let g = &ev["rounds"][0]["games"][board - 1];
        let settings = json!({ "players": [{ "name": g["black"], "rank": "3d" }, { "name": g["white"], "rank": "3d" }],
            "size": 9, "time": "1h" });
        let v = post(
            &chief,
            "/api/games",
            json!({ "settings": settings, "event": "cup", "round": 1, "board": board }),
        );
        let game = v["game"].as_i64().unwrap();
        let path = format!("/api/games/{game}/actions");
        let seat = |color: &str, seq: u64, action: Value| {
            let secret = v["secrets"][color].as_str().unwrap();
            let body = json!({ "seq": seq, "action": action });
            let (s, r) = http(&addr, "POST", &path, &[("x-seat-secret", secret)], Some(&body)).unwrap();
            assert_eq!(s, 200, "{r}");
        };
        seat("black", 2, json!({ "type": "resign" }));
        seat("black", 3, json!({ "type": "confirm" }));
        seat("white", 4, json!({ "type": "confirm" }));
        post(
            &chief,
            &path,
            json!({ "seq": 5, "action": { "type": "confirm" }, "as": "referee" }),
        );
        if board == 2 {
            post(
                &chief,
                &path,
                json!({ "seq": 6, "as": "chief_referee", "action": { "type": "correct", "article": "16.4",
                    "outcome": { "result": "win", "winner": "black", "how": { "by": "resignation" } } } }),
            );
        }
    }
    await_round_one(&addr, r#"1: "W+R", 2: "B+R""#);
    let mut child = servers.0.pop().unwrap();
    child.kill().unwrap();
    child.wait().unwrap();

    for (board, result) in [("1", "B+R"), ("2", "W+R")] {
        let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
            .args(["event", "result", "--db"])
            .arg(&file)
            .args([
                "--event",
                "cup",
                "--round",
                "1",
                "--board",
                board,
                "--result",
                result,
                "--correct",
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }

    // The listening line is printed once the start's write-back is done.
    let (child, addr) = start(&db);
    servers.0.push(child);
    assert_eq!(round_one(&addr), r#"1: "B+R", 2: "W+R""#);
    drop(servers);
    let _ = std::fs::remove_dir_all(&dir);
}
