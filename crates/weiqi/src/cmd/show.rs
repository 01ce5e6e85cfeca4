//! `weiqi show FILE [--move N] [--svg OUT]`: prints the board of a record as text, or
//! writes it as an SVG drawn to Art. 1 proportions: cells 2.3 wide × 2.4 tall, the nine
//! star points, the last move marked.

use crate::cmd::records::load;
use anyhow::Context as _;
use rules::{Board, BoardSize, Color, Game, Move, Point};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `weiqi show`.
#[derive(clap::Args)]
pub struct Args {
    /// The record to show.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Show the position after N moves (default: the end of the main line).
    #[arg(long = "move", value_name = "N")]
    upto: Option<usize>,
    /// Write an SVG drawing to OUT (`-` for standard output) instead of printing text.
    #[arg(long, value_name = "OUT")]
    svg: Option<PathBuf>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let record = load(&args.file)?;
    let replay = record.replay(record.rules(), args.upto);
    if let Some(p) = replay.problem {
        eprintln!(
            "weiqi: {}: {}; showing the position before it",
            args.file.display(),
            p.breaks_a_rule(record.size)
        );
    }
    let game = &replay.game;
    let last = game.history().last().and_then(|e| match e.mv {
        Move::Play(p) => Some(p),
        Move::Pass => None,
    });
    match &args.svg {
        Some(out) => {
            let svg = svg(game.board(), last);
            if out.as_os_str() == "-" {
                print!("{svg}");
            } else {
                std::fs::write(out, svg).with_context(|| format!("{}: cannot write", out.display()))?;
            }
        }
        None => print!("{}", text(&record, game, last)),
    }
    Ok(if replay.problem.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The column letters of GTP: A–Z without I.
fn column_letter(x: u8) -> char {
    let c = b'A' + x;
    (if c >= b'I' { c + 1 } else { c }) as char
}

/// The board as text: `X` black, `O` white, `+` star points, `.` empty, the last move in
/// parentheses, coordinates on all four sides; a header with the players and the move.
fn text(record: &sgf::Record, game: &Game, last: Option<Point>) -> String {
    let board = game.board();
    let size = board.size();
    let n = size.get();
    let stars = size.star_points();
    let info = &record.info;
    let mut s = String::new();
    let name = |p: &sgf::Player| {
        let mut t = p.name.clone().unwrap_or_else(|| "?".to_string());
        if let Some(r) = &p.rank {
            t += &format!(" ({r})");
        }
        t
    };
    let _ = writeln!(s, "Black: {}   White: {}", name(&info.black), name(&info.white));
    let moves = game.history().len();
    let last_text = match game.history().last() {
        Some(e) => format!(", last {} {}", e.color.letter(), e.mv.gtp(size)),
        None => String::new(),
    };
    let _ = writeln!(
        s,
        "Move {moves}{last_text}; {} to play; captured: black {}, white {}",
        game.to_move(),
        board.captures(Color::Black),
        board.captures(Color::White)
    );
    let letters: String = (0..n).map(|x| format!(" {}", column_letter(x))).collect();
    let _ = writeln!(s, "   {letters}");
    for y in 0..n {
        let row = n - y;
        let _ = write!(s, "{row:>2} ");
        for x in 0..n {
            let p = Point::new(x, y);
            let sep = if last == Some(p) {
                '('
            } else if x > 0 && last == Some(Point::new(x - 1, y)) {
                ')'
            } else {
                ' '
            };
            let ch = match board.get(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if stars.contains(&p) => '+',
                None => '.',
            };
            s.push(sep);
            s.push(ch);
        }
        let end = if last == Some(Point::new(n - 1, y)) { ')' } else { ' ' };
        let _ = writeln!(s, "{end}{row:<2}");
    }
    let _ = writeln!(s, "   {letters}");
    s
}

/// Art. 1: cells 2.3 wide × 2.4 tall. Units are millimetres (the drawing's user units).
const CELL_W: f64 = 23.0;
const CELL_H: f64 = 24.0;
/// Art. 32: stones 2.25–2.35 cm across; drawn 2.25 cm, so that neighbours do not touch.
const STONE_R: f64 = 11.25;
/// Room for the coordinates around the grid.
const MARGIN: f64 = 30.0;

/// The board as an SVG drawing: grid, star points, stones, the last move marked, coordinates.
fn svg(board: &Board, last: Option<Point>) -> String {
    let size: BoardSize = board.size();
    let n = size.get();
    let span_w = CELL_W * (n as f64 - 1.0);
    let span_h = CELL_H * (n as f64 - 1.0);
    let (w, h) = (span_w + 2.0 * MARGIN, span_h + 2.0 * MARGIN);
    let px = |x: u8| MARGIN + CELL_W * x as f64;
    let py = |y: u8| MARGIN + CELL_H * y as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">"##
    );
    let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#e3c16f"/>"##);
    let _ = writeln!(s, r##"<g stroke="#000" stroke-width="0.8">"##);
    for i in 0..n {
        let _ = writeln!(
            s,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            px(0),
            py(i),
            px(n - 1),
            py(i)
        );
        let _ = writeln!(
            s,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            px(i),
            py(0),
            px(i),
            py(n - 1)
        );
    }
    let _ = writeln!(s, "</g>");
    for p in size.star_points() {
        let _ = writeln!(
            s,
            r##"<circle cx="{}" cy="{}" r="2.2" fill="#000"/>"##,
            px(p.x),
            py(p.y)
        );
    }
    let _ = writeln!(
        s,
        r##"<g font-family="sans-serif" font-size="9" text-anchor="middle" fill="#000">"##
    );
    for i in 0..n {
        let letter = column_letter(i);
        let row = n - i;
        let _ = writeln!(s, r#"<text x="{}" y="{}">{letter}</text>"#, px(i), MARGIN / 2.0);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{letter}</text>"#,
            px(i),
            h - MARGIN / 2.0 + 6.0
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{row}</text>"#,
            MARGIN / 2.0 - 2.0,
            py(i) + 3.0
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{row}</text>"#,
            w - MARGIN / 2.0 + 2.0,
            py(i) + 3.0
        );
    }
    let _ = writeln!(s, "</g>");
    for p in size.points() {
        let Some(c) = board.get(p) else { continue };
        let (fill, stroke) = match c {
            Color::Black => ("#111", "#000"),
            Color::White => ("#fafafa", "#333"),
        };
        let _ = writeln!(
            s,
            r#"<circle cx="{}" cy="{}" r="{STONE_R}" fill="{fill}" stroke="{stroke}" stroke-width="0.6"/>"#,
            px(p.x),
            py(p.y)
        );
    }
    if let Some(p) = last {
        let mark = match board.get(p) {
            Some(Color::Black) => "#fafafa",
            _ => "#111",
        };
        let _ = writeln!(
            s,
            r#"<circle class="last-move" cx="{}" cy="{}" r="{}" fill="none" stroke="{mark}" stroke-width="1.6"/>"#,
            px(p.x),
            py(p.y),
            STONE_R / 2.0
        );
    }
    s += "</svg>\n";
    s
}
