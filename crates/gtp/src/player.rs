//! The sparring partner behind `genmove`, and the engine's own handicap placement.
//!
//! The player is the light playout policy of the rules crate, judged with the full rules
//! of the game: a uniformly random legal move that does not fill one of its own one-point
//! eyes, and a pass when no such move is left. It is a sparring partner for testing GUIs,
//! referees and other engines, not an AI.

use rules::playout::{self, Rng};
use rules::{BoardSize, Color, Game, GameEnd, Move, Point, fixed_handicap};

/// A move for `color` in `game`, or `None` when the game has ended in a way that cannot be
/// reopened (a cycle under an outcome policy of Art. 20.3, a resignation).
pub(crate) fn choose_move(game: &Game, color: Color, rng: &mut Rng) -> Option<Move> {
    if game.end().is_none() && game.to_move() == color {
        return Some(playout::random_legal_move(game, rng));
    }
    match game.end() {
        None | Some(GameEnd::TwoPasses | GameEnd::Agreement) => {}
        Some(_) => return None,
    }
    // GTP lets either colour move at any time, and a move after two passes reopens play.
    // The rules crate's player moves for the side to move, so it plays on a copy where
    // `color` is to move; the legality of a move does not depend on anything else.
    let mut copy = game.clone();
    copy.resume(color).ok()?;
    Some(playout::random_legal_move(&copy, rng))
}

/// Where the engine puts `n` free handicap stones (2 ≤ n < N²): the standard fixed placement
/// when the board has one for `n`, otherwise the fixed points first, then the other star
/// points, then the remaining points from the third and fourth lines inwards and outwards.
/// Deterministic.
pub(crate) fn free_handicap(size: BoardSize, n: usize) -> Vec<Point> {
    if let Some(fixed) = u32::try_from(n).ok().and_then(|k| fixed_handicap(size, k)) {
        return fixed;
    }
    let mut chosen: Vec<Point> = (2..=9).rev().find_map(|k| fixed_handicap(size, k)).unwrap_or_default();
    for p in size.star_points() {
        if !chosen.contains(&p) {
            chosen.push(p);
        }
    }
    let s = size.get();
    let line = if s >= 13 { 3 } else { 2 };
    let mut rest: Vec<Point> = size.points().filter(|p| !chosen.contains(p)).collect();
    // Prefer points near the star line: |distance to the nearest edge - star line|.
    rest.sort_by_key(|p| {
        let edge = p.x.min(p.y).min(s - 1 - p.x).min(s - 1 - p.y);
        (edge.abs_diff(line), *p)
    });
    // First the points that touch no stone already chosen, so the stones spread out; then
    // the others in the same order.
    let mut later = Vec::new();
    for p in rest {
        if chosen.len() >= n {
            break;
        }
        let touches = chosen.iter().any(|q| p.x.abs_diff(q.x) + p.y.abs_diff(q.y) == 1);
        if touches {
            later.push(p);
        } else {
            chosen.push(p);
        }
    }
    chosen.extend(later);
    chosen.truncate(n);
    chosen
}
