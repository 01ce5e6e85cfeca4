//! Writes random OpenGotha tournament files that exercise every rule of OpenGotha's placement,
//! for comparing weiqi's placement with OpenGotha's own on files no real tournament holds.
//!
//! ```text
//! cargo run --release -p formats --example opengotha_random -- DIR FROM TO [plain|wild|corrupt|big]
//! ```
//!
//! Writes `DIR/random_SEED.xml` for each seed from `FROM` to `TO` (excluded); a seed always
//! gives the same file. Each file has 3–14 players and 1–6 rounds (`big`: 15–60 and 4–12,
//! with DC or SDC second more often than not), random ranks, ratings, `smmsCorrection` and
//! participation; byes, players left unpaired or paired while absent; every result with and
//! without `_BYDEF`, unknown results (mostly in the last round), handicaps 0–9; any McMahon
//! bar, floor and zero (a bar below the floor one time in ten); 1–3 categories; the absent and
//! bye values 0–2, both flags; 1–6 of OpenGotha's 25 criteria in any order. `wild` adds
//! ranks OpenGotha reads its own way (`99K`, `3P`, `12d`) and players sharing a family name;
//! `corrupt` adds one to three of: a second game of a player in a round, two games at one
//! table, a player against himself, a second bye, a game naming no player, a player listed
//! twice, a game beyond the file's rounds. BENCHMARKS.md has the figures.

use std::fmt::Write as _;

/// SplitMix64: small, seeded, the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number from `lo` to `hi`, both included.
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }

    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

const CRITERIA: [&str; 24] = [
    "CAT", "NBW", "CPS", "MMS", "STS", "Rank", "Rating", "CUSSW", "CUSSM", "SOSW", "SOSW-1", "SOSW-2", "SODOSW",
    "SOSM", "SOSM-1", "SOSM-2", "SODOSM", "SOSTS", "SOSOSW", "SOSOSM", "EXT", "EXR", "DC", "SDC",
];
const RESULTS: [&str; 11] = [
    "RESULT_WHITEWINS",
    "RESULT_BLACKWINS",
    "RESULT_EQUAL",
    "RESULT_BOTHLOSE",
    "RESULT_BOTHWIN",
    "RESULT_WHITEWINS",
    "RESULT_BLACKWINS",
    "RESULT_WHITEWINS",
    "RESULT_BLACKWINS",
    "RESULT_WHITEWINS",
    "RESULT_BLACKWINS",
];
const ODD_RANKS: [&str; 8] = ["99K", "3P", "7p", "5k", "12d", "1P", "9P", "40K"];

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Plain,
    Wild,
    Corrupt,
    Big,
}

/// A rank as OpenGotha writes it: 0 = 30K … 29 = 1K, 30 = 1D … 38 = 9D.
fn rank(rng: &mut Rng, mode: Mode, v: i64) -> String {
    if mode == Mode::Wild && rng.chance(0.15) {
        return rng.pick(&ODD_RANKS).to_string();
    }
    if v < 30 {
        format!("{}K", 30 - v)
    } else {
        format!("{}D", v - 29)
    }
}

struct P {
    name: String,
    first: String,
    rank: i64,
    rating: i64,
    correction: i64,
    part: Vec<bool>,
}

impl P {
    fn key(&self) -> String {
        format!("{}{}", self.name, self.first).to_uppercase()
    }
}

/// (round from 0, table, white, black or none, result, handicap)
type G = (usize, usize, usize, Option<usize>, String, i64);

fn file(seed: u64, mode: Mode) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x5EED);
    let big = mode == Mode::Big;
    let n = if big { rng.int(15, 60) } else { rng.int(3, 14) } as usize;
    let rounds = if big { rng.int(4, 12) } else { rng.int(1, 6) } as usize;
    let n_rounds = rounds + rng.int(0, 2) as usize;
    let mut names: Vec<String> = (0..80).map(|i| format!("N{i:02}x")).collect();
    rng.shuffle(&mut names);
    let mut players: Vec<P> = (0..n)
        .map(|i| {
            let (name, first) = if mode == Mode::Wild {
                (names[rng.below(6)].clone(), format!("F{i}"))
            } else {
                (names[i].clone(), rng.pick(&["A", "B", "Zed", "Al"]).to_string())
            };
            P {
                name,
                first,
                rank: rng.int(0, 38),
                rating: if rng.chance(0.33) { rng.int(-900, 2900) } else { 1500 },
                correction: *rng.pick(&[0, 0, 0, 0, 1, -1, 2]),
                part: (0..20).map(|_| !rng.chance(0.12)).collect(),
            }
        })
        .collect();
    let mut games: Vec<G> = Vec::new();
    let mut byes: Vec<(usize, usize)> = Vec::new();
    for r in 0..rounds {
        let mut pool: Vec<usize> = (0..n).filter(|&i| players[i].part[r] || rng.chance(0.1)).collect();
        rng.shuffle(&mut pool);
        if pool.len() % 2 == 1 && rng.chance(0.8) {
            byes.push((r, pool.pop().expect("odd")));
        }
        if rng.chance(0.2) && pool.len() >= 2 {
            pool.truncate(pool.len() - 2);
        }
        for (t, pair) in pool.chunks_exact(2).enumerate() {
            let mut res = rng.pick(&RESULTS).to_string();
            if rng.chance(0.1) {
                res.push_str("_BYDEF");
            }
            if rng.chance(if r == rounds - 1 { 0.15 } else { 0.03 }) {
                res = "RESULT_UNKNOWN".to_string();
            }
            let hd = if rng.chance(0.25) { rng.int(0, 9) } else { 0 };
            games.push((r, t + 1, pair[0], Some(pair[1]), res, hd));
        }
    }
    if mode == Mode::Corrupt {
        for _ in 0..rng.int(1, 3) {
            let r = rng.below(rounds);
            let (a, c) = (rng.below(n), rng.below(n));
            let c = if c == a { (a + 1) % n } else { c };
            let res = rng.pick(&RESULTS).to_string();
            let k = games.len();
            match rng.int(0, 6) {
                0 => games.push((r, 50 + k, a, Some(c), res, 0)),
                1 => {
                    let tables: Vec<usize> = games.iter().filter(|g| g.0 == r).map(|g| g.1).collect();
                    let t = if tables.is_empty() { 1 } else { *rng.pick(&tables) };
                    games.push((r, t, a, Some(c), res, 0));
                }
                2 => games.push((r, 60 + k, a, Some(a), res, 0)),
                3 => byes.push((r, a)),
                4 => games.push((r, 70 + k, a, None, res, 0)),
                5 => {
                    let twin = P {
                        name: players[a].name.clone(),
                        first: players[a].first.clone(),
                        part: players[a].part.clone(),
                        ..players[a]
                    };
                    players.push(twin);
                }
                _ => games.push((n_rounds + rng.below(3), 80 + k, a, Some(c), res, 0)),
            }
        }
    }
    let (bar, floor) = if rng.chance(0.9) {
        let (x, y) = (rng.int(5, 38), rng.int(0, 38));
        (x.max(y), x.min(y))
    } else {
        (rng.int(0, 38), rng.int(0, 38))
    };
    let zero = if rng.chance(0.75) { 0 } else { rng.int(0, floor) };
    let n_categories = *rng.pick(&[1, 1, 2, 3]);
    let mut limits: Vec<i64> = Vec::new();
    while limits.len() + 1 < n_categories {
        let l = rng.int(5, 35);
        if !limits.contains(&l) {
            limits.push(l);
        }
    }
    limits.sort_by(|a, b| b.cmp(a));
    let mut crit: Vec<&str> = (0..rng.int(1, 6)).map(|_| *rng.pick(&CRITERIA)).collect();
    if big && rng.chance(0.6) {
        let first = *rng.pick(&["NBW", "MMS"]);
        let direct = *rng.pick(&["DC", "SDC"]);
        crit.splice(0..0, [first, direct]);
    }
    if rng.chance(0.7) {
        crit.insert(0, *rng.pick(&["NBW", "MMS", "CPS", "STS"]));
    }
    let mut seen = Vec::new();
    crit.retain(|c| {
        let new = !seen.contains(c);
        seen.push(*c);
        new
    });
    crit.truncate(6);
    crit.resize(6, "NULL");

    let mut x = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<Tournament dataVersion=\"201\" fullVersionNumber=\"3.51\" runningMode=\"SAL\">\n<Players>\n",
    );
    for p in &players {
        let part: String = p.part.iter().map(|&b| if b { '1' } else { '0' }).collect();
        let rk = rank(&mut rng, mode, p.rank);
        let club = rng.int(1, 3);
        let _ = writeln!(
            x,
            "<Player club=\"C{club}\" country=\"FR\" firstName=\"{}\" name=\"{}\" participating=\"{part}\" rank=\"{rk}\" rating=\"{}\" registeringStatus=\"FIN\" smmsCorrection=\"{}\"/>",
            p.first, p.name, p.rating, p.correction
        );
    }
    x.push_str("</Players>\n<Games>\n");
    for (r, t, w, b, res, hd) in &games {
        let black = b.map(|b| players[b].key()).unwrap_or_else(|| "NOBODYX".to_string());
        let _ = writeln!(
            x,
            "<Game blackPlayer=\"{black}\" handicap=\"{hd}\" knownColor=\"true\" result=\"{res}\" roundNumber=\"{}\" tableNumber=\"{t}\" whitePlayer=\"{}\"/>",
            r + 1,
            players[*w].key()
        );
    }
    x.push_str("</Games>\n");
    if !byes.is_empty() {
        x.push_str("<ByePlayers>\n");
        for (r, p) in &byes {
            let _ = writeln!(
                x,
                "<ByePlayer player=\"{}\" roundNumber=\"{}\"/>",
                players[*p].key(),
                r + 1
            );
        }
        x.push_str("</ByePlayers>\n");
    }
    let flag = |rng: &mut Rng| if rng.chance(0.5) { "true" } else { "false" };
    let (rb, rf, rz) = (
        rank(&mut rng, mode, bar),
        rank(&mut rng, mode, floor),
        rank(&mut rng, mode, zero),
    );
    let values: Vec<i64> = (0..4).map(|_| rng.int(0, 2)).collect();
    let (f1, f2) = (flag(&mut rng), flag(&mut rng));
    let _ = writeln!(
        x,
        "<TournamentParameterSet>\n<GeneralParameterSet name=\"R{seed}\" shortName=\"R{seed}\" numberOfRounds=\"{n_rounds}\" numberOfCategories=\"{n_categories}\" genMMBar=\"{rb}\" genMMFloor=\"{rf}\" genMMZero=\"{rz}\" genNBW2ValueAbsent=\"{}\" genNBW2ValueBye=\"{}\" genMMS2ValueAbsent=\"{}\" genMMS2ValueBye=\"{}\" genRoundDownNBWMMS=\"{f1}\" genCountNotPlayedGamesAsHalfPoint=\"{f2}\">",
        values[0], values[1], values[2], values[3]
    );
    if n_categories > 1 {
        x.push_str("<Categories>\n");
        for (k, l) in limits.iter().enumerate() {
            let _ = writeln!(
                x,
                "<Category lowerLimit=\"{}\" number=\"{}\"/>",
                rank(&mut rng, mode, *l),
                k + 1
            );
        }
        x.push_str("</Categories>\n");
    }
    x.push_str("</GeneralParameterSet>\n<HandicapParameterSet hdBasedOnMMS=\"true\" hdCeiling=\"9\" hdCorrection=\"1\" hdNoHdRankThreshold=\"1D\"/>\n<PlacementParameterSet><PlacementCriteria>\n");
    for (k, c) in crit.iter().enumerate() {
        let _ = writeln!(x, "<PlacementCriterion name=\"{c}\" number=\"{}\"/>", k + 1);
    }
    x.push_str(
        "</PlacementCriteria></PlacementParameterSet><PairingParameterSet/></TournamentParameterSet>\n</Tournament>\n",
    );
    x
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || {
        eprintln!("usage: opengotha_random DIR FROM TO [plain|wild|corrupt|big]");
        std::process::ExitCode::from(2)
    };
    let (Some(dir), Some(Ok(from)), Some(Ok(to))) = (
        args.first(),
        args.get(1).map(|s| s.parse::<u64>()),
        args.get(2).map(|s| s.parse::<u64>()),
    ) else {
        return usage();
    };
    let mode = match args.get(3).map(String::as_str) {
        None | Some("plain") => Mode::Plain,
        Some("wild") => Mode::Wild,
        Some("corrupt") => Mode::Corrupt,
        Some("big") => Mode::Big,
        Some(_) => return usage(),
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("cannot create {dir}: {e}");
        return std::process::ExitCode::FAILURE;
    }
    for seed in from..to {
        let path = std::path::Path::new(dir).join(format!("random_{seed:05}.xml"));
        if let Err(e) = std::fs::write(&path, file(seed, mode)) {
            eprintln!("cannot write {}: {e}", path.display());
            return std::process::ExitCode::FAILURE;
        }
    }
    std::process::ExitCode::SUCCESS
}
