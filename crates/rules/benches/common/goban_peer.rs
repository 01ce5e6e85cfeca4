//! The peer of the benchmarks: the light policy on the `goban` crate (crates.io, MIT), shared
//! by `benches/playout.rs` (wall time) and `examples/playouts.rs` (instruction counts).

use goban::pieces::stones::Stone;
use goban::rules::game::Game as GobanGame;
use goban::rules::{CHINESE, GobanSizes, IllegalRules, Move as GobanMove, Rule, ScoreRules};
use rules::playout::Rng;
use std::hint::black_box;

/// `goban`'s rules with simple ko and suicide forbidden, and no superko check.
pub const GOBAN_KO: Rule = Rule {
    komi: 7.5,
    flag_illegal: IllegalRules::from_bits_truncate(IllegalRules::KO.bits() | IllegalRules::SUICIDE.bits()),
    flag_score: ScoreRules::from_bits_truncate(ScoreRules::KOMI.bits() | ScoreRules::STONES.bits()),
};

/// `goban`'s Chinese rules: simple ko, suicide, and its own superko check.
pub const GOBAN_SUPERKO: Rule = CHINESE;

/// One light playout on a 19×19 `goban` game: a random empty point (random start, scanning
/// on) that its rule allows and that is not the mover's eye; pass when there is none; until
/// two passes or 3·361 moves. Returns the moves played.
pub fn goban_playout(rule: Rule, rng: &mut Rng) -> usize {
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

/// Playouts with seeds `seeds`; returns the moves played.
pub fn goban_batch(rule: Rule, seeds: std::ops::Range<u64>) -> usize {
    seeds.map(|seed| goban_playout(rule, &mut Rng::new(seed))).sum()
}
