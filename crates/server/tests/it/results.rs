//! Results of live games in their event: a confirmed result reaches the event from the
//! server (no page has to collect it), a missing one is written at the next start, and a
//! result entered by hand ends the live game of its board (the chief referee's adjudication,
//! Art. 13.1) or corrects a final one (Art. 16.4). The same scenario on SQLite and on
//! PostgreSQL, where the event lives in the schema of the server's own tables.

use crate::support::*;
use expect_test::expect;
use serde_json::{Value, json};

fn line(status: axum::http::StatusCode, v: &Value) -> String {
    match v.get("error") {
        Some(e) => format!(
            "{} {}: {}",
            status.as_u16(),
            e.as_str().unwrap_or("?"),
            v["message"].as_str().unwrap_or("")
        ),
        None => format!("{} ok", status.as_u16()),
    }
}

/// The results of round `n` as the event holds them: `board: result`.
async fn event_results(r: &axum::Router, n: usize) -> String {
    let (_, v) = call(r, "GET", "/api/events/cup", None, None).await;
    v["rounds"][n - 1]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| format!("{}: {}", g["board"], g["result"]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game's phase, whether its clock runs, and its last event, briefly.
async fn game_line(r: &axum::Router, id: i64) -> String {
    let (_, s) = call(r, "GET", &format!("/api/games/{id}"), None, None).await;
    let (_, v) = call(r, "GET", &format!("/api/games/{id}/events"), None, None).await;
    let last = v["events"].as_array().unwrap().last().unwrap().clone();
    format!(
        "game {id}: {} clock running={} last: {} by {}",
        s["phase"], s["clock"]["running"], last["en"], last["event"]["by"]
    )
}

struct Board {
    game: i64,
    black: String,
    white: String,
}

/// A live game for `board` of `round`, created by the chief referee with the pairing's
/// players (Black first).
async fn board_game(r: &axum::Router, chief: &str, round: usize, board: usize) -> Board {
    let (_, ev) = call(r, "GET", "/api/events/cup", None, None).await;
    let g = &ev["rounds"][round - 1]["games"][board - 1];
    let settings = json!({ "players": [{ "name": g["black"], "rank": "3d" }, { "name": g["white"], "rank": "3d" }],
        "size": 9, "time": "1h" });
    let body = json!({ "settings": settings, "event": "cup", "round": round, "board": board });
    let (s, v) = call(r, "POST", "/api/games", Some(chief), Some(body)).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    Board {
        game: v["game"].as_i64().unwrap(),
        black: v["secrets"]["black"].as_str().unwrap().into(),
        white: v["secrets"]["white"].as_str().unwrap().into(),
    }
}

/// Black resigns; both players and the chief referee (as referee) confirm: final.
async fn resign_and_confirm(r: &axum::Router, chief: &str, b: &Board) {
    let (s, v) = act(r, b.game, &b.black, 2, json!({ "type": "resign" })).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    for (i, secret) in [&b.black, &b.white].into_iter().enumerate() {
        let (s, v) = act(r, b.game, secret, 3 + i as u64, json!({ "type": "confirm" })).await;
        assert_eq!(s.as_u16(), 200, "{v}");
    }
    let cmd = json!({ "seq": 5, "action": { "type": "confirm" }, "as": "referee" });
    let (s, v) = call(
        r,
        "POST",
        &format!("/api/games/{}/actions", b.game),
        Some(chief),
        Some(cmd),
    )
    .await;
    assert_eq!(s.as_u16(), 200, "{v}");
}

/// Where the scenario runs: the database, a way to make the event refuse results (as if the
/// server stopped between the game's last event and the event's write), and a restart.
enum Backend {
    Sqlite(App),
    Postgres(PgSchema, App),
}

impl Backend {
    fn app(&self) -> &App {
        match self {
            Backend::Sqlite(a) | Backend::Postgres(_, a) => a,
        }
    }

    /// Makes every insert into the event's results fail (`on`), or lifts that.
    async fn refuse_results(&self, on: bool) {
        match self {
            Backend::Sqlite(a) => {
                let sql = rusqlite::Connection::open(a.dir.join("weiqi.db")).unwrap();
                sql.execute_batch(if on {
                    "CREATE TRIGGER no_results BEFORE INSERT ON result BEGIN SELECT RAISE(ABORT, 'injected'); END;"
                } else {
                    "DROP TRIGGER no_results"
                })
                .unwrap();
            }
            Backend::Postgres(db, _) => {
                let s = &db.name;
                pg_admin()
                    .await
                    .batch_execute(&if on {
                        format!(
                            "CREATE FUNCTION {s}.no_results() RETURNS trigger LANGUAGE plpgsql \
                             AS $$ BEGIN RAISE EXCEPTION 'injected'; END $$; \
                             CREATE TRIGGER no_results BEFORE INSERT ON {s}.result \
                             FOR EACH ROW EXECUTE FUNCTION {s}.no_results();"
                        )
                    } else {
                        format!("DROP TRIGGER no_results ON {s}.result; DROP FUNCTION {s}.no_results();")
                    })
                    .await
                    .unwrap();
            }
        }
    }

    /// A new server on the same database (on PostgreSQL, a second instance beside the first).
    async fn restart(&self) -> App {
        match self {
            Backend::Sqlite(a) => {
                let s = server::Server::open(&server::Config {
                    db: a.dir.join("weiqi.db"),
                    rate_limit: 0,
                    ..server::Config::default()
                })
                .await
                .unwrap();
                App {
                    router: s.router(),
                    server: Some(s),
                    dir: a.dir.clone(),
                }
            }
            Backend::Postgres(db, _) => db.app().await,
        }
    }
}

#[tokio::test]
async fn results_of_live_games_reach_the_event_and_a_result_entered_by_hand_ends_the_game() {
    scenario(Backend::Sqlite(app().await)).await;
}

#[tokio::test]
async fn results_of_live_games_reach_the_event_on_postgres() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    scenario(Backend::Postgres(db, a)).await;
}

async fn scenario(backend: Backend) {
    let r = &backend.app().router;
    let org = login(r, "organizer").await;
    let chief = login(r, "chief").await;
    let referee = login(r, "referee").await;
    let event = json!({ "id": "cup", "name": "Cup", "system": { "kind": "swiss" }, "rounds": 3 });
    assert_eq!(
        call(r, "POST", "/api/events", Some(&org), Some(event)).await.0.as_u16(),
        201
    );
    for (account, role) in [("chief", "chief_referee"), ("referee", "referee")] {
        let body = json!({ "account": account, "role": role });
        assert_eq!(
            call(r, "PUT", "/api/events/cup/roles", Some(&org), Some(body))
                .await
                .0
                .as_u16(),
            200
        );
    }
    for name in ["Li", "Wang", "Zhao", "Sun"] {
        let body = json!({ "name": name, "rank": "3d" });
        assert_eq!(
            call(r, "POST", "/api/events/cup/players", Some(&org), Some(body))
                .await
                .0
                .as_u16(),
            201
        );
    }
    assert_eq!(
        call(r, "POST", "/api/events/cup/rounds", Some(&chief), None)
            .await
            .0
            .as_u16(),
        201
    );
    let one = board_game(r, &chief, 1, 1).await;
    let two = board_game(r, &chief, 1, 2).await;
    let mut out = Vec::new();
    let enter = |token: &str, round: usize, board: usize, result: &str, correct: bool| {
        let body = json!({ "round": round, "board": board, "result": result, "correct": correct });
        let token = token.to_string();
        async move {
            let (s, v) = call(r, "POST", "/api/events/cup/results", Some(&token), Some(body)).await;
            match v.get("error") {
                Some(_) => line(s, &v),
                None => format!(
                    "{} recorded {} (live game: {})",
                    s.as_u16(),
                    v["recorded"],
                    v["live_game"]["game"]
                ),
            }
        }
    };
    // Board 1 is in play: a referee may not end it with a result; the chief referee does.
    out.push(format!(
        "referee enters B+R on board 1: {}",
        enter(&referee, 1, 1, "B+R", false).await
    ));
    out.push(game_line(r, one.game).await);
    out.push(format!(
        "chief enters B+R on board 1: {}",
        enter(&chief, 1, 1, "B+R", false).await
    ));
    out.push(game_line(r, one.game).await);
    // Board 2 is played to its end and confirmed: its result reaches the event by itself.
    resign_and_confirm(r, &chief, &two).await;
    out.push(game_line(r, two.game).await);
    out.push(format!("event, round 1: {}", event_results(r, 1).await));
    // A different result for the final game: only as a correction.
    out.push(format!(
        "chief enters B+R on board 2: {}",
        enter(&chief, 1, 2, "B+R", false).await
    ));
    out.push(format!(
        "chief corrects to B+R: {}",
        enter(&chief, 1, 2, "B+R", true).await
    ));
    out.push(game_line(r, two.game).await);
    out.push(format!("the same again: {}", enter(&chief, 1, 2, "B+R", true).await));
    out.push(format!("event, round 1: {}", event_results(r, 1).await));
    let (_, v) = call(r, "POST", "/api/events/cup/collect", Some(&chief), None).await;
    out.push(format!("collect: {}", v["recorded"]));

    // Round 2, board 1: the event store refuses the write when the game becomes final (as
    // if the server stopped between the two); the next start writes it.
    assert_eq!(
        call(r, "POST", "/api/events/cup/rounds", Some(&chief), None)
            .await
            .0
            .as_u16(),
        201
    );
    let three = board_game(r, &chief, 2, 1).await;
    backend.refuse_results(true).await;
    resign_and_confirm(r, &chief, &three).await;
    out.push(game_line(r, three.game).await);
    out.push(format!("event, round 2: {}", event_results(r, 2).await));
    backend.refuse_results(false).await;
    let again = backend.restart().await;
    let again = &again.router;
    out.push(format!("after a restart, round 2: {}", event_results(again, 2).await));
    expect![[r#"
        referee enters B+R on board 1: 403 forbidden: game 1 on round 1 board 1 has another result or none yet: only the chief referee may end it or correct it with this one (Art. 13.1, 16.4, 30)
        game 1: "play" clock running="black" last: "The game starts" by "system"
        chief enters B+R on board 1: 200 recorded "new" (live game: "adjudicated")
        game 1: "decided" clock running=null last: "The chief referee adjudicates: black wins by resignation (Art. 13.1)" by "account:chief"
        game 2: "final" clock running=null last: "The referee confirms the result; result final: white wins by resignation (Art. 16.4)" by "account:chief"
        event, round 1: 1: "B+R", 2: "W+R"
        chief enters B+R on board 2: 409 conflict: round 1 board 2 of event cup has the result W+R already: a different one is a correction ("correct": true, chief referee)
        chief corrects to B+R: 200 recorded "corrected" (live game: "corrected")
        game 2: "final" clock running=null last: "The chief referee corrects the confirmed result: black wins by resignation (Art. 16.4)" by "account:chief"
        the same again: 200 recorded "unchanged" (live game: "agrees")
        event, round 1: 1: "B+R", 2: "B+R"
        collect: []
        game 3: "final" clock running=null last: "The referee confirms the result; result final: white wins by resignation (Art. 16.4)" by "account:chief"
        event, round 2: 1: null, 2: null
        after a restart, round 2: 1: "W+R", 2: null
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}
