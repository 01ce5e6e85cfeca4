//! The pages without a mouse, and for people who do not see them: a game played with the
//! keyboard alone (Tab to the controls, a coordinate typed and Enter, the board's arrow keys,
//! pass and resign by Enter), and on every page every image has a text alternative, every form
//! field a label and every button or link a name.

use crate::kit::{account, event, focused, full_shot, press, tab_to, type_text};
use crate::support::{Rig, click, until};
use fantoccini::Client;
use fantoccini::key::Key;
use serde_json::{Value, json};

/// What on the page has no text alternative or label: images and SVG (unless hidden from
/// assistive technology) without a title or label, form fields without a label, buttons and
/// links without a name.
const AUDIT: &str = "(() => {
    const bad = [];
    const named = (e) => {
        const by = e.getAttribute('aria-labelledby');
        const ref = by && by.split(/\\s+/).map((i) => document.getElementById(i)).filter(Boolean).map((x) => x.textContent).join(' ');
        return ((e.getAttribute('aria-label') || '') + (ref || '') + (e.getAttribute('title') || '')).trim() !== '';
    };
    const what = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.getAttribute('class') ? '.' + e.getAttribute('class').split(' ').join('.') : ''}`;
    for (const e of document.querySelectorAll('img, [role=img], svg')) {
        if (e.closest('[aria-hidden=true]')) continue;
        const title = e.querySelector(':scope > title');
        const alt = e.tagName === 'IMG' && e.hasAttribute('alt');
        if (!alt && !named(e) && !(title && title.textContent.trim())) bad.push('no text alternative: ' + what(e));
    }
    for (const e of document.querySelectorAll('input, select, textarea')) {
        if (e.type === 'hidden') continue;
        const labelled = e.labels && [...e.labels].some((l) => l.textContent.trim());
        if (!labelled && !named(e)) bad.push('no label: ' + what(e));
    }
    for (const e of document.querySelectorAll('button, a[href], summary')) {
        if (!e.textContent.trim() && !named(e)) bad.push('no name: ' + what(e));
    }
    return bad;
})()";

/// Asserts the page passes [`AUDIT`].
async fn audit(c: &Client, page: &str) {
    let bad = c.execute(&format!("return {AUDIT};"), vec![]).await.unwrap();
    assert_eq!(bad, json!([]), "{page}");
}

/// Waits for the game page's controls, then puts the focus at the top of the page (as when it
/// has just been opened).
async fn fresh(c: &Client, rig: &Rig, link: &str) {
    c.goto(&format!("{}{link}", rig.base)).await.unwrap();
    until(c, "the game's controls", "document.getElementById('resign')").await;
    c.execute(
        "document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);",
        vec![],
    )
    .await
    .unwrap();
}

/// Waits until the board shows `color`'s stone at `point`.
async fn stone(c: &Client, color: &str, point: &str) {
    until(
        c,
        &format!("{color} at {point}"),
        &format!("document.querySelector('svg.board .stone.{color}[data-v=\"{point}\"]')"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_keyboard_alone_plays_and_every_page_is_labelled() {
    let mut rig = Rig::start("keyboard").await;
    let c = rig.browser("en-US").await;
    c.goto(&rig.base).await.unwrap();
    account(&rig, &c, "kb").await;
    let g = rig
        .api(
            &c,
            "POST",
            "/api/games",
            json!({ "settings": { "players": [{ "name": "Hu", "rank": "2d" }, { "name": "Ma", "rank": "2d" }],
                                  "size": 9, "time": "30m+3x30s" } }),
        )
        .await;
    let black = g["links"]["black"].as_str().unwrap().to_string();
    let white = g["links"]["white"].as_str().unwrap().to_string();

    // Black: Tab from the top of the page passes the board (it takes the focus) and reaches
    // the coordinate field; a coordinate with no column is refused, then D4 and Enter play.
    fresh(&c, &rig, &black).await;
    let path = tab_to(&c, "coord", 25).await;
    assert!(
        path.contains(&"svg".to_string()),
        "the board never had the focus: {path:?}"
    );
    type_text(&c, "I5").await;
    press(&c, Key::Enter).await;
    let refused = until(
        &c,
        "the refusal",
        "(() => { const t = document.getElementById('toast'); return t.classList.contains('bad') && t.textContent; })()",
    )
    .await;
    assert!(refused.as_str().unwrap().contains("I5"), "{refused}");
    c.execute("document.getElementById('coord').value = ''", vec![])
        .await
        .unwrap();
    type_text(&c, "d4").await;
    press(&c, Key::Enter).await;
    stone(&c, "black", "D4").await;
    // The focus stays in the form, ready for the next move.
    assert_eq!(focused(&c).await, "coord");
    audit(&c, "the game page, in play").await;
    full_shot(&c, "keyboard-01-game-black").await;

    // White moves over the board with the arrow keys (the cursor starts at the centre, E5,
    // and is announced) and plays G6 with Enter.
    fresh(&c, &rig, &white).await;
    tab_to(&c, "svg", 25).await;
    for k in [Key::Right, Key::Right, Key::Up] {
        press(&c, k).await;
    }
    let cursor = c
        .execute("return document.getElementById('cursor-status').textContent", vec![])
        .await
        .unwrap();
    assert_eq!(cursor, json!("G6"));
    full_shot(&c, "keyboard-02-board-cursor").await;
    until(&c, "White's turn", "!document.getElementById('play-coord').disabled").await;
    press(&c, Key::Enter).await;
    stone(&c, "white", "G6").await;

    // Black passes: Tab reaches Pass, Enter presses it.
    fresh(&c, &rig, &black).await;
    until(&c, "Black's turn", "!document.getElementById('play-coord').disabled").await;
    let path = tab_to(&c, "pass", 30).await;
    assert!(
        path.ends_with(&["coord".to_string(), "play-coord".to_string(), "pass".to_string()]),
        "{path:?}"
    );
    press(&c, Key::Enter).await;
    until(
        &c,
        "Black's pass",
        "document.querySelector('svg.board title').textContent.includes('Last move: Black Pass')",
    )
    .await;

    // White resigns: Tab past Pass and Propose the end to Resign, Enter (the page asks to
    // confirm; the answer is yes).
    fresh(&c, &rig, &white).await;
    until(&c, "White's turn", "!document.getElementById('play-coord').disabled").await;
    let path = tab_to(&c, "resign", 30).await;
    assert!(
        path.ends_with(&["pass".to_string(), "propose-end".to_string(), "resign".to_string()]),
        "{path:?}"
    );
    press(&c, Key::Enter).await;
    until(
        &c,
        "the resignation",
        "document.getElementById('status').textContent.includes('black wins by resignation')",
    )
    .await;
    audit(&c, "the game page, decided").await;

    // Every other page: text alternatives and labels, with everything a director, a referee
    // or a player can open on it shown.
    let players = [("Hu", "2d"), ("Ma", "2d"), ("Li", "1k"), ("Xu", "3k"), ("Qi", "5k")];
    event(&rig, &c, "kb", "swiss", 3, &players).await;
    c.goto(&format!("{}/events/kb", rig.base)).await.unwrap();
    click(&c, "#propose").await;
    until(
        &c,
        "the proposal",
        "document.querySelector('#proposal-form .prop-black')",
    )
    .await;
    audit(&c, "the event page with the proposal").await;
    rig.api(&c, "POST", "/api/events/kb/rounds", Value::Null).await;
    rig.api(
        &c,
        "POST",
        "/api/events/kb/rounds/1/games",
        json!({ "time": "30m+3x30s", "size": 9 }),
    )
    .await;
    let game = g["game"].as_i64().unwrap();
    for (path, ready) in [
        ("/".to_string(), "document.getElementById('ev-create')"),
        (
            "/events/kb".to_string(),
            "document.querySelector('#round-1 .result-input')",
        ),
        ("/referee/kb".to_string(), "document.querySelector('#hall tbody tr td')"),
        (format!("/play/{game}"), "document.querySelector('svg.board')"),
        ("/clock".to_string(), "document.getElementById('c-start')"),
    ] {
        c.goto(&format!("{}{path}", rig.base)).await.unwrap();
        until(&c, &path, ready).await;
        audit(&c, &path).await;
    }
    click(&c, "#c-start").await;
    until(&c, "the clock faces", "document.getElementById('face-black')").await;
    audit(&c, "the running clock").await;
    c.execute("localStorage.clear()", vec![]).await.unwrap();
    c.goto(&format!("{}/login", rig.base)).await.unwrap();
    until(&c, "the login form", "document.getElementById('login-form')").await;
    audit(&c, "/login").await;
    c.close().await.unwrap();
}
