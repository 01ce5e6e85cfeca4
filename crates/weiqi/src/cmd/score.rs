//! `weiqi score FILE [--dead V,V,...] [--komi POINTS] [--json] [--propose] [--scorer CMD]
//! [--move N]`: counts the final position of a record (Art. 9, 11) with the named groups dead.
//!
//! `--scorer CMD` asks a GTP engine (GNU Go, KataGo, any engine with `final_status_list`) for
//! the dead stones within `--scorer-timeout` seconds, the built-in proposal being the
//! fall-back; the output says which proposed (`proposed_by` in JSON).
//!
//! The output lists the chains the players are told about (`chains` in JSON, one line each
//! otherwise), each with its status and the reason for it: with `--propose`, the built-in
//! proposal's chains that are not plainly alive (dead, seki, unsure; `Proposal::explained`,
//! with `Reason::code` and its words); when the scorer answered, its dead chains (reason
//! `scorer`) and the built-in proposal's seki and unsure chains beside them; with `--dead`, the
//! chains named (reason `given`). Art. 8: a proposal only proposes; the players decide.
//!
//! Komi: `--komi`, else the record's `KM`, else 3¾ stones (7.5 points, Art. 11). Warnings
//! recorded in the record's referee notes cost a stone each (Art. 24). Handicap stones are
//! given back half a stone each, as the rules engine counts them.

use crate::cmd::records::load;
use anyhow::{Context as _, bail};
use arena::scorer::ProposedBy;
use rules::life::{Proposal, Status};
use rules::{Board, Color, Count, HalfPoints, Lang, Point, Rules};
use sgf::NoteKind;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `weiqi score`.
#[derive(clap::Args)]
pub struct Args {
    /// The record to count.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Dead stones, one vertex per group (Art. 8: the players decide), e.g. `D4,Q16`.
    #[arg(long, value_name = "V,V,...", value_delimiter = ',')]
    dead: Vec<String>,
    /// Komi in points (7.5 = 3¾ stones); overrides the record's KM.
    #[arg(long, value_name = "POINTS", allow_hyphen_values = true)]
    komi: Option<f64>,
    /// Use the engine's dead-stone proposal instead of --dead, and print it.
    #[arg(long, conflicts_with = "dead")]
    propose: bool,
    /// Ask this GTP engine (a command line, split at spaces) for the dead stones instead of
    /// the built-in proposal, which stays the fall-back; implies --propose.
    #[arg(long, value_name = "CMD", conflicts_with = "dead")]
    scorer: Option<String>,
    /// The scorer's deadline for the whole exchange, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    scorer_timeout: u64,
    /// Count the position after N moves instead of the end of the main line.
    #[arg(long = "move", value_name = "N")]
    upto: Option<usize>,
    /// One JSON object: {"black","white","dame","komi","margin_stones","result",...}.
    #[arg(long)]
    json: bool,
}

/// The `--json` answer; the field order is the documented one, extra fields after.
#[derive(serde::Serialize)]
struct JsonScore {
    black: f64,
    white: f64,
    dame: u32,
    komi: f64,
    margin_stones: f64,
    result: String,
    dead: Vec<String>,
    handicap: u32,
    penalties: JsonPenalties,
    moves: usize,
    /// Who proposed `dead`: `given` (--dead), `builtin`, `builtin (scorer failed: ...)` or
    /// `scorer NAME`.
    proposed_by: String,
    /// The chains the players are told about, with their status and reason.
    chains: Vec<JsonChain>,
}

/// One chain of `chains`.
#[derive(serde::Serialize)]
struct JsonChain {
    stones: Vec<String>,
    /// `black` or `white`.
    color: &'static str,
    /// `dead`, `alive`, `seki` or `unsure`.
    status: &'static str,
    /// `Reason::code`, or `scorer` (the scorer's dead chain), or `given` (--dead).
    reason: &'static str,
    /// The reason in English words.
    why: String,
}

/// A chain as the output tells it.
struct Chain {
    stones: Vec<Point>,
    color: Color,
    status: Status,
    reason: &'static str,
    why: String,
}

#[derive(serde::Serialize)]
struct JsonPenalties {
    #[serde(rename = "B")]
    black: u32,
    #[serde(rename = "W")]
    white: u32,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let record = load(&args.file)?;
    let mut rules = record.rules();
    if let Some(k) = args.komi {
        rules.komi = HalfPoints::from_points(k)
            .map_err(anyhow::Error::msg)
            .context("--komi")?;
    }
    // Art. 11: a komi beyond the board is not counted with.
    rules.check().context(if args.komi.is_some() {
        "--komi"
    } else {
        "the record's KM"
    })?;
    let replay = record.replay(rules, args.upto);
    if let Some(p) = replay.problem {
        eprintln!(
            "weiqi: {}: {}; count an earlier position with --move {}",
            args.file.display(),
            p.breaks_a_rule(record.size),
            p.number - 1
        );
        return Ok(ExitCode::from(1));
    }
    let game = &replay.game;
    let size = record.size;
    let propose = args.propose || args.scorer.is_some();
    let mut proposed_by = "given".to_string();
    let (dead, chains): (Vec<Point>, Vec<Chain>) = if propose {
        let timeout = std::time::Duration::from_secs(args.scorer_timeout);
        let scorer = match args.scorer.as_deref() {
            None => None,
            Some(line) => Some(
                arena::scorer::Scorer::from_command_line(line, timeout)
                    .with_context(|| format!("--scorer {line:?}: the command line is empty"))?,
            ),
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let proposed = arena::scorer::propose(game, scorer.as_ref(), &arena::time::Time::system(), &stop);
        if let ProposedBy::Builtin { fallback: Some(why) } = &proposed.by {
            eprintln!("weiqi: the scorer failed ({why}); the built-in proposal is used");
        }
        proposed_by = proposed.by.describe();
        let chains = match &proposed.by {
            ProposedBy::Scorer(name) => scorer_chains(game.board(), &proposed.dead, name, &proposed.builtin),
            ProposedBy::Builtin { .. } => builtin_chains(&proposed.builtin),
        };
        (proposed.dead, chains)
    } else {
        let mut v = Vec::new();
        for d in args.dead.iter().map(|d| d.trim()).filter(|d| !d.is_empty()) {
            let p = size.parse_gtp(d).map_err(anyhow::Error::msg).context("--dead")?;
            if game.board().get(p).is_none() {
                bail!("--dead {d}: there is no stone on {d}");
            }
            v.push(p);
        }
        let chains = dead_chains(game.board(), &v, "given", || "named dead with --dead".to_string());
        (v, chains)
    };
    let penalties = warnings(&record, replay.moves);
    let count = game.count(&dead, penalties);
    if args.json {
        let j = JsonScore {
            black: count.counts[0].stones(),
            white: count.counts[1].stones(),
            dame: count.dame,
            komi: rules.komi.points(),
            margin_stones: count.margin.stones().abs(),
            result: count.result(),
            dead: dead.iter().map(|&p| size.gtp(p)).collect(),
            handicap: game.handicap(),
            penalties: JsonPenalties {
                black: penalties[0],
                white: penalties[1],
            },
            moves: replay.moves,
            proposed_by,
            chains: chains
                .iter()
                .map(|c| JsonChain {
                    stones: c.stones.iter().map(|&p| size.gtp(p)).collect(),
                    color: match c.color {
                        Color::Black => "black",
                        Color::White => "white",
                    },
                    status: c.status.code(),
                    reason: c.reason,
                    why: c.why.clone(),
                })
                .collect(),
        };
        println!("{}", serde_json::to_string(&j)?);
    } else {
        print!(
            "{}",
            describe(
                &count,
                &rules,
                &dead,
                &chains,
                size,
                propose.then_some(proposed_by.as_str())
            )
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Warnings per side among the referee notes of the first `moves` moves (Art. 24).
fn warnings(record: &sgf::Record, moves: usize) -> [u32; 2] {
    let mut out = [0u32; 2];
    let mut played = 0;
    for id in record.main_line() {
        let node = record.node(id);
        if node.mv.is_some() {
            if played == moves {
                break;
            }
            played += 1;
        }
        for n in &node.notes {
            if n.kind == NoteKind::Warning
                && let Some(c) = n.color
            {
                out[c.index()] += 1;
            }
        }
    }
    out
}

/// The built-in proposal's chains that are not plainly alive, with its reasons.
fn builtin_chains(builtin: &Proposal) -> Vec<Chain> {
    builtin
        .explained()
        .map(|c| Chain {
            stones: c.stones.clone(),
            color: c.color,
            status: c.status,
            reason: c.reason.code(),
            why: c.reason.describe(Lang::En).to_string(),
        })
        .collect()
}

/// The scorer's dead chains (reason `scorer`), then the built-in proposal's seki and unsure
/// chains that the scorer does not call dead: what the players should still look at.
fn scorer_chains(board: &Board, dead: &[Point], name: &str, builtin: &Proposal) -> Vec<Chain> {
    let mut chains = dead_chains(board, dead, "scorer", || format!("proposed dead by the scorer {name}"));
    chains.extend(
        builtin_chains(builtin)
            .into_iter()
            .filter(|c| c.status != Status::Dead && !c.stones.iter().any(|p| dead.contains(p))),
    );
    chains
}

/// The chains holding `stones` (one stone names its chain), each once, in the order of their
/// first stone, as dead for `reason`.
fn dead_chains(board: &Board, stones: &[Point], reason: &'static str, why: impl Fn() -> String) -> Vec<Chain> {
    arena::scorer::dead_chains(board, stones)
        .into_iter()
        .map(|(color, stones)| Chain {
            stones,
            color,
            status: Status::Dead,
            reason,
            why: why(),
        })
        .collect()
}

fn describe(
    count: &Count,
    rules: &Rules,
    dead: &[Point],
    chains: &[Chain],
    size: rules::BoardSize,
    proposed_by: Option<&str>,
) -> String {
    let mut s = String::new();
    let verb = match proposed_by {
        Some("builtin") | Some("given") => "Proposed dead".to_string(),
        Some(by) => format!("Proposed dead ({by})"),
        None => "Dead".to_string(),
    };
    let names: Vec<String> = dead.iter().map(|&p| size.gtp(p)).collect();
    if names.is_empty() {
        s += &format!("{verb}: none\n");
    } else {
        s += &format!("{verb}: {}\n", names.join(" "));
    }
    // One line per chain: `  white B2: dead, in atari and cannot escape (captured)`.
    for c in chains {
        let stones: Vec<String> = c.stones.iter().map(|&p| size.gtp(p)).collect();
        let color = match c.color {
            Color::Black => "black",
            Color::White => "white",
        };
        s += &format!(
            "  {color} {}: {}, {} ({})\n",
            stones.join(" "),
            c.status.describe(Lang::En),
            c.why,
            c.reason
        );
    }
    for c in [Color::Black, Color::White] {
        let i = c.index();
        s += &format!(
            "{:<6} {} stones: {} on the board + {} territory + half of {} dame{}\n",
            if c == Color::Black { "Black" } else { "White" },
            count.counts[i].stones(),
            count.stones[i],
            count.territory[i],
            count.dame,
            if count.penalties[i] > 0 {
                format!(", {} warning(s) at one stone each (Art. 24)", count.penalties[i])
            } else {
                String::new()
            }
        );
    }
    s += &format!(
        "Komi {} points ({} stones); Black needs more than {} stones\n",
        rules.komi,
        rules.komi.stones(),
        count.threshold.stones()
    );
    let result = count.result();
    match count.winner() {
        Some(c) => {
            let who = if c == Color::Black { "Black" } else { "White" };
            s += &format!("Result: {result} ({who} wins by {} stone(s))\n", count.margin_stones());
        }
        None => s += &format!("Result: {result} (a draw)\n"),
    }
    s
}
