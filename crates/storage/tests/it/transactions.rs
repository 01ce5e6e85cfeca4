//! Every change is one transaction: a failure injected at the last statement of an operation
//! (by a trigger that aborts) leaves the database exactly as it was before the operation.

use storage::{Store, StoreError};
use tournament::result::GameResult;

use crate::{TempDb, new_event, player, round, six_players};

/// Installs `trigger` (which must `RAISE(ABORT, 'injected')`), runs `op`, and checks that it
/// failed with the injected error and that every table holds what it held before.
fn check_rolls_back(
    db: &TempDb,
    store: &mut Store,
    trigger: &str,
    op: impl FnOnce(&mut Store) -> Result<(), StoreError>,
) {
    db.raw().execute_batch(trigger).unwrap();
    let before = store.dump().unwrap();
    let err = op(store).expect_err("the injected failure should surface");
    assert!(err.to_string().contains("injected"), "unexpected error: {err}");
    assert_eq!(store.dump().unwrap(), before);
    db.raw().execute_batch("DROP TRIGGER fail").unwrap();
}

fn setup(name: &str) -> (TempDb, Store) {
    let db = TempDb::new(name);
    let mut store = db.open();
    six_players(&mut store);
    (db, store)
}

#[test]
fn create_event_fails_after_the_event_row() {
    let (db, mut store) = setup("tx-create");
    // The settings are written after the event row.
    check_rolls_back(
        &db,
        &mut store,
        "CREATE TRIGGER fail BEFORE UPDATE ON event BEGIN SELECT RAISE(ABORT, 'injected'); END",
        |s| s.create_event(&new_event("other", storage::System::Knockout, 3)),
    );
    assert!(matches!(store.load_event("other"), Err(StoreError::NoEvent(_))));
}

#[test]
fn save_round_fails_at_the_bye_after_the_games() {
    let (db, mut store) = setup("tx-round");
    store.add_player("e", &player("G", "1k")).unwrap();
    check_rolls_back(
        &db,
        &mut store,
        "CREATE TRIGGER fail BEFORE INSERT ON pairing WHEN NEW.bye_id IS NOT NULL
         BEGIN SELECT RAISE(ABORT, 'injected'); END",
        |s| {
            s.save_round("e", &round(&[("A", "B"), ("C", "D"), ("E", "F")], &["G"]))
                .map(drop)
        },
    );
    assert!(store.load_event("e").unwrap().rounds.is_empty());
    // The same round goes through once the fault is gone, as round 1.
    assert_eq!(
        store
            .save_round("e", &round(&[("A", "B"), ("C", "D"), ("E", "F")], &["G"]))
            .unwrap(),
        1
    );
}

#[test]
fn edit_round_fails_at_the_log_after_replacing_the_games() {
    let (db, mut store) = setup("tx-edit");
    store
        .save_round("e", &round(&[("A", "B"), ("C", "D"), ("E", "F")], &[]))
        .unwrap();
    check_rolls_back(
        &db,
        &mut store,
        "CREATE TRIGGER fail BEFORE INSERT ON pairing_edit BEGIN SELECT RAISE(ABORT, 'injected'); END",
        |s| s.edit_round("e", 1, &round(&[("A", "F"), ("C", "D"), ("E", "B")], &[]), "swap"),
    );
    let games = &store.load_event("e").unwrap().rounds[0].games;
    assert_eq!((games[0].white.as_str(), games[0].changed), ("B", false));
}

#[test]
fn results_withdrawals_warnings_and_player_changes_roll_back() {
    let (db, mut store) = setup("tx-misc");
    store
        .save_round("e", &round(&[("A", "B"), ("C", "D"), ("E", "F")], &[]))
        .unwrap();
    store.record_result("e", 1, 1, GameResult::Draw, false).unwrap();
    let abort = |table: &str, when: &str| {
        format!("CREATE TRIGGER fail {when} ON {table} BEGIN SELECT RAISE(ABORT, 'injected'); END")
    };
    check_rolls_back(&db, &mut store, &abort("result", "BEFORE INSERT"), |s| {
        s.record_result("e", 1, 2, "B+R".parse().unwrap(), false).map(drop)
    });
    check_rolls_back(&db, &mut store, &abort("result", "AFTER INSERT"), |s| {
        s.record_result("e", 1, 1, "W+R".parse().unwrap(), true).map(drop)
    });
    check_rolls_back(&db, &mut store, &abort("withdrawal", "AFTER INSERT"), |s| {
        s.withdraw("e", "F", "").map(drop)
    });
    check_rolls_back(&db, &mut store, &abort("warning", "AFTER INSERT"), |s| {
        s.add_warning("e", "A", Some(1), "")
    });
    check_rolls_back(&db, &mut store, &abort("player", "AFTER INSERT"), |s| {
        s.add_player("e", &player("Z", "2k"))
    });
    check_rolls_back(&db, &mut store, &abort("player", "AFTER UPDATE"), |s| {
        s.update_player("e", "A", &player("Q", "2k"))
    });
    store.save_round("e", &round(&[("A", "C")], &[])).unwrap();
    check_rolls_back(&db, &mut store, &abort("round", "AFTER DELETE"), |s| {
        s.delete_round("e", 2)
    });
    let ev = store.load_event("e").unwrap();
    check_rolls_back(&db, &mut store, &abort("event", "AFTER UPDATE"), |s| {
        s.update_event("e", "renamed", 9, &ev.settings)
    });
    // Nothing of it stuck.
    let ev = store.load_event("e").unwrap();
    assert_eq!(ev.rounds[0].games[0].result, Some(GameResult::Draw));
    assert_eq!(ev.rounds[0].games[1].result, None);
    assert!(ev.entries.iter().all(|e| e.withdrawn_after.is_none()));
    assert!(ev.warnings.is_empty() && ev.entries.len() == 6 && ev.n_rounds == 3 && ev.rounds.len() == 2);
}

#[test]
fn foreign_keys_are_enforced_on_the_store_connection() {
    let (db, mut store) = setup("tx-fk");
    // A trigger that writes a withdrawal for a player who does not exist: only the foreign key
    // stops it, and the warning that fired it goes with it.
    db.raw()
        .execute_batch(
            "CREATE TRIGGER ghost AFTER INSERT ON warning
             BEGIN INSERT INTO withdrawal (player_id, after_round) VALUES (999999, 0); END",
        )
        .unwrap();
    let err = store.add_warning("e", "A", None, "").unwrap_err();
    assert!(err.to_string().contains("FOREIGN KEY"), "unexpected error: {err}");
    assert!(store.load_event("e").unwrap().warnings.is_empty());
}
