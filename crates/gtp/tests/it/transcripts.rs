//! Transcript tests (KataGo's `cpp/tests/gtp` style): each `tests/data/NAME.gtp` is a GTP
//! session, and `tests/data/NAME.out` holds every input line echoed as `> line` followed by
//! the engine's exact reply, framing and blank line included.
//!
//! A line `# settings: size=9 komi=6.5 ko=simple cycle=draw seed=3` sets up the engine
//! (it is a comment to the engine itself, so each `.gtp` file is also a valid GTP session).
//! Run with `UPDATE_EXPECT=1` to rewrite the `.out` files after a deliberate change, then
//! read the diff.

use gtp::{Engine, Settings};
use rules::{BoardSize, HalfPoints, Rules};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[test]
fn transcripts() {
    let dir = data_dir();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/data exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "gtp"))
        .collect();
    names.sort();
    assert!(names.len() >= 10, "expected the transcript files in {}", dir.display());
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for gtp in &names {
        let input = std::fs::read_to_string(gtp).unwrap_or_else(|e| panic!("{}: {e}", gtp.display()));
        let actual = run_transcript(&input).unwrap_or_else(|e| panic!("{}: {e}", gtp.display()));
        let out = gtp.with_extension("out");
        let expected = std::fs::read_to_string(&out).unwrap_or_default();
        if actual != expected {
            if update {
                std::fs::write(&out, &actual).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
            } else {
                failures.push(format!("{}:\n{}", out.display(), first_difference(&expected, &actual)));
            }
        }
    }
    // Every `.out` belongs to a `.gtp`: no stale expectations.
    for entry in std::fs::read_dir(&dir).expect("tests/data exists") {
        let p = entry.expect("readable directory entry").path();
        if p.extension().is_some_and(|e| e == "out") {
            assert!(p.with_extension("gtp").exists(), "{} has no .gtp", p.display());
        }
    }
    assert!(
        failures.is_empty(),
        "transcripts differ (UPDATE_EXPECT=1 rewrites them):\n\n{}",
        failures.join("\n\n")
    );
}

/// Runs a session through a fresh engine and renders the transcript.
pub fn run_transcript(input: &str) -> Result<String, String> {
    let mut specs = input.lines().filter_map(|l| l.strip_prefix("# settings:"));
    let settings = match (specs.next(), specs.next()) {
        (None, _) => Settings::default(),
        (Some(spec), None) => parse_settings(spec)?,
        (Some(_), Some(_)) => return Err("more than one settings line".to_string()),
    };
    let mut engine = Engine::new(settings);
    let mut out = String::new();
    for line in input.split_inclusive('\n') {
        let line = line.strip_suffix('\n').unwrap_or(line);
        let _ = writeln!(out, "> {}", visible(line));
        if let Some(response) = engine.handle(line) {
            out.push_str(&response.to_string());
        }
        if engine.has_quit() {
            out.push_str("(quit: the engine reads no further)\n");
            break;
        }
    }
    Ok(out)
}

fn parse_settings(spec: &str) -> Result<Settings, String> {
    let mut s = Settings {
        rules: Rules::CHINESE,
        seed: 0,
    };
    for word in spec.split_whitespace() {
        let (key, value) = word.split_once('=').ok_or_else(|| format!("bad setting {word:?}"))?;
        match key {
            "size" => {
                s.rules.size = BoardSize::new(value.parse().map_err(|e| format!("{e}"))?).map_err(|e| e.to_string())?
            }
            "komi" => {
                s.rules.komi =
                    HalfPoints::from_points(value.parse().map_err(|e| format!("{e}"))?).map_err(|e| e.to_string())?
            }
            "ko" => s.rules.ko = value.parse().map_err(|e: rules::UnknownRule| e.to_string())?,
            "cycle" => s.rules.cycle = value.parse().map_err(|e: rules::UnknownRule| e.to_string())?,
            "seed" => s.seed = value.parse().map_err(|e| format!("{e}"))?,
            _ => return Err(format!("unknown setting {key:?}")),
        }
    }
    Ok(s)
}

/// The line with control characters written as escapes, so CR and TAB show in the `.out`.
fn visible(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            '\t' => "\\t".to_string(),
            '\r' => "\\r".to_string(),
            c if c.is_control() => format!("\\u{{{:x}}}", c as u32),
            c => c.to_string(),
        })
        .collect()
}

fn first_difference(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    for i in 0..e.len().max(a.len()) {
        let (x, y) = (e.get(i).copied(), a.get(i).copied());
        if x != y {
            let from = i.saturating_sub(3);
            let context: Vec<&str> = a[from.min(a.len())..i.min(a.len())].to_vec();
            return format!(
                "line {}:\n  context: {context:?}\n  expected: {x:?}\n  actual:   {y:?}",
                i + 1
            );
        }
    }
    "only the final newlines differ".to_string()
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("data")
}
