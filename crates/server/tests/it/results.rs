//! Results of live games in their event: a confirmed result reaches the event from the
//! server (no page has to collect it), a missing one is written at the next start, and a
//! result entered by hand ends the live game of its board (the chief referee's adjudication,
//! Art. 13.1) or corrects a final one (Art. 16.4). A live game is its board's only while the
//! board pairs its players (Black first): a game is created only for such a board, one board
//! has one game, and a game left over from a pairing undone writes nothing into the event.
//! Each scenario on SQLite and on PostgreSQL, where the event lives in the schema of the
//! server's own tables.

use crate::support::*;
use expect_test::expect;
use serde_json::{Value, json};

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

    /// Runs `f` on a store of the same database beside the server's, as `weiqi event` does
    /// (off the runtime: the PostgreSQL client is synchronous).
    async fn beside<R: Send + 'static>(&self, f: impl FnOnce(&mut storage::Store) -> R + Send + 'static) -> R {
        let open: Box<dyn FnOnce() -> storage::Store + Send> = match self {
            Backend::Sqlite(a) => {
                let path = a.dir.join("weiqi.db");
                Box::new(move || storage::Store::open(&path).unwrap())
            }
            Backend::Postgres(db, _) => {
                let url = db.url.clone();
                Box::new(move || storage::Store::open_postgres(&url).unwrap())
            }
        };
        tokio::task::spawn_blocking(move || f(&mut open())).await.unwrap()
    }

    /// Runs SQL on the database beside the server (the server's tables).
    async fn sql(&self, sql: &str) {
        match self {
            Backend::Sqlite(a) => rusqlite::Connection::open(a.dir.join("weiqi.db"))
                .unwrap()
                .execute_batch(sql)
                .unwrap(),
            Backend::Postgres(db, _) => {
                let c = pg_admin().await;
                c.batch_execute(&format!("SET search_path = {}; {sql}", db.name))
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

/// The tokens of the chief referee and a referee of the event `cup`.
struct Officials {
    chief: String,
    referee: String,
}

/// The Swiss event `cup` of four players (Li, Wang, Zhao, Sun, all 3d) with its officials
/// and round 1 paired.
async fn cup(r: &axum::Router) -> Officials {
    let org = login(r, "organizer").await;
    let chief = login(r, "chief").await;
    let referee = login(r, "referee").await;
    let event =
        json!({ "id": "cup", "name": "Cup", "system": { "kind": "swiss" }, "rounds": 3, "time_control": "30m" });
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
    Officials { chief, referee }
}

/// Enters `result` for `board` of `round` of `cup` as `token`: the answer, briefly.
async fn enter(r: &axum::Router, token: &str, round: usize, board: usize, result: &str, correct: bool) -> String {
    let body = json!({ "round": round, "board": board, "result": result, "correct": correct });
    let (s, v) = call(r, "POST", "/api/events/cup/results", Some(token), Some(body)).await;
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

/// The pairing of round `n` of `cup`: each board's (Black, White).
async fn pairing(r: &axum::Router, n: usize) -> Vec<(String, String)> {
    let (_, ev) = call(r, "GET", "/api/events/cup", None, None).await;
    ev["rounds"][n - 1]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["black"].as_str().unwrap().into(), g["white"].as_str().unwrap().into()))
        .collect()
}

/// The event's live games, in order: round, board, phase (their ids differ by backend: an
/// insert refused takes a number on PostgreSQL).
async fn live_games(r: &axum::Router) -> String {
    let (_, v) = call(r, "GET", "/api/games?event=cup", None, None).await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|g| format!("round {} board {} {}", g["round"], g["board"], g["phase"]))
        .collect::<Vec<_>>()
        .join("; ")
}

async fn scenario(backend: Backend) {
    let r = &backend.app().router;
    let Officials { chief, referee, .. } = cup(r).await;
    let one = board_game(r, &chief, 1, 1).await;
    let two = board_game(r, &chief, 1, 2).await;
    let mut out = Vec::new();
    let enter = |token: &str, round: usize, board: usize, result: &str, correct: bool| {
        let token = token.to_string();
        let result = result.to_string();
        async move { enter(r, &token, round, board, &result, correct).await }
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

/// Asks for a live game on `board` of `round` (event `cup` unless `event` is given otherwise)
/// with the players named in this order: the answer, briefly.
async fn post_game(r: &axum::Router, token: &str, body: Value) -> String {
    let (s, v) = call(r, "POST", "/api/games", Some(token), Some(body)).await;
    match v.get("error") {
        Some(_) => line(s, &v),
        None => format!("{} game {}", s.as_u16(), v["game"]),
    }
}

fn game_body(players: [&str; 2], event: Option<&str>, round: Option<usize>, board: Option<usize>) -> Value {
    json!({
        "settings": { "players": [{ "name": players[0], "rank": "3d" }, { "name": players[1], "rank": "3d" }],
            "size": 9, "time": "1h" },
        "event": event, "round": round, "board": board,
    })
}

#[tokio::test]
async fn a_game_of_an_event_is_for_a_board_of_its_pairing_black_first() {
    a_game_of_an_event_is_for_a_board_of_its_pairing_black_first_on(Backend::Sqlite(app().await)).await;
}

#[tokio::test]
async fn a_game_of_an_event_is_for_a_board_of_its_pairing_black_first_on_postgres() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    a_game_of_an_event_is_for_a_board_of_its_pairing_black_first_on(Backend::Postgres(db, a)).await;
}

/// A live game of an event names a board of a paired round, and its players are that
/// board's, the pairing's Black first (the event's result names the pairing's colours, and
/// a result is mapped through the seat each player sat in); each mistake is a 400 naming it.
/// One board has one live game: a second is a 409, and two starts of a round at once make
/// one game per board.
async fn a_game_of_an_event_is_for_a_board_of_its_pairing_black_first_on(backend: Backend) {
    let r = &backend.app().router;
    let Officials { chief, .. } = cup(r).await;
    let p = pairing(r, 1).await;
    let (b1, w1) = (p[0].0.as_str(), p[0].1.as_str());
    let (b2, w2) = (p[1].0.as_str(), p[1].1.as_str());
    let mut out = Vec::new();
    for (what, body) in [
        ("White first", game_body([w1, b1], Some("cup"), Some(1), Some(1))),
        (
            "another board's players",
            game_body([b2, w2], Some("cup"), Some(1), Some(1)),
        ),
        ("a board not paired", game_body([b1, w1], Some("cup"), Some(1), Some(9))),
        ("a round not paired", game_body([b1, w1], Some("cup"), Some(2), Some(1))),
        ("no board", game_body([b1, w1], Some("cup"), Some(1), None)),
        ("a board and no event", game_body([b1, w1], None, Some(1), Some(1))),
        (
            "the pairing's players, Black first",
            game_body([b1, w1], Some("cup"), Some(1), Some(1)),
        ),
        (
            "the same board again",
            game_body([b1, w1], Some("cup"), Some(1), Some(1)),
        ),
    ] {
        out.push(format!("{what}: {}", post_game(r, &chief, body).await));
    }
    // Round 1 started three times at once (a double click, and another official's): one
    // game for board 2, none again for board 1.
    let start = || async {
        let body = json!({ "time": "1h", "size": 9 });
        call(r, "POST", "/api/events/cup/rounds/1/games", Some(&chief), Some(body)).await
    };
    let (x, y, z) = tokio::join!(start(), start(), start());
    let mut made: Vec<u64> = Vec::new();
    for (s, v) in [x, y, z] {
        // The loser of the race is told the board started (409) or finds it started (201).
        assert!([201, 409].contains(&s.as_u16()), "{s} {v}");
        made.extend(
            v["games"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|g| g["board"].as_u64().unwrap()),
        );
    }
    out.push(format!("three starts at once made games for boards {made:?}"));
    out.push(live_games(r).await);
    expect![[r#"
        White first: 400 bad_request: board 1 of round 1 of event "cup" pairs "Li" (Black) with "Zhao" (White), not "Zhao" (Black) with "Li" (White): list the pairing's Black first, then its White
        another board's players: 400 bad_request: board 1 of round 1 of event "cup" pairs "Li" (Black) with "Zhao" (White), not "Wang" (Black) with "Sun" (White): list the pairing's Black first, then its White
        a board not paired: 400 bad_request: round 1 of event "cup" has no board 9 (boards 1 to 2)
        a round not paired: 400 bad_request: round 2 of event "cup" is not paired (1 round(s) paired so far)
        no board: 400 bad_request: a game of event cup is for one of its boards: give its round and board
        a board and no event: 400 bad_request: round and board name a board of an event: give the event too
        the pairing's players, Black first: 201 game 1
        the same board again: 409 conflict: round 1 board 1 of event "cup" has a live game already: board already started
        three starts at once made games for boards [2]
        round 1 board 1 "play"; round 1 board 2 "play"
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}

#[tokio::test]
async fn a_game_left_from_a_pairing_undone_writes_nothing_into_the_new_one() {
    a_game_left_from_a_pairing_undone_writes_nothing_into_the_new_one_on(Backend::Sqlite(app().await)).await;
}

#[tokio::test]
async fn a_game_left_from_a_pairing_undone_writes_nothing_into_the_new_one_on_postgres() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    a_game_left_from_a_pairing_undone_writes_nothing_into_the_new_one_on(Backend::Postgres(db, a)).await;
}

/// Round 1's games are under way. The server will not unpair the round while they are played
/// (409 naming them); `weiqi event unpair` does, and the round is paired again with other
/// players on each board. The old games are no board's: a result entered for board 1 leaves
/// the old game of board 1 alone, the old game of board 2 ends and is confirmed without its
/// result reaching the event (nor through collect, nor at the next start), and board 2 gets
/// a game of its own (the old one is detached from it).
async fn a_game_left_from_a_pairing_undone_writes_nothing_into_the_new_one_on(backend: Backend) {
    let r = &backend.app().router;
    let Officials { chief, .. } = cup(r).await;
    let one = board_game(r, &chief, 1, 1).await;
    let two = board_game(r, &chief, 1, 2).await;
    let mut out = Vec::new();
    let (s, v) = call(r, "DELETE", "/api/events/cup/rounds/1", Some(&chief), None).await;
    out.push(format!("the server unpairs round 1: {}", line(s, &v)));
    let p = pairing(r, 1).await;
    let again = vec![(p[0].0.clone(), p[1].0.clone()), (p[0].1.clone(), p[1].1.clone())];
    let shown = format!("{again:?}");
    backend
        .beside(move |s| {
            s.unpair("cup", 1).unwrap();
            s.pair_manual("cup", &again, &[]).unwrap();
        })
        .await;
    out.push(format!("weiqi event unpair 1, then pair by hand: {shown}"));
    out.push(format!(
        "chief enters B+R on board 1: {}",
        enter(r, &chief, 1, 1, "B+R", false).await
    ));
    out.push(game_line(r, one.game).await);
    resign_and_confirm(r, &chief, &two).await;
    out.push(game_line(r, two.game).await);
    let (_, v) = call(r, "POST", "/api/events/cup/collect", Some(&chief), None).await;
    out.push(format!("collect: {}", v["recorded"]));
    let (s, v) = call(
        r,
        "POST",
        "/api/events/cup/rounds/1/games",
        Some(&chief),
        Some(json!({ "time": "1h", "size": 9 })),
    )
    .await;
    let made: Vec<String> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| format!("a game on board {}", g["board"]))
        .collect();
    out.push(format!("round 1's games start: {} {made:?}", s.as_u16()));
    out.push(live_games(r).await);
    let restarted = backend.restart().await;
    out.push(format!(
        "after a restart, round 1: {}",
        event_results(&restarted.router, 1).await
    ));
    expect![[r#"
        the server unpairs round 1: 409 conflict: round 1 of event cup has live games in play (game 1 on board 1, game 2 on board 2): they must end before the round is unpaired (a result, or the chief referee's ruling)
        weiqi event unpair 1, then pair by hand: [("Li", "Wang"), ("Zhao", "Sun")]
        chief enters B+R on board 1: 200 recorded "new" (live game: null)
        game 1: "play" clock running="black" last: "The game starts" by "system"
        game 2: "final" clock running=null last: "The referee confirms the result; result final: white wins by resignation (Art. 16.4)" by "account:chief"
        collect: []
        round 1's games start: 201 ["a game on board 2"]
        round 1 board 1 "play"; round null board null "final"; round 1 board 2 "play"
        after a restart, round 1: 1: "B+R", 2: null
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}

#[tokio::test]
async fn an_old_database_with_two_games_on_a_board_keeps_the_newest_there() {
    an_old_database_with_two_games_on_a_board_keeps_the_newest_there_on(Backend::Sqlite(app().await)).await;
}

#[tokio::test]
async fn an_old_database_with_two_games_on_a_board_keeps_the_newest_there_on_postgres() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    an_old_database_with_two_games_on_a_board_keeps_the_newest_there_on(Backend::Postgres(db, a)).await;
}

/// A database from before the one-game-per-board index, with two games on board 1 (two starts
/// at once): the migration keeps the newest on the board and detaches the other, then the
/// index holds.
/// The database is taken back to before the board index (the migration after it creates its
/// tables only if they are not there, so it runs again unharmed; the one after that, the
/// account names' skeletons, is undone too; the last, the server's key and the seats taken,
/// creates its tables only if they are not there).
async fn an_old_database_with_two_games_on_a_board_keeps_the_newest_there_on(backend: Backend) {
    let r = &backend.app().router;
    let Officials { chief, .. } = cup(r).await;
    board_game(r, &chief, 1, 1).await;
    backend
        .sql(
            "DROP INDEX server_game_board;
             DROP INDEX server_account_skeleton;
             ALTER TABLE server_account DROP COLUMN skeleton;
             DELETE FROM server_schema_version WHERE version >= (SELECT MAX(version) FROM server_schema_version) - 3;
             INSERT INTO server_game (event_id, round, board, settings, secret_black, secret_white, owner, created_at)
                 SELECT event_id, round, board, settings, secret_black, secret_white, owner, created_at
                 FROM server_game WHERE id = 1;
             INSERT INTO server_game_event (game_id, seq, event)
                 SELECT (SELECT MAX(id) FROM server_game), seq, event FROM server_game_event WHERE game_id = 1;",
        )
        .await;
    let before = live_games(r).await;
    let again = backend.restart().await;
    let (_, v) = call(&again.router, "GET", "/api/games?event=cup", None, None).await;
    let after: Vec<String> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|g| format!("game {} round {} board {}", g["game"], g["round"], g["board"]))
        .collect();
    expect![[r#"
        before: round 1 board 1 "play"; round 1 board 1 "play"
        after: ["game 1 round null board null", "game 2 round 1 board 1"]
    "#]]
    .assert_eq(&format!("before: {before}\nafter: {after:?}\n"));
}

#[tokio::test]
async fn an_entry_that_ends_the_game_but_not_the_event_says_so_and_sent_again_writes_it() {
    an_entry_that_ends_the_game_but_not_the_event_says_so_and_sent_again_writes_it_on(Backend::Sqlite(app().await))
        .await;
}

#[tokio::test]
async fn an_entry_that_ends_the_game_but_not_the_event_says_so_and_sent_again_writes_it_on_postgres() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    an_entry_that_ends_the_game_but_not_the_event_says_so_and_sent_again_writes_it_on(Backend::Postgres(db, a)).await;
}

/// The chief referee's entry adjudicates the game in play (Art. 13.1), then the event's write
/// fails: the error says the live game was changed (and shows it), and the same entry sent
/// again finds the game agreeing and writes the event.
async fn an_entry_that_ends_the_game_but_not_the_event_says_so_and_sent_again_writes_it_on(backend: Backend) {
    let r = &backend.app().router;
    let Officials { chief, .. } = cup(r).await;
    let one = board_game(r, &chief, 1, 1).await;
    let mut out = Vec::new();
    backend.refuse_results(true).await;
    let body = json!({ "round": 1, "board": 1, "result": "B+R" });
    let (s, v) = call(r, "POST", "/api/events/cup/results", Some(&chief), Some(body.clone())).await;
    out.push(format!(
        "{}; live_game: {} {}",
        line(s, &v),
        v["live_game"]["game"],
        v["live_game"]["state"]["phase"]
    ));
    out.push(game_line(r, one.game).await);
    out.push(format!("event, round 1: {}", event_results(r, 1).await));
    backend.refuse_results(false).await;
    out.push(format!("sent again: {}", enter(r, &chief, 1, 1, "B+R", false).await));
    out.push(format!("event, round 1: {}", event_results(r, 1).await));
    expect![[r#"
        500 internal: the server failed; the failure is logged, try again later; the live game 1 was adjudicated already (live_game), but the event was not written: send the same request again to write it; live_game: "adjudicated" "decided"
        game 1: "decided" clock running=null last: "The chief referee adjudicates: black wins by resignation (Art. 13.1)" by "account:chief"
        event, round 1: 1: null, 2: null
        sent again: 200 recorded "new" (live game: "agrees")
        event, round 1: 1: "B+R", 2: null
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}

#[tokio::test]
async fn a_correction_the_event_missed_is_written_at_the_next_start() {
    a_correction_the_event_missed_is_written_at_the_next_start_on(Backend::Sqlite(app().await)).await;
}

#[tokio::test]
async fn a_correction_the_event_missed_is_written_at_the_next_start_on_postgres() {
    let db = PgSchema::new().await;
    let a = db.app().await;
    a_correction_the_event_missed_is_written_at_the_next_start_on(Backend::Postgres(db, a)).await;
}

/// A final game's result reaches the event; the chief referee corrects it in the game (Art.
/// 16.4) while the event refuses writes; the next start writes the correction over the
/// result the event holds.
async fn a_correction_the_event_missed_is_written_at_the_next_start_on(backend: Backend) {
    let r = &backend.app().router;
    let Officials { chief, .. } = cup(r).await;
    let two = board_game(r, &chief, 1, 2).await;
    resign_and_confirm(r, &chief, &two).await;
    let mut out = vec![format!("event, round 1: {}", event_results(r, 1).await)];
    backend.refuse_results(true).await;
    let correct = json!({ "seq": 6, "as": "chief_referee", "action": { "type": "correct", "article": "16.4",
        "outcome": { "result": "win", "winner": "black", "how": { "by": "resignation" } } } });
    let path = format!("/api/games/{}/actions", two.game);
    let (s, v) = call(r, "POST", &path, Some(&chief), Some(correct)).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    out.push(game_line(r, two.game).await);
    out.push(format!("event, round 1: {}", event_results(r, 1).await));
    backend.refuse_results(false).await;
    let again = backend.restart().await;
    out.push(format!(
        "after a restart, round 1: {}",
        event_results(&again.router, 1).await
    ));
    expect![[r#"
        event, round 1: 1: null, 2: "W+R"
        game 1: "final" clock running=null last: "The chief referee corrects the confirmed result: black wins by resignation (Art. 16.4)" by "account:chief"
        event, round 1: 1: null, 2: "W+R"
        after a restart, round 1: 1: null, 2: "B+R"
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}
