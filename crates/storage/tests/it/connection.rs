//! PostgreSQL's connection: a refused login, an unreachable server, a malformed URL or a
//! search_path without a schema are errors a person can act on; a connection lost in the middle
//! of a change loses that change only (the database is as it was) and the next operation
//! connects again; a store dropped on a thread that drives a tokio runtime does not panic.

use storage::{Store, StoreError};
use tournament::System;

use crate::{Backend, TestDb, new_event, pg_base, player, six_players};

/// `pg_base()` with more URL parameters (later ones override earlier ones).
fn base_with(params: &str) -> String {
    let base = pg_base();
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}{params}")
}

fn database_error(r: Result<Store, StoreError>) -> String {
    match r {
        Err(StoreError::Database(m)) => m,
        Err(e) => panic!("not a database error: {e:?}"),
        Ok(_) => panic!("the store opened"),
    }
}

#[test]
fn a_refused_login_names_the_user_and_what_to_check() {
    let m = database_error(Store::open_postgres(&base_with("user=weiqi_no_such_role")));
    assert!(
        m.starts_with("cannot connect to PostgreSQL (weiqi_no_such_role@"),
        "{m}"
    );
    assert!(m.contains("role \"weiqi_no_such_role\" does not exist"), "{m}");
    assert!(m.contains("check that the server is running and the URL's"), "{m}");
}

#[test]
fn an_unreachable_server_is_a_database_error() {
    let m = database_error(Store::open_postgres(
        "postgres://postgres@127.0.0.1:1/test?connect_timeout=5",
    ));
    assert!(
        m.starts_with("cannot connect to PostgreSQL (postgres@127.0.0.1:1/test): "),
        "{m}"
    );
    assert!(m.to_lowercase().contains("refused"), "{m}");
}

#[test]
fn a_malformed_url_is_invalid_and_keeps_the_password_out() {
    match Store::open_postgres("postgres://ann:secret@127.0.0.1:notaport/test") {
        Err(StoreError::Invalid(m)) => {
            assert!(m.starts_with("not a PostgreSQL URL ("), "{m}");
            assert!(!m.contains("secret"), "{m}");
        }
        Err(e) => panic!("{e:?}"),
        Ok(_) => panic!("opened"),
    }
}

#[test]
fn a_search_path_without_a_schema_is_refused() {
    let m = database_error(Store::open_postgres(&base_with(
        "options=-csearch_path%3Dweiqi_no_such_schema",
    )));
    assert!(m.contains("the search_path names no existing schema"), "{m}");
}

#[test]
fn a_connection_lost_in_a_change_loses_that_change_only() {
    let db = TestDb::new(Backend::Postgres, "lost-mid");
    let mut store = db.open();
    six_players(&mut store);
    let before = store.dump().unwrap();
    // The database ends the store's own connection half-way through registering a player.
    db.exec(
        "CREATE FUNCTION cut() RETURNS trigger LANGUAGE plpgsql AS
             $$ BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NULL; END $$;
         CREATE TRIGGER cut AFTER INSERT ON player FOR EACH ROW EXECUTE FUNCTION cut()",
    );
    match store.add_player("e", &player("Z", "2k")) {
        Err(StoreError::Database(m)) => {
            assert!(m.starts_with("lost the connection to PostgreSQL ("), "{m}");
            assert!(
                m.ends_with("nothing was changed, and the next operation connects again"),
                "{m}"
            );
        }
        r => panic!("{r:?}"),
    }
    db.exec("DROP TRIGGER cut ON player");
    // The same store connects again, and finds the database as it was.
    assert_eq!(store.dump().unwrap(), before);
    assert_eq!(store.add_player("e", &player("Z", "2k")).unwrap().players().len(), 7);
}

#[test]
fn a_connection_cut_between_operations_is_made_again() {
    let db = TestDb::new(Backend::Postgres, "lost-idle");
    let mut store = db.open();
    store.create_event(&new_event("e", System::Swiss, 3)).unwrap();
    // An administrator ends the store's connection (found by its application name), and
    // waits until it is gone. (Found first, then ended by its pid: the order in which a
    // WHERE clause is evaluated is not fixed, so a filter cannot guard the call.)
    let pids = db.strings(&format!(
        "SELECT pid FROM pg_stat_activity WHERE application_name = '{}' AND pid <> pg_backend_pid()",
        db.schema()
    ));
    assert_eq!(pids.len(), 1, "{pids:?}");
    assert_eq!(
        db.strings(&format!("SELECT pg_terminate_backend({}, 10000)", pids[0])),
        ["t"]
    );
    store.add_player("e", &player("A", "1d")).unwrap();
    assert_eq!(store.load_event("e").unwrap().players().len(), 1);
}

#[test]
fn a_store_dropped_on_a_runtime_thread_does_not_panic() {
    let db = TestDb::new(Backend::Postgres, "drop-async");
    let mut store = db.open();
    store.create_event(&new_event("e", System::Swiss, 3)).unwrap();
    let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
    // As the server drops its state when it stops.
    rt.block_on(async move { drop(store) });
    assert_eq!(db.open().events().unwrap().len(), 1);
}
