//! The server on PostgreSQL: the core game flow, and scale-out — two instances on one
//! database (each test in a fresh schema): a spectator on one sees moves made on the other,
//! and a game's commands stay serialised when they reach both.

use crate::support::*;
use crate::ws::{brief, connect, next, send, serve};
use expect_test::expect;
use serde_json::{Value, json};

fn line(status: axum::http::StatusCode, v: &Value) -> String {
    line_with(status, v, &format!(" seq={}", v["seq"]))
}

fn black_stones(state: &Value) -> usize {
    state["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_str().unwrap().matches('X').count())
        .sum()
}

#[tokio::test]
async fn the_core_game_flow_runs_on_postgres() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    let r = &a.router;
    let li = login(r, "li").await;
    let wang = login(r, "wang").await;
    let mut out = Vec::new();
    let (s, v) = call(
        r,
        "POST",
        "/api/accounts",
        None,
        Some(json!({ "name": "li", "password": "12345678" })),
    )
    .await;
    out.push(line(s, &v));
    let (id, black, _) = open_game(r, &li, "none").await;
    // White plays through an account bound to the seat, Black through the seat's link.
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(&wang),
        Some(json!({ "color": "white" })),
    )
    .await;
    out.push(line(s, &v));
    let white_move =
        |seq: u64, point: &str| json!({ "seq": seq, "action": { "type": "play", "point": point }, "as": "white" });
    let steps: Vec<(&str, u64, &str)> = vec![
        ("black", 2, "E5"),
        ("black", 2, "E5"),
        ("white", 2, "C3"),
        ("white", 3, "C3"),
    ];
    for (who, seq, point) in steps {
        let (s, v) = if who == "black" {
            act(r, id, &black, seq, json!({ "type": "play", "point": point })).await
        } else {
            let path = format!("/api/games/{id}/actions");
            call(r, "POST", &path, Some(&wang), Some(white_move(seq, point))).await
        };
        out.push(format!("{} duplicate={}", line(s, &v), v["duplicate"]));
    }
    let (s, v) = act(r, id, &black, 4, json!({ "type": "play", "point": "C3" })).await;
    out.push(line(s, &v));
    let (s, v) = act(r, id, &black, 4, json!({ "type": "resign" })).await;
    out.push(line(s, &v));
    let (_, v) = call(r, "GET", &format!("/api/games/{id}/events?since=2"), None, None).await;
    for e in v["events"].as_array().unwrap() {
        out.push(format!("{} by {}: {}", e["index"], e["event"]["by"], e["en"]));
    }
    let (s, v) = call(r, "GET", &format!("/api/games/{id}"), None, None).await;
    out.push(format!("{} {} {}", s.as_u16(), v["phase"], v["result"]["text"]));
    // Events live in the same database.
    let event =
        json!({ "id": "open", "name": "Open", "system": { "kind": "swiss" }, "rounds": 3, "time_control": "30m" });
    let (s, v) = call(r, "POST", "/api/events", Some(&li), Some(event)).await;
    out.push(line(s, &v));
    let (s, v) = call(r, "GET", "/api/games", None, None).await;
    out.push(format!("{} {} game(s)", s.as_u16(), v.as_array().map_or(0, Vec::len)));
    expect![[r#"
        409 conflict: the account name "li" is taken: choose another
        200 ok seq=null
        200 ok seq=3 duplicate=false
        200 ok seq=3 duplicate=true
        409 stale: sequence number 2 is not the game's next (3): reload the game and send again duplicate=null
        200 ok seq=4 duplicate=false
        422 refused: illegal move: occupied point
        200 ok seq=5
        2 by "seat:black": "Black plays E5"
        3 by "account:wang": "White plays C3"
        4 by "seat:black": "Black resigns; result: white wins by resignation (Art. 7.2)"
        200 "decided" "white wins by resignation"
        201 ok seq=null
        200 1 game(s)
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
    // A restart on the same database finds the game where it was.
    drop(a);
    let again = db.app().await;
    let (_, v) = call(&again.router, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!((v["seq"].as_u64(), black_stones(&v)), (Some(5), 1), "{v}");
}

#[tokio::test]
async fn a_spectator_on_one_instance_sees_moves_made_on_the_other() {
    let db = PgSchema::new().await;
    let mut a = db.app().await;
    let b = db.app().await;
    let token = login(&b.router, "li").await;
    let (id, black, white) = open_game(&b.router, &token, "none").await;
    // White's account takes the seat through A and plays through B.
    let wang = login(&a.router, "wang").await;
    let path = format!("/api/games/{id}/join");
    let (s, v) = call(&a.router, "POST", &path, Some(&wang), Some(json!({ "color": "white" }))).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    let url = serve(&mut a).await;
    let mut watcher = connect(&url).await;
    send(&mut watcher, json!({ "type": "subscribe", "game": id, "since": 0 })).await;
    let mut seen = Vec::new();
    for _ in 0..2 {
        seen.push(brief(&next(&mut watcher).await));
    }
    for (i, (who, point)) in [("black", "E5"), ("white", "C3"), ("black", "G7")].iter().enumerate() {
        let seq = 2 + i as u64;
        let (s, v) = if *who == "black" {
            act(&b.router, id, &black, seq, json!({ "type": "play", "point": point })).await
        } else {
            let cmd = json!({ "seq": seq, "action": { "type": "play", "point": point } });
            call(
                &b.router,
                "POST",
                &format!("/api/games/{id}/actions"),
                Some(&wang),
                Some(cmd),
            )
            .await
        };
        assert_eq!(s.as_u16(), 200, "{v}");
        seen.push(brief(&next(&mut watcher).await));
    }
    // A command made on A for what the spectator saw lands after B's.
    let mut player = connect(&url).await;
    let cmd = json!({ "type": "command", "game": id, "seq": 5, "secret": white,
        "action": { "type": "play", "point": "D4" } });
    send(&mut player, cmd).await;
    seen.push(format!("player on A: {}", brief(&next(&mut player).await)));
    seen.push(brief(&next(&mut watcher).await));
    let (_, v) = call(&b.router, "GET", &format!("/api/games/{id}"), None, None).await;
    seen.push(format!("B: seq={}", v["seq"]));
    expect![[r#"
        event seq=1 Colours by the draw: Li takes Black (Art. 10)
        event seq=2 The game starts
        event seq=3 Black plays E5
        event seq=4 White plays C3
        event seq=5 Black plays G7
        player on A: ack seq=6 duplicate=false
        event seq=6 White plays D4
        B: seq=6
    "#]]
    .assert_eq(&(seen.join("\n") + "\n"));
}

#[tokio::test]
async fn the_same_move_sent_to_both_instances_at_once_lands_once() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    let b = db.app().await;
    let token = login(&a.router, "li").await;
    for _ in 0..5 {
        let (id, black, _) = game(&a.router, &token, "none").await;
        // Both instances run the game before the race.
        call(&b.router, "GET", &format!("/api/games/{id}"), None, None).await;
        let mv = json!({ "type": "play", "point": "E5" });
        let (x, y) = tokio::join!(
            act(&a.router, id, &black, 2, mv.clone()),
            act(&b.router, id, &black, 2, mv.clone())
        );
        assert_eq!((x.0.as_u16(), y.0.as_u16()), (200, 200), "{} {}", x.1, y.1);
        let mut dups = [x.1["duplicate"].as_bool().unwrap(), y.1["duplicate"].as_bool().unwrap()];
        dups.sort();
        assert_eq!(dups, [false, true]);
        for r in [&a.router, &b.router] {
            let (_, v) = call(r, "GET", &format!("/api/games/{id}/events"), None, None).await;
            assert_eq!(v["events"].as_array().unwrap().len(), 3, "{v}");
        }
    }
}

#[tokio::test]
async fn two_different_moves_for_one_turn_through_two_instances_exactly_one_lands() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    let b = db.app().await;
    let token = login(&a.router, "li").await;
    for _ in 0..5 {
        let (id, black, _) = game(&a.router, &token, "none").await;
        call(&b.router, "GET", &format!("/api/games/{id}"), None, None).await;
        let (x, y) = tokio::join!(
            act(&a.router, id, &black, 2, json!({ "type": "play", "point": "E5" })),
            act(&b.router, id, &black, 2, json!({ "type": "play", "point": "C3" }))
        );
        let mut statuses = [x.0.as_u16(), y.0.as_u16()];
        statuses.sort();
        assert_eq!(statuses, [200, 409], "{} {}", x.1, y.1);
        // The loser's answer carries the state with the winner's move in it.
        let loser = if x.0.as_u16() == 409 { &x.1 } else { &y.1 };
        assert_eq!(
            (loser["error"].as_str(), black_stones(&loser["state"])),
            (Some("stale"), 1),
            "{loser}"
        );
        for r in [&a.router, &b.router] {
            let (_, v) = call(r, "GET", &format!("/api/games/{id}"), None, None).await;
            assert_eq!((v["seq"].as_u64(), black_stones(&v)), (Some(3), 1), "{v}");
        }
    }
}

#[tokio::test]
async fn two_instances_running_one_clock_record_the_flag_once() {
    let db = PgSchema::new().await;
    let mut a = db.app().await;
    let mut b = db.app().await;
    let token = login(&a.router, "li").await;
    // Two periods of one second and no basic time: Black's flag falls 2 s after the start.
    let (id, _, _) = game(&a.router, &token, "2x1s").await;
    let mut sockets = Vec::new();
    for (name, app) in [("A", &mut a), ("B", &mut b)] {
        let mut ws = connect(&serve(app).await).await;
        send(&mut ws, json!({ "type": "subscribe", "game": id, "since": 2 })).await;
        sockets.push((name, ws));
    }
    let mut seen = Vec::new();
    for (name, ws) in &mut sockets {
        loop {
            let m = next(ws).await;
            if m["type"] == "event" {
                seen.push(format!("{name}: {}", brief(&m)));
                if m["event"]["action"]["type"] == "flag" {
                    break;
                }
            }
        }
    }
    for r in [&a.router, &b.router] {
        let (_, v) = call(r, "GET", &format!("/api/games/{id}/events"), None, None).await;
        seen.push(format!("{} events", v["events"].as_array().unwrap().len()));
    }
    expect![[r#"
        A: event seq=3 Black's time ran out; result: white wins on time (Art. 22.5)
        B: event seq=3 Black's time ran out; result: white wins on time (Art. 22.5)
        3 events
        3 events
    "#]]
    .assert_eq(&(seen.join("\n") + "\n"));
}

#[tokio::test]
async fn a_spectator_keeps_following_after_every_connection_is_cut() {
    let db = PgSchema::new().await;
    let mut a = db.app().await;
    let b = db.app().await;
    let token = login(&b.router, "li").await;
    let (id, black, white) = game(&b.router, &token, "none").await;
    let url = serve(&mut a).await;
    let mut watcher = connect(&url).await;
    send(&mut watcher, json!({ "type": "subscribe", "game": id, "since": 2 })).await;
    // Both instances lose their query, LISTEN and event-store connections (the store's
    // writer and reader), as when PostgreSQL restarts.
    let (admin, conn) = tokio_postgres::connect(&pg_base(), tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    let row = admin
        .query_one(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1",
            &[&db.name],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, i64>(0), 8);
    // Moves made through B reach the spectator on A: both connect again.
    let mut seen = Vec::new();
    for (i, (secret, point)) in [(&black, "E5"), (&white, "C3")].iter().enumerate() {
        let (s, v) = act(
            &b.router,
            id,
            secret,
            2 + i as u64,
            json!({ "type": "play", "point": point }),
        )
        .await;
        assert_eq!(s.as_u16(), 200, "{v}");
        seen.push(brief(&next(&mut watcher).await));
    }
    // The event store of each instance connects again too: an event made on B is listed on A.
    let event = json!({ "id": "after-the-cut", "name": "After", "system": { "kind": "swiss" }, "rounds": 3, "time_control": "30m" });
    let (s, v) = call(&b.router, "POST", "/api/events", Some(&token), Some(event)).await;
    seen.push(format!("{} {}", s.as_u16(), v["id"]));
    let (_, v) = call(&a.router, "GET", "/api/events", None, None).await;
    let ids: Vec<_> = v.as_array().unwrap().iter().map(|e| e["id"].clone()).collect();
    seen.push(format!("listed on A: {ids:?}"));
    expect![[r#"
        event seq=3 Black plays E5
        event seq=4 White plays C3
        201 "after-the-cut"
        listed on A: [String("after-the-cut")]
    "#]]
    .assert_eq(&(seen.join("\n") + "\n"));
}

/// Reads a socket until `game`'s flag event, then a little longer: every call and event of
/// that game, told briefly.
async fn until_the_flag(ws: &mut crate::ws::Socket, game: i64) -> Vec<String> {
    let mut seen = Vec::new();
    let mut flagged = false;
    loop {
        let m = if flagged {
            // Anything that would come twice comes right after: listen a moment more.
            match tokio::time::timeout(std::time::Duration::from_millis(700), next(ws)).await {
                Ok(m) => m,
                Err(_) => return seen,
            }
        } else {
            next(ws).await
        };
        if m["game"] != game {
            continue;
        }
        match m["type"].as_str() {
            Some("call") => seen.push(format!("call seq={} {} {}", m["seq"], m["color"], m["en"])),
            Some("event") => {
                seen.push(brief(&m));
                flagged |= m["event"]["action"]["type"] == "flag";
            }
            _ => {}
        }
    }
}

#[tokio::test]
async fn with_two_instances_every_subscriber_hears_each_call_once_and_the_flag_lands_once() {
    let db = PgSchema::new().await;
    let mut a = db.app().await;
    let mut b = db.app().await;
    let token = login(&a.router, "li").await;
    // Two periods of one second and no basic time: Black's flag falls 2 s after the start.
    // The games start once every subscription is answered: twelve subscriptions may take
    // longer than the second before the first call on a loaded machine.
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(game_not_started(&a.router, &token, "2x1s").await.0);
    }
    let router = a.router.clone();
    let urls = [serve(&mut a).await, serve(&mut b).await];
    // Two subscribers on each instance, to each game.
    let mut sockets = Vec::new();
    for (i, url) in urls.iter().chain(urls.iter()).enumerate() {
        for &id in &ids {
            let mut ws = connect(url).await;
            send(&mut ws, json!({ "type": "subscribe", "game": id, "since": 0 })).await;
            let reply = next(&mut ws).await;
            assert_eq!(reply["seq"], 1, "{reply}");
            sockets.push((format!("{} on {}", id, ["A", "B"][i % 2]), id, ws));
        }
    }
    for &id in &ids {
        start_game(&router, &token, id).await;
    }
    let heard = futures_util::future::join_all(sockets.iter_mut().map(|(name, id, ws)| {
        let name = name.clone();
        let id = *id;
        async move { (name, until_the_flag(ws, id).await) }
    }))
    .await;
    let expected = [
        "event seq=2 The game starts",
        "call seq=2 \"black\" \"1 second, 1 period left\"",
        "call seq=2 \"black\" \"1, time is up\"",
        "event seq=3 Black's time ran out; result: white wins on time (Art. 22.5)",
    ];
    for (name, seen) in &heard {
        assert_eq!(seen, &expected, "game {name}");
    }
    for &id in &ids {
        for r in [&a.router, &b.router] {
            let (_, v) = call(r, "GET", &format!("/api/games/{id}/events"), None, None).await;
            assert_eq!(v["events"].as_array().unwrap().len(), 3, "{v}");
        }
    }
}

/// The rows of `server_instance`: (started, beat) by id.
async fn instances(schema: &str) -> std::collections::HashMap<String, (i64, i64)> {
    pg_admin()
        .await
        .query(&format!("SELECT id, started, beat FROM {schema}.server_instance"), &[])
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), (r.get(1), r.get(2))))
        .collect()
}

/// A starting instance beats from its registration, while it watches an older instance's
/// recent beat: another starting at the same time sees it alive (it used to beat only after
/// watching, so two instances starting together each took the other for dead).
#[tokio::test]
async fn a_starting_instance_beats_while_it_watches_the_others() {
    let db = PgSchema::new().await;
    // An instance that stopped a moment ago: its beat is recent, and will not advance.
    let dead = db.app().await;
    drop(dead);
    let before = instances(&db.name).await;
    assert_eq!(before.len(), 1);
    let url = db.url.clone();
    let opening = tokio::spawn(async move {
        let config = server::Config {
            database_url: Some(url),
            rate_limit: 0,
            ..server::Config::default()
        };
        server::Server::open(&config).await.map(|_| ())
    });
    // The new instance watches the dead one's beat for a while before it opens; meanwhile its
    // own beat advances.
    let mut beat_while_watching = false;
    while !opening.is_finished() {
        let now = instances(&db.name).await;
        beat_while_watching |= now
            .iter()
            .any(|(id, (started, beat))| !before.contains_key(id) && beat > started);
        // A wait on observable state: the rows are read again until the opening ends.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    opening.await.unwrap().unwrap();
    assert!(
        beat_while_watching,
        "the starting instance did not beat while it watched"
    );
}

/// Waits until the instance `id`'s beat (written every half second of real time) carries the
/// instant `at` of the server's held time.
async fn beat_reaches(schema: &str, id: &str, at: u64) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while instances(schema).await.get(id).map(|r| r.1) != Some(at as i64) {
        assert!(
            std::time::Instant::now() < deadline,
            "the beat of {id} never carried {at}"
        );
        // A wait on observable state: the row is read again until the beat has landed.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// The instant every held-time test below starts at.
const T0: u64 = 1_700_000_000_000;

/// A game (1 h for each side, Black's clock running) on an instance whose last beat is one
/// minute after the game's start, on held time, and which then stops. The database's schema,
/// the game, the time, and the dead instance's id.
async fn game_on_a_dead_instance() -> (PgSchema, i64, server::time::Time, String) {
    let db = PgSchema::new().await;
    let time = server::time::Time::held(T0);
    let a = db.app_with(|c| c.time = time.clone()).await;
    let token = login(&a.router, "li").await;
    let (id, _, _) = game(&a.router, &token, "1h").await;
    let dead = instances(&db.name).await.into_keys().next().unwrap();
    time.advance(std::time::Duration::from_secs(60));
    beat_reaches(&db.name, &dead, T0 + 60_000).await;
    drop(a);
    (db, id, time, dead)
}

/// The system events of game `id` as `router` tells them: kind and instant (from T0).
async fn system_events(router: &axum::Router, id: i64) -> Vec<String> {
    let (_, v) = call(router, "GET", &format!("/api/games/{id}/events"), None, None).await;
    v["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"]["actor"] == "system")
        .map(|e| {
            let at = e["event"]["at"].as_u64().unwrap() as i64 - T0 as i64;
            format!("{} at T0{at:+}", e["event"]["action"]["type"].as_str().unwrap())
        })
        .collect()
}

/// An instance registered after this one (started together, a moment later) says nothing of
/// the time nobody ran: the pause starts at the last beat of the dead instance, the only one
/// older than this one, not at the younger one's registration (which would charge the time
/// between to the side to move).
#[tokio::test]
async fn the_pause_starts_at_the_last_beat_of_the_dead_instances_older_than_this_one() {
    let (db, id, time, _) = game_on_a_dead_instance().await;
    pg_admin()
        .await
        .execute(
            &format!(
                "INSERT INTO {}.server_instance (id, started, beat) VALUES ('younger', $1, $1)",
                db.name
            ),
            &[&((T0 + 130_000) as i64)],
        )
        .await
        .unwrap();
    time.advance(std::time::Duration::from_secs(10));
    let b = db.app_with(|c| c.time = time.clone()).await;
    assert_eq!(
        system_events(&b.router, id).await,
        [
            "colours_draw at T0+0",
            "start at T0+0",
            "pause at T0+60000",
            "resume at T0+70000"
        ]
    );
}

/// Two instances that start together after a crash may each take only the dead one for older
/// than themselves: one whose registration reached the database after the other had read the
/// rows, or whose clock is a little behind the other's. Both find it dead, but only one
/// recovers the games: the first to claim the dead instance's row (deleting it); the other
/// finds it gone. So the record has one pause and one resume. (Each used to recover: a second
/// pause and resume, after the first one's, charged nothing but said the server was down twice.)
#[tokio::test]
async fn two_instances_that_both_find_the_dead_one_older_record_one_pause() {
    let (db, id, time, _) = game_on_a_dead_instance().await;
    time.advance(std::time::Duration::from_secs(10));
    let b = db.app_with(|c| c.time = time.clone()).await;
    // Started with it, on a clock a second behind: b is younger than this one.
    let behind = server::time::Time::held(T0 + 69_000);
    let c = db.app_with(|c| c.time = behind.clone()).await;
    let expected = [
        "colours_draw at T0+0",
        "start at T0+0",
        "pause at T0+60000",
        "resume at T0+70000",
    ];
    assert_eq!(system_events(&b.router, id).await, expected);
    assert_eq!(system_events(&c.router, id).await, expected);
}

/// An instance is alive while its row is written again, whatever instant it writes: one whose
/// clock stands still (a test's held time here; a clock stepped back does the same) beats the
/// same instant, and an instance starting beside it must not take it for dead and record the
/// downtime a second time.
#[tokio::test]
async fn an_instance_whose_clock_stands_still_is_alive_while_it_beats() {
    let (db, id, time, _) = game_on_a_dead_instance().await;
    time.advance(std::time::Duration::from_secs(10));
    let b = db.app_with(|c| c.time = time.clone()).await;
    // Started a moment after b, on a clock of its own: b's stands still.
    let after = server::time::Time::held(T0 + 70_001);
    let c = db.app_with(|c| c.time = after.clone()).await;
    let expected = [
        "colours_draw at T0+0",
        "start at T0+0",
        "pause at T0+60000",
        "resume at T0+70000",
    ];
    assert_eq!(system_events(&b.router, id).await, expected);
    assert_eq!(system_events(&c.router, id).await, expected);
}
