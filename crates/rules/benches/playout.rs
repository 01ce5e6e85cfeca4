//! Speed of the rules engine on 19×19 (issue 2, "Speed"; figures in BENCHMARKS.md):
//!
//! - `light`: light random playouts from the empty board on a bare [`Board`] with simple ko
//!   (`playout::light_playout`): a uniformly random legal move that does not fill the
//!   mover's own one-point eye, until two passes.
//! - `superko`: the same policy through [`Game`], so every move is judged with full
//!   situational-superko legality and recorded (`playout::game_playout`).
//! - `count`: counting a finished 19×19 position (`rules::count`).
//! - `goban-*`: the same policy on the `goban` crate (crates.io, MIT), measured in the same
//!   run for a ratio: `goban-ko` with its simple ko and suicide rules, `goban-superko` with
//!   its `CHINESE` rule (simple ko plus its own superko check).
//!
//! Each iteration plays a fixed batch of seeded playouts, so the moves per iteration are
//! known exactly and criterion reports both playouts/s (group `playouts-19x19`) and
//! moves/s (group `moves-19x19`).
//!
//! `cargo bench -p rules --bench playout`

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use rules::playout::{Rng, game_playout, light_playout};
use rules::{Board, BoardSize, Color, CountSettings, Game, Rules, count};
use std::time::Duration;

mod common {
    pub mod goban_peer;
}
use common::goban_peer::{GOBAN_KO, GOBAN_SUPERKO, goban_batch};

/// Playouts per iteration (seeds 0..BATCH).
const BATCH: u64 = 16;
/// Playouts per iteration for the much slower peer.
const PEER_BATCH: u64 = 2;

fn light_batch(seeds: std::ops::Range<u64>) -> usize {
    let empty = Board::new(BoardSize::STANDARD);
    let mut moves = 0;
    for seed in seeds {
        let mut board = empty.clone();
        let mut rng = Rng::new(seed);
        moves += light_playout(&mut board, Color::Black, &mut rng);
        black_box(&board);
    }
    moves
}

fn superko_batch(seeds: std::ops::Range<u64>) -> usize {
    let mut moves = 0;
    for seed in seeds {
        let mut game = Game::new(Rules::CHINESE);
        let mut rng = Rng::new(seed);
        moves += game_playout(&mut game, &mut rng);
        black_box(&game);
    }
    moves
}

fn playouts(c: &mut Criterion) {
    type Runner = fn(std::ops::Range<u64>) -> usize;
    let cases: [(&str, u64, Runner); 4] = [
        ("light", BATCH, light_batch),
        ("superko", BATCH, superko_batch),
        ("goban-ko", PEER_BATCH, |s| goban_batch(GOBAN_KO, s)),
        ("goban-superko", PEER_BATCH, |s| goban_batch(GOBAN_SUPERKO, s)),
    ];
    for (group_name, per_playout) in [("playouts-19x19", true), ("moves-19x19", false)] {
        let mut group = c.benchmark_group(group_name);
        group.measurement_time(Duration::from_secs(6));
        for &(name, batch, run) in &cases {
            let moves = run(0..batch) as u64;
            if per_playout {
                eprintln!("{name}: {} moves per playout on average", moves as f64 / batch as f64);
            }
            group.throughput(Throughput::Elements(if per_playout { batch } else { moves }));
            group.bench_function(BenchmarkId::from_parameter(name), |b| {
                b.iter(|| run(black_box(0..batch)))
            });
        }
        group.finish();
    }
}

fn counting(c: &mut Criterion) {
    // A finished position: a light playout played out to two passes.
    let mut board = Board::new(BoardSize::STANDARD);
    light_playout(&mut board, Color::Black, &mut Rng::new(7));
    let settings = CountSettings {
        komi: Rules::CHINESE.komi,
        ..CountSettings::default()
    };
    let mut group = c.benchmark_group("count-19x19");
    group.throughput(Throughput::Elements(1));
    group.bench_function("count", |b| b.iter(|| count(black_box(&board), &[], &settings)));
    group.finish();
}

criterion_group!(benches, playouts, counting);
criterion_main!(benches);
