//! Round robin (Art. 26.2): the Berger tables against the FIDE published tables
//! (FIDE Handbook C.05, Annex 1), for 3 to 10 players.

use tournament::berger::{berger_table, round_robin_round, round_robin_rounds};

/// The published tables, transcribed: one line per round, "white-black" in chess, i.e. the
/// first-named player moves first.
const FIDE: &[(usize, &str)] = &[
    (4, "1-4 2-3 | 4-3 1-2 | 2-4 3-1"),
    (6, "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1"),
    (
        8,
        "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | 3-8 4-2 5-1 6-7 | \
         8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1",
    ),
    (
        10,
        "1-10 2-9 3-8 4-7 5-6 | 10-6 7-5 8-4 9-3 1-2 | 2-10 3-1 4-9 5-8 6-7 | 10-7 8-6 9-5 1-4 2-3 | \
         3-10 4-2 5-1 6-9 7-8 | 10-8 9-7 1-6 2-5 3-4 | 4-10 5-3 6-2 7-1 8-9 | 10-9 1-8 2-7 3-6 4-5 | \
         5-10 6-4 7-3 8-2 9-1",
    ),
];

fn parse(table: &str) -> Vec<Vec<(usize, usize)>> {
    table
        .split('|')
        .map(|round| {
            round
                .split_whitespace()
                .map(|p| {
                    let (a, b) = p.split_once('-').unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

#[test]
fn berger_tables_match_fide_for_3_to_10_players() {
    for &(n, table) in FIDE {
        let want = parse(table);
        assert_eq!(berger_table(n), want, "{n} players");
        // Art. 26.2: an odd field plays the next even table, the highest number is the bye.
        assert_eq!(berger_table(n - 1), want, "{} players", n - 1);
    }
}

#[test]
fn berger_tables_are_round_robins_with_alternating_colors() {
    for n in 2..=24 {
        let t = berger_table(n);
        let m = n + n % 2;
        assert_eq!(t.len(), m - 1);
        let mut met = std::collections::HashSet::new();
        let mut firsts = vec![0i32; m + 1];
        for round in &t {
            let mut seen = vec![false; m + 1];
            for &(a, b) in round {
                assert!(!seen[a] && !seen[b], "{n}: a player twice in a round");
                seen[a] = true;
                seen[b] = true;
                assert!(met.insert((a.min(b), a.max(b))), "{n}: {a}-{b} twice");
                firsts[a] += 1;
                firsts[b] -= 1;
            }
        }
        assert_eq!(met.len(), m * (m - 1) / 2);
        // Colors balance within one game for everyone.
        assert!(firsts.iter().all(|&d| d.abs() <= 1), "{n}: {firsts:?}");
    }
}

#[test]
fn second_cycle_swaps_colors() {
    let n = 6;
    let rounds = round_robin_rounds(n, 2);
    assert_eq!(rounds, 10);
    for r in 0..5 {
        let first = round_robin_round(n, 2, r).unwrap();
        let second = round_robin_round(n, 2, r + 5).unwrap();
        let swapped: Vec<(usize, usize)> = first.iter().map(|&(a, b)| (b, a)).collect();
        assert_eq!(second, swapped);
    }
    assert_eq!(round_robin_round(n, 2, 10), None);
    assert_eq!(round_robin_round(n, 3, 10), round_robin_round(n, 3, 0));
}
