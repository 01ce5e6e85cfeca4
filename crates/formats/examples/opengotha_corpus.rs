//! Imports every OpenGotha file of a folder as `weiqi event import` does (decode, read, plan,
//! build the event through the tournament crate) and reports what imports, how long the
//! slowest took, and — given the placements OpenGotha printed for the same files — how many
//! standings are OpenGotha's on every value.
//!
//! ```text
//! cargo run --release -p formats --example opengotha_corpus -- DIR [ORACLE.tsv ...]
//! ```
//!
//! An oracle file holds, per file, a line `#FILE<TAB>name<TAB>OK<TAB>...` and then one line
//! per player and round: `round<TAB>place<TAB>key<TAB>value...` (the six criteria's
//! values, `NULL` left out, as OpenGotha keeps them): what a driver of OpenGotha's own classes
//! prints after every round (`--every-round`, see `opengotha_compare` and BENCHMARKS.md). This
//! compares the file's placement as read, every round, complete or not (what the CSV and h9
//! exports place); `opengotha_compare` compares the standings of the imported event.

use formats::{csv_io, opengotha};
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};
use tournament::Event;

type Oracle = HashMap<String, BTreeMap<u32, Vec<(String, Vec<i64>)>>>;

fn read_oracles(paths: &[String]) -> Oracle {
    let mut o: Oracle = HashMap::new();
    for p in paths {
        let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {p}: {e}"));
        let mut cur: Option<String> = None;
        for line in text.lines() {
            let f: Vec<&str> = line.split('\t').collect();
            if f[0] == "#FILE" {
                cur = (f.get(2) == Some(&"OK")).then(|| f[1].to_string());
                if let Some(c) = &cur {
                    o.insert(c.clone(), BTreeMap::new());
                }
            } else if f[0].starts_with('#') {
                continue;
            } else if let Some(c) = &cur {
                let round: u32 = f[0].parse().expect("round");
                let vals = f[3..].iter().map(|v| v.parse().expect("value")).collect();
                o.get_mut(c)
                    .unwrap()
                    .entry(round)
                    .or_default()
                    .push((f[2].to_string(), vals));
            }
        }
    }
    o
}

/// The import: what `weiqi event import --from opengotha` does before it writes the store.
fn import(bytes: &[u8]) -> Result<(opengotha::Tournament, Event), String> {
    let text = csv_io::decode(bytes).map_err(|e| e.to_string())?;
    let t = opengotha::parse(&text).map_err(|e| e.to_string())?;
    let plan = t.plan().map_err(|e| e.to_string())?;
    let ev = plan.event().map_err(|e| e.to_string())?;
    Ok((t, ev))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        eprintln!("usage: opengotha_corpus DIR [ORACLE.tsv ...]");
        std::process::exit(2);
    };
    let oracle = read_oracles(&args[1..]);
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "xml"))
        .collect();
    files.sort();
    let (mut ok, mut warned) = (0, 0);
    let mut failures: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut slowest = (Duration::ZERO, String::new());
    let (mut compared, mut equal_files, mut rows, mut equal_rows) = (0, 0, 0, 0);
    let (mut last_rows, mut last_equal) = (0, 0);
    let mut differing: Vec<String> = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(path).expect("read");
        let t0 = Instant::now();
        let res = import(&bytes);
        let took = t0.elapsed();
        if took > slowest.0 {
            slowest = (took, name.clone());
        }
        let t = match res {
            Ok((t, ev)) => {
                ok += 1;
                if !t.warnings.is_empty() {
                    warned += 1;
                }
                let _ = ev;
                t
            }
            Err(e) => {
                let reason: String = e.chars().take(90).collect();
                failures.entry(reason).or_default().push(name.clone());
                match csv_io::decode(&bytes).ok().and_then(|x| opengotha::parse(&x).ok()) {
                    Some(t) => t,
                    None => continue,
                }
            }
        };
        let Some(rounds) = oracle.get(&name) else { continue };
        compared += 1;
        let mut all = true;
        let last = rounds.keys().copied().max().unwrap_or(0);
        for (&r, want) in rounds {
            let got: Vec<(String, Vec<i64>)> = match t.placement(r) {
                Ok((_, placed)) => placed
                    .iter()
                    .map(|p| (t.players[p.player].key(), p.values.clone()))
                    .collect(),
                Err(_) => Vec::new(),
            };
            for (k, w) in want.iter().enumerate() {
                rows += 1;
                let same = got.get(k) == Some(w);
                if same {
                    equal_rows += 1;
                } else {
                    all = false;
                }
                if r == last {
                    last_rows += 1;
                    last_equal += usize::from(same);
                }
            }
            if got.len() != want.len() {
                all = false;
            }
        }
        if all {
            equal_files += 1;
        } else {
            differing.push(name.clone());
        }
    }
    println!("files: {}", files.len());
    println!(
        "import: {ok} import ({warned} with warnings), {} refused",
        files.len() - ok
    );
    for (reason, names) in &failures {
        println!("  {:4}  {reason}  (e.g. {})", names.len(), names[0]);
    }
    println!(
        "slowest import: {:.1} ms ({})",
        slowest.0.as_secs_f64() * 1e3,
        slowest.1
    );
    if compared > 0 {
        println!(
            "placement after every round against OpenGotha: {equal_files} of {compared} files equal on every value and position"
        );
        println!(
            "  rows (player x round): {equal_rows} of {rows} equal; after the last round: {last_equal} of {last_rows}"
        );
        for d in differing.iter().take(20) {
            println!("  differs: {d}");
        }
    }
}
