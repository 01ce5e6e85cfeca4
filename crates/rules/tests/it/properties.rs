//! Property tests over random games (seeded with the crate's own `playout::Rng`, so every
//! failure names a seed that reproduces it), and the differential test against the naive
//! implementation in `reference`.
//!
//! Debug builds run a modest number of games; `cargo test --release -p rules` runs the
//! heavy version (thousands of games).

use crate::reference::RefGame;
use rules::playout::{Rng, random_legal_move};
use rules::*;

/// How many games a randomized test plays: `debug` in debug builds, `release` otherwise.
fn games(debug: u64, release: u64) -> u64 {
    if cfg!(debug_assertions) { debug } else { release }
}

fn rules_for(size: u8, rng: &mut Rng) -> Rules {
    let ko = [KoRule::Situational, KoRule::Positional, KoRule::Simple][rng.below(3)];
    let cycle = [
        CyclePolicy::Forbid,
        CyclePolicy::NoResult,
        CyclePolicy::Draw,
        CyclePolicy::Replay,
    ][rng.below(4)];
    Rules {
        size: BoardSize::new(size).unwrap(),
        ko,
        cycle,
        ..Rules::CHINESE
    }
}

/// A random move for the side to move: usually a uniformly chosen legal stone, sometimes
/// a pass, sometimes any point at all (so that illegal moves are tried too).
fn random_move(game: &Game, rng: &mut Rng) -> Move {
    let size = game.rules().size;
    match rng.below(20) {
        0 => Move::Pass,
        1 | 2 => {
            let n = size.get() as usize;
            Move::Play(Point::new(rng.below(n) as u8, rng.below(n) as u8))
        }
        _ => {
            // A few random empty points, then every point from a random start: the first
            // legal one (cheaper than listing every legal move).
            let empty: Vec<Point> = game.board().empty_points().collect();
            if empty.is_empty() {
                return Move::Pass;
            }
            let color = game.to_move();
            let start = rng.below(empty.len());
            (0..empty.len())
                .map(|k| empty[(start + k * 7919) % empty.len()])
                .map(Move::Play)
                .find(|&mv| game.check(color, mv).is_ok())
                .unwrap_or(Move::Pass)
        }
    }
}

/// Everything observable about a game, for "undo restores everything".
fn snapshot(g: &Game) -> String {
    format!(
        "{}hash {:x} to move {} end {:?} passes {} ko {:?} captures {} {} history {:?}",
        g.board(),
        g.board().hash(),
        g.to_move(),
        g.end(),
        g.consecutive_passes(),
        g.board().ko_point(),
        g.board().captures(Color::Black),
        g.board().captures(Color::White),
        g.history(),
    )
}

/// The verdict on every point and a pass for both colors: a fingerprint of the positions
/// the game has seen (Art. 6) and of its ko point.
fn verdicts(g: &Game) -> Vec<Result<(), IllegalMove>> {
    let size = g.rules().size;
    let mut out = Vec::new();
    for color in [Color::Black, Color::White] {
        out.push(g.check(color, Move::Pass));
        for p in size.points() {
            out.push(g.check(color, Move::Play(p)));
        }
    }
    out
}

/// After any legal move: the board is consistent (`check_consistency`: chains, liberty
/// counts, empty list, hash) and no group has zero liberties (Art. 3.3), counted here
/// by the public API; the incremental hash equals the hash of the same stones set up on a
/// fresh board, and `hash_after` predicted it.
#[test]
fn after_every_legal_move_the_board_is_consistent_and_every_group_has_a_liberty() {
    let mut n_checked = 0;
    for seed in 0..games(40, 400) {
        let mut rng = Rng::new(seed);
        let size = [2u8, 3, 4, 5, 7, 9, 13, 19][seed as usize % 8];
        let mut g = Game::new(rules_for(size, &mut rng));
        for turn in 0..3 * size as usize * size as usize {
            if g.end().is_some() {
                break;
            }
            let mv = random_move(&g, &mut rng);
            let color = g.to_move();
            let predicted = match mv {
                Move::Play(p) if g.board().check(color, p).is_ok() => Some(g.board().hash_after(color, p)),
                _ => None,
            };
            if g.play(mv).is_err() {
                continue;
            }
            let b = g.board();
            let ctx = || format!("seed {seed} size {size} turn {turn} {mv:?}\n{b}");
            b.check_consistency().unwrap_or_else(|e| panic!("{e}: {}", ctx()));
            for p in b.size().points() {
                if b.get(p).is_some() {
                    assert!(b.n_liberties(p) > 0, "group without liberties at {p:?}: {}", ctx());
                }
            }
            if let Some(h) = predicted {
                assert_eq!(h, b.hash(), "hash_after mispredicted: {}", ctx());
            }
            n_checked += 1;
            // A fresh board with the same stones has the same hash (set-up stones are
            // hashed from scratch). Each `set` rebuilds the board, so only now and then
            // on large boards.
            if size > 9 && turn % 16 != 0 {
                continue;
            }
            let mut fresh = Board::new(b.size());
            for p in b.size().points() {
                fresh.set(p, b.get(p));
            }
            assert_eq!(
                fresh.hash(),
                b.hash(),
                "incremental hash differs from a fresh one: {}",
                ctx()
            );
            assert_eq!(&fresh, b);
        }
    }
    assert!(n_checked > 1000, "only {n_checked} positions checked");
}

/// `undo` restores everything: the board, its hash, the side to move, the end, the ko
/// point, the captures, the history, and the positions seen (every point is judged the
/// same as before the move).
#[test]
fn undo_restores_the_game_exactly() {
    let mut n_checked = 0;
    for seed in 0..games(40, 400) {
        let mut rng = Rng::new(1000 + seed);
        let size = [2u8, 3, 4, 5, 6, 9][seed as usize % 6];
        let mut g = Game::new(rules_for(size, &mut rng));
        for turn in 0..2 * size as usize * size as usize {
            if g.end().is_some() {
                // Reopen a game ended by two passes (Art. 21.4), so undo meets resumptions too.
                if g.resume(g.to_move()).is_err() {
                    break;
                }
            }
            let before = g.clone();
            let mv = random_move(&g, &mut rng);
            if g.play(mv).is_err() {
                continue;
            }
            // Check undo on every turn for small boards, now and then for larger ones.
            if size <= 5 || turn % 7 == 0 {
                n_checked += 1;
                let mut undone = g.clone();
                let taken = undone.undo();
                let ctx = format!("seed {seed} size {size} turn {turn} {mv:?}");
                assert_eq!(taken.map(|e| e.mv), Some(mv), "{ctx}");
                assert_eq!(snapshot(&undone), snapshot(&before), "{ctx}");
                assert_eq!(verdicts(&undone), verdicts(&before), "{ctx}");
                undone.board().check_consistency().unwrap();
            }
        }
    }
    assert!(n_checked > 500, "only {n_checked} undos checked");
}

/// `Game::check` agrees with `Game::play` on every move tried, legal or not; `legal_moves`
/// lists exactly the points where a stone may be played, and each of them is playable.
#[test]
fn check_play_and_legal_moves_agree() {
    for seed in 0..games(40, 400) {
        let mut rng = Rng::new(2000 + seed);
        let size = [2u8, 3, 4, 5, 7, 9][seed as usize % 6];
        let mut g = Game::new(rules_for(size, &mut rng));
        for _ in 0..2 * size as usize * size as usize {
            if g.end().is_some() {
                break;
            }
            let color = g.to_move();
            let legal = g.legal_moves(color);
            for p in g.rules().size.points() {
                let verdict = g.check(color, Move::Play(p));
                assert_eq!(verdict.is_ok(), legal.contains(&p), "seed {seed}: {p:?} {verdict:?}");
                let mut trial = g.clone();
                assert_eq!(trial.play(Move::Play(p)).map(|_| ()), verdict, "seed {seed}: {p:?}");
            }
            let mv = random_move(&g, &mut rng);
            let _ = g.play(mv);
        }
    }
}

/// Art. 9: whatever the board and the dead stones named, the areas and the dame make up
/// the board, both counts add up to N² stones (4·N² half points) with any penalties, and
/// Black's margin is the count minus par, komi and the handicap return.
#[test]
fn counts_add_up_to_the_whole_board() {
    for seed in 0..games(60, 600) {
        let mut rng = Rng::new(3000 + seed);
        let size = [2u8, 3, 5, 9, 13, 19][seed as usize % 6];
        let mut g = Game::new(Rules {
            size: BoardSize::new(size).unwrap(),
            ..Rules::CHINESE
        });
        let n_moves = rng.below(3 * size as usize * size as usize);
        for _ in 0..n_moves {
            if g.end().is_some() {
                break;
            }
            let mv = random_legal_move(&g, &mut rng);
            g.play(mv).unwrap();
        }
        let stones: Vec<Point> = g
            .board()
            .size()
            .points()
            .filter(|&p| g.board().get(p).is_some())
            .collect();
        let dead: Vec<Point> = stones.iter().copied().filter(|_| rng.below(4) == 0).collect();
        let penalties = [rng.below(3) as u32, rng.below(3) as u32];
        let c = g.count(&dead, penalties);
        let n2 = size as u32 * size as u32;
        assert_eq!(c.area[0] + c.area[1] + c.dame, n2, "seed {seed}");
        assert_eq!(c.stones[0] + c.territory[0], c.area[0]);
        assert_eq!(c.stones[1] + c.territory[1], c.area[1]);
        assert_eq!(c.counts[0].0 + c.counts[1].0, 4 * n2 as i32, "seed {seed}");
        assert_eq!(
            c.margin.0,
            c.counts[0].0 - 2 * n2 as i32 - g.rules().komi.0,
            "seed {seed}"
        );
        let on_board = stones.len() as u32;
        assert_eq!(
            c.stones[0] + c.stones[1] + c.dead[0] + c.dead[1],
            on_board,
            "seed {seed}"
        );
        assert_eq!(c.owner.len(), n2 as usize);
        // Naming one stone marks its whole group: naming all stones of the dead groups
        // gives the same count.
        let mut whole: Vec<Point> = dead.iter().flat_map(|&p| g.board().group(p)).collect();
        whole.sort();
        whole.dedup();
        assert_eq!(g.count(&whole, penalties), c, "seed {seed}");
    }
}

/// The differential test: the engine and the naive reference agree, on every turn of
/// random games on 2×2 to 9×9 (and some 19×19) under every ko rule and cycle policy, on
/// the verdict (and the kind of error) for every point and a pass for both colors, and on
/// the board, the captures and the end after every move. Moves are mostly legal stones,
/// sometimes passes, sometimes a move out of turn (GTP allows either color at any time).
#[test]
fn differential_against_the_naive_reference() {
    let mut n_games = 0;
    let mut n_turns = 0;
    // How often each verdict came up, so the test shows it met every rule.
    let mut tally: std::collections::BTreeMap<String, u64> = Default::default();
    for seed in 0..games(400, 4000) {
        let mut rng = Rng::new(4000 + seed);
        let size = if seed % 100 == 99 { 19 } else { 2 + (seed % 8) as u8 };
        let rules = rules_for(size, &mut rng);
        let mut g = Game::new(rules);
        let mut r = RefGame::new(size as usize, rules.ko, rules.cycle);
        let limit = if size == 19 {
            150
        } else {
            4 * size as usize * size as usize
        };
        n_games += 1;
        for turn in 0..limit {
            let ctx = |g: &Game| format!("seed {seed} size {size} {rules:?} turn {turn}\n{}", g.board());
            // Every verdict, for both colors (the side not to move too: GTP may play it).
            let judge_all = size <= 9 || turn % 10 == 0;
            for color in [Color::Black, Color::White] {
                assert_eq!(
                    g.check(color, Move::Pass),
                    r.check(color, Move::Pass),
                    "pass: {}",
                    ctx(&g)
                );
                if judge_all {
                    for i in 0..r.n * r.n {
                        let p = r.point(i);
                        let ours = g.check(color, Move::Play(p));
                        let theirs = r.check(color, Move::Play(p));
                        assert_eq!(ours, theirs, "{color:?} {p:?}: {}", ctx(&g));
                        *tally
                            .entry(ours.map_or_else(|e| e.code().to_string(), |_| "legal".into()))
                            .or_default() += 1;
                    }
                }
            }
            if g.end().is_some() {
                break;
            }
            n_turns += 1;
            let color = if rng.below(25) == 0 {
                g.to_move().opponent()
            } else {
                g.to_move()
            };
            let mv = match rng.below(12) {
                0 => Move::Pass,
                _ => {
                    let legal: Vec<usize> = (0..r.n * r.n)
                        .filter(|&i| r.check(color, Move::Play(r.point(i))).is_ok())
                        .collect();
                    if legal.is_empty() {
                        Move::Pass
                    } else {
                        Move::Play(r.point(legal[rng.below(legal.len())]))
                    }
                }
            };
            let ours = g.play_as(color, mv);
            let theirs = r.play_as(color, mv);
            assert_eq!(ours.is_ok(), theirs.is_ok(), "{color:?} {mv:?}: {}", ctx(&g));
            if let (Ok(a), Ok(b)) = (&ours, &theirs) {
                assert_eq!(a.captures as usize, *b, "captures of {mv:?}: {}", ctx(&g));
            }
            assert_eq!(g.end(), r.end, "end after {mv:?}: {}", ctx(&g));
            if let Some(end) = g.end() {
                *tally.entry(format!("{end:?}")).or_default() += 1;
            }
            assert_eq!(g.to_move(), r.to_move);
            for i in 0..r.n * r.n {
                assert_eq!(g.board().get(r.point(i)), r.cells[i], "board after {mv:?}: {}", ctx(&g));
            }
        }
    }
    assert!(
        n_games > 0 && n_turns > n_games,
        "the test played ({n_games} games, {n_turns} turns)"
    );
    let kinds = [
        "legal",
        "occupied",
        "suicide",
        "ko",
        "repetition",
        "game-over",
        "TwoPasses",
    ];
    let cycles = ["Cycle(NoResult)", "Cycle(Draw)", "Cycle(Replay)"];
    for kind in kinds.iter().chain(&cycles) {
        assert!(tally.contains_key(*kind), "no {kind} in {n_games} games: {tally:?}");
    }
}

/// The smoke test the crate started with: light random games under the full rules stay
/// consistent on every size, with `random_legal_move` always giving a legal move.
#[test]
fn random_legal_move_is_legal_and_games_stay_consistent() {
    for size in [2u8, 3, 5, 9, 19] {
        for seed in 0..games(10, 50) {
            let mut rng = Rng::new(seed);
            let mut g = Game::new(Rules {
                size: BoardSize::new(size).unwrap(),
                ..Rules::CHINESE
            });
            let mut n = 0;
            while g.end().is_none() && n < 1000 {
                let mv = random_legal_move(&g, &mut rng);
                g.play(mv)
                    .unwrap_or_else(|e| panic!("size {size} seed {seed} move {n}: {mv:?} {e}"));
                g.board()
                    .check_consistency()
                    .unwrap_or_else(|e| panic!("size {size} seed {seed} move {n}: {e}\n{}", g.board()));
                n += 1;
            }
        }
    }
}
