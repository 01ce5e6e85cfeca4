//! Swiss pairing (积分编排, Art. 26.3): one optimal matching over the whole field.
//!
//! Every pair `(a, b)` gets a cost with seven parts, compared lexicographically:
//! 1. `rematches`: how many times `a` and `b` already played (no rematch when any pairing
//!    without one exists, and otherwise as few as possible);
//! 2. `category`: when the event pairs inside its categories ([`crate::category`]), how far
//!    apart the two players' categories are ([`crate::category::pairing_cost`]; 0 inside
//!    one);
//! 3. `score_gap_sq`: the squared difference of their pairing scores (points, or McMahon
//!    scores), so that the sum over pairs is as small as it can be ("pair equal or close
//!    scores");
//! 4. `dudd`: for a pair across score groups, the draw-up and draw-down (OpenGotha's
//!    `paiMaDUDDWeight` with `paiMaCompensateDUDD`, `Tournament.costValue`): each of the two
//!    costs 1, plus 1 when it is drawn the same way again (the upper player drawn down before,
//!    the lower one drawn up before), less 1 when the draw makes up for more draws the other
//!    way (the upper player drawn up more often than down, the lower one down more often than
//!    up); 0 inside a group. So the players who float are those whose floats even out;
//! 5. `color`: how strongly both want the same color (both had Black more often: the smaller
//!    of the two excesses);
//! 6. `split`: distance from the ideal of the score group's top half against its bottom half
//!    by rank and rating (inside a group of `m`, positions `p` and `q` cost
//!    `| |p − q| − ⌊m/2⌋ |`; a pair across groups costs how far the upper player is from the
//!    bottom of its group plus how far the lower one is from the top of its group: OpenGotha's
//!    draw-up/draw-down modes BOT for the upper group and TOP for the lower);
//! 7. `club_region`: 1 for the same club and 1 for the same region, when the event asks.
//!
//! The parts are packed into one integer with each level's multiplier larger than the most the
//! lower levels can add up to over a whole matching, so a minimum-cost perfect matching is the
//! lexicographic optimum of the *sums*. The matching is Edmonds' blossom algorithm
//! ([`crate::matching`]).
//!
//! # The objective of a round, in one place
//!
//! What a Swiss, Swiss-with-elimination or McMahon round of [`crate::Event::propose`] is, in
//! the order things are decided:
//! - **who is paired:** the active players (withdrawn ones are not, Art. 28.3; Swiss with
//!   elimination leaves out those eliminated, Art. 26.4), less those absent from the round
//!   or only pre-registered (`Event::set_participation`, `Event::set_preregistered`); with an
//!   odd field one bye, to a player without one, of the lowest score, the weakest where the
//!   rest allows;
//! - **the pairs:** the perfect matching of least total cost under the seven levels above,
//!   compared lexicographically (fewest rematches, then players kept inside their category
//!   where the event asks, `Settings::categories`, then the least sum of squared score
//!   gaps on the points or the McMahon score, then draw-ups and draw-downs that even out
//!   earlier ones, then colours, then the top-half/bottom-half split, then club and region
//!   mates when the event asks, which a new McMahon event does by default,
//!   `Settings::defaults_for`); exact, not a weighted compromise;
//! - **the colours:** in a McMahon game where the event's handicap rule proposes stones
//!   ([`crate::handicap`]), Black to the weaker player (Art. 10, 11); otherwise [`colours`]
//!   (the one with more Blacks takes White, then the one who had Black last, then a lot).
//!
//! Where OpenGotha differs: it weighs the same terms into one sum (score difference 10¹¹,
//! draw-up/draw-down 10⁸, seeding 5·10⁶, colours 10⁶) where weiqi orders them, so colours come
//! before the split here; and its seeding systems other than the top-half/bottom-half split
//! (split and random, split and fold) and its draw-up/draw-down modes other than BOT/TOP are
//! not terms of this objective.
//!
//! Speed: the complete graph of 10,000 players has 50 million edges. We solve on a sparse
//! candidate graph (inside each score group, the few players around the ideal opponent
//! position; across neighbouring groups, the few players nearest the boundary) and then check
//! the dual solution against every edge of the complete graph. Any edge that breaks the
//! optimality certificate is added and the problem solved again, so the answer is always the
//! optimum over the whole field, proven, not estimated: the final matching is checked to be
//! perfect with every matched edge tight and every blossom with a positive dual full, and
//! every one of the n² pairs to have a non-negative reduced slack (LP duality with Edmonds'
//! odd-set constraints).
//!
//! The n² check is cheap because the gap² level dominates: for two score groups, no pair can
//! weigh more than the gap² term allows, so a whole block of pairs is skipped when the two
//! groups' smallest vertex duals already cover that bound; inside a block, players are sorted
//! by dual and the scan of one player's partners stops at the first large enough dual. Costs
//! come from flat arrays (clubs and regions interned), blossom duals are added only for pairs
//! still short (the outermost blossom first, then the exact sum by a binary search on the
//! blossom chains), and rematches are looked up last.

use crate::matching::{self, Edge};
use rules::Color;
use std::collections::HashSet;
use std::fmt;

/// One player to pair, as the Swiss pairing sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The pairing score (points, or the McMahon score), in points (a win is 2).
    pub score: i64,
    /// Rank and rating: the larger, the stronger (for the halves of a score group).
    pub strength: (i32, i64),
    /// Blacks minus whites so far.
    pub color_balance: i32,
    /// The club, if same-club pairings are to be avoided.
    pub club: Option<String>,
    /// The region, if same-region pairings are to be avoided.
    pub region: Option<String>,
    /// Whether the player already had a bye.
    pub had_bye: bool,
    /// The player's category, from 0 ([`crate::category`]); 0 for all when the event does
    /// not pair inside categories.
    pub category: u32,
    /// Times the player was drawn up in earlier rounds (paired against a higher pairing score).
    pub drawn_up: u32,
    /// Times the player was drawn down in earlier rounds (paired against a lower pairing score).
    pub drawn_down: u32,
}

/// Who has met whom: `count(a, b)` games played over the board.
pub trait Meetings {
    /// How many games `a` and `b` (indices into the candidates) have played.
    fn count(&self, a: usize, b: usize) -> u32;
    /// The largest count over all pairs (0 when nobody has met).
    fn max_count(&self) -> u32;
}

impl Meetings for std::collections::HashMap<(usize, usize), u32> {
    fn count(&self, a: usize, b: usize) -> u32 {
        let key = if a < b { (a, b) } else { (b, a) };
        self.get(&key).copied().unwrap_or(0)
    }

    fn max_count(&self) -> u32 {
        self.values().copied().max().unwrap_or(0)
    }
}

/// The cost parts of one pair: why the pairing is what it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PairCost {
    /// Games the two already played (level 1).
    pub rematches: u32,
    /// Categories apart, when the event pairs inside them (level 2).
    pub category: u64,
    /// Squared difference of their pairing scores (level 3).
    pub score_gap_sq: u64,
    /// Draw-up and draw-down across score groups, less where they even out earlier ones
    /// (level 4; 0 to 4).
    pub dudd: u32,
    /// Color clash: both want the same color this strongly (level 5).
    pub color: u32,
    /// Distance from the top-half-against-bottom-half ideal (level 6).
    pub split: u32,
    /// Same club plus same region, when avoided (level 7).
    pub club_region: u32,
}

/// How many levels a [`PairCost`] has.
const LEVELS: usize = 7;

impl PairCost {
    fn levels(&self) -> [u128; LEVELS] {
        [
            u128::from(self.rematches),
            u128::from(self.category),
            u128::from(self.score_gap_sq),
            u128::from(self.dudd),
            u128::from(self.color),
            u128::from(self.split),
            u128::from(self.club_region),
        ]
    }

    /// Adds the parts of another cost.
    pub fn add(&mut self, o: &PairCost) {
        self.rematches += o.rematches;
        self.category += o.category;
        self.score_gap_sq += o.score_gap_sq;
        self.dudd += o.dudd;
        self.color += o.color;
        self.split += o.split;
        self.club_region += o.club_region;
    }
}

impl fmt::Display for PairCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rematch {}", self.rematches)?;
        // Only events paired inside categories have this level.
        if self.category > 0 {
            write!(f, " category {}", self.category)?;
        }
        write!(f, " gap² {}", self.score_gap_sq)?;
        // Only pairs across score groups have this level.
        if self.dudd > 0 {
            write!(f, " dudd {}", self.dudd)?;
        }
        write!(
            f,
            " color {} split {} club/region {}",
            self.color, self.split, self.club_region
        )
    }
}

/// Options for a Swiss round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Avoid pairing members of the same club (level 7).
    pub avoid_same_club: bool,
    /// Avoid pairing members of the same region (level 7).
    pub avoid_same_region: bool,
    /// The number of categories the pairing keeps players inside (level 2; 0 or 1: none).
    pub n_categories: u32,
}

/// The pairing of one Swiss round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    /// The pairs (indices into the candidates, the higher score or stronger first) with
    /// their costs, in board order: highest score first.
    pub pairs: Vec<(usize, usize, PairCost)>,
    /// The candidate given the bye, for an odd field.
    pub bye: Option<usize>,
    /// The sum of the pair costs, level by level (the bye's choice is not in it).
    pub total: PairCost,
    /// How many times the matching was solved before the certificate held on the complete
    /// graph (1 when the sparse candidate graph was already enough).
    pub n_solves: u32,
}

/// Why a Swiss round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwissError {
    /// Fewer than two players to pair.
    TooFewPlayers(usize),
    /// The costs do not fit the 128-bit weights (an absurdly large event).
    TooLarge,
    /// The matching found could not be proven optimal by its dual certificate (a bug in the
    /// solver; the round is not paired).
    Unproven,
}

impl fmt::Display for SwissError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwissError::TooFewPlayers(n) => write!(f, "cannot pair {n} player(s): at least 2 are needed"),
            SwissError::TooLarge => f.write_str("the pairing costs do not fit in 128-bit weights"),
            SwissError::Unproven => {
                f.write_str("internal error: the pairing found could not be proven optimal; the round was not paired")
            }
        }
    }
}

impl std::error::Error for SwissError {}

/// The score groups: candidates sorted by score (high first), then strength (strong
/// first), then index; `group_of[i]`, `pos_in_group[i]` and the groups' sizes and starts.
struct Groups {
    order: Vec<usize>,
    group_of: Vec<usize>,
    pos: Vec<usize>,
    size: Vec<usize>,
    start: Vec<usize>,
}

fn groups(c: &[Candidate]) -> Groups {
    let mut order: Vec<usize> = (0..c.len()).collect();
    order.sort_by(|&a, &b| {
        c[b].score
            .cmp(&c[a].score)
            .then(c[b].strength.cmp(&c[a].strength))
            .then(a.cmp(&b))
    });
    let mut group_of = vec![0; c.len()];
    let mut pos = vec![0; c.len()];
    let mut size = Vec::new();
    let mut start = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        if k == 0 || c[order[k - 1]].score != c[i].score {
            size.push(0);
            start.push(k);
        }
        let g = size.len() - 1;
        group_of[i] = g;
        pos[i] = size[g];
        size[g] += 1;
    }
    Groups {
        order,
        group_of,
        pos,
        size,
        start,
    }
}

/// The cost of pairing `a` with `b`.
pub fn pair_cost(c: &[Candidate], met: &dyn Meetings, opts: Options, a: usize, b: usize) -> PairCost {
    let g = groups(c);
    cost(c, &g, met, opts, a, b)
}

fn cost(c: &[Candidate], g: &Groups, met: &dyn Meetings, opts: Options, a: usize, b: usize) -> PairCost {
    let mut pc = cost_without_rematch(c, g, opts, a, b);
    pc.rematches = met.count(a, b);
    pc
}

fn cost_without_rematch(c: &[Candidate], g: &Groups, opts: Options, a: usize, b: usize) -> PairCost {
    let (ca, cb) = (&c[a], &c[b]);
    let gap = ca.score.abs_diff(cb.score);
    let (ba, bb) = (ca.color_balance, cb.color_balance);
    let color = if (ba > 0 && bb > 0) || (ba < 0 && bb < 0) {
        ba.unsigned_abs().min(bb.unsigned_abs())
    } else {
        0
    };
    let (ga, gb) = (g.group_of[a], g.group_of[b]);
    let split = if ga == gb {
        let half = g.size[ga] / 2;
        g.pos[a].abs_diff(g.pos[b]).abs_diff(half)
    } else {
        let (u, l) = if ga < gb { (a, b) } else { (b, a) };
        (g.size[g.group_of[u]] - 1 - g.pos[u]) + g.pos[l]
    };
    let same = |x: &Option<String>, y: &Option<String>| matches!((x, y), (Some(x), Some(y)) if x == y);
    let club_region = u32::from(opts.avoid_same_club && same(&ca.club, &cb.club))
        + u32::from(opts.avoid_same_region && same(&ca.region, &cb.region));
    PairCost {
        rematches: 0,
        category: crate::category::pairing_cost(opts.n_categories, ca.category, cb.category),
        score_gap_sq: gap * gap,
        dudd: dudd(ca, cb),
        color,
        split: split as u32,
        club_region,
    }
}

/// The draw-up/draw-down level of a pair (level 4): 0 for equal scores; else each player
/// costs 1, plus 1 when drawn the same way again, less 1 when the draw makes up for more
/// draws the other way (OpenGotha's `Tournament.costValue`, its five scenarios, as a cost).
fn dudd(a: &Candidate, b: &Candidate) -> u32 {
    if a.score == b.score {
        return 0;
    }
    let (up, low) = if a.score > b.score { (a, b) } else { (b, a) };
    // The upper player is drawn down, the lower one drawn up.
    let upper = 1 + u32::from(up.drawn_down > 0) - u32::from(up.drawn_up > up.drawn_down);
    let lower = 1 + u32::from(low.drawn_up > 0) - u32::from(low.drawn_down > low.drawn_up);
    upper + lower
}

/// Level multipliers: `mult[k]` exceeds the most that levels `k+1..` can add up to over a
/// matching of `n_pairs` pairs.
fn multipliers(max_level: [u128; LEVELS], n_pairs: u128) -> Result<([u128; LEVELS], u128), SwissError> {
    let mut mult = [0u128; LEVELS];
    let mut m: u128 = 1;
    for k in (0..LEVELS).rev() {
        mult[k] = m;
        let total = max_level[k].checked_mul(n_pairs).ok_or(SwissError::TooLarge)?;
        m = m
            .checked_mul(total.checked_add(1).ok_or(SwissError::TooLarge)?)
            .ok_or(SwissError::TooLarge)?;
    }
    // `m` bounds the whole cost of a matching; keep room for doubling and dual sums.
    if m > (i128::MAX as u128) / 16 {
        return Err(SwissError::TooLarge);
    }
    Ok((mult, m))
}

fn packed(pc: &PairCost, mult: &[u128; LEVELS]) -> u128 {
    pc.levels().iter().zip(mult).map(|(l, m)| l * m).sum()
}

/// The pair costs without rematches as flat arrays, for the check on all n² pairs.
struct FastCost {
    score: Vec<i64>,
    balance: Vec<i32>,
    club: Vec<u32>,
    region: Vec<u32>,
    category: Vec<u32>,
    n_categories: u32,
    /// Each candidate, for the draw-up/draw-down level.
    cands: Vec<Candidate>,
    /// Level multipliers 2–7 (category, gap², dudd, color, split, club/region) and the weight
    /// offset.
    mult: [i128; 6],
    big: i128,
}

/// No club or region: never equal to another.
const NO_ID: u32 = u32::MAX;

impl FastCost {
    fn new(c: &[Candidate], opts: Options, mult: &[u128; LEVELS], big: i128) -> FastCost {
        let intern = |get: &dyn Fn(&Candidate) -> &Option<String>, on: bool| -> Vec<u32> {
            let mut ids: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
            c.iter()
                .map(|x| match get(x) {
                    Some(name) if on => {
                        let next = ids.len() as u32;
                        *ids.entry(name.as_str()).or_insert(next)
                    }
                    _ => NO_ID,
                })
                .collect()
        };
        FastCost {
            score: c.iter().map(|x| x.score).collect(),
            balance: c.iter().map(|x| x.color_balance).collect(),
            club: intern(&|x| &x.club, opts.avoid_same_club),
            region: intern(&|x| &x.region, opts.avoid_same_region),
            category: c.iter().map(|x| x.category).collect(),
            n_categories: opts.n_categories,
            cands: c.to_vec(),
            mult: [
                mult[1] as i128,
                mult[2] as i128,
                mult[3] as i128,
                mult[4] as i128,
                mult[5] as i128,
                mult[6] as i128,
            ],
            big,
        }
    }

    /// The packed cost of levels 2 and 4–7 (category, dudd, color, split, club/region) of `a`
    /// and `b`, as in [`cost_without_rematch`].
    #[inline]
    fn lower_levels(&self, g: &Groups, a: usize, b: usize) -> i128 {
        let (ba, bb) = (self.balance[a], self.balance[b]);
        let color = if (ba > 0 && bb > 0) || (ba < 0 && bb < 0) {
            ba.unsigned_abs().min(bb.unsigned_abs())
        } else {
            0
        };
        let (ga, gb) = (g.group_of[a], g.group_of[b]);
        let split = if ga == gb {
            g.pos[a].abs_diff(g.pos[b]).abs_diff(g.size[ga] / 2)
        } else {
            let (u, l) = if ga < gb { (a, b) } else { (b, a) };
            (g.size[g.group_of[u]] - 1 - g.pos[u]) + g.pos[l]
        };
        let cr = u32::from(self.club[a] != NO_ID && self.club[a] == self.club[b])
            + u32::from(self.region[a] != NO_ID && self.region[a] == self.region[b]);
        let category = crate::category::pairing_cost(self.n_categories, self.category[a], self.category[b]);
        i128::from(category) * self.mult[0]
            + i128::from(dudd(&self.cands[a], &self.cands[b])) * self.mult[2]
            + i128::from(color) * self.mult[3]
            + split as i128 * self.mult[4]
            + i128::from(cr) * self.mult[5]
    }
}

/// Calls `f(i, j, s)` for every pair of players (each once) whose reduced slack `s` under the
/// vertex duals `dual`, counting no rematch and no blossom, is negative; every other pair
/// surely satisfies the certificate. Whole blocks of two score groups are skipped when the gap²
/// level alone (whose weight bounds every pair of the block) leaves even their smallest duals
/// slack; inside a block, each group's players are sorted by dual so the scan of one player's
/// partners stops at the first whose dual is large enough.
fn for_each_maybe_violated(
    fast: &FastCost,
    g: &Groups,
    dual: &[i128],
    unit: i128,
    mut f: impl FnMut(usize, usize, i128),
) {
    let n_groups = g.size.len();
    let members: Vec<Vec<usize>> = (0..n_groups)
        .map(|k| {
            let mut m = g.order[g.start[k]..g.start[k] + g.size[k]].to_vec();
            m.sort_by_key(|&v| dual[v]);
            m
        })
        .collect();
    for ga in 0..n_groups {
        for gb in ga..n_groups {
            let (sa, sb) = (fast.score[members[ga][0]], fast.score[members[gb][0]]);
            let gap = i128::from(sa.abs_diff(sb));
            // The largest weight of any pair of the block, in dual units.
            // The category level only lowers a weight, so it is left out of the bound.
            let top = unit * (fast.big - gap * gap * fast.mult[1]);
            if dual[members[ga][0]] + dual[members[gb][0]] >= top {
                continue;
            }
            for &i in &members[ga] {
                let limit = top - dual[i];
                for &j in &members[gb] {
                    if dual[j] >= limit {
                        break;
                    }
                    if ga == gb && j <= i {
                        continue;
                    }
                    let s = dual[i] + dual[j] - top + unit * fast.lower_levels(g, i, j);
                    if s < 0 {
                        f(i, j, s);
                    }
                }
            }
        }
    }
}

/// The colours of a Swiss pair `(a, b)` (numbers of the two sides): `(black, white)`. For a
/// team match, Black is the home side (Black on the odd boards).
///
/// The side that had Black less often (the lower `balance`, Blacks − Whites so far: the
/// balance the pairing cost weighed) takes Black; equal, the one that had White last (`last`:
/// the colour of a side's last game, `None` before its first); still equal, a lot from
/// `seed`, the round and the two numbers (the same for `(a, b)` and `(b, a)`).
///
/// Art. 10: colours are fixed by the event's draw and pairing ("由大会抽签编排") or by nigiri,
/// as the event's regulations say; the rules do not say how a pairing program chooses them.
/// Balancing Black and White, then alternating, then a lot, is ours (the common Swiss
/// practice). `last` is asked only when the balances are equal.
pub fn colours(
    seed: u64,
    round: u32,
    (a, b): (usize, usize),
    balance: &dyn Fn(usize) -> i64,
    last: &dyn Fn(usize) -> Option<Color>,
) -> (usize, usize) {
    let (bal_a, bal_b) = (balance(a), balance(b));
    if bal_a != bal_b {
        return if bal_a > bal_b { (b, a) } else { (a, b) };
    }
    match (last(a), last(b)) {
        (Some(Color::Black), Some(Color::White)) => return (b, a),
        (Some(Color::White), Some(Color::Black)) => return (a, b),
        _ => {}
    }
    let coin = crate::event::mix(seed ^ (u64::from(round) << 40) ^ ((a.min(b) as u64) << 20) ^ a.max(b) as u64);
    let (lo, hi) = (a.min(b), a.max(b));
    if coin & 1 == 0 { (lo, hi) } else { (hi, lo) }
}

/// Pairs one Swiss round: a perfect matching of minimum lexicographic cost over the whole
/// field, with a bye for an odd field to a player of the lowest score among those who have
/// not had a bye (the weakest such player when the rest allows).
pub fn pair(c: &[Candidate], met: &dyn Meetings, opts: Options) -> Result<Pairing, SwissError> {
    let n = c.len();
    if n < 2 {
        return Err(SwissError::TooFewPlayers(n));
    }
    let g = groups(c);
    // The bye: a dummy vertex `n` joined to the eligible players only. The rules are silent
    // on who gets a bye (Art. 26.3 says only "以积分的相同或相近为主要原则": pair equal or
    // close scores); ours is the usual Swiss rule: nobody gets a second bye while another
    // player has had none, and among the rest a player of the lowest score, since a bye
    // scores (a win by default) and there it changes the top places least.
    let bye_eligible: Vec<usize> = if n % 2 == 1 {
        let pool: Vec<usize> = if c.iter().any(|x| !x.had_bye) {
            (0..n).filter(|&i| !c[i].had_bye).collect()
        } else {
            (0..n).collect()
        };
        let low = pool.iter().map(|&i| c[i].score).min().expect("non-empty pool");
        pool.into_iter().filter(|&i| c[i].score == low).collect()
    } else {
        Vec::new()
    };
    let nv = n + usize::from(n % 2 == 1);
    let n_pairs = (nv / 2) as u128;
    let max_rounds = u128::from(met.max_count());
    let (lo, hi) = (
        c.iter().map(|x| x.score).min().unwrap_or(0),
        c.iter().map(|x| x.score).max().unwrap_or(0),
    );
    let gap = u128::from(hi.abs_diff(lo));
    let max_color = u128::from(c.iter().map(|x| x.color_balance.unsigned_abs()).max().unwrap_or(0));
    let max_category = {
        let (lo, hi) = (
            c.iter().map(|x| x.category).min().unwrap_or(0),
            c.iter().map(|x| x.category).max().unwrap_or(0),
        );
        u128::from(crate::category::pairing_cost(opts.n_categories, lo, hi))
    };
    let max_level = [max_rounds, max_category, gap * gap, 4, max_color, n as u128, 2];
    let (mult, bound) = multipliers(max_level, n_pairs)?;
    let big = bound as i128 + 1;
    let weight = |pc: &PairCost| -> i128 { big - packed(pc, &mult) as i128 };
    // The bye edges: weakest eligible player preferred (on the split level), nothing else.
    let mut bye_rank = vec![0u32; n];
    {
        let mut el = bye_eligible.clone();
        el.sort_by(|&a, &b| c[a].strength.cmp(&c[b].strength).then(b.cmp(&a)));
        for (r, &i) in el.iter().enumerate() {
            bye_rank[i] = r as u32;
        }
    }
    let bye_cost = |i: usize| PairCost {
        split: bye_rank[i],
        ..PairCost::default()
    };

    let mut edge_set: HashSet<(usize, usize)> = HashSet::new();
    let mut edges: Vec<Edge> = Vec::new();
    let add = |i: usize, j: usize, edges: &mut Vec<Edge>, edge_set: &mut HashSet<(usize, usize)>| {
        let key = if i < j { (i, j) } else { (j, i) };
        if edge_set.insert(key) {
            let w = if key.1 == n {
                weight(&bye_cost(key.0))
            } else {
                weight(&cost(c, &g, met, opts, key.0, key.1))
            };
            edges.push((key.0, key.1, w));
        }
    };
    for &i in &bye_eligible {
        add(i, n, &mut edges, &mut edge_set);
    }
    // Sparse candidates.
    const K: usize = 12;
    for i in 0..n {
        let gi = g.group_of[i];
        let (m, p, s) = (g.size[gi], g.pos[i], g.start[gi]);
        // Inside the group: outward from the ideal positions p ± ⌊m/2⌋, then neighbours.
        let half = m / 2;
        let mut found = 0;
        let mut targets: Vec<isize> = Vec::new();
        for d in 0..m as isize {
            for base in [p as isize + half as isize, p as isize - half as isize] {
                targets.push(base + d);
                targets.push(base - d);
            }
            if targets.len() > 64 * K + 16 {
                break;
            }
        }
        // Twice: first only partners with no color clash (colours come before the split),
        // then any.
        let mut found_free = 0;
        for t in targets.iter().chain(targets.iter()).copied() {
            if found >= K && found_free >= K {
                break;
            }
            if t < 0 || t as usize >= m || t as usize == p {
                continue;
            }
            let j = g.order[s + t as usize];
            if met.count(i, j) != 0 {
                continue;
            }
            let clash = cost_without_rematch(c, &g, opts, i, j).color > 0;
            if found < K {
                add(i, j, &mut edges, &mut edge_set);
                found += 1;
                found_free += usize::from(!clash);
            } else if !clash && found_free < K {
                add(i, j, &mut edges, &mut edge_set);
                found_free += 1;
            }
        }
        // Neighbouring groups: the players nearest the boundary.
        for (ng, from_top) in [(gi.wrapping_sub(1), false), (gi + 1, true)] {
            if ng >= g.size.len() {
                continue;
            }
            let (nm, ns) = (g.size[ng], g.start[ng]);
            let mut found = 0;
            for t in 0..nm {
                if found >= K {
                    break;
                }
                let q = if from_top { t } else { nm - 1 - t };
                let j = g.order[ns + q];
                if met.count(i, j) == 0 {
                    add(i, j, &mut edges, &mut edge_set);
                    found += 1;
                }
            }
        }
    }
    let fast = FastCost::new(c, opts, &mult, big);
    let mut n_solves = 0;
    let mut earlier: Option<matching::Solution> = None;
    let sol = loop {
        n_solves += 1;
        let sol = match &earlier {
            None => matching::max_weight_perfect_matching_warm(nv, &edges),
            Some(e) => matching::resume_perfect_matching(nv, &edges, e),
        }
        .expect("every candidate edge joins two distinct vertices of the field");
        let unmatched: Vec<usize> = (0..nv).filter(|&v| sol.mate[v].is_none()).collect();
        if !unmatched.is_empty() {
            // The sparse graph has no perfect matching: give the unmatched all their edges.
            earlier = Some(sol);
            for &v in &unmatched {
                if v == n {
                    for &i in &bye_eligible {
                        add(i, n, &mut edges, &mut edge_set);
                    }
                } else {
                    for j in 0..n {
                        if j != v {
                            add(v, j, &mut edges, &mut edge_set);
                        }
                    }
                }
            }
            continue;
        }
        // Check the certificate on every edge of the complete graph.
        // Keep, for each vertex, only its few most violated edges: adding every violated edge
        // makes the graph dense, while the few worst are usually enough for the next solve.
        const PER_VERTEX: usize = 8;
        let mut worst: Vec<Vec<(i128, usize)>> = vec![Vec::new(); n];
        let mut any = false;
        let keep = |list: &mut Vec<(i128, usize)>, s: i128, j: usize| {
            if list.len() < PER_VERTEX {
                list.push((s, j));
            } else if let Some(k) = (0..list.len()).max_by_key(|&k| list[k].0)
                && s < list[k].0
            {
                list[k] = (s, j);
            }
        };
        let (dual, unit) = sol.vertex_duals();
        for_each_maybe_violated(&fast, &g, dual, unit, |i, j, s_without| {
            // Blossoms, then rematches, can only raise the slack.
            if s_without + sol.outer_blossom_part(i, j) >= 0 {
                return;
            }
            let s = s_without + sol.blossom_part(i, j);
            if s >= 0 {
                return;
            }
            let s = s + unit * i128::from(met.count(i, j)) * mult[0] as i128;
            if s < 0 && !edge_set.contains(&(i.min(j), i.max(j))) {
                any = true;
                keep(&mut worst[i], s, j);
                keep(&mut worst[j], s, i);
            }
        });
        if !any {
            // The other half of the proof: the matching and the duals agree (matched edges
            // tight, blossoms full), and the bye's edges are slack too.
            let bye_ok = bye_eligible
                .iter()
                .all(|&i| sol.reduced_slack(i, n, weight(&bye_cost(i))) >= 0);
            let agree = sol.certifies_perfect(|i, j| {
                if j == n || i == n {
                    weight(&bye_cost(i.min(j)))
                } else {
                    weight(&cost(c, &g, met, opts, i, j))
                }
            });
            if !(bye_ok && agree) {
                // Never seen: the solver is tested against brute force and networkx. A
                // pairing that cannot be proven optimal is refused rather than published.
                return Err(SwissError::Unproven);
            }
            break sol;
        }
        let violated: Vec<(usize, usize)> = worst
            .iter()
            .enumerate()
            .flat_map(|(i, l)| l.iter().map(move |&(_, j)| (i, j)))
            .collect();
        for (i, j) in violated {
            add(i, j, &mut edges, &mut edge_set);
        }
        earlier = Some(sol);
    };
    let mut pairs = Vec::new();
    let mut bye = None;
    let mut total = PairCost::default();
    for i in 0..n {
        let j = sol.mate[i].expect("perfect matching");
        if j == n {
            bye = Some(i);
        } else if i < j {
            let pc = cost(c, &g, met, opts, i, j);
            total.add(&pc);
            let (a, b) = if (c[j].score, c[j].strength, std::cmp::Reverse(j))
                > (c[i].score, c[i].strength, std::cmp::Reverse(i))
            {
                (j, i)
            } else {
                (i, j)
            };
            pairs.push((a, b, pc));
        }
    }
    // Boards: the pair with the highest score first, then the strongest.
    pairs.sort_by(|x, y| {
        let kx = (c[x.0].score + c[x.1].score, c[x.0].strength, std::cmp::Reverse(x.0));
        let ky = (c[y.0].score + c[y.1].score, c[y.0].strength, std::cmp::Reverse(y.0));
        ky.cmp(&kx)
    });
    Ok(Pairing {
        pairs,
        bye,
        total,
        n_solves,
    })
}
