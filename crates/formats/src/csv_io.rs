//! CSV: registrations in (a header line, then one player per line), pairings and standings
//! out.
//!
//! Headers are matched without regard to case or surrounding spaces, in English or Chinese:
//! name 姓名 (棋手, 选手), rank 段位 (段级位, 级别), rating 等级分, club 单位 (俱乐部, 代表队),
//! region 地区 (country, 省市), born 出生日期. Only the name and the rank are required. Ranks
//! are read as weiqi writes them (`5d`, `3k`, `2p`) or in Chinese (`5段`, `业余5段`, `初段`,
//! `3级`, `职业九段`). The file may be UTF-8, with or without a byte-order mark, or GBK (as
//! Chinese Excel saves it); the separator is a comma, or a tab when the header has tabs and
//! no comma.
//!
//! Every cell written that a spreadsheet would run as a formula — one that begins with `=`,
//! `+`, `-`, `@`, a tab or a carriage return (OWASP's CSV injection rule) — is written with a
//! leading `'`, so that a player named `=HYPERLINK(…)` is shown as text, never run.

use crate::{FormatError, LineProblem};
use rules::Lang;
use tournament::{Date, Event, Player, Rank};

/// Decodes a text file: UTF-8 (a BOM is dropped) or, when it is not UTF-8, GBK.
pub fn decode(bytes: &[u8]) -> Result<String, FormatError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.to_string()),
        Err(_) => {
            let (text, _, bad) = encoding_rs::GBK.decode(bytes);
            if bad {
                return Err(FormatError::Csv("the file is neither UTF-8 nor GBK".into()));
            }
            Ok(text.into_owned())
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    Name,
    Rank,
    Rating,
    Club,
    Region,
    Born,
}

fn column(h: &str) -> Option<Column> {
    let h = h.trim().to_lowercase();
    Some(match h.as_str() {
        "name" | "姓名" | "棋手" | "选手" => Column::Name,
        "rank" | "段位" | "段级位" | "级别" => Column::Rank,
        "rating" | "等级分" => Column::Rating,
        "club" | "单位" | "俱乐部" | "代表队" => Column::Club,
        "region" | "country" | "地区" | "省市" => Column::Region,
        "born" | "birth date" | "出生日期" => Column::Born,
        _ => return None,
    })
}

/// Reads a rank as weiqi writes it or in Chinese (`tournament::Rank`'s reading).
pub fn parse_rank(s: &str) -> Option<Rank> {
    s.parse().ok()
}

/// Reads registrations.
pub fn read_registrations(bytes: &[u8]) -> Result<Vec<Player>, FormatError> {
    let rows = read_rows("the CSV file", bytes)?;
    registrations_from_rows(&rows)
}

/// The rows of cells of a CSV file (`what` names it in a refusal): UTF-8 or GBK, comma or tab
/// separated (tabs when the header has them and no comma), rows of any length.
pub(crate) fn read_rows(what: &str, bytes: &[u8]) -> Result<Vec<Vec<String>>, FormatError> {
    crate::limits::check_file(what, bytes.len())?;
    let text = decode(bytes)?;
    let header = text.lines().next().unwrap_or("");
    let delimiter = if header.contains('\t') && !header.contains(',') {
        b'\t'
    } else {
        b','
    };
    let mut rd = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .has_headers(false)
        .from_reader(text.as_bytes());
    let mut rows: Vec<Vec<String>> = Vec::new();
    for (k, rec) in rd.records().enumerate() {
        let rec = rec.map_err(|e| FormatError::Csv(format!("line {}: {e}", k + 1)))?;
        rows.push(rec.iter().map(str::to_string).collect());
    }
    Ok(rows)
}

/// Reads registrations from rows of cells, the first the header: a CSV file's lines or a
/// spreadsheet's rows ([`crate::xlsx::read_registrations`]), with the same headers and
/// checks. A row's line is its number from 1, the header's being 1.
pub fn registrations_from_rows(rows: &[Vec<String>]) -> Result<Vec<Player>, FormatError> {
    let empty = Vec::new();
    let headers = rows.first().unwrap_or(&empty);
    let cols: Vec<Option<Column>> = headers.iter().map(|h| column(h)).collect();
    for need in [Column::Name, Column::Rank] {
        if !cols.contains(&Some(need)) {
            return Err(FormatError::Line {
                line: 1,
                what: LineProblem::NoColumn {
                    column: if need == Column::Name { "name" } else { "rank" },
                    header: headers.clone(),
                },
            });
        }
    }
    let mut players: Vec<Player> = Vec::new();
    for (k, rec) in rows.iter().enumerate() {
        check_cells(k + 1, rec)?;
    }
    // The names seen: a file of n rows is checked for a name twice in n look-ups, not n².
    let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
    for (k, rec) in rows.iter().enumerate().skip(1) {
        let line = k + 1;
        if rec.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let get = |c: Column| -> Option<&str> {
            cols.iter()
                .position(|x| *x == Some(c))
                .and_then(|i| rec.get(i))
                .map(|v| v.trim())
                .filter(|v| !v.is_empty())
        };
        let bad = |what: LineProblem| FormatError::Line { line, what };
        let name = get(Column::Name).ok_or_else(|| bad(LineProblem::EmptyName))?;
        let named = || name.to_string();
        let rank_text = get(Column::Rank).ok_or_else(|| bad(LineProblem::EmptyRank { name: named() }))?;
        let rank = parse_rank(rank_text).ok_or_else(|| {
            bad(LineProblem::BadRank {
                name: named(),
                rank: rank_text.to_string(),
            })
        })?;
        let name_chars = name.chars().count();
        if name_chars > tournament::limits::MAX_PLAYER_NAME_CHARS {
            return Err(bad(LineProblem::NameTooLong {
                chars: name_chars,
                max: tournament::limits::MAX_PLAYER_NAME_CHARS,
            }));
        }
        let rating = match get(Column::Rating) {
            None => None,
            Some(r) => {
                // A number within the bounds of every rating scale: `NaN`, `inf` or `1e30`
                // would otherwise become 0 or i32::MAX by the cast.
                let range = tournament::limits::RATING_RANGE;
                let x = r.parse::<f64>().ok().filter(|x| x.is_finite()).ok_or_else(|| {
                    bad(LineProblem::RatingNotNumber {
                        name: named(),
                        rating: r.to_string(),
                    })
                })?;
                if x.round() < f64::from(*range.start()) || x.round() > f64::from(*range.end()) {
                    return Err(bad(LineProblem::RatingOutOfRange {
                        name: named(),
                        rating: r.to_string(),
                        min: *range.start(),
                        max: *range.end(),
                    }));
                }
                Some(x.round() as i32)
            }
        };
        let birth_date = match get(Column::Born) {
            None => None,
            Some(d) => Some(d.parse::<Date>().map_err(|_| {
                bad(LineProblem::BadDate {
                    name: named(),
                    date: d.to_string(),
                })
            })?),
        };
        if !seen.insert(name.to_string()) {
            return Err(bad(LineProblem::Twice { name: named() }));
        }
        players.push(Player {
            name: name.to_string(),
            rank,
            rating,
            club: get(Column::Club).map(str::to_string),
            region: get(Column::Region).map(str::to_string),
            birth_date,
        });
    }
    Ok(players)
}

/// Refuses a row with a cell beyond [`crate::limits::MAX_FIELD_BYTES`], naming the line and
/// the column (from 1).
pub(crate) fn check_cells(line: usize, row: &[String]) -> Result<(), FormatError> {
    for (c, cell) in row.iter().enumerate() {
        crate::limits::check_field(&format!("line {line}, column {}", c + 1), cell.len())?;
    }
    Ok(())
}

/// `cell` as a spreadsheet shows it and never runs it: a leading `'` before a cell that
/// starts with `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP). A number (`-1.5`, a
/// negative tie-break) is a number, not a formula, and is left as it is.
pub fn neutralised(cell: &str) -> std::borrow::Cow<'_, str> {
    let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && cell.parse::<f64>().is_err() {
        std::borrow::Cow::Owned(format!("'{cell}"))
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}

fn write_rows(rows: Vec<Vec<String>>) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    for r in rows {
        w.write_record(r.iter().map(|c| neutralised(c).into_owned()))
            .expect("writing to memory");
    }
    String::from_utf8(w.into_inner().expect("writing to memory")).expect("the fields are UTF-8")
}

/// The pairings of every round (or of one), one game or bye per line.
pub fn pairings(ev: &Event, round: Option<u32>, lang: Lang) -> String {
    let header: Vec<String> = match lang {
        Lang::En => ["round", "board", "black", "black_rank", "white", "white_rank", "result"],
        Lang::Zh => ["轮次", "台次", "黑方", "黑方段位", "白方", "白方段位", "结果"],
    }
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut rows = vec![header];
    rows.extend(pairing_rows(ev, round, lang));
    write_rows(rows)
}

/// The pairings' rows (no header) for every round or for `round`: round, board, Black and
/// White with their ranks, the result; a bye on a row of its own. The CSV and the
/// spreadsheet write the same rows.
pub(crate) fn pairing_rows(ev: &Event, round: Option<u32>, lang: Lang) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for r in ev.rounds().iter().filter(|r| round.is_none_or(|n| n == r.number)) {
        for g in &r.games {
            let (b, w) = (ev.player(g.black), ev.player(g.white));
            rows.push(vec![
                r.number.to_string(),
                g.board.to_string(),
                b.name.clone(),
                b.rank.to_string(),
                w.name.clone(),
                w.rank.to_string(),
                g.result.map(|x| x.to_string()).unwrap_or_default(),
            ]);
        }
        for &p in &r.byes {
            rows.push(vec![
                r.number.to_string(),
                String::new(),
                ev.player(p).name.clone(),
                ev.player(p).rank.to_string(),
                String::new(),
                String::new(),
                if lang == Lang::Zh {
                    "轮空".into()
                } else {
                    "bye".into()
                },
            ]);
        }
    }
    rows
}

/// The head of the columns the standings' files open with (the CSV's and the spreadsheet's):
/// place, name, rank, club, points, wins, draws, losses.
pub(crate) fn standings_head(lang: Lang) -> Vec<String> {
    match lang {
        Lang::En => ["place", "name", "rank", "club", "points", "wins", "draws", "losses"],
        Lang::Zh => ["名次", "姓名", "段位", "单位", "积分", "胜", "和", "负"],
    }
    .map(String::from)
    .to_vec()
}

/// A standings row's cells under [`standings_head`].
pub(crate) fn standing_cells(ev: &Event, r: &tournament::Row) -> Vec<String> {
    let p = ev.player(r.player);
    vec![
        r.place.to_string(),
        p.name.clone(),
        p.rank.to_string(),
        p.club.clone().unwrap_or_default(),
        r.stats.points.to_string(),
        r.stats.wins.to_string(),
        r.stats.draws.to_string(),
        r.stats.losses.to_string(),
    ]
}

/// The standings under the event's tie-break chain.
pub fn standings(ev: &Event, lang: Lang) -> String {
    standings_with(ev, lang, &crate::ratings::Extras::default())
}

/// The standings with the ratings before and after and the promotions of `extras` in
/// columns after the tie-breaks.
pub fn standings_with(ev: &Event, lang: Lang, extras: &crate::ratings::Extras) -> String {
    let st = ev.standings();
    let mut header = standings_head(lang);
    header.extend(st.chain.iter().map(|t| t.name().to_string()));
    header.extend(extras.header(lang));
    let mut rows = vec![header];
    for r in &st.rows {
        let mut row = standing_cells(ev, r);
        row.extend(st.chain.iter().zip(&r.values).map(|(&t, v)| tournament::shown(t, v)));
        row.extend(extras.cells(r.player));
        rows.push(row);
    }
    write_rows(rows)
}

/// The standings of an event imported from OpenGotha as OpenGotha places it: the one
/// placement the event page shows ([`crate::opengotha::standings::standings`]: `file`, the
/// file kept with the event, merged with `ev`, after its last complete round; its criteria,
/// McMahon score from its bar and floor, counted from 30k; values to the half point), each
/// player as the file names them.
pub fn opengotha_standings(
    file: &crate::opengotha::Tournament,
    ev: &tournament::Event,
    lang: Lang,
) -> Result<String, FormatError> {
    Ok(write_rows(opengotha_standings_cells(file, ev, lang)?))
}

/// [`opengotha_standings`] as cells, the header first (the Excel export's too).
pub fn opengotha_standings_cells(
    file: &crate::opengotha::Tournament,
    ev: &tournament::Event,
    lang: Lang,
) -> Result<Vec<Vec<String>>, FormatError> {
    let g = crate::opengotha::standings::standings(file, ev)?;
    // The players as OpenGotha writes them, in the event's order.
    let t = crate::opengotha::merge(Some(file), ev);
    let criteria = &g.criteria;
    let mut header: Vec<String> = match lang {
        Lang::En => ["place", "name", "rank", "country", "club"],
        Lang::Zh => ["名次", "姓名", "段位", "国家或地区", "单位"],
    }
    .iter()
    .map(|s| s.to_string())
    .collect();
    header.extend(criteria.iter().cloned());
    let mut out = vec![header];
    for r in &g.rows {
        let Some(p) = t.players.get(r.player.0) else {
            continue;
        };
        let mut row = vec![
            r.place.to_string(),
            p.full_name(),
            p.rank.text.to_lowercase(),
            p.country.clone(),
            p.club.clone(),
        ];
        row.extend(g.texts(r));
        out.push(row);
    }
    Ok(out)
}

#[cfg(test)]
mod injection_tests {
    use super::neutralised;

    #[test]
    fn cells_a_spreadsheet_would_run_are_written_as_text() {
        let cells = [
            "=HYPERLINK(\"http://x\")",
            "+cmd",
            "-2+3",
            "@SUM(A1)",
            "\tx",
            "\rx",
            "Li",
            "-1.5",
            "3",
        ];
        let out: Vec<String> = cells.iter().map(|c| neutralised(c).into_owned()).collect();
        assert_eq!(
            out,
            [
                "'=HYPERLINK(\"http://x\")",
                "'+cmd",
                "'-2+3",
                "'@SUM(A1)",
                "'\tx",
                "'\rx",
                "Li",
                "-1.5",
                "3"
            ]
        );
    }
}
