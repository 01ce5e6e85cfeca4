//! Knockout brackets (Art. 26.1): single elimination, and double elimination with a loser
//! bracket and a grand final.

/// Where one side of a bracket match comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Seed `s` (0-based: 0 is the top seed). A seed past the field is a bye.
    Seed(usize),
    /// The winner of match `m`.
    Winner(usize),
    /// The loser of match `m`.
    Loser(usize),
}

/// The part of the bracket a match belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Winner bracket round `r` (1-based).
    Winners(u32),
    /// Loser bracket round `r` (1-based).
    Losers(u32),
    /// The grand final: winner-bracket champion (side A) against loser-bracket champion.
    GrandFinal,
    /// The reset: played only if the loser-bracket champion won the grand final.
    GrandFinalReset,
}

/// One match of the bracket. Invariant: a `Winner`/`Loser` slot names an earlier match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BracketMatch {
    /// Side A (the better seed where it is a seed).
    pub a: Slot,
    /// Side B.
    pub b: Slot,
    /// Which part of the bracket.
    pub stage: Stage,
    /// Order of elimination: losing here (for good) places a player above those eliminated
    /// at a lower rank.
    pub stage_rank: u32,
}

/// The seeds (0-based) in bracket order for a bracket of `size` (a power of two): seed 1
/// meets seed `size`, 2 meets `size − 1`, and seeds 1 and 2 can only meet in the final.
/// For 8: `[0, 7, 3, 4, 1, 6, 2, 5]` (1 v 8, 4 v 5, 2 v 7, 3 v 6).
pub fn seed_order(size: usize) -> Vec<usize> {
    let mut order = vec![0usize];
    while order.len() < size {
        let m = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, m - 1 - s]).collect();
    }
    order
}

/// The bracket for `n` players: size the next power of two, byes to the top seeds (seed 1
/// meets the last "seed", a bye, and so on). `double` adds the loser bracket and the grand
/// final, `reset` the grand final's second game.
pub fn bracket(n: usize, double: bool, reset: bool) -> Vec<BracketMatch> {
    let size = n.max(2).next_power_of_two();
    let k = size.trailing_zeros();
    let order = seed_order(size);
    let mut ms: Vec<BracketMatch> = Vec::new();
    // Winner bracket.
    let mut prev: Vec<usize> = Vec::new();
    for i in 0..size / 2 {
        prev.push(ms.len());
        ms.push(BracketMatch {
            a: Slot::Seed(order[2 * i]),
            b: Slot::Seed(order[2 * i + 1]),
            stage: Stage::Winners(1),
            stage_rank: 1,
        });
    }
    let mut wb_rounds = vec![prev.clone()];
    for r in 2..=k {
        let cur: Vec<usize> = (0..prev.len() / 2)
            .map(|i| {
                ms.push(BracketMatch {
                    a: Slot::Winner(prev[2 * i]),
                    b: Slot::Winner(prev[2 * i + 1]),
                    stage: Stage::Winners(r),
                    stage_rank: r,
                });
                ms.len() - 1
            })
            .collect();
        wb_rounds.push(cur.clone());
        prev = cur;
    }
    if !double {
        return ms;
    }
    // Loser bracket: odd rounds pair loser-bracket survivors among themselves (round 1: the
    // losers of winner round 1), even rounds bring in the losers of the next winner round, in
    // reverse order so that early opponents do not meet again at once.
    let wb_final = wb_rounds[k as usize - 1][0];
    let mut lb_champion = Slot::Loser(wb_final);
    if k >= 2 {
        let mut lb: Vec<Slot> = Vec::new();
        let first = &wb_rounds[0];
        let mut r = 1;
        for i in 0..first.len() / 2 {
            ms.push(BracketMatch {
                a: Slot::Loser(first[2 * i]),
                b: Slot::Loser(first[2 * i + 1]),
                stage: Stage::Losers(r),
                stage_rank: r,
            });
            lb.push(Slot::Winner(ms.len() - 1));
        }
        for incoming in &wb_rounds[1..] {
            // Even round: survivors against the losers of the next winner round.
            r += 1;
            let mut next = Vec::new();
            for (i, s) in lb.iter().enumerate() {
                let l = incoming[incoming.len() - 1 - i];
                ms.push(BracketMatch {
                    a: *s,
                    b: Slot::Loser(l),
                    stage: Stage::Losers(r),
                    stage_rank: r,
                });
                next.push(Slot::Winner(ms.len() - 1));
            }
            lb = next;
            if lb.len() > 1 {
                r += 1;
                let mut next = Vec::new();
                for i in 0..lb.len() / 2 {
                    ms.push(BracketMatch {
                        a: lb[2 * i],
                        b: lb[2 * i + 1],
                        stage: Stage::Losers(r),
                        stage_rank: r,
                    });
                    next.push(Slot::Winner(ms.len() - 1));
                }
                lb = next;
            }
        }
        lb_champion = lb[0];
    }
    let top = ms.iter().map(|m| m.stage_rank).max().unwrap_or(0);
    ms.push(BracketMatch {
        a: Slot::Winner(wb_final),
        b: lb_champion,
        stage: Stage::GrandFinal,
        stage_rank: top + 1,
    });
    if reset {
        let gf = ms.len() - 1;
        ms.push(BracketMatch {
            a: Slot::Winner(gf),
            b: Slot::Loser(gf),
            stage: Stage::GrandFinalReset,
            stage_rank: top + 1,
        });
    }
    ms
}

/// Who fills a slot, as far as known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entrant {
    /// Seed `s`.
    Player(usize),
    /// Nobody: a bye, or the "loser" of a match decided by a bye.
    Nobody,
}

/// The state of every match of a bracket given the decided ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchState {
    /// A side is not known yet.
    Waiting,
    /// Both sides known, not decided: to be played.
    Ready(usize, usize),
    /// Decided: (winner, loser); either may be `Nobody` (a bye).
    Done(Entrant, Entrant),
    /// Not needed (the grand-final reset after the winner-bracket champion won).
    Skipped,
}

/// Resolves a bracket of `n` players: `won_by_a[m]` is `Some(true)` when side A won match `m`,
/// `Some(false)` when side B did, `None` when not decided.
pub fn resolve(ms: &[BracketMatch], n: usize, won_by_a: &[Option<bool>]) -> Vec<MatchState> {
    let mut st: Vec<MatchState> = Vec::with_capacity(ms.len());
    for (m, bm) in ms.iter().enumerate() {
        let side = |s: Slot, st: &[MatchState]| -> Option<Entrant> {
            match s {
                Slot::Seed(x) => Some(if x < n { Entrant::Player(x) } else { Entrant::Nobody }),
                Slot::Winner(p) => match st[p] {
                    MatchState::Done(w, _) => Some(w),
                    _ => None,
                },
                Slot::Loser(p) => match st[p] {
                    MatchState::Done(_, l) => Some(l),
                    _ => None,
                },
            }
        };
        if bm.stage == Stage::GrandFinalReset {
            let gf = m - 1;
            match st[gf] {
                MatchState::Done(..) if won_by_a[gf] != Some(false) => {
                    st.push(MatchState::Skipped);
                    continue;
                }
                _ => {}
            }
        }
        let state = match (side(bm.a, &st), side(bm.b, &st)) {
            (Some(a), Some(b)) => match (a, b) {
                (Entrant::Nobody, x) | (x, Entrant::Nobody) => MatchState::Done(x, Entrant::Nobody),
                (Entrant::Player(x), Entrant::Player(y)) => match won_by_a.get(m).copied().flatten() {
                    Some(true) => MatchState::Done(a, b),
                    Some(false) => MatchState::Done(b, a),
                    None => MatchState::Ready(x, y),
                },
            },
            _ => MatchState::Waiting,
        };
        st.push(state);
    }
    st
}

/// The champion, once the bracket is decided.
pub fn champion(ms: &[BracketMatch], st: &[MatchState]) -> Option<usize> {
    let last = ms.len().checked_sub(1)?;
    let m = if st[last] == MatchState::Skipped {
        last - 1
    } else {
        last
    };
    match st[m] {
        MatchState::Done(Entrant::Player(p), _) => Some(p),
        _ => None,
    }
}
