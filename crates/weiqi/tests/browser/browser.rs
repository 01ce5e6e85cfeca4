//! The scenarios: a director runs a Swiss event; two players play a game to the end
//! through their seat links, with a dispute over dead stones; a spectator follows live; the
//! result reaches the standings; byo-yomi calls are spoken (and shown) on the game page and
//! in the clock-only mode.

use crate::kit::new_event_form;
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::{Client, Locator};
use serde_json::json;

const PLAYERS_CSV: &str = "name,rank,club\nAlice,3d,Beijing\nBob,2d,Shanghai\nCarol,1d,Hangzhou\n\
                           Dave,1k,Chengdu\nEve,2k,Wuhan\nFrank,3k,Xi'an\nGrace,4k,Nanjing\nHeidi,5k,Tianjin\n";

/// Logs a browser in with a new account.
async fn sign_up(rig: &Rig, c: &Client, name: &str) {
    c.goto(&format!("{}/login", rig.base)).await.expect("login page");
    fill(c, "#login-form input[name=name]", name).await;
    fill(c, "#login-form input[name=password]", "correct horse").await;
    click(c, "#login-create").await;
    until(
        c,
        "the home page after login",
        "document.body.dataset.page === 'home' && localStorage.getItem('weiqi.token')",
    )
    .await;
}

/// The number of stones the board shows.
const STONES: &str = "document.querySelectorAll('svg.board .stone').length";

/// Waits for `c`'s turn (its play button enabled), then plays `point` by typing it.
async fn play(c: &Client, point: &str) {
    until(
        c,
        "my turn",
        "(() => { const b = document.getElementById('play-coord'); return b && !b.disabled; })()",
    )
    .await;
    fill(c, "#coord", point).await;
    click(c, "#play-coord").await;
    until(
        c,
        "the move on my board",
        &format!("document.querySelector('svg.board [data-v=\"{point}\"]')"),
    )
    .await;
}

async fn my_turn_then(c: &Client, css: &str) {
    until(
        c,
        "my turn",
        "(() => { const b = document.getElementById('play-coord'); return b && !b.disabled; })()",
    )
    .await;
    click(c, css).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_event_from_registration_to_standings() {
    let mut rig = Rig::start("event").await;
    let td = rig.browser("en-US").await;

    // The director creates a Swiss event and imports 8 players from a CSV file.
    sign_up(&rig, &td, "director").await;
    new_event_form(&td, "open2025", "Spring Open", "swiss", 3, "30m+3x30s", None).await;
    shot(&td, "01-home-director").await;
    click(&td, "#ev-create").await;
    until(
        &td,
        "the event page",
        "document.body.dataset.page === 'event' && document.getElementById('csv-file')",
    )
    .await;
    let csv = rig.file("players.csv", PLAYERS_CSV);
    td.find(Locator::Css("#csv-file"))
        .await
        .unwrap()
        .send_keys(&csv.display().to_string())
        .await
        .unwrap();
    click(&td, "#csv-submit").await;
    until(
        &td,
        "8 players",
        "document.querySelectorAll('#players tbody tr').length === 8",
    )
    .await;
    shot(&td, "02-event-registered").await;

    // The director appoints themself chief referee (to confirm results, Art. 16.4), looks at
    // the proposed pairing and pairs round 1 as shown.
    fill(&td, "#role-account", "director").await;
    td.find(Locator::Css("#role-role"))
        .await
        .unwrap()
        .select_by_value("chief_referee")
        .await
        .unwrap();
    click(&td, "#role-submit").await;
    until(
        &td,
        "the appointment",
        "document.getElementById('toast').textContent.includes('appointed')",
    )
    .await;
    click(&td, "#propose").await;
    until(
        &td,
        "the proposal",
        "document.querySelectorAll('#proposal-form .prop-black').length === 4",
    )
    .await;
    shot(&td, "03-event-proposal").await;
    click(&td, "#pair-amended").await;
    until(
        &td,
        "round 1",
        "document.querySelectorAll('#round-1 tbody tr').length === 4",
    )
    .await;

    // The games of round 1 start on 9x9 boards; the seat links are shown once.
    td.find(Locator::Css("#round-1 .round-size"))
        .await
        .unwrap()
        .select_by_value("9")
        .await
        .unwrap();
    click(&td, "#round-1 .start-games button").await;
    until(
        &td,
        "the seat links",
        "document.querySelectorAll('#seat-links .seat-game').length === 4",
    )
    .await;
    shot(&td, "04-event-seat-links").await;
    let links = until(
        &td,
        "board 1's links",
        "(() => { const g = document.querySelector('#seat-links .seat-game'); return [g.querySelector('.seat-black').getAttribute('href'), g.querySelector('.seat-white').getAttribute('href')]; })()",
    )
    .await;
    let (black_link, white_link) = (
        links[0].as_str().unwrap().to_string(),
        links[1].as_str().unwrap().to_string(),
    );
    let game_id: i64 = black_link
        .trim_start_matches("/play/")
        .split(['?', '#'])
        .next()
        .unwrap()
        .parse()
        .unwrap();

    // Two players, each on their own device with their seat link; a spectator watches.
    let black = rig.browser("zh-CN").await;
    let white = rig.browser("en-GB").await;
    let watcher = rig.browser("en-US").await;
    black.goto(&format!("{}{black_link}", rig.base)).await.unwrap();
    white.goto(&format!("{}{white_link}", rig.base)).await.unwrap();
    watcher.goto(&format!("{}/play/{game_id}", rig.base)).await.unwrap();
    for c in [&black, &white, &watcher] {
        until(c, "the board", "document.querySelector('svg.board')").await;
    }
    // Chinese by default when the browser prefers it.
    assert_eq!(
        black
            .execute("return document.documentElement.lang", vec![])
            .await
            .unwrap(),
        json!("zh-CN")
    );
    // The board is drawn to Art. 1: 2.3 × 2.4 cells, nine... (9x9: five) star points.
    let geometry = black
        .execute(
            "const l = [...document.querySelectorAll('svg.board .lines line')]; \
             return [l[1].x1.baseVal.value, l[3].x1.baseVal.value, l[0].y1.baseVal.value, l[2].y1.baseVal.value, \
                     document.querySelectorAll('svg.board .star').length];",
            vec![],
        )
        .await
        .unwrap();
    let g: Vec<f64> = geometry
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!((g[1] - g[0], g[3] - g[2], g[4]), (230.0, 240.0, 5.0));

    // Black's first move is a click on the board (its centre is E5); the rest are typed.
    until(
        &black,
        "my turn",
        "(() => { const b = document.getElementById('play-coord'); return b && !b.disabled; })()",
    )
    .await;
    click(&black, "svg.board").await;
    until(&black, "E5", "document.querySelector('svg.board [data-v=\"E5\"]')").await;
    let moves = [
        ("w", "F5"),
        ("b", "E4"),
        ("w", "B5"),
        ("b", "E3"),
        ("w", "F4"),
        ("b", "E2"),
        ("w", "F3"),
        ("b", "E1"),
        ("w", "F2"),
        ("b", "E6"),
        ("w", "F1"),
        ("b", "E7"),
        ("w", "F6"),
        ("b", "E8"),
        ("w", "F7"),
        ("b", "E9"),
        ("w", "F8"),
    ];
    for (who, point) in moves {
        play(if who == "b" { &black } else { &white }, point).await;
    }
    // The spectator's board followed, without reloading.
    until(&watcher, "the spectator's board", &format!("{STONES} === 18")).await;
    shot(&watcher, "05-game-spectator").await;
    my_turn_then(&black, "#pass").await;
    play(&white, "F9").await;
    my_turn_then(&black, "#propose-end").await;
    click(&white, "#accept-end").await;

    // Counting: the machine's proposal marks White's B5 dead; Black sends it, White disputes
    // (Art. 21.4): play resumes with Black, who claims "dead", to move.
    until(
        &black,
        "the marking",
        "document.getElementById('send-marking') && document.querySelector('svg.board .deadmark')",
    )
    .await;
    shot(&black, "06-game-counting-zh").await;
    click(&black, "#send-marking").await;
    until(
        &white,
        "Black's marking",
        "document.getElementById('status').textContent.includes('Black ✓')",
    )
    .await;
    click(&white, "#dispute-alive").await;
    play(&black, "C5").await;
    my_turn_then(&white, "#propose-end").await;
    until(&black, "the end proposed", "document.getElementById('accept-end')").await;
    click(&black, "#accept-end").await;
    until(
        &black,
        "the marking again",
        "document.getElementById('send-marking') && document.querySelector('svg.board .deadmark')",
    )
    .await;
    click(&black, "#send-marking").await;
    until(
        &white,
        "Black's marking",
        "document.getElementById('status').textContent.includes('Black ✓')",
    )
    .await;
    click(&white, "#accept-marking").await;

    // Both players confirm the count, then the chief referee does (Art. 16.4).
    for c in [&black, &white] {
        until(c, "the confirm button", "document.getElementById('confirm')").await;
        click(c, "#confirm").await;
    }
    shot(&white, "07-game-decided").await;
    td.goto(&format!("{}/referee/open2025", rig.base)).await.unwrap();
    until(
        &td,
        "the hall",
        &format!("document.querySelector('#ref-game-{game_id} td')"),
    )
    .await;
    td.find(Locator::Css("#r-game"))
        .await
        .unwrap()
        .select_by_value(&game_id.to_string())
        .await
        .unwrap();
    td.find(Locator::Css("#r-kind"))
        .await
        .unwrap()
        .select_by_value("confirm")
        .await
        .unwrap();
    until(&td, "both players' confirmations", &format!(
        "fetch('/api/games/{game_id}/view').then(r => r.json()).then(v => v.log.filter(e => /confirm/i.test(e.en)).length >= 2)"
    ))
    .await;
    click(&td, "#ref-submit").await;
    until(
        &td,
        "the final result",
        &format!("document.querySelector('#ref-game-{game_id}').textContent.includes('final')"),
    )
    .await;
    shot(&td, "08-referee-console").await;
    until(
        &watcher,
        "the spectator sees it final",
        "document.getElementById('status').textContent.includes('final')",
    )
    .await;

    // The event page takes the confirmed result into the event: it shows in the standings.
    td.goto(&format!("{}/events/open2025", rig.base)).await.unwrap();
    let row = until(
        &td,
        "the result in round 1",
        "(() => { const r = document.querySelector('#round-1 tbody tr'); return r && /^[BW]\\+/.test(r.children[3].textContent) && r.textContent; })()",
    )
    .await;
    // The director enters the other boards' results by hand; round 1 is complete, and the
    // standings after it count board 1's confirmed result.
    for (i, result) in ["W+R", "B+3.5", "0"].into_iter().enumerate() {
        let left = 3 - i;
        until(
            &td,
            "the result inputs",
            &format!("document.querySelectorAll('.result-input').length === {left}"),
        )
        .await;
        fill(&td, ".result-input", result).await;
        click(&td, ".result-input + button").await;
        until(
            &td,
            "the result entered",
            &format!("document.querySelectorAll('.result-input').length === {}", left - 1),
        )
        .await;
    }
    let standing = until(
        &td,
        "the standings after round 1",
        "(() => { const b = document.querySelector('#round-1 tbody tr').children[1].textContent; \
           const r = [...document.querySelectorAll('#standings tbody tr')].find(r => r.children[1].textContent === b); \
           return document.querySelector('#standings caption').textContent.includes('1') && r && [b, r.children[2].textContent]; })()",
    )
    .await;
    // Art. 27: a win scores 2 points.
    assert_eq!(standing[1], json!("2"), "round 1 row: {row}; standing {standing}");
    td.execute("document.getElementById('standings').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "09-event-standings").await;

    // The SGF of the game is there to download.
    let sgf = rig
        .api(&td, "GET", &format!("/api/games/{game_id}/view"), json!(null))
        .await;
    assert_eq!(sgf["phase"], json!("final"));
    let text = td
        .execute_async(
            &format!("fetch('/api/games/{game_id}/sgf').then(r => r.text()).then(arguments[0])"),
            vec![],
        )
        .await
        .unwrap();
    let text = text.as_str().unwrap();
    assert!(
        text.starts_with("(;FF[4]") && text.contains("SZ[9]") && text.contains(";B[ee]"),
        "{text}"
    );

    for c in [td, black, white, watcher] {
        c.close().await.unwrap();
    }
}

const SPEECH_STUB: &str = "window.__spoken = []; \
    speechSynthesis.getVoices = () => [{ lang: 'zh-CN', name: 'stub', voiceURI: 'stub', localService: true, default: true }]; \
    speechSynthesis.speak = (u) => window.__spoken.push(u.text);";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn byo_yomi_calls_are_spoken_and_shown() {
    let mut rig = Rig::start("voice").await;
    let host = rig.browser("zh-CN").await;
    sign_up(&rig, &host, "host").await;
    // A game on the server's clock: 4 s of basic time, then two 5-s periods.
    let g = rig
        .api(
            &host,
            "POST",
            "/api/games",
            json!({ "settings": { "players": [{ "name": "黑", "rank": "1d" }, { "name": "白", "rank": "1d" }],
                                  "size": 9, "time": "4s+2x5s" } }),
        )
        .await;
    let link = g["links"]["black"].as_str().unwrap().to_string();
    let game = g["game"].as_i64().unwrap();
    // The clocks stop at once (Art. 14, the host officiates the game) and run again once the
    // page listens: the first call is not missed on a slow machine (regression: the page
    // heard its calls from the second on when loading took longer than the basic time).
    let act = async |action: &str| {
        let v = rig
            .api(&host, "GET", &format!("/api/games/{game}/view"), json!(null))
            .await;
        rig.api(
            &host,
            "POST",
            &format!("/api/games/{game}/actions"),
            json!({ "seq": v["seq"], "action": { "type": action }, "as": "referee" }),
        )
        .await;
    };
    act("pause").await;
    host.goto(&format!("{}{link}", rig.base)).await.unwrap();
    until(&host, "the board", "document.querySelector('svg.board')").await;
    // The test seam: the page's speech synthesis records what it is asked to say.
    host.execute(SPEECH_STUB, vec![]).await.unwrap();
    host.find(Locator::Css("#voice-lang"))
        .await
        .unwrap()
        .select_by_value("zh")
        .await
        .unwrap();
    click(&host, "#voice-toggle").await;
    act("resume").await;

    // The clock-only mode on another tablet, voice off: beeps, and the calls on screen.
    let tablet = rig.browser("en-US").await;
    tablet
        .goto(&format!("{}/clock?time=2s%2B2x5s", rig.base))
        .await
        .unwrap();
    fill(&tablet, "#c-black", "Li").await;
    fill(&tablet, "#c-white", "Wang").await;
    click(&tablet, "#c-start").await;
    until(&tablet, "the clock faces", "document.getElementById('face-black')").await;

    // Black never moves: byo-yomi begins, the first period is used, the last is counted.
    let spoken = until(
        &host,
        "the countdown of the last period",
        "window.__spoken.includes('五秒，还剩一次') && window.__spoken.includes('一') && window.__spoken",
    )
    .await;
    assert_eq!(spoken[0], json!("开始读秒，还剩两次"), "{spoken}");
    let shown = until(
        &host,
        "the calls on screen",
        "[...document.querySelectorAll('#calls li')].map(l => l.textContent).join(' | ')",
    )
    .await;
    assert!(shown.as_str().unwrap().contains("五秒，还剩一次"), "{shown}");
    shot(&host, "10-game-byoyomi-zh").await;
    let on_tablet = until(
        &tablet,
        "the tablet's last-period calls",
        "(() => { const t = [...document.querySelectorAll('#calls li')].map(l => l.textContent).join(' | '); return t.includes('1 period left') && t; })()",
    )
    .await;
    assert!(
        on_tablet.as_str().unwrap().contains("byo-yomi, 2 periods left"),
        "{on_tablet}"
    );
    shot(&tablet, "11-clock-only").await;
    // The flag falls on the server (Art. 12.3): time is up.
    until(&host, "the flag", "window.__spoken.includes('五，超时')").await;
    for c in [host, tablet] {
        c.close().await.unwrap();
    }
}
