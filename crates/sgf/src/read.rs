//! From raw trees to records: what each property means, and what to do with odd values.

use crate::decode::decode;
use crate::record::{
    Actor, GameInfo, Node, NodeId, NoteKind, Position, Property, Re, Record, RefereeNote, SgfError, Warning,
};
use crate::syntax::{self, NONE, RawTree};
use crate::text::{
    loose_real, parse_duration, simple_text, split_compose, strict_number, strict_real, text as text_value,
};
use rules::{BoardSize, Color, GameResult, HalfPoints, Move, Point, WinBy};

/// The largest input the reader accepts, in bytes (32 MiB: far beyond any real record, small
/// enough that a runaway file is refused before it costs memory).
pub const MAX_BYTES: usize = 32 << 20;

/// The most nodes the reader accepts in one input.
pub const MAX_NODES: usize = 2_000_000;

/// Reads the first game of an SGF file (bytes in any of the encodings records use).
///
/// A file holding several games yields the first, with a warning; see [`parse_collection`].
pub fn parse(bytes: &[u8]) -> Result<Record, SgfError> {
    check_size(bytes)?;
    let decoded = decode(bytes);
    let collection = syntax::parse(&decoded.text, MAX_NODES)?;
    let mut warnings = file_warnings(decoded.warning, collection.trailing);
    // `syntax::parse` fails rather than return no tree; this is for completeness.
    let Some(first) = collection.trees.first() else {
        return Err(SgfError::NoGameTree {
            at: Position { line: 1, column: 1 },
        });
    };
    if let Some(second) = collection.trees.get(1) {
        warnings.push(Warning {
            at: second.nodes[0].at,
            message: format!(
                "the file holds {} games; only the first is read",
                collection.trees.len()
            ),
        });
    }
    interpret(first, warnings)
}

/// Reads every game of an SGF collection. Warnings about the file as a whole (its encoding,
/// text after the last game) go on every record.
pub fn parse_collection(bytes: &[u8]) -> Result<Vec<Record>, SgfError> {
    check_size(bytes)?;
    let decoded = decode(bytes);
    let collection = syntax::parse(&decoded.text, MAX_NODES)?;
    let warnings = file_warnings(decoded.warning, collection.trailing);
    collection
        .trees
        .iter()
        .map(|t| interpret(t, warnings.clone()))
        .collect()
}

fn check_size(bytes: &[u8]) -> Result<(), SgfError> {
    if bytes.len() > MAX_BYTES {
        return Err(SgfError::TooLarge {
            bytes: bytes.len(),
            limit: MAX_BYTES,
        });
    }
    Ok(())
}

fn file_warnings(encoding: Option<Warning>, trailing: Option<Position>) -> Vec<Warning> {
    let mut warnings: Vec<Warning> = encoding.into_iter().collect();
    if let Some(at) = trailing {
        warnings.push(Warning {
            at,
            message: "text after the last game tree is ignored".to_string(),
        });
    }
    warnings
}

/// The game-info properties, read from the main line only.
const GAME_INFO: &[&str] = &[
    "PB", "PW", "BR", "WR", "EV", "RO", "PC", "DT", "RU", "RE", "KM", "HA", "TM", "OT",
];

struct Reader {
    size: BoardSize,
    warnings: Vec<Warning>,
    info: GameInfo,
    seen_info: Vec<&'static str>,
}

fn interpret(tree: &RawTree<'_>, warnings: Vec<Warning>) -> Result<Record, SgfError> {
    let mut r = Reader {
        size: BoardSize::STANDARD,
        warnings,
        info: GameInfo::default(),
        seen_info: Vec::new(),
    };
    r.read_root(tree)?;
    let mut on_main = vec![false; tree.nodes.len()];
    let mut i = 0;
    while i != NONE {
        on_main[i] = true;
        i = tree.nodes[i].first_child;
    }
    let mut record = Record::new(r.size, GameInfo::default());
    record.reserve(tree.nodes.len());
    // Arena order keeps every parent before its children, so ids can be mapped in one pass.
    let mut ids = Vec::with_capacity(tree.nodes.len());
    for i in 0..tree.nodes.len() {
        let node = r.read_node(tree, i, on_main[i])?;
        let id = if i == 0 {
            *record.root_mut() = node;
            NodeId::ROOT
        } else {
            record.add_child(ids[tree.nodes[i].parent], node)
        };
        ids.push(id);
    }
    record.info = r.info;
    record.warnings = r.warnings;
    record.warnings.sort_by_key(|w| w.at);
    Ok(record)
}

impl Reader {
    fn warn(&mut self, at: Position, message: String) {
        self.warnings.push(Warning { at, message });
    }

    /// The root properties that decide how the rest is read: `GM`, `FF`, `SZ`.
    fn read_root(&mut self, tree: &RawTree<'_>) -> Result<(), SgfError> {
        for p in tree.props_of(0) {
            let Some(v) = tree.values_of(p).first() else { continue };
            let (raw, at) = (v.text, v.at);
            match p.ident.as_ref() {
                "GM" if raw.trim() != "1" => {
                    return Err(SgfError::NotGo {
                        game: raw.to_string(),
                        at,
                    });
                }
                "FF" if !matches!(raw.trim(), "1" | "2" | "3" | "4") => {
                    self.warn(at, format!("unknown format FF[{raw}]; read as FF[4]"));
                }
                "SZ" => {
                    let v = raw.trim();
                    if v.contains(':') {
                        return Err(SgfError::BadSize {
                            value: raw.to_string(),
                            reason: "only square boards can be played".to_string(),
                            at,
                        });
                    }
                    let n = match strict_number(v) {
                        Some(n) => n,
                        None => match loose_real(v).filter(|f| f.fract() == 0.0 && f.abs() < 1e6) {
                            Some(f) => {
                                self.warn(at, format!("SZ[{raw}] is not a valid SGF number; read as {f}"));
                                f as i64
                            }
                            None => {
                                // Not a number at all: the default, and the moves will tell.
                                self.warn(at, format!("SZ[{raw}] is not a number; read as 19"));
                                19
                            }
                        },
                    };
                    self.size = u8::try_from(n)
                        .map_err(|_| rules::BoardSizeError(n.clamp(0, u32::MAX as i64) as u32))
                        .and_then(BoardSize::new)
                        .map_err(|e| SgfError::BadSize {
                            value: raw.to_string(),
                            reason: e.to_string(),
                            at,
                        })?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn read_node(&mut self, tree: &RawTree<'_>, i: usize, on_main: bool) -> Result<Node, SgfError> {
        let is_root = i == 0;
        let mut node = Node::default();
        let mut move_at = None;
        for p in tree.props_of(i) {
            let ident = p.ident.as_ref();
            let values = tree.values_of(p);
            let Some(v) = values.first() else { continue };
            let (first, at) = (v.text, v.at);
            let keep = |node: &mut Node| {
                node.other.push(Property {
                    ident: ident.to_string(),
                    values: values.iter().map(|v| v.text.to_string()).collect(),
                })
            };
            match ident {
                "B" | "W" => {
                    let color = if ident == "B" { Color::Black } else { Color::White };
                    if let Some(prev) = move_at {
                        return Err(SgfError::BadMove {
                            ident: ident.to_string(),
                            value: first.to_string(),
                            reason: format!("the node already has a move (at {prev})"),
                            at: p.at,
                        });
                    }
                    if values.len() > 1 {
                        return Err(SgfError::BadMove {
                            ident: ident.to_string(),
                            value: first.to_string(),
                            reason: format!("a move has one value, this one has {}", values.len()),
                            at: p.at,
                        });
                    }
                    let mv = parse_move(first, self.size).map_err(|reason| SgfError::BadMove {
                        ident: ident.to_string(),
                        value: first.to_string(),
                        reason,
                        at,
                    })?;
                    node.mv = Some((color, mv));
                    move_at = Some(p.at);
                }
                "AB" | "AW" | "AE" => {
                    let mut points = Vec::new();
                    for v in values {
                        match parse_point_list(v.text, self.size) {
                            Ok(mut ps) => points.append(&mut ps),
                            Err(e) => self.warn(v.at, format!("{ident}[{}] ignored: {e}", v.text)),
                        }
                    }
                    let list = match ident {
                        "AB" => &mut node.add_black,
                        "AW" => &mut node.add_white,
                        _ => &mut node.add_empty,
                    };
                    list.extend(points);
                }
                "PL" => match parse_color(first) {
                    Some(c) => node.to_play = Some(c),
                    None => {
                        self.warn(at, format!("PL[{first}] is not a colour; ignored"));
                        keep(&mut node);
                    }
                },
                "C" => {
                    let mut s = text_value(first);
                    if let Some(old) = node.comment.take() {
                        s = old + "\n" + &s;
                    }
                    node.comment = Some(s);
                }
                "BL" | "WL" => {
                    let c = if ident == "BL" { Color::Black } else { Color::White };
                    if let Some(v) = strict_real(first.trim()) {
                        node.time_left[c.index()] = Some(v);
                    } else if let Some(v) = parse_duration(first) {
                        self.warn(
                            at,
                            format!("{ident}[{first}] is not a number of seconds; read as {v} s"),
                        );
                        node.time_left[c.index()] = Some(v);
                    } else {
                        self.warn(
                            at,
                            format!("{ident}[{first}] is not a number of seconds; kept as written"),
                        );
                        keep(&mut node);
                    }
                }
                "OB" | "OW" => {
                    let c = if ident == "OB" { Color::Black } else { Color::White };
                    match strict_number(first.trim()).and_then(|n| u32::try_from(n).ok()) {
                        Some(n) => node.periods_left[c.index()] = Some(n),
                        None => {
                            self.warn(at, format!("{ident}[{first}] is not a count; kept as written"));
                            keep(&mut node);
                        }
                    }
                }
                crate::write::NOTE_PROPERTY => {
                    for v in values {
                        match parse_note(v.text, self.size) {
                            Ok(n) => node.notes.push(n),
                            Err(e) => {
                                self.warn(
                                    v.at,
                                    format!("{ident}[{}] is not a referee note ({e}); kept as written", v.text),
                                );
                                node.other.push(Property {
                                    ident: ident.to_string(),
                                    values: vec![v.text.to_string()],
                                });
                            }
                        }
                    }
                }
                "FF" | "CA" | "GM" | "SZ" | "AP" if is_root => {}
                _ if on_main && GAME_INFO.contains(&ident) => {
                    if values.len() == 1 && simple_text(first).is_empty() {
                        // `DT[]`: no information, so it neither counts as given nor is kept
                        // (found by fuzzing: an empty first `DT` hid a second one).
                        continue;
                    }
                    let name = GAME_INFO.iter().find(|&&g| g == ident).copied().unwrap_or("");
                    if self.seen_info.contains(&name) {
                        self.warn(at, format!("{ident} given twice; the second is kept as written"));
                        keep(&mut node);
                        continue;
                    }
                    self.seen_info.push(name);
                    if values.len() > 1 {
                        self.warn(at, format!("{ident} has {} values; the first is used", values.len()));
                    }
                    if !self.read_info(ident, first, at) {
                        keep(&mut node);
                    }
                }
                _ => keep(&mut node),
            }
        }
        if !node.notes.is_empty()
            && let Some(c) = &node.comment
        {
            let block = node
                .notes
                .iter()
                .map(|n| n.describe(self.size))
                .collect::<Vec<_>>()
                .join("\n");
            if *c == block {
                node.comment = None;
            } else if let Some(rest) = c.strip_suffix(&block).and_then(|r| r.strip_suffix("\n\n")) {
                node.comment = Some(rest.to_string());
            }
        }
        Ok(node)
    }

    /// Reads one game-info property into `self.info`. Returns false when the value could
    /// not be read and the property should be kept as written.
    fn read_info(&mut self, ident: &str, raw: &str, at: Position) -> bool {
        let simple = || {
            let s = simple_text(raw);
            (!s.is_empty()).then_some(s)
        };
        match ident {
            "PB" => self.info.black.name = simple(),
            "PW" => self.info.white.name = simple(),
            "BR" => self.info.black.rank = simple(),
            "WR" => self.info.white.rank = simple(),
            "EV" => self.info.event = simple(),
            "RO" => self.info.round = simple(),
            "PC" => self.info.place = simple(),
            "DT" => self.info.date = simple(),
            "RU" => self.info.rules = simple(),
            "OT" => self.info.overtime = simple(),
            "KM" => {
                self.info.komi = self.komi(raw, at);
                return self.info.komi.is_some();
            }
            // More stones than the largest board (25 × 25) has points is no handicap: a
            // number like 1500000000 would overflow the score's arithmetic downstream.
            "HA" => match strict_number(raw.trim())
                .and_then(|n| u32::try_from(n).ok())
                .filter(|&n| n <= 25 * 25)
            {
                Some(n) => self.info.handicap = n,
                None => {
                    self.warn(
                        at,
                        format!("HA[{raw}] is not a number of stones (0 to 625); kept as written"),
                    );
                    return false;
                }
            },
            "TM" => {
                if let Some(v) = strict_real(raw.trim()) {
                    self.info.main_time = Some(v);
                } else if let Some(v) = parse_duration(raw) {
                    self.warn(at, format!("TM[{raw}] is not a number of seconds; read as {v} s"));
                    self.info.main_time = Some(v);
                } else {
                    self.warn(at, format!("TM[{raw}] is not a number of seconds; kept as written"));
                    return false;
                }
            }
            "RE" => {
                let s = simple_text(raw);
                match Re::read_re(&s) {
                    Ok((r, None)) => self.info.result = Some(r),
                    Ok((r, Some(note))) => {
                        self.warn(at, format!("RE[{raw}] is not standard SGF; {note}"));
                        self.info.result = Some(r);
                    }
                    Err(_) => {
                        self.warn(at, format!("RE[{raw}] is not a result; kept as written"));
                        return false;
                    }
                }
            }
            _ => return false,
        }
        true
    }

    /// `KM`: a real in points, read leniently (`KM[5.]`), with the Fox server's quirk of
    /// writing komi in hundredths of stones (`KM[375]` = 3¾ stones = 7.5 points, Art. 11).
    fn komi(&mut self, raw: &str, at: Position) -> Option<HalfPoints> {
        let s = raw.trim();
        let v = match strict_real(s) {
            Some(v) => v,
            None => match loose_real(s) {
                Some(v) => {
                    self.warn(at, format!("KM[{raw}] is not a valid SGF real; read as {v}"));
                    v
                }
                None => {
                    self.warn(at, format!("KM[{raw}] is not a number; kept as written"));
                    return None;
                }
            },
        };
        let mut points = v;
        if points.abs() > 150.0 {
            // No komi in points is this large: the Fox server writes hundredths.
            points /= 100.0;
        }
        let quarters = points * 4.0;
        if (points * 2.0).fract() != 0.0 && quarters.fract() == 0.0 {
            // A quarter is a komi in stones (3¾ stones): twice that in points.
            points *= 2.0;
        }
        if points != v {
            self.warn(
                at,
                format!("KM[{raw}] read as {points} points (komi written in stones or hundredths of stones)"),
            );
        }
        match HalfPoints::from_points(points) {
            Ok(k) => Some(k),
            Err(e) => {
                self.warn(at, format!("KM[{raw}]: {e}; kept as written"));
                None
            }
        }
    }
}

/// A move value: a point, or a pass (`[]`, and `[tt]` on boards up to 19×19). White space
/// inside the value is dropped: old records wrap lines inside values (`W[oq⏎]`).
pub(crate) fn parse_move(raw: &str, size: BoardSize) -> Result<Move, String> {
    let squeezed: String;
    let v = if raw.bytes().any(|b| b.is_ascii_whitespace()) {
        squeezed = raw.chars().filter(|c| !c.is_whitespace()).collect();
        squeezed.as_str()
    } else {
        raw
    };
    if v.is_empty() || (v == "tt" && size.get() <= 19) {
        return Ok(Move::Pass);
    }
    size.parse_sgf(v).map(Move::Play).map_err(|e| e.to_string())
}

/// A point or a compressed rectangle of points (`aa:cc`, FF[4]).
fn parse_point_list(raw: &str, size: BoardSize) -> Result<Vec<Point>, String> {
    let v: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    match v.split_once(':') {
        None => size.parse_sgf(&v).map(|p| vec![p]).map_err(|e| e.to_string()),
        Some((a, b)) => {
            let a = size.parse_sgf(a).map_err(|e| e.to_string())?;
            let b = size.parse_sgf(b).map_err(|e| e.to_string())?;
            let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
            let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
            Ok((y0..=y1)
                .flat_map(|y| (x0..=x1).map(move |x| Point::new(x, y)))
                .collect())
        }
    }
}

fn parse_color(raw: &str) -> Option<Color> {
    match raw.trim() {
        "B" | "b" => Some(Color::Black),
        "W" | "w" => Some(Color::White),
        _ => None,
    }
}

/// `RE`: the result, and a note when the value was read leniently. `Err` when it is not a
/// result at all. Public as [`Re::read_re`] and [`Re::from_re`].
pub(crate) fn parse_result(s: &str) -> Result<(Re, Option<String>), ()> {
    let upper = s.to_ascii_uppercase();
    match upper.as_str() {
        "0" | "DRAW" => return Ok((Re::Known(GameResult::Draw), None)),
        "JIGO" => return Ok((Re::Known(GameResult::Draw), Some("read as a draw".to_string()))),
        "VOID" => return Ok((Re::Known(GameResult::NoResult), None)),
        "?" => return Ok((Re::Unknown, None)),
        _ => {}
    }
    let winner = match upper.get(..2) {
        Some("B+") => Color::Black,
        Some("W+") => Color::White,
        _ => {
            let (result, note) = chinese_result(s).or_else(|()| prose_result(&upper))?;
            return Ok((Re::Known(result), note));
        }
    };
    let rest = s[2..].trim();
    let rest_upper = rest.to_ascii_uppercase();
    let win = |by| Re::Known(GameResult::Win { winner, by });
    let by = match rest_upper.as_str() {
        "" => WinBy::Unstated,
        "R" | "RESIGN" | "RESIGNATION" => WinBy::Resignation,
        "T" | "TIME" => WinBy::Time,
        "F" | "FORFEIT" => WinBy::Forfeit,
        _ => {
            if let Some(v) = strict_real(rest)
                && let Ok(p) = HalfPoints::from_points(v)
                && p.0 >= 0
            {
                WinBy::Points(p)
            } else if rest_upper.starts_with("R ") || rest_upper.starts_with("R(") || rest_upper == "R." {
                return Ok((
                    win(WinBy::Resignation),
                    Some("read as a win by resignation".to_string()),
                ));
            } else {
                return Ok((
                    Re::Other {
                        winner,
                        by: rest.to_string(),
                    },
                    Some(format!("\"{rest}\" kept as the way of winning")),
                ));
            }
        }
    };
    Ok((win(by), None))
}

/// A result written in Chinese, as Chinese records write it: `黑中盘胜` (Black wins by
/// resignation), `白胜1/4子` and `黑胜3又3/4子` (a margin in stones, Art. 11: twice that in
/// points), `黑胜2目半` (a margin in points), `白超时胜` (on time), `和棋` (a draw),
/// traditional characters too.
fn chinese_result(s: &str) -> Result<(GameResult, Option<String>), ()> {
    let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    let result = if matches!(t.as_str(), "和棋" | "和" | "平局" | "和局") {
        GameResult::Draw
    } else if matches!(t.as_str(), "无胜负" | "無勝負") {
        GameResult::NoResult
    } else {
        let winner = match t.chars().next() {
            Some('黑') => Color::Black,
            Some('白') => Color::White,
            _ => return Err(()),
        };
        if !t.contains(['胜', '勝', '赢', '贏']) {
            return Err(());
        }
        let by = if t.contains("中盘") || t.contains("中盤") {
            WinBy::Resignation
        } else if t.contains("超时") || t.contains("超時") {
            WinBy::Time
        } else if t.contains("弃权") || t.contains("棄權") || t.contains("不战") || t.contains("不戰") {
            WinBy::Forfeit
        } else {
            let after = t.split(['胜', '勝', '赢', '贏']).nth(1).unwrap_or("");
            match chinese_margin(after) {
                Some(p) => WinBy::Points(p),
                None if after.is_empty() => WinBy::Unstated,
                None => return Err(()),
            }
        };
        GameResult::Win { winner, by }
    };
    let note = format!("read as {result}");
    Ok((result, Some(note)))
}

/// A margin after 胜: `3又3/4子`, `1/4子`, `2子`, `2目半`, `2.5目`, `6.5点`.
fn chinese_margin(s: &str) -> Option<HalfPoints> {
    if let Some(stones) = s.strip_suffix('子') {
        // Stones: whole [又 fraction] or fraction; a stone is two points.
        let (whole, frac) = match stones.split_once('又') {
            Some((w, f)) => (w, f),
            None if stones.contains('/') => ("0", stones),
            None => (stones, ""),
        };
        // Checked arithmetic: the numbers come from the file.
        let mut quarters = whole.parse::<i64>().ok()?.checked_mul(4)?;
        if !frac.is_empty() {
            let (n, d) = frac.split_once('/')?;
            let (n, d): (i64, i64) = (n.parse().ok()?, d.parse().ok()?);
            let n4 = n.checked_mul(4)?;
            if d == 0 || n4 % d != 0 {
                return None;
            }
            quarters = quarters.checked_add(n4 / d)?;
        }
        // A quarter stone is half a point; `from_points` bounds the amount as for points.
        return HalfPoints::from_points(quarters as f64 / 2.0).ok();
    }
    let points = s
        .strip_suffix('目')
        .or_else(|| s.strip_suffix('点'))
        .or_else(|| s.strip_suffix('點'));
    let (num, half) = match points {
        Some(p) => (p, false),
        None => (s.strip_suffix("目半").or_else(|| s.strip_suffix("点半"))?, true),
    };
    let v: f64 = num.parse().ok()?;
    let p = HalfPoints::from_points(v).ok()?;
    Some(HalfPoints(p.0 + i32::from(half)))
}

/// A result written as prose: `White wins by resignation`, `Black wins by 2.5 points`.
fn prose_result(upper: &str) -> Result<(GameResult, Option<String>), ()> {
    let winner = if upper.starts_with("BLACK") {
        Color::Black
    } else if upper.starts_with("WHITE") {
        Color::White
    } else {
        return Err(());
    };
    if !upper.contains("WIN") {
        return Err(());
    }
    let by = if upper.contains("RESIGN") {
        WinBy::Resignation
    } else if upper.contains("TIME") {
        WinBy::Time
    } else if upper.contains("FORFEIT") {
        WinBy::Forfeit
    } else if let Some(p) = upper
        .split_whitespace()
        .find_map(|w| strict_real(w).and_then(|v| HalfPoints::from_points(v).ok()))
    {
        WinBy::Points(p)
    } else {
        WinBy::Unstated
    };
    let result = GameResult::Win { winner, by };
    let note = format!("read as {result}");
    Ok((result, Some(note)))
}

/// The private `WQREF` value: `kind:colour:article:actor:point:text`, each part escaped as
/// SGF text with `:` escaped too.
fn parse_note(raw: &str, size: BoardSize) -> Result<RefereeNote, String> {
    let parts = split_compose(raw, 6);
    if parts.len() != 6 {
        return Err(format!("{} parts, expected 6", parts.len()));
    }
    let part = |i: usize| text_value(parts[i]);
    let kind = NoteKind::from_code(&part(0)).ok_or_else(|| format!("unknown kind {:?}", part(0)))?;
    let color = match part(1).as_str() {
        "" => None,
        c => Some(parse_color(c).ok_or_else(|| format!("bad colour {c:?}"))?),
    };
    let article = Some(part(2)).filter(|a| !a.is_empty());
    let actor = Actor::from_code(&part(3)).ok_or_else(|| format!("unknown actor {:?}", part(3)))?;
    let point = match part(4).as_str() {
        "" => None,
        p => Some(size.parse_sgf(p).map_err(|e| e.to_string())?),
    };
    Ok(RefereeNote {
        kind,
        color,
        article,
        actor,
        point,
        text: part(5),
    })
}
