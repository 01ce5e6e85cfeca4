//! The director starts a round's games (`/api/events/{id}/rounds/{n}/setup` and `…/games`):
//! the checks of the form's settings, what the form starts from, and handicap games.

use crate::support::*;
use serde_json::{Value, json};

/// Event `id` of `system` (time control `time`, maybe empty) with `players` (name, rank), its
/// round 1 paired by the director as `games` (Black, White); `token` is its organizer.
async fn paired_event(
    r: &axum::Router,
    token: &str,
    id: &str,
    system: Value,
    time: &str,
    players: &[(&str, &str)],
    games: Value,
) {
    event(r, token, id, system, time, players).await;
    let path = format!("/api/events/{id}/rounds/amended");
    let (s, v) = call(r, "POST", &path, Some(token), Some(json!({ "games": games }))).await;
    assert_eq!(s.as_u16(), 201, "{v}");
}

/// `status error: message` of a refusal, `status ok` otherwise.
/// Regression: a komi of `i32::MIN` half points overflowed `abs` in the round's check (a
/// panic in a debug build); and a game created alone took komi up to 800 points whatever the
/// board, while a round's games took at most the board's N² points. One check now: the
/// board's points, on both paths.
#[tokio::test]
async fn a_komi_beyond_the_board_is_refused_alike_for_a_game_and_a_round() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    paired_event(
        r,
        &td,
        "cup",
        json!({ "kind": "swiss" }),
        "30m",
        &[("Li", "2d"), ("Wang", "1d")],
        json!([["Li", "Wang"]]),
    )
    .await;
    let mut out = Vec::new();
    for (field, k) in [
        ("komi_half_points", i32::MIN),
        ("handicap_komi_half_points", i32::MIN),
        ("komi_half_points", 163),
    ] {
        let body = json!({ "time": "30m", "size": 9, field: k });
        let (s, v) = call(r, "POST", "/api/events/cup/rounds/1/games", Some(&td), Some(body)).await;
        out.push(format!("round, {field} {k}: {}", line(s, &v)));
    }
    for k in [i32::MIN, 163, -163] {
        let settings = json!({ "players": [{ "name": "Li", "rank": "2d" }, { "name": "Wang", "rank": "1d" }],
            "size": 9, "komi_half_points": k });
        let (s, v) = call(
            r,
            "POST",
            "/api/games",
            Some(&td),
            Some(json!({ "settings": settings })),
        )
        .await;
        out.push(format!("game, komi {k}: {}", line(s, &v)));
    }
    // The whole board is the limit, on both paths.
    let settings = json!({ "players": [{ "name": "Li", "rank": "2d" }, { "name": "Wang", "rank": "1d" }],
        "size": 9, "komi_half_points": -162 });
    let (s, v) = call(
        r,
        "POST",
        "/api/games",
        Some(&td),
        Some(json!({ "settings": settings })),
    )
    .await;
    out.push(format!("game, komi -162: {}", line(s, &v)));
    let body = json!({ "time": "30m", "size": 9, "komi_half_points": 162 });
    let (s, v) = call(r, "POST", "/api/events/cup/rounds/1/games", Some(&td), Some(body)).await;
    out.push(format!("round, komi 162: {}", line(s, &v)));
    expect_test::expect![[r#"
        round, komi_half_points -2147483648: 400 bad_request: komi of -1073741824 points is more than the 81 points of a 9×9 board
        round, handicap_komi_half_points -2147483648: 400 bad_request: the komi of the handicap games of -1073741824 points is more than the 81 points of a 9×9 board
        round, komi_half_points 163: 400 bad_request: komi of 81.5 points is more than the 81 points of a 9×9 board
        game, komi -2147483648: 400 bad_request: komi_half_points -2147483648: -1073741824 points is more than the 81 points of a 9×9 board
        game, komi 163: 400 bad_request: komi_half_points 163: 81.5 points is more than the 81 points of a 9×9 board
        game, komi -163: 400 bad_request: komi_half_points -163: -81.5 points is more than the 81 points of a 9×9 board
        game, komi -162: 201 ok
        round, komi 162: 201 ok
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}

/// Regression: an API request without a `time_control` created an event (stored with an
/// empty time control) while the page's form requires one; it is refused now, naming the
/// field in both languages, and nothing is made. An event stored without one (the CLI's
/// `weiqi event create` without `--time-control`) still has its round form start from the
/// default with no error (the form once said "the event has no time control: time control
/// \"\", column 1: empty; …").
#[tokio::test]
async fn an_event_without_a_time_control_is_refused_and_a_stored_one_starts_from_the_default() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    let body = json!({ "id": "cup", "name": "Cup", "system": { "kind": "swiss" }, "rounds": 3 });
    let (s, v) = call(r, "POST", "/api/events", Some(&td), Some(body)).await;
    expect_test::expect![[r#"
        400 event.err.time_missing
          the field time_control is missing: the event needs a time control (Art. 12), e.g. 1h+3x60s, or none for no clock
          缺少字段time_control：比赛须定用时（第十二条），如1h+3x60s，不计时请写none"#]]
    .assert_eq(&format!("{} {}\n  {}\n  {}", s.as_u16(), v["key"].as_str().unwrap(), v["message"].as_str().unwrap(), v["zh"].as_str().unwrap()));
    let (s, _) = call(r, "GET", "/api/events/cup", None, None).await;
    assert_eq!(s.as_u16(), 404, "nothing is made of a refused request");
    // The time control taken away in the store, as an event the CLI made without one.
    event(
        r,
        &td,
        "cup",
        json!({ "kind": "swiss" }),
        "30m",
        &[("Li", "2d"), ("Wang", "1d")],
    )
    .await;
    let mut store = storage::Store::open(&a.dir.join("weiqi.db")).unwrap();
    let settings = tournament::Settings {
        time_control: None,
        ..store.load_event("cup").unwrap().settings().clone()
    };
    store.set_settings("cup", &settings).unwrap();
    let (s, v) = call(
        r,
        "POST",
        "/api/events/cup/rounds/amended",
        Some(&td),
        Some(json!({ "games": [["Li", "Wang"]] })),
    )
    .await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let (s, v) = call(r, "GET", "/api/events/cup/rounds/1/setup", Some(&td), None).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    assert_eq!(
        (&v["time"], &v["time_error"]),
        (&json!("1h+3x60s"), &Value::Null),
        "{v}"
    );
    paired_event(
        r,
        &td,
        "open",
        json!({ "kind": "swiss" }),
        "1h+3x60s",
        &[("Li", "2d"), ("Wang", "1d")],
        json!([["Li", "Wang"]]),
    )
    .await;
    let (_, v) = call(r, "GET", "/api/events/open/rounds/1/setup", Some(&td), None).await;
    assert_eq!(
        (&v["time"], &v["time_error"]),
        (&json!("1h+3x60s"), &Value::Null),
        "{v}"
    );
}

/// Regression: a handicap asked for in an event that plays even games named the system by its
/// settings (`Knockout { lives: 1, best_of: 1, grand_final_reset: false }`); it is named as
/// people read it.
#[tokio::test]
async fn a_handicap_in_an_event_of_even_games_names_the_system_as_people_read_it() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    let mut out = Vec::new();
    for (id, system) in [
        ("ko", json!({ "kind": "knockout", "lives": 1 })),
        ("rr", json!({ "kind": "round_robin", "cycles": 2 })),
        ("se", json!({ "kind": "swiss_elimination", "losses": 2 })),
    ] {
        let event = json!({ "id": id, "name": id, "system": system, "rounds": 1, "time_control": "30m" });
        let (s, v) = call(r, "POST", "/api/events", Some(&td), Some(event)).await;
        assert_eq!(s.as_u16(), 201, "{v}");
        for (name, rank) in [("Li", "2d"), ("Wang", "3k")] {
            let path = format!("/api/events/{id}/players");
            let body = json!({ "name": name, "rank": rank });
            let (s, v) = call(r, "POST", &path, Some(&td), Some(body)).await;
            assert_eq!(s.as_u16(), 201, "{v}");
        }
        let (s, v) = call(r, "POST", &format!("/api/events/{id}/rounds"), Some(&td), None).await;
        assert_eq!(s.as_u16(), 201, "{v}");
        let body = json!({ "time": "30m", "handicaps": [{ "board": 1, "stones": 4 }] });
        let path = format!("/api/events/{id}/rounds/1/games");
        let (s, v) = call(r, "POST", &path, Some(&td), Some(body)).await;
        out.push(line(s, &v));
    }
    expect_test::expect![[r#"
        400 bad_request: event ko is Knockout, which plays even games: handicaps are for a McMahon event
        400 bad_request: event rr is Round robin, which plays even games: handicaps are for a McMahon event
        400 bad_request: event se is Swiss with elimination, which plays even games: handicaps are for a McMahon event
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}

/// The secret of a seat link `/play/{game}#secret=…`.
fn secret(link: &Value) -> String {
    link.as_str().unwrap().split_once("secret=").unwrap().1.to_string()
}

/// Regression: McMahon colours come from the colour balance, not the ranks, so the stronger
/// player is often Black; the form then proposed no handicap even for three grades, and a
/// handicap given by hand went to the stronger player. The handicap is proposed from the gap
/// whoever is Black, the weaker player takes Black (and the stones) in the live game, the
/// result reaches the event through the seats as paired, and a handicap between equal ranks
/// is refused.
#[tokio::test]
async fn a_handicap_goes_to_the_weaker_player_whom_the_pairing_gave_white() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    let chief = login(r, "chief").await;
    paired_event(
        r,
        &td,
        "mm",
        json!({ "kind": "mc_mahon", "bar": "5d", "floor": "20k" }),
        "30m",
        &[
            ("Alice", "5d"),
            ("Bob", "2d"),
            ("Carol", "3k"),
            ("Dave", "3k"),
            ("Eve", "1d"),
            ("Frank", "6k"),
        ],
        // The stronger player given Black; equal ranks; the weaker given Black.
        json!([["Alice", "Bob"], ["Carol", "Dave"], ["Frank", "Eve"]]),
    )
    .await;
    let body = json!({ "account": "chief", "role": "chief_referee" });
    let (s, v) = call(r, "PUT", "/api/events/mm/roles", Some(&td), Some(body)).await;
    assert_eq!(s.as_u16(), 200, "{v}");

    // The form proposes a stone per grade to the weaker player, whatever their colour.
    let (_, setup) = call(r, "GET", "/api/events/mm/rounds/1/setup", Some(&td), None).await;
    let proposed: Vec<String> = setup["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| format!("board {}: {} to {}", b["board"], b["handicap"], b["handicap_black"]))
        .collect();
    assert_eq!(
        proposed,
        ["board 1: 3 to \"Bob\"", "board 2: 0 to null", "board 3: 6 to \"Frank\""],
        "{setup}"
    );

    // Between equal ranks no one takes a handicap.
    let body = json!({ "time": "30m", "handicaps": [{ "board": 1, "stones": 3 }, { "board": 2, "stones": 2 }] });
    let (s, v) = call(r, "POST", "/api/events/mm/rounds/1/games", Some(&td), Some(body)).await;
    assert_eq!(
        line(s, &v),
        "400 bad_request: board 2: Carol (3k) and Dave (3k) are of the same rank, so neither takes a handicap; give 0 (an even game)"
    );

    let body = json!({ "time": "30m", "handicaps": [{ "board": 1, "stones": 3 }, { "board": 3, "stones": 6 }] });
    let (s, started) = call(r, "POST", "/api/events/mm/rounds/1/games", Some(&td), Some(body)).await;
    assert_eq!(s.as_u16(), 201, "{started}");
    let games = started["games"].as_array().unwrap();
    let mut seen = Vec::new();
    for g in games {
        let id = g["game"].as_i64().unwrap();
        let link = |c: &str| secret(&g["links"][c]);
        // Who the Black seat link makes its holder, and what the game says of the colours.
        let (_, view) = raw(
            r,
            "GET",
            &format!("/api/games/{id}/view"),
            &[("x-seat-secret", &link("black"))],
            None,
        )
        .await;
        seen.push(format!(
            "board {}: answer {} – {}; game {} ({}) – {} ({}), handicap {}, {} to move, the black link plays {}",
            g["board"],
            g["black"],
            g["white"],
            view["names"]["black"]["name"],
            view["names"]["black"]["rank"],
            view["names"]["white"]["name"],
            view["names"]["white"]["rank"],
            view["settings"]["handicap"].as_array().unwrap().len(),
            view["to_move"],
            view["you"],
        ));
    }
    let (_, list) = call(r, "GET", "/api/games?event=mm", None, None).await;
    for g in list.as_array().unwrap() {
        seen.push(format!("listed board {}: {} – {}", g["board"], g["black"], g["white"]));
    }
    seen.sort();
    expect_test::expect![[r#"
        board 1: answer "Bob" – "Alice"; game "Bob" ("2d") – "Alice" ("5d"), handicap 3, "white" to move, the black link plays "black"
        board 2: answer "Carol" – "Dave"; game "Carol" ("3k") – "Dave" ("3k"), handicap 0, "black" to move, the black link plays "black"
        board 3: answer "Frank" – "Eve"; game "Frank" ("6k") – "Eve" ("1d"), handicap 6, "white" to move, the black link plays "black"
        listed board 1: "Bob" – "Alice"
        listed board 2: "Carol" – "Dave"
        listed board 3: "Frank" – "Eve"
    "#]]
    .assert_eq(&(seen.join("\n") + "\n"));

    // Board 1: Alice (White) plays, Bob (Black, with the stones) resigns, and once the result
    // is confirmed the event has it for White, Alice: the pairing typed with Alice as Black
    // was paired with the weaker Bob as Black (issue #16: one colour truth), so the event,
    // its tables and the game agree.
    let one = &games[0];
    let id = one["game"].as_i64().unwrap();
    let (black, white) = (secret(&one["links"]["black"]), secret(&one["links"]["white"]));
    for (who, seq, action) in [
        (&white, 2, json!({ "type": "play", "point": "K10" })),
        (&black, 3, json!({ "type": "resign" })),
        (&black, 4, json!({ "type": "confirm" })),
        (&white, 5, json!({ "type": "confirm" })),
    ] {
        let (s, v) = act(r, id, who, seq, action).await;
        assert_eq!(s.as_u16(), 200, "{v}");
    }
    let cmd = json!({ "seq": 6, "action": { "type": "confirm" }, "as": "referee" });
    let (s, v) = call(r, "POST", &format!("/api/games/{id}/actions"), Some(&chief), Some(cmd)).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    let (_, ev) = call(r, "GET", "/api/events/mm", None, None).await;
    let b1 = &ev["rounds"][0]["games"][0];
    assert_eq!(
        (&b1["black"], &b1["white"], &b1["result"]),
        (&json!("Bob"), &json!("Alice"), &json!("W+R")),
        "{b1}"
    );
}

/// The round form shows the server's refusal in the page's language: every refusal of a
/// round's settings is said in English (`message`) and in Chinese (`zh`), from the pages'
/// strings (`key`). Before, the Chinese page showed English.
#[tokio::test]
async fn every_refusal_of_a_rounds_settings_is_said_in_both_languages() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    paired_event(
        r,
        &td,
        "mm",
        json!({ "kind": "mc_mahon", "bar": "5d", "floor": "20k" }),
        "30m",
        &[("Alice", "5d"), ("Bob", "2d"), ("Carol", "3k"), ("Dave", "3k")],
        json!([["Alice", "Bob"], ["Carol", "Dave"]]),
    )
    .await;
    paired_event(
        r,
        &td,
        "sw",
        json!({ "kind": "swiss" }),
        "30m",
        &[("Eve", "1d"), ("Frank", "5k")],
        json!([["Frank", "Eve"]]),
    )
    .await;
    let mut out = Vec::new();
    for (event, body) in [
        ("mm", json!({ "time": "1h+3x" })),
        ("mm", json!({ "time": "30m", "size": 30 })),
        ("mm", json!({ "time": "30m", "komi_half_points": 800 })),
        ("mm", json!({ "time": "30m", "handicap_komi_half_points": -800 })),
        ("mm", json!({ "time": "30m", "lost_turn_on_timeout": true })),
        (
            "mm",
            json!({ "time": "30m", "handicaps": [{ "board": 7, "stones": 2 }] }),
        ),
        (
            "mm",
            json!({ "time": "30m", "handicaps": [{ "board": 1, "stones": 2 }, { "board": 1, "stones": 3 }] }),
        ),
        (
            "mm",
            json!({ "time": "30m", "handicaps": [{ "board": 1, "stones": 1 }] }),
        ),
        (
            "mm",
            json!({ "time": "30m", "handicaps": [{ "board": 2, "stones": 2 }] }),
        ),
        (
            "mm",
            json!({ "time": "30m", "size": 5, "handicaps": [{ "board": 1, "stones": 5 }] }),
        ),
        (
            "sw",
            json!({ "time": "30m", "handicaps": [{ "board": 1, "stones": 4 }] }),
        ),
    ] {
        let path = format!("/api/events/{event}/rounds/1/games");
        let (s, v) = call(r, "POST", &path, Some(&td), Some(body)).await;
        out.push(format!(
            "{} {}\n  {}\n  {}",
            s.as_u16(),
            v["key"],
            v["message"],
            v["zh"]
        ));
    }
    expect_test::expect![[r#"
        400 "time.err.expected_number"
          "time control \"1h+3x\", column 6: expected a number"
          "用时\"1h+3x\"第6个字符：此处应为数字"
        400 "round.err.size"
          "board size 30 is not supported: it must be between 2 and 25"
          "不支持30路棋盘：应在2至25路之间"
        400 "round.err.komi"
          "komi of 400 points is more than the 361 points of a 19×19 board"
          "贴目400目，超过了19×19棋盘的全部361目"
        400 "round.err.handicap_komi"
          "the komi of the handicap games of -400 points is more than the 361 points of a 19×19 board"
          "让子棋贴目-400目，超过了19×19棋盘的全部361目"
        400 "round.err.lost_turn"
          "a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control 30m has none"
          "超时改判弃权一次只适用于读秒（第22.5条）；用时30m没有读秒"
        400 "round.err.no_board"
          "round 1 has no board 7"
          "第1轮没有第7台"
        400 "round.err.two_handicaps"
          "board 1 is given two handicaps"
          "第1台给了两个让子数"
        400 "round.err.stones"
          "board 1: a handicap of 1 stones; give 0 (an even game) or 2 to 9"
          "第1台：不能让1子；请填0（分先）或2至9"
        400 "round.err.equal_ranks"
          "board 2: Carol (3k) and Dave (3k) are of the same rank, so neither takes a handicap; give 0 (an even game)"
          "第2台：Carol（3k）与Dave（3k）段位相同，无人受让；请填0（分先）"
        400 "round.err.no_places"
          "board 1: 5 handicap stones have no fixed places on a 5×5 board"
          "第1台：5×5棋盘上没有让5子的固定位置"
        400 "round.err.even_games"
          "event sw is Swiss, which plays even games: handicaps are for a McMahon event"
          "比赛sw为积分编排制（瑞士制），只下分先棋：让子只用于麦克马洪制比赛"
    "#]]
    .assert_eq(&(out.join("\n") + "\n"));
}

/// Art. 26.2, 27.1: the player a round robin's odd number leaves out rests (轮休): the event's
/// rounds name them under `rests`, not as a bye, and the standings give them nothing.
#[tokio::test]
async fn a_round_robin_rest_is_shown_as_a_rest_not_a_bye() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    let event = json!({ "id": "rr", "name": "rr", "system": { "kind": "round_robin", "cycles": 1 }, "rounds": 3, "time_control": "30m" });
    let (s, v) = call(r, "POST", "/api/events", Some(&td), Some(event)).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    for (name, rank) in [("Li", "2d"), ("Wang", "3k"), ("Zhao", "1d")] {
        let body = json!({ "name": name, "rank": rank });
        let (s, v) = call(r, "POST", "/api/events/rr/players", Some(&td), Some(body)).await;
        assert_eq!(s.as_u16(), 201, "{v}");
    }
    let (s, v) = call(r, "POST", "/api/events/rr/rounds", Some(&td), None).await;
    assert_eq!(s.as_u16(), 201, "{v}");
    let (s, v) = call(r, "GET", "/api/events/rr", Some(&td), None).await;
    assert_eq!(s.as_u16(), 200, "{v}");
    let round = &v["rounds"][0];
    assert_eq!(round["byes"], json!([]), "{round}");
    assert_eq!(round["rests"].as_array().map(Vec::len), Some(1), "{round}");
    assert_eq!(round["games"].as_array().map(Vec::len), Some(1), "{round}");
}

/// Issue 16's root fix: a McMahon round the system pairs gives Black to the weaker player of
/// each handicap game, so the round's table, the form's proposal and the live game all show
/// the same colours: the form's `handicap_black` is the pairing's Black (the server's swap
/// to the second seat does nothing), and the proposal is the tournament crate's.
#[tokio::test]
async fn a_mcmahon_round_the_system_pairs_gives_the_weaker_player_black() {
    let a = app().await;
    let r = &a.router;
    let td = login(r, "director").await;
    for seed in 0..6u64 {
        let id = format!("mm{seed}");
        let system = json!({ "kind": "mc_mahon", "bar": "1d", "floor": "20k" });
        let event =
            json!({ "id": id, "name": id, "system": system, "rounds": 3, "lots_seed": seed, "time_control": "30m" });
        let (s, v) = call(r, "POST", "/api/events", Some(&td), Some(event)).await;
        assert_eq!(s.as_u16(), 201, "{v}");
        for (name, rank) in [("Strong", "3k"), ("Weak", "5k")] {
            let body = json!({ "name": name, "rank": rank });
            let (s, v) = call(r, "POST", &format!("/api/events/{id}/players"), Some(&td), Some(body)).await;
            assert_eq!(s.as_u16(), 201, "{v}");
        }
        let (s, v) = call(r, "POST", &format!("/api/events/{id}/rounds"), Some(&td), None).await;
        assert_eq!(s.as_u16(), 201, "{v}");
        let (_, ev) = call(r, "GET", &format!("/api/events/{id}"), Some(&td), None).await;
        assert_eq!(ev["rounds"][0]["games"][0]["black"], "Weak", "seed {seed}: {ev}");
        let path = format!("/api/events/{id}/rounds/1/setup");
        let (_, setup) = call(r, "GET", &path, Some(&td), None).await;
        let board = &setup["boards"][0];
        assert_eq!(
            (&board["black"], &board["handicap"], &board["handicap_black"]),
            (&json!("Weak"), &json!(2), &json!("Weak")),
            "seed {seed}: {setup}"
        );
    }
}
