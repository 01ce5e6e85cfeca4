//! The blossom matching against brute force and against networkx.

use std::io::Write;
use std::process::{Command, Stdio};
use tournament::matching::{Edge, Solution, max_weight_matching, max_weight_perfect_matching_warm};

use crate::Rng;

/// Weight and cardinality of the best matching by exhaustive search: with
/// `max_cardinality`, the best among those of maximum size.
fn brute_force(n: usize, edges: &[Edge], max_cardinality: bool) -> (usize, i128) {
    #[allow(clippy::too_many_arguments)]
    fn go(
        v: usize,
        n: usize,
        w: &[Vec<Option<i128>>],
        used: &mut Vec<bool>,
        card: usize,
        sum: i128,
        best: &mut (usize, i128),
        mc: bool,
    ) {
        if v == n {
            let better = if mc {
                (card, sum) > *best
            } else {
                sum > best.1 || (sum == best.1 && card > best.0)
            };
            if better {
                *best = (card, sum);
            }
            return;
        }
        if used[v] {
            return go(v + 1, n, w, used, card, sum, best, mc);
        }
        used[v] = true;
        go(v + 1, n, w, used, card, sum, best, mc);
        for u in v + 1..n {
            if let (false, Some(x)) = (used[u], w[v][u]) {
                used[u] = true;
                go(v + 1, n, w, used, card + 1, sum + x, best, mc);
                used[u] = false;
            }
        }
        used[v] = false;
    }
    let mut w = vec![vec![None; n]; n];
    for &(i, j, x) in edges {
        let cur: Option<i128> = w[i][j];
        let m = cur.map_or(x, |c| c.max(x));
        w[i][j] = Some(m);
        w[j][i] = Some(m);
    }
    let mut best = (0, 0);
    go(0, n, &w, &mut vec![false; n], 0, 0, &mut best, max_cardinality);
    best
}

fn weight_of(sol: &Solution, edges: &[Edge]) -> (usize, i128) {
    let mut best = std::collections::HashMap::new();
    for &(i, j, w) in edges {
        let k = (i.min(j), i.max(j));
        let e = best.entry(k).or_insert(w);
        *e = (*e).max(w);
    }
    let mut sum = 0;
    for (v, m) in sol.mate.iter().enumerate() {
        if let Some(u) = *m {
            assert_eq!(sol.mate[u], Some(v), "mate not symmetric");
            if v < u {
                sum += best.get(&(v, u)).expect("matched along an edge");
            }
        }
    }
    (sol.n_pairs(), sum)
}

fn random_graph(rng: &mut Rng, n: usize, density_pct: u64, max_w: u64) -> Vec<Edge> {
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if rng.below(100) < density_pct {
                edges.push((i, j, rng.below(max_w + 1) as i128 - (max_w / 4) as i128));
            }
        }
    }
    edges
}

#[test]
fn blossom_equals_brute_force_on_small_graphs() {
    let mut rng = Rng(7);
    for case in 0..1500 {
        let n = 1 + rng.below(9) as usize;
        let density = 20 + rng.below(81);
        let max_w = [1, 3, 10, 1000][case % 4];
        let edges = random_graph(&mut rng, n, density, max_w);
        for mc in [false, true] {
            let sol = max_weight_matching(n, &edges, mc).unwrap();
            let got = weight_of(&sol, &edges);
            let want = brute_force(n, &edges, mc);
            if mc {
                assert_eq!(got, want, "case {case} n {n} maxcard {mc} edges {edges:?}");
            } else {
                assert_eq!(got.1, want.1, "case {case} n {n} maxcard {mc} edges {edges:?}");
            }
        }
        // The warm start must give a maximum-weight matching whenever a perfect one exists.
        let want = brute_force(n, &edges, true);
        if 2 * want.0 == n {
            let sol = max_weight_perfect_matching_warm(n, &edges).unwrap();
            assert_eq!(weight_of(&sol, &edges), want, "warm case {case} edges {edges:?}");
        }
    }
}

/// Runs networkx's `max_weight_matching` on each graph and returns its pairs.
pub fn networkx_matchings(graphs: &[(usize, Vec<Edge>, bool)]) -> Vec<Vec<(usize, usize)>> {
    run_networkx(graphs, "out.append(\" \".join(\"%d-%d\" % (a, b) for a, b in mt))")
        .iter()
        .map(|l| {
            l.split_whitespace()
                .map(|p| {
                    let (a, b) = p.split_once('-').unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// Runs networkx's `max_weight_matching` on each graph and returns (cardinality, weight).
pub fn networkx(graphs: &[(usize, Vec<Edge>, bool)]) -> Vec<(usize, i128)> {
    run_networkx(
        graphs,
        "out.append(\"%d %d\" % (len(mt), sum(g[a][b][\"weight\"] for a, b in mt)))",
    )
    .iter()
    .map(|l| {
        let mut it = l.split_whitespace().map(|x| x.parse::<i128>().unwrap());
        (it.next().unwrap() as usize, it.next().unwrap())
    })
    .collect()
}

/// Runs networkx on each graph; `emit` appends one output line per graph from `mt`.
fn run_networkx(graphs: &[(usize, Vec<Edge>, bool)], emit: &str) -> Vec<String> {
    let script = r#"
import sys
try:
    import networkx as nx
except ImportError:
    print("NO-NETWORKX")
    sys.exit(0)
out = []
lines = sys.stdin.read().split("\n")
i = 0
while i < len(lines) and lines[i].strip():
    n, m, mc = map(int, lines[i].split()); i += 1
    g = nx.Graph()
    g.add_nodes_from(range(n))
    for _ in range(m):
        a, b, w = map(int, lines[i].split()); i += 1
        if g.has_edge(a, b):
            w = max(w, g[a][b]["weight"])
        g.add_edge(a, b, weight=w)
    mt = nx.max_weight_matching(g, maxcardinality=bool(mc))
    EMIT
print("\n".join(out))
"#
    .replace("EMIT", emit);
    let mut input = String::new();
    for (n, edges, mc) in graphs {
        input.push_str(&format!("{n} {} {}\n", edges.len(), u8::from(*mc)));
        for (a, b, w) in edges {
            input.push_str(&format!("{a} {b} {w}\n"));
        }
    }
    let mut child = Command::new("python3")
        .arg("-c")
        .arg(&script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("this test needs python3 with networkx (pip install networkx): python3 could not be started");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        !text.starts_with("NO-NETWORKX"),
        "this test needs the Python package networkx: run `pip install networkx`"
    );
    assert!(out.status.success(), "python3 failed: {text}");
    let lines: Vec<String> = text.lines().map(String::from).collect();
    assert_eq!(
        lines.len(),
        graphs.len(),
        "networkx answered {} of {} graphs",
        lines.len(),
        graphs.len()
    );
    lines
}

#[test]
fn blossom_equals_networkx_on_random_graphs() {
    let mut rng = Rng(2024);
    let mut graphs = Vec::new();
    for case in 0..120 {
        let n = 2 + rng.below(99) as usize;
        let density = [3, 10, 30, 100][case % 4];
        let max_w = [2, 20, 1_000_000][case % 3];
        let edges = random_graph(&mut rng, n, density, max_w);
        graphs.push((n, edges, case % 2 == 0));
    }
    let want = networkx(&graphs);
    assert_eq!(want.len(), graphs.len());
    for (k, ((n, edges, mc), want)) in graphs.iter().zip(&want).enumerate() {
        let got = weight_of(&max_weight_matching(*n, edges, *mc).unwrap(), edges);
        if *mc {
            assert_eq!(
                got,
                *want,
                "graph {k}: n {n}, {} edges, maxcardinality {mc}",
                edges.len()
            );
        } else {
            assert_eq!(got.1, want.1, "graph {k}: n {n}, {} edges", edges.len());
        }
        if *mc && 2 * want.0 == *n {
            let warm = weight_of(&max_weight_perfect_matching_warm(*n, edges).unwrap(), edges);
            assert_eq!(warm, *want, "graph {k} warm start");
        }
    }
}

#[test]
fn dual_certificate_holds_on_every_edge() {
    let mut rng = Rng(99);
    for _ in 0..200 {
        let n = 2 * (1 + rng.below(20) as usize);
        let edges = random_graph(&mut rng, n, 100, 50);
        let sol = max_weight_perfect_matching_warm(n, &edges).unwrap();
        for &(i, j, w) in &edges {
            assert!(
                sol.reduced_slack(i, j, w) >= 0,
                "edge ({i},{j},{w}) breaks the certificate"
            );
            if sol.mate[i] == Some(j) {
                assert_eq!(sol.reduced_slack(i, j, w), 0, "matched edge ({i},{j}) not tight");
            }
        }
    }
}

#[test]
fn bad_edges_are_errors() {
    let e = max_weight_matching(3, &[(0, 1, 5), (1, 3, 2)], false).unwrap_err();
    assert_eq!(e.to_string(), "edge (1, 3) has an end outside the 3 vertices");
    let e = max_weight_perfect_matching_warm(3, &[(2, 2, 1)]).unwrap_err();
    assert_eq!(e.to_string(), "edge (2, 2) is a loop");
    assert_eq!(max_weight_matching(0, &[], true).unwrap().n_pairs(), 0);
}

#[test]
fn resumed_solutions_equal_fresh_ones() {
    // The Swiss pairing solves on a subgraph, adds edges and resumes from the earlier duals,
    // which may be odd: the resumed solve must still be optimal (regression: an odd dual left
    // by the earlier solve broke the parity of S–S slacks).
    let mut rng = Rng(31);
    for case in 0..300 {
        let n = 2 * (2 + rng.below(15) as usize);
        let all = random_graph(&mut rng, n, 100, 40);
        let sub: Vec<Edge> = all.iter().copied().filter(|_| rng.below(100) < 40).collect();
        let first = max_weight_perfect_matching_warm(n, &sub).unwrap();
        let resumed = tournament::matching::resume_perfect_matching(n, &all, &first).unwrap();
        let fresh = max_weight_matching(n, &all, true).unwrap();
        assert_eq!(weight_of(&resumed, &all), weight_of(&fresh, &all), "case {case}");
    }
}

/// Whether `sol` is a perfect matching of `edges` that its duals prove optimal: the solver's
/// own agreement check plus a non-negative reduced slack on every edge.
fn proven_perfect(sol: &Solution, edges: &[Edge]) -> bool {
    let w: std::collections::HashMap<(usize, usize), i128> =
        edges
            .iter()
            .fold(std::collections::HashMap::new(), |mut m, &(i, j, w)| {
                let e = m.entry((i.min(j), i.max(j))).or_insert(w);
                *e = (*e).max(w);
                m
            });
    sol.certifies_perfect(|i, j| w[&(i.min(j), i.max(j))])
        && edges.iter().all(|&(i, j, w)| sol.reduced_slack(i, j, w) >= 0)
}

#[test]
fn many_trees_per_stage_on_larger_graphs_with_ties() {
    // Several augmentations per stage take trees out of the forest mid-stage; larger graphs
    // with few distinct weights (many ties, nested blossoms, many free vertices at once) reach
    // the cases small graphs do not: trees removed under T-blossoms labelled from another
    // tree, least-slack records naming removed vertices, resumed solves on added edges.
    let mut rng = Rng(4242);
    let mut graphs = Vec::new();
    for case in 0..40 {
        let n = 2 * (40 + rng.below(110) as usize);
        let density = [8, 25, 60, 100][case % 4];
        let max_w = [1, 3, 12][case % 3];
        let all = random_graph(&mut rng, n, density, max_w);
        let fresh = max_weight_matching(n, &all, true).unwrap();
        if 2 * fresh.n_pairs() == n {
            assert!(proven_perfect(&fresh, &all), "case {case}: fresh solve not proven");
            let warm = max_weight_perfect_matching_warm(n, &all).unwrap();
            assert!(proven_perfect(&warm, &all), "case {case}: warm start not proven");
            assert_eq!(weight_of(&warm, &all), weight_of(&fresh, &all), "case {case}");
            let sub: Vec<Edge> = all.iter().copied().filter(|_| rng.below(100) < 30).collect();
            let first = max_weight_perfect_matching_warm(n, &sub).unwrap();
            let resumed = tournament::matching::resume_perfect_matching(n, &all, &first).unwrap();
            assert_eq!(
                weight_of(&resumed, &all),
                weight_of(&fresh, &all),
                "case {case} resumed"
            );
        }
        if case % 5 == 0 {
            graphs.push((n, all, true));
        }
    }
    let want = networkx(&graphs);
    for (k, ((n, edges, _), want)) in graphs.iter().zip(&want).enumerate() {
        let got = weight_of(&max_weight_matching(*n, edges, true).unwrap(), edges);
        assert_eq!(got, *want, "graph {k}: n {n}, {} edges", edges.len());
    }
}
