//! The print pack: the forms a Chinese director prints around the games (编排 software's
//! forms), in Chinese or English, each page an A4 sheet.
//!
//! - [`Form::Pairings`] 对阵表: a round's boards, the font sized to the boards on the page
//!   (up to 27 a page; more are spread evenly over as many pages as needed, 19–27 a page);
//! - [`Form::ScoreSheets`] 记分单: one per board, three to a page with cut lines: 台次, and
//!   for both players 序号, 姓名, 先后, 成绩, 用时, 犯规, 备注, then the signature lines of both
//!   players and the referee;
//! - [`Form::Crosstable`] 个人成绩表 and [`Form::Ranking`] 名次表 (with the ratings before,
//!   after and the change, and the promotions, when the event has them);
//! - [`team_form`]: [`TeamForm::Crosstable`] 团体成绩表 and [`TeamForm::Ranking`] 团体名次表;
//! - [`Form::NameCards`] 姓名签: a tent card per player, the name upright on the lower half
//!   and upside down on the upper, so it reads from both sides once folded;
//! - [`Form::Final`] 成绩公告: the final result, the first sixteen places and the promotions,
//!   with the chief referee's signature and date lines.
//!
//! Every page is a `section.sheet` of exactly 210 × 297 mm under `@page { size: A4; margin:
//! 0 }`, so one sheet prints as one page and nothing may spill: the rows a page holds are
//! decided here, not by the browser. A page that overflowed would show in the browser test
//! (crates/weiqi/tests/browser/print_pack.rs), which prints every form with Chromium and
//! checks that the PDF has one A4 page per sheet and that no sheet's content is taller than
//! the sheet.

use crate::html::{esc, t};
use crate::ratings::Extras;
use crate::shown::Shown;
use rules::Lang;
use std::fmt;
use std::str::FromStr;
use teams::TeamEvent;
use tournament::Event;

/// A form of an individual event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// 对阵表: a round's pairing announcement.
    Pairings,
    /// 记分单: a round's score sheets, one per board.
    ScoreSheets,
    /// 个人成绩表: the crosstable.
    Crosstable,
    /// 名次表: the ranking, with ratings and promotions.
    Ranking,
    /// 姓名签: name cards.
    NameCards,
    /// 成绩公告: the final result with the chief referee's line.
    Final,
}

/// A form of a team event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamForm {
    /// 团体成绩表: each team's matches round by round.
    Crosstable,
    /// 团体名次表: the team ranking.
    Ranking,
}

/// The forms' names, as `--form` takes them: the individual forms, then the team forms.
pub const FORM_NAMES: [&str; 8] = [
    "pairings",
    "scoresheets",
    "crosstable",
    "ranking",
    "namecards",
    "final",
    "team-crosstable",
    "team-ranking",
];

/// A form name that is not one of [`FORM_NAMES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownForm(pub String);

impl fmt::Display for UnknownForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown form {:?}: one of {}", self.0, FORM_NAMES.join(", "))
    }
}

impl std::error::Error for UnknownForm {}

impl FromStr for Form {
    type Err = UnknownForm;

    fn from_str(s: &str) -> Result<Form, UnknownForm> {
        Ok(match s {
            "pairings" | "对阵表" => Form::Pairings,
            "scoresheets" | "记分单" => Form::ScoreSheets,
            "crosstable" | "个人成绩表" => Form::Crosstable,
            "ranking" | "名次表" => Form::Ranking,
            "namecards" | "姓名签" => Form::NameCards,
            "final" | "成绩公告" => Form::Final,
            _ => return Err(UnknownForm(s.to_string())),
        })
    }
}

impl FromStr for TeamForm {
    type Err = UnknownForm;

    fn from_str(s: &str) -> Result<TeamForm, UnknownForm> {
        Ok(match s {
            "team-crosstable" | "团体成绩表" => TeamForm::Crosstable,
            "team-ranking" | "团体名次表" => TeamForm::Ranking,
            _ => return Err(UnknownForm(s.to_string())),
        })
    }
}

/// Why a form cannot be printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormError {
    /// The event has no such round (or none paired yet).
    NoRound(u32),
}

impl fmt::Display for FormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormError::NoRound(0) => write!(f, "the event has no round paired yet"),
            FormError::NoRound(n) => write!(f, "the event has no round {n}"),
        }
    }
}

impl std::error::Error for FormError {}

/// The most boards a pairing page holds.
pub const PAIRINGS_PER_PAGE: usize = 27;
/// Score sheets to a page.
pub const SCORESHEETS_PER_PAGE: usize = 3;
/// Rows of a crosstable or ranking page.
pub const ROWS_PER_PAGE: usize = 32;
/// Places on the final result.
pub const FINAL_PLACES: usize = 16;

/// The form `form` of `ev`, one A4 sheet per page. `round` is the round of the pairings and
/// score sheets (default: the last paired); `extras` the ratings and promotions the ranking
/// and final result show.
pub fn form(ev: &Event, form: Form, round: Option<u32>, lang: Lang, extras: &Extras) -> Result<String, FormError> {
    form_of(ev, &Shown::weiqi(ev), form, round, lang, extras)
}

/// [`form`] with the standings `st` in the crosstable, the ranking and the final result
/// (OpenGotha's placement of an imported event: its order, its places, its criteria).
pub fn form_of(
    ev: &Event,
    st: &Shown,
    form: Form,
    round: Option<u32>,
    lang: Lang,
    extras: &Extras,
) -> Result<String, FormError> {
    let round_of = || {
        let n = round.unwrap_or(ev.rounds().len() as u32);
        ev.rounds().iter().find(|r| r.number == n).ok_or(FormError::NoRound(n))
    };
    Ok(match form {
        Form::Pairings => pairings(ev, round_of()?, lang),
        Form::ScoreSheets => score_sheets(ev, round_of()?, lang),
        Form::Crosstable => crosstable(ev, st, lang),
        Form::Ranking => ranking(ev, st, lang, extras),
        Form::NameCards => name_cards(ev, lang),
        Form::Final => final_result(ev, st, lang, extras),
    })
}

/// The team form `form` of `ev`.
pub fn team_form(ev: &TeamEvent, form: TeamForm, lang: Lang) -> String {
    match form {
        TeamForm::Crosstable => team_crosstable(ev, lang),
        TeamForm::Ranking => team_ranking(ev, lang),
    }
}

const STYLE: &str = "<style>
@page { size: A4; margin: 0; }
html, body { margin: 0; padding: 0; }
body { font-family: \"Noto Sans CJK SC\", \"Source Han Sans SC\", \"WenQuanYi Micro Hei\", \"Microsoft YaHei\", sans-serif; color: #000; }
.sheet { width: 210mm; height: 297mm; box-sizing: border-box; padding: 12mm 12mm 10mm; overflow: hidden; position: relative; break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 17pt; text-align: center; margin: 0 0 2mm; }
h2 { font-size: 13pt; text-align: center; margin: 0 0 4mm; font-weight: normal; }
p.sub { text-align: center; margin: 0 0 3mm; font-size: 10pt; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.3mm solid #000; padding: 0 1.5mm; text-align: center; white-space: nowrap; }
th { white-space: normal; line-height: 1.2; }
td.name { text-align: left; }
.foot { position: absolute; left: 12mm; right: 12mm; bottom: 8mm; font-size: 9pt; display: flex; justify-content: space-between; }
.sign { margin-top: 6mm; font-size: 11pt; display: flex; justify-content: space-between; }
.sign span { display: inline-block; min-width: 50mm; border-bottom: 0.3mm solid #000; height: 7mm; }
.slip { height: 89mm; box-sizing: border-box; padding: 3mm 0; border-bottom: 0.3mm dashed #000; }
.slip:last-child { border-bottom: none; }
.slip h3 { font-size: 12pt; margin: 0 0 2mm; display: flex; justify-content: space-between; }
.slip td { height: 10mm; font-size: 11pt; }
.slip td.name { white-space: normal; line-height: 1.15; overflow-wrap: anywhere; }
.slip th:nth-child(1) { width: 8%; } .slip th:nth-child(2) { width: 27%; } .slip th:nth-child(3) { width: 18%; }
.slip th:nth-child(4), .slip th:nth-child(5) { width: 12%; } .slip th:nth-child(6) { width: 10%; } .slip th:nth-child(7) { width: 13%; }
.card { height: 136.5mm; display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; }
.card.upside { transform: rotate(180deg); border-bottom: 0.3mm dashed #000; }
.card .who { font-weight: bold; line-height: 1.1; }
.card .of { font-size: 16pt; margin-top: 4mm; }
@media screen { body { background: #777; } .sheet { background: #fff; margin: 6mm auto; } }
</style>";

/// The document around the sheets; `sheets` the pages' inner HTML.
fn document(lang: Lang, title: &str, sheets: &[String]) -> String {
    let code = if lang == Lang::Zh { "zh-CN" } else { "en" };
    let n = sheets.len();
    let mut body = String::new();
    for (i, s) in sheets.iter().enumerate() {
        body += &format!(
            "<section class=\"sheet\">\n{s}<div class=\"foot\"><span>{}</span><span>{}</span></div>\n</section>\n",
            esc(title),
            if lang == Lang::Zh {
                format!("第{}页 共{}页", i + 1, n)
            } else {
                format!("page {} of {}", i + 1, n)
            }
        );
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n{STYLE}\n</head>\n<body>\n{body}</body>\n</html>\n",
        esc(title)
    )
}

/// `n` items spread over as few pages of at most `per` as hold them, evenly (28 boards at
/// 27 a page are two pages of 14, not 27 and 1).
fn spread(n: usize, per: usize) -> Vec<std::ops::Range<usize>> {
    if n == 0 {
        // An empty form is still one page.
        return std::iter::once(0..0).collect();
    }
    let pages = n.div_ceil(per);
    let base = n / pages;
    let extra = n % pages;
    let mut out = Vec::new();
    let mut start = 0;
    for p in 0..pages {
        let len = base + usize::from(p < extra);
        out.push(start..start + len);
        start += len;
    }
    out
}

fn table(head: &[String], rows: &[Vec<String>], name_cols: &[usize], style: &str) -> String {
    let mut b = format!("<table style=\"{style}\">\n<thead><tr>");
    for h in head {
        b += &format!("<th>{}</th>", esc(h));
    }
    b += "</tr></thead>\n<tbody>\n";
    for r in rows {
        b += "<tr>";
        for (i, c) in r.iter().enumerate() {
            if name_cols.contains(&i) {
                b += &format!("<td class=\"name\">{}</td>", esc(c));
            } else {
                b += &format!("<td>{}</td>", esc(c));
            }
        }
        b += "</tr>\n";
    }
    b + "</tbody>\n</table>\n"
}

/// The width of a text in ems: a CJK character is one, a Latin letter or digit about half.
fn ems(s: &str) -> f64 {
    s.chars().map(|c| if c.is_ascii() { 0.62 } else { 1.0 }).sum()
}

/// The largest font, in points, at which the table fits the sheet's 186 mm of width: each
/// column as wide as its widest cell (a header may wrap onto two lines), 3.5 mm of padding
/// and rules a column.
fn fit_font(head: &[String], rows: &[Vec<String>]) -> f64 {
    // A header wraps onto two lines at most, and English only between words.
    let header = |h: &String| {
        let word = h.split_whitespace().map(ems).fold(0.0, f64::max);
        (ems(h) / 2.0).max(word).max(1.1)
    };
    let mut widest: Vec<f64> = head.iter().map(header).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            if i < widest.len() {
                widest[i] = widest[i].max(ems(c));
            }
        }
    }
    let text_mm = 186.0 - 3.5 * widest.len() as f64;
    let em_mm = text_mm / widest.iter().sum::<f64>().max(1.0);
    (em_mm * 2.835).clamp(4.0, 16.0)
}

/// The row height and font of a page of `rows` rows in `avail_mm` of height (the header row
/// counted): at most 12 mm and 16 pt, the font half the row.
fn sizing(rows: usize, avail_mm: f64, max_row_mm: f64) -> (f64, f64) {
    let row = (avail_mm / (rows as f64 + 1.0)).min(max_row_mm);
    // 1 mm is 2.835 pt; the text takes about half the row.
    let font = (row * 2.835 * 0.5).min(16.0);
    (row, font)
}

fn round_title(ev: &Event, lang: Lang, round: u32, what_en: &str, what_zh: &str) -> String {
    if lang == Lang::Zh {
        format!("{} 第{}轮{}", ev.name(), round, what_zh)
    } else {
        format!("{} — round {} {}", ev.name(), round, what_en)
    }
}

fn pairings(ev: &Event, r: &tournament::Round, lang: Lang) -> String {
    let title = round_title(ev, lang, r.number, "pairings", "对阵表");
    let head: Vec<String> = [
        t(lang, "Board", "台次"),
        t(lang, "Black", "黑方"),
        t(lang, "Rank", "段位"),
        t(lang, "Club", "单位"),
        t(lang, "Points", "积分"),
        t(lang, "White", "白方"),
        t(lang, "Rank", "段位"),
        t(lang, "Club", "单位"),
        t(lang, "Points", "积分"),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // The points each player brings to the round: the standings after the round before.
    let points = points_before(ev, r.number);
    let rows: Vec<Vec<String>> = r
        .games
        .iter()
        .map(|g| {
            let (b, w) = (ev.player(g.black), ev.player(g.white));
            vec![
                g.board.to_string(),
                b.name.clone(),
                b.rank.to_string(),
                b.club.clone().unwrap_or_default(),
                points[g.black.0].to_string(),
                w.name.clone(),
                w.rank.to_string(),
                w.club.clone().unwrap_or_default(),
                points[g.white.0].to_string(),
            ]
        })
        .collect();
    let pages = spread(rows.len(), PAIRINGS_PER_PAGE);
    let n_pages = pages.len();
    let mut sheets = Vec::new();
    for (i, range) in pages.into_iter().enumerate() {
        let last = i + 1 == n_pages;
        // The room below the titles, less the byes' line on the last page.
        let avail = 297.0 - 22.0 - 20.0 - if last && !r.byes.is_empty() { 12.0 } else { 0.0 };
        let (row, font) = sizing(range.len(), avail, 12.0);
        let font = font.min(fit_font(&head, &rows));
        let mut s = format!("<h1>{}</h1>\n", esc(&title));
        s += &table(
            &head,
            &rows[range],
            &[1, 3, 5, 7],
            &format!("font-size: {font:.1}pt; line-height: {row:.2}mm"),
        );
        if last && !r.byes.is_empty() {
            let names: Vec<String> = r.byes.iter().map(|p| ev.player(*p).name.clone()).collect();
            s += &format!(
                "<p style=\"font-size: {font:.1}pt\">{}{}</p>\n",
                t(lang, "Bye: ", "轮空："),
                esc(&names.join(t(lang, ", ", "、")))
            );
        }
        sheets.push(s);
    }
    document(lang, &title, &sheets)
}

/// Each player's points before round `round` (the rounds before it, results in).
fn points_before(ev: &Event, round: u32) -> Vec<u32> {
    let mut pts = vec![0u32; ev.players().len()];
    for r in ev.rounds().iter().filter(|r| r.number < round) {
        for g in r.games.iter().filter(|g| !g.void) {
            if let Some(res) = g.result {
                pts[g.black.0] += res.points(rules::Color::Black);
                pts[g.white.0] += res.points(rules::Color::White);
            }
        }
        for &p in &r.byes {
            pts[p.0] += ev.settings().bye.points();
        }
    }
    pts
}

fn score_sheets(ev: &Event, r: &tournament::Round, lang: Lang) -> String {
    let title = round_title(ev, lang, r.number, "score sheets", "记分单");
    let head: Vec<String> = [
        t(lang, "No.", "序号"),
        t(lang, "Name", "姓名"),
        t(lang, "Color", "先后"),
        t(lang, "Result", "成绩"),
        t(lang, "Time used", "用时"),
        t(lang, "Fouls", "犯规"),
        t(lang, "Notes", "备注"),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let slips: Vec<String> = r
        .games
        .iter()
        .map(|g| {
            let row = |id: tournament::PlayerId, color: &str| {
                vec![
                    (id.0 + 1).to_string(),
                    ev.player(id).name.clone(),
                    color.to_string(),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                ]
            };
            let rows = vec![
                row(g.black, t(lang, "Black (first)", "执黑（先）")),
                row(g.white, t(lang, "White (second)", "执白（后）")),
            ];
            format!(
                "<div class=\"slip\">\n<h3><span>{}</span><span>{}</span></h3>\n{}<div class=\"sign\">{}</div>\n</div>\n",
                esc(&format!(
                    "{} {}",
                    ev.name(),
                    if lang == Lang::Zh {
                        format!("第{}轮", r.number)
                    } else {
                        format!("round {}", r.number)
                    }
                )),
                if lang == Lang::Zh {
                    format!("台次：{}", g.board)
                } else {
                    format!("Board {}", g.board)
                },
                table(&head, &rows, &[1], "table-layout: fixed"),
                [
                    t(lang, "Black's signature", "黑方签字"),
                    t(lang, "White's signature", "白方签字"),
                    t(lang, "Referee", "裁判员签字"),
                ]
                .iter()
                .map(|w| format!("<div>{w}{}<span></span></div>", colon(lang)))
                .collect::<String>()
            )
        })
        .collect();
    let sheets: Vec<String> = spread(slips.len(), SCORESHEETS_PER_PAGE)
        .into_iter()
        .map(|range| format!("<div class=\"slips\">\n{}</div>\n", slips[range].concat()))
        .collect();
    document(lang, &title, &sheets)
}

/// A paged table: the title on every page, the rows spread over pages of `per`.
fn paged(lang: Lang, title: &str, sub: &str, head: &[String], rows: &[Vec<String>], name_cols: &[usize]) -> String {
    let pages = spread(rows.len(), ROWS_PER_PAGE);
    // Wide tables (many rounds, ratings) take a smaller font.
    let width_font = fit_font(head, rows).min(11.0);
    let sheets: Vec<String> = pages
        .into_iter()
        .map(|range| {
            let (row, font) = sizing(ROWS_PER_PAGE, 297.0 - 22.0 - 26.0, 8.0);
            let font = font.min(width_font);
            format!(
                "<h1>{}</h1>\n<p class=\"sub\">{}</p>\n{}",
                esc(title),
                esc(sub),
                table(
                    head,
                    &rows[range],
                    name_cols,
                    &format!("font-size: {font:.1}pt; line-height: {row:.2}mm")
                )
            )
        })
        .collect();
    document(lang, title, &sheets)
}

fn after_round(lang: Lang, n: u32) -> String {
    if lang == Lang::Zh {
        format!("截至第{n}轮")
    } else {
        format!("after round {n}")
    }
}

fn crosstable(ev: &Event, st: &Shown, lang: Lang) -> String {
    let title = format!("{} {}", ev.name(), t(lang, "crosstable", "个人成绩表"));
    let (head, rows) = crate::html::crosstable_cells_of(ev, st, lang);
    paged(lang, &title, &after_round(lang, st.after_round), &head, &rows, &[1, 3])
}

/// The ranking's head and rows: place, name, rank, club, weiqi's points (not beside
/// OpenGotha's own score), wins, draws, losses, the criteria (not lots), the extras.
fn ranking_cells(ev: &Event, st: &Shown, lang: Lang, extras: &Extras) -> (Vec<String>, Vec<Vec<String>>) {
    let points = !st.is_opengotha();
    let mut head = crate::html::player_head(lang);
    if points {
        head.push(t(lang, "Points", "积分").to_string());
    }
    head.extend([t(lang, "W", "胜"), t(lang, "D", "和"), t(lang, "L", "负")].map(String::from));
    let shown = st.columns(false);
    head.extend(shown.iter().map(|&i| st.name(i, lang)));
    head.extend(extras.header(lang));
    let rows = st
        .rows
        .iter()
        .map(|r| {
            let mut row = crate::html::player_cells(ev, r, lang);
            if points {
                row.push(r.stats.points.to_string());
            }
            row.extend([r.stats.wins, r.stats.draws, r.stats.losses].map(|n| n.to_string()));
            row.extend(shown.iter().map(|&i| r.values.get(i).cloned().unwrap_or_default()));
            row.extend(extras.cells(r.player));
            row
        })
        .collect();
    (head, rows)
}

fn ranking(ev: &Event, st: &Shown, lang: Lang, extras: &Extras) -> String {
    let title = format!("{} {}", ev.name(), t(lang, "ranking", "名次表"));
    let (head, rows) = ranking_cells(ev, st, lang, extras);
    let mut doc = paged(lang, &title, &after_round(lang, st.after_round), &head, &rows, &[1, 3]);
    if extras.promotion_rule {
        // The promotion list on a page of its own, after the ranking.
        let list = promotion_sheet(ev, lang, extras);
        doc = insert_sheet(&doc, &list, &title);
    }
    doc
}

fn promotion_head(lang: Lang) -> Vec<String> {
    [
        t(lang, "Name", "姓名"),
        t(lang, "From", "原段级位"),
        t(lang, "To", "升至"),
        t(lang, "Why", "依据"),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn promotion_sheet(ev: &Event, lang: Lang, extras: &Extras) -> String {
    let rows = extras.promotion_rows(ev, lang);
    let mut s = format!(
        "<h1>{} {}</h1>\n",
        esc(ev.name()),
        t(lang, "promotions", "升段升级名单")
    );
    if rows.is_empty() {
        s += &format!("<p class=\"sub\">{}</p>\n", t(lang, "No promotion.", "无"));
    } else {
        s += &table(
            &promotion_head(lang),
            &rows,
            &[0, 3],
            "font-size: 10pt; line-height: 6mm",
        );
    }
    s
}

/// Adds a sheet of `inner` at the end of `doc`, renumbering the pages' "of N".
fn insert_sheet(doc: &str, inner: &str, title: &str) -> String {
    // Rebuild from the sheets: simpler than renumbering text.
    let mut sheets: Vec<String> = doc
        .split("<section class=\"sheet\">\n")
        .skip(1)
        .map(|s| s.split("<div class=\"foot\">").next().unwrap_or("").to_string())
        .collect();
    sheets.push(inner.to_string());
    let lang = if doc.contains("lang=\"zh-CN\"") {
        Lang::Zh
    } else {
        Lang::En
    };
    document(lang, title, &sheets)
}

fn name_cards(ev: &Event, lang: Lang) -> String {
    let title = format!("{} {}", ev.name(), t(lang, "name cards", "姓名签"));
    let sheets: Vec<String> = ev
        .players()
        .iter()
        .map(|p| {
            // The name fills the card's width: 170 mm over its characters, CJK or not (a
            // Latin letter is about half as wide), at most 90 pt.
            let width: f64 = p
                .name
                .chars()
                .map(|c| if c.is_ascii() { 0.55 } else { 1.0 })
                .sum::<f64>()
                .max(1.0);
            let size = (170.0 / width * 2.835).min(90.0);
            let of = format!(
                "{}{}{}",
                p.rank,
                if p.club.is_some() { " · " } else { "" },
                p.club.as_deref().unwrap_or("")
            );
            let card = |class: &str| {
                format!(
                    "<div class=\"card{class}\"><div class=\"who\" style=\"font-size: {size:.0}pt\">{}</div><div class=\"of\">{}</div></div>\n",
                    esc(&p.name),
                    esc(&of)
                )
            };
            card(" upside") + &card("")
        })
        .collect();
    let sheets = if sheets.is_empty() { vec![String::new()] } else { sheets };
    document(lang, &title, &sheets)
}

/// The colon after a label: full width in Chinese, `: ` in English.
fn colon(lang: Lang) -> &'static str {
    t(lang, ": ", "：")
}

fn final_result(ev: &Event, st: &Shown, lang: Lang, extras: &Extras) -> String {
    let title = format!("{} {}", ev.name(), t(lang, "final result", "成绩公告"));
    // The score the list shows: weiqi's points, or OpenGotha's own score.
    let (score, at) = st.score(lang);
    let head: Vec<String> = [
        t(lang, "Place", "名次"),
        t(lang, "Name", "姓名"),
        t(lang, "Rank", "段位"),
        t(lang, "Club", "单位"),
    ]
    .iter()
    .map(|s| s.to_string())
    .chain([score])
    .collect();
    let rows: Vec<Vec<String>> = st
        .rows
        .iter()
        .take(FINAL_PLACES)
        .map(|r| {
            let p = ev.player(r.player);
            vec![
                r.place.to_string(),
                p.name.clone(),
                p.rank.to_string(),
                p.club.clone().unwrap_or_default(),
                match at {
                    Some(i) => r.values.get(i).cloned().unwrap_or_default(),
                    None => r.stats.points.to_string(),
                },
            ]
        })
        .collect();
    let mut s = format!(
        "<h1>{}</h1>\n<p class=\"sub\">{}</p>\n",
        esc(&title),
        esc(&if lang == Lang::Zh {
            if st.after_round >= ev.planned_rounds() {
                format!("{}轮比赛结束，前{}名如下", st.after_round, rows.len())
            } else {
                // Before the last round the result is not final: say how far the event is.
                format!(
                    "第{}轮后（共{}轮），前{}名如下",
                    st.after_round,
                    ev.planned_rounds(),
                    rows.len()
                )
            }
        } else if st.after_round >= ev.planned_rounds() {
            format!("after all {} rounds, the first {} places", st.after_round, rows.len())
        } else {
            format!(
                "after round {} of {}, the first {} places",
                st.after_round,
                ev.planned_rounds(),
                rows.len()
            )
        })
    );
    s += &table(&head, &rows, &[1, 3], "font-size: 12pt; line-height: 8.5mm");
    if extras.promotion_rule && !extras.promotions.is_empty() {
        let names: Vec<String> = extras
            .promotions
            .iter()
            .map(|p| {
                let name = &ev.player(p.player).name;
                if lang == Lang::Zh {
                    format!("{name}（{}→{}）", p.from, p.to)
                } else {
                    format!("{name} ({}→{})", p.from, p.to)
                }
            })
            .collect();
        s += &format!(
            "<p style=\"font-size: 10pt; margin-top: 4mm\">{}{}</p>\n",
            t(lang, "Promoted: ", "升段升级："),
            esc(&names.join(t(lang, ", ", "、")))
        );
    }
    s += &format!(
        "<div class=\"sign\" style=\"margin-top: 14mm\"><div>{}{c}<span></span></div><div>{}{c}<span></span></div></div>\n",
        t(lang, "Chief referee (signature)", "裁判长（签字）"),
        t(lang, "Date", "日期"),
        c = colon(lang)
    );
    document(lang, &title, &[s])
}

fn team_crosstable(ev: &TeamEvent, lang: Lang) -> String {
    let title = format!("{} {}", ev.name(), t(lang, "team crosstable", "团体成绩表"));
    let st = ev.standings();
    let mut place_of = vec![0u32; ev.teams().len()];
    for r in &st.rows {
        place_of[r.team.0] = r.place;
    }
    let mut head: Vec<String> = vec![t(lang, "Place", "名次").into(), t(lang, "Team", "队名").into()];
    for r in ev.rounds() {
        head.push(if lang == Lang::Zh {
            format!("第{}轮", r.number)
        } else {
            format!("R{}", r.number)
        });
    }
    head.push(t(lang, "Match points", "场分").into());
    head.push(t(lang, "Board points", "局分").into());
    let rows: Vec<Vec<String>> = st
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![row.place.to_string(), ev.team(row.team).name.clone()];
            for r in ev.rounds() {
                let cell = if r.bye == Some(row.team) {
                    t(lang, "bye", "轮空").to_string()
                } else if let Some(m) = r.matches.iter().find(|m| m.side_of(row.team).is_some()) {
                    let home = m.side_of(row.team) == Some(true);
                    let opp = if home { m.away } else { m.home };
                    let (h, a) = m.board_points();
                    let (mine, theirs) = if home { (h, a) } else { (a, h) };
                    if m.finished() {
                        format!("{} {mine}:{theirs}", place_of[opp.0])
                    } else {
                        format!("{} ?", place_of[opp.0])
                    }
                } else {
                    String::new()
                };
                cells.push(cell);
            }
            cells.push(row.match_points.to_string());
            cells.push(row.board_points.to_string());
            cells
        })
        .collect();
    paged(lang, &title, &team_sub(ev, lang), &head, &rows, &[1])
}

fn team_sub(ev: &TeamEvent, lang: Lang) -> String {
    let done = ev
        .rounds()
        .iter()
        .filter(|r| r.matches.iter().all(|m| m.finished()))
        .count();
    after_round(lang, done as u32)
}

fn team_ranking(ev: &TeamEvent, lang: Lang) -> String {
    let title = format!("{} {}", ev.name(), t(lang, "team ranking", "团体名次表"));
    let st = ev.standings();
    let boards = ev.settings().boards as usize;
    let mut head: Vec<String> = [
        t(lang, "Place", "名次"),
        t(lang, "Team", "队名"),
        t(lang, "Match points", "场分"),
        t(lang, "Board points", "局分"),
        t(lang, "W", "胜"),
        t(lang, "D", "和"),
        t(lang, "L", "负"),
        t(lang, "SOS", "对手分"),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for b in 1..=boards {
        head.push(if lang == Lang::Zh {
            format!("第{b}台")
        } else {
            format!("board {b}")
        });
    }
    let rows: Vec<Vec<String>> = st
        .rows
        .iter()
        .map(|r| {
            let mut name = ev.team(r.team).name.clone();
            if r.withdrawn {
                name += t(lang, " (withdrawn)", "（退赛）");
            }
            let mut cells = vec![
                r.place.to_string(),
                name,
                r.match_points.to_string(),
                r.board_points.to_string(),
                r.won.to_string(),
                r.drawn.to_string(),
                r.lost.to_string(),
                r.sos.to_string(),
            ];
            cells.extend(r.by_board.iter().map(|p| p.to_string()));
            cells
        })
        .collect();
    let sub = if lang == Lang::Zh {
        let criteria: Vec<String> = st.criteria.iter().map(|c| criterion_zh(c)).collect();
        format!("{}；排名依据：{}", team_sub(ev, lang), criteria.join("、"))
    } else {
        format!("{}; ranked by {}", team_sub(ev, lang), st.criteria.join(", "))
    };
    paged(lang, &title, &sub, &head, &rows, &[1])
}

/// A team ranking criterion (`teams::Standings::criteria`) as the Chinese form names it: the
/// columns' own headings (Art. 27: match points, board points, then board 1's, board 2's, …).
fn criterion_zh(c: &str) -> String {
    match c {
        "match-points" => "场分".into(),
        "board-points" => "局分".into(),
        "sos" => "对手分".into(),
        _ => match c.strip_prefix("board-") {
            Some(n) => format!("第{n}台"),
            None => c.into(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::{criterion_zh, spread};

    #[test]
    fn the_chinese_team_ranking_names_its_criteria_in_chinese() {
        let named: Vec<String> = ["match-points", "sos", "board-points", "board-1", "board-12"]
            .iter()
            .map(|c| criterion_zh(c))
            .collect();
        assert_eq!(named, ["场分", "对手分", "局分", "第1台", "第12台"]);
    }

    #[test]
    fn boards_are_spread_evenly_over_the_fewest_pages() {
        assert_eq!(spread(27, 27), std::iter::once(0..27).collect::<Vec<_>>());
        assert_eq!(spread(28, 27), vec![0..14, 14..28]);
        assert_eq!(spread(60, 27), vec![0..20, 20..40, 40..60]);
        assert_eq!(spread(0, 27), std::iter::once(0..0).collect::<Vec<_>>());
        // 19–27 a page from 28 boards up to 81: never fewer than 14.
        for n in 28..=300 {
            assert!(spread(n, 27).iter().all(|r| r.len() >= 14 && r.len() <= 27), "{n}");
        }
    }
}
