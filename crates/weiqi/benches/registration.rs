//! Registration from the command line: `weiqi event import` of a CSV of 10,000 and of
//! 100,000 registrations, and of an OpenGotha file of 2,000 players and 5 rounds with their
//! results, each into a fresh SQLite file. The release binary cargo built for this bench runs
//! as a process, so a figure is the whole command: start, read, parse, check through the
//! tournament crate, write and commit. Figures in BENCHMARKS.md.
//!
//! `cargo bench -p weiqi --bench registration`

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// A CSV of `n` registrations: distinct names, ranks from 30k to 9d.
fn csv(n: usize) -> String {
    let mut out = String::from("name,rank,club\n");
    for i in 0..n {
        let rank = match i % 37 {
            k @ 0..30 => format!("{}k", 30 - k),
            k => format!("{}d", k - 29),
        };
        out.push_str(&format!("Player {i:06},{rank},Club {}\n", i % 97));
    }
    out
}

/// An OpenGotha file of `n` players (a multiple of 8) and `rounds` rounds (at most 7), every
/// game with its result: in round r, player k meets player k XOR r (no pairing twice).
fn opengotha(n: usize, rounds: usize) -> String {
    assert!(n.is_multiple_of(8) && rounds < 8);
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <Tournament dataVersion=\"201\" fullVersionNumber=\"3.51\" runningMode=\"SAL\">\n<Players>\n",
    );
    for i in 0..n {
        let rank = match i % 37 {
            k @ 0..30 => format!("{}K", 30 - k),
            k => format!("{}D", k - 29),
        };
        out.push_str(&format!(
            "<Player club=\"C{}\" country=\"CN\" firstName=\"F\" name=\"P{i:05}\" participating=\"11111111111111111111\" \
             rank=\"{rank}\" rating=\"1500\" registeringStatus=\"FIN\" smmsCorrection=\"0\"/>\n",
            i % 97
        ));
    }
    out.push_str("</Players>\n<Games>\n");
    for r in 1..=rounds {
        let mut table = 0;
        for k in 0..n {
            let other = k ^ r;
            if other < k {
                continue;
            }
            table += 1;
            let result = if (k + r) % 2 == 0 {
                "RESULT_WHITEWINS"
            } else {
                "RESULT_BLACKWINS"
            };
            out.push_str(&format!(
                "<Game blackPlayer=\"P{k:05}F\" handicap=\"0\" knownColor=\"true\" result=\"{result}\" \
                 roundNumber=\"{r}\" tableNumber=\"{table}\" whitePlayer=\"P{other:05}F\"/>\n"
            ));
        }
    }
    out.push_str(&format!(
        "</Games>\n<TournamentParameterSet>\n<GeneralParameterSet name=\"Bench\" shortName=\"bench\" \
         numberOfRounds=\"{rounds}\" genMMBar=\"9D\" genMMFloor=\"30K\" genMMZero=\"30K\" genNBW2ValueAbsent=\"1\" \
         genNBW2ValueBye=\"2\" genMMS2ValueAbsent=\"1\" genMMS2ValueBye=\"2\" genRoundDownNBWMMS=\"false\" \
         genCountNotPlayedGamesAsHalfPoint=\"true\">\n</GeneralParameterSet>\n\
         <HandicapParameterSet hdBasedOnMMS=\"true\" hdCeiling=\"9\" hdCorrection=\"1\" hdNoHdRankThreshold=\"1D\"/>\n\
         <PlacementParameterSet>\n<PlacementCriteria>\n<PlacementCriterion name=\"NBW\" number=\"1\"/>\n\
         <PlacementCriterion name=\"SOSW\" number=\"2\"/>\n</PlacementCriteria>\n</PlacementParameterSet>\n\
         <PairingParameterSet/>\n</TournamentParameterSet>\n</Tournament>\n"
    ));
    out
}

static N: AtomicU32 = AtomicU32::new(0);

/// A fresh database path in `dir` (the file does not exist yet).
fn fresh_db(dir: &Path) -> PathBuf {
    dir.join(format!("bench-{}.db", N.fetch_add(1, Ordering::SeqCst)))
}

/// `weiqi event import` of `file` in format `from` into the fresh database `db`.
fn import(db: &Path, from: &str, file: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_weiqi"))
        .args(["event", "--db"])
        .arg(db)
        .args(["import", "--from", from, "--id", "bench"])
        .arg(file)
        .output()
        .expect("weiqi runs");
    assert!(
        out.status.success(),
        "weiqi event import --from {from}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_file(db);
    let _ = std::fs::remove_file(db.with_extension("db-wal"));
    let _ = std::fs::remove_file(db.with_extension("db-shm"));
}

fn registration(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("weiqi-bench-registration-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let files = [
        ("csv_10000", "csv", csv(10_000)),
        ("opengotha_2000_players_5_rounds", "opengotha", opengotha(2_000, 5)),
        ("csv_100000", "csv", csv(100_000)),
    ];
    let mut g = c.benchmark_group("import");
    g.sample_size(10).warm_up_time(Duration::from_secs(1));
    for (name, from, text) in &files {
        let file = dir.join(format!("{name}.{}", if *from == "csv" { "csv" } else { "xml" }));
        std::fs::write(&file, text).unwrap();
        g.bench_function(*name, |b| {
            b.iter_batched(
                || fresh_db(&dir),
                |db| import(&db, from, &file),
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, registration);
criterion_main!(benches);
