//! Seat links can be given again: the server keeps only digests of the seats' secrets, so a
//! link is shown once; an official of the event (organizer, chief referee, referee) issues a
//! fresh one from the event's round view or the referee console, the old one stops working
//! at once, and who did it is recorded; the record is read back on the referee console (for
//! the event's officials only).

use crate::board::login;
use crate::rounds::paired_event;
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

/// `fetch` in the page with the browser's session (if any) and the seat secret of `link` (if
/// any); the status and the body.
async fn call(c: &Client, method: &str, path: &str, body: Value, link: Option<&str>) -> (u64, Value) {
    let secret = link.map(|l| l.split_once("secret=").expect("a seat link").1.to_string());
    let script = r#"
        const [method, path, body, secret, done] = arguments;
        const headers = { 'Content-Type': 'application/json' };
        const tok = localStorage.getItem('weiqi.token');
        if (tok) headers.Authorization = 'Bearer ' + tok;
        if (secret) headers['X-Seat-Secret'] = secret;
        fetch(path, { method, headers, body: body === null ? undefined : JSON.stringify(body) })
          .then(r => r.text().then(t => done({ status: r.status, body: t })));
    "#;
    let r = c
        .execute_async(script, vec![json!(method), json!(path), body, json!(secret)])
        .await
        .expect("fetch runs");
    let text = r["body"].as_str().unwrap_or("");
    (
        r["status"].as_u64().unwrap_or(0),
        serde_json::from_str(text).unwrap_or_else(|_| json!(text)),
    )
}

/// Who the seat link `link` of `game` makes its holder (`black`, `white`, or null).
async fn holder(c: &Client, game: i64, link: &str) -> Value {
    let (status, v) = call(c, "GET", &format!("/api/games/{game}/view"), Value::Null, Some(link)).await;
    assert_eq!(status, 200, "{v}");
    v["you"].clone()
}

/// The new link shown in `#new-link`, once it is `color`'s.
async fn shown_link(c: &Client, color: &str) -> String {
    let l = until(
        c,
        "the new link",
        &format!("(() => {{ const a = document.querySelector('#new-link a.new-seat-link.seat-{color}'); return a && a.getAttribute('href'); }})()"),
    )
    .await;
    l.as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_official_issues_a_seat_link_again_and_the_old_one_stops_working() {
    let mut rig = Rig::start("seats").await;
    let td = rig.browser("en-US").await;
    let rf = rig.browser("zh-CN").await;
    let player = rig.browser("en-US").await;
    login(&rig, &rf, "ref1").await;
    login(&rig, &td, "director").await;
    paired_event(
        &rig,
        &td,
        "cup",
        json!({ "kind": "swiss" }),
        &[("Li", "2d"), ("Wang", "1d")],
        json!([["Li", "Wang"]]),
    )
    .await;
    rig.api(
        &td,
        "PUT",
        "/api/events/cup/roles",
        json!({ "account": "ref1", "role": "referee" }),
    )
    .await;
    let started = rig
        .api(
            &td,
            "POST",
            "/api/events/cup/rounds/1/games",
            json!({ "time": "30m+3x30s", "size": 9 }),
        )
        .await;
    let game = started["games"][0]["game"].as_i64().unwrap();
    let old_black = started["games"][0]["links"]["black"].as_str().unwrap().to_string();
    let old_white = started["games"][0]["links"]["white"].as_str().unwrap().to_string();

    // Black plays through the seat link.
    player.goto(&format!("{}{old_black}", rig.base)).await.unwrap();
    until(
        &player,
        "my turn",
        "(() => { const b = document.getElementById('play-coord'); return b && !b.disabled; })()",
    )
    .await;
    fill(&player, "#coord", "E5").await;
    click(&player, "#play-coord").await;
    until(
        &player,
        "the move",
        "document.querySelector('svg.board [data-v=\"E5\"]')",
    )
    .await;
    // White answers: Black's turn again.
    let (status, body) = call(
        &player,
        "POST",
        &format!("/api/games/{game}/actions"),
        json!({ "seq": 3, "action": { "type": "play", "point": "C3" } }),
        Some(&old_white),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    // The link is lost: the director issues Black a new one from the round view.
    td.goto(&format!("{}/events/cup", rig.base)).await.unwrap();
    click(&td, "#round-1 .new-link-black").await;
    let new_black = shown_link(&td, "black").await;
    let history = until(
        &td,
        "the record of links issued",
        "[...document.querySelectorAll('#new-link .link-history li')].map(l => l.textContent).join(' | ')",
    )
    .await;
    assert!(
        history.as_str().unwrap().starts_with("Black: by director, "),
        "{history}"
    );
    td.execute("document.getElementById('new-link').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "seats-01-event-new-link").await;
    assert_ne!(new_black, old_black);

    // The old link no longer acts, on Black's own turn, and its page says so; the new one
    // is Black's seat and plays.
    let (status, body) = call(
        &player,
        "POST",
        &format!("/api/games/{game}/actions"),
        json!({ "seq": 4, "action": { "type": "pass" } }),
        Some(&old_black),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["message"],
        json!(format!(
            "the seat secret is not one of game {game}'s: use the link given for your seat"
        ))
    );
    assert_eq!(holder(&player, game, &old_black).await, Value::Null);
    assert_eq!(holder(&player, game, &new_black).await, json!("black"));
    let (status, body) = call(
        &player,
        "POST",
        &format!("/api/games/{game}/actions"),
        json!({ "seq": 4, "action": { "type": "play", "point": "G7" } }),
        Some(&new_black),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    player.goto(&format!("{}{old_black}", rig.base)).await.unwrap();
    let note = until(
        &player,
        "the stale link's note",
        "(() => { const n = document.getElementById('seat-note'); return n && n.classList.contains('bad') && n.textContent; })()",
    )
    .await;
    assert!(
        note.as_str().unwrap().starts_with("This seat link no longer works"),
        "{note}"
    );
    assert_eq!(
        player
            .execute("return document.getElementById('play-coord') === null", vec![])
            .await
            .unwrap(),
        json!(true),
        "a stale link has no controls"
    );
    shot(&player, "seats-02-stale-link").await;

    // A referee issues White a new one from the console, which shows the record read from
    // the server: the director's link for Black is there already.
    rf.goto(&format!("{}/referee/cup", rig.base)).await.unwrap();
    until(
        &rf,
        "the hall",
        &format!("document.querySelector('#ref-game-{game} td')"),
    )
    .await;
    let record = |n: usize| {
        format!(
            "(() => {{ const r = [...document.querySelectorAll('#link-history tbody tr')] \
               .map((r) => [...r.children].map((d) => d.textContent)); return r.length === {n} && r; }})()"
        )
    };
    let rows = until(&rf, "the record on the console", &record(1)).await;
    assert_eq!(
        rows[0].as_array().unwrap()[..4],
        [
            json!(format!("#{game}")),
            json!("第1轮第1台"),
            json!("黑方"),
            json!("director")
        ],
        "{rows}"
    );
    for (css, v) in [
        ("#r-game", game.to_string()),
        ("#r-kind", "seat_link".into()),
        ("#r-side", "white".into()),
    ] {
        rf.find(Locator::Css(css))
            .await
            .unwrap()
            .select_by_value(&v)
            .await
            .unwrap();
    }
    click(&rf, "#ref-submit").await;
    let new_white = shown_link(&rf, "white").await;
    let history = until(
        &rf,
        "both links in the record",
        "(() => { const l = [...document.querySelectorAll('#new-link .link-history li')].map(l => l.textContent); return l.length === 2 && l.join(' | '); })()",
    )
    .await;
    let history = history.as_str().unwrap();
    assert!(
        history.starts_with("黑方：director，") && history.contains(" | 白方：ref1，"),
        "{history}"
    );
    let rows = until(&rf, "both links in the console's record", &record(2)).await;
    assert_eq!(
        rows[1].as_array().unwrap()[2..4],
        [json!("白方"), json!("ref1")],
        "{rows}"
    );
    rf.execute("document.getElementById('link-history-s').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&rf, "seats-03-console-new-link").await;
    assert_eq!(holder(&player, game, &old_white).await, Value::Null);
    assert_eq!(holder(&player, game, &new_white).await, json!("white"));
    // White plays with the new link.
    let (status, body) = call(
        &player,
        "POST",
        &format!("/api/games/{game}/actions"),
        json!({ "seq": 5, "action": { "type": "play", "point": "G3" } }),
        Some(&new_white),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    // Only officials issue links: not a seat's holder, not the public.
    let (status, body) = call(
        &player,
        "POST",
        &format!("/api/games/{game}/seats/black/link"),
        Value::Null,
        Some(&new_black),
    )
    .await;
    assert_eq!((status, body["message"].as_str().unwrap()), (401, "log in first"));
    let (status, _) = call(&player, "GET", "/api/events/cup/seat-links", Value::Null, None).await;
    assert_eq!(status, 401, "the record is for officials");
    login(&rig, &player, "kibitzer").await;
    let (status, body) = call(&player, "GET", "/api/events/cup/seat-links", Value::Null, None).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = call(&td, "GET", "/api/events/cup/seat-links", Value::Null, None).await;
    assert_eq!(status, 200, "{body}");
    let record: Vec<(&str, &str)> = body["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["color"].as_str().unwrap(), l["by"].as_str().unwrap()))
        .collect();
    assert_eq!(record, [("black", "director"), ("white", "ref1")], "{body}");
    let (status, body) = call(
        &player,
        "POST",
        &format!("/api/games/{game}/seats/white/link"),
        Value::Null,
        None,
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("kibitzer holds no role in event cup"),
        "{body}"
    );
    let (status, body) = call(
        &td,
        "POST",
        &format!("/api/games/{game}/seats/red/link"),
        Value::Null,
        None,
    )
    .await;
    assert_eq!(
        (status, body["message"].as_str().unwrap()),
        (400, "seat \"red\" must be black or white")
    );
    for c in [td, rf, player] {
        c.close().await.unwrap();
    }
}
