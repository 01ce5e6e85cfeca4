//! The clock faces are the clock crate's state: a `5s+3x10s` clock left to run through its
//! basic time and all three byo-yomi periods, on the game page (the server's clock, on a
//! desktop and on a phone) and on the clock-only page (the tablet's), read every 200 ms.
//! Each face says the instant it shows (`data-at`); the test asks the crate for the state at
//! that instant — the server game's clock rebuilt from one reading, the tablet's from the
//! presses it keeps — and the face's periods and seconds must be exactly the crate's
//! (regression: the face froze at 0:00 with the old number of periods once a period was
//! used). The instant shown must be within 1.5 s of the instant read (a busy machine's timers
//! slip; the face never lies).

use crate::kit::{full_shot, screen};
use crate::support::{Rig, click, fill, until};
use clock::{Clock, Instant, TimeControl};
use fantoccini::Client;
use rules::Color;
use serde_json::{Value, json};
use std::collections::BTreeSet;

const SPEC: &str = "5s+3x10s";

/// What a face must show for a side JSON of the crate: periods left (in overtime), seconds
/// shown, flag.
pub(crate) fn expected(side: &Value) -> (Option<u64>, u64, bool) {
    let main = side["main_left_ms"].as_u64().unwrap_or(0);
    let over = main == 0 && !side["period_left_ms"].is_null();
    let ms = if over {
        side["period_left_ms"].as_u64().unwrap()
    } else {
        main
    };
    (
        side["overtime_left"].as_u64(),
        ms.div_ceil(1000),
        side["flagged"] == json!(true),
    )
}

/// Reads the face `css`: its instant, periods, seconds, flag and text, and the browser's now.
async fn read(c: &Client, css: &str) -> Value {
    c.execute(
        "const e = document.querySelector(arguments[0]); if (!e || !e.dataset.at) return null; \
         return { at: Number(e.dataset.at), periods: e.dataset.periods, secs: Number(e.dataset.secs), \
                  flagged: e.dataset.flagged === 'true', text: e.textContent, now: Date.now() };",
        vec![json!(css)],
    )
    .await
    .expect("the face is read")
}

/// Checks one reading against the crate's side; the periods seen in overtime are collected.
fn agree(page: &str, face: &Value, crate_side: &Value, seen: &mut BTreeSet<u64>) -> bool {
    let at = face["at"].as_f64().unwrap();
    let now = face["now"].as_f64().unwrap();
    assert!(
        (at - now).abs() <= 1500.0,
        "{page}: the face shows {at}, read at {now}: {face}"
    );
    let (periods, secs, flagged) = expected(crate_side);
    let shown_periods = face["periods"].as_str().and_then(|p| p.parse::<u64>().ok());
    assert_eq!(
        (shown_periods, face["secs"].as_u64(), face["flagged"].as_bool().unwrap()),
        (periods, Some(secs), flagged),
        "{page} at {at}: the face {face}, the crate {crate_side}"
    );
    let text = face["text"].as_str().unwrap();
    if !flagged {
        let mmss = format!("{}:{:02}", secs / 60, secs % 60);
        assert!(text.contains(&mmss), "{page}: {text:?} does not show {mmss}");
        if crate_side["main_left_ms"] == json!(0) {
            let p = periods.unwrap();
            assert!(
                text.contains(&p.to_string()),
                "{page}: {text:?} does not say {p} periods"
            );
            seen.insert(p);
        }
    }
    flagged
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn byo_yomi_faces_show_the_clock_crates_state_through_every_period() {
    let mut rig = Rig::start("faces").await;
    let host = rig.browser("en-US").await;
    host.goto(&rig.base).await.unwrap();
    crate::kit::account(&rig, &host, "host").await;
    let g = rig
        .api(
            &host,
            "POST",
            "/api/games",
            json!({ "settings": { "players": [{ "name": "Li", "rank": "1d" }, { "name": "Wang", "rank": "1d" }],
                                  "size": 9, "time": SPEC } }),
        )
        .await;
    let game = g["game"].as_i64().unwrap();
    let link = g["links"]["black"].as_str().unwrap().to_string();
    host.goto(&format!("{}{link}", rig.base)).await.unwrap();
    until(
        &host,
        "the game's clock",
        "document.querySelector('#clock-black .time[data-at]')",
    )
    .await;

    // The server's clock, rebuilt for the test from one reading: Black's clock has run for
    // `used_ms` at `at`, and nobody presses.
    let v = rig
        .api(&host, "GET", &format!("/api/games/{game}/view"), json!(null))
        .await;
    assert_eq!(v["clock"]["running"], json!("black"), "{v}");
    let control: TimeControl = SPEC.parse().unwrap();
    let mut server = Clock::new(control.clone()).unwrap();
    let started = v["clock"]["at"].as_u64().unwrap() - v["clock"]["black"]["used_ms"].as_u64().unwrap();
    server.start(Instant(started), Color::Black).unwrap();

    // The same game followed on a phone (390 × 844, touch) by a spectator.
    let phone = rig.browser("zh-CN").await;
    screen(&phone, 390, 844, true).await;
    phone.goto(&format!("{}/play/{game}", rig.base)).await.unwrap();
    until(
        &phone,
        "the game's clock on the phone",
        "document.querySelector('#clock-black .time[data-at]')",
    )
    .await;

    // The clock-only page on a tablet lying between the players.
    let tablet = rig.browser("zh-CN").await;
    screen(&tablet, 820, 1180, true).await;
    tablet
        .goto(&format!("{}/clock?time=5s%2B3x10s", rig.base))
        .await
        .unwrap();
    fill(&tablet, "#c-black", "李").await;
    fill(&tablet, "#c-white", "王").await;
    click(&tablet, "#c-start").await;
    until(
        &tablet,
        "the clock faces",
        "document.querySelector('#face-black .time[data-at]')",
    )
    .await;
    let st: Value = serde_json::from_str(
        tablet
            .execute(
                "return JSON.stringify(JSON.parse(localStorage.getItem('weiqi.clocks'))[0]);",
                vec![],
            )
            .await
            .unwrap()
            .as_str()
            .unwrap(),
    )
    .unwrap();

    let (mut game_seen, mut tablet_seen, mut phone_seen) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    let (mut game_flag, mut tablet_flag, mut phone_flag) = (false, false, false);
    let mut shots = BTreeSet::new();
    for _ in 0..400 {
        if !game_flag {
            let f = read(&host, "#clock-black .time").await;
            let crate_side = server::wire::clocks::side_json(&server.state(Instant(f["at"].as_u64().unwrap())).black);
            game_flag = agree("game page", &f, &crate_side, &mut game_seen);
        }
        if !phone_flag {
            let f = read(&phone, "#clock-black .time").await;
            let crate_side = server::wire::clocks::side_json(&server.state(Instant(f["at"].as_u64().unwrap())).black);
            phone_flag = agree("game page on a phone", &f, &crate_side, &mut phone_seen);
        }
        if !tablet_flag {
            let f = read(&tablet, "#face-black .time").await;
            let req: server::plan::PlanReq = serde_json::from_value(json!({
                "time": st["time"], "ops": st["ops"], "now": f["at"], "horizon_ms": 0,
            }))
            .unwrap();
            let p = server::plan::plan(&req).unwrap();
            tablet_flag = agree("clock page", &f, &p["black"], &mut tablet_seen);
        }
        // A screenshot of each period on the tablet.
        for &p in &tablet_seen {
            if shots.insert(p) {
                full_shot(&tablet, &format!("clock-faces-tablet-period-{p}")).await;
                full_shot(&host, &format!("clock-faces-game-period-{p}")).await;
                full_shot(&phone, &format!("clock-faces-phone-period-{p}")).await;
            }
        }
        if game_flag && tablet_flag && phone_flag {
            break;
        }
        // A wait on observable state: both faces are read again until each shows its flag.
        // The pages' clocks run on the browser's own time; each reading carries its instant
        // (`at`), at which the crate's clock is asked, so no assertion depends on how long
        // this waits.
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(game_flag && tablet_flag && phone_flag, "the flags fell on every page");
    assert_eq!(phone_seen, [1, 2, 3].into(), "the phone showed every period");
    let all: BTreeSet<u64> = [1, 2, 3].into();
    assert_eq!(game_seen, all, "the game page showed every period");
    assert_eq!(tablet_seen, all, "the clock page showed every period");
    full_shot(&tablet, "clock-faces-tablet-flag").await;
    full_shot(&host, "clock-faces-game-flag").await;
    full_shot(&phone, "clock-faces-phone-flag").await;
    for c in [host, tablet, phone] {
        c.close().await.unwrap();
    }
}
