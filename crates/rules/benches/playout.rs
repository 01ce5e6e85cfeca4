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
use goban::pieces::stones::Stone;
use goban::rules::game::Game as GobanGame;
use goban::rules::{CHINESE, GobanSizes, IllegalRules, Move as GobanMove, Rule, ScoreRules};
use rules::playout::{Rng, game_playout, light_playout};
use rules::{Board, BoardSize, Color, CountSettings, Game, Rules, count};
use std::time::Duration;

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

/// The light policy on a `goban` game: a random empty point (random start, scanning on)
/// that its rule allows and that is not the mover's eye; pass when there is none.
fn goban_playout(rule: Rule, rng: &mut Rng) -> usize {
    let mut game = GobanGame::new(GobanSizes::Nineteen, rule);
    let limit = 3 * 361;
    let mut moves = 0;
    while !game.is_over() && moves < limit {
        let empties = game.pseudo_legals_vec();
        let mut chosen = GobanMove::Pass;
        if !empties.is_empty() {
            let start = rng.below(empties.len());
            for k in 0..empties.len() {
                let p = empties[(start + k) % empties.len()];
                let stone = Stone {
                    coord: p,
                    color: game.turn(),
                };
                if game.check_point(p).is_none() && !game.check_eye(stone) {
                    chosen = GobanMove::Play(p.0, p.1);
                    break;
                }
            }
        }
        game.play(chosen);
        moves += 1;
    }
    black_box(&game);
    moves
}

const GOBAN_KO: Rule = Rule {
    komi: 7.5,
    flag_illegal: IllegalRules::from_bits_truncate(IllegalRules::KO.bits() | IllegalRules::SUICIDE.bits()),
    flag_score: ScoreRules::from_bits_truncate(ScoreRules::KOMI.bits() | ScoreRules::STONES.bits()),
};

fn goban_batch(rule: Rule, seeds: std::ops::Range<u64>) -> usize {
    seeds.map(|seed| goban_playout(rule, &mut Rng::new(seed))).sum()
}

fn playouts(c: &mut Criterion) {
    type Runner = fn(std::ops::Range<u64>) -> usize;
    let cases: [(&str, u64, Runner); 4] = [
        ("light", BATCH, light_batch),
        ("superko", BATCH, superko_batch),
        ("goban-ko", PEER_BATCH, |s| goban_batch(GOBAN_KO, s)),
        ("goban-superko", PEER_BATCH, |s| goban_batch(CHINESE, s)),
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
