//! Two writers at once: two `Store`s on one database (two processes, two server instances, or
//! the CLI beside a server), each on its own thread, writing to the same event. Both changes
//! land, one after the other; a change that depends on what the other wrote (the same name,
//! the same board, the next round) sees it; and every change has its own sequence number.

use std::sync::Barrier;

use storage::{Recorded, StoreError};
use tournament::{EventError, GameResult, System};

use crate::{Backend, TestDb, new_event, player};

both!(
    two_writers_on_one_event_are_serialised,
    a_writer_waits_for_another_then_gives_up_saying_so,
);

/// Players registered by each writer.
const N: usize = 12;

fn two_writers_on_one_event_are_serialised(b: Backend) {
    let db = TestDb::new(b, "two-writers");
    db.open().create_event(&new_event("e", System::Swiss, 5)).unwrap();
    let barrier = Barrier::new(2);
    // Each writer's answers to the contested changes, to compare afterwards. A writer never
    // panics between the barriers (that would leave the other one waiting): what goes wrong
    // is collected and checked after both are done.
    let answers: Vec<Answers> = std::thread::scope(|s| {
        let writers: Vec<_> = [("a", "B+R"), ("b", "W+R")]
            .into_iter()
            .map(|(side, result)| {
                let (db, barrier) = (&db, &barrier);
                s.spawn(move || write(db, barrier, side, result))
            })
            .collect();
        writers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    for a in &answers {
        assert!(a.errors.is_empty(), "{answers:?}");
    }
    let answers: Vec<(bool, bool, Result<Recorded, StoreError>)> = answers
        .into_iter()
        .map(|a| (a.same_name, a.paired, a.board_1.unwrap()))
        .collect();

    assert_eq!(answers.iter().filter(|a| a.0).count(), 1, "{answers:?}");
    assert_eq!(answers.iter().filter(|a| a.1).count(), 1, "{answers:?}");
    let recorded: Vec<&Recorded> = answers.iter().filter_map(|a| a.2.as_ref().ok()).collect();
    assert_eq!(recorded, [&Recorded::New], "{answers:?}");
    let refused = answers.iter().find_map(|a| a.2.as_ref().err()).unwrap();
    assert!(
        matches!(refused, StoreError::ResultRecorded { board: 1, .. }),
        "{refused}"
    );

    let ev = db.open().load_event("e").unwrap();
    assert_eq!(ev.players().len(), 2 * N + 1);
    assert_eq!(ev.rounds().len(), 1);
    assert!(ev.rounds()[0].games.iter().all(|g| g.result.is_some()));
    // The result on board 1 is the one that landed first, once.
    let first = answers.iter().position(|a| a.2.is_ok()).unwrap();
    let landed: GameResult = ["B+R", "W+R"][first].parse().unwrap();
    assert_eq!(ev.rounds()[0].games[0].result, Some(landed));
    assert_eq!(db.int("SELECT COUNT(*) FROM result"), ev.rounds()[0].games.len() as i64);
    // Every change has its own number of the event's sequence, with no gap.
    let mut seqs: Vec<i64> = db
        .strings(
            "SELECT seq FROM player UNION ALL SELECT seq FROM round UNION ALL SELECT seq FROM result
             UNION ALL SELECT seq FROM withdrawal UNION ALL SELECT seq FROM warning
             UNION ALL SELECT seq FROM rounds_change",
        )
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    seqs.sort();
    let last = db.int("SELECT last_seq FROM event WHERE id = 'e'");
    assert_eq!(seqs, (1..=last).collect::<Vec<_>>());
    assert_eq!(last as usize, (2 * N + 1) + 1 + ev.rounds()[0].games.len());
}

/// What one writer did.
#[derive(Debug)]
struct Answers {
    /// Whether its registration of the contested name landed.
    same_name: bool,
    /// Whether its pairing of the next round landed.
    paired: bool,
    /// What recording its result on the contested board answered.
    board_1: Option<Result<Recorded, StoreError>>,
    /// Anything unexpected.
    errors: Vec<String>,
}

/// One writer: its own players, the contested name, the next round, results on boards of its
/// own, and a result on the contested board 1.
fn write(db: &TestDb, barrier: &Barrier, side: &str, result: &str) -> Answers {
    let mut a = Answers {
        same_name: false,
        paired: false,
        board_1: None,
        errors: Vec::new(),
    };
    let store = db.try_open();
    barrier.wait();
    let mut store = match store {
        Ok(s) => Some(s),
        Err(e) => {
            a.errors.push(format!("{side} open: {e}"));
            None
        }
    };
    if let Some(store) = &mut store {
        for i in 0..N {
            if let Err(e) = store.add_player("e", &player(&format!("{side}{i}"), "1d")) {
                a.errors.push(format!("{side} add {i}: {e}"));
            }
        }
        // Both register the same name: one lands, the other sees it and is refused.
        match store.add_player("e", &player("same", "2k")) {
            Ok(_) => a.same_name = true,
            Err(StoreError::Refused {
                reason: EventError::DuplicatePlayer(_),
                ..
            }) => {}
            Err(e) => a.errors.push(format!("{side} same name: {e}")),
        }
    }
    barrier.wait();
    if let Some(store) = &mut store {
        // Both pair the next round: one pairs round 1, the other is refused round 2 (round 1
        // has no results yet) instead of pairing round 1 again.
        match store.pair_next("e") {
            Ok(ev) if ev.rounds().len() == 1 => a.paired = true,
            Ok(ev) => a.errors.push(format!("{side} paired round {}", ev.rounds().len())),
            Err(StoreError::Refused { .. }) => {}
            Err(e) => a.errors.push(format!("{side} pair: {e}")),
        }
    }
    barrier.wait();
    if let Some(store) = &mut store {
        // Results on boards of their own (a the odd boards from 3, b the even ones) …
        match store.load_event("e") {
            Ok(ev) => {
                let n_boards = ev.rounds().first().map_or(0, |r| r.games.len() as u32);
                let first = if side == "a" { 3 } else { 2 };
                for board in (first..=n_boards).step_by(2) {
                    match store.record_result("e", 1, board, "B+R".parse().unwrap(), false) {
                        Ok((_, Recorded::New)) => {}
                        r => a.errors.push(format!("{side} board {board}: {r:?}")),
                    }
                }
            }
            Err(e) => a.errors.push(format!("{side} load: {e}")),
        }
        // … and different results on the same board: the second sees the first and is
        // refused, rather than overwriting it.
        a.board_1 = Some(
            store
                .record_result("e", 1, 1, result.parse().unwrap(), false)
                .map(|r| r.1),
        );
    }
    a
}

/// Takes the database's write lock as another weiqi writing would, and keeps it until the
/// answer (its connection) is dropped.
fn hold_write_lock(db: &TestDb) -> Box<dyn std::any::Any> {
    match db.backend {
        Backend::Sqlite => {
            let c = rusqlite::Connection::open(db.path()).unwrap();
            c.execute_batch("BEGIN IMMEDIATE").unwrap();
            Box::new(c)
        }
        Backend::Postgres => {
            let mut c = crate::pg_client(&db.url());
            // The store's lock: its class ("wqst") and the schema's hash.
            c.batch_execute("SELECT pg_advisory_lock(2003923828, hashtext(current_schema()))")
                .unwrap();
            Box::new(c)
        }
    }
}

fn a_writer_waits_for_another_then_gives_up_saying_so(b: Backend) {
    let db = TestDb::new(b, "lock-wait");
    let mut store = db.open();
    store.create_event(&new_event("e", System::Swiss, 3)).unwrap();
    let holder = hold_write_lock(&db);
    // Readers do not wait for a writer.
    assert!(store.load_event("e").unwrap().players().is_empty());
    // A writer waits (ten seconds), then gives up, changing nothing.
    match store.add_player("e", &player("A", "1d")) {
        Err(StoreError::Database(m)) => assert!(
            m.starts_with("another weiqi has held the write lock of this database for over 10 s (")
                && m.ends_with("); try again"),
            "{m}"
        ),
        r => panic!("{r:?}"),
    }
    drop(holder);
    assert!(store.load_event("e").unwrap().players().is_empty());
    assert_eq!(store.add_player("e", &player("A", "1d")).unwrap().players().len(), 1);
}
