//! Migrations: from an empty file, from a version-1 database as the first weiqi wrote it,
//! refusal of a newer schema, and a failed migration leaving the old version whole.

use expect_test::expect;
use storage::{SCHEMA_VERSION, Store, StoreError, System};

use crate::{TempDb, player, round};

/// The version table as every version of weiqi creates it.
const VERSION_TABLE: &str = "CREATE TABLE schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT";

/// A database as weiqi with schema version 1 left it: an event of four players with one
/// round paired and one result.
fn version_1_database(db: &TempDb) {
    let c = db.raw();
    c.execute_batch(VERSION_TABLE).unwrap();
    c.execute_batch(include_str!("../../migrations/0001_events.sql"))
        .unwrap();
    c.execute_batch(
        "INSERT INTO schema_version (version, name) VALUES (1, 'events');
         INSERT INTO event (id, name, system, n_rounds, tie_breaks, bye_value)
             VALUES ('old', 'Old cup', 'round-robin', 3, 'points,sodos,warnings,lots', 'draw');
         INSERT INTO player (id, event_id, name, rank, rating, club) VALUES
             (1, 'old', 'Ann', '3d', 2300, 'North'), (2, 'old', 'Bo', '1k', NULL, NULL),
             (3, 'old', 'Cy', '5p', NULL, NULL), (4, 'old', 'Di', '30k', NULL, NULL);
         INSERT INTO round (event_id, number) VALUES ('old', 1);
         INSERT INTO pairing (id, event_id, round, board, black_id, white_id) VALUES
             (1, 'old', 1, 1, 1, 4), (2, 'old', 1, 2, 2, 3);
         INSERT INTO result (pairing_id, result) VALUES (1, 'W+3.5');
         INSERT INTO withdrawal (player_id, after_round) VALUES (2, 1);",
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
    assert_eq!(SCHEMA_VERSION, 2);
    assert_eq!(
        table_names(&db),
        [
            "event",
            "pairing",
            "pairing_edit",
            "player",
            "result",
            "round",
            "schema_version",
            "warning",
            "withdrawal"
        ]
    );
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
    assert_eq!(n, 2);
}

#[test]
fn a_version_1_database_is_migrated_and_keeps_its_data() {
    let db = TempDb::new("mig-v1");
    version_1_database(&db);
    let mut store = db.open();
    assert_eq!(store.schema_version().unwrap(), 2);
    let ev = store.load_event("old").unwrap();
    assert_eq!(ev.system, System::RoundRobin);
    assert_eq!(ev.settings.bye_value, storage::ByeValue::Draw);
    // The settings version 2 added take their defaults.
    assert_eq!(
        (
            ev.settings.best_of,
            ev.settings.elimination_losses,
            ev.settings.mcmahon_bar
        ),
        (1, 0, None)
    );
    let players: Vec<String> = ev
        .entries
        .iter()
        .map(|e| {
            format!(
                "{} {} {:?} {:?}",
                e.player.name, e.player.rank, e.player.rating, e.withdrawn_after
            )
        })
        .collect();
    expect![[r#"["Ann 3d Some(2300) None", "Bo 1k None Some(1)", "Cy 5p None None", "Di 30k None None"]"#]]
        .assert_eq(&format!("{players:?}"));
    let g = &ev.rounds[0].games;
    assert_eq!(
        (
            g[0].black.as_str(),
            g[0].white.as_str(),
            g[0].result.map(|r| r.to_string())
        ),
        ("Ann", "Di", Some("W+3.5".into()))
    );
    assert_eq!(g[1].result, None);
    // The new tables work on the old data.
    store.add_warning("old", "Cy", Some(1), "clock").unwrap();
    store.save_round("old", &round(&[("Di", "Cy")], &["Ann"])).unwrap();
    assert_eq!(store.load_event("old").unwrap().n_warnings("Cy"), 1);
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
            assert_eq!(e, StoreError::NewerSchema { found: 9, known: 2 });
            expect!["the database has schema version 9, newer than this weiqi knows (2); use a newer weiqi"]
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
    expect!["database error: migration 2 (warnings_and_systems): table warning already exists (at byte 276)"]
        .assert_eq(&err.to_string());
    assert_eq!(schema(&db), before);
    let v: u32 = db
        .raw()
        .query_row("SELECT MAX(version) FROM schema_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(v, 1);
    // Once the stray table is gone, the migration goes through.
    db.raw().execute_batch("DROP TABLE warning").unwrap();
    assert_eq!(db.open().schema_version().unwrap(), 2);
}
