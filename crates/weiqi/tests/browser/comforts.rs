//! What players used to Fox, OGS and KGS expect of the game page and the clock-only page, on
//! a phone (390 × 844, touch), a tablet (820 × 1180 and 1024 × 768, touch) and a desktop:
//! confirm-move on by default on touch (a ghost stone, a second tap plays), a stone sound off
//! by default, hints only for a player while there is something to play, the big call gone
//! when the clocks stop or the game ends, a tap during a pause answered, the voice on where
//! the browser has one (and the choice remembered), the count explained with the warnings of
//! Art. 24 and the territory on the board, the event named and linked; on the clock-only
//! page the far face turned toward its player, the faces unwrapped from 768 px up, and
//! "saved" only when the server saved.

use crate::kit::{account, cdp, event, full_shot, press, screen, seat_do};
use crate::layout::tap_at;
use crate::support::{Rig, click, fill, until};
use fantoccini::Client;
use serde_json::{Value, json};

/// A speech synthesis with a Chinese voice, installed before the page's script runs.
const SPEECH: &str = "window.__spoken = []; \
    speechSynthesis.getVoices = () => [{ lang: 'en-US', name: 'stub', voiceURI: 'stub', localService: true, default: true }]; \
    speechSynthesis.speak = (u) => window.__spoken.push(u.text);";

/// Taps the star point `nth` of the board (on 9×9: C3, G3, E5, C7, G7 in drawing order).
async fn tap_star(c: &Client, nth: usize) {
    let at = c
        .execute(
            "const s = document.querySelectorAll('svg.board .star')[arguments[0]]; \
             s.scrollIntoView({ block: 'center' }); const r = s.getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2];",
            vec![json!(nth)],
        )
        .await
        .unwrap();
    tap_at(c, at[0].as_f64().unwrap(), at[1].as_f64().unwrap()).await;
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(&format!("return ({script});"), vec![]).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_comforts_on_phone_tablet_and_desktop() {
    let mut rig = Rig::start("comforts").await;
    let host = rig.browser("en-US").await;
    host.goto(&rig.base).await.unwrap();
    account(&rig, &host, "td").await;
    event(&rig, &host, "spring", "swiss", 1, &[("Li", "2d"), ("Wang", "2d")]).await;
    rig.api(
        &host,
        "PUT",
        "/api/events/spring/roles",
        json!({ "account": "td", "role": "chief_referee" }),
    )
    .await;
    rig.api(&host, "POST", "/api/events/spring/rounds", Value::Null).await;
    let games = rig
        .api(
            &host,
            "POST",
            "/api/events/spring/rounds/1/games",
            json!({ "time": "2s+2x30s", "size": 9 }),
        )
        .await;
    let g = &games["games"][0];
    let game = g["game"].as_i64().unwrap();
    let link = |c: &str| g["links"][c].as_str().unwrap().to_string();
    let (black_link, white_link) = (link("black"), link("white"));
    // Every person's browser, before the referee's helper borrows the rig.
    let phone = rig.browser("en-US").await;
    let watcher = rig.browser("zh-CN").await;
    let tablet = rig.browser("zh-CN").await;
    let official = |action: Value| {
        let rig = &rig;
        let host = &host;
        async move {
            let v = rig
                .api(host, "GET", &format!("/api/games/{game}/view"), json!(null))
                .await;
            rig.api(
                host,
                "POST",
                &format!("/api/games/{game}/actions"),
                json!({ "seq": v["seq"], "action": action, "as": "chief_referee" }),
            )
            .await;
        }
    };

    // Black on a phone, a voice in the browser from the start.
    screen(&phone, 390, 844, true).await;
    cdp(
        &phone,
        "Page.addScriptToEvaluateOnNewDocument",
        json!({ "source": SPEECH }),
    )
    .await;
    phone.goto(&format!("{}{black_link}", rig.base)).await.unwrap();
    until(&phone, "the board", "document.querySelector('svg.board .star')").await;
    // The voice is on where one exists, before anybody chose.
    until(
        &phone,
        "the voice on",
        "document.getElementById('voice-toggle').getAttribute('aria-pressed') === 'true'",
    )
    .await;
    // Confirm-move on by default on touch; the stone sound off by default.
    assert_eq!(
        js(
            &phone,
            "[document.getElementById('opt-confirm').checked, document.getElementById('opt-sound').checked]"
        )
        .await,
        json!([true, false])
    );
    // The event, round and board are named and linked.
    let where_ = until(
        &phone,
        "the event named",
        "document.getElementById('game-event') && document.getElementById('game-where').textContent",
    )
    .await;
    assert_eq!(where_, json!("spring open · round 1, board 1"));
    assert_eq!(
        js(&phone, "document.getElementById('game-event').getAttribute('href')").await,
        json!("/events/spring")
    );

    // One tap: a ghost stone, nothing played; the second tap on it plays.
    until(
        &phone,
        "Black's turn",
        "!document.getElementById('play-coord').disabled",
    )
    .await;
    tap_star(&phone, 2).await;
    until(
        &phone,
        "the ghost at E5",
        "document.querySelector('svg.board [data-ghost=\"E5\"]')",
    )
    .await;
    assert!(
        js(&phone, "document.getElementById('ghost-note').textContent")
            .await
            .as_str()
            .unwrap()
            .contains("E5")
    );
    full_shot(&phone, "comforts-phone-ghost").await;
    assert_eq!(
        js(&phone, "!!document.querySelector('svg.board .stone[data-v=\"E5\"]')").await,
        json!(false)
    );
    tap_star(&phone, 2).await;
    until(
        &phone,
        "the stone at E5",
        "document.querySelector('svg.board .stone.black[data-v=\"E5\"]')",
    )
    .await;
    // The first gesture let the page speak: the calls are said aloud from now on.
    // The sound, turned on, clicks at the opponent's move.
    click(&phone, "#opt-sound").await;
    seat_do(&host, &white_link, json!({ "type": "play", "point": "C3" })).await;
    until(&phone, "a stone's sound", "window.__stoneSounds >= 1").await;

    // White's clock runs into its byo-yomi: the call is on screen and spoken.
    until(&phone, "a call", "document.getElementById('call-now').textContent").await;
    until(&phone, "a call spoken", "window.__spoken.length > 0").await;
    // The clocks stop (Art. 14): the big call goes; a tap is answered, not ignored.
    seat_do(&host, &black_link, json!({ "type": "play", "point": "A2" })).await;
    official(json!({ "type": "pause" })).await;
    until(&phone, "the call cleared at the pause", "document.getElementById('status').textContent.includes('stopped') && document.getElementById('call-now').textContent === ''").await;
    official(json!({ "type": "resume" })).await;
    seat_do(&host, &white_link, json!({ "type": "play", "point": "C7" })).await;
    official(json!({ "type": "pause" })).await;
    until(
        &phone,
        "the pause",
        "document.getElementById('status').textContent.includes('stopped')",
    )
    .await;
    tap_star(&phone, 1).await;
    until(
        &phone,
        "the pause said",
        "document.getElementById('toast').textContent.includes('Art. 14')",
    )
    .await;
    official(json!({ "type": "resume" })).await;

    // Art. 24: a warning to White; then the end and the count.
    official(json!({ "type": "ruling", "ruling": "discipline", "side": "white", "offence": "talking", "penalty": "warning" })).await;
    for (l, action) in [
        // Black closes the corner: A1 is its territory.
        (&black_link, json!({ "type": "play", "point": "B1" })),
        (&white_link, json!({ "type": "play", "point": "G3" })),
        (&black_link, json!({ "type": "pass" })),
        (&white_link, json!({ "type": "pass" })),
        (&black_link, json!({ "type": "mark_dead", "points": [] })),
        (&white_link, json!({ "type": "accept_marking" })),
    ] {
        seat_do(&host, l, action).await;
    }
    let lines = until(
        &phone,
        "the count explained",
        "(() => { const e = document.getElementById('count-explained'); return e && !e.hidden && [...e.querySelectorAll('li')].map((l) => l.textContent); })()",
    )
    .await;
    let text = lines
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect::<Vec<_>>()
        .join("\n");
    for want in [
        "Black: 3 stones on the board + 1 territory + 37 (half of 74 dame) = 41",
        "White: 3 stones on the board + 0 territory",
        "White: 1 warning(s), one stone each",
        "komi 3¾",
        "(Art. 9, 11)",
        "Black 42 − 44¼ = −2¼ stones: white wins by 2¼ stones",
    ] {
        assert!(text.contains(want), "{want:?} not in the count:\n{text}");
    }
    // Territory on the board, the big call gone, no hints after the end.
    let after = js(
        &phone,
        "[document.querySelectorAll('svg.board .terr').length, document.getElementById('call-now').textContent, \
          document.getElementById('board-help').hidden, document.getElementById('coord-help') === null || document.getElementById('coord-help').hidden]",
    )
    .await;
    assert!(after[0].as_u64().unwrap() > 0, "no territory drawn: {after}");
    assert_eq!(
        after.as_array().unwrap()[1..],
        [json!(""), json!(true), json!(true)],
        "{after}"
    );
    full_shot(&phone, "comforts-phone-count").await;
    screen(&phone, 820, 1180, true).await;
    full_shot(&phone, "comforts-tablet-count").await;
    // The choice of voice is remembered.
    click(&phone, "#voice-toggle").await;
    phone.refresh().await.unwrap();
    until(&phone, "the page again", "document.getElementById('voice-toggle')").await;
    assert_eq!(
        js(
            &phone,
            "document.getElementById('voice-toggle').getAttribute('aria-pressed')"
        )
        .await,
        json!("false")
    );

    // A spectator on a desktop: the count explained (in Chinese), no player's hints, no
    // confirm-move setting.
    watcher.goto(&format!("{}/play/{game}", rig.base)).await.unwrap();
    until(
        &watcher,
        "the count explained",
        "!document.getElementById('count-explained').hidden",
    )
    .await;
    let w = js(
        &watcher,
        "[document.getElementById('board-help').hidden, document.getElementById('opt-confirm').parentElement.hidden, \
          document.getElementById('count-explained').textContent]",
    )
    .await;
    assert_eq!(w.as_array().unwrap()[0..2], [json!(true), json!(true)], "{w}");
    let zh = w[2].as_str().unwrap();
    assert!(zh.contains("贴3又3/4子") && zh.contains("警告1次"), "{zh}");
    full_shot(&watcher, "comforts-desktop-spectator-count").await;

    // The review: the move list numbered; Home goes to the start, → a move on, the warning
    // shown after the move it followed (White's C7, move 4), the last button back to live.
    let listed = js(
        &watcher,
        "[...document.querySelectorAll('#move-list button.move')].map((b) => b.textContent).join(' ')",
    )
    .await;
    assert_eq!(
        listed,
        json!("1. 黑方 E5 2. 白方 C3 3. 黑方 A2 4. 白方 C7 5. 黑方 B1 6. 白方 G3 7. 黑方 虚着 8. 白方 虚着")
    );
    press(&watcher, fantoccini::key::Key::Home).await;
    until(
        &watcher,
        "the start",
        "document.querySelectorAll('svg.board .stone').length === 0",
    )
    .await;
    for _ in 0..4 {
        press(&watcher, fantoccini::key::Key::Right).await;
    }
    let note = until(
        &watcher,
        "move 4 with its warning",
        "document.querySelectorAll('svg.board .stone').length === 4 && document.getElementById('review-note').textContent",
    )
    .await;
    assert!(
        note.as_str().unwrap().starts_with("第4手（共8手）") && note.as_str().unwrap().contains("警告"),
        "{note}"
    );
    full_shot(&watcher, "comforts-desktop-review-move-4").await;
    click(&watcher, "#nav-prev").await;
    until(&watcher, "move 3", "document.querySelectorAll('svg.board .stone').length === 3 && document.querySelector('#move-list button.current').dataset.n === '3'").await;
    click(&watcher, "#nav-last").await;
    until(&watcher, "live again", "document.querySelectorAll('svg.board .stone').length === 6 && document.getElementById('review-note').textContent === '' && document.querySelectorAll('svg.board .terr').length > 0").await;

    // Spectators: the viewer count (the phone and the watcher follow the game), and the
    // live games named by event, round and board, with the move number and both clocks.
    until(
        &watcher,
        "two watching",
        "document.getElementById('viewers').textContent === '2人观战'",
    )
    .await;
    phone.goto(&rig.base).await.unwrap();
    let row = until(
        &phone,
        "the live games",
        "(() => { const r = document.querySelector('#live-games tbody tr'); return r && r.children[5].textContent && [...r.children].map((c) => c.textContent); })()",
    )
    .await;
    let cells: Vec<&str> = row.as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert_eq!(
        cells[1..5],
        ["spring open", "round 1, board 1", "Wang vs Li", "8"],
        "{row}"
    );
    assert!(
        // Each a clock's text (how much depends on how fast this machine played the moves).
        [cells[5], cells[6]]
            .iter()
            .all(|c| c.contains("0:") && c.chars().any(|x| x.is_ascii_digit())),
        "the clocks: {row}"
    );
    // The watcher at least (the phone's own connection may not have closed yet).
    assert!(cells[7].parse::<u32>().is_ok_and(|n| n >= 1), "{row}");
    full_shot(&phone, "comforts-phone-live-games").await;

    // The clock-only page on a tablet lying between the players.
    screen(&tablet, 820, 1180, true).await;
    tablet
        .goto(&format!("{}/clock?time=1h%2B3x60s", rig.base))
        .await
        .unwrap();
    fill(&tablet, "#c-black", "李").await;
    fill(&tablet, "#c-white", "王").await;
    click(&tablet, "#c-start").await;
    until(
        &tablet,
        "the faces",
        "document.querySelector('#face-white .time .main')",
    )
    .await;
    let turned = js(&tablet, "[getComputedStyle(document.getElementById('face-black')).transform, getComputedStyle(document.getElementById('face-white')).transform]").await;
    assert_ne!(turned[0], json!("none"), "the far face is not turned: {turned}");
    assert_eq!(turned[1], json!("none"), "{turned}");
    full_shot(&tablet, "comforts-tablet-clock").await;
    // From 768 px up no part of a face wraps.
    for (w, h) in [(1024, 768), (768, 1024), (820, 1180)] {
        screen(&tablet, w, h, true).await;
        let lines = js(
            &tablet,
            "[...document.querySelectorAll('.face .time .main, .face .time .extra')].filter((e) => e.textContent).map((e) => { \
               const r = document.createRange(); r.selectNodeContents(e); \
               const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top))); return tops.size; })",
        )
        .await;
        assert!(
            lines.as_array().unwrap().iter().all(|n| n == &json!(1)),
            "a face wraps at {w}×{h}: {lines}"
        );
        full_shot(&tablet, &format!("comforts-clock-{w}x{h}")).await;
    }
    // A clock of no event saves nothing, and says so.
    fill(&tablet, "#c-result", "B+R").await;
    click(&tablet, "#c-end button[type=submit]").await;
    let said = until(
        &tablet,
        "the result noted",
        "document.getElementById('toast').textContent",
    )
    .await;
    assert!(said.as_str().unwrap().contains("未保存"), "{said}");
    for c in [host, phone, watcher, tablet] {
        c.close().await.unwrap();
    }
}
