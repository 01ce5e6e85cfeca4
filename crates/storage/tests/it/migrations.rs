//! Migrations: from an empty database, from a version-1 database as the first weiqi wrote it,
//! refusal of a newer schema, a failed migration leaving the old version whole, and (on
//! PostgreSQL) the schema the URL names.

use expect_test::expect;
use storage::{SCHEMA_VERSION, StoreError};
use tournament::{GameResult, Status, System};

use crate::{Backend, TestDb, player};

both!(
    an_empty_database_gets_the_whole_schema,
    a_version_1_database_is_migrated_and_keeps_its_data,
    a_newer_database_is_refused_untouched,
    a_failed_migration_leaves_version_1_whole,
    team_events_and_attachments_are_kept,
    challenge_matches_are_kept_beside_team_events,
    stores_opening_together_migrate_once,
);

/// The version table as every version of weiqi creates it.
fn version_table(b: Backend) -> &'static str {
    match b {
        Backend::Sqlite => {
            "CREATE TABLE schema_version (
                version    INTEGER PRIMARY KEY,
                name       TEXT NOT NULL,
                applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
            ) STRICT"
        }
        Backend::Postgres => {
            "CREATE TABLE schema_version (
                version    INTEGER PRIMARY KEY,
                name       TEXT NOT NULL,
                applied_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'))
            )"
        }
    }
}

/// A database as weiqi with schema version 1 left it: a round robin of four players with
/// round 1 paired by hand, one result, and a withdrawal.
fn version_1_database(db: &TestDb) {
    db.exec(version_table(db.backend));
    db.exec(match db.backend {
        Backend::Sqlite => include_str!("../../migrations/0001_events.sql"),
        Backend::Postgres => include_str!("../../migrations/pg/0001_events.sql"),
    });
    // Row ids are the database's (identity columns on PostgreSQL): rows name each other
    // through them by name.
    db.exec(
        "INSERT INTO schema_version (version, name) VALUES (1, 'events');
         INSERT INTO event (id, name, system, n_rounds, bye_value, last_seq)
             VALUES ('old', 'Old cup', 'round-robin', 3, 'draw', 8);
         INSERT INTO player (event_id, seq, name, rank, rating, club) VALUES
             ('old', 1, 'Ann', '3d', 2300, 'North'), ('old', 2, 'Bo', '1k', NULL, NULL),
             ('old', 3, 'Cy', '5p', NULL, NULL), ('old', 4, 'Di', '30k', NULL, NULL);
         INSERT INTO round (event_id, number, seq, origin) VALUES ('old', 1, 5, 'manual');
         INSERT INTO pairing (event_id, round, board, black_id, white_id, changed) VALUES
             ('old', 1, 1, (SELECT id FROM player WHERE name = 'Ann'), (SELECT id FROM player WHERE name = 'Di'), TRUE),
             ('old', 1, 2, (SELECT id FROM player WHERE name = 'Bo'), (SELECT id FROM player WHERE name = 'Cy'), TRUE);
         INSERT INTO result (pairing_id, seq, result) VALUES
             ((SELECT id FROM pairing WHERE board = 1), 6, 'W+3.5'), ((SELECT id FROM pairing WHERE board = 2), 7, 'B+R');
         INSERT INTO withdrawal (player_id, seq, after_round) VALUES ((SELECT id FROM player WHERE name = 'Bo'), 8, 1);",
    );
}

fn table_names(db: &TestDb) -> Vec<String> {
    db.strings(&match db.backend {
        Backend::Sqlite => "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name".to_string(),
        // In the schema the test made (not merely the current one): the store went where the
        // URL's search_path sent it.
        Backend::Postgres => format!(
            "SELECT tablename FROM pg_tables WHERE schemaname = '{}' ORDER BY tablename",
            db.schema()
        ),
    })
}

/// The whole schema as text: tables, columns, indexes, constraints.
fn schema(db: &TestDb) -> Vec<String> {
    db.strings(&match db.backend {
        Backend::Sqlite => "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name".to_string(),
        Backend::Postgres => format!(
            "SELECT table_name || '.' || column_name || ' ' || data_type FROM information_schema.columns
             WHERE table_schema = '{0}'
             UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = '{0}'
             ORDER BY 1",
            db.schema()
        ),
    })
}

fn an_empty_database_gets_the_whole_schema(b: Backend) {
    let db = TestDb::new(b, "mig-empty");
    let store = db.open();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(SCHEMA_VERSION, 10);
    expect![[r#"
        [
            "event",
            "event_attachment",
            "pairing",
            "participation",
            "player",
            "proposed_pairing",
            "result",
            "round",
            "rounds_change",
            "schema_version",
            "team_change",
            "team_event",
            "warning",
            "withdrawal",
        ]
    "#]]
    .assert_debug_eq(&table_names(&db));
    if b == Backend::Sqlite {
        assert_eq!(db.strings("PRAGMA journal_mode"), ["wal"]);
    }
    // Opening again applies nothing more.
    drop(store);
    let store = db.open();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(db.int("SELECT COUNT(*) FROM schema_version"), 10);
    assert_eq!(
        db.strings("SELECT version || ' ' || name FROM schema_version ORDER BY version"),
        [
            "1 events",
            "2 warnings_and_amendments",
            "3 teams_and_attachments",
            "4 draw",
            "5 handicap_rule_and_challenges",
            "6 participation",
            "7 categories",
            "8 players_agreement",
            "9 lots",
            "10 draw_ups"
        ]
    );
    // The time of each migration is recorded as UTC text.
    for at in db.strings("SELECT applied_at FROM schema_version") {
        assert!(at.len() == 20 && at.as_bytes()[10] == b'T' && at.ends_with('Z'), "{at}");
    }
}

fn a_version_1_database_is_migrated_and_keeps_its_data(b: Backend) {
    let db = TestDb::new(b, "mig-v1");
    version_1_database(&db);
    let mut store = db.open();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    // Art. 16.4: an event kept before asks both players and a referee to confirm (version 8).
    assert!(!store.players_agreement("old").unwrap());
    store.set_players_agreement("old", true).unwrap();
    assert!(store.players_agreement("old").unwrap());
    store.set_players_agreement("old", false).unwrap();
    assert_eq!(
        store.set_players_agreement("none", true),
        Err(StoreError::NoEvent("none".into()))
    );
    let ev = store.load_event("old").unwrap();
    assert_eq!(ev.system(), System::RoundRobin { cycles: 1 });
    assert_eq!(ev.settings().bye, tournament::ByeValue::Draw);
    let players: Vec<String> = ev
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            format!(
                "{} {} {:?} {:?}",
                p.name,
                p.rank,
                p.rating,
                ev.status(tournament::PlayerId(i))
            )
        })
        .collect();
    expect![[r#"
        [
            "Ann 3d Some(2300) Active",
            "Bo 1k None Withdrawn { after_round: 1, voided: true }",
            "Cy 5p None Active",
            "Di 30k None Active",
        ]
    "#]]
    .assert_debug_eq(&players);
    let g = &ev.rounds()[0].games;
    assert_eq!(g[0].result, Some("W+3.5".parse::<GameResult>().unwrap()));
    // Art. 28.2: Bo played 1 of 3 rounds, under half: his game is void.
    assert!(g[1].void && !g[0].void);
    // The tables of version 2 work on the old data.
    store.add_warning("old", 1, 1, "Ann", "clock").unwrap();
    let (ev, _) = store.withdraw("old", "Cy", "").unwrap();
    assert_eq!(
        ev.status(tournament::PlayerId(2)),
        Status::Withdrawn {
            after_round: 1,
            voided: true
        }
    );
    assert_eq!(store.load_event("old").unwrap(), ev);
}

fn a_newer_database_is_refused_untouched(b: Backend) {
    let db = TestDb::new(b, "mig-newer");
    let mut store = db.open();
    store.create_event(&crate::new_event("e", System::Swiss, 1)).unwrap();
    store.add_player("e", &player("A", "1d")).unwrap();
    let before = store.dump().unwrap();
    drop(store);
    db.exec("INSERT INTO schema_version (version, name) VALUES (11, 'from the future')");
    match db.try_open() {
        Err(e) => {
            assert_eq!(e, StoreError::NewerSchema { found: 11, known: 10 });
            expect!["the database has schema version 11, newer than this weiqi knows (10); use a newer weiqi"]
                .assert_eq(&e.to_string());
        }
        Ok(_) => panic!("a schema from the future was accepted"),
    }
    db.exec("DELETE FROM schema_version WHERE version = 11");
    assert_eq!(db.open().dump().unwrap(), before);
}

fn a_failed_migration_leaves_version_1_whole(b: Backend) {
    let db = TestDb::new(b, "mig-fail");
    version_1_database(&db);
    // Someone made a table called `warning` by hand: migration 2 cannot create its own.
    db.exec("CREATE TABLE warning (x INTEGER)");
    let before = schema(&db);
    let err = db.try_open().err().expect("migration should fail");
    match b {
        Backend::Sqlite => {
            expect!["database error: migration 2 (warnings_and_amendments): table warning already exists (at byte 272)"]
                .assert_eq(&err.to_string())
        }
        Backend::Postgres => {
            expect![[r#"database error: migration 2 (warnings_and_amendments): relation "warning" already exists"#]]
                .assert_eq(&err.to_string())
        }
    }
    assert_eq!(schema(&db), before);
    assert_eq!(db.int("SELECT MAX(version) FROM schema_version"), 1);
    // Once the stray table is gone, the migration goes through.
    db.exec("DROP TABLE warning");
    assert_eq!(db.open().schema_version().unwrap(), SCHEMA_VERSION);
}

fn team_events_and_attachments_are_kept(b: Backend) {
    let db = TestDb::new(b, "mig-teams");
    let mut store = db.open();
    store.create_team_event("cup", "create\tCup").unwrap();
    assert_eq!(
        store.create_team_event("cup", "x"),
        Err(StoreError::EventExists("cup".into()))
    );
    store.append_team_change("cup", 1, "team\tA").unwrap();
    // A writer that saw an older record is refused.
    let stale = store.append_team_change("cup", 1, "team\tB").unwrap_err();
    assert_eq!(
        stale.to_string(),
        "database error: team event \"cup\" changed meanwhile (2 changes, 1 seen); try again"
    );
    assert_eq!(store.team_changes("cup").unwrap(), ["create\tCup", "team\tA"]);
    store.create_team_event("Cup", "create\tUpper").unwrap();
    store.create_team_event("a", "create\tLower").unwrap();
    // By id, byte by byte, on both backends.
    assert_eq!(store.team_events().unwrap(), ["Cup", "a", "cup"]);
    assert_eq!(store.team_changes("nope"), Err(StoreError::NoEvent("nope".into())));
    assert_eq!(
        store.set_attachment("cup", "a", "b"),
        Err(StoreError::NoEvent("cup".into()))
    );
    store.create_event(&crate::new_event("ev", System::Swiss, 1)).unwrap();
    assert_eq!(store.attachment("ev", "x").unwrap(), None);
    store.set_attachment("ev", "x", "one").unwrap();
    store.set_attachment("ev", "x", "two").unwrap();
    assert_eq!(store.attachment("ev", "x").unwrap().as_deref(), Some("two"));
    assert_eq!(db.int("SELECT COUNT(*) FROM event_attachment"), 1);
}

/// A challenge match (擂台赛, Art. 26.6) is kept as its record like a team event, in the same
/// namespace of ids; each kind's commands refuse the other's record (schema version 5), and a
/// team event stored before version 5 is a team event.
fn challenge_matches_are_kept_beside_team_events(b: Backend) {
    let db = TestDb::new(b, "mig-challenge");
    let mut store = db.open();
    store.create_team_event("cup", "create\tCup").unwrap();
    store.create_challenge("leitai", "challenge\tL\tA\t1\ta\tB\tb").unwrap();
    assert_eq!(
        store.create_challenge("cup", "x"),
        Err(StoreError::EventExists("cup".into()))
    );
    store.create_event(&crate::new_event("ev", System::Swiss, 1)).unwrap();
    assert_eq!(
        store.create_challenge("ev", "x"),
        Err(StoreError::EventExists("ev".into()))
    );
    store.append_challenge_change("leitai", 1, "game\ta\tB+R").unwrap();
    let stale = store.append_challenge_change("leitai", 1, "withdraw\tb").unwrap_err();
    assert_eq!(
        stale.to_string(),
        "database error: challenge match \"leitai\" changed meanwhile (2 changes, 1 seen); try again"
    );
    drop(store);
    let mut store = db.open();
    assert_eq!(
        store.challenge_changes("leitai").unwrap(),
        ["challenge\tL\tA\t1\ta\tB\tb", "game\ta\tB+R"]
    );
    assert_eq!(store.challenges().unwrap(), ["leitai"]);
    assert_eq!(store.team_events().unwrap(), ["cup"]);
    assert_eq!(
        store.team_changes("leitai"),
        Err(StoreError::Invalid(
            "event \"leitai\" is a challenge match, not a team event".into()
        ))
    );
    assert_eq!(
        store.append_challenge_change("cup", 1, "x"),
        Err(StoreError::Invalid(
            "event \"cup\" is a team event, not a challenge match".into()
        ))
    );
    assert_eq!(store.challenge_changes("nope"), Err(StoreError::NoEvent("nope".into())));
    // Each record keeps its kind (team events stored before version 5 take the default, team).
    assert_eq!(
        db.strings("SELECT kind FROM team_event ORDER BY id"),
        ["team", "challenge"]
    );
}

/// Several processes (server instances) starting together on an empty database: every one
/// opens it, and the migrations are applied once.
fn stores_opening_together_migrate_once(b: Backend) {
    let db = TestDb::new(b, "mig-together");
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..4).map(|_| s.spawn(|| db.try_open().map(drop))).collect();
        for h in handles {
            h.join().unwrap().unwrap();
        }
    });
    assert_eq!(
        db.strings("SELECT version || ' ' || name FROM schema_version ORDER BY version"),
        [
            "1 events",
            "2 warnings_and_amendments",
            "3 teams_and_attachments",
            "4 draw",
            "5 handicap_rule_and_challenges",
            "6 participation",
            "7 categories",
            "8 players_agreement",
            "9 lots",
            "10 draw_ups"
        ]
    );
}
