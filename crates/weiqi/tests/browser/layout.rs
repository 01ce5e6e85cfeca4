//! The pages on a phone (390 × 844) and a tablet held upright (820 × 1180), touch emulated: no
//! page scrolls sideways, the game is one column whose board takes the whole width and keeps
//! Art. 1's 2.3 × 2.4 cells, the clocks are compact on the phone (the running time on one
//! line), the move, pass and resign controls are touch-sized and work when tapped, and the
//! language switch works.

use crate::kit::{account, event, full_shot, screen};
use crate::support::{Rig, fill, until};
use fantoccini::Client;
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, PointerAction, TouchActions};
use serde_json::{Value, json};

/// `None` when the page does not scroll sideways at `w` CSS pixels; else what sticks out.
const OVERFLOW: &str = "(() => {
    const d = document.documentElement, W = d.clientWidth;
    if (W !== arguments[0]) return `the layout viewport is ${W} px, not ${arguments[0]}`;
    if (d.scrollWidth <= W) return null;
    const out = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > W + 0.5)
      .slice(0, 6)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${e.getAttribute('class') || ''} → ${Math.round(e.getBoundingClientRect().right)}`);
    return `the page is ${d.scrollWidth} px wide on a ${W} px screen: ${out.join(', ')}`;
})()";

/// Asserts the page has no horizontal scrolling at width `w`.
pub(crate) async fn no_sideways_scroll(c: &Client, w: u32, page: &str) {
    let r = c
        .execute(
            &format!("return {OVERFLOW};").replace("arguments[0]", &w.to_string()),
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(r, Value::Null, "{page} at {w} px");
}

/// The page has drawn its content (the shell's "loading" line is gone).
async fn drawn(c: &Client, what: &str) {
    until(c, what, "!document.querySelector('#main .loading')").await;
}

/// Taps (a touch, not a click) the viewport point (`x`, `y`).
pub async fn tap_at(c: &Client, x: f64, y: f64) {
    c.perform_actions(
        TouchActions::new("finger".into())
            .then(PointerAction::MoveTo { duration: None, x, y })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            }),
    )
    .await
    .expect("a tap");
    c.release_actions().await.expect("the finger lifted");
}

/// Scrolls `css` into the middle of the screen and taps its centre; the element must be the
/// one under the finger there (nothing covers it).
pub(crate) async fn tap(c: &Client, css: &str) {
    let r = until(
        c,
        &format!("{css} on screen"),
        &format!(
            "(() => {{ const e = document.querySelector('{css}'); if (!e || e.disabled) return null; \
               e.scrollIntoView({{ block: 'center' }}); const r = e.getBoundingClientRect(); \
               const x = r.left + r.width / 2, y = r.top + r.height / 2; \
               const top = document.elementFromPoint(x, y); \
               return (top === e || e.contains(top)) && [x, y]; }})()"
        ),
    )
    .await;
    tap_at(c, r[0].as_f64().unwrap(), r[1].as_f64().unwrap()).await;
}

/// The game page's checks at width `w`: the board inside the screen with Art. 1 cells, and
/// the controls touch-sized and on screen.
async fn game_fits(c: &Client, w: u32, size: u32) {
    let g = c
        .execute(
            "const svg = document.querySelector('svg.board'), r = svg.getBoundingClientRect(); \
             const l = [...svg.querySelectorAll('.lines line')].map((x) => x.getBoundingClientRect()); \
             const vb = svg.viewBox.baseVal; \
             return { left: r.left, right: r.right, width: r.width, height: r.height, vbw: vb.width, vbh: vb.height, \
                      dx: (l[3].left + l[3].right - l[1].left - l[1].right) / 2, \
                      dy: (l[2].top + l[2].bottom - l[0].top - l[0].bottom) / 2 };",
            vec![],
        )
        .await
        .unwrap();
    let f = |k: &str| g[k].as_f64().unwrap_or_else(|| panic!("{k} in {g}"));
    assert!(
        f("left") >= 0.0 && f("right") <= f64::from(w) + 0.5,
        "the board sticks out of a {w} px screen: {g}"
    );
    // The board takes the whole width, phone or upright tablet (regression: at 820 px the
    // tablet showed two columns and a 461 px board) …
    assert!(f("width") >= 0.9 * f64::from(w), "a small board: {g}");
    // … drawn without distortion, so the cells keep Art. 1's 2.3 : 2.4.
    assert!(
        (f("height") / f("width") - f("vbh") / f("vbw")).abs() < 0.01,
        "the board is stretched: {g}"
    );
    let cell = f("dx") / f("dy");
    assert!((cell - 230.0 / 240.0).abs() < 0.01, "cells {cell} wide per tall: {g}");
    assert_eq!(
        f("vbw"),
        2.0 * 360.0 + f64::from(size - 1) * 230.0,
        "the board's width in tenths of a mm"
    );
    for id in ["coord", "play-coord", "pass", "propose-end", "resign"] {
        let r = c
            .execute(
                "const e = document.getElementById(arguments[0]); e.scrollIntoView({ block: 'center' }); \
                 const r = e.getBoundingClientRect(); \
                 return [r.left, r.right, r.width, r.height];",
                vec![json!(id)],
            )
            .await
            .unwrap();
        let v: Vec<f64> = r.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
        // WCAG 2.5.5: a target at least 44 × 44 CSS pixels.
        assert!(v[2] >= 44.0 && v[3] >= 44.0, "#{id} is {}×{} px at {w} px", v[2], v[3]);
        assert!(
            v[0] >= 0.0 && v[1] <= f64::from(w),
            "#{id} is off the {w} px screen: {v:?}"
        );
    }
}

/// The game page's clocks at width `w`: under the board (one column), both side by side on
/// the screen, each clock's running time on one line and what follows it on at most one more
/// (regression: on a phone "30:00 then 3 × 0:30" wrapped to three lines).
async fn clocks_fit(c: &Client, w: u32, device: &str) {
    let r = c
        .execute(
            "const board = document.querySelector('svg.board').getBoundingClientRect(); \
             return ['black', 'white'].map((k) => { const t = document.querySelector('#clock-' + k + ' .time'); \
               const main = t.querySelector('.main'), extra = t.querySelector('.extra'); \
               const b = document.getElementById('clock-' + k).getBoundingClientRect(); \
               const line = parseFloat(getComputedStyle(t).lineHeight); \
               return { text: t.textContent, below: b.top >= board.bottom, left: b.left, right: b.right, \
                        main_lines: main.getClientRects().length, \
                        lines: Math.round(t.getBoundingClientRect().height / line * 10) / 10, \
                        extra_lines: extra.getClientRects().length }; });",
            vec![],
        )
        .await
        .unwrap();
    for k in r.as_array().unwrap() {
        assert_eq!(k["below"], json!(true), "{device}: a clock beside the board: {k}");
        assert!(
            k["left"].as_f64().unwrap() >= 0.0 && k["right"].as_f64().unwrap() <= f64::from(w),
            "{device}: a clock off the screen: {k}"
        );
        assert_eq!(k["main_lines"], json!(1), "{device}: the running time wraps: {k}");
        assert!(k["extra_lines"].as_u64().unwrap() <= 1, "{device}: {k}");
        assert!(k["lines"].as_f64().unwrap() <= 2.0, "{device}: the clock takes {k}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn phones_and_tablets_show_every_page_whole() {
    let mut rig = Rig::start("layout").await;
    let c = rig.browser("en-US").await;
    c.goto(&rig.base).await.unwrap();
    account(&rig, &c, "td").await;
    let players = [("Ann", "2d"), ("Bo", "1d"), ("Cai", "1k"), ("Dee", "2k")];
    event(&rig, &c, "mobile", "swiss", 3, &players).await;
    rig.api(&c, "POST", "/api/events/mobile/rounds", Value::Null).await;
    let games = rig
        .api(
            &c,
            "POST",
            "/api/events/mobile/rounds/1/games",
            json!({ "time": "30m+3x30s", "size": 19 }),
        )
        .await;
    let board1 = &games["games"][0];
    let link = |color: &str| board1["links"][color].as_str().unwrap().to_string();
    let game = board1["game"].as_i64().unwrap();

    for (device, w, h) in [("phone", 390, 844), ("tablet", 820, 1180)] {
        screen(&c, w, h, true).await;

        // Home, and the language switch in the header: a tap, and the page is in the other
        // language (the phone ends in Chinese, the tablet back in English).
        c.goto(&rig.base).await.unwrap();
        drawn(&c, "the home page").await;
        no_sideways_scroll(&c, w, "home").await;
        let before = c.execute("return document.documentElement.lang", vec![]).await.unwrap();
        tap(&c, "#lang-switch").await;
        let want = if before == json!("en") { "zh-CN" } else { "en" };
        until(
            &c,
            "the other language",
            &format!("document.documentElement.lang === '{want}' && !document.querySelector('#main .loading')"),
        )
        .await;
        let heading = c
            .execute("return document.querySelector('#events-h').textContent", vec![])
            .await
            .unwrap();
        assert_eq!(heading, json!(if want == "en" { "Events" } else { "比赛" }), "{device}");
        no_sideways_scroll(&c, w, "home").await;
        full_shot(&c, &format!("layout-{device}-home")).await;

        // The director's event page: tables scroll inside their boxes, not the page.
        c.goto(&format!("{}/events/mobile", rig.base)).await.unwrap();
        until(&c, "the event page", "document.querySelector('#round-1 tbody tr')").await;
        no_sideways_scroll(&c, w, "event").await;
        full_shot(&c, &format!("layout-{device}-event")).await;

        // The game, as a player: Black on the phone, White on the tablet.
        let color = if device == "phone" { "black" } else { "white" };
        c.goto(&format!("{}{}", rig.base, link(color))).await.unwrap();
        until(&c, "the controls", "document.getElementById('resign')").await;
        no_sideways_scroll(&c, w, "game").await;
        game_fits(&c, w, 19).await;
        clocks_fit(&c, w, device).await;
        if device == "phone" {
            // Black taps Q16 on the board.
            until(&c, "Black's turn", "!document.getElementById('play-coord').disabled").await;
            let at = c
                .execute(
                    "const svg = document.querySelector('svg.board'); svg.scrollIntoView({ block: 'start' }); \
                     const p = svg.createSVGPoint(); p.x = 360 + 15 * 230; p.y = 360 + 3 * 240; \
                     const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y];",
                    vec![],
                )
                .await
                .unwrap();
            // Confirm-move, on by default on a touch screen: the first tap puts a ghost
            // stone and plays nothing; the second, on it, plays.
            tap_at(&c, at[0].as_f64().unwrap(), at[1].as_f64().unwrap()).await;
            until(
                &c,
                "the ghost stone at Q16",
                "document.querySelector('svg.board [data-ghost=\"Q16\"]')",
            )
            .await;
            let played = c
                .execute(
                    "return !!document.querySelector('svg.board .stone[data-v=\"Q16\"]')",
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(played, json!(false), "one tap played the move");
            full_shot(&c, "layout-phone-game-ghost").await;
            tap_at(&c, at[0].as_f64().unwrap(), at[1].as_f64().unwrap()).await;
            until(
                &c,
                "the stone at Q16",
                "document.querySelector('svg.board .stone.black[data-v=\"Q16\"]')",
            )
            .await;
            // The board's cursor (shown while it has the focus) moved to the tapped point.
            let cursor = c
                .execute("return document.getElementById('cursor-status').textContent", vec![])
                .await
                .unwrap();
            assert_eq!(cursor, json!("Q16"));
            c.execute("window.scrollTo(0, 0)", vec![]).await.unwrap();
            full_shot(&c, "layout-phone-game").await;
        } else {
            // White taps Pass, then Resign (the confirmation is accepted).
            tap(&c, "#pass").await;
            until(
                &c,
                "Black to move after the pass",
                "document.querySelector('svg.board title').textContent.includes('Last move: White Pass')",
            )
            .await;
            full_shot(&c, "layout-tablet-game").await;
            tap(&c, "#resign").await;
            let status = until(
                &c,
                "the resignation",
                "(() => { const s = document.getElementById('status').textContent; return s.includes('black wins by resignation') && s; })()",
            )
            .await;
            assert!(status.as_str().unwrap().contains("result to confirm"), "{status}");
            // Art. 16.4: a resignation is confirmed, never recounted: no recount is offered.
            let offered = until(
                &c,
                "the confirmation offered",
                "document.getElementById('confirm') && [!!document.getElementById('recount')]",
            )
            .await;
            assert_eq!(offered, json!([false]), "a recount offered after a resignation");
            no_sideways_scroll(&c, w, "game decided").await;
        }

        // The clock-only mode: set up on the phone, running on both.
        c.goto(&format!("{}/clock", rig.base)).await.unwrap();
        if device == "phone" {
            until(&c, "the clock setup", "document.getElementById('c-start')").await;
            no_sideways_scroll(&c, w, "clock setup").await;
            fill(&c, "#c-black", "Ann").await;
            fill(&c, "#c-white", "Bo").await;
            tap(&c, "#c-start").await;
        }
        until(&c, "the clock faces", "document.getElementById('face-white')").await;
        no_sideways_scroll(&c, w, "clock").await;
        let faces = c
            .execute(
                "return ['black', 'white'].map((c) => { const r = document.getElementById('face-' + c).getBoundingClientRect(); \
                 return [r.left, r.right, r.height]; });",
                vec![],
            )
            .await
            .unwrap();
        for f in faces.as_array().unwrap() {
            let v: Vec<f64> = f.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
            assert!(
                v[0] >= 0.0 && v[1] <= f64::from(w) && v[2] >= 0.2 * f64::from(h),
                "a clock face of {v:?} on {w}×{h}"
            );
        }
        full_shot(&c, &format!("layout-{device}-clock")).await;
    }
    // White's resignation reached the server.
    let v = rig
        .api(&c, "GET", &format!("/api/games/{game}/view"), Value::Null)
        .await;
    assert_eq!(v["phase"], json!("decided"), "{v}");
    c.close().await.unwrap();
}
