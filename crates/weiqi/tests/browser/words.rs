//! A director whose browser is in Chinese meets the server's refusals in Chinese: a rank
//! nobody reads, a rank out of range, a player registered twice, a registration file with a
//! bad row, a result nobody reads, an official's action by an account without the role. And
//! ranks and results are taken as people write them (`3段`, `黑中盘胜`). Player names and the
//! event's id are Chinese or digits here, so any Latin word in a message is the server's.

use crate::kit::{account, event};
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

/// Runs `act` on the page and answers the text of the refusal it shows (the toast).
async fn refusal(c: &Client, act: impl AsyncFnOnce()) -> String {
    c.execute("document.getElementById('toast').className = ''", vec![])
        .await
        .unwrap();
    act().await;
    let t = until(
        c,
        "a refusal",
        "(() => { const t = document.getElementById('toast'); \
           return t.classList.contains('show') && t.classList.contains('bad') && t.textContent; })()",
    )
    .await;
    t.as_str().unwrap().to_string()
}

/// The Latin words of `text` (two letters or more): none in a refusal said in Chinese, whose
/// names here are all Chinese, but a file format's name, written so in Chinese too.
fn latin_words(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() > 1 && !["CSV", "Excel"].contains(w))
        .collect()
}

/// Reloads the event page and waits for its forms.
async fn event_page(rig: &Rig, c: &Client) {
    c.goto(&format!("{}/events/2026", rig.base)).await.unwrap();
    until(c, "the event page", "document.getElementById('add-player')").await;
}

/// Registers `name` with `rank` through the page's form.
async fn register(c: &Client, name: &str, rank: &str) {
    fill(c, "#p-name", name).await;
    fill(c, "#p-rank", rank).await;
    click(c, "#add-player button").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chinese_page_says_the_servers_refusals_in_chinese() {
    let mut rig = Rig::start("words").await;
    let td = rig.browser("zh-CN").await;
    td.goto(&rig.base).await.unwrap();
    account(&rig, &td, "td").await;
    event(&rig, &td, "2026", "swiss", 3, &[("安", "2d"), ("博", "1d")]).await;
    event_page(&rig, &td).await;

    let mut said = Vec::new();
    // Ranks: one nobody reads, one out of range, then one as a Chinese form writes it.
    said.push(refusal(&td, async || register(&td, "蔡", "3x").await).await);
    said.push(refusal(&td, async || register(&td, "蔡", "8段").await).await);
    // A player registered twice.
    said.push(refusal(&td, async || register(&td, "安", "2d").await).await);
    shot(&td, "words-01-refusal-zh").await;
    register(&td, "蔡", "3段").await;
    until(
        &td,
        "蔡 registered as 3段",
        "[...document.querySelectorAll('#players tbody tr')].some((r) => r.textContent.includes('蔡') && r.textContent.includes('3段'))",
    )
    .await;

    // A registration file with a row nobody reads: refused, naming the line and the rank.
    let csv = rig.file("players.csv", "姓名,段位\n丁,2级\n鄂,九x\n");
    let file_said = refusal(&td, async || {
        td.find(Locator::Css("#csv-file"))
            .await
            .unwrap()
            .send_keys(&csv.display().to_string())
            .await
            .unwrap();
        click(&td, "#csv-submit").await;
    })
    .await;
    assert!(file_said.contains("第3行") && file_said.contains("鄂"), "{file_said}");
    said.push(file_said);

    // Round 1 paired: a result nobody reads is refused, one written in Chinese is taken.
    rig.api(&td, "POST", "/api/events/2026/rounds", Value::Null).await;
    event_page(&rig, &td).await;
    let result = async |text: &str| {
        fill(&td, ".result-input", text).await;
        click(&td, ".result-input + button").await;
    };
    said.push(refusal(&td, async || result("黑胜X").await).await);
    result("黑中盘胜").await;
    until(
        &td,
        "the result B+R on board 1",
        "!document.querySelector('.result-input') || document.querySelectorAll('.result-input').length === 0",
    )
    .await;
    let ev = rig.api(&td, "GET", "/api/events/2026", Value::Null).await;
    assert_eq!(ev["rounds"][0]["games"][0]["result"], json!("B+R"), "{ev}");

    // Another account, without a role, tries an official's action.
    let other = rig.browser("zh-CN").await;
    other.goto(&rig.base).await.unwrap();
    account(&rig, &other, "观众").await;
    other.goto(&format!("{}/events/2026", rig.base)).await.unwrap();
    until(
        &other,
        "the event page for a spectator",
        "document.getElementById('players')",
    )
    .await;
    let status = other
        .execute(
            "return fetch('/api/events/2026/players', { method: 'POST', headers: { 'Content-Type': 'application/json', \
               Authorization: 'Bearer ' + localStorage.getItem('weiqi.token') }, body: JSON.stringify({ name: '戊', rank: '1k' }) }) \
               .then((r) => r.json().then((j) => [r.status, j.zh]));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(status[0], json!(403), "{status}");
    said.push(status[1].as_str().unwrap().to_string());

    for s in &said {
        assert!(
            !s.is_empty() && latin_words(s).is_empty(),
            "English on a Chinese page: {s}"
        );
    }
    assert_eq!(said.len(), 6, "{said:#?}");
    td.close().await.unwrap();
    other.close().await.unwrap();
}
