//! Every change is one transaction: a failure injected at the last statement of an operation
//! (by a trigger that aborts) leaves the database exactly as it was before the operation.

use storage::{Store, StoreError};
use tournament::{GameResult, System};

use crate::{Backend, TestDb, names, new_event, player, six_players};

both!(
    create_event_fails_after_the_event_row,
    pairing_fails_at_the_bye_after_the_round_and_its_games,
    an_amended_pairing_fails_at_the_kept_proposal,
    results_withdrawals_warnings_and_players_roll_back,
    unpairing_rolls_back,
    a_registration_file_is_registered_whole_or_not_at_all,
    foreign_keys_are_enforced_on_the_store_connection,
);

/// Makes `table` fail at `timing` (only `when` a condition holds, if given), runs `op`, and
/// checks that it failed with the injected error and that every table holds what it held
/// before.
fn check_rolls_back<T>(
    db: &TestDb,
    store: &mut Store,
    (table, timing, when): (&str, &str, Option<&str>),
    op: impl FnOnce(&mut Store) -> Result<T, StoreError>,
) {
    db.inject_failure(table, timing, when);
    let before = store.dump().unwrap();
    let err = op(store).err().expect("the injected failure should surface");
    assert!(err.to_string().contains("injected"), "unexpected error: {err}");
    assert_eq!(store.dump().unwrap(), before);
    db.remove_failure(table);
}

fn setup(backend: Backend, name: &str) -> (TestDb, Store) {
    let db = TestDb::new(backend, name);
    let mut store = db.open();
    six_players(&mut store);
    (db, store)
}

fn create_event_fails_after_the_event_row(b: Backend) {
    let (db, mut store) = setup(b, "tx-create");
    // The system's parameters and the settings are written after the event row.
    check_rolls_back(&db, &mut store, ("event", "BEFORE UPDATE", None), |s| {
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

fn pairing_fails_at_the_bye_after_the_round_and_its_games(b: Backend) {
    let (db, mut store) = setup(b, "tx-round");
    store.add_player("e", &player("G", "1k")).unwrap();
    check_rolls_back(
        &db,
        &mut store,
        ("pairing", "BEFORE INSERT", Some("NEW.bye_id IS NOT NULL")),
        |s| s.pair_next("e"),
    );
    assert!(store.load_event("e").unwrap().rounds().is_empty());
    // The same round goes through once the fault is gone, as round 1.
    assert_eq!(store.pair_next("e").unwrap().rounds().len(), 1);
}

fn an_amended_pairing_fails_at_the_kept_proposal(b: Backend) {
    let (db, mut store) = setup(b, "tx-amend");
    check_rolls_back(&db, &mut store, ("proposed_pairing", "AFTER INSERT", None), |s| {
        s.pair_amended("e", &names(&[("A", "F"), ("B", "E"), ("C", "D")]), &[])
    });
    assert!(store.load_event("e").unwrap().rounds().is_empty());
}

/// `Store::add_players` (a registration file): a name already registered, third in the list,
/// leaves the two before it unregistered; so does a failure injected at the last insert.
fn a_registration_file_is_registered_whole_or_not_at_all(b: Backend) {
    let (db, mut store) = setup(b, "tx-file");
    let before = store.dump().unwrap();
    let file = [
        player("X", "1k"),
        player("Y", "2k"),
        player("C", "3k"),
        player("Z", "4k"),
    ];
    let err = store.add_players("e", &file).unwrap_err();
    assert!(err.to_string().contains("\"C\""), "{err}");
    assert_eq!(store.dump().unwrap(), before);
    check_rolls_back(
        &db,
        &mut store,
        ("player", "AFTER INSERT", Some("NEW.name = 'Z'")),
        |s| s.add_players("e", &[player("X", "1k"), player("Y", "2k"), player("Z", "4k")]),
    );
    let ev = store
        .add_players("e", &[player("X", "1k"), player("Y", "2k"), player("Z", "4k")])
        .unwrap();
    assert_eq!(ev.players().len(), 9);
    assert_eq!(store.load_event("e").unwrap(), ev);
}

fn results_withdrawals_warnings_and_players_roll_back(b: Backend) {
    let (db, mut store) = setup(b, "tx-misc");
    store.pair_next("e").unwrap();
    store.record_result("e", 1, 1, GameResult::Draw, false).unwrap();
    check_rolls_back(&db, &mut store, ("result", "BEFORE INSERT", None), |s| {
        s.record_result("e", 1, 2, "B+R".parse().unwrap(), false)
    });
    check_rolls_back(&db, &mut store, ("result", "AFTER INSERT", None), |s| {
        s.record_result("e", 1, 1, "W+R".parse().unwrap(), true)
    });
    check_rolls_back(&db, &mut store, ("withdrawal", "AFTER INSERT", None), |s| {
        s.withdraw("e", "F", "")
    });
    check_rolls_back(&db, &mut store, ("warning", "AFTER INSERT", None), |s| {
        let black = s.load_event("e")?.rounds()[0].games[0].black;
        let name = s.load_event("e")?.player(black).name.clone();
        s.add_warning("e", 1, 1, &name, "")
    });
    check_rolls_back(&db, &mut store, ("player", "AFTER INSERT", None), |s| {
        s.add_player("e", &player("Z", "2k"))
    });
    check_rolls_back(&db, &mut store, ("rounds_change", "AFTER INSERT", None), |s| {
        s.set_rounds("e", 7)
    });
    // The sequence counter is bumped before the row that fails: it rolls back too.
    let ev = store.load_event("e").unwrap();
    assert_eq!(ev.rounds()[0].games[0].result, Some(GameResult::Draw));
    assert_eq!(ev.rounds()[0].games[1].result, None);
    assert!(ev.log().is_empty() && ev.players().len() == 6 && ev.planned_rounds() == 3);
}

fn unpairing_rolls_back(b: Backend) {
    let (db, mut store) = setup(b, "tx-unpair");
    store.pair_next("e").unwrap();
    check_rolls_back(&db, &mut store, ("event", "AFTER UPDATE", None), |s| s.unpair("e", 1));
    assert_eq!(store.load_event("e").unwrap().rounds().len(), 1);
}

fn foreign_keys_are_enforced_on_the_store_connection(b: Backend) {
    let (db, mut store) = setup(b, "tx-fk");
    // A trigger that writes a withdrawal for a player who does not exist: only the foreign key
    // stops it, and the player whose registration fired it goes with it.
    db.exec(match b {
        Backend::Sqlite => {
            "CREATE TRIGGER ghost AFTER INSERT ON player
             BEGIN INSERT INTO withdrawal (player_id, seq, after_round) VALUES (999999, 0, 0); END"
        }
        Backend::Postgres => {
            "CREATE FUNCTION ghost() RETURNS trigger LANGUAGE plpgsql AS
                 $$ BEGIN INSERT INTO withdrawal (player_id, seq, after_round) VALUES (999999, 0, 0); RETURN NULL; END $$;
             CREATE TRIGGER ghost AFTER INSERT ON player FOR EACH ROW EXECUTE FUNCTION ghost()"
        }
    });
    let err = store.add_player("e", &player("Z", "2k")).unwrap_err();
    assert!(
        err.to_string().to_lowercase().contains("foreign key"),
        "unexpected error: {err}"
    );
    assert_eq!(store.load_event("e").unwrap().players().len(), 6);
}
