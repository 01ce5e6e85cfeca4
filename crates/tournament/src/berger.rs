//! Round-robin schedules from the FIDE Berger tables (Art. 26.2).

/// The Berger table for `n` players (FIDE Handbook C.05 Annex 1): for each round, the pairs of
/// draw numbers (1-based) in board order, the first-named player having the first move
/// (Black here; White in chess). An odd `n` is raised to `n + 1`, and the pair with that
/// number is the bye. Empty for fewer than two players.
///
/// Round 1 is `1–n, 2–(n−1), …`; each later round adds `n/2` to every number but `n`
/// (modulo `n − 1`, in 1..n−1) and keeps the board order, while `n` stays on board 1 and
/// changes side every round. This reproduces the published tables.
pub fn berger_table(n: usize) -> Vec<Vec<(usize, usize)>> {
    if n < 2 {
        return Vec::new();
    }
    let n = n + n % 2;
    let half = n / 2;
    let mut round: Vec<(usize, usize)> = (0..half).map(|k| (k + 1, n - k)).collect();
    let mut rounds = vec![round.clone()];
    for r in 1..n - 1 {
        let step = |p: usize| if p == n { n } else { (p - 1 + half) % (n - 1) + 1 };
        round = round.iter().map(|&(a, b)| (step(a), step(b))).collect();
        // The pair holding n: n moves first in even-numbered rounds (2, 4, …).
        let (a, b) = round[0];
        let other = if a == n { b } else { a };
        round[0] = if r % 2 == 1 { (n, other) } else { (other, n) };
        rounds.push(round.clone());
    }
    rounds
}

/// The pairs of round `round` (0-based over all cycles) of a round robin of `n` players with
/// `cycles` cycles: the Berger table repeated, with colors swapped in every second cycle
/// (Art. 26.2: double and multiple round robin). `None` past the last round.
pub fn round_robin_round(n: usize, cycles: u32, round: usize) -> Option<Vec<(usize, usize)>> {
    let table = berger_table(n);
    if table.is_empty() {
        return None;
    }
    let cycle = round / table.len();
    if cycle >= cycles as usize {
        return None;
    }
    let pairs = &table[round % table.len()];
    Some(if cycle % 2 == 1 {
        pairs.iter().map(|&(a, b)| (b, a)).collect()
    } else {
        pairs.clone()
    })
}

/// The number of rounds of a round robin of `n` players with `cycles` cycles.
pub fn round_robin_rounds(n: usize, cycles: u32) -> usize {
    berger_table(n).len() * cycles as usize
}
