//! The hall view for a projector, the results wall, and an event to and from files from the
//! pages (issue #16, items 9, 11, 12): every board of the round with both clocks running live
//! and a move played appearing without a reload, at 1920 × 1080; the wall in Chinese and in
//! English; the event page's settings, officials and standings columns, a result entered
//! without a reload; an OpenGotha file imported from the home page and each export saved by
//! the browser, its file's name and content checked.

use crate::kit::{account, cdp, full_shot, screen, seat_do};
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

const MCMAHON: &str = include_str!("../../../formats/tests/it/data/mcmahon.xml");

/// An event of six players (clubs, regions, ratings), round 1 paired by the system and its
/// games started; the games' answer (board, game, links).
async fn live_round(rig: &Rig, c: &Client) -> Vec<Value> {
    rig.api(
        c,
        "POST",
        "/api/events",
        json!({ "id": "cup", "name": "Spring Cup 春季赛", "system": { "kind": "swiss" }, "rounds": 4, "time_control": "30m+3x30s" }),
    )
    .await;
    // The organizer is the chief referee too: a live game's result entered by hand is the
    // chief referee's adjudication (Art. 13.1, 30).
    rig.api(
        c,
        "PUT",
        "/api/events/cup/roles",
        json!({ "account": "td", "role": "chief_referee" }),
    )
    .await;
    for (name, rank, club, rating) in [
        ("Li Wei", "3d", "Beijing", 2300),
        ("Wang Fang", "2d", "Shanghai", 2200),
        ("Zhao Lei", "1d", "Hangzhou", 2100),
        ("Sun Yu", "1k", "Beijing", 2000),
        ("Chen Jie", "2k", "Wuhan", 1900),
        ("Zhou Min", "3k", "Chengdu", 1800),
    ] {
        rig.api(
            c,
            "POST",
            "/api/events/cup/players",
            json!({ "name": name, "rank": rank, "club": club, "region": "CN", "rating": rating }),
        )
        .await;
    }
    rig.api(c, "POST", "/api/events/cup/rounds", Value::Null).await;
    let started = rig
        .api(
            c,
            "POST",
            "/api/events/cup/rounds/1/games",
            json!({ "time": "30m+3x30s", "size": 19, "komi_half_points": 15, "lost_turn_on_timeout": false }),
        )
        .await;
    started["games"].as_array().unwrap().clone()
}

/// What a projector shows of the boards in the box `css`: the rows on screen (the others
/// wait for their screen), the columns, the type's size; each shown row whole inside the
/// window, and the page no larger than it (a projector has no scroll bar).
#[derive(Debug, serde::Deserialize)]
pub struct OnScreen {
    /// The rows on the screen now.
    pub shown: usize,
    /// Every row, shown or waiting for its screen.
    pub rows: usize,
    /// The columns the rows shown stand in.
    pub columns: usize,
    /// The rows' type, in CSS pixels.
    pub font: f64,
}

/// Reads [`OnScreen`] of the box `css` of page `c`; fails if a row shown is cut by the
/// window's edge or the page is larger than the window.
pub async fn on_screen(c: &Client, css: &str) -> OnScreen {
    let v = c
        .execute(
            "const box = document.querySelector(arguments[0]); \
             const rows = [...box.querySelectorAll('tbody tr')]; \
             const shown = rows.filter((r) => r.getClientRects().length); \
             const cut = shown.filter((r) => { const b = r.getBoundingClientRect(); return b.top < 0 || b.bottom > innerHeight || b.left < 0 || b.right > innerWidth; }); \
             const d = document.documentElement; const larger = d.scrollWidth > d.clientWidth || d.scrollHeight > d.clientHeight; \
             return { shown: shown.length, rows: rows.length, columns: new Set(shown.map((r) => Math.round(r.getBoundingClientRect().left))).size, \
               font: shown.length ? parseFloat(getComputedStyle(shown[0]).fontSize) : 0, \
               cut: cut.map((r) => r.children[0].textContent), larger };",
            vec![json!(css)],
        )
        .await
        .unwrap();
    assert_eq!(v["cut"], json!([]), "{css}: rows cut off by the window's edge: {v}");
    assert_eq!(
        v["larger"],
        json!(false),
        "{css}: the page is larger than the window: {v}"
    );
    serde_json::from_value(v).unwrap()
}

/// Marks the page, so that a test can tell it was not loaded again.
async fn mark(c: &Client) {
    c.execute("window.__same_page = true;", vec![]).await.unwrap();
}

async fn same_page(c: &Client) -> bool {
    c.execute("return window.__same_page === true;", vec![]).await.unwrap() == json!(true)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hall_follows_every_board_live_and_the_wall_is_read_from_afar() {
    let mut rig = Rig::start("hall").await;
    let td = rig.browser("en-US").await;
    td.goto(&rig.base).await.unwrap();
    account(&rig, &td, "td").await;
    let games = live_round(&rig, &td).await;
    assert_eq!(games.len(), 3);
    let link = |i: usize, c: &str| games[i]["links"][c].as_str().unwrap().to_string();
    let gid = |i: usize| games[i]["game"].as_i64().unwrap();

    // A spectator's projector: no login.
    let hall = rig.browser("en-US").await;
    screen(&hall, 1920, 1080, false).await;
    hall.goto(&format!("{}/events/cup/hall", rig.base)).await.unwrap();
    until(
        &hall,
        "every board with both clocks",
        "document.querySelectorAll('#hall-boards tbody tr[data-game] td.time').length === 6 && \
         [...document.querySelectorAll('#hall-boards td.time')].every((t) => /\\d:\\d\\d/.test(t.textContent))",
    )
    .await;
    mark(&hall).await;
    // Black's clock runs on every board; it moves on by itself.
    let black_clock = format!("#hall-boards tr[data-game='{}'] td.time[data-color=black]", gid(0));
    until(
        &hall,
        "black's clock running",
        &format!("document.querySelector(\"{black_clock}.running\")"),
    )
    .await;
    let before: String = hall
        .execute(
            &format!("return document.querySelector(\"{black_clock}\").textContent"),
            vec![],
        )
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .into();
    until(
        &hall,
        "black's clock moving on",
        &format!("document.querySelector(\"{black_clock}\").textContent !== {before:?}"),
    )
    .await;
    // A move on board 1: the clock that runs is White's now, with no reload.
    seat_do(&td, &link(0, "black"), json!({ "type": "play", "point": "Q16" })).await;
    until(
        &hall,
        "White's clock running after Black's move",
        &format!(
            "document.querySelector(\"#hall-boards tr[data-game='{}'] td.time[data-color=white].running\")",
            gid(0)
        ),
    )
    .await;
    // A resignation on board 2: its result, with no reload.
    seat_do(&td, &link(1, "white"), json!({ "type": "resign" })).await;
    until(
        &hall,
        "board 2's result",
        &format!(
            "document.querySelector(\"#hall-boards tr[data-game='{}'] .result\")?.textContent.includes('resignation')",
            gid(1)
        ),
    )
    .await;
    assert!(same_page(&hall).await, "the hall was loaded again");
    shot(&hall, "hall-01-projector-1920x1080").await;

    // The event page: what the director set, the officials, clubs and ratings; the hall and
    // the wall linked; a result entered with no reload, and the standings follow.
    td.goto(&format!("{}/events/cup", rig.base)).await.unwrap();
    until(&td, "the event page", "document.getElementById('about-settings')").await;
    let about: String = td
        .execute("return document.getElementById('about').textContent", vec![])
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .into();
    for want in ["30m+3x30s", "3¾", "Swiss", "SOS", "td"] {
        assert!(about.contains(want), "{want} in {about}");
    }
    let players: String = td
        .execute("return document.getElementById('players').textContent", vec![])
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .into();
    assert!(
        players.contains("Hangzhou") && players.contains("2100") && players.contains("CN"),
        "{players}"
    );
    assert!(td.find(Locator::Css("#to-hall")).await.is_ok() && td.find(Locator::Css("#to-wall")).await.is_ok());
    mark(&td).await;
    fill(&td, "#round-1 tbody tr:nth-child(3) .result-input", "W+R").await;
    click(&td, "#round-1 tbody tr:nth-child(3) form button").await;
    until(
        &td,
        "board 3's result",
        "document.querySelector('#round-1 .result-entered')?.textContent === 'W+R'",
    )
    .await;
    assert!(same_page(&td).await, "the event page was loaded again");
    // The standings: one column per tie-break, each headed by its name; no negative lot.
    let head: Vec<String> = serde_json::from_value(
        td.execute(
            "return [...document.querySelectorAll('#standings th')].map((x) => x.textContent)",
            vec![],
        )
        .await
        .unwrap(),
    )
    .unwrap();
    assert!(
        head.iter().any(|h| h == "SOS") && head.iter().any(|h| h == "Lots"),
        "{head:?}"
    );
    let cells: String = td
        .execute("return document.querySelector('#standings tbody').textContent", vec![])
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .into();
    assert!(!cells.contains('-'), "a negative figure in the standings: {cells}");
    full_shot(&td, "hall-02-event-page").await;

    // The results wall, in both languages.
    for lang in ["zh", "en"] {
        hall.goto(&format!("{}/events/cup/wall?lang={lang}", rig.base))
            .await
            .unwrap();
        until(
            &hall,
            "the wall",
            "document.querySelectorAll('#wall-pairings tbody tr').length === 3 && document.querySelector('#wall-standings')",
        )
        .await;
        let text: String = hall
            .execute("return document.querySelector('main').textContent", vec![])
            .await
            .unwrap()
            .as_str()
            .unwrap()
            .into();
        let want = if lang == "zh" {
            ["对阵与结果", "名次", "白中盘胜"]
        } else {
            ["pairings and results", "Standings", "W+R"]
        };
        for w in want {
            assert!(text.contains(w), "{lang}: {w} in {text}");
        }
        if lang == "zh" {
            for english in ["Round", "Board", "Black", "White", "Standings", "Place", "Points"] {
                assert!(
                    !text.contains(english),
                    "English on the Chinese wall: {english} in {text}"
                );
            }
        }
        shot(&hall, &format!("hall-03-wall-{lang}")).await;
    }
    // A spectator's phone: the wall in one column, nothing scrolls sideways.
    screen(&hall, 390, 844, true).await;
    hall.goto(&format!("{}/events/cup/wall?lang=zh", rig.base))
        .await
        .unwrap();
    until(
        &hall,
        "the wall on a phone",
        "document.querySelector('#wall-standings')",
    )
    .await;
    let wide = hall
        .execute(
            "return document.documentElement.scrollWidth > document.documentElement.clientWidth",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(wide, json!(false), "the wall scrolls sideways on a phone");
    full_shot(&hall, "hall-05-wall-phone-zh").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_opengotha_file_is_imported_and_every_export_saved_from_the_pages() {
    let mut rig = Rig::start("transfer").await;
    let td = rig.browser("en-US").await;
    td.goto(&rig.base).await.unwrap();
    account(&rig, &td, "td").await;
    td.goto(&rig.base).await.unwrap();
    until(&td, "the import form", "document.getElementById('og-file')").await;
    // A file that is not OpenGotha's: refused, naming what is wrong; nothing made.
    let bad = rig.file("bad.xml", "<Tournament><Players>");
    fill(&td, "#og-id", "paris").await;
    td.find(Locator::Css("#og-file"))
        .await
        .unwrap()
        .send_keys(&bad.display().to_string())
        .await
        .unwrap();
    click(&td, "#og-submit").await;
    let msg = until(&td, "the refusal", "document.getElementById('og-error').textContent").await;
    assert!(msg.as_str().unwrap().contains("not well-formed XML"), "{msg}");
    // The real file: the event page opens on it.
    let file = rig.file("spring.xml", MCMAHON);
    td.find(Locator::Css("#og-file"))
        .await
        .unwrap()
        .send_keys(&file.display().to_string())
        .await
        .unwrap();
    click(&td, "#og-submit").await;
    until(
        &td,
        "the imported event's page",
        "location.pathname === '/events/paris' && document.getElementById('exports')",
    )
    .await;
    full_shot(&td, "transfer-01-imported").await;
    // Each export saved by the browser into the test's folder, under its own name.
    let downloads = rig.dir().join("downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    cdp(
        &td,
        "Page.setDownloadBehavior",
        json!({ "behavior": "allow", "downloadPath": downloads.display().to_string() }),
    )
    .await;
    for (button, name, want) in [
        ("#export-opengotha", "paris.xml", "<Tournament"),
        ("#export-h9", "paris.h9", "Dupont"),
        ("#export-csv", "paris-standings.csv", "Dupont"),
        ("#export-csv-pairings", "paris-pairings.csv", "Dupont"),
        ("#export-html", "paris-crosstable.html", "<table"),
    ] {
        click(&td, button).await;
        let path = downloads.join(name);
        let found = until(
            &td,
            &format!("{name} saved"),
            &format!("document.getElementById('toast').textContent.includes({name:?})"),
        )
        .await;
        assert!(found.as_bool() == Some(true));
        testkit::until(&format!("{name} on the disk"), || {
            std::fs::read_to_string(&path).is_ok_and(|s| s.contains(want))
        });
    }
}

/// A round larger than a socket follows and than the screen holds: a server that lets a
/// socket follow 8 games (as a 200-player event's 100 boards outgrow the default 100), so the
/// hall opens more sockets; 60 boards on a 1280 × 720 projector, in columns, a screenful at a
/// time, every row shown whole; a move on the last board, on the last socket and a screen not
/// shown, still reaches its row.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_round_is_followed_over_several_sockets_a_page_at_a_time() {
    let mut rig = Rig::start_with("hall-large", &["--ws-subscriptions", "8"]).await;
    let td = rig.browser("zh-CN").await;
    td.goto(&rig.base).await.unwrap();
    account(&rig, &td, "td").await;
    rig.api(
        &td,
        "POST",
        "/api/events",
        json!({ "id": "big", "name": "城市联赛", "system": { "kind": "swiss" }, "rounds": 5, "time_control": "1h+3x60s" }),
    )
    .await;
    for i in 0..120 {
        let rank = format!("{}k", 1 + i / 8);
        rig.api(
            &td,
            "POST",
            "/api/events/big/players",
            json!({ "name": format!("棋手{:02}", i + 1), "rank": rank }),
        )
        .await;
    }
    rig.api(&td, "POST", "/api/events/big/rounds", Value::Null).await;
    let started = rig
        .api(
            &td,
            "POST",
            "/api/events/big/rounds/1/games",
            json!({ "time": "1h+3x60s", "size": 19, "komi_half_points": 15, "lost_turn_on_timeout": false }),
        )
        .await;
    let games = started["games"].as_array().unwrap();
    assert_eq!(games.len(), 60);
    let last = games.iter().max_by_key(|g| g["board"].as_u64()).unwrap();

    let hall = rig.browser("zh-CN").await;
    screen(&hall, 1280, 720, false).await;
    hall.goto(&format!("{}/events/big/hall", rig.base)).await.unwrap();
    // Every board's clocks read, through eight sockets or more (8 games each at most).
    until(
        &hall,
        "every board's clocks",
        "document.querySelectorAll('#hall-boards tr[data-game]').length === 60 && \
         [...document.querySelectorAll('#hall-boards td.time')].every((t) => /\\d:\\d\\d/.test(t.textContent)) && \
         Number(document.body.dataset.sockets) >= 8",
    )
    .await;
    // A screenful at a time: the screen named, some boards not shown, those shown whole.
    let note = until(
        &hall,
        "the page note",
        "document.querySelector('.page-note')?.textContent",
    )
    .await;
    assert!(note.as_str().unwrap().starts_with("第1页"), "{note}");
    shot(&hall, "hall-04-sixty-boards-zh-1280x720").await;
    let shown = on_screen(&hall, "#hall-boards").await;
    assert!(
        shown.shown < 60 && shown.shown >= 30 && shown.columns >= 2 && shown.font >= 15.0,
        "{shown:?}"
    );
    mark(&hall).await;
    seat_do(
        &td,
        last["links"]["black"].as_str().unwrap(),
        json!({ "type": "play", "point": "D4" }),
    )
    .await;
    until(
        &hall,
        "the last board's White clock running",
        &format!(
            "document.querySelector(\"#hall-boards tr[data-game='{}'] td.time[data-color=white].running\")",
            last["game"]
        ),
    )
    .await;
    assert!(same_page(&hall).await, "the hall was loaded again");
}
