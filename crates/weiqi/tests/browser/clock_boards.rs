//! One device runs several boards' clocks (a referee's list of board clocks): boards added
//! one after another, each board's two faces small in the list, one opened full-screen, each
//! clock running on its own with its own calls. Every small face is checked against the clock
//! crate's state for that board's own presses at the instant it shows (as the clock-faces
//! test checks the big ones); a call names its board when the list speaks it, and the board
//! open full-screen hears only its own. Walked on a desktop, a phone (390 × 844) and a tablet
//! (820 × 1180), touch emulated on the last two, with screenshots of the list and of an open
//! clock on each.

use crate::clock_faces::expected;
use crate::kit::{cdp, full_shot, screen};
use crate::layout::{no_sideways_scroll, tap};
use crate::support::{Rig, click, fill, until};
use fantoccini::Client;
use serde_json::{Value, json};

/// A speech synthesis with a Chinese voice that records what it is asked to say, installed
/// before the page's script runs.
const SPEECH: &str = "window.__spoken = []; \
    speechSynthesis.getVoices = () => [{ lang: 'zh-CN', name: 'stub', voiceURI: 'stub', localService: true, default: true }]; \
    speechSynthesis.speak = (u) => window.__spoken.push(u.text);";

/// Every card of the list: its board's id, and each small face's instant, periods, seconds,
/// flag, text and whether it runs; the browser's now.
const CARDS: &str = "return { now: Date.now(), cards: [...document.querySelectorAll('.clock-card')].map((card) => ({
    id: card.dataset.id, call: card.querySelector('.card-call').textContent,
    faces: Object.fromEntries(['black', 'white'].map((c) => { const m = card.querySelector('.mini.' + c), e = m.querySelector('.time');
      return [c, { at: Number(e.dataset.at), periods: e.dataset.periods, secs: Number(e.dataset.secs),
                   flagged: e.dataset.flagged === 'true', text: e.textContent, running: m.classList.contains('running') }]; })) })) };";

/// The board clocks the device keeps.
async fn kept(c: &Client) -> Vec<Value> {
    let s = c
        .execute("return localStorage.getItem('weiqi.clocks');", vec![])
        .await
        .unwrap();
    serde_json::from_str(s.as_str().expect("the clocks are kept")).unwrap()
}

/// The clock crate's side `color` of board clock `st` at `at`.
fn crate_side(st: &Value, at: u64, color: &str) -> Value {
    let req: server::plan::PlanReq = serde_json::from_value(json!({
        "time": st["time"], "ops": st["ops"], "now": at, "horizon_ms": 0,
    }))
    .unwrap();
    server::plan::plan(&req).unwrap()[color].clone()
}

/// Reads the list once and checks every small face against the crate; the cards read.
async fn check_list(c: &Client, device: &str) -> Vec<Value> {
    let kept = kept(c).await;
    let r = c.execute(CARDS, vec![]).await.unwrap();
    let now = r["now"].as_f64().unwrap();
    let cards = r["cards"].as_array().unwrap().clone();
    assert_eq!(cards.len(), kept.len(), "{device}: a card for every kept clock: {r}");
    for card in &cards {
        let st = kept
            .iter()
            .find(|s| card["id"].as_str() == Some(s["id"].to_string().as_str()))
            .unwrap_or_else(|| panic!("{device}: no kept clock for {card}"));
        for color in ["black", "white"] {
            let f = &card["faces"][color];
            let at = f["at"].as_f64().unwrap();
            assert!(
                (at - now).abs() <= 1500.0,
                "{device}: a face shows {at}, read at {now}: {card}"
            );
            let side = crate_side(st, at as u64, color);
            let (periods, secs, flagged) = expected(&side);
            let shown = f["periods"].as_str().and_then(|p| p.parse::<u64>().ok());
            assert_eq!(
                (shown, f["secs"].as_u64(), f["flagged"].as_bool().unwrap()),
                (periods, Some(secs), flagged),
                "{device}: board {} {color} at {at}: the face {f}, the crate {side}",
                card["id"]
            );
        }
    }
    cards
}

/// The card of board `id` among `cards`.
fn card<'a>(cards: &'a [Value], id: &str) -> &'a Value {
    cards
        .iter()
        .find(|c| c["id"] == json!(id))
        .unwrap_or_else(|| panic!("no card {id}"))
}

/// Sets up a board clock from the set-up form and waits for it to open.
async fn add(c: &Client, board: &str, time: &str, first: &str, names: (&str, &str)) {
    until(c, "the set-up", "document.getElementById('c-start')").await;
    fill(c, "#c-board", board).await;
    fill(c, "#c-time", time).await;
    c.execute(
        "document.getElementById('c-first').value = arguments[0];",
        vec![json!(first)],
    )
    .await
    .unwrap();
    fill(c, "#c-black", names.0).await;
    fill(c, "#c-white", names.1).await;
    click(c, "#c-start").await;
    until(
        c,
        &format!("board {board} open"),
        &format!(
            "document.getElementById('c-board-name') && document.getElementById('c-board-name').textContent === '第{board}台' \
             && document.querySelector('#face-black .time[data-at]')"
        ),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_device_runs_several_boards_clocks_each_on_its_own() {
    let mut rig = Rig::start("boards").await;
    let c = rig.browser("zh-CN").await;
    cdp(&c, "Page.addScriptToEvaluateOnNewDocument", json!({ "source": SPEECH })).await;
    screen(&c, 1280, 1000, false).await;
    c.goto(&format!("{}/clock", rig.base)).await.unwrap();

    // Board 1: long, Black ends a move at once, White's clock runs.
    add(&c, "1", "30m+3x30s", "black", ("李", "王")).await;
    click(&c, "#face-black").await;
    until(
        &c,
        "White's clock on board 1",
        "document.getElementById('face-white').classList.contains('running')",
    )
    .await;
    // Board 2: one period of 3 s, Black's flag falls soon.
    click(&c, "#c-list").await;
    until(&c, "the list", "document.getElementById('clock-card-1')").await;
    click(&c, "#c-add").await;
    add(&c, "2", "1x3s", "black", ("张", "赵")).await;
    // Board 3: White's clock runs into byo-yomi and calls.
    click(&c, "#c-list").await;
    click(&c, "#c-add").await;
    add(&c, "3", "4s+3x5s", "white", ("陈", "刘")).await;
    click(&c, "#c-list").await;
    until(
        &c,
        "three cards",
        "document.querySelectorAll('.clock-card').length === 3",
    )
    .await;

    // The list, read every 200 ms against the crate: board 2's flag falls while the others
    // run; board 3 calls, named by its board, while boards 1 and 2 say nothing.
    let mut cards = Vec::new();
    for _ in 0..150 {
        cards = check_list(&c, "desktop").await;
        let flag2 = card(&cards, "2")["faces"]["black"]["flagged"] == json!(true);
        let call3 = card(&cards, "3")["call"].as_str().unwrap().to_string();
        if flag2 && !call3.is_empty() {
            break;
        }
        // A wait on observable state: the list is read again (each reading is checked against
        // the crate at the instant it shows) until board 2's flag and board 3's call are on it.
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let (b1, b2, b3) = (card(&cards, "1"), card(&cards, "2"), card(&cards, "3"));
    assert_eq!(b2["faces"]["black"]["flagged"], json!(true), "board 2's flag: {b2}");
    assert!(b2["faces"]["black"]["text"].as_str().unwrap().contains("超时"), "{b2}");
    assert_eq!(
        (&b1["faces"]["white"]["running"], &b1["faces"]["black"]["running"]),
        (&json!(true), &json!(false)),
        "board 1 runs White's clock after Black's press: {b1}"
    );
    assert_eq!(b1["faces"]["white"]["flagged"], json!(false), "{b1}");
    assert_eq!(b3["faces"]["white"]["running"], json!(true), "{b3}");
    assert!(b3["call"].as_str().unwrap().starts_with("白方："), "{b3}");
    assert_eq!(b1["call"], json!(""), "board 1 has no call: {b1}");
    let spoken = until(
        &c,
        "board 3's call spoken with its board",
        "window.__spoken.some((s) => s.startsWith('第3台，')) && window.__spoken",
    )
    .await;
    assert!(
        spoken
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s.as_str().unwrap().starts_with("第3台，") || s.as_str().unwrap().starts_with("第2台，")),
        "every call names its board: {spoken}"
    );
    full_shot(&c, "clock-boards-desktop-list-calls").await;

    // Board 1 open full-screen while board 3 is in byo-yomi: it hears only its own calls.
    // Board 3 is followed until its flag falls (its start, 4 s and three periods of 5 s).
    let st3 = kept(&c).await.into_iter().find(|s| s["id"] == json!(3)).unwrap();
    let flag3 = st3["ops"][0]["at"].as_u64().unwrap() + 19_000;
    let before = c.execute("return window.__spoken.length", vec![]).await.unwrap();
    click(&c, "#clock-card-1 .card-open").await;
    until(
        &c,
        "board 1 open",
        "document.getElementById('c-board-name').textContent === '第1台'",
    )
    .await;
    until(&c, "board 3's flag instant", &format!("Date.now() > {flag3} + 700")).await;
    let heard = c
        .execute(
            "return [document.getElementById('calls').children.length, document.getElementById('call-now').textContent, window.__spoken.length]",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(heard, json!([0, "", before]), "board 1 heard another board's calls");
    click(&c, "#c-list").await;
    until(
        &c,
        "board 3's flag on its card",
        "(() => { const m = document.querySelector('#clock-card-3 .mini.white'); return m && m.textContent.includes('超时'); })()",
    )
    .await;
    let cards = check_list(&c, "desktop").await;
    assert_eq!(card(&cards, "1")["faces"]["white"]["flagged"], json!(false));

    // The referee stops board 1's clocks from the list (Art. 14); the others are untouched.
    click(&c, "#clock-card-1 .card-pause").await;
    until(
        &c,
        "board 1 stopped",
        "document.querySelector('#clock-card-1 .card-pause').textContent === '继续'",
    )
    .await;
    let kept_now = kept(&c).await;
    let ops = |id: u64| {
        kept_now.iter().find(|s| s["id"] == json!(id)).unwrap()["ops"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["op"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(ops(1), ["start", "press", "pause"]);
    assert_eq!(ops(2), ["start"]);
    assert_eq!(ops(3), ["start"]);
    click(&c, "#clock-card-1 .card-pause").await;
    until(
        &c,
        "board 1 running again",
        "document.querySelector('#clock-card-1 .mini.white').classList.contains('running')",
    )
    .await;

    // The same device on a desktop, a phone and a tablet: the list whole, every small face on
    // one line; one clock open full-screen, its far face turned toward its player on touch.
    for (device, w, h, touch) in [
        ("desktop", 1280, 1000, false),
        ("phone", 390, 844, true),
        ("tablet", 820, 1180, true),
    ] {
        screen(&c, w, h, touch).await;
        // Opened again, the device still runs every board's clock.
        c.refresh().await.unwrap();
        until(
            &c,
            "the list again",
            "document.querySelectorAll('.clock-card .mini .time[data-at]').length === 6",
        )
        .await;
        check_list(&c, device).await;
        no_sideways_scroll(&c, w, "the list of board clocks").await;
        let fit = c
            .execute(
                "return [...document.querySelectorAll('.clock-card')].map((card) => { const r = card.getBoundingClientRect(); \
                   const lines = [...card.querySelectorAll('.mini .main, .mini .extra, .mini .who')].filter((e) => e.textContent).map((e) => { \
                     const g = document.createRange(); g.selectNodeContents(e); \
                     return new Set([...g.getClientRects()].map((x) => Math.round(x.top))).size; }); \
                   return { left: r.left, right: r.right, lines }; });",
                vec![],
            )
            .await
            .unwrap();
        for f in fit.as_array().unwrap() {
            assert!(
                f["left"].as_f64().unwrap() >= 0.0 && f["right"].as_f64().unwrap() <= f64::from(w),
                "{device}: a card off the screen: {f}"
            );
            assert!(
                f["lines"].as_array().unwrap().iter().all(|n| n == &json!(1)),
                "{device}: a small face wraps: {f}"
            );
        }
        full_shot(&c, &format!("clock-boards-{device}-list")).await;

        if touch {
            tap(&c, "#clock-card-1 .card-open").await;
        } else {
            click(&c, "#clock-card-1 .card-open").await;
        }
        until(
            &c,
            "board 1 open",
            "document.querySelector('#face-white .time[data-at]')",
        )
        .await;
        assert_eq!(
            c.execute("return location.hash", vec![]).await.unwrap(),
            json!("#open=1")
        );
        no_sideways_scroll(&c, w, "an open board clock").await;
        let faces = c
            .execute(
                "return ['black', 'white'].map((c) => { const e = document.getElementById('face-' + c), r = e.getBoundingClientRect(); \
                   return [r.left, r.right, r.height, getComputedStyle(e).transform]; });",
                vec![],
            )
            .await
            .unwrap();
        for f in faces.as_array().unwrap() {
            assert!(
                f[0].as_f64().unwrap() >= 0.0
                    && f[1].as_f64().unwrap() <= f64::from(w)
                    && f[2].as_f64().unwrap() >= 0.2 * f64::from(h),
                "{device}: a face of {f} on {w}×{h}"
            );
        }
        assert_eq!(
            faces[0][3] != json!("none"),
            touch,
            "{device}: the far face turned toward its player on touch only: {faces}"
        );
        full_shot(&c, &format!("clock-boards-{device}-open")).await;
        // The browser's Back returns to the list.
        c.back().await.unwrap();
        until(
            &c,
            "the list after Back",
            "document.querySelectorAll('.clock-card').length === 3",
        )
        .await;
    }

    // Board 2's result: a clock of no event saves nothing, and says so; its card goes, the
    // other boards' clocks run on.
    c.goto(&format!("{}/clock#open=2", rig.base)).await.unwrap();
    until(&c, "board 2 open", "document.getElementById('c-result')").await;
    fill(&c, "#c-result", "W+T").await;
    click(&c, "#c-end button[type=submit]").await;
    let said = until(&c, "the result noted", "document.getElementById('toast').textContent").await;
    assert!(said.as_str().unwrap().contains("未保存"), "{said}");
    until(
        &c,
        "two boards left",
        "document.querySelectorAll('.clock-card').length === 2 && !document.getElementById('clock-card-2')",
    )
    .await;
    let cards = check_list(&c, "after board 2's result").await;
    assert_eq!(card(&cards, "1")["faces"]["white"]["running"], json!(true));
    c.close().await.unwrap();
}

/// A device that ran a clock before it could run several (kept under `weiqi.clock`) finds
/// it again, running, as its first board; the old key is gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_kept_before_several_boards_is_the_first_board() {
    let mut rig = Rig::start("boards-old").await;
    let c = rig.browser("zh-CN").await;
    c.goto(&rig.base).await.unwrap();
    c.execute(
        "localStorage.setItem('weiqi.clock', JSON.stringify({ time: '30m+3x30s', names: { black: '旧黑', white: '旧白' }, \
           ops: [{ op: 'start', at: Date.now() - 5000, color: 'black' }], lost_turn: false, event: null, round: null, board: null }));",
        vec![],
    )
    .await
    .unwrap();
    c.goto(&format!("{}/clock", rig.base)).await.unwrap();
    let face = until(
        &c,
        "the old clock open",
        "(() => { const f = document.getElementById('face-black'); return f && f.querySelector('.time[data-at]') && f.textContent; })()",
    )
    .await;
    assert!(face.as_str().unwrap().contains("旧黑"), "{face}");
    let kept = kept(&c).await;
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0]["id"], json!(1));
    assert_eq!(
        c.execute("return localStorage.getItem('weiqi.clock')", vec![])
            .await
            .unwrap(),
        Value::Null
    );
    // Its face is the crate's state for the presses it kept: Black has used about 5 s.
    let f = c
        .execute(
            "const e = document.querySelector('#face-black .time'); return { at: Number(e.dataset.at), secs: Number(e.dataset.secs) };",
            vec![],
        )
        .await
        .unwrap();
    let (_, secs, _) = expected(&crate_side(&kept[0], f["at"].as_u64().unwrap(), "black"));
    assert_eq!(f["secs"].as_u64(), Some(secs), "{f}");
    assert!(secs <= 30 * 60 - 5, "{secs}");
    // Opened again, it is still there (regression: the old key was dropped before the clock
    // was kept under the new one).
    c.refresh().await.unwrap();
    until(
        &c,
        "the old clock after a reload",
        "(() => { const f = document.getElementById('face-black'); return f && f.textContent.includes('旧黑'); })()",
    )
    .await;
    c.close().await.unwrap();
}
