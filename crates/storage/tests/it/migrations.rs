//! Migrations: from an empty file, from a version-1 database as the first weiqi wrote it,
//! refusal of a newer schema, and a failed migration leaving the old version whole.

use expect_test::expect;
use storage::{SCHEMA_VERSION, Store, StoreError};
use tournament::{GameResult, Status, System};

use crate::{TempDb, player};

/// The version table as every version of weiqi creates it.
const VERSION_TABLE: &str = "CREATE TABLE schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT";

/// A database as weiqi with schema version 1 left it: a round robin of four players with
/// round 1 paired by hand, one result, and a withdrawal.
fn version_1_database(db: &TempDb) {
    let c = db.raw();
    c.execute_batch(VERSION_TABLE).unwrap();
    c.execute_batch(include_str!("../../migrations/0001_events.sql"))
        .unwrap();
    c.execute_batch(
        "INSERT INTO schema_version (version, name) VALUES (1, 'events');
         INSERT INTO event (id, name, system, n_rounds, bye_value, last_seq)
             VALUES ('old', 'Old cup', 'round-robin', 3, 'draw', 8);
         INSERT INTO player (id, event_id, seq, name, rank, rating, club) VALUES
             (1, 'old', 1, 'Ann', '3d', 2300, 'North'), (2, 'old', 2, 'Bo', '1k', NULL, NULL),
             (3, 'old', 3, 'Cy', '5p', NULL, NULL), (4, 'old', 4, 'Di', '30k', NULL, NULL);
         INSERT INTO round (event_id, number, seq, origin) VALUES ('old', 1, 5, 'manual');
         INSERT INTO pairing (id, event_id, round, board, black_id, white_id, changed) VALUES
             (1, 'old', 1, 1, 1, 4, 1), (2, 'old', 1, 2, 2, 3, 1);
         INSERT INTO result (pairing_id, seq, result) VALUES (1, 6, 'W+3.5'), (2, 7, 'B+R');
         INSERT INTO withdrawal (player_id, seq, after_round) VALUES (2, 8, 1);",
    )
    .unwrap();
}

fn table_names(db: &TempDb) -> Vec<String> {
    let c = db.raw();
    let mut st = c
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap();
    st.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
}

#[test]
fn an_empty_file_gets_the_whole_schema() {
    let db = TempDb::new("mig-empty");
    let store = db.open();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(SCHEMA_VERSION, 4);
    expect![[r#"
        [
            "event",
            "event_attachment",
            "pairing",
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
    let mode: String = db.raw().query_row("PRAGMA journal_mode", [], |r| r.get(0)).unwrap();
    assert_eq!(mode, "wal");
    // Opening again applies nothing more.
    drop(store);
    let store = db.open();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let n: u32 = db
        .raw()
        .query_row("SELECT COUNT(*) FROM schema_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 4);
}

#[test]
fn a_version_1_database_is_migrated_and_keeps_its_data() {
    let db = TempDb::new("mig-v1");
    version_1_database(&db);
    let mut store = db.open();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
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

#[test]
fn a_newer_database_is_refused_untouched() {
    let db = TempDb::new("mig-newer");
    let mut store = db.open();
    store.create_event(&crate::new_event("e", System::Swiss, 1)).unwrap();
    store.add_player("e", &player("A", "1d")).unwrap();
    let before = store.dump().unwrap();
    drop(store);
    db.raw()
        .execute(
            "INSERT INTO schema_version (version, name) VALUES (9, 'from the future')",
            [],
        )
        .unwrap();
    match Store::open(&db.path()) {
        Err(e) => {
            assert_eq!(e, StoreError::NewerSchema { found: 9, known: 4 });
            expect!["the database has schema version 9, newer than this weiqi knows (4); use a newer weiqi"]
                .assert_eq(&e.to_string());
        }
        Ok(_) => panic!("a schema from the future was accepted"),
    }
    db.raw()
        .execute("DELETE FROM schema_version WHERE version = 9", [])
        .unwrap();
    assert_eq!(db.open().dump().unwrap(), before);
}

#[test]
fn a_failed_migration_leaves_version_1_whole() {
    let db = TempDb::new("mig-fail");
    version_1_database(&db);
    // Someone made a table called `warning` by hand: migration 2 cannot create its own.
    db.raw().execute_batch("CREATE TABLE warning (x INTEGER)").unwrap();
    let schema = |db: &TempDb| -> Vec<String> {
        let c = db.raw();
        let mut st = c
            .prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
            .unwrap();
        st.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
    };
    let before = schema(&db);
    let err = Store::open(&db.path()).err().expect("migration should fail");
    expect!["database error: migration 2 (warnings_and_amendments): table warning already exists (at byte 272)"]
        .assert_eq(&err.to_string());
    assert_eq!(schema(&db), before);
    let v: u32 = db
        .raw()
        .query_row("SELECT MAX(version) FROM schema_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(v, 1);
    // Once the stray table is gone, the migration goes through.
    db.raw().execute_batch("DROP TABLE warning").unwrap();
    assert_eq!(db.open().schema_version().unwrap(), SCHEMA_VERSION);
}

#[test]
fn team_events_and_attachments_are_kept() {
    let mut store = Store::open_in_memory().unwrap();
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
    assert_eq!(store.team_events().unwrap(), ["cup"]);
    assert_eq!(store.team_changes("nope"), Err(StoreError::NoEvent("nope".into())));
    assert_eq!(
        store.set_attachment("cup", "a", "b"),
        Err(StoreError::NoEvent("cup".into()))
    );
}
