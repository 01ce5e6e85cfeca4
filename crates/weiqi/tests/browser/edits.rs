//! Issue #16's director's edits in the pages: a McMahon handicap board shows the weaker
//! player as Black in the proposal, the round, the start form and the printed sheet, and a
//! result entered for that Black stands; the proposal editor shows each player's rank, score
//! and colours, and a hand edit that drops players is refused while a repeat is paired only
//! after "pair anyway"; players and the event are edited, and an event without games deleted.

use crate::board::login;
use crate::kit::event_of;
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::Client;
use serde_json::{Value, json};

/// Sets the select `css` to `value` as the director would, so the editor redraws.
async fn choose(c: &Client, css: &str, value: &str) {
    c.execute(
        "const e = document.querySelector(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event('change', { bubbles: true }));",
        vec![json!(css), json!(value)],
    )
    .await
    .expect("the select is set");
}

/// Opens the proposal editor and waits for it.
async fn open_editor(rig: &Rig, c: &Client, id: &str) {
    c.goto(&format!("{}/events/{id}", rig.base)).await.unwrap();
    click(c, "#propose").await;
    until(
        c,
        "the proposal editor",
        "document.querySelector('#proposal-form .prop-info')",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handicap_board_shows_the_weaker_player_as_black_in_every_view() {
    let mut rig = Rig::start("edits-colours").await;
    let td = rig.browser("en-US").await;
    login(&rig, &td, "director").await;
    let mm = json!({ "kind": "mc_mahon", "bar": "1d", "floor": "20k" });
    event_of(&rig, &td, "mm", mm, 3, &[("Zhang", "3k"), ("Wu", "5k")]).await;

    // The proposal: Wu (5k) is Black, with two stones, his rank and McMahon score (in points,
    // a win 2, as the standings count it) beside him.
    open_editor(&rig, &td, "mm").await;
    let row = until(
        &td,
        "board 1 of the proposal",
        "(() => { const r = document.querySelector('#proposal-form tbody tr'); return r && [r.querySelector('.prop-black').value, \
           r.querySelector('.prop-white').value, ...[...r.querySelectorAll('.prop-info, .prop-note')].map(x => x.textContent)]; })()",
    )
    .await;
    assert_eq!(
        row,
        json!(["Wu", "Zhang", "5k · 30 pts · –", "3k · 34 pts · –", "2 stones"])
    );
    td.execute("document.getElementById('proposal').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "edits-01-handicap-proposal").await;
    click(&td, "#pair-amended").await;

    // The round table, the start form and the printed sheet: Wu is Black.
    let table = until(
        &td,
        "the round table",
        "(() => { const r = document.querySelector('#round-1 table tbody tr'); return r && [...r.cells].slice(0, 3).map(c => c.textContent); })()",
    )
    .await;
    assert_eq!(table, json!(["1", "Wu", "Zhang"]));
    let form = until(
        &td,
        "the start form's board",
        "(() => { const f = document.getElementById('start-games-1'); const r = f && f.querySelector('tbody tr'); \
           return r && [r.cells[1].textContent, r.cells[2].textContent, r.querySelector('.round-handicap').value]; })()",
    )
    .await;
    assert_eq!(form, json!(["Wu (5k)", "Zhang (3k)", "2"]));
    td.execute("document.getElementById('round-1').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "edits-02-handicap-round").await;

    // The result as the table reads: Black (Wu) won on time. Accepted, and the win is Wu's.
    fill(&td, "#round-1 .result-input", "B+T").await;
    click(&td, "#round-1 .result-input + button").await;
    until(
        &td,
        "the result in the round table",
        "(() => { const r = document.querySelector('#round-1 table tbody tr'); return r && !r.querySelector('.result-input') && r.cells[3].textContent === 'B+T'; })()",
    )
    .await;
    let wu = until(
        &td,
        "the standings",
        "(() => { const r = [...document.querySelectorAll('#standings tbody tr')].find(r => r.cells[1].textContent === 'Wu'); \
           return r && r.cells[3].textContent; })()",
    )
    .await;
    assert_eq!(wu, json!("1/0/0"), "Wu won as Black");

    td.goto(&format!("{}/api/events/mm/print/pairings/1?lang=en", rig.base))
        .await
        .unwrap();
    let sheet = until(&td, "the pairing sheet", "document.body && document.body.innerText").await;
    let sheet = sheet.as_str().unwrap();
    assert!(sheet.find("Wu").unwrap() < sheet.find("Zhang").unwrap(), "{sheet}");
    shot(&td, "edits-03-handicap-sheet").await;
    td.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_edit_that_drops_players_is_refused_and_a_repeat_needs_pair_anyway() {
    let mut rig = Rig::start("edits-pairing").await;
    let td = rig.browser("zh-CN").await;
    login(&rig, &td, "director").await;
    event_of(
        &rig,
        &td,
        "sw",
        json!({ "kind": "swiss" }),
        3,
        &[("李", "1d"), ("王", "1d"), ("张", "1d"), ("赵", "1d")],
    )
    .await;
    rig.api(&td, "POST", "/api/events/sw/rounds", Value::Null).await;
    let ev = rig.api(&td, "GET", "/api/events/sw", Value::Null).await;
    let round1: Vec<(String, String)> = ev["rounds"][0]["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["black"].as_str().unwrap().to_string(),
                g["white"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    for board in [1, 2] {
        rig.api(
            &td,
            "POST",
            "/api/events/sw/results",
            json!({ "round": 1, "board": board, "result": "B+R" }),
        )
        .await;
    }

    // Each player's rank, score and colours so far (黑: Black in round 1).
    open_editor(&rig, &td, "sw").await;
    let infos = until(
        &td,
        "the players' lines",
        "[...document.querySelectorAll('#proposal-form .prop-info')].map(x => x.textContent)",
    )
    .await;
    let infos: Vec<String> = serde_json::from_value(infos).unwrap();
    assert!(
        infos.iter().all(|x| x == "1段 · 2分 · 黑" || x == "1段 · 0分 · 白"),
        "{infos:?}"
    );

    // Board 2 set to "—": two players without a game or a bye; refused, in Chinese.
    choose(&td, "#proposal-form tbody tr:nth-child(2) .prop-black", "").await;
    click(&td, "#pair-amended").await;
    let e = until(
        &td,
        "the refusal",
        "document.getElementById('proposal-error').textContent",
    )
    .await;
    assert!(e.as_str().unwrap().contains("既无对局也未轮空"), "{e}");
    td.execute("document.getElementById('proposal').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "edits-04-dropped-refused").await;

    // Round 1 again, same colours: flagged in the editor, warned, paired only on "pair anyway".
    for (k, (b, w)) in round1.iter().enumerate() {
        choose(
            &td,
            &format!("#proposal-form tbody tr:nth-child({}) .prop-black", k + 1),
            b,
        )
        .await;
        choose(
            &td,
            &format!("#proposal-form tbody tr:nth-child({}) .prop-white", k + 1),
            w,
        )
        .await;
    }
    let notes = td
        .execute(
            "return [...document.querySelectorAll('#proposal-form .prop-note')].map(x => x.textContent)",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(notes, json!(["已相遇：重复对局", "已相遇：重复对局"]));
    click(&td, "#pair-amended").await;
    let warned = until(
        &td,
        "the warnings",
        "document.getElementById('pair-anyway') && [...document.querySelectorAll('#pair-warnings li')].map(x => x.textContent)",
    )
    .await;
    let warned: Vec<String> = serde_json::from_value(warned).unwrap();
    assert!(warned.iter().any(|w| w.contains("完全重复")), "{warned:?}");
    assert!(warned.iter().any(|w| w.contains("将执黑2次、执白0次")), "{warned:?}");
    assert!(warned.iter().all(|w| !w.is_ascii()), "{warned:?}");
    td.execute("document.getElementById('pair-warnings').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "edits-05-repeat-warned").await;
    let ev = rig.api(&td, "GET", "/api/events/sw", Value::Null).await;
    assert_eq!(
        ev["rounds"].as_array().unwrap().len(),
        1,
        "nothing paired before the confirmation"
    );
    click(&td, "#pair-anyway").await;
    until(&td, "round 2", "document.getElementById('round-2')").await;
    td.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_the_event_are_edited_and_an_event_without_games_deleted() {
    let mut rig = Rig::start("edits-event").await;
    let td = rig.browser("en-US").await;
    login(&rig, &td, "director").await;
    // The home page's form asks for a time control.
    td.refresh().await.unwrap();
    let required = until(
        &td,
        "the new event form",
        "document.getElementById('ev-time') && [document.getElementById('ev-time').required]",
    )
    .await;
    assert_eq!(required, json!([true]));
    event_of(
        &rig,
        &td,
        "e",
        json!({ "kind": "swiss" }),
        3,
        &[("Li", "2d"), ("Wang", "1d")],
    )
    .await;
    td.goto(&format!("{}/events/e", rig.base)).await.unwrap();
    click(&td, "button.edit-player[aria-label='Edit Li']").await;
    fill(&td, "#edit-name", "Li Wei").await;
    fill(&td, "#edit-rank", "3d").await;
    fill(&td, "#edit-club", "Beijing").await;
    fill(&td, "#edit-rating", "2300").await;
    shot(&td, "edits-06-player-form").await;
    click(&td, "#edit-player-save").await;
    let row = until(
        &td,
        "the player renamed",
        "(() => { const r = [...document.querySelectorAll('#players tbody tr')].find(r => r.cells[0].textContent === 'Li Wei'); \
           return r && [r.cells[0].textContent, r.cells[1].textContent]; })()",
    )
    .await;
    assert_eq!(row, json!(["Li Wei", "3d"]));
    let ev = rig.api(&td, "GET", "/api/events/e", Value::Null).await;
    assert_eq!(
        (&ev["players"][0]["club"], &ev["players"][0]["rating"]),
        (&json!("Beijing"), &json!(2300))
    );

    // The event: a time control the clock cannot read is refused, saying why; then saved.
    fill(&td, "#edit-ev-name", "Spring open").await;
    fill(&td, "#edit-ev-time", "1h+3x").await;
    click(&td, "#edit-ev-save").await;
    let e = until(
        &td,
        "the refusal",
        "document.getElementById('edit-ev-error').textContent",
    )
    .await;
    assert!(e.as_str().unwrap().starts_with("time control \"1h+3x\""), "{e}");
    fill(&td, "#edit-ev-time", "1h+3x60s").await;
    fill(&td, "#edit-ev-lateness", "15").await;
    td.execute("document.getElementById('edit-event-s').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "edits-07-event-form").await;
    click(&td, "#edit-ev-save").await;
    until(
        &td,
        "the new name",
        "document.getElementById('page-title').textContent === 'Spring open'",
    )
    .await;
    let ev = rig.api(&td, "GET", "/api/events/e", Value::Null).await;
    assert_eq!(
        (&ev["time_control"], &ev["settings"]["lateness_limit_minutes"]),
        (&json!("1h+3x60s"), &json!(15))
    );

    // Once paired, the settings are fixed and the event cannot be deleted.
    rig.api(&td, "POST", "/api/events/e/rounds", Value::Null).await;
    td.refresh().await.unwrap();
    until(&td, "the fixed settings", "document.getElementById('edit-ev-fixed')").await;
    let state = td
        .execute(
            "return [document.getElementById('edit-ev-time').disabled, !!document.getElementById('delete-event')]",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(state, json!([true, false]));

    // An event without games is deleted from its page.
    event_of(&rig, &td, "gone", json!({ "kind": "swiss" }), 3, &[("Li", "2d")]).await;
    td.goto(&format!("{}/events/gone", rig.base)).await.unwrap();
    until(&td, "the delete button", "document.getElementById('delete-event')").await;
    td.execute("window.confirm = () => true", vec![]).await.unwrap();
    click(&td, "#delete-event").await;
    until(&td, "the home page", "location.pathname === '/'").await;
    let list = rig.api(&td, "GET", "/api/events", Value::Null).await;
    assert!(list.as_array().unwrap().iter().all(|e| e["id"] != "gone"), "{list}");
    td.close().await.unwrap();
}
