//! OpenGotha's placement, as OpenGotha 3.51 computes it (`Tournament.fillBaseScoringInfo`,
//! `fillDirScoringInfo`, `ScoredPlayer.getCritValue`, `ScoredPlayerComparator` and Matthieu
//! Walraet's `Confrontation` for DC), rule for rule, so that the standings of an imported
//! file are the ones its director knows.
//!
//! Every value is kept as OpenGotha keeps it: scores doubled (`X2`), SODOS quadrupled (`X4`).
//! The rules, as OpenGotha's source has them:
//! - participation per round: a round the player does not take part in (`participating`
//!   `0`) is *absent*; a game makes it *paired*, the round's bye *bye*; a player taking part
//!   but neither paired nor bye gets nothing;
//! - NBW, MMS (from the McMahon start `smms`: rank raised to the floor then lowered to the
//!   bar, counted from 30k whatever `genMMZero` says, plus `smmsCorrection`) and CPS add the game's points (win 2, draw 1, both-win 2
//!   each, both-lose and unknown 0, by default or not), and the absent and bye values
//!   (`genNBW2ValueAbsent`, …) accumulated over the rounds; `genRoundDownNBWMMS` rounds only
//!   that accumulated absent/bye sum down to whole points, and the rounded scores are used
//!   everywhere (opponents' sums included);
//! - virtual scores (`genCountNotPlayedGamesAsHalfPoint`): games won by default and unknown
//!   results count nothing, and every round without a played game adds half a point; the
//!   sums of opponents then use the opponents' virtual NBW and MMS;
//! - SOSW and SODOSW add 0 for a round without a game; SOSM adds the player's own start
//!   `2·smms`; SOSM and SODOSM correct each opponent's MMS by the handicap (+2 per stone for
//!   White, −2 for Black); SOSOSW adds 0 and SOSOSM `2·smms·(round + 1)` for a round
//!   without a game; SOS-1 and SOS-2 drop the lowest one and two opponents' values;
//! - EXT and EXR (exploits): an opponent's NBW times 0–3 after how much the real handicap
//!   exceeds the rank difference, for every game (EXT) or every game won (EXR);
//! - STS: the MMS, plus 2 after the quarter-final and 2 after the semi-final for a
//!   top-group player who won every game up to there;
//! - DC and SDC among players tied on every criterion before them.
//!
//! OpenGotha's own slips are kept, because its directors see them: SOSM-1 and SOSM-2 stay 0
//! after the second round (`r == 1`, never stored), the virtual STS is never computed (so
//! SOSTS with virtual scores sums only handicap corrections), the cup score's absent/bye
//! points are added again every round, and STS assumes a McMahon zero of 30k.

// The loops index by round and player as OpenGotha's do, so that each step reads beside its
// Java original.
#![allow(clippy::needless_range_loop)]

use super::{GothaResult, Tournament};
use crate::{FormatError, GothaPlace, GothaProblem};
use std::collections::{HashMap, HashSet};

/// A placement criterion of OpenGotha (`PlacementParameterSet.allPlacementCriteria`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Criterion {
    Null,
    Cat,
    Rank,
    Rating,
    Nbw,
    Cps,
    Mms,
    Sts,
    Cussw,
    Cussm,
    Sosw,
    SoswM1,
    SoswM2,
    Sodosw,
    Sosm,
    SosmM1,
    SosmM2,
    Sodosm,
    Sosts,
    Sososw,
    Sososm,
    Ext,
    Exr,
    Dc,
    Sdc,
}

/// (criterion, the name OpenGotha writes in files, the factor its values are kept in).
const ALL: [(Criterion, &str, i64); 25] = [
    (Criterion::Null, "NULL", 1),
    (Criterion::Cat, "CAT", -1),
    (Criterion::Nbw, "NBW", 2),
    (Criterion::Cps, "CPS", 2),
    (Criterion::Mms, "MMS", 2),
    (Criterion::Sts, "STS", 2),
    (Criterion::Rank, "Rank", 1),
    (Criterion::Rating, "Rating", 1),
    (Criterion::Cussw, "CUSSW", 2),
    (Criterion::Cussm, "CUSSM", 2),
    (Criterion::Sosw, "SOSW", 2),
    (Criterion::SoswM1, "SOSW-1", 2),
    (Criterion::SoswM2, "SOSW-2", 2),
    (Criterion::Sodosw, "SODOSW", 4),
    (Criterion::Sosm, "SOSM", 2),
    (Criterion::SosmM1, "SOSM-1", 2),
    (Criterion::SosmM2, "SOSM-2", 2),
    (Criterion::Sodosm, "SODOSM", 4),
    (Criterion::Sosts, "SOSTS", 2),
    (Criterion::Sososw, "SOSOSW", 2),
    (Criterion::Sososm, "SOSOSM", 2),
    (Criterion::Ext, "EXT", 2),
    (Criterion::Exr, "EXR", 2),
    (Criterion::Dc, "DC", 1),
    (Criterion::Sdc, "SDC", 1),
];

impl Criterion {
    /// The name OpenGotha writes (`SOSW`, `SOSW-1`, `Rating`, …).
    pub fn name(self) -> &'static str {
        ALL.iter().find(|c| c.0 == self).map(|c| c.1).unwrap_or("NULL")
    }

    /// The criterion of a name as OpenGotha writes it (exact, case included, as OpenGotha
    /// reads it).
    pub fn from_name(s: &str) -> Option<Criterion> {
        ALL.iter().find(|c| c.1 == s).map(|c| c.0)
    }

    /// What a value is kept multiplied by: 2 for scores, 4 for SODOS, 1 for ranks, ratings
    /// and DC; −1 for CAT, whose value is minus the category (from 0).
    pub fn coef(self) -> i64 {
        ALL.iter().find(|c| c.0 == self).map(|c| c.2).unwrap_or(1)
    }

    /// Every name OpenGotha knows, for error messages.
    pub fn names() -> Vec<&'static str> {
        ALL.iter().map(|c| c.1).collect()
    }
}

/// OpenGotha's maximum number of placement criteria.
pub const MAX_CRITERIA: usize = 6;

/// The parameters OpenGotha's placement reads (`GeneralParameterSet`, `PlacementParameterSet`),
/// ranks in OpenGotha's scale (30k = −30, 1k = −1, 1d = 0, 9d = 8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    /// `numberOfRounds` (default 5).
    pub rounds: usize,
    /// `numberOfCategories` (default 1).
    pub categories: usize,
    /// The lower rank limit of each category but the last (`Category lowerLimit`).
    pub lower_limits: Vec<i32>,
    /// `genMMBar` (default 4D).
    pub bar: i32,
    /// `genMMFloor` (default 20K).
    pub floor: i32,
    /// The McMahon zero: 30k always, as OpenGotha loads a file (its `genMMZero` is dropped).
    pub zero: i32,
    /// `genNBW2ValueAbsent` (default 0).
    pub nbw2_absent: i64,
    /// `genNBW2ValueBye` (default 0).
    pub nbw2_bye: i64,
    /// `genMMS2ValueAbsent` (default 0).
    pub mms2_absent: i64,
    /// `genMMS2ValueBye` (default 0).
    pub mms2_bye: i64,
    /// `genRoundDownNBWMMS` (default true).
    pub round_down: bool,
    /// `genCountNotPlayedGamesAsHalfPoint` (default false).
    pub virtual_half: bool,
    /// The six placement criteria, `Null` where none.
    pub criteria: [Criterion; MAX_CRITERIA],
}

/// A player as OpenGotha's placement sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldPlayer {
    /// `name` as written.
    pub name: String,
    /// `firstName` as written.
    pub first_name: String,
    /// Rank, OpenGotha's scale.
    pub rank: i32,
    /// Rating.
    pub rating: i32,
    /// `smmsCorrection`.
    pub smms_correction: i32,
    /// Whether the player takes part in each round (from 0).
    pub participating: Vec<bool>,
}

/// A game as OpenGotha's placement sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldGame {
    /// The round, from 0.
    pub round: usize,
    /// White, by index in the players.
    pub white: usize,
    /// Black, by index in the players.
    pub black: usize,
    /// The handicap.
    pub handicap: i64,
    /// The result.
    pub result: GothaResult,
    /// Won by default.
    pub by_default: bool,
}

/// What OpenGotha's placement reads: the parameters, the players, the games (in the order
/// OpenGotha walks them) and each round's bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The parameters.
    pub params: Params,
    /// The players.
    pub players: Vec<FieldPlayer>,
    /// The games.
    pub games: Vec<FieldGame>,
    /// The bye player of each round (from 0), if any.
    pub byes: Vec<Option<usize>>,
}

/// One row of OpenGotha's placement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The player (index in the field).
    pub player: usize,
    /// The value of each of the six criteria, as OpenGotha keeps it (see [`Criterion::coef`]).
    pub values: [i64; MAX_CRITERIA],
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Absent,
    NotAssigned,
    Paired,
    Bye,
}

/// Every per-round figure of a player (`ScoredPlayer`).
#[derive(Clone, Default)]
struct Sp {
    part: Vec<Option<Part>>,
    game: Vec<Option<usize>>,
    nbw: Vec<i64>,
    cps: Vec<i64>,
    mms: Vec<i64>,
    sts: Vec<i64>,
    nbw_v: Vec<i64>,
    mms_v: Vec<i64>,
    cusw: Vec<i64>,
    cusm: Vec<i64>,
    sosw: Vec<i64>,
    sosw_m1: Vec<i64>,
    sosw_m2: Vec<i64>,
    sdsw: Vec<i64>,
    sosm: Vec<i64>,
    sosm_m1: Vec<i64>,
    sosm_m2: Vec<i64>,
    sdsm: Vec<i64>,
    sosts: Vec<i64>,
    ext: Vec<i64>,
    exr: Vec<i64>,
    sssw: Vec<i64>,
    sssm: Vec<i64>,
    dc: i64,
    sdc: i64,
}

/// A per-round value, 0 outside the rounds (OpenGotha's getters).
fn at(v: &[i64], r: isize) -> i64 {
    if r < 0 {
        0
    } else {
        v.get(r as usize).copied().unwrap_or(0)
    }
}

/// Doubled points of (white, black).
fn points(res: GothaResult) -> (i64, i64) {
    match res {
        GothaResult::Unknown | GothaResult::BothLose => (0, 0),
        GothaResult::WhiteWins => (2, 0),
        GothaResult::BlackWins => (0, 2),
        GothaResult::Equal => (1, 1),
        GothaResult::BothWin => (2, 2),
    }
}

impl Field {
    fn smms(&self, p: usize) -> i64 {
        let pr = &self.params;
        let mut s = self.players[p].rank - pr.zero;
        if s < pr.floor - pr.zero {
            s = pr.floor - pr.zero;
        }
        if s > pr.bar - pr.zero {
            s = pr.bar - pr.zero;
        }
        i64::from(s) + i64::from(self.players[p].smms_correction)
    }

    fn category(&self, p: usize) -> usize {
        if self.params.categories <= 1 {
            return 0;
        }
        let rank = self.players[p].rank;
        self.params
            .lower_limits
            .iter()
            .position(|&l| rank >= l)
            .unwrap_or(self.params.lower_limits.len())
    }

    /// The game's opponent of `p` (White first, as OpenGotha checks).
    fn opponent(&self, g: &FieldGame, p: usize) -> usize {
        if g.white == p { g.black } else { g.white }
    }

    /// What `p` scored in `g`, doubled (`getWX2`).
    fn wx2(&self, g: &FieldGame, p: usize) -> i64 {
        let (w, b) = points(g.result);
        if g.white == p { w } else { b }
    }

    fn played(&self, sp: &Sp, r: usize) -> bool {
        match sp.game[r] {
            None => false,
            Some(gi) => {
                let g = &self.games[gi];
                g.result != GothaResult::Unknown && !g.by_default
            }
        }
    }

    /// `fillBaseScoringInfo`: every figure of every player for every round.
    fn base(&self) -> Result<Vec<Sp>, FormatError> {
        let n = self.params.rounds;
        let gps = &self.params;
        for g in &self.games {
            if g.round >= n {
                return Err(FormatError::Gotha(GothaProblem::GameBeyondRounds {
                    round: g.round + 1,
                    rounds: n,
                }));
            }
        }
        let z = vec![0i64; n];
        let mut sps: Vec<Sp> = (0..self.players.len())
            .map(|_| Sp {
                part: vec![None; n],
                game: vec![None; n],
                nbw: z.clone(),
                cps: z.clone(),
                mms: z.clone(),
                sts: z.clone(),
                nbw_v: z.clone(),
                mms_v: z.clone(),
                cusw: z.clone(),
                cusm: z.clone(),
                sosw: z.clone(),
                sosw_m1: z.clone(),
                sosw_m2: z.clone(),
                sdsw: z.clone(),
                sosm: z.clone(),
                sosm_m1: z.clone(),
                sosm_m2: z.clone(),
                sdsm: z.clone(),
                sosts: z.clone(),
                ext: z.clone(),
                exr: z.clone(),
                sssw: z.clone(),
                sssm: z.clone(),
                dc: 0,
                sdc: 0,
            })
            .collect();
        // 1) participation
        for (i, sp) in sps.iter_mut().enumerate() {
            for r in 0..n {
                let takes_part = self.players[i].participating.get(r).copied().unwrap_or(true);
                sp.part[r] = Some(if takes_part { Part::NotAssigned } else { Part::Absent });
            }
        }
        for g in &self.games {
            sps[g.white].part[g.round] = Some(Part::Paired);
            sps[g.black].part[g.round] = Some(Part::Paired);
        }
        for (r, b) in self.byes.iter().enumerate().take(n) {
            if let Some(b) = *b {
                sps[b].part[r] = Some(Part::Bye);
            }
        }
        for (gi, g) in self.games.iter().enumerate() {
            sps[g.white].game[g.round] = Some(gi);
            sps[g.black].game[g.round] = Some(gi);
        }
        let smms: Vec<i64> = (0..self.players.len()).map(|i| self.smms(i)).collect();
        // 2) NBW, CPS, MMS
        for r in 0..n {
            for (i, sp) in sps.iter_mut().enumerate() {
                if r == 0 {
                    sp.nbw[0] = 0;
                    sp.cps[0] = 0;
                    sp.mms[0] = 2 * smms[i];
                } else {
                    sp.nbw[r] = sp.nbw[r - 1];
                    sp.cps[r] = 2 * sp.cps[r - 1];
                    sp.mms[r] = sp.mms[r - 1];
                }
            }
            for g in self.games.iter().filter(|g| g.round == r) {
                let (w, b) = points(g.result);
                for (p, v) in [(g.white, w), (g.black, b)] {
                    sps[p].nbw[r] += v;
                    sps[p].cps[r] += v;
                    sps[p].mms[r] += v;
                }
            }
        }
        for sp in sps.iter_mut() {
            let (mut nbw_ab, mut mms_ab) = (0i64, 0i64);
            for r in 0..n {
                match sp.part[r] {
                    Some(Part::Absent) => {
                        nbw_ab += gps.nbw2_absent;
                        mms_ab += gps.mms2_absent;
                    }
                    Some(Part::Bye) => {
                        nbw_ab += gps.nbw2_bye;
                        mms_ab += gps.mms2_bye;
                    }
                    _ => {}
                }
                // Java's integer division truncates towards zero, as Rust's does.
                let (nb, mm) = if gps.round_down {
                    ((nbw_ab / 2) * 2, (mms_ab / 2) * 2)
                } else {
                    (nbw_ab, mms_ab)
                };
                sp.nbw[r] += nb;
                sp.cps[r] += nb;
                sp.mms[r] += mm;
            }
        }
        // 2b) STS
        let nr = n as isize;
        for sp in sps.iter_mut() {
            sp.sts = sp.mms.clone();
            let bar = i64::from(gps.bar);
            let bump = |sp: &mut Sp, r: isize| {
                if r >= 0 && (r as usize) < n {
                    sp.sts[r as usize] += 4;
                }
            };
            if at(&sp.mms, nr - 3) == 2 * (30 + bar + nr as i64 - 2) {
                bump(sp, nr - 3);
                bump(sp, nr - 2);
                bump(sp, nr - 1);
            }
            if at(&sp.mms, nr - 2) == 2 * (30 + bar + nr as i64 - 1) {
                bump(sp, nr - 2);
                bump(sp, nr - 1);
            }
        }
        // 2bis) virtual NBW and MMS
        for r in 0..n {
            for (i, sp) in sps.iter_mut().enumerate() {
                if r == 0 {
                    sp.nbw_v[0] = 0;
                    sp.mms_v[0] = 2 * smms[i];
                } else {
                    sp.nbw_v[r] = sp.nbw_v[r - 1];
                    sp.mms_v[r] = sp.mms_v[r - 1];
                }
            }
            for g in self.games.iter().filter(|g| g.round == r && !g.by_default) {
                let (w, b) = points(g.result);
                for (p, v) in [(g.white, w), (g.black, b)] {
                    sps[p].nbw_v[r] += v;
                    sps[p].mms_v[r] += v;
                }
            }
        }
        for i in 0..sps.len() {
            let mut nv = 0;
            for r in 0..n {
                if !self.played(&sps[i], r) {
                    nv += 1;
                }
                sps[i].nbw_v[r] += nv;
                sps[i].mms_v[r] += nv;
            }
        }
        // 3) CUSSW, CUSSM
        for sp in sps.iter_mut() {
            if n > 0 {
                sp.cusw[0] = sp.nbw[0];
                sp.cusm[0] = sp.mms[0];
            }
            for r in 1..n {
                sp.cusw[r] = sp.cusw[r - 1] + sp.nbw[r];
                sp.cusm[r] = sp.cusm[r - 1] + sp.mms[r];
            }
        }
        let virt = gps.virtual_half;
        // 4.1) SOSW, SOSW-1, SOSW-2, SODOSW
        let nbw_of: Vec<Vec<i64>> = sps
            .iter()
            .map(|sp| if virt { sp.nbw_v.clone() } else { sp.nbw.clone() })
            .collect();
        let mms_of: Vec<Vec<i64>> = sps
            .iter()
            .map(|sp| if virt { sp.mms_v.clone() } else { sp.mms.clone() })
            .collect();
        // OpenGotha never computes the virtual STS: it stays 0.
        let sts_of: Vec<Vec<i64>> = sps
            .iter()
            .map(|sp| if virt { vec![0; n] } else { sp.sts.clone() })
            .collect();
        for r in 0..n {
            for i in 0..sps.len() {
                let mut osw = vec![0i64; n];
                let mut dosw = vec![0i64; n];
                for rr in 0..=r {
                    if sps[i].part[rr] == Some(Part::Paired)
                        && let Some(gi) = sps[i].game[rr]
                    {
                        let g = &self.games[gi];
                        let opp = self.opponent(g, i);
                        osw[rr] = nbw_of[opp][r];
                        dosw[rr] = osw[rr] * self.wx2(g, i);
                    }
                }
                let sos: i64 = osw[..=r].iter().sum();
                let sds: i64 = dosw[..=r].iter().sum();
                sps[i].sosw[r] = sos;
                sps[i].sdsw[r] = sds;
                let (m1, m2) = minus(&osw, r, sos);
                sps[i].sosw_m1[r] = m1;
                sps[i].sosw_m2[r] = m2;
            }
        }
        // 4.2) SOSM, SOSM-1, SOSM-2, SODOSM, SOSTS
        for r in 0..n {
            for i in 0..sps.len() {
                let mut osm = vec![0i64; n];
                let mut dosm = vec![0i64; n];
                let mut osts = vec![0i64; n];
                for rr in 0..=r {
                    match (sps[i].part[rr], sps[i].game[rr]) {
                        (Some(Part::Paired), Some(gi)) => {
                            let g = &self.games[gi];
                            let opp = self.opponent(g, i);
                            osm[rr] = mms_of[opp][r];
                            osts[rr] = sts_of[opp][r];
                            // The handicap correction: White gains, Black loses 2 per stone.
                            let hd = if g.white == i { 2 * g.handicap } else { -2 * g.handicap };
                            osm[rr] += hd;
                            osts[rr] += hd;
                            dosm[rr] = osm[rr] * self.wx2(g, i);
                        }
                        (Some(Part::Paired), None) => {}
                        _ => {
                            osm[rr] = 2 * smms[i];
                            osts[rr] = 2 * smms[i];
                        }
                    }
                }
                let sos: i64 = osm[..=r].iter().sum();
                sps[i].sosm[r] = sos;
                sps[i].sdsm[r] = dosm[..=r].iter().sum();
                sps[i].sosts[r] = osts[..=r].iter().sum();
                // OpenGotha stores SOSM-1 and SOSM-2 only from the third round on.
                if r >= 2 {
                    let (m1, m2) = minus(&osm, r, sos);
                    sps[i].sosm_m1[r] = m1;
                    sps[i].sosm_m2[r] = m2;
                }
            }
        }
        // 5) SOSOSW, SOSOSM
        for r in 0..n {
            for i in 0..sps.len() {
                let (mut w, mut m) = (0i64, 0i64);
                for rr in 0..=r {
                    match (sps[i].part[rr], sps[i].game[rr]) {
                        (Some(Part::Paired), Some(gi)) => {
                            let opp = self.opponent(&self.games[gi], i);
                            w += sps[opp].sosw[r];
                            m += sps[opp].sosm[r];
                        }
                        (Some(Part::Paired), None) => {}
                        _ => m += 2 * smms[i] * (r as i64 + 1),
                    }
                }
                sps[i].sssw[r] = w;
                sps[i].sssm[r] = m;
            }
        }
        // 6) EXT, EXR
        for r in 0..n {
            for i in 0..sps.len() {
                let (mut ext, mut exr) = (0i64, 0i64);
                for rr in 0..=r {
                    let (Some(Part::Paired), Some(gi)) = (sps[i].part[rr], sps[i].game[rr]) else {
                        continue;
                    };
                    let g = &self.games[gi];
                    let white = g.white == i;
                    let opp = self.opponent(g, i);
                    let real = if white { g.handicap } else { -g.handicap };
                    let natural = i64::from(self.players[i].rank - self.players[opp].rank);
                    let coef = match real - natural {
                        d if d < 0 => 0,
                        0 => 1,
                        1 => 2,
                        _ => 3,
                    };
                    ext += sps[opp].nbw[r] * coef;
                    let won = match g.result {
                        GothaResult::BothWin => true,
                        GothaResult::WhiteWins => white,
                        GothaResult::BlackWins => !white,
                        _ => false,
                    };
                    if won {
                        exr += sps[opp].nbw[r] * coef;
                    }
                }
                sps[i].ext[r] = ext;
                sps[i].exr[r] = exr;
            }
        }
        Ok(sps)
    }

    fn value(&self, sps: &[Sp], p: usize, c: Criterion, r: isize) -> i64 {
        let sp = &sps[p];
        match c {
            Criterion::Null => 0,
            Criterion::Cat => -(self.category(p) as i64),
            Criterion::Rank => i64::from(self.players[p].rank),
            Criterion::Rating => i64::from(self.players[p].rating),
            Criterion::Nbw => at(&sp.nbw, r),
            Criterion::Cps => at(&sp.cps, r),
            Criterion::Mms if r < 0 => 2 * self.smms(p),
            Criterion::Mms => at(&sp.mms, r),
            Criterion::Sts if r < 0 => 2 * self.smms(p),
            Criterion::Sts => at(&sp.sts, r),
            Criterion::Sosw => at(&sp.sosw, r),
            Criterion::SoswM1 => at(&sp.sosw_m1, r),
            Criterion::SoswM2 => at(&sp.sosw_m2, r),
            Criterion::Sodosw => at(&sp.sdsw, r),
            Criterion::Sososw => at(&sp.sssw, r),
            Criterion::Cussw => at(&sp.cusw, r),
            Criterion::Sosm => at(&sp.sosm, r),
            Criterion::SosmM1 => at(&sp.sosm_m1, r),
            Criterion::SosmM2 => at(&sp.sosm_m2, r),
            Criterion::Sodosm => at(&sp.sdsm, r),
            Criterion::Sososm => at(&sp.sssm, r),
            Criterion::Cussm => at(&sp.cusm, r),
            Criterion::Sosts => at(&sp.sosts, r),
            Criterion::Ext => at(&sp.ext, r),
            Criterion::Exr => at(&sp.exr, r),
            Criterion::Dc => sp.dc,
            Criterion::Sdc => sp.sdc,
        }
    }

    /// Java's `String.compareTo`: UTF-16 code units.
    fn name_order(&self, a: usize, b: usize) -> std::cmp::Ordering {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        pa.name
            .encode_utf16()
            .cmp(pb.name.encode_utf16())
            .then_with(|| pa.first_name.encode_utf16().cmp(pb.first_name.encode_utf16()))
    }

    fn sort(&self, sps: &[Sp], ids: &mut [usize], crit: &[Criterion], r: isize, names: bool) {
        ids.sort_by(|&a, &b| {
            for &c in crit {
                let (va, vb) = (self.value(sps, a, c, r), self.value(sps, b, c, r));
                if va != vb {
                    return vb.cmp(&va);
                }
            }
            if names {
                self.name_order(a, b)
            } else {
                std::cmp::Ordering::Equal
            }
        });
    }

    /// OpenGotha's placement after round `round` (from 1; 0 places on the starting scores):
    /// every player, best first, with the values of the six criteria.
    pub fn placement(&self, round: u32) -> Result<Vec<Row>, FormatError> {
        let mut sps = self.base()?;
        let r = round as isize - 1;
        let crit = self.params.criteria;
        let first_dir = crit
            .iter()
            .position(|&c| c == Criterion::Dc || c == Criterion::Sdc)
            .unwrap_or(crit.len());
        let mut primary = crit;
        for c in primary.iter_mut().skip(first_dir) {
            *c = Criterion::Null;
        }
        let mut ids: Vec<usize> = (0..self.players.len()).collect();
        self.sort(&sps, &mut ids, &primary, r, true);
        if first_dir < crit.len() {
            let mut k = 0;
            while k < ids.len() {
                let mut end = k + 1;
                while end < ids.len()
                    && crit[..first_dir]
                        .iter()
                        .all(|&c| self.value(&sps, ids[end], c, r) == self.value(&sps, ids[k], c, r))
                {
                    end += 1;
                }
                let mut group = ids[k..end].to_vec();
                self.direct(&mut sps, &mut group, r);
                k = end;
            }
        }
        self.sort(&sps, &mut ids, &crit, r, true);
        Ok(ids
            .into_iter()
            .map(|p| {
                let mut values = [0i64; MAX_CRITERIA];
                for (v, &c) in values.iter_mut().zip(crit.iter()) {
                    *v = self.value(&sps, p, c, r);
                }
                Row { player: p, values }
            })
            .collect())
    }

    /// The net wins among `group` through round `r` (`defineAPairMatrix`).
    fn pair_matrix(&self, group: &[usize], r: isize) -> Vec<Vec<i64>> {
        let n = group.len();
        let pos: HashMap<usize, usize> = group.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let mut pair = vec![vec![0i64; n]; n];
        for g in &self.games {
            if g.round as isize > r {
                continue;
            }
            let (Some(&w), Some(&b)) = (pos.get(&g.white), pos.get(&g.black)) else {
                continue;
            };
            match g.result {
                GothaResult::WhiteWins if !g.by_default => {
                    pair[w][b] += 1;
                    pair[b][w] -= 1;
                }
                GothaResult::BlackWins if !g.by_default => {
                    pair[w][b] -= 1;
                    pair[b][w] += 1;
                }
                _ => {}
            }
        }
        pair
    }

    /// SDC and DC of a group tied before them (`defineDirForExAequoGroup`).
    fn direct(&self, sps: &mut [Sp], group: &mut [usize], r: isize) {
        let n = group.len();
        if n <= 1 {
            return;
        }
        let mut pair = self.pair_matrix(group, r);
        for (i, row) in pair.iter_mut().enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                if i == j {
                    *v = 0;
                }
                *v = (*v).clamp(-1, 1);
            }
        }
        // SDC: only when every two players of the group met, with a winner between them.
        if (0..n).all(|i| (0..n).all(|j| i == j || pair[i][j] != 0)) {
            for i in 0..n {
                let wins = pair[i].iter().filter(|&&v| v == 1).count() as i64;
                sps[group[i]].sdc += wins;
            }
        }
        // DC: the criteria after DC order the group; the graph of wins does the rest.
        let crit = self.params.criteria;
        let mut sec = crit;
        for c in sec.iter_mut() {
            let dc = *c == Criterion::Dc;
            *c = Criterion::Null;
            if dc {
                break;
            }
        }
        // A stable sort without the names, as OpenGotha's `bKeepExAequo`.
        self.sort(sps, group, &sec, r, false);
        let same = |a: usize, b: usize| {
            sec.iter()
                .all(|&c| self.value(sps, a, c, r) == self.value(sps, b, c, r))
        };
        let mut place = vec![0usize; n];
        for i in 1..n {
            place[i] = if same(group[i], group[i - 1]) { place[i - 1] } else { i };
        }
        let sc: Vec<i64> = place.iter().map(|&p| (n - p) as i64).collect();
        let pair = self.pair_matrix(group, r);
        // Edges loser -> winner where the net score between two is exactly one win.
        let mut beat: Vec<Vec<usize>> = vec![Vec::new(); n]; // beat[w] = losers of w
        for i in 0..n {
            for j in 0..n {
                if pair[i][j] == 1 && i != j {
                    beat[i].push(j);
                }
            }
        }
        let rank = confrontation(n, &beat, &sc);
        let max = rank.iter().copied().max().unwrap_or(0);
        for i in 0..n {
            sps[group[i]].dc = (max - rank[i]) as i64;
        }
    }
}

/// SOS-1 and SOS-2: the sum without the lowest one and the lowest two values of rounds
/// `0..=r` (OpenGotha's tie rules: the first lowest).
fn minus(v: &[i64], r: usize, sos: i64) -> (i64, i64) {
    match r {
        0 => (0, 0),
        1 => (v[0].max(v[1]), 0),
        _ => {
            let mut r_min = 0;
            for rr in 1..=r {
                if v[rr] < v[r_min] {
                    r_min = rr;
                }
            }
            let mut r_min2 = if r_min == 0 { 1 } else { 0 };
            for rr in 0..=r {
                if rr != r_min && v[rr] < v[r_min2] {
                    r_min2 = rr;
                }
            }
            let m1 = sos - v[r_min];
            (m1, m1 - v[r_min2])
        }
    }
}

/// Matthieu Walraet's direct confrontation (`mw.go.confrontation`): the players who beat
/// each other round in a cycle are merged (every member gets the cycle's wins and losses),
/// then the players are taken from the bottom: of those who beat no one left, the lowest
/// `sc` go next, all at the same rank. Returns each player's rank (1 is the best).
fn confrontation(n: usize, beat: &[Vec<usize>], sc: &[i64]) -> Vec<usize> {
    // Strongly connected components by reachability (groups are small).
    let reach: Vec<HashSet<usize>> = (0..n)
        .map(|s| {
            let mut seen = HashSet::new();
            let mut stack = vec![s];
            while let Some(u) = stack.pop() {
                for &v in &beat[u] {
                    if seen.insert(v) {
                        stack.push(v);
                    }
                }
            }
            seen
        })
        .collect();
    let comp: Vec<usize> = (0..n)
        .map(|i| {
            (0..n)
                .find(|&j| j == i || (reach[i].contains(&j) && reach[j].contains(&i)))
                .unwrap_or(i)
        })
        .collect();
    // beats[w] contains l when some member of w's cycle beat some member of l's.
    let mut beats: Vec<HashSet<usize>> = vec![HashSet::new(); n];
    for w in 0..n {
        for &l in &beat[w] {
            if comp[w] == comp[l] {
                continue;
            }
            for a in (0..n).filter(|&a| comp[a] == comp[w]) {
                for b in (0..n).filter(|&b| comp[b] == comp[l]) {
                    beats[a].insert(b);
                }
            }
        }
    }
    let mut left: Vec<bool> = vec![true; n];
    let mut remaining = n;
    let mut rank = vec![0usize; n];
    while remaining > 0 {
        let free: Vec<usize> = (0..n)
            .filter(|&i| left[i] && !beats[i].iter().any(|&l| left[l]))
            .collect();
        let Some(low) = free.iter().map(|&i| sc[i]).min() else {
            break;
        };
        let cand: Vec<usize> = free.into_iter().filter(|&i| sc[i] == low).collect();
        let current = 1 + remaining - cand.len();
        for &c in &cand {
            rank[c] = current;
            left[c] = false;
        }
        remaining -= cand.len();
    }
    rank
}

/// The games in the order OpenGotha's `HashMap<Integer, Game>` walks them (keyed by
/// `round · 1000 + table`, from 0; buckets by the key's low bits, file order within a
/// bucket). It decides only which game counts for a player named in two games of one round
/// (the last walked), as in OpenGotha.
fn hash_map_order(games: &[super::GothaGame]) -> Vec<&super::GothaGame> {
    let mut cap = 16usize;
    while games.len() * 4 > cap * 3 {
        cap *= 2;
    }
    let key = |g: &super::GothaGame| {
        let k = (g.round as usize - 1) * 1000 + (g.table as usize - 1);
        (k ^ (k >> 16)) & (cap - 1)
    };
    let mut v: Vec<(usize, usize)> = games.iter().enumerate().map(|(i, g)| (key(g), i)).collect();
    v.sort();
    v.into_iter().map(|(_, i)| &games[i]).collect()
}

impl Tournament {
    /// What OpenGotha's placement reads of this file.
    pub fn field(&self) -> Result<Field, FormatError> {
        let params = self.params()?;
        let players = self
            .players
            .iter()
            .map(|p| FieldPlayer {
                name: p.name.clone(),
                first_name: p.first_name.clone(),
                rank: p.rank.value - 30,
                rating: p.rating,
                smms_correction: p.smms_correction,
                participating: p.participating.chars().map(|c| c != '0').collect(),
            })
            .collect();
        let games = hash_map_order(&self.games)
            .into_iter()
            .map(|g| FieldGame {
                round: g.round as usize - 1,
                white: g.white,
                black: g.black,
                handicap: i64::from(g.handicap),
                result: g.result,
                by_default: g.by_default,
            })
            .collect();
        let mut byes = vec![None; params.rounds];
        for &(r, p) in &self.byes {
            if let Some(b) = byes.get_mut(r as usize - 1) {
                *b = Some(p);
            }
        }
        Ok(Field {
            params,
            players,
            games,
            byes,
        })
    }

    /// The placement parameters, as OpenGotha reads them (its defaults where absent).
    pub fn params(&self) -> Result<Params, FormatError> {
        let int = |k: &str, d: i64| -> Result<i64, FormatError> {
            match self.general(k) {
                None => Ok(d),
                Some(v) => v
                    .trim()
                    .parse()
                    .map_err(|_| super::not_a_number(GothaPlace::Set("GeneralParameterSet"), k, v)),
            }
        };
        let rank = |k: &str, d: &str| -> Result<i32, FormatError> {
            Ok(super::GothaRank::parse(self.general(k).unwrap_or(d))?.value - 30)
        };
        let flag = |k: &str, d: bool| self.general(k).map(|v| v.trim() == "true").unwrap_or(d);
        let rounds = int("numberOfRounds", 5)?;
        if !(1..=i64::from(super::MAX_ROUNDS)).contains(&rounds) {
            return Err(FormatError::Gotha(GothaProblem::Rounds { n: rounds }));
        }
        // OpenGotha raises the number of rounds to hold the last game and the last bye as it
        // loads a file (`Tournament.updateNumberOfRoundsIfNecesary`).
        let rounds = rounds.max(i64::from(self.last_round()));
        let (categories, lower_limits) = self.category_limits()?;
        Ok(Params {
            rounds: rounds as usize,
            categories,
            lower_limits,
            bar: rank("genMMBar", "4D")?,
            floor: rank("genMMFloor", "20K")?,
            // OpenGotha reads `genMMZero` and then drops it: the tournament it loads keeps a
            // copy of the parameters, and `GeneralParameterSet`'s copy constructor sets the
            // zero to 30k whatever the file says. Its placement counts from 30k.
            zero: -30,
            nbw2_absent: int("genNBW2ValueAbsent", 0)?,
            nbw2_bye: int("genNBW2ValueBye", 0)?,
            mms2_absent: int("genMMS2ValueAbsent", 0)?,
            mms2_bye: int("genMMS2ValueBye", 0)?,
            round_down: flag("genRoundDownNBWMMS", true),
            virtual_half: flag("genCountNotPlayedGamesAsHalfPoint", false),
            criteria: self.criteria()?,
        })
    }

    /// `numberOfCategories` and each `Category lowerLimit` (OpenGotha's rank scale, 1d = 0),
    /// as OpenGotha reads them.
    pub fn category_limits(&self) -> Result<(usize, Vec<i32>), FormatError> {
        let categories = match self.general("numberOfCategories") {
            None => 1,
            Some(v) => v
                .trim()
                .parse::<i64>()
                .map_err(|_| super::not_a_number(GothaPlace::Set("GeneralParameterSet"), "numberOfCategories", v))?,
        }
        .clamp(1, 100) as usize;
        let mut lower_limits = vec![0i32; categories - 1];
        for e in self.others.iter() {
            let mut err = None;
            super::collect(e, "Category", &mut |c| {
                let num: usize = c.attr("number").and_then(|n| n.trim().parse().ok()).unwrap_or(1);
                let lim = c.attr("lowerLimit").unwrap_or("30K");
                match (
                    num.checked_sub(1).and_then(|k| lower_limits.get_mut(k)),
                    super::GothaRank::parse(lim),
                ) {
                    (Some(slot), Ok(rk)) => *slot = rk.value - 30,
                    _ => {
                        err = Some(GothaProblem::Category {
                            number: num,
                            lower_limit: lim.to_string(),
                            categories,
                        })
                    }
                }
            });
            if let Some(p) = err {
                return Err(FormatError::Gotha(p));
            }
        }
        Ok((categories, lower_limits))
    }

    /// The six placement criteria (`PlacementCriterion number` from 1 to 6); a name
    /// OpenGotha does not know is an error, never dropped.
    pub fn criteria(&self) -> Result<[Criterion; MAX_CRITERIA], FormatError> {
        let mut crit = [Criterion::Null; MAX_CRITERIA];
        let Some(pps) = self.others.iter().find_map(|e| e.find("PlacementParameterSet")) else {
            return Ok(crit);
        };
        let mut err = None;
        super::collect(pps, "PlacementCriterion", &mut |c| {
            let num = c.attr("number").unwrap_or("1");
            let name = c.attr("name").unwrap_or("NULL");
            let slot = num
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|k| (1..=MAX_CRITERIA).contains(k));
            match (slot, Criterion::from_name(name)) {
                (Some(k), Some(cr)) => crit[k - 1] = cr,
                (None, _) => {
                    err = Some(GothaProblem::CriterionNumber {
                        number: num.to_string(),
                    })
                }
                (_, None) => {
                    err = Some(GothaProblem::UnknownCriterion {
                        name: name.to_string(),
                        known: Criterion::names(),
                    })
                }
            }
        });
        match err {
            Some(p) => Err(FormatError::Gotha(p)),
            None => Ok(crit),
        }
    }
}
