//! A round's seat links that cannot be lost (`GET /api/events/{id}/rounds/{n}/links`,
//! `GET /api/games/{id}/links`): derived under the server's key, shown again after a reload
//! and a restart, replaced by "New link"; a repeated start refused; boards started alone, and
//! clocks that wait for both players.

use crate::support::*;
use serde_json::{Value, json};

/// Event `id` (Swiss, time control `30m`) with four players, round 1 paired as Ann–Bob on
/// board 1 and Cid–Dan on board 2; `token` is its organizer.
async fn two_boards(r: &axum::Router, token: &str, id: &str) {
    let event = json!({ "id": id, "name": format!("{id} open"), "system": { "kind": "swiss" }, "rounds": 3, "time_control": "30m" });
    let (s, v) = call(r, "POST", "/api/events", Some(token), Some(event)).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    for name in ["Ann", "Bob", "Cid", "Dan"] {
        let body = json!({ "name": name, "rank": "1d" });
        let (s, v) = call(r, "POST", &format!("/api/events/{id}/players"), Some(token), Some(body)).await;
        assert_eq!(s.as_u16(), 201, "{v}");
    }
    let games = json!({ "games": [["Ann", "Bob"], ["Cid", "Dan"]] });
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/events/{id}/rounds/amended"),
        Some(token),
        Some(games),
    )
    .await;
    assert_eq!(s.as_u16(), 201, "{v}");
}

/// The secret of a link `/play/{game}#secret=…`.
fn secret(path: &Value) -> String {
    path.as_str().unwrap().split_once("secret=").unwrap().1.to_string()
}

/// Who the seat secret makes its holder in game `id` (`black`, `white` or null), and the phase.
async fn holder(r: &axum::Router, id: &Value, secret: &str) -> (Value, Value) {
    let path = format!("/api/games/{id}/view");
    let (s, v) = raw(r, "GET", &path, &[("x-seat-secret", secret)], None).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    (v["you"].clone(), v["phase"].clone())
}

/// Each board's links as `board: black path / white path`.
fn paths(links: &Value) -> Vec<String> {
    links["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            format!(
                "{}: {} / {}",
                b["board"], b["seats"]["black"]["link"]["path"], b["seats"]["white"]["link"]["path"]
            )
        })
        .collect()
}

#[tokio::test]
async fn a_rounds_links_are_shown_again_after_a_restart_and_a_new_link_replaces_one() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    two_boards(r, &td, "ev").await;
    let start = json!({ "time": "30m" });
    let (s, started) = call(
        r,
        "POST",
        "/api/events/ev/rounds/1/games",
        Some(&td),
        Some(start.clone()),
    )
    .await;
    assert_eq!(s.as_u16(), 201, "{started}");
    let (s, links) = call(r, "GET", "/api/events/ev/rounds/1/links", Some(&td), None).await;
    assert_eq!(s.as_u16(), 200, "{links}");
    // The links shown again are the ones given at the start, with their players, full URLs
    // and QR codes.
    let given: Vec<String> = started["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            format!(
                "{}: \"{}\" / \"{}\"",
                g["board"],
                g["links"]["black"].as_str().unwrap(),
                g["links"]["white"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(paths(&links), given);
    let b1 = &links["boards"][0];
    assert_eq!(
        (
            b1["seats"]["black"]["player"].as_str(),
            b1["seats"]["white"]["player"].as_str()
        ),
        (Some("Ann"), Some("Bob"))
    );
    let url = b1["seats"]["black"]["link"]["url"].as_str().unwrap();
    assert!(url.starts_with("http://") && url.ends_with(b1["seats"]["black"]["link"]["path"].as_str().unwrap()));
    assert!(b1["seats"]["black"]["link"]["qr"].as_str().unwrap().contains("<svg"));

    // A second start is refused in both languages, and changes nothing.
    let (s, v) = call(
        r,
        "POST",
        "/api/events/ev/rounds/1/games",
        Some(&td),
        Some(start.clone()),
    )
    .await;
    assert_eq!(
        (
            s.as_u16(),
            v["key"].as_str(),
            v["zh"].as_str().unwrap().contains("第1轮已开始")
        ),
        (409, Some("round.err.started"), true),
        "{v}"
    );
    let (_, again) = call(r, "GET", "/api/events/ev/rounds/1/links", Some(&td), None).await;
    assert_eq!(paths(&again), given);

    // After a restart the same links are shown, and they still open their seats.
    let dir = a.dir.clone();
    drop(a);
    let s2 = server::Server::open(&server::Config {
        db: dir.join("weiqi.db"),
        rate_limit: 0,
        ..server::Config::default()
    })
    .await
    .unwrap();
    let r = &s2.router();
    let (_, after) = call(r, "GET", "/api/events/ev/rounds/1/links", Some(&td), None).await;
    assert_eq!(paths(&after), given);
    let game = after["boards"][0]["game"].clone();
    let old_black = secret(&after["boards"][0]["seats"]["black"]["link"]["path"]);
    assert_eq!(holder(r, &game, &old_black).await.0, json!("black"));

    // "New link": the old one stops at once, the new one is shown from then on.
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{game}/seats/black/link"),
        Some(&td),
        None,
    )
    .await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let (s, shown) = call(r, "GET", &format!("/api/games/{game}/links"), Some(&td), None).await;
    assert_eq!(s.as_u16(), 200, "{shown}");
    assert_eq!(shown["seats"]["black"]["link"]["path"], v["link"]);
    assert_eq!(
        shown["seats"]["white"]["link"]["path"],
        after["boards"][0]["seats"]["white"]["link"]["path"]
    );
    assert_eq!(holder(r, &game, &old_black).await.0, Value::Null);
    assert_eq!(holder(r, &game, &secret(&v["link"])).await.0, json!("black"));

    // Only the officials see them.
    let stranger = login(r, "stranger").await;
    let (s, _) = call(r, "GET", "/api/events/ev/rounds/1/links", Some(&stranger), None).await;
    assert_eq!(s.as_u16(), 403);
    let (s, _) = call(r, "GET", &format!("/api/games/{game}/links"), Some(&stranger), None).await;
    assert_eq!(s.as_u16(), 403);
    let (s, _) = call(r, "GET", &format!("/api/games/{game}/links"), None, None).await;
    assert_eq!(s.as_u16(), 401);
    let ref_role = json!({ "account": "stranger", "role": "referee" });
    let (s, v) = call(r, "PUT", "/api/events/ev/roles", Some(&td), Some(ref_role)).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    let (s, _) = call(r, "GET", "/api/events/ev/rounds/1/links", Some(&stranger), None).await;
    assert_eq!(s.as_u16(), 200);
}

#[tokio::test]
async fn a_free_games_creator_sees_its_links_again() {
    let a = app().await;
    let r = &a.router;
    let li = login(r, "li").await;
    let (id, black, white) = game(r, &li, "none").await;
    let (s, v) = call(r, "GET", &format!("/api/games/{id}/links"), Some(&li), None).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    assert_eq!(secret(&v["seats"]["black"]["link"]["path"]), black);
    assert_eq!(secret(&v["seats"]["white"]["link"]["path"]), white);
    let other = login(r, "other").await;
    let (s, _) = call(r, "GET", &format!("/api/games/{id}/links"), Some(&other), None).await;
    assert_eq!(s.as_u16(), 403);
}

#[tokio::test]
async fn boards_started_alone_wait_for_both_players_or_the_directors_start() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    two_boards(r, &td, "ev").await;
    // Board 1 only, its clock waiting for the players.
    let start = json!({ "time": "30m", "boards": [1], "clocks": "seated" });
    let (s, v) = call(r, "POST", "/api/events/ev/rounds/1/games", Some(&td), Some(start)).await;
    assert_eq!((s.as_u16(), v["games"].as_array().unwrap().len()), (201, 1), "{v}");
    let (_, setup) = call(r, "GET", "/api/events/ev/rounds/1/setup", Some(&td), None).await;
    let started: Vec<bool> = setup["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["started"] == true)
        .collect();
    assert_eq!(started, [true, false]);
    let g1 = v["games"][0]["game"].clone();
    let (b, w) = (
        secret(&v["games"][0]["links"]["black"]),
        secret(&v["games"][0]["links"]["white"]),
    );
    // Black opens the link: seated, the clock still waits; White opens it: the clock runs.
    assert_eq!(holder(r, &g1, &b).await, (json!("black"), json!("setup")));
    let (_, links) = call(r, "GET", "/api/events/ev/rounds/1/links", Some(&td), None).await;
    let seats = &links["boards"][0]["seats"];
    assert!(
        seats["black"]["seated_at"].is_u64() && seats["white"]["seated_at"].is_null(),
        "{seats}"
    );
    assert_eq!(holder(r, &g1, &w).await, (json!("white"), json!("play")));
    assert_eq!(holder(r, &g1, &b).await.1, json!("play"));

    // Board 1 again: refused; board 2 and one that is not there: refused in both languages.
    let again = json!({ "time": "30m", "boards": [1], "clocks": "seated" });
    let (s, v) = call(r, "POST", "/api/events/ev/rounds/1/games", Some(&td), Some(again)).await;
    assert_eq!(
        (s.as_u16(), v["key"].as_str()),
        (409, Some("round.err.board_started")),
        "{v}"
    );
    let none = json!({ "time": "30m", "boards": [9] });
    let (s, v) = call(r, "POST", "/api/events/ev/rounds/1/games", Some(&td), Some(none)).await;
    assert_eq!(
        (s.as_u16(), v["key"].as_str()),
        (400, Some("round.err.no_board")),
        "{v}"
    );

    // Board 2, "when seated": only Cid comes; the director starts the clock with Dan absent;
    // Dan's link then records his arrival (Art. 22.1).
    let rest = json!({ "time": "30m", "clocks": "seated", "scheduled_start_ms": 1_000 });
    let (s, v) = call(r, "POST", "/api/events/ev/rounds/1/games", Some(&td), Some(rest)).await;
    assert_eq!((s.as_u16(), v["games"][0]["board"].as_u64()), (201, Some(2)), "{v}");
    let g2 = v["games"][0]["game"].clone();
    let (cid, dan) = (
        secret(&v["games"][0]["links"]["black"]),
        secret(&v["games"][0]["links"]["white"]),
    );
    assert_eq!(holder(r, &g2, &cid).await.1, json!("setup"));
    let (s, v) = call(r, "POST", &format!("/api/games/{g2}/start"), Some(&td), None).await;
    assert_eq!((s.as_u16(), v["late"].clone()), (200, json!(["white"])), "{v}");
    let (s, v) = call(r, "POST", &format!("/api/games/{g2}/start"), Some(&td), None).await;
    assert_eq!(s.as_u16(), 422, "{v}");
    // Art. 22.1: Dan's lateness counts from the round's scheduled start (1 s after the
    // epoch), not from the clock's start: decades, beyond the hour's limit, so he forfeits.
    assert_eq!(holder(r, &g2, &dan).await, (json!("white"), json!("decided")));
    let (_, ev) = call(r, "GET", &format!("/api/games/{g2}/events?since=1"), None, None).await;
    let kinds: Vec<String> = ev["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            format!(
                "{} {}",
                e["event"]["by"].as_str().unwrap(),
                e["event"]["action"]["type"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(kinds, ["account:director start", "seat:white arrive"], "{ev}");
    let said = ev["events"][1]["en"].as_str().unwrap_or_default();
    assert!(said.contains("forfeit") || said.contains("B+F"), "{said}");
    // Every board has its game: a start without boards is the 409.
    let (s, v) = call(
        r,
        "POST",
        "/api/events/ev/rounds/1/games",
        Some(&td),
        Some(json!({ "time": "30m" })),
    )
    .await;
    assert_eq!((s.as_u16(), v["key"].as_str()), (409, Some("round.err.started")), "{v}");
}

/// Art. 22.1 on a board whose clock waits for both players: each player who sat down after
/// the round's scheduled start is late by that much, counted to the instant they opened
/// their link (not to the start), and charged twice; one who sat down in time is not.
#[tokio::test]
async fn players_seated_after_the_scheduled_start_are_charged_their_own_lateness() {
    const T0: u64 = 1_800_000_000_000;
    // The round is scheduled a minute after the boards are started.
    const START: u64 = T0 + 60_000;
    let time = server::time::Time::held(T0);
    let a = app_with(|c| c.time = time.clone()).await;
    let r = &a.router;
    let td = login(r, "director").await;
    two_boards(r, &td, "ev").await;
    let start = json!({ "time": "1h", "clocks": "seated", "scheduled_start_ms": START });
    let (s, v) = call(r, "POST", "/api/events/ev/rounds/1/games", Some(&td), Some(start)).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let seats = |k: usize| {
        (
            v["games"][k]["game"].clone(),
            secret(&v["games"][k]["links"]["black"]),
            secret(&v["games"][k]["links"]["white"]),
        )
    };
    let ((g1, ann, bob), (g2, cid, dan)) = (seats(0), seats(1));
    // Cid sits down before the start; Ann 4 minutes after it, Bob 10, Dan 16.
    assert_eq!(holder(r, &g2, &cid).await, (json!("black"), json!("setup")));
    time.set(START + 240_000);
    assert_eq!(holder(r, &g1, &ann).await, (json!("black"), json!("setup")));
    time.set(START + 600_000);
    assert_eq!(holder(r, &g1, &bob).await, (json!("white"), json!("play")));
    time.set(START + 960_000);
    assert_eq!(holder(r, &g2, &dan).await, (json!("white"), json!("play")));

    let said = |g: Value| async move {
        let (_, ev) = call(r, "GET", &format!("/api/games/{g}/events?since=0"), None, None).await;
        ev["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["event"]["by"] == json!("system"))
            .map(|e| e["en"].as_str().unwrap_or_default().to_string())
            .collect::<Vec<_>>()
    };
    let board1 = said(g1.clone()).await;
    assert!(
        board1
            .iter()
            .any(|s| s == "Black arrives, 4 minutes late, charged twice: 8 minutes (Art. 22.1)"),
        "{board1:?}"
    );
    assert!(
        board1
            .iter()
            .any(|s| s == "White arrives, 10 minutes late, charged twice: 20 minutes (Art. 22.1)"),
        "{board1:?}"
    );
    let board2 = said(g2.clone()).await;
    assert!(
        board2
            .iter()
            .any(|s| s == "White arrives, 16 minutes late, charged twice: 32 minutes (Art. 22.1)"),
        "{board2:?}"
    );
    assert!(!board2.iter().any(|s| s.starts_with("Black arrives")), "{board2:?}");

    // The clocks: each late player charged twice their own lateness; board 1's Black clock
    // has run since Bob sat down, six minutes ago.
    let (_, view) = call(r, "GET", &format!("/api/games/{g1}/view"), None, None).await;
    assert_eq!(
        view["clock"]["black"]["used_ms"],
        json!(480_000 + 360_000),
        "{}",
        view["clock"]
    );
    assert_eq!(view["clock"]["white"]["used_ms"], json!(1_200_000), "{}", view["clock"]);
    let (_, view) = call(r, "GET", &format!("/api/games/{g2}/view"), None, None).await;
    assert_eq!(view["clock"]["black"]["used_ms"], json!(0), "{}", view["clock"]);
    assert_eq!(view["clock"]["white"]["used_ms"], json!(1_920_000), "{}", view["clock"]);
}

/// A player cannot say when they sat down: an earlier arrival is the system's record alone.
#[tokio::test]
async fn a_player_cannot_record_an_earlier_arrival() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    two_boards(r, &td, "ev").await;
    let start = json!({ "time": "30m", "boards": [1], "clocks": "seated", "scheduled_start_ms": 1_000 });
    let (_, v) = call(r, "POST", "/api/events/ev/rounds/1/games", Some(&td), Some(start)).await;
    let g = v["games"][0]["game"].clone();
    let (ann, bob) = (
        secret(&v["games"][0]["links"]["black"]),
        secret(&v["games"][0]["links"]["white"]),
    );
    assert_eq!(holder(r, &g, &ann).await.1, json!("setup"));
    let (s, v) = call(r, "POST", &format!("/api/games/{g}/start"), Some(&td), None).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    let seq = v["state"]["seq"].clone();
    let claim = json!({ "seq": seq, "action": { "type": "arrive", "side": "white", "seated_ms": 1_000 } });
    let path = format!("/api/games/{g}/actions");
    let (s, v) = raw(r, "POST", &path, &[("x-seat-secret", &bob)], Some(claim.to_string())).await;
    assert_eq!(
        (s.as_u16(), v["key"].as_str()),
        (403, Some("referee.err.not_permitted")),
        "{v}"
    );
    assert!(v["zh"].as_str().unwrap().contains("系统"), "{v}");
}

/// On PostgreSQL every instance derives the same links (one server key in the database): a
/// round started through one instance shows its links through another, and they open their
/// seats there; a board's clock waits there too for both players.
#[tokio::test]
async fn every_instance_shows_the_same_links_on_postgres() {
    let db = PgSchema::new().await;
    let (a, b) = (db.app().await, db.app().await);
    let (ra, rb) = (&a.router, &b.router);
    let td = login(ra, "director").await;
    two_boards(ra, &td, "ev").await;
    let start = json!({ "time": "30m", "clocks": "seated" });
    let (s, started) = call(ra, "POST", "/api/events/ev/rounds/1/games", Some(&td), Some(start)).await;
    assert_eq!(s.as_u16(), 201, "{started}");
    let (_, on_a) = call(ra, "GET", "/api/events/ev/rounds/1/links", Some(&td), None).await;
    let (_, on_b) = call(rb, "GET", "/api/events/ev/rounds/1/links", Some(&td), None).await;
    assert_eq!(paths(&on_a), paths(&on_b));
    let game = on_b["boards"][0]["game"].clone();
    let black = secret(&on_b["boards"][0]["seats"]["black"]["link"]["path"]);
    let white = secret(&on_b["boards"][0]["seats"]["white"]["link"]["path"]);
    assert_eq!(holder(rb, &game, &black).await, (json!("black"), json!("setup")));
    assert_eq!(holder(ra, &game, &white).await, (json!("white"), json!("play")));
}
