//! The printable crosstable and pairing sheet.

use formats::html;
use rules::Lang;

#[test]
fn crosstable_and_pairing_sheet_in_both_languages() {
    let ev = crate::csv::small_event();
    let zh = html::crosstable(&ev, Lang::Zh);
    assert!(zh.starts_with("<!DOCTYPE html>\n<html lang=\"zh-CN\">"));
    // Regression: "截至第 1轮" had a stray space, and the tie-breaks were in English.
    assert!(zh.contains("<p class=\"sub\">截至第1轮</p>"), "{zh}");
    assert!(zh.contains("<th>对手分</th><th>警告少者</th><th>抽签</th>"), "{zh}");
    assert!(zh.contains("@media print"));
    assert!(zh.contains("<title>春季赛 — 成绩表</title>"));
    assert!(zh.contains("<th>第1轮</th>"));
    let en = html::crosstable(&ev, Lang::En);
    assert!(en.contains("<th>R1</th>") && en.contains("<th>Points</th>"));
    // Each row's round-1 cell: the opponent's place, the result and the color.
    let st = ev.standings();
    let place = |p: tournament::PlayerId| st.rows.iter().find(|r| r.player == p).unwrap().place;
    for g in &ev.rounds()[0].games {
        assert!(en.contains(&format!("<td>{}+/b</td>", place(g.white))));
        assert!(en.contains(&format!("<td>{}-/w</td>", place(g.black))));
    }
    assert!(en.contains("<td>0+</td>"), "the bye");
    let sheet = html::pairing_sheet(&ev, 1, Lang::Zh).unwrap();
    assert!(sheet.contains("第1轮对阵表") && sheet.contains("<th>黑方</th>") && sheet.contains("<p>轮空："));
    assert!(html::pairing_sheet(&ev, 9, Lang::En).is_none());
    // Names are escaped.
    let mut ev2 = tournament::Event::new("<A&B>", tournament::System::Swiss, 1, Default::default()).unwrap();
    ev2.add_player(tournament::Player::new("x<y", "1d".parse().unwrap()))
        .unwrap();
    let page = html::crosstable(&ev2, Lang::En);
    assert!(page.contains("&lt;A&amp;B&gt;") && page.contains("x&lt;y") && !page.contains("x<y"));
}

/// The crosstable's header cells and each row's cells, as text.
fn table_cells(page: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let cells = |row: &str, tag: &str| -> Vec<String> {
        row.split(&format!("<{tag}"))
            .skip(1)
            .map(|c| {
                let c = &c[c.find('>').unwrap() + 1..];
                c[..c.find(&format!("</{tag}>")).unwrap()].to_string()
            })
            .collect()
    };
    let head = &page[page.find("<thead><tr>").unwrap() + "<thead><tr>".len()..page.find("</thead>").unwrap()];
    let body = &page[page.find("<tbody>").unwrap()..page.find("</tbody>").unwrap()];
    let rows = body
        .split("</tr>")
        .filter(|r| r.contains("<td"))
        .map(|r| cells(r, "td"))
        .collect();
    (cells(head, "th"), rows)
}

/// Regression: the crosstable skipped the first criterion of the tie-break chain, taking it
/// for the points already in the Points column; McMahon (which starts with the McMahon
/// score) and knockout (the stage reached) lost their first column. Now every criterion but
/// points has its column, with the standings' values, under every system and for a chain
/// where points are not first.
#[test]
fn crosstable_shows_every_criterion_of_the_chain_but_points_under_every_system() {
    use tournament::{Event, Player, Settings, System, TieBreak};
    let systems = [
        (System::Swiss, None),
        (
            System::McMahon {
                bar: "3d".parse().unwrap(),
                floor: "10k".parse().unwrap(),
            },
            None,
        ),
        (System::RoundRobin { cycles: 1 }, None),
        (
            System::Knockout {
                lives: 1,
                best_of: 1,
                grand_final_reset: false,
            },
            None,
        ),
        (System::SwissElimination { losses: 2 }, None),
        (
            System::Swiss,
            Some(vec![TieBreak::Sos, TieBreak::Points, TieBreak::Lots]),
        ),
    ];
    for (system, chain) in systems {
        let settings = Settings {
            tie_breaks: chain.unwrap_or_default(),
            ..Settings::default()
        };
        let mut ev = Event::new("E", system, 3, settings).unwrap();
        for (name, rank) in [("A", "4d"), ("B", "3d"), ("C", "1k"), ("D", "5k")] {
            ev.add_player(Player::new(name, rank.parse().unwrap())).unwrap();
        }
        let n = ev.pair_next().unwrap().games.len() as u32;
        for board in 1..=n {
            ev.set_result(1, board, "B+R".parse().unwrap()).unwrap();
        }
        let st = ev.standings();
        let (head, rows) = table_cells(&html::crosstable(&ev, Lang::En));
        let after_points: Vec<&str> = head
            .iter()
            .skip_while(|h| *h != "Points")
            .skip(1)
            .map(String::as_str)
            .collect();
        let want: Vec<&str> = st
            .chain
            .iter()
            .filter(|c| **c != TieBreak::Points)
            .map(|&c| html::tie_break_name(c, Lang::En))
            .collect();
        assert_eq!(after_points, want, "{system:?}: the chain {:?}", st.chain);
        assert_eq!(rows.len(), st.rows.len());
        for (cells, row) in rows.iter().zip(&st.rows) {
            assert_eq!(cells.len(), head.len(), "{system:?}");
            let values: Vec<String> = st
                .chain
                .iter()
                .zip(&row.values)
                .filter(|(c, _)| **c != TieBreak::Points)
                .map(|(_, v)| v.to_string())
                .collect();
            assert_eq!(cells[cells.len() - values.len()..], values[..], "{system:?}");
        }
    }
}

/// Regression: the printed crosstable did not say that a player had withdrawn (Art. 28: the
/// results stand and the player stays in the table, marked).
#[test]
fn the_crosstable_marks_a_withdrawn_player_art_28() {
    let mut ev = crate::csv::small_event();
    let name = ev.players()[0].name.clone();
    ev.withdraw(tournament::PlayerId(0)).unwrap();
    for (lang, mark) in [(Lang::Zh, "（退赛）"), (Lang::En, "(withdrawn)")] {
        let (_, rows) = table_cells(&html::crosstable(&ev, lang));
        let marked: Vec<&String> = rows.iter().map(|r| &r[1]).filter(|n| n.contains(mark)).collect();
        assert_eq!(marked.len(), 1, "{lang:?}: {rows:?}");
        assert!(marked[0].starts_with(&name), "{marked:?}");
    }
}
