//! The printable crosstable and pairing sheet.

use formats::csv_io::Lang;
use formats::html;

#[test]
fn crosstable_and_pairing_sheet_in_both_languages() {
    let ev = crate::csv::small_event();
    let zh = html::crosstable(&ev, Lang::Zh);
    assert!(zh.starts_with("<!DOCTYPE html>\n<html lang=\"zh-CN\">"));
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
    assert!(sheet.contains("第1轮对阵表") && sheet.contains("<th>黑方</th>") && sheet.contains("轮空: "));
    assert!(html::pairing_sheet(&ev, 9, Lang::En).is_none());
    // Names are escaped.
    let mut ev2 = tournament::Event::new("<A&B>", tournament::System::Swiss, 1, Default::default()).unwrap();
    ev2.add_player(tournament::Player::new("x<y", "1d".parse().unwrap()))
        .unwrap();
    let page = html::crosstable(&ev2, Lang::En);
    assert!(page.contains("&lt;A&amp;B&gt;") && page.contains("x&lt;y") && !page.contains("x<y"));
}
