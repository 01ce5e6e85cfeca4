//! `cargo xtask life-vs-gnugo`: measures a GTP engine's dead-stone proposal (by default
//! `weiqi gtp`, built in release) against GNU Go 3.8, chain by chain, on finished games.
//!
//! ```text
//! cargo xtask life-vs-gnugo [--engine CMD] [--every K] [--selfplay DIR] [FILES...]
//! ```
//!
//! - The records: the professional games of `/usr/share/goban` whose `RE` is a count
//!   (`B+3.5`, not `B+R`), one in every K (default 4) in name order, and every `.sgf` of
//!   `--selfplay DIR` (made by `crates/rules/tools/gnugo_selfplay.sh`).
//! - For each record's final position: GNU Go's static `final_status_list dead` (S); GNU Go's
//!   play-out, `gnugo --score aftermath -o`, whose last position shows which stones it
//!   captured (P); the engine's `final_status_list dead` and `final_status_list unsure` (an
//!   extension of weiqi's; an engine without it is sure of everything).
//! - Chains are those of the final position. A chain is dead for S when its stones are
//!   listed, for P when some of its stones are gone or changed colour at the end of the
//!   play-out.
//!
//! The table: chains where S and P agree, and how many of them the engine gets right (an
//! unsure chain is not right); living stones called dead (chains S and P both keep alive that
//! the engine proposes dead); the other disagreements (S and P disagree, or the engine is sure
//! and differs from both) and how many of them the engine marks unsure.

use std::collections::{BTreeSet, HashMap};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const GNUGO: &str = "/usr/games/gnugo";

/// One GTP engine as a child process.
struct Gtp {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gtp {
    fn start(cmd: &[String]) -> Result<Gtp, String> {
        let mut child = Command::new(&cmd[0])
            .args(&cmd[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", cmd.join(" ")))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Gtp { child, input, output })
    }

    /// The response to `command`: `Ok(text)` for `=`, `Err(text)` for `?`.
    fn ask(&mut self, command: &str) -> Result<Result<String, String>, String> {
        writeln!(self.input, "{command}").map_err(|e| format!("{command}: {e}"))?;
        self.input.flush().map_err(|e| e.to_string())?;
        let mut text = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err(format!("{command}: the engine closed its output"));
            }
            if line.trim().is_empty() {
                if text.is_empty() {
                    continue;
                }
                break;
            }
            text.push_str(&line);
        }
        let ok = text.starts_with('=');
        let body = text[1..].trim().to_string();
        Ok(if ok { Ok(body) } else { Err(body) })
    }

    fn vertices(&mut self, command: &str) -> Result<BTreeSet<String>, String> {
        Ok(match self.ask(command)? {
            Ok(text) => text.split_whitespace().map(|v| v.to_uppercase()).collect(),
            Err(_) => BTreeSet::new(),
        })
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// The tallies of one set of records.
#[derive(Default)]
struct Tally {
    games: u32,
    chains: u32,
    both_agree: u32,
    right_where_both_agree: u32,
    living_called_dead: u32,
    other_disagreements: u32,
    marked_unsure: u32,
    unsure_chains: u32,
    same_dead_list_as_static: u32,
}

pub fn run(args: &[String]) -> Result<(), String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut engine: Vec<String> = vec![
        root.join("target/release/weiqi").to_string_lossy().into_owned(),
        "gtp".into(),
    ];
    let mut every = 4usize;
    let mut selfplay: Option<PathBuf> = None;
    let mut files: Vec<PathBuf> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--engine" => {
                engine = it
                    .next()
                    .ok_or("--engine CMD")?
                    .split_whitespace()
                    .map(String::from)
                    .collect()
            }
            "--every" => {
                every = it
                    .next()
                    .ok_or("--every K")?
                    .parse()
                    .map_err(|_| "--every K: a number")?
            }
            "--selfplay" => selfplay = Some(PathBuf::from(it.next().ok_or("--selfplay DIR")?)),
            f => files.push(PathBuf::from(f)),
        }
    }
    let mut sets: Vec<(&str, Vec<PathBuf>)> = Vec::new();
    if files.is_empty() {
        let mut pro: Vec<PathBuf> = std::fs::read_dir("/usr/share/goban")
            .map_err(|e| format!("/usr/share/goban: {e} (cargo xtask setup installs it)"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| std::fs::read_to_string(p).is_ok_and(|t| ends_in_a_count(&t)))
            .collect();
        pro.sort();
        sets.push((
            "professional records ending in a count",
            pro.into_iter().step_by(every.max(1)).collect(),
        ));
        if let Some(dir) = &selfplay {
            let mut games: Vec<PathBuf> = std::fs::read_dir(dir)
                .map_err(|e| format!("{}: {e}", dir.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
                .collect();
            games.sort();
            sets.push(("GNU Go self-play", games));
        }
    } else {
        sets.push(("files", files));
    }
    let scratch = root.join("target/life-vs-gnugo");
    std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    let mut gnugo = Gtp::start(&[GNUGO.into(), "--mode".into(), "gtp".into(), "--chinese-rules".into()])?;
    let mut ours = Gtp::start(&engine)?;
    println!(
        "| set | games | chains | S = P | right where S = P | living called dead | other disagreements | marked unsure | unsure chains | dead list = S |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (name, files) in &sets {
        let mut t = Tally::default();
        for f in files {
            if let Err(e) = measure(f, &scratch, &mut gnugo, &mut ours, &mut t) {
                eprintln!("{}: skipped: {e}", f.display());
            }
        }
        println!(
            "| {name} | {} | {} | {} | {} ({:.1} %) | {} | {} | {} | {} | {} |",
            t.games,
            t.chains,
            t.both_agree,
            t.right_where_both_agree,
            100.0 * t.right_where_both_agree as f64 / t.both_agree.max(1) as f64,
            t.living_called_dead,
            t.other_disagreements,
            t.marked_unsure,
            t.unsure_chains,
            t.same_dead_list_as_static
        );
    }
    Ok(())
}

fn ends_in_a_count(record: &str) -> bool {
    let Some(at) = record.find("RE[") else { return false };
    let re = &record[at + 3..];
    let re = &re[..re.find(']').unwrap_or(0)];
    (re.starts_with("B+") || re.starts_with("W+")) && re[2..].chars().next().is_some_and(|c| c.is_ascii_digit())
}

fn measure(f: &Path, scratch: &Path, gnugo: &mut Gtp, ours: &mut Gtp, t: &mut Tally) -> Result<(), String> {
    let path = f.to_string_lossy();
    gnugo
        .ask(&format!("loadsgf {path}"))?
        .map_err(|e| format!("gnugo loadsgf: {e}"))?;
    let black = gnugo.vertices("list_stones black")?;
    let white = gnugo.vertices("list_stones white")?;
    let s_dead = gnugo.vertices("final_status_list dead")?;
    ours.ask(&format!("loadsgf {path}"))?
        .map_err(|e| format!("engine loadsgf: {e}"))?;
    let o_dead = ours.vertices("final_status_list dead")?;
    let o_unsure = ours.vertices("final_status_list unsure")?;
    // GNU Go's play-out.
    let out = scratch.join(format!("aftermath-{}.sgf", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let status = Command::new(GNUGO)
        .args(["--score", "aftermath", "--chinese-rules", "-l"])
        .arg(f)
        .arg("-o")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| e.to_string())?;
    if !status.success() {
        return Err("gnugo --score aftermath failed".into());
    }
    gnugo
        .ask(&format!("loadsgf {}", out.display()))?
        .map_err(|e| format!("gnugo loadsgf aftermath: {e}"))?;
    let black_after = gnugo.vertices("list_stones black")?;
    let white_after = gnugo.vertices("list_stones white")?;
    t.games += 1;
    let mut ours_sure_dead_list = BTreeSet::new();
    for (stones, after) in [(&black, &black_after), (&white, &white_after)] {
        for chain in chains(stones) {
            t.chains += 1;
            let s = chain.iter().any(|v| s_dead.contains(v));
            let p = chain.iter().any(|v| !after.contains(v));
            let unsure = chain.iter().any(|v| o_unsure.contains(v));
            let o = chain.iter().any(|v| o_dead.contains(v));
            if o {
                ours_sure_dead_list.extend(chain.iter().cloned());
            }
            if unsure {
                t.unsure_chains += 1;
            }
            if s == p {
                t.both_agree += 1;
                if !unsure && o == s {
                    t.right_where_both_agree += 1;
                }
                if !s && o && !unsure {
                    t.living_called_dead += 1;
                }
            }
            if s != p || (!unsure && o != s) {
                t.other_disagreements += 1;
                if unsure {
                    t.marked_unsure += 1;
                }
            }
        }
    }
    if ours_sure_dead_list == s_dead {
        t.same_dead_list_as_static += 1;
    }
    Ok(())
}

/// The chains of `stones` (GTP vertices, one colour): 4-connected groups.
fn chains(stones: &BTreeSet<String>) -> Vec<Vec<String>> {
    const COLS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
    let parse = |v: &str| -> Option<(i32, i32)> {
        let x = COLS.iter().position(|&c| c == v.as_bytes()[0])? as i32;
        let y: i32 = v[1..].parse().ok()?;
        Some((x, y))
    };
    let at: HashMap<(i32, i32), &String> = stones.iter().filter_map(|v| Some((parse(v)?, v))).collect();
    let mut seen: BTreeSet<(i32, i32)> = BTreeSet::new();
    let mut out = Vec::new();
    for &p in at.keys() {
        if !seen.insert(p) {
            continue;
        }
        let mut chain = Vec::new();
        let mut stack = vec![p];
        while let Some(q) = stack.pop() {
            chain.push(at[&q].clone());
            for d in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let n = (q.0 + d.0, q.1 + d.1);
                if at.contains_key(&n) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        out.push(chain);
    }
    out
}
