//! One Swiss round with a real score spread (issue 5: 2,000 players in under 2 s and 10,000
//! in under 30 s on the 2-core machine), on two kinds of field:
//! - folded: five earlier rounds paired cheaply by folding each score group (top half against
//!   bottom half), the stronger player winning 70% of the games, colors alternating, clubs to
//!   avoid;
//! - self-paired: seven earlier rounds paired by this crate's own Swiss pairing, with random
//!   results (the stronger player wins 70%) and colors given by the balance, so that the
//!   color level forces long-range pairs inside the score groups, as in a real event.

use criterion::{Criterion, criterion_group, criterion_main};
use std::collections::HashMap;
use tournament::swiss::{Candidate, Options, pair};

struct Rng(u64);
impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// `n` players after `rounds` rounds.
pub fn field(n: usize, rounds: u32) -> (Vec<Candidate>, HashMap<(usize, usize), u32>) {
    let mut rng = Rng(n as u64);
    let mut c: Vec<Candidate> = (0..n)
        .map(|i| Candidate {
            score: 0,
            strength: (-((i * 37 / n) as i32), (n - i) as i64),
            color_balance: 0,
            club: Some(format!("club{}", i % 50)),
            region: None,
            had_bye: false,
            category: 0,
            drawn_up: 0,
            drawn_down: 0,
        })
        .collect();
    let mut met = HashMap::new();
    for _ in 0..rounds {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| c[b].score.cmp(&c[a].score).then(c[b].strength.cmp(&c[a].strength)));
        // Fold each score group; a leftover floats down into the next group.
        let mut pairs = Vec::new();
        let mut k = 0;
        let mut carry: Option<usize> = None;
        while k < order.len() {
            let s = c[order[k]].score;
            let mut group: Vec<usize> = carry.take().into_iter().collect();
            while k < order.len() && c[order[k]].score == s {
                group.push(order[k]);
                k += 1;
            }
            if group.len() % 2 == 1 {
                carry = group.pop();
            }
            let h = group.len() / 2;
            for i in 0..h {
                pairs.push((group[i], group[i + h]));
            }
        }
        for (a, b) in pairs {
            *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
            let stronger_wins = rng.next_u64() % 10 < 7;
            let w = if (c[a].strength > c[b].strength) == stronger_wins {
                a
            } else {
                b
            };
            c[w].score += 2;
            let (bl, wh) = if c[a].color_balance <= c[b].color_balance {
                (a, b)
            } else {
                (b, a)
            };
            c[bl].color_balance += 1;
            c[wh].color_balance -= 1;
        }
    }
    (c, met)
}

/// `n` players after `rounds` rounds paired by [`pair`] itself.
pub fn self_paired(n: usize, rounds: u32) -> (Vec<Candidate>, HashMap<(usize, usize), u32>) {
    let (mut c, _) = field(n, 0);
    let mut rng = Rng(n as u64 ^ 0x5EED);
    let mut met = HashMap::new();
    let opts = Options {
        avoid_same_club: true,
        avoid_same_region: false,
        n_categories: 0,
    };
    for _ in 0..rounds {
        let p = pair(&c, &met, opts).expect("a field of two or more players");
        for &(a, b, _) in &p.pairs {
            *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
            let stronger_wins = rng.next_u64() % 10 < 7;
            let w = if (c[a].strength > c[b].strength) == stronger_wins {
                a
            } else {
                b
            };
            c[w].score += 2;
            let (bl, wh) = if c[a].color_balance <= c[b].color_balance {
                (a, b)
            } else {
                (b, a)
            };
            c[bl].color_balance += 1;
            c[wh].color_balance -= 1;
        }
    }
    (c, met)
}

fn bench(cr: &mut Criterion) {
    let mut g = cr.benchmark_group("swiss_round");
    g.sample_size(10);
    let opts = Options {
        avoid_same_club: true,
        avoid_same_region: false,
        n_categories: 0,
    };
    for n in [2000usize, 10000] {
        let (c, met) = field(n, 5);
        g.bench_function(format!("{n}_players_round_6"), |b| {
            b.iter(|| pair(&c, &met, opts).unwrap())
        });
        let (c, met) = self_paired(n, 7);
        g.bench_function(format!("{n}_players_self_paired_round_8"), |b| {
            b.iter(|| pair(&c, &met, opts).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
