//! Printable HTML: the crosstable (成绩表) and a round's pairing sheet (对阵表), in Chinese
//! or English, as directors post them on the wall. One self-contained page each, with print
//! CSS (A4, no page break inside a row, the header repeated on every page).
//!
//! [`tie_break_name`] is the one table of the tie-breaks' names in both languages: the
//! crosstable's columns here, and the standings the server gives the web pages.

use crate::shown::{Shown, ShownRow};
use rules::Color;
use rules::Lang;
use tournament::{Event, Outcome, PlayerId, TieBreak};

const STYLE: &str = "<style>
body { font-family: \"Noto Sans CJK SC\", \"Source Han Sans SC\", \"Microsoft YaHei\", sans-serif; margin: 1em; }
h1 { font-size: 1.4em; margin: 0 0 .3em; }
p.sub { margin: 0 0 1em; color: #444; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #000; padding: .2em .4em; text-align: center; }
td.name { text-align: left; white-space: nowrap; }
.withdrawn { font-size: .85em; color: #444; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; }
@media print {
  @page { size: A4; margin: 12mm; }
  body { margin: 0; font-size: 10pt; }
}
</style>";

/// `s` as HTML text or an attribute's value.
pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn page(lang: Lang, title: &str, body: &str) -> String {
    let code = if lang == Lang::Zh { "zh-CN" } else { "en" };
    format!(
        "<!DOCTYPE html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n{STYLE}\n</head>\n<body>\n{body}</body>\n</html>\n",
        esc(title)
    )
}

/// `en` or `zh`, as `lang` reads.
pub(crate) fn t(lang: Lang, en: &'static str, zh: &'static str) -> &'static str {
    if lang == Lang::Zh { zh } else { en }
}

/// The head of the columns a standings table opens with: place, name, rank, club (the
/// crosstable's and the ranking's, on a page, a printed form or a spreadsheet).
pub(crate) fn player_head(lang: Lang) -> Vec<String> {
    [
        t(lang, "Place", "名次"),
        t(lang, "Name", "姓名"),
        t(lang, "Rank", "段位"),
        t(lang, "Club", "单位"),
    ]
    .map(String::from)
    .to_vec()
}

/// A standings row's cells under [`player_head`]: the place, the name (marked when the
/// player withdrew, Art. 28), the rank, the club.
pub(crate) fn player_cells(ev: &Event, row: &ShownRow, lang: Lang) -> Vec<String> {
    let p = ev.player(row.player);
    let mut name = p.name.clone();
    if row.withdrawn {
        name += t(lang, " (withdrawn)", "（退赛）");
    }
    vec![
        row.place.to_string(),
        name,
        p.rank.to_string(),
        p.club.clone().unwrap_or_default(),
    ]
}

/// The name of a tie-break criterion (Art. 27) as a person reads it, in `lang`.
pub fn tie_break_name(tb: TieBreak, lang: Lang) -> &'static str {
    match tb {
        TieBreak::Points => t(lang, "Points", "积分"),
        TieBreak::McMahonScore => t(lang, "McMahon score", "麦克马洪分"),
        TieBreak::Sos => t(lang, "SOS", "对手分"),
        TieBreak::Sodos => t(lang, "SODOS", "胜者小分"),
        TieBreak::Sosos => t(lang, "SOSOS", "对手的对手分"),
        TieBreak::Cumulative => t(lang, "Cumulative", "累进分"),
        TieBreak::DirectEncounter => t(lang, "Direct encounter", "直胜"),
        TieBreak::FewerWarnings => t(lang, "Fewer warnings", "警告少者"),
        TieBreak::TotalScore => t(lang, "Total score", "总得分"),
        TieBreak::Elimination => t(lang, "Stage reached", "淘汰阶段"),
        TieBreak::Lots => t(lang, "Lots", "抽签"),
        TieBreak::Category => t(lang, "Category", "组别"),
    }
}

/// The crosstable: players in standings order, a withdrawn player marked so (Art. 28: the
/// results stand, the player stays in the table); for each round the opponent's place, the
/// result (`+` won, `-` lost, `=` drawn, `0` no result) and the color (`b`/`w`), a bye as
/// `+` (or `=`, `-` by its value); then points and the tie-break chain.
pub fn crosstable(ev: &Event, lang: Lang) -> String {
    crosstable_of(ev, &Shown::weiqi(ev), lang)
}

/// [`crosstable`] of the standings `st` (OpenGotha's placement of an imported event: its
/// order, its places, its criteria, and no weiqi points beside its own score).
pub fn crosstable_of(ev: &Event, st: &Shown, lang: Lang) -> String {
    let title = format!("{} — {}", ev.name(), t(lang, "Crosstable", "成绩表"));
    let mut b = format!("<h1>{}</h1>\n", esc(&title));
    b += &format!(
        "<p class=\"sub\">{}</p>\n",
        if lang == Lang::Zh {
            format!("截至第{}轮", st.after_round)
        } else {
            format!("After round {}", st.after_round)
        }
    );
    b += "<table>\n<thead><tr>";
    // Every criterion of the chain gets a column, except points, which have their own. The
    // chain need not start with points: McMahon starts with the McMahon score, a knockout
    // with the stage reached, a director's chain anywhere.
    let (head, rows) = cells(ev, st, lang, true);
    for h in &head {
        b += &format!("<th>{}</th>", esc(h));
    }
    b += "</tr></thead>\n<tbody>\n";
    for (row, cells) in st.rows.iter().zip(rows) {
        b += "<tr>";
        for (k, c) in cells.iter().enumerate() {
            b += &match k {
                // Art. 28: a withdrawn player's games stand; the table says they withdrew.
                1 if row.withdrawn => format!(
                    "<td class=\"name\">{}<span class=\"withdrawn\">{}</span></td>",
                    esc(&ev.player(row.player).name),
                    t(lang, " (withdrawn)", "（退赛）")
                ),
                1 | 3 => format!("<td class=\"name\">{}</td>", esc(c)),
                _ => format!("<td>{}</td>", esc(c)),
            };
        }
        b += "</tr>\n";
    }
    b += "</tbody>\n</table>\n";
    page(lang, &title, &b)
}

/// The crosstable as plain cells (a spreadsheet's): the header, then one row per player in
/// standings order, as [`crosstable`] prints them (lots left out: a draw is no figure).
pub fn crosstable_cells(ev: &Event, lang: Lang) -> (Vec<String>, Vec<Vec<String>>) {
    crosstable_cells_of(ev, &Shown::weiqi(ev), lang)
}

/// [`crosstable_cells`] of the standings `st`.
pub fn crosstable_cells_of(ev: &Event, st: &Shown, lang: Lang) -> (Vec<String>, Vec<Vec<String>>) {
    cells(ev, st, lang, false)
}

/// The crosstable's head and rows: place, name (marked if withdrawn), rank, club, a cell per
/// round, weiqi's points (not beside OpenGotha's own score), then the criteria (`lots`: weiqi's
/// lots too).
fn cells(ev: &Event, st: &Shown, lang: Lang, lots: bool) -> (Vec<String>, Vec<Vec<String>>) {
    let place_of = st.place_of(ev.players().len());
    let mut head = player_head(lang);
    for r in ev.rounds() {
        head.push(if lang == Lang::Zh {
            format!("第{}轮", r.number)
        } else {
            format!("R{}", r.number)
        });
    }
    let points = !st.is_opengotha();
    if points {
        head.push(t(lang, "Points", "积分").into());
    }
    let shown = st.columns(lots);
    head.extend(shown.iter().map(|&i| st.name(i, lang)));
    let rows = st
        .rows
        .iter()
        .map(|row| {
            let mut cells = player_cells(ev, row, lang);
            cells.extend(ev.rounds().iter().map(|r| cell(ev, r, row.player, &place_of)));
            if points {
                cells.push(row.stats.points.to_string());
            }
            cells.extend(shown.iter().map(|&i| row.values.get(i).cloned().unwrap_or_default()));
            cells
        })
        .collect();
    (head, rows)
}

fn cell(ev: &Event, r: &tournament::Round, p: PlayerId, place_of: &[u32]) -> String {
    if r.byes.contains(&p) {
        return match ev.settings().bye.points() {
            2 => "0+".into(),
            1 => "0=".into(),
            _ => "0-".into(),
        };
    }
    let Some(g) = r.games.iter().find(|g| g.color_of(p).is_some()) else {
        return String::new();
    };
    let c = g.color_of(p).expect("found");
    let opp = place_of[g.player(c.opponent()).0];
    let mark = match g.result.map(|x| x.outcome(c)) {
        None => "?",
        Some(Outcome::Win) => "+",
        Some(Outcome::Loss) => "-",
        Some(Outcome::Draw) => "=",
        Some(Outcome::Nothing) => "0",
    };
    let col = if c == Color::Black { "b" } else { "w" };
    format!("{opp}{mark}/{col}")
}

/// The pairing sheet of a round: board, Black, White (with rank and club), the result if
/// known, and the byes.
pub fn pairing_sheet(ev: &Event, round: u32, lang: Lang) -> Option<String> {
    let r = ev.rounds().iter().find(|r| r.number == round)?;
    let title = if lang == Lang::Zh {
        format!("{} — 第{}轮对阵表", ev.name(), round)
    } else {
        format!("{} — Round {} pairings", ev.name(), round)
    };
    let mut b = format!("<h1>{}</h1>\n<table>\n<thead><tr>", esc(&title));
    for h in [
        t(lang, "Board", "台次"),
        t(lang, "Black", "黑方"),
        t(lang, "Rank", "段位"),
        t(lang, "Club", "单位"),
        t(lang, "White", "白方"),
        t(lang, "Rank", "段位"),
        t(lang, "Club", "单位"),
        t(lang, "Result", "结果"),
    ] {
        b += &format!("<th>{h}</th>");
    }
    b += "</tr></thead>\n<tbody>\n";
    for g in &r.games {
        let (bl, wh) = (ev.player(g.black), ev.player(g.white));
        b += &format!(
            "<tr><td>{}</td><td class=\"name\">{}</td><td>{}</td><td class=\"name\">{}</td><td class=\"name\">{}</td><td>{}</td><td class=\"name\">{}</td><td>{}</td></tr>\n",
            g.board,
            esc(&bl.name),
            bl.rank,
            esc(bl.club.as_deref().unwrap_or("")),
            esc(&wh.name),
            wh.rank,
            esc(wh.club.as_deref().unwrap_or("")),
            g.result.map(|x| esc(&x.to_string())).unwrap_or_default()
        );
    }
    b += "</tbody>\n</table>\n";
    if !r.byes.is_empty() {
        let names: Vec<String> = r.byes.iter().map(|p| esc(&ev.player(*p).name)).collect();
        b += &format!(
            "<p>{}</p>\n",
            if lang == Lang::Zh {
                format!("轮空：{}", names.join("、"))
            } else {
                format!("Bye: {}", names.join(", "))
            }
        );
    }
    Some(page(lang, &title, &b))
}
