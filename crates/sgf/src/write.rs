//! From a record to FF[4] text in UTF-8.

use crate::record::{Node, NodeId, Record};
use crate::text::{escape, escape_compose_part, real};
use rules::{Color, Move};
use std::fmt::Write as _;

/// The private property that carries referee notes.
pub(crate) const NOTE_PROPERTY: &str = "WQREF";

/// Lines are broken between nodes once they are this long.
const LINE: usize = 72;

/// Writes `record` as an SGF `FF[4]` file in UTF-8: `FF[4]CA[UTF-8]GM[1]`, the rules (`RU`,
/// as the record says; [`Record::from_game`] says `Chinese`), komi in points, `RE` as the specification
/// writes it, time left after each move (`BL`/`WL`, `OB`/`OW`), referee notes as comment
/// lines and in `WQREF`, then the main line and its variations.
pub fn write(record: &Record) -> String {
    let mut w = Writer {
        out: String::with_capacity(64 + 12 * record.n_nodes()),
        line_start: 0,
        record,
    };
    enum Step {
        Open,
        Sequence(NodeId),
        Close,
    }
    // Iterative, so that no depth of variations can overflow the stack.
    let mut stack = vec![Step::Close, Step::Sequence(NodeId::ROOT), Step::Open];
    while let Some(step) = stack.pop() {
        match step {
            Step::Open => w.out.push('('),
            Step::Close => w.out.push(')'),
            Step::Sequence(id) => {
                w.node(id);
                match record.first_child(id) {
                    None => {}
                    Some(only) if record.children(id).nth(1).is_none() => stack.push(Step::Sequence(only)),
                    Some(_) => {
                        let many: Vec<NodeId> = record.children(id).collect();
                        for &c in many.iter().rev() {
                            stack.push(Step::Close);
                            stack.push(Step::Sequence(c));
                            stack.push(Step::Open);
                        }
                    }
                }
            }
        }
    }
    w.out.push('\n');
    w.out
}

struct Writer<'a> {
    out: String,
    line_start: usize,
    record: &'a Record,
}

impl Writer<'_> {
    fn node(&mut self, id: NodeId) {
        if self.out.len() - self.line_start > LINE {
            self.newline();
        }
        self.out.push(';');
        let node = self.record.node(id);
        if id == NodeId::ROOT {
            self.root_properties();
        }
        self.node_properties(node);
        if id == NodeId::ROOT {
            self.newline();
        }
    }

    fn newline(&mut self) {
        self.out.push('\n');
        self.line_start = self.out.len();
    }

    fn prop(&mut self, ident: &str, value: &str) {
        let _ = write!(self.out, "{ident}[{value}]");
    }

    fn text_prop(&mut self, ident: &str, value: Option<&String>) {
        if let Some(v) = value.filter(|v| !v.is_empty()) {
            // SimpleText: a line break would be read as a space anyway.
            let v = escape(&v.replace(['\r', '\n'], " "));
            self.prop(ident, &v);
        }
    }

    fn root_properties(&mut self) {
        let r = self.record;
        let info = &r.info;
        self.out.push_str("FF[4]CA[UTF-8]GM[1]");
        self.prop("AP", &format!("weiqi:{}", env!("CARGO_PKG_VERSION")));
        self.prop("SZ", &r.size.to_string());
        self.newline();
        self.text_prop("RU", info.rules.as_ref());
        if let Some(k) = info.komi {
            self.prop("KM", &k.to_string());
        }
        if info.handicap > 0 {
            self.prop("HA", &info.handicap.to_string());
        }
        self.text_prop("PB", info.black.name.as_ref());
        self.text_prop("BR", info.black.rank.as_ref());
        self.text_prop("PW", info.white.name.as_ref());
        self.text_prop("WR", info.white.rank.as_ref());
        self.text_prop("DT", info.date.as_ref());
        self.text_prop("EV", info.event.as_ref());
        self.text_prop("RO", info.round.as_ref());
        self.text_prop("PC", info.place.as_ref());
        if let Some(t) = info.main_time {
            self.prop("TM", &real(t));
        }
        self.text_prop("OT", info.overtime.as_ref());
        if let Some(res) = &info.result {
            self.text_prop("RE", Some(&res.to_string()));
        }
    }

    fn node_properties(&mut self, node: &Node) {
        let size = self.record.size;
        if let Some((color, mv)) = node.mv {
            let v = match mv {
                Move::Play(p) => p.sgf(),
                Move::Pass => String::new(),
            };
            self.prop(&color.letter().to_string(), &v);
        }
        for (ident, points) in [
            ("AB", &node.add_black),
            ("AW", &node.add_white),
            ("AE", &node.add_empty),
        ] {
            if !points.is_empty() {
                self.out.push_str(ident);
                for p in points {
                    let _ = write!(self.out, "[{}]", p.sgf());
                }
            }
        }
        if let Some(c) = node.to_play {
            self.prop("PL", &c.letter().to_string());
        }
        for c in [Color::Black, Color::White] {
            if let Some(t) = node.time_left[c.index()] {
                self.prop(&format!("{}L", c.letter()), &real(t));
            }
            if let Some(n) = node.periods_left[c.index()] {
                self.prop(&format!("O{}", c.letter()), &n.to_string());
            }
        }
        let block: Vec<String> = node.notes.iter().map(|n| n.describe(size)).collect();
        let comment = match (&node.comment, block.is_empty()) {
            (Some(c), true) => Some(c.clone()),
            (None, true) => None,
            (Some(c), false) => Some(format!("{c}\n\n{}", block.join("\n"))),
            (None, false) => Some(block.join("\n")),
        };
        if let Some(c) = comment {
            self.prop("C", &escape(&c));
        }
        if !node.notes.is_empty() {
            self.out.push_str(NOTE_PROPERTY);
            for n in &node.notes {
                let parts = [
                    n.kind.code().to_string(),
                    n.color.map(|c| c.letter().to_string()).unwrap_or_default(),
                    n.article.clone().unwrap_or_default(),
                    n.actor.code().to_string(),
                    n.point.map(|p| p.sgf()).unwrap_or_default(),
                    n.text.clone(),
                ];
                let v: Vec<String> = parts.iter().map(|p| escape_compose_part(p)).collect();
                let _ = write!(self.out, "[{}]", v.join(":"));
            }
        }
        for p in &node.other {
            self.out.push_str(&p.ident);
            for v in &p.values {
                let _ = write!(self.out, "[{v}]");
            }
        }
    }
}
