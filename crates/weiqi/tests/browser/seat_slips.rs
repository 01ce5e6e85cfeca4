//! The director's seat links that cannot be lost: a round started from the event page, two
//! boards of three, their clocks waiting for the players; the links shown again after a
//! reload, copied, printed as seat slips; a clock that runs only once both players opened
//! their links; a link replaced and the old one refused; the rest of the round started, the
//! form gone, and a second start refused.

use crate::board::login;
use crate::kit::{base64, call, cdp, full_shot, print_media, seat};
use crate::print_pack::pdf_pages;
use crate::rounds::paired_event;
use crate::support::{Rig, artefacts, click, shot, until};
use fantoccini::Client;
use serde_json::{Value, json};

/// Each shown board's Black and White link (`/play/…#secret=…`), in board order.
async fn shown_links(c: &Client) -> Vec<(String, String)> {
    let v = until(
        c,
        "the round's seat links",
        "(() => { const g = [...document.querySelectorAll('#seat-links .seat-game')]; \
         return g.length && g.map(x => [x.querySelector('a.seat-black').getAttribute('href'), x.querySelector('a.seat-white').getAttribute('href')]); })()",
    )
    .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_str().unwrap().to_string(), p[1].as_str().unwrap().to_string()))
        .collect()
}

/// The phase of the game of `link`, as its seat sees it.
async fn phase(c: &Client, link: &str) -> Value {
    let (game, secret) = seat(link);
    let (status, v) = call(c, "GET", &format!("/api/games/{game}/view"), Value::Null, Some(&secret)).await;
    assert_eq!(status, 200, "{v}");
    v["phase"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_director_starts_two_boards_and_never_loses_a_seat_link() {
    let mut rig = Rig::start("seat-slips").await;
    let td = rig.browser("en-US").await;
    let black = rig.browser("zh-CN").await;
    let white = rig.browser("zh-CN").await;
    login(&rig, &td, "director").await;
    paired_event(
        &rig,
        &td,
        "cup",
        json!({ "kind": "swiss" }),
        &[
            ("Li", "2d"),
            ("Wang", "1d"),
            ("Zhao", "1k"),
            ("Sun", "2k"),
            ("Zhou", "3k"),
            ("Wu", "4k"),
        ],
        json!([["Li", "Wang"], ["Zhao", "Sun"], ["Zhou", "Wu"]]),
    )
    .await;

    // The director starts boards 1 and 2 (board 3 is played over the board for now); the
    // clocks wait for the players, the form's default.
    td.goto(&format!("{}/events/cup", rig.base)).await.unwrap();
    until(&td, "the start form", "document.getElementById('start-games-1')").await;
    let clocks = until(
        &td,
        "the clocks' choice",
        "document.getElementById('round-clocks-1').value",
    )
    .await;
    assert_eq!(clocks, json!("seated"));
    click(&td, "#round-board-3-1").await;
    click(&td, "#start-games-1 button[type=submit]").await;
    let first = shown_links(&td).await;
    assert_eq!(first.len(), 2, "{first:?}");
    // The form stays for board 3 only.
    let open = until(
        &td,
        "the form for board 3",
        "(() => { const f = document.getElementById('start-games-1'); return f && [...f.querySelectorAll('.round-board')].map(x => x.dataset.board).join(','); })()",
    )
    .await;
    assert_eq!(open, json!("3"));
    td.execute("document.getElementById('seat-links').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "slips-01-links-shown").await;

    // A reload shows the same links again, each with its QR code.
    td.refresh().await.unwrap();
    assert_eq!(shown_links(&td).await, first);
    let qrs = until(
        &td,
        "the QR codes",
        "document.querySelectorAll('#seat-links img.qr[src^=\"data:image/svg+xml\"]').length",
    )
    .await;
    assert_eq!(qrs, json!(4));

    // Copy: the link's full URL goes to the clipboard (recorded here in place of it).
    td.execute(
        "window.copied = []; navigator.clipboard.writeText = async (t) => { window.copied.push(t); };",
        vec![],
    )
    .await
    .unwrap();
    click(&td, "#seat-links .seat-game[data-board='1'] .copy-black").await;
    let copied = until(&td, "the copied link", "window.copied.length && window.copied[0]").await;
    assert_eq!(copied, json!(format!("{}{}", rig.base, first[0].0)));
    until(
        &td,
        "the toast",
        "document.getElementById('toast').textContent === 'Link copied.'",
    )
    .await;

    // Board 1's clock waits: Black opens the link, still not started; White opens it, it runs.
    assert_eq!(phase(&td, &first[1].0).await, json!("setup"));
    black.goto(&format!("{}{}", rig.base, first[0].0)).await.unwrap();
    until(
        &black,
        "Black's seat",
        "document.body.dataset.page === 'game' && document.querySelector('svg.board')",
    )
    .await;
    td.refresh().await.unwrap();
    let seated = until(
        &td,
        "Black seated",
        "(() => { const g = document.querySelector(\"#seat-links .seat-game[data-board='1']\"); return g && g.querySelector('.seat-of-black .seated.yes') && !g.querySelector('.seat-of-white .seated.yes') && g.querySelector('.start-clock') ? 'yes' : ''; })()",
    )
    .await;
    assert_eq!(seated, json!("yes"));
    shot(&td, "slips-02-board-waits-for-white").await;
    assert_eq!(phase(&td, &first[0].0).await, json!("setup"));
    white.goto(&format!("{}{}", rig.base, first[0].1)).await.unwrap();
    until(
        &white,
        "White's seat",
        "document.body.dataset.page === 'game' && document.querySelector('svg.board')",
    )
    .await;
    assert_eq!(phase(&td, &first[0].0).await, json!("play"));
    // Board 2 still waits: nobody opened its links.
    assert_eq!(phase(&td, &first[1].0).await, json!("setup"));

    // The seat slips: one per player of the started boards, to print.
    td.goto(&format!("{}/events/cup/rounds/1/slips", rig.base))
        .await
        .unwrap();
    let slips = until(
        &td,
        "the slips",
        "document.querySelectorAll('.slip img.slip-qr').length",
    )
    .await;
    assert_eq!(slips, json!(4));
    let text = until(
        &td,
        "a slip's text",
        "document.querySelector('.slip-black').textContent",
    )
    .await;
    let text = text.as_str().unwrap();
    assert!(
        text.contains("Board 1")
            && text.contains("You play Black")
            && text.contains("Li (2d)")
            && text.contains("Opponent: Wang (1d)"),
        "{text}"
    );
    shot(&td, "slips-03-slips-page").await;
    print_media(&td, true).await;
    full_shot(&td, "slips-04-slips-print").await;
    print_media(&td, false).await;
    // Printed: the four slips on one A4 page.
    let r = cdp(
        &td,
        "Page.printToPDF",
        json!({ "preferCSSPageSize": true, "printBackground": true, "displayHeaderFooter": false }),
    )
    .await;
    let pdf = base64(r["data"].as_str().expect("PDF data")).expect("base64");
    std::fs::write(artefacts().join("slips-04-slips.pdf"), &pdf).unwrap();
    let (pages, boxes) = pdf_pages(&pdf);
    assert_eq!(pages, 1);
    assert!(
        boxes
            .iter()
            .all(|(w, h)| (w - 595.3).abs() < 1.5 && (h - 841.9).abs() < 1.5),
        "{boxes:?}"
    );

    // The same slips in Chinese, for the players: no English on them.
    td.goto(&format!("{}/events/cup/rounds/1/slips?lang=zh", rig.base))
        .await
        .unwrap();
    let zh = until(
        &td,
        "the Chinese slips",
        "document.querySelectorAll('.slip').length === 4 && document.querySelector('.slip-black').textContent",
    )
    .await;
    let zh = zh.as_str().unwrap();
    assert!(
        zh.contains("第1台") && zh.contains("您执黑") && zh.contains("Li（2段）") && zh.contains("对手：Wang（1段）"),
        "{zh}"
    );
    let english = until(
        &td,
        "the slips' words",
        "[...document.querySelectorAll('.slip p:not(.slip-url)')].map(p => p.textContent).join(' ').replace(/cup open|Li|Wang|Zhao|Sun|\\d[dk]/g, '').match(/[A-Za-z]{3,}/g) || 'none'",
    )
    .await;
    assert_eq!(english, json!("none"));
    shot(&td, "slips-06-slips-zh").await;
    // The page in English again for the director.
    td.goto(&format!("{}/events/cup?lang=en", rig.base)).await.unwrap();

    // The director replaces Black's link of board 2: the old one is refused at once, and the
    // round shows the new one.
    td.goto(&format!("{}/events/cup", rig.base)).await.unwrap();
    shown_links(&td).await;
    click(&td, "#seat-links .seat-game[data-board='2'] .new-link-black").await;
    let replaced = until(
        &td,
        "the new link shown in the round",
        &format!(
            "(() => {{ const a = document.querySelector(\"#seat-links .seat-game[data-board='2'] a.seat-black\"); return a && a.getAttribute('href') !== '{}' && a.getAttribute('href'); }})()",
            first[1].0
        ),
    )
    .await;
    let (game, old) = seat(&first[1].0);
    let (status, v) = call(&td, "GET", &format!("/api/games/{game}/view"), Value::Null, Some(&old)).await;
    assert_eq!(
        (status, v["you"].clone(), v["seat_link_invalid"].clone()),
        (200, Value::Null, json!(true))
    );
    let (_, new) = seat(replaced.as_str().unwrap());
    let (_, v) = call(&td, "GET", &format!("/api/games/{game}/view"), Value::Null, Some(&new)).await;
    assert_eq!(v["you"], json!("black"));

    // Board 3 starts from the form, its clock waiting too; the form is gone, and a second
    // start is refused in the page's language.
    until(&td, "the form", "document.getElementById('round-clocks-1')").await;
    click(&td, "#start-games-1 button[type=submit]").await;
    until(
        &td,
        "three boards' links",
        "document.querySelectorAll('#seat-links .seat-game').length === 3",
    )
    .await;
    let gone = until(
        &td,
        "the form gone",
        "!document.getElementById('start-games-1') && 'gone'",
    )
    .await;
    assert_eq!(gone, json!("gone"));
    // At the scheduled time the director starts the two clocks still waiting, at once: the
    // players not seated are late (Art. 22).
    click(&td, "#seat-links .start-all-clocks").await;
    until(
        &td,
        "no clock waiting",
        "document.querySelectorAll('#seat-links .seat-game').length === 3 && !document.querySelector('#seat-links .start-clock') && 'none'",
    )
    .await;
    let third = shown_links(&td).await;
    let (g3, _) = seat(&third[2].0);
    let (_, ev) = call(
        &td,
        "GET",
        &format!("/api/games/{g3}/events?since=1"),
        Value::Null,
        None,
    )
    .await;
    assert_eq!(
        ev["events"][0]["event"]["action"],
        json!({ "type": "start", "late": ["black", "white"] }),
        "{ev}"
    );
    assert_eq!(phase(&td, &third[2].0).await, json!("play"));
    assert_eq!(phase(&td, &first[1].1).await, json!("play"));
    let (status, v) = call(
        &td,
        "POST",
        "/api/events/cup/rounds/1/games",
        json!({ "time": "30m" }),
        None,
    )
    .await;
    assert_eq!(status, 409, "{v}");
    assert!(v["zh"].as_str().unwrap().starts_with("第1轮已开始"), "{v}");
    assert_eq!(
        shown_links(&td).await[..2],
        [
            first[0].clone(),
            (replaced.as_str().unwrap().to_string(), first[1].1.clone())
        ]
    );
    td.execute("document.getElementById('seat-links').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "slips-05-round-started").await;
}
