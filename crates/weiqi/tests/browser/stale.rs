//! Two commands for one sequence number. The server takes the first and answers the second
//! 409 "stale" with the game's state; the game page takes that state and sends an agreement
//! again when it still applies (Art. 16.4: both players confirm at once), but not one the
//! change made moot (a recount the referee recorded meanwhile) and never a move (a pause came
//! first); the player is told what happened. The race is forced, not hoped for: the page's
//! next command waits until the other one has landed.

use crate::kit::{account, call, event, seat, seat_do};
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::Client;
use serde_json::{Value, json};

/// Makes the page's next game command lose a race: just before it leaves, `action` for the
/// same sequence number is sent by someone else (seat `secret`, or the account `token` acting
/// `as`). Its status is kept in `window.__raced`.
async fn lose_next_race(c: &Client, action: Value, secret: Option<&str>, token: Option<&str>, as_: Option<&str>) {
    c.execute(
        r#"
        const [action, secret, token, as] = arguments;
        const fetch0 = window.__fetch0 || (window.__fetch0 = window.fetch);
        window.__raced = null;
        document.getElementById('toast').className = '';
        window.fetch = async (url, opts) => {
          if (window.__raced === null && /\/actions$/.test(String(url)) && opts && opts.method === 'POST') {
            window.__raced = 'sending';
            const mine = JSON.parse(opts.body);
            const headers = { 'Content-Type': 'application/json' };
            if (secret) headers['X-Seat-Secret'] = secret;
            if (token) headers.Authorization = 'Bearer ' + token;
            const r = await fetch0(url, { method: 'POST', headers,
              body: JSON.stringify({ seq: mine.seq, action, as: as || undefined }) });
            window.__raced = r.status;
          }
          return fetch0(url, opts);
        };
        "#,
        vec![action, json!(secret), json!(token), json!(as_)],
    )
    .await
    .expect("the race is set");
}

/// The toast once it shows: its text and whether it is an error.
async fn toast(c: &Client, what: &str) -> (String, bool) {
    let t = until(
        c,
        what,
        "(() => { const t = document.getElementById('toast'); \
           return typeof window.__raced === 'number' && window.__raced < 300 \
             && t.classList.contains('show') && [t.textContent, t.classList.contains('bad')]; })()",
    )
    .await;
    (t[0].as_str().unwrap().to_string(), t[1].as_bool().unwrap())
}

/// The English log of game `game`.
async fn log(rig: &Rig, c: &Client, game: i64) -> Vec<String> {
    let v = rig.api(c, "GET", &format!("/api/games/{game}/view"), Value::Null).await;
    v["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["en"].as_str().unwrap_or("").to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_command_is_sent_again_only_when_it_still_applies() {
    let mut rig = Rig::start("stale").await;
    let chief = rig.browser("en-US").await;
    chief.goto(&rig.base).await.unwrap();
    account(&rig, &chief, "chief").await;
    let players = [("Lin", "3d"), ("Zhou", "3d"), ("Wu", "1d"), ("Xu", "1d")];
    event(&rig, &chief, "race", "swiss", 1, &players).await;
    rig.api(
        &chief,
        "PUT",
        "/api/events/race/roles",
        json!({ "account": "chief", "role": "chief_referee" }),
    )
    .await;
    rig.api(&chief, "POST", "/api/events/race/rounds", Value::Null).await;
    let games = rig
        .api(
            &chief,
            "POST",
            "/api/events/race/rounds/1/games",
            json!({ "time": "30m+3x30s", "size": 9 }),
        )
        .await;
    let link = |board: usize, color: &str| games["games"][board]["links"][color].as_str().unwrap().to_string();
    let (black, white) = (link(0, "black"), link(0, "white"));
    let (game, black_secret) = seat(&black);
    let token = chief
        .execute("return localStorage.getItem('weiqi.token')", vec![])
        .await
        .unwrap();
    let token = token.as_str().unwrap().to_string();

    // Board 1 reaches a counted result.
    for (l, action) in [
        (&black, json!({ "type": "play", "point": "E5" })),
        (&white, json!({ "type": "play", "point": "C3" })),
        (&black, json!({ "type": "propose_end" })),
        (&white, json!({ "type": "accept_end" })),
        (&black, json!({ "type": "mark_dead", "points": [] })),
        (&white, json!({ "type": "accept_marking" })),
    ] {
        seat_do(&chief, l, action).await;
    }
    let w = rig.browser("en-GB").await;
    w.goto(&format!("{}{white}", rig.base)).await.unwrap();
    until(&w, "White's confirm button", "document.getElementById('confirm')").await;

    // White confirms while Black, at the board, has the chief referee record a recount
    // (Art. 16.4): the result White saw is no longer there to confirm, so the confirmation is
    // not sent again, and White is told why.
    lose_next_race(
        &w,
        json!({ "type": "record_recount", "asked_by": "black" }),
        None,
        Some(&token),
        Some("chief_referee"),
    )
    .await;
    click(&w, "#confirm").await;
    let (msg, bad) = toast(&w, "the answer to White's confirmation").await;
    assert!(
        bad && msg.contains("was not sent") && msg.contains("records Black's request for a recount"),
        "{msg}"
    );
    shot(&w, "stale-01-confirm-moot").await;
    let l = log(&rig, &chief, game).await;
    assert!(!l.iter().any(|e| e.contains("White confirms")), "{l:?}");
    until(&w, "counting again", "document.getElementById('send-marking')").await;

    // The count again; then both players confirm at once: Black's confirmation takes the
    // number, White's is answered stale, still applies, and is sent again.
    seat_do(&chief, &black, json!({ "type": "mark_dead", "points": [] })).await;
    seat_do(&chief, &white, json!({ "type": "accept_marking" })).await;
    until(&w, "White's confirm button", "document.getElementById('confirm')").await;
    lose_next_race(&w, json!({ "type": "confirm" }), Some(&black_secret), None, None).await;
    click(&w, "#confirm").await;
    let (msg, bad) = toast(&w, "the answer to White's confirmation").await;
    assert!(
        !bad && msg.contains("sent again") && msg.contains("Black confirms"),
        "{msg}"
    );
    let l = log(&rig, &chief, game).await;
    let confirmations: Vec<&String> = l.iter().filter(|e| e.contains("confirms the result")).collect();
    assert_eq!(confirmations.len(), 2, "{l:?}");
    assert!(l.last().unwrap().contains("White confirms"), "{l:?}");
    shot(&w, "stale-02-confirm-sent-again").await;

    // On board 2, Black (in Chinese) types a move while the referee stops the clocks: the
    // move is never sent again on its own; the page says what came first.
    let b2 = link(1, "black");
    let (game2, _) = seat(&b2);
    let b = rig.browser("zh-CN").await;
    b.goto(&format!("{}{b2}", rig.base)).await.unwrap();
    until(
        &b,
        "Black's turn",
        "(() => { const p = document.getElementById('play-coord'); return p && !p.disabled; })()",
    )
    .await;
    lose_next_race(&b, json!({ "type": "pause" }), None, Some(&token), Some("referee")).await;
    fill(&b, "#coord", "E5").await;
    click(&b, "#play-coord").await;
    let (msg, bad) = toast(&b, "the answer to Black's move").await;
    assert!(bad && msg.contains("未发送") && msg.contains("暂停"), "{msg}");
    shot(&b, "stale-03-move-not-sent-zh").await;
    let (_, v) = call(&chief, "GET", &format!("/api/games/{game2}/view"), Value::Null, None).await;
    assert_eq!(
        (v["moves"].clone(), v["paused"].clone()),
        (json!(0), json!(true)),
        "{v}"
    );
    for c in [chief, w, b] {
        c.close().await.unwrap();
    }
}
