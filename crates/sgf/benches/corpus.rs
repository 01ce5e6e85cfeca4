//! `weiqi check`'s work over Debian's goban-original-games corpus (596 records): read each
//! file's bytes (already in memory), parse, replay the main line under the rules.
//!
//! Run: `cargo bench -p sgf --bench corpus` (needs `apt-get install -y
//! --no-install-recommends goban-original-games`). The peer in the same run is the parse
//! alone, so the ratio shows what replaying costs.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const CORPUS: &str = "/usr/share/goban";

fn corpus() -> Vec<Vec<u8>> {
    let mut paths: Vec<_> = std::fs::read_dir(CORPUS)
        .unwrap_or_else(|e| panic!("{CORPUS}: {e}: apt-get install -y --no-install-recommends goban-original-games"))
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    paths.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

fn bench(c: &mut Criterion) {
    let files = corpus();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let mut g = c.benchmark_group("goban-original-games");
    g.sample_size(20);
    g.throughput(Throughput::Bytes(bytes as u64));
    g.bench_function("parse", |b| {
        b.iter(|| {
            for f in &files {
                black_box(sgf::parse(black_box(f)).unwrap());
            }
        })
    });
    g.bench_function("parse+replay", |b| {
        b.iter(|| {
            let mut problems = 0;
            for f in &files {
                let r = sgf::parse(black_box(f)).unwrap();
                problems += usize::from(r.replay(r.rules(), None).problem.is_some());
            }
            assert_eq!(problems, 31);
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
