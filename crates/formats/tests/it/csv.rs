//! CSV registrations with English or Chinese headers, in UTF-8 (with a BOM) or GBK; pairings
//! and standings out.

use formats::csv_io;
use rules::Lang;
use tournament::{Event, Player, Settings, System};

fn show(players: &[Player]) -> String {
    players
        .iter()
        .map(|p| {
            format!(
                "{} {} {:?} {:?} {:?}",
                p.name,
                p.rank,
                p.rating,
                p.club.as_deref(),
                p.region.as_deref()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

const CHINESE: &str = "姓名,段位,等级分,单位\n张三,5段,2450,上海队\n李四,业余3段,,北京\n王五,初段,1900.4,\n赵六,职业九段,2900,棋院\n钱七,3级,,\n";

#[test]
fn chinese_headers_in_utf8_with_bom_and_in_gbk() {
    let expected = "张三 5d Some(2450) Some(\"上海队\") None\n李四 3d None Some(\"北京\") None\n王五 1d Some(1900) None None\n赵六 9p Some(2900) Some(\"棋院\") None\n钱七 3k None None None";
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(CHINESE.as_bytes());
    assert_eq!(show(&csv_io::read_registrations(&bom).unwrap()), expected);
    let (gbk, _, bad) = encoding_rs::GBK.encode(CHINESE);
    assert!(!bad);
    assert!(
        std::str::from_utf8(&gbk).is_err(),
        "the GBK bytes must not pass as UTF-8"
    );
    assert_eq!(show(&csv_io::read_registrations(&gbk).unwrap()), expected);
}

#[test]
fn english_headers_any_order_tabs_and_extra_columns() {
    let text = "Club\tRank\tName\tRegion\tNotes\nTokyo\t2p\tSato\tJP\tx\n\t\t\t\t\nOslo\t10k\tNora\t\t\n";
    assert_eq!(
        show(&csv_io::read_registrations(text.as_bytes()).unwrap()),
        "Sato 2p None Some(\"Tokyo\") Some(\"JP\")\nNora 10k None Some(\"Oslo\") None"
    );
}

#[test]
fn bad_lines_are_named() {
    let cases = [
        (
            "姓名,等级分\n张三,2400\n",
            "line 1: no rank column (the header is [\"姓名\", \"等级分\"]; name/姓名 and rank/段位 are needed)",
        ),
        (
            "name,rank\nA,5x\n",
            "line 2: A: rank \"5x\" is not like 5d, 3k, 2p, 5段, 3级 or 职业九段",
        ),
        ("name,rank\nA,5d\nA,4d\n", "line 3: A is registered twice"),
        (
            "name,rank,rating\nA,5d,strong\n",
            "line 2: A: rating \"strong\" is not a number",
        ),
        ("name,rank\n,5d\n", "line 2: the name is empty"),
    ];
    for (text, msg) in cases {
        assert_eq!(
            csv_io::read_registrations(text.as_bytes()).unwrap_err().to_string(),
            msg
        );
    }
}

pub(crate) fn small_event() -> Event {
    let mut ev = Event::new("春季赛", System::Swiss, 2, Settings::default()).unwrap();
    for p in csv_io::read_registrations(CHINESE.as_bytes()).unwrap() {
        ev.add_player(p).unwrap();
    }
    ev.pair_next().unwrap();
    for b in 1..=2 {
        ev.set_result(1, b, "B+R".parse().unwrap()).unwrap();
    }
    ev
}

#[test]
fn pairings_and_standings_out() {
    let ev = small_event();
    let pairings = csv_io::pairings(&ev, None, Lang::Zh);
    let mut lines = pairings.lines();
    assert_eq!(lines.next(), Some("轮次,台次,黑方,黑方段位,白方,白方段位,结果"));
    let rows: Vec<Vec<String>> = csv::Reader::from_reader(pairings.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    assert_eq!(rows.len(), 3);
    for r in &ev.rounds()[0].games {
        let row = rows.iter().find(|x| x[1] == r.board.to_string()).unwrap();
        assert_eq!(row[2], ev.player(r.black).name);
        assert_eq!(row[6], "B+R");
    }
    assert_eq!(rows[2][6], "轮空");
    let st = csv_io::standings(&ev, Lang::En);
    let header = st.lines().next().unwrap();
    assert_eq!(
        header,
        "place,name,rank,club,points,wins,draws,losses,points,sos,warnings,lots"
    );
    let standings = ev.standings();
    for (line, row) in st.lines().skip(1).zip(&standings.rows) {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f[0], row.place.to_string());
        assert_eq!(f[1], ev.player(row.player).name);
        assert_eq!(f[4], row.stats.points.to_string());
    }
}

/// Issue 15: bounds where registrations arrive. A cell beyond `formats::limits`, a name
/// beyond the tournament crate's, a rating that is no number of any scale (which the cast
/// made 0 or i32::MAX), and a file beyond the size read in are refused, naming the line.
#[test]
fn oversized_cells_names_and_absurd_ratings_are_refused_by_line() {
    use formats::limits::{MAX_FIELD_BYTES, MAX_FILE_BYTES};
    let mut out = String::new();
    let long_club = "c".repeat(MAX_FIELD_BYTES + 1);
    let long_name = "名".repeat(101);
    for csv in [
        format!("name,rank,club\nLi,3d,{long_club}\n"),
        format!("name,rank\n{long_name},3d\n"),
        "name,rank,rating\nLi,3d,NaN\n".to_string(),
        "name,rank,rating\nLi,3d,inf\n".to_string(),
        "name,rank,rating\nLi,3d,1e30\n".to_string(),
        "name,rank,rating\nLi,3d,-10001\n".to_string(),
        format!("name,rank\n{}", "Li,3d\n".repeat(MAX_FILE_BYTES / 6 + 1)),
    ] {
        out += &format!("{}\n", csv_io::read_registrations(csv.as_bytes()).unwrap_err());
    }
    let ok = csv_io::read_registrations(format!("name,rank,rating\n{},3d,10000\n", "名".repeat(100)).as_bytes());
    assert_eq!(ok.map(|p| p[0].rating), Ok(Some(10_000)));
    let list = "name,rating,date\nLi,1e300,2024-01-01\n";
    out += &format!("{}\n", formats::ratings::read_list(list.as_bytes()).unwrap_err());
    expect_test::expect![[r#"
        too large: line 2, column 3 is 4097 bytes: a field holds at most 4096
        line 2: the name has 101 characters: at most 100
        line 2: Li: rating "NaN" is not a number
        line 2: Li: rating "inf" is not a number
        line 2: Li: rating 1e30 is outside -10000..=10000
        line 2: Li: rating -10001 is outside -10000..=10000
        too large: the CSV file is 16777228 bytes: at most 16777216 (16 MiB) are read
        line 2: Li: rating 1e300 is outside -10000..=10000
    "#]]
    .assert_eq(&out);
}

/// An .xlsx workbook is compressed: a small file can unpack to a sheet of millions of
/// cells. The sheet is read cell by cell and refused past `MAX_SHEET_CELLS`, and a cell
/// beyond `MAX_FIELD_BYTES` is refused, naming its row and column.
#[test]
fn a_workbook_that_unpacks_too_large_is_refused() {
    let book = |f: &dyn Fn(&mut rust_xlsxwriter::Worksheet)| {
        let mut wb = rust_xlsxwriter::Workbook::new();
        f(wb.add_worksheet());
        wb.save_to_buffer().unwrap()
    };
    let far = book(&|ws| {
        ws.write_string(0, 0, "name").unwrap();
        ws.write_string(0, 1, "rank").unwrap();
        ws.write_string(1_000_000, 16_000, "x").unwrap();
    });
    let long = book(&|ws| {
        ws.write_string(0, 0, "name").unwrap();
        ws.write_string(0, 1, "rank").unwrap();
        ws.write_string(1, 0, "x".repeat(5000)).unwrap();
    });
    let fine = book(&|ws| {
        ws.write_string(0, 0, "name").unwrap();
        ws.write_string(0, 1, "rank").unwrap();
        ws.write_string(2, 0, "Li").unwrap();
        ws.write_string(2, 1, "3d").unwrap();
    });
    let mut out = String::new();
    for b in [&far, &long] {
        out += &format!("{}\n", formats::xlsx::read_registrations(b).unwrap_err());
    }
    out += &show(&formats::xlsx::read_registrations(&fine).unwrap());
    expect_test::expect![[r#"
        too large: the first sheet has more than 1000000 cells (counting the empty ones before each cell)
        too large: row 2, column 1 is 5000 bytes: a field holds at most 4096
        Li 3d None None None"#]]
    .assert_eq(&out);
}
