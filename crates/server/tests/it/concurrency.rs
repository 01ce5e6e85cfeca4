//! Commands for one game at once: exactly one lands.

use crate::support::*;
use serde_json::json;

#[tokio::test]
async fn the_same_move_twice_at_once_lands_once() {
    the_same_move_twice_at_once_lands_once_on(app().await).await;
}

#[tokio::test]
async fn the_same_move_twice_at_once_lands_once_on_postgres() {
    let db = PgSchema::new().await;
    the_same_move_twice_at_once_lands_once_on(db.app().await).await;
}

async fn the_same_move_twice_at_once_lands_once_on(a: App) {
    let r = &a.router;
    let token = login(r, "li").await;
    for _ in 0..10 {
        let (id, black, _) = game(r, &token, "none").await;
        let mv = json!({ "type": "play", "point": "E5" });
        let (x, y) = tokio::join!(act(r, id, &black, 2, mv.clone()), act(r, id, &black, 2, mv.clone()));
        assert_eq!((x.0.as_u16(), y.0.as_u16()), (200, 200));
        let mut dups = [x.1["duplicate"].as_bool().unwrap(), y.1["duplicate"].as_bool().unwrap()];
        dups.sort();
        assert_eq!(dups, [false, true]);
        let (_, v) = call(r, "GET", &format!("/api/games/{id}/events"), None, None).await;
        assert_eq!(v["events"].as_array().unwrap().len(), 3);
    }
}

#[tokio::test]
async fn two_different_moves_for_one_turn_exactly_one_lands() {
    two_different_moves_for_one_turn_exactly_one_lands_on(app().await).await;
}

#[tokio::test]
async fn two_different_moves_for_one_turn_exactly_one_lands_on_postgres() {
    let db = PgSchema::new().await;
    two_different_moves_for_one_turn_exactly_one_lands_on(db.app().await).await;
}

async fn two_different_moves_for_one_turn_exactly_one_lands_on(a: App) {
    let r = &a.router;
    let token = login(r, "li").await;
    for _ in 0..10 {
        let (id, black, _) = game(r, &token, "none").await;
        let (x, y) = tokio::join!(
            act(r, id, &black, 2, json!({ "type": "play", "point": "E5" })),
            act(r, id, &black, 2, json!({ "type": "play", "point": "C3" }))
        );
        let mut statuses = [x.0.as_u16(), y.0.as_u16()];
        statuses.sort();
        assert_eq!(statuses, [200, 409]);
        let (_, v) = call(r, "GET", &format!("/api/games/{id}"), None, None).await;
        let stones: usize = v["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_str().unwrap().matches('X').count())
            .sum();
        assert_eq!((v["seq"].as_u64(), stones), (Some(3), 1));
    }
}

/// A registration file being written does not hold up a reader of another event. The test
/// holds the store's write lock of the schema (the advisory lock every write of the store
/// takes first), so the upload of a CSV of 200 players waits inside its write, as behind a
/// long import; the server's connection is seen waiting for that lock in `pg_stat_activity`.
/// Meanwhile `GET /api/events/small` is answered, and the upload is still waiting; once the
/// lock is let go the file is registered whole.
#[tokio::test]
async fn a_registration_being_written_does_not_hold_up_a_reader_of_another_event_on_postgres() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    let r = a.router.clone();
    let org = login(&r, "org").await;
    for id in ["big", "small"] {
        let event = json!({ "id": id, "name": id, "system": { "kind": "swiss" }, "rounds": 5, "time_control": "30m" });
        assert_eq!(call(&r, "POST", "/api/events", Some(&org), Some(event)).await.0, 201);
    }
    let holder = pg_admin().await;
    // The store's lock class ("wqst") and the hash of the schema's name (storage's backend).
    holder
        .batch_execute(&format!(
            "BEGIN; SELECT pg_advisory_xact_lock({}, hashtext('{}'))",
            0x7771_7374_i32, db.name
        ))
        .await
        .unwrap();
    let mut csv = String::from("name,rank\n");
    for i in 0..200 {
        csv.push_str(&format!("Player {i:04},{}k\n", i % 30 + 1));
    }
    let bearer = format!("Bearer {org}");
    let upload = {
        let r = r.clone();
        tokio::spawn(async move {
            raw(
                &r,
                "POST",
                "/api/events/big/players/csv",
                &[("authorization", &bearer)],
                Some(csv),
            )
            .await
        })
    };
    let waiting = format!(
        "SELECT count(*) FROM pg_stat_activity WHERE application_name = '{}' \
         AND wait_event_type = 'Lock' AND wait_event = 'advisory'",
        db.name
    );
    loop {
        let n: i64 = holder.query_one(&waiting, &[]).await.unwrap().get(0);
        if n == 1 {
            break;
        }
        assert!(
            !upload.is_finished(),
            "the upload ended without waiting: {:?}",
            upload.await
        );
        // A wait on observable state: the activity view is read again.
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let (s, v) = call(&r, "GET", "/api/events/small", None, None).await;
    assert_eq!((s.as_u16(), v["name"].as_str()), (200, Some("small")), "{v}");
    assert!(
        !upload.is_finished(),
        "the reader was answered only once the upload had ended"
    );
    holder.batch_execute("COMMIT").await.unwrap();
    let (s, v) = upload.await.unwrap();
    assert_eq!((s.as_u16(), &v["added"]), (201, &json!(200)), "{v}");
    let (_, v) = call(&r, "GET", "/api/events/big", None, None).await;
    assert_eq!(v["players"].as_array().map(Vec::len), Some(200));
}
