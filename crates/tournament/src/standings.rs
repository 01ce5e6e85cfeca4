//! Scoring and ranking (Art. 27): points, the tie-break chain, shared places.
//!
//! The standings are those **after the last complete round** (
//! [`Event::complete_rounds`]): a round still being played counts for nothing — not its
//! results already in, its byes, its warnings nor the running score of the cumulative — so
//! that every figure and `after_round` describe the same moment, as a director posting the
//! standings between rounds expects.
//!
//! How byes and unplayed games count (our choices where the rules are silent):
//! - points: a bye scores the event's bye value (a knockout player who advances in a round
//!   without a game, through a bracket bye, has a bye too); a round-robin rest (轮休, a
//!   [`crate::Round`]'s `idle`) is no game and scores nothing (Art. 26.2, 27.1: points come
//!   from games); a forfeit scores as a win or a loss;
//!   both-lose is a loss for each; no result (`Void`) counts nothing; games voided by a
//!   round-robin withdrawal (Art. 28.2) count for nobody, in any criterion;
//! - SOS (对手分): the sum of the current points of every opponent the player was paired
//!   against, forfeits included (the pairing used them); a bye adds nothing;
//! - SODOS (胜者小分): the points of the opponents beaten (forfeit wins included) plus half
//!   the points of those drawn; a bye adds nothing;
//! - SOSOS: the sum of the opponents' SOS; cumulative (累进分): the sum of the running
//!   points after each round, byes included;
//! - direct encounter: the points scored in games among the players still tied;
//! - warnings: every warning given in the player's games (Art. 24), fewer is better;
//! - total score (总得分): points + SOS ÷ divisor − rounds played (see
//!   [`crate::event::TotalScoreDivisor`]; the formula in our copies of the rules is garbled);
//! - McMahon score: 2 × (rank clamped to bar and floor − floor) + points, in points (a win is
//!   2), and for McMahon events SOS and SOSOS use it instead of the points;
//! - elimination (knockout): how far the player went; players out at the same stage share;
//! - lots: each player's lot, drawn once at registration from the event's recorded seed
//!   ([`Event::lot`]), shown as its place among the lots (1 to the number of players; more
//!   wins);
//! - category: the player's category by rank ([`crate::category`]), the strongest first (its
//!   value is minus the category's number, counted from 0).

use crate::event::{Event, PlayerId, Status, System, TotalScoreDivisor};
use crate::knockout::{Entrant, MatchState};
use crate::result::{Outcome, WIN};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// One criterion of the ranking chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Points (积分).
    Points,
    /// McMahon score.
    McMahonScore,
    /// Sum of opponents' scores (对手分).
    Sos,
    /// Sum of the scores of opponents beaten plus half those drawn (胜者小分).
    Sodos,
    /// Sum of opponents' SOS.
    Sosos,
    /// Cumulative score (累进分).
    Cumulative,
    /// Points among the tied players.
    DirectEncounter,
    /// Fewer warnings over the event.
    FewerWarnings,
    /// Total score (总得分).
    TotalScore,
    /// Knockout: the stage reached.
    Elimination,
    /// Lots from the recorded seed.
    Lots,
    /// The category by rank, the strongest first ([`crate::category`]; OpenGotha's CAT):
    /// first in the chain, it ranks each category apart.
    Category,
}

impl TieBreak {
    /// Every criterion, in the order they are listed to people (a new one goes here too: the
    /// parser and every list of the names read this).
    pub const ALL: [TieBreak; 12] = [
        TieBreak::Points,
        TieBreak::McMahonScore,
        TieBreak::Sos,
        TieBreak::Sodos,
        TieBreak::Sosos,
        TieBreak::Cumulative,
        TieBreak::DirectEncounter,
        TieBreak::FewerWarnings,
        TieBreak::TotalScore,
        TieBreak::Elimination,
        TieBreak::Lots,
        TieBreak::Category,
    ];

    /// The names of every criterion, as a refusal lists them: `points, mms, sos, …`.
    pub fn names() -> String {
        TieBreak::ALL.map(TieBreak::name).join(", ")
    }

    /// The name used in settings and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Points => "points",
            TieBreak::McMahonScore => "mms",
            TieBreak::Sos => "sos",
            TieBreak::Sodos => "sodos",
            TieBreak::Sosos => "sosos",
            TieBreak::Cumulative => "cumulative",
            TieBreak::DirectEncounter => "direct",
            TieBreak::FewerWarnings => "warnings",
            TieBreak::TotalScore => "total",
            TieBreak::Elimination => "elimination",
            TieBreak::Lots => "lots",
            TieBreak::Category => "category",
        }
    }

    /// The default chain of a system (Art. 27): round robin — points, 胜者小分, warnings,
    /// lots; Swiss — points, 对手分, warnings, lots; McMahon — McMahon score, SOS, warnings,
    /// lots; knockout — the stage reached (players out at the same stage share the place).
    pub fn default_chain(system: System) -> Vec<TieBreak> {
        use TieBreak::*;
        match system {
            System::RoundRobin { .. } => vec![Points, Sodos, FewerWarnings, Lots],
            System::Swiss | System::SwissElimination { .. } => vec![Points, Sos, FewerWarnings, Lots],
            System::McMahon { .. } => vec![McMahonScore, Sos, FewerWarnings, Lots],
            System::Knockout { .. } => vec![Elimination],
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown tie-break name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TieBreakError(pub String);

impl fmt::Display for TieBreakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown tie-break {:?}: one of {}", self.0, TieBreak::names())
    }
}

impl std::error::Error for TieBreakError {}

impl FromStr for TieBreak {
    type Err = TieBreakError;

    fn from_str(s: &str) -> Result<TieBreak, TieBreakError> {
        TieBreak::ALL
            .into_iter()
            .find(|t| t.name() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| TieBreakError(s.to_string()))
    }
}

/// An exact rational value of a criterion. Invariant: `den > 0`.
#[derive(Clone, Copy, Debug)]
pub struct Value {
    num: i64,
    den: i64,
}

impl Value {
    /// An integer.
    pub fn int(n: i64) -> Value {
        Value { num: n, den: 1 }
    }

    fn ratio(num: i64, den: i64) -> Value {
        if den < 0 {
            Value { num: -num, den: -den }
        } else {
            Value { num, den }
        }
    }
}

impl PartialEq for Value {
    fn eq(&self, o: &Value) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Value {}
impl PartialOrd for Value {
    fn partial_cmp(&self, o: &Value) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Value {
    fn cmp(&self, o: &Value) -> Ordering {
        (i128::from(self.num) * i128::from(o.den)).cmp(&(i128::from(o.num) * i128::from(self.den)))
    }
}

impl fmt::Display for Value {
    /// Integers as integers, halves as `x.5`, anything else to three decimals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.num % self.den == 0 {
            write!(f, "{}", self.num / self.den)
        } else if (2 * self.num) % self.den == 0 {
            let halves = 2 * self.num / self.den;
            write!(f, "{}{}.5", if halves < 0 { "-" } else { "" }, halves.abs() / 2)
        } else {
            write!(f, "{:.3}", self.num as f64 / self.den as f64)
        }
    }
}

/// A criterion's value as a person reads it: the warnings and the category themselves where
/// the ranking sorts them negated (fewer warnings, a stronger category first), the category
/// counted from 1 as the event's settings name them (the ranking counts from 0, as OpenGotha
/// does), any other value as [`Value`] writes it. The pages' `tieValue` says the same.
pub fn shown(t: TieBreak, v: &Value) -> String {
    match t {
        TieBreak::FewerWarnings => Value::int(-v.num / v.den).to_string(),
        TieBreak::Category => (1 - v.num / v.den).to_string(),
        _ => v.to_string(),
    }
}

/// What one player has so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    /// Points (Art. 27).
    pub points: u32,
    /// Games won (forfeit wins included).
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost (forfeits and both-lose included).
    pub losses: u32,
    /// Byes.
    pub byes: u32,
    /// Games with Black (not void).
    pub blacks: u32,
    /// Games with White (not void).
    pub whites: u32,
    /// Warnings over the event.
    pub warnings: u32,
    /// Cumulative score.
    pub cumulative: u32,
    /// SOS (on the points, or the McMahon score for McMahon events).
    pub sos: i64,
    /// SODOS in half points.
    pub sodos_halves: i64,
    /// SOSOS.
    pub sosos: i64,
    /// (opponent, what this player got) for every counted game.
    pub games: Vec<(PlayerId, Outcome)>,
}

/// Everyone's stats, by [`PlayerId`], over the complete rounds ([`Event::complete_rounds`]):
/// a round still being played counts for nothing yet.
pub fn player_stats(ev: &Event) -> Vec<PlayerStats> {
    let n = ev.players().len();
    let mut st = vec![PlayerStats::default(); n];
    let bye_points = ev.settings().bye.points();
    for r in ev.rounds().iter().take(ev.complete_rounds() as usize) {
        for g in &r.games {
            if g.void {
                continue;
            }
            for (color, k) in [(rules::Color::Black, 0), (rules::Color::White, 1)] {
                let p = g.player(color);
                let s = &mut st[p.0];
                if color == rules::Color::Black {
                    s.blacks += 1;
                } else {
                    s.whites += 1;
                }
                s.warnings += g.warnings[k];
                if let Some(res) = g.result {
                    let o = res.outcome(color);
                    s.points += res.points(color);
                    match o {
                        Outcome::Win => s.wins += 1,
                        Outcome::Draw => s.draws += 1,
                        Outcome::Loss => s.losses += 1,
                        Outcome::Nothing => {}
                    }
                    s.games.push((g.player(color.opponent()), o));
                }
            }
        }
        for b in &r.byes {
            st[b.0].points += bye_points;
            st[b.0].byes += 1;
        }
        for s in st.iter_mut() {
            s.cumulative += s.points;
        }
    }
    let score: Vec<i64> = (0..n)
        .map(|i| mcmahon_base(ev, PlayerId(i)) + i64::from(st[i].points))
        .collect();
    for i in 0..n {
        let sos = st[i].games.iter().map(|(o, _)| score[o.0]).sum();
        let sodos = st[i]
            .games
            .iter()
            .map(|(o, out)| match out {
                Outcome::Win => 2 * i64::from(st[o.0].points),
                Outcome::Draw => i64::from(st[o.0].points),
                _ => 0,
            })
            .sum();
        st[i].sos = sos;
        st[i].sodos_halves = sodos;
    }
    for i in 0..n {
        st[i].sosos = st[i].games.iter().map(|(o, _)| st[o.0].sos).sum();
    }
    st
}

/// The McMahon start of a player in points (0 outside McMahon events).
pub fn mcmahon_base(ev: &Event, p: PlayerId) -> i64 {
    mcmahon_base_of_rank(ev, ev.player(p).rank)
}

/// The McMahon start of a player of rank `rank` in points (0 outside McMahon events).
pub(crate) fn mcmahon_base_of_rank(ev: &Event, rank: crate::Rank) -> i64 {
    match ev.system() {
        System::McMahon { bar, floor } => {
            let v = rank.value().clamp(floor.value(), bar.value());
            2 * i64::from(v - floor.value())
        }
        _ => 0,
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The place; a shared place repeats the number.
    pub place: u32,
    /// The player.
    pub player: PlayerId,
    /// The player's stats.
    pub stats: PlayerStats,
    /// McMahon score (points for other systems).
    pub mms: i64,
    /// Total score (总得分).
    pub total_score: Value,
    /// The values of the chain's criteria, in chain order.
    pub values: Vec<Value>,
    /// Whether the player withdrew.
    pub withdrawn: bool,
}

/// The standings of an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// The last complete round (every game has a result; 0 before any): every figure counts
    /// rounds 1 to `after_round` only.
    pub after_round: u32,
    /// The tie-break chain used.
    pub chain: Vec<TieBreak>,
    /// The rows, best first.
    pub rows: Vec<Row>,
}

/// The standings of `ev` under its tie-break chain, after its last complete round.
pub fn standings(ev: &Event) -> Standings {
    let after_round = ev.complete_rounds();
    // A round still being played is left out of every criterion (the knockout stage, the
    // rounds of the total score) by ranking the event as it stood after the last complete one.
    let before;
    let ev = if (after_round as usize) < ev.rounds().len() {
        before = ev.through_round(after_round);
        &before
    } else {
        ev
    };
    let st = player_stats(ev);
    let n = ev.players().len();
    let chain = if ev.settings().tie_breaks.is_empty() {
        TieBreak::default_chain(ev.system())
    } else {
        ev.settings().tie_breaks.clone()
    };
    // Players who withdrew before the start, or whose results were voided (Art. 28.2), are
    // not ranked.
    let ids: Vec<PlayerId> = (0..n)
        .map(PlayerId)
        .filter(|&p| {
            !matches!(
                ev.status(p),
                Status::WithdrawnBeforeStart | Status::Withdrawn { voided: true, .. }
            )
        })
        .collect();
    let rounds_played = ev.rounds().len() as i64;
    let leader = st.iter().map(|s| s.points).max().unwrap_or(0);
    let divisor2: i64 = match ev.settings().total_score_divisor {
        // Stored doubled so that halves stay integral: divisor = divisor2 / 2.
        TotalScoreDivisor::HalfMaximum => i64::from(WIN) * ev.planned_rounds() as i64,
        TotalScoreDivisor::HalfLeader => i64::from(leader),
        TotalScoreDivisor::Fixed(d) => 2 * i64::from(d),
    }
    .max(1);
    let total = |p: PlayerId| -> Value {
        // points + SOS / (divisor2 / 2) − rounds = (points·d2 + 2·SOS − rounds·d2) / d2
        let s = &st[p.0];
        Value::ratio(
            i64::from(s.points) * divisor2 + 2 * s.sos - rounds_played * divisor2,
            divisor2,
        )
    };
    // Each player's place in the draw of lots, 1 for the lowest lot to n for the highest
    // (which wins): a count, never negative; the earlier registration wins equal lots.
    let lot = {
        let mut order: Vec<PlayerId> = (0..n).map(PlayerId).collect();
        order.sort_by_key(|&p| (ev.lot(p), std::cmp::Reverse(p)));
        let mut place = vec![0i64; n];
        for (k, p) in order.iter().enumerate() {
            place[p.0] = k as i64 + 1;
        }
        place
    };
    let elimination = elimination_stage(ev, &st);
    let value = |t: TieBreak, p: PlayerId| -> Value {
        let s = &st[p.0];
        match t {
            TieBreak::Points => Value::int(i64::from(s.points)),
            TieBreak::McMahonScore => Value::int(mcmahon_base(ev, p) + i64::from(s.points)),
            TieBreak::Sos => Value::int(s.sos),
            TieBreak::Sodos => Value::ratio(s.sodos_halves, 2),
            TieBreak::Sosos => Value::int(s.sosos),
            TieBreak::Cumulative => Value::int(i64::from(s.cumulative)),
            TieBreak::FewerWarnings => Value::int(-i64::from(s.warnings)),
            TieBreak::TotalScore => total(p),
            TieBreak::Elimination => Value::int(elimination[p.0]),
            TieBreak::Lots => Value::int(lot[p.0]),
            TieBreak::Category => Value::int(-i64::from(ev.settings().categories.of(ev.player(p).rank))),
            // Computed within tied groups below.
            TieBreak::DirectEncounter => Value::int(0),
        }
    };
    // Refine groups criterion by criterion.
    let mut groups: Vec<Vec<PlayerId>> = vec![ids.clone()];
    let mut values: Vec<Vec<Value>> = vec![Vec::new(); n];
    for &t in &chain {
        let mut next = Vec::new();
        for g in groups {
            let key = |p: PlayerId| -> Value {
                if t == TieBreak::DirectEncounter {
                    let pts: u32 = st[p.0]
                        .games
                        .iter()
                        .filter(|(o, _)| g.contains(o))
                        .map(|(_, out)| match out {
                            Outcome::Win => WIN,
                            Outcome::Draw => crate::result::DRAW,
                            _ => 0,
                        })
                        .sum();
                    Value::int(i64::from(pts))
                } else {
                    value(t, p)
                }
            };
            let mut keyed: Vec<(Value, PlayerId)> = g.iter().map(|&p| (key(p), p)).collect();
            keyed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            let mut cur: Vec<PlayerId> = Vec::new();
            let mut cur_key: Option<Value> = None;
            for (k, p) in keyed {
                values[p.0].push(k);
                if cur_key.is_some_and(|c| c != k) {
                    next.push(std::mem::take(&mut cur));
                }
                cur_key = Some(k);
                cur.push(p);
            }
            if !cur.is_empty() {
                next.push(cur);
            }
        }
        groups = next;
    }
    let mut rows = Vec::new();
    let mut place = 1u32;
    for g in &groups {
        for &p in g {
            rows.push(Row {
                place,
                player: p,
                stats: st[p.0].clone(),
                mms: mcmahon_base(ev, p) + i64::from(st[p.0].points),
                total_score: total(p),
                values: values[p.0].clone(),
                withdrawn: matches!(ev.status(p), Status::Withdrawn { .. }),
            });
        }
        place += g.len() as u32;
    }
    Standings {
        after_round,
        chain,
        rows,
    }
}

/// How far each player went in a knockout: larger is further. Bracket events use the stage
/// of the match lost for good (the champion above all); multiple elimination uses the round
/// of the last loss (players still in above all).
fn elimination_stage(ev: &Event, st: &[PlayerStats]) -> Vec<i64> {
    let n = ev.players().len();
    let mut out = vec![i64::MAX; n];
    if let Some((ms, states)) = ev.bracket() {
        let lives = match ev.system() {
            System::Knockout { lives, .. } => lives,
            _ => 1,
        };
        let mut losses = vec![0u32; n];
        for (m, s) in states.iter().enumerate() {
            if let MatchState::Done(_, Entrant::Player(l)) = s {
                let p = ev.draw()[*l];
                losses[p.0] += 1;
                if losses[p.0] >= lives {
                    out[p.0] = i64::from(ms[m].stage_rank);
                }
            }
        }
    } else if let System::Knockout { lives, .. } = ev.system() {
        for (i, s) in st.iter().enumerate() {
            if s.losses >= lives {
                // The round of the eliminating loss.
                let mut losses = 0;
                for r in ev.rounds() {
                    for g in &r.games {
                        if let Some(c) = g.color_of(PlayerId(i))
                            && g.result.is_some_and(|res| res.outcome(c) == Outcome::Loss)
                        {
                            losses += 1;
                            if losses == lives {
                                out[i] = i64::from(r.number);
                            }
                        }
                    }
                }
            }
        }
    }
    out
}
