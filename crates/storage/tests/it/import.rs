//! `Store::import_event`: the whole event in one transaction. A failure injected at its very
//! last statement (the attachment) or in the middle (a result) leaves the database as it was;
//! without a failure the event is the one the single operations build.

use storage::{ImportRound, ImportedEvent, NewEvent, Store, StoreError};
use tournament::{GameResult, System};

use crate::{Backend, TestDb, names, new_event, player};

both!(
    an_import_failing_at_its_last_statement_leaves_nothing,
    an_import_is_the_event_the_single_operations_build,
    a_refused_import_leaves_nothing,
);

fn imported(id: &str) -> ImportedEvent {
    let r = |s: &str| Some(s.parse::<GameResult>().unwrap());
    ImportedEvent {
        event: new_event(id, System::Swiss, 3),
        players: ["A", "B", "C", "D", "E"]
            .iter()
            .enumerate()
            .map(|(i, n)| player(n, &format!("{}d", 5 - i)))
            .collect(),
        rounds: vec![
            ImportRound {
                games: vec![("A".into(), "B".into(), r("B+R")), ("C".into(), "D".into(), r("W+3.5"))],
                byes: vec!["E".into()],
            },
            ImportRound {
                games: vec![("B".into(), "D".into(), None), ("E".into(), "A".into(), r("B+R"))],
                byes: vec!["C".into()],
            },
        ],
        attachments: vec![("opengotha".into(), "<Tournament/>".into())],
        absences: Vec::new(),
    }
}

/// Makes `table` fail at `timing` (only `when` a condition holds, if given), imports, and
/// checks that the import failed with the injected error and left every table as it was.
fn check_import_rolls_back(db: &TestDb, store: &mut Store, (table, timing, when): (&str, &str, Option<&str>)) {
    db.inject_failure(table, timing, when);
    let before = store.dump().unwrap();
    let err = store
        .import_event(&imported("imp"))
        .expect_err("the injected failure should surface");
    assert!(err.to_string().contains("injected"), "unexpected error: {err}");
    assert_eq!(store.dump().unwrap(), before);
    assert!(matches!(store.load_event("imp"), Err(StoreError::NoEvent(_))));
    db.remove_failure(table);
}

fn an_import_failing_at_its_last_statement_leaves_nothing(b: Backend) {
    let db = TestDb::new(b, "import-tx");
    let mut store = db.open();
    store.create_event(&new_event("other", System::Swiss, 3)).unwrap();
    store.add_player("other", &player("Z", "1k")).unwrap();
    check_import_rolls_back(&db, &mut store, ("event_attachment", "AFTER INSERT", None));
    check_import_rolls_back(
        &db,
        &mut store,
        ("result", "AFTER INSERT", Some("NEW.result = 'B+R' AND NEW.seq > 8")),
    );
    // Without the fault, the import goes through.
    store.import_event(&imported("imp")).unwrap();
    assert_eq!(store.load_event("imp").unwrap().rounds().len(), 2);
}

fn an_import_is_the_event_the_single_operations_build(b: Backend) {
    let db = TestDb::new(b, "import-same");
    let mut store = db.open();
    let imp = imported("imp");
    let ev = store.import_event(&imp).unwrap();
    assert_eq!(store.load_event("imp").unwrap(), ev);
    assert_eq!(
        store.attachment("imp", "opengotha").unwrap().as_deref(),
        Some("<Tournament/>")
    );

    store
        .create_event(&NewEvent {
            name: ev.name().into(),
            ..new_event("one", System::Swiss, 3)
        })
        .unwrap();
    for p in &imp.players {
        store.add_player("one", p).unwrap();
    }
    for (k, r) in imp.rounds.iter().enumerate() {
        let games: Vec<(&str, &str)> = r.games.iter().map(|(b, w, _)| (b.as_str(), w.as_str())).collect();
        store.pair_manual("one", &names(&games), &r.byes).unwrap();
        for (i, g) in r.games.iter().enumerate() {
            if let Some(res) = g.2 {
                store
                    .record_result("one", k as u32 + 1, i as u32 + 1, res, false)
                    .unwrap();
            }
        }
    }
    assert_eq!(store.load_event("one").unwrap(), ev);
}

fn a_refused_import_leaves_nothing(b: Backend) {
    let db = TestDb::new(b, "import-refused");
    let mut store = db.open();
    let mut imp = imported("imp");
    // A player paired twice in round 2: refused by the tournament crate, after everything
    // before it was written.
    imp.rounds[1].games[1].1 = "B".into();
    let before = store.dump().unwrap();
    let err = store.import_event(&imp).unwrap_err();
    assert!(matches!(err, StoreError::Refused { .. }), "{err}");
    assert_eq!(store.dump().unwrap(), before);
}
