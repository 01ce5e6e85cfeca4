//! The challenge match page (擂台赛, Art. 26.6) in a browser: an official creates the match
//! on `/challenges/{id}` with both teams' orders, enters each bout's game (who had Black, the
//! result; the winner stays on as the defender, 守擂), withdraws a player (Art. 28.4: the
//! bouts still to come are forfeits), and the page shows the orders, the defender and the
//! challenger, the record and the result; a visitor who is not signed in sees the same match
//! in Chinese, without the forms. Screenshots at each step.

use crate::board::login;
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::Client;

/// The text of the element `id` once it holds `want`.
async fn shows(c: &Client, id: &str, want: &str) -> String {
    // One expression for `until`: the element's text when it holds `want`.
    let expr = format!(
        "(() => {{ const e = document.getElementById('{id}'); const t = e ? e.textContent : ''; return t.includes({want:?}) ? t : ''; }})()"
    );
    until(c, &format!("#{id} to show {want}"), &expr)
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Enters the next bout: Black's name and the result, as an official does on the page.
async fn bout(c: &Client, black: &str, result: &str) {
    until(c, "the bout form", "document.getElementById('challenge-game')").await;
    c.execute(
        "const s = document.getElementById('ch-black'); s.value = arguments[0]; s.dispatchEvent(new Event('change'));",
        vec![serde_json::json!(black)],
    )
    .await
    .expect("Black chosen");
    fill(c, "#ch-result", result).await;
    click(c, "#challenge-game button[type=submit]").await;
}

/// Opens `/challenges/{id}` (a match not yet made: the page offers to create it) and creates
/// the match with both teams and their orders, as an official does; a screenshot of the
/// filled form when `shot_name` names one.
async fn create(
    rig: &Rig,
    c: &Client,
    id: &str,
    name: &str,
    a: (&str, &str),
    b: (&str, &str),
    shot_name: Option<&str>,
) {
    c.goto(&format!("{}/challenges/{id}", rig.base))
        .await
        .expect("the page");
    until(c, "the create form", "document.getElementById('challenge-create')").await;
    fill(c, "#ch-name", name).await;
    fill(c, "#ch-team-a", a.0).await;
    fill(c, "#ch-order-a", a.1).await;
    fill(c, "#ch-team-b", b.0).await;
    fill(c, "#ch-order-b", b.1).await;
    if let Some(n) = shot_name {
        shot(c, n).await;
    }
    click(c, "#challenge-create button[type=submit]").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_match_is_created_played_and_shown_on_its_page() {
    let mut rig = Rig::start("challenges").await;
    let td = rig.browser("en-US").await;
    login(&rig, &td, "director").await;
    create(
        &rig,
        &td,
        "spring",
        "Spring 擂台赛",
        ("North", "N1, N2, N3"),
        ("South", "S1、S2"),
        Some("challenge-1-create"),
    )
    .await;
    // The orders as agreed, the first bout, no record yet.
    let next = shows(&td, "challenge-next", "N1 (North) against S1 (South)").await;
    assert!(next.contains("S1"), "{next}");
    let orders = until(
        &td,
        "both orders",
        "[...document.querySelectorAll('.challenge-order li')].map(l => l.textContent).join('|')",
    )
    .await;
    let orders = orders.as_str().unwrap();
    assert!(
        orders.starts_with("N1") && orders.contains("N3") && orders.contains("S2"),
        "{orders}"
    );
    shot(&td, "challenge-2-orders").await;
    // Bout 1: N1 (Black) wins and stays on; S2 challenges N1, who defends.
    bout(&td, "N1", "B+R").await;
    shows(&td, "challenge-next", "S2 (South) challenges N1 (North), who defends").await;
    let record = until(
        &td,
        "the record's first bout",
        "(() => { const r = document.querySelectorAll('#ch-record tbody tr'); return r.length === 1 ? r[0].textContent : ''; })()",
    )
    .await;
    assert!(record.as_str().unwrap().contains("North wins, stays on"), "{record}");
    shot(&td, "challenge-3-defender").await;
    // Bout 2: S2 (Black) loses: South has nobody left, North wins the match.
    bout(&td, "S2", "W+3.5").await;
    let result = shows(&td, "challenge-result", "North wins the challenge match").await;
    assert!(!result.is_empty());
    let forms = td
        .execute("return !!document.getElementById('challenge-game');", vec![])
        .await
        .unwrap();
    assert_eq!(forms, serde_json::json!(false), "no form once the match is over");
    shot(&td, "challenge-4-result").await;

    // A second match: a withdrawal forfeits the withdrawn player's bouts (Art. 28.4).
    create(&rig, &td, "autumn", "Autumn", ("East", "E1"), ("West", "W1, W2"), None).await;
    shows(&td, "challenge-next", "E1 (East) against W1 (West)").await;
    until(
        &td,
        "the withdrawal form",
        "document.getElementById('challenge-withdraw')",
    )
    .await;
    td.execute(
        "const s = document.getElementById('ch-withdraw'); s.value = 'E1'; s.dispatchEvent(new Event('change'));",
        vec![],
    )
    .await
    .expect("E1 chosen");
    click(&td, "#challenge-withdraw button[type=submit]").await;
    shows(&td, "challenge-result", "West wins the challenge match").await;
    let marks = until(
        &td,
        "E1 marked as withdrawn",
        "(() => { const t = document.getElementById('order-a').textContent; return t.includes('withdrew') ? t : ''; })()",
    )
    .await;
    assert!(marks.as_str().unwrap().contains("E1"), "{marks}");
    shot(&td, "challenge-5-withdrawal").await;

    // A visitor, not signed in, in Chinese: the same match, no forms.
    let guest = rig.browser("zh-CN").await;
    guest
        .goto(&format!("{}/challenges/spring?lang=zh", rig.base))
        .await
        .expect("the page");
    shows(&guest, "challenge-result", "North获得擂台赛胜利").await;
    let forms = guest
        .execute(
            "return !!(document.getElementById('challenge-game') || document.getElementById('challenge-withdraw'));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(forms, serde_json::json!(false), "a visitor has no forms");
    shot(&guest, "challenge-6-visitor-zh").await;
}
