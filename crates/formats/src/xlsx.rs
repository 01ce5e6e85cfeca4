//! Excel workbooks (.xlsx): registrations (and rating lists) read from the first sheet with
//! the CSV's headers, Chinese or English ([`crate::csv_io`]); standings, the crosstable and
//! pairings written, one sheet each, in Chinese or English.
//!
//! Reading is calamine's (MIT), writing rust_xlsxwriter's (MIT OR Apache-2.0): both pure
//! Rust, kept up by their authors for years, and without C code. A cell is read as its text: a
//! number as written without a needless `.0`, a date cell as `YYYY-MM-DD` (so a birth date
//! typed into Excel reads as the CSV's would). Every text is written as a string cell, never
//! as a formula, so a name starting with `=` stays a name.

use crate::FormatError;
use crate::csv_io::registrations_from_rows;
use crate::ratings::Extras;
use calamine::{Data, Reader, Xlsx};
use rules::Lang;
use rust_xlsxwriter::{Format, Workbook, Worksheet};
use std::io::Cursor;
use tournament::{Event, Player};

/// The rows of the workbook's first sheet, each cell as text. A workbook beyond
/// [`crate::limits::MAX_FILE_BYTES`], or whose sheet unpacks to more than
/// [`crate::limits::MAX_SHEET_CELLS`] cells (counting the empty ones before a cell in its row
/// and the empty rows above it), is refused; the cells are read one by one, so a sheet that
/// compresses well is refused before it fills the memory.
pub fn first_sheet_rows(bytes: &[u8]) -> Result<Vec<Vec<String>>, FormatError> {
    use crate::limits::MAX_SHEET_CELLS;
    crate::limits::check_file("the workbook", bytes.len())?;
    let mut wb: Xlsx<_> =
        Xlsx::new(Cursor::new(bytes)).map_err(|e| FormatError::Xlsx(format!("not an .xlsx workbook: {e}")))?;
    let first = wb
        .sheet_names()
        .first()
        .cloned()
        .ok_or_else(|| FormatError::Xlsx("the workbook has no sheet".into()))?;
    let unreadable = |e: calamine::XlsxError| FormatError::Xlsx(format!("the first sheet cannot be read: {e}"));
    let mut cells = wb.worksheet_cells_reader(&first).map_err(unreadable)?;
    // The sheet's rows from A1, so that row n of the file is row n here (a sheet whose data
    // starts lower keeps its empty rows, which the readers skip).
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut n_cells = 0usize;
    let too_many = || {
        FormatError::TooLarge(format!(
            "the first sheet has more than {MAX_SHEET_CELLS} cells (counting the empty ones before each cell)"
        ))
    };
    while let Some(cell) = cells.next_cell().map_err(unreadable)? {
        let (r, c) = cell.get_position();
        let (r, c) = (r as usize, c as usize);
        if r >= rows.len() {
            n_cells += r + 1 - rows.len();
            if n_cells > MAX_SHEET_CELLS {
                return Err(too_many());
            }
            rows.resize(r + 1, Vec::new());
        }
        let row = &mut rows[r];
        if c >= row.len() {
            n_cells += c + 1 - row.len();
            if n_cells > MAX_SHEET_CELLS {
                return Err(too_many());
            }
            row.resize(c + 1, String::new());
        }
        let text = cell_text(&Data::from(cell.get_value().clone()));
        crate::limits::check_field(&format!("row {}, column {}", r + 1, c + 1), text.len())?;
        row[c] = text;
    }
    Ok(rows)
}

fn cell_text(d: &Data) -> String {
    match d {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        Data::Int(n) => n.to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Bool(b) => b.to_string(),
        Data::DateTime(dt) => {
            let (y, m, day, ..) = dt.to_ymd_hms_milli();
            format!("{y:04}-{m:02}-{day:02}")
        }
        Data::DateTimeIso(s) | Data::DurationIso(s) => s.chars().take(10).collect(),
        Data::Error(e) => format!("#{e:?}"),
    }
}

/// Reads registrations from the first sheet (the CSV's headers and checks).
pub fn read_registrations(bytes: &[u8]) -> Result<Vec<Player>, FormatError> {
    let rows = first_sheet_rows(bytes)?;
    // The header is the first row with a cell; the rows above it are skipped.
    let first = rows
        .iter()
        .position(|r| r.iter().any(|c| !c.trim().is_empty()))
        .unwrap_or(0);
    if first == 0 {
        return registrations_from_rows(&rows);
    }
    registrations_from_rows(&rows[first..]).map_err(|e| match e {
        FormatError::Line { line, what } => FormatError::Line {
            line: line + first,
            what,
        },
        e => e,
    })
}

fn xlsx_err(e: rust_xlsxwriter::XlsxError) -> FormatError {
    FormatError::Xlsx(e.to_string())
}

/// Writes a sheet: the header in bold, then the rows; a cell that reads as a whole or decimal
/// number is written as a number, any other as a string.
fn sheet(ws: &mut Worksheet, name: &str, header: &[String], rows: &[Vec<String>]) -> Result<(), FormatError> {
    ws.set_name(name).map_err(xlsx_err)?;
    let bold = Format::new().set_bold();
    for (c, h) in header.iter().enumerate() {
        ws.write_string_with_format(0, c as u16, h, &bold).map_err(xlsx_err)?;
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            let (r, c) = (r as u32 + 1, c as u16);
            match number(v) {
                Some(n) => ws.write_number(r, c, n).map_err(xlsx_err)?,
                None => ws.write_string(r, c, v).map_err(xlsx_err)?,
            };
        }
    }
    ws.autofit();
    Ok(())
}

/// A plain number (`12`, `-3`, `2.5`, `+8.8`), not a rank, a result or a name.
fn number(v: &str) -> Option<f64> {
    let t = v.strip_prefix('+').unwrap_or(v);
    if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit() || c == '.' || c == '-') {
        return None;
    }
    t.parse().ok()
}

/// A sheet to write: its name, header and rows.
type Sheet = (String, Vec<String>, Vec<Vec<String>>);

fn book(sheets: &[Sheet]) -> Result<Vec<u8>, FormatError> {
    let mut wb = Workbook::new();
    for (name, header, rows) in sheets {
        sheet(wb.add_worksheet(), name, header, rows)?;
    }
    wb.save_to_buffer().map_err(xlsx_err)
}

fn l(lang: Lang, en: &str, zh: &str) -> String {
    if lang == Lang::Zh { zh.into() } else { en.into() }
}

/// The standings (and, when the event has a promotion rule, the promotion list on a second
/// sheet), with the ratings and promotions of `extras`.
pub fn standings(ev: &Event, lang: Lang, extras: &Extras) -> Result<Vec<u8>, FormatError> {
    let st = ev.standings();
    let mut header = crate::csv_io::standings_head(lang);
    header.extend(
        st.chain
            .iter()
            .map(|t| crate::html::tie_break_name(*t, lang).to_string()),
    );
    header.extend(extras.header(lang));
    let rows: Vec<Vec<String>> = st
        .rows
        .iter()
        .map(|r| {
            let mut row = crate::csv_io::standing_cells(ev, r);
            row.extend(r.values.iter().map(|v| v.to_string()));
            row.extend(extras.cells(r.player));
            row
        })
        .collect();
    let mut sheets = vec![(l(lang, "Standings", "名次表"), header, rows)];
    if extras.promotion_rule {
        let h = match lang {
            Lang::En => ["name", "from", "to", "why"],
            Lang::Zh => ["姓名", "原段级位", "升至", "依据"],
        };
        sheets.push((
            l(lang, "Promotions", "升段升级名单"),
            h.iter().map(|s| s.to_string()).collect(),
            extras.promotion_rows(ev, lang),
        ));
    }
    book(&sheets)
}

/// The standings of an event imported from OpenGotha as OpenGotha places them, the CSV's
/// columns ([`crate::csv_io::opengotha_standings_cells`]): the event page's placement.
pub fn opengotha_standings(
    file: &crate::opengotha::Tournament,
    ev: &Event,
    lang: Lang,
) -> Result<Vec<u8>, FormatError> {
    let mut cells = crate::csv_io::opengotha_standings_cells(file, ev, lang)?;
    let header = if cells.is_empty() { Vec::new() } else { cells.remove(0) };
    book(&[(l(lang, "Standings", "名次表"), header, cells)])
}

/// The crosstable: place, name, rank, club, one column per round (the opponent's place, the
/// result and the color, as the printed crosstable), points and the tie-breaks.
pub fn crosstable(ev: &Event, lang: Lang) -> Result<Vec<u8>, FormatError> {
    crosstable_of(ev, &crate::shown::Shown::weiqi(ev), lang)
}

/// [`crosstable`] of the standings `st` (OpenGotha's placement of an imported event).
pub fn crosstable_of(ev: &Event, st: &crate::shown::Shown, lang: Lang) -> Result<Vec<u8>, FormatError> {
    let (header, rows) = crate::html::crosstable_cells_of(ev, st, lang);
    book(&[(l(lang, "Crosstable", "成绩表"), header, rows)])
}

/// The pairings of every round (or of one): round, board, Black and White with their ranks,
/// the result; a bye on a line of its own.
pub fn pairings(ev: &Event, round: Option<u32>, lang: Lang) -> Result<Vec<u8>, FormatError> {
    let header: Vec<String> = match lang {
        Lang::En => ["round", "board", "black", "black rank", "white", "white rank", "result"],
        Lang::Zh => ["轮次", "台次", "黑方", "黑方段位", "白方", "白方段位", "结果"],
    }
    .iter()
    .map(|s| s.to_string())
    .collect();
    let rows = crate::csv_io::pairing_rows(ev, round, lang);
    book(&[(l(lang, "Pairings", "对阵表"), header, rows)])
}
