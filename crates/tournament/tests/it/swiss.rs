//! Swiss pairing (Art. 26.3): the optimum against brute force, no rematch when avoidable,
//! bye rules, and whole events through the pairing.

use crate::Rng;
use std::collections::HashMap;
use tournament::swiss::{Candidate, Options, PairCost, pair, pair_cost};

fn random_field(rng: &mut Rng, n: usize) -> (Vec<Candidate>, HashMap<(usize, usize), u32>) {
    let clubs = [None, Some("A"), Some("B")];
    let c: Vec<Candidate> = (0..n)
        .map(|_| Candidate {
            score: 2 * rng.below(4) as i64,
            strength: (rng.below(5) as i32 - 2, rng.below(3) as i64),
            color_balance: rng.below(5) as i32 - 2,
            club: clubs[rng.below(3) as usize].map(String::from),
            region: clubs[rng.below(3) as usize].map(String::from),
            had_bye: rng.below(3) == 0,
            category: 0,
            drawn_up: rng.below(3) as u32,
            drawn_down: rng.below(3) as u32,
        })
        .collect();
    let mut met = HashMap::new();
    for i in 0..n {
        for j in i + 1..n {
            if rng.below(100) < 35 {
                met.insert((i, j), 1 + rng.below(2) as u32);
            }
        }
    }
    (c, met)
}

type Levels = (u32, u64, u32, u32, u32, u32);

fn levels(p: &PairCost) -> Levels {
    (p.rematches, p.score_gap_sq, p.dudd, p.color, p.split, p.club_region)
}

/// The least lexicographic total over every perfect matching of `players`.
fn brute(players: &[usize], cost: &dyn Fn(usize, usize) -> PairCost) -> Levels {
    if players.is_empty() {
        return (0, 0, 0, 0, 0, 0);
    }
    let a = players[0];
    let mut best = None;
    for k in 1..players.len() {
        let b = players[k];
        let rest: Vec<usize> = players[1..].iter().copied().filter(|&x| x != b).collect();
        let r = brute(&rest, cost);
        let c = levels(&cost(a, b));
        let t = (r.0 + c.0, r.1 + c.1, r.2 + c.2, r.3 + c.3, r.4 + c.4, r.5 + c.5);
        if best.is_none_or(|x| t < x) {
            best = Some(t);
        }
    }
    best.unwrap()
}

#[test]
fn swiss_optimum_equals_brute_force_on_small_fields() {
    let mut rng = Rng(5);
    for case in 0..400 {
        let n = 2 + rng.below(9) as usize;
        let (c, met) = random_field(&mut rng, n);
        let opts = Options {
            avoid_same_club: case % 2 == 0,
            avoid_same_region: case % 3 == 0,
            n_categories: 0,
        };
        let p = pair(&c, &met, opts).unwrap();
        let cost = |a: usize, b: usize| pair_cost(&c, &met, opts, a, b);
        // Every player once, the bye for odd fields only.
        let mut seen = vec![0; n];
        for &(a, b, pc) in &p.pairs {
            seen[a] += 1;
            seen[b] += 1;
            assert_eq!(pc, cost(a, b), "case {case}: reported cost parts");
        }
        if let Some(b) = p.bye {
            seen[b] += 1;
        }
        assert!(seen.iter().all(|&s| s == 1), "case {case}: {seen:?}");
        assert_eq!(p.bye.is_some(), n % 2 == 1);
        let mut total = PairCost::default();
        p.pairs.iter().for_each(|x| total.add(&x.2));
        assert_eq!(total, p.total, "case {case}: total is the sum of the parts");
        let got = levels(&p.total);
        if let Some(bye) = p.bye {
            // The bye: lowest score among those without a bye (or everyone, if all had one).
            let pool: Vec<usize> = if c.iter().any(|x| !x.had_bye) {
                (0..n).filter(|&i| !c[i].had_bye).collect()
            } else {
                (0..n).collect()
            };
            let low = pool.iter().map(|&i| c[i].score).min().unwrap();
            assert!(pool.contains(&bye) && c[bye].score == low, "case {case}: bye to {bye}");
            // The optimum over every eligible bye, on the levels the bye does not touch.
            let best = pool
                .iter()
                .filter(|&&i| c[i].score == low)
                .map(|&b| {
                    let rest: Vec<usize> = (0..n).filter(|&i| i != b).collect();
                    let t = brute(&rest, &cost);
                    (t.0, t.1, t.2, t.3)
                })
                .min()
                .unwrap();
            assert_eq!((got.0, got.1, got.2, got.3), best, "case {case}: n {n} {c:?} {met:?}");
        } else {
            let all: Vec<usize> = (0..n).collect();
            assert_eq!(got, brute(&all, &cost), "case {case}: n {n} {c:?} {met:?}");
        }
    }
}

#[test]
fn no_rematch_when_avoidable_and_optimal_on_larger_fields() {
    // Fields of 30–60 after several rounds: the crate's own pairing, results at random.
    let mut rng = Rng(11);
    for case in 0..12 {
        let n = 30 + rng.below(31) as usize;
        let mut c: Vec<Candidate> = (0..n)
            .map(|i| Candidate {
                score: 0,
                strength: (-(i as i32) / 4, 0),
                color_balance: 0,
                club: None,
                region: None,
                had_bye: false,
                category: 0,
                drawn_up: 0,
                drawn_down: 0,
            })
            .collect();
        let mut met: HashMap<(usize, usize), u32> = HashMap::new();
        for round in 0..7 {
            let p = pair(&c, &met, Options::default()).unwrap();
            // Seven rounds in a field of 30+: a rematch is always avoidable.
            assert_eq!(p.total.rematches, 0, "case {case} round {round}");
            for &(a, b, _) in &p.pairs {
                *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
                let w = if rng.below(2) == 0 { a } else { b };
                c[w].score += 2;
                c[a].color_balance += 1;
                c[b].color_balance -= 1;
            }
            if let Some(b) = p.bye {
                assert!(!c[b].had_bye, "case {case}: a second bye");
                c[b].score += 2;
                c[b].had_bye = true;
            }
        }
    }
}

#[test]
fn rematches_are_as_few_as_possible_when_unavoidable() {
    // Four players who all met: every pairing is a rematch, two of them.
    let c: Vec<Candidate> = (0..4)
        .map(|i| Candidate {
            score: 0,
            strength: (i, 0),
            color_balance: 0,
            club: None,
            region: None,
            had_bye: false,
            category: 0,
            drawn_up: 0,
            drawn_down: 0,
        })
        .collect();
    let mut met = HashMap::new();
    for i in 0..4 {
        for j in i + 1..4 {
            met.insert((i, j), 1);
        }
    }
    met.insert((0, 1), 2);
    met.insert((2, 3), 2);
    let p = pair(&c, &met, Options::default()).unwrap();
    assert_eq!(p.total.rematches, 2);
}

#[test]
fn first_round_splits_top_half_against_bottom_half() {
    let c: Vec<Candidate> = (0..8)
        .map(|i| Candidate {
            score: 0,
            strength: (10 - i, 0),
            color_balance: 0,
            club: None,
            region: None,
            had_bye: false,
            category: 0,
            drawn_up: 0,
            drawn_down: 0,
        })
        .collect();
    let p = pair(&c, &HashMap::new(), Options::default()).unwrap();
    let pairs: Vec<(usize, usize)> = p.pairs.iter().map(|x| (x.0, x.1)).collect();
    assert_eq!(pairs, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
    assert_eq!(p.total, PairCost::default());
}

#[test]
fn swiss_objective_equals_networkx_optimum() {
    // The oracle: networkx's max_weight_matching(maxcardinality=True) on the complete graph
    // with the lexicographic cost packed here, independently of the crate's packing, sparse
    // candidates and certificate.
    let mut rng = Rng(77);
    let mut fields = Vec::new();
    let mut graphs = Vec::new();
    for case in 0..30 {
        let n = 2 * (10 + rng.below(21) as usize);
        let (c, met) = random_field(&mut rng, n);
        let opts = Options {
            avoid_same_club: case % 2 == 0,
            avoid_same_region: case % 3 == 0,
            n_categories: 0,
        };
        let mut edges = Vec::new();
        let mut costs = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                let pc = pair_cost(&c, &met, opts, a, b);
                costs.push(pc);
                edges.push((a, b, pc));
            }
        }
        // Each level's multiplier: one more than the most the lower levels can sum to.
        let maxima = |f: &dyn Fn(&PairCost) -> u64| costs.iter().map(f).max().unwrap() as i128 * (n as i128 / 2) + 1;
        let m5 = maxima(&|p| p.club_region as u64);
        let m4 = m5 * maxima(&|p| p.split as u64);
        let m3 = m4 * maxima(&|p| p.color as u64);
        let m2 = m3 * maxima(&|p| p.dudd as u64);
        let m1 = m2 * maxima(&|p| p.score_gap_sq);
        let m0 = m1 * maxima(&|p| p.rematches as u64);
        let weighted: Vec<(usize, usize, i128)> = edges
            .iter()
            .map(|&(a, b, p)| {
                let packed = p.rematches as i128 * m1
                    + p.score_gap_sq as i128 * m2
                    + p.dudd as i128 * m3
                    + p.color as i128 * m4
                    + p.split as i128 * m5
                    + p.club_region as i128;
                (a, b, m0 - packed)
            })
            .collect();
        graphs.push((n, weighted, true));
        fields.push((c, met, opts));
    }
    let want = crate::matching::networkx_matchings(&graphs);
    for (k, ((c, met, opts), mates)) in fields.iter().zip(&want).enumerate() {
        let ours = pair(c, met, *opts).unwrap();
        let mut theirs = PairCost::default();
        for &(a, b) in mates {
            theirs.add(&pair_cost(c, met, *opts, a, b));
        }
        assert_eq!(mates.len() * 2, c.len(), "field {k}: networkx matching not perfect");
        assert_eq!(levels(&ours.total), levels(&theirs), "field {k}: n {}", c.len());
    }
}

/// Issue 18: with categories, the pairing is still the lexicographic optimum of a brute force,
/// the categories apart coming right after the rematches (before the score gaps).
#[test]
fn swiss_optimum_with_categories_equals_brute_force() {
    let mut rng = Rng(18);
    for case in 0..200 {
        let n = 2 * (1 + rng.below(5) as usize);
        let (mut c, met) = random_field(&mut rng, n);
        for x in c.iter_mut() {
            x.category = rng.below(3) as u32;
        }
        let opts = Options {
            avoid_same_club: case % 2 == 0,
            avoid_same_region: false,
            n_categories: 3,
        };
        let p = pair(&c, &met, opts).unwrap();
        let cost = |a: usize, b: usize| pair_cost(&c, &met, opts, a, b);
        let seven = |p: &PairCost| {
            (
                p.rematches,
                p.category,
                p.score_gap_sq,
                p.dudd,
                p.color,
                p.split,
                p.club_region,
            )
        };
        type Seven = (u32, u64, u64, u32, u32, u32, u32);
        fn best(players: &[usize], cost: &dyn Fn(usize, usize) -> Seven) -> Seven {
            if players.is_empty() {
                return (0, 0, 0, 0, 0, 0, 0);
            }
            let a = players[0];
            let mut out = None;
            for &b in &players[1..] {
                let rest: Vec<usize> = players[1..].iter().copied().filter(|&x| x != b).collect();
                let r = best(&rest, cost);
                let k = cost(a, b);
                let t = (
                    r.0 + k.0,
                    r.1 + k.1,
                    r.2 + k.2,
                    r.3 + k.3,
                    r.4 + k.4,
                    r.5 + k.5,
                    r.6 + k.6,
                );
                if out.is_none_or(|x| t < x) {
                    out = Some(t);
                }
            }
            out.unwrap()
        }
        let all: Vec<usize> = (0..n).collect();
        let want = best(&all, &|a, b| seven(&cost(a, b)));
        assert_eq!(seven(&p.total), want, "case {case}: {c:?} {met:?}");
        // Inside one category the level is 0; one apart out of three is 1·3 + 1 = 4.
        assert_eq!(tournament::category::pairing_cost(3, 1, 1), 0);
        assert_eq!(tournament::category::pairing_cost(3, 0, 1), 4);
        assert_eq!(tournament::category::pairing_cost(1, 0, 5), 0);
    }
}

/// Issue 18: a player of the lower group drawn up before is not drawn up again while another
/// can be, and one drawn down before is drawn up first (it evens out), ahead of the
/// top-half/bottom-half split, which alone would float the strongest of the group, B.
#[test]
fn draw_ups_and_downs_even_out_before_the_split() {
    // A alone on 2 floats down to one of B, C, D on 0: (B up, C up, D down) before.
    let field = |b_up: u32, c_up: u32, d_down: u32| -> Vec<Candidate> {
        [(2, 0, 0), (0, b_up, 0), (0, c_up, 0), (0, 0, d_down)]
            .iter()
            .enumerate()
            .map(|(i, &(score, drawn_up, drawn_down))| Candidate {
                score,
                strength: (10 - i as i32, 0),
                color_balance: 0,
                club: None,
                region: None,
                had_bye: false,
                category: 0,
                drawn_up,
                drawn_down,
            })
            .collect()
    };
    let floater = |c: &[Candidate]| -> usize {
        let p = pair(c, &HashMap::new(), Options::default()).unwrap();
        p.pairs
            .iter()
            .find(|x| x.0 == 0 || x.1 == 0)
            .map(|x| x.0 + x.1)
            .unwrap()
    };
    // Nobody floated before: the split floats B, the top of the lower group.
    assert_eq!(floater(&field(0, 0, 0)), 1);
    // B and C were drawn up before: D, the one who was not, is drawn up.
    assert_eq!(floater(&field(1, 1, 0)), 3);
    // D was drawn down before: drawing it up evens that out, ahead of B.
    assert_eq!(floater(&field(0, 0, 1)), 3);
    let c = field(1, 0, 1);
    let dudd = |a, b| pair_cost(&c, &HashMap::new(), Options::default(), a, b).dudd;
    // A: 1; B again up: 2; C: 1; D evening out: 0. Inside a group: 0.
    assert_eq!([dudd(0, 1), dudd(0, 2), dudd(0, 3), dudd(1, 2)], [3, 2, 1, 0]);
}
