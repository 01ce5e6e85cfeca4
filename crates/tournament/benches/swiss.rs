//! One Swiss round with a real score spread: 2,000 and 10,000 players after five rounds of
//! random results (issue 5: under 2 s and under 30 s on the 2-core machine).

use criterion::{Criterion, criterion_group, criterion_main};
use std::collections::HashMap;
use tournament::swiss::{Candidate, Options, pair};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A field of `n` players after `rounds` Swiss rounds paired by the crate itself, with the
/// stronger player winning 70% of the time.
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
        })
        .collect();
    let mut met = HashMap::new();
    for _ in 0..rounds {
        let p = pair(
            &c,
            &met,
            Options {
                avoid_same_club: true,
                avoid_same_region: false,
            },
        )
        .unwrap();
        for &(a, b, _) in &p.pairs {
            *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
            let stronger_wins = rng.next() % 10 < 7;
            let a_wins = (c[a].strength > c[b].strength) == stronger_wins;
            let (w, _l) = if a_wins { (a, b) } else { (b, a) };
            c[w].score += 2;
            c[a].color_balance += 1;
            c[b].color_balance -= 1;
        }
        if let Some(b) = p.bye {
            c[b].score += 2;
            c[b].had_bye = true;
        }
    }
    (c, met)
}

fn bench(cr: &mut Criterion) {
    let mut g = cr.benchmark_group("swiss_round");
    g.sample_size(10);
    for n in [2000usize, 10000] {
        let (c, met) = field(n, 5);
        g.bench_function(format!("{n}_players_round_6"), |b| {
            b.iter(|| {
                pair(
                    &c,
                    &met,
                    Options {
                        avoid_same_club: true,
                        avoid_same_region: false,
                    },
                )
                .unwrap()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
