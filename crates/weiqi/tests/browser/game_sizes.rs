//! The game page's comforts at every size a player brings: a desktop (1280 × 1000, a mouse), a
//! phone (390 × 844) and a tablet held upright (820 × 1180), touch emulated on the last two,
//! all in Chinese. A finished game as a spectator sees it: the count explained with the
//! territory on the board, the move list and its navigation, the event named; a game in play
//! as its player sees it: the clocks on one line each, confirm-move on by default on touch
//! and off with a mouse; the spectators' list of live games; a byo-yomi call on screen and
//! aloud, gone when the game ends. Nothing scrolls sideways, and no
//! English word is left on the Chinese page. Screenshots of each, at each size.

use crate::kit::{account, cdp, event, full_shot, screen, seat_do};
use crate::layout::{no_sideways_scroll, tap, tap_at};
use crate::support::{Rig, click, until};
use fantoccini::Client;
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use serde_json::{Value, json};

/// A speech synthesis with a Chinese voice that records what it is asked to say, installed
/// before the page's script runs.
const SPEECH: &str = "window.__spoken = []; \
    speechSynthesis.getVoices = () => [{ lang: 'zh-CN', name: 'stub', voiceURI: 'stub', localService: true, default: true }]; \
    speechSynthesis.speak = (u) => window.__spoken.push(u.text);";

/// The English words the pages use for play (a zh page says each in Chinese); `null` when
/// `#main` has none, else the words found.
const ENGLISH: &str = "return (() => {
    const words = document.getElementById('main').innerText.match(/\\b(Black|White|Pass|Resign|then|left|captured|warnings?|moves?|stones?|territory|komi|round|board|byo-yomi|live|watching|result)\\b/gi);
    return words ? [...new Set(words)] : null;
})()";

async fn js(c: &Client, script: &str) -> Value {
    c.execute(&format!("return ({script});"), vec![]).await.unwrap()
}

/// No sideways scrolling at width `w`: on a desktop the page's vertical scroll bar takes its
/// width from the layout viewport (touch screens overlay theirs).
async fn whole(c: &Client, w: u32, touch: bool, page: &str) {
    let inner = if touch {
        w
    } else {
        let cw = js(c, "document.documentElement.clientWidth").await.as_u64().unwrap() as u32;
        assert!(
            cw + 20 >= w && cw <= w,
            "{page}: a layout viewport of {cw} px at {w} px"
        );
        cw
    };
    no_sideways_scroll(c, inner, page).await;
}

/// Puts the mouse's button down on the point `col`, `row` of the
/// board (from its top left: on 9×9, C3 is 2, 6), where its lines cross on screen (Art. 1's
/// 2.3 × 2.4 cells, 3.6 mm of margin, in tenths of a millimetre).
async fn point_down(c: &Client, col: u32, row: u32) {
    let at = c
        .execute(
            "const svg = document.querySelector('svg.board'); svg.scrollIntoView({ block: 'center' }); \
             const p = svg.createSVGPoint(); p.x = 360 + arguments[0] * 230; p.y = 360 + arguments[1] * 240; \
             const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y];",
            vec![json!(col), json!(row)],
        )
        .await
        .unwrap();
    let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    c.perform_actions(
        MouseActions::new("mouse".into())
            .then(PointerAction::MoveTo { duration: None, x, y })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            }),
    )
    .await
    .expect("the button down");
}

/// Lifts the mouse's button [`point_down`] put down.
async fn point_up(c: &Client) {
    c.perform_actions(MouseActions::new("mouse".into()).then(PointerAction::Up {
        button: MOUSE_BUTTON_LEFT,
    }))
    .await
    .expect("the button up");
    c.release_actions().await.expect("released");
}

/// A tap on the point `col`, `row`: down and up at once (a finger held in between is a long
/// press, which the browser cancels).
async fn tap_point(c: &Client, col: u32, row: u32) {
    let at = c
        .execute(
            "const svg = document.querySelector('svg.board'); svg.scrollIntoView({ block: 'center' }); \
             const p = svg.createSVGPoint(); p.x = 360 + arguments[0] * 230; p.y = 360 + arguments[1] * 240; \
             const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y];",
            vec![json!(col), json!(row)],
        )
        .await
        .unwrap();
    tap_at(c, at[0].as_f64().unwrap(), at[1].as_f64().unwrap()).await;
}

/// A click on the point `col`, `row` whose button is held while a referee warns `warned`
/// (Art. 24) and the page draws the board again (its `n`th warning shown), then released: the
/// click must still play (regression: it was lost when the board was replaced between the
/// press and the release).
async fn mouse_held_while_redrawn(
    rig: &Rig,
    host: &Client,
    c: &Client,
    game: i64,
    (col, row): (u32, u32),
    (warned, n): (&str, u32),
) {
    point_down(c, col, row).await;
    let v = rig
        .api(host, "GET", &format!("/api/games/{game}/view"), json!(null))
        .await;
    rig.api(
        host,
        "POST",
        &format!("/api/games/{game}/actions"),
        json!({ "seq": v["seq"], "action": { "type": "ruling", "ruling": "discipline", "side": warned, "offence": "talking", "penalty": "warning" }, "as": "chief_referee" }),
    )
    .await;
    until(
        c,
        "the board drawn again with the warning",
        &format!("document.getElementById('clock-{warned}').textContent.includes('警告{n}次')"),
    )
    .await;
    point_up(c).await;
}

/// Presses `css` (a tap on touch, else a click) until `cond` (a JS expression) is truthy,
/// and returns its value: a tap that lands while the page above it is still growing (the
/// viewer count, the voice's note) misses its button, and is tried again, at most 5 times.
async fn press_until(c: &Client, css: &str, touch: bool, what: &str, cond: &str) -> Value {
    for _ in 0..5 {
        press(c, css, touch).await;
        for _ in 0..30 {
            let v = js(c, cond).await;
            if !(v.is_null() || v == json!(false) || v == json!("") || v == json!(0)) {
                return v;
            }
            // A wait on observable state: `cond` is asked again; a press the page missed is
            // made again after 30 looks, and the last wait is `until`'s, which gives up.
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }
    until(c, what, cond).await
}

/// Taps on touch, clicks with a mouse.
async fn press(c: &Client, css: &str, touch: bool) {
    if touch {
        tap(c, css).await;
    } else {
        click(c, css).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_page_at_desktop_phone_and_tablet_sizes() {
    let mut rig = Rig::start("game-sizes").await;
    let host = rig.browser("zh-CN").await;
    host.goto(&rig.base).await.unwrap();
    account(&rig, &host, "td").await;
    event(
        &rig,
        &host,
        "autumn",
        "swiss",
        1,
        &[("李", "2d"), ("王", "2d"), ("张", "1d"), ("赵", "1d")],
    )
    .await;
    rig.api(
        &host,
        "PUT",
        "/api/events/autumn/roles",
        json!({ "account": "td", "role": "chief_referee" }),
    )
    .await;
    rig.api(&host, "POST", "/api/events/autumn/rounds", Value::Null).await;
    let games = rig
        .api(
            &host,
            "POST",
            "/api/events/autumn/rounds/1/games",
            json!({ "time": "10m+3x30s", "size": 9 }),
        )
        .await;
    let link = |g: usize, c: &str| games["games"][g]["links"][c].as_str().unwrap().to_string();
    let done = games["games"][0]["game"].as_i64().unwrap();
    // Board 1 is played to the end: a warning to White (Art. 24), both pass, the count.
    let (b, w) = (link(0, "black"), link(0, "white"));
    for (l, action) in [
        (&b, json!({ "type": "play", "point": "E5" })),
        (&w, json!({ "type": "play", "point": "C3" })),
        (&b, json!({ "type": "play", "point": "A2" })),
        (&w, json!({ "type": "play", "point": "C7" })),
    ] {
        seat_do(&host, l, action).await;
    }
    let v = rig
        .api(&host, "GET", &format!("/api/games/{done}/view"), json!(null))
        .await;
    rig.api(
        &host,
        "POST",
        &format!("/api/games/{done}/actions"),
        json!({ "seq": v["seq"], "action": { "type": "ruling", "ruling": "discipline", "side": "white", "offence": "talking", "penalty": "warning" }, "as": "chief_referee" }),
    )
    .await;
    for (l, action) in [
        (&b, json!({ "type": "play", "point": "B1" })),
        (&w, json!({ "type": "play", "point": "G3" })),
        (&b, json!({ "type": "pass" })),
        (&w, json!({ "type": "pass" })),
        (&b, json!({ "type": "mark_dead", "points": [] })),
        (&w, json!({ "type": "accept_marking" })),
    ] {
        seat_do(&host, l, action).await;
    }
    // Board 2 is in play: Black has played one stone, White's clock runs.
    let live_black = link(1, "black");
    let live_white = link(1, "white");
    seat_do(&host, &live_black, json!({ "type": "play", "point": "E5" })).await;

    let c = rig.browser("zh-CN").await;
    cdp(&c, "Page.addScriptToEvaluateOnNewDocument", json!({ "source": SPEECH })).await;
    // Who plays board 2 on each device (the side to move), the point played (its column and
    // row from the top left) and the moves made once it is played.
    // With the mouse, the click that plays is held while a referee warns Black (Art. 24) and
    // the page draws the board again before it is released.
    let live = games["games"][1]["game"].as_i64().unwrap();
    for (device, w, h, touch, seat, (col, row), point, moves) in [
        ("desktop", 1280, 1000, false, &live_white, (2, 6), "C3", "2"),
        ("phone", 390, 844, true, &live_black, (6, 6), "G3", "3"),
        ("tablet", 820, 1180, true, &live_white, (2, 2), "C7", "4"),
    ] {
        screen(&c, w, h, touch).await;

        // The finished game, as a spectator.
        c.goto(&format!("{}/play/{done}", rig.base)).await.unwrap();
        let lines = until(
            &c,
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
        assert!(
            text.contains("警告1次") && text.contains("贴3又3/4子"),
            "{device}: {text}"
        );
        assert!(
            js(&c, "document.querySelectorAll('svg.board .terr').length")
                .await
                .as_u64()
                .unwrap()
                > 0,
            "{device}: no territory on the board"
        );
        assert_eq!(
            js(&c, "document.getElementById('game-where').textContent").await,
            json!("autumn open · 第1轮第1台"),
            "{device}"
        );
        // The status gives the count the explanation ends with (after the warning), not the
        // bare stones and territory (regression: "黑方4子，白方3子" beside "= 41子").
        let status = js(&c, "document.getElementById('status').textContent").await;
        assert!(
            status.as_str().unwrap().contains("计数：黑方42子，白方39子"),
            "{device}: {status}"
        );
        // A spectator is offered no confirm-move, which is a player's (regression: a class's
        // display showed the hidden setting).
        assert_eq!(
            js(&c, "document.getElementById('opt-confirm').getClientRects().length").await,
            json!(0),
            "{device}: confirm-move offered to a spectator"
        );
        whole(&c, w, touch, "the finished game").await;
        assert_eq!(
            c.execute(ENGLISH, vec![]).await.unwrap(),
            Value::Null,
            "{device}: English on the zh game page"
        );
        // Each line of the count and each control of the review inside the screen.
        let out = js(
            &c,
            "[...document.querySelectorAll('#count-explained li, #nav-first, #nav-prev, #nav-next, #nav-last, #move-list button')] \
               .filter((e) => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth; }).map((e) => e.id || e.textContent)",
        )
        .await;
        assert_eq!(out, json!([]), "{device}: off the screen");
        full_shot(&c, &format!("game-sizes-{device}-count")).await;
        // The review: the first position, then back to the end.
        press_until(
            &c,
            "#nav-first",
            touch,
            "the empty board",
            "document.querySelectorAll('svg.board .stone').length === 0",
        )
        .await;
        let note = press_until(
            &c,
            "#nav-next",
            touch,
            "move 1",
            "document.querySelectorAll('svg.board .stone').length === 1 && document.getElementById('review-note').textContent",
        )
        .await;
        assert!(note.as_str().unwrap().starts_with("第1手（共8手）"), "{device}: {note}");
        full_shot(&c, &format!("game-sizes-{device}-review")).await;
        press_until(
            &c,
            "#nav-last",
            touch,
            "the end again",
            "document.querySelectorAll('svg.board .stone').length === 6 && document.getElementById('review-note').textContent === ''",
        )
        .await;

        // The game in play, as the side to move: confirm-move on by default on touch only;
        // each clock's running time on one line.
        c.goto(&format!("{}{seat}", rig.base)).await.unwrap();
        until(
            &c,
            "the clocks",
            "document.querySelector('#clock-white .time .main') && document.getElementById('opt-confirm')",
        )
        .await;
        assert_eq!(
            js(&c, "document.getElementById('opt-confirm').checked").await,
            json!(touch),
            "{device}"
        );
        let clocks = js(
            &c,
            "['black', 'white'].map((k) => { const m = document.querySelector('#clock-' + k + ' .time .main'), r = document.getElementById('clock-' + k).getBoundingClientRect(); \
               return [m.getClientRects().length, r.left >= 0 && r.right <= innerWidth]; })",
        )
        .await;
        assert_eq!(clocks, json!([[1, true], [1, true]]), "{device}: the clocks");
        // The hints fit the board and the device: this 9×9 board's columns are A–J
        // (regression: "A–T" on every board); the arrow keys' hint is for a keyboard.
        let helps = js(
            &c,
            "[document.getElementById('coord-help').textContent, document.getElementById('board-help').getClientRects().length > 0]",
        )
        .await;
        assert!(helps[0].as_str().unwrap().contains("A–J，无 I"), "{device}: {helps}");
        assert_eq!(helps[1], json!(!touch), "{device}: the arrow keys' hint");
        whole(&c, w, touch, "the game in play").await;
        assert_eq!(
            c.execute(ENGLISH, vec![]).await.unwrap(),
            Value::Null,
            "{device}: English on the zh game page"
        );
        // A move: with a mouse one click plays; on touch the first tap puts a ghost stone
        // and plays nothing, the second plays.
        until(&c, "the turn", "!document.getElementById('play-coord').disabled").await;
        let stone = format!("svg.board .stone[data-v=\"{point}\"]");
        if touch {
            tap_point(&c, col, row).await;
            until(
                &c,
                "the ghost stone",
                &format!("document.querySelector('svg.board [data-ghost=\"{point}\"]')"),
            )
            .await;
            assert_eq!(
                js(&c, &format!("!!document.querySelector('{stone}')")).await,
                json!(false),
                "{device}: one tap played"
            );
            full_shot(&c, &format!("game-sizes-{device}-ghost")).await;
        }
        if touch {
            tap_point(&c, col, row).await;
        } else {
            mouse_held_while_redrawn(&rig, &host, &c, live, (col, row), ("black", 1)).await;
        }
        until(&c, "the stone played", &format!("document.querySelector('{stone}')")).await;
        assert_eq!(
            js(&c, "document.querySelectorAll('svg.board [data-ghost]').length").await,
            json!(0),
            "{device}"
        );
        full_shot(&c, &format!("game-sizes-{device}-live")).await;

        // The spectators' list of live games.
        c.goto(&rig.base).await.unwrap();
        let row = until(
            &c,
            "the live games",
            "(() => { const r = [...document.querySelectorAll('#live-games tbody tr')].find((r) => r.children[2].textContent === '第1轮第2台'); \
               return r && r.children[5].textContent && [...r.children].map((c) => c.textContent); })()",
        )
        .await;
        assert_eq!(row[1], json!("autumn open"), "{device}: {row}");
        assert_eq!(row[4], json!(moves), "{device}: {row}");
        // Every cell of the list on one line, the table scrolling inside its box on a phone
        // (regression: the headers stood on end, a character a line).
        let wrapped = js(
            &c,
            "[...document.querySelectorAll('#live-games th, #live-games td')].filter((e) => {                const r = document.createRange(); r.selectNodeContents(e);                return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1; }).map((e) => e.textContent)",
        )
        .await;
        assert_eq!(wrapped, json!([]), "{device}: cells of the live games wrap");
        whole(&c, w, touch, "the home page").await;
        full_shot(&c, &format!("game-sizes-{device}-live-games")).await;

        // A game of one second and three periods of 30 s (Art. 12.3): Black's byo-yomi is
        // called on screen, whole, and aloud (a voice exists, so the voice is on); Black
        // resigns and the call and the player's hints are gone with the game.
        let g = rig
            .api(
                &host,
                "POST",
                "/api/games",
                json!({ "settings": { "players": [{ "name": "甲", "rank": "1d" }, { "name": "乙", "rank": "1d" }],
                                      "size": 9, "time": "1s+3x30s" } }),
            )
            .await;
        let black = g["links"]["black"].as_str().unwrap().to_string();
        c.goto(&format!("{}{black}", rig.base)).await.unwrap();
        let call = until(
            &c,
            "Black's byo-yomi called",
            "(() => { const e = document.getElementById('call-now'); return e && e.textContent.includes('读秒') && e.textContent; })()",
        )
        .await;
        assert!(call.as_str().unwrap().starts_with("黑方 · "), "{device}: {call}");
        let fits = js(
            &c,
            "(() => { const e = document.getElementById('call-now'), r = e.getBoundingClientRect(); \
               return [r.left >= 0 && r.right <= innerWidth, e.scrollWidth <= e.clientWidth]; })()",
        )
        .await;
        assert_eq!(fits, json!([true, true]), "{device}: the call does not fit: {call}");
        until(&c, "the call spoken", "window.__spoken.some((s) => s.includes('读秒'))").await;
        whole(&c, w, touch, "a game in byo-yomi").await;
        full_shot(&c, &format!("game-sizes-{device}-call")).await;
        seat_do(&host, &black, json!({ "type": "resign" })).await;
        let after = until(
            &c,
            "the call gone with the game",
            "(() => { const s = document.getElementById('status').textContent; \
               return s.includes('中盘胜') && [document.getElementById('call-now').textContent, \
               document.getElementById('coord-help').hidden, document.getElementById('board-help').hidden]; })()",
        )
        .await;
        assert_eq!(after, json!(["", true, true]), "{device}: after the resignation");
    }
    for c in [host, c] {
        c.close().await.unwrap();
    }
}
