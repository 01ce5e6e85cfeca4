//! Random playouts: the light policy used by the benchmarks, the sparring `genmove` and the
//! ownership estimate behind the dead-stone proposal.
//!
//! The policy is the classic light one: a uniformly random legal move that does not fill
//! one of the mover's own one-point eyes; pass when there is none. Two passes end it.

use crate::board::{Board, Cell};
use crate::game::{Game, Verdict};
use crate::point::{Color, Move};

/// A small, fast, seedable random number generator (xoshiro256**); no dependency needed.
/// Seeded runs are reproducible on every machine.
#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator from a seed (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        let mut z = seed;
        let mut s = [0u64; 4];
        for x in &mut s {
            z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut v = z;
            v = (v ^ (v >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            v = (v ^ (v >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            *x = v ^ (v >> 31);
        }
        Rng { s }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform number below `n` (`n > 0`), by Lemire's multiply-shift.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// Whether the empty cell `i` is a one-point eye of `color`: all four neighbours are its
/// stones or the edge, and the diagonals do not make it false (at most one opponent
/// diagonal in the middle, none on the edge).
#[inline]
pub(crate) fn is_own_eye(board: &Board, color: Color, i: usize) -> bool {
    let own = Cell::of(color);
    for n in board.neighbours(i) {
        let c = board.cell(n);
        if c != own && c != Cell::Border {
            return false;
        }
    }
    let opp = Cell::of(color.opponent());
    let mut bad = 0;
    let mut edge = false;
    for d in board.diagonals(i) {
        match board.cell(d) {
            c if c == opp => bad += 1,
            Cell::Border => edge = true,
            _ => {}
        }
    }
    if edge { bad == 0 } else { bad < 2 }
}

/// A uniformly chosen (from a random start, scanning on) legal move for `color` that does
/// not fill its own eye, as a cell index; `None` means pass. Simple ko only.
#[inline]
pub(crate) fn random_light_move(board: &Board, color: Color, rng: &mut Rng) -> Option<usize> {
    random_move_where(board, color, rng, |_| true)
}

/// The first empty point, scanning on from a random start, that is a legal move for `color`
/// (simple ko only), does not fill its own eye and passes `also`, as a cell index; `None`
/// means pass. The light playouts and the life-and-death policy choose their moves so.
#[inline]
pub(crate) fn random_move_where(
    board: &Board,
    color: Color,
    rng: &mut Rng,
    also: impl Fn(usize) -> bool,
) -> Option<usize> {
    let n = board.n_empty();
    if n == 0 {
        return None;
    }
    let start = rng.below(n);
    let ko = board.ko_idx();
    for k in 0..n {
        let mut j = start + k;
        if j >= n {
            j -= n;
        }
        let i = board.empty_at(j);
        if i == ko || is_own_eye(board, color, i) || board.is_suicide(color, i) || !also(i) {
            continue;
        }
        return Some(i);
    }
    None
}

/// Plays a light playout on `board` from `to_move` until two passes in a row (or a move
/// limit of 3·N², reached only by long ko fights), with simple ko. Returns the moves played.
pub fn light_playout(board: &mut Board, to_move: Color, rng: &mut Rng) -> usize {
    let limit = 3 * board.size().n_points();
    let mut color = to_move;
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < limit {
        match random_light_move(board, color, rng) {
            Some(i) => {
                board.play_idx(color, i);
                passes = 0;
            }
            None => {
                board.clear_ko();
                passes += 1;
            }
        }
        moves += 1;
        color = color.opponent();
    }
    moves
}

/// Plays the light policy through [`Game::play`], so every move is judged with full
/// repetition legality (Art. 6) and recorded; until the game ends or a move limit of 3·N².
/// Returns the moves played.
pub fn game_playout(game: &mut Game, rng: &mut Rng) -> usize {
    let limit = 3 * game.rules().size.n_points();
    let mut moves = 0;
    while game.end().is_none() && moves < limit {
        let color = game.to_move();
        let (mv, verdict) = match random_judged_move(game, rng) {
            Some((mv, verdict)) => (mv, verdict),
            // A pass is always legal (Art. 2.5).
            None => match game.judge(color, Move::Pass) {
                Ok(verdict) => (Move::Pass, verdict),
                Err(_) => break,
            },
        };
        // Judged once, played without judging again.
        game.apply(color, mv, verdict);
        moves += 1;
    }
    moves
}

/// A random legal move for the side to move under the game's full rules that does not fill
/// its own eye; `Move::Pass` when there is none.
pub fn random_legal_move(game: &Game, rng: &mut Rng) -> Move {
    random_judged_move(game, rng).map_or(Move::Pass, |(mv, _)| mv)
}

/// [`random_legal_move`] with the game's verdict on the move, so that it can be played
/// without being judged again; `None` means pass.
fn random_judged_move(game: &Game, rng: &mut Rng) -> Option<(Move, Verdict)> {
    let board = game.board();
    let color = game.to_move();
    let n = board.n_empty();
    if n == 0 || game.end().is_some() {
        return None;
    }
    let start = rng.below(n);
    for k in 0..n {
        let mut j = start + k;
        if j >= n {
            j -= n;
        }
        let i = board.empty_at(j);
        if is_own_eye(board, color, i) || board.is_suicide(color, i) {
            continue;
        }
        // The point is empty and not forbidden: only ko and repetition are left to judge.
        let p = board.point(i);
        if let Ok(verdict) = game.judge_repetition(color, p) {
            return Some((Move::Play(p), verdict));
        }
    }
    None
}
