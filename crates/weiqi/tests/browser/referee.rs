//! The referee console and Art. 16.4: before the result is confirmed a player may ask for a
//! recount — on their own page, or at the board asking the referee, who records it from the
//! console in the player's name — and the console follows it; once both players and the
//! referee have confirmed the result, the console's attempts to change it are refused and the
//! result stands.

use crate::kit::{account, event, full_shot, seat_act, seat_do};
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

/// The console's row of game `game`, once it contains `text`.
async fn row_shows(c: &Client, game: i64, text: &str) -> String {
    let r = until(
        c,
        &format!("game {game}'s row to show {text}"),
        &format!(
            "(() => {{ const r = document.getElementById('ref-game-{game}'); \
               return r && r.textContent.includes('{text}') && r.textContent; }})()"
        ),
    )
    .await;
    r.as_str().unwrap().to_string()
}

/// Records the console's action `kind` (with `extra` selects set first) for `game`; the toast.
async fn record(c: &Client, game: i64, kind: &str, extra: &[(&str, &str)]) -> (String, bool) {
    // A ruling that ends a game is asked about first: the answer here is yes (the asking
    // itself is `confirmations.rs`'s).
    c.execute(
        "document.getElementById('toast').className = ''; window.confirm = () => true;",
        vec![],
    )
    .await
    .unwrap();
    choose(c, "#r-game", &game.to_string()).await;
    choose(c, "#r-kind", kind).await;
    for (css, v) in extra {
        choose(c, css, v).await;
    }
    click(c, "#ref-submit").await;
    let t = until(
        c,
        &format!("the answer to {kind}"),
        "(() => { const t = document.getElementById('toast'); \
           return t.classList.contains('show') && [t.textContent, t.classList.contains('bad')]; })()",
    )
    .await;
    (t[0].as_str().unwrap().to_string(), t[1].as_bool().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recount_is_followed_and_a_confirmed_result_stands() {
    let mut rig = Rig::start("referee").await;
    let chief = rig.browser("en-US").await;
    chief.goto(&rig.base).await.unwrap();
    account(&rig, &chief, "chief").await;
    event(&rig, &chief, "hall", "swiss", 1, &[("Lin", "3d"), ("Zhou", "3d")]).await;
    rig.api(
        &chief,
        "PUT",
        "/api/events/hall/roles",
        json!({ "account": "chief", "role": "chief_referee" }),
    )
    .await;
    rig.api(&chief, "POST", "/api/events/hall/rounds", Value::Null).await;
    let games = rig
        .api(
            &chief,
            "POST",
            "/api/events/hall/rounds/1/games",
            json!({ "time": "30m+3x30s", "size": 9 }),
        )
        .await;
    let g = &games["games"][0];
    let game = g["game"].as_i64().unwrap();
    let (black, white) = (
        g["links"]["black"].as_str().unwrap().to_string(),
        g["links"]["white"].as_str().unwrap().to_string(),
    );

    // The players reach a counted result (set up through the API): two stones, the end
    // agreed, no dead stones.
    for (link, action) in [
        (&black, json!({ "type": "play", "point": "E5" })),
        (&white, json!({ "type": "play", "point": "C3" })),
        (&black, json!({ "type": "propose_end" })),
        (&white, json!({ "type": "accept_end" })),
        (&black, json!({ "type": "mark_dead", "points": [] })),
        (&white, json!({ "type": "accept_marking" })),
    ] {
        seat_do(&chief, link, action).await;
    }

    // The console shows the game, its round and board, waiting for confirmation.
    chief.goto(&format!("{}/referee/hall", rig.base)).await.unwrap();
    row_shows(&chief, game, "result to confirm").await;
    let cells = chief
        .execute(
            &format!("return [...document.querySelectorAll('#ref-game-{game} td')].map((d) => d.textContent);"),
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(cells[0], json!(format!("#{game}")));
    assert_eq!(cells[1], json!("R1 B1"), "{cells}");
    assert_eq!(
        cells[2],
        json!(format!(
            "{} – {}",
            g["black"].as_str().unwrap(),
            g["white"].as_str().unwrap()
        ))
    );

    // Black, on their own device (in Chinese), asks for a recount (Art. 16.4): counting
    // reopens, the console follows without reloading, the record keeps the request.
    let player = rig.browser("zh-CN").await;
    player.goto(&format!("{}{black}", rig.base)).await.unwrap();
    until(&player, "the recount button", "document.getElementById('recount')").await;
    click(&player, "#recount").await;
    row_shows(&chief, game, "counting: dead stones").await;
    let log = until(
        &player,
        "the request in the record",
        "(() => { const t = document.getElementById('log').textContent; return t.includes('复') && t; })()",
    )
    .await;
    let view = rig
        .api(&chief, "GET", &format!("/api/games/{game}/view"), Value::Null)
        .await;
    assert_eq!(view["phase"], json!("counting"));
    assert!(
        view["log"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["en"].as_str().unwrap_or("").contains("recount") && e["article"] == json!("16.4")),
        "no recount with its article in {}; the page shows {log}",
        view["log"]
    );
    // The article once, as the rules write it (regression: "（第16条第4款） (第16.4条)").
    let line = player
        .execute(
            "return [...document.querySelectorAll('#log li')].map((l) => l.textContent).find((t) => t.includes('复核'));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(line, json!("黑方申请复核（第16条第4款）"));
    shot(&player, "referee-01-recount-zh").await;

    // The count again: Black sends the marking, White accepts; both confirm.
    until(&player, "the marking", "document.getElementById('send-marking')").await;
    click(&player, "#send-marking").await;
    until(
        &player,
        "Black's marking sent",
        "document.getElementById('status').textContent.includes('黑✓')",
    )
    .await;
    seat_do(&chief, &white, json!({ "type": "accept_marking" })).await;

    // White, at the board, asks the chief referee for a recount; the console records it in
    // White's name: counting reopens, and the record says who asked and who recorded it.
    row_shows(&chief, game, "result to confirm").await;
    let (msg, bad) = record(&chief, game, "recount", &[("#r-side", "white")]).await;
    assert!(!bad, "{msg}");
    row_shows(&chief, game, "counting: dead stones").await;
    let view = rig
        .api(&chief, "GET", &format!("/api/games/{game}/view"), Value::Null)
        .await;
    let last = view["log"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["en"].as_str().unwrap(), last["article"].as_str().unwrap()),
        (
            "The chief referee records White's request for a recount (Art. 16.4)",
            "16.4"
        ),
        "{last}"
    );
    seat_do(&chief, &black, json!({ "type": "mark_dead", "points": [] })).await;
    seat_do(&chief, &white, json!({ "type": "accept_marking" })).await;
    until(&player, "the confirm button", "document.getElementById('confirm')").await;
    let confirmations = |n: usize| {
        format!(
            "fetch('/api/games/{game}/view').then(r => r.json()).then(v => v.log.filter(e => /confirm/i.test(e.en)).length === {n})"
        )
    };
    click(&player, "#confirm").await;
    until(&chief, "Black's confirmation", &confirmations(1)).await;
    seat_do(&chief, &white, json!({ "type": "confirm" })).await;
    until(&chief, "both players' confirmations", &confirmations(2)).await;

    // The referee confirms from the console: the result is final.
    let (msg, bad) = record(&chief, game, "confirm", &[]).await;
    assert!(!bad, "{msg}");
    let final_row = row_shows(&chief, game, "final").await;
    let result = view_result(&rig, &chief, game).await;
    assert!(final_row.contains(&result), "{final_row} vs {result}");
    full_shot(&chief, "referee-02-console-final").await;

    // Nobody may change it now: an adjudication and a recount from the console are refused
    // with the reason, and the result is unchanged.
    let (msg, bad) = record(
        &chief,
        game,
        "adjudicate",
        &[("#r-outcome", "white"), ("#r-article", "16.4")],
    )
    .await;
    assert!(bad && msg.contains("confirmed") && msg.contains("16.4"), "{msg}");
    shot(&chief, "referee-03-change-refused").await;
    let (msg, bad) = record(&chief, game, "confirm", &[]).await;
    assert!(bad && msg.contains("final"), "{msg}");
    row_shows(&chief, game, "final").await;
    assert_eq!(view_result(&rig, &chief, game).await, result);

    // The players' page offers no confirmation or recount any more, and the server refuses
    // a recount asked for all the same.
    until(
        &player,
        "the final result on the player's page",
        "document.getElementById('status').textContent.includes('已确认') && !document.getElementById('recount') \
         && !document.getElementById('confirm')",
    )
    .await;
    let (status, body) = seat_act(&player, &black, json!({ "type": "request_recount" })).await;
    assert!(
        status >= 400 && body.to_string().contains("confirmed"),
        "{status} {body}"
    );
    assert_eq!(view_result(&rig, &chief, game).await, result);
    full_shot(&player, "referee-04-final-zh").await;
    for c in [chief, player] {
        c.close().await.unwrap();
    }
}

/// The game's result text as the server has it.
async fn view_result(rig: &Rig, c: &Client, game: i64) -> String {
    let v = rig.api(c, "GET", &format!("/api/games/{game}/view"), Value::Null).await;
    v["result"]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("no result in {v}"))
        .to_string()
}
