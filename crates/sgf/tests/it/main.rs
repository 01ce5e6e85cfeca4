//! Integration tests of the `sgf` crate: one binary, a module per concern.

mod corpus;
mod encoding;
mod external;
mod read;
mod replay;
mod roundtrip;
mod write;

use sgf::{Re, Record};
use std::fmt::Write as _;

/// A record as text for snapshots: the game information, the main line, the variations,
/// the warnings and the replay.
pub fn summary(r: &Record) -> String {
    let mut s = String::new();
    let i = &r.info;
    let opt = |o: &Option<String>| o.clone().unwrap_or_else(|| "-".to_string());
    let _ = writeln!(
        s,
        "SZ {} KM {} HA {} RU {} RE {}",
        r.size,
        i.komi.map_or("-".to_string(), |k| k.to_string()),
        i.handicap,
        opt(&i.rules),
        i.result.as_ref().map_or("-".to_string(), Re::to_string)
    );
    if i.black.name.is_some() || i.white.name.is_some() {
        let _ = writeln!(
            s,
            "PB {} ({}) PW {} ({})",
            opt(&i.black.name),
            opt(&i.black.rank),
            opt(&i.white.name),
            opt(&i.white.rank)
        );
    }
    for (k, v) in [
        ("EV", &i.event),
        ("RO", &i.round),
        ("PC", &i.place),
        ("DT", &i.date),
        ("OT", &i.overtime),
    ] {
        if let Some(v) = v {
            let _ = writeln!(s, "{k} {v}");
        }
    }
    if let Some(t) = i.main_time {
        let _ = writeln!(s, "TM {t} s");
    }
    for id in r.main_line() {
        let n = r.node(id);
        let mut parts = Vec::new();
        if let Some((c, mv)) = n.mv {
            parts.push(format!("{} {}", c.letter(), mv.gtp(r.size)));
        }
        for (k, ps) in [("AB", &n.add_black), ("AW", &n.add_white), ("AE", &n.add_empty)] {
            if !ps.is_empty() {
                let v: Vec<String> = ps.iter().map(|p| r.size.gtp(*p)).collect();
                parts.push(format!("{k} {}", v.join(" ")));
            }
        }
        if let Some(c) = n.to_play {
            parts.push(format!("PL {}", c.letter()));
        }
        for (k, c) in [("BL", 0), ("WL", 1)] {
            if let Some(t) = n.time_left[c] {
                parts.push(format!("{k} {t}"));
            }
        }
        for (k, c) in [("OB", 0), ("OW", 1)] {
            if let Some(t) = n.periods_left[c] {
                parts.push(format!("{k} {t}"));
            }
        }
        if let Some(c) = &n.comment {
            parts.push(format!("C {c:?}"));
        }
        for note in &n.notes {
            parts.push(format!("note {:?}", note.describe(r.size)));
        }
        for p in &n.other {
            parts.push(format!("{}{:?}", p.ident, p.values));
        }
        if !parts.is_empty() {
            let _ = writeln!(s, "  {}", parts.join("; "));
        }
        let kids = r.children(id).count();
        if kids > 1 {
            let _ = writeln!(s, "  ({} variations here)", kids - 1);
        }
    }
    for w in &r.warnings {
        let _ = writeln!(s, "warning: {w}");
    }
    let replay = r.replay(r.rules(), None);
    match replay.problem {
        None => {
            let _ = writeln!(
                s,
                "replay: ok, {} moves, {} to move",
                replay.moves,
                replay.game.to_move()
            );
        }
        Some(p) => {
            let _ = writeln!(s, "replay: {p}");
        }
    }
    s
}

/// Parses `sgf` and snapshots its summary, or its error.
pub fn check(sgf: &str, expect: expect_test::Expect) {
    check_bytes(sgf.as_bytes(), expect);
}

/// As [`check`], from bytes. Whatever reads also survives writing: reading what we wrote
/// gives the same game information, moves and tree, and writing that again gives the same
/// text (the fuzz target's property, on every snapshot input).
pub fn check_bytes(bytes: &[u8], expect: expect_test::Expect) {
    let actual = match sgf::parse(bytes) {
        Ok(r) => {
            let text = sgf::write(&r);
            let back = sgf::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.info, r.info, "{text}");
            assert_eq!(back.moves(), r.moves(), "{text}");
            assert_eq!(back.n_nodes(), r.n_nodes(), "{text}");
            assert_eq!(sgf::write(&back), text);
            summary(&r)
        }
        Err(e) => format!("error: {e}\n"),
    };
    expect.assert_eq(&actual);
}
