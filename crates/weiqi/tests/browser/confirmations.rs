//! Results that end (Art. 16.4) and the referee console, in Chromium: a free game is final
//! once both players confirm; a game of an event says who has still to confirm and waits in
//! the console's queue until the referee's one click; a club event's players' agreement
//! stands; the console shows the current round alone, the fields of the chosen action only,
//! asks before a ruling that ends a game, and both players see every ruling on their page,
//! each in their language. The organizer is the chief referee of their own event.

use crate::kit::{account, event, full_shot, seat_do};
use crate::support::{Rig, click, shot, until};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

/// Chooses `value` in the select `css`.
async fn choose(c: &Client, css: &str, value: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("{css} = {value}: {e}"));
}

/// Runs `script` in the page; its value.
async fn js(c: &Client, script: &str) -> Value {
    c.execute(&format!("return ({script});"), vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Pairs the next round of `id` and starts its games on 9×9: each board's game and its
/// players' links (Black's, White's).
async fn start_round(rig: &Rig, c: &Client, id: &str, n: u32) -> Vec<(i64, String, String)> {
    rig.api(c, "POST", &format!("/api/events/{id}/rounds"), Value::Null)
        .await;
    let v = rig
        .api(
            c,
            "POST",
            &format!("/api/events/{id}/rounds/{n}/games"),
            json!({ "time": "30m+3x30s", "size": 9 }),
        )
        .await;
    v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["game"].as_i64().unwrap(),
                g["links"]["black"].as_str().unwrap().to_string(),
                g["links"]["white"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The page's text of `id` once it includes `text`.
async fn shows(c: &Client, what: &str, id: &str, text: &str) -> String {
    let v = until(
        c,
        what,
        &format!(
            "(() => {{ const e = document.getElementById('{id}'); \
               return e && !e.hidden && e.textContent.includes({text:?}) && e.textContent; }})()"
        ),
    )
    .await;
    v.as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_free_game_is_final_once_both_players_confirm() {
    let mut rig = Rig::start("confirm-free").await;
    let owner = rig.browser("en-US").await;
    owner.goto(&rig.base).await.unwrap();
    account(&rig, &owner, "owner").await;
    let settings = json!({ "players": [{ "name": "Li", "rank": "3d" }, { "name": "Wang", "rank": "3d" }], "size": 9 });
    let g = rig
        .api(&owner, "POST", "/api/games", json!({ "settings": settings }))
        .await;
    let (black, white) = (
        g["links"]["black"].as_str().unwrap().to_string(),
        g["links"]["white"].as_str().unwrap().to_string(),
    );
    seat_do(&owner, &black, json!({ "type": "resign" })).await;

    // Black (in Chinese) confirms: the page says White has still to, and offers no second
    // confirmation.
    let b = rig.browser("zh-CN").await;
    b.goto(&format!("{}{black}", rig.base)).await.unwrap();
    shows(&b, "who has to confirm", "awaiting", "黑方、白方").await;
    click(&b, "#confirm").await;
    // The line said 白方 before the click too: wait until 黑方 has left it.
    let line = until(
        &b,
        "White still to confirm",
        "(() => { const t = document.getElementById('awaiting').textContent; \
           return t.includes('白方') && !t.includes('黑方') && t; })()",
    )
    .await;
    let line = line.as_str().unwrap();
    assert!(!line.contains("裁判"), "{line}");
    until(&b, "no second confirmation", "!document.getElementById('confirm')").await;
    shot(&b, "confirm-01-free-black-confirmed-zh").await;

    // White (in English) confirms: no referee in a free game, so the result is final.
    let w = rig.browser("en-GB").await;
    w.goto(&format!("{}{white}", rig.base)).await.unwrap();
    shows(&w, "White to confirm", "awaiting", "White").await;
    click(&w, "#confirm").await;
    shows(&w, "the final result", "status", "final").await;
    shows(&b, "the final result for Black", "status", "已确认").await;
    assert_eq!(js(&w, "document.getElementById('awaiting').hidden").await, json!(true));
    full_shot(&w, "confirm-02-free-final").await;
    for c in [owner, b, w] {
        c.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_event_result_waits_for_the_referee_s_one_click_and_a_club_event_s_for_nobody() {
    let mut rig = Rig::start("confirm-event").await;
    let td = rig.browser("en-US").await;
    td.goto(&rig.base).await.unwrap();
    account(&rig, &td, "director").await;
    let four = [("Li", "3d"), ("Wang", "3d"), ("Zhao", "3d"), ("Sun", "3d")];
    event(&rig, &td, "open", "swiss", 2, &four).await;
    let round1 = start_round(&rig, &td, "open", 1).await;
    let (game, black, white) = round1[0].clone();
    for (link, action) in [
        (&black, json!({ "type": "resign" })),
        (&black, json!({ "type": "confirm" })),
        (&white, json!({ "type": "confirm" })),
    ] {
        seat_do(&td, link, action).await;
    }
    // Both players confirmed: Black's page (in Chinese) says the referee has still to.
    let b = rig.browser("zh-CN").await;
    b.goto(&format!("{}{black}", rig.base)).await.unwrap();
    let line = shows(&b, "the referee still to confirm", "awaiting", "裁判员").await;
    assert!(!line.contains("黑方") && !line.contains("白方"), "{line}");
    shot(&b, "confirm-03-event-awaits-referee-zh").await;

    // The organizer, chief referee of their own event, finds it in the console's queue and
    // confirms it with one click: final, and Black's page says so with the ruling's notice.
    td.goto(&format!("{}/referee/open", rig.base)).await.unwrap();
    let hint = until(&td, "the role", "document.querySelector('main p.hint').textContent").await;
    assert!(hint.as_str().unwrap().contains("chief referee"), "{hint}");
    shows(&td, "the queue", &format!("queue-{game}"), "still to confirm: referee").await;
    full_shot(&td, "confirm-04-console-queue").await;
    click(&td, &format!("#queue-confirm-{game}")).await;
    shows(&td, "the queue emptied", "queue", "No result waits").await;
    shows(&td, "the final row", &format!("ref-game-{game}"), "final").await;
    shows(&b, "the final result for Black", "status", "已确认").await;
    shows(&b, "the notice of the confirmation", "ruling-notice", "裁判长").await;
    let ev = rig.api(&td, "GET", "/api/events/open", Value::Null).await;
    assert!(ev["rounds"][0]["games"][0]["result"].is_string(), "{ev}");

    // Round 2: the other board's result entered by hand, then the console shows round 2's
    // games alone, all rounds on request.
    rig.api(
        &td,
        "POST",
        "/api/events/open/results",
        json!({ "round": 1, "board": 2, "result": "B+R" }),
    )
    .await;
    let round2 = start_round(&rig, &td, "open", 2).await;
    td.goto(&format!("{}/referee/open", rig.base)).await.unwrap();
    shows(&td, "round 2 shown", "r-round-note", "Round 2").await;
    let hidden = |g: i64| format!("document.getElementById('ref-game-{g}').hidden");
    until(&td, "round 1 hidden", &hidden(game)).await;
    assert_eq!(js(&td, &hidden(round2[0].0)).await, json!(false));
    click(&td, "#r-all-rounds").await;
    until(&td, "all rounds", &format!("!{}", hidden(game))).await;
    full_shot(&td, "confirm-05-console-all-rounds").await;

    // A club event: the organizer records on its page that the players' agreement stands;
    // its games are final once both players confirm, and wait in no queue.
    event(&rig, &td, "club", "swiss", 1, &four).await;
    td.goto(&format!("{}/events/club", rig.base)).await.unwrap();
    shows(&td, "the rule", "confirmation-rule", "a referee").await;
    click(&td, "#confirmation-players").await;
    shows(&td, "the club rule", "confirmation-rule", "players' agreement stands").await;
    full_shot(&td, "confirm-06-club-setting").await;
    let (club_game, cb, cw) = start_round(&rig, &td, "club", 1).await[0].clone();
    for (link, action) in [
        (&cb, json!({ "type": "resign" })),
        (&cb, json!({ "type": "confirm" })),
        (&cw, json!({ "type": "confirm" })),
    ] {
        seat_do(&td, link, action).await;
    }
    let v = rig
        .api(&td, "GET", &format!("/api/games/{club_game}"), Value::Null)
        .await;
    assert_eq!(
        (&v["phase"], &v["settings"]["confirmation"]),
        (&json!("final"), &json!("players")),
        "{v}"
    );
    td.goto(&format!("{}/referee/club", rig.base)).await.unwrap();
    shows(&td, "the club note", "queue-club", "agreement stand").await;
    until(&td, "an empty queue", "document.getElementById('queue-empty')").await;
    for c in [td, b] {
        c.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ruling_that_ends_a_game_asks_first_and_both_players_see_every_ruling() {
    let mut rig = Rig::start("confirm-ruling").await;
    let td = rig.browser("en-US").await;
    td.goto(&rig.base).await.unwrap();
    account(&rig, &td, "director").await;
    event(&rig, &td, "hall", "swiss", 1, &[("Li", "3d"), ("Wang", "3d")]).await;
    let (game, black, white) = start_round(&rig, &td, "hall", 1).await[0].clone();
    let b = rig.browser("zh-CN").await;
    b.goto(&format!("{}{black}", rig.base)).await.unwrap();
    let w = rig.browser("en-GB").await;
    w.goto(&format!("{}{white}", rig.base)).await.unwrap();
    for c in [&b, &w] {
        until(c, "the game in play", "document.getElementById('resign')").await;
    }

    // The console: the actions a chief referee may take, never a player's lost turn; the
    // fields of the chosen action only.
    td.goto(&format!("{}/referee/hall", rig.base)).await.unwrap();
    until(&td, "the form", "document.getElementById('r-kind')").await;
    let kinds = js(
        &td,
        "[...document.querySelectorAll('#r-kind option')].map((o) => o.value)",
    )
    .await;
    assert_eq!(
        kinds,
        json!([
            "warning",
            "void_move",
            "confirm",
            "recount",
            "dispute",
            "pause",
            "resume",
            "loss",
            "forfeit",
            "adjudicate",
            "seat_link"
        ])
    );
    let shown = "['r-side', 'r-point', 'r-offence', 'r-outcome', 'r-article'].filter((id) => !document.getElementById(id).parentElement.hidden)";
    for (kind, fields) in [
        ("warning", json!(["r-side", "r-offence"])),
        ("void_move", json!(["r-side", "r-point"])),
        ("adjudicate", json!(["r-outcome", "r-article"])),
        ("pause", json!([])),
    ] {
        choose(&td, "#r-kind", kind).await;
        assert_eq!(js(&td, shown).await, fields, "{kind}");
    }
    td.execute(
        "window.asked = []; window.answer = true; \
         window.confirm = (m) => { window.asked.push(m); return window.answer; };",
        vec![],
    )
    .await
    .unwrap();
    let rule = |c: &Client| {
        let c = c.clone();
        async move {
            c.execute("document.getElementById('toast').className = ''", vec![])
                .await
                .unwrap();
            choose(&c, "#r-game", &game.to_string()).await;
            choose(&c, "#r-kind", "warning").await;
            choose(&c, "#r-side", "black").await;
            choose(&c, "#r-offence", "talking").await;
            click(&c, "#ref-submit").await;
        }
    };

    // A first warning ends nothing: recorded without asking; both players are told, each in
    // their language, with the article.
    rule(&td).await;
    shows(&td, "the warning recorded", "toast", "Recorded").await;
    assert_eq!(js(&td, "window.asked.length").await, json!(0));
    shows(&b, "Black's notice", "ruling-notice", "警告").await;
    let note = shows(&w, "White's notice", "ruling-notice", "chief referee").await;
    assert!(note.contains("warn") && note.contains("23.5"), "{note}");
    shot(&b, "confirm-07-ruling-notice-zh").await;

    // A second warning would lose Black the game (Art. 24.2): the console asks first; "no"
    // records nothing.
    click(&w, "#ruling-dismiss").await;
    td.execute("window.answer = false;", vec![]).await.unwrap();
    rule(&td).await;
    let asked = until(&td, "the question", "window.asked.length === 1 && window.asked[0]").await;
    assert!(asked.as_str().unwrap().contains("Black loses"), "{asked}");
    let v = rig.api(&td, "GET", &format!("/api/games/{game}"), Value::Null).await;
    assert_eq!(
        (&v["warnings"]["black"], &v["phase"]),
        (&json!(1), &json!("play")),
        "{v}"
    );

    // "Yes": the second warning is recorded, the game is decided, both players see it.
    td.execute("window.answer = true;", vec![]).await.unwrap();
    rule(&td).await;
    until(&td, "asked again", "window.asked.length === 2").await;
    shows(
        &td,
        "the game decided",
        &format!("ref-game-{game}"),
        "result to confirm",
    )
    .await;
    shows(
        &w,
        "White's notice of the second warning",
        "ruling-notice",
        "warning no. 2",
    )
    .await;
    shows(&w, "White sees the result", "status", "result to confirm").await;
    shows(&b, "Black sees the result", "status", "待确认").await;
    full_shot(&w, "confirm-08-second-warning-decided").await;
    full_shot(&b, "confirm-09-second-warning-decided-zh").await;

    // A page opened again shows the latest ruling its player has not dismissed, once.
    b.refresh().await.unwrap();
    shows(&b, "the notice after a reload", "ruling-notice", "第2次警告").await;
    click(&b, "#ruling-dismiss").await;
    b.refresh().await.unwrap();
    shows(&b, "the page again", "status", "待确认").await;
    assert_eq!(
        js(&b, "document.getElementById('ruling-notice').hidden").await,
        json!(true)
    );
    for c in [td, b, w] {
        c.close().await.unwrap();
    }
}
