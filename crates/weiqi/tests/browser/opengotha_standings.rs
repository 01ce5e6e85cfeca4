//! Issue #18, in a Chinese browser and through the pages: an OpenGotha file imported from the
//! home page shows OpenGotha's own standings on the event page and on the results wall: the
//! rows in the order and with the places OpenGotha 3.51 printed for the same file
//! (`og_mcmahon_rules.opengotha.tsv`), each of the file's criteria in a column headed by its
//! Chinese name (the OpenGotha name only as the head's tooltip), values with halves as ½; the
//! printed ranking (名次表) in the same order under the same names.

use crate::kit::{account, full_shot, screen};
use crate::support::{Rig, click, fill, until};
use fantoccini::{Client, Locator};
use serde_json::Value;

const FILE: &str = include_str!("../../../formats/tests/it/data/og_mcmahon_rules.xml");
const PRINTED: &str = include_str!("../../../formats/tests/it/data/og_mcmahon_rules.opengotha.tsv");

/// The event's id (digits: no Latin word).
const ID: &str = "2028";

/// What OpenGotha printed after `round`: (place, player key) best first.
fn opengotha_order(round: u32) -> Vec<(String, String)> {
    PRINTED
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect::<Vec<_>>())
        .filter(|f| f[0] == round.to_string())
        .map(|f| (f[1].to_string(), f[2].to_string()))
        .collect()
}

/// The table `css` as the page shows it: its heads, the heads' tooltips, and each row's
/// place and player key (the name without spaces, upper case, as OpenGotha keys it), and the
/// row's cells.
async fn shown(c: &Client, css: &str) -> (Vec<String>, Vec<String>, Vec<(String, String)>, Vec<Vec<String>>) {
    let v = c
        .execute(
            &format!(
                "const t = document.querySelector({css:?}); \
                 const heads = [...t.querySelectorAll('thead th')]; \
                 return [heads.map((th) => th.textContent), \
                         heads.map((th) => th.getAttribute('title') || (th.querySelector('[title]') || {{ title: '' }}).title), \
                         [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent))]"
            ),
            vec![],
        )
        .await
        .unwrap();
    let strings = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect()
    };
    let rows: Vec<Vec<String>> = v[2].as_array().unwrap().iter().map(strings).collect();
    let order = rows
        .iter()
        .map(|r| (r[0].clone(), r[1].replace(' ', "").to_uppercase()))
        .collect();
    (strings(&v[0]), strings(&v[1]), order, rows)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_file_shows_opengothas_standings_in_chinese() {
    let mut rig = Rig::start("og-standings").await;
    let td = rig.browser("zh-CN").await;
    td.goto(&rig.base).await.unwrap();
    account(&rig, &td, "td").await;
    td.goto(&rig.base).await.unwrap();
    until(&td, "the import form", "document.getElementById('og-file')").await;
    fill(&td, "#og-id", ID).await;
    let file = rig.file("spring.xml", FILE);
    td.find(Locator::Css("#og-file"))
        .await
        .unwrap()
        .send_keys(&file.display().to_string())
        .await
        .unwrap();
    click(&td, "#og-submit").await;
    until(
        &td,
        "the imported event's standings",
        &format!("location.pathname === '/events/{ID}' && document.querySelector('#standings tbody tr')"),
    )
    .await;
    full_shot(&td, "og-standings-01-event").await;
    let after = rig
        .api(&td, "GET", &format!("/api/events/{ID}/standings"), Value::Null)
        .await["after_round"]
        .as_u64()
        .unwrap() as u32;
    assert_eq!(after, 4);
    let want = opengotha_order(after);
    assert_eq!(want.len(), 8);

    // The event page: OpenGotha's order and places, its criteria by their Chinese names.
    let (heads, titles, order, rows) = shown(&td, "#standings table").await;
    assert_eq!(order, want, "{rows:?}");
    assert_eq!(
        heads,
        [
            "名次",
            "姓名",
            "胜/负/和",
            "组别",
            "麦克马洪分",
            "对手麦克马洪分之和",
            "所胜对手麦克马洪分之和",
            "对手的对手麦克马洪分之和",
            "对手麦克马洪分之和（去最低一人）"
        ]
    );
    assert_eq!(titles[3..], ["CAT", "MMS", "SOSM", "SODOSM", "SOSOSM", "SOSM-1"]);
    // Hu Hai, first: CAT 1, MMS 34½, SOSM 113½, SODOSM 104¼, SOSOSM 465, SOSM-1 95 (OpenGotha's
    // 0, 69, 227, 417, 930, 190, kept doubled, SODOSM quadrupled).
    assert_eq!(rows[0][3..], ["1", "34½", "113½", "104¼", "465", "95"], "{rows:?}");
    // The about section names the criteria the event is placed by: the file's.
    let chain = until(
        &td,
        "the about section's criteria",
        "[...document.querySelectorAll('#about-settings dt')].find((d) => d.textContent.startsWith('名次排列')).nextElementSibling.textContent",
    )
    .await;
    assert_eq!(
        chain.as_str(),
        Some(
            "组别、麦克马洪分、对手麦克马洪分之和、所胜对手麦克马洪分之和、对手的对手麦克马洪分之和、对手麦克马洪分之和（去最低一人）（按OpenGotha文件的排名规则）"
        )
    );
    let caption = until(
        &td,
        "the caption",
        "document.querySelector('#standings caption').textContent",
    )
    .await;
    assert_eq!(caption.as_str(), Some("第4轮后，按OpenGotha的排名规则"));

    // The printed ranking (名次表), as the event page's print link opens it: the same order,
    // the same Chinese heads.
    td.goto(&format!("{}/api/events/{ID}/print/form/ranking?lang=zh", rig.base))
        .await
        .unwrap();
    until(
        &td,
        "the printed ranking",
        "document.querySelector('section.sheet table tbody tr')",
    )
    .await;
    full_shot(&td, "og-standings-03-ranking").await;
    let (heads, _, order, _) = shown(&td, "section.sheet table").await;
    assert_eq!(order, want);
    assert!(
        heads.iter().all(|h| !h.chars().any(|c| c.is_ascii_alphabetic())),
        "{heads:?}"
    );
    assert!(heads.contains(&"对手的对手麦克马洪分之和".to_string()), "{heads:?}");

    // The results wall, as a projector shows it.
    let wall = rig.browser("zh-CN").await;
    screen(&wall, 1920, 1080, false).await;
    wall.goto(&format!("{}/events/{ID}/wall", rig.base)).await.unwrap();
    until(
        &wall,
        "the wall's standings",
        "document.querySelector('#wall-standings tbody tr')",
    )
    .await;
    full_shot(&wall, "og-standings-02-wall").await;
    let (heads, titles, order, _) = shown(&wall, "#wall-standings table").await;
    assert_eq!(order, want);
    assert!(
        heads.iter().all(|h| !h.chars().any(|c| c.is_ascii_alphabetic())),
        "{heads:?}"
    );
    assert_eq!(titles[3..], ["CAT", "MMS", "SOSM", "SODOSM", "SOSOSM", "SOSM-1"]);
}
