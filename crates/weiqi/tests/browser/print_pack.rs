//! The print pack on paper: every form (对阵表, 记分单, 个人成绩表, 名次表, 姓名签, 成绩公告,
//! and a team event's 团体成绩表 and 团体名次表), in Chinese and English, printed to PDF by
//! Chromium's own print-to-PDF (DevTools `Page.printToPDF`, the page's CSS page size). Each PDF
//! must have one A4 page per sheet of the form, and no sheet's content may be wider or taller
//! than the sheet (what does not fit would be cut off on paper), nor any cell's text wider
//! than its cell (it would run over the table's rules). The PDFs are kept in
//! `target/web-artefacts/print/`.
//!
//! The individual forms come from the server's route the event page links to
//! (`/api/events/{id}/print/form/{name}`); the team forms, which the pages do not show, from
//! `weiqi event export --to html --form`, opened as files.

use crate::kit::{base64, cdp};
use crate::support::{Rig, artefacts, until};
use fantoccini::Client;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `weiqi event ARGS` on the rig's database.
fn weiqi(db: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .env_remove("WEIQI_DB")
        .env_remove("WEIQI_DATABASE_URL")
        .arg("event")
        .args(args)
        .arg("--db")
        .arg(db)
        .output()
        .expect("weiqi runs");
    assert!(
        out.status.success(),
        "weiqi event {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The sheets of the page and, for each, whether its content overflows it (sideways or
/// down), naming what sticks out.
const SHEETS: &str = "return [...document.querySelectorAll('section.sheet')].map((s, i) => {
    const r = s.getBoundingClientRect();
    const out = [...s.querySelectorAll('*')].filter((e) => {
      const b = e.getBoundingClientRect();
      return b.width > 0 && (b.right > r.right + 0.5 || b.bottom > r.bottom + 0.5 || b.left < r.left - 0.5);
    }).slice(0, 3).map((e) => e.tagName.toLowerCase() + ' ' + (e.textContent || '').slice(0, 30));
    // A cell whose text is wider than the cell runs over its rules (a cell of fixed width
    // does not grow with what it holds).
    const cells = [...s.querySelectorAll('td, th')].filter((e) => e.scrollWidth > e.clientWidth + 1)
      .slice(0, 3).map((e) => e.tagName.toLowerCase() + ' ' + (e.textContent || '').slice(0, 30) + ` (${e.scrollWidth} > ${e.clientWidth} px)`);
    const over = s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1;
    return { i, w: r.width, h: r.height, over: over || out.length > 0 || cells.length > 0, what: out.concat(cells) };
  });";

/// The number of page objects of a PDF, and every MediaBox it gives (width, height in
/// points): Chromium writes one per page.
pub(crate) fn pdf_pages(pdf: &[u8]) -> (usize, Vec<(f64, f64)>) {
    let text = String::from_utf8_lossy(pdf);
    let pages = text
        .match_indices("/Type /Page")
        .filter(|(i, m)| !text[i + m.len()..].starts_with('s'))
        .count();
    let boxes = text
        .split("/MediaBox")
        .skip(1)
        .filter_map(|m| {
            let inner = m.split('[').nth(1)?.split(']').next()?;
            let n: Vec<f64> = inner.split_whitespace().filter_map(|x| x.parse().ok()).collect();
            (n.len() == 4).then(|| (n[2] - n[0], n[3] - n[1]))
        })
        .collect();
    (pages, boxes)
}

fn out_dir() -> PathBuf {
    let d = artefacts().join("print");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Prints the page open in `c` to `NAME.pdf`, checks it sheet by sheet, and returns the pages.
async fn print_and_check(c: &Client, name: &str, min_sheets: usize) -> usize {
    until(
        c,
        &format!("{name}: the sheets"),
        "document.querySelectorAll('section.sheet').length > 0",
    )
    .await;
    let sheets = c.execute(SHEETS, vec![]).await.expect("the sheets are measured");
    let sheets = sheets.as_array().expect("a list of sheets").clone();
    assert!(
        sheets.len() >= min_sheets,
        "{name}: {} sheets, expected at least {min_sheets}",
        sheets.len()
    );
    for s in &sheets {
        assert_eq!(
            s["over"],
            Value::Bool(false),
            "{name}: sheet {} does not fit: {}",
            s["i"],
            s["what"]
        );
        // 210 × 297 mm at 96 px per inch.
        let (w, h) = (s["w"].as_f64().unwrap(), s["h"].as_f64().unwrap());
        assert!(
            (w - 793.7).abs() < 1.0 && (h - 1122.5).abs() < 1.0,
            "{name}: a sheet of {w} × {h} px"
        );
    }
    let r = cdp(
        c,
        "Page.printToPDF",
        json!({ "preferCSSPageSize": true, "printBackground": true, "displayHeaderFooter": false }),
    )
    .await;
    let pdf = base64(r["data"].as_str().expect("PDF data")).expect("base64");
    std::fs::write(out_dir().join(format!("{name}.pdf")), &pdf).unwrap();
    let (pages, boxes) = pdf_pages(&pdf);
    assert_eq!(
        pages,
        sheets.len(),
        "{name}: {pages} PDF pages for {} sheets",
        sheets.len()
    );
    assert!(!boxes.is_empty(), "{name}: no page size in the PDF");
    for (w, h) in boxes {
        // A4 is 595.28 × 841.89 pt; Chromium rounds to its pixel grid.
        assert!(
            (w - 595.3).abs() < 1.5 && (h - 841.9).abs() < 1.5,
            "{name}: a page of {w} × {h} pt"
        );
    }
    pages
}

/// Fifty-four players over three rounds, with ratings and a promotion rule: 27 boards a
/// round (a full pairing page), 9 pages of score sheets, two pages of crosstable.
fn individual_event(db: &Path, dir: &Path) {
    let fam = "张王李赵刘陈杨黄周吴徐孙马朱胡郭何高";
    let giv = "伟芳娜敏静丽强磊军";
    let clubs = [
        "北京棋院",
        "上海少儿围棋俱乐部",
        "杭州棋院",
        "成都队",
        "广州市棋类协会",
        "南京",
    ];
    let ranks = ["5d", "4d", "3d", "3d", "2d", "2d", "1d", "1d", "1k", "3k", "5k", "8k"];
    let mut csv = String::from("姓名,段位,单位,等级分\n");
    let mut list = String::from("name,rating,date\n");
    for i in 0..54 {
        let f = fam.chars().nth(i % 18).unwrap();
        let g = giv.chars().nth(i / 18 + (i % 3) * 3).unwrap();
        let name = format!("{f}{g}{}", if i % 4 == 0 { "明" } else { "" });
        let name = if i == 7 {
            "Alexandra Konstantinopoulou".to_string()
        } else {
            name
        };
        csv += &format!("{name},{},{},\n", ranks[i % ranks.len()], clubs[i % clubs.len()]);
        list += &format!("{name},{},2026-10-01\n", 1500 + (i * 37) % 1000);
    }
    std::fs::write(dir.join("reg.csv"), csv).unwrap();
    std::fs::write(dir.join("list.csv"), list).unwrap();
    let reg = dir.join("reg.csv");
    weiqi(
        db,
        &[
            "import",
            "--from",
            "csv",
            reg.to_str().unwrap(),
            "--id",
            "pack",
            "--name",
            "2026年省业余围棋段位赛",
            "--rounds",
            "5",
        ],
    );
    let l = dir.join("list.csv");
    weiqi(
        db,
        &[
            "ratings",
            "--event",
            "pack",
            "--system",
            "gor",
            "--as-of",
            "2026-11-30",
            "--list",
            l.to_str().unwrap(),
        ],
    );
    weiqi(
        db,
        &[
            "promotion",
            "--event",
            "pack",
            "--rule",
            "dan=4:15,3:20,2:25,1:30 kyu=75 min-games=2",
        ],
    );
    for round in 1..=3 {
        weiqi(db, &["pair", "--event", "pack"]);
        if round < 3 {
            for board in 1..=27 {
                let res = if board % 3 == 0 { "W+R" } else { "B+2.5" };
                weiqi(
                    db,
                    &[
                        "result",
                        "--event",
                        "pack",
                        "--round",
                        &round.to_string(),
                        "--board",
                        &board.to_string(),
                        "--result",
                        res,
                    ],
                );
            }
        }
    }
}

fn team_event(db: &Path) {
    weiqi(
        db,
        &[
            "team",
            "new",
            "--id",
            "league",
            "--system",
            "round-robin",
            "--kind",
            "fixed-order",
            "--boards",
            "4",
        ],
    );
    for t in ["北京队", "上海队", "杭州队", "成都队", "广州队", "深圳队"] {
        weiqi(db, &["team", "add", "--event", "league", "--team", t]);
        for i in 1..=4 {
            weiqi(
                db,
                &[
                    "team",
                    "player",
                    "--event",
                    "league",
                    "--team",
                    t,
                    "--name",
                    &format!("{t}{i}"),
                    "--rank",
                    "3d",
                ],
            );
        }
    }
    weiqi(db, &["team", "pair", "--event", "league"]);
    for table in 1..=3 {
        for board in 1..=4 {
            let res = if board == 4 { "W+R" } else { "B+R" };
            weiqi(
                db,
                &[
                    "team",
                    "result",
                    "--event",
                    "league",
                    "--round",
                    "1",
                    "--table",
                    &table.to_string(),
                    "--board",
                    &board.to_string(),
                    "--result",
                    res,
                ],
            );
        }
    }
    weiqi(db, &["team", "pair", "--event", "league"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_form_prints_as_a4_pages_that_hold_what_they_show() {
    let mut rig = Rig::start("print-pack").await;
    let db = rig.dir().join("weiqi.db");
    individual_event(&db, rig.dir());
    team_event(&db);
    let c = rig.browser("zh-CN").await;
    // (form, query, the sheets it must have at least)
    let forms: [(&str, &str, usize); 6] = [
        ("pairings", "&round=3", 1),
        ("scoresheets", "&round=3", 9),
        ("crosstable", "", 2),
        ("ranking", "", 3),
        ("namecards", "", 54),
        ("final", "", 1),
    ];
    for lang in ["zh", "en"] {
        for (form, q, min) in forms {
            c.goto(&format!(
                "{}/api/events/pack/print/form/{form}?lang={lang}{q}",
                rig.base
            ))
            .await
            .unwrap();
            let pages = print_and_check(&c, &format!("{form}-{lang}"), min).await;
            match form {
                // 27 boards: one page, the font sized to hold them.
                "pairings" => assert_eq!(pages, 1),
                // Three score sheets a page.
                "scoresheets" => assert_eq!(pages, 9),
                // One tent card per player.
                "namecards" => assert_eq!(pages, 54),
                // The ranking's two pages and the promotion list.
                "ranking" => assert_eq!(pages, 3),
                _ => {}
            }
        }
        for form in ["team-crosstable", "team-ranking"] {
            let file = rig.dir().join(format!("{form}-{lang}.html"));
            weiqi(
                &db,
                &[
                    "export",
                    "--event",
                    "league",
                    "--to",
                    "html",
                    "--form",
                    form,
                    "--lang",
                    lang,
                    "--out",
                    file.to_str().unwrap(),
                ],
            );
            c.goto(&format!("file://{}", file.display())).await.unwrap();
            assert_eq!(print_and_check(&c, &format!("{form}-{lang}"), 1).await, 1);
        }
    }
    // The event page links to each form.
    c.goto(&format!("{}/events/pack", rig.base)).await.unwrap();
    let links = until(
        &c,
        "the print pack's links",
        "(() => { const a = [...document.querySelectorAll('#print-pack a')].map((a) => a.dataset.form); return a.length ? a : null; })()",
    )
    .await;
    assert_eq!(
        links,
        json!(["pairings", "scoresheets", "crosstable", "ranking", "namecards", "final"])
    );
    // The page's standings show the ratings before, after and the change, and the promotion.
    let head = until(
        &c,
        "the standings with ratings",
        "(() => { const t = document.querySelector('#standings table'); return t ? [...t.querySelectorAll('th')].map((th) => th.textContent) : null; })()",
    )
    .await;
    let head: Vec<String> = serde_json::from_value(head).unwrap();
    assert!(
        head.ends_with(&[
            "赛前等级分".to_string(),
            "赛后等级分".into(),
            "变化".into(),
            "升段/升级".into()
        ]),
        "{head:?}"
    );
    let first = until(
        &c,
        "a rated standings row",
        "(() => { const r = document.querySelector('#standings tbody tr'); return r ? [...r.querySelectorAll('td')].map((td) => td.textContent) : null; })()",
    )
    .await;
    let first: Vec<String> = serde_json::from_value(first).unwrap();
    let n = first.len();
    let (before, after) = (
        first[n - 4].parse::<f64>().unwrap(),
        first[n - 3].parse::<f64>().unwrap(),
    );
    assert!(before > 0.0 && after > 0.0, "{first:?}");
    c.close().await.unwrap();
}
