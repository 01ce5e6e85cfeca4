//! Issues #16 item 6 and #18 item 4, in a Chinese browser and through the pages: a McMahon
//! event made from the home page's form with its time control, its handicap rule (the
//! McMahon bar's 3段 filled in as the handicap's bar) and two categories ranked apart; the
//! about section says them; a 5段 and a 7段 above the bar play an even game on the round's
//! start form while a 1级 and a 3级 below it get their two stones; the standings rank by
//! category. No English word on any page visited.
//!
//! Player names and the event's name are Chinese (its id digits), so any Latin word on a
//! page is the software's.

use crate::kit::{account, english, new_event_form};
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::Client;

/// The event's id (digits: no Latin word).
const ID: &str = "2027";

/// The about section's lines, label and value.
async fn about(c: &Client) -> Vec<(String, String)> {
    let v = c
        .execute(
            "return [...document.querySelectorAll('#about-settings dt')].map((d) => [d.textContent, d.nextElementSibling.textContent])",
            vec![],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mcmahon_event_with_its_handicap_rule_and_categories_from_the_pages() {
    let mut rig = Rig::start("event-settings").await;
    let td = rig.browser("zh-CN").await;
    let mut seen: Vec<(&str, Vec<String>)> = Vec::new();
    td.goto(&rig.base).await.unwrap();
    account(&rig, &td, "赵主任").await;
    td.goto(&rig.base).await.unwrap();

    // The home page's form: McMahon, its bar and floor in Chinese, a time control; the
    // handicap rule's fields come filled with the defaults, the handicap's bar following the
    // McMahon bar; two categories (1段 and up, below 1段), ranked apart.
    until(&td, "the event form", "document.getElementById('ev-hd-ceiling')").await;
    let mcmahon = Some(("3段", "18级"));
    new_event_form(&td, ID, "二〇二七年麦克马洪赛", "mc_mahon", 3, "1h+3x30s", mcmahon).await;
    let defaults = td
        .execute(
            "return ['ev-hd-basis', 'ev-hd-bar', 'ev-hd-correction', 'ev-hd-ceiling', 'ev-categories'].map((id) => document.getElementById(id).value)",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(
        defaults,
        serde_json::json!(["rank", "3段", "0", "9", ""]),
        "the defaults filled"
    );
    fill(&td, "#ev-hd-ceiling", "6").await;
    fill(&td, "#ev-categories", "1段").await;
    click(&td, "#ev-by-category").await;
    td.execute("document.getElementById('new-event').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "event-settings-01-new-event").await;
    seen.push(("home", english(&td).await));
    click(&td, "#ev-create").await;
    until(
        &td,
        "the event's page",
        &format!("location.pathname === '/events/{ID}' && document.getElementById('add-player')"),
    )
    .await;

    // The about section says the rule and the categories, in Chinese.
    let lines = about(&td).await;
    let line = |label: &str| -> String {
        lines
            .iter()
            .find(|(k, _)| k == label)
            .unwrap_or_else(|| panic!("no {label} in {lines:?}"))
            .1
            .clone()
    };
    assert_eq!(line("用时（第12条）"), "1h+3x30s");
    assert_eq!(line("麦克马洪上限与下限"), "上限3段，下限18级");
    assert_eq!(line("让子"), "按段位差，最多6子；3段及以上不让子（更高段位按3段计）");
    assert_eq!(line("组别"), "第1组：1段及以上；第2组：1段以下");
    assert!(line("名次排列（第27条）").starts_with("组别、"), "{lines:?}");
    // The edit form shows the same, to change until round 1 is paired.
    let edit = td
        .execute(
            "return ['edit-ev-hd-bar', 'edit-ev-hd-ceiling', 'edit-ev-categories'].map((id) => document.getElementById(id).value).concat([document.getElementById('edit-ev-by-category').checked])",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(edit, serde_json::json!(["3段", "6", "1段", true]));
    // Changed on the edit form before round 1: the about section follows.
    fill(&td, "#edit-ev-hd-ceiling", "5").await;
    fill(&td, "#edit-ev-categories", "1段、10级").await;
    click(&td, "#edit-ev-save").await;
    until(
        &td,
        "the about section as edited",
        "[...document.querySelectorAll('#about-settings dd')].some((d) => d.textContent.startsWith('按段位差，最多5子'))",
    )
    .await;
    let lines = about(&td).await;
    assert!(
        lines.contains(&(
            "组别".to_string(),
            "第1组：1段及以上；第2组：10级及以上；第3组：10级以下".to_string()
        )),
        "{lines:?}"
    );
    td.execute("document.getElementById('about').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "event-settings-02-about").await;
    seen.push(("event: about", english(&td).await));

    // Four players through the registration form: two above the bar, two below.
    for (name, rank) in [("甲", "7段"), ("乙", "5段"), ("丙", "1级"), ("丁", "3级")] {
        fill(&td, "#p-name", name).await;
        fill(&td, "#p-rank", rank).await;
        click(&td, "#add-player button").await;
        until(
            &td,
            "the player registered",
            &format!(
                "document.getElementById('add-player') && [...document.querySelectorAll('#players tbody tr')].some((r) => r.textContent.includes('{name}') && r.textContent.includes('{rank}'))"
            ),
        )
        .await;
    }

    // Round 1 paired: the start form shows the 5段–7段 board even, the 3级–1级 board with two
    // stones for the 3级 as Black.
    click(&td, "#pair").await;
    let form: Vec<(String, String, u32)> = serde_json::from_value(
        until(
            &td,
            "the start form's handicaps",
            "(() => { const f = document.getElementById('start-games-1'); return f && [...f.querySelectorAll('.round-handicap')].map((x) => { \
               const r = x.closest('tr'); return [r.children[1].textContent, r.children[2].textContent, Number(x.value)]; }); })()",
        )
        .await,
    )
    .unwrap();
    let mut form = form;
    form.sort();
    assert_eq!(
        form,
        vec![
            ("丁 (3级)".to_string(), "丙 (1级)".to_string(), 2),
            ("乙 (5段)".to_string(), "甲 (7段)".to_string(), 0),
        ],
        "the boards as the start form shows them"
    );
    td.execute("document.getElementById('start-games-1').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "event-settings-03-start-form").await;
    // The settings are fixed now: the edit form says so, its fields disabled.
    let fixed = td
        .execute(
            "return [!!document.getElementById('edit-ev-fixed'), document.getElementById('edit-ev-hd-ceiling').disabled, document.getElementById('edit-ev-categories').disabled]",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(fixed, serde_json::json!([true, true, true]));

    // The standings rank by category first: its column, headed 组别.
    let head: Vec<String> = serde_json::from_value(
        until(
            &td,
            "the standings",
            "(() => { const s = document.getElementById('standings'); return s && [...s.querySelectorAll('th')].map((x) => x.textContent); })()",
        )
        .await,
    )
    .unwrap();
    assert!(head.iter().any(|h| h == "组别"), "{head:?}");
    // Each player's category, counted from 1 as the about section says it.
    let mut cats: Vec<(String, String)> = serde_json::from_value(
        td.execute(
            "const s = document.getElementById('standings');              const i = [...s.querySelectorAll('th')].findIndex((x) => x.textContent === '组别');              return [...s.querySelectorAll('tbody tr')].map((r) => [r.children[1].textContent, r.children[i].textContent]);",
            vec![],
        )
        .await
        .unwrap(),
    )
    .unwrap();
    cats.sort();
    let want = [("丁", "2"), ("丙", "2"), ("乙", "1"), ("甲", "1")].map(|(a, b)| (a.to_string(), b.to_string()));
    assert_eq!(cats, want);
    td.execute("document.getElementById('standings').scrollIntoView()", vec![])
        .await
        .unwrap();
    shot(&td, "event-settings-04-standings").await;
    seen.push(("event: round 1 paired", english(&td).await));

    let english: Vec<&(&str, Vec<String>)> = seen.iter().filter(|(_, e)| !e.is_empty()).collect();
    assert!(english.is_empty(), "English on the Chinese pages: {english:?}");
    td.close().await.unwrap();
}
