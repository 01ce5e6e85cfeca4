//! Maximum-weight matching on a general graph: Edmonds' blossom algorithm with the
//! primal-dual method of Galil (1986), O(n³), after Joris van Rantwijk's well-known
//! formulation (the one networkx's `max_weight_matching` uses).
//!
//! Weights are integers (`i128`, so that the Swiss pairing can pack a lexicographic cost into
//! one number). Dual variables are kept doubled, so every computation stays integral: the
//! slack of edge `(i, j)` is `u(i) + u(j) − 2·w(i, j)`.
//!
//! In max-cardinality mode (which the Swiss pairing uses) a stage does not end at the first
//! augmentation: the two alternating trees joined by the augmenting path leave the forest (their
//! labels, allowed edges and least-slack records are undone, their edges to the remaining
//! S-vertices are scanned again) and the search goes on with the other trees, as Blossom V
//! does. One stage then does the work of many, instead of regrowing the whole forest from
//! every free vertex after each augmentation.
//!
//! The solver also hands back its dual solution ([`Solution::reduced_slack`]), which is an
//! optimality certificate: a perfect matching whose every edge of the *complete* graph has a
//! non-negative reduced slack is a maximum-weight perfect matching of the complete graph. The
//! Swiss pairing uses that to solve on a sparse candidate graph and prove the answer optimal on
//! the whole field.

const NONE: usize = usize::MAX;

/// One undirected edge `(i, j, weight)` between two distinct vertices.
pub type Edge = (usize, usize, i128);

/// The matching found and the dual solution that proves it optimal.
#[derive(Clone, Debug)]
pub struct Solution {
    /// `mate[v]` is the vertex matched to `v`, if any.
    pub mate: Vec<Option<usize>>,
    n_vertex: usize,
    scale: i128,
    dual: Vec<i128>,
    /// Each vertex's blossoms, innermost first.
    chain: Vec<Vec<usize>>,
    /// Each vertex's outermost blossom (itself if none).
    top: Vec<usize>,
    /// `chain_sums[v][k]`: twice the duals of `v`'s `k + 1` outermost blossoms.
    chain_sums: Vec<Vec<i128>>,
}

impl Solution {
    /// The number of matched pairs.
    pub fn n_pairs(&self) -> usize {
        self.mate.iter().filter(|m| m.is_some()).count() / 2
    }

    /// The reduced slack (in the solver's internal units, only its sign is meaningful)
    /// `u(i) + u(j) + Σ z(B) − 2w` of a (possibly absent) edge `(i, j)` of
    /// weight `w` under the final dual solution, where the sum runs over the blossoms that
    /// hold both `i` and `j` (their duals are doubled like the vertex duals). A perfect
    /// matching is of maximum weight among all perfect matchings of a graph if and only if
    /// every edge of that graph has a non-negative reduced slack under some dual solution
    /// whose matched edges have zero slack; the solver guarantees the latter.
    pub fn reduced_slack(&self, i: usize, j: usize, weight: i128) -> i128 {
        self.dual[i] + self.dual[j] - 2 * weight * self.scale + self.blossom_part(i, j)
    }

    /// The part of [`Solution::reduced_slack`] that comes from blossoms: twice the duals of the
    /// blossoms holding both `i` and `j` (never negative).
    pub fn blossom_part(&self, i: usize, j: usize) -> i128 {
        if self.top[i] != self.top[j] || i == j {
            return 0;
        }
        self.blossom_part_same_top(i, j)
    }

    /// Twice the dual of the outermost blossom holding both `i` and `j` (0 if none): a lower
    /// bound of [`Solution::blossom_part`] that costs one look-up.
    pub fn outer_blossom_part(&self, i: usize, j: usize) -> i128 {
        if self.top[i] != self.top[j] || i == j {
            return 0;
        }
        self.chain_sums[i][0]
    }

    fn blossom_part_same_top(&self, i: usize, j: usize) -> i128 {
        // The blossoms holding both ends are the common outermost part of the two chains: a
        // prefix (outermost first) whose length we find by binary search, as chains that part
        // once never meet again.
        let (ci, cj) = (&self.chain[i], &self.chain[j]);
        let (li, lj) = (ci.len(), cj.len());
        let (mut lo, mut hi) = (1, li.min(lj));
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if ci[li - mid] == cj[lj - mid] {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        self.chain_sums[i][lo - 1]
    }

    /// Whether an edge of this weight between `i` and `j` surely has a non-negative reduced
    /// slack, judged on the vertex duals alone (cheap; blossom duals can only add).
    pub fn surely_slack(&self, i: usize, j: usize, weight: i128) -> bool {
        self.dual[i] + self.dual[j] - 2 * weight * self.scale >= 0
    }

    /// The vertex duals in the solver's internal units and the factor `unit` that takes a
    /// weight to those units: the reduced slack of an edge `(i, j)` of weight `w` is
    /// `dual[i] + dual[j] − unit·w`, plus the duals of the blossoms holding both ends (never
    /// negative). Lets a caller bound the slack of many edges at once.
    pub fn vertex_duals(&self) -> (&[i128], i128) {
        (&self.dual[..self.n_vertex], 2 * self.scale)
    }

    /// Whether the solution is a perfect matching that the dual solution proves optimal on its
    /// own edges: every vertex matched, every matched edge tight (`weight` gives the weight of
    /// a matched pair), every blossom dual non-negative, and every blossom with a positive
    /// dual matched inside but for one vertex. With a non-negative [`Solution::reduced_slack`]
    /// on every other edge of a graph, this proves the matching of maximum weight among all
    /// perfect matchings of that graph (linear programming duality, Edmonds' odd-set
    /// constraints).
    pub fn certifies_perfect(&self, weight: impl Fn(usize, usize) -> i128) -> bool {
        let n = self.n_vertex;
        let mut out = vec![0u32; self.dual.len()];
        for v in 0..n {
            let Some(u) = self.mate[v] else { return false };
            if self.mate[u] != Some(v) || self.reduced_slack(v, u, weight(v, u)) != 0 {
                return false;
            }
            // The blossoms holding `v` but not its mate.
            let (cv, cu) = (&self.chain[v], &self.chain[u]);
            let common = cv.iter().rev().zip(cu.iter().rev()).take_while(|(a, b)| a == b).count();
            for &b in &cv[..cv.len() - common] {
                out[b] += 1;
            }
        }
        self.chain
            .iter()
            .flatten()
            .all(|&b| self.dual[b] >= 0 && (self.dual[b] == 0 || out[b] == 1))
    }

    /// The number of vertices.
    pub fn n_vertices(&self) -> usize {
        self.n_vertex
    }
}

/// An edge that is not between two distinct vertices of the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadEdge {
    /// The edge's ends.
    pub ends: (usize, usize),
    /// The number of vertices.
    pub n_vertex: usize,
}

impl std::fmt::Display for BadEdge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (i, j) = self.ends;
        if i == j {
            write!(f, "edge ({i}, {j}) is a loop")
        } else {
            write!(f, "edge ({i}, {j}) has an end outside the {} vertices", self.n_vertex)
        }
    }
}

impl std::error::Error for BadEdge {}

fn check_edges(n_vertex: usize, edges: &[Edge]) -> Result<(), BadEdge> {
    match edges
        .iter()
        .find(|&&(i, j, _)| i >= n_vertex || j >= n_vertex || i == j)
    {
        Some(&(i, j, _)) => Err(BadEdge { ends: (i, j), n_vertex }),
        None => Ok(()),
    }
}

/// A maximum-weight matching of the graph on `n_vertex` vertices with these edges; with
/// `max_cardinality`, a maximum-weight matching among those of maximum cardinality (as
/// networkx's `max_weight_matching(G, maxcardinality=True)`).
///
/// Edges must join distinct vertices below `n_vertex`; a repeated pair is allowed (the
/// heavier copy is the one that matters).
pub fn max_weight_matching(n_vertex: usize, edges: &[Edge], max_cardinality: bool) -> Result<Solution, BadEdge> {
    check_edges(n_vertex, edges)?;
    let mut s = Solver::new(n_vertex, edges, max_cardinality, false);
    s.run();
    Ok(s.into_solution())
}

/// As [`max_weight_matching`] with `max_cardinality`, but starting from per-vertex duals
/// (the heaviest incident edge) and a greedy matching of the edges that are then tight. The
/// result is a maximum-cardinality matching; when it is perfect it is a maximum-weight
/// perfect matching (the duals prove it), which is all the Swiss pairing asks. Much faster
/// on large sparse graphs with many equal best edges.
pub fn max_weight_perfect_matching_warm(n_vertex: usize, edges: &[Edge]) -> Result<Solution, BadEdge> {
    check_edges(n_vertex, edges)?;
    let mut s = Solver::new(n_vertex, edges, true, true);
    s.short_augmentations();
    s.run();
    Ok(s.into_solution())
}

/// As [`max_weight_perfect_matching_warm`], starting from an earlier solution on a subgraph
/// (the Swiss pairing adds edges and solves again). The earlier vertex duals are raised until
/// every edge is slack, and the earlier pairs that stay tight are kept.
pub fn resume_perfect_matching(n_vertex: usize, edges: &[Edge], earlier: &Solution) -> Result<Solution, BadEdge> {
    check_edges(n_vertex, edges)?;
    let mut s = Solver::new(n_vertex, edges, true, true);
    if earlier.n_vertex == n_vertex && earlier.scale == s.scale {
        s.start_from(earlier);
    }
    s.short_augmentations();
    s.run();
    Ok(s.into_solution())
}

struct Solver {
    n: usize,
    edges: Vec<Edge>,
    scale: i128,
    max_cardinality: bool,
    // neighbend as CSR: endpoints p (edge 2k or 2k+1) whose *remote* end is the neighbour.
    nb_start: Vec<usize>,
    nb: Vec<usize>,
    nb_vertex: Vec<usize>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<i128>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
    scratch_leaves: Vec<usize>,
    bestedgeto: Vec<usize>,
    // Several augmentations per stage (max-cardinality mode only): the alternating tree of
    // each labelled vertex (its root, NONE when unlabelled), each tree's vertices, the roots
    // of this stage, single edges still to scan after trees were removed, and stamps.
    multi: bool,
    tree: Vec<usize>,
    members: Vec<Vec<usize>>,
    roots: Vec<usize>,
    cur_tree: usize,
    pending: Vec<(usize, usize, usize)>,
    stamp: Vec<u32>,
    mark: Vec<u32>,
    clock: u32,
}

impl Solver {
    fn new(n: usize, edges: &[Edge], max_cardinality: bool, warm: bool) -> Self {
        // The warm start gives vertices unequal duals; doubling the weights keeps every dual of
        // one stage's labelled vertices of one parity, so S–S slacks stay even (integral deltas).
        let scale: i128 = if warm { 2 } else { 1 };
        let edges: Vec<Edge> = edges.iter().map(|&(i, j, w)| (i, j, w * scale)).collect();
        let mut deg = vec![0usize; n + 1];
        for &(i, j, _) in &edges {
            deg[i] += 1;
            deg[j] += 1;
        }
        let mut nb_start = vec![0usize; n + 1];
        for v in 0..n {
            nb_start[v + 1] = nb_start[v] + deg[v];
        }
        let mut fill = nb_start.clone();
        let mut nb = vec![0usize; 2 * edges.len()];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            nb[fill[i]] = 2 * k + 1;
            fill[i] += 1;
            nb[fill[j]] = 2 * k;
            fill[j] += 1;
        }
        let maxweight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let mut dualvar = vec![0i128; 2 * n];
        let mut mate = vec![NONE; n];
        if warm {
            // Each vertex starts at its heaviest incident edge: every slack is then
            // non-negative, and an edge that is the heaviest for both ends is tight.
            let mut best = vec![i128::MIN; n];
            for &(i, j, w) in &edges {
                best[i] = best[i].max(w);
                best[j] = best[j].max(w);
            }
            for v in 0..n {
                dualvar[v] = if best[v] == i128::MIN { 0 } else { best[v] };
            }
            for (k, &(i, j, w)) in edges.iter().enumerate() {
                if mate[i] == NONE && mate[j] == NONE && dualvar[i] + dualvar[j] == 2 * w {
                    mate[i] = 2 * k + 1;
                    mate[j] = 2 * k;
                }
            }
            // An unmatched vertex's dual may drop to the least value its edges allow, which
            // makes one of them tight; match along it when the other end is free too. Every
            // dual stays even (the weights are doubled), so the parity argument still holds.
            for v in 0..n {
                if mate[v] != NONE || nb_start[v] == nb_start[v + 1] {
                    continue;
                }
                let mut least = i128::MIN;
                for &p in &nb[nb_start[v]..nb_start[v + 1]] {
                    let (a, b, w) = edges[p / 2];
                    let u = if a == v { b } else { a };
                    least = least.max(2 * w - dualvar[u]);
                }
                dualvar[v] = least;
                for &p in &nb[nb_start[v]..nb_start[v + 1]] {
                    let (a, b, w) = edges[p / 2];
                    let u = if a == v { b } else { a };
                    if mate[u] == NONE && dualvar[v] + dualvar[u] == 2 * w {
                        // p's remote end is u; mate[v] is the endpoint index of u.
                        mate[v] = p;
                        mate[u] = p ^ 1;
                        break;
                    }
                }
            }
        } else {
            for d in dualvar.iter_mut().take(n) {
                *d = maxweight;
            }
        }
        let n_edges = edges.len();
        let nb_vertex = nb
            .iter()
            .map(|&p| {
                let e = &edges[p / 2];
                if p & 1 == 0 { e.0 } else { e.1 }
            })
            .collect();
        Solver {
            n,
            edges,
            scale,
            max_cardinality,
            nb_start,
            nb,
            nb_vertex,
            mate,
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar,
            allowedge: vec![false; n_edges],
            queue: Vec::new(),
            scratch_leaves: Vec::new(),
            bestedgeto: vec![NONE; 2 * n],
            multi: max_cardinality,
            tree: vec![NONE; n],
            members: vec![Vec::new(); n],
            roots: Vec::new(),
            cur_tree: NONE,
            pending: Vec::new(),
            stamp: vec![0; n],
            mark: vec![0; 2 * n],
            clock: 0,
        }
    }

    fn start_from(&mut self, earlier: &Solution) {
        let n = self.n;
        let mut dual: Vec<i128> = earlier.dual[..n].to_vec();
        // Raise duals until every edge has a non-negative slack (blossom duals are gone).
        for v in 0..n {
            for idx in self.nb_start[v]..self.nb_start[v + 1] {
                let (_, _, w) = self.edges[self.nb[idx] / 2];
                let u = self.nb_vertex[idx];
                if dual[v] + dual[u] < 2 * w {
                    dual[v] = 2 * w - dual[u];
                }
            }
        }
        self.dualvar[..n].copy_from_slice(&dual);
        self.mate.iter_mut().for_each(|m| *m = NONE);
        for v in 0..n {
            let Some(u) = earlier.mate[v] else { continue };
            if u < v || self.mate[v] != NONE || self.mate[u] != NONE {
                continue;
            }
            for idx in self.nb_start[v]..self.nb_start[v + 1] {
                if self.nb_vertex[idx] == u {
                    let p = self.nb[idx];
                    let (_, _, w) = self.edges[p / 2];
                    if dual[v] + dual[u] == 2 * w {
                        self.mate[v] = p;
                        self.mate[u] = p ^ 1;
                    }
                    break;
                }
            }
        }
        // Free vertices may drop to their least feasible dual, as in the warm start.
        for v in 0..n {
            if self.mate[v] != NONE || self.nb_start[v] == self.nb_start[v + 1] {
                continue;
            }
            let mut least = i128::MIN;
            for idx in self.nb_start[v]..self.nb_start[v + 1] {
                let (_, _, w) = self.edges[self.nb[idx] / 2];
                least = least.max(2 * w - self.dualvar[self.nb_vertex[idx]]);
            }
            // Every free vertex's dual must be even (the earlier solve may have left odd ones),
            // so that S–S slacks stay even; rounding up keeps every slack non-negative.
            self.dualvar[v] = least + least.rem_euclid(2);
            for idx in self.nb_start[v]..self.nb_start[v + 1] {
                let u = self.nb_vertex[idx];
                let p = self.nb[idx];
                let (_, _, w) = self.edges[p / 2];
                if self.mate[u] == NONE && self.dualvar[v] + self.dualvar[u] == 2 * w {
                    self.mate[v] = p;
                    self.mate[u] = p ^ 1;
                    break;
                }
            }
        }
    }

    /// Grows the starting matching along tight augmenting paths of one or three edges
    /// (free v – u, u's mate x – free y), which leaves the duals and their validity as they
    /// are and saves the main loop a stage per augmentation.
    fn short_augmentations(&mut self) {
        let n = self.n;
        let tight = |s: &Self, idx: usize| -> bool {
            let (_, _, w) = s.edges[s.nb[idx] / 2];
            s.dualvar[s.nb_vertex[idx]] + s.dualvar[s.nb_vertex_from(idx)] == 2 * w
        };
        for _pass in 0..3 {
            let mut changed = false;
            for v in 0..n {
                if self.mate[v] != NONE {
                    continue;
                }
                'edges: for idx in self.nb_start[v]..self.nb_start[v + 1] {
                    if !tight(self, idx) {
                        continue;
                    }
                    let u = self.nb_vertex[idx];
                    let p = self.nb[idx];
                    if self.mate[u] == NONE {
                        self.mate[v] = p;
                        self.mate[u] = p ^ 1;
                        changed = true;
                        break;
                    }
                    let x = self.endpoint(self.mate[u]);
                    for jdx in self.nb_start[x]..self.nb_start[x + 1] {
                        let y = self.nb_vertex[jdx];
                        if y != v && self.mate[y] == NONE && tight(self, jdx) {
                            let q = self.nb[jdx];
                            self.mate[v] = p;
                            self.mate[u] = p ^ 1;
                            self.mate[x] = q;
                            self.mate[y] = q ^ 1;
                            changed = true;
                            break 'edges;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// The vertex whose adjacency list holds entry `idx`.
    #[inline]
    fn nb_vertex_from(&self, idx: usize) -> usize {
        let p = self.nb[idx];
        self.endpoint(p ^ 1)
    }

    fn into_solution(self) -> Solution {
        let mate = (0..self.n)
            .map(|v| {
                if self.mate[v] == NONE {
                    None
                } else {
                    Some(self.endpoint(self.mate[v]))
                }
            })
            .collect();
        let chain: Vec<Vec<usize>> = (0..self.n)
            .map(|v| {
                let mut c = Vec::new();
                let mut b = self.blossomparent[v];
                while b != NONE {
                    c.push(b);
                    b = self.blossomparent[b];
                }
                c
            })
            .collect();
        let top = (0..self.n).map(|v| chain[v].last().copied().unwrap_or(v)).collect();
        let chain_sums = chain
            .iter()
            .map(|c| {
                c.iter()
                    .rev()
                    .scan(0i128, |acc, &b| {
                        *acc += 2 * self.dualvar[b];
                        Some(*acc)
                    })
                    .collect()
            })
            .collect();
        Solution {
            mate,
            n_vertex: self.n,
            scale: self.scale,
            dual: self.dualvar,
            chain,
            top,
            chain_sums,
        }
    }

    #[inline]
    fn endpoint(&self, p: usize) -> usize {
        let e = &self.edges[p / 2];
        if p & 1 == 0 { e.0 } else { e.1 }
    }

    #[inline]
    fn slack(&self, k: usize) -> i128 {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        out.clear();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                // Children in order, so push reversed.
                for &c in self.blossomchilds[t].iter().rev() {
                    stack.push(c);
                }
            }
        }
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let mut w = w;
        let mut t = t;
        let mut p = p;
        loop {
            let b = self.inblossom[w];
            debug_assert!(self.label[w] == 0 && self.label[b] == 0);
            self.label[w] = t;
            self.label[b] = t;
            self.labelend[w] = p;
            self.labelend[b] = p;
            self.bestedge[w] = NONE;
            self.bestedge[b] = NONE;
            if self.multi {
                let mut leaves = std::mem::take(&mut self.scratch_leaves);
                self.leaves(b, &mut leaves);
                let tr = self.cur_tree;
                for &x in &leaves {
                    self.tree[x] = tr;
                }
                self.members[tr].extend_from_slice(&leaves);
                self.scratch_leaves = leaves;
            }
            if t == 1 {
                let mut leaves = std::mem::take(&mut self.scratch_leaves);
                self.leaves(b, &mut leaves);
                self.queue.extend_from_slice(&leaves);
                self.scratch_leaves = leaves;
                return;
            }
            // t == 2: label the mate of the base S.
            let base = self.blossombase[b];
            let mb = self.mate[base];
            debug_assert!(mb != NONE);
            w = self.endpoint(mb);
            t = 1;
            p = mb ^ 1;
        }
    }

    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            debug_assert_eq!(self.label[b], 1);
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint(self.labelend[b]);
                b = self.inblossom[v];
                debug_assert_eq!(self.label[b], 2);
                v = self.endpoint(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        let mut leaves = std::mem::take(&mut self.scratch_leaves);
        self.leaves(b, &mut leaves);
        for &lv in &leaves {
            if self.label[self.inblossom[lv]] == 2 {
                self.queue.push(lv);
            }
            self.inblossom[lv] = b;
        }
        // Best edges from the new blossom to each neighbouring S-blossom.
        let mut touched: Vec<usize> = Vec::new();
        let mut sub = Vec::new();
        let mut candidates: Vec<usize> = Vec::new();
        for &bv in &path {
            candidates.clear();
            match self.blossombestedges[bv].take() {
                None => {
                    self.leaves(bv, &mut sub);
                    for &lv in &sub {
                        for idx in self.nb_start[lv]..self.nb_start[lv + 1] {
                            candidates.push(self.nb[idx] / 2);
                        }
                    }
                }
                Some(list) => candidates.extend_from_slice(&list),
            }
            for &k in &candidates {
                let (i, j, _) = self.edges[k];
                let j = if self.inblossom[j] == b { i } else { j };
                let bj = self.inblossom[j];
                if bj != b && self.label[bj] == 1 {
                    let cur = self.bestedgeto[bj];
                    if cur == NONE {
                        touched.push(bj);
                        self.bestedgeto[bj] = k;
                    } else if self.slack(k) < self.slack(cur) {
                        self.bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        touched.sort_unstable();
        let list: Vec<usize> = touched.iter().map(|&bj| self.bestedgeto[bj]).collect();
        for &bj in &touched {
            self.bestedgeto[bj] = NONE;
        }
        let mut best = NONE;
        for &k in &list {
            if best == NONE || self.slack(k) < self.slack(best) {
                best = k;
            }
        }
        self.blossombestedges[b] = Some(list);
        self.bestedge[b] = best;
        self.scratch_leaves = leaves;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        let mut leaves = Vec::new();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                self.leaves(s, &mut leaves);
                for &v in &leaves {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            debug_assert!(self.labelend[b] != NONE);
            if self.multi {
                self.cur_tree = self.tree[self.blossombase[b]];
            }
            let entrychild = self.inblossom[self.endpoint(self.labelend[b] ^ 1)];
            let len = childs.len() as isize;
            let mut j = childs.iter().position(|&c| c == entrychild).expect("entry child") as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let e1 = self.endpoint(p ^ 1);
                self.label[e1] = 0;
                let q = endps[at(j - endptrick as isize)] ^ endptrick ^ 1;
                let e2 = self.endpoint(q);
                self.label[e2] = 0;
                self.assign_label(e1, 2, p);
                self.allowedge[endps[at(j - endptrick as isize)] / 2] = true;
                j += jstep;
                p = endps[at(j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let e = self.endpoint(p ^ 1);
            self.label[e] = 2;
            self.label[bv] = 2;
            self.labelend[e] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                self.leaves(bv, &mut leaves);
                let mut found = NONE;
                for &v in &leaves {
                    if self.label[v] != 0 {
                        found = v;
                        break;
                    }
                }
                if found != NONE {
                    let v = found;
                    debug_assert_eq!(self.label[v], 2);
                    debug_assert_eq!(self.inblossom[v], bv);
                    self.label[v] = 0;
                    let m = self.endpoint(self.mate[self.blossombase[bv]]);
                    self.label[m] = 0;
                    let le = self.labelend[v];
                    if self.multi {
                        // The S-vertex that reached `v` may belong to another tree.
                        self.cur_tree = self.tree[self.endpoint(le)];
                    }
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let len = childs.len() as isize;
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        let i = childs.iter().position(|&c| c == t).expect("child") as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = childs[at(j)];
            let p = endps[at(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                let e = self.endpoint(p);
                self.augment_blossom(t, e);
            }
            j += jstep;
            let t = childs[at(j)];
            if t >= self.n {
                let e = self.endpoint(p ^ 1);
                self.augment_blossom(t, e);
            }
            let (a, c) = (self.endpoint(p), self.endpoint(p ^ 1));
            self.mate[a] = p ^ 1;
            self.mate[c] = p;
        }
        let i = i as usize;
        let mut nc = childs[i..].to_vec();
        nc.extend_from_slice(&childs[..i]);
        let mut ne = endps[i..].to_vec();
        ne.extend_from_slice(&endps[..i]);
        self.blossombase[b] = self.blossombase[nc[0]];
        self.blossomchilds[b] = nc;
        self.blossomendps[b] = ne;
        debug_assert_eq!(self.blossombase[b], v);
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (s0, p0) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (s0, p0);
            loop {
                let bs = self.inblossom[s];
                debug_assert_eq!(self.label[bs], 1);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint(self.labelend[bs]);
                let bt = self.inblossom[t];
                debug_assert_eq!(self.label[bt], 2);
                s = self.endpoint(self.labelend[bt]);
                let j = self.endpoint(self.labelend[bt] ^ 1);
                debug_assert_eq!(self.blossombase[bt], t);
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// Scans the edge from S-vertex `v` to `w` (endpoint `p`, whose end is `w`): grows the
    /// tree, makes a blossom, records the least slack, or augments (then returns true).
    fn scan_edge(&mut self, v: usize, p: usize, w: usize) -> bool {
        let k = p / 2;
        if self.inblossom[v] == self.inblossom[w] {
            return false;
        }
        let mut kslack = 0;
        if !self.allowedge[k] {
            kslack = self.slack(k);
            if kslack <= 0 {
                self.allowedge[k] = true;
            }
        }
        if self.allowedge[k] {
            if self.label[self.inblossom[w]] == 0 {
                if self.multi {
                    self.cur_tree = self.tree[v];
                }
                self.assign_label(w, 2, p ^ 1);
            } else if self.label[self.inblossom[w]] == 1 {
                let base = self.scan_blossom(v, w);
                if base != NONE {
                    self.add_blossom(base, k);
                } else {
                    let (ta, tb) = (self.tree[v], self.tree[w]);
                    self.augment_matching(k);
                    if self.multi {
                        self.remove_trees(ta, tb);
                    }
                    return true;
                }
            } else if self.label[w] == 0 {
                debug_assert_eq!(self.label[self.inblossom[w]], 2);
                self.label[w] = 2;
                self.labelend[w] = p ^ 1;
            }
        } else if self.label[self.inblossom[w]] == 1 {
            let b = self.inblossom[v];
            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        } else if self.label[w] == 0 && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w])) {
            self.bestedge[w] = k;
        }
        false
    }

    /// After an augmentation between trees `ta` and `tb`, takes both trees out of the forest
    /// so that the stage can go on with the others (several augmentations per stage, as in
    /// Blossom V): their vertices and blossoms lose their labels, the allowed flags of their
    /// edges are cleared, each edge to a remaining S-vertex is queued to be scanned again, and
    /// every least-slack record that named one of them is computed afresh (slacks of edges
    /// to a vertex that left the forest stopped moving with the others, so an old minimum
    /// may no longer be one).
    fn remove_trees(&mut self, ta: usize, tb: usize) {
        let n = self.n;
        self.clock += 1;
        let clock = self.clock;
        let mut removed = Vec::new();
        for t in [ta, tb] {
            let list = std::mem::take(&mut self.members[t]);
            for &x in &list {
                if self.tree[x] == t {
                    self.tree[x] = NONE;
                    self.stamp[x] = clock;
                    removed.push(x);
                }
            }
        }
        for &x in &removed {
            self.label[x] = 0;
            self.labelend[x] = NONE;
            self.bestedge[x] = NONE;
            let mut b = self.blossomparent[x];
            while b != NONE && self.mark[b] != clock {
                self.mark[b] = clock;
                self.label[b] = 0;
                self.labelend[b] = NONE;
                self.bestedge[b] = NONE;
                self.blossombestedges[b] = None;
                b = self.blossomparent[b];
            }
        }
        let touches = |s: &Self, k: usize| -> bool {
            let (i, j, _) = s.edges[k];
            s.stamp[i] == clock || s.stamp[j] == clock
        };
        let mut redo_vertex = Vec::new();
        let mut redo_blossom = Vec::new();
        for &x in &removed {
            for idx in self.nb_start[x]..self.nb_start[x + 1] {
                let p = self.nb[idx];
                self.allowedge[p / 2] = false;
                let y = self.nb_vertex[idx];
                let by = self.inblossom[y];
                match self.label[by] {
                    1 => {
                        self.pending.push((y, p ^ 1, x));
                        if self.bestedge[by] != NONE && self.mark[by] != clock && touches(self, self.bestedge[by]) {
                            self.mark[by] = clock;
                            redo_blossom.push(by);
                        }
                    }
                    _ if self.stamp[y] != clock && self.mark[y] != clock => {
                        // A vertex outside the forest, or inside a T-blossom: its least slack
                        // edge to an S-vertex, or its label from a tight edge, may come from a
                        // vertex that just left.
                        let from_removed =
                            self.labelend[y] != NONE && self.stamp[self.endpoint(self.labelend[y])] == clock;
                        let stale_best = self.bestedge[y] != NONE && touches(self, self.bestedge[y]);
                        if stale_best || (self.label[y] == 2 && self.labelend[y] != self.labelend[by] && from_removed) {
                            self.mark[y] = clock;
                            redo_vertex.push(y);
                        }
                    }
                    _ => {}
                }
            }
        }
        for y in redo_vertex {
            let by = self.inblossom[y];
            if self.label[y] == 2 && self.labelend[y] != self.labelend[by] {
                self.label[y] = 0;
                self.labelend[y] = NONE;
            }
            self.bestedge[y] = NONE;
            for idx in self.nb_start[y]..self.nb_start[y + 1] {
                let u = self.nb_vertex[idx];
                if self.label[self.inblossom[u]] == 1 {
                    self.pending.push((u, self.nb[idx] ^ 1, y));
                }
            }
        }
        let mut leaves = Vec::new();
        for b in redo_blossom {
            if b >= n {
                self.blossombestedges[b] = None;
            }
            self.leaves(b, &mut leaves);
            let mut best = NONE;
            for &lv in &leaves {
                for idx in self.nb_start[lv]..self.nb_start[lv + 1] {
                    let k = self.nb[idx] / 2;
                    let bu = self.inblossom[self.nb_vertex[idx]];
                    if bu != b && self.label[bu] == 1 && (best == NONE || self.slack(k) < self.slack(best)) {
                        best = k;
                    }
                }
            }
            self.bestedge[b] = best;
        }
    }

    fn run(&mut self) {
        let n = self.n;
        if self.edges.is_empty() {
            return;
        }
        for _stage in 0..n {
            self.label.iter_mut().for_each(|x| *x = 0);
            self.bestedge.iter_mut().for_each(|x| *x = NONE);
            for b in n..2 * n {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|x| *x = false);
            self.queue.clear();
            self.pending.clear();
            if self.multi {
                for r in std::mem::take(&mut self.roots) {
                    self.members[r].clear();
                }
                self.tree.iter_mut().for_each(|x| *x = NONE);
            }
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    if self.multi {
                        self.cur_tree = v;
                        self.roots.push(v);
                    }
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                // Scan: the single edges left by removed trees first, then the S-vertices.
                let mut stop = false;
                loop {
                    if let Some((v, p, w)) = self.pending.pop() {
                        if self.label[self.inblossom[v]] == 1 && self.scan_edge(v, p, w) {
                            augmented = true;
                            stop = !self.multi;
                        }
                    } else if let Some(v) = self.queue.pop() {
                        if self.label[self.inblossom[v]] != 1 {
                            // Its tree left the forest after an augmentation.
                            continue;
                        }
                        for idx in self.nb_start[v]..self.nb_start[v + 1] {
                            let (p, w) = (self.nb[idx], self.nb_vertex[idx]);
                            if self.scan_edge(v, p, w) {
                                augmented = true;
                                stop = !self.multi;
                                // `v` is matched now and out of the forest.
                                break;
                            }
                        }
                    } else {
                        break;
                    }
                    if stop {
                        break;
                    }
                }
                if stop {
                    break;
                }
                // No augmenting path with the tight edges: change the duals.
                let mut deltatype = 0u8;
                let mut delta: i128 = 0;
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                if !self.max_cardinality {
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(0);
                }
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                        let kslack = self.slack(self.bestedge[b]);
                        debug_assert_eq!(kslack % 2, 0);
                        let d = kslack / 2;
                        if deltatype == 0 || d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && (deltatype == 0 || self.dualvar[b] < delta)
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                if deltatype == 0 {
                    // Only in max-cardinality mode: no further improvement is possible.
                    deltatype = 1;
                    delta = self.dualvar[..n].iter().copied().min().unwrap_or(0).max(0);
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] -= delta,
                        2 => self.dualvar[v] += delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] += delta,
                            2 => self.dualvar[b] -= delta,
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        debug_assert_eq!(self.label[self.inblossom[i]], 1);
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        debug_assert_eq!(self.label[self.inblossom[i]], 1);
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}
