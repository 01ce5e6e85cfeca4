//! `cargo xtask life-vs-gnugo`: measures a GTP engine's dead-stone proposal (by default
//! `weiqi gtp`, built in release) against GNU Go 3.8, chain by chain, on finished games.
//!
//! ```text
//! cargo xtask life-vs-gnugo [--engine CMD] [--every K] [--selfplay DIR] [--cache DIR]
//!                           [--fill] [--chains FILE] [FILES...]
//! ```
//!
//! - The records: the professional games of `/usr/share/goban` whose `RE` is a count
//!   (`B+3.5`, not `B+R`), one in every K (default 1: all of them) in name order, and every
//!   `.sgf` of `--selfplay DIR` (made by `crates/rules/tools/gnugo_selfplay.sh`).
//! - `--cache DIR` keeps what GNU Go said of each record (its stones, S and P below) in a
//!   TSV file named by a hash of the record's path and a hash of its content, so a later run
//!   asks GNU Go nothing about a record it has seen and only runs the engine: GNU Go's
//!   play-out takes seconds a record, the engine milliseconds. A changed record gets a new
//!   file. `--fill` only fills the cache (no engine, no table).
//! - `--chains FILE` writes one TSV line per chain (set, record, colour, stones, S, P, the
//!   engine's status), for studying the failures chain by chain.
//! - For each record's final position: GNU Go's static `final_status_list dead` (S); GNU Go's
//!   play-out, `gnugo --score aftermath -o`, whose last position shows which stones it
//!   captured, and its static list on that last position, which names the stones it left on
//!   the board as dead for its count (P); the engine's `final_status_list dead` and
//!   `final_status_list unsure` (an extension of weiqi's; an engine without it is sure of
//!   everything).
//! - Chains are those of the final position. A chain is dead for S when its stones are
//!   listed, for P when some of its stones are gone or changed colour at the end of the
//!   play-out, or are listed dead there. (GNU Go's play-out does not capture every dead
//!   stone: under area counting it stops once its count no longer changes, and leaves, for
//!   instance, a lone stone inside territory that Benson's test proves, which its count then
//!   removes. Without the list such stones were "alive for P".)
//!
//! The table: chains where S and P agree, and how many of them the engine gets right (an
//! unsure chain is not right); living stones called dead (chains S and P both keep alive that
//! the engine proposes dead); the other disagreements (S and P disagree, or the engine is sure
//! and differs from both) and how many of them the engine marks unsure.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
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
    let mut every = 1usize;
    let mut selfplay: Option<PathBuf> = None;
    let mut cache: Option<PathBuf> = None;
    let mut fill = false;
    let mut chains_out: Option<PathBuf> = None;
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
            "--cache" => cache = Some(PathBuf::from(it.next().ok_or("--cache DIR")?)),
            "--fill" => fill = true,
            "--chains" => chains_out = Some(PathBuf::from(it.next().ok_or("--chains FILE")?)),
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
    if let Some(dir) = &cache {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut gnugo = GnuGo {
        gtp: None,
        scratch,
        cache,
        asked: 0,
        cached: 0,
    };
    if fill {
        for (_, files) in &sets {
            for f in files {
                if let Err(e) = gnugo.verdicts(f) {
                    eprintln!("{}: skipped: {e}", f.display());
                }
            }
        }
        eprintln!(
            "GNU Go asked about {} records, {} already cached",
            gnugo.asked, gnugo.cached
        );
        return Ok(());
    }
    let mut ours = Gtp::start(&engine)?;
    let mut lines = String::new();
    println!(
        "| set | games | chains | S = P | right where S = P | living called dead | other disagreements | marked unsure | unsure chains | dead list = S |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (name, files) in &sets {
        let mut t = Tally::default();
        for f in files {
            let measured = gnugo
                .verdicts(f)
                .and_then(|g| measure(f, &g, &mut ours, &mut t, name, &mut lines));
            if let Err(e) = measured {
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
    eprintln!(
        "GNU Go asked about {} records, {} from the cache",
        gnugo.asked, gnugo.cached
    );
    if let Some(out) = &chains_out {
        std::fs::write(out, lines).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    Ok(())
}

/// What GNU Go says of one record's final position.
struct Verdicts {
    black: BTreeSet<String>,
    white: BTreeSet<String>,
    /// The static `final_status_list dead` (S).
    static_dead: BTreeSet<String>,
    /// The stones left at the end of the play-out.
    black_after: BTreeSet<String>,
    white_after: BTreeSet<String>,
    /// The static `final_status_list dead` of the played-out position: stones GNU Go's
    /// play-out leaves on the board as dead, for its count to remove.
    dead_after: BTreeSet<String>,
}

/// GNU Go, started when a record is not in the cache.
struct GnuGo {
    gtp: Option<Gtp>,
    scratch: PathBuf,
    cache: Option<PathBuf>,
    asked: u32,
    cached: u32,
}

impl GnuGo {
    /// GNU Go's verdicts on the record `f`, from the cache when it has them.
    fn verdicts(&mut self, f: &Path) -> Result<Verdicts, String> {
        let content = std::fs::read(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let file = self.cache.as_ref().map(|dir| {
            let path = f.to_string_lossy();
            dir.join(format!("{:016x}-{:016x}.tsv", fnv1a(path.as_bytes()), fnv1a(&content)))
        });
        if let Some(text) = file.as_ref().and_then(|file| std::fs::read_to_string(file).ok()) {
            let field = |key: &str| -> Result<BTreeSet<String>, String> {
                let line = text
                    .lines()
                    .find_map(|l| l.strip_prefix(key).and_then(|l| l.strip_prefix('\t')))
                    .ok_or_else(|| format!("cache file without {key}"))?;
                Ok(line.split_whitespace().map(String::from).collect())
            };
            self.cached += 1;
            return Ok(Verdicts {
                black: field("black")?,
                white: field("white")?,
                static_dead: field("static_dead")?,
                black_after: field("black_after")?,
                white_after: field("white_after")?,
                dead_after: field("dead_after")?,
            });
        }
        let v = self.ask(f)?;
        self.asked += 1;
        if let Some(file) = file {
            let mut text = format!("path\t{}\n", f.display());
            for (key, set) in [
                ("black", &v.black),
                ("white", &v.white),
                ("static_dead", &v.static_dead),
                ("black_after", &v.black_after),
                ("white_after", &v.white_after),
                ("dead_after", &v.dead_after),
            ] {
                let list: Vec<&str> = set.iter().map(String::as_str).collect();
                let _ = writeln!(text, "{key}\t{}", list.join(" "));
            }
            std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
        }
        Ok(v)
    }

    fn ask(&mut self, f: &Path) -> Result<Verdicts, String> {
        if self.gtp.is_none() {
            self.gtp = Some(Gtp::start(&[
                GNUGO.into(),
                "--mode".into(),
                "gtp".into(),
                "--chinese-rules".into(),
            ])?);
        }
        let gnugo = self.gtp.as_mut().expect("started");
        let path = f.to_string_lossy();
        gnugo
            .ask(&format!("loadsgf {path}"))?
            .map_err(|e| format!("gnugo loadsgf: {e}"))?;
        let black = gnugo.vertices("list_stones black")?;
        let white = gnugo.vertices("list_stones white")?;
        let static_dead = gnugo.vertices("final_status_list dead")?;
        // GNU Go's play-out.
        let out = self.scratch.join(format!("aftermath-{}.sgf", std::process::id()));
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
        Ok(Verdicts {
            black,
            white,
            static_dead,
            black_after: gnugo.vertices("list_stones black")?,
            white_after: gnugo.vertices("list_stones white")?,
            dead_after: gnugo.vertices("final_status_list dead")?,
        })
    }
}

/// FNV-1a, 64 bits: a hash that stays the same across Rust versions, for cache file names.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn ends_in_a_count(record: &str) -> bool {
    let Some(at) = record.find("RE[") else { return false };
    let re = &record[at + 3..];
    let re = &re[..re.find(']').unwrap_or(0)];
    (re.starts_with("B+") || re.starts_with("W+")) && re[2..].chars().next().is_some_and(|c| c.is_ascii_digit())
}

fn measure(f: &Path, g: &Verdicts, ours: &mut Gtp, t: &mut Tally, set: &str, lines: &mut String) -> Result<(), String> {
    let path = f.to_string_lossy();
    ours.ask(&format!("loadsgf {path}"))?
        .map_err(|e| format!("engine loadsgf: {e}"))?;
    let o_dead = ours.vertices("final_status_list dead")?;
    let o_unsure = ours.vertices("final_status_list unsure")?;
    let o_seki = ours.vertices("final_status_list seki")?;
    let (black, white, s_dead) = (&g.black, &g.white, &g.static_dead);
    let (black_after, white_after, dead_after) = (&g.black_after, &g.white_after, &g.dead_after);
    t.games += 1;
    let mut ours_sure_dead_list = BTreeSet::new();
    for (colour, stones, after) in [("B", black, black_after), ("W", white, white_after)] {
        for chain in chains(stones) {
            t.chains += 1;
            let s = chain.iter().any(|v| s_dead.contains(v));
            let p = chain.iter().any(|v| !after.contains(v) || dead_after.contains(v));
            let unsure = chain.iter().any(|v| o_unsure.contains(v));
            let o = chain.iter().any(|v| o_dead.contains(v));
            if o {
                ours_sure_dead_list.extend(chain.iter().cloned());
            }
            if unsure {
                t.unsure_chains += 1;
            }
            let status = if unsure {
                "unsure"
            } else if o {
                "dead"
            } else if chain.iter().any(|v| o_seki.contains(v)) {
                "seki"
            } else {
                "alive"
            };
            let dead = |d: bool| if d { "dead" } else { "alive" };
            let _ = writeln!(
                lines,
                "{set}\t{path}\t{colour}\t{}\t{}\t{}\t{status}",
                chain.join(" "),
                dead(s),
                dead(p)
            );
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
    if ours_sure_dead_list == *s_dead {
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
        chain.sort();
        out.push(chain);
    }
    out.sort();
    out
}
