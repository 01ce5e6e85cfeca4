//! Speed of the dead-stone proposal (`life::propose_dead`, Art. 8) on 19×19 with the
//! default 400 playouts:
//!
//! - `finished`: the end of a GNU Go self-play game (the position of the `finished_19x19_game`
//!   test), the case the proposal is made for;
//! - `midgame`: 120 random light moves from the empty board, where playouts are longest;
//! - `second-look`: the end of a professional game (Hon-47-5 of goban-original-games, the
//!   test `a_big_dragon_beside_a_dead_group_is_alive_on_the_second_look`), where an
//!   unsettled dragon beside a dead group makes the proposal run its playouts twice;
//! - `benson`: Benson's unconditional life alone, both colors, on the finished position.
//!
//! `cargo bench -p rules --bench life`

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use rules::life::{ProposalSettings, propose_dead, unconditionally_alive};
use rules::playout::Rng;
use rules::{Board, BoardSize, Color, Game, Point, Rules};
use std::time::Duration;

const FINISHED: &str = "
. . O O X . . X . X O . . . . . . . .
O O . O X . . . . X O O . . . O . . .
O O O X . . . . . . X O . . . . . . .
O X X X . . . . . . X X O . O . . O .
O X . . X X . X . . X O O O . . . . O
O O X X O O X . . . X O X X O O O O X
O . O O O O O X . . . X . . X X O X X
. . . O X O X X . . . . X X . . X X .
. . . O X X X . . . . X X . . . . . .
. . . O X O O X . . X O O X X X X X X
. . O X X O O X . . X O O O O X O X O
. O O X X X O O X X . X X X O X O X O
O O . O X O O X X . X X X O O O O O O
X O O O X X O O X X O O X X O O X X O
X X X X X O O . O O . . O O O O O X X
. . . . . X O O . . . . O X X O X X .
. . . . . X X O . O . O O X X X X . .
. X . . . . X O . . O . O O X . . . .
X . . . . X O O . . . O X X X . . . .
";

/// Hon-47-5's final position, White to move (the rules test
/// `a_big_dragon_beside_a_dead_group_is_alive_on_the_second_look` reads the same file).
const SECOND_LOOK: &str = include_str!("../tests/it/hon_47_5_end.txt");

fn parse(text: &str) -> Board {
    let mut board = Board::new(BoardSize::STANDARD);
    for (y, row) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        for (x, ch) in row.split_whitespace().enumerate() {
            let stone = match ch {
                "X" => Some(Color::Black),
                "O" => Some(Color::White),
                _ => None,
            };
            board.set(Point::new(x as u8, y as u8), stone);
        }
    }
    board
}

fn midgame() -> Board {
    let mut game = Game::new(Rules::CHINESE);
    let mut rng = Rng::new(7);
    for _ in 0..120 {
        let mv = rules::playout::random_legal_move(&game, &mut rng);
        game.play(mv).expect("a random legal move");
    }
    game.board().clone()
}

fn bench(c: &mut Criterion) {
    let finished = parse(FINISHED);
    let mid = midgame();
    let settings = ProposalSettings::default();
    let mut group = c.benchmark_group("proposal-19x19-400-playouts");
    group.measurement_time(Duration::from_secs(10));
    group.sample_size(20);
    group.bench_function("finished", |b| {
        b.iter(|| propose_dead(black_box(&finished), Color::White, &settings))
    });
    group.bench_function("midgame", |b| {
        b.iter(|| propose_dead(black_box(&mid), Color::Black, &settings))
    });
    let second = parse(SECOND_LOOK);
    group.bench_function("second-look", |b| {
        b.iter(|| propose_dead(black_box(&second), Color::White, &settings))
    });
    group.finish();
    c.bench_function("benson-19x19", |b| {
        b.iter(|| {
            (
                unconditionally_alive(black_box(&finished), Color::Black),
                unconditionally_alive(black_box(&finished), Color::White),
            )
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
