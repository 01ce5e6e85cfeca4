//! `weiqi check [--json] FILE...`: replays the main line of each record under the rules
//! and reports the first problem per file.
//!
//! Reasons: `occupied`, `suicide` (Art. 5), `repetition` (Art. 6), `not-alternating` (the
//! same colour twice with no move or pass between, Art. 17.2), and `unreadable` for a file
//! that cannot be read. Exit status: 0 if every file is fine, 1 if any record breaks a
//! rule, 2 if any file could not be read.

use crate::cmd::records::vertex;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `weiqi check`.
#[derive(clap::Args)]
pub struct Args {
    /// One JSON object per file and line:
    /// {"file","ok","moves","move","color","vertex","reason","message"}.
    #[arg(long)]
    json: bool,
    /// Also print what the reader accepted but did not like (odd values, guessed
    /// encodings), on standard error.
    #[arg(long)]
    warnings: bool,
    /// The records to check (SGF, FF[1]-FF[4]).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// What became of one file.
enum Outcome {
    Ok {
        moves: usize,
    },
    Broken {
        moves: usize,
        problem: sgf::Problem,
        size: rules::BoardSize,
    },
    Unreadable {
        message: String,
    },
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut broken, mut unreadable) = (false, false);
    for path in &args.files {
        let name = path.display().to_string();
        let outcome = check_file(path, args.warnings.then_some(name.as_str()));
        match &outcome {
            Outcome::Ok { .. } => {}
            Outcome::Broken { .. } => broken = true,
            Outcome::Unreadable { .. } => unreadable = true,
        }
        if args.json {
            writeln!(out, "{}", json_line(&name, &outcome))?;
        } else {
            writeln!(out, "{}", text_line(&name, &outcome))?;
        }
    }
    out.flush()?;
    Ok(if unreadable {
        ExitCode::from(2)
    } else if broken {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn check_file(path: &std::path::Path, warn_as: Option<&str>) -> Outcome {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return Outcome::Unreadable { message: e.to_string() },
    };
    let record = match sgf::parse(&bytes) {
        Ok(r) => r,
        Err(e) => return Outcome::Unreadable { message: e.to_string() },
    };
    if let Some(name) = warn_as {
        for w in &record.warnings {
            eprintln!("{name}: warning: {w}");
        }
    }
    let replay = record.replay(record.rules(), None);
    match replay.problem {
        None => Outcome::Ok { moves: replay.moves },
        Some(problem) => Outcome::Broken {
            moves: replay.moves,
            problem,
            size: record.size,
        },
    }
}

fn text_line(name: &str, outcome: &Outcome) -> String {
    match outcome {
        Outcome::Ok { moves } => format!("{name}: ok, {moves} moves"),
        Outcome::Broken { problem, size, .. } => format!(
            "{name}: {} at move {} ({} {}): {}",
            problem.kind.code(),
            problem.number,
            problem.color.letter(),
            vertex(*size, problem.mv),
            problem.kind
        ),
        Outcome::Unreadable { message } => format!("{name}: unreadable: {message}"),
    }
}

/// One line of `--json` output; the field order is the documented one.
#[derive(serde::Serialize)]
struct JsonLine<'a> {
    file: &'a str,
    ok: bool,
    moves: usize,
    #[serde(rename = "move")]
    number: Option<usize>,
    color: Option<String>,
    vertex: Option<String>,
    reason: Option<&'static str>,
    message: Option<String>,
}

fn json_line(name: &str, outcome: &Outcome) -> String {
    let line = match outcome {
        Outcome::Ok { moves } => JsonLine {
            file: name,
            ok: true,
            moves: *moves,
            number: None,
            color: None,
            vertex: None,
            reason: None,
            message: None,
        },
        Outcome::Broken { moves, problem, size } => JsonLine {
            file: name,
            ok: false,
            moves: *moves,
            number: Some(problem.number),
            color: Some(problem.color.letter().to_string()),
            vertex: Some(vertex(*size, problem.mv)),
            reason: Some(problem.kind.code()),
            message: Some(problem.kind.to_string()),
        },
        Outcome::Unreadable { message } => JsonLine {
            file: name,
            ok: false,
            moves: 0,
            number: None,
            color: None,
            vertex: None,
            reason: Some("unreadable"),
            message: Some(message.clone()),
        },
    };
    // A struct of strings, numbers and options always serializes.
    serde_json::to_string(&line).unwrap_or_default()
}
