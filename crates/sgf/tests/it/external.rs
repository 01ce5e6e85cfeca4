//! Other programs read what we write: GNU Go (`loadsgf`), sgfmill (Python) and Sabaki's
//! parser `@sabaki/sgf` (Node).
//!
//! The tools must be installed (`cargo xtask setup` does it): `apt-get install -y
//! --no-install-recommends gnugo`, `pip install sgfmill`, and `npm ci --omit=optional
//! --prefix crates/sgf/tests/sabaki`. A missing tool fails the test with that command.

use crate::roundtrip::random_game;
use rules::{BoardSize, Color, Game, Point};
use sgf::{Actor, GameInfo, NoteKind, Player, Record, RefereeNote};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Games to hand to the tools: 19×19 and 9×9, even and handicap, ending in passes or not,
/// with comments, times and referee notes.
fn records() -> Vec<(Game, Record)> {
    let mut out = Vec::new();
    for (i, (size, start, moves)) in [(19u8, 0u8, 250usize), (19, 1, 120), (9, 0, 400), (9, 2, 60), (13, 1, 0)]
        .into_iter()
        .enumerate()
    {
        let game = random_game(size, 1000 + i as u64, moves, start, 15, false);
        let info = GameInfo {
            black: Player {
                name: Some("常昊 [Chang Hao]".to_string()),
                rank: Some("9p".to_string()),
            },
            white: Player {
                name: Some("Back\\slash".to_string()),
                rank: None,
            },
            event: Some("Round-trip test: ]\\:".to_string()),
            ..GameInfo::default()
        };
        let mut record = Record::from_game(&game, info);
        let line = record.main_line();
        for (k, &id) in line.iter().enumerate().skip(1) {
            let node = record.node_mut(id);
            let Some((color, _)) = node.mv else { continue };
            node.time_left[color.index()] = Some(1800.0 - k as f64 * 1.25);
            if k % 10 == 0 {
                node.periods_left[color.index()] = Some(5);
            }
            if k % 17 == 0 {
                node.comment = Some(format!("move {k}: a comment with ] and \\ and a\nsecond line"));
            }
            if k % 23 == 0 {
                node.notes.push(RefereeNote {
                    kind: NoteKind::Warning,
                    color: Some(color),
                    article: Some("17.4".to_string()),
                    actor: Actor::Referee,
                    point: None,
                    text: "clock pressed early: a warning".to_string(),
                });
            }
        }
        out.push((game, record));
    }
    out
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sgf-it-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn stones(game: &Game, color: Color) -> Vec<Point> {
    let mut v: Vec<Point> = game
        .rules()
        .size
        .points()
        .filter(|&p| game.board().get(p) == Some(color))
        .collect();
    v.sort();
    v
}

fn find_gnugo() -> PathBuf {
    for dir in std::env::var("PATH")
        .unwrap_or_default()
        .split(':')
        .chain(["/usr/games"])
    {
        let p = Path::new(dir).join("gnugo");
        if p.is_file() {
            return p;
        }
    }
    panic!("GNU Go is not installed: apt-get install -y --no-install-recommends gnugo");
}

#[test]
fn gnu_go_loads_what_we_write() {
    let gnugo = find_gnugo();
    for (i, (game, record)) in records().into_iter().enumerate() {
        let path = temp_file(&format!("gnugo-{i}.sgf"), &sgf::write(&record));
        let mut child = Command::new(&gnugo)
            .args(["--mode", "gtp", "--level", "0"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let script = format!(
            "loadsgf {}\nlist_stones black\nlist_stones white\nquit\n",
            path.display()
        );
        child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let answers: Vec<&str> = stdout.split("\n\n").map(str::trim).filter(|s| !s.is_empty()).collect();
        assert!(
            answers.len() >= 3 && answers.iter().take(3).all(|a| a.starts_with('=')),
            "GNU Go refused {}:\n{stdout}\n{stderr}",
            path.display()
        );
        assert!(
            !stderr.contains("WARNING"),
            "GNU Go warned on {}: {stderr}",
            path.display()
        );
        let size = record.size;
        let to_move = if game.to_move() == Color::Black {
            "black"
        } else {
            "white"
        };
        assert_eq!(answers[0], format!("= {to_move}"), "{}", path.display());
        for (answer, color) in [(answers[1], Color::Black), (answers[2], Color::White)] {
            let mut theirs: Vec<Point> = answer
                .trim_start_matches('=')
                .split_whitespace()
                .map(|v| size.parse_gtp(v).unwrap())
                .collect();
            theirs.sort();
            assert_eq!(theirs, stones(&game, color), "{} {color}", path.display());
        }
    }
}

const SGFMILL_SCRIPT: &str = r#"
import sys
from sgfmill import sgf, boards
game = sgf.Sgf_game.from_bytes(open(sys.argv[1], 'rb').read())
root = game.get_root()
board = boards.Board(game.get_size())
ab, aw, ae = root.get_setup_stones()
for r, c in ab: board.play(r, c, 'b')
for r, c in aw: board.play(r, c, 'w')
n = 0
for node in game.get_main_sequence():
    colour, move = node.get_move()
    if colour is None:
        continue
    n += 1
    if move is not None:
        board.play(move[0], move[1], colour)
print('size', game.get_size())
print('komi', game.get_komi())
print('handicap', game.get_handicap())
print('PB', root.get('PB'))
print('EV', root.get('EV'))
print('charset', root.get('CA'))
print('moves', n)
for colour in 'bw':
    pts = sorted((game.get_size() - 1 - r, c) for (col, (r, c)) in board.list_occupied_points() if col == colour)
    print(colour, ' '.join('%d,%d' % (x, y) for (y, x) in pts))
"#;

#[test]
fn sgfmill_reads_what_we_write() {
    let ok = Command::new("python3").args(["-c", "import sgfmill"]).status();
    assert!(
        ok.is_ok_and(|s| s.success()),
        "python3 with sgfmill is needed: pip install sgfmill"
    );
    for (i, (game, record)) in records().into_iter().enumerate() {
        let path = temp_file(&format!("sgfmill-{i}.sgf"), &sgf::write(&record));
        let out = Command::new("python3")
            .args(["-c", SGFMILL_SCRIPT])
            .arg(&path)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "sgfmill refused {}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let fmt = |c: Color| {
            stones(&game, c)
                .iter()
                .map(|p| format!("{},{}", p.x, p.y))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let expected = format!(
            "size {}\nkomi {}\nhandicap {}\nPB 常昊 [Chang Hao]\nEV Round-trip test: ]\\:\ncharset UTF-8\nmoves {}\nb {}\nw {}\n",
            BoardSize::get(record.size),
            game.rules().komi.points(),
            if game.handicap() > 0 {
                game.handicap().to_string()
            } else {
                "None".to_string()
            },
            game.history().len(),
            fmt(Color::Black),
            fmt(Color::White),
        );
        assert_eq!(stdout, expected, "{}", path.display());
    }
}

/// The folder of the Sabaki check: `read.js` and its `node_modules`.
fn sabaki_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki");
    assert!(
        dir.join("node_modules/@sabaki/sgf").is_dir(),
        "Sabaki's SGF parser is needed: npm ci --omit=optional --prefix {} (cargo xtask setup does it)",
        dir.display()
    );
    dir
}

#[test]
fn sabaki_reads_what_we_write() {
    let dir = sabaki_dir();
    for (i, (_, record)) in records().into_iter().enumerate() {
        let path = temp_file(&format!("sabaki-{i}.sgf"), &sgf::write(&record));
        let out = Command::new("node")
            .arg(dir.join("read.js"))
            .arg(&path)
            .output()
            .unwrap_or_else(|e| panic!("node is needed (apt-get install nodejs): {e}"));
        assert!(
            out.status.success(),
            "Sabaki refused {}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let info = &record.info;
        let mut expected = format!("CA UTF-8\nSZ {}\n", record.size);
        expected += &format!("KM {}\n", info.komi.unwrap());
        if info.handicap > 0 {
            expected += &format!("HA {}\n", info.handicap);
        }
        expected += &format!(
            "PB {}\nPW {}\nEV {}\n",
            "常昊 [Chang Hao]", "Back\\slash", "Round-trip test: ]\\:"
        );
        let root = record.root();
        for (id, points) in [("AB", &root.add_black), ("AW", &root.add_white)] {
            if !points.is_empty() {
                let mut v: Vec<String> = points.iter().map(|p| p.sgf()).collect();
                v.sort();
                expected += &format!("{id} {}\n", v.join(" "));
            }
        }
        let (mut comments, mut notes) = (0, 0);
        for id in record.main_line() {
            let node = record.node(id);
            if let Some((c, mv)) = node.mv {
                let v = match mv {
                    rules::Move::Play(p) => p.sgf(),
                    rules::Move::Pass => String::new(),
                };
                expected += &format!("{} {v}\n", c.letter());
            }
            comments += usize::from(node.comment.is_some() || !node.notes.is_empty());
            notes += node.notes.len();
        }
        expected += &format!("comments {comments}\nnotes {notes}\n");
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{}", path.display());
    }
}
