//! The handicap of a McMahon game (Art. 10, 11): who is weaker, and the stones the event's
//! [`HandicapRule`] proposes. The one place it is computed: the pairing gives Black to the
//! weaker player where a handicap is due, and every adapter (`weiqi event pair`, the
//! server's round form) shows the stones from here, so the pairing, the tables, the sheets
//! and the live game agree.
//!
//! The rule is OpenGotha's `HandicapParameterSet`, which McMahon directors know: the
//! difference between the two players, in grades, of their ranks or of their McMahon scores
//! at the start of the round (`basis`), each first lowered to the bar when above it (players
//! at or above the bar play even games among themselves), less the correction, at most the
//! ceiling. One stone is not a handicap placement (Art. 11 counts a handicap game's stones
//! from two): a difference that leaves one stone is an even game.
//!
//! A new McMahon event's rule is [`HandicapRule::for_system`]: the rank difference, no
//! correction, at most nine stones, and the McMahon bar as the handicap's bar (players at or
//! above it play even games, as OpenGotha's "no handicap above"). The CLI, the server and
//! the pages start from it; an event already stored keeps the rule it was stored with.

use crate::event::{Event, PlayerId, System};
use crate::player::Rank;
use crate::standings;

/// What the handicap is reckoned from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HandicapBasis {
    /// The rank difference (Art. 25.3's grades).
    #[default]
    Rank,
    /// The difference of the McMahon scores at the start of the round (two points a grade).
    Mms,
}

/// How a McMahon event proposes handicaps (a setting, recorded with the event).
///
/// Invariant: `ceiling` ≤ 9 (the fixed placements of Art. 11 go to nine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandicapRule {
    /// Rank or McMahon score.
    pub basis: HandicapBasis,
    /// Players at or above this rank count as this rank (no handicap among them); `None`: no
    /// bar.
    pub bar: Option<Rank>,
    /// Stones taken off the difference (OpenGotha's `hdCorrection`).
    pub correction: u32,
    /// The most stones (OpenGotha's `hdCeiling`); 0: even games only.
    pub ceiling: u32,
}

impl Default for HandicapRule {
    /// The rank difference, no bar, no correction, at most nine stones.
    fn default() -> HandicapRule {
        HandicapRule {
            basis: HandicapBasis::Rank,
            bar: None,
            correction: 0,
            ceiling: 9,
        }
    }
}

impl HandicapRule {
    /// The rule a new event of `system` starts with ([`crate::Settings::defaults_for`]): for
    /// McMahon the [`Default`] with the McMahon bar as its bar, so players at or above the
    /// bar play even games among themselves (OpenGotha's "no handicap above" threshold; a
    /// McMahon director expects a 5段 and a 7段 above a 3段 bar to play even); for any other
    /// system the [`Default`] (it plays no handicap games). A director may set another.
    pub fn for_system(system: System) -> HandicapRule {
        match system {
            System::McMahon { bar, .. } => HandicapRule {
                bar: Some(bar),
                ..HandicapRule::default()
            },
            _ => HandicapRule::default(),
        }
    }
}

/// A game's handicap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// The weaker player (lower rank or McMahon score as the basis says, then lower rank),
    /// who takes Black and the stones; `None` when neither is weaker.
    pub weaker: Option<PlayerId>,
    /// The stones proposed: 0 (an even game) or 2 to 9.
    pub stones: u32,
}

/// The handicap the event's rule proposes for `a` against `b` in round `round` (the McMahon
/// scores are those at the start of the round). Only a McMahon event plays handicap games;
/// for any other system it is an even game with no one weaker.
pub fn proposed(ev: &Event, round: u32, a: PlayerId, b: PlayerId) -> Handicap {
    for_round(ev, round).of(a, b)
}

/// The handicaps of round `round`, the players' values computed once (for a whole pairing).
pub fn for_round(ev: &Event, round: u32) -> RoundHandicaps<'_> {
    let rule = ev.settings().handicap;
    let mcmahon = matches!(ev.system(), System::McMahon { .. });
    // In half grades: a grade is two McMahon points (a win is two as well).
    let values: Vec<i64> = match rule.basis {
        _ if !mcmahon => Vec::new(),
        HandicapBasis::Rank => ev.players().iter().map(|p| 2 * i64::from(p.rank.value())).collect(),
        HandicapBasis::Mms => {
            let before = ev.through_round(round.saturating_sub(1));
            let stats = standings::player_stats(&before);
            (0..ev.players().len())
                .map(|i| standings::mcmahon_base(&before, PlayerId(i)) + i64::from(stats[i].points))
                .collect()
        }
    };
    // The bar on the basis's scale: the rank itself, or the McMahon score a player of the
    // bar's rank starts with.
    let bar = rule.bar.map(|r| match rule.basis {
        HandicapBasis::Rank => 2 * i64::from(r.value()),
        HandicapBasis::Mms => standings::mcmahon_base_of_rank(ev, r),
    });
    RoundHandicaps {
        ev,
        mcmahon,
        values,
        bar,
        rule,
    }
}

/// The handicaps of one round of an event ([`for_round`]).
pub struct RoundHandicaps<'a> {
    ev: &'a Event,
    mcmahon: bool,
    /// Each player's value on the basis's scale, in half grades.
    values: Vec<i64>,
    bar: Option<i64>,
    rule: HandicapRule,
}

impl RoundHandicaps<'_> {
    /// The handicap of `a` against `b`.
    pub fn of(&self, a: PlayerId, b: PlayerId) -> Handicap {
        if !self.mcmahon {
            return Handicap {
                weaker: None,
                stones: 0,
            };
        }
        let (va, vb) = (self.values[a.0], self.values[b.0]);
        let rank = |p: PlayerId| self.ev.player(p).rank;
        let weaker = match va.cmp(&vb).then(rank(a).cmp(&rank(b))) {
            std::cmp::Ordering::Less => Some(a),
            std::cmp::Ordering::Greater => Some(b),
            std::cmp::Ordering::Equal => None,
        };
        let lowered = |v: i64| self.bar.map_or(v, |b| v.min(b));
        let grades = (lowered(va) - lowered(vb)).unsigned_abs() / 2;
        let stones = grades
            .saturating_sub(u64::from(self.rule.correction))
            .min(u64::from(self.rule.ceiling.min(9))) as u32;
        Handicap {
            weaker,
            // Art. 11: a handicap game has two stones or more; one is an even game.
            stones: if stones >= 2 { stones } else { 0 },
        }
    }
}

/// The colours of a director's games ((black, white) pairs) for round `round`, as the
/// pairing gives them: in a McMahon handicap game the weaker player takes Black (Art. 10,
/// 11: the stones are Black's), so a game typed the other way round is turned; every other
/// game keeps the colours given. Used where a director pairs by hand or amends a proposal,
/// so that the round, its tables and sheets and its live games show one colour.
pub fn colours(ev: &Event, round: u32, games: &[(PlayerId, PlayerId)]) -> Vec<(PlayerId, PlayerId)> {
    let handicaps = for_round(ev, round);
    games
        .iter()
        .map(|&(b, w)| {
            let h = handicaps.of(b, w);
            match h.weaker {
                Some(weaker) if h.stones > 0 && weaker == w => (w, b),
                _ => (b, w),
            }
        })
        .collect()
}
