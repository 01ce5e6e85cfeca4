//! A player's rights on the clock: in byo-yomi a player may ask the time left (Art. 16), on
//! the game page and on the clock-only page, and is told (on screen, and aloud where there is
//! a voice); when the last byo-yomi period runs out, the player may ask that it count as one
//! lost turn instead of a loss where the event allows it (Art. 22), and the clock-only page
//! offers that choice and records it.

use crate::board::login;
use crate::rounds::call;
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::Client;
use serde_json::json;

/// The test seam: the page's speech synthesis records what it is asked to say.
const SPEECH_STUB: &str = "window.__spoken = []; \
    speechSynthesis.getVoices = () => [{ lang: 'zh-CN', name: 'stub', voiceURI: 'stub', localService: true, default: true }, \
                                      { lang: 'en-US', name: 'stub-en', voiceURI: 'stub-en', localService: true, default: false }]; \
    speechSynthesis.speak = (u) => window.__spoken.push(u.text);";

/// The answer shown, once it starts with `prefix`.
async fn answer(c: &Client, prefix: &str) -> String {
    let a = until(
        c,
        &format!("the answer {prefix}"),
        &format!(
            "(() => {{ const a = document.getElementById('time-answer').textContent; return a.startsWith({}) && a; }})()",
            json!(prefix)
        ),
    )
    .await;
    a.as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_asks_the_time_left_in_byo_yomi() {
    let mut rig = Rig::start("ask").await;
    let black = rig.browser("zh-CN").await;
    login(&rig, &black, "host").await;
    // A second of basic time, then three 30-s periods (Art. 12.3).
    let g = rig
        .api(
            &black,
            "POST",
            "/api/games",
            json!({ "settings": { "players": [{ "name": "黑", "rank": "1d" }, { "name": "白", "rank": "1d" }],
                                  "size": 9, "time": "1s+3x30s" } }),
        )
        .await;
    let game = g["game"].as_i64().unwrap();
    black
        .goto(&format!("{}{}", rig.base, g["links"]["black"].as_str().unwrap()))
        .await
        .unwrap();
    until(&black, "the board", "document.querySelector('svg.board')").await;
    black.execute(SPEECH_STUB, vec![]).await.unwrap();
    click(&black, "#voice-toggle").await;

    // Black thinks into byo-yomi and asks: told aloud and on screen, in Chinese.
    until(
        &black,
        "byo-yomi",
        "document.querySelector('#clock-black .time').textContent.includes('读秒')",
    )
    .await;
    click(&black, "#ask-time").await;
    let told = answer(&black, "读秒，还剩三次，本次还有").await;
    // The answer is spoken too (not necessarily last: a byo-yomi call may follow it at once).
    until(
        &black,
        "the answer spoken",
        &format!("window.__spoken.includes({})", json!(told)),
    )
    .await;
    shot(&black, "ask-01-game-zh").await;

    // White, in basic time, asks in English.
    let white = rig.browser("en-US").await;
    white
        .goto(&format!("{}{}", rig.base, g["links"]["white"].as_str().unwrap()))
        .await
        .unwrap();
    click(&white, "#ask-time").await;
    assert_eq!(
        answer(&white, "1 second").await,
        "1 second of basic time left, then byo-yomi, 3 periods of 30 seconds"
    );
    let (status, body) = call(
        &white,
        "GET",
        &format!("/api/games/{game}/time-left?color=red"),
        json!(null),
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "color \"red\" must be black or white")
    );

    // On the clock-only page the player whose clock runs asks.
    white
        .goto(&format!("{}/clock?time=1s%2B3x30s", rig.base))
        .await
        .unwrap();
    fill(&white, "#c-black", "Li").await;
    fill(&white, "#c-white", "Wang").await;
    click(&white, "#c-start").await;
    until(
        &white,
        "byo-yomi on the tablet",
        "(() => { const f = document.getElementById('face-black'); return f && f.textContent.includes('byo-yomi'); })()",
    )
    .await;
    click(&white, "#c-ask").await;
    answer(&white, "Black: byo-yomi, 3 periods left, ").await;
    shot(&white, "ask-02-clock-only").await;
    for c in [black, white] {
        c.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_last_period_timeout_becomes_a_lost_turn_on_the_clock_only_page() {
    let mut rig = Rig::start("lostturn").await;
    let tablet = rig.browser("en-US").await;
    // The event allows it (Art. 22): one 3-s period, Black to move.
    tablet
        .goto(&format!("{}/clock?time=1x3s&lost_turn=1", rig.base))
        .await
        .unwrap();
    let allowed = until(&tablet, "the set-up", "document.getElementById('c-lost-allowed')").await;
    assert!(allowed.is_object());
    assert_eq!(
        tablet
            .execute("return document.getElementById('c-lost-allowed').checked", vec![])
            .await
            .unwrap(),
        json!(true)
    );
    fill(&tablet, "#c-black", "Li").await;
    fill(&tablet, "#c-white", "Wang").await;
    click(&tablet, "#c-start").await;

    // The period runs out: the choice is offered, with the focus on it.
    let offer = until(
        &tablet,
        "the lost-turn offer",
        "(() => { const b = document.getElementById('c-lost'); return b && !b.hidden && document.getElementById('c-lost-text').textContent; })()",
    )
    .await;
    assert!(
        offer
            .as_str()
            .unwrap()
            .starts_with("Black's time is up in the last byo-yomi period."),
        "{offer}"
    );
    // The focus moves to the choice, whose description is the offer: a screen reader reads
    // why it is offered with the button.
    assert_eq!(
        tablet
            .execute(
                "const b = document.activeElement; const d = b.getAttribute('aria-describedby'); \
                 return [b.id, d && document.getElementById(d).textContent];",
                vec![]
            )
            .await
            .unwrap(),
        json!(["c-lost-turn", offer])
    );
    shot(&tablet, "lostturn-01-offer").await;
    // Black asks, from the keyboard: White's clock runs, Black keeps one period, and the
    // lost turn is in the record. White's own 3-s period starts with the lost turn, so the
    // page itself reads the record and the faces the moment the lost turn is drawn, and stops
    // the clocks then (Art. 14): no WebDriver round trip on a slow machine lets White's flag
    // fall before they are read.
    tablet
        .execute(
            "window.__seen = null; \
             const watch = setInterval(() => { \
               const l = document.querySelector('#c-record li'); \
               if (!l) return; \
               clearInterval(watch); \
               window.__seen = { line: l.textContent, offer: !document.getElementById('c-lost').hidden, \
                 white_runs: document.getElementById('face-white').classList.contains('running'), \
                 black: document.getElementById('face-black').textContent }; \
               document.getElementById('c-pause').click(); \
             }, 10);",
            vec![],
        )
        .await
        .unwrap();
    tablet
        .active_element()
        .await
        .unwrap()
        .send_keys(&fantoccini::key::Key::Enter.to_string())
        .await
        .unwrap();
    let seen = until(&tablet, "the lost turn recorded", "window.__seen").await;
    assert!(
        seen["line"]
            .as_str()
            .unwrap()
            .starts_with("Black: timeout taken as a lost turn (Art. 22), "),
        "{seen}"
    );
    assert_eq!(
        (&seen["offer"], &seen["white_runs"]),
        (&json!(false), &json!(true)),
        "{seen}"
    );
    let black = seen["black"].as_str().unwrap();
    assert!(
        black.contains("byo-yomi, 1 left") && !black.contains("time is up"),
        "{seen}"
    );
    until(
        &tablet,
        "the clocks stopped",
        "document.getElementById('c-pause').textContent === 'Restart the clocks'",
    )
    .await;
    shot(&tablet, "lostturn-02-recorded").await;
    // It is kept: the page opened again still shows it.
    tablet.refresh().await.unwrap();
    until(
        &tablet,
        "the record after a reload",
        "(() => { const l = document.querySelector('#c-record li'); return l && l.textContent.startsWith('Black: timeout taken'); })()",
    )
    .await;

    // Where the event does not allow it, the flag stands and nothing is offered.
    let other = rig.browser("zh-CN").await;
    other.goto(&format!("{}/clock?time=1x2s", rig.base)).await.unwrap();
    click(&other, "#c-start").await;
    until(
        &other,
        "the flag",
        "(() => { const f = document.getElementById('face-black'); return f && f.textContent.includes('超时'); })()",
    )
    .await;
    assert_eq!(
        other
            .execute("return document.getElementById('c-lost').hidden", vec![])
            .await
            .unwrap(),
        json!(true)
    );
    shot(&other, "lostturn-03-not-allowed-zh").await;
    for c in [tablet, other] {
        c.close().await.unwrap();
    }
}
