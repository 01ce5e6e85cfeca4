//! Compares weiqi's standings of OpenGotha files with OpenGotha's own, as printed by a driver
//! that loads each file through OpenGotha's classes (`Tournament.orderedScoredPlayersList`,
//! `ScoredPlayer.getCritValue`), and prints the tally.
//!
//! ```text
//! cargo run --release -p formats --example opengotha_compare -- ORACLE.tsv DIR [-v]
//! ```
//!
//! The oracle holds, per file, a line `#FILE<TAB>name<TAB>OK<TAB>players<TAB>games<TAB>round
//! <TAB>criterion...` (the round is the last complete one: rounds from the first whose games
//! all have a result) and then one line per player, best first: `round<TAB>place<TAB>key
//! <TAB>value...` (the criteria's values as OpenGotha keeps them). A file OpenGotha cannot
//! load is `#FILE<TAB>name<TAB>FAIL<TAB>why`, one without a complete round `…<TAB>NOROUND`.
//! Lines for earlier rounds (an oracle printed with every round) are read and ignored.
//!
//! weiqi's standings are those `weiqi event standings` and the server's
//! `/api/events/{id}/standings` (the event page, the results wall, the printed standings)
//! show for the imported file: the file imported as `weiqi event import` does (decode, read,
//! plan, build the event), then `opengotha::standings::standings`, the one function both
//! call (the file merged back with the event, placed after its last complete round). The
//! placement of the file as read (`Tournament::placement`, no event) is tallied beside it, so
//! that a difference the import makes shows apart from one of the scoring.
//!
//! A row is equal when the player at that position and every value are OpenGotha's; its place
//! is equal when the player's place (players equal on every criterion share one) is.

use formats::{csv_io, opengotha};
use std::collections::{BTreeMap, HashMap};

/// One file of the oracle.
struct Want {
    round: u32,
    criteria: Vec<String>,
    /// (place, key, values), best first.
    rows: Vec<(u32, String, Vec<i64>)>,
}

enum Oracle {
    Placed(Want),
    NoRound,
    Fail(String),
}

fn read_oracle(path: &str) -> Result<BTreeMap<String, Oracle>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut out = BTreeMap::new();
    let mut cur: Option<String> = None;
    for (n, line) in text.lines().enumerate() {
        let bad = |what: &str| format!("{path}:{}: {what}", n + 1);
        let f: Vec<&str> = line.split('\t').collect();
        if f[0] == "#FILE" {
            let name = f.get(1).ok_or_else(|| bad("no file name"))?.to_string();
            let o = match f.get(2).copied() {
                Some("OK") => {
                    let round = f.get(5).and_then(|r| r.parse().ok()).ok_or_else(|| bad("no round"))?;
                    Oracle::Placed(Want {
                        round,
                        criteria: f[6..].iter().map(|c| c.to_string()).collect(),
                        rows: Vec::new(),
                    })
                }
                Some("NOROUND") => Oracle::NoRound,
                _ => Oracle::Fail(f.get(3).unwrap_or(&"").to_string()),
            };
            out.insert(name.clone(), o);
            cur = Some(name);
        } else if let Some(Oracle::Placed(w)) = cur.as_ref().and_then(|c| out.get_mut(c)) {
            if f.len() < 3 {
                return Err(bad("a row has fewer than 3 fields"));
            }
            let round: u32 = f[0].parse().map_err(|_| bad("round"))?;
            if round != w.round {
                continue;
            }
            let place = f[1].parse().map_err(|_| bad("place"))?;
            let vals = f[3..]
                .iter()
                .map(|v| v.parse().map_err(|_| bad("value")))
                .collect::<Result<Vec<i64>, String>>()?;
            w.rows.push((place, f[2].to_string(), vals));
        }
    }
    Ok(out)
}

/// weiqi's standings as `weiqi event standings` shows them for the imported file: (the round
/// they are after, (place, key, values) best first).
type Got = (u32, Vec<(u32, String, Vec<i64>)>);

/// Also the event's own standings (`Event::standings`, weiqi's chain made from the file's
/// criteria: what the server's standings showed before issue #18), as (place, key) with no values, and why they
/// depart from OpenGotha's, if they do ([`own_cause`]).
fn through_event(bytes: &[u8], want: &Want) -> Result<(Got, Got, Option<String>), String> {
    let text = csv_io::decode(bytes).map_err(|e| e.to_string())?;
    let base = opengotha::parse(&text).map_err(|e| e.to_string())?;
    let ev = base
        .plan()
        .map_err(|e| e.to_string())?
        .event()
        .map_err(|e| e.to_string())?;
    // The one function `weiqi event standings` and the server's standings call.
    let g = opengotha::standings::standings(&base, &ev).map_err(|e| e.to_string())?;
    // The event lists the file's players in the file's order.
    let key = |p: tournament::PlayerId| base.players.get(p.0).map(|q| q.key()).unwrap_or_default();
    let placed: Vec<(u32, String, Vec<i64>)> = g
        .rows
        .iter()
        .map(|r| (r.place, key(r.player), r.values.clone()))
        .collect();
    let st = ev.standings();
    let own: Vec<_> = st
        .rows
        .iter()
        .map(|r| (r.place, base.players[r.player.0].key(), Vec::new()))
        .collect();
    let cause = own_cause(&base, &st, want);
    Ok(((g.after_round, placed), (st.after_round, own), cause))
}

/// Where the event's own order first departs from OpenGotha's: the main score (the first of
/// NBW, MMS, CPS, STS) of some players, with what those players have that the others have
/// not; else the first of OpenGotha's criteria whose order it breaks; else only the order of
/// players OpenGotha ties on every criterion (OpenGotha: by name, sharing the place; weiqi:
/// by lot).
fn own_cause(t: &opengotha::Tournament, st: &tournament::Standings, want: &Want) -> Option<String> {
    let key = |i: usize| t.players[i].key();
    let pos: HashMap<String, usize> = st.rows.iter().enumerate().map(|(i, r)| (key(r.player.0), i)).collect();
    if want.rows.iter().enumerate().all(|(i, w)| pos.get(&w.1) == Some(&i)) && pos.len() == want.rows.len() {
        return None;
    }
    let idx: HashMap<String, usize> = (0..t.players.len()).map(|i| (key(i), i)).collect();
    let main = want
        .criteria
        .iter()
        .position(|c| ["NBW", "MMS", "CPS", "STS"].contains(&c.as_str()));
    if let Some(m) = main {
        // OpenGotha's main score less weiqi's: one offset for everyone when they agree.
        let mms: HashMap<String, i64> = st.rows.iter().map(|r| (key(r.player.0), r.mms)).collect();
        let d: Vec<(&str, Option<i64>)> = want
            .rows
            .iter()
            .map(|w| (w.1.as_str(), mms.get(&w.1).map(|v| w.2[m] - v)))
            .collect();
        let mut count: HashMap<Option<i64>, usize> = HashMap::new();
        for x in &d {
            *count.entry(x.1).or_default() += 1;
        }
        let mode = count.iter().max_by_key(|x| (*x.1, *x.0)).and_then(|x| *x.0);
        let off: Vec<&str> = d.iter().filter(|x| x.1 != mode || x.1.is_none()).map(|x| x.0).collect();
        if !off.is_empty() {
            let round = want.round;
            let mut why: Vec<&str> = Vec::new();
            for k in off {
                let Some(&i) = idx.get(k) else {
                    why.push("a key weiqi does not compute");
                    continue;
                };
                let p = &t.players[i];
                let games = || {
                    t.games
                        .iter()
                        .filter(move |g| g.round <= round && (g.black == i || g.white == i))
                };
                let byes = t.byes.iter().filter(|b| b.1 == i && b.0 <= round).count();
                // The correction moves players apart only where it is not everyone's.
                if t.players.iter().any(|q| q.smms_correction != p.smms_correction) {
                    why.push("smmsCorrection");
                }
                if p.participating.chars().take(round as usize).any(|c| c == '0') {
                    why.push("an absent round");
                } else if games().count() + byes < round as usize {
                    why.push("an unpaired round");
                }
                if byes > 0 {
                    why.push("a bye");
                }
                if games().any(|g| g.result == opengotha::GothaResult::BothWin) {
                    why.push("both-win");
                }
                if games().any(|g| g.by_default) {
                    why.push("a game by default");
                }
            }
            why.sort();
            why.dedup();
            if why.is_empty() {
                why.push("nothing apart");
            }
            return Some(format!(
                "main score {}: players with {}",
                want.criteria[m],
                why.join(", ")
            ));
        }
    }
    // The first criterion whose order weiqi breaks.
    for c in 0..want.criteria.len() {
        for a in &want.rows {
            for b in &want.rows {
                if a.2[..=c] > b.2[..=c] && pos.get(&a.1) > pos.get(&b.1) {
                    let chain: Vec<&str> = st.chain.iter().map(|t| t.name()).collect();
                    return Some(format!(
                        "tie-break {} (weiqi's chain {})",
                        want.criteria[c],
                        chain.join(",")
                    ));
                }
            }
        }
    }
    Some("only the order of players tied on every criterion (OpenGotha: by name; weiqi: by lot)".to_string())
}

/// The placement of the file as read, after `round`.
fn as_read(bytes: &[u8], round: u32) -> Result<Got, String> {
    let text = csv_io::decode(bytes).map_err(|e| e.to_string())?;
    let t = opengotha::parse(&text).map_err(|e| e.to_string())?;
    let (_, placed) = t.placement(round).map_err(|e| e.to_string())?;
    Ok((round, rows(&t, &placed)))
}

fn rows(t: &opengotha::Tournament, placed: &[opengotha::Placed]) -> Vec<(u32, String, Vec<i64>)> {
    placed
        .iter()
        .map(|p| (p.place, t.players[p.player].key(), p.values.clone()))
        .collect()
}

#[derive(Default)]
struct Tally {
    /// Compare the player at each position only, not the values.
    keys_only: bool,
    files: usize,
    equal_files: usize,
    other_round: usize,
    rows: usize,
    equal_rows: usize,
    equal_places: usize,
    differing: Vec<String>,
}

impl Tally {
    fn add(&mut self, name: &str, want: &Want, got: &Got, verbose: bool) {
        self.files += 1;
        if got.0 != want.round {
            self.other_round += 1;
        }
        let places: HashMap<&str, u32> = got.1.iter().map(|(p, k, _)| (k.as_str(), *p)).collect();
        let mut all = got.1.len() == want.rows.len();
        let mut first = None;
        for (i, (place, key, vals)) in want.rows.iter().enumerate() {
            self.rows += 1;
            let same = got
                .1
                .get(i)
                .is_some_and(|(_, k, v)| k == key && (self.keys_only || v == vals));
            self.equal_rows += usize::from(same);
            self.equal_places += usize::from(places.get(key.as_str()) == Some(place));
            if !same {
                all = false;
                first.get_or_insert(i);
            }
        }
        if all {
            self.equal_files += 1;
        } else {
            self.differing.push(name.to_string());
            if verbose {
                let i = first.unwrap_or(0);
                println!(
                    "  {name} after round {} (weiqi {}), criteria {}: first difference at row {}: OpenGotha {:?}, weiqi {:?}",
                    want.round,
                    got.0,
                    want.criteria.join(" "),
                    i + 1,
                    want.rows.get(i),
                    got.1.get(i)
                );
            }
        }
    }

    fn print(&self, what: &str) {
        let pc = |a: usize, b: usize| if b == 0 { 0.0 } else { 100.0 * a as f64 / b as f64 };
        println!("{what}:");
        println!(
            "  files: {} of {} equal on every row{}",
            self.equal_files,
            self.files,
            if self.other_round > 0 {
                format!(" ({} placed after another round than OpenGotha's)", self.other_round)
            } else {
                String::new()
            }
        );
        println!(
            "  rows: {} of {} ({:.1} %) with the player and every value equal; {} ({:.1} %) with the place equal",
            self.equal_rows,
            self.rows,
            pc(self.equal_rows, self.rows),
            self.equal_places,
            pc(self.equal_places, self.rows)
        );
    }
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let pos: Vec<&String> = args.iter().filter(|a| *a != "-v").collect();
    let [oracle, dir] = pos[..] else {
        eprintln!("usage: opengotha_compare ORACLE.tsv DIR [-v]");
        return std::process::ExitCode::from(2);
    };
    let oracle = match read_oracle(oracle) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return std::process::ExitCode::from(2);
        }
    };
    let (mut og_placed, mut og_noround, mut og_fail) = (0, 0, 0);
    let mut refused: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let (mut event, mut read) = (Tally::default(), Tally::default());
    let mut weiqi = Tally {
        keys_only: true,
        ..Tally::default()
    };
    let mut missing = 0;
    // Why the event's own standings differ: (files, rows not equal, an example).
    let mut causes: BTreeMap<String, (usize, usize, String)> = BTreeMap::new();
    for (name, o) in &oracle {
        let want = match o {
            Oracle::Placed(w) => {
                og_placed += 1;
                w
            }
            Oracle::NoRound => {
                og_noround += 1;
                continue;
            }
            Oracle::Fail(why) => {
                og_fail += 1;
                println!("  OpenGotha cannot load {name}: {why}");
                continue;
            }
        };
        let Ok(bytes) = std::fs::read(std::path::Path::new(dir).join(name)) else {
            missing += 1;
            continue;
        };
        match through_event(&bytes, want) {
            Ok((got, own, cause)) => {
                event.add(name, want, &got, verbose);
                let before = weiqi.rows - weiqi.equal_rows;
                weiqi.add(name, want, &own, false);
                if let Some(c) = cause {
                    let e = causes.entry(c).or_insert((0, 0, name.clone()));
                    e.0 += 1;
                    e.1 += weiqi.rows - weiqi.equal_rows - before;
                }
            }
            Err(e) => {
                let reason: String = e.chars().take(90).collect();
                refused.entry(reason).or_default().push(name.clone());
            }
        }
        if let Ok(got) = as_read(&bytes, want.round) {
            read.add(name, want, &got, false);
        }
    }
    println!(
        "OpenGotha: {} files, {og_placed} placed after a complete round, {og_noround} without one, {og_fail} not loaded{}",
        oracle.len(),
        if missing > 0 {
            format!(", {missing} not in the folder")
        } else {
            String::new()
        }
    );
    println!(
        "weiqi: {} of the {og_placed} give standings, {} refused",
        event.files,
        og_placed - missing - event.files
    );
    for (reason, names) in &refused {
        println!("  {:4}  {reason}  (e.g. {})", names.len(), names[0]);
    }
    event.print("weiqi event standings and the server's standings (opengotha::standings::standings)");
    read.print("the file's placement as read (no event), after OpenGotha's round");
    weiqi.print("weiqi's own chain from the file's criteria (the server's before issue #18; players only, no values)");
    let mut by_rows: Vec<_> = causes.iter().collect();
    by_rows.sort_by_key(|c| std::cmp::Reverse(c.1.1));
    for (cause, (files, rows, example)) in by_rows {
        println!("  {files:4} files {rows:6} rows  {cause}  (e.g. {example})");
    }
    for d in event.differing.iter().take(if verbose { 0 } else { 20 }) {
        println!("  differs: {d}");
    }
    std::process::ExitCode::SUCCESS
}
