//! The director starts a round's games with the event's settings: the time control (from the
//! event, in the clock crate's grammar), komi (Art. 11), the handicap of each board where the
//! system calls for it (McMahon), and whether a timeout in the last byo-yomi period may be a
//! lost turn (Art. 22); the server refuses what is wrong, saying what. Once a game of the
//! round has started, its settings are the round's; a board played over the board links to
//! the clock-only page with them.

use crate::board::login;
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

/// `fetch(method, path, body)` in the page with the browser's session; status and body.
pub async fn call(c: &Client, method: &str, path: &str, body: Value) -> (u64, Value) {
    let script = r#"
        const [method, path, body, done] = arguments;
        const headers = { 'Content-Type': 'application/json' };
        const tok = localStorage.getItem('weiqi.token');
        if (tok) headers.Authorization = 'Bearer ' + tok;
        fetch(path, { method, headers, body: body === null ? undefined : JSON.stringify(body) })
          .then(r => r.text().then(t => done({ status: r.status, body: t })));
    "#;
    let r = c
        .execute_async(script, vec![json!(method), json!(path), body])
        .await
        .expect("fetch runs");
    let text = r["body"].as_str().unwrap_or("");
    (
        r["status"].as_u64().unwrap_or(0),
        serde_json::from_str(text).unwrap_or_else(|_| json!(text)),
    )
}

/// Creates event `id` of `system` with `players`, and pairs round 1 as `games` (Black, White).
pub async fn paired_event(rig: &Rig, c: &Client, id: &str, system: Value, players: &[(&str, &str)], games: Value) {
    crate::kit::event_of(rig, c, id, system, 3, players).await;
    rig.api(
        c,
        "POST",
        &format!("/api/events/{id}/rounds/amended"),
        json!({ "games": games }),
    )
    .await;
}

/// The text of the form's error once it says something.
async fn form_error(c: &Client) -> String {
    let e = until(
        c,
        "the form's error",
        "document.getElementById('round-error-1').textContent",
    )
    .await;
    e.as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_starts_with_the_directors_time_komi_handicaps_and_lost_turn_choice() {
    let mut rig = Rig::start("rounds").await;
    let td = rig.browser("en-US").await;
    login(&rig, &td, "director").await;
    paired_event(
        &rig,
        &td,
        "mm",
        json!({ "kind": "mc_mahon", "bar": "5d", "floor": "20k" }),
        &[("Alice", "5d"), ("Bob", "2d"), ("Carol", "3k"), ("Dave", "4k")],
        json!([["Bob", "Alice"], ["Dave", "Carol"]]),
    )
    .await;
    // The event's JSON has its time control.
    let ev = rig.api(&td, "GET", "/api/events/mm", Value::Null).await;
    assert_eq!(ev["time_control"], json!("30m+3x30s"));

    // The form starts from the event: its time control, 3¾ stones of komi, and a handicap
    // proposed per board from the ranks (Bob 2d takes Black against Alice 5d: three stones;
    // Dave 4k against Carol 3k, one grade: an even game).
    td.goto(&format!("{}/events/mm", rig.base)).await.unwrap();
    let form = until(
        &td,
        "the start form",
        "(() => { const f = document.getElementById('start-games-1'); return f && [f.querySelector('.round-time').value, \
           f.querySelector('.round-komi').value, [...f.querySelectorAll('.round-handicap')].map(x => x.value).join(' '), \
           f.querySelector('.round-lost-turn').checked]; })()",
    )
    .await;
    assert_eq!(form, json!(["30m+3x30s", "3.75", "3 0", false]));
    td.execute("document.getElementById('start-games-1').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "rounds-01-start-form").await;

    // A time control the clock cannot read is refused, and the form says why.
    fill(&td, "#round-time-1", "1h+3x").await;
    click(&td, "#start-games-1 button[type=submit]").await;
    let e = form_error(&td).await;
    assert!(e.starts_with("time control \"1h+3x\""), "{e}");
    shot(&td, "rounds-02-bad-time").await;

    // One handicap stone is no handicap: refused, naming the board.
    fill(&td, "#round-time-1", "10m+3x30s").await;
    td.find(Locator::Css("#round-size-1"))
        .await
        .unwrap()
        .select_by_value("13")
        .await
        .unwrap();
    fill(&td, ".round-handicap[data-board='2']", "1").await;
    td.execute("document.getElementById('round-error-1').textContent = ''", vec![])
        .await
        .unwrap();
    click(&td, "#start-games-1 button[type=submit]").await;
    let e = form_error(&td).await;
    assert!(e.contains("board 2: a handicap of 1 stones"), "{e}");

    // The director's choice: 10 minutes and three 30-s periods, 13×13, the lost turn allowed
    // (Art. 22), three stones on board 1 with half a stone of komi, board 2 even.
    fill(&td, ".round-handicap[data-board='2']", "0").await;
    fill(&td, "#round-handicap-komi-1", "0.5").await;
    click(&td, "#round-lost-turn-1").await;
    click(&td, "#start-games-1 button[type=submit]").await;
    until(
        &td,
        "the seat links",
        "document.querySelectorAll('#seat-links .seat-game').length === 2",
    )
    .await;
    let links = until(
        &td,
        "the links",
        "[...document.querySelectorAll('#seat-links .seat-black')].map(a => a.getAttribute('href'))",
    )
    .await;
    let game_of = |i: usize| -> i64 {
        links[i]
            .as_str()
            .unwrap()
            .trim_start_matches("/play/")
            .split(['?', '#'])
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let mut seen = Vec::new();
    for i in 0..2 {
        let v = rig
            .api(&td, "GET", &format!("/api/games/{}/view", game_of(i)), Value::Null)
            .await;
        let s = &v["settings"];
        seen.push(format!(
            "board {}: {} {}x{} komi {} handicap {} lost turn {} to move {}",
            v["board_no"],
            s["time"],
            s["size"],
            s["size"],
            s["komi_half_points"],
            s["handicap"],
            s["lost_turn_on_timeout"],
            v["to_move"]
        ));
    }
    assert_eq!(
        seen.join("\n"),
        "board 1: \"10m+3x30s\" 13x13 komi 2 handicap [\"D4\",\"K10\",\"D10\"] lost turn true to move \"white\"\n\
         board 2: \"10m+3x30s\" 13x13 komi 15 handicap [] lost turn true to move \"black\""
    );
    // The round's settings are now those of its games.
    let setup = rig.api(&td, "GET", "/api/events/mm/rounds/1/setup", Value::Null).await;
    assert_eq!(
        [
            &setup["time"],
            &setup["size"],
            &setup["komi_half_points"],
            &setup["handicap_komi_half_points"],
            &setup["lost_turn_on_timeout"]
        ],
        [&json!("10m+3x30s"), &json!(13), &json!(15), &json!(2), &json!(true)],
        "{setup}"
    );
    // Board 1's game: three stones on 13×13, White to move.
    let black = rig.browser("en-US").await;
    black
        .goto(&format!("{}{}", rig.base, links[0].as_str().unwrap()))
        .await
        .unwrap();
    until(
        &black,
        "the handicap stones",
        "document.querySelectorAll('svg.board .stone.black').length === 3",
    )
    .await;
    shot(&black, "rounds-03-handicap-game").await;

    // The server checks what a form cannot: a Swiss event plays even games, and the lost turn
    // of Art. 22.5 is for byo-yomi.
    paired_event(
        &rig,
        &td,
        "sw",
        json!({ "kind": "swiss" }),
        &[("Eve", "1d"), ("Frank", "5k")],
        json!([["Frank", "Eve"]]),
    )
    .await;
    let (status, body) = call(
        &td,
        "POST",
        "/api/events/sw/rounds/1/games",
        json!({ "time": "30m+3x30s", "handicaps": [{ "board": 1, "stones": 4 }] }),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (
            400,
            "event sw is Swiss, which plays even games: handicaps are for a McMahon event"
        )
    );
    let (status, body) = call(
        &td,
        "POST",
        "/api/events/sw/rounds/1/games",
        json!({ "time": "30m", "lost_turn_on_timeout": true }),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (
            400,
            "a lost turn instead of a loss on time is for byo-yomi (Art. 22.5); time control 30m has none"
        )
    );
    let (status, body) = call(
        &td,
        "POST",
        "/api/events/sw/rounds/1/games",
        json!({ "time": "30m", "komi_half_points": 800 }),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "komi of 400 points is more than the 361 points of a 19×19 board")
    );
    // The Swiss event's form has no handicap column.
    td.goto(&format!("{}/events/sw", rig.base)).await.unwrap();
    let cols = until(
        &td,
        "the Swiss form",
        "(() => { const f = document.getElementById('start-games-1'); return f && [f.querySelectorAll('.round-handicap').length, f.querySelector('.round-time').value]; })()",
    )
    .await;
    assert_eq!(cols, json!([0, "30m+3x30s"]));

    // Board 1 of the Swiss event is played over the board: its link to the clock-only page
    // follows the round's settings as the director sets them (regression: the director
    // ticked them by hand on the clock page).
    fill(&td, "#round-time-1", "5m+2x20s").await;
    click(&td, "#round-lost-turn-1").await;
    let href = until(
        &td,
        "the clock link",
        "(() => { const a = document.querySelector('#round-1 a.clock-link[data-board=\"1\"]'); \
           return a && a.getAttribute('href').includes('lost_turn=1') && a.getAttribute('href'); })()",
    )
    .await;
    let href = href.as_str().unwrap().to_string();
    assert_eq!(
        href,
        "/clock?time=5m%2B2x20s&lost_turn=1&black=Frank&white=Eve&event=sw&round=1&board=1"
    );
    shot(&td, "rounds-04-clock-link").await;
    click(&td, "#round-1 a.clock-link").await;
    let setup = until(
        &td,
        "the clock page's setup",
        "(() => { const t = document.getElementById('c-time'); return t && [t.value, document.getElementById('c-lost-allowed').checked, \
           document.getElementById('c-black').value, document.getElementById('c-white').value]; })()",
    )
    .await;
    assert_eq!(setup, json!(["5m+2x20s", true, "Frank", "Eve"]));
    click(&td, "#c-start").await;
    let hint = until(
        &td,
        "the board the clock is for",
        "(() => { const e = document.querySelector('#c-end .hint'); return e && e.textContent; })()",
    )
    .await;
    assert_eq!(hint, json!("for sw, round 1, board 1"));
    // The result entered at the end reaches the board.
    fill(&td, "#c-result", "W+R").await;
    click(&td, "#c-end button[type=submit]").await;
    until(
        &td,
        "the result on the board",
        "fetch('/api/events/sw').then((r) => r.json()).then((e) => e.rounds[0].games[0].result === 'W+R')",
    )
    .await;
    for c in [td, black] {
        c.close().await.unwrap();
    }
}

/// The Chinese page shows the server's refusal in Chinese: the form's error and the toast
/// are the `zh` the server says beside the English (before, English inside the zh page).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chinese_form_says_what_is_wrong_in_chinese() {
    let mut rig = Rig::start("rounds-zh").await;
    let td = rig.browser("zh-CN").await;
    login(&rig, &td, "director").await;
    paired_event(
        &rig,
        &td,
        "mm",
        json!({ "kind": "mc_mahon", "bar": "5d", "floor": "20k" }),
        &[("Carol", "3k"), ("Dave", "3k")],
        json!([["Carol", "Dave"]]),
    )
    .await;
    td.goto(&format!("{}/events/mm", rig.base)).await.unwrap();
    until(&td, "the start form", "document.getElementById('start-games-1')").await;
    fill(&td, "#round-time-1", "1h+3x").await;
    click(&td, "#start-games-1 button[type=submit]").await;
    assert_eq!(form_error(&td).await, "用时\"1h+3x\"第6个字符：此处应为数字");
    // Between equal ranks no one takes a handicap.
    fill(&td, "#round-time-1", "30m").await;
    fill(&td, ".round-handicap[data-board='1']", "2").await;
    td.execute("document.getElementById('round-error-1').textContent = ''", vec![])
        .await
        .unwrap();
    click(&td, "#start-games-1 button[type=submit]").await;
    assert_eq!(
        form_error(&td).await,
        "第1台：Carol（3k）与Dave（3k）段位相同，无人受让；请填0（分先）"
    );
    td.execute("document.getElementById('start-games-1').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "rounds-04-zh-error").await;
    td.close().await.unwrap();
}
