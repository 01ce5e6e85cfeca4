//! The director's event page beyond the first round: a CSV file with a bad row is refused
//! whole, naming the row; a proposed pairing edited before pairing; a round undone and paired
//! again; a withdrawal (Art. 28) that the standings and the next pairing follow; and the
//! print views (crosstable, a round's pairing sheet) in Chinese and English, as printed.

use crate::kit::{account, event, follow, full_shot, print_media};
use crate::support::{Rig, click, fill, shot, until};
use fantoccini::{Client, Locator};
use serde_json::{Value, json};

/// Uploads `csv` through the page's import form; the toast that answers, and whether it is
/// an error.
async fn import(rig: &Rig, c: &Client, csv: &str) -> (String, bool) {
    let path = rig.file("players.csv", csv);
    c.execute("document.getElementById('toast').className = ''", vec![])
        .await
        .unwrap();
    c.find(Locator::Css("#csv-file"))
        .await
        .unwrap()
        .send_keys(&path.display().to_string())
        .await
        .unwrap();
    click(c, "#csv-submit").await;
    let t = until(
        c,
        "the import's answer",
        "(() => { const t = document.getElementById('toast'); \
           return t.classList.contains('show') && [t.textContent, t.classList.contains('bad')]; })()",
    )
    .await;
    (t[0].as_str().unwrap().to_string(), t[1].as_bool().unwrap())
}

/// The event page's rows of table `css` (cells' text).
async fn rows(c: &Client, css: &str) -> Vec<Vec<String>> {
    let v = c
        .execute(
            "return [...document.querySelectorAll(arguments[0] + ' tbody tr')].map((r) => [...r.children].map((d) => d.textContent));",
            vec![json!(css)],
        )
        .await
        .unwrap();
    serde_json::from_value(v).unwrap()
}

/// The names registered in the event, as the server has them.
async fn registered(rig: &Rig, c: &Client) -> Vec<String> {
    let ev = rig.api(c, "GET", "/api/events/cup", Value::Null).await;
    ev["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}

/// Reloads the event page and waits for it.
async fn event_page(rig: &Rig, c: &Client) {
    c.goto(&format!("{}/events/cup", rig.base)).await.unwrap();
    until(c, "the event page", "document.getElementById('csv-file')").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_director_amends_undoes_withdraws_and_prints() {
    let mut rig = Rig::start("director").await;
    let td = rig.browser("en-US").await;
    td.goto(&rig.base).await.unwrap();
    account(&rig, &td, "td").await;
    event(&rig, &td, "cup", "swiss", 3, &[]).await;
    event_page(&rig, &td).await;

    // A CSV file whose fourth line has a rank nobody can read: refused whole, the error
    // names the line, the player and the value; nobody is registered.
    let (msg, bad) = import(
        &rig,
        &td,
        "name,rank,club\nAnn,2d,Beijing\nBo,1d,Shanghai\nCai,9x,Hangzhou\nDee,2k,Chengdu\n",
    )
    .await;
    assert!(
        bad && msg.contains("line 4") && msg.contains("Cai") && msg.contains("9x"),
        "{msg}"
    );
    shot(&td, "director-01-csv-bad-row").await;
    assert_eq!(registered(&rig, &td).await, Vec::<String>::new());
    event_page(&rig, &td).await;
    assert_eq!(rows(&td, "#players").await.len(), 0);

    // One player registered by hand, then the file, corrected.
    fill(&td, "#p-name", "Eve").await;
    fill(&td, "#p-rank", "3k").await;
    fill(&td, "#p-club", "Wuhan").await;
    click(&td, "#add-player button").await;
    until(
        &td,
        "Eve",
        "document.querySelectorAll('#players tbody tr').length === 1",
    )
    .await;
    // A file that registers Eve again is refused whole too: Ann and Bo, before her in it,
    // are not registered either.
    let (msg, bad) = import(&rig, &td, "name,rank\nAnn,2d\nBo,1d\nEve,3k\nFay,4k\n").await;
    assert!(bad && msg.contains("Eve"), "{msg}");
    assert_eq!(registered(&rig, &td).await, vec!["Eve".to_string()]);
    let (msg, bad) = import(
        &rig,
        &td,
        "name,rank,club\nAnn,2d,Beijing\nBo,1d,Shanghai\nCai,1k,Hangzhou\nDee,2k,Chengdu\nFay,4k,Xi'an\n",
    )
    .await;
    assert!(!bad && msg.contains('5'), "{msg}");
    until(
        &td,
        "6 players",
        "document.querySelectorAll('#players tbody tr').length === 6",
    )
    .await;

    // The proposal of round 1, edited: board 1's and board 2's White change places.
    click(&td, "#propose").await;
    until(
        &td,
        "the proposal",
        "document.querySelectorAll('#proposal-form .prop-white').length === 3",
    )
    .await;
    let proposed: Vec<(String, String)> = serde_json::from_value(
        td.execute(
            "return [...document.querySelectorAll('#proposal-form tbody tr')].map((r) => \
               [r.querySelector('.prop-black').value, r.querySelector('.prop-white').value]);",
            vec![],
        )
        .await
        .unwrap(),
    )
    .unwrap();
    let whites = td.find_all(Locator::Css("#proposal-form .prop-white")).await.unwrap();
    whites[0].select_by_value(&proposed[1].1).await.unwrap();
    whites[1].select_by_value(&proposed[0].1).await.unwrap();
    shot(&td, "director-02-proposal-edited").await;
    click(&td, "#pair-amended").await;
    until(
        &td,
        "round 1",
        "document.querySelectorAll('#round-1 tbody tr').length === 3",
    )
    .await;
    let round1 = rows(&td, "#round-1").await;
    let games =
        |r: &[Vec<String>]| -> Vec<(String, String)> { r.iter().map(|x| (x[1].clone(), x[2].clone())).collect() };
    assert_eq!(
        games(&round1),
        vec![
            (proposed[0].0.clone(), proposed[1].1.clone()),
            (proposed[1].0.clone(), proposed[0].1.clone()),
            proposed[2].clone(),
        ],
        "the round as edited"
    );

    // Undone, and paired again as the program proposes it.
    click(&td, "#round-1 button.danger").await;
    until(
        &td,
        "round 1 undone",
        "!document.getElementById('round-1') && document.getElementById('pair')",
    )
    .await;
    let ev = rig.api(&td, "GET", "/api/events/cup", Value::Null).await;
    assert_eq!(ev["rounds"], json!([]), "{ev}");
    click(&td, "#pair").await;
    until(
        &td,
        "round 1 again",
        "document.querySelectorAll('#round-1 tbody tr').length === 3",
    )
    .await;
    let round1 = rows(&td, "#round-1").await;
    assert_eq!(games(&round1), proposed, "the program's pairing, not the edited one");

    // The results of round 1, board by board.
    for (board, result) in [(1, "B+R"), (2, "W+R"), (3, "B+2.5")] {
        fill(&td, ".result-input", result).await;
        click(&td, ".result-input + button").await;
        until(
            &td,
            "the result entered",
            &format!(
                "(() => {{ const r = document.querySelector('#round-1 tbody tr:nth-child({board})'); \
                   return r && r.children[3].textContent === '{result}'; }})()"
            ),
        )
        .await;
    }

    // A player withdraws (Art. 28, Swiss): the result stands, the standings mark them, and
    // the next pairing leaves them out.
    let gone = round1[1][1].clone();
    let withdraw = td
        .execute(
            "const r = [...document.querySelectorAll('#players tbody tr')].find((r) => r.children[0].textContent === arguments[0]); \
             r.querySelector('button').id = 'withdraw-me'; return true;",
            vec![json!(gone)],
        )
        .await
        .unwrap();
    assert_eq!(withdraw, json!(true));
    click(&td, "#withdraw-me").await;
    until(
        &td,
        "the withdrawal",
        &format!(
            "[...document.querySelectorAll('#players tbody tr')].some((r) => r.children[0].textContent === '{gone}' \
               && r.children[5].textContent === 'withdrawn' && !r.querySelector('button'))"
        ),
    )
    .await;
    let standing = rows(&td, "#standings").await;
    let mine = standing
        .iter()
        .find(|r| r[1].starts_with(&gone))
        .unwrap_or_else(|| panic!("{gone} not in {standing:?}"));
    assert_eq!(mine[1], format!("{gone} (withdrawn)"), "{standing:?}");
    assert_eq!(mine[2], "0", "a loss in round 1 stands: {standing:?}");
    assert_eq!(standing.len(), 6);
    click(&td, "#propose").await;
    until(
        &td,
        "the proposal of round 2",
        "document.querySelectorAll('#proposal-form .prop-white').length === 2",
    )
    .await;
    let options = td
        .execute(
            "return [...document.querySelectorAll('#proposal-form option')].map((o) => o.value).concat(document.getElementById('prop-byes').value);",
            vec![],
        )
        .await
        .unwrap();
    assert!(
        !options.to_string().contains(&gone),
        "{gone} is still offered: {options}"
    );
    click(&td, "#pair-amended").await;
    until(
        &td,
        "round 2",
        "document.querySelectorAll('#round-2 tbody tr').length === 2",
    )
    .await;
    let round2 = rows(&td, "#round-2").await;
    assert!(
        round2.iter().all(|r| r[1] != gone && r[2] != gone),
        "{gone} paired in {round2:?}"
    );
    let byes = td
        .execute("return document.querySelector('#round-2 p').textContent", vec![])
        .await
        .unwrap();
    assert!(byes.as_str().unwrap().starts_with("Byes: "), "{byes}");
    full_shot(&td, "director-03-event-after-withdrawal").await;

    // The page as printed: the navigation, the forms and every button are left out.
    print_media(&td, true).await;
    let shown = td
        .execute(
            "return [...document.querySelectorAll('header.top, form, button, #officials')] \
               .filter((e) => e.getClientRects().length > 0).map((e) => e.outerHTML.slice(0, 60));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(shown, json!([]), "printed");
    full_shot(&td, "director-04-event-printed").await;
    print_media(&td, false).await;

    // The print views, from the page's links, in English and then in Chinese.
    let names = registered(&rig, &td).await;
    for lang in ["en", "zh"] {
        if lang == "zh" {
            td.goto(&format!("{}/events/cup?lang=zh", rig.base)).await.unwrap();
            until(&td, "the page in Chinese", "document.getElementById('csv-file')").await;
            // Regression: the system and the tie-breaks were in English on the Chinese page,
            // and the withdrawn player's mark and the byes' separator were English.
            let zh = td
                .execute(
                    "return [document.getElementById('event-summary').textContent, \
                             document.querySelector('#standings thead').textContent, \
                             [...document.querySelectorAll('#standings tbody td')].map((d) => d.textContent).join('|'), \
                             document.querySelector('#round-2 p.byes').textContent];",
                    vec![],
                )
                .await
                .unwrap();
            assert!(zh[0].as_str().unwrap().starts_with("积分编排制（瑞士制），"), "{zh}");
            assert!(
                zh[1].as_str().unwrap().ends_with("积分胜/负/和对手分警告少者抽签"),
                "{zh}"
            );
            assert!(zh[2].as_str().unwrap().contains(&format!("{gone}（已退赛）")), "{zh}");
            assert!(zh[3].as_str().unwrap().starts_with("轮空："), "{zh}");
        }
        let href = follow(&rig, &td, "a[href*='/print/crosstable']").await;
        assert!(href.ends_with(&format!("?lang={lang}")), "{href}");
        print_media(&td, true).await;
        let page = td
            .execute(
                "return { lang: document.documentElement.lang, h1: document.querySelector('h1').textContent, \
                          head: [...document.querySelectorAll('thead th')].map((t) => t.textContent), \
                          rows: [...document.querySelectorAll('tbody tr')].map((r) => [...r.children].map((d) => d.textContent)), \
                          wide: document.documentElement.scrollWidth > document.documentElement.clientWidth };",
                vec![],
            )
            .await
            .unwrap();
        let (title, r1, r2) = if lang == "en" {
            ("cup open — Crosstable", "R1", "R2")
        } else {
            ("cup open — 成绩表", "第1轮", "第2轮")
        };
        assert_eq!(page["h1"], json!(title), "{page}");
        assert_eq!(page["lang"], json!(if lang == "en" { "en" } else { "zh-CN" }));
        let head: Vec<String> = serde_json::from_value(page["head"].clone()).unwrap();
        assert!(
            head.contains(&r1.to_string()) && head.contains(&r2.to_string()),
            "{head:?}"
        );
        let table: Vec<Vec<String>> = serde_json::from_value(page["rows"].clone()).unwrap();
        // Art. 28: every player, the withdrawn one too, marked so.
        let mark = if lang == "en" { " (withdrawn)" } else { "（退赛）" };
        let mut in_table: Vec<String> = table.iter().map(|r| r[1].trim_end_matches(mark).to_string()).collect();
        in_table.sort();
        let mut all = names.clone();
        all.sort();
        assert_eq!(in_table, all, "every player, the withdrawn one too");
        let marked: Vec<&String> = table.iter().map(|r| &r[1]).filter(|n| n.ends_with(mark)).collect();
        assert_eq!(marked, vec![&format!("{gone}{mark}")], "{table:?}");
        // The tie-breaks by their names in the page's language.
        let (sos, lots) = if lang == "en" {
            ("SOS", "Lots")
        } else {
            ("对手分", "抽签")
        };
        assert!(
            head.contains(&sos.to_string()) && head.contains(&lots.to_string()),
            "{head:?}"
        );
        // The withdrawn player's round 1 stands (a loss as Black) and round 2 is empty.
        let row = table.iter().find(|r| r[1] == format!("{gone}{mark}")).unwrap();
        let col = |name: &str| head.iter().position(|h| h == name).unwrap();
        assert!(row[col(r1)].ends_with("-/b"), "{row:?}");
        assert_eq!(row[col(r2)], "", "{row:?}");
        assert_eq!(page["wide"], json!(false), "the crosstable is wider than the page");
        full_shot(&td, &format!("director-05-crosstable-{lang}")).await;
        print_media(&td, false).await;

        td.back().await.unwrap();
        until(&td, "the event page", "document.getElementById('round-2')").await;
        let href = follow(&rig, &td, "#round-2 a[href*='/print/pairings/2']").await;
        assert!(href.ends_with(&format!("?lang={lang}")), "{href}");
        print_media(&td, true).await;
        let sheet = td
            .execute(
                "return { h1: document.querySelector('h1').textContent, \
                          rows: [...document.querySelectorAll('tbody tr')].map((r) => [...r.children].map((d) => d.textContent)), \
                          bye: (document.querySelector('body > p') || {}).textContent };",
                vec![],
            )
            .await
            .unwrap();
        let sheet_rows: Vec<Vec<String>> = serde_json::from_value(sheet["rows"].clone()).unwrap();
        let on_sheet: Vec<(String, String)> = sheet_rows.iter().map(|r| (r[1].clone(), r[4].clone())).collect();
        assert_eq!(on_sheet, games(&round2), "{sheet}");
        let (title, bye) = if lang == "en" {
            ("cup open — Round 2 pairings", "Bye: ")
        } else {
            ("cup open — 第2轮对阵表", "轮空：")
        };
        assert_eq!(sheet["h1"], json!(title));
        assert!(sheet["bye"].as_str().unwrap_or("").starts_with(bye), "{sheet}");
        full_shot(&td, &format!("director-06-pairings-{lang}")).await;
        print_media(&td, false).await;
    }
    td.close().await.unwrap();
}
