//! Every change is one transaction: a failure injected at the last statement of an operation
//! (by a trigger that aborts) leaves the database exactly as it was before the operation.

use storage::{Store, StoreError};
use tournament::{GameResult, System};

use crate::{TempDb, names, new_event, player, six_players};

/// Installs `trigger` (which must `RAISE(ABORT, 'injected')`), runs `op`, and checks that it
/// failed with the injected error and that every table holds what it held before.
fn check_rolls_back<T>(
    db: &TempDb,
    store: &mut Store,
    trigger: &str,
    op: impl FnOnce(&mut Store) -> Result<T, StoreError>,
) {
    db.raw().execute_batch(trigger).unwrap();
    let before = store.dump().unwrap();
    let err = op(store).err().expect("the injected failure should surface");
    assert!(err.to_string().contains("injected"), "unexpected error: {err}");
    assert_eq!(store.dump().unwrap(), before);
    db.raw().execute_batch("DROP TRIGGER fail").unwrap();
}

fn abort(table: &str, when: &str) -> String {
    format!("CREATE TRIGGER fail {when} ON {table} BEGIN SELECT RAISE(ABORT, 'injected'); END")
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
    // The system's parameters and the settings are written after the event row.
    check_rolls_back(&db, &mut store, &abort("event", "BEFORE UPDATE"), |s| {
        s.create_event(&new_event(
            "other",
            System::Knockout {
                lives: 2,
                best_of: 3,
                grand_final_reset: true,
            },
            3,
        ))
    });
    assert!(matches!(store.load_event("other"), Err(StoreError::NoEvent(_))));
}

#[test]
fn pairing_fails_at_the_bye_after_the_round_and_its_games() {
    let (db, mut store) = setup("tx-round");
    store.add_player("e", &player("G", "1k")).unwrap();
    check_rolls_back(
        &db,
        &mut store,
        "CREATE TRIGGER fail BEFORE INSERT ON pairing WHEN NEW.bye_id IS NOT NULL
         BEGIN SELECT RAISE(ABORT, 'injected'); END",
        |s| s.pair_next("e"),
    );
    assert!(store.load_event("e").unwrap().rounds().is_empty());
    // The same round goes through once the fault is gone, as round 1.
    assert_eq!(store.pair_next("e").unwrap().rounds().len(), 1);
}

#[test]
fn an_amended_pairing_fails_at_the_kept_proposal() {
    let (db, mut store) = setup("tx-amend");
    check_rolls_back(&db, &mut store, &abort("proposed_pairing", "AFTER INSERT"), |s| {
        s.pair_amended("e", &names(&[("A", "F"), ("B", "E"), ("C", "D")]), &[])
    });
    assert!(store.load_event("e").unwrap().rounds().is_empty());
}

#[test]
fn results_withdrawals_warnings_and_players_roll_back() {
    let (db, mut store) = setup("tx-misc");
    store.pair_next("e").unwrap();
    store.record_result("e", 1, 1, GameResult::Draw, false).unwrap();
    check_rolls_back(&db, &mut store, &abort("result", "BEFORE INSERT"), |s| {
        s.record_result("e", 1, 2, "B+R".parse().unwrap(), false)
    });
    check_rolls_back(&db, &mut store, &abort("result", "AFTER INSERT"), |s| {
        s.record_result("e", 1, 1, "W+R".parse().unwrap(), true)
    });
    check_rolls_back(&db, &mut store, &abort("withdrawal", "AFTER INSERT"), |s| {
        s.withdraw("e", "F", "")
    });
    check_rolls_back(&db, &mut store, &abort("warning", "AFTER INSERT"), |s| {
        let black = s.load_event("e")?.rounds()[0].games[0].black;
        let name = s.load_event("e")?.player(black).name.clone();
        s.add_warning("e", 1, 1, &name, "")
    });
    check_rolls_back(&db, &mut store, &abort("player", "AFTER INSERT"), |s| {
        s.add_player("e", &player("Z", "2k"))
    });
    check_rolls_back(&db, &mut store, &abort("rounds_change", "AFTER INSERT"), |s| {
        s.set_rounds("e", 7)
    });
    // The sequence counter is bumped before the row that fails: it rolls back too.
    let ev = store.load_event("e").unwrap();
    assert_eq!(ev.rounds()[0].games[0].result, Some(GameResult::Draw));
    assert_eq!(ev.rounds()[0].games[1].result, None);
    assert!(ev.log().is_empty() && ev.players().len() == 6 && ev.planned_rounds() == 3);
}

#[test]
fn unpairing_rolls_back() {
    let (db, mut store) = setup("tx-unpair");
    store.pair_next("e").unwrap();
    check_rolls_back(&db, &mut store, &abort("event", "AFTER UPDATE"), |s| s.unpair("e", 1));
    assert_eq!(store.load_event("e").unwrap().rounds().len(), 1);
}

#[test]
fn foreign_keys_are_enforced_on_the_store_connection() {
    let (db, mut store) = setup("tx-fk");
    // A trigger that writes a withdrawal for a player who does not exist: only the foreign key
    // stops it, and the player whose registration fired it goes with it.
    db.raw()
        .execute_batch(
            "CREATE TRIGGER ghost AFTER INSERT ON player
             BEGIN INSERT INTO withdrawal (player_id, seq, after_round) VALUES (999999, 0, 0); END",
        )
        .unwrap();
    let err = store.add_player("e", &player("Z", "2k")).unwrap_err();
    assert!(err.to_string().contains("FOREIGN KEY"), "unexpected error: {err}");
    assert_eq!(store.load_event("e").unwrap().players().len(), 6);
}
