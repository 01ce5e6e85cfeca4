use rules::playout::{Rng, random_legal_move};
use rules::*;

#[test]
fn smoke_random_games_stay_consistent() {
    for size in [2u8, 3, 5, 9, 19] {
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            let mut g = Game::new(Rules {
                size: BoardSize::new(size).unwrap(),
                ..Rules::CHINESE
            });
            let mut n = 0;
            while g.end().is_none() && n < 1000 {
                let mv = random_legal_move(&g, &mut rng);
                g.play(mv).unwrap();
                g.board()
                    .check_consistency()
                    .unwrap_or_else(|e| panic!("size {size} seed {seed} move {n}: {e}\n{}", g.board()));
                n += 1;
            }
        }
    }
}
