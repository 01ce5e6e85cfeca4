//! A fixed amount of the benchmarks' work, for instruction counts under callgrind, which are
//! stable on a shared machine where wall time is not (BENCHMARKS.md):
//!
//! ```text
//! cargo build --release -p rules --example playouts
//! valgrind --tool=callgrind target/release/examples/playouts light 1000
//! ```
//!
//! `light N` plays N light playouts on 19×19 (seeds 0..N), `superko N` the same through
//! `Game` with full superko legality, `count N` counts a finished 19×19 position N times;
//! `goban-ko N` and `goban-superko N` play the light policy on the peer, the `goban` crate.
//! Run it with N and with 0: the difference divided by N is the cost of one.

use rules::playout::{Rng, game_playout, light_playout};
use rules::{Board, BoardSize, Color, CountSettings, Game, Rules, count};
use std::hint::black_box;
use std::process::ExitCode;

#[path = "../benches/common/goban_peer.rs"]
mod goban_peer;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mode, n) = match args.as_slice() {
        [mode, n] => match n.parse::<u64>() {
            Ok(n) => (mode.as_str(), n),
            Err(e) => {
                eprintln!("playouts: {n:?} is not a number: {e}");
                return ExitCode::FAILURE;
            }
        },
        _ => {
            eprintln!("usage: playouts light|superko|count|goban-ko|goban-superko N");
            return ExitCode::FAILURE;
        }
    };
    let mut moves = 0;
    match mode {
        "light" => {
            let empty = Board::new(BoardSize::STANDARD);
            for seed in 0..n {
                let mut board = empty.clone();
                moves += light_playout(&mut board, Color::Black, &mut Rng::new(seed));
                black_box(&board);
            }
        }
        "superko" => {
            for seed in 0..n {
                let mut game = Game::new(Rules::CHINESE);
                moves += game_playout(&mut game, &mut Rng::new(seed));
                black_box(&game);
            }
        }
        "count" => {
            let mut board = Board::new(BoardSize::STANDARD);
            light_playout(&mut board, Color::Black, &mut Rng::new(7));
            let settings = CountSettings {
                komi: Rules::CHINESE.komi,
                ..CountSettings::default()
            };
            for _ in 0..n {
                black_box(count(black_box(&board), &[], &settings));
            }
        }
        "goban-ko" => moves = goban_peer::goban_batch(goban_peer::GOBAN_KO, 0..n),
        "goban-superko" => moves = goban_peer::goban_batch(goban_peer::GOBAN_SUPERKO, 0..n),
        other => {
            eprintln!("playouts: unknown mode {other:?}: expected light, superko, count, goban-ko or goban-superko");
            return ExitCode::FAILURE;
        }
    }
    println!("{mode}: {n} runs, {moves} moves");
    ExitCode::SUCCESS
}
